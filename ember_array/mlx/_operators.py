"""Deferral of ``mx.array``'s binary operators to operands they do not know.

Wrapper classes (masked, unit, labelled arrays) rely on Python's operator protocol: an operator
that does not know its other operand returns ``NotImplemented``, so Python calls the other
operand's reflected method. mlx's operators raise ``ValueError`` ("Cannot perform addition on
an mlx.core.array and W") and ``==`` answers ``False``; after :func:`ember_array.mlx.install`
they defer, with numpy's rules for ``__array_ufunc__`` and ``__array_priority__``.
"""

from __future__ import annotations

from typing import Any

import mlx.core as mx
import numpy as np

from .._backends import backend_of_type
from .._boundary import UNCLEAN, translate, translates_errors

__all__ = [
    "CONVERTED",
    "DEFERRING",
    "OPERANDS",
    "defers",
    "deferring",
    "foreign",
    "float_operand",
]

#: Operand types mlx's operators take as they are: the fast path skips the deferral check.
OPERANDS = frozenset({mx.array, bool, int, float, complex})
#: Operand types mlx's operators convert: a native error with one of them is the result.
CONVERTED = (mx.array, np.ndarray, np.generic, bool, int, float, complex)
_ABSENT: Any = object()


def defers(other: Any) -> bool:
    """Whether an operator of ``mx.array`` returns ``NotImplemented`` for ``other`` before
    trying it: numpy's rule for ``ndarray`` (``binop_should_defer``), read for a library
    without ufuncs. An operand of a class that says it handles the operation itself gets its
    reflected method called: ``__array_ufunc__`` set (None, NEP 13, or a method: numpy would
    hand the operation to it, mlx has no ufunc to hand), an ``__array_priority__`` above
    ``ndarray``'s, or ``__array_namespace__`` (an array-API wrapper: a masked, unit or
    labelled array). mlx converts such objects through ``__dlpack__`` or the buffer protocol
    and drops the wrapper (a masked array's mask). The arrays of the libraries ember knows
    (torch tensors) are converted as before. Unlike numpy (which raises ``TypeError`` there),
    the in-place operators defer too, as torch's do: ``x += w`` becomes ``x = w.__radd__(x)``.
    """
    cls = type(other)
    if cls in OPERANDS or isinstance(other, CONVERTED):
        return False
    ufunc = getattr(cls, "__array_ufunc__", _ABSENT)
    if ufunc is None:
        return True
    if backend_of_type(cls) is not None:
        return False
    if ufunc is not _ABSENT or hasattr(cls, "__array_namespace__"):
        return True
    priority = getattr(cls, "__array_priority__", 0.0)
    return isinstance(priority, (int, float)) and priority > 0.0


def foreign(other: Any) -> bool:
    """An operand mlx's operators do not convert (they raise ``ValueError`` "Cannot perform
    addition on an mlx.core.array and W"): the operator returns ``NotImplemented``, so Python
    calls the other operand's reflected method, or raises its own ``TypeError`` naming both
    types, as for numpy arrays and torch tensors."""
    return not isinstance(other, CONVERTED)


def deferring(name: str, saved: dict[tuple[type, str], Any]) -> Any:
    """mlx's own operator ``name``, returning ``NotImplemented`` for an operand it does not know
    (:func:`defers` before the call, :func:`foreign` once mlx has refused it), with its other
    errors translated here (``std::bad_cast`` for an int out of range: a ``TypeError``).

    mlx: the operators of ``mx.array`` raise ``ValueError`` for an unknown operand instead of
    returning ``NotImplemented``, and ``==``/``!=`` answer ``False``; no upstream issue found.
    The check on the fast path is one set membership of the operand's type (~30 ns).
    """
    key = (mx.array, name)

    def method(self: mx.array, other: Any) -> Any:
        if type(other) not in OPERANDS and defers(other):
            return NotImplemented
        try:
            return saved[key](self, other)
        except (TypeError, ValueError):
            if foreign(other):
                return NotImplemented
            raise
        except UNCLEAN as e:
            retry = float_operand(self, other)
            if retry is not None:
                return saved[key](self, retry)
            raise translate(e, name, "mlx", (self, other)) from e

    method.__name__ = name
    return translates_errors(method)


#: mlx's own binary operators that only need to defer (the others are replaced below)
DEFERRING = (
    "__floordiv__",
    "__rfloordiv__",
    "__lt__",
    "__le__",
    "__gt__",
    "__ge__",
    "__eq__",
    "__ne__",
    "__and__",
    "__or__",
    "__xor__",
)


def float_operand(x: mx.array, other: Any) -> float | None:
    """A Python int beyond int64 with a floating array, as the float numpy reads it (None for
    anything else). Called once mlx has refused the operands: it converts every Python int
    to int64 first and raises ``RuntimeError: std::bad_cast`` (``float32_x < 2**70``), where
    numpy (NEP 50: a Python int takes the array's floating dtype) compares and computes."""
    if type(other) is int and mx.issubdtype(x.dtype, mx.floating):
        return float(other)
    return None

"""Checks of Python-scalar arguments, written once.

Native functions coerce what the standard does not allow: numpy turns ``full(2, "1")`` into a
string array and ``repeat(x, "1")``/``roll(x, "1")``/``clip(x, "1")`` into numbers, torch
reads ``isdtype(dt, 1)`` as a kind. Each check raises ``TypeError`` naming the function, the
backend and what was given.
"""

from __future__ import annotations

import builtins
from numbers import Integral, Number
from typing import Any

from .._markers import wraps_native

__all__ = [
    "check_bound",
    "check_fill",
    "check_int_or_array",
    "check_int_or_ints",
    "diagonal_offset",
    "triangle",
    "int_truthy",
    "truthy",
]


_PY_SCALARS = frozenset({bool, int, float, complex})


def _got(value: Any) -> str:
    return f"got {type(value).__module__}.{type(value).__qualname__}"


def check_fill(func: str, backend: str, value: Any) -> None:
    """``fill_value``: a Python (or numpy) scalar, never a string or another object."""
    # exact Python types first: isinstance against the numbers ABCs costs ~0.3 µs
    if type(value) in _PY_SCALARS:
        return
    if not isinstance(value, Number):
        raise TypeError(
            f"{func}() [{backend}]: fill_value must be a bool, int, float or complex, "
            + _got(value)
        )


def check_bound(func: str, backend: str, name: str, value: Any, is_array: Any) -> None:
    """``min``/``max`` of clip: None, a real number or an array of the backend."""
    if value is None or is_array(value):
        return
    if isinstance(value, complex) or not isinstance(value, Number):
        raise TypeError(
            f"{func}() [{backend}]: {name} must be None, an int, a float or an array, "
            + _got(value)
        )


def check_int_or_array(func: str, backend: str, name: str, value: Any, is_array: Any) -> None:
    """An int (not a bool) or an array of the backend (``repeat``'s ``repeats``)."""
    if type(value) is int or is_array(value):
        return
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise TypeError(f"{func}() [{backend}]: {name} must be an int or an array, " + _got(value))


def check_int_or_ints(func: str, backend: str, name: str, value: Any) -> None:
    """An int or a tuple of ints (``roll``'s ``shift``)."""
    items = value if isinstance(value, tuple) else (value,)
    for v in items:
        if isinstance(v, bool) or not isinstance(v, Integral):
            raise TypeError(
                f"{func}() [{backend}]: {name} must be an int or a tuple of ints, " + _got(value)
            )


def truthy(**flags: Any) -> dict[str, bool] | None:
    """Boolean keywords given another value (``keepdims=1``, ``descending="yes"``), as bools;
    None when every one is a bool already (the backend refused something else).

    Called only once a backend has raised ``TypeError``: torch and mlx refuse a non-bool where
    numpy and dask read the value's truth, so the refusing backend retries with the truth and
    every backend gives the same result, at no cost to a call given bools.
    """
    if all(type(v) is bool for v in flags.values()):
        return None
    return {k: bool(v) for k, v in flags.items()}


def int_truthy(**flags: Any) -> dict[str, bool] | None:
    """:func:`truthy` of int values only (``keepdims=1``): numpy's ufunc reductions (``sum``,
    ``max``...) take an int for a bool and refuse ``1.5``, ``"yes"`` and None, as torch and mlx
    do; None when any value is not an int or all are bools."""
    if any(type(v) not in (bool, int) for v in flags.values()):
        return None
    return truthy(**flags)


def diagonal_offset(k: Any, rows: int, cols: int) -> int | None:
    """``tril``/``triu``'s ``k`` as numpy reads it, for a backend that refused it: a bool is an
    int, and an int up to 2**63 beyond the matrix is clamped to ``[-rows, cols]`` (the same
    triangle); None for an int already in that range or anything else (a float stays refused:
    numpy's triangle of ``k=1.5`` is no triangle; beyond 2**63 numpy overflows too)."""
    if not isinstance(k, int) or not -(1 << 63) <= k <= 1 << 63:
        return None
    clamped = builtins.min(builtins.max(int(k), -rows), cols)
    return None if type(k) is int and clamped == k else clamped


def triangle(call: Any, name: str, refusals: tuple[type[Exception], ...]) -> Any:
    """``tril``/``triu`` over ``call(x, k)``; a ``k`` the backend refuses with one of
    ``refusals`` is read as numpy reads it (:func:`diagonal_offset`), only once it has refused."""

    def tri(x: Any, /, *, k: int = 0) -> Any:
        try:
            return call(x, k)
        except refusals:
            offset = diagonal_offset(k, *x.shape[-2:]) if getattr(x, "ndim", 0) >= 2 else None
            if offset is None:
                raise
            return call(x, offset)

    tri.__name__ = tri.__qualname__ = name
    tri.__doc__ = f"The {'lower' if name == 'tril' else 'upper'} triangle of the last two axes."
    return wraps_native()(tri)

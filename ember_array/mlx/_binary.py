"""The shared wrappers of mlx's binary (and domain-checked unary) functions: the error
boundary in the function's own frame (a ``guard`` wrapper would cost ~0.15 us a call), the
standard's refusals where mlx computes something else (complex128 promotions, bool subtraction,
complex floors, dtypes outside a function's domain), and numpy's reading of Python ints beyond
int64, of bools with Python ints and of integers under a float64 default (see ``_operators``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import mlx.core as mx

from .._boundary import UNCLEAN, translate, translates_errors
from .._markers import wraps_native
from ._defaults import DEFAULTS, floating
from ._operators import (
    BOOLS,
    COMPLEX_DTYPES,
    bool_int8,
    dtype_refusal,
    int_with_bool,
    negative_exponents,
    refuse_bool_subtract,
    refuse_complex128,
    wide_ints,
)

__all__ = [
    "BOOLS",
    "COMPLEX_DTYPES",
    "complex_checked",
    "complex_checked_compare",
    "in_domain",
    "refuse_complex128",
    "refused_dtype",
    "wide_int_function",
]


#: The dtypes each function is defined for, where mlx refuses others with a ValueError that
#: names neither the backend nor the kind ("[ceil] Not supported for complex64")
_DOMAINS = {
    "atan2": "real floating-point",
    "ceil": "real numeric",
    "floor": "real numeric",
    "negative": "numeric",
    "remainder": "real numeric",
    "trunc": "real numeric",
}


def refused_dtype(
    e: ValueError, name: str, args: tuple[Any, ...], called: str | None = None
) -> TypeError | None:
    """The standard's ``TypeError`` for mlx's ``ValueError`` refusing a dtype outside
    ``name``'s domain ("Not supported for complex64", "Complex type not supported"), naming the
    function (``called`` where an operator was: ``__mod__``), the backend and the dtypes; None
    for another ValueError (a shape mismatch)."""
    if "not supported" not in str(e).lower() or name not in _DOMAINS:
        return None
    return dtype_refusal(called or name, _DOMAINS[name], args, f" (mlx: {e})")


def in_domain(native: Callable[..., mx.array], name: str) -> Callable[..., mx.array]:
    """``native`` (a unary function), with mlx's refusal of a dtype outside ``name``'s domain
    raised as :func:`refused_dtype`'s ``TypeError``."""

    def checked(x: Any, /) -> mx.array:
        try:
            return native(x)
        except ValueError as e:
            refused = refused_dtype(e, name, (x,))
            if refused is None:
                raise
            raise refused from e

    checked.__name__ = checked.__qualname__ = name
    checked.__doc__ = f"``mx.{native.__name__}``, refusing dtypes outside its domain (see above)."
    return translates_errors(wraps_native()(checked))


def complex_checked(
    native: Callable[..., mx.array],
    name: str,
    floating_result: bool = False,
    int8_for_bools: bool = False,
) -> Callable[..., mx.array]:
    """``native`` for a binary function that accepts complex operands.

    mlx promotes float64 with complex64 to complex64 (it has no complex128): a silent downcast
    of the float64 operand, refused here with ``TypeError``. Only complex results are checked.
    ``floating_result`` (``divide``): integer operands become the default real floating dtype
    first where that is float64 (:func:`._defaults.floating`). A bool array with a Python int
    computes in int64 (:func:`._operators.int_with_bool`); ``int8_for_bools`` (``pow``): two
    bools give int8, numpy's dtype (:func:`._operators.bool_int8`).
    """

    bool_refused = name == "subtract"

    def checked(x1: Any, x2: Any, /) -> mx.array:
        if floating_result and DEFAULTS.ints_to is not None:
            x1, x2 = floating(x1), floating(x2)
        if type(x1) is int or type(x2) is int:
            x1, x2 = int_with_bool(x1, x2)
        try:
            out = native(x1, x2)
        except UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
            retry = wide_ints(name, x1, x2)
            if retry is None:
                raise translate(e, name, "mlx", (x1, x2)) from e
            out = native(*retry)
        if int8_for_bools:  # pow
            if out.dtype in BOOLS:
                out = native(*bool_int8(x1, x2))
            out = negative_exponents(x1, x2, out)
        if bool_refused:
            refuse_bool_subtract(name, out, x1, x2)
        if out.dtype in COMPLEX_DTYPES:
            refuse_complex128(name, x1, x2)
        return out

    checked.__name__ = checked.__qualname__ = name
    checked.__doc__ = f"``mx.{native.__name__}``, refusing float64 with complex64 (see above)."
    return translates_errors(wraps_native()(checked))


def complex_checked_compare(native: Callable[..., mx.array], name: str) -> Callable[..., mx.array]:
    """:func:`complex_checked` for comparisons, whose result is bool: checks the operands."""

    def checked(x1: Any, x2: Any, /) -> mx.array:
        if (
            getattr(x1, "dtype", None) in COMPLEX_DTYPES
            or getattr(x2, "dtype", None) in COMPLEX_DTYPES
            or isinstance(x1, complex)
            or isinstance(x2, complex)
        ):
            refuse_complex128(name, x1, x2)
        try:
            return native(x1, x2)
        except UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
            retry = wide_ints(name, x1, x2)
            if retry is None:
                raise translate(e, name, "mlx", (x1, x2)) from e
            return native(*retry)

    checked.__name__ = checked.__qualname__ = name
    checked.__doc__ = f"``mx.{native.__name__}``, refusing float64 with complex64 (see above)."
    return translates_errors(wraps_native()(checked))


def wide_int_function(
    native: Callable[..., mx.array],
    name: str,
    floating_result: bool = False,
    arithmetic: bool = False,
) -> Callable[..., mx.array]:
    """``native``, a binary function taking Python scalars, with a Python int beyond int64
    read as numpy reads it (:func:`._operators.wide_ints`) once mlx has refused it (raw
    ``RuntimeError: std::bad_cast``), and its other errors translated. ``floating_result``:
    as :func:`complex_checked`'s; ``arithmetic`` (``floor_divide``): bools as its
    ``int8_for_bools``, and a bool array with a Python int in int64."""

    def wide(x1: Any, x2: Any, /) -> mx.array:
        if floating_result and DEFAULTS.ints_to is not None:
            x1, x2 = floating(x1), floating(x2)
        if arithmetic and (type(x1) is int or type(x2) is int):
            x1, x2 = int_with_bool(x1, x2)
        try:
            out = native(x1, x2)
            if arithmetic:
                if out.dtype in BOOLS:
                    return native(*bool_int8(x1, x2))  # two bools: int8, as numpy
                if out.dtype in COMPLEX_DTYPES:  # mlx floors complex; the standard: real only
                    raise dtype_refusal(name, "real numeric", (x1, x2))
            return out
        except ValueError as e:
            refused = refused_dtype(e, name, (x1, x2))
            if refused is None:
                raise
            raise refused from e
        except UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
            retry = wide_ints(name, x1, x2)
            if retry is None:
                raise translate(e, name, "mlx", (x1, x2)) from e
            return native(*retry)

    wide.__name__ = wide.__qualname__ = name
    wide.__doc__ = f"``mx.{native.__name__}``, reading a Python int beyond int64 as numpy does."
    return translates_errors(wraps_native()(wide))

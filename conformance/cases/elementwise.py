"""Element-wise functions: unary, binary, comparisons, bitwise, rounding, ``clip``.

Tolerances: integer/bool results and the correctly rounded IEEE operations (``+ - * /``,
``sqrt``, rounding, comparisons, ``nextafter``, ``copysign``) are exact; transcendental
functions allow :data:`TRANSCENDENTAL` ULPs (:data:`COMPLEX_TRANSCENDENTAL` on the modulus of
the error for complex ones).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from .._compare import EXACT, Tol, assert_close, report
from .._strategies import (
    ALL,
    BOOL,
    COMPLEX,
    FLOAT,
    INT,
    NUMERIC,
    REAL,
    REAL_FLOAT,
    SHAPES,
    SIGNED,
    UNSIGNED,
    array,
    elements,
)
from ._registry import Call, add_case, case
from ._shared import int_half

#: ULPs allowed for transcendental functions (libm implementations differ by a few).
TRANSCENDENTAL = Tol(ulps=4)
#: ULPs allowed for complex transcendental functions, on the modulus of the error.
COMPLEX_TRANSCENDENTAL = Tol(ulps=8)


def by_kind(real: Tol, cplx: Tol) -> Callable[[str], Tol]:
    """Tolerance picking between real and complex dtypes."""
    return lambda dtype: cplx if dtype in COMPLEX else real


def _unary(**bounds: Any) -> Callable[[st.DrawFn, str], Call]:
    def draw(d: st.DrawFn, dtype: str) -> Call:
        return Call((array(d, dtype, d(SHAPES), **_bounds(bounds, dtype)),))

    return draw


def _bounds(bounds: dict[str, Any], dtype: str) -> dict[str, Any]:
    """Per-dtype bounds: a callable value is called with the dtype."""
    return {k: (v(dtype) if callable(v) else v) for k, v in bounds.items()}


def _binary(
    first: dict[str, Any] | None = None, second: dict[str, Any] | None = None
) -> Callable[[st.DrawFn, str], Call]:
    def draw(d: st.DrawFn, dtype: str) -> Call:
        shapes = d(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=4))
        x1 = array(d, dtype, shapes.input_shapes[0], **_bounds(first or {}, dtype))
        x2 = array(d, dtype, shapes.input_shapes[1], **_bounds(second or {}, dtype))
        return Call((x1, x2))

    return draw


def _int_sqrt(dtype: str) -> float | None:
    return math.isqrt(int(np.iinfo(dtype).max)) if dtype in INT else None


def _neg_int_sqrt(dtype: str) -> float | None:
    r = _int_sqrt(dtype)
    return None if r is None else -r


def _not_int_min(dtype: str) -> float | None:
    """-x and abs(x) overflow at the signed minimum (implementation-defined)."""
    return np.iinfo(dtype).min + 1 if dtype in SIGNED else None


def _complex_small(dtype: str) -> float | None:
    """Keep complex exponentials finite (a NaN part makes the other's sign unspecified)."""
    return 20.0 if dtype in COMPLEX else None


EXACT_UNARY = {
    "abs": (NUMERIC, {"lo": _not_int_min}, by_kind(EXACT, Tol(ulps=2))),
    "ceil": (REAL, {}, EXACT),
    "conj": (NUMERIC, {}, EXACT),
    "floor": (REAL, {}, EXACT),
    "imag": (COMPLEX, {}, EXACT),
    "isfinite": (NUMERIC, {}, EXACT),
    "isinf": (NUMERIC, {}, EXACT),
    "isnan": (NUMERIC, {}, EXACT),
    "logical_not": (BOOL, {}, EXACT),
    "bitwise_invert": (BOOL + INT, {}, EXACT),
    "negative": (NUMERIC, {"lo": _not_int_min}, EXACT),
    "positive": (NUMERIC, {}, EXACT),
    "real": (NUMERIC, {}, EXACT),
    "round": (NUMERIC, {}, EXACT),
    "sign": (NUMERIC, {}, by_kind(EXACT, Tol(ulps=4))),
    "signbit": (REAL_FLOAT, {}, EXACT),
    "sqrt": (FLOAT, {}, by_kind(EXACT, COMPLEX_TRANSCENDENTAL)),
    "square": (NUMERIC, {"lo": _neg_int_sqrt, "hi": _int_sqrt}, by_kind(EXACT, Tol(ulps=2))),
    "trunc": (REAL, {}, EXACT),
    "reciprocal": (FLOAT, {}, by_kind(EXACT, Tol(ulps=2))),
}


def _sign_oracle(ref: Any, call: Call) -> Any:
    """Complex ``sign`` is ``z / |z|``; array-api-strict (numpy 2.4) gives ``nan-infj`` when
    ``|z|`` is subnormal, so complex inputs are scaled by their largest part first."""
    out = ref.to_numpy(ref.call("sign", call.args, call.kwargs))
    z = np.asarray(call.args[0])
    if z.dtype.kind != "c":
        return out
    with np.errstate(all="ignore"):
        peak = np.maximum(np.abs(z.real), np.abs(z.imag))
        safe = np.where(peak == 0, 1, peak)
        re, im = z.real / safe, z.imag / safe  # real divisions: exact scaling
        norm = np.where(peak == 0, 1, np.hypot(re, im))
        unit = np.where(peak == 0, 0, re / norm + 1j * (im / norm))
    return np.asarray(unit.astype(z.dtype))


for _name, (_dtypes, _b, _tol) in EXACT_UNARY.items():
    add_case(
        _name, _dtypes, _unary(**_b), tol=_tol, oracle=_sign_oracle if _name == "sign" else None
    )

TRANSCENDENTAL_UNARY = (
    "acos", "acosh", "asin", "asinh", "atan", "atanh", "cos", "cosh", "exp", "expm1", "log",
    "log1p", "log2", "log10", "sin", "sinh", "tan", "tanh",
)  # fmt: skip
#: Complex ``log1p`` near zero: numpy (and so array-api-strict) computes ``log(1 + z)``, whose
#: real part is 0 for ``|z|`` below the epsilon, where torch and mlx give ``z`` (more accurate);
#: the standard sets no accuracy, so an absolute error of one epsilon is accepted either way.
_LOG1P_COMPLEX = Tol(ulps=8, atol=1)
for _name in TRANSCENDENTAL_UNARY:
    add_case(
        _name,
        FLOAT,
        _unary(hi=_complex_small),
        tol=by_kind(TRANSCENDENTAL, _LOG1P_COMPLEX if _name == "log1p" else COMPLEX_TRANSCENDENTAL),
    )

_COMPARISON = ("equal", "not_equal")
_ORDERED = ("greater", "greater_equal", "less", "less_equal", "maximum", "minimum")
for _name in _COMPARISON:
    add_case(_name, ALL, _binary())
for _name in _ORDERED:
    add_case(_name, REAL, _binary())
for _name in ("logical_and", "logical_or", "logical_xor"):
    add_case(_name, BOOL, _binary())
for _name in ("bitwise_and", "bitwise_or", "bitwise_xor"):
    add_case(_name, BOOL + INT, _binary())


def _binary_b(
    first: Callable[[str], dict[str, Any]], second: Callable[[str], dict[str, Any]]
) -> Callable[[st.DrawFn, str], Call]:
    """A binary draw whose bounds depend on the dtype."""

    def draw(d: st.DrawFn, dtype: str) -> Call:
        return _binary(first(dtype), second(dtype))(d, dtype)

    return draw


def _shift_bound(dtype: str) -> dict[str, Any]:
    """Shift counts in ``[0, bits)`` (negative counts and wider shifts are undefined)."""
    return {"lo": 0, "hi": np.iinfo(dtype).bits - 1}


add_case("bitwise_left_shift", INT, _binary_b(lambda t: {}, _shift_bound))
add_case("bitwise_right_shift", INT, _binary_b(lambda t: {}, _shift_bound))


add_case("add", NUMERIC, _binary_b(int_half, int_half))
add_case(
    "subtract",
    NUMERIC,
    _binary_b(
        lambda t: {"lo": np.iinfo(t).max // 2} if t in UNSIGNED else int_half(t),
        lambda t: {"hi": np.iinfo(t).max // 2} if t in UNSIGNED else int_half(t),
    ),
    note="unsigned results stay non-negative: wrap-around is implementation-defined",
)


def _sqrt_bounds(dtype: str) -> dict[str, Any]:
    r = _int_sqrt(dtype)
    return {} if r is None else {"lo": -r if dtype in SIGNED else 0, "hi": r}


add_case(
    "multiply", NUMERIC, _binary_b(_sqrt_bounds, _sqrt_bounds), tol=by_kind(EXACT, Tol(ulps=4))
)
add_case("divide", FLOAT, _binary(), tol=by_kind(EXACT, Tol(ulps=4)))
for _name in ("atan2", "hypot", "logaddexp"):
    add_case(_name, REAL_FLOAT, _binary(), tol=Tol(ulps=4, signed_zero=_name == "atan2"))
for _name in ("copysign", "nextafter"):
    add_case(_name, REAL_FLOAT, _binary(), tol=Tol(signed_zero=True))


def _nonzero_divisor(dtype: str) -> dict[str, Any]:
    """Integer division by zero is undefined; ``min // -1`` overflows."""
    if dtype in SIGNED:
        return {"lo": 1, "hi": np.iinfo(dtype).max}
    if dtype in UNSIGNED:
        return {"lo": 1}
    return {}


def _dividend(dtype: str) -> dict[str, Any]:
    return {"lo": np.iinfo(dtype).min + 1} if dtype in SIGNED else {}


def _signed_divisor(d: st.DrawFn, dtype: str) -> Call:
    call = _binary(_dividend(dtype), _nonzero_divisor(dtype))(d, dtype)
    if dtype in SIGNED:  # flip some divisors negative: still never zero
        x2 = call.args[1]
        flip = d(hnp.arrays(np.bool_, x2.shape))
        call.args = (call.args[0], np.where(flip, -x2, x2).astype(dtype))
    return call


def _check_floor_divide(actual: Any, expected: Any, call: Call, dtype: str) -> None:
    """Where the standard lets libraries diverge, either documented answer is accepted.

    With an infinite operand, the standard allows ``floor(x1 / x2)`` or Python's pairing with
    ``%`` (``inf // 2`` is inf or NaN, ``1 // -inf`` is -0 or -1); ``floor(x1 / x2)`` also
    gives -0 where a tiny quotient underflows.  Other elements compare exactly.
    """
    if expected.dtype.kind != "f":
        assert_close(actual, expected)
        return
    assert actual.shape == expected.shape, f"shape {actual.shape}, expected {expected.shape}"
    assert actual.dtype == expected.dtype, f"dtype {actual.dtype}, expected {expected.dtype}"
    x1, x2 = np.broadcast_arrays(*call.args)
    with np.errstate(all="ignore"):
        floor_of_quotient = np.floor(np.divide(x1, x2)).astype(expected.dtype)
    ok = (actual == expected) | (actual == floor_of_quotient)
    ok |= np.isnan(actual) & (np.isnan(expected) | (np.isinf(x1) & np.isfinite(x2)))
    assert ok.all(), report(actual, expected, ~ok, "floor_divide")


add_case(
    "floor_divide",
    REAL,
    _signed_divisor,
    check=_check_floor_divide,
    note="integer division by zero is undefined by the standard: divisors are non-zero",
)
add_case("remainder", REAL, _signed_divisor, tol=Tol(ulps=0))


def _pow(d: st.DrawFn, dtype: str) -> Call:
    if dtype in INT:
        # Integer powers overflow quickly and negative exponents are undefined.
        base = {"lo": 0 if dtype in UNSIGNED else -3, "hi": 3}
        return _binary(base, {"lo": 0, "hi": 5})(d, dtype)
    call = _binary({"hi": _complex_small(dtype)}, {"hi": _complex_small(dtype)})(d, dtype)
    if dtype in COMPLEX:
        # The standard defines complex pow as exp(x2 * log(x1)): at x1 = 0 that is NaN, and
        # numpy's 1 for 0 ** 0 is its own choice, so zero bases are left out.
        x1 = call.args[0]
        call.args = (np.where(x1 == 0, 1, x1).astype(dtype), call.args[1])
    return call


add_case("pow", NUMERIC, _pow, tol=by_kind(TRANSCENDENTAL, Tol(ulps=64)))


@case("clip", REAL)
def _clip(d: st.DrawFn, dtype: str) -> Call:
    x = array(d, dtype, d(SHAPES))
    el = elements(dtype, specials=False)
    lo, hi = d(st.one_of(st.none(), el)), d(st.one_of(st.none(), el))
    if lo is not None and hi is not None and lo > hi:
        lo, hi = hi, lo
    if dtype in INT:  # Python ints: keep them in range, as the standard asks
        lo, hi = (None if v is None else int(v) for v in (lo, hi))
    return Call((x,), {"min": lo, "max": hi})

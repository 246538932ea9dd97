"""One case per function of the 2025.12 standard: how to draw its inputs, how to compare.

A :class:`Case` names the function, the dtypes it is checked at (the standard's categories
for that function), a hypothesis draw of its arguments, and the tolerance or a custom check.
``test_oracle.py`` runs every case on every backend against array-api-strict, and
``test_consistency.py`` runs each across the backends.  ``test_coverage.py`` fails when a
standard name has no case.

Tolerances (see ``_compare.Tol``): integer/bool results and the correctly rounded IEEE
operations (``+ - * /``, ``sqrt``, rounding, comparisons, ``nextafter``, ``copysign``) are
exact; transcendental functions allow :data:`TRANSCENDENTAL` ULPs; sums, products, norms and
factorizations allow an absolute error in units of ``eps * magnitude * n``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from ._backends import D
from ._compare import EXACT, Tol, assert_close, report
from ._strategies import (
    ALL,
    BOOL,
    COMPLEX,
    FLOAT,
    INT,
    NONEMPTY,
    NUMERIC,
    REAL,
    REAL_FLOAT,
    SHAPES,
    SIGNED,
    UNSIGNED,
    array,
    axis_for,
    elements,
)

#: ULPs allowed for transcendental functions (libm implementations differ by a few).
TRANSCENDENTAL = Tol(ulps=4)
#: ULPs allowed for complex transcendental functions, on the modulus of the error.
COMPLEX_TRANSCENDENTAL = Tol(ulps=8)


@dataclass
class Call:
    """The arguments of one call, plus the magnitude used for absolute tolerances."""

    args: tuple[Any, ...]
    kwargs: dict[str, Any] = field(default_factory=dict)
    scale: float = 1.0


Check = Callable[[Any, Any, Call, str], None]


@dataclass(frozen=True)
class Case:
    """How one standard function is checked; see the module docstring."""

    name: str
    dtypes: tuple[str, ...]
    draw: Callable[[st.DrawFn, str], Call]
    tol: Tol | Callable[[str], Tol] = EXACT
    check: Check | None = None
    note: str = ""
    #: Replaces the plain oracle call where array-api-strict itself departs from the standard.
    oracle: Callable[[Any, Call], Any] | None = None

    def expected(self, ref: Any, call: Call) -> Any:
        """The oracle's result (read back as numpy) for ``call``; ``ref`` is array-api-strict."""
        if self.oracle is not None:
            return self.oracle(ref, call)
        return ref.to_numpy(ref.call(self.name, call.args, call.kwargs))

    def tolerance(self, dtype: str) -> Tol:
        """The tolerance at ``dtype``."""
        return self.tol(dtype) if callable(self.tol) else self.tol

    def compare(self, actual: Any, expected: Any, call: Call, dtype: str) -> None:
        """Assert the backend's result matches the oracle's."""
        if self.check is not None:
            self.check(actual, expected, call, dtype)
        else:
            assert_close(actual, expected, self.tolerance(dtype), scale=call.scale)


CASES: dict[str, Case] = {}


def case(name: str, dtypes: tuple[str, ...] = ("",), **kw: Any) -> Callable[..., Any]:
    """Register the decorated draw function as the case of ``name``."""

    def deco(draw: Callable[[st.DrawFn, str], Call]) -> Callable[[st.DrawFn, str], Call]:
        assert name not in CASES, name
        CASES[name] = Case(name, dtypes, draw, **kw)
        return draw

    return deco


def add_case(name: str, dtypes: tuple[str, ...], draw: Callable[..., Call], **kw: Any) -> None:
    """Register ``draw`` as the case of ``name`` (for families sharing one draw)."""
    case(name, dtypes, **kw)(draw)


def magnitude(*arrays: np.ndarray) -> float:
    """Sum of finite absolute values of the inputs (floor 1): the scale of a sum's error."""
    total = 1.0
    for a in arrays:
        with np.errstate(all="ignore"):
            v = np.abs(np.asarray(a, dtype=np.complex128))
        total += float(np.sum(v[np.isfinite(v)]))
    return total


def float_tol(exact: Tol, approx: Tol) -> Callable[[str], Tol]:
    """``exact`` for real dtypes, ``approx`` for complex ones."""
    return lambda dtype: approx if dtype in COMPLEX else exact


def by_kind(real: Tol, cplx: Tol) -> Callable[[str], Tol]:
    """Tolerance picking between real and complex dtypes."""
    return lambda dtype: cplx if dtype in COMPLEX else real


# ----------------------------------------------------------------------------- elementwise


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


def _int_half(dtype: str) -> dict[str, Any]:
    """Bounds keeping integer sums in range (overflow is implementation-defined)."""
    if dtype in INT:
        ii = np.iinfo(dtype)
        return {"lo": ii.min // 2, "hi": ii.max // 2}
    return {}


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
for _name in TRANSCENDENTAL_UNARY:
    add_case(
        _name,
        FLOAT,
        _unary(hi=_complex_small),
        tol=by_kind(TRANSCENDENTAL, COMPLEX_TRANSCENDENTAL),
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


add_case("add", NUMERIC, _binary_b(_int_half, _int_half))
add_case(
    "subtract",
    NUMERIC,
    _binary_b(
        lambda t: {"lo": np.iinfo(t).max // 2} if t in UNSIGNED else _int_half(t),
        lambda t: {"hi": np.iinfo(t).max // 2} if t in UNSIGNED else _int_half(t),
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


# ----------------------------------------------------------------------------- creation


def _dtype_or_none(d: st.DrawFn, dtype: str) -> D | None:
    return d(st.sampled_from([D(dtype), None])) if dtype else None


def _shape_only(actual: Any, expected: Any, call: Call, dtype: str) -> None:
    """``empty``/``empty_like``: contents are unspecified; shape and dtype are not."""
    assert actual.shape == expected.shape, f"shape {actual.shape}, expected {expected.shape}"
    assert actual.dtype == expected.dtype, f"dtype {actual.dtype}, expected {expected.dtype}"


@case("arange", INT + REAL_FLOAT)
def _arange(d: st.DrawFn, dtype: str) -> Call:
    lo, hi = (-10, 10) if dtype not in UNSIGNED else (0, 20)
    start = d(st.integers(lo, hi))
    stop = d(st.one_of(st.none(), st.integers(lo, hi)))
    step = d(st.sampled_from([1, 2, 3, -1, -2] if dtype in INT else [1, 2, -1, 0.5, -0.25]))
    if dtype in UNSIGNED and stop is not None and step < 0:
        step = -step
    args: tuple[Any, ...] = (start,) if stop is None else (start, stop, step)
    if dtype in REAL_FLOAT:
        args = tuple(float(a) for a in args)
    return Call(args, {"dtype": D(dtype)})


@case("asarray", ALL)
def _asarray(d: st.DrawFn, dtype: str) -> Call:
    x = array(d, dtype, d(SHAPES))
    obj = d(st.sampled_from(["list", "array"]))
    src: Any = x.tolist() if obj == "list" and x.ndim else x
    return Call((src,), {"dtype": D(dtype)})


@case("empty", ALL, check=_shape_only)
def _empty(d: st.DrawFn, dtype: str) -> Call:
    return Call((d(SHAPES),), {"dtype": D(dtype)})


@case("empty_like", ALL, check=_shape_only)
def _empty_like(d: st.DrawFn, dtype: str) -> Call:
    return Call((array(d, dtype, d(SHAPES)),))


@case("eye", ALL)
def _eye(d: st.DrawFn, dtype: str) -> Call:
    n, m = d(st.integers(0, 5)), d(st.one_of(st.none(), st.integers(0, 5)))
    return Call((n, m), {"k": d(st.integers(-6, 6)), "dtype": D(dtype)})


@case("from_dlpack", ALL)
def _from_dlpack(d: st.DrawFn, dtype: str) -> Call:
    return Call((array(d, dtype, d(SHAPES)),))


def _fill(d: st.DrawFn, dtype: str) -> Any:
    v = d(elements(dtype))
    return bool(v) if dtype == "bool" else int(v) if dtype in INT else v


@case("full", ALL)
def _full(d: st.DrawFn, dtype: str) -> Call:
    return Call((d(SHAPES), _fill(d, dtype)), {"dtype": D(dtype)})


@case("full_like", ALL)
def _full_like(d: st.DrawFn, dtype: str) -> Call:
    return Call((array(d, dtype, d(SHAPES)), _fill(d, dtype)))


@case("linspace", FLOAT, tol=Tol(ulps=4, atol=4))
def _linspace(d: st.DrawFn, dtype: str) -> Call:
    el = elements(dtype, lo=-100, hi=100, specials=False)
    start, stop = d(el), d(el)
    call = Call((start, stop, d(st.integers(0, 9))), {"dtype": D(dtype)})
    call.kwargs["endpoint"] = d(st.booleans())
    call.scale = 2 * max(abs(start), abs(stop), 1.0)
    return call


@case("meshgrid", NUMERIC)
def _meshgrid(d: st.DrawFn, dtype: str) -> Call:
    arrays = [array(d, dtype, (d(st.integers(0, 3)),)) for _ in range(d(st.integers(0, 3)))]
    return Call(tuple(arrays), {"indexing": d(st.sampled_from(["xy", "ij"]))})


for _name in ("ones", "zeros"):

    def _ones(d: st.DrawFn, dtype: str) -> Call:
        return Call((d(SHAPES),), {"dtype": D(dtype)})

    add_case(_name, ALL, _ones)

for _name in ("ones_like", "zeros_like"):

    def _ones_like(d: st.DrawFn, dtype: str) -> Call:
        x = array(d, dtype, d(SHAPES))
        return Call((x,), {"dtype": _dtype_or_none(d, dtype)})

    add_case(_name, ALL, _ones_like)


def _matrices(d: st.DrawFn, dtype: str, **bounds: Any) -> np.ndarray:
    shape = d(hnp.array_shapes(min_dims=2, max_dims=4, min_side=0, max_side=4))
    return array(d, dtype, shape, **bounds)


for _name in ("tril", "triu"):

    def _tri(d: st.DrawFn, dtype: str) -> Call:
        return Call((_matrices(d, dtype),), {"k": d(st.integers(-5, 5))})

    add_case(_name, ALL, _tri)


# ----------------------------------------------------------------------------- data types


def _cast_bounds(src: str, dst: str) -> dict[str, Any]:
    """Values of ``src`` that ``dst`` represents: out-of-range casts are undefined."""
    if dst in INT and src != "bool":
        ii = np.iinfo(dst)
        lo, hi = float(ii.min), float(ii.max)
        if src in REAL_FLOAT:  # stay clear of the rounding at the integer limits
            lo, hi = max(lo, -(2.0**24)), min(hi, 2.0**24)
        return {"lo": lo, "hi": hi, "specials": False} if src not in INT else {"lo": lo, "hi": hi}
    return {}


def _castable(src: str, dst: str) -> bool:
    """The standard's astype domain: complex does not cast to real or bool."""
    return not (src in COMPLEX and dst not in COMPLEX)


@case("astype", ALL)
def _astype(d: st.DrawFn, dtype: str) -> Call:
    dst = d(st.sampled_from([t for t in ALL if _castable(dtype, t)]))
    x = array(d, dtype, d(SHAPES), **_cast_bounds(dtype, dst))
    return Call((x, D(dst)), {"copy": d(st.booleans())})


@case("broadcast_arrays", ALL)
def _broadcast_arrays(d: st.DrawFn, dtype: str) -> Call:
    n = d(st.integers(1, 3))
    shapes = d(hnp.mutually_broadcastable_shapes(num_shapes=n, max_dims=3, max_side=3))
    return Call(tuple(array(d, dtype, s) for s in shapes.input_shapes))


@case("broadcast_shapes")
def _broadcast_shapes(d: st.DrawFn, dtype: str) -> Call:
    n = d(st.integers(0, 3))
    shapes = d(hnp.mutually_broadcastable_shapes(num_shapes=max(n, 1), max_dims=4, max_side=3))
    return Call(tuple(shapes.input_shapes[:n]))


@case("broadcast_to", ALL)
def _broadcast_to(d: st.DrawFn, dtype: str) -> Call:
    shapes = d(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=3))
    return Call((array(d, dtype, shapes.input_shapes[0]), shapes.result_shape))


@case("can_cast", ALL)
def _can_cast(d: st.DrawFn, dtype: str) -> Call:
    src: Any = D(dtype) if d(st.booleans()) else array(d, dtype, (1,))
    return Call((src, D(d(st.sampled_from(ALL)))))


def _info_fields(actual: Any, expected: Any, call: Call, dtype: str) -> None:
    """finfo/iinfo: every field of the standard, exact."""
    assert isinstance(actual, dict), actual
    assert actual.keys() == expected.keys(), f"fields {sorted(actual)}, expected {sorted(expected)}"
    for key in expected:
        a, e = actual[key], expected[key]
        assert type(a) is type(e), f"{key}: got {a!r}, expected {e!r}"
        assert a == e, f"{key}: got {a!r}, expected {e!r}"


@case("finfo", FLOAT, check=_info_fields)
def _finfo(d: st.DrawFn, dtype: str) -> Call:
    return Call((D(dtype) if d(st.booleans()) else array(d, dtype, (2,)),))


@case("iinfo", INT, check=_info_fields)
def _iinfo(d: st.DrawFn, dtype: str) -> Call:
    return Call((D(dtype) if d(st.booleans()) else array(d, dtype, (2,)),))


_KINDS = ("bool", "signed integer", "unsigned integer", "integral", "real floating",
          "complex floating", "numeric")  # fmt: skip


@case("isdtype", ALL)
def _isdtype(d: st.DrawFn, dtype: str) -> Call:
    kind = d(
        st.one_of(
            st.sampled_from(_KINDS),
            st.sampled_from(ALL).map(D),
            st.lists(st.one_of(st.sampled_from(_KINDS), st.sampled_from(ALL).map(D)),
                     min_size=1, max_size=3).map(tuple),
        )
    )  # fmt: skip
    return Call((D(dtype), kind))


def _promotable(*dtypes: str) -> bool:
    import array_api_strict as strict

    try:
        strict.result_type(*(getattr(strict, t) for t in dtypes))
    except TypeError:
        return False
    return True


@case("result_type", ALL)
def _result_type(d: st.DrawFn, dtype: str) -> Call:
    others = d(st.lists(st.sampled_from(ALL), max_size=2))
    others = [o for o in others if _promotable(dtype, o)]
    if not _promotable(dtype, *others):
        others = []
    args: list[Any] = [D(dtype)] + [array(d, o, (1,)) if d(st.booleans()) else D(o) for o in others]
    kind_scalar = {"bool": True, "i": 1, "u": 1, "f": 1.5, "c": 1j}
    if d(st.booleans()):
        k = "bool" if dtype == "bool" else np.dtype(dtype).kind
        args.append(kind_scalar[k])
    return Call(tuple(args))


# ----------------------------------------------------------------------------- manipulation


@case("concat", ALL)
def _concat(d: st.DrawFn, dtype: str) -> Call:
    base = list(d(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=3)))
    axis = d(st.one_of(st.none(), st.integers(-len(base), len(base) - 1)))
    arrays = []
    for _ in range(d(st.integers(1, 3))):
        shape = list(base)
        if axis is not None:
            shape[axis] = d(st.integers(0, 3))
        else:
            shape = list(d(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=3)))
        arrays.append(array(d, dtype, tuple(shape)))
    return Call((arrays,), {"axis": axis})


@case("expand_dims", ALL)
def _expand_dims(d: st.DrawFn, dtype: str) -> Call:
    x = array(d, dtype, d(SHAPES))
    n = d(st.integers(1, 2))
    out = x.ndim + n
    axes = d(st.lists(st.integers(-out, out - 1), min_size=n, max_size=n))
    if len({a % out for a in axes}) < n:
        axes = list(range(n))
    return Call((x,), {"axis": axes[0] if n == 1 else tuple(axes)})


@case("flip", ALL)
def _flip(d: st.DrawFn, dtype: str) -> Call:
    x = array(d, dtype, d(SHAPES))
    return Call((x,), {"axis": axis_for(d, x.ndim, tuples=True)})


@case("moveaxis", ALL)
def _moveaxis(d: st.DrawFn, dtype: str) -> Call:
    x = array(d, dtype, d(hnp.array_shapes(min_dims=1, max_dims=4, max_side=3)))
    k = d(st.integers(1, x.ndim))
    src = d(st.permutations(range(x.ndim)))[:k]
    dst = d(st.permutations(range(-x.ndim, 0)))[:k]
    if k == 1 and d(st.booleans()):
        return Call((x, src[0], dst[0]))
    return Call((x, tuple(src), tuple(dst)))


@case("permute_dims", ALL)
def _permute_dims(d: st.DrawFn, dtype: str) -> Call:
    x = array(d, dtype, d(SHAPES))
    return Call((x, tuple(d(st.permutations(range(x.ndim))))))


@case("repeat", ALL)
def _repeat(d: st.DrawFn, dtype: str) -> Call:
    x = array(d, dtype, d(SHAPES))
    axis = axis_for(d, x.ndim, none=True) if x.ndim else None
    n = x.size if axis is None else x.shape[axis]
    if d(st.booleans()):
        repeats: Any = d(st.integers(0, 3))
    else:
        repeats = d(hnp.arrays(np.int64, (n,), elements=st.integers(0, 3)))
        if n != 1 and d(st.booleans()):
            repeats = d(hnp.arrays(np.int64, (1,), elements=st.integers(0, 3)))
    return Call((x, repeats), {"axis": axis})


def _factor_shape(d: st.DrawFn, size: int) -> tuple[int, ...]:
    """A random shape holding ``size`` elements, maybe with a ``-1``."""
    if size == 0:
        return d(st.sampled_from([(0,), (2, 0), (0, 3), (-1,)]))
    dims: list[int] = []
    rest = size
    for f in range(2, rest + 1):
        while rest % f == 0 and d(st.booleans()):
            dims.append(f)
            rest //= f
    dims.append(rest)
    dims = d(st.permutations(dims))
    if len(dims) > 1 and d(st.booleans()):
        dims[d(st.integers(0, len(dims) - 1))] = -1
    if d(st.booleans()):
        dims.insert(0, 1)
    return tuple(dims)


@case("reshape", ALL)
def _reshape(d: st.DrawFn, dtype: str) -> Call:
    x = array(d, dtype, d(SHAPES))
    return Call((x, _factor_shape(d, x.size)))


@case("roll", ALL)
def _roll(d: st.DrawFn, dtype: str) -> Call:
    x = array(d, dtype, d(SHAPES))
    if x.ndim == 0 or d(st.booleans()):
        return Call((x, d(st.integers(-6, 6))), {"axis": None})
    axes = tuple(d(st.lists(st.integers(-x.ndim, x.ndim - 1), min_size=1, max_size=x.ndim)))
    shifts = tuple(d(st.integers(-6, 6)) for _ in axes)
    if len(axes) == 1 and d(st.booleans()):
        return Call((x, shifts[0]), {"axis": axes[0]})
    return Call((x, shifts), {"axis": axes})


@case("squeeze", ALL)
def _squeeze(d: st.DrawFn, dtype: str) -> Call:
    shape = list(d(SHAPES))
    ones = d(st.lists(st.integers(0, len(shape)), min_size=1, max_size=2))
    for i in sorted(ones):
        shape.insert(i, 1)
    x = array(d, dtype, tuple(shape))
    axes = [i for i, s in enumerate(shape) if s == 1]
    pick = d(st.lists(st.sampled_from(axes), min_size=1, max_size=len(axes), unique=True))
    return Call((x,), {"axis": pick[0] if len(pick) == 1 else tuple(pick)})


@case("stack", ALL)
def _stack(d: st.DrawFn, dtype: str) -> Call:
    shape = d(SHAPES)
    arrays = [array(d, dtype, shape) for _ in range(d(st.integers(1, 3)))]
    return Call((arrays,), {"axis": d(st.integers(-len(shape) - 1, len(shape)))})


@case("tile", ALL)
def _tile(d: st.DrawFn, dtype: str) -> Call:
    x = array(d, dtype, d(SHAPES))
    return Call((x, tuple(d(st.lists(st.integers(0, 3), max_size=4)))))


@case("unstack", ALL)
def _unstack(d: st.DrawFn, dtype: str) -> Call:
    x = array(d, dtype, d(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=3)))
    return Call((x,), {"axis": d(st.integers(-x.ndim, x.ndim - 1))})


# ----------------------------------------------------------------------------- searching


def _reduce_args(d: st.DrawFn, x: np.ndarray, *, tuples: bool = True) -> dict[str, Any]:
    return {"axis": axis_for(d, x.ndim, tuples=tuples), "keepdims": d(st.booleans())}


def _nonempty_along(d: st.DrawFn, dtype: str, **bounds: Any) -> tuple[np.ndarray, Any]:
    """An array and an axis (int or None) along which it is not empty."""
    x = array(d, dtype, d(NONEMPTY), **bounds)
    return x, axis_for(d, x.ndim, tuples=False)


for _name in ("argmax", "argmin"):

    def _argmax(d: st.DrawFn, dtype: str) -> Call:
        x, axis = _nonempty_along(d, dtype, specials=False)
        return Call((x,), {"axis": axis, "keepdims": d(st.booleans())})

    add_case(_name, REAL, _argmax, note="NaN is not drawn: the standard leaves argmax(NaN) open")


@case("count_nonzero", ALL)
def _count_nonzero(d: st.DrawFn, dtype: str) -> Call:
    x = array(d, dtype, d(SHAPES))
    return Call((x,), _reduce_args(d, x))


@case("nonzero", ALL)
def _nonzero(d: st.DrawFn, dtype: str) -> Call:
    return Call((array(d, dtype, d(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0))),))


@case("searchsorted", REAL)
def _searchsorted(d: st.DrawFn, dtype: str) -> Call:
    x1 = np.sort(array(d, dtype, (d(st.integers(0, 6)),), specials=False))
    x2: Any = array(d, dtype, d(SHAPES), specials=False)
    kwargs: dict[str, Any] = {"side": d(st.sampled_from(["left", "right"]))}
    if d(st.booleans()):  # unsorted x1 with a sorter
        perm = np.asarray(d(st.permutations(range(x1.size))), dtype=np.int64)
        inverse = np.empty_like(perm)
        inverse[perm] = np.arange(perm.size)
        x1, kwargs["sorter"] = x1[inverse], np.argsort(x1[inverse], stable=True)
    return Call((x1, x2), kwargs)


@case("where", ALL)
def _where(d: st.DrawFn, dtype: str) -> Call:
    shapes = d(hnp.mutually_broadcastable_shapes(num_shapes=3, max_dims=3, max_side=3))
    s0, s1, s2 = shapes.input_shapes
    return Call((array(d, "bool", s0), array(d, dtype, s1), array(d, dtype, s2)))


# ----------------------------------------------------------------------------- set


def _isin_oracle(ref: Any, call: Call) -> Any:
    """array-api-strict 2.6.1's ``isin`` ignores ``invert``: invert its plain answer."""
    out = ref.to_numpy(ref.call("isin", call.args, {}))
    return np.asarray(~out) if call.kwargs.get("invert") else out


@case("isin", INT, oracle=_isin_oracle)
def _isin(d: st.DrawFn, dtype: str) -> Call:
    x1 = array(d, dtype, d(SHAPES), lo=-5, hi=5)
    x2 = array(d, dtype, d(SHAPES), lo=-5, hi=5)
    return Call((x1, x2), {"invert": d(st.booleans())})


def _sorted_values(v: np.ndarray) -> np.ndarray:
    return np.sort(v.ravel())


def _unique_values_check(actual: Any, expected: Any, call: Call, dtype: str) -> None:
    """Order is unspecified: compare the sorted values (NaNs are distinct, so all kept)."""
    assert_close(_sorted_values(actual), _sorted_values(expected))
    assert actual.ndim == 1


def _unique_full_check(actual: Any, expected: Any, call: Call, dtype: str) -> None:
    """Order is unspecified: check each field against the input, then the values as sets."""
    x = np.asarray(call.args[0])
    assert actual._fields == expected._fields, actual._fields
    got = actual._asdict()
    values = got["values"]
    assert_close(_sorted_values(values), _sorted_values(expected.values))
    for key, ref in expected._asdict().items():
        assert got[key].dtype == ref.dtype, f"{key}: dtype {got[key].dtype}, expected {ref.dtype}"
    if "indices" in got:
        assert_close(x.ravel()[got["indices"]], values)
    if "inverse_indices" in got:
        assert got["inverse_indices"].shape == x.shape
        assert_close(values[got["inverse_indices"]], x)
    if "counts" in got:
        ref = dict(zip(expected.values.tolist(), expected.counts.tolist(), strict=True))
        mine = dict(zip(values.tolist(), got["counts"].tolist(), strict=True))
        finite = {k: v for k, v in ref.items() if k == k}
        assert {k: v for k, v in mine.items() if k == k} == finite
        assert sum(got["counts"].tolist()) == x.size


def _unique_draw(d: st.DrawFn, dtype: str) -> Call:
    return Call((array(d, dtype, d(SHAPES), lo=-3, hi=3),))


add_case("unique_values", REAL + BOOL, _unique_draw, check=_unique_values_check)
for _name in ("unique_all", "unique_counts", "unique_inverse"):
    add_case(_name, REAL + BOOL, _unique_draw, check=_unique_full_check)


# ----------------------------------------------------------------------------- sorting


for _name in ("argsort", "sort"):

    def _sort(d: st.DrawFn, dtype: str) -> Call:
        x = array(d, dtype, d(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0)), lo=-4, hi=4)
        return Call(
            (x,), {"axis": d(st.integers(-x.ndim, x.ndim - 1)), "descending": d(st.booleans())}
        )

    add_case(_name, REAL, _sort, note="default stable=True: ties are ordered, so exact")


# ----------------------------------------------------------------------------- statistical


def _summable(dtype: str) -> dict[str, Any]:
    return {"lo": -100, "hi": 100} if dtype in INT or dtype in COMPLEX else {"lo": -1e3, "hi": 1e3}


def _prod_bounds(dtype: str) -> dict[str, Any]:
    """Up to 64 factors: integers in [-1, 1] cannot overflow, floats in [-2, 2] cannot.

    No specials: whether ``tiny * tiny * inf`` is NaN or inf depends on the accumulation
    precision (torch multiplies float32 in float64), which the standard leaves open.
    """
    return {"lo": -1, "hi": 1} if dtype in INT else {"lo": -2, "hi": 2, "specials": False}


def _sum_dtype(d: st.DrawFn, dtype: str) -> D | None:
    """``dtype=None`` (the default rule) or the widest dtype of the same kind."""
    wide = {"i": "int64", "u": "uint64", "f": "float64", "c": "complex128"}
    return d(st.sampled_from([None, D(wide[np.dtype(dtype).kind])]))


for _name in ("sum", "prod"):

    def _sum(d: st.DrawFn, dtype: str, _name: str = _name) -> Call:
        bounds = _summable(dtype) if _name == "sum" else _prod_bounds(dtype)
        x = array(d, dtype, d(SHAPES), **bounds)
        kwargs = _reduce_args(d, x) | {"dtype": _sum_dtype(d, dtype)}
        return Call((x,), kwargs, scale=magnitude(x) if _name == "sum" else 1.0)

    add_case(
        _name,
        NUMERIC,
        _sum,
        tol=Tol(ulps=16, atol=16),
        note="floats: an absolute error of 16 eps * sum|x| (summation order is free)",
    )

for _name in ("max", "min"):

    def _max(d: st.DrawFn, dtype: str) -> Call:
        x, axis = _nonempty_along(d, dtype)
        return Call((x,), {"axis": axis, "keepdims": d(st.booleans())})

    add_case(_name, REAL, _max)


@case("mean", FLOAT, tol=Tol(ulps=16, atol=16))
def _mean(d: st.DrawFn, dtype: str) -> Call:
    x, axis = _nonempty_along(d, dtype, **_summable(dtype))
    return Call((x,), {"axis": axis, "keepdims": d(st.booleans())}, scale=magnitude(x))


for _name in ("std", "var"):

    def _var(d: st.DrawFn, dtype: str) -> Call:
        x = array(d, dtype, d(hnp.array_shapes(min_dims=1, max_dims=3, min_side=3)), lo=-100,
                  hi=100, specials=False)  # fmt: skip
        kwargs = _reduce_args(d, x, tuples=False) | {"correction": d(st.sampled_from([0, 1, 0.5]))}
        return Call((x,), kwargs, scale=float(np.sum(np.square(x.astype(np.float64)))) + 1)

    add_case(_name, REAL_FLOAT, _var, tol=Tol(ulps=16, atol=64))


for _name in ("cumulative_sum", "cumulative_prod"):

    def _cumulative(d: st.DrawFn, dtype: str, _name: str = _name) -> Call:
        bounds = _summable(dtype) if _name == "cumulative_sum" else _prod_bounds(dtype)
        x = array(d, dtype, d(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0)), **bounds)
        kwargs: dict[str, Any] = {"include_initial": d(st.booleans())}
        if x.ndim != 1 or d(st.booleans()):
            kwargs["axis"] = d(st.integers(-x.ndim, x.ndim - 1))
        kwargs["dtype"] = _sum_dtype(d, dtype)
        return Call((x,), kwargs, scale=magnitude(x) if _name == "cumulative_sum" else 1.0)

    add_case(_name, NUMERIC, _cumulative, tol=Tol(ulps=16, atol=16))


# ----------------------------------------------------------------------------- utility


for _name in ("all", "any"):

    def _all(d: st.DrawFn, dtype: str) -> Call:
        x = array(d, dtype, d(SHAPES))
        return Call((x,), _reduce_args(d, x))

    add_case(_name, ALL, _all)


@case("diff", REAL)
def _diff(d: st.DrawFn, dtype: str) -> Call:
    bounds = _int_half(dtype) if dtype not in UNSIGNED else {}
    x = array(d, dtype, d(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0)), **bounds)
    axis = d(st.integers(-x.ndim, x.ndim - 1))
    kwargs: dict[str, Any] = {"axis": axis, "n": d(st.integers(1, 2))}
    for key in ("prepend", "append"):
        if d(st.booleans()):
            shape = list(x.shape)
            shape[axis] = d(st.integers(0, 2))
            kwargs[key] = array(d, dtype, tuple(shape), **bounds)
    if dtype in UNSIGNED:  # differences of unsigned values wrap (implementation-defined)
        kwargs = {"axis": axis}
        x = np.sort(x, axis=axis)
    return Call((x,), kwargs, scale=magnitude(x))


# ----------------------------------------------------------------------------- indexing


@case("take", ALL)
def _take(d: st.DrawFn, dtype: str) -> Call:
    x = array(d, dtype, d(NONEMPTY))
    axis = d(st.integers(-x.ndim, x.ndim - 1)) if x.ndim else None
    if x.ndim == 0:
        x = x.reshape(1)
        axis = 0
    n = x.shape[axis]
    idx = d(hnp.arrays(np.int64, (d(st.integers(0, 5)),), elements=st.integers(-n, n - 1)))
    return Call((x, idx), {"axis": axis} if x.ndim > 1 or d(st.booleans()) else {})


@case("take_along_axis", ALL)
def _take_along_axis(d: st.DrawFn, dtype: str) -> Call:
    x = array(d, dtype, d(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1)))
    axis = d(st.integers(-x.ndim, x.ndim - 1))
    shape = list(x.shape)
    n = shape[axis]
    shape[axis] = d(st.integers(0, 4))
    idx = d(hnp.arrays(np.int64, tuple(shape), elements=st.integers(-n, n - 1)))
    return Call((x, idx), {"axis": axis})


# ----------------------------------------------------------------------------- linear algebra

#: Matrix products: an absolute error of eps * k * max|a| * max|b| (order of the k-term sums).
PRODUCT = Tol(ulps=8, atol=8)
INT_SMALL = {"lo": -10, "hi": 10}


def _linalg_bounds(dtype: str) -> dict[str, Any]:
    """Finite, moderate values: BLAS kernels may skip zeros, so inf * 0 is not comparable."""
    if dtype in INT:
        return {"lo": 0, "hi": 10} if dtype in UNSIGNED else INT_SMALL
    return {"lo": -10, "hi": 10, "specials": False} if dtype in REAL_FLOAT else {"hi": 10}


def _product_scale(k: int, *arrays: np.ndarray) -> float:
    peak = [float(np.max(np.abs(a))) if a.size else 1.0 for a in arrays]
    return max(k, 1) * float(np.prod(peak)) + 1.0


@case("matmul", NUMERIC, tol=PRODUCT)
def _matmul(d: st.DrawFn, dtype: str) -> Call:
    n, k, m = (d(st.integers(0 if i == 1 else 1, 4)) for i in range(3))
    batch = d(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=2, max_side=3))
    s1 = (k,) if d(st.booleans()) else batch.input_shapes[0] + (n, k)
    s2 = (k,) if d(st.booleans()) and len(s1) > 1 else batch.input_shapes[1] + (k, m)
    x1 = array(d, dtype, s1, **_linalg_bounds(dtype))
    x2 = array(d, dtype, s2, **_linalg_bounds(dtype))
    return Call((x1, x2), scale=_product_scale(k, x1, x2))


@case("matrix_transpose", ALL)
def _matrix_transpose(d: st.DrawFn, dtype: str) -> Call:
    return Call((_matrices(d, dtype),))


@case("tensordot", NUMERIC, tol=PRODUCT)
def _tensordot(d: st.DrawFn, dtype: str) -> Call:
    shared = d(st.lists(st.integers(1, 3), max_size=2))
    s1 = d(st.lists(st.integers(1, 3), max_size=2)) + shared
    s2 = shared + d(st.lists(st.integers(1, 3), max_size=2))
    x1 = array(d, dtype, tuple(s1), **_linalg_bounds(dtype))
    x2 = array(d, dtype, tuple(s2), **_linalg_bounds(dtype))
    k = int(np.prod(shared)) if shared else 1
    if d(st.booleans()):
        axes: Any = len(shared)
    else:
        axes = (list(range(len(s1) - len(shared), len(s1))), list(range(len(shared))))
    return Call((x1, x2), {"axes": axes}, scale=_product_scale(k, x1, x2))


@case("vecdot", NUMERIC, tol=PRODUCT)
def _vecdot(d: st.DrawFn, dtype: str) -> Call:
    shapes = d(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=1, max_dims=3,
                                                 max_side=3))  # fmt: skip
    s1, s2 = (list(s) for s in shapes.input_shapes)
    axis = -1
    k = d(st.integers(1, 4))
    s1[axis] = s2[axis] = k
    x1 = array(d, dtype, tuple(s1), **_linalg_bounds(dtype))
    x2 = array(d, dtype, tuple(s2), **_linalg_bounds(dtype))
    return Call((x1, x2), {"axis": axis}, scale=_product_scale(k, x1, x2))


def _square(d: st.DrawFn, dtype: str, *, batch: bool = True, n_min: int = 1) -> np.ndarray:
    """A stack of well-conditioned square matrices: diagonally dominant."""
    n = d(st.integers(n_min, 4))
    lead = tuple(d(st.lists(st.integers(1, 2), max_size=1))) if batch else ()
    a = array(d, dtype, (*lead, n, n), lo=-1, hi=1, specials=False)
    if dtype in COMPLEX:
        a = array(d, dtype, (*lead, n, n), hi=1)
    return (a + (n + 1) * np.eye(n, dtype=dtype)).astype(dtype)


def _spd(d: st.DrawFn, dtype: str) -> np.ndarray:
    """Symmetric (Hermitian) positive definite: a @ a^H + n I."""
    a = _square(d, dtype)
    n = a.shape[-1]
    return (a @ np.conj(np.swapaxes(a, -1, -2)) + n * np.eye(n, dtype=dtype)).astype(dtype)


#: Factorizations of well-conditioned n <= 4 matrices: a few hundred eps of the largest entry.
FACTOR = Tol(ulps=64, atol=256)


def _scale_of(a: np.ndarray) -> float:
    return float(np.max(np.abs(a))) + 1.0 if a.size else 1.0


@case("linalg.cholesky", FLOAT, tol=FACTOR)
def _cholesky(d: st.DrawFn, dtype: str) -> Call:
    a = _spd(d, dtype)
    return Call((a,), {"upper": d(st.booleans())}, scale=_scale_of(a))


@case("linalg.cross", REAL, tol=PRODUCT)
def _cross(d: st.DrawFn, dtype: str) -> Call:
    shapes = d(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=2, max_side=3))
    bounds = _linalg_bounds(dtype) if dtype not in UNSIGNED else {"lo": 0, "hi": 0}
    axis = -1
    x1 = array(d, dtype, shapes.input_shapes[0] + (3,), **bounds)
    x2 = array(d, dtype, shapes.input_shapes[1] + (3,), **bounds)
    return Call((x1, x2), {"axis": axis}, scale=_product_scale(2, x1, x2))


for _name in ("linalg.det", "linalg.inv"):

    def _det(d: st.DrawFn, dtype: str) -> Call:
        a = _square(d, dtype)
        return Call((a,), scale=_scale_of(a) ** a.shape[-1])

    add_case(_name, FLOAT, _det, tol=FACTOR)


@case("linalg.diagonal", ALL)
def _diagonal(d: st.DrawFn, dtype: str) -> Call:
    return Call((_matrices(d, dtype),), {"offset": d(st.integers(-4, 4))})


def _matched(w: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """``w`` reordered, per matrix, to the permutation closest to ``ref`` (n <= 4)."""
    out = np.empty_like(w)
    for idx in np.ndindex(w.shape[:-1]):
        perms = itertools.permutations(range(w.shape[-1]))
        best = min(perms, key=lambda p: float(np.max(np.abs(w[idx][list(p)] - ref[idx]))))
        out[idx] = w[idx][list(best)]
    return out


def _check_eigvals(actual: Any, expected: Any, call: Call, dtype: str) -> None:
    """eig: order is unspecified, and eigenvalues of a non-normal matrix are sensitive.

    A double eigenvalue moves by ~sqrt(eps) under rounding, so values compare within
    ``16 sqrt(eps)`` of the matrix scale after matching the order; eigenvectors must satisfy
    ``A v = w v`` with the backend's own eigenvalues.
    """
    w = actual.eigenvalues if hasattr(actual, "eigenvalues") else actual
    ref = expected.eigenvalues if hasattr(expected, "eigenvalues") else expected
    assert w.dtype == ref.dtype, f"dtype {w.dtype}, expected {ref.dtype}"
    assert w.shape == ref.shape, f"shape {w.shape}, expected {ref.shape}"
    sensitive = Tol(atol=16 / math.sqrt(float(np.finfo(w.real.dtype).eps)))
    assert_close(_matched(w, ref), ref, sensitive, scale=call.scale)
    if hasattr(actual, "eigenvectors"):
        a, v = np.asarray(call.args[0]), actual.eigenvectors
        assert v.dtype == ref.dtype
        lhs, rhs = a.astype(v.dtype) @ v, v * w[..., None, :]
        assert_close(lhs, rhs, sensitive, scale=call.scale)


for _name in ("linalg.eig", "linalg.eigvals"):

    def _eig(d: st.DrawFn, dtype: str) -> Call:
        a = _square(d, dtype)
        return Call((a,), scale=_scale_of(a) * a.shape[-1])

    add_case(_name, FLOAT, _eig, check=_check_eigvals)


def _check_eigh(actual: Any, expected: Any, call: Call, dtype: str) -> None:
    """Eigenvalues ascending (exact order); eigenvectors up to a phase: check A v = w v."""
    w = actual.eigenvalues if hasattr(actual, "eigenvalues") else actual
    ref = expected.eigenvalues if hasattr(expected, "eigenvalues") else expected
    assert_close(w, ref, FACTOR, scale=call.scale)
    if hasattr(actual, "eigenvectors"):
        a, v = np.asarray(call.args[0]), actual.eigenvectors
        assert v.dtype == expected.eigenvectors.dtype
        assert_close(a @ v, v * w[..., None, :].astype(v.dtype), FACTOR, scale=call.scale)


for _name in ("linalg.eigh", "linalg.eigvalsh"):

    def _eigh(d: st.DrawFn, dtype: str) -> Call:
        a = _spd(d, dtype)
        return Call((a,), scale=_scale_of(a) * a.shape[-1])

    add_case(_name, FLOAT, _eigh, check=_check_eigh)


add_case("linalg.matmul", NUMERIC, _matmul, tol=PRODUCT)
add_case("linalg.matrix_transpose", ALL, _matrix_transpose)
add_case("linalg.tensordot", NUMERIC, _tensordot, tol=PRODUCT)
add_case("linalg.vecdot", NUMERIC, _vecdot, tol=PRODUCT)


@case("linalg.matrix_norm", FLOAT, tol=FACTOR)
def _matrix_norm(d: st.DrawFn, dtype: str) -> Call:
    a = _square(d, dtype) if d(st.booleans()) else _matrices(d, dtype, **_linalg_bounds(dtype))
    ords = ["fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf]
    if 0 in a.shape[-2:]:
        ords = ["fro", 1, math.inf]
    return Call(
        (a,),
        {"ord": d(st.sampled_from(ords)), "keepdims": d(st.booleans())},
        scale=_scale_of(a) * 16,
    )


@case("linalg.matrix_power", FLOAT, tol=FACTOR)
def _matrix_power(d: st.DrawFn, dtype: str) -> Call:
    a = _square(d, dtype) / 4
    n = d(st.integers(-3, 3))
    return Call((a.astype(dtype), n), scale=(_scale_of(a) * 4) ** 3)


@case("linalg.matrix_rank", REAL_FLOAT)
def _matrix_rank(d: st.DrawFn, dtype: str) -> Call:
    """Integer matrices with exactly repeated rows: the rank is unambiguous."""
    m, n = d(st.integers(1, 4)), d(st.integers(1, 4))
    rows = array(d, dtype, (m, n), lo=-3, hi=3, specials=False).round()
    picks = d(st.lists(st.integers(0, m - 1), min_size=m, max_size=m))
    return Call(
        (rows[picks] + 0 * rows,),
    )


@case("linalg.outer", NUMERIC, tol=PRODUCT)
def _outer(d: st.DrawFn, dtype: str) -> Call:
    x1 = array(d, dtype, (d(st.integers(0, 4)),), **_linalg_bounds(dtype))
    x2 = array(d, dtype, (d(st.integers(0, 4)),), **_linalg_bounds(dtype))
    return Call((x1, x2), scale=_product_scale(1, x1, x2))


@case("linalg.pinv", FLOAT, tol=FACTOR)
def _pinv(d: st.DrawFn, dtype: str) -> Call:
    a = _square(d, dtype)
    return Call((a,), scale=_scale_of(a))


def _check_qr(actual: Any, expected: Any, call: Call, dtype: str) -> None:
    """Q and R are unique up to the signs of R's rows: compare |R| and Q R = A."""
    q, r = actual
    assert actual._fields == expected._fields
    assert (q.shape, r.shape) == (expected.Q.shape, expected.R.shape)
    assert (q.dtype, r.dtype) == (expected.Q.dtype, expected.R.dtype)
    a = np.asarray(call.args[0])
    assert_close(q @ r, a, FACTOR, scale=call.scale)
    assert_close(np.abs(r), np.abs(expected.R), FACTOR, scale=call.scale)


@case("linalg.qr", FLOAT, check=_check_qr)
def _qr(d: st.DrawFn, dtype: str) -> Call:
    a = _square(d, dtype)
    return Call((a,), {"mode": d(st.sampled_from(["reduced", "complete"]))}, scale=_scale_of(a))


def _check_slogdet(actual: Any, expected: Any, call: Call, dtype: str) -> None:
    assert actual._fields == expected._fields
    assert_close(actual.sign, expected.sign, Tol(ulps=16, atol=16))
    assert_close(actual.logabsdet, expected.logabsdet, FACTOR, scale=call.scale)


@case("linalg.slogdet", FLOAT, check=_check_slogdet)
def _slogdet(d: st.DrawFn, dtype: str) -> Call:
    a = _square(d, dtype)
    return Call((a,), scale=4.0)


@case("linalg.solve", FLOAT, tol=FACTOR)
def _solve(d: st.DrawFn, dtype: str) -> Call:
    a = _square(d, dtype, batch=False)
    n = a.shape[-1]
    shape = (n,) if d(st.booleans()) else (n, d(st.integers(1, 3)))
    b = (
        array(d, dtype, shape, lo=-10, hi=10, specials=False)
        if dtype not in COMPLEX
        else array(d, dtype, shape, hi=10)
    )
    return Call((a, b), scale=10.0)


def _check_svd(actual: Any, expected: Any, call: Call, dtype: str) -> None:
    """Singular vectors are unique up to phase: compare S and U diag(S) Vh = A."""
    u, s, vh = actual
    assert actual._fields == expected._fields
    for got, ref in zip(actual, expected, strict=True):
        assert (got.shape, got.dtype) == (ref.shape, ref.dtype)
    assert_close(s, expected.S, FACTOR, scale=call.scale)
    k = s.shape[-1]
    rebuilt = (u[..., :, :k] * s[..., None, :].astype(u.dtype)) @ vh[..., :k, :]
    assert_close(rebuilt, np.asarray(call.args[0]), FACTOR, scale=call.scale)


@case("linalg.svd", FLOAT, check=_check_svd)
def _svd(d: st.DrawFn, dtype: str) -> Call:
    a = _matrices(d, dtype, **_linalg_bounds(dtype))
    if 0 in a.shape:
        a = _square(d, dtype)
    return Call((a,), {"full_matrices": d(st.booleans())}, scale=_scale_of(a) * 4)


@case("linalg.svdvals", FLOAT, tol=FACTOR)
def _svdvals(d: st.DrawFn, dtype: str) -> Call:
    a = _matrices(d, dtype, **_linalg_bounds(dtype))
    return Call((a,), scale=_scale_of(a) * 4)


@case("linalg.trace", NUMERIC, tol=Tol(ulps=8, atol=8))
def _trace(d: st.DrawFn, dtype: str) -> Call:
    a = _matrices(d, dtype, **_linalg_bounds(dtype))
    kwargs = {"offset": d(st.integers(-3, 3)), "dtype": _sum_dtype(d, dtype)}
    return Call((a,), kwargs, scale=magnitude(a))


@case("linalg.vector_norm", FLOAT, tol=Tol(ulps=16, atol=16))
def _vector_norm(d: st.DrawFn, dtype: str) -> Call:
    x = array(d, dtype, d(NONEMPTY), lo=-100, hi=100)
    kwargs = _reduce_args(d, x) | {"ord": d(st.sampled_from([2, 1, math.inf, -math.inf, 0, 3]))}
    return Call((x,), kwargs, scale=magnitude(x))


# ----------------------------------------------------------------------------- fft

FFT_TOL = Tol(ulps=16, atol=16)


def _fft_draw(kind: str, multi: bool) -> Callable[[st.DrawFn, str], Call]:
    """Draw for one fft function: ``kind`` is "c2c", "r2c" or "c2r"."""

    def draw(d: st.DrawFn, dtype: str) -> Call:
        shape = d(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=5))
        x = (
            array(d, dtype, shape, lo=-10, hi=10, specials=False)
            if dtype in REAL_FLOAT
            else (array(d, dtype, shape, hi=10))
        )
        norm = d(st.sampled_from(["backward", "ortho", "forward"]))
        if multi:
            axes = d(st.lists(st.integers(-x.ndim, x.ndim - 1), min_size=1, max_size=x.ndim,
                              unique_by=lambda a: a % x.ndim))  # fmt: skip
            kwargs: dict[str, Any] = {"axes": tuple(axes), "norm": norm}
            if d(st.booleans()):
                kwargs["s"] = tuple(d(st.integers(1, 6)) for _ in axes)
        else:
            kwargs = {"axis": d(st.integers(-x.ndim, x.ndim - 1)), "norm": norm}
            if d(st.booleans()) or (kind == "c2r" and x.shape[kwargs["axis"]] < 2):
                kwargs["n"] = d(st.integers(1 if kind != "c2r" else 2, 8))
        if kind == "c2r" and multi and "s" not in kwargs:
            kwargs["s"] = tuple(max(x.shape[a], 2) for a in kwargs["axes"])
        return Call((x,), kwargs, scale=magnitude(x))

    return draw


for _name, _kind, _multi, _dtypes in (
    ("fft", "c2c", False, COMPLEX),
    ("ifft", "c2c", False, COMPLEX),
    ("fftn", "c2c", True, COMPLEX),
    ("ifftn", "c2c", True, COMPLEX),
    ("rfft", "r2c", False, REAL_FLOAT),
    ("rfftn", "r2c", True, REAL_FLOAT),
    ("ihfft", "r2c", False, REAL_FLOAT),
    ("irfft", "c2r", False, COMPLEX),
    ("irfftn", "c2r", True, COMPLEX),
    ("hfft", "c2r", False, COMPLEX),
):
    add_case(f"fft.{_name}", _dtypes, _fft_draw(_kind, _multi), tol=FFT_TOL)


for _name in ("fft.fftfreq", "fft.rfftfreq"):

    def _freq(d: st.DrawFn, dtype: str) -> Call:
        n = d(st.integers(1, 10))
        return Call((n,), {"d": d(st.sampled_from([1.0, 0.5, 2.0])), "dtype": D(dtype)})

    add_case(_name, REAL_FLOAT, _freq, tol=Tol(ulps=2))


for _name in ("fft.fftshift", "fft.ifftshift"):

    def _shift(d: st.DrawFn, dtype: str) -> Call:
        x = array(d, dtype, d(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0)))
        some = st.lists(st.integers(0, x.ndim - 1), unique=True).map(tuple)
        axes = d(st.one_of(st.none(), st.integers(-x.ndim, x.ndim - 1), some))
        return Call((x,), {"axes": axes})

    add_case(_name, FLOAT, _shift)

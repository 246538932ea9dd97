"""uint16/uint32/uint64 on ember_array.torch (``ember_array/torch/_uints.py``): every result
exact, against Python integers modulo 2**n, and the standard's dtype and promotion."""

from __future__ import annotations

import itertools
import operator
import os
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

_CHOSEN = [b.strip() for b in os.environ.get("EMBER_BACKENDS", "").split(",") if b.strip()]
pytestmark = pytest.mark.skipif(
    bool(_CHOSEN) and "torch" not in _CHOSEN, reason="torch not selected by EMBER_BACKENDS"
)
torch = pytest.importorskip("torch")
xp = pytest.importorskip("ember_array.torch")


UINTS = ("uint16", "uint32", "uint64")
BITS = {"uint16": 16, "uint32": 32, "uint64": 64}


def _values(n: int) -> st.SearchStrategy[int]:
    top = (1 << n) - 1
    edges = [0, 1, 2, 3, top, top - 1, top >> 1, (top >> 1) + 1, 1 << (n // 2)]
    return st.one_of(st.sampled_from(edges), st.integers(0, top))


@st.composite
def _pair(draw: Any) -> tuple[str, list[int], list[int]]:
    """A uint dtype name and two equal-length lists of its values."""
    name = draw(st.sampled_from(UINTS))
    size = draw(st.integers(1, 12))
    vals = st.lists(_values(BITS[name]), min_size=size, max_size=size)
    return name, draw(vals), draw(vals)


def _arr(values: list[int], name: str) -> Any:
    return xp.asarray(values, dtype=getattr(xp, name))


def _list(x: Any) -> list[Any]:
    return x.tolist()  # type: ignore[no-any-return]


WRAPPING: dict[str, Callable[[int, int], int]] = {
    "add": operator.add,
    "subtract": operator.sub,
    "multiply": operator.mul,
    "bitwise_and": operator.and_,
    "bitwise_or": operator.or_,
    "bitwise_xor": operator.xor,
}
COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    "equal": operator.eq,
    "not_equal": operator.ne,
    "less": operator.lt,
    "less_equal": operator.le,
    "greater": operator.gt,
    "greater_equal": operator.ge,
}


@given(_pair(), st.sampled_from(sorted(WRAPPING)))
def test_wrapping_arithmetic(pair: tuple[str, list[int], list[int]], name: str) -> None:
    dt, a, b = pair
    m = 1 << BITS[dt]
    out = getattr(xp, name)(_arr(a, dt), _arr(b, dt))
    assert out.dtype == getattr(xp, dt)
    assert _list(out) == [WRAPPING[name](p, q) % m for p, q in zip(a, b, strict=True)]


@given(_pair(), st.sampled_from(sorted(COMPARISONS)))
def test_comparisons_are_unsigned(pair: tuple[str, list[int], list[int]], name: str) -> None:
    dt, a, b = pair
    out = getattr(xp, name)(_arr(a, dt), _arr(b, dt))
    assert out.dtype == xp.bool
    assert _list(out) == [COMPARISONS[name](p, q) for p, q in zip(a, b, strict=True)]


@given(_pair())
def test_division_is_exact(pair: tuple[str, list[int], list[int]]) -> None:
    dt, a, b = pair
    b = [q or 1 for q in b]
    x1, x2 = _arr(a, dt), _arr(b, dt)
    assert _list(xp.floor_divide(x1, x2)) == [p // q for p, q in zip(a, b, strict=True)]
    assert _list(xp.remainder(x1, x2)) == [p % q for p, q in zip(a, b, strict=True)]
    assert xp.floor_divide(x1, x2).dtype == xp.remainder(x1, x2).dtype == getattr(xp, dt)


@given(_pair())
def test_shifts(pair: tuple[str, list[int], list[int]]) -> None:
    dt, a, b = pair
    n = BITS[dt]
    for shifts in (b, [q % (n + 4) for q in b]):  # shifts past the width give 0
        x1, x2 = _arr(a, dt), _arr(shifts, dt)
        left = [(p << s) % (1 << n) if s < n else 0 for p, s in zip(a, shifts, strict=True)]
        assert _list(xp.bitwise_left_shift(x1, x2)) == left
        assert _list(xp.bitwise_right_shift(x1, x2)) == [
            p >> s for p, s in zip(a, shifts, strict=True)
        ]


@given(_pair())
def test_pow_modulo(pair: tuple[str, list[int], list[int]]) -> None:
    dt, a, b = pair
    m = 1 << BITS[dt]
    for exps in (b, [q % 70 for q in b]):
        out = xp.pow(_arr(a, dt), _arr(exps, dt))
        assert _list(out) == [pow(p, e, m) for p, e in zip(a, exps, strict=True)]


@given(_pair())
def test_maximum_minimum_and_unary(pair: tuple[str, list[int], list[int]]) -> None:
    dt, a, b = pair
    m = 1 << BITS[dt]
    x1, x2 = _arr(a, dt), _arr(b, dt)
    assert _list(xp.maximum(x1, x2)) == [max(p, q) for p, q in zip(a, b, strict=True)]
    assert _list(xp.minimum(x1, x2)) == [min(p, q) for p, q in zip(a, b, strict=True)]
    assert _list(xp.negative(x1)) == [(-p) % m for p in a]
    assert _list(xp.bitwise_invert(x1)) == [(~p) % m for p in a]
    assert _list(xp.square(x1)) == [p * p % m for p in a]
    assert _list(xp.abs(x1)) == a
    assert _list(xp.sign(x1)) == [int(p > 0) for p in a]
    for f in (xp.negative, xp.bitwise_invert, xp.square, xp.abs, xp.sign):
        assert f(x1).dtype == x1.dtype


@given(_pair())
def test_reductions_and_searching(pair: tuple[str, list[int], list[int]]) -> None:
    dt, a, b = pair
    x = _arr(a, dt)
    assert _list(xp.max(x)) == max(a)
    assert _list(xp.min(x)) == min(a)
    assert xp.max(x).dtype == xp.min(x).dtype == x.dtype
    assert _list(xp.argmax(x)) == a.index(max(a))
    assert _list(xp.argmin(x)) == a.index(min(a))
    assert _list(xp.sum(x)) == sum(a) % (1 << 64)
    assert xp.sum(x).dtype == xp.uint64
    assert _list(xp.sum(x, dtype=x.dtype)) == sum(a) % (1 << BITS[dt])
    assert _list(xp.prod(x)) == int(np.prod(np.array(a, dtype=np.uint64)))
    assert _list(xp.cumulative_sum(x))[-1] == sum(a) % (1 << 64)
    assert _list(xp.count_nonzero(x)) == sum(1 for p in a if p)
    assert [_list(i) for i in xp.nonzero(x)] == [[i for i, p in enumerate(a) if p]]
    lo, hi = sorted((b[0], b[-1]))
    assert _list(xp.clip(x, lo, hi)) == [min(max(p, lo), hi) for p in a]
    assert _list(xp.clip(x, min=_arr([lo], dt))) == [max(p, lo) for p in a]
    ordered = sorted(a)
    assert _list(xp.sort(x)) == ordered
    found = xp.searchsorted(_arr(ordered, dt), _arr(b, dt), side="right")
    assert _list(found) == [sum(1 for p in ordered if p <= q) for q in b]
    assert _list(xp.searchsorted(_arr(ordered, dt), b[0])) == sum(1 for p in ordered if p < b[0])
    assert _list(xp.isin(x, _arr(b, dt))) == [p in b for p in a]
    assert _list(xp.unique_values(x)) == sorted(set(a))


@given(_pair())
def test_moving_elements(pair: tuple[str, list[int], list[int]]) -> None:
    dt, a, _ = pair
    x = _arr(a, dt)
    n = len(a)
    assert _list(xp.flip(x)) == a[::-1]
    assert _list(xp.take(x, xp.asarray([n - 1, 0]))) == [a[-1], a[0]]
    assert _list(xp.take_along_axis(x, xp.asarray([0, -1]), axis=0)) == [a[0], a[-1]]
    assert _list(xp.repeat(x, 2)) == [p for p in a for _ in range(2)]
    assert _list(xp.roll(x, 1)) == a[-1:] + a[:-1]
    square = xp.reshape(xp.concat([x, x]), (2, n))
    assert _list(xp.tril(square)) == [[p if j <= i else 0 for j, p in enumerate(a)] for i in (0, 1)]
    assert _list(xp.triu(square)) == [[p if j >= i else 0 for j, p in enumerate(a)] for i in (0, 1)]
    assert _list(xp.diff(x)) == [(q - p) % (1 << BITS[dt]) for p, q in itertools.pairwise(a)]
    for out in (xp.flip(x), xp.take(x, xp.asarray([0])), xp.repeat(x, 2), xp.diff(x)):
        assert out.dtype == x.dtype


@given(_pair())
def test_linear_algebra_wraps(pair: tuple[str, list[int], list[int]]) -> None:
    dt, a, b = pair
    m = 1 << BITS[dt]
    x1, x2 = _arr(a, dt), _arr(b, dt)
    dot = sum(p * q for p, q in zip(a, b, strict=True)) % m
    assert _list(xp.matmul(x1, x2)) == dot
    assert _list(xp.vecdot(x1, x2)) == dot
    assert _list(xp.linalg.vecdot(x1, x2)) == dot
    assert _list(xp.tensordot(x1, x2, axes=1)) == dot
    assert _list(xp.linalg.outer(x1, x2)) == [[p * q % m for q in b] for p in a]
    if len(a) >= 3:
        u, v = a[:3], b[:3]
        want = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
        got = xp.linalg.cross(_arr(u, dt), _arr(v, dt))
        assert _list(got) == [w % m for w in want]
        assert got.dtype == getattr(xp, dt)


@pytest.mark.parametrize("dt", UINTS)
def test_python_int_scalars(dt: str) -> None:
    top = (1 << BITS[dt]) - 1
    x = _arr([0, 5, top], dt)
    assert _list(xp.add(x, top)) == [top, 4, top - 1]
    assert _list(xp.subtract(1, x)) == [1, (1 - 5) % (top + 1), 2]
    assert _list(xp.less(x, top)) == [True, True, False]
    assert _list(xp.greater_equal(6, x)) == [True, True, False]
    assert _list(xp.maximum(x, 6)) == [6, 6, top]
    assert _list(xp.floor_divide(x, 2)) == [0, 2, top // 2]
    assert _list(xp.remainder(top, xp.asarray([7, 10], dtype=x.dtype))) == [top % 7, top % 10]
    assert _list(xp.bitwise_right_shift(x, 1)) == [0, 2, top >> 1]
    assert _list(xp.pow(x, 2)) == [0, 25, 1]
    assert _list(xp.where(xp.asarray([True, False, True]), x, 7)) == [0, 7, top]


PROMOTIONS = [
    ("uint8", "uint16", "uint16"),
    ("uint16", "uint32", "uint32"),
    ("uint32", "uint64", "uint64"),
    ("uint8", "uint64", "uint64"),
    ("int8", "uint16", "int32"),
    ("int16", "uint32", "int64"),
    ("uint32", "int64", "int64"),
    ("uint16", "int64", "int64"),
    ("uint16", "float32", "float32"),
    ("uint64", "float64", "float64"),
    ("bool", "uint32", "uint32"),
]


@pytest.mark.parametrize(("d1", "d2", "want"), PROMOTIONS)
def test_promotion(d1: str, d2: str, want: str) -> None:
    x1 = xp.asarray([1, 2], dtype=getattr(xp, d1))
    x2 = xp.asarray([3, 1], dtype=getattr(xp, d2))
    dtype = getattr(xp, want)
    assert xp.result_type(x1, x2) == xp.result_type(x2.dtype, x1.dtype) == dtype
    if "bool" not in (d1, d2):
        for name in ("add", "maximum", "greater", "matmul", "floor_divide"):
            out = getattr(xp, name)(x1, x2)
            assert out.dtype == (xp.bool if name == "greater" else dtype), name
        diff = [2, -1] if want not in BITS else [2, (1 << BITS[want]) - 1]
        assert _list(xp.subtract(x2, x1)) == diff
        assert xp.isin(x1, x2).dtype == xp.bool
    assert xp.concat([x1, x2]).dtype == dtype
    assert xp.stack([x1, x2]).dtype == dtype
    assert xp.where(xp.asarray([True, False]), x1, x2).dtype == dtype


@pytest.mark.parametrize("signed", ["int8", "int16", "int32", "int64"])
def test_uint64_with_signed_has_no_promotion(signed: str) -> None:
    x1 = xp.asarray([1], dtype=xp.uint64)
    x2 = xp.asarray([1], dtype=getattr(xp, signed))
    for f in (xp.add, xp.less, xp.matmul, lambda a, b: xp.concat([a, b]), xp.result_type):
        with pytest.raises(TypeError):
            f(x1, x2)


@pytest.mark.parametrize("index", ["int8", "int16", "int32", "uint8", *UINTS, "int64"])
def test_indices_of_every_integer_dtype(index: str) -> None:
    x = xp.asarray([[3, 1, 2], [4, 5, 6]], dtype=xp.uint32)
    i = getattr(xp, index)
    assert _list(xp.take(x, xp.asarray([2, 0], dtype=i), axis=1)) == [[2, 3], [6, 4]]
    got = xp.take_along_axis(x, xp.asarray([[2, 0, 1]], dtype=i), axis=1)
    assert _list(got) == [[2, 3, 1], [6, 4, 5]]
    assert _list(xp.repeat(x, xp.asarray([0, 2], dtype=i), axis=0)) == [[4, 5, 6], [4, 5, 6]]
    found = xp.searchsorted(
        xp.asarray([3, 1, 2]), xp.asarray([2]), sorter=xp.asarray([1, 2, 0], dtype=i)
    )
    assert _list(found) == [1]


def test_asarray_of_uint_tensors() -> None:
    """torch reads no uint64 tensor inside a sequence ("an integer is required")."""
    x = xp.asarray(2**64 - 1, dtype=xp.uint64)
    assert _list(xp.asarray([[x, x]])) == [[2**64 - 1] * 2]
    assert xp.asarray([x, 3]).dtype == xp.uint64
    assert xp.asarray([xp.asarray(3, dtype=xp.uint16), 7]).dtype == xp.uint16
    assert _list(xp.asarray([x], dtype=xp.float64)) == [2.0**64]


def test_conversions_and_info() -> None:
    x = xp.asarray([0, 2**63, 2**64 - 1], dtype=xp.uint64)
    assert _list(xp.astype(x, xp.float64)) == [0.0, 2.0**63, 2.0**64]
    assert _list(xp.astype(xp.asarray([2**32 - 1], dtype=xp.uint32), xp.float64)) == [2**32 - 1]
    info = xp.__array_namespace_info__()
    assert set(UINTS) <= set(info.dtypes())
    assert set(UINTS) <= set(info.dtypes(kind="integral"))
    assert list(info.dtypes(kind="unsigned integer")) == ["uint8", *UINTS]


def test_other_dtypes_never_reach_the_uint_layer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The uint layer's translations are not called for any other dtype."""
    from ember_array.torch import _uints

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("uint path taken")

    for name in (
        "as_signed_bits",
        "as_order_key",
        "_to_wide",
        "promote",
        "promote_dtypes",
        "to_bits",
    ):
        monkeypatch.setattr(_uints, name, fail)
    for dt in (xp.float32, xp.int64, xp.uint8, xp.int16):
        x = xp.asarray([3, 1, 2], dtype=dt)
        for f in (xp.add, xp.less, xp.maximum, xp.multiply):
            f(x, x)
        for g in (xp.max, xp.argmax, xp.flip, xp.abs, xp.negative, xp.nonzero, xp.sum, xp.diff):
            g(x)
        xp.take(x, xp.asarray([0]))
        xp.concat([x, x])
        xp.where(x > 1, x, x)
        xp.searchsorted(xp.sort(x), x)


def test_searchsorted_of_uint_with_other_dtypes_promotes() -> None:
    """Mixed dtypes are searched in the promoted dtype, not in the uint's signed view (the
    sweep found float values searched as flipped uint bits)."""
    torch = pytest.importorskip("torch")
    import ember_array.torch as xp

    x1 = torch.tensor([0, 1, 2, 3, 4, 5], dtype=torch.uint16)
    got = xp.searchsorted(x1, torch.tensor([0.125, 4.5], dtype=torch.float32))
    assert got.tolist() == [1, 5]
    assert xp.searchsorted(x1, torch.tensor([1, 7], dtype=torch.uint8)).tolist() == [1, 6]


@pytest.mark.parametrize("dt", UINTS)
@pytest.mark.parametrize("endpoint", [True, False])
def test_linspace(dt: str, endpoint: bool) -> None:
    # torch has no uint linspace kernel: computed in float64 and cast, as numpy and torch's
    # int64 linspace do (the fractional part is dropped)
    out = xp.linspace(0, 10, 5, dtype=getattr(xp, dt), endpoint=endpoint)
    assert out.dtype == getattr(xp, dt)
    assert _list(out) == np.linspace(0, 10, 5, dtype=dt, endpoint=endpoint).tolist()

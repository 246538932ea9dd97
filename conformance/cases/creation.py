"""Array creation functions: ``arange``, ``asarray``, ``empty``, ``eye``, ``full``, ``linspace``,
``meshgrid``, ``ones``/``zeros`` (and ``_like``), ``tril``/``triu``, ``from_dlpack``.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from .._backends import D
from .._compare import Tol
from .._strategies import ALL, FLOAT, INT, NUMERIC, REAL_FLOAT, SHAPES, UNSIGNED, array, elements
from ._registry import Call, add_case, case
from ._shared import matrices


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


for _name in ("tril", "triu"):

    def _tri(d: st.DrawFn, dtype: str) -> Call:
        return Call((matrices(d, dtype),), {"k": d(st.integers(-5, 5))})

    add_case(_name, ALL, _tri)

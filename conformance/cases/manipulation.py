"""Manipulation functions: ``concat``, ``expand_dims``, ``flip``, ``moveaxis``, ``permute_dims``,
``repeat``, ``reshape``, ``roll``, ``squeeze``, ``stack``, ``tile``, ``unstack``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from .._strategies import ALL, SHAPES, array, axis_for
from ._registry import Call, case


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

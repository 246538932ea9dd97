"""Searching functions: index results are int64 (mlx returns uint32)."""

from __future__ import annotations

from typing import Any, cast

import mlx.core as mx
import numpy as np

from .._common._scalars import INT_FLAGS, as_numpy_reads, truthy
from .._markers import forces_evaluation, wraps_native
from .._spec import SEARCHING
from ._helpers import INDEX, from_numpy, scalar
from ._operators import COMPLEX_DTYPES, refuse_complex128

__all__ = list(SEARCHING)


@wraps_native()
def argmax(x: mx.array, /, *, axis: int | None = None, keepdims: bool = False) -> mx.array:
    """Index of the maximum, as int64 (``mx.argmax`` returns uint32)."""
    return _index_of(mx.argmax, x, axis, keepdims)


@wraps_native()
def argmin(x: mx.array, /, *, axis: int | None = None, keepdims: bool = False) -> mx.array:
    """Index of the minimum, as int64 (``mx.argmin`` returns uint32)."""
    return _index_of(mx.argmin, x, axis, keepdims)


def _index_of(f: Any, x: mx.array, axis: int | None, keepdims: bool) -> mx.array:
    """``f`` (``mx.argmax``/``mx.argmin``) as int64, for 0-d and empty input too."""
    if x.ndim == 0:
        # mlx: mx.argmax/argmin of a 0-d array with keepdims=True dies in std::vector
        # (no upstream issue found)
        return mx.zeros((), dtype=INDEX)
    try:
        out: mx.array = f(x, axis=axis, keepdims=keepdims).astype(INDEX)
        return out
    except TypeError:
        flags = truthy(keepdims=keepdims)
        if flags is None:
            raise
        return _index_of(f, x, axis, flags["keepdims"])
    except ValueError:
        # mlx: mx.argmax/argmin raise "Cannot argmax reduce zero size array" even when the
        # reduced axis is not the empty one (no upstream issue found); numpy gives an empty
        # result there, and raises (as mlx does) when the reduced axis is the empty one
        if axis is None or not isinstance(axis, int) or x.size or not x.shape[axis]:
            raise
        shape = list(x.shape)
        if keepdims:
            shape[axis] = 1
        else:
            del shape[axis]
        return mx.zeros(shape, dtype=INDEX)


@wraps_native()
def count_nonzero(
    x: mx.array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> mx.array:
    """Number of non-zero elements, as int64 (``mx.count_nonzero`` returns int32)."""
    ax: Any = axis
    if isinstance(axis, tuple):
        if not axis:
            return (x != 0).astype(INDEX)
        ax = list(axis)
    try:
        return mx.count_nonzero(x, axis=ax, keepdims=keepdims).astype(INDEX)
    except TypeError:  # keepdims=None or 1: read as its truth, as numpy reads it
        fixed = as_numpy_reads({"keepdims": keepdims}, reads=INT_FLAGS)
        if fixed is None:
            raise
        return count_nonzero(x, axis=axis, **fixed)


@forces_evaluation
def nonzero(x: mx.array, /) -> tuple[mx.array, ...]:
    """Indices of the non-zero elements, one int64 array per axis.

    The output shape depends on the data: this function **evaluates** ``x``.
    """
    if x.ndim == 0:
        raise ValueError("nonzero: mlx array must have at least one dimension (got shape ())")
    idx = np.nonzero(np.asarray(x))
    return tuple(from_numpy(i.astype(np.int64), INDEX) for i in idx)


@wraps_native()
def searchsorted(
    x1: mx.array,
    x2: mx.array | int | float,
    /,
    *,
    side: str = "left",
    sorter: mx.array | None = None,
) -> mx.array:
    """Insertion indices of ``x2`` into sorted ``x1``, as int64.

    ``mx.searchsorted`` returns uint32, rejects scalar ``x2`` and has no ``sorter=``.
    """
    if side not in ("left", "right"):
        raise ValueError(f"searchsorted: side must be 'left' or 'right', got {side!r}")
    if sorter is not None:
        x1 = mx.take(x1, sorter)
    if not isinstance(x2, mx.array):
        x2 = scalar(x2, x1.dtype)
    search = _SEARCH[side]
    if x2.ndim == 0:
        out: mx.array = search(x1, x2.reshape(1))
        return out.reshape(()).astype(INDEX)
    out = search(x1, x2)
    return out.astype(INDEX)


# mlx: SearchSorted has no vmap over the sorted sequence ("[searchsorted] Cannot vmap over
# the sorted sequence, only over the values being searched for") (no upstream issue found)
# mx.vmap transforms the operations inside a custom function before calling the function's own
# vmap rule, so the native call is a custom function (_searchsorted) whose rule computes the
# batched result, and the sequence reaches the native call through another (_unbatched) whose
# rule hands it a stand-in that is not batched: the native call's own vmap then accepts it,
# and its result, never used, is never evaluated.
@mx.custom_function
def _unbatched(x1: mx.array) -> mx.array:
    return x1


@_unbatched.vmap
def _(x1: mx.array, axis: int | None) -> tuple[mx.array, None]:
    if axis is None:
        return x1, None
    shape = x1.shape[:axis] + x1.shape[axis + 1 :]
    return mx.zeros(shape, dtype=x1.dtype), None


def _searchsorted(side: str) -> Any:
    @mx.custom_function
    def search(x1: mx.array, x2: mx.array) -> mx.array:
        return mx.searchsorted(cast(mx.array, _unbatched(x1)), x2, side=side)

    @search.vmap
    def _(inputs: tuple[mx.array, mx.array], axes: tuple[Any, Any]) -> tuple[mx.array, int]:
        (x1, x2), (a1, a2) = inputs, axes
        if a1 is None:
            return mx.searchsorted(x1, mx.moveaxis(x2, a2, 0), side=side), 0
        x1 = mx.moveaxis(x1, a1, 0)
        size = x1.shape[0]
        x2 = mx.broadcast_to(x2, (size, *x2.shape)) if a2 is None else mx.moveaxis(x2, a2, 0)
        return _binary_search(x1, x2, side == "right"), 0

    return search


def _binary_search(x1: mx.array, x2: mx.array, right: bool) -> mx.array:
    """``mx.searchsorted`` of each row of the 2-d ``x1`` (sorted rows) for the values of the
    same row of ``x2`` (any shape after the first axis): a binary search in lazy operations,
    with mlx's order (NaN after every number), as uint32."""
    dt = mx.result_type(x1, x2)
    x1, x2 = x1.astype(dt), x2.astype(dt)
    size, n = x1.shape
    v = x2.reshape(size, -1)
    nan = mx.issubdtype(dt, mx.floating)

    # mlx: under vmap a bitwise op (& | ^) of an unbatched and a batched array has the unbatched
    # one's shape, (1, n) for (B, n) (BitwiseBinary::vmap) (no upstream issue found)
    # Hence logical_and/or/not.
    def less(a: mx.array, b: mx.array) -> mx.array:
        if not nan:
            return a < b
        return mx.logical_or(a < b, mx.logical_and(mx.isnan(b), mx.logical_not(mx.isnan(a))))

    itype = mx.int32 if n < 2**31 - 1 else mx.int64
    lo = mx.zeros(v.shape, dtype=itype)
    hi = mx.full(v.shape, n, dtype=itype)
    for _ in range(n.bit_length()):  # each step halves [lo, hi): empty after these
        mid = (lo + hi) // 2
        at = mx.take_along_axis(x1, mx.minimum(mid, n - 1), axis=1)
        up = mx.logical_not(less(v, at)) if right else less(at, v)
        active = lo < hi
        lo = mx.where(mx.logical_and(active, up), mid + 1, lo)
        hi = mx.where(mx.logical_and(active, mx.logical_not(up)), mid, hi)
    return lo.reshape(x2.shape).astype(mx.uint32)


_SEARCH = {side: _searchsorted(side) for side in ("left", "right")}


@wraps_native()
def where(condition: mx.array, x1: Any, x2: Any, /) -> mx.array:
    """Elements of ``x1`` where ``condition`` holds, else ``x2`` (Python scalars take the
    other argument's dtype)."""
    if not isinstance(x1, mx.array) and isinstance(x2, mx.array):
        x1 = _scalar_like(x1, x2)
    elif not isinstance(x2, mx.array) and isinstance(x1, mx.array):
        x2 = _scalar_like(x2, x1)
    out = mx.where(condition, x1, x2)
    if out.dtype in COMPLEX_DTYPES:
        refuse_complex128("where", x1, x2)
    return out


def _scalar_like(s: Any, other: mx.array) -> Any:
    # mlx: mx.where(c, int8_array, 1.5) keeps the array's dtype only for scalars of the same
    # kind (no upstream issue found)
    if isinstance(s, bool) or (isinstance(s, int) and other.dtype != mx.bool_):
        return scalar(s, other.dtype)
    if isinstance(s, float) and mx.issubdtype(other.dtype, mx.inexact):
        return mx.array(s, dtype=other.dtype)
    if isinstance(s, complex) and mx.issubdtype(other.dtype, mx.inexact):
        return mx.array(s, dtype=mx.complex64)
    return s

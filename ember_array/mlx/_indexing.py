"""Indexing functions ``take`` and ``take_along_axis``.

mlx gathers return 0 (or arbitrary memory) for out-of-range indices.  Here:

* indices given as Python ints/sequences are checked eagerly: ``IndexError``;
* indices given as an mlx array cannot be checked without evaluating them, so they are clamped
  into range (memory-safe) and the out-of-range positions are **masked**: NaN for floating and
  complex dtypes, the dtype's minimum for signed integers, its maximum for unsigned integers,
  ``False`` for bool.  Negative indices in ``[-n, -1]`` count from the end, as the standard says.
"""

from __future__ import annotations

from typing import Any

import mlx.core as mx
import numpy as np

from .._boundary import UNCLEAN, translate, translates_errors
from .._common._scalars import index_argument
from .._markers import wraps_native
from .._spec import INDEXING
from ._dtype_objects import NATIVE_DTYPES
from ._helpers import Compiled, normalize_axis, scalar

__all__ = list(INDEXING)


def _fill_value(dtype: mx.Dtype) -> Any:
    if mx.issubdtype(dtype, mx.inexact):
        return float("nan")
    if dtype == mx.bool_:
        return False
    info = mx.iinfo(dtype)
    return info.min if mx.issubdtype(dtype, mx.signedinteger) else info.max


#: dtype -> the 0-d fill array of out-of-range positions (built once: a lookup on the hot path).
_FILL = {d: scalar(_fill_value(d), d) for d in NATIVE_DTYPES.values()}
#: integer index dtype -> its (min, max): the clamp bounds may not leave the index dtype.
_RANGE = {
    d: (int(mx.iinfo(d).min), int(mx.iinfo(d).max))
    for d in NATIVE_DTYPES.values()
    if mx.issubdtype(d, mx.integer)
}


def _index_dtype(idx: Any, func: str) -> tuple[int, int]:
    """The range of an index array's integer dtype; ``TypeError`` for other dtypes."""
    rng = _RANGE.get(idx.dtype)
    if rng is None:
        raise TypeError(f"{func}: mlx indices must have an integer dtype, got {idx.dtype}")
    return rng


def _limits(n: int, rng: tuple[int, int]) -> tuple[int | None, int | None]:
    """The clamp bounds ``-n`` and ``n - 1`` (``n >= 1``) of indices whose dtype has the range
    ``rng``; ``None`` where the dtype cannot pass the bound (nor could hold it: mlx would wrap a
    Python int bound into the index dtype)."""
    lo, hi = rng
    return (-n if -n > lo else None), (n - 1 if n <= hi else None)


def _checked(indices: Any, n: int, func: str) -> mx.array | None:
    """Eagerly check Python indices; return ``None`` when ``indices`` is an mlx array."""
    if isinstance(indices, mx.array):
        return None
    a = np.asarray(indices)
    if a.dtype.kind not in "iu":
        raise TypeError(f"{func}: mlx indices must be integers, got {a.dtype}")
    if a.size and (a.min() < -n or a.max() >= n):
        raise IndexError(f"{func}: index out of range for an mlx axis of size {n}")
    return mx.array(np.where(a < 0, a + n, a).astype(np.int64))


# mlx: mx.take/take_along_axis read outside the array for out-of-range indices (garbage, or a
# crash); https://github.com/ml-explore/mlx/issues/594
def _clamp(idx: mx.array, lo: int | None, hi: int | None) -> tuple[mx.array, mx.array]:
    """Clamp ``idx`` into ``[lo, hi]`` (at least one given); also return the in-range mask.

    The clamped indices stay negative where they were: every mlx gather (cpu, metal, cuda) wraps
    an index in ``[-n, -1]`` itself (``offset_neg_idx``), and reads out of bounds for any other
    index outside ``[0, n)``, hence the clamp.
    """
    if lo is None:
        assert hi is not None
        c = mx.minimum(idx, hi)
    else:
        c = mx.maximum(idx, lo) if hi is None else mx.clip(idx, lo, hi)
    return c, c == idx


def _take_masked(x: mx.array, idx: mx.array, axis: int = 0) -> mx.array:
    """``take`` of clamped indices, the out-of-range positions filled; traced per shape (see
    :data:`_TAKE`), so the bounds are constants of the trace."""
    lo, hi = _limits(x.shape[axis], _RANGE[idx.dtype])
    c, ok = _clamp(idx, lo, hi)
    out = mx.take(x, c, axis=axis)
    if x.ndim != 1:
        shape = [1] * x.ndim
        shape[axis : axis + 1] = list(idx.shape)
        ok = ok.reshape(shape)
    return mx.where(ok, out, _FILL[x.dtype])


def _take_masked_1d(x: mx.array, idx: mx.array) -> mx.array:
    return _take_masked(x, idx)


#: :func:`_take_masked` compiled, for 1-d ``x`` and for the others: the clamp fuses into one
#: kernel before the gather, the comparison and the fill into one after it (1.0x-1.1x mx.take's
#: time at 100 000 elements, where three separate nodes took 1.15x-1.3x).
_TAKE_1D = Compiled(_take_masked_1d)
_TAKE = Compiled(_take_masked)
#: mlx's cpu kernels cannot hold a complex constant (the fill): the generated ``complex64_t(re,
#: im)`` has no such constructor and g++ fails, mlx 0.32.4 (no upstream issue found):
#: https://github.com/ml-explore/mlx/blob/v0.32.1/mlx/backend/common/compiled.h#L53-L61
_NOT_COMPILED = frozenset({mx.complex64})


@wraps_native()
@translates_errors
def take(x: mx.array, indices: Any, /, *, axis: int | None = None) -> mx.array:
    """Elements of ``x`` at ``indices`` along ``axis`` (see module docstring for range checks)."""
    try:
        if axis is None and type(indices) is mx.array:
            # hot path: 1-d x and an index array that can leave [-n, n): the compiled masked take
            xs = x.shape
            if len(xs) == 1:
                rng = _RANGE.get(indices.dtype)
                if rng is not None and 0 < xs[0] <= rng[1] and x.dtype not in _NOT_COMPILED:
                    return _TAKE_1D.pair(x, indices, xs)
        ndim = x.ndim
        if axis is None:
            if ndim != 1:
                raise ValueError(f"take: axis is required for an mlx array of ndim {ndim}")
            axis = 0
        elif type(axis) is not int:  # a numpy int or a 0-d array: its int, as numpy reads it
            axis = normalize_axis(index_argument(axis, "take", "mlx"), ndim, "take")
        elif not 0 <= axis < ndim:
            axis = normalize_axis(axis, ndim, "take")
        n = x.shape[axis]
        if not isinstance(indices, mx.array):
            checked = _checked(indices, n, "take")
            assert checked is not None
            if n == 0:
                shape = list(x.shape)
                shape[axis] = checked.size
                return mx.zeros(shape, dtype=x.dtype)
            return mx.take(x, checked, axis=axis)
        lo, hi = _index_dtype(indices, "take")
        if n == 0:
            shape = list(x.shape)
            shape[axis : axis + 1] = list(indices.shape)
            return mx.broadcast_to(_FILL[x.dtype], shape)
        if n > hi and -n <= lo:
            return mx.take(x, indices, axis=axis)  # every value of the index dtype is in range
        if x.dtype in _NOT_COMPILED:
            return _take_masked(x, indices, axis)
        return _TAKE_1D(x, indices) if ndim == 1 else _TAKE(x, indices, axis)
    except UNCLEAN as e:
        raise translate(e, "take", "mlx", (x, indices), {"axis": axis}) from e


@wraps_native()
def take_along_axis(x: mx.array, indices: Any, /, *, axis: int = -1) -> mx.array:
    """Values of ``x`` at ``indices`` along ``axis`` (see module docstring for range checks)."""
    ndim = x.ndim
    if type(indices) is mx.array and type(axis) is int and indices.ndim == ndim and ndim:
        # hot path: an index array of x's rank along an axis in range, a compilable dtype
        rng = _RANGE.get(indices.dtype)
        if rng is not None and -ndim <= axis < ndim and x.dtype not in _NOT_COMPILED:
            axis %= ndim
            n = x.shape[axis]
            if n and None not in _limits(n, rng):  # both bounds needed: the masked gather
                return _TAKE_ALONG(x, indices, axis)
    axis = normalize_axis(axis, x.ndim, "take_along_axis")
    n = x.shape[axis]
    checked = _checked(indices, n, "take_along_axis")
    if checked is not None:
        return mx.take_along_axis(x, checked, axis=axis)
    if indices.ndim != x.ndim:
        raise ValueError(
            f"take_along_axis: mlx indices of ndim {indices.ndim} must match x's ndim {x.ndim}"
        )
    rng = _index_dtype(indices, "take_along_axis")
    if n == 0:
        shape = list(mx.broadcast_shapes((*x.shape[:axis], 1, *x.shape[axis + 1 :]), indices.shape))
        return mx.broadcast_to(_FILL[x.dtype], shape)
    lo, hi = _limits(n, rng)
    if lo is None and hi is None:
        return mx.take_along_axis(x, indices, axis=axis)  # every index value is in range
    if x.dtype not in _NOT_COMPILED:
        return _TAKE_ALONG(x, indices, axis)
    return _take_along_masked(x, indices, axis)


def _take_along_masked(x: mx.array, indices: mx.array, axis: int) -> mx.array:
    """``take_along_axis`` of clamped indices, the out-of-range positions filled (as
    :func:`_take_masked`)."""
    idx, ok = _clamp(indices, *_limits(x.shape[axis], _RANGE[indices.dtype]))
    return mx.where(ok, mx.take_along_axis(x, idx, axis=axis), _FILL[x.dtype])


#: :func:`_take_along_masked` compiled (as :data:`_TAKE`): the clamp and the comparison fuse
#: into one kernel before the gather, the fill into one after it; four graph nodes were ~2x
#: mx.take_along_axis's evaluation time on small arrays
_TAKE_ALONG = Compiled(_take_along_masked)

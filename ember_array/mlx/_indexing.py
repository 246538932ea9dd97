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

from .. import _spec
from .._markers import wraps_native
from ._helpers import normalize_axis, scalar

__all__ = list(_spec.INDEXING)


def _fill_value(dtype: mx.Dtype) -> Any:
    if mx.issubdtype(dtype, mx.inexact):
        return float("nan")
    if dtype == mx.bool_:
        return False
    info = mx.iinfo(dtype)
    return info.min if mx.issubdtype(dtype, mx.signedinteger) else info.max


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
def _clamp(idx: mx.array, n: int) -> tuple[mx.array, mx.array]:
    """Wrap negative indices, clamp into ``[0, n)``; also return the in-range mask."""
    if not mx.issubdtype(idx.dtype, mx.integer):
        raise TypeError(f"take: mlx indices must have an integer dtype, got {idx.dtype}")
    if mx.issubdtype(idx.dtype, mx.signedinteger):
        idx = mx.where(idx < 0, idx + n, idx)
        ok = (idx >= 0) & (idx < n)
    else:
        ok = idx < n
    return mx.clip(idx, 0, max(n - 1, 0)), ok


@wraps_native()
def take(x: mx.array, indices: Any, /, *, axis: int | None = None) -> mx.array:
    """Elements of ``x`` at ``indices`` along ``axis`` (see module docstring for range checks)."""
    if axis is None:
        if x.ndim != 1:
            raise ValueError(f"take: axis is required for an mlx array of ndim {x.ndim}")
        axis = 0
    axis = normalize_axis(axis, x.ndim, "take")
    n = x.shape[axis]
    checked = _checked(indices, n, "take")
    if checked is not None:
        if n == 0:
            shape = list(x.shape)
            shape[axis] = checked.size
            return mx.zeros(shape, dtype=x.dtype)
        return mx.take(x, checked, axis=axis)
    idx, ok = _clamp(indices, n)
    if n == 0:
        shape = list(x.shape)
        shape[axis : axis + 1] = list(indices.shape)
        return mx.broadcast_to(scalar(_fill_value(x.dtype), x.dtype), shape)
    out = mx.take(x, idx, axis=axis)
    shape = [1] * x.ndim
    shape[axis : axis + 1] = list(indices.shape)
    return mx.where(ok.reshape(shape), out, scalar(_fill_value(x.dtype), x.dtype))


@wraps_native()
def take_along_axis(x: mx.array, indices: Any, /, *, axis: int = -1) -> mx.array:
    """Values of ``x`` at ``indices`` along ``axis`` (see module docstring for range checks)."""
    axis = normalize_axis(axis, x.ndim, "take_along_axis")
    n = x.shape[axis]
    checked = _checked(indices, n, "take_along_axis")
    if checked is not None:
        return mx.take_along_axis(x, checked, axis=axis)
    if indices.ndim != x.ndim:
        raise ValueError(
            f"take_along_axis: mlx indices of ndim {indices.ndim} must match x's ndim {x.ndim}"
        )
    idx, ok = _clamp(indices, n)
    if n == 0:
        shape = list(mx.broadcast_shapes((*x.shape[:axis], 1, *x.shape[axis + 1 :]), indices.shape))
        return mx.broadcast_to(scalar(_fill_value(x.dtype), x.dtype), shape)
    out = mx.take_along_axis(x, idx, axis=axis)
    return mx.where(ok, out, scalar(_fill_value(x.dtype), x.dtype))

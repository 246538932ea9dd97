"""Indexing functions of the dask namespace: ``take`` checked, ``take_along_axis`` added."""

from __future__ import annotations

import math
import operator
from functools import partial
from typing import Any

import dask.array as da
import numpy as np

from .._common._manipulation import broadcast_shapes
from .._markers import wraps_native
from ._native import COMPAT, DA

__all__ = ["take", "take_along_axis"]


def _in_range(idx: np.ndarray, n: int, name: str) -> np.ndarray:
    """``idx`` itself, or ``IndexError`` where an index leaves ``[-n, n)``: run on every block
    of a dask index array when it is computed, on a concrete one at once."""
    if idx.size and (idx.min() < -n or idx.max() >= n):
        raise IndexError(f"{name}() [dask]: index out of range for an axis of size {n}")
    return idx


# dask: take of an index beyond the axis returns another element (x[[9]] of 3 rows gives a
# row), where numpy and torch raise (no upstream issue found)
@wraps_native()
def take(x: da.Array, indices: Any, /, *, axis: int | None = None) -> da.Array:
    """``dask.array.take`` of indices checked against the axis: ``IndexError`` at once for
    concrete indices, when computed for a dask index array (never another element)."""
    if not isinstance(x, da.Array):
        raise TypeError(f"take() [dask]: x must be a dask array, got {type(x).__name__}")
    if axis is None:
        if x.ndim != 1:
            raise ValueError(f"take() [dask]: axis is required for a {x.ndim}-d x")
        axis = 0
    ax = operator.index(axis)
    if not -x.ndim <= ax < x.ndim:
        raise IndexError(f"take() [dask]: axis {axis} out of range for a {x.ndim}-d x")
    n = x.shape[ax]
    if not isinstance(indices, da.Array):
        indices = np.asarray(indices)
    if indices.dtype.kind not in "iu":
        raise TypeError(f"take() [dask]: indices must have an integer dtype, got {indices.dtype}")
    if math.isnan(n):  # a chunk of unknown length: dask's own behaviour
        pass
    elif isinstance(indices, da.Array):
        check = partial(_in_range, n=n, name="take")
        indices = DA.map_blocks(check, indices, dtype=indices.dtype)
    else:
        _in_range(indices, n, "take")
    return COMPAT.take(x, indices, axis=ax)


def _take_block(x: np.ndarray, idx: np.ndarray, axis: int) -> np.ndarray:
    # one block: x whole along ``axis``, idx the matching block of indices
    n = x.shape[axis]
    _in_range(idx, n, "take_along_axis")
    # negative indices count from the end, as in the standard's take
    return np.take_along_axis(x, np.where(idx < 0, idx + n, idx), axis=axis)


# dask: dask.array has no take_along_axis; https://github.com/dask/dask/issues/3663
def take_along_axis(x: da.Array, indices: da.Array, /, *, axis: int = -1) -> da.Array:
    """Elements of ``x`` at ``indices`` along ``axis``, the other axes broadcast.

    dask has no ``take_along_axis``. ``x`` is made one chunk along ``axis``; every block of
    ``indices`` then gathers from the matching block of ``x``, so the graph has one task per
    block of ``indices``. Out-of-range indices raise ``IndexError`` when computed.
    """
    if x.ndim == 0:
        raise ValueError("take_along_axis() [dask]: x must have at least one dimension")
    if indices.ndim != x.ndim:
        raise ValueError(
            f"take_along_axis() [dask]: indices must have x's {x.ndim} dimensions, "
            f"got shape {tuple(indices.shape)}"
        )
    if not np.issubdtype(indices.dtype, np.integer):
        raise TypeError(
            f"take_along_axis() [dask]: indices must have an integer dtype, got {indices.dtype}"
        )
    ax = operator.index(axis)
    if not -x.ndim <= ax < x.ndim:
        raise IndexError(f"take_along_axis() [dask]: axis {axis} out of range for {x.ndim}-d x")
    ax %= x.ndim
    # broadcast every axis but ``ax``
    others = broadcast_shapes(
        tuple(1 if i == ax else s for i, s in enumerate(x.shape)),
        tuple(1 if i == ax else s for i, s in enumerate(indices.shape)),
    )
    x = DA.broadcast_to(x, tuple(x.shape[ax] if i == ax else s for i, s in enumerate(others)))
    indices = DA.broadcast_to(
        indices, tuple(indices.shape[ax] if i == ax else s for i, s in enumerate(others))
    )
    x = DA.rechunk(x, {ax: -1})
    x_ind = tuple(range(x.ndim))
    # a separate index letter for ``ax`` on the output, so the two lengths may differ
    out_ind = tuple(x.ndim if i == ax else i for i in x_ind)
    return DA.blockwise(
        _take_block,
        out_ind,
        x,
        x_ind,
        indices,
        out_ind,
        axis=ax,
        dtype=x.dtype,
        concatenate=True,
        meta=np.empty((0,) * x.ndim, dtype=x.dtype),
    )

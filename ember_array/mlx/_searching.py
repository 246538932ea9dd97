"""Searching functions: index results are int64 (mlx returns uint32)."""

from __future__ import annotations

from typing import Any

import mlx.core as mx
import numpy as np

from .. import _spec
from .._markers import forces_evaluation, wraps_native
from ._elementwise import _COMPLEX, _no_complex128
from ._helpers import INDEX, from_numpy, scalar

__all__ = list(_spec.SEARCHING)


@wraps_native()
def argmax(x: mx.array, /, *, axis: int | None = None, keepdims: bool = False) -> mx.array:
    """Index of the maximum, as int64 (``mx.argmax`` returns uint32)."""
    if x.ndim == 0:
        # mlx: mx.argmax of a 0-d array with keepdims=True dies in std::vector
        # (no upstream issue found)
        return mx.zeros((), dtype=INDEX)
    return mx.argmax(x, axis=axis, keepdims=keepdims).astype(INDEX)


@wraps_native()
def argmin(x: mx.array, /, *, axis: int | None = None, keepdims: bool = False) -> mx.array:
    """Index of the minimum, as int64 (``mx.argmin`` returns uint32)."""
    if x.ndim == 0:
        # mlx: mx.argmin of a 0-d array with keepdims=True dies in std::vector
        # (no upstream issue found)
        return mx.zeros((), dtype=INDEX)
    return mx.argmin(x, axis=axis, keepdims=keepdims).astype(INDEX)


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
    return mx.count_nonzero(x, axis=ax, keepdims=keepdims).astype(INDEX)


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
    if x2.ndim == 0:
        return mx.searchsorted(x1, x2.reshape(1), side=side).reshape(()).astype(INDEX)
    return mx.searchsorted(x1, x2, side=side).astype(INDEX)


@wraps_native()
def where(condition: mx.array, x1: Any, x2: Any, /) -> mx.array:
    """Elements of ``x1`` where ``condition`` holds, else ``x2`` (Python scalars take the
    other argument's dtype)."""
    if not isinstance(x1, mx.array) and isinstance(x2, mx.array):
        x1 = _scalar_like(x1, x2)
    elif not isinstance(x2, mx.array) and isinstance(x1, mx.array):
        x2 = _scalar_like(x2, x1)
    out = mx.where(condition, x1, x2)
    if out.dtype in _COMPLEX:
        _no_complex128("where", x1, x2)
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

"""Utility functions ``all``, ``any`` and ``diff``."""

from __future__ import annotations

from typing import Any

import mlx.core as mx

from .. import _spec
from ._helpers import normalize_axis
from ._manipulation import concat

__all__ = list(_spec.UTILITY)


def all(
    x: mx.array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> mx.array:
    """Whether all elements are true (tuple axes accepted; ``()`` reduces nothing)."""
    ax: Any = axis
    if isinstance(axis, tuple):
        if not axis:
            return x.astype(mx.bool_)
        ax = list(axis)
    return mx.all(x, axis=ax, keepdims=keepdims)


def any(
    x: mx.array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> mx.array:
    """Whether any element is true (tuple axes accepted; ``()`` reduces nothing)."""
    ax: Any = axis
    if isinstance(axis, tuple):
        if not axis:
            return x.astype(mx.bool_)
        ax = list(axis)
    return mx.any(x, axis=ax, keepdims=keepdims)


def diff(
    x: mx.array,
    /,
    *,
    axis: int = -1,
    n: int = 1,
    prepend: mx.array | None = None,
    append: mx.array | None = None,
) -> mx.array:
    """``n``-th discrete difference along ``axis`` (``mx.diff`` has no ``prepend``/``append``)."""
    axis = normalize_axis(axis, x.ndim, "diff")
    if prepend is not None or append is not None:
        parts = [p for p in (prepend, x, append) if p is not None]
        x = concat(parts, axis=axis)
    if n == 0:
        return x
    if x.dtype == mx.bool_:
        # mx.diff of bool is subtraction-free; the standard's bool diff is "not equal"
        for _ in range(n):
            length = x.shape[axis]
            a = mx.take(x, mx.arange(1, length), axis=axis)
            b = mx.take(x, mx.arange(0, length - 1), axis=axis)
            x = a != b
        return x
    return mx.diff(x, n=n, axis=axis)

"""Utility functions ``all``, ``any`` and ``diff``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import mlx.core as mx

from .._common._guards import diff_order
from .._common._scalars import keepdims_as_numpy
from .._markers import wraps_native
from .._spec import UTILITY
from ._helpers import normalize_axis
from ._manipulation import concat

__all__ = list(UTILITY)


def _empty_reduction(x: mx.array, axis: Any, keepdims: bool, value: bool, func: str) -> mx.array:
    """The result of ``all``/``any`` over an array with no elements, from its shape alone."""
    axes = range(x.ndim) if axis is None else (axis,) if isinstance(axis, int) else axis
    picked = {normalize_axis(a, x.ndim, func) for a in axes}
    if keepdims:
        shape = tuple(1 if i in picked else d for i, d in enumerate(x.shape))
    else:
        shape = tuple(d for i, d in enumerate(x.shape) if i not in picked)
    return mx.full(shape, value, dtype=mx.bool_)


def _truth(native: Callable[..., mx.array], empty: bool, doc: str) -> Callable[..., mx.array]:
    """``all``/``any``: ``native`` (``mx.all``/``mx.any``) with tuple axes; over no elements,
    ``empty`` in the result's shape."""
    name = native.__name__

    @wraps_native()
    def reduce(
        x: mx.array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
    ) -> mx.array:
        if axis == ():
            return x.astype(mx.bool_)
        if 0 in x.shape:
            # mlx: mx.all/mx.any over an empty array can hang when repeated
            # (no upstream issue found)
            # The answer is known statically.
            return _empty_reduction(x, axis, keepdims, empty, name)
        try:
            return native(x, axis=list(axis) if type(axis) is tuple else axis, keepdims=keepdims)
        except TypeError as e:
            return reduce(x, axis=axis, keepdims=keepdims_as_numpy(e, keepdims))

    reduce.__name__ = reduce.__qualname__ = name
    reduce.__doc__ = doc
    return reduce


all = _truth(
    mx.all, True, "Whether all elements are true (tuple axes accepted; ``()`` reduces nothing)."
)
any = _truth(
    mx.any, False, "Whether any element is true (tuple axes accepted; ``()`` reduces nothing)."
)


@wraps_native()
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
    # mlx: mx.diff loops n times, n=2**40 never returns (no upstream issue found)
    # Past the axis length it is empty anyway.
    n = diff_order("diff", "mlx", n, x.shape[axis])
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

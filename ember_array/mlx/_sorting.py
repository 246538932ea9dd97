"""Sorting functions with ``descending=`` and ``stable=`` (mlx has neither); indices are int64."""

from __future__ import annotations

import mlx.core as mx

from .._boundary import UNCLEAN, translate, translates_errors
from .._markers import wraps_native
from .._spec import SORTING
from ._helpers import INDEX, normalize_axis

__all__ = list(SORTING)

_INDEX = mx.int64  # INDEX's native object: nanobind converts it a little faster


@wraps_native()
@translates_errors
def argsort(
    x: mx.array, /, *, axis: int = -1, descending: bool = False, stable: bool = True
) -> mx.array:
    """Indices that sort ``x`` along ``axis``, as int64 (``mx.argsort`` returns uint32).

    ``mx.argsort`` is stable; a descending stable sort is obtained by sorting the reversed array
    and mapping the indices back, so ties keep their original order.
    """
    try:
        if axis == -1 and not descending:  # hot path: no axis arithmetic
            try:
                return mx.argsort(x).astype(_INDEX)
            except IndexError:  # a 0-d x (mx.argsort has no axis -1 there): below
                pass
        if x.ndim == 0:
            return mx.zeros((), dtype=INDEX)
        axis = normalize_axis(axis, x.ndim, "argsort")
        if not descending:
            return mx.argsort(x, axis=axis).astype(INDEX)
        n = x.shape[axis]
        rev = mx.argsort(mx.flip(x, axis=axis), axis=axis).astype(INDEX)
        return (n - 1) - mx.flip(rev, axis=axis)
    except UNCLEAN as e:
        raise translate(
            e, "argsort", "mlx", (x,), {"axis": axis, "descending": descending, "stable": stable}
        ) from e


@wraps_native()
def sort(
    x: mx.array, /, *, axis: int = -1, descending: bool = False, stable: bool = True
) -> mx.array:
    """Sorted copy of ``x`` along ``axis``; ``descending=True`` reverses the order."""
    if axis == -1 and not descending and x.ndim:  # hot path: no axis arithmetic
        return mx.sort(x, axis=-1)
    if x.ndim == 0:
        return x
    axis = normalize_axis(axis, x.ndim, "sort")
    out = mx.sort(x, axis=axis)
    return mx.flip(out, axis=axis) if descending else out

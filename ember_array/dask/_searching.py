"""Searching functions of the dask namespace: ``nonzero`` and ``searchsorted`` fixed."""

from __future__ import annotations

import dask.array as da
import numpy as np

from .._markers import wraps_native
from ._manipulation import reshape_any
from ._native import DA

__all__ = ["nonzero", "searchsorted"]


@wraps_native()
def nonzero(x: da.Array, /) -> tuple[da.Array, ...]:
    """The indices of the non-zero elements of ``x``, one array per axis.

    The number of non-zero elements depends on the data: the results have unknown chunk
    sizes until computed.
    """
    if x.ndim == 0:
        raise ValueError("nonzero() [dask]: x must have at least one dimension")
    if 0 in x.shape:
        return tuple(DA.zeros((0,), dtype=np.intp) for _ in x.shape)
    # dask: nonzero ravels x, which fails for chunks that do not merge evenly;
    # https://github.com/dask/dask/issues/2561
    flat = reshape_any(x, (-1,), "nonzero")
    (idx,) = DA.nonzero(flat)
    return tuple(DA.unravel_index(idx, x.shape))


# dask: searchsorted has no sorter (NotImplementedError);
# https://github.com/dask/dask/pull/7696
@wraps_native()
def searchsorted(
    x1: da.Array,
    x2: da.Array,
    /,
    *,
    side: str = "left",
    sorter: da.Array | None = None,
) -> da.Array:
    """Insertion points of ``x2`` in the sorted 1-d ``x1`` (or ``x1[sorter]``).

    ``dask.array.searchsorted`` fails on a 0-d ``x2`` and has no ``sorter``.
    """
    if side not in ("left", "right"):
        raise ValueError(f"searchsorted() [dask]: side must be 'left' or 'right', got {side!r}")
    if x1.ndim != 1:
        raise ValueError(f"searchsorted() [dask]: x1 must be 1-d, got shape {tuple(x1.shape)}")
    if not isinstance(x2, da.Array):
        # a Python scalar (2025.12) takes x1's dtype
        x2 = DA.asarray(np.asarray(x2, dtype=x1.dtype))
    if sorter is not None:
        x1 = DA.take(x1, sorter)
    if 0 in x2.shape:
        # dask: searchsorted returns a wrongly shaped result for an empty x2
        # (no upstream issue found)
        return DA.zeros(x2.shape, dtype=np.intp)
    if x2.ndim == 0:
        # dask: searchsorted fails on a 0-d x2 (no upstream issue found)
        return DA.reshape(DA.searchsorted(x1, DA.reshape(x2, (1,)), side=side), ())
    return DA.searchsorted(x1, x2, side=side)

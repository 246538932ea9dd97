"""Set functions of the dask namespace: every NaN a distinct value, as the standard says."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import dask.array as da
import numpy as np

from .. import numpy as _enp_module
from .._markers import wraps_native
from ._manipulation import reshape_any
from ._native import DA

__all__ = ["unique_all", "unique_counts", "unique_inverse", "unique_values"]

_enp: Any = _enp_module

# dask: unique merges NaNs into one value, the standard counts every NaN as a distinct value
# (numpy >= 2 does) (no upstream issue found)
# Output sizes depend on the data, so chunks are unknown.


def _nan_split(x: da.Array) -> tuple[da.Array, da.Array | None]:
    flat = reshape_any(x, (-1,), "unique_values")
    if flat.dtype.kind not in "fc":
        return flat, None
    nan = DA.isnan(flat)
    return flat[~nan], flat[nan]


@wraps_native()
def unique_values(x: da.Array, /) -> da.Array:
    """The distinct values of ``x`` (sorted; every NaN kept, at the end)."""
    values, nans = _nan_split(x)
    out = DA.unique(values)
    return out if nans is None else DA.concatenate([out, nans])


@wraps_native()
def unique_counts(x: da.Array, /) -> Any:
    """The distinct values of ``x`` and how often each occurs (every NaN once).

    Integer input is reduced chunk by chunk; floating input in one task.
    """
    if x.dtype.kind in "fc":
        # dask: unique(return_counts=True) fails on an array of unknown length
        # (no upstream issue found)
        # One task instead.
        return _one_chunk(_enp.unique_counts, x, {})
    out, counts = DA.unique(reshape_any(x, (-1,), "unique_counts"), return_counts=True)
    return _enp.unique_counts(np.zeros(0, x.dtype)).__class__(out, counts.astype(np.int64))


def _one_chunk(func: Callable[..., Any], x: da.Array, known: dict[int, int]) -> Any:
    """``func`` of all of ``x`` flattened, in one task (every value is needed at once).

    Output ``i`` has length ``known[i]`` when given (the inverse indices: one per element),
    otherwise an unknown length.
    """
    flat = DA.rechunk(reshape_any(x, (-1,), func.__name__), -1)
    sample = func(np.zeros(1, x.dtype))
    parts = [
        DA.map_blocks(
            lambda b, i=i: func(b)[i],
            flat,
            dtype=part.dtype,
            chunks=((known.get(i, np.nan),),),
            meta=np.empty(0, part.dtype),
        )
        for i, part in enumerate(sample)
    ]
    return sample.__class__(*parts)


def unique_inverse(x: da.Array, /) -> Any:
    """The distinct values of ``x`` and, for every element, the index of its value.

    Computed in one task (every value is needed at once); ``inverse_indices`` has ``x``'s
    shape once computed.
    """
    res = _one_chunk(_enp.unique_inverse, x, {1: math.prod(x.shape)})
    return res.__class__(res.values, reshape_any(res.inverse_indices, x.shape))


def unique_all(x: da.Array, /) -> Any:
    """Values, first indices, inverse indices and counts of the distinct values of ``x``.

    Computed in one task (every value is needed at once).
    """
    res = _one_chunk(_enp.unique_all, x, {2: math.prod(x.shape)})
    inverse = reshape_any(res.inverse_indices, x.shape)
    return res.__class__(res.values, res.indices, inverse, res.counts)

"""Fixes for the standard functions torch (via array-api-compat) gets wrong.

Each function names the native behaviour it corrects. Names not defined here
are taken unchanged from ``array_api_compat.torch``.
"""

from __future__ import annotations

from typing import NamedTuple

import torch

from .._common import _data_types
from .._namespace import bind_xp

__all__ = ["finfo", "iinfo", "std", "unique_all"]

_bind = bind_xp(torch, __name__.rpartition(".")[0])

# torch.finfo/iinfo report dtype as a string and uint64's max as a float.
finfo = _bind(_data_types.finfo)
iinfo = _bind(_data_types.iinfo)


def std(
    x: torch.Tensor,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> torch.Tensor:
    """Standard deviation over ``axis`` with ``correction`` degrees of freedom removed.

    array-api-compat raises NotImplementedError for a non-integer
    ``correction``, which torch itself supports.
    """
    if axis == ():
        # torch reduces over every axis when given dim=() (pytorch#29137).
        return torch.zeros_like(x)
    if axis is None:
        axis = tuple(range(x.ndim))
    elif isinstance(axis, int):
        axis = (axis,)
    return torch.std(x, axis, correction=correction, keepdim=keepdims)


class UniqueAllResult(NamedTuple):
    """The standard's result of ``unique_all``."""

    values: torch.Tensor
    indices: torch.Tensor
    inverse_indices: torch.Tensor
    counts: torch.Tensor


def unique_all(x: torch.Tensor, /) -> UniqueAllResult:
    """Unique values with first-occurrence indices, inverse indices and counts.

    array-api-compat raises NotImplementedError (torch.unique has no
    ``return_index``); the first occurrence of each value is the smallest flat
    position mapping to it, found with one ``scatter_reduce``. NaNs are
    distinct values, as the standard asks. The output shape depends on the
    data, so this synchronizes a GPU device.
    """
    flat = x.reshape(-1)
    values, inverse, counts = torch.unique(
        flat, sorted=True, return_inverse=True, return_counts=True
    )
    positions = torch.arange(flat.shape[0], device=x.device)
    indices = torch.full(values.shape, flat.shape[0], dtype=torch.int64, device=x.device)
    indices = indices.scatter_reduce(0, inverse, positions, reduce="amin", include_self=True)
    return UniqueAllResult(values, indices, inverse.reshape(x.shape), counts)

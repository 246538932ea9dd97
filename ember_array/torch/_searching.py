"""Searching functions: ``argmax``/``argmin`` (uint16/32/64 in their order-preserving view),
``count_nonzero`` (``axis=()``), ``nonzero``, ``searchsorted`` (``sorter`` of any integer
dtype), ``where`` (uint16/32/64 promoted; a condition of any dtype read as "nonzero")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import array_api_compat.torch as _compat
import torch

from .._common._scalars import truthy
from .._markers import wraps_native
from . import _device_kernels as _dk  # by module: tests replace its predicates
from ._data_types import result_type
from ._indexing import long_indices
from ._uints import UINTS, bitwise, ordered, promote, route_unary, to_bits

__all__ = ["argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where"]

#: array-api-compat's functions called here, typed (its stubs declare no return types)
_compat_count_nonzero: Callable[..., torch.Tensor] = _compat.count_nonzero
_compat_where: Callable[..., torch.Tensor] = _compat.where
_uint_argmax: Callable[..., torch.Tensor] = ordered(torch.argmax, back=False)
_uint_argmin: Callable[..., torch.Tensor] = ordered(torch.argmin, back=False)
_uint_searchsorted: Callable[..., torch.Tensor] = ordered(torch.searchsorted, data=2, back=False)
_uint_where: Callable[..., torch.Tensor] = bitwise(_compat.where, data=3)


def _arg_reduction(
    native: Callable[..., torch.Tensor], uint: Callable[..., torch.Tensor], name: str
) -> Callable[..., torch.Tensor]:
    """``argmax``/``argmin``: ``native`` (``torch.argmax``), ``uint`` for uint16/32/64; a
    non-bool ``keepdims`` is read as its truth once torch has refused it, as numpy reads it."""

    @wraps_native()
    def reduction(
        x: torch.Tensor, /, *, axis: int | None = None, keepdims: bool = False
    ) -> torch.Tensor:
        try:
            if x.dtype in UINTS:
                return uint(x, axis, keepdims)
            return native(x, axis, keepdims)
        except TypeError:
            flags = truthy(keepdims=keepdims)
            if flags is None:
                raise
            return reduction(x, axis=axis, **flags)

    reduction.__name__ = reduction.__qualname__ = name
    reduction.__doc__ = f"``torch.{name}``."
    return reduction


argmax = _arg_reduction(torch.argmax, _uint_argmax, "argmax")
argmin = _arg_reduction(torch.argmin, _uint_argmin, "argmin")
nonzero = route_unary(_compat.nonzero, bitwise(_compat.nonzero, back=False))


# torch: reductions given dim=() reduce over every axis instead of none;
# https://github.com/pytorch/pytorch/issues/29137
@wraps_native()
def count_nonzero(
    x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> torch.Tensor:
    """Number of non-zero elements over ``axis``; ``axis=()`` reduces nothing.

    torch.count_nonzero reduces over every axis when given dim=() (pytorch#29137).
    """
    if axis == ():
        return (x != 0).to(torch.int64)
    if x.dtype in UINTS:  # "nonzero_count_cpu" not implemented for 'UInt16': count the bits
        x = to_bits(x)
    return _compat_count_nonzero(x, axis=axis, keepdims=keepdims)


@wraps_native()
def searchsorted(
    x1: torch.Tensor,
    x2: torch.Tensor | int | float,
    /,
    *,
    side: str = "left",
    sorter: torch.Tensor | None = None,
) -> torch.Tensor:
    """``torch.searchsorted`` with ``sorter`` of any integer dtype (torch's must be int64) and
    uint16/32/64 values (no kernel: searched in the order-preserving signed view)."""
    if x1.dtype in UINTS:
        if isinstance(x2, torch.Tensor) and x2.dtype != x1.dtype:
            # search in the promoted dtype: the signed view would reinterpret other dtypes' bits
            common = result_type(x1, x2)
            if common != x1.dtype:
                return searchsorted(x1.to(common), x2.to(common), side=side, sorter=sorter)
            x2 = x2.to(common)
        return _uint_searchsorted(x1, x2, side=side, sorter=long_indices(sorter))
    if sorter is None and side == "left":
        return torch.searchsorted(x1, x2)
    return torch.searchsorted(x1, x2, side=side, sorter=long_indices(sorter))


@wraps_native()
def where(condition: torch.Tensor, x1: Any, x2: Any, /) -> torch.Tensor:
    """``torch.where``; uint16/32/64 operands promoted by the standard's table (torch refuses),
    and selected as signed bits where torch has no where kernel for them (CUDA)."""
    if getattr(x1, "dtype", None) in UINTS or getattr(x2, "dtype", None) in UINTS:
        x1, x2 = promote(x1, x2)
        x = x1 if isinstance(x1, torch.Tensor) else x2
        if x.dtype in UINTS and _dk.uint_views_needed(x):
            # torch: CUDA has no uint16/32/64 where ("where_cuda" not implemented for 'UInt32');
            # https://github.com/pytorch/pytorch/issues/58734
            return _uint_where(condition, x1, x2)
    try:
        return _compat_where(condition, x1, x2)
    except RuntimeError:
        if not isinstance(condition, torch.Tensor) or condition.dtype == torch.bool:
            raise
        # torch: where needs a bool condition, numpy, mlx and dask read any dtype as "nonzero"
        # (https://github.com/pytorch/pytorch/issues/118093): one meaning on every backend
        return _compat_where(condition != 0, x1, x2)

"""Indexing functions: ``take`` and ``take_along_axis`` with negative indices, indices of any
integer dtype and uint16/32/64 data, and, on a GPU, gathers that never index out of range
(out-of-range positions hold a fill, as on mlx: no device-side assert)."""

from __future__ import annotations

import builtins
from collections.abc import Callable
from typing import Any

import array_api_compat.torch as _compat
import torch

from .._boundary import UNCLEAN, translate, translates_errors
from .._common._scalars import as_numpy_reads, index_argument
from .._markers import wraps_native
from ._autograd import is_compiling
from ._uints import UINTS, to_bits

__all__ = ["long_indices", "take", "take_along_axis"]

_Tensor = torch.Tensor
#: array-api-compat's and torch's functions called here, typed (their stubs declare no types)
_compat_take_along_axis: Callable[..., torch.Tensor] = _compat.take_along_axis
_broadcast_shapes: Callable[..., torch.Size] = torch.broadcast_shapes

_INT_INDICES = frozenset((torch.int32, torch.int64))


#: index dtypes torch indexing does not read as indices (a mask, or "tensors used as indices
#: must be long, int, byte or bool tensors"): made int64
_NOT_INDICES = frozenset((torch.bool, torch.uint8, torch.int8, torch.int16, *UINTS))


#: integer index dtypes torch's take_along_dim, repeat_interleave and searchsorted's sorter
#: reject ("dtype of indices should be Long"): cast to int64 first
_SHORT_INDICES = frozenset(
    (torch.int8, torch.int16, torch.int32, torch.uint8, torch.uint16, torch.uint32, torch.uint64)
)


def long_indices(indices: Any) -> Any:
    """``indices`` as int64 where torch takes no other integer dtype (:data:`_SHORT_INDICES`)."""
    if getattr(indices, "dtype", None) in _SHORT_INDICES:
        return indices.to(torch.int64)
    return indices


# array-api-compat: torch take adds a torch.where pass for negative indices (~20 µs), as
# torch.index_select rejects them (no upstream issue found)
@wraps_native()
@translates_errors
def take(x: torch.Tensor, indices: torch.Tensor, /, *, axis: int | None = None) -> torch.Tensor:
    """Elements of ``x`` at ``indices`` along ``axis`` (negative indices count from the end).

    torch.index_select rejects negative indices; array-api-compat adds a
    ``torch.where`` pass (~20 µs on small tensors). Basic indexing handles
    negative indices and raises IndexError out of bounds, at a quarter of the cost;
    for a 1-d tensor and int64 indices ``torch.take`` does the same and is ~1.4x faster
    still (no advanced-indexing machinery).
    """
    try:
        if isinstance(indices, _Tensor) and not indices.is_cpu:
            return _take_masked(x, indices, axis)
        if (
            getattr(indices, "dtype", None) is torch.int64
            and x.ndim == 1
            and axis in (None, 0, -1)
            and x.dtype not in UINTS
        ):
            return torch.take(x, indices)
        if (
            x.dtype in UINTS
        ):  # no take or indexing kernel ("index_cpu" not implemented for 'UInt16')
            return take(to_bits(x), indices, axis=axis).view(x.dtype)
        if isinstance(indices, torch.Tensor) and indices.dtype in _NOT_INDICES:
            if indices.dtype == torch.bool:
                raise TypeError("take() [torch]: indices must have an integer dtype, got bool")
            # torch: indexing reads a uint8 tensor as a boolean mask (deprecated behaviour), and
            # takes no int8/int16/uint16/uint32/uint64 indices;
            # https://github.com/pytorch/pytorch/issues/29365
            indices = indices.to(torch.int64)
        if axis is None:
            if x.ndim != 1:
                raise ValueError(f"take(): axis is required for a {x.ndim}-d torch tensor")
            return x[indices]
        if type(axis) is not int:  # a numpy int or a 0-d array: its int, as numpy reads it
            axis = index_argument(axis, "take", "torch")
        if not -x.ndim <= axis < x.ndim:
            raise ValueError(f"take(): axis {axis} out of range for a {x.ndim}-d torch tensor")
        return x[(slice(None),) * (axis % x.ndim) + (indices,)]
    except UNCLEAN as e:
        raise translate(e, "take", "torch", (x, indices), {"axis": axis}) from e


# torch: an out-of-range index on a GPU trips a device-side assert, after which every CUDA call
# of the process fails (CPU kernels raise IndexError); https://github.com/pytorch/pytorch/issues/30569
def _fill(dtype: torch.dtype) -> Any:
    """What an out-of-range position of a device gather holds: mlx's rule (module docs)."""
    if dtype.is_floating_point or dtype.is_complex:
        return float("nan")
    if dtype is torch.bool:
        return False
    info = torch.iinfo(dtype)
    return info.min if info.min < 0 else info.max


def _gather_source(x: torch.Tensor) -> tuple[torch.Tensor, Any]:
    """What a masked gather reads (uint16/32/64: their signed bits, which have where and index
    kernels) and the fill of its out-of-range positions (-1: the unsigned maximum's bits)."""
    if x.dtype in UINTS:
        return to_bits(x), -1
    return x, _fill(x.dtype)


def _safe_indices(indices: torch.Tensor, n: int) -> tuple[torch.Tensor, torch.Tensor]:
    """Indices into a length-``n`` axis clamped into ``[-n, n)``, and where they already were.

    No host value is read (the GPU stays asynchronous, graphs whole): out-of-range indices
    gather an end and are masked afterwards. Two kernels: a clamp and the comparison with it.
    """
    if indices.dtype not in _INT_INDICES:
        indices = long_indices(indices)
        if indices.dtype not in _INT_INDICES:
            raise TypeError(f"indices must have an integer dtype, got {indices.dtype}")
    clamped = torch.clamp(indices, -n, n - 1)
    return clamped, clamped == indices


def _take_masked(x: torch.Tensor, indices: torch.Tensor, axis: int | None) -> torch.Tensor:
    """:func:`take` on a GPU: out-of-range positions hold :func:`_fill` (no device assert)."""
    if axis is None:
        if x.ndim != 1:
            raise ValueError(f"take(): axis is required for a {x.ndim}-d torch tensor")
        axis = 0
    if not -x.ndim <= axis < x.ndim:
        raise ValueError(f"take(): axis {axis} out of range for a {x.ndim}-d torch tensor")
    axis %= x.ndim
    if indices.ndim != 1:
        raise ValueError(f"take(): indices must be 1-d, got {indices.ndim}-d")
    src, fill = _gather_source(x)
    shape = (*x.shape[:axis], indices.shape[0], *x.shape[axis + 1 :])
    n = x.shape[axis]
    if n == 0:
        out = torch.full(shape, fill, dtype=src.dtype, device=x.device)
    else:
        safe, valid = _safe_indices(indices, n)
        if x.ndim == 1:  # torch.take counts negative indices from the end
            got = torch.take(src, safe if safe.dtype is torch.int64 else safe.long())
        else:  # index_select takes none
            got = torch.index_select(src, axis, torch.remainder(safe, n))
        out = torch.where(valid.reshape((-1,) + (1,) * (x.ndim - axis - 1)), got, fill)
    return out if src is x else out.view(x.dtype)  # a uint's signed bits viewed back


@wraps_native("take_along_dim")
def take_along_axis(x: torch.Tensor, indices: torch.Tensor, /, *, axis: int = -1) -> torch.Tensor:
    """``torch.take_along_dim`` with negative indices, indices of any integer dtype (torch's
    must be int64) and ``x`` of uint16/32/64 (no gather kernel: moved as signed bits)."""
    try:
        indices = long_indices(indices)
        if isinstance(indices, _Tensor) and not indices.is_cpu:
            return _take_along_masked(x, indices, axis)
        if (
            isinstance(x, _Tensor)
            and x.dtype not in UINTS
            and x.ndim == indices.ndim
            and not is_compiling()
            and _same_but(x.shape, indices.shape, axis)
        ):
            # torch: take_along_dim wraps negative and out-of-range CPU indices silently (index 4
            # of 4 reads another row), and array-api-compat adds three kernels for the negative
            # ones (https://github.com/pytorch/pytorch/issues/146211); gather, one kernel, checks
            # every index and raises: then negative ones are wrapped and gather checks again
            try:
                return torch.gather(x, axis, indices)
            except RuntimeError:
                n = x.shape[axis]
                return torch.gather(x, axis, torch.where(indices < 0, indices + n, indices))
        if x.dtype in UINTS:
            return _take_along_checked(to_bits(x), indices, axis).view(x.dtype)
        return _take_along_checked(x, indices, axis)
    except TypeError:
        fixed = as_numpy_reads(ints={"axis": axis})  # axis=True: 1, as numpy reads it
        if fixed is None:
            raise
        return take_along_axis(x, indices, **fixed)


# torch: take_along_dim(dim=...) wraps an out-of-range index into the axis (another element)
# where gather raises; https://github.com/pytorch/pytorch/issues/196106
# Broadcast as take_along_dim does, then gather (IndexError).
def _take_along_checked(x: torch.Tensor, indices: torch.Tensor, axis: int) -> torch.Tensor:
    if x.ndim == 0 or indices.ndim != x.ndim or not -x.ndim <= axis < x.ndim:
        return _compat_take_along_axis(x, indices, axis=axis)
    ax = axis % x.ndim
    n = x.shape[ax]
    idx = torch.where(indices < 0, indices + n, indices)
    rest = _broadcast_shapes(
        (*x.shape[:ax], 1, *x.shape[ax + 1 :]), (*idx.shape[:ax], 1, *idx.shape[ax + 1 :])
    )
    xb = x.expand(*rest[:ax], n, *rest[ax + 1 :])
    ib = idx.expand(*rest[:ax], idx.shape[ax], *rest[ax + 1 :])
    return torch.gather(xb, ax, ib)


def _same_but(a: Any, b: Any, axis: int) -> bool:
    """Whether shapes ``a`` and ``b`` (of one length) agree on every axis but ``axis``: then
    ``gather`` needs no broadcasting."""
    n = len(a)
    if not -n <= axis < n:
        return False
    axis %= n
    return builtins.all(a[d] == b[d] for d in range(n) if d != axis)


def _take_along_masked(x: torch.Tensor, indices: torch.Tensor, axis: int) -> torch.Tensor:
    """:func:`take_along_axis` on a GPU: out-of-range positions hold :func:`_fill`."""
    if x.ndim == 0 or not -x.ndim <= axis < x.ndim:
        raise ValueError(f"take_along_axis(): axis {axis} out of range for a {x.ndim}-d tensor")
    src, fill = _gather_source(x)
    n = x.shape[axis]
    if n == 0:  # every index is out of range: the broadcast shape, all fill
        safe = torch.zeros_like(indices)
        shape = _compat_take_along_axis(
            torch.zeros((*x.shape[:axis], 1, *x.shape[axis + 1 :]), device="meta"),
            safe.to("meta"),
            axis=axis,
        ).shape
        out = torch.full(shape, fill, dtype=src.dtype, device=x.device)
    else:
        safe, valid = _safe_indices(indices, n)
        got = torch.take_along_dim(src, torch.remainder(safe, n), dim=axis)  # no negatives
        out = torch.where(valid, got, fill)
    return out if src is x else out.view(x.dtype)  # a uint's signed bits viewed back

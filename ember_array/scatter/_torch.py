"""torch's scatter: ``index_add_`` and ``scatter_reduce_(include_self=False)``."""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import Any

from .._helpers import is_eager_cpu_tensor
from ._checks import Args

__all__ = ["scatter_torch"]


def scatter_torch(values: Any, index: Any, a: Args) -> Any:
    """torch's native scatter of checked arguments, invalid indices dropped without a sync."""
    torch = sys.modules["torch"]  # imported: the values are tensors (an import costs ~0.4 us)

    s = a.segments
    v = values if values.dtype == a.out_dtype else values.to(a.out_dtype)
    if v.dtype in _torch_uints():
        return _torch_uint(v, index, a)
    idx = index if index.dtype in (torch.int64, torch.int32) else index.to(torch.int64)
    if is_eager_cpu_tensor(idx):  # a tensor: is_eager_host's torch half
        # torch's CPU kernels check every index and raise (IndexError from index_add_,
        # RuntimeError from scatter_reduce_) before the result is used: valid indices, the
        # common case, go straight to the native scatter at no extra cost, and any invalid
        # one redoes the scatter the safe way below. Not on CUDA: a device assert there is fatal.
        try:
            return _torch_reduce(v, idx, a, s, 0, inplace=True)
        except (IndexError, RuntimeError):
            pass
    # torch: index_add/scatter_reduce raise on indices outside [0, s), a fatal device assert on
    # CUDA, and a check would sync (no upstream issue found)
    # clamp to [-1, s] and shift by one: slot 0 collects negatives, slot s + 1 the rest, and
    # both are sliced off.
    safe = torch.clamp(idx, -1, s).add_(1)
    return _torch_reduce(v, safe, a, s + 2, 1, inplace=False)


#: ``ember_array.torch._uints.UINTS``, once imported (an import statement costs ~1 us a call)
_UINTS: frozenset[Any] | None = None


def _torch_uints() -> frozenset[Any]:
    # a global, not functools.cache: Dynamo warns of, and skips, an lru_cache wrapper
    global _UINTS
    if _UINTS is None:
        from ..torch._uints import UINTS

        _UINTS = UINTS
    return _UINTS


def _torch_uint(v: Any, index: Any, a: Args) -> Any:
    """uint16/32/64: reduced as the signed type of the same width, the values and the fill
    translated there and back (``ember_array.torch._uints``): bit views for sums and products
    (wrapping arithmetic is the same bits), the order-preserving view for max and min."""
    # torch: no uint16/32/64 index_add_/scatter_reduce_ kernels ("index_add_cpu_" not
    # implemented for 'UInt16'); https://github.com/pytorch/pytorch/issues/58734
    from ..torch import _uints

    dt = v.dtype
    ordered = a.reduce in ("max", "min")
    to, back = (
        (_uints.as_order_key, _uints.from_order_key)
        if ordered
        else (_uints.as_signed_bits, _uints.from_signed_bits)
    )
    signed = to(v, dt)
    b = replace(a, out_dtype=signed.dtype, fill=to(a.fill, dt), init=to(a.init, dt))
    return back(scatter_torch(signed, index, b), dt)


def _index_add(v: Any, idx: Any, axis: int, shape: list[int], inplace: bool) -> Any:
    """``v`` summed at ``idx`` along ``axis`` into zeros of ``shape``."""
    # v's dtype and device, without a device object made; the sizes unpacked (~0.5 us less)
    out = v.new_zeros(*shape)
    # torch: torch.func.vmap cannot batch an in-place index_add_ into an unbatched buffer
    # (no upstream issue found)
    return out.index_add_(axis, idx, v) if inplace else out.index_add(axis, idx, v)


def _complex_unscatterable(v: Any) -> bool:
    """Whether torch has no complex ``scatter_reduce`` kernel for ``v``: off the CPU."""
    return bool(v.is_complex()) and not v.is_cpu


#: Values up to which a mean is index_add_ and bincount rather than scatter_reduce's "mean"
_SMALL_MEAN = 1 << 16

#: reduce -> scatter_reduce's name for it
_OPS = {"sum": "sum", "mean": "mean", "prod": "prod", "max": "amax", "min": "amin"}


def _torch_reduce(v: Any, idx: Any, a: Args, size: int, start: int, *, inplace: bool) -> Any:
    """Reduce ``v`` at valid ``idx`` into a new buffer of ``size`` slots along ``a.axis``; the
    result is slots ``start:start + segments``. ``inplace``: eager only (torch.func.vmap
    cannot batch an in-place scatter into an unbatched buffer)."""
    torch = sys.modules["torch"]  # imported: the values are tensors

    s = a.segments
    shape = list(v.shape)
    shape[a.axis] = size
    if a.reduce == "sum" and a.fill == 0:
        return _index_add(v, idx, a.axis, shape, inplace).narrow(a.axis, start, s)
    if a.reduce == "mean" and v.numel() <= _SMALL_MEAN:
        # index_add_ and a count: scatter_reduce's "mean" costs 4x as much at 64 x 8 (16 us
        # against 4); at 4000 x 64 it is the faster (62 us against index_add_'s 59 + counts)
        total = _index_add(v, idx, a.axis, shape, inplace)
        if inplace:
            # eager on the host, every index valid: one call (on CUDA bincount syncs)
            count = torch.bincount(idx, minlength=s)
        else:
            ones = torch.ones(idx.shape, dtype=torch.int64, device=idx.device)
            count = _index_add(ones, idx, 0, [size], False)
        if start or size != s:
            total, count = total.narrow(a.axis, start, s), count.narrow(0, start, s)
        view = [1] * v.ndim
        view[a.axis] = s
        count = count.view(*view)  # unpacked: a list argument costs ~0.6 us more
        if a.empty_mean_is_nan:
            # 0 / 0 is the NaN fill: no clamp, no where (~4 us less at 64 x 8); in place into
            # this call's own new buffer where eager. int64 counts cast to total's dtype
            return total.div_(count) if inplace else total / count
        if inplace and a.empty_mean_is_fill:
            # both are this call's own new buffers, no count is read again: in place
            return total.div_(count.clamp_min_(1))
        mean = total / count.clamp_min(1)  # int64 counts are cast to total's dtype
        if a.empty_mean_is_fill:
            return mean
        return torch.where(count > 0, mean, torch.full((), a.fill, dtype=v.dtype, device=v.device))
    # include_self=False: a slot no index reaches keeps its initial value, fill_value, so
    # empty segments need no count.
    out = torch.full(shape, a.fill, dtype=v.dtype, device=v.device)
    view = [1] * v.ndim
    view[a.axis] = v.shape[a.axis]
    if idx.dtype != torch.int64:
        # torch: scatter_reduce takes int64 indices only, index_add int32 too
        # (no upstream issue found)
        idx = idx.to(torch.int64)
    expanded = idx.view(view).expand_as(v)
    op = _OPS[a.reduce]
    if op in ("sum", "mean") and _complex_unscatterable(v):
        # torch: CUDA's scatter_reduce has no complex kernel ("cuda_scatter_gather_base_kernel_
        # func" not implemented for 'ComplexFloat') (no upstream issue found); a sum or mean
        # is the same on the (real, imaginary) pairs
        pairs = torch.view_as_real(out).scatter_reduce(
            a.axis, expanded.unsqueeze(-1).expand(*v.shape, 2), torch.view_as_real(v), op,
            include_self=False,
        )  # fmt: skip
        return torch.view_as_complex(pairs).narrow(a.axis, start, s)
    if inplace:
        out = out.scatter_reduce_(a.axis, expanded, v, op, include_self=False)
    else:
        out = out.scatter_reduce(a.axis, expanded, v, op, include_self=False)
    return out.narrow(a.axis, start, s)

"""The pure-standard scatter: standard functions only, for any compliant namespace.

A stable sort by segment, then a segmented log-step scan (array-api-strict included).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from .._helpers import device as device_of
from ._checks import Args

__all__ = ["scatter_standard"]


def _combine(xp: ModuleType, reduce: str) -> Any:
    if reduce in ("sum", "mean"):
        return xp.add
    if reduce == "prod":
        return xp.multiply
    # The standard's maximum/minimum propagate NaN, which is what we promise.
    return xp.maximum if reduce == "max" else xp.minimum


def _segment_counts_sorted(xp: ModuleType, sorted_index: Any, segments: int) -> tuple[Any, Any]:
    """(count, position of the last element) of each segment of a sorted index vector."""
    seg = xp.arange(segments, dtype=sorted_index.dtype, device=device_of(sorted_index))
    left = xp.searchsorted(sorted_index, seg, side="left")
    right = xp.searchsorted(sorted_index, seg, side="right")
    return right - left, right - 1


def scatter_standard(xp: ModuleType, values: Any, index: Any, a: Args) -> Any:
    """Pure-standard scatter: stable sort by segment, then a segmented log-step scan.

    The scan takes ``ceil(log2(n))`` steps fixed by the shape, not by the data, so nothing
    is evaluated early on lazy backends and there is no data-dependent Python branch.
    """
    dev = device_of(values)
    v = values if a.axis == 0 else xp.moveaxis(values, a.axis, 0)
    if v.dtype != a.out_dtype:
        v = xp.astype(v, a.out_dtype)
    n, rest = v.shape[0], tuple(v.shape[1:])
    out_shape = (a.segments, *rest)
    if n == 0 or a.segments == 0:
        out = xp.full(out_shape, a.fill, dtype=a.out_dtype, device=dev)
        return out if a.axis == 0 else xp.moveaxis(out, 0, a.axis)
    info = xp.__array_namespace_info__()
    idx_dtype = info.default_dtypes(device=dev)["indexing"]
    idx = xp.astype(index, idx_dtype) if index.dtype != idx_dtype else index
    # Out-of-range and negative indices go to the spare segment ``segments``, never read back.
    spare = xp.asarray(a.segments, dtype=idx_dtype, device=dev)
    idx = xp.where((idx >= 0) & (idx < a.segments), idx, spare)
    order = xp.argsort(idx, stable=True)
    s = xp.take(idx, order)
    w = xp.take(v, order, axis=0)
    op = _combine(xp, a.reduce)
    tail = (1,) * len(rest)
    k = 1
    while k < n:
        # Inclusive segmented scan: w[i] <- op(w[i], w[i-k]) when i-k is in i's segment.
        same = xp.reshape(s[k:] == s[:-k], (n - k, *tail))
        w = xp.concat([w[:k, ...], xp.where(same, op(w[k:, ...], w[:-k, ...]), w[k:, ...])], axis=0)
        k *= 2
    count, last = _segment_counts_sorted(xp, s, a.segments)
    nonempty = count > 0
    zero = xp.zeros((), dtype=last.dtype, device=dev)
    out = xp.take(w, xp.where(nonempty, last, zero), axis=0)
    if a.reduce == "mean":
        one = xp.ones((), dtype=count.dtype, device=dev)
        denom = xp.astype(xp.where(nonempty, count, one), a.out_dtype)
        out = out / xp.reshape(denom, (a.segments, *tail))
    fill = xp.asarray(a.fill, dtype=a.out_dtype, device=dev)
    out = xp.where(xp.reshape(nonempty, (a.segments, *tail)), out, fill)
    return out if a.axis == 0 else xp.moveaxis(out, 0, a.axis)

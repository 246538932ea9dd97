"""Scatter / segment reductions for every backend.

``scatter(values, index, num_segments)`` reduces the slices of ``values`` along ``axis`` into
``num_segments`` buckets chosen by ``index``; ``segment_sum/mean/max/min/prod`` fix ``reduce``;
``index_reduce(x, index, values)`` reduces ``values`` into a copy of ``x``.

One meaning on every backend:

* duplicate indices always combine (array-api-extra's ``at(x)[idx].add(v)`` keeps only one of
  them: it gives ``[1, 0, 1]`` where ``[2, 0, 1]`` is meant);
* indices outside ``[0, num_segments)``, negative ones included, are dropped, without a host
  sync: they are routed to a spare segment that is sliced off.  Dropping them also avoids mlx's
  out-of-range ``x.at[idx].add(v)``, which corrupts memory and aborts the process;
* NaN propagates (also through ``max``/``min``); empty segments get ``fill_value``.

The generic implementation uses only standard functions (stable ``argsort``, ``take``,
``searchsorted`` and a segmented log-step scan), so it works on any compliant namespace
(array-api-strict included).  numpy, torch and mlx take native fast paths: ``ufunc.at``
(``np.bincount`` for counts), ``index_add_`` / ``scatter_reduce_``, and
``x.at[idx].add/maximum/...``.  mlx stays lazy.
"""

from __future__ import annotations

import contextlib
import math
from dataclasses import dataclass, replace
from functools import lru_cache
from numbers import Integral
from types import ModuleType
from typing import Any, Literal

from ._backends import backend_of_type
from ._dispatch import namespace_module
from ._helpers import device as _device
from ._helpers import is_eager_host

__all__ = [
    "index_reduce",
    "scatter",
    "segment_max",
    "segment_mean",
    "segment_min",
    "segment_prod",
    "segment_sum",
]

Reduce = Literal["sum", "mean", "max", "min", "prod"]
_REDUCTIONS: tuple[str, ...] = ("sum", "mean", "max", "min", "prod")
Scalar = bool | int | float | complex


# --------------------------------------------------------------------------------------------
# argument checks
# --------------------------------------------------------------------------------------------


def _backend_name(values: Any, xp: ModuleType) -> str:
    return backend_of_type(type(values)) or str(getattr(xp, "__name__", type(values).__module__))


#: (namespace, dtype) -> :func:`_kind` (``isdtype`` costs ~1 us a call on numpy, four calls
#: for a float dtype, on every scatter)
_KINDS: dict[tuple[ModuleType, Any], str] = {}


def _kind(xp: ModuleType, dtype: Any) -> str:
    """``"bool" | "int" | "float" | "complex"`` for a dtype of ``xp``."""
    try:
        return _KINDS[(xp, dtype)]
    except KeyError:
        kind = _KINDS[(xp, dtype)] = _kind_of(xp, dtype)
    except TypeError:  # an unhashable dtype
        kind = _kind_of(xp, dtype)
    return kind


def _kind_of(xp: ModuleType, dtype: Any) -> str:
    if xp.isdtype(dtype, "bool"):
        return "bool"
    if xp.isdtype(dtype, "integral"):
        return "int"
    if xp.isdtype(dtype, "real floating"):
        return "float"
    if xp.isdtype(dtype, "complex floating"):
        return "complex"
    return "other"


@dataclass(frozen=True)
class _Args:
    """Checked, normalised arguments shared by every implementation."""

    func: str
    backend: str
    reduce: str
    segments: int
    axis: int
    kind: str
    out_dtype: Any
    fill: Scalar


def _check(
    func: str,
    xp: ModuleType,
    values: Any,
    index: Any,
    num_segments: Any,
    axis: Any,
    reduce: Any,
    fill_value: Any,
) -> _Args:
    backend = _backend_name(values, xp)
    where = f"{func}() [{backend}]"
    if reduce not in _REDUCTIONS:
        raise ValueError(f"{where}: reduce must be one of {_REDUCTIONS}, got {reduce!r}")
    if isinstance(num_segments, bool) or not isinstance(num_segments, Integral):
        raise TypeError(
            f"{where}: num_segments must be a Python int, got {type(num_segments).__name__}"
        )
    segments = int(num_segments)
    if segments < 0:
        raise ValueError(f"{where}: num_segments must be >= 0, got {segments}")
    ndim = len(values.shape)
    if ndim == 0:
        raise ValueError(f"{where}: values must have at least one dimension, got a 0-d array")
    axis = _axis(where, axis, "values", tuple(values.shape))
    if _kind(xp, index.dtype) != "int":
        raise TypeError(f"{where}: index must be an integer array, got dtype {index.dtype}")
    if len(index.shape) != 1 or index.shape[0] != values.shape[axis]:
        raise ValueError(
            f"{where}: index must be 1-d with values.shape[{axis}] = {values.shape[axis]} "
            f"entries, got shape {tuple(index.shape)} (values shape {tuple(values.shape)})"
        )
    kind = _kind(xp, values.dtype)
    if kind in ("bool", "other"):
        raise TypeError(
            f"{where}: values must have a numeric dtype, got {values.dtype}; cast booleans to "
            "an integer dtype first"
        )
    if kind == "complex" and reduce in ("max", "min"):
        raise TypeError(
            f"{where}: reduce={reduce!r} is not defined for complex dtype {values.dtype}"
        )
    if backend != "mlx":
        # mlx memory is unified (its "device" is where operations run), so only other
        # backends can hold the two arrays apart.
        dv, di = _device(values), _device(index)
        # a traced array (jax under jit/grad/vmap) has no device: nothing to compare
        if dv is not None and di is not None and dv != di:
            raise ValueError(
                f"{where}: values and index are on different devices ({dv!r} and {di!r}); "
                "move them to one device with ember_array.to_device"
            )
    out_dtype = values.dtype
    if reduce == "mean" and kind == "int":
        # Documented rule: the mean of integers is computed and returned in the namespace's
        # default real floating dtype for the device (float64 numpy, float32 torch/mlx).
        info = xp.__array_namespace_info__()
        out_dtype = info.default_dtypes(device=_device(values))["real floating"]
        kind = "float"
    fill = _fill(where, xp, reduce, fill_value, out_dtype, kind)
    return _Args(
        axis=axis,
        backend=backend,
        fill=fill,
        func=func,
        kind=kind,
        out_dtype=out_dtype,
        reduce=reduce,
        segments=segments,
    )


def _axis(where: str, axis: Any, name: str, shape: tuple[int, ...]) -> int:
    """``axis`` as a non-negative int, or ValueError naming the shape."""
    ndim = len(shape)
    if isinstance(axis, bool) or not isinstance(axis, Integral) or not -ndim <= int(axis) < ndim:
        raise ValueError(f"{where}: axis {axis!r} is out of range for {name} of shape {shape}")
    return int(axis) % ndim


def _identity(iinfo: Any, reduce: str, dtype: Any, kind: str) -> Scalar:
    """The neutral element of ``reduce`` in ``dtype`` (``iinfo``: the backend's ``iinfo``)."""
    if reduce in ("sum", "mean"):
        return 0
    if reduce == "prod":
        return 1
    if kind == "int":
        info = iinfo(dtype)
        return int(info.min) if reduce == "max" else int(info.max)
    return -math.inf if reduce == "max" else math.inf


def _fill(
    where: str, xp: ModuleType, reduce: str, fill_value: Any, dtype: Any, kind: str
) -> Scalar:
    if fill_value is None:
        if reduce == "mean":
            return math.nan  # 0 / 0: a mean has no neutral element
        return _identity(xp.iinfo, reduce, dtype, kind)
    if not isinstance(fill_value, (bool, int, float, complex)):
        raise TypeError(
            f"{where}: fill_value must be a Python scalar or None, got {type(fill_value).__name__}"
        )
    if kind == "int":
        if isinstance(fill_value, float) and fill_value.is_integer():
            fill_value = int(fill_value)
        if not isinstance(fill_value, int):
            raise TypeError(
                f"{where}: fill_value {fill_value!r} does not fit integer dtype {dtype}"
            )
        info = xp.iinfo(dtype)
        if not info.min <= fill_value <= info.max:
            raise ValueError(f"{where}: fill_value {fill_value} is out of range for {dtype}")
        return int(fill_value)
    if kind == "float" and isinstance(fill_value, complex):
        raise TypeError(f"{where}: complex fill_value {fill_value!r} for real dtype {dtype}")
    if kind == "float" and not isinstance(fill_value, complex):
        # one answer on every backend: an int beyond int64 is a float (mlx cannot convert it,
        # torch not below -2**64), and a finite value beyond the dtype's range is an error
        # (numpy stores inf, torch raises)
        fill_value = float(fill_value)
        if math.isfinite(fill_value) and abs(fill_value) > float(xp.finfo(dtype).max):
            raise ValueError(f"{where}: fill_value {fill_value!r} is out of range for {dtype}")
    return fill_value


def _shape_along(ndim: int, axis: int, length: int) -> tuple[int, ...]:
    """``(1, ..., length, ..., 1)``: broadcasts a per-segment vector along ``axis``."""
    return tuple(length if d == axis else 1 for d in range(ndim))


# --------------------------------------------------------------------------------------------
# generic implementation: standard functions only
# --------------------------------------------------------------------------------------------


def _combine(xp: ModuleType, reduce: str) -> Any:
    if reduce in ("sum", "mean"):
        return xp.add
    if reduce == "prod":
        return xp.multiply
    # The standard's maximum/minimum propagate NaN, which is what we promise.
    return xp.maximum if reduce == "max" else xp.minimum


def _segment_counts_sorted(xp: ModuleType, sorted_index: Any, segments: int) -> tuple[Any, Any]:
    """(count, position of the last element) of each segment of a sorted index vector."""
    seg = xp.arange(segments, dtype=sorted_index.dtype, device=_device(sorted_index))
    left = xp.searchsorted(sorted_index, seg, side="left")
    right = xp.searchsorted(sorted_index, seg, side="right")
    return right - left, right - 1


def _standard(xp: ModuleType, values: Any, index: Any, a: _Args) -> Any:
    """Pure-standard scatter: stable sort by segment, then a segmented log-step scan.

    The scan takes ``ceil(log2(n))`` steps fixed by the shape, not by the data, so nothing
    is evaluated early on lazy backends and there is no data-dependent Python branch.
    """
    dev = _device(values)
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


# --------------------------------------------------------------------------------------------
# numpy
# --------------------------------------------------------------------------------------------


# numpy: ufunc.at has a fast indexed loop for 1-d operands only, rows are ~4x slower;
# https://github.com/numpy/numpy/issues/23176
#: Trailing widths up to this scatter column by column (one ``ufunc.at`` per column on
#: contiguous data, 3-4x faster than ``ufunc.at`` over rows); wider ones use flat indices.
_NUMPY_COLUMNS = 64
#: Up to this many rows, one ``ufunc.at`` over rows (its ~1 us call overhead paid once, not
#: per column) is the faster form (measured: 64 x 8 float32, 7 us against 10 us)
_NUMPY_ROWS = 128


def _numpy_at(ufunc: Any, v: Any, idx: Any, size: int, init: Scalar) -> Any:
    """``ufunc.at`` of rows ``v`` at ``idx`` into a new ``(size, *rest)`` buffer of ``init``.

    Exact in the values' dtype, elements combined in input order. numpy's ``ufunc.at`` is
    fast on 1-d operands only (since numpy 1.25) and ~4x slower on rows, so 2-d values go
    one column at a time, or through flat indices when there are many columns. Raises
    ``IndexError`` for an index outside ``[-size, size)``, as ``ufunc.at`` does.
    """
    import numpy as np

    n, rest = v.shape[0], v.shape[1:]
    width = math.prod(rest)
    if v.ndim > 1 and width > 1 and n <= _NUMPY_ROWS:
        # few rows: one ufunc.at over rows beats a call per column
        buf = np.full((size, *rest), init, dtype=v.dtype)
        ufunc.at(buf, idx, v)
        return buf
    if v.ndim == 1 or width == 1 or n == 0:
        buf = np.full((size, *rest), init, dtype=v.dtype)
        ufunc.at(
            buf.reshape(size) if width == 1 and v.ndim > 1 else buf,
            idx,
            v.reshape(n) if width == 1 else v,
        )
        return buf
    flat = v.reshape(n, width)
    if width <= _NUMPY_COLUMNS:
        cols = np.ascontiguousarray(flat.T)
        buf = np.full((width, size), init, dtype=v.dtype)
        for j in range(width):
            ufunc.at(buf[j], idx, cols[j])
        return buf.T.reshape((size, *rest))
    if idx.min() < 0 or idx.max() >= size:
        raise IndexError("index out of range")  # flat indices would land in other rows
    buf = np.full(size * width, init, dtype=v.dtype)
    ufunc.at(buf, (idx[:, None] * width + np.arange(width)).reshape(-1), flat.reshape(-1))
    return buf.reshape((size, *rest))


def _numpy(values: Any, index: Any, a: _Args) -> Any:
    """numpy's ``ufunc.at`` (exact in the values' dtype) with invalid indices dropped.

    Valid indices, the common case, cost one ``min`` pass over the index (no negative one,
    which ``ufunc.at`` would wrap around) and nothing else: ``ufunc.at`` itself raises on an
    index ``>= num_segments``, and then the scatter is redone with every invalid index sent
    to a spare segment. Empty segments are counted only when some segment still holds the
    initial value and ``fill_value`` differs from it.
    """
    import numpy as np

    s = a.segments
    idx = index.astype(np.intp, copy=False)
    v = values.astype(a.out_dtype, copy=False)
    if a.axis:
        v = np.moveaxis(v, a.axis, 0)
    rest = v.shape[1:]
    init = _identity(np.iinfo, a.reduce, a.out_dtype, a.kind)
    extremum = a.reduce in ("max", "min")
    ufunc = {
        "sum": np.add,
        "mean": np.add,
        "prod": np.multiply,
        "max": np.maximum,
        "min": np.minimum,
    }[a.reduce]
    # np.maximum/np.minimum propagate NaN (as promised) but warn at one
    with np.errstate(invalid="ignore") if extremum else contextlib.nullcontext():
        try:
            # one pass over the index, the only cost of safety here: ufunc.at wraps negative
            # indices, and any other read of them costs the same (~90 us per 2**20 int64)
            if idx.shape[0] and idx.min() < 0:
                raise IndexError("negative index")
            out = _numpy_at(ufunc, v, idx, s, init)
        except IndexError:
            out = _numpy_at(ufunc, v, _numpy_spare(idx, s), s + 1, init)[:s]
    if a.reduce == "mean" or (a.fill != init and bool(np.any(out == init))):
        # a segment holds init: empty, or reduced to init; counts tell which
        count = _numpy_counts(idx, s).reshape((s,) + (1,) * len(rest))
        if a.reduce == "mean":
            out = out / np.maximum(count, 1).astype(a.out_dtype)
        if not (a.reduce == "mean" and _is_plus_zero(a.fill)):  # empty means are 0 / 1 = +0
            out = np.where(count > 0, out, np.asarray(a.fill, dtype=a.out_dtype))
    return np.moveaxis(out, 0, a.axis) if a.axis else out


def _is_plus_zero(fill: Scalar) -> bool:
    return isinstance(fill, int | float) and fill == 0 and math.copysign(1.0, fill) > 0


def _numpy_spare(idx: Any, s: int) -> Any:
    """``idx`` (intp) with every index outside ``[0, s)`` sent to the spare segment ``s``: viewed
    as unsigned, negatives become huge, so one ``min(idx, s)`` takes both kinds."""
    import numpy as np

    return np.minimum(idx.view(np.uintp), s).view(np.intp)


def _numpy_counts(idx: Any, s: int) -> Any:
    """Elements per segment ``0 .. s - 1`` (invalid indices not counted)."""
    import numpy as np

    return np.bincount(_numpy_spare(idx, s), minlength=s + 1)[:s]


# --------------------------------------------------------------------------------------------
# torch
# --------------------------------------------------------------------------------------------


def _torch(values: Any, index: Any, a: _Args) -> Any:
    import torch

    s = a.segments
    v = values if values.dtype == a.out_dtype else values.to(a.out_dtype)
    if v.dtype in _torch_uints():
        return _torch_uint(v, index, a)
    idx = index if index.dtype in (torch.int64, torch.int32) else index.to(torch.int64)
    if is_eager_host(idx):
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


def _torch_uints() -> frozenset[Any]:
    from .torch._uints import UINTS

    return UINTS


def _torch_uint(v: Any, index: Any, a: _Args) -> Any:
    """uint16/32/64: reduced as the signed type of the same width, the values and the fill
    translated there and back (``ember_array.torch._uints``): bit views for sums and products
    (wrapping arithmetic is the same bits), the order-preserving view for max and min."""
    # torch: no uint16/32/64 index_add_/scatter_reduce_ kernels ("index_add_cpu_" not
    # implemented for 'UInt16'); https://github.com/pytorch/pytorch/issues/58734
    from .torch import _uints

    dt = v.dtype
    ordered = a.reduce in ("max", "min")
    to, back = (
        (_uints._to_key, _uints._from_key) if ordered else (_uints._to_bits, _uints._from_bits)
    )
    signed = to(v, dt)
    b = replace(a, out_dtype=signed.dtype, fill=to(a.fill, dt))
    return back(_torch(signed, index, b), dt)


def _complex_unscatterable(v: Any) -> bool:
    """Whether torch has no complex ``scatter_reduce`` kernel for ``v``: off the CPU."""
    return bool(v.is_complex()) and not v.is_cpu


def _torch_reduce(v: Any, idx: Any, a: _Args, size: int, start: int, *, inplace: bool) -> Any:
    """Reduce ``v`` at valid ``idx`` into a new buffer of ``size`` slots along ``a.axis``; the
    result is slots ``start:start + segments``. ``inplace``: eager only (torch.func.vmap
    cannot batch an in-place scatter into an unbatched buffer)."""
    import torch

    s = a.segments
    shape = list(v.shape)
    shape[a.axis] = size
    if a.reduce == "sum" and a.fill == 0:
        # torch: torch.func.vmap cannot batch an in-place index_add_ into an unbatched buffer
        # (no upstream issue found)
        out = torch.zeros(shape, dtype=v.dtype, device=v.device)
        out = out.index_add_(a.axis, idx, v) if inplace else out.index_add(a.axis, idx, v)
        return out.narrow(a.axis, start, s)
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
    op = {"sum": "sum", "mean": "mean", "prod": "prod", "max": "amax", "min": "amin"}[a.reduce]
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


# --------------------------------------------------------------------------------------------
# mlx
# --------------------------------------------------------------------------------------------


def _mlx(values: Any, index: Any, a: _Args) -> Any:
    import mlx.core as mx

    v = values if values.dtype == a.out_dtype else values.astype(a.out_dtype)
    if v.dtype == mx.float64 and mx.default_device().type != mx.cpu:
        # mlx: float64 runs on the CPU only; https://github.com/ml-explore/mlx/issues/1905
        # A scoped stream leaves the default alone.
        with mx.stream(mx.cpu):
            return _mlx_scatter(mx, v, index, a)
    return _mlx_scatter(mx, v, index, a)


def _mlx_scatter(mx: Any, v: Any, index: Any, a: _Args) -> Any:
    s = a.segments
    if a.axis != 0:
        v = mx.moveaxis(v, a.axis, 0)
    rest = tuple(v.shape[1:])
    if 0 in rest:
        # mlx: scatter into a buffer with a zero-length trailing axis dies with SIGFPE
        # (integer division by the slice size) (no upstream issue found)
        # The result is empty anyway.
        out = mx.zeros((s, *rest), dtype=v.dtype)
        return out if a.axis == 0 else mx.moveaxis(out, 0, a.axis)
    idx = index if index.dtype in (mx.int32, mx.int64) else index.astype(mx.int64)
    # mlx: no bounds checks, out-of-range ``x.at[idx].add(v)`` corrupts memory and aborts the
    # process; https://github.com/ml-explore/mlx/issues/206
    # mlx wraps -1 to the last slot, so one clip to [-1, s] routes every invalid index to one
    # of the two spare slots s and s + 1 of the buffer.
    safe = mx.clip(idx, -1, s)
    if a.reduce in ("max", "min") and a.kind == "float":
        out = _mlx_float_extremum(mx, v, safe, a)
        return out if a.axis == 0 else mx.moveaxis(out, 0, a.axis)
    init = _identity(mx.iinfo, a.reduce, v.dtype, a.kind)
    out = _mlx_reduce(mx, v, safe, a, init)
    if a.reduce != "mean" and a.fill == init:
        # Empty segments already hold init == fill_value.
        return out if a.axis == 0 else mx.moveaxis(out, 0, a.axis)
    ones = mx.ones(safe.shape, dtype=mx.int32)
    count = mx.zeros((s + 2,), dtype=mx.int32).at[safe].add(ones)[:s]
    count = count.reshape((s,) + (1,) * len(rest))
    if a.reduce == "mean":
        out = out / mx.maximum(count, 1).astype(v.dtype)
    out = mx.where(count != 0, out, _mlx_full(mx, (), a.fill, v.dtype))
    return out if a.axis == 0 else mx.moveaxis(out, 0, a.axis)


def _mlx_reduce(mx: Any, v: Any, safe: Any, a: _Args, init: Scalar) -> Any:
    """The scatter of ``v`` (segments on axis 0) into ``s + 2`` slots holding ``init``, sliced to
    the ``s`` segments; for floating values an ``mx.custom_function`` with derivatives.

    The sum (and mean's sum) is linear in ``v``: its jvp is the same scatter of the tangent, its
    vjp mlx's own (a gather of the cotangent). The product's derivative along ``v[i]`` is the
    product of the other values of its segment (:func:`_mlx_others`).
    """
    s, rest = a.segments, tuple(v.shape[1:])
    op = _MLX_OPS[a.reduce]
    if a.kind not in ("float", "complex"):
        return _mlx_native(mx, s, rest, init, op)(v, safe)
    return _mlx_reduced(s, rest, init, op)(v, safe)


_MLX_OPS = {"sum": "add", "mean": "add", "prod": "multiply", "max": "maximum", "min": "minimum"}


def _mlx_native(mx: Any, s: int, rest: tuple[int, ...], init: Scalar, op: str) -> Any:
    """mlx's scatter of ``v`` at ``safe`` into ``s + 2`` slots holding ``init``, sliced."""

    def native(v: Any, safe: Any) -> Any:
        return getattr(_mlx_full(mx, (s + 2, *rest), init, v.dtype).at[safe], op)(v)[:s]

    return native


def _mlx_full(mx: Any, shape: tuple[int, ...], value: Scalar, dtype: Any) -> Any:
    """``mx.full``; a uint64 value beyond int64 (uint64's maximum, the identity of ``min``)
    as the int64 of its bits: mlx converts Python ints through int64 (``std::bad_cast``,
    no upstream issue found)."""
    if type(value) is int and value > _INT64_MAX and dtype == mx.uint64:
        return mx.view(mx.full(shape, value - (1 << 64), dtype=mx.int64), mx.uint64)
    return mx.full(shape, value, dtype=dtype)


_INT64_MAX = (1 << 63) - 1


@lru_cache(maxsize=256)
def _mlx_reduced(s: int, rest: tuple[int, ...], init: Scalar, op: str) -> Any:
    """:func:`_mlx_native` as an ``mx.custom_function`` with derivatives, made once per
    ``(segments, trailing shape, initial value, op)``: making one costs ~10 us a call."""
    import mlx.core as mx

    native = _mlx_native(mx, s, rest, init, op)
    prod = op == "multiply"

    # mlx: Scatter has no jvp ("[scatter] JVP not yet implemented") and scatter prod no vjp;
    # https://github.com/ml-explore/mlx/issues/282
    @mx.custom_function  # type: ignore[untyped-decorator]
    def reduced(v: Any, safe: Any) -> Any:
        # mlx: jvp visits the ops inside a custom_function before its custom jvp; behind
        # stop_gradient they are not visited (see _mlx_key_map)
        return native(mx.stop_gradient(v), safe)

    @reduced.vjp  # type: ignore[untyped-decorator]
    def _(primals: Any, cotangent: Any, output: Any) -> tuple[Any, Any]:
        v, safe = primals
        if prod:
            cot = mx.take(_mlx_spare(mx, cotangent), safe, axis=0)
            grad = cot * mx.conj(_mlx_others(mx, v, safe, s))  # mlx's vjp convention: conj
        else:  # mlx's own vjp of the scatter
            grad = mx.vjp(lambda u: native(u, safe), [v], [cotangent])[1][0]
        return grad, mx.zeros_like(safe)

    @reduced.jvp  # type: ignore[untyped-decorator]
    def _(primals: Any, tangents: Any) -> Any:
        v, safe = primals
        t = tangents[0]
        if t is None:  # a tangent for the index only
            return mx.zeros((s, *rest), dtype=v.dtype)
        if prod:
            t = t * _mlx_others(mx, v, safe, s)
        return mx.zeros((s + 2, *rest), dtype=v.dtype).at[safe].add(t)[:s]

    return reduced


def _mlx_spare(mx: Any, x: Any) -> Any:
    """``x`` (one slice per segment) with zero slices for the two spare slots ``s``, ``s + 1``."""
    return mx.concatenate([x, mx.zeros((2, *x.shape[1:]), dtype=x.dtype)])


def _mlx_others(mx: Any, v: Any, safe: Any, s: int) -> Any:
    """For each element of ``v``, the product of the other elements of its segment (``safe``'s
    slots), zeros included: the product of the segment's non-zero values divided by the
    element when the segment holds no zero; that product at the segment's only zero; 0
    otherwise (as torch's ``scatter_reduce`` prod backward)."""
    zero = v == 0
    nz = mx.where(zero, mx.ones_like(v), v)
    slots = (s + 2, *v.shape[1:])
    p = mx.take(mx.ones(slots, dtype=v.dtype).at[safe].multiply(nz), safe, axis=0)
    z = mx.take(mx.zeros(slots, dtype=mx.int32).at[safe].add(zero.astype(mx.int32)), safe, axis=0)
    none = mx.zeros((), dtype=v.dtype)
    return mx.where(zero, mx.where(z == 1, p, none), mx.where(z == 0, p / nz, none))


# mlx: scatter maximum/minimum drop a NaN met first ([nan, 1] -> 1) (no upstream issue found)
def _mlx_float_extremum(mx: Any, v: Any, safe: Any, a: _Args) -> Any:
    """max/min of floats with NaN propagated and empty segments filled, in one integer scatter.

    mx's scatter maximum/minimum drop a NaN met first (``[nan, 1] -> 1``), a second scatter to
    find empty segments would double the cost (mx's scatter is the whole cost), and a scatter of
    ``(value, mark)`` pairs costs 1.26x a plain one (two-element slices). So the floats are mapped
    to integers of their width whose order is the floats' order (the bits, with the magnitude
    bits flipped for negatives), every NaN to the key beyond all numbers, and one scatter of
    these keys with the integer ``maximum``/``minimum`` reduces them: a segment's key is the
    NaN key when it met a NaN and the initial key (no float maps to it) when it is empty. The
    key map and the scatter sit in an ``mx.custom_function`` whose vjp is mlx's own for scatter
    max/min (the cotangent flows to every element equal to its segment's result).
    """
    s, rest, dt = a.segments, tuple(v.shape[1:]), v.dtype
    itype, mag, shift = _mlx_keys(mx, dt)
    info = mx.iinfo(itype)
    is_max = a.reduce == "max"
    nan_key = info.max if is_max else info.min
    empty_key = info.min if is_max else info.max

    @mx.custom_function  # type: ignore[untyped-decorator]
    def extremum(v: Any, safe: Any) -> tuple[Any, Any]:
        k = _mlx_key_map(mx, dt, is_max)(v)
        at = mx.full((s + 2, *rest), empty_key, dtype=itype).at[safe]
        got = (at.maximum(k) if is_max else at.minimum(k))[:s]
        # the same map decodes (it only flips bits below the sign bit, which it keeps)
        vals = mx.view(got ^ ((got >> shift) & mag), dt)
        return mx.where(got == nan_key, mx.array(math.nan, dtype=dt), vals), got

    def won(v: Any, safe: Any, out: Any) -> Any:
        # the elements equal to their segment's result (every one of a tie; none of a NaN's)
        return mx.take(_mlx_spare(mx, out), safe, axis=0) == v

    @extremum.vjp  # type: ignore[untyped-decorator]
    def _(primals: Any, cotangents: Any, outputs: Any) -> tuple[Any, Any]:
        v, safe = primals
        cot = mx.take(_mlx_spare(mx, cotangents[0]), safe, axis=0)  # spare slots: none
        grad = mx.where(won(v, safe, outputs[0]), cot, mx.zeros((), dtype=dt))
        return grad, mx.zeros_like(safe)

    # mlx: Scatter has no jvp ("[scatter] JVP not yet implemented");
    # https://github.com/ml-explore/mlx/issues/282
    @extremum.jvp  # type: ignore[untyped-decorator]
    def _(primals: Any, tangents: Any) -> list[Any]:
        # the transpose of the vjp: the sum of the tangents of a segment's winners
        v, safe = primals
        out, got = extremum(v, safe)
        t = tangents[0]
        if t is None:  # a tangent for the index only
            return [mx.zeros_like(out), mx.zeros_like(got)]
        t = mx.where(won(v, safe, out), t, mx.zeros((), dtype=dt))
        return [mx.zeros((s + 2, *rest), dtype=dt).at[safe].add(t)[:s], mx.zeros_like(got)]

    out, got = extremum(v, safe)
    return mx.where(got == empty_key, mx.array(a.fill, dtype=dt), out)


def _mlx_keys(mx: Any, dt: Any) -> tuple[Any, Any, Any]:
    """The integer dtype of a float dtype's width (float32 or float64: the standard's real
    floating dtypes), its largest value and its sign shift (0-d)."""
    itype = mx.int32 if dt == mx.float32 else mx.int64
    bits = 8 * itype.size
    return itype, mx.array(2 ** (bits - 1) - 1, dtype=itype), mx.array(bits - 1, dtype=itype)


#: (float dtype, max?) -> the compiled key map of :func:`_mlx_key_map`
_MLX_KEY_MAPS: dict[tuple[Any, bool], Any] = {}


def _mlx_key_map(mx: Any, dt: Any, is_max: bool) -> Any:
    """The map of floats of ``dt`` to integer keys in the same order (-0.0 just below 0.0),
    every NaN to the largest key (``is_max``) or the smallest; compiled: one kernel instead of
    six, 0.2 ms instead of 1.2 ms at 2**20 elements."""
    fn = _MLX_KEY_MAPS.get((dt, is_max))
    if fn is not None:
        return fn
    from .mlx._helpers import Compiled

    itype, mag, shift = _mlx_keys(mx, dt)
    info = mx.iinfo(itype)
    nan_key = mx.array(info.max if is_max else info.min, dtype=itype)

    def keys(v: Any) -> Any:
        # mlx: jvp visits the ops inside a custom_function before its custom jvp, and View has
        # none (ValueError); behind stop_gradient they are not visited (no upstream issue found)
        v = mx.stop_gradient(v)
        b = mx.view(v, itype)
        return mx.where(mx.isnan(v), nan_key, b ^ ((b >> shift) & mag))

    fn = _MLX_KEY_MAPS[(dt, is_max)] = Compiled(keys)
    return fn


# --------------------------------------------------------------------------------------------
# dask
# --------------------------------------------------------------------------------------------


def _dask_partial(v: Any, idx: Any, a: _Args) -> Any:
    # one block: its reduction into every segment (the identity where it has no element)
    return _numpy(v, idx, a)[None]


def _dask_count(idx: Any, segments: int) -> Any:
    import numpy as np

    return _numpy_counts(idx.astype(np.intp, copy=False), segments)[None]


def _dask(values: Any, index: Any, a: _Args) -> Any:
    """Chunk-parallel scatter: a partial reduction per block, then a tree reduction.

    Every block of rows is reduced into all segments by the numpy path (empty segments hold
    the identity), and the partials are combined with dask's tree reduction over blocks, so
    the graph grows with the number of chunks, not with the data. Counts (for ``mean`` and
    for a ``fill_value`` other than the identity) are reduced the same way.
    """
    import dask.array as da
    import numpy as np

    s = a.segments
    v = da.moveaxis(values, a.axis, 0)
    rest = tuple(v.shape[1:])
    if v.shape[0] == 0 or s == 0:
        out = da.full((s, *rest), a.fill, dtype=a.out_dtype)
        return da.moveaxis(out, 0, a.axis)
    # the other axes whole: each partial is one (segments, *rest) block
    v = v.rechunk({d: -1 for d in range(1, v.ndim)})
    idx = index.rechunk((v.chunks[0],))
    init = _identity(np.iinfo, a.reduce, a.out_dtype, a.kind)
    part = _Args(
        func=a.func,
        backend="numpy",
        reduce="sum" if a.reduce == "mean" else a.reduce,
        segments=s,
        axis=0,
        kind=a.kind,
        out_dtype=a.out_dtype,
        fill=init,
    )
    rows, seg = 0, v.ndim  # blockwise labels: one output row per input block, a new axis
    v_ind = tuple(range(v.ndim))
    partials = da.blockwise(
        _dask_partial,
        (rows, seg, *v_ind[1:]),
        v,
        v_ind,
        idx,
        (rows,),
        a=part,
        new_axes={seg: s},
        adjust_chunks={rows: 1},
        dtype=a.out_dtype,
        meta=np.empty((0,) * (v.ndim + 1), dtype=a.out_dtype),
    )
    if part.reduce == "sum":
        out = da.sum(partials, axis=0, dtype=a.out_dtype)
    elif part.reduce == "prod":
        out = da.prod(partials, axis=0, dtype=a.out_dtype)
    else:
        # np.max/np.min propagate NaN, as np.maximum.at did inside each block
        out = da.max(partials, axis=0) if a.reduce == "max" else da.min(partials, axis=0)
    if a.reduce == "mean" or a.fill != init:
        count = da.blockwise(
            _dask_count,
            (rows, seg),
            idx,
            (rows,),
            segments=s,
            new_axes={seg: s},
            adjust_chunks={rows: 1},
            dtype=np.intp,
            meta=np.empty((0, 0), dtype=np.intp),
        ).sum(axis=0)
        count = count.reshape((s,) + (1,) * len(rest))
        if a.reduce == "mean":
            out = out / da.maximum(count, 1).astype(a.out_dtype)
        out = da.where(count > 0, out, np.asarray(a.fill, dtype=a.out_dtype))
    return da.moveaxis(out.astype(a.out_dtype, copy=False), 0, a.axis)


_NATIVE = {"numpy": _numpy, "torch": _torch, "mlx": _mlx, "dask": _dask}


# --------------------------------------------------------------------------------------------
# public functions
# --------------------------------------------------------------------------------------------


def _scatter(
    func: str,
    values: Any,
    index: Any,
    num_segments: int,
    axis: int,
    reduce: str,
    fill_value: Scalar | None,
) -> Any:
    xp = namespace_module(values, index)
    a = _check(func, xp, values, index, num_segments, axis, reduce, fill_value)
    native = _NATIVE.get(a.backend)
    if native is not None:
        return native(values, index, a)
    return _standard(xp, values, index, a)


def scatter(
    values: Any,
    index: Any,
    num_segments: int,
    *,
    axis: int = 0,
    reduce: Reduce = "sum",
    fill_value: Scalar | None = 0,
) -> Any:
    """Reduce the slices of ``values`` along ``axis`` into ``num_segments`` segments.

    ``out[..., s, ...]`` is the reduction of every slice ``values[..., i, ...]`` with
    ``index[i] == s``.  Duplicate indices combine; indices outside ``[0, num_segments)``
    (negative ones included) are dropped.

    Parameters
    ----------
    values : array
        Numeric array (numpy, torch, mlx, or any compliant array) with at least one dimension.
    index : array
        1-d integer array of the same library, with ``values.shape[axis]`` entries.
    num_segments : int
        Number of output segments (a Python int >= 0).
    axis : int, optional
        The axis of ``values`` that ``index`` labels (negative counts from the end).
    reduce : {"sum", "mean", "max", "min", "prod"}, optional
        The reduction.  ``max``/``min`` propagate NaN and are not defined for complex dtypes.
    fill_value : scalar or None, optional
        Value of segments no valid index reaches (default 0).  ``None`` gives the reduction's
        identity: 0 for sum, 1 for prod, -inf (or the dtype's minimum) for max, +inf (or the
        maximum) for min, NaN for mean.

    Returns
    -------
    array
        ``values``' shape with ``shape[axis] = num_segments``.  The dtype is ``values.dtype``
        (integer sums wrap on overflow as the backend does), except ``mean`` of an integer
        array, which is the namespace's default real floating dtype (float64 for numpy,
        float32 for torch and mlx).

    Raises
    ------
    TypeError
        If ``index`` is not an integer array, ``values`` is boolean, ``num_segments`` is not an
        int, or the arrays come from different libraries.
    ValueError
        If shapes do not match, ``axis`` is out of range, ``num_segments < 0``, ``reduce`` is
        unknown, or the arrays are on different devices.

    See Also
    --------
    segment_sum, segment_mean, segment_max, segment_min, segment_prod
    index_reduce : reduce into a copy of an existing array.

    Notes
    -----
    No host synchronisation and no data-dependent Python branch: invalid indices are routed to
    a spare segment that is sliced off.  mlx results stay lazy.  numpy uses ``ufunc.at`` (and
    ``np.bincount`` for counts), torch ``index_add_`` / ``scatter_reduce_(include_self=False)``, mlx
    ``x.at[idx].add/maximum/minimum/multiply``; other namespaces a pure-standard sort and
    segmented scan.

    Examples
    --------
    >>> import numpy as np
    >>> from ember_array.scatter import scatter
    >>> scatter(np.array([1.0, 2.0, 3.0, 4.0]), np.array([0, 2, 0, 7]), 3)
    array([4., 0., 2.])
    >>> scatter(np.array([1.0, 2.0, 3.0, 4.0]), np.array([0, 2, 0, 1]), 3, reduce="max")
    array([3., 4., 2.])

    The same call on torch (index 7 is dropped there too):

    >>> import torch
    >>> scatter(torch.tensor([1.0, 2.0, 3.0, 4.0]), torch.tensor([0, 2, 0, 7]), 3)
    tensor([4., 0., 2.])
    """
    return _scatter("scatter", values, index, num_segments, axis, reduce, fill_value)


def segment_sum(
    values: Any, index: Any, num_segments: int, *, axis: int = 0, fill_value: Scalar | None = 0
) -> Any:
    """The sum of each segment.

    ``scatter(values, index, num_segments, reduce="sum")``: duplicate indices combine, and
    nothing is read back to the host (mlx results stay lazy).

    Parameters
    ----------
    values : array
        Numeric array (numpy, torch, mlx, dask or any compliant array) with at least one
        dimension.
    index : array
        1-d integer array of the same library, with ``values.shape[axis]`` entries; entries
        outside ``[0, num_segments)`` (negative ones included) are dropped.
    num_segments : int
        Number of output segments (a Python int >= 0).
    axis : int, optional
        The axis of ``values`` that ``index`` labels (default 0).
    fill_value : scalar or None, optional
        Value of segments no valid index reaches (default 0). ``None`` gives the reduction's
        identity (0).

    Returns
    -------
    array
        ``values``' shape with ``shape[axis] = num_segments``, in ``values.dtype`` (integer
        sums wrap on overflow as the backend does).

    Raises
    ------
    TypeError
        If ``index`` is not an integer array, ``values`` is boolean, or the arrays
        come from different libraries.
    ValueError
        If shapes do not match, ``axis`` is out of range or ``num_segments < 0``.

    See Also
    --------
    scatter : every reduction, by name.
    segment_mean, segment_max, segment_min, segment_prod

    Examples
    --------
    >>> import numpy as np
    >>> from ember_array.scatter import segment_sum
    >>> values = np.array([1.0, 2.0, 3.0, 4.0])
    >>> index = np.array([0, 2, 0, 1])
    >>> segment_sum(values, index, 4)
    array([4., 4., 2., 0.])
    >>> segment_sum(values, index, 4, fill_value=None)  # empty segments get the identity
    array([4., 4., 2., 0.])
    """
    return _scatter("segment_sum", values, index, num_segments, axis, "sum", fill_value)


def segment_mean(
    values: Any, index: Any, num_segments: int, *, axis: int = 0, fill_value: Scalar | None = 0
) -> Any:
    """The mean of each segment.

    ``scatter(values, index, num_segments, reduce="mean")``: duplicate indices combine, and
    nothing is read back to the host (mlx results stay lazy).

    Parameters
    ----------
    values : array
        Numeric array (numpy, torch, mlx, dask or any compliant array) with at least one
        dimension.
    index : array
        1-d integer array of the same library, with ``values.shape[axis]`` entries; entries
        outside ``[0, num_segments)`` (negative ones included) are dropped.
    num_segments : int
        Number of output segments (a Python int >= 0).
    axis : int, optional
        The axis of ``values`` that ``index`` labels (default 0).
    fill_value : scalar or None, optional
        Value of segments no valid index reaches (default 0). ``None`` gives the reduction's
        identity (NaN).

    Returns
    -------
    array
        ``values``' shape with ``shape[axis] = num_segments``; integer input gives the
        namespace's default real floating dtype (float64 for numpy, float32 for torch and mlx).

    Raises
    ------
    TypeError
        If ``index`` is not an integer array, ``values`` is boolean, or the arrays
        come from different libraries.
    ValueError
        If shapes do not match, ``axis`` is out of range or ``num_segments < 0``.

    See Also
    --------
    scatter : every reduction, by name.
    segment_sum, segment_max, segment_min, segment_prod

    Examples
    --------
    >>> import numpy as np
    >>> from ember_array.scatter import segment_mean
    >>> values = np.array([1.0, 2.0, 3.0, 4.0])
    >>> index = np.array([0, 2, 0, 1])
    >>> segment_mean(values, index, 4)
    array([2., 4., 2., 0.])
    >>> segment_mean(values, index, 4, fill_value=None)  # empty segments get the identity
    array([ 2.,  4.,  2., nan])
    """
    return _scatter("segment_mean", values, index, num_segments, axis, "mean", fill_value)


def segment_max(
    values: Any, index: Any, num_segments: int, *, axis: int = 0, fill_value: Scalar | None = 0
) -> Any:
    """The maximum of each segment, NaN if it holds a NaN.

    ``scatter(values, index, num_segments, reduce="max")``: duplicate indices combine, and
    nothing is read back to the host (mlx results stay lazy).

    Parameters
    ----------
    values : array
        Numeric array (numpy, torch, mlx, dask or any compliant array) with at least one
        dimension.
    index : array
        1-d integer array of the same library, with ``values.shape[axis]`` entries; entries
        outside ``[0, num_segments)`` (negative ones included) are dropped.
    num_segments : int
        Number of output segments (a Python int >= 0).
    axis : int, optional
        The axis of ``values`` that ``index`` labels (default 0).
    fill_value : scalar or None, optional
        Value of segments no valid index reaches (default 0). ``None`` gives the reduction's
        identity (-inf, or the dtype's minimum for integers).

    Returns
    -------
    array
        ``values``' shape with ``shape[axis] = num_segments``, in ``values.dtype``.

    Raises
    ------
    TypeError
        If ``index`` is not an integer array, ``values`` is boolean or complex, or the arrays
        come from different libraries.
    ValueError
        If shapes do not match, ``axis`` is out of range or ``num_segments < 0``.

    See Also
    --------
    scatter : every reduction, by name.
    segment_sum, segment_mean, segment_min, segment_prod

    Examples
    --------
    >>> import numpy as np
    >>> from ember_array.scatter import segment_max
    >>> values = np.array([1.0, 2.0, 3.0, 4.0])
    >>> index = np.array([0, 2, 0, 1])
    >>> segment_max(values, index, 4)
    array([3., 4., 2., 0.])
    >>> segment_max(values, index, 4, fill_value=None)  # empty segments get the identity
    array([  3.,   4.,   2., -inf])
    """
    return _scatter("segment_max", values, index, num_segments, axis, "max", fill_value)


def segment_min(
    values: Any, index: Any, num_segments: int, *, axis: int = 0, fill_value: Scalar | None = 0
) -> Any:
    """The minimum of each segment, NaN if it holds a NaN.

    ``scatter(values, index, num_segments, reduce="min")``: duplicate indices combine, and
    nothing is read back to the host (mlx results stay lazy).

    Parameters
    ----------
    values : array
        Numeric array (numpy, torch, mlx, dask or any compliant array) with at least one
        dimension.
    index : array
        1-d integer array of the same library, with ``values.shape[axis]`` entries; entries
        outside ``[0, num_segments)`` (negative ones included) are dropped.
    num_segments : int
        Number of output segments (a Python int >= 0).
    axis : int, optional
        The axis of ``values`` that ``index`` labels (default 0).
    fill_value : scalar or None, optional
        Value of segments no valid index reaches (default 0). ``None`` gives the reduction's
        identity (+inf, or the dtype's maximum for integers).

    Returns
    -------
    array
        ``values``' shape with ``shape[axis] = num_segments``, in ``values.dtype``.

    Raises
    ------
    TypeError
        If ``index`` is not an integer array, ``values`` is boolean or complex, or the arrays
        come from different libraries.
    ValueError
        If shapes do not match, ``axis`` is out of range or ``num_segments < 0``.

    See Also
    --------
    scatter : every reduction, by name.
    segment_sum, segment_mean, segment_max, segment_prod

    Examples
    --------
    >>> import numpy as np
    >>> from ember_array.scatter import segment_min
    >>> values = np.array([1.0, 2.0, 3.0, 4.0])
    >>> index = np.array([0, 2, 0, 1])
    >>> segment_min(values, index, 4)
    array([1., 4., 2., 0.])
    >>> segment_min(values, index, 4, fill_value=None)  # empty segments get the identity
    array([ 1.,  4.,  2., inf])
    """
    return _scatter("segment_min", values, index, num_segments, axis, "min", fill_value)


def segment_prod(
    values: Any, index: Any, num_segments: int, *, axis: int = 0, fill_value: Scalar | None = 0
) -> Any:
    """The product of each segment.

    ``scatter(values, index, num_segments, reduce="prod")``: duplicate indices combine, and
    nothing is read back to the host (mlx results stay lazy).

    Parameters
    ----------
    values : array
        Numeric array (numpy, torch, mlx, dask or any compliant array) with at least one
        dimension.
    index : array
        1-d integer array of the same library, with ``values.shape[axis]`` entries; entries
        outside ``[0, num_segments)`` (negative ones included) are dropped.
    num_segments : int
        Number of output segments (a Python int >= 0).
    axis : int, optional
        The axis of ``values`` that ``index`` labels (default 0).
    fill_value : scalar or None, optional
        Value of segments no valid index reaches (default 0). ``None`` gives the reduction's
        identity (1).

    Returns
    -------
    array
        ``values``' shape with ``shape[axis] = num_segments``, in ``values.dtype``.

    Raises
    ------
    TypeError
        If ``index`` is not an integer array, ``values`` is boolean, or the arrays
        come from different libraries.
    ValueError
        If shapes do not match, ``axis`` is out of range or ``num_segments < 0``.

    See Also
    --------
    scatter : every reduction, by name.
    segment_sum, segment_mean, segment_max, segment_min

    Examples
    --------
    >>> import numpy as np
    >>> from ember_array.scatter import segment_prod
    >>> values = np.array([1.0, 2.0, 3.0, 4.0])
    >>> index = np.array([0, 2, 0, 1])
    >>> segment_prod(values, index, 4)
    array([3., 4., 2., 0.])
    >>> segment_prod(values, index, 4, fill_value=None)  # empty segments get the identity
    array([3., 4., 2., 1.])
    """
    return _scatter("segment_prod", values, index, num_segments, axis, "prod", fill_value)


def index_reduce(
    x: Any,
    index: Any,
    values: Any,
    *,
    axis: int = 0,
    reduce: Reduce = "sum",
    include_self: bool = True,
) -> Any:
    """Reduce ``values`` into a copy of ``x`` at positions ``index`` along ``axis``.

    Like ``torch.index_reduce`` or ``x.at[index].add(values)``, but duplicate indices always
    combine and indices outside ``[0, x.shape[axis])`` (negative ones included) are dropped.

    Parameters
    ----------
    x : array
        The array to update (not modified).
    index : array
        1-d integer array with ``values.shape[axis]`` entries.
    values : array
        ``x``'s shape except along ``axis``; its dtype must cast safely to ``x.dtype``.
    axis : int, optional
        The axis ``index`` addresses.
    reduce : {"sum", "mean", "max", "min", "prod"}, optional
        How the values meeting at one position combine (with ``x``'s own value when
        ``include_self``).  ``mean`` needs a floating ``x``.
    include_self : bool, optional
        Whether ``x``'s value takes part at the positions that ``index`` reaches.  Positions no
        valid index reaches always keep ``x``'s value.

    Returns
    -------
    array
        A new array of ``x``'s shape and dtype.

    Raises
    ------
    TypeError
        For a non-integer index, a ``values`` dtype that does not cast safely to ``x.dtype``,
        or ``reduce="mean"`` on an integer ``x``.
    ValueError
        For mismatched shapes or an out-of-range ``axis``.

    See Also
    --------
    scatter : reduce into new segments instead of an existing array.

    Examples
    --------
    >>> import numpy as np
    >>> from ember_array.scatter import index_reduce
    >>> index_reduce(np.zeros(3), np.array([1, 0, 1]), np.array([1.0, 1.0, 1.0]))
    array([1., 2., 0.])
    >>> index_reduce(np.zeros(3), np.array([1, 0, 1]), np.array([1.0, 5.0, 3.0]), reduce="max")
    array([5., 3., 0.])
    """
    xp = namespace_module(x, index, values)
    backend = _backend_name(x, xp)
    where = f"index_reduce() [{backend}]"
    ndim = len(x.shape)
    if ndim == 0:
        raise ValueError(f"{where}: x must have at least one dimension, got a 0-d array")
    axis = _axis(where, axis, "x", tuple(x.shape))
    if len(values.shape) != ndim or any(
        d != axis and values.shape[d] != x.shape[d] for d in range(ndim)
    ):
        raise ValueError(
            f"{where}: values must have x's shape {tuple(x.shape)} except along axis {axis}, "
            f"got {tuple(values.shape)}"
        )
    kind = _kind(xp, x.dtype)
    if reduce == "mean" and kind not in ("float", "complex"):
        raise TypeError(f"{where}: reduce='mean' needs a floating x, got dtype {x.dtype}")
    if values.dtype != x.dtype:
        if not xp.can_cast(values.dtype, x.dtype):
            raise TypeError(
                f"{where}: values dtype {values.dtype} does not cast safely to x's dtype {x.dtype}"
            )
        values = xp.astype(values, x.dtype)
    if not isinstance(include_self, bool):
        raise TypeError(f"{where}: include_self must be a bool, got {include_self!r}")
    size = x.shape[axis]
    # fill_value=None: positions nothing reaches hold the reduction's identity, so combining
    # them with x (include_self) leaves x unchanged there.
    partial = _scatter(
        "index_reduce", values, index, size, axis, "sum" if reduce == "mean" else reduce, None
    )
    if include_self and reduce != "mean":
        if reduce == "sum":
            return x + partial
        if reduce == "prod":
            return x * partial
        return xp.maximum(x, partial) if reduce == "max" else xp.minimum(x, partial)
    ones = xp.ones((values.shape[axis],), dtype=x.dtype, device=_device(x))
    count = _scatter("index_reduce", ones, index, size, 0, "sum", 0)
    count = xp.reshape(count, _shape_along(ndim, axis, size))
    if reduce == "mean" and include_self:
        return (x + partial) / (count + 1)
    reached = count != 0
    if reduce == "mean":
        partial = partial / xp.where(reached, count, xp.ones_like(count))
    return xp.where(reached, partial, x)


from ._namespace import guard_names as _guard_names  # noqa: E402

_guard_names(globals(), __all__, shim="scatter")

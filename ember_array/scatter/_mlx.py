"""mlx's scatter: ``x.at[idx].add/maximum/minimum/multiply``, lazy, with derivatives.

mlx's scatter lacks bounds checks, a jvp, a vjp of the product and NaN-propagating
maximum/minimum: each gap has its workaround below, named in ``docs/workarounds.md``.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from .._backends import BY_NAME
from ._checks import Args, Scalar

__all__ = ["scatter_mlx"]


def scatter_mlx(values: Any, index: Any, a: Args) -> Any:
    """mlx's scatter (``x.at[idx].add/maximum/...``) of checked arguments; the result stays lazy."""
    import mlx.core as mx

    v = values if values.dtype == a.out_dtype else values.astype(a.out_dtype)
    if v.dtype == mx.float64 and not BY_NAME[a.backend].holds_float64(
        mx.default_device().type.name
    ):
        # float64 on the CPU stream (the registry's rule); a scoped stream leaves the
        # default alone.
        with mx.stream(mx.cpu):
            return _mlx_scatter(mx, v, index, a)
    return _mlx_scatter(mx, v, index, a)


def _mlx_scatter(mx: Any, v: Any, index: Any, a: Args) -> Any:
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
    if a.kind == "float" and a.reduce not in ("max", "min"):
        out = _mlx_fused(a, rest)(v, idx)
    elif a.reduce in ("max", "min") and a.kind == "float":
        out = _mlx_float_extremum(v, _mlx_clip(s)(idx), a)
    else:
        out = _mlx_combined(mx, v, _mlx_clip(s)(idx), a)
    return out if a.axis == 0 else mx.moveaxis(out, 0, a.axis)


def _mlx_combined(mx: Any, v: Any, safe: Any, a: Args) -> Any:
    """The sum, mean or product of ``v`` (segments on axis 0) at ``safe`` indices (clipped to
    ``[-1, s]``), empty segments filled; integer max and min too."""
    s = a.segments
    init = a.init
    out = _mlx_reduce(mx, v, safe, a, init)
    if a.reduce != "mean" and a.fill == init:
        return out  # empty segments already hold init == fill_value
    count = mx.zeros((s + 2,), dtype=mx.int32).at[safe].add(1)[:s]
    count = count.reshape((s,) + (1,) * (v.ndim - 1))
    if a.empty_mean_is_nan:
        return out / count  # 0 / 0 is the NaN fill: two nodes fewer
    if a.reduce == "mean":
        # the int32 counts promote to the total's floating dtype, as astype would
        out = out / mx.maximum(count, 1)
    if not a.empty_mean_is_fill:
        out = mx.where(count != 0, out, _mlx_full(mx, (), a.fill, v.dtype))
    return out


#: (segments, trailing shape, reduce, fill, ...) -> the whole scatter compiled
_MLX_FUSED: dict[tuple[Any, ...], Any] = {}


def _mlx_fused(a: Args, rest: tuple[int, ...]) -> Any:
    """:func:`_mlx_combined` of floats with the index clip, as one compiled function made once
    per combination of what it reads: mlx builds its graph (~12 ops) in C++, 64 x 8 values
    ~7 us a call less than building it op by op in Python. Under a transform the inputs are
    tracers and the function runs as written (:class:`~ember_array.mlx._helpers.Compiled`)."""
    # repr: a NaN fill equals itself, -0.0 stays apart from 0.0
    key = (a.segments, rest, a.reduce, a.out_dtype, repr(a.fill), a.empty_mean_is_fill)
    fn = _MLX_FUSED.get(key)
    if fn is None:
        import mlx.core as mx

        from ..mlx._helpers import Compiled

        s = a.segments
        if len(_MLX_FUSED) >= 256:  # a bound against programs that make new shapes forever
            _MLX_FUSED.clear()
        # the index clip of _mlx_clip, inside the compiled function
        fn = _MLX_FUSED[key] = Compiled(lambda v, idx: _mlx_combined(mx, v, mx.clip(idx, -1, s), a))
    return fn


# mlx: no bounds checks, out-of-range ``x.at[idx].add(v)`` corrupts memory and aborts the
# process; https://github.com/ml-explore/mlx/issues/206
# mlx wraps -1 to the last slot, so one clip to [-1, s] routes every invalid index to one of the
# two spare slots s and s + 1 of the buffer.
@lru_cache(maxsize=256)
def _mlx_clip(s: int) -> Any:
    """``clip(idx, -1, s)`` compiled: one graph node, where ``mx.clip`` makes four."""
    import mlx.core as mx

    from ..mlx._helpers import Compiled

    return Compiled(lambda idx: mx.clip(idx, -1, s))


def _mlx_reduce(mx: Any, v: Any, safe: Any, a: Args, init: Scalar) -> Any:
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
    @mx.custom_function
    def reduced(v: Any, safe: Any) -> Any:
        # mlx: jvp visits the ops inside a custom_function before its custom jvp; behind
        # stop_gradient they are not visited (see _mlx_key_map)
        return native(mx.stop_gradient(v), safe)

    @reduced.vjp
    def _(primals: Any, cotangent: Any, output: Any) -> tuple[Any, Any]:
        v, safe = primals
        if prod:
            cot = mx.take(_mlx_spare(mx, cotangent), safe, axis=0)
            grad = cot * mx.conj(_mlx_others(mx, v, safe, s))  # mlx's vjp convention: conj
        else:  # mlx's own vjp of the scatter
            grad = mx.vjp(lambda u: native(u, safe), [v], [cotangent])[1][0]
        return grad, mx.zeros_like(safe)

    @reduced.jvp
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
def _mlx_float_extremum(v: Any, safe: Any, a: Args) -> Any:
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
    import mlx.core as mx

    s, rest, dt = a.segments, tuple(v.shape[1:]), v.dtype
    itype, mag, shift = _mlx_keys(mx, dt)
    info = mx.iinfo(itype)
    is_max = a.reduce == "max"
    nan_key = info.max if is_max else info.min
    empty_key = info.min if is_max else info.max

    @mx.custom_function
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

    @extremum.vjp
    def _(primals: Any, cotangents: Any, outputs: Any) -> tuple[Any, Any]:
        v, safe = primals
        cot = mx.take(_mlx_spare(mx, cotangents[0]), safe, axis=0)  # spare slots: none
        grad = mx.where(won(v, safe, outputs[0]), cot, mx.zeros((), dtype=dt))
        return grad, mx.zeros_like(safe)

    # mlx: Scatter has no jvp ("[scatter] JVP not yet implemented");
    # https://github.com/ml-explore/mlx/issues/282
    @extremum.jvp
    def _(primals: Any, tangents: Any) -> list[Any]:
        # the transpose of the vjp: the sum of the tangents of a segment's winners
        v, safe = primals
        pair: Any = extremum(v, safe)  # mlx's stub: a custom_function returns object
        out, got = pair
        t = tangents[0]
        if t is None:  # a tangent for the index only
            return [mx.zeros_like(out), mx.zeros_like(got)]
        t = mx.where(won(v, safe, out), t, mx.zeros((), dtype=dt))
        return [mx.zeros((s + 2, *rest), dtype=dt).at[safe].add(t)[:s], mx.zeros_like(got)]

    pair: Any = extremum(v, safe)  # mlx's stub: a custom_function returns object
    out, got = pair
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
    from ..mlx._helpers import Compiled

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

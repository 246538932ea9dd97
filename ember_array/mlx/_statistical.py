"""Statistical functions: reductions with the standard's dtype rules and ``correction=``."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, cast

import mlx.core as mx

from .._boundary import UNCLEAN, translate, translates_errors
from .._common._scalars import index_argument, keepdims_as_numpy
from .._markers import wraps_native
from .._spec import STATISTICAL
from ._defaults import floating
from ._helpers import Compiled, accumulation_dtype, dense_if_empty, jit_available, normalize_axis

__all__ = list(STATISTICAL)

Axis = int | tuple[int, ...] | None


def _axis(axis: Any) -> Any:
    return list(axis) if isinstance(axis, tuple) else axis


def _reduce(fn: Any, x: mx.array, axis: Axis, keepdims: bool) -> mx.array:
    ax: Any = axis
    if type(axis) is tuple:
        if not axis:
            return x  # reducing over no axis leaves x unchanged (mx treats [] as "all")
        ax = list(axis)
    if x.size == 0:
        x = dense_if_empty(x)
    try:
        out: mx.array = fn(x, axis=ax, keepdims=keepdims)
        return out
    except TypeError as e:
        if (
            type(axis) not in (type(None), int, tuple, bool)
            and (index := index_argument(axis, fn.__name__, "mlx")) is not axis
        ):  # a numpy int or a 0-d array (a float raises, naming the function)
            return _reduce(fn, x, index, keepdims)
        out = fn(x, axis=ax, keepdims=keepdims_as_numpy(e, keepdims))
        return out


@wraps_native()
@translates_errors
def sum(
    x: mx.array, /, *, axis: Axis = None, dtype: Any = None, keepdims: bool = False
) -> mx.array:
    """Sum of ``x``; honours ``dtype=`` and widens small integers to int64/uint64 (mlx keeps
    int8 and wraps around)."""
    try:
        dt = accumulation_dtype(x, dtype, "sum")
        out = _reduce(mx.sum, x if x.dtype == dt else x.astype(dt), axis, keepdims)
        # mlx: mx.sum of uint8/int16... returns (u)int32 (no upstream issue found)
        # Cast back to the requested dtype.
        return out if out.dtype == dt else out.astype(dt)
    except UNCLEAN as e:
        raise translate(e, "sum", "mlx", (x,), {"axis": axis, "dtype": dtype}) from e


@wraps_native()
def prod(
    x: mx.array, /, *, axis: Axis = None, dtype: Any = None, keepdims: bool = False
) -> mx.array:
    """Product of ``x``; honours ``dtype=`` and the default-int rule (mlx keeps small ints)."""
    dt = accumulation_dtype(x, dtype, "prod")
    out = _reduce(mx.prod, x if x.dtype == dt else x.astype(dt), axis, keepdims)
    # mlx: mx.prod of small integer dtypes returns (u)int32 (no upstream issue found)
    # Cast back to the requested dtype.
    return out if out.dtype == dt else out.astype(dt)


@wraps_native()
def max(x: mx.array, /, *, axis: Axis = None, keepdims: bool = False) -> mx.array:
    """Maximum of ``x`` (tuple axes accepted)."""
    return _reduce(mx.max, x, axis, keepdims)


@wraps_native()
def min(x: mx.array, /, *, axis: Axis = None, keepdims: bool = False) -> mx.array:
    """Minimum of ``x`` (tuple axes accepted)."""
    return _reduce(mx.min, x, axis, keepdims)


@wraps_native()
def mean(x: mx.array, /, *, axis: Axis = None, keepdims: bool = False) -> mx.array:
    """Arithmetic mean of ``x`` (tuple axes accepted); integers in the default real floating
    dtype where that is float64 (mlx: float32 always)."""
    return _reduce(mx.mean, floating(x), axis, keepdims)


#: From this many elements the deviations and their squares are one compiled kernel: the
#: intermediate leaves the cache. Measured on the CPU, variance over axis 0 of float32, us for
#: separate / fused / ``mx.var``: 4000 x 64 334 / 352 / 279, 4096 x 128 548 / 466 / 438,
#: 8192 x 128 1864 / 1371 / 1386, 20000 x 128 4275 / 3568 / 3110. Both give the same bits.
_FUSED_SIZE = 1 << 19
_JIT = jit_available()
_SQUARED_DEVIATION = Compiled(lambda x, m: mx.square(x - m))


def var(
    x: mx.array,
    /,
    *,
    axis: Axis = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> mx.array:
    """Variance with the standard's ``correction=`` (``mx.var`` only has integer ``ddof=`` and
    uses a one-pass formula that cancels badly: ``var([524288.3] * 3)`` is 0.0625 there).

    Computed in two passes on data shifted by its first element (exact for constant data): the
    mean, then the mean squared deviation.
    """
    x = floating(x)  # integers: the default real floating dtype where that is float64
    if isinstance(axis, tuple) and not axis:
        return mx.zeros_like(x) if not mx.issubdtype(x.dtype, mx.integer) else x * 0.0
    ax = _axis(axis)
    x = dense_if_empty(x)
    n = x.size if axis is None else _count(x, axis)
    if x.size:
        picked = range(x.ndim) if axis is None else (axis if isinstance(axis, tuple) else (axis,))
        # operator.index: a 0-d mx.array axis hashes by identity, so `i in first` missed it
        # and var was 0 (the namespace's retry reads it: _common._scalars.reads_indices)
        first = {operator.index(a) % x.ndim for a in picked}
        x = x - x[tuple(slice(0, 1) if i in first else slice(None) for i in range(x.ndim))]
    m = mx.mean(x, axis=ax, keepdims=True)
    if mx.issubdtype(x.dtype, mx.complexfloating):
        sq = mx.square(mx.abs(x - m))
    elif x.size >= _FUSED_SIZE and _JIT:
        sq = _SQUARED_DEVIATION(x, m)
    else:
        sq = mx.square(x - m)
    try:
        ss = mx.sum(sq, axis=ax, keepdims=keepdims)
    except TypeError as e:
        ss = mx.sum(sq, axis=ax, keepdims=keepdims_as_numpy(e, keepdims))
    dof = n - correction
    if dof <= 0:
        # the standard: NaN when N - correction <= 0 (ss / -inf would give -0.0)
        return ss * float("nan")
    return ss / dof


def std(
    x: mx.array,
    /,
    *,
    axis: Axis = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> mx.array:
    """Standard deviation with the standard's ``correction=`` (``mx.std`` has ``ddof=``)."""
    return mx.sqrt(var(x, axis=axis, correction=correction, keepdims=keepdims))


def _count(x: mx.array, axis: int | tuple[int, ...]) -> int:
    axes = axis if isinstance(axis, tuple) else (axis,)
    n = 1
    for a in axes:
        n *= x.shape[a]
    return n


def _cumulative(
    fn: Any, fill: int, x: mx.array, axis: int | None, dtype: Any, include_initial: bool, name: str
) -> mx.array:
    if axis is None:
        if x.ndim > 1:
            raise ValueError(f"{name}: axis is required for an mlx array of ndim {x.ndim}")
        axis = 0
    if x.ndim == 0:
        raise ValueError(f"{name}: mlx needs at least a 1-d array, got shape ()")
    axis = normalize_axis(axis, x.ndim, name)
    dt = accumulation_dtype(x, dtype, name)
    if x.dtype != dt:
        x = x.astype(dt)
    out = fn(x, axis=axis) if x.size else dense_if_empty(x)
    if out.dtype != dt:
        out = out.astype(dt)
    if include_initial:
        shape = list(x.shape)
        shape[axis] = 1
        out = mx.concatenate([mx.full(shape, fill, dtype=dt), out], axis=axis)
    return out


@wraps_native()
def cumulative_sum(
    x: mx.array, /, *, axis: int | None = None, dtype: Any = None, include_initial: bool = False
) -> mx.array:
    """Cumulative sum with ``dtype=``, the default-int rule and ``include_initial``."""
    return _cumulative(mx.cumsum, 0, x, axis, dtype, include_initial, "cumulative_sum")


#: axis -> :func:`_cumprod` along it
_CUMPRODS: dict[int, Any] = {}


def _cumprod(x: mx.array, axis: int) -> mx.array:
    """``mx.cumprod`` with a jvp; floating ``x`` only (integers have no derivative)."""
    if not mx.issubdtype(x.dtype, mx.inexact):
        return mx.cumprod(x, axis=axis)
    fn = _CUMPRODS.get(axis)
    if fn is None:
        fn = _CUMPRODS[axis] = _cumprod_along(axis)
    out: mx.array = fn(x)
    return out


def _cumprod_along(axis: int) -> Any:
    def native(x: mx.array) -> mx.array:
        return mx.cumprod(x, axis=axis)

    def vjp(x: mx.array, cotangent: mx.array) -> mx.array:
        # mlx's own (it finds a segment's first zero)
        grad: mx.array = mx.vjp(native, [x], [cotangent])[1][0]
        return grad

    # mlx: Scan has no jvp for prod ("JVP is not implemented for cumulative prod/min/max")
    # (no upstream issue found)
    @mx.custom_function
    def cumprod(x: mx.array) -> mx.array:
        # mlx: jvp visits the ops inside a custom_function before its custom jvp; behind
        # stop_gradient they are not visited (no upstream issue found)
        return native(mx.stop_gradient(x))

    @cumprod.vjp
    def _(x: mx.array, cotangent: mx.array, output: mx.array) -> mx.array:
        return vjp(x, cotangent)

    @cumprod.jvp
    def _(x: mx.array, tangent: mx.array) -> mx.array:
        # d y_k = sum_{i <= k} t_i prod_{j <= k, j != i} x_j: y_k sum_{i <= k} t_i / x_i before
        # the first zero; from it on only its own term is left, t_f prod_{j <= k, j != f} x_j
        # (0 past a second zero): the cumulative product with the first zero set to 1.
        # (The transpose of mlx's vjp is NaN at zeros: it divides by x, then masks.)
        f = cast(Callable[[mx.array], mx.array], cumprod)  # mlx types the call as object
        zero = x == 0
        count = mx.cumsum(zero.astype(mx.int32), axis=axis)
        first = zero & (count == 1)
        one, none = mx.ones_like(x), mx.zeros_like(tangent)
        before = f(x) * mx.cumsum(tangent / mx.where(zero, one, x), axis=axis)
        t_first = mx.cumsum(mx.where(first, tangent, none), axis=axis)
        out: mx.array = mx.where(count > 0, t_first * f(mx.where(first, one, x)), before)
        return out

    return cumprod


@wraps_native()
def cumulative_prod(
    x: mx.array, /, *, axis: int | None = None, dtype: Any = None, include_initial: bool = False
) -> mx.array:
    """Cumulative product with ``dtype=``, the default-int rule and ``include_initial``."""
    return _cumulative(_cumprod, 1, x, axis, dtype, include_initial, "cumulative_prod")

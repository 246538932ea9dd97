"""Element-wise functions.

Most names point straight at the native ``mlx.core`` function (zero overhead).  Written here:
``clip`` (either bound ``None``, keeps ``x``'s dtype), ``copysign``, ``expm1`` (complex),
``hypot``, ``nextafter``, ``signbit`` (missing in mlx), ``sign`` (NaN, complex zero), ``sin``
(``-0``), ``tanh`` (complex infinities), ``remainder`` (sign of zero results) and the bit shifts
(shifts by the bit width or more).  All stay lazy.

Operations run on mlx's default device.  mlx computes float64 on the CPU only: on a machine whose
default device is the GPU, float64 work needs ``mx.set_default_device(mx.cpu)`` or a
``with mx.stream(mx.cpu):`` block (mlx then raises its own error at evaluation otherwise);
ember_array's creation functions and ``linalg`` already put float64 on the CPU stream.
"""

from __future__ import annotations

from typing import Any

import mlx.core as mx

from .. import _spec
from ._helpers import is_complex, is_float, make_complex, scalar

__all__ = list(_spec.ELEMENTWISE)

abs = mx.abs
acos = mx.arccos
acosh = mx.arccosh
add = mx.add
asin = mx.arcsin
asinh = mx.arcsinh
atan = mx.arctan
atan2 = mx.arctan2
atanh = mx.arctanh
bitwise_and = mx.bitwise_and
bitwise_invert = mx.bitwise_invert
bitwise_or = mx.bitwise_or
bitwise_xor = mx.bitwise_xor
ceil = mx.ceil
conj = mx.conj
cos = mx.cos
cosh = mx.cosh
divide = mx.divide
equal = mx.equal
exp = mx.exp
floor = mx.floor
floor_divide = mx.floor_divide
greater = mx.greater
greater_equal = mx.greater_equal
imag = mx.imag
isfinite = mx.isfinite
isinf = mx.isinf
isnan = mx.isnan
less = mx.less
less_equal = mx.less_equal
log = mx.log
log1p = mx.log1p
log2 = mx.log2
log10 = mx.log10
logaddexp = mx.logaddexp
logical_and = mx.logical_and
logical_not = mx.logical_not
logical_or = mx.logical_or
logical_xor = mx.logical_xor
maximum = mx.maximum
minimum = mx.minimum
multiply = mx.multiply
negative = mx.negative
not_equal = mx.not_equal
positive = mx.positive
pow = mx.power
real = mx.real
reciprocal = mx.reciprocal
round = mx.round
sinh = mx.sinh
sqrt = mx.sqrt
square = mx.square
subtract = mx.subtract
tan = mx.tan
trunc = mx.trunc


def _arr(x: Any, like: mx.array | None = None) -> mx.array:
    if isinstance(x, mx.array):
        return x
    return mx.array(x) if like is None else mx.array(x, dtype=like.dtype)


def _pair(x1: Any, x2: Any) -> tuple[mx.array, mx.array]:
    """Floating arrays of one promoted dtype from a pair where one may be a Python scalar."""
    if not isinstance(x1, mx.array):
        x2 = _arr(x2)
        x1 = mx.array(x1, dtype=x2.dtype if is_float(x2.dtype) else mx.float32)
    elif not isinstance(x2, mx.array):
        x2 = mx.array(x2, dtype=x1.dtype if is_float(x1.dtype) else mx.float32)
    if x1.dtype != x2.dtype:
        dt = mx.float64 if mx.float64 in (x1.dtype, x2.dtype) else mx.float32
        x1, x2 = x1.astype(dt), x2.astype(dt)
    return x1, x2


def _int_view(dtype: mx.Dtype) -> mx.Dtype:
    return mx.int64 if dtype == mx.float64 else mx.int32


def sign(x: mx.array, /) -> mx.array:
    """Sign of ``x``; ``mx.sign(nan)`` is 0, the standard says NaN."""
    s = mx.sign(x)
    if is_float(x.dtype):
        return mx.where(mx.isnan(x), x, s)
    if is_complex(x.dtype):
        # mx.sign(complex nan) is not nan: propagate NaN from either component;
        # mx.sign(-0-0j) is -0-0j, the standard says 0+0j
        bad = mx.isnan(mx.real(x)) | mx.isnan(mx.imag(x))
        s = mx.where(x == 0, mx.zeros_like(s), s)
        return mx.where(bad, mx.array(complex("nan+nanj"), dtype=x.dtype), s)
    return s


def tanh(x: mx.array, /) -> mx.array:
    """Hyperbolic tangent; for complex ``+inf + yj`` (finite ``y``) the standard says
    ``1 + 0j`` with the sign of ``y`` on the zero, ``mx.tanh`` gives ``1 - 0j`` for ``y > 0``."""
    t = mx.tanh(x)
    if not is_complex(x.dtype):
        return t
    re, im = mx.real(x), mx.imag(x)
    fix = (re == float("inf")) & mx.isfinite(im)
    zero = mx.where(signbit(im), mx.array(-0.0), mx.array(0.0))
    return mx.where(fix, make_complex(mx.ones_like(re), zero), t)


def expm1(x: mx.array, /) -> mx.array:
    """``exp(x) - 1``; ``mx.expm1`` rejects complex input, computed here as
    ``expm1(re)*cos(im) - 2 sin(im/2)**2 + 1j*exp(re)*sin(im)`` (accurate near 0), with the
    standard's special cases for infinite and NaN real parts."""
    if not is_complex(x.dtype):
        return mx.expm1(x)
    re, im = mx.real(x), mx.imag(x)
    out_re = mx.expm1(re) * mx.cos(im) - 2 * mx.square(mx.sin(im / 2))
    out_re = mx.where((re == 0) & (im == 0), mx.zeros_like(out_re), out_re)  # +0, not -0
    out_im = mx.exp(re) * mx.sin(im)
    nan = mx.array(float("nan"), dtype=re.dtype)
    inf = mx.array(float("inf"), dtype=re.dtype)
    fin_im = mx.isfinite(im)
    # re = -inf: -1 + 0*cis(im)
    neg = re == -inf
    out_re = mx.where(neg, -1.0, out_re)
    out_im = mx.where(neg, mx.where(fin_im, 0 * mx.sin(im), 0.0), out_im)
    # re = +inf: +inf + 0j for im = 0, inf*cis(im) for finite im, inf + nan j otherwise
    pos = re == inf
    zero_im = im == 0
    out_re = mx.where(pos, mx.where(fin_im & ~zero_im, inf * mx.cos(im), inf), out_re)
    out_im = mx.where(pos, mx.where(zero_im, im, mx.where(fin_im, inf * mx.sin(im), nan)), out_im)
    # re = nan, im = 0: nan + im j
    out_im = mx.where(mx.isnan(re) & zero_im, im, out_im)
    return make_complex(out_re, out_im)


def sin(x: mx.array, /) -> mx.array:
    """Sine; ``mx.sin(-0.0)`` is ``+0.0``, the standard says ``-0``."""
    s = mx.sin(x)
    if is_float(x.dtype):
        return mx.where(x == 0, x, s)
    return s


def remainder(x1: mx.array | float, x2: mx.array | float, /) -> mx.array:
    """Remainder with the sign of ``x2``; ``mx.remainder`` gets the sign of zero results wrong
    (``remainder(-0.0, 2)`` must be ``+0``, ``remainder(0.0, -2)`` must be ``-0``)."""
    r = mx.remainder(x1, x2)
    if not is_float(r.dtype):
        return r
    x2a = x2 if isinstance(x2, mx.array) else mx.array(x2, dtype=r.dtype)
    return mx.where(r == 0, copysign(mx.zeros_like(r), x2a), r)


def signbit(x: mx.array, /) -> mx.array:
    """Whether the sign bit is set (``-0.0`` and negative NaN included); mlx has no signbit.

    Reads the bit through a lazy ``view`` as a signed integer of the same width.
    """
    if is_float(x.dtype):
        return x.view(_int_view(x.dtype)) < 0
    if x.dtype == mx.bool_ or mx.issubdtype(x.dtype, mx.unsignedinteger):
        return mx.zeros(x.shape, dtype=mx.bool_)
    return x < 0


def copysign(x1: mx.array | float, x2: mx.array | float, /) -> mx.array:
    """Magnitude of ``x1`` with the sign bit of ``x2`` (mlx has no copysign)."""
    x1, x2 = _pair(x1, x2)
    a = mx.abs(x1)
    return mx.where(signbit(x2), -a, a)


def hypot(x1: mx.array | float, x2: mx.array | float, /) -> mx.array:
    """``sqrt(x1**2 + x2**2)`` without overflow (mlx has no hypot).

    Infinities win over NaN, as the standard's special cases say.
    """
    x1, x2 = _pair(x1, x2)
    a, b = mx.abs(x1), mx.abs(x2)
    hi, lo = mx.maximum(a, b), mx.minimum(a, b)
    safe = mx.where(hi == 0, mx.ones_like(hi), hi)
    r = hi * mx.sqrt(1 + mx.square(lo / safe))
    r = mx.where(hi == 0, mx.zeros_like(r), r)
    r = mx.where(mx.isnan(a) | mx.isnan(b), mx.array(float("nan"), dtype=r.dtype), r)
    return mx.where(mx.isinf(a) | mx.isinf(b), mx.array(float("inf"), dtype=r.dtype), r)


def nextafter(x1: mx.array | float, x2: mx.array | float, /) -> mx.array:
    """The next representable value after ``x1`` towards ``x2`` (mlx has no nextafter).

    Steps the integer view of ``x1`` by one unit in the last place.
    """
    x1, x2 = _pair(x1, x2)
    x1, x2 = mx.broadcast_arrays(x1, x2)
    it = _int_view(x1.dtype)
    bits = x1.view(it)
    up = (x2 > x1) == (x1 >= 0)  # away from zero for positive steps up / negative steps down
    stepped = mx.where(up, bits + 1, bits - 1).view(x1.dtype)
    tiny = mx.array(1, dtype=it).view(x1.dtype)  # smallest subnormal
    at_zero = mx.where(x2 > 0, tiny, -tiny)
    out = mx.where(x1 == 0, at_zero, stepped)
    out = mx.where(x1 == x2, x2, out)
    return mx.where(mx.isnan(x1) | mx.isnan(x2), mx.array(float("nan"), dtype=x1.dtype), out)


def clip(
    x: mx.array,
    /,
    min: mx.array | float | None = None,
    max: mx.array | float | None = None,
) -> mx.array:
    """Clamp ``x`` to ``[min, max]``; either bound may be ``None``; the result keeps ``x``'s
    dtype (``mx.clip`` promotes, e.g. an int array with a float bound gives float32)."""
    out = x
    if min is not None:
        lo = _bound(min, x)
        out = mx.where(out < lo, lo, out)
    if max is not None:
        hi = _bound(max, x)
        out = mx.where(out > hi, hi, out)
    if out is x:
        return x
    return out.astype(x.dtype) if out.dtype != x.dtype else out


def _bound(b: Any, x: mx.array) -> mx.array:
    """A clip bound as an array of ``x``'s dtype (Python ints out of range are saturated)."""
    if isinstance(b, mx.array):
        return b.astype(x.dtype) if b.dtype != x.dtype else b
    if isinstance(b, int) and not isinstance(b, bool) and mx.issubdtype(x.dtype, mx.integer):
        info = mx.iinfo(x.dtype)
        b = min(max(b, info.min), info.max)
    return scalar(b, x.dtype)


def _shift_bits(x1: Any, x2: Any) -> int:
    dt = x1.dtype if isinstance(x1, mx.array) else x2.dtype
    return 8 * dt.size


def bitwise_left_shift(x1: mx.array | int, x2: mx.array | int, /) -> mx.array:
    """``x1 << x2``; shifts by the bit width or more give 0 (``mx.left_shift`` wraps them)."""
    out = mx.left_shift(x1, x2)
    return mx.where(mx.array(x2) >= _shift_bits(x1, x2), mx.zeros_like(out), out)


def bitwise_right_shift(x1: mx.array | int, x2: mx.array | int, /) -> mx.array:
    """``x1 >> x2``; shifts by the bit width or more give 0 or -1 (``mx.right_shift`` wraps)."""
    out = mx.right_shift(x1, x2)
    fill = mx.where(mx.array(x1) < 0, -1, 0).astype(out.dtype)
    return mx.where(mx.array(x2) >= _shift_bits(x1, x2), fill, out)

"""Element-wise functions.

Most names point straight at the native ``mlx.core`` function (zero overhead).  Written here:
``clip`` (either bound ``None``, keeps ``x``'s dtype), ``copysign``, ``expm1`` (complex),
``hypot``, ``nextafter``, ``signbit`` (missing in mlx), ``sign`` (NaN, complex zero), ``sin``
(``-0``), ``tanh`` (complex infinities), ``remainder`` (sign of zero results) and the bit shifts
(shifts by the bit width or more).  ``exp`` (float32 and float64), ``logaddexp`` and
``sin``/``cos`` (float32 and float64) are rebuilt from mlx functions that are accurate
(``expm1``, ``log1p``, float64 ``tan``) or from an exact argument reduction: mlx 0.32.4 computes
float64 ``exp``/``sin``/``cos``/``logaddexp`` at float32 accuracy (and float64 ``exp``
overflows above 88.7), its float32 ``exp`` is up to ~8 ULP off, and its float32 ``sin``/``cos``
up to ~10**5 ULP near multiples of pi/2.  All stay lazy.  ``docs/accuracy.md`` measures them.

Operations run on mlx's default device.  mlx computes float64 on the CPU only: on a machine whose
default device is the GPU, float64 work needs ``mx.set_default_device(mx.cpu)`` or a
``with mx.stream(mx.cpu):`` block (mlx then raises its own error at evaluation otherwise);
ember_array's creation functions and ``linalg`` already put float64 on the CPU stream.
"""

from __future__ import annotations

from typing import Any

import mlx.core as mx
import numpy as np

from .._boundary import UNCLEAN, translate, translates_errors
from .._markers import wraps_native
from .._spec import ELEMENTWISE
from ._binary import BOOLS as _BOOLS
from ._binary import (
    complex_checked,
    complex_checked_compare,
    in_domain,
    refused_dtype,
    wide_int_function,
)
from ._custom_functions import elementwise_function, make_complex
from ._defaults import DEFAULTS
from ._helpers import is_complex, is_float, jit_available, on_cpu, scalar
from ._operators import bool_int8, int_with_bool

# the accurate trig functions, split for size (re-exported: __all__ is the spec's list)
from ._trig import cos as cos
from ._trig import sin as sin
from ._trig import tan as tan

__all__ = list(ELEMENTWISE)

abs = mx.abs
acos = mx.arccos
acosh = mx.arccosh
asin = mx.arcsin
asinh = mx.arcsinh
atan = mx.arctan
atanh = mx.arctanh
bitwise_invert = mx.bitwise_invert
conj = mx.conj
cosh = mx.cosh
imag = mx.imag
isfinite = mx.isfinite
isinf = mx.isinf
isnan = mx.isnan
log = mx.log
log1p = mx.log1p
log2 = mx.log2
log10 = mx.log10
logical_and = mx.logical_and
logical_not = mx.logical_not
logical_or = mx.logical_or
logical_xor = mx.logical_xor
positive = mx.positive
real = mx.real
reciprocal = mx.reciprocal
round = mx.round
sinh = mx.sinh
sqrt = mx.sqrt
square = mx.square


ceil = in_domain(mx.ceil, "ceil")
floor = in_domain(mx.floor, "floor")
negative = in_domain(mx.negative, "negative")
trunc = in_domain(mx.trunc, "trunc")


add = complex_checked(mx.add, "add")
atan2 = wide_int_function(mx.arctan2, "atan2", floating_result=True)
floor_divide = wide_int_function(mx.floor_divide, "floor_divide", arithmetic=True)
greater = wide_int_function(mx.greater, "greater")
greater_equal = wide_int_function(mx.greater_equal, "greater_equal")
less = wide_int_function(mx.less, "less")
less_equal = wide_int_function(mx.less_equal, "less_equal")
maximum = wide_int_function(mx.maximum, "maximum")
minimum = wide_int_function(mx.minimum, "minimum")
divide = complex_checked(mx.divide, "divide", floating_result=True)
multiply = complex_checked(mx.multiply, "multiply")
pow = complex_checked(mx.power, "pow", int8_for_bools=True)
subtract = complex_checked(mx.subtract, "subtract")
equal = complex_checked_compare(mx.equal, "equal")
not_equal = complex_checked_compare(mx.not_equal, "not_equal")


def _arr(x: Any, like: mx.array | None = None) -> mx.array:
    if isinstance(x, mx.array):
        return x
    return mx.array(x) if like is None else mx.array(x, dtype=like.dtype)


def _pair(x1: Any, x2: Any, name: str) -> tuple[mx.array, mx.array]:
    """Real floating arrays of one promoted dtype from the operands of ``name``, a function of
    the standard's real floating dtypes (one may be a Python scalar). Integers and bools
    become the namespace's default real floating dtype, as numpy and torch compute them (mlx
    would keep ``copysign``'s integers, and ``nextafter`` would step their bits); a complex
    operand raises ``TypeError`` (mlx would drop its imaginary part)."""
    for x in (x1, x2):
        if isinstance(x, complex) or (isinstance(x, mx.array) and is_complex(x.dtype)):
            dtype = x.dtype if isinstance(x, mx.array) else "a Python complex"
            raise TypeError(
                f"{name} [mlx]: Only real floating-point dtypes are allowed (the standard's "
                f"domain of {name}), got {dtype}"
            )
    if not isinstance(x1, mx.array):
        x2 = _arr(x2)
        x1 = mx.array(x1, dtype=x2.dtype if is_float(x2.dtype) else DEFAULTS.real)
    elif not isinstance(x2, mx.array):
        x2 = mx.array(x2, dtype=x1.dtype if is_float(x1.dtype) else DEFAULTS.real)
    if x1.dtype != x2.dtype:
        if mx.float64 in (x1.dtype, x2.dtype):
            dt = mx.float64
        elif is_float(x1.dtype) or is_float(x2.dtype):
            dt = mx.float32
        else:
            dt = DEFAULTS.real
        x1, x2 = x1.astype(dt), x2.astype(dt)
    elif not is_float(x1.dtype):
        x1, x2 = x1.astype(DEFAULTS.real), x2.astype(DEFAULTS.real)
    return x1, x2


#: the signed integer dtype of each floating width (a view keeps the shape only at one width)
_INT_OF_SIZE = {2: mx.int16, 4: mx.int32, 8: mx.int64}


def _int_view(dtype: mx.Dtype) -> mx.Dtype:
    # float16/bfloat16 viewed as int32 halved the last axis (signbit of 4 float16 gave 2
    # answers) and failed on a 0-d array ("[view] Changing the type of a scalar")
    return _INT_OF_SIZE[dtype.size]


# mlx: mx.sign(nan) is 0, mx.sign(complex nan) is not nan and mx.sign(-0-0j) is -0-0j
# (no upstream issue found)
@wraps_native()
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


# mlx: mx.tanh(inf + yj) gives 1 - 0j for y > 0, the standard 1 + 0j (no upstream issue found)
@wraps_native()
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


# mlx: mx.expm1 rejects complex input (no upstream issue found)
@wraps_native()
def expm1(x: mx.array, /) -> mx.array:
    """``exp(x) - 1``; ``mx.expm1`` rejects complex input, computed here as
    ``expm1(re)*cos(im) - 2 sin(im/2)**2 + 1j*exp(re)*sin(im)`` (accurate near 0), with the
    standard's special cases for infinite and NaN real parts."""
    if not is_complex(x.dtype):
        return mx.expm1(x)
    re, im = mx.real(x), mx.imag(x)
    out_re = mx.expm1(re) * mx.cos(im) - 2 * mx.square(mx.sin(im / 2))
    out_re = mx.where((re == 0) & (im == 0), mx.zeros_like(out_re), out_re)  # +0, not -0
    out_im = exp(re) * mx.sin(im)
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
    # stop_gradient: the derivative of an unselected inf * cis(im) would be 0 * inf = NaN
    inf_cos, inf_sin = mx.stop_gradient(inf * mx.cos(im)), mx.stop_gradient(inf * mx.sin(im))
    out_re = mx.where(pos, mx.where(fin_im & ~zero_im, inf_cos, inf), out_re)
    out_im = mx.where(pos, mx.where(zero_im, im, mx.where(fin_im, inf_sin, nan)), out_im)
    # re = nan, im = 0: nan + im j
    out_im = mx.where(mx.isnan(re) & zero_im, im, out_im)
    return make_complex(out_re, out_im)


#: Per float dtype: ln2 split so that ``k * hi`` is exact for every ``k`` reached, 1/ln2, the
#: clamp that keeps ``k`` in range of two normal powers of two, the exponent bias, the mantissa
#: width and the integer dtype of the same width.
_EXP_CONSTANTS = {
    mx.float64: (6.93147180369123816490e-01, 1.90821492927058770002e-10,
                 1.44269504088896338700e00, 760.0, 1023, 52, mx.int64),
    mx.float32: (6.9314575195e-01, 1.4286067653e-06, 1.4426950216e00, 110.0, 127, 23, mx.int32),
}  # fmt: skip


def _pow2(k: mx.array, dtype: mx.Dtype) -> mx.array:
    """``2**k`` for integer ``k`` within the normal exponent range, built from its bits."""
    _, _, _, _, bias, mant, _ = _EXP_CONSTANTS[dtype]
    return ((k + bias) << mant).view(dtype)


#: e**r - 1 - r = r**2 * P(r) on |r| <= ln2/2 for float32: Cephes' expf minimax coefficients
#: (highest first). With the Cody-Waite reduction below: at most 0.97 ULP from the exact e**x
#: over 2.2 million float32 inputs (numpy's float32 exp: 2.4 ULP there), and a polynomial is
#: element-wise arithmetic: mlx's own float32 expm1/exp run ~35 ns an element on the CPU.
_EXP32_POLY = (1.9875691500e-4, 1.3981999507e-3, 8.3334519073e-3, 4.1665795894e-2,
               1.6666665459e-1, 5.0000001201e-1)  # fmt: skip


def _exp_r(r: mx.array) -> mx.array:
    """``e**r`` for the reduced argument ``|r| <= ln2/2``: the polynomial for float32, mlx's
    accurate ``expm1`` for float64 (no float32 rounding there to absorb a polynomial's)."""
    if r.dtype != mx.float32:
        return mx.expm1(r) + 1
    p = _EXP32_POLY[0] * r + _EXP32_POLY[1]
    for c in _EXP32_POLY[2:]:
        p = p * r + c
    return (p * (r * r) + r) + 1.0


def _exp_view(x: mx.array) -> mx.array:
    """The accurate ``e**x`` for float32/float64 (see :func:`exp`), ``2**k`` through ``view``."""
    ln2_hi, ln2_lo, inv_ln2, bound, _, _, int_dtype = _EXP_CONSTANTS[x.dtype]
    xc = mx.clip(x, -bound, bound)  # beyond: the result is 0 or inf anyway
    # k is piecewise constant; without stop_gradient mlx's forward-mode transforms (jvp, vmap
    # of a jvp) walk into the ``view`` below.
    # mlx: ``view`` has no jvp in mlx 0.32.4 (no upstream issue found)
    k = mx.stop_gradient(mx.round(xc * inv_ln2))
    r = (xc - k * ln2_hi) - k * ln2_lo
    ki = k.astype(int_dtype)
    k1 = ki >> 1
    # NaN stays NaN through e**r, whatever the integer cast made of k
    return _exp_r(r) * _pow2(k1, x.dtype) * _pow2(ki - k1, x.dtype)


def _exact_pow2(k: mx.array) -> mx.array:
    """``2**k`` in float32 for int64 ``k`` in ``[-62, 62]``, exactly, from element-wise ops
    only: an integer shift converted to float (a power of two is exact) or its reciprocal."""
    p = mx.left_shift(1, mx.abs(k)).astype(mx.float32)
    return mx.where(k >= 0, p, 1 / p)


#: float32 ``110 * (1/ln2)`` (``k``'s clamp, for ``k`` computed from ``x`` itself)
_K32 = float(np.float32(110.0) * np.float32(_EXP_CONSTANTS[mx.float32][2]))


def _exp_fused(x: mx.array) -> mx.array:
    """The accurate ``e**x`` for float32 (see :func:`exp`) from element-wise ops only, for
    ``mx.compile`` to fuse: bit for bit :func:`_exp_view`.

    ``view`` is no element-wise op: mlx's fusion stops at it. ``2**k`` (``|k| <= 159``) is
    ``(2**ka)**2 * 2**(k - 2 ka)`` (:func:`_exact_pow2`, ``|ka| <= 53``); the first product stays
    normal (``2 |ka| <= 106``), so a subnormal result rounds once, in the last one. ``k`` comes
    from ``x``, not from the clamped ``x``: mlx's fusion also stops at a node two others share.
    """
    ln2_hi, ln2_lo, inv_ln2, bound, _, _, _ = _EXP_CONSTANTS[mx.float32]
    # round(clip(x) / ln2) as round(clip(x / ln2)): the product is monotonic, the bounds exact
    k = mx.stop_gradient(mx.round(mx.clip(x * inv_ln2, -_K32, _K32)))  # piecewise constant
    xc = mx.clip(x, -bound, bound)  # beyond: the result is 0 or inf anyway
    ki = k.astype(mx.int64)
    ka = ki // 3
    pa = _exact_pow2(ka)
    r = (xc - k * ln2_hi) - k * ln2_lo
    # NaN stays NaN through e**r, whatever the integer cast and the shifts made of k (NaN
    # times anything, 0 and inf included, is NaN); a NaN guard here would cost a kernel
    return _exp_r(r) * (pa * pa) * _exact_pow2(ki - 2 * ka)


def _exp_partials(x: mx.array, out: mx.array) -> tuple[mx.array]:
    return (out,)


_JIT = jit_available()

#: dtype -> the differentiable accurate exp: float32 compiled into two fused kernels (without a
#: fusing compiler, the ``view`` form: fewer graph nodes, the same bits); float64 not (its
#: ``2**k`` needs ``view``: mlx's float64 ``power`` is float32-accurate, 2**-1074 gives 0; and
#: mlx runs float64 on the CPU only).
_EXP = {
    mx.float32: elementwise_function(_exp_fused if _JIT else _exp_view, _exp_partials, _JIT),
    mx.float64: elementwise_function(_exp_view, _exp_partials),
}
#: float32 on the CPU within this many elements: the separate element-wise ops (each a SIMD
#: loop) beat the fused kernel, which mlx's CPU compiler emits as a scalar loop; below, one
#: kernel beats ~20 nodes; above, the intermediates leave the cache. Measured on this 2-core
#: machine, ms for fused / separate / mx.exp: 16k 0.19 / 0.27 / 0.32, 64k 0.97 / 0.49 / 0.82,
#: 256k 3.7 / 1.5 / 3.5, 512k 7.3 / 3.5 / 6.2, 1M 15.9 / 38 / 15.0. Both forms give the same bits.
_EXP_SPLIT_SIZES = range(32768, 524289)
#: elements per chunk of a larger float32 array on the CPU (256 kB intermediates). 1 MB chunks
#: ran faster in a fresh process (2.56M elements: 0.72x mx.exp's time) but 1.8x after other
#: large workloads had run (the allocator's state: mx.clear_cache() restored it); 256 kB chunks
#: gave 0.91-1.0x in both
_EXP_CHUNK = 65536
_EXP32_SPLIT = elementwise_function(_exp_view, _exp_partials) if _JIT else _EXP[mx.float32]


# mlx: mx.exp is float32-accurate on float64 input (inf above 88.7);
# https://github.com/ml-explore/mlx/issues/4158
@wraps_native()
def exp(x: mx.array, /) -> mx.array:
    """``e**x``.

    ``mx.exp`` is float32-accurate on float64 input (and gives ``inf`` above 88.7) and up to ~8 ULP
    off on float32; here, for both, ``x = k ln2 + r`` with ``|r| <= ln2/2`` (Cody-Waite, ln2 in two
    parts), ``e**r`` a minimax polynomial in float32 (within 0.97 ULP of the exact ``e**x``) and
    ``expm1(r) + 1`` in float64 (mlx's ``expm1`` is accurate), and ``2**k`` is applied as two
    exact powers of two so that subnormal results round once. Other dtypes use ``mx.exp``.
    Differentiable (d/dx = the result itself) under ``mx.grad/vjp/jvp``; float32 runs as one
    compiled function (``mx.compile``: one fused kernel), and on the CPU from 32k to 512k elements
    as separate element-wise ops (about 0.5x ``mx.exp``'s time there), above in chunks of
    65,536 elements each run so (0.9x-1.0x).
    """
    f = _EXP.get(x.dtype)
    if f is None:
        return mx.exp(x)
    if x.dtype == mx.float32 and x.size >= _EXP_SPLIT_SIZES.start and on_cpu():
        if x.size in _EXP_SPLIT_SIZES:
            return _EXP32_SPLIT(x)
        # larger: the same separate ops on cache-sized chunks, joined (the same bits; 2.56M
        # elements: 0.9-1.0x mx.exp's time, the fused kernel ~1.1x)
        flat = x.reshape(-1)
        step = _EXP_CHUNK
        parts = [_EXP32_SPLIT(flat[i : i + step]) for i in range(0, flat.size, step)]
        return mx.concatenate(parts).reshape(x.shape)
    return f(x)


# mlx: mx.logaddexp is float32-accurate on float64 (no upstream issue found)
def logaddexp(x1: mx.array | float, x2: mx.array | float, /) -> mx.array:
    """``log(exp(x1) + exp(x2))`` as ``max + log1p(exp(-|x1 - x2|))``.

    ``mx.logaddexp`` is float32-accurate on float64 and ~10 ULP off on float32. Differentiable
    under ``mx.grad/vjp/jvp`` with ``mx.logaddexp``'s derivatives.
    """
    if isinstance(x1, mx.array) and isinstance(x2, mx.array):
        dt = x1.dtype
        if dt == x2.dtype and (DEFAULTS.ints_to is None or is_float(dt)):  # hot path
            f = _LOGADDEXP.get(dt)
            return mx.logaddexp(x1, x2) if f is None else f(x1, x2)
    x1, x2 = _pair(x1, x2, "logaddexp")
    f = _LOGADDEXP.get(x1.dtype)
    return mx.logaddexp(x1, x2) if f is None else f(x1, x2)  # None: float16, bfloat16


def _logaddexp_accurate(x1: mx.array, x2: mx.array) -> mx.array:
    hi = mx.maximum(x1, x2)
    out = hi + mx.log1p(_exp_view(-mx.abs(x1 - x2)))
    # equal operands (both infinite included, where x1 - x2 is NaN): x + log(2)
    return mx.where(x1 == x2, x1 + 0.6931471805599453, out)


def _negative_pow2(m: mx.array) -> mx.array:
    """``2**-m`` in float32 for int64 ``m`` in ``[0, 62]``, exactly (see :func:`_exact_pow2`)."""
    return 1 / mx.left_shift(1, m).astype(mx.float32)


def _logaddexp_fused(x1: mx.array, x2: mx.array) -> mx.array:
    """:func:`_logaddexp_accurate` for float32 from element-wise ops only (bit for bit): its
    ``exp`` argument is ``d <= 0``, so ``2**-m`` needs no sign (see :func:`_exp_fused`)."""
    ln2_hi, ln2_lo, inv_ln2, bound, _, _, _ = _EXP_CONSTANTS[mx.float32]
    d = mx.maximum(-mx.abs(x1 - x2), -bound)
    m = mx.stop_gradient(mx.round(d * -inv_ln2))  # in [0, 159]; NaN: see _exp_fused
    mi = m.astype(mx.int64)
    ma = mi // 3
    pa = _negative_pow2(ma)
    r = (d + m * ln2_hi) + m * ln2_lo
    e = (mx.expm1(r) + 1) * (pa * pa) * _negative_pow2(mi - 2 * ma)
    return mx.where(x1 == x2, x1 + 0.6931471805599453, mx.log1p(e) + mx.maximum(x1, x2))


def _logaddexp_partials(x1: mx.array, x2: mx.array, out: mx.array) -> tuple[mx.array, mx.array]:
    # d/dx1 = sigmoid(x1 - x2), as mx.logaddexp's own vjp
    return mx.sigmoid(x1 - x2), mx.sigmoid(x2 - x1)


#: dtype -> the differentiable accurate logaddexp (compiled as :data:`_EXP` is)
_LOGADDEXP = {
    mx.float32: elementwise_function(
        _logaddexp_fused if _JIT else _logaddexp_accurate, _logaddexp_partials, _JIT
    ),
    mx.float64: elementwise_function(_logaddexp_accurate, _logaddexp_partials),
}


# mlx: mx.remainder gets the sign of zero results wrong (no upstream issue found)
@wraps_native()
def remainder(x1: mx.array | float, x2: mx.array | float, /) -> mx.array:
    """Remainder with the sign of ``x2``; ``mx.remainder`` gets the sign of zero results wrong
    (``remainder(-0.0, 2)`` must be ``+0``, ``remainder(0.0, -2)`` must be ``-0``)."""
    return remainder_as(x1, x2, "remainder")


def remainder_as(x1: mx.array | float, x2: mx.array | float, name: str) -> mx.array:
    """:func:`remainder`, its refusal of a dtype naming ``name``: the operator called
    (``__mod__``, ``__rmod__``) where it is one, as the other operators' errors name them."""
    if type(x1) is int or type(x2) is int:
        x1, x2 = int_with_bool(x1, x2)  # bool_x % 3: int64, as numpy
    try:
        r = mx.remainder(x1, x2)
        if r.dtype in _BOOLS:  # two bools: int8, as numpy (mlx: bool)
            x1, x2 = bool_int8(x1, x2)
            r = mx.remainder(x1, x2)
    except ValueError as e:
        refused = refused_dtype(e, "remainder", (x1, x2), name)
        if refused is None:
            raise
        raise refused from e
    if not is_float(r.dtype):
        if r.dtype == mx.bool_ or is_complex(r.dtype):
            return r
        # mlx: an integer x % 0 gives x, numpy 0 (as mlx's own x // 0 does); one answer on
        # every backend (torch raises ZeroDivisionError) (no upstream issue found)
        return mx.where(mx.array(x2) == 0, mx.zeros_like(r), r)
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
    x1, x2 = _pair(x1, x2, "copysign")
    a = mx.abs(x1)
    return mx.where(signbit(x2), -a, a)


def hypot(x1: mx.array | float, x2: mx.array | float, /) -> mx.array:
    """``sqrt(x1**2 + x2**2)`` without overflow (mlx has no hypot).

    Infinities win over NaN, as the standard's special cases say.
    """
    x1, x2 = _pair(x1, x2, "hypot")
    a, b = mx.abs(x1), mx.abs(x2)
    # mlx: at a tie mx.maximum and mx.minimum send their derivatives to the same argument, so
    # grad of hypot(x, x) w.r.t. x1 was 0 (no upstream issue found): complementary where()s
    first = a > b
    hi, lo = mx.where(first, a, b), mx.where(first, b, a)
    safe = mx.where(hi == 0, mx.ones_like(hi), hi)
    r = hi * mx.sqrt(1 + mx.square(lo / safe))
    r = mx.where(hi == 0, mx.zeros_like(r), r)
    r = mx.where(mx.isnan(a) | mx.isnan(b), mx.array(float("nan"), dtype=r.dtype), r)
    return mx.where(mx.isinf(a) | mx.isinf(b), mx.array(float("inf"), dtype=r.dtype), r)


def _nextafter(x1: mx.array, x2: mx.array) -> mx.array:
    # stop_gradient: mlx's forward-mode transforms walk into a custom function's body (and into
    # ``view``, which has no jvp); the derivatives come from the rules below
    x1, x2 = mx.stop_gradient(x1), mx.stop_gradient(x2)
    it = _int_view(x1.dtype)
    bits = x1.view(it)
    up = (x2 > x1) == (x1 >= 0)  # away from zero for positive steps up / negative steps down
    stepped = mx.where(up, bits + 1, bits - 1).view(x1.dtype)
    tiny = mx.array(1, dtype=it).view(x1.dtype)  # smallest subnormal
    at_zero = mx.where(x2 > 0, tiny, -tiny)
    out = mx.where(x1 == 0, at_zero, stepped)
    out = mx.where(x1 == x2, x2, out)
    return mx.where(mx.isnan(x1) | mx.isnan(x2), mx.array(float("nan"), dtype=x1.dtype), out)


# mlx: ``view`` has no vjp/jvp in mlx 0.32.4 ("Not implemented for View") (no upstream issue
# found): nextafter's derivatives are given, d/dx1 = 1 and d/dx2 = 0 (x1 moved by one ulp;
# finite differences give 1 at a tie too)
_nextafter_differentiable = elementwise_function(
    _nextafter, lambda x1, x2, out: (mx.ones_like(out), mx.zeros_like(out))
)


def nextafter(x1: mx.array | float, x2: mx.array | float, /) -> mx.array:
    """The next representable value after ``x1`` towards ``x2`` (mlx has no nextafter).

    Steps the integer view of ``x1`` by one unit in the last place. Differentiable: the
    derivative is 1 with respect to ``x1`` and 0 with respect to ``x2``.
    """
    x1, x2 = _pair(x1, x2, "nextafter")
    x1, x2 = mx.broadcast_arrays(x1, x2)
    return _nextafter_differentiable(x1, x2)


def clip(
    x: mx.array,
    /,
    min: mx.array | float | None = None,
    max: mx.array | float | None = None,
) -> mx.array:
    """Clamp ``x`` to ``[min, max]``; either bound may be ``None``; the result keeps ``x``'s
    dtype (``mx.clip`` promotes, e.g. an int array with a float bound gives float32)."""
    out = x
    # mx.maximum/minimum propagate a NaN bound (the standard's result is NaN);
    # a comparison with NaN is False and would drop it
    # mlx: mx.clip promotes (an int array with a float bound gives float32)
    # (no upstream issue found)
    if min is not None:
        lo = _bound(min, x)
        out = mx.maximum(out, lo)
    if max is not None:
        hi = _bound(max, x)
        out = mx.minimum(out, hi)
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


def _beyond_width(x1: Any, x2: Any) -> mx.array:
    """Where a shift count is the bit width or more, or negative (the standard leaves it
    unspecified): numpy and torch shift everything out there (0, or -1 for a negative ``x1``
    shifted right); mlx wraps the count."""
    count = mx.array(x2)
    beyond = count >= _shift_bits(x1, x2)
    return beyond if mx.issubdtype(count.dtype, mx.unsignedinteger) else beyond | (count < 0)


# mlx: under mx.vmap, a bitwise op (BitwiseBinary::vmap) with one batched operand gives wrong
# values, and a batch of one when the first is the unbatched one: silently
# (no upstream issue found)
def _both_batched(x1: Any, x2: Any) -> tuple[Any, Any]:
    """Both operands broadcast against each other by ``where``, whose vmap rule is right: the
    bitwise op then sees two batched operands whenever either is (two extra graph nodes)."""
    if not isinstance(x2, mx.array):
        if not isinstance(x1, mx.array):
            return x1, x2
        x2 = scalar(x2, x1.dtype)
    x1 = mx.where(_TRUE, x1, x2)
    return x1, mx.where(_TRUE, x2, x1)


_TRUE = mx.array(True)  # made once: a Python True is converted on every call (~0.2 us)


def _bitwise(native: Any) -> Any:
    @wraps_native()
    def f(x1: mx.array | int | bool, x2: mx.array | int | bool, /) -> mx.array:
        try:
            out: mx.array = native(*_both_batched(x1, x2))
            return out
        except UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
            raise translate(e, native.__name__, "mlx", (x1, x2)) from e

    f.__name__ = f.__qualname__ = native.__name__  # the standard's name too
    f.__doc__ = f"``mx.{native.__name__}``, also right under ``mx.vmap`` (see above)."
    return translates_errors(f)


bitwise_and = _bitwise(mx.bitwise_and)
bitwise_or = _bitwise(mx.bitwise_or)
bitwise_xor = _bitwise(mx.bitwise_xor)


@wraps_native()
def bitwise_left_shift(x1: mx.array | int, x2: mx.array | int, /) -> mx.array:
    """``x1 << x2``; shifts by the bit width or more give 0 (``mx.left_shift`` wraps them)."""
    if getattr(x1, "dtype", None) in _BOOLS and getattr(x2, "dtype", None) in _BOOLS:
        x1, x2 = bool_int8(x1, x2)  # two bools: int8, as numpy (mlx: uint8)
    out = mx.left_shift(*_both_batched(x1, x2))
    return mx.where(_beyond_width(x1, x2), mx.zeros_like(out), out)


@wraps_native()
def bitwise_right_shift(x1: mx.array | int, x2: mx.array | int, /) -> mx.array:
    """``x1 >> x2``; shifts by the bit width or more give 0 or -1 (``mx.right_shift`` wraps)."""
    if getattr(x1, "dtype", None) in _BOOLS and getattr(x2, "dtype", None) in _BOOLS:
        x1, x2 = bool_int8(x1, x2)  # two bools: int8, as numpy (mlx: uint8)
    out = mx.right_shift(*_both_batched(x1, x2))
    fill = mx.where(mx.array(x1) < 0, -1, 0).astype(out.dtype)
    return mx.where(_beyond_width(x1, x2), fill, out)

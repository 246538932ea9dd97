"""mlx's float32 and float64 ``sin``, ``cos`` and ``tan``, accurate for large arguments.

mlx's own float32 sine and cosine use a short range reduction and lose accuracy as the
argument grows (15-75 ULP for ``|x| <= 1e6``, docs/accuracy.md). Here: on the CPU stream the
float32 functions go through float64 (tan of half the angle, rounded once); on the GPU, which
has no float64, an exact float32 Cody-Waite reduction. Split from ``_elementwise`` for size.
"""

from __future__ import annotations

import mlx.core as mx

from .._markers import wraps_native
from ._custom_functions import elementwise_function
from ._helpers import is_float, jit_available, on_cpu

#: compiled kernels available here (as ``_elementwise`` asks)
_JIT = jit_available()

#: pi/2 as three float32 pieces (72 bits), the first two also split into 12-bit halves so that
#: ``q * piece`` is exact as a sum of partial products for integer ``|q| < 2**24``; and 2/pi.
_PIO2 = (1.5707963705062866, -4.371138828673793e-08, -1.7151245100058819e-15)
_PIO2_HALVES = ((1.57080078125, -4.410743713378906e-06),
                (-4.371395334601402e-08, 2.5650592760939617e-12))  # fmt: skip
_TWO_OVER_PI = 0.6366197466850281
_PI4 = 0.7853981852531433
#: sin r = r + r**3 S(r**2), cos r = 1 - r**2/2 + r**4 C(r**2) on |r| <= pi/4: Cephes' sinf and
#: cosf minimax coefficients (highest first)
_SIN32_POLY = (-1.9515295891e-4, 8.3321608736e-3, -1.6666654611e-1)
_COS32_POLY = (2.443315711809948e-5, -1.388731625493765e-3, 4.166664568298827e-2)
#: the reduction below is exact up to here (``|q| < 2**24``; measured: sin/cos within 1.3 ULP, tan
#: 2.9, at the float32 numbers nearest k pi/2 and at random points up to 2.6e7); beyond, ``q``'s
#: 12-bit halves are no longer exact.
_TRIG32_LIMIT = 16777216.0


def _two_sum(a: mx.array, b: mx.array) -> tuple[mx.array, mx.array]:
    """Knuth's error-free ``a + b = s + e`` (``s`` rounded): element-wise ops only."""
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def _times_piece(q: mx.array, qh: mx.array, ql: mx.array, i: int) -> tuple[mx.array, mx.array]:
    """Dekker's error-free ``q * _PIO2[i] = h + l``: the partial products of 12-bit halves are
    exact in float32 (no fused multiply-add needed)."""
    hi, lo = _PIO2_HALVES[i]
    h = q * _PIO2[i]
    return h, (((qh * hi - h) + qh * lo) + ql * hi) + ql * lo


def _reduce_pio2(x: mx.array) -> tuple[mx.array, mx.array, mx.array]:
    """``x = q pi/2 + (rh + rl)`` in float32, ``|rh| <~ pi/4``, for ``|x| <= _TRIG32_LIMIT``.

    Cody-Waite with pi/2 in three float32 pieces whose products with ``q`` are exact
    (:func:`_times_piece`) and whose sums are error-free (:func:`_two_sum`): the remainder
    keeps its relative accuracy where ``x`` is close to a multiple of pi/2, which a plain
    float32 reduction (``mx.sin``'s, on the CPU) loses (~10**3-10**5 ULP there). ``x - h1`` is
    exact (Sterbenz: ``h1`` is within a factor 2 of ``x`` or 0).
    """
    # q is piecewise constant
    q = mx.stop_gradient(mx.round(x * _TWO_OVER_PI))
    qh = mx.round(q * 2.0**-12) * 4096.0
    ql = q - qh
    h1, l1 = _times_piece(q, qh, ql, 0)
    s1, e1 = _two_sum(x - h1, -l1)
    h2, l2 = _times_piece(q, qh, ql, 1)
    s2, e2 = _two_sum(s1, -h2)
    lo = ((e1 + e2) - l2) - q * _PIO2[2]
    rh = s2 + lo
    rl = lo - (rh - s2)
    # float32 x * 2/pi is off by up to ~0.2 at |x| ~ 4e6, leaving |rh| up to ~1.15, beyond the
    # polynomials' range: one more quarter turn there. rh - d*pi/2 is exact (Sterbenz), and the
    # new remainder is >= 0.4 in magnitude, so the third piece of pi/2 no longer matters.
    d = mx.stop_gradient(mx.where(rh > _PI4, 1.0, mx.where(rh < -_PI4, -1.0, 0.0)))
    t = rh - d * _PIO2[0]
    u = rl - d * _PIO2[1]
    rh2 = t + u
    return q + d, rh2, u - (rh2 - t)


def _sin_cos_r(rh: mx.array, rl: mx.array) -> tuple[mx.array, mx.array]:
    """``sin`` and ``cos`` of ``rh + rl`` (``|rl| <= ulp(rh)/2``) on ``|rh| <~ pi/4``, to first
    order in ``rl``."""
    z = rh * rh
    s = _SIN32_POLY[0] * z + _SIN32_POLY[1]
    s = s * z + _SIN32_POLY[2]
    c = _COS32_POLY[0] * z + _COS32_POLY[1]
    c = c * z + _COS32_POLY[2]
    return rh + (s * z * rh + rl), (1.0 - 0.5 * z) + (c * (z * z) - rl * rh)


def _trig32(x: mx.array, which: str) -> mx.array:
    """Accurate float32 ``sin``/``cos``/``tan`` (``which``): see :func:`sin`."""
    q, rh, rl = _reduce_pio2(x)
    s, c = _sin_cos_r(rh, rl)
    n = q - 4.0 * mx.floor(q * 0.25)  # the quadrant, 0..3 (NaN for non-finite x: NaN out)
    odd = (n == 1.0) | (n == 3.0)
    if which == "tan":
        out = mx.where(odd, -c / s, s / c)
    else:
        neg = n >= 2.0 if which == "sin" else (n == 1.0) | (n == 2.0)
        out = mx.where(odd, c, s) if which == "sin" else mx.where(odd, s, c)
        out = mx.where(neg, -out, out)
    if which != "cos":
        out = mx.where(x == 0, x, out)  # -0 keeps its sign
    # beyond the exact reduction: mlx's own (as accurate as before: the CPU's is exact for
    # |x| >~ 1e9)
    native = {"sin": mx.sin, "cos": mx.cos, "tan": mx.tan}[which]
    return mx.where(mx.abs(x) <= _TRIG32_LIMIT, out, native(x))


_SIN32 = elementwise_function(
    lambda x: _trig32(x, "sin"), lambda x, out: (_trig32(x, "cos"),), _JIT
)
_COS32 = elementwise_function(
    lambda x: _trig32(x, "cos"), lambda x, out: (-_trig32(x, "sin"),), _JIT
)
_TAN32 = elementwise_function(lambda x: _trig32(x, "tan"), lambda x, out: (1 + out * out,), _JIT)


def _half_tan64(x: mx.array) -> mx.array:
    # mlx's float64 tan is accurate for every finite x (its sin/cos are not: see _sin64)
    return mx.tan(x.astype(mx.float64) * 0.5)


def _sin_via64(x: mx.array) -> mx.array:
    """float32 ``sin`` on the CPU: ``2 t / (1 + t**2)``, ``t = tan(x/2)`` in float64 (x/2 is
    exact), rounded once to float32: within 0.5 ULP at any ``x`` (measured), ``-0`` kept."""
    t = _half_tan64(x)
    return (2 * t / (1 + t * t)).astype(mx.float32)


def _cos_via64(x: mx.array) -> mx.array:
    """float32 ``cos`` on the CPU: ``(1 - t)(1 + t) / (1 + t**2)``, ``t = tan(x/2)`` in
    float64 (the factored numerator keeps its relative accuracy near ``cos x = 0``)."""
    t = _half_tan64(x)
    return (((1 - t) * (1 + t)) / (1 + t * t)).astype(mx.float32)


#: float32 sin/cos where float64 runs (the CPU): one compiled kernel at ~1.2x mx.sin's time,
#: where the float32-only reduction above costs ~3.5x there (mlx's CPU compiler emits a scalar
#: loop, and that graph is deeper than one fused kernel takes)
_SIN32_CPU = elementwise_function(_sin_via64, lambda x, out: (_cos_via64(x),), _JIT)
_COS32_CPU = elementwise_function(_cos_via64, lambda x, out: (-_sin_via64(x),), _JIT)


# mlx: mx.tan is accurate on the CPU (float32 within 0.8 ULP at any |x|, measured); mx.sin,
# mx.cos lose float32 accuracy near multiples of pi/2 (no upstream issue found)
@wraps_native()
def tan(x: mx.array, /) -> mx.array:
    """Tangent; ``mx.tan`` on the CPU (accurate); float32 on a GPU is reduced exactly as
    :func:`sin` does (within 3 ULP for ``|x| <= 2**24``), whose accuracy mlx's GPU
    ``tan`` is not known to hold."""
    if x.dtype == mx.float32 and not on_cpu():
        return _TAN32(x)
    return mx.tan(x)


def _sin64(x: mx.array, t: mx.array) -> mx.array:
    # sin x = 2 t / (1 + t**2) with t = tan(x/2), written to avoid overflow; mlx's float64 tan is
    # accurate for every finite x; sin x = x below 2**-26
    # mlx: mx.sin/mx.cos are float32-accurate on float64;
    # https://github.com/ml-explore/mlx/issues/4158
    return mx.where(mx.abs(x) < 2.0**-26, x, 2 / (t + 1 / t))


@wraps_native()
def sin(x: mx.array, /) -> mx.array:
    """Sine; ``mx.sin(-0.0)`` is ``+0.0``, the standard says ``-0``; float64 is computed from
    ``tan(x/2)`` (measured within 3 ULP) because ``mx.sin`` is float32-accurate there.

    float32 (``mx.sin``'s reduction is short: ~10**2-10**5 ULP near multiples of pi/2 from
    ``|x| ~ 10**3``) is, on the CPU, ``2 t / (1 + t**2)`` with ``t = tan(x/2)`` in float64,
    within 0.5 ULP at any ``x`` (~1.2x ``mx.sin``'s time); on a GPU (no float64) reduced to
    ``|r| <= pi/4`` exactly in float32 (Cody-Waite with pi/2 in three float32 pieces,
    error-free products and sums) and evaluated by minimax polynomials, within 2 ULP for
    ``|x| <= 2**24``, ``mx.sin`` beyond. One compiled function, lazy, differentiable (the
    derivative is the accurate cosine).
    """
    if x.dtype == mx.float64:
        return _sin64_differentiable(x)
    if x.dtype == mx.float32:
        return _SIN32_CPU(x) if on_cpu() else _SIN32(x)
    s = mx.sin(x)
    if is_float(x.dtype):
        return mx.where(x == 0, x, s)
    return s


@wraps_native()
def cos(x: mx.array, /) -> mx.array:
    """Cosine; ``mx.cos`` is float32-accurate on float64, so float64 (measured within 3 ULP) is
    ``1 - 2 t**2 / (1 + t**2)`` with ``t = tan(x/2)`` where ``|t| < 1/2``, else
    ``sin(x) / tan(x)``; float32 as :func:`sin` does it: on the CPU
    ``(1 - t)(1 + t) / (1 + t**2)`` in float64 (within 0.5 ULP), on a GPU the exact float32
    reduction (within 2 ULP for ``|x| <= 2**24``)."""
    if x.dtype == mx.float32:
        return _COS32_CPU(x) if on_cpu() else _COS32(x)
    if x.dtype != mx.float64:
        return mx.cos(x)
    return _cos64_differentiable(x)


def _cos64_accurate(x: mx.array) -> mx.array:
    t = mx.tan(x * 0.5)
    t2 = t * t
    near_one = 1 - 2 * t2 / (1 + t2)
    return mx.where(mx.abs(t) < 0.5, near_one, _sin64(x, t) / mx.tan(x))


# The tan-based formulas differentiate to float32-accurate (and, at tan's poles, NaN)
# derivatives: give them sin' = cos and cos' = -sin from the accurate functions themselves.
_sin64_differentiable = elementwise_function(
    lambda x: _sin64(x, mx.tan(x * 0.5)), lambda x, out: (_cos64_accurate(x),)
)
_cos64_differentiable = elementwise_function(
    _cos64_accurate, lambda x, out: (-_sin64(x, mx.tan(x * 0.5)),)
)

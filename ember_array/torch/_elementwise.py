"""Element-wise functions: the two-argument ones through :func:`._binary.binary` (with
``floor_divide``'s and ``remainder``'s floating results and ``nextafter``'s derivative fixed),
complex special cases of ``expm1``/``log1p``/``acos``/``tanh``, a correctly rounded ``sqrt``,
the unary functions that route uint16/32/64 (:mod:`._uints`), and ``clip``."""

from __future__ import annotations

import builtins
import math
from collections.abc import Callable
from functools import wraps
from typing import Any

import array_api_compat.torch as _compat
import numpy as np
import torch

from .._boundary import UNCLEAN, translate, translates_errors
from .._helpers import is_eager_host
from .._markers import wraps_native
from .._quiet import quietly
from ._autograd import floor_divide_differentiable, is_compiling, nextafter_differentiable
from ._binary import binary
from ._data_types import SCALARS, result_type
from ._uints import UINTS, ordered, route_unary
from ._uints import UNARY as UINT_UNARY

#: name -> (x1 may not be a Python scalar in torch, x2 may not): array-api-compat's flags.
_BINARY: dict[str, tuple[bool, bool]] = {
    "add": (False, False),
    "atan2": (True, True),
    "bitwise_and": (False, False),
    "bitwise_left_shift": (False, False),
    "bitwise_or": (False, False),
    "bitwise_right_shift": (False, False),
    "bitwise_xor": (False, False),
    "copysign": (True, False),
    "divide": (False, False),
    "equal": (True, False),
    "floor_divide": (False, False),
    "greater": (True, False),
    "greater_equal": (True, False),
    "hypot": (True, True),
    "less": (True, False),
    "less_equal": (True, False),
    "logaddexp": (True, True),
    "logical_and": (True, True),
    "logical_or": (True, True),
    "logical_xor": (True, True),
    "maximum": (True, True),
    "minimum": (True, True),
    "multiply": (False, False),
    "nextafter": (True, True),
    "not_equal": (True, False),
    "pow": (False, False),
    "remainder": (False, False),
    "subtract": (False, False),
}

__all__ = [
    "abs", "acos", "bitwise_invert", "clip", "expm1", "log1p", "negative", "sign", "sqrt",
    "square", "tanh", *_BINARY,
]  # fmt: skip

_Tensor = torch.Tensor
#: array-api-compat's functions called here, typed (its stubs declare no return types)
_compat_clip: Callable[..., torch.Tensor] = _compat.clip
_compat_floor_divide: Callable[..., torch.Tensor] = _compat.floor_divide
_compat_nextafter: Callable[..., torch.Tensor] = _compat.nextafter


def _nextafter_slow(x1: Any, x2: Any) -> torch.Tensor:
    """Two tensors of different dtypes: :func:`nextafter_differentiable` in the promoted one."""
    if isinstance(x1, _Tensor) and isinstance(x2, _Tensor):
        dt = result_type(x1, x2)
        return nextafter_differentiable(x1.to(dt), x2.to(dt))
    return _compat_nextafter(x1, x2)


def _floor_div_slow(x1: Any, x2: Any) -> torch.Tensor:
    """Two tensors of different dtypes: :func:`floor_divide_differentiable` in the promoted one."""
    if isinstance(x1, _Tensor) and isinstance(x2, _Tensor):
        dt = result_type(x1, x2)
        return floor_divide_differentiable(x1.to(dt), x2.to(dt))
    if isinstance(x1, SCALARS) and isinstance(x2, _Tensor):  # torch takes a scalar x1 here
        return floor_divide_differentiable(x1, x2)
    return _compat_floor_divide(x1, x2)


_OVERRIDES: dict[str, tuple[Callable[..., torch.Tensor], Callable[..., torch.Tensor]]] = {
    "floor_divide": (floor_divide_differentiable, _floor_div_slow),
    "nextafter": (nextafter_differentiable, _nextafter_slow),
}


#: maximum/minimum of a floating tensor and a Python float: torch's clamps (see _binary)
_CLAMPS: dict[str, Callable[..., torch.Tensor]] = {
    "maximum": torch.clamp_min,
    "minimum": torch.clamp_max,
}

for _name, (_x1, _x2) in _BINARY.items():
    _native, _slow = _OVERRIDES.get(_name, (None, None))
    globals()[_name] = binary(_name, _x1, _x2, _native, _slow, clamp=_CLAMPS.get(_name))
del _name, _x1, _x2, _native, _slow


def _float_fixed(
    f: Callable[..., torch.Tensor], fix: Callable[[Any, Any, torch.Tensor], torch.Tensor]
) -> Callable[..., torch.Tensor]:
    """``f``, with ``fix(x1, x2, out)`` applied to floating results (integers go untouched)."""

    @wraps(f)
    def fixed(x1: Any, x2: Any, /) -> torch.Tensor:
        out = f(x1, x2)
        return fix(x1, x2, out) if out.dtype.is_floating_point else out

    return translates_errors(fixed)  # f translates; fix() runs on checked tensors


def _operand(x: Any, out: torch.Tensor) -> torch.Tensor:
    return x if isinstance(x, _Tensor) else torch.tensor(x, dtype=out.dtype, device=out.device)


# torch: floor_divide follows Python's divmod for infinite operands (nan for inf // 2, -1 for
# -5 // inf) where the standard asks floor(x1 / x2) (inf, -0);
# https://github.com/pytorch/pytorch/issues/170178
def _floor_divide_infinities(x1: Any, x2: Any, out: torch.Tensor) -> torch.Tensor:
    """The standard's results where an operand is infinite: ``x1 / x2`` is then exactly
    ``floor(x1 / x2)`` (±inf, ±0 or NaN). On an eager CPU tensor a scan for infinities decides
    whether the ``where`` is needed (it costs ~3x the division); elsewhere it always runs."""
    if is_eager_host(out) and not builtins.any(
        bool(torch.isinf(x).any()) if isinstance(x, _Tensor) else math.isinf(x) for x in (x1, x2)
    ):
        return out
    # detached: floor's derivative is zero there too (a live x1 / x2 branch gives 0 * inf = NaN
    # gradients where x2 == 0, through where's backward)
    a, b = _operand(x1, out).detach(), _operand(x2, out).detach()
    return torch.where(torch.isinf(a) | torch.isinf(b), torch.div(a, b).to(out.dtype), out)


# torch: remainder of a zero result is +0 whatever the divisor's sign (the standard: the sign
# of x2, as for every other result) (no upstream issue found); and its vectorized CPU kernel
# computes x1 - floor(x1 / x2) * x2, NaN where x1 / x2 overflows (1e300 % 3e-10, finite
# operands; arrays of 16+ elements) (no upstream issue found)
def _fmod_exact(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """``fmod`` without torch's overflow of ``a / b``: float32 and narrower in float64 (the
    quotient of two float32 values fits), float64 by reducing the quotient's exponent 900 bits
    at a time against ``b * 2**e`` (exact scaling; fmod of a multiple of ``b`` keeps the
    remainder), three steps for the whole float64 range."""
    if a.dtype is not torch.float64:
        return torch.fmod(a.to(torch.float64), b.to(torch.float64)).to(a.dtype)
    r = a
    for _ in range(3):
        e = (torch.frexp(r).exponent - torch.frexp(b).exponent - 900).clamp(min=0)
        r = torch.fmod(r, torch.ldexp(b, e))
    return r


def _remainder_fixed(x1: Any, x2: Any, out: torch.Tensor) -> torch.Tensor:
    """Every remainder has the divisor's sign (torch's nonzero results already do): one
    ``copysign`` puts it on the zeros too. Where torch gave NaN, the remainder is taken again
    from an exact ``fmod`` (numpy's way); on an eager CPU tensor only if a NaN is there (its
    sum read on the host: a CPU tensor outside tracing, so no device sync or graph break)."""
    b = _operand(x2, out)
    # a NaN anywhere makes the sum NaN: one reduction, ~20x cheaper than isnan().any() on the
    # CPU (a NaN-free inf - inf only takes the exact path needlessly)
    if not is_eager_host(out) or math.isnan(float(out.sum())):
        a = _operand(x1, out).detach().to(out.dtype).expand(out.shape)
        d = b.detach().to(out.dtype).expand(out.shape)
        r = _fmod_exact(a, d)
        r = torch.where((r != 0) & ((r < 0) != (d < 0)), r + d, r).to(out.dtype)
        out = torch.where(torch.isnan(out), r, out)
    return torch.copysign(out, b).to(out.dtype)


floor_divide = _float_fixed(globals()["floor_divide"], _floor_divide_infinities)
remainder = _float_fixed(globals()["remainder"], _remainder_fixed)


def _complex_fixed(
    name: str, fix: Callable[[torch.Tensor, torch.Tensor], torch.Tensor]
) -> Callable[..., torch.Tensor]:
    """torch's ``name``, with ``fix(x, out)`` applied to complex results only (real input
    pays one Python call and a dtype test)."""
    native = getattr(torch, name)

    def fixed(x: torch.Tensor, /) -> torch.Tensor:
        try:
            out = native(x)
        except UNCLEAN as e:
            raise translate(e, name, "torch", (x,)) from e
        return fix(x, out) if out.dtype.is_complex else out

    fixed.__name__ = fixed.__qualname__ = name
    fixed.__doc__ = f"``torch.{name}``, with the standard's complex special cases."
    fixed.__module__ = "ember_array.torch"
    return translates_errors(wraps_native()(fixed))


# torch: complex expm1 misses C99's special cases (inf+0j, -inf+bj, nan+0j give nan parts);
# https://github.com/pytorch/pytorch/issues/95740
def _expm1_special(x: torch.Tensor, out: torch.Tensor) -> torch.Tensor:
    a, b = x.real, x.imag
    zero_imag = b == 0  # the real axis: expm1 of the real part (+ 0.0: expm1(-0) is +0)
    re = torch.where(zero_imag, torch.expm1(a) + 0.0, out.real)
    im = torch.where(zero_imag, b, out.imag)
    neg_inf = torch.isneginf(a) & ~zero_imag  # exp(-inf) is 0: -1 with a zero imaginary part
    signed_zero = torch.copysign(torch.zeros_like(b), torch.sin(b))
    re = torch.where(neg_inf, -1.0, re)
    im = torch.where(neg_inf, torch.where(torch.isfinite(b), signed_zero, 0.0), im)
    pos_inf = torch.isposinf(a) & ~torch.isfinite(b)  # inf times an undefined angle
    re = torch.where(pos_inf, torch.inf, re)
    im = torch.where(pos_inf, torch.nan, im)
    return torch.complex(re, im)


# torch: complex log1p of an infinite part with a NaN one gives nan+nanj, the standard
# +inf+nanj, and of a+inf j (a finite) not +inf+pi/2 j (no upstream issue found)
def _log1p_special(x: torch.Tensor, out: torch.Tensor) -> torch.Tensor:
    a, b = x.real, x.imag
    inf_nan = (torch.isinf(a) & torch.isnan(b)) | (torch.isnan(a) & torch.isinf(b))
    re = torch.where(inf_nan, torch.inf, out.real)
    im = torch.where(inf_nan, torch.nan, out.imag)
    # a finite real part with an infinite imaginary one: +inf ± pi/2 j
    finite_inf = torch.isfinite(a) & torch.isinf(b)
    re = torch.where(finite_inf, torch.inf, re)
    im = torch.where(finite_inf, torch.copysign(torch.full_like(b, torch.pi / 2), b), im)
    return torch.complex(re, im)


# torch: complex128 acos(±0+0j) is pi/2+0j, the standard's pi/2-0j (complex64 is right)
# (no upstream issue found)
def _acos_special(x: torch.Tensor, out: torch.Tensor) -> torch.Tensor:
    zero = x == 0
    return torch.where(zero, torch.complex(out.real, -x.imag), out)


# torch: the CPU's complex128 acos is pi/2 - asin(z), which cancels near z = 1 (over 1,000 ULP
# there, docs/accuracy.md); https://github.com/pytorch/pytorch/issues/137767
def _acos_accurate(x: torch.Tensor, out: torch.Tensor) -> torch.Tensor:
    """Kahan's complex ``acos`` (Branch Cuts for Complex Elementary Functions, 1987):
    ``2 atan2(re sqrt(1 - z), re sqrt(1 + z)) + i asinh(im(conj(sqrt(1 + z)) sqrt(1 - z)))``,
    ``1 -/+ z`` built by parts so that a zero imaginary part keeps its sign on the branch cuts;
    torch's own result (its special cases) where a part of ``z`` is not finite."""
    a, b = x.real, x.imag
    s1 = torch.sqrt(torch.complex(1 - a, -b))
    s2 = torch.sqrt(torch.complex(1 + a, b))
    re = 2 * torch.atan2(s1.real, s2.real)
    im = torch.asinh(s2.real * s1.imag - s2.imag * s1.real)
    finite = torch.isfinite(a) & torch.isfinite(b)
    return torch.where(finite, torch.complex(re, im), _acos_special(x, out))


def _acos_fixed(x: torch.Tensor, out: torch.Tensor) -> torch.Tensor:
    # complex64 goes through the C library's cacosf (within 1.1 ULP, measured): kept
    if out.dtype == torch.complex128:
        return _acos_accurate(x, out)
    return _acos_special(x, out)


# torch: tanh(+inf + yj) follows C99 (the zero takes the sign of sin(2y)) where the standard
# says 1 + 0j with the sign of y (data-apis/array-api#1006) (no upstream issue found)
def _tanh_special(x: torch.Tensor, out: torch.Tensor) -> torch.Tensor:
    a, b = x.real, x.imag
    fix = torch.isposinf(a) & torch.isfinite(b)
    one = torch.complex(torch.ones_like(a), torch.copysign(torch.zeros_like(b), b))
    return torch.where(fix, one, out)


expm1 = _complex_fixed("expm1", _expm1_special)
tanh = _complex_fixed("tanh", _tanh_special)
log1p = _complex_fixed("log1p", _log1p_special)
acos = _complex_fixed("acos", _acos_fixed)


# torch's CPU sqrt goes through MKL VML (VML_HA: 1 ULP off for ~16% of float32 and ~1% of
# float64 inputs, measured); the standard requires correct rounding
# (https://github.com/data-apis/array-api/pull/882). VML route and its failure modes:
# https://github.com/pytorch/pytorch/issues/188792. On a plain CPU tensor numpy's sqrt (the
# hardware instruction) runs on the tensor's own memory; under autograd or torch.func: float32
# and below in float64 then rounded (a faithful float64 sqrt decides every float32 rounding),
# float64 with one exact correction step. A build whose sqrt rounds correctly (probed once
# per dtype) keeps torch.sqrt.
_SQRT_VIA_DOUBLE = frozenset((torch.float32, torch.float16, torch.bfloat16))
_SPLIT = 134217729.0  # 2**27 + 1, Dekker's splitter for float64
_TINY = 2.0**-900  # below this y*y loses bits: scale by 2**600 first (exact)
_HUGE = 2.0**1000  # above this y*y (or the correction) may overflow: scale by 2**-600


#: dtypes numpy's sqrt takes on the tensor's own memory (bfloat16 is not a numpy dtype)
_SQRT_ON_HOST = frozenset((torch.float32, torch.float64, torch.float16))

#: dtype -> the bits of its positive finite values (the sign bit and the top exponent clear)
_SQRT_PROBE_BITS: dict[torch.dtype, tuple[type[np.floating[Any]], Any, int]] = {
    torch.float16: (np.float16, np.uint16, 0x7BFF),
    torch.float32: (np.float32, np.uint32, 0x7F7F_FFFF),
    torch.float64: (np.float64, np.uint64, 0x7FEF_FFFF_FFFF_FFFF),
}
#: dtype -> whether this build's eager CPU ``torch.sqrt`` rounds correctly (:func:`_sqrt_probe`)
_SQRT_NATIVE: dict[torch.dtype, bool] = {}


def _sqrt_probe(dtype: torch.dtype) -> bool:
    """Whether this build's CPU ``torch.sqrt`` rounds correctly in ``dtype``, probed once: 4096
    positive finite values drawn uniformly in their bits (every binade), against numpy's sqrt.
    torch 2.13's MKL build is off for ~25% of such float32 values and ~1% of float64 ones;
    bfloat16 (no numpy dtype) keeps the correction."""
    spec = _SQRT_PROBE_BITS.get(dtype)
    if spec is None:
        return False
    real, word, mask = spec
    rng = np.random.default_rng(0)
    bits = rng.integers(0, mask, 4096, dtype=word, endpoint=True) & word(mask)
    values = bits.view(real)
    with torch.no_grad():
        got = torch.sqrt(torch.from_numpy(values)).numpy()
    return bool(np.array_equal(got, np.sqrt(values)))


def _sqrt_native(dtype: torch.dtype) -> bool:
    """:func:`_sqrt_probe`, remembered per dtype."""
    ok = _SQRT_NATIVE.get(dtype)
    if ok is None:
        ok = _SQRT_NATIVE[dtype] = _sqrt_probe(dtype)
    return ok


#: torch.func's state: a transform is active where its level is not None
_FUNCTORCH = torch._C._functorch


def _sqrt_host(x: torch.Tensor) -> torch.Tensor | None:
    """numpy's sqrt (the hardware instruction, correctly rounded in every dtype here) into a new
    tensor, on the tensors' own memory: no copy, and cheaper than torch's own kernel from about
    30k elements up (single-threaded, as numpy is). Measured against the float64 route: 2M
    float32 elements 0.73 ms against 27 ms; 512 elements 2.9 us against 5.1 us.

    None where numpy may not compute on ``x``'s memory: a tensor subclass (the result would lose
    it), under autograd (``.numpy()`` fails or loses the gradient there), inside a ``torch.func``
    transform (a plain tensor's ``.numpy()`` fails there too), and any tensor ``.numpy()``
    refuses (sparse, nested, a ``torch.func`` wrapper outside its transform). The caller has
    ruled out other devices and ``torch.compile``. Tested inline: ~1.9 us less than
    :func:`~ember_array._helpers.is_eager_cpu_tensor` and layout checks, amid other work.
    """
    if (
        type(x) is not torch.Tensor
        or (x.requires_grad and torch.is_grad_enabled())
        or _FUNCTORCH.maybe_current_level() is not None
    ):
        return None
    try:
        # resolve_neg: a real view of a conjugate's imaginary part carries torch's lazy
        # negation, which .numpy() refuses (no copy otherwise)
        host = x.resolve_neg().numpy()
    except (RuntimeError, TypeError):  # sparse, nested, a wrapper: no plain memory
        return None
    out = torch.empty_like(x)
    quietly(np.sqrt, host, out=out.numpy())  # negative inputs give NaN, as torch's, silently
    return out


def _sqrt_correct64(x: torch.Tensor) -> torch.Tensor:
    """Correctly rounded sqrt of float64 ``x > 0`` (finite) from torch's faithful one.

    ``y*y`` is split exactly into ``p + err`` (Dekker's product); ``y`` moves to its upper
    neighbour when ``x`` lies above ``(y + u/2)**2`` and to its lower one when below
    ``(y - u/2)**2``, ``u`` the gap to that neighbour. Large and tiny ``x`` are scaled by an
    even power of two first, so that no product overflows or loses bits.
    """
    small, big = x < _TINY, x > _HUGE
    xs = torch.where(small, x * 2.0**600, torch.where(big, x * 2.0**-600, x))
    y = torch.sqrt(xs)
    c = y * _SPLIT
    hi = c - (c - y)
    lo = y - hi
    p = y * y
    err = ((hi * hi - p) + 2.0 * hi * lo) + lo * lo  # y*y == p + err exactly
    d = xs - p  # exact (Sterbenz)
    # the gaps to the neighbours from a detached y: torch before 2.13 has no derivative for
    # nextafter (NotImplementedError under autograd, measured on 2.11); y + gap is the
    # neighbour exactly and carries sqrt's own derivative
    yd = y.detach()
    u_up = torch.nextafter(yd, torch.full_like(yd, torch.inf)) - yd
    u_dn = yd - torch.nextafter(yd, torch.zeros_like(yd))  # powers of two: y*u, u*u/4 exact
    up, dn = y + u_up, y - u_dn
    # x > (y + u/2)**2  <=>  (x - y*y) - y*u > u*u/4, summed so only the last step rounds
    go_up = (d - y * u_up) - err > u_up * u_up * 0.25
    go_dn = (d + y * u_dn) - err < u_dn * u_dn * 0.25
    y = torch.where(go_up, up, torch.where(go_dn, dn, y))
    return torch.where(small, y * 2.0**-300, torch.where(big, y * 2.0**300, y))


@translates_errors
@wraps_native()
def sqrt(x: torch.Tensor, /) -> torch.Tensor:
    """``torch.sqrt``, correctly rounded on the CPU for real floating dtypes (see above): where
    this build's own CPU sqrt does not round correctly (probed once per dtype)."""
    try:
        # Inductor's generated CPU sqrt is correctly rounded (0 of 10**6 float32 or float64
        # inputs off, measured): under torch.compile the eager kernel's correction is only cost
        if not x.is_cpu or is_compiling():  # is_cpu: no device object made (~250 ns less)
            return torch.sqrt(x)
        native = _SQRT_NATIVE.get(x.dtype)
        if native is None:
            native = not x.dtype.is_floating_point or _sqrt_native(x.dtype)
        if native:
            return torch.sqrt(x)  # integers (promoted by torch), or a build that rounds right
        if x.dtype in _SQRT_ON_HOST:
            out = _sqrt_host(x)
            if out is not None:
                return out
        if x.dtype in _SQRT_VIA_DOUBLE:
            return torch.sqrt(x.to(torch.float64)).to(x.dtype)
        if x.dtype is torch.float64:
            ok = (x > 0) & (x < torch.inf)
            return torch.where(ok, _sqrt_correct64(torch.where(ok, x, 1.0)), torch.sqrt(x))
        return torch.sqrt(x)
    except UNCLEAN as e:  # in this frame: a wrapper adds guards under torch.compile
        raise translate(e, "sqrt", "torch", (x,)) from e


# array-api-compat: torch sign writes NaN (and complex zeros) through a boolean mask, a
# data-dependent shape torch.func.vmap cannot batch (no upstream issue found)
@wraps_native()
def _sign(x: torch.Tensor, /) -> torch.Tensor:
    """array-api-compat's ``sign`` with ``where`` for its masked writes: ``x / |x|`` (0 at 0)
    for complex input; for real floating input ``torch.sign``, with ``x``'s NaNs passed
    through (torch gives 0 there)."""
    if x.dtype.is_complex:
        return torch.where(x == 0, 0, x / torch.abs(x))
    out = torch.sign(x)
    if x.dtype.is_floating_point:
        return torch.where(torch.isnan(x), x, out)  # x, not a scalar NaN: no 0-d tensor made
    return out


_sign.__name__ = _sign.__qualname__ = "sign"
abs = route_unary(torch.abs, UINT_UNARY["abs"])
sign = route_unary(_sign, UINT_UNARY["sign"])
negative = route_unary(torch.negative, UINT_UNARY["negative"])
square = route_unary(torch.square, UINT_UNARY["square"])
bitwise_invert = route_unary(_compat.bitwise_invert, UINT_UNARY["bitwise_invert"])
_uint_clip: Callable[..., torch.Tensor] = ordered(_compat.clip, data=3)


#: bounds torch.clamp takes as the standard does for a floating tensor (a NaN bound aside)
_PLAIN_BOUNDS = frozenset((type(None), int, float))


@wraps_native("clamp")
def clip(x: torch.Tensor, /, min: Any = None, max: Any = None) -> torch.Tensor:
    """``torch.clamp`` (array-api-compat's: scalar and array bounds, NaN bounds); straight to
    ``torch.clamp`` for a floating tensor with non-NaN Python-number bounds."""
    if (
        type(min) in _PLAIN_BOUNDS
        and type(max) in _PLAIN_BOUNDS
        and (min is not None or max is not None)
        and min == min  # not NaN (None == None)
        and max == max
        and isinstance(x, _Tensor)
        and x.dtype.is_floating_point
    ):
        return torch.clamp(x, min, max)
    if x.dtype in UINTS:
        return _uint_clip(x, min, max)
    return _compat_clip(x, min, max)

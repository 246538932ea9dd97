"""uint16, uint32 and uint64 on torch: computed exactly in signed types, returned as themselves.

torch (2.3 and later) stores these dtypes but has few CPU kernels for them (``add``, ``lt``,
``amax``, ``index_select``, ``searchsorted``... raise ``NotImplementedError: "add_stub" not
implemented for 'UInt16'``) and refuses to promote them with any other dtype ("Promotion for
uint16, uint32, uint64 types is not supported"). The namespace's functions hand a call to this
module only when an input has one of :data:`UINTS` (one frozenset membership test in their
fast path); every other dtype goes to torch as before.

One translation, in three exact forms, each a wrapper built around the same torch function:

``bitwise`` (:func:`bitwise`)
    The values viewed as the signed type of the same width (uint16 -> int16 ...), a view, not
    a copy; Python ints wrap into that type's range. Two's complement makes wrapping ``add``,
    ``subtract``, ``multiply``, ``negative``, ``matmul``, the bitwise operations, ``equal``
    and everything that only moves elements (``flip``, ``take``, ``tril``, ``repeat``...)
    bit-identical; the result is viewed back.
``ordered`` (:func:`ordered`)
    The same view with the sign bit flipped, ``x ^ (1 << (n - 1))``: an order-preserving map
    onto the signed type (0 -> its minimum, ``2**n - 1`` -> its maximum) that is its own
    inverse. Comparisons, ``maximum``/``minimum``, ``max``/``min``, ``argmax``/``argmin``,
    ``clip`` and ``searchsorted`` run on it.
``exact`` (:data:`BINARY`'s ``floor_divide``, ``remainder``, ``pow``, ``bitwise_right_shift``)
    uint16 and uint32 values in int64, where they fit, cast back (wrapping); uint64 as int64
    bit patterns with the unsigned algorithms written out: long division through a signed
    division of ``x >> 1`` (Hacker's Delight 9-3), a logical right shift, and powers whose
    exponent has the top bit set.

:func:`promote` applies the standard's promotion table (uint8 with uint16 is uint16, uint32
with int64 is int64, uint64 with a signed type has no promotion: ``TypeError``) where torch
refuses to. Conversions to floating point are torch's own (``Tensor.to``: correctly rounded).

Who calls it (the section modules, ``linalg.py``): the two-argument element-wise functions and
``matmul`` through :data:`BINARY`; ``abs``, ``sign``, ``negative``, ``square``,
``bitwise_invert``, ``nonzero`` through :func:`route_unary`; ``tensordot``, ``vecdot`` and
``linalg.cross/vecdot/outer`` through :func:`route2`; ``diff`` through :func:`route`; and
written-out fast paths in ``flip``, ``tril``, ``triu``, ``max``, ``min``, ``argmax``, ``argmin``,
``clip``, ``isin``, ``searchsorted``, ``take``, ``take_along_axis``, ``repeat``,
``count_nonzero``, ``where``, ``concat``, ``stack``, ``result_type``, ``asarray``, and the
totals (``sum``, ``prod``, ``cumulative_*``, ``linalg.trace``: accumulated in int64). Where
torch has no kernel for them (off the CPU, and on CPU builds such as torch 2.11's): ``where``'s
selection, ``roll``, ``any``, ``all`` as signed bits, ``sort`` and ``argsort`` in the ordered
view. ``matmul`` and the
products on signed views meet ``ember_array.torch._device_kernels`` off the CPU (CUDA has no
integer matmul). Torch's own kernels already serve the rest (``unique_*``, ``astype``,
creation...).
Operators of ``torch.Tensor`` (``x + 1``, ``x < y``) are torch's, and stay without kernels.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any

import torch

from .._common._data_types import BITS, promote_names
from ._device_kernels import matmul as device_matmul

__all__ = [
    "BINARY",
    "UNARY",
    "UINTS",
    "as_order_key",
    "as_signed_bits",
    "bitwise",
    "exact",
    "from_order_key",
    "from_signed_bits",
    "involved",
    "ordered",
    "promote",
    "promote_dtypes",
    "route",
    "route2",
    "route_unary",
    "to_bits",
]

#: The unsigned types torch stores but cannot compute with.
UINTS = frozenset((torch.uint16, torch.uint32, torch.uint64))
_SIGNED = {torch.uint16: torch.int16, torch.uint32: torch.int32, torch.uint64: torch.int64}
_BITS = {torch.uint16: 16, torch.uint32: 32, torch.uint64: 64}
#: The signed type's minimum: the sign bit that ``ordered`` flips.
_MIN = {dt: -(1 << (n - 1)) for dt, n in _BITS.items()}
_NAMES = {getattr(torch, n): n for n in BITS}
_INT64_MIN = -(1 << 63)
_INT64_MAX = (1 << 63) - 1
_Tensor = torch.Tensor


# ------------------------------------------------------------------------------------------
# promotion


def promote_dtypes(a: torch.dtype, b: torch.dtype) -> torch.dtype:
    """The standard's promotion of ``a`` and ``b`` (TypeError where its table has none between
    integer types: uint64 with a signed one); an integer with bool or a floating-point type
    promotes as torch promotes int16 (to the other type, or the integer with bool)."""
    if a == b:
        return a
    if _is_integer(a) != _is_integer(b):
        integer, other = (a, b) if _is_integer(a) else (b, a)
        return integer if other == torch.bool else other
    try:
        names = _NAMES[a], _NAMES[b]
    except KeyError:
        raise TypeError(f"torch: {a} and {b} cannot be promoted together") from None
    promoted: torch.dtype = getattr(torch, promote_names(*names, "torch"))
    return promoted


def _is_integer(dtype: torch.dtype) -> bool:
    return not (dtype.is_floating_point or dtype.is_complex or dtype == torch.bool)


def promote(*arrays: Any) -> list[Any]:
    """``arrays`` cast to their common dtype by the standard's table (torch refuses to promote
    uint16/32/64); Python scalars are left to the caller."""
    dtype = None
    for a in arrays:
        if isinstance(a, _Tensor):
            dtype = a.dtype if dtype is None else promote_dtypes(dtype, a.dtype)
    return [a.to(dtype) if isinstance(a, _Tensor) and a.dtype != dtype else a for a in arrays]


def involved(arrays: Any) -> bool:
    """Whether a uint16/32/64 tensor is among ``arrays``."""
    return any(isinstance(a, _Tensor) and a.dtype in UINTS for a in arrays)


# ------------------------------------------------------------------------------------------
# the translations: arguments in, the result back


def _dtype(args: Sequence[Any], data: int) -> torch.dtype:
    """The uint dtype of the first of the ``data`` leading arguments that has one."""
    for a in args[:data]:
        for t in a if isinstance(a, list | tuple) else (a,):
            if isinstance(t, _Tensor) and t.dtype in UINTS:
                return t.dtype
    raise TypeError("ember_array.torch: no uint16/uint32/uint64 array among the inputs")


def _wrap_int(value: int, dtype: torch.dtype) -> int:
    """A Python int as the signed value of the same ``dtype``-wide bits (2**n - 1 -> -1)."""
    return ((value - _MIN[dtype]) % (1 << _BITS[dtype])) + _MIN[dtype]


def to_bits(x: torch.Tensor) -> torch.Tensor:
    """A uint16/32/64 tensor viewed as the signed type of its width (``view(x.dtype)`` back)."""
    return x.view(_SIGNED[x.dtype])


def as_signed_bits(a: Any, dtype: torch.dtype) -> Any:
    """``a`` (a tensor of ``dtype``, a Python int, or a list/tuple of them) as the signed type
    of the same width: the same bits, so wrapping sums and products are unchanged."""
    if isinstance(a, _Tensor):
        return a.view(_SIGNED[dtype]) if a.dtype == dtype else a
    if isinstance(a, list | tuple):
        return type(a)(as_signed_bits(t, dtype) for t in a)
    return _wrap_int(a, dtype) if type(a) is int else a


def from_signed_bits(out: Any, dtype: torch.dtype) -> Any:
    """The inverse of :func:`as_signed_bits` for a result tensor."""
    return out.view(dtype)


def as_order_key(a: Any, dtype: torch.dtype) -> Any:
    """``a`` mapped to the signed type of the same width in the same order (the bits with the
    sign bit flipped): maxima and minima of the keys are the keys of the maxima and minima."""
    if isinstance(a, _Tensor):
        return a.view(_SIGNED[dtype]) ^ _MIN[dtype] if a.dtype == dtype else a
    if type(a) is int:
        # x - 2**(n-1); a bound outside [0, 2**n) orders like the nearest end
        return min(max(a, 0), (1 << _BITS[dtype]) - 1) + _MIN[dtype]
    return a


def from_order_key(out: Any, dtype: torch.dtype) -> Any:
    """The inverse of :func:`as_order_key` for a result tensor."""
    return (out ^ _MIN[dtype]).view(dtype)


def _to_wide(a: Any, dtype: torch.dtype) -> Any:
    if isinstance(a, _Tensor):
        if a.dtype != dtype:
            return a
        return a.view(torch.int64) if dtype == torch.uint64 else a.to(torch.int64)
    if type(a) is int and dtype == torch.uint64:
        return _wrap_int(a, dtype)
    return a


def _from_wide(out: Any, dtype: torch.dtype) -> Any:
    return out.view(dtype) if dtype == torch.uint64 else out.to(dtype)


Translation = Callable[[Any, torch.dtype], Any]


def _translation(forward: Translation, backward: Translation) -> Callable[..., Callable[..., Any]]:
    def make(
        func: Callable[..., Any],
        u64: Callable[..., Any] | None = None,
        *,
        data: int = 1,
        keywords: tuple[str, ...] = (),
        back: bool = True,
    ) -> Callable[..., Any]:
        """``func`` on uint inputs (``u64`` instead for uint64, if given): its ``data``
        leading positional arguments and the ``keywords`` arguments (arrays, lists of arrays,
        Python ints) translated in, the result translated back unless ``back`` is False (an
        index or boolean result)."""

        def uint(*args: Any, **kwargs: Any) -> Any:
            dtype = _dtype(args, data)
            args = tuple(forward(a, dtype) if i < data else a for i, a in enumerate(args))
            for k in keywords:
                if k in kwargs:
                    kwargs[k] = forward(kwargs[k], dtype)
            out = (u64 if u64 is not None and dtype == torch.uint64 else func)(*args, **kwargs)
            return backward(out, dtype) if back else out

        uint.__name__ = uint.__qualname__ = getattr(func, "__name__", "uint")
        return uint

    return make


#: ``func`` on the same-width signed view: wrapping arithmetic, bitwise ops, moving elements.
bitwise = _translation(as_signed_bits, from_signed_bits)
#: ``func`` on the order-preserving signed view: comparisons, extrema, positions in order.
ordered = _translation(as_order_key, from_order_key)
#: ``func`` on uint16/uint32 values in int64, ``u64`` on uint64's int64 bits.
exact = _translation(_to_wide, _from_wide)


# ------------------------------------------------------------------------------------------
# uint64 arithmetic on int64 bit patterns


def _logical_rshift(a: torch.Tensor, s: int | torch.Tensor) -> torch.Tensor:
    """``a >> s`` of int64 bits read as unsigned, for ``0 <= s <= 63``."""
    # (INT64_MIN >> s) << 1 has the top s bits set: the copies of the sign bit to clear
    return (a >> s) & ~((torch.full_like(a, _INT64_MIN) >> s) << 1)


def _uge(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """``a >= b`` of int64 bits read as unsigned."""
    return (a ^ _INT64_MIN) >= (b ^ _INT64_MIN)


def _divmod_u64(a: torch.Tensor, b: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Unsigned quotient and remainder of int64 bits (Hacker's Delight 9-3).

    A divisor of 2**63 or more (negative as int64) goes into ``a`` once or not at all; any
    other is positive, so ``((a >>> 1) // b) << 1`` is a signed division, and it is the
    quotient or one less (the remainder left is below ``2 b``). A zero divisor raises like
    torch's int64 division.
    """
    big = b < 0
    divisor = torch.where(big, 1, b)
    q = (_logical_rshift(a, 1) // divisor) << 1
    q = q + _uge(a - q * divisor, divisor).to(torch.int64)
    q = torch.where(big, _uge(a, b).to(torch.int64), q)
    return q, a - q * b


def _floor_divide_u64(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return _divmod_u64(a, b)[0]


def _remainder_u64(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return _divmod_u64(a, b)[1]


def _rshift(a: torch.Tensor, s: torch.Tensor) -> torch.Tensor:
    # nonnegative int64 values below 2**32: shifting by 63 already clears them
    return torch.bitwise_right_shift(a, s.clamp(max=63))


def _rshift_u64(a: torch.Tensor, s: torch.Tensor) -> torch.Tensor:
    out = _logical_rshift(a, s.clamp(0, 63))
    return torch.where((s < 0) | (s > 63), 0, out)  # a shift of 2**63 or more reads as < 0


def _pow_u64(a: torch.Tensor, e: torch.Tensor) -> torch.Tensor:
    """``a ** e`` modulo 2**64; an exponent of 2**63 or more (negative as int64) is
    ``e - 2**63`` for odd ``a`` (odd numbers to the power 2**62 are 1 modulo 2**64) and
    gives 0 for even ``a``."""
    huge = e < 0
    out = torch.pow(a, e & _INT64_MAX)
    return torch.where(huge & ((a & 1) == 0), 0, out)


def _abs(x: torch.Tensor) -> torch.Tensor:
    return x.clone()


def _sign(x: torch.Tensor) -> torch.Tensor:
    return (x != 0).to(x.dtype)


def _on_tensors(func: Callable[..., Any]) -> Callable[..., Any]:
    """``func(a, b)`` with a Python int argument made a 0-d tensor of the other's dtype (it is
    already in that signed type's range: translated by ``bitwise`` or ``ordered``)."""

    @wraps(func)
    def f(a: Any, b: Any) -> Any:
        if not isinstance(a, _Tensor):
            a = torch.tensor(a, dtype=b.dtype, device=b.device)
        elif not isinstance(b, _Tensor):
            b = torch.tensor(b, dtype=a.dtype, device=a.device)
        return func(a, b)

    return f


def _translated_binary(
    translation: Callable[..., Callable[..., Any]],
    func: Callable[..., Any],
    u64: Callable[..., Any] | None = None,
    back: bool = True,
) -> Callable[..., Any]:
    return translation(
        _on_tensors(func), None if u64 is None else _on_tensors(u64), data=2, back=back
    )


#: The uint implementation of each two-argument element-wise function that torch lacks for
#: uint16/32/64 (both arguments of one uint dtype, or one a Python int); the others
#: (``divide``, ``atan2``...) are torch's own once promoted.
BINARY: dict[str, Callable[..., Any]] = {
    "add": _translated_binary(bitwise, torch.add),
    "subtract": _translated_binary(bitwise, torch.subtract),
    "multiply": _translated_binary(bitwise, torch.multiply),
    "bitwise_and": _translated_binary(bitwise, torch.bitwise_and),
    "bitwise_or": _translated_binary(bitwise, torch.bitwise_or),
    "bitwise_xor": _translated_binary(bitwise, torch.bitwise_xor),
    # torch's shifts give 0 for a shift past the width or a negative one (2**(n-1) or more)
    "bitwise_left_shift": _translated_binary(bitwise, torch.bitwise_left_shift),
    "bitwise_right_shift": _translated_binary(exact, _rshift, _rshift_u64),
    "equal": _translated_binary(bitwise, torch.eq, back=False),
    "not_equal": _translated_binary(bitwise, torch.ne, back=False),
    "greater": _translated_binary(ordered, torch.gt, back=False),
    "greater_equal": _translated_binary(ordered, torch.ge, back=False),
    "less": _translated_binary(ordered, torch.lt, back=False),
    "less_equal": _translated_binary(ordered, torch.le, back=False),
    "maximum": _translated_binary(ordered, torch.maximum),
    "minimum": _translated_binary(ordered, torch.minimum),
    "floor_divide": _translated_binary(exact, torch.floor_divide, _floor_divide_u64),
    "remainder": _translated_binary(exact, torch.remainder, _remainder_u64),
    "pow": _translated_binary(exact, torch.pow, _pow_u64),
    "matmul": _translated_binary(bitwise, device_matmul),  # integer matmul off the CPU: exact
}

#: One-argument functions: ``abs`` and ``sign`` of unsigned values need no kernel.
UNARY: dict[str, Callable[..., Any]] = {
    "abs": _abs,
    "sign": _sign,
    "negative": bitwise(torch.negative),
    "square": bitwise(torch.square),
    "bitwise_invert": bitwise(torch.bitwise_not),
}


# ------------------------------------------------------------------------------------------
# routing: the namespace's function, with the uint implementation behind one membership test


def route_unary(native: Callable[..., Any], uint: Callable[..., Any]) -> Callable[..., Any]:
    """``native(x)``, except ``uint(x)`` where ``x`` has a uint16/32/64 dtype (one argument:
    no packing of ``*args``, about 150 ns less than :func:`route` per call)."""

    @wraps(native)
    def f(x: Any, /) -> Any:
        if getattr(x, "dtype", None) in UINTS:
            return uint(x)
        return native(x)

    f.__module__ = "ember_array.torch"
    return f


def route(native: Callable[..., Any], uint: Callable[..., Any]) -> Callable[..., Any]:
    """``native``, except ``uint`` where the first argument has a uint16/32/64 dtype (for
    functions that cost microseconds anyway; the namespace writes its fast ones out)."""

    @wraps(native)
    def f(x: Any, /, *args: Any, **kwargs: Any) -> Any:
        if getattr(x, "dtype", None) in UINTS:
            return uint(x, *args, **kwargs)
        return native(x, *args, **kwargs)

    f.__module__ = "ember_array.torch"
    return f


def route2(
    native: Callable[..., Any], uint: Callable[..., Any] | None = None
) -> Callable[..., Any]:
    """``native`` of two arrays, promoted by the standard's table where one has a uint16/32/64
    dtype, and then ``uint`` (if given) where the common dtype is one of them."""
    run = native if uint is None else uint

    @wraps(native)
    def f(x1: Any, x2: Any, /, *args: Any, **kwargs: Any) -> Any:
        if getattr(x1, "dtype", None) in UINTS or getattr(x2, "dtype", None) in UINTS:
            x1, x2 = promote(x1, x2)
            dtype = x1.dtype if isinstance(x1, _Tensor) else x2.dtype
            return (run if dtype in UINTS else native)(x1, x2, *args, **kwargs)
        return native(x1, x2, *args, **kwargs)

    f.__module__ = "ember_array.torch"
    return f

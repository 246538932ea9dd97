"""Deferral of ``mx.array``'s binary operators to operands they do not know.

Wrapper classes (masked, unit, labelled arrays) rely on Python's operator protocol: an operator
that does not know its other operand returns ``NotImplemented``, so Python calls the other
operand's reflected method. mlx's operators raise ``ValueError`` ("Cannot perform addition on
an mlx.core.array and W") and ``==`` answers ``False``; after :func:`ember_array.mlx.install`
they defer, with numpy's rules for ``__array_ufunc__`` and ``__array_priority__``.
"""

from __future__ import annotations

from typing import Any

import mlx.core as mx
import numpy as np

from .._backends import backend_of_type
from .._boundary import UNCLEAN, translate, translates_errors
from ._defaults import DEFAULTS, floating
from ._helpers import DEFAULT_INT

__all__ = [
    "BOOLS",
    "COMPLEX_DTYPES",
    "refuse_complex128",
    "CONVERTED",
    "DEFERRING",
    "OPERANDS",
    "defers",
    "deferring",
    "equality_deferred",
    "foreign",
    "bool_int8",
    "complex_operator",
    "dtype_refusal",
    "negative_exponents",
    "refuse_bool_subtract",
    "int_with_bool",
    "wide_ints",
]

#: Operand types mlx's operators take as they are: the fast path skips the deferral check.
OPERANDS = frozenset({mx.array, bool, int, float, complex})
#: Operand types mlx's operators convert: a native error with one of them is the result.
CONVERTED = (mx.array, np.ndarray, np.generic, bool, int, float, complex)
_ABSENT: Any = object()


def defers(other: Any) -> bool:
    """Whether an operator of ``mx.array`` returns ``NotImplemented`` for ``other`` before
    trying it: numpy's rule for ``ndarray`` (``binop_should_defer``), read for a library
    without ufuncs. An operand of a class that says it handles the operation itself gets its
    reflected method called: ``__array_ufunc__`` set (None, NEP 13, or a method: numpy would
    hand the operation to it, mlx has no ufunc to hand), an ``__array_priority__`` above
    ``ndarray``'s, or ``__array_namespace__`` (an array-API wrapper: a masked, unit or
    labelled array). mlx converts such objects through ``__dlpack__`` or the buffer protocol
    and drops the wrapper (a masked array's mask). The arrays of the libraries ember knows
    (torch tensors) are converted as before. Unlike numpy (which raises ``TypeError`` there),
    the in-place operators defer too, as torch's do: ``x += w`` becomes ``x = w.__radd__(x)``.
    """
    cls = type(other)
    if cls in OPERANDS or isinstance(other, CONVERTED):
        return False
    ufunc = getattr(cls, "__array_ufunc__", _ABSENT)
    if ufunc is None:
        return True
    if backend_of_type(cls) is not None:
        return False
    if ufunc is not _ABSENT or hasattr(cls, "__array_namespace__"):
        return True
    priority = getattr(cls, "__array_priority__", 0.0)
    return isinstance(priority, (int, float)) and priority > 0.0


def foreign(other: Any) -> bool:
    """An operand mlx's operators do not convert (they raise ``ValueError`` "Cannot perform
    addition on an mlx.core.array and W"): the operator returns ``NotImplemented``, so Python
    calls the other operand's reflected method, or raises its own ``TypeError`` naming both
    types, as for numpy arrays and torch tensors."""
    return not isinstance(other, CONVERTED)


def deferring(name: str, saved: dict[tuple[type, str], Any]) -> Any:
    """mlx's own operator ``name``, returning ``NotImplemented`` for an operand it does not know
    (:func:`defers` before the call, :func:`foreign` once mlx has refused it), with its other
    errors translated here (``std::bad_cast`` for an int out of range: a ``TypeError``).

    mlx: the operators of ``mx.array`` raise ``ValueError`` for an unknown operand instead of
    returning ``NotImplemented``, and ``==``/``!=`` answer ``False``; no upstream issue found.
    The check on the fast path is one set membership of the operand's type (~30 ns).
    """
    key = (mx.array, name)
    arithmetic = name in ("__floordiv__", "__rfloordiv__")
    equality = name in ("__eq__", "__ne__")

    def method(self: mx.array, other: Any) -> Any:
        if type(other) not in OPERANDS and defers(other):
            return equality_deferred(name, self, other) if equality else NotImplemented
        if arithmetic and type(other) is int:
            self, other = int_with_bool(self, other)  # bool_x // 2: int64 (floor_divide's)
        try:
            out = saved[key](self, other)
            if arithmetic:
                if out.dtype in _BOOL:
                    return saved[key](*bool_int8(self, other))  # two bools: int8 (numpy's)
                if out.dtype in _COMPLEX:
                    raise dtype_refusal(name, "real numeric", (self, other))
            return out
        except (TypeError, ValueError) as e:
            if foreign(other):
                return NotImplemented
            # mlx: "Floating point types not allowed with bitwise and." (a ValueError naming
            # neither the operator nor the dtypes; xp.bitwise_and's is a TypeError): named
            raise translate(e, name, "mlx", (self, other), clean=True) from e
        except UNCLEAN as e:
            retry = wide_ints(name, self, other)
            if retry is not None:
                return saved[key](*retry)
            raise translate(e, name, "mlx", (self, other)) from e

    method.__name__ = name
    return translates_errors(method)


def equality_deferred(name: str, x: mx.array, other: Any) -> Any:
    """``x == other`` (``!=``) for an operand ``x`` defers to: ``other``'s own answer, or
    ``TypeError`` where it declines too.

    Python answers ``==`` by identity when both operands return ``NotImplemented``: a jax array
    (which knows numpy's arrays, not mlx's) compared with an mlx array gave ``False`` after
    ``install()``, where mlx converts it and compares elementwise (torch gives ``False`` too).
    The other operand's method is called here, as Python would call it next (``==`` and
    ``!=`` are their own reflections), and its refusal is a ``TypeError`` naming both types,
    as the other operators' is (``unsupported operand type(s) for +``).
    """
    out = getattr(type(other), name)(other, x)
    if out is NotImplemented:
        kind = f"{type(other).__module__}.{type(other).__qualname__}"
        raise TypeError(
            f"{name} [mlx]: an mlx array and a {kind} do not compare (neither converts the "
            "other; Python would answer by identity); convert one of them first"
        )
    return out


#: mlx's own binary operators that only need to defer (the others are replaced below)
DEFERRING = (
    "__floordiv__",
    "__rfloordiv__",
    "__lt__",
    "__le__",
    "__gt__",
    "__ge__",
    "__eq__",
    "__ne__",
    "__and__",
    "__or__",
    "__xor__",
)


_INT64 = range(-(2**63), 2**63)


def wide_ints(name: str, x1: Any, x2: Any) -> tuple[Any, Any] | None:
    """The operands with a Python int beyond int64 taken as numpy takes it (NEP 50: in the
    other operand's dtype); None when neither is one (another error: the caller translates it).

    Called once mlx has refused the operands: it converts every Python int to int64 first and
    raises ``RuntimeError: std::bad_cast`` (``float32_x < 2**70``, ``uint64_x == 2**64 - 1``).
    With a floating or complex array the int becomes the float numpy reads; with an unsigned
    array it fits, an array of that dtype (made through numpy: mlx's own conversion is the one
    that fails). An int that fits no operand (``int32_x < 2**70``) raises ``ValueError``
    naming the function, the backend, the value and the dtype.
    """
    for i, (value, other) in enumerate(((x2, x1), (x1, x2))):
        if type(value) is not int or value in _INT64 or not isinstance(other, mx.array):
            continue
        dtype = other.dtype
        if mx.issubdtype(dtype, mx.inexact):
            converted: Any = float(value)
        elif mx.issubdtype(dtype, mx.unsignedinteger) and 0 <= value < 2 ** (8 * dtype.size):
            converted = mx.array(np.asarray(value, dtype=f"uint{8 * dtype.size}"))
        else:
            raise ValueError(
                f"{name} [mlx]: the Python int {value} is out of range for {dtype} (the "
                "standard leaves it unspecified; cast the array to a wider dtype first)"
            )
        return (x1, converted) if i == 0 else (converted, x2)
    return None


#: mlx's complex dtypes (complex64 only), also checked by the operators of ``install()``.
#: Set lookups hash the dtype: no ``Dtype.__eq__`` call, which ``install()`` replaces.
COMPLEX_DTYPES = frozenset({mx.complex64})
_FLOAT64 = frozenset({mx.float64})
BOOLS = frozenset({mx.bool_})
_BOOL = BOOLS  # set lookups hash the dtype: no Dtype.__eq__ (install() patches it)


# mlx: promotes float64 with complex64 to complex64, it has no complex128
# (no upstream issue found)
def refuse_complex128(name: str, x1: Any, x2: Any) -> None:
    """``TypeError`` where the standard's result is complex128: mlx would compute complex64."""
    if getattr(x1, "dtype", None) in _FLOAT64 or getattr(x2, "dtype", None) in _FLOAT64:
        raise TypeError(
            f"{name}: the standard promotes float64 with complex to complex128, which mlx does "
            "not have (it would compute complex64); cast the float64 operand to float32 first"
        )


def int_with_bool(x1: Any, x2: Any) -> tuple[Any, Any]:
    """The operands with a bool array met by a Python int (not a bool) made the default
    integer dtype, int64, as numpy and torch compute ``bool_x + 2`` (mlx: int32, the dtype it
    gives a Python int). Callers test ``type(x) is int`` first: a float or an array costs
    nothing more."""
    if type(x2) is int and isinstance(x1, mx.array) and x1.dtype in _BOOL:
        return x1.astype(DEFAULT_INT), x2
    if type(x1) is int and isinstance(x2, mx.array) and x2.dtype in _BOOL:
        return x1, x2.astype(DEFAULT_INT)
    return x1, x2


def bool_int8(x1: Any, x2: Any) -> tuple[Any, Any]:
    """Bool operands of ``//``, ``%`` and ``**`` as int8, numpy's dtype for them (mlx computes
    a bool result; the standard defines these for numeric dtypes only). Called once a result
    has come back bool, which it does only for two bool operands."""
    return tuple(  # type: ignore[return-value]
        x.astype(mx.int8) if isinstance(x, mx.array) else mx.array(x, dtype=mx.int8)
        for x in (x1, x2)
    )


_COMPLEX = COMPLEX_DTYPES


def dtype_refusal(name: str, domain: str, args: tuple[Any, ...], note: str = "") -> TypeError:
    """The standard's ``TypeError`` for operands outside ``name``'s ``domain`` ("real
    numeric"), naming the function, the backend and the operands' dtypes."""
    dtypes = ", ".join(str(a.dtype) for a in args if isinstance(a, mx.array))
    return TypeError(
        f"{name} [mlx]: Only {domain} dtypes are allowed in {name}, got {dtypes}{note}"
    )


def refuse_bool_subtract(name: str, out: mx.array, x1: Any, x2: Any) -> None:
    """``TypeError`` for ``subtract`` of two bools (its result is bool only then): the standard
    defines it for numeric dtypes, numpy refuses it, mlx computes their xor."""
    if out.dtype in _BOOL:
        raise dtype_refusal(name, "numeric", (x1, x2), " (numpy refuses too: use logical_xor)")


_SIGNED = frozenset({mx.int8, mx.int16, mx.int32, mx.int64})


def negative_exponents(x1: Any, x2: Any, out: mx.array) -> mx.array:
    """``out``, an integer ``x1 ** x2``, with negative exponents given the exact result cut
    toward zero, as torch gives it: 1 for a base of 1, +-1 for -1 (by the exponent's parity), 0
    otherwise. mlx gives 0 for every negative exponent (``1 ** -2`` is 0; no upstream issue
    found); the standard leaves the case unspecified, numpy raises once it has read the data.
    A non-negative Python int exponent or an unsigned result costs one test."""
    if (type(x2) is int and x2 >= 0) or out.dtype not in _SIGNED:
        return out
    # in the result's dtype, which holds both (a uint8 base compared with -1 would overflow)
    base = x1.astype(out.dtype) if isinstance(x1, mx.array) else mx.array(x1, dtype=out.dtype)
    exponent = x2.astype(out.dtype) if isinstance(x2, mx.array) else mx.array(x2, dtype=out.dtype)
    odd = (exponent % 2) != 0
    cut = mx.where(base == 1, 1, mx.where(base == -1, mx.where(odd, -1, 1), 0)).astype(out.dtype)
    return mx.where(exponent < 0, cut, out)


def complex_operator(name: str, saved: dict[tuple[type, str], Any]) -> Any:
    """The native arithmetic operator ``name``, refusing a complex128 result as the functions do.

    mlx promotes float64 with a complex operand (a Python complex, or complex64) to complex64,
    a silent downcast of the float64 operand (mlx has no complex128): ``xp.add`` raises there,
    and after ``install()`` so does ``+``. Only complex results are checked. Native errors are
    translated in this frame (no ``guard`` wrapper: ~0.3 us on every operator call).
    """

    key = (mx.array, name)
    floating_result = name in ("__truediv__", "__rtruediv__")
    int8_for_bools = name in ("__pow__", "__rpow__")
    bool_refused = name in ("__sub__", "__rsub__")

    def method(self: mx.array, other: Any) -> Any:
        if type(other) not in OPERANDS and defers(other):
            return NotImplemented
        if floating_result and DEFAULTS.ints_to is not None:
            # integers: the default real floating dtype where that is float64 (xp.divide's)
            self, other = floating(self), floating(other)
        if type(other) is int:
            self, other = int_with_bool(self, other)  # bool_x + 2: int64 (xp.add's)
        try:
            out = saved[key](self, other)
        except (TypeError, ValueError) as e:
            if foreign(other):  # mlx raises for an operand it does not know: it defers
                return NotImplemented
            raise translate(e, name, "mlx", (self, other), clean=True) from e
        except UNCLEAN as e:
            retry = wide_ints(name, self, other)
            if retry is None:
                raise translate(e, name, "mlx", (self, other)) from e
            out = saved[key](*retry)
        if out is NotImplemented:
            return out
        if int8_for_bools:  # ** as xp.pow: two bools in int8, negative integer exponents
            if out.dtype in _BOOL:
                out = saved[key](*bool_int8(self, other))
            out = (
                negative_exponents(self, other, out)
                if name == "__pow__"
                else negative_exponents(other, self, out)
            )
        if bool_refused:
            refuse_bool_subtract(name, out, self, other)  # as xp.subtract
        if out.dtype in COMPLEX_DTYPES:
            refuse_complex128(name, self, other)
        return out

    method.__name__ = name
    return method

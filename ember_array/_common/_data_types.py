"""Data type functions whose native results do not have the standard's shape."""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from .._markers import wraps_native

__all__ = [
    "can_cast",
    "complex_to_real",
    "finfo",
    "finfo_object",
    "iinfo",
    "iinfo_object",
    "promote_names",
]

SIGNED = ("int8", "int16", "int32", "int64")
UNSIGNED = ("uint8", "uint16", "uint32", "uint64")
REAL_FLOAT = ("float32", "float64")
COMPLEX = ("complex64", "complex128")
BITS = {
    "bool": 8, "int8": 8, "int16": 16, "int32": 32, "int64": 64, "uint8": 8, "uint16": 16,
    "uint32": 32, "uint64": 64, "float32": 32, "float64": 64, "complex64": 64, "complex128": 128,
}  # fmt: skip


def complex_to_real(backend: str, src: object, dst: object) -> TypeError:
    """The error of ``astype`` from a complex to a real dtype, one message on every backend.

    The standard says this cast "should not be permitted"; numpy, torch and dask drop the
    imaginary part silently, mlx raises: every namespace raises this instead.
    """
    name = str(dst).rsplit(".", 1)[-1].removeprefix("<class '").rstrip("'>")
    return TypeError(
        f"astype [{backend}]: casting {str(src).rsplit('.', 1)[-1]} to {name} is not permitted "
        "(the array API forbids complex to real casts; take real(x) or abs(x) first)"
    )


def promote_names(a: str, b: str, backend: str) -> str:
    """The standard's type promotion table on dtype names; ``TypeError`` where it has none."""
    if a == b:
        return a
    for group in (SIGNED, UNSIGNED, REAL_FLOAT, COMPLEX):
        if a in group and b in group:
            return max(a, b, key=group.index)
    if (a in REAL_FLOAT and b in COMPLEX) or (a in COMPLEX and b in REAL_FLOAT):
        bits = max(BITS[a] * (2 if a in REAL_FLOAT else 1), BITS[b] * (2 if b in REAL_FLOAT else 1))
        return f"complex{bits}"
    if a in UNSIGNED and b in SIGNED:
        a, b = b, a
    if a in SIGNED and b in UNSIGNED:
        if BITS[a] > BITS[b]:
            return a
        if b == "uint64":
            raise TypeError(
                f"{backend}: {a} and {b} have no common dtype in the array API standard"
            )
        return f"int{2 * BITS[b]}"
    raise TypeError(f"{backend}: {a} and {b} cannot be type promoted together (array API standard)")


def _name(x: Any, func: str, xp: ModuleType) -> str:
    """The standard name of a dtype, or of an array's dtype."""
    dtype = _dtype_of(x)
    for name in BITS:
        if getattr(xp, name) == dtype:
            return name
    raise TypeError(f"{func}: {xp.__name__} expected an array or a standard dtype, got {x!r}")


def can_cast(from_: Any, to: Any, /, *, xp: ModuleType) -> bool:
    """Whether ``from_`` (a dtype or an array) casts to ``to`` under the standard's promotion.

    numpy's and torch's ``can_cast`` follow their wider rules (bool -> int8 and
    int8 -> float32 are True there); the standard's table has no cross-kind promotion.
    """
    a, b = _name(from_, "can_cast", xp), _name(to, "can_cast", xp)
    try:
        return promote_names(a, b, xp.__name__) == b
    except TypeError:
        return False


@dataclass(frozen=True)
class finfo_object:  # noqa: N801 - the standard's name
    """Floating-point limits, with plain Python numbers as the standard asks.

    Attributes
    ----------
    bits : int
        The number of bits of the data type.
    eps : float
        The difference between 1.0 and the next larger representable number.
    max, min : float
        The largest and the smallest (most negative) finite numbers.
    smallest_normal : float
        The smallest positive normal number.
    dtype : dtype
        The floating-point data type these are the limits of.
    """

    bits: int
    eps: float
    max: float
    min: float
    smallest_normal: float
    dtype: Any


@dataclass(frozen=True)
class iinfo_object:  # noqa: N801 - the standard's name
    """Integer limits, with plain Python ints as the standard asks."""

    bits: int
    max: int
    min: int
    dtype: Any


def _dtype_of(type: Any) -> Any:
    # The standard lets finfo/iinfo take an array as well as a dtype. numpy
    # scalar classes carry a ``dtype`` descriptor and np.dtype objects none.
    dtype = getattr(type, "dtype", None)
    return type if dtype is None or isinstance(type, builtins.type) else dtype


def _info_dtype(info: Any, xp: ModuleType) -> Any:
    # torch: finfo/iinfo report their dtype as a string ("float32") (no upstream issue found)
    return getattr(xp, info.dtype) if isinstance(info.dtype, str) else info.dtype


@wraps_native()
def finfo(type: Any, /, *, xp: ModuleType) -> finfo_object:
    """Machine limits for a floating-point dtype (or an array of one).

    Native ``finfo`` returns numpy scalars (numpy) or lacks fields; this
    returns Python floats; for a complex dtype the limits (and ``dtype``) are
    those of its real component, as numpy and torch report them.
    """
    info = xp.finfo(_dtype_of(type))
    dtype = _info_dtype(info, xp)
    return finfo_object(
        bits=int(info.bits),
        eps=float(info.eps),
        max=float(info.max),
        min=float(info.min),
        smallest_normal=float(info.smallest_normal),
        dtype=dtype,
    )


@wraps_native()
def iinfo(type: Any, /, *, xp: ModuleType) -> iinfo_object:
    """Machine limits for an integer dtype (or an array of one), as Python ints."""
    info = xp.iinfo(_dtype_of(type))
    dtype = _info_dtype(info, xp)
    bits = int(info.bits)
    # torch: iinfo(uint64).max is a float (1.84467e+19) (no upstream issue found)
    # Derived from bits instead.
    if info.min < 0:
        return iinfo_object(bits=bits, max=2 ** (bits - 1) - 1, min=-(2 ** (bits - 1)), dtype=dtype)
    return iinfo_object(bits=bits, max=2**bits - 1, min=0, dtype=dtype)

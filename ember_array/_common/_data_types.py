"""Data type functions whose native results do not have the standard's shape."""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from types import ModuleType
from typing import Any

__all__ = ["finfo", "finfo_object", "iinfo", "iinfo_object"]


@dataclass(frozen=True)
class finfo_object:  # noqa: N801 - the standard's name
    """Floating-point limits, with plain Python numbers as the standard asks."""

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
    # torch.finfo/iinfo report their dtype as a string ("float32").
    return getattr(xp, info.dtype) if isinstance(info.dtype, str) else info.dtype


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


def iinfo(type: Any, /, *, xp: ModuleType) -> iinfo_object:
    """Machine limits for an integer dtype (or an array of one), as Python ints."""
    info = xp.iinfo(_dtype_of(type))
    dtype = _info_dtype(info, xp)
    bits = int(info.bits)
    # Derived from bits: torch.iinfo(uint64).max is a float (1.84467e+19).
    if info.min < 0:
        return iinfo_object(bits=bits, max=2 ** (bits - 1) - 1, min=-(2 ** (bits - 1)), dtype=dtype)
    return iinfo_object(bits=bits, max=2**bits - 1, min=0, dtype=dtype)

"""The samplers' arguments checked: dtypes, bounds, shapes that broadcast, float64 per device."""

from __future__ import annotations

import operator
from typing import Any

from .._backends import BY_NAME
from .._devices import device_name
from ._words import Words, check_shape, dtype_name

__all__ = [
    "FLOATS",
    "INTS",
    "as_float",
    "bernoulli_setup",
    "broadcast_shapes",
    "check_broadcast",
    "check_float64",
    "check_uniform_bounds",
    "float_dtype",
    "int_bounds",
    "is_array",
    "words_per",
]

FLOATS = ("float32", "float64", "float16", "bfloat16")
INTS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")


def float_dtype(be: Words, dtype: Any, dev: Any, func: str) -> str:
    """Name of the real floating ``dtype`` (default float32); raise if the device lacks it."""
    name = "float32" if dtype is None else dtype_name(be, dtype, FLOATS)
    if name is None:
        raise TypeError(
            f"{func}(): dtype must be a real floating dtype of {be.name} "
            f"(float32, float64), got {dtype}"
        )
    if name == "float64":
        check_float64(be, dev, func)
    return name


def check_float64(be: Words, dev: Any, func: str) -> None:
    """float64 where the device cannot compute it is an error, never a silent downcast.

    The registry's rule (:meth:`ember_array._backends.Backend.holds_float64`). mlx arrays
    carry no device: operations run on the default device, and the GPU rejects float64 only
    when the graph is evaluated, so this fails now instead.
    """
    row = BY_NAME.get(be.name)
    if row is None or not row.no_float64:
        return
    target = dev if dev is not None else be.xp.__array_namespace_info__().default_device()
    kind = device_name(target).partition(":")[0]
    if not row.holds_float64(kind):
        where = " (the default device here)" if dev is None else ""
        raise ValueError(
            f"{func}(): {be.name} cannot compute float64 on the {kind} device{where}; use "
            "float32 or another device (ember_array never downcasts silently)"
        )


def as_float(x: Any, name: str, func: str) -> float:
    """A Python number argument as a float (arrays are taken elsewhere)."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise TypeError(f"{func}(): {name} must be a Python number or an array, got {x!r}")
    return float(x)


def is_array(x: Any) -> bool:
    """Whether ``x`` is an array (of any namespace), not a Python number."""
    return hasattr(x, "shape") and hasattr(x, "dtype")


def broadcast_shapes(*shapes: tuple[int, ...]) -> tuple[int, ...] | None:
    """The broadcast shape of ``shapes``, or None if they do not broadcast.

    In Python rather than ``xp.broadcast_shapes``, which only 2025.12 namespaces have.
    """
    # torch.compile: dynamo does not trace max(..., default=) ("Encountered TypeError when
    # trying to handle op max") (no upstream issue found)
    nd = max([0, *[len(s) for s in shapes]])
    out = []
    for i in range(nd):
        dims = {s[len(s) - nd + i] for s in shapes if len(s) - nd + i >= 0} - {1}
        if len(dims) > 1:
            return None
        out.append(dims.pop() if dims else 1)
    return tuple(out)


def check_broadcast(be: Words, shp: tuple[int, ...], arrays: list[Any], func: str) -> None:
    shapes = [tuple(a.shape) for a in arrays if is_array(a)]
    if not shapes:
        return
    if broadcast_shapes(shp, *shapes) != shp:
        raise ValueError(
            f"{func}(): parameter shapes {shapes} do not broadcast to shape {shp} on {be.name}"
        )


def check_uniform_bounds(be: Words, shp: tuple[int, ...], low: Any, high: Any) -> None:
    """Shapes of array bounds must broadcast to ``shp``; scalar bounds need ``low <= high``."""
    check_broadcast(be, shp, [low, high], "uniform")
    if not is_array(low) and not is_array(high):
        lo_f, hi_f = as_float(low, "low", "uniform"), as_float(high, "high", "uniform")
        if lo_f > hi_f:
            raise ValueError(f"uniform(): low must be <= high, got low={lo_f}, high={hi_f}")


def int_bounds(be: Words, dtype: Any, low: Any, high: Any, func: str) -> tuple[str, int, int]:
    # The default is the namespace's default integer dtype, as for the standard's arange:
    # int64, or int32 for jax without jax_enable_x64.
    name = dtype_name(be, be.default_int() if dtype is None else dtype, INTS)
    if name is None:
        raise TypeError(f"{func}(): dtype must be an integer dtype of {be.name}, got {dtype}")
    vals = []
    for label, v in (("low", low), ("high", high)):
        if isinstance(v, bool) or is_array(v):
            raise TypeError(f"{func}(): {label} must be a Python integer, got {v!r}")
        try:
            vals.append(operator.index(v))
        except TypeError:
            raise TypeError(f"{func}(): {label} must be a Python integer, got {v!r}") from None
    lo, hi = vals
    if lo >= hi:
        raise ValueError(f"{func}(): low must be < high, got low={lo}, high={hi}")
    info = be.xp.iinfo(getattr(be.xp, name))
    if lo < int(info.min) or hi > int(info.max) + 1:
        raise ValueError(
            f"{func}(): [{lo}, {hi}) does not fit {name} ([{int(info.min)}, {int(info.max)}])"
        )
    return name, lo, hi


def bernoulli_setup(be: Words, p: Any, shape: Any, func: str) -> tuple[tuple[int, ...], str]:
    if is_array(p):
        if not be.xp.isdtype(p.dtype, "real floating"):
            raise TypeError(f"{func}(): p must be a real floating array, got dtype {p.dtype}")
        shp = tuple(p.shape) if shape is None else check_shape(shape, func)
        check_broadcast(be, shp, [p], func)
        return shp, ("float64" if p.dtype == be.xp.float64 else "float32")
    pf = as_float(p, "p", func)
    if not 0.0 <= pf <= 1.0:
        raise ValueError(f"{func}(): p must be in [0, 1], got {pf}")
    return (() if shape is None else check_shape(shape, func)), "float32"


def words_per(name: str) -> int:
    """32-bit words per float of dtype ``name``."""
    return 2 if name == "float64" else 1

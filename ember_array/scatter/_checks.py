"""Argument checks shared by every implementation: every backend rejects the same input alike.

:func:`check` ends in :class:`Args`, the frozen, normalised arguments the implementations take.
Nothing here imports from the rest of the package.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from numbers import Integral
from types import ModuleType
from typing import Any, Literal

from .._backends import BY_NAME, backend_of_type
from .._common._scalars import scalar_value
from .._helpers import device as device_of
from .._remembered import PLAIN_TYPES, lookup, remembered

__all__ = [
    "REDUCTIONS",
    "Args",
    "Reduce",
    "Scalar",
    "backend_name",
    "check",
    "check_axis",
    "check_shapes",
    "dtype_kind",
    "identity",
    "is_plus_zero",
    "shape_along",
]

Reduce = Literal["sum", "mean", "max", "min", "prod"]
REDUCTIONS: tuple[str, ...] = ("sum", "mean", "max", "min", "prod")
Scalar = bool | int | float | complex


def backend_name(values: Any, xp: ModuleType) -> str:
    """The registry's name of ``values``' backend, else the namespace's module name."""
    return backend_of_type(type(values)) or str(getattr(xp, "__name__", type(values).__module__))


#: (namespace, dtype) -> :func:`dtype_kind` (``isdtype`` costs ~1 us a call on numpy, four
#: calls for a float dtype, on every scatter)
_KINDS: dict[tuple[ModuleType, Any], str] = {}


def dtype_kind(xp: ModuleType, dtype: Any) -> str:
    """``"bool" | "int" | "float" | "complex" | "other"`` for a dtype of ``xp``."""
    return lookup(_KINDS, (xp, dtype), _kind_of)


def _kind_of(key: tuple[ModuleType, Any]) -> str:
    xp, dtype = key
    for kind, name in (
        ("bool", "bool"),
        ("int", "integral"),
        ("float", "real floating"),
        ("complex", "complex floating"),
    ):
        if xp.isdtype(dtype, name):
            return kind
    return "other"


@dataclass(frozen=True)
class Args:
    """Checked, normalised arguments shared by every implementation.

    Attributes
    ----------
    func
        The public function called (for messages).
    backend
        The registry's backend name, or the namespace's module name.
    reduce
        One of :data:`REDUCTIONS`.
    segments
        The number of output segments.
    axis
        The non-negative axis of the values that the index labels.
    kind
        :func:`dtype_kind` of ``out_dtype``.
    out_dtype
        The dtype of the result (and of the reduction).
    fill
        The value of the segments no valid index reaches.
    init
        The reduction's identity in ``out_dtype`` (:func:`identity`): what a buffer starts as.
    default_dtype
        Whether ``out_dtype`` is the namespace's default float (an integer mean).
    devices
        Whether the two arrays can be on different devices (not numpy's, dask's or mlx's).
    empty_mean_is_fill
        Derived: a mean whose empty segments need no count (``0 / max(0, 1)`` is ``+0``,
        the fill).
    empty_mean_is_nan
        Derived: a real mean whose fill is NaN (the default): an empty segment's sum over its
        count, ``0 / 0``, is the fill, so the division needs neither a clamp nor a ``where``.
        Not complex: there ``0 / 0`` is ``nan+nanj``, and the fill ``nan+0j``.
    """

    func: str
    backend: str
    reduce: str
    segments: int
    axis: int
    kind: str
    out_dtype: Any
    fill: Scalar
    init: Scalar
    default_dtype: bool = False
    devices: bool = True

    empty_mean_is_fill: bool = field(init=False, repr=False, compare=False)
    empty_mean_is_nan: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # fields computed here, not functools.cached_property: an Args is remembered (computed
        # once per combination), and Dynamo cannot enter cached_property's RLock (Python < 3.12)
        fill = self.fill
        mean = self.reduce == "mean"
        set_ = object.__setattr__  # frozen
        set_(self, "empty_mean_is_fill", mean and is_plus_zero(fill))
        set_(
            self,
            "empty_mean_is_nan",
            mean and self.kind == "float" and isinstance(fill, float) and fill != fill,
        )


def _types_key(
    func: str,
    xp: ModuleType,
    values: Any,
    index: Any,
    num_segments: Any,
    axis: Any,
    reduce: Any,
    fill_value: Any,
) -> tuple[Any, ...] | None:
    """What :func:`check` reads; each Python argument with its type (``True == 1``)."""
    if type(fill_value) in PLAIN_TYPES and type(num_segments) is int and type(axis) is int:
        return (func, type(values), values.dtype, index.dtype, len(values.shape), num_segments,
                axis, reduce, type(reduce), fill_value, type(fill_value))  # fmt: skip
    return None


def _no_default_dtype(a: Args) -> bool:
    """An integer mean's dtype is the default float of the moment (torch.set_default_dtype)."""
    return not a.default_dtype


@remembered(_types_key, keep=_no_default_dtype)
def check(
    func: str,
    xp: ModuleType,
    values: Any,
    index: Any,
    num_segments: Any,
    axis: Any,
    reduce: Any,
    fill_value: Any,
) -> Args:
    """The checked arguments of a scatter, or the error every backend raises for them: the
    checks that read types, dtypes, ``ndim`` and the Python arguments, run once per
    combination of them (with ``num_segments``, ``axis`` and a plain ``fill_value``): ~1 us a
    call instead of ~7 (numpy, 64 x 8). :func:`check_shapes` checks shapes and devices."""
    backend = backend_name(values, xp)
    where = f"{func}() [{backend}]"
    if reduce not in REDUCTIONS:
        raise ValueError(f"{where}: reduce must be one of {REDUCTIONS}, got {reduce!r}")
    if isinstance(num_segments, bool) or not isinstance(num_segments, Integral):
        raise TypeError(
            f"{where}: num_segments must be a Python int, got {type(num_segments).__name__}"
        )
    segments = int(num_segments)
    if segments < 0:
        raise ValueError(f"{where}: num_segments must be >= 0, got {segments}")
    ndim = len(values.shape)
    if ndim == 0:
        raise ValueError(f"{where}: values must have at least one dimension, got a 0-d array")
    axis = check_axis(where, axis, "values", tuple(values.shape))
    if dtype_kind(xp, index.dtype) != "int":
        raise TypeError(f"{where}: index must be an integer array, got dtype {index.dtype}")
    kind = dtype_kind(xp, values.dtype)
    if kind in ("bool", "other"):
        raise TypeError(
            f"{where}: values must have a numeric dtype, got {values.dtype}; cast booleans to "
            "an integer dtype first"
        )
    if kind == "complex" and reduce in ("max", "min"):
        raise TypeError(
            f"{where}: reduce={reduce!r} is not defined for complex dtype {values.dtype}"
        )
    row = BY_NAME.get(backend)
    out_dtype = values.dtype
    default_dtype = reduce == "mean" and kind == "int"
    if default_dtype:
        # Documented rule: the mean of integers is computed and returned in the namespace's
        # default real floating dtype for the device (float64 numpy, float32 torch/mlx).
        info = xp.__array_namespace_info__()
        out_dtype = info.default_dtypes(device=device_of(values))["real floating"]
        kind = "float"
    fill = _fill(func, backend, xp, reduce, fill_value, out_dtype, kind)
    return Args(
        axis=axis,
        backend=backend,
        default_dtype=default_dtype,
        # only another library's arrays can be on different devices than each other
        devices=row is None or not row.one_device,
        fill=fill,
        func=func,
        init=identity(xp.iinfo, reduce, out_dtype, kind),
        kind=kind,
        out_dtype=out_dtype,
        reduce=reduce,
        segments=segments,
    )


def check_shapes(a: Args, values: Any, index: Any) -> None:
    """The index's shape against the values', and the two arrays' devices."""
    axis = a.axis
    if len(index.shape) != 1 or index.shape[0] != values.shape[axis]:
        raise ValueError(
            f"{a.func}() [{a.backend}]: index must be 1-d with values.shape[{axis}] = "
            f"{values.shape[axis]} entries, got shape {tuple(index.shape)} (values shape "
            f"{tuple(values.shape)})"
        )
    if a.devices and not (a.backend == "torch" and values.is_cpu and index.is_cpu):
        # two CPU tensors share the device: no device objects made (~0.6 us less)
        dv, di = device_of(values), device_of(index)
        # a traced array (jax under jit/grad/vmap) has no device: nothing to compare
        if dv is not None and di is not None and dv != di:
            raise ValueError(
                f"{a.func}() [{a.backend}]: values and index are on different devices ({dv!r} "
                f"and {di!r}); move them to one device with ember_array.to_device"
            )


def check_axis(where: str, axis: Any, name: str, shape: tuple[int, ...]) -> int:
    """``axis`` as a non-negative int, or ValueError naming the shape."""
    ndim = len(shape)
    if type(axis) is int and -ndim <= axis < ndim:  # the common case, without the ABC check
        return axis % ndim
    if isinstance(axis, bool) or not isinstance(axis, Integral) or not -ndim <= int(axis) < ndim:
        raise ValueError(f"{where}: axis {axis!r} is out of range for {name} of shape {shape}")
    return int(axis) % ndim


def identity(iinfo: Any, reduce: str, dtype: Any, kind: str) -> Scalar:
    """The neutral element of ``reduce`` in ``dtype`` (``iinfo``: the backend's ``iinfo``)."""
    if reduce in ("sum", "mean"):
        return 0
    if reduce == "prod":
        return 1
    if kind == "int":
        info = iinfo(dtype)
        return int(info.min) if reduce == "max" else int(info.max)
    return -math.inf if reduce == "max" else math.inf


#: float16's largest finite value, the smallest of every floating dtype's
_EVERY_FLOAT_MAX = 65504.0


def _fill(
    func: str, backend: str, xp: ModuleType, reduce: str, fill_value: Any, dtype: Any, kind: str
) -> Scalar:
    where = f"{func}() [{backend}]"
    if fill_value is None:
        if reduce == "mean":
            return math.nan  # 0 / 0: a mean has no neutral element
        return identity(xp.iinfo, reduce, dtype, kind)
    if type(fill_value) not in (bool, int, float, complex):
        # a numpy scalar or a 0-d array (read: the fill is a constant of the kernel), as
        # numpy's and array-api-compat's full() take them; anything else raises TypeError
        fill_value = scalar_value(func, backend, "fill_value", fill_value)
    if kind == "int":
        if isinstance(fill_value, float) and fill_value.is_integer():
            fill_value = int(fill_value)
        if not isinstance(fill_value, int):
            raise TypeError(
                f"{where}: fill_value {fill_value!r} does not fit integer dtype {dtype}"
            )
        info = xp.iinfo(dtype)
        if not info.min <= fill_value <= info.max:
            raise ValueError(f"{where}: fill_value {fill_value} is out of range for {dtype}")
        return int(fill_value)
    if kind == "float" and isinstance(fill_value, complex):
        raise TypeError(f"{where}: complex fill_value {fill_value!r} for real dtype {dtype}")
    if kind == "float" and not isinstance(fill_value, complex):
        # one answer on every backend: an int beyond int64 is a float (mlx cannot convert it,
        # torch not below -2**64), and a finite value beyond the dtype's range is an error
        # (numpy stores inf, torch raises)
        fill_value = float(fill_value)
        # within float16's range every floating dtype holds it: no finfo (~3 us on numpy)
        if (
            abs(fill_value) > _EVERY_FLOAT_MAX
            and math.isfinite(fill_value)
            and abs(fill_value) > float(xp.finfo(dtype).max)
        ):
            raise ValueError(f"{where}: fill_value {fill_value!r} is out of range for {dtype}")
    return fill_value  # type: ignore[no-any-return]  # checked above: a Python scalar


def is_plus_zero(fill: Scalar) -> bool:
    """Whether a fill value is +0 (what an empty mean, 0 / 1, gives anyway)."""
    return isinstance(fill, int | float) and fill == 0 and math.copysign(1.0, fill) > 0


def shape_along(ndim: int, axis: int, length: int) -> tuple[int, ...]:
    """``(1, ..., length, ..., 1)``: broadcasts a per-segment vector along ``axis``."""
    return tuple(length if d == axis else 1 for d in range(ndim))

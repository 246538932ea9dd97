"""The inspection API: ``__array_namespace_info__()``.

``complex128`` is absent from ``dtypes()`` (mlx has none), and float64 is listed for the CPU
device only.  Default integer and index dtypes are int64; the floating defaults follow
``set_default_dtype`` (float32 and complex64 unless it chose float64).
"""

from __future__ import annotations

from typing import Any

from .._markers import wraps_native
from ._defaults import DEFAULTS
from ._devices import (
    CPU,
    GPU,
    Device,
    default_device,
    device_kind,
    gpu_available,
    holds_float64,
)
from ._dtype_objects import DTYPES

__all__ = ["__array_namespace_info__"]

_SIGNED = ("int8", "int16", "int32", "int64")
_UNSIGNED = ("uint8", "uint16", "uint32", "uint64")
_KINDS = {
    "bool": ("bool",),
    "signed integer": _SIGNED,
    "unsigned integer": _UNSIGNED,
    "integral": _SIGNED + _UNSIGNED,
    "real floating": ("float32", "float64"),
    "complex floating": ("complex64",),
    # every dtype mlx has except bool (complex128 does not exist in mlx)
    "numeric": tuple(n for n in DTYPES if n != "bool"),
}


def _check_device(device: Any, func: str) -> None:
    """``ValueError`` for a device that is not mlx's (``"cuda"``, another library's), as numpy
    and dask raise for one that is not theirs; ``"gpu"`` is mlx's (float64 is not listed for
    it)."""
    if device is None:
        return
    try:
        device_kind(device)
    except (TypeError, ValueError) as e:
        raise ValueError(
            f"__array_namespace_info__().{func} [mlx]: not an mlx device: {device!r}"
        ) from e


class __array_namespace_info__:  # noqa: N801 - the standard's name
    """Inspection namespace of :mod:`ember_array.mlx`."""

    __module__ = "ember_array.mlx"

    def capabilities(self) -> dict[str, Any]:
        """Boolean indexing needs :func:`ember_array.mlx.install`; data-dependent shapes are
        supported (they evaluate)."""
        from ._array import installed

        return {
            "boolean indexing": installed(),
            "data-dependent shapes": True,
            "max dimensions": None,
        }

    @wraps_native()
    def default_device(self) -> Device:
        """The device mlx runs operations on by default."""
        return default_device()

    def devices(self) -> tuple[Device, ...]:
        """The devices mlx can run on, as a tuple."""
        return (CPU, GPU) if gpu_available() else (CPU,)

    def default_dtypes(self, *, device: Any = None) -> dict[str, Any]:
        """float32, complex64, and int64 for integers and indices.

        With ``set_default_dtype(float64)``: float64, and ``complex128`` (the namespace's
        marker, which every ``dtype=`` refuses: mlx has no complex128, and the float64 default
        would need it, as torch's does).
        """
        _check_device(device, "default_dtypes")
        return {
            "real floating": DEFAULTS.real,
            "complex floating": DEFAULTS.complex,
            "integral": DTYPES["int64"],
            "indexing": DTYPES["int64"],
        }

    def dtypes(
        self, *, device: Any = None, kind: str | tuple[str, ...] | None = None
    ) -> dict[str, Any]:
        """Supported dtypes (no complex128; no float64 on the gpu)."""
        _check_device(device, "dtypes")
        names: list[str] = []
        if kind is None:
            names = ["bool", *_KINDS["numeric"]]
        else:
            for k in kind if isinstance(kind, tuple) else (kind,):
                if k not in _KINDS:
                    raise ValueError(f"dtypes: unknown kind {k!r}")
                names += [n for n in _KINDS[k] if n not in names]
        if device is not None and not holds_float64(device):
            names = [n for n in names if n != "float64"]
        return {n: DTYPES[n] for n in names}

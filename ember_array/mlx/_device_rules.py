"""mlx's rules for :mod:`ember_array._devices`: device names, comparison and moves.

mlx's memory is unified: a move returns the array itself and never changes
``mx.default_device()`` (the namespace's ``to_device``).
"""

from __future__ import annotations

from typing import Any

import mlx.core as mx

from .._backends import BY_NAME
from .._device_names import GPU_NAMES, DeviceRules, split_name
from ._devices import CPU, GPU, Device, gpu_available, to_device

__all__ = ["RULES", "move", "name", "resolve", "same"]

_ROW = BY_NAME["mlx"]


def kind(device: Any) -> str | None:
    """``"cpu"`` or ``"gpu"`` for an mlx device object of any kind, None for another object."""
    if isinstance(device, Device):
        return device.name
    # Device's == knows mx.Device, mx.DeviceType and mx.Stream
    return next((d.name for d in (CPU, GPU) if d == device), None)


def name(device: Any) -> str:
    """``"cpu"`` or ``"gpu"``."""
    return str(kind(device))


def same(a: Any, b: Any) -> bool:
    """Whether two mlx device objects (of any of mlx's kinds) are the same device."""
    # mlx: mx.Device's == raises TypeError on foreign objects (no upstream issue found)
    # (and does not know ember's Device).
    return kind(a) == kind(b)


def resolve(device: Any, func: str) -> Any:
    """A device name as the namespace's ``Device``; mlx's own objects keep their meaning."""
    if not isinstance(device, str):
        return device  # Device / mx.Device / mx.DeviceType / mx.Stream: mlx's own meaning
    base, num = split_name(device)
    if base == "cpu" and num in (None, 0):
        return CPU
    if base in GPU_NAMES and num in (None, 0):
        return GPU
    raise ValueError(
        f"{func}(): mlx has no device {device!r}; mlx has one 'cpu' and at most one 'gpu' "
        "(also spelled 'cuda', 'cuda:0' or 'mps')"
    )


def move(x: mx.array, device: Any, stream: Any, func: str) -> mx.array:
    """``x`` itself, after checking ``device`` exists and holds ``x``'s dtype."""
    target = resolve(device, func)
    where = kind(target)
    if where is not None and x.dtype == mx.float64 and not _ROW.holds_float64(where):
        raise ValueError(
            f"{func}(): mlx's gpu device cannot hold dtype float64 (mlx computes float64 on "
            "the cpu only); keep the array on 'cpu' or cast it to float32 first "
            "(ember_array never downcasts silently)"
        )
    if where == "gpu" and not gpu_available():
        raise ValueError(
            f"{func}(): this mlx build has no gpu device (mx.is_available(mx.gpu) is False); "
            "devices: ('cpu',)"
        )
    return to_device(x, target, stream=stream)


RULES = DeviceRules(name, same, resolve, move)

"""The device names every backend understands: "cpu", "gpu", "cuda", "cuda:n" and "mps".

Parsed here once for :mod:`ember_array._devices` and the backends' device rules
(``ember_array.torch._device_rules``, ``ember_array.mlx._device_rules``). Nothing is imported.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["DEVICE_NAMES", "GPU_NAMES", "DeviceRules", "canonical", "split_name"]

#: Names understood on every backend.
DEVICE_NAMES: tuple[str, ...] = ("cpu", "gpu", "cuda", "cuda:n", "mps")
#: Names of a GPU (``"gpu"`` is the first CUDA device in torch, MPS on a Mac, mlx's GPU).
GPU_NAMES: frozenset[str] = frozenset({"gpu", "cuda", "mps"})


def split_name(name: str) -> tuple[str, int | None]:
    """``"cuda:1"`` -> ``("cuda", 1)``; ``"gpu"`` -> ``("gpu", None)``."""
    base, _, num = name.strip().lower().partition(":")
    if num == "":
        return base, None
    if not num.isdigit():
        raise ValueError(f"device name {name!r}: expected 'cpu', 'gpu', 'cuda', 'cuda:n' or 'mps'")
    return base, int(num)


def canonical(name: str) -> str:
    """``"CUDA"`` -> ``"cuda:0"``, ``"gpu:0"`` -> ``"gpu:0"``: names that compare by text."""
    base, num = split_name(name)
    if base == "cuda":
        return f"cuda:{num or 0}"
    return base if num is None else f"{base}:{num}"


@dataclass(frozen=True)
class DeviceRules:
    """A backend's device rules, for the backends with device objects of their own.

    Attributes
    ----------
    name
        ``name(device)``: the short name of a device object (``"cuda:1"``, ``"gpu"``).
    same
        ``same(a, b)``: whether two device objects of the backend are the same device.
    resolve
        ``resolve(device, func)``: a device name (or native object) as the backend's device
        object; ``ValueError`` naming ``func`` for a device the backend does not have.
    move
        ``move(x, device, stream, func)``: ``x`` on ``device``, refusing a dtype the device
        cannot hold (the registry's float64 rule).
    """

    name: Callable[[Any], str]
    same: Callable[[Any, Any], bool]
    resolve: Callable[[Any, str], Any]
    move: Callable[[Any, Any, Any, str], Any]

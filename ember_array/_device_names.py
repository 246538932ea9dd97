"""The device names every backend understands: "cpu", "gpu", "cuda", "cuda:n" and "mps".

Parsed here once for :mod:`ember_array._devices` and the backends' device rules
(``ember_array.torch._device_rules``, ``ember_array.mlx._device_rules``). Nothing is imported.
"""

from __future__ import annotations

__all__ = ["DEVICE_NAMES", "GPU_NAMES", "canonical", "split_name"]

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

"""torch's rules for :mod:`ember_array._devices`: device names, comparison and moves."""

from __future__ import annotations

from typing import Any

import torch

from .._backends import BY_NAME
from .._device_names import DeviceRules, split_name
from ._info import __array_namespace_info__

__all__ = ["RULES", "move", "name", "resolve", "same"]

_ROW = BY_NAME["torch"]


def _listed() -> list[str]:
    return [str(d) for d in __array_namespace_info__().devices()]


def name(device: Any) -> str:
    """``"cpu"``, ``"cuda:1"``, ``"mps"``: the name of a ``torch.device``."""
    return str(device)


# torch: torch.device("cuda") != torch.device("cuda", 0) (no upstream issue found)
def _full(device: Any) -> Any:
    """``cuda`` -> ``cuda:<current>``, so that index-less and indexed devices compare."""
    if device.index is None and device.type == "cuda" and torch.cuda.is_available():
        return torch.device("cuda", torch.cuda.current_device())
    if device.index is None and device.type == "mps":
        return torch.device("mps", 0)
    return device


def same(a: Any, b: Any) -> bool:
    """Whether two devices of torch are the same (``cuda`` is ``cuda:<current>``)."""
    return bool(_full(a) == _full(b))


def _mps_available() -> bool:
    mps = getattr(torch.backends, "mps", None)
    return bool(mps is not None and mps.is_available())


def resolve(device: Any, func: str) -> torch.device:
    """A device name (``"gpu"`` is CUDA, else MPS) or native object as a ``torch.device``."""
    if isinstance(device, str):
        base, num = split_name(device)
        if base == "gpu":
            if num not in (None, 0) and not torch.cuda.is_available():
                raise ValueError(f"{func}(): torch device {device!r}: no such GPU")
            if torch.cuda.is_available():
                dev = torch.device("cuda", num if num is not None else torch.cuda.current_device())
            elif _mps_available():
                dev = torch.device("mps", 0)
            else:
                raise ValueError(
                    f"{func}(): torch has no GPU here (torch.cuda.is_available() and "
                    f"torch.backends.mps.is_available() are both False); devices: {_listed()}"
                )
        else:
            dev = torch.device(device)
    elif isinstance(device, torch.device):
        dev = device
    else:
        dev = torch.device(device)  # ints etc.: torch's own meaning
    if dev.type == "meta":
        raise ValueError(
            f"{func}(): torch's 'meta' device holds no data (only shapes and dtypes), so "
            f"nothing can be computed or read there; choose one of {_listed()}"
        )
    return dev


def _check_available(dev: torch.device, func: str) -> None:
    if dev.type == "cuda":
        if not torch.cuda.is_available():
            raise ValueError(
                f"{func}(): torch device {str(dev)!r} is not available here "
                "(torch.cuda.is_available() is False)"
            )
        if dev.index is not None and dev.index >= torch.cuda.device_count():
            raise ValueError(
                f"{func}(): torch device {str(dev)!r} does not exist; this "
                f"machine has {torch.cuda.device_count()} CUDA device(s)"
            )
    elif dev.type == "mps" and not _mps_available():
        raise ValueError(
            f"{func}(): torch device 'mps' is not available here "
            "(torch.backends.mps.is_available() is False)"
        )


def _check_dtype(dev: torch.device, dtype: Any, func: str) -> None:
    """The registry's float64 rule; ``Tensor.to('mps')`` raises a bare TypeError there."""
    if dtype in (torch.float64, torch.complex128) and not _ROW.holds_float64(dev.type):
        raise ValueError(
            f"{func}(): torch device {dev.type!r} cannot hold dtype {dtype}; cast to "
            f"{'torch.float32' if dtype == torch.float64 else 'torch.complex64'} first "
            "(ember_array never downcasts silently)"
        )


def move(x: torch.Tensor, device: Any, stream: Any, func: str) -> torch.Tensor:
    """``x`` on ``device`` (``x`` itself when it is already there)."""
    if stream is not None:
        raise ValueError(f"{func}(): torch streams are not supported; pass stream=None")
    dev = resolve(device, func)
    _check_dtype(dev, x.dtype, func)
    _check_available(dev, func)
    return x.to(dev)


RULES = DeviceRules(name, same, resolve, move)

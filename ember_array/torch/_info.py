"""Inspection API for torch tensors."""

from __future__ import annotations

import functools

import array_api_compat.torch as _compat
import torch

__all__ = ["__array_namespace_info__"]


@functools.cache
def _devices() -> tuple[torch.device, ...]:
    # array-api-compat: torch devices() probes every device type torch names, reports ``meta``
    # (no data: nothing can be computed there) and warns on mkldnn (no upstream issue found)
    # List only devices a user can compute on.
    found = [torch.device("cpu")]
    if torch.cuda.is_available():
        found += [torch.device("cuda", i) for i in range(torch.cuda.device_count())]
    mps = getattr(torch.backends, "mps", None)
    if mps is not None and mps.is_available():
        found.append(torch.device("mps", 0))
    return tuple(found)


class __array_namespace_info__(_compat.__array_namespace_info__):  # noqa: N801
    """The array API inspection namespace for torch (see the standard)."""

    __module__ = "ember_array.torch"

    def devices(self) -> tuple[torch.device, ...]:
        """The devices torch can compute on here: cpu, each cuda device, mps."""
        return _devices()

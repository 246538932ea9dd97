"""Inspection API for torch tensors."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import array_api_compat.torch as _compat
import torch
from array_api_compat.torch._info import __array_namespace_info__ as _compat_info

from .._spec import DTYPES as _DTYPES

__all__ = ["__array_namespace_info__"]

#: array-api-compat's method, typed (its source declares no types)
_compat_dtypes: Callable[..., dict[str, torch.dtype]] = _compat_info.dtypes


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


#: array-api-compat's method, typed (its source declares no types)
_compat_default_dtypes: Callable[..., dict[str, torch.dtype]] = _compat_info.default_dtypes


def _check_device(device: Any, func: str) -> None:
    """``ValueError`` for a device that is not torch's (``"gpu"``, another library's device),
    as numpy and dask raise for one that is not theirs (array-api-compat ignores it)."""
    if device is None:
        return
    try:
        kind = (device if isinstance(device, torch.device) else torch.device(device)).type
    except (RuntimeError, TypeError) as e:
        raise ValueError(
            f"__array_namespace_info__().{func} [torch]: not a torch device: {device!r}"
        ) from e
    if kind != "meta" and kind not in {d.type for d in _devices()}:
        raise ValueError(
            f"__array_namespace_info__().{func} [torch]: device {device!r} is not available "
            f"here (devices: {', '.join(str(d) for d in _devices())})"
        )


class __array_namespace_info__(_compat_info):  # noqa: N801
    """The array API inspection namespace for torch (see the standard)."""

    __module__ = "ember_array.torch"

    def devices(self) -> tuple[torch.device, ...]:
        """The devices torch can compute on here: cpu, each cuda device, mps."""
        return _devices()

    def default_dtypes(self, *, device: Any = None) -> dict[str, torch.dtype]:
        """The default dtypes (array-api-compat's), for a device of torch's."""
        _check_device(device, "default_dtypes")
        return _compat_default_dtypes(self, device=device)

    def dtypes(self, *, device: Any = None, kind: Any = None) -> dict[str, torch.dtype]:
        """The standard's dtypes torch has (of ``kind``), uint16/uint32/uint64 included.

        array-api-compat leaves those three out (torch has few kernels for them);
        ember_array.torch computes every function on them (see ``_uints``).
        """
        _check_device(device, "dtypes")
        found = _compat_dtypes(self, device=device, kind=kind)
        for name in ("uint16", "uint32", "uint64"):
            dtype = getattr(torch, name)
            if kind is None or _compat.isdtype(dtype, kind):
                try:
                    torch.empty((0,), dtype=dtype, device=device)
                except (RuntimeError, TypeError):  # a device without the dtype (mps)
                    continue
                found[name] = dtype
        return {n: found[n] for n in _DTYPES if n in found}

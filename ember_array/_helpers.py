"""Helpers with array-api-compat's names and meaning.

``device``, ``to_device``, ``size`` and the ``is_*`` predicates, so that code
written against array-api-compat switches to ember_array with one import line.
They work on arrays of every backend, mlx included.
"""

from __future__ import annotations

import math
import sys
from typing import Any

__all__ = [
    "device",
    "is_array_api_obj",
    "is_array_api_strict_array",
    "is_mlx_array",
    "is_numpy_array",
    "is_torch_array",
    "size",
    "to_device",
]

def is_numpy_array(x: object) -> bool:
    """Whether ``x`` is a numpy array or numpy scalar (``np.ndarray``/``np.generic``)."""
    np = sys.modules.get("numpy")
    return np is not None and isinstance(x, (np.ndarray, np.generic))


def is_torch_array(x: object) -> bool:
    """Whether ``x`` is a ``torch.Tensor``."""
    torch = sys.modules.get("torch")
    return torch is not None and isinstance(x, torch.Tensor)


def is_mlx_array(x: object) -> bool:
    """Whether ``x`` is an ``mlx.core.array``."""
    mx = sys.modules.get("mlx.core")
    return mx is not None and isinstance(x, mx.array)


def is_array_api_strict_array(x: object) -> bool:
    """Whether ``x`` is an array-api-strict array."""
    # array_api_strict does not export its Array class.
    return type(x).__module__.startswith("array_api_strict")


def is_array_api_obj(x: object) -> bool:
    """Whether ``x`` is an array ember_array can give a namespace for.

    True for numpy, torch and mlx arrays and for every object array-api-compat
    recognises (anything with ``__array_namespace__``, jax, cupy, dask, ...).
    """
    if is_numpy_array(x) or is_torch_array(x) or is_mlx_array(x):
        return True
    import array_api_compat

    return bool(array_api_compat.is_array_api_obj(x))


def device(x: Any, /) -> Any:
    """Return the device ``x`` lives on, as the backend's device object.

    numpy arrays report ``"cpu"`` (as array-api-compat does), torch tensors
    their ``torch.device``, mlx arrays an ``ember_array.mlx`` device.
    """
    if is_numpy_array(x):
        return "cpu"
    if is_torch_array(x):
        return x.device
    if is_mlx_array(x):
        from .mlx._devices import device_of

        return device_of(x)
    import array_api_compat

    return array_api_compat.device(x)


def to_device(x: Any, device: Any, /, *, stream: Any = None) -> Any:
    """Copy ``x`` to ``device`` (a no-op when it is already there).

    ``device`` is a native device object (array-api-compat's meaning) or one of the names
    ``"cpu"``, ``"gpu"``, ``"cuda"``, ``"cuda:n"``, ``"mps"``; see
    :func:`ember_array._devices.to_device`.

    Raises
    ------
    ValueError
        If the backend has no such device (numpy has only ``"cpu"``), for torch's ``meta``
        device, or if the device cannot hold ``x``'s dtype.
    """
    from ._devices import to_device as _to_device

    return _to_device(x, device, stream=stream)


def size(x: Any) -> int | None:
    """Number of elements of ``x``, or None if any dimension is unknown."""
    shape = x.shape
    if any(d is None or (isinstance(d, float) and math.isnan(d)) for d in shape):
        return None
    return math.prod(shape)

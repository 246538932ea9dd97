"""Helpers with array-api-compat's names and meaning.

``device``, ``size`` and the ``is_*`` predicates, so that code written against
array-api-compat switches to ember_array with one import line (``to_device`` is
:func:`ember_array._devices.to_device`). They work on arrays of every backend, mlx
included; which library an array belongs to is the registry's answer
(:mod:`ember_array._backends`).
"""

from __future__ import annotations

import math
from typing import Any

from ._backends import BY_NAME

__all__ = [
    "device",
    "is_array_api_obj",
    "is_array_api_strict_array",
    "is_mlx_array",
    "is_numpy_array",
    "is_torch_array",
    "size",
]

_NUMPY = BY_NAME["numpy"]
_TORCH = BY_NAME["torch"]
_MLX = BY_NAME["mlx"]


def is_numpy_array(x: object) -> bool:
    """Whether ``x`` is a numpy array or numpy scalar (``np.ndarray``/``np.generic``)."""
    return _NUMPY.is_array(x)


def is_torch_array(x: object) -> bool:
    """Whether ``x`` is a ``torch.Tensor``."""
    return _TORCH.is_array(x)


def is_mlx_array(x: object) -> bool:
    """Whether ``x`` is an ``mlx.core.array``."""
    return _MLX.is_array(x)


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
        # upward, on purpose: an mlx array's device is the mlx namespace's Device (mlx is
        # already imported; tests/test_layout.py lists this import)
        from .mlx._devices import device_of

        return device_of(x)
    import array_api_compat

    return array_api_compat.device(x)


def size(x: Any) -> int | None:
    """Number of elements of ``x``, or None if any dimension is unknown."""
    shape = x.shape
    if any(d is None or (isinstance(d, float) and math.isnan(d)) for d in shape):
        return None
    return math.prod(shape)


def is_eager_host(x: Any) -> bool:
    """Whether ``x``'s values can be read on the host now, at no cost to laziness or tracing.

    True for numpy arrays, and for torch tensors on the CPU outside ``torch.compile`` and
    ``torch.func`` transforms (where a value read would break the graph or fail). Fast paths
    that branch on data (a range check before a native scatter, the numpy random hash) take
    it only then; elsewhere the data-independent form runs.
    """
    if is_numpy_array(x):
        return True
    if not is_torch_array(x) or x.device.type != "cpu":
        return False
    import torch

    functorch = torch._C._functorch
    # torch: inside a torch.func transform even a plain tensor's .numpy() fails ("Cannot access
    # data pointer of Tensor that doesn't have storage"); https://github.com/pytorch/pytorch/issues/91810
    return not (
        torch.compiler.is_compiling()
        or functorch.maybe_current_level() is not None
        or functorch.is_functorch_wrapped_tensor(x)
    )

"""ember_array: one array API namespace for numpy, torch, mlx and dask.

>>> import numpy as np
>>> import ember_array
>>> x = np.asarray([1.0, 2.0, 3.0])
>>> xp = ember_array.namespace(x)
>>> float(xp.sum(x))
6.0

``namespace(*arrays)`` returns a module implementing the Python array API
standard, revision 2025.12 (with ``linalg``, ``fft`` and
``__array_namespace_info__``), the same module object on every call.
"""

from __future__ import annotations

from . import random, scatter, signal
from ._compile import CompileWarning, compile
from ._devices import default_device, device_name, devices, same_device, to_device
from ._dispatch import namespace
from ._helpers import (
    device,
    is_array_api_obj,
    is_array_api_strict_array,
    is_array_api_strict_namespace,
    is_dask_array,
    is_dask_namespace,
    is_jax_namespace,
    is_mlx_array,
    is_mlx_namespace,
    is_numpy_array,
    is_numpy_namespace,
    is_torch_array,
    is_torch_namespace,
    size,
)
from ._spec import API_VERSION as _API_VERSION
from ._version import __version__

__array_api_version__ = _API_VERSION

#: array-api-compat's name for :func:`namespace`, so switching is one import line.
array_namespace = namespace

__all__ = [
    "CompileWarning",
    "__array_api_version__",
    "__version__",
    "array_namespace",
    "compile",
    "default_device",
    "device",
    "device_name",
    "devices",
    "is_array_api_obj",
    "is_array_api_strict_array",
    "is_array_api_strict_namespace",
    "is_dask_array",
    "is_dask_namespace",
    "is_jax_namespace",
    "is_mlx_array",
    "is_mlx_namespace",
    "is_numpy_array",
    "is_numpy_namespace",
    "is_torch_array",
    "is_torch_namespace",
    "namespace",
    "random",
    "same_device",
    "scatter",
    "signal",
    "size",
    "to_device",
]

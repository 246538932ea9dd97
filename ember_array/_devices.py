"""Device shim: one set of device names for every backend.

``to_device(x, "cpu" | "gpu" | "cuda" | "cuda:n" | "mps")`` maps the name to the backend's own
device object (``torch.device``, numpy's ``"cpu"``, mlx's :class:`ember_array.mlx._devices.Device`),
``devices(xp)`` and ``default_device(xp)`` answer from the namespace's inspection API, and
``same_device(a, b)`` compares a name with a native device object.  Native device objects keep
array-api-compat's meaning and pass through unchanged.

Rules that hold everywhere:

* a dtype the target cannot hold (float64/complex128 on torch MPS, float64 on the mlx GPU, any
  dtype a namespace's ``__array_namespace_info__().dtypes(device=...)`` leaves out) raises
  ``ValueError`` naming the device and the dtype, never a silent downcast;
* torch's ``meta`` device holds no data and is refused;
* on mlx, whose memory is unified, ``to_device`` never changes ``mx.default_device()``.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ._backends import backend_of_device
from ._dispatch import resolve_xp
from ._helpers import is_mlx_array, is_numpy_array, is_torch_array

__all__ = ["default_device", "device_name", "devices", "same_device", "to_device"]

#: Names understood on every backend.
DEVICE_NAMES: tuple[str, ...] = ("cpu", "gpu", "cuda", "cuda:n", "mps")
_GPU_NAMES: frozenset[str] = frozenset({"gpu", "cuda", "mps"})


def _split(name: str) -> tuple[str, int | None]:
    """``"cuda:1"`` -> ``("cuda", 1)``; ``"gpu"`` -> ``("gpu", None)``."""
    base, _, num = name.strip().lower().partition(":")
    if num == "":
        return base, None
    if not num.isdigit():
        raise ValueError(f"device name {name!r}: expected 'cpu', 'gpu', 'cuda', 'cuda:n' or 'mps'")
    return base, int(num)


def _namespace_of(xp: Any, func: str) -> ModuleType:
    """The ember (or compliant) namespace for a namespace module, backend name or array."""
    return resolve_xp(xp, func)


def devices(xp: Any, /) -> tuple[Any, ...]:
    """The devices a backend can compute on, as its own device objects.

    Parameters
    ----------
    xp : module, str or array
        A namespace (``ember_array.torch``, ``array_api_strict``, ...), a native module
        (``numpy``, ``torch``, ``mlx.core``), a backend name (``"numpy"``, ``"torch"``,
        ``"mlx"``, ``"dask"``) or an array.

    Returns
    -------
    tuple
        numpy: ``("cpu",)``; torch: ``torch.device`` for cpu, each cuda device and mps (never
        ``meta``); mlx: ``Device("cpu")`` and ``Device("gpu")`` when this build has a GPU.

    Raises
    ------
    ValueError
        If ``xp`` names an unknown backend.

    See Also
    --------
    default_device, to_device, device_name

    Examples
    --------
    >>> import ember_array
    >>> ember_array.devices("numpy")
    ('cpu',)
    >>> import torch
    >>> torch.device("cpu") in ember_array.devices(torch)
    True
    """
    return tuple(_namespace_of(xp, "devices").__array_namespace_info__().devices())


def default_device(xp: Any, /) -> Any:
    """The device new arrays of ``xp`` go to (``__array_namespace_info__().default_device()``).

    Compare the answer with a device name through :func:`same_device`
    (``torch.device("cpu") == "cpu"`` is False in torch).

    Parameters
    ----------
    xp : module, str or array
        Anything :func:`devices` takes: a namespace, a native module, a backend name or an array.

    Returns
    -------
    device object
        The backend's own device object (``"cpu"`` for numpy, a ``torch.device``, an mlx
        ``Device``).

    Raises
    ------
    ValueError
        If ``xp`` names an unknown backend.

    See Also
    --------
    devices, same_device, device_name

    Examples
    --------
    >>> import ember_array
    >>> ember_array.default_device("numpy")
    'cpu'
    >>> import torch
    >>> ember_array.same_device(ember_array.default_device(torch), "cpu")
    True
    """
    return _namespace_of(xp, "default_device").__array_namespace_info__().default_device()


def device_name(device: Any, /) -> str:
    """A short name for a device object: ``"cpu"``, ``"cuda:0"``, ``"mps"``, ``"gpu"`` (mlx)...

    Strings are returned lower-cased; unknown device objects give ``str(device)``.

    Parameters
    ----------
    device : device object or str
        A device of any backend (``torch.device``, an mlx ``Device`` or ``Stream``, ``"cpu"``).

    Returns
    -------
    str
        The name :func:`to_device` accepts for the same device.

    See Also
    --------
    device, same_device

    Examples
    --------
    >>> import ember_array
    >>> ember_array.device_name("CPU")
    'cpu'
    >>> import torch
    >>> ember_array.device_name(torch.device("cpu"))
    'cpu'
    >>> import mlx.core as mx
    >>> ember_array.device_name(ember_array.device(mx.zeros(2)))
    'cpu'
    """
    if isinstance(device, str):
        return device.strip().lower()
    backend = backend_of_device(device)
    if backend == "torch":
        return str(device)
    if backend == "mlx":
        return str(_mlx_name(device))
    if type(device).__module__.startswith("array_api_strict"):
        return str(getattr(device, "_device", device))
    return str(device)


def _mlx_name(device: Any) -> str | None:
    import mlx.core as mx

    from .mlx._devices import Device

    if isinstance(device, Device):
        return device.name
    if isinstance(device, mx.Stream):
        device = device.device
    if isinstance(device, mx.Device):
        device = device.type
    if isinstance(device, mx.DeviceType):
        return "cpu" if device == mx.cpu else "gpu"
    return None


def same_device(a: Any, b: Any, /) -> bool:
    """Whether two devices are the same, where either may be a name (``"gpu"``, ``"cuda:0"``).

    A name is resolved on the backend of the other argument (``"gpu"`` is ``cuda:0`` in torch
    when CUDA is present); two names compare by their text, ``"cuda"`` equal to ``"cuda:0"``.

    Parameters
    ----------
    a, b : device object or str
        Devices of one backend, or device names.

    Returns
    -------
    bool
        True when both denote the same device.

    See Also
    --------
    device, device_name, default_device

    Examples
    --------
    >>> import ember_array
    >>> ember_array.same_device("cuda", "cuda:0")
    True
    >>> import torch
    >>> torch.device("cpu") == "cpu", ember_array.same_device(torch.device("cpu"), "cpu")
    (False, True)
    """
    if isinstance(a, str) and isinstance(b, str):
        return _canonical(a) == _canonical(b)
    if isinstance(a, str):
        a, b = b, a
    if isinstance(b, str):
        backend = backend_of_device(a)
        if backend is None:
            # Best effort for other libraries: "cpu" matches array-api-strict's "CPU_DEVICE".
            have, want = device_name(a).lower(), _canonical(b)
            return have == want or (want == "cpu" and "cpu" in have)
        try:
            b = _resolve(backend, b, "same_device")
        except ValueError:
            return False
    backends = (backend_of_device(a), backend_of_device(b))
    if backends[0] == "mlx":
        # mlx: mx.Device's == raises TypeError on foreign objects (no upstream issue found)
        # (and does not know ember's Device).
        return backends[1] == "mlx" and _mlx_name(a) == _mlx_name(b)
    if backends == ("torch", "torch"):
        return _torch_full(a) == _torch_full(b)
    try:
        return bool(a == b)
    except TypeError:  # mx.Device raises on comparison with foreign objects
        return False


def _canonical(name: str) -> str:
    base, num = _split(name)
    if base == "cuda":
        return f"cuda:{num or 0}"
    return base if num is None else f"{base}:{num}"


# torch: torch.device("cuda") != torch.device("cuda", 0) (no upstream issue found)
def _torch_full(device: Any) -> Any:
    """``cuda`` -> ``cuda:<current>``, so that index-less and indexed devices compare."""
    import torch

    if device.index is None and device.type == "cuda" and torch.cuda.is_available():
        return torch.device("cuda", torch.cuda.current_device())
    if device.index is None and device.type == "mps":
        return torch.device("mps", 0)
    return device


# --------------------------------------------------------------------------------------------
# name -> native device
# --------------------------------------------------------------------------------------------


def _resolve(backend: str, device: Any, func: str) -> Any:
    """Map a device name (or native object) to ``backend``'s device object."""
    if backend == "torch":
        return _torch_device(device, func)
    if backend == "mlx":
        return _mlx_device(device, func)
    raise AssertionError(backend)


def _torch_device(device: Any, func: str) -> Any:
    import torch

    if isinstance(device, str):
        base, num = _split(device)
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
                    "torch.backends.mps.is_available() are both False); devices: "
                    f"{[str(d) for d in devices('torch')]}"
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
            "nothing can be computed or read there; choose one of "
            f"{[str(d) for d in devices('torch')]}"
        )
    return dev


def _mps_available() -> bool:
    import torch

    mps = getattr(torch.backends, "mps", None)
    return bool(mps is not None and mps.is_available())


def _check_torch_available(dev: Any, func: str) -> None:
    import torch

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


def _check_torch_dtype(dev: Any, dtype: Any, func: str) -> None:
    """MPS has no float64/complex128; ``Tensor.to('mps')`` raises a bare TypeError there."""
    import torch

    if dev.type == "mps" and dtype in (torch.float64, torch.complex128):
        # torch: the MPS device has no float64; https://github.com/pytorch/pytorch/issues/122602
        raise ValueError(
            f"{func}(): torch device 'mps' cannot hold dtype {dtype}; cast to "
            f"{'torch.float32' if dtype == torch.float64 else 'torch.complex64'} first "
            "(ember_array never downcasts silently)"
        )


def _mlx_device(device: Any, func: str) -> Any:
    from .mlx._devices import CPU, GPU

    if not isinstance(device, str):
        return device  # Device / mx.Device / mx.DeviceType / mx.Stream: mlx's own meaning
    base, num = _split(device)
    if base == "cpu" and num in (None, 0):
        return CPU
    if base in _GPU_NAMES and num in (None, 0):
        return GPU
    raise ValueError(
        f"{func}(): mlx has no device {device!r}; mlx has one 'cpu' and at most one 'gpu' "
        "(also spelled 'cuda', 'cuda:0' or 'mps')"
    )


def _check_mlx(x: Any, target: Any, func: str) -> None:
    import mlx.core as mx

    from .mlx._devices import device_kind, gpu_available

    name = device_kind(target)
    if name == "gpu" and x.dtype == mx.float64:
        # mlx: float64 runs on the CPU only; https://github.com/ml-explore/mlx/issues/1905
        raise ValueError(
            f"{func}(): mlx's gpu device cannot hold dtype float64 (mlx computes float64 on "
            "the cpu only); keep the array on 'cpu' or cast it to float32 first "
            "(ember_array never downcasts silently)"
        )
    if name == "gpu" and not gpu_available():
        raise ValueError(
            f"{func}(): this mlx build has no gpu device (mx.is_available(mx.gpu) is False); "
            "devices: ('cpu',)"
        )


def _generic_target(ns: ModuleType, device: Any, func: str) -> Any:
    """Resolve a name against a namespace's ``devices()`` (best effort, by text)."""
    if not isinstance(device, str):
        return device
    found = tuple(ns.__array_namespace_info__().devices())
    base, num = _split(device)
    wanted = ("cuda", "gpu") if base in _GPU_NAMES else (base,)
    matches = [d for d in found if any(w in repr(d).lower() for w in wanted)]
    if base == "cpu" and not matches and len(found) == 1:
        matches = list(found)
    if not matches or (num is not None and num >= len(matches)):
        raise ValueError(f"{func}(): {ns.__name__} has no device {device!r}; devices: {found}")
    return matches[num or 0]


def _check_generic_dtype(ns: ModuleType, x: Any, target: Any, func: str) -> None:
    try:
        supported = ns.__array_namespace_info__().dtypes(device=target)
    except Exception:  # a namespace that cannot answer for this device: let to_device decide
        return
    if supported and x.dtype not in supported.values():
        raise ValueError(
            f"{func}(): device {target!r} cannot hold dtype {x.dtype} (it supports "
            f"{', '.join(supported)}); cast first (ember_array never downcasts silently)"
        )


def to_device(x: Any, device: Any, /, *, stream: Any = None) -> Any:
    """Return ``x`` on ``device`` (``x`` itself when it is already there).

    Parameters
    ----------
    x : array
        numpy, torch, mlx or any compliant array.
    device : str or device object
        ``"cpu"``, ``"gpu"``, ``"cuda"``, ``"cuda:n"``, ``"mps"``, or a native device object
        (``torch.device``, mlx ``Device``/``mx.Device``/``mx.Stream``, an array-api-strict
        ``Device``...), which keeps array-api-compat's meaning.  ``"gpu"`` is the first CUDA
        device in torch (MPS on a Mac) and mlx's GPU.
    stream : object, optional
        Passed on where the backend has streams (mlx, array-api-compat namespaces); numpy and
        torch need ``None``.

    Returns
    -------
    array
        On mlx, ``x`` itself (memory is unified); ``mx.default_device()`` is never changed.

    Raises
    ------
    ValueError
        An unknown or absent device, torch's ``meta`` device, or a dtype the device cannot hold
        (float64 on MPS or the mlx GPU): the message names both.

    See Also
    --------
    device, devices, same_device

    Examples
    --------
    >>> import numpy as np
    >>> import ember_array
    >>> x = np.zeros(3)
    >>> ember_array.to_device(x, "cpu") is x
    True
    >>> import torch
    >>> ember_array.to_device(torch.zeros(3), "cpu").device
    device(type='cpu')
    >>> ember_array.to_device(x, "cuda")
    Traceback (most recent call last):
    ...
    ValueError: to_device(): numpy arrays only live on 'cpu', not 'cuda'
    """
    if is_numpy_array(x):
        if stream is not None:
            raise ValueError("to_device(): numpy has no streams; pass stream=None")
        if device is not None and not (isinstance(device, str) and _canonical(device) == "cpu"):
            raise ValueError(f"to_device(): numpy arrays only live on 'cpu', not {device!r}")
        return x
    if device is None:  # array-api-compat's meaning: stay where it is
        return x
    if is_torch_array(x):
        if stream is not None:
            raise ValueError("to_device(): torch streams are not supported; pass stream=None")
        dev = _torch_device(device, "to_device")
        _check_torch_dtype(dev, x.dtype, "to_device")
        _check_torch_available(dev, "to_device")
        return x.to(dev)
    if is_mlx_array(x):
        from .mlx._devices import to_device as _mlx_to_device

        target = _mlx_device(device, "to_device")
        _check_mlx(x, target, "to_device")
        # The mlx namespace's to_device returns x itself and never touches the default device.
        return _mlx_to_device(x, target, stream=stream)
    import array_api_compat

    ns = _namespace_of(x, "to_device")
    target = _generic_target(ns, device, "to_device")
    _check_generic_dtype(ns, x, target, "to_device")
    return array_api_compat.to_device(x, target, stream=stream)


from ._namespace import guard_names as _guard_names  # noqa: E402

_guard_names(globals(), __all__, shim="devices")

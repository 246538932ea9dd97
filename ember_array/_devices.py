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

from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ._backends import backend_of_device, backend_of_type
from ._device_names import GPU_NAMES, DeviceRules, canonical, split_name
from ._dispatch import resolve_xp
from ._helpers import is_numpy_array

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["default_device", "device_name", "devices", "same_device", "to_device"]


def _torch_rules() -> DeviceRules:
    from .torch._device_rules import RULES

    return RULES


def _mlx_rules() -> DeviceRules:
    from .mlx._device_rules import RULES

    return RULES


#: backend -> its device rules, for the backends with device objects of their own (numpy's
#: one device is the string "cpu"; dask arrays live where their chunks do).
_RULES: Mapping[str, Callable[[], DeviceRules]] = {"torch": _torch_rules, "mlx": _mlx_rules}


def _rules(backend: str | None) -> DeviceRules | None:
    load = _RULES.get(backend or "")
    return None if load is None else load()


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
    rules = _rules(backend_of_device(device))
    if rules is not None:
        return rules.name(device)
    if type(device).__module__.startswith("array_api_strict"):
        return str(getattr(device, "_device", device))
    return str(device)


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
        return canonical(a) == canonical(b)
    if isinstance(a, str):
        a, b = b, a
    backend = backend_of_device(a)
    rules = _rules(backend)
    if isinstance(b, str):
        if backend is None:
            # Best effort for other libraries: "cpu" matches array-api-strict's "CPU_DEVICE".
            have, want = device_name(a).lower(), canonical(b)
            return have == want or (want == "cpu" and "cpu" in have)
        if rules is None:
            raise AssertionError(backend)
        try:
            b = rules.resolve(b, "same_device")
        except ValueError:
            return False
    if rules is not None:
        return backend_of_device(b) == backend and rules.same(a, b)
    if a is None or b is None:
        return a is b
    try:
        same = a == b
    except TypeError:  # mx.Device raises on comparison with foreign objects
        return False
    # a device compares to a device with a bool; anything else (an array's elementwise
    # comparison with a scalar, None or another array) is no device: never read its truth
    return same if type(same) is bool else False


def _generic_target(ns: ModuleType, device: Any, func: str) -> Any:
    """Resolve a name against a namespace's ``devices()`` (best effort, by text)."""
    if not isinstance(device, str):
        return device
    found = tuple(ns.__array_namespace_info__().devices())
    base, num = split_name(device)
    wanted = ("cuda", "gpu") if base in GPU_NAMES else (base,)
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
        if device is not None and not (isinstance(device, str) and canonical(device) == "cpu"):
            raise ValueError(f"to_device(): numpy arrays only live on 'cpu', not {device!r}")
        return x
    if device is None:  # array-api-compat's meaning: stay where it is
        return x
    rules = _rules(backend_of_type(type(x)))
    if rules is not None:
        return rules.move(x, device, stream, "to_device")
    import array_api_compat

    ns = _namespace_of(x, "to_device")
    target = _generic_target(ns, device, "to_device")
    _check_generic_dtype(ns, x, target, "to_device")
    return array_api_compat.to_device(x, target, stream=stream)


from ._namespace import guard_names as _guard_names  # noqa: E402

_guard_names(globals(), __all__, shim="devices")

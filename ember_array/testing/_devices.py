"""The devices of each backend and the dtypes each device can hold."""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from .._devices import device_name, devices
from .._dispatch import resolve_xp
from .._spec import DTYPES

__all__ = ["DeviceDtype", "device_dtypes"]


@dataclass(frozen=True)
class DeviceDtype:
    """One device of a backend and one dtype it can hold.

    Parameters
    ----------
    device : object
        The backend's own device object.
    dtype : object
        The backend's own dtype object.
    dtype_name : str
        The dtype's standard name (``"float64"``), which :func:`random_array` also takes.
    device_name : str
        A short name of the device (``"cpu"``, ``"cuda:0"``, ``"gpu"``).

    See Also
    --------
    device_dtypes : Every device of a backend and every dtype it can hold.
    namespace_device_dtype_params : The same, as pytest parameters over every backend.

    Examples
    --------
    >>> from ember_array.testing import device_dtypes
    >>> first = device_dtypes("numpy", kind="integral")[0]
    >>> first.id, first.dtype_name, first.device_name
    ('cpu-int8', 'int8', 'cpu')
    """

    device: Any
    dtype: Any
    dtype_name: str
    device_name: str

    @property
    def id(self) -> str:
        """``"<device>-<dtype>"``, for a test id: ``"cpu-float64"``, ``"gpu-float32"``."""
        return f"{self.device_name}-{self.dtype_name}".replace(" ", "_")


def device_dtypes(
    xp: ModuleType | str, *, kind: str | tuple[str, ...] | None = None
) -> tuple[DeviceDtype, ...]:
    """Every device of ``xp`` that is present, with each dtype that device can hold.

    The answer is the namespace's own inspection API
    (``__array_namespace_info__().devices()`` and ``.dtypes(device=..., kind=...)``), which
    leaves out what a device lacks: complex128 on mlx, float64 on the mlx GPU and on torch's
    MPS.  A test looping over the pairs therefore never meets a dtype its device cannot hold.

    Parameters
    ----------
    xp : module or str
        A namespace (the ``xp`` fixture) or a backend name.
    kind : str or tuple of str, optional
        Only dtypes of this kind (``"real floating"``, ``("integral", "bool")``...), as in
        the standard's ``dtypes(kind=...)``.

    Returns
    -------
    tuple of DeviceDtype
        Device by device, in the order ``devices()`` gives; dtypes in the standard's order.

    Raises
    ------
    ValueError
        For a ``kind`` the standard does not define (the namespace's ``dtypes()`` says so).

    See Also
    --------
    namespace_device_dtype_params : the same pairs as pytest parameters, for every backend.
    ember_array.devices : the devices alone.

    Examples
    --------
    >>> from ember_array.testing import device_dtypes
    >>> [p.id for p in device_dtypes("numpy", kind="real floating")]
    ['cpu-float32', 'cpu-float64']
    """
    ns = resolve_xp(xp, "device_dtypes")
    info = ns.__array_namespace_info__()
    found = [d for d in devices(ns) if d is not None]  # jax lists None among its devices
    pairs = []
    for dev in found:
        held = info.dtypes(device=dev, kind=kind)
        for name in DTYPES:
            if name in held:
                pairs.append(DeviceDtype(dev, held[name], name, device_name(dev)))
    return tuple(pairs)

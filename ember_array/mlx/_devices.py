"""Devices of the mlx namespace.

mlx memory is unified: an array does not live on a device, operations *run* on one (a stream).
ember_array models this with :class:`Device`, a small hashable value type named ``"cpu"`` or
``"gpu"`` that maps to ``mx.cpu`` / ``mx.gpu``.  It compares with any object (``mx.Device`` raises
``TypeError`` on ``== None``), and equals the matching ``mx.Device``/``mx.DeviceType`` too.

* ``device_of(x)`` is where operations on ``x`` run: the CPU for float64 arrays (mlx computes
  float64 on the CPU only), the default device otherwise.
* ``to_device(x, device)`` never changes ``mx.default_device()``; since memory is unified it
  returns ``x`` itself (no copy), after checking that ``device`` can hold ``x``'s dtype.
* On an mlx build with a GPU, every namespace function called with a float64 array argument
  runs inside ``with mx.stream(mx.cpu):`` (:func:`route_float64`, installed at import only when
  a GPU exists, so CPU-only builds keep the native functions with zero overhead).
* ``device=`` arguments of the namespace accept a :class:`Device`, ``"cpu"``/``"gpu"``, an
  ``mx.Device``, ``mx.DeviceType`` or ``mx.Stream``; they become the ``stream=`` of mlx calls.
  float64 on a GPU raises ``ValueError``.
* mlx gives every thread its own default stream, and a lazy array can only be evaluated in the
  thread whose stream it was recorded on (``RuntimeError: There is no Stream(cpu, 0) in current
  thread``). :func:`share_streams` (run by :func:`ember_array.mlx.install`) gives the calling
  thread, and every thread started afterwards through :mod:`threading`, a default stream made
  with ``mx.new_thread_unsafe_stream``, which any thread can evaluate. mlx's rule for these
  streams applies: one lazy array must not be evaluated by two threads at the same time
  (``mx.eval`` it before handing it to several threads).
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import sys
import threading
from collections.abc import Callable, Iterable, MutableMapping
from typing import Any

import mlx.core as mx

from .._backends import BY_NAME
from .._markers import transparent

#: The registry's row: where float64 can run is stated there (``no_float64``), not here.
_MLX = BY_NAME["mlx"]

__all__ = [
    "Device",
    "CPU",
    "GPU",
    "device_of",
    "to_device",
    "stream_for",
    "default_device",
    "share_streams",
    "unshare_streams",
    "device_kind",
    "holds_float64",
    "float64_needs_cpu_stream",
    "gpu_available",
    "route_float64",
    "cpu_for_float64",
]


class Device:
    """An mlx device as seen by ember_array: ``Device("cpu")`` or ``Device("gpu")``."""

    __slots__ = ("name",)

    def __init__(self, name: str = "cpu") -> None:
        if name not in ("cpu", "gpu"):
            raise ValueError(f"mlx: unknown device {name!r}; expected 'cpu' or 'gpu'")
        self.name = name

    @property
    def type(self) -> mx.DeviceType:
        """The ``mx.DeviceType`` (``mx.cpu`` or ``mx.gpu``)."""
        return mx.cpu if self.name == "cpu" else mx.gpu

    @property
    def mlx(self) -> mx.Device:
        """The native ``mx.Device``."""
        return mx.Device(self.type)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Device):
            return other.name == self.name
        if isinstance(other, (mx.Device, mx.DeviceType, mx.Stream, str)):
            try:
                return device_kind(other) == self.name
            except (TypeError, ValueError):
                return False
        return False

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(("ember_array.mlx.Device", self.name))

    def __repr__(self) -> str:
        return f"Device({self.name!r})"


CPU = Device("cpu")
GPU = Device("gpu")


def device_kind(device: Any) -> str:
    """Return ``"cpu"`` or ``"gpu"`` for any accepted device spelling."""
    if isinstance(device, Device):
        return device.name
    if isinstance(device, str):
        name = device.split(":")[0]
        if name in ("cpu", "gpu"):
            return name
        raise ValueError(f"mlx: unknown device {device!r}; expected 'cpu' or 'gpu'")
    if isinstance(device, mx.Stream):
        device = device.device
    if isinstance(device, mx.Device):
        device = device.type
    if isinstance(device, mx.DeviceType):
        return "cpu" if device == mx.cpu else "gpu"
    raise TypeError(f"mlx: expected a device ('cpu', 'gpu', Device, mx.Device), got {device!r}")


def default_device() -> Device:
    """The device mlx runs operations on by default (``mx.default_device()``)."""
    return CPU if mx.default_device().type == mx.cpu else GPU


def _is_f64(dtype: Any) -> bool:
    return dtype is not None and isinstance(dtype, mx.Dtype) and mx.Dtype.__eq__(dtype, mx.float64)


def holds_float64(device: Any) -> bool:
    """Whether ``device`` (any accepted spelling; an unknown one counts as able) runs float64."""
    try:
        return _MLX.holds_float64(device_kind(device))
    except (TypeError, ValueError):
        return True


def float64_needs_cpu_stream() -> bool:
    """Whether float64 work must be sent to the CPU stream: this build has a GPU, which
    cannot compute float64 (:func:`route_float64`)."""
    return gpu_available() and not _MLX.holds_float64("gpu")


def stream_for(device: Any, dtype: Any = None, func: str = "mlx") -> Any:
    """Map ``device=`` to the ``stream=`` of an mlx call.

    ``None`` gives ``None`` (mlx's default) except for float64 where the default device cannot
    compute it, which gives ``mx.cpu``.  float64 on a GPU raises ``ValueError`` naming ``func``.
    """
    if device is None:
        if _is_f64(dtype) and not _MLX.holds_float64(device_kind(mx.default_device())):
            return mx.cpu
        return None
    name = device_kind(device)
    target: Any = device if isinstance(device, mx.Stream) else (mx.cpu if name == "cpu" else mx.gpu)
    if _is_f64(dtype) and not _MLX.holds_float64(name):
        raise ValueError(f"{func}: mlx cannot compute float64 on the gpu device; use device='cpu'")
    if name == "gpu" and not gpu_available():
        raise ValueError(f"{func}: this mlx build has no gpu device (devices: cpu)")
    return target


_GPU: list[bool] = []


def gpu_available() -> bool:
    """Whether this mlx build has a GPU backend (cached)."""
    if not _GPU:
        try:
            _GPU.append(bool(mx.is_available(mx.gpu)))
        except Exception:  # older mlx without is_available
            _GPU.append(False)
    return _GPU[0]


def device_of(x: mx.array) -> Device:
    """Return the :class:`Device` operations on ``x`` run on (CPU for float64)."""
    device = default_device()
    if _is_f64(x.dtype) and not _MLX.holds_float64(device.name):
        return CPU
    return device


def to_device(x: mx.array, device: Any, /, *, stream: Any = None) -> mx.array:
    """Return ``x`` for use on ``device`` (mlx memory is unified: no copy is made).

    Raises ``ValueError`` for float64 on the gpu and ``TypeError``/``ValueError`` for an unknown
    device.  ``stream`` is accepted for signature compatibility and must be ``None`` or an
    ``mx.Stream`` on ``device``.
    """
    stream_for(device, x.dtype, "to_device")
    same = isinstance(stream, mx.Stream) and device_kind(stream) == device_kind(device)
    if stream is not None and not same:
        raise ValueError(f"to_device: mlx stream {stream!r} is not on device {device!r}")
    return x


def _has_float64(args: tuple[Any, ...], kwargs: dict[str, Any]) -> bool:
    for a in (*args, *kwargs.values()):
        if isinstance(a, mx.array):
            if _is_f64(a.dtype):
                return True
        elif isinstance(a, (list, tuple)) and any(
            isinstance(b, mx.array) and _is_f64(b.dtype) for b in a
        ):
            return True
    return False


def cpu_for_float64(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap ``fn`` so that calls with a float64 mlx array argument run on the CPU stream.

    mlx computes float64 on the CPU only; without this, float64 work on a GPU-default machine
    fails when evaluated.
    """

    @transparent  # the support matrix labels fn, not this router
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if _has_float64(args, kwargs):
            with mx.stream(mx.cpu):
                return fn(*args, **kwargs)
        return fn(*args, **kwargs)

    return wrapper


def route_float64(namespace: MutableMapping[str, Any], names: Iterable[str]) -> None:
    """Replace the functions ``names`` of ``namespace`` by :func:`cpu_for_float64` wrappers."""
    for name in names:
        fn = namespace.get(name)
        if fn is not None and inspect.isroutine(fn):
            namespace[name] = cpu_for_float64(fn)


# --- streams shared across threads -------------------------------------------------------------

#: What :func:`share_streams` changed: the profile hook it replaced, the thread it ran in and
#: that thread's previous default streams. Empty when streams are not shared.
_SHARED: dict[str, Any] = {}


#: thread ident -> the streams made for it. mlx never frees a stream (nor, once it has run
#: something, its worker thread), so a thread whose ident was seen before (a thread ident is
#: reused once its thread has ended; an install/uninstall/install cycle) gets the same ones.
_THREAD_STREAMS: dict[int, list[Any]] = {}
_THREAD_STREAMS_LOCK = threading.Lock()


def _thread_unsafe_defaults() -> None:
    """Give the calling thread default streams that every thread can evaluate."""
    ident = threading.get_ident()
    with _THREAD_STREAMS_LOCK:
        streams = _THREAD_STREAMS.get(ident)
        if streams is None:
            devices = [mx.cpu, mx.gpu] if gpu_available() else [mx.cpu]
            streams = [mx.new_thread_unsafe_stream(d) for d in devices]
            _THREAD_STREAMS[ident] = streams
    for s in streams:
        mx.set_default_stream(s)


def _thread_start_hook(frame: Any, event: str, arg: Any) -> Any:
    """``threading.setprofile`` hook: runs once, at the start of each new thread."""
    previous = _SHARED.get("previous_hook")
    sys.setprofile(previous)  # uninstall ourselves from this thread at once
    # threads that never touch mlx get a stream too; creating one only registers it
    # (mlx starts its worker thread at the first evaluation on it)
    with contextlib.suppress(Exception):  # never break a thread over this
        _thread_unsafe_defaults()
    if previous is not None:
        return previous(frame, event, arg)
    return None


# mlx: a lazy array can only be evaluated in the thread whose stream recorded it ("There is no
# Stream(gpu, 0) in current thread"); https://github.com/ml-explore/mlx/issues/3529
def share_streams() -> None:
    """Make lazy mlx arrays evaluable in any thread (idempotent; undone by :func:`unshare_streams`).

    The calling thread and every thread started afterwards through :mod:`threading` (thread
    pools, joblib's threading backend) get default streams from ``mx.new_thread_unsafe_stream``:
    arrays recorded in one thread can be evaluated in another. Threads already running keep
    mlx's own thread-bound streams. Nothing is evaluated.
    """
    if _SHARED:
        return
    devices = [mx.cpu, mx.gpu] if gpu_available() else [mx.cpu]
    _SHARED["thread"] = threading.get_ident()
    _SHARED["defaults"] = [mx.default_stream(d) for d in devices]
    _SHARED["previous_hook"] = threading.getprofile()
    _thread_unsafe_defaults()
    threading.setprofile(_thread_start_hook)


def unshare_streams() -> None:
    """Undo :func:`share_streams`: new threads get mlx's own streams again.

    The thread that called :func:`share_streams` gets its previous default streams back when it
    is the one calling this; threads started in between keep their shared streams (arrays
    recorded on them stay evaluable).
    """
    if not _SHARED:
        return
    if threading.getprofile() is _thread_start_hook:
        threading.setprofile(_SHARED["previous_hook"])
    if threading.get_ident() == _SHARED["thread"]:
        for s in _SHARED["defaults"]:
            mx.set_default_stream(s)
    _SHARED.clear()

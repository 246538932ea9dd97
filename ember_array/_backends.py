"""The backend registry: one table of the libraries ember_array has a namespace for.

Everything that asks "which backend is this?" (of an array, a device object or a module name)
or "which module is backend X?" -- dispatch, ``xp=`` resolution, the ``is_*_array`` helpers,
random, scatter, signal, devices, the integrations, the report, the linter, the tests, the
conformance suite and the benchmarks -- reads this table; ``tests/test_layout.py`` checks that
no other file pairs backend names with modules. Adding a backend is one row here plus its
``ember_array.<name>`` package (and one import statement in
:func:`ember_array._dispatch.ember_namespace`, which ``torch.compile`` needs).

Nothing is imported here: a library's array and device types are looked up in ``sys.modules``
only, since an object of a library can only exist once that library has been imported.

Each row also holds the oldest release of its library that ember_array supports (``floor``; the
lower bounds in ``pyproject.toml`` are these, ``tests/test_floors.py`` checks it, and
``nox -s floors`` runs the tests on them). A namespace package calls :meth:`Backend.require`
before it touches its library, so an older release gives an :class:`ImportError` that names both
versions (:class:`TooOldError`) instead of an ``AttributeError`` from deep inside the namespace.
"""

from __future__ import annotations

import importlib.metadata
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

__all__ = [
    "BACKENDS",
    "BY_NAME",
    "COMPAT",
    "Backend",
    "Requirement",
    "TooOldError",
    "backend_of_device",
    "backend_of_module",
    "backend_of_type",
    "library_of_namespace",
    "names",
]


def installed_version(distribution: str, module: str) -> str | None:
    """The version of ``distribution`` in use: ``__version__`` of ``module`` (or of its top-level
    package) where it is imported (what runs, even when another copy is on the path), else the
    installed metadata's; None when neither is found."""
    for name in (module, module.partition(".")[0]):  # mlx.core has it, dask.array not
        found = getattr(sys.modules.get(name), "__version__", None)
        if isinstance(found, str):
            return found
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def release(version: str) -> tuple[int, ...]:
    """The leading numbers of a version string: ``"2.13.0+cpu"`` -> ``(2, 13, 0)``,
    ``"0.33.0.dev20260101"`` -> ``(0, 33, 0)``, ``"2024.8"`` -> ``(2024, 8)``."""
    match = re.match(r"\d+(?:\.\d+)*", version)
    return tuple(int(p) for p in match.group().split(".")) if match else ()


class TooOldError(ImportError):
    """An installed library is older than the oldest release ember_array supports.

    An :class:`ImportError`, raised where the namespace is imported (``import ember_array.mlx``,
    ``namespace(x)``, ``xp="mlx"``), so code that already treats a missing backend as
    unavailable treats this one the same way.

    Attributes
    ----------
    distribution, installed, floor
        What is too old, its installed version and the oldest supported one.
    """

    def __init__(self, namespace: str, distribution: str, installed: str, floor: str) -> None:
        self.distribution = distribution
        self.installed = installed
        self.floor = floor
        super().__init__(
            f"{namespace} needs {distribution} >= {floor}, but {distribution} {installed} is "
            f"installed; upgrade {distribution}",
            name=namespace,
        )

    @property
    def short(self) -> str:
        """``"mlx 0.25.2 < 0.32"``: what ``python -m ember_array`` prints."""
        return f"{self.distribution} {self.installed} < {self.floor}"


@dataclass(frozen=True)
class Requirement:
    """A library a namespace is built on, and the oldest release of it that is supported."""

    distribution: str
    module: str
    floor: str

    def check(self, namespace: str) -> None:
        """Raise :class:`TooOldError` if the installed release is older than :attr:`floor` (an
        unknown version passes: a source build may carry none)."""
        installed = installed_version(self.distribution, self.module)
        if installed is not None and release(installed) < release(self.floor):
            raise TooOldError(namespace, self.distribution, installed, self.floor)


#: array-api-compat, which the numpy, torch and dask namespaces are built on
COMPAT = Requirement("array-api-compat", "array_api_compat", "1.16")


@dataclass(frozen=True)
class Backend:
    """One library with an ember_array namespace.

    Attributes
    ----------
    name
        The backend's name: ``"numpy"``, also the ``ember_array.<name>`` package and the
        ``xp="<name>"`` spelling of the shims.
    distribution
        The distribution to install (and to report the version of).
    native
        The module that holds the array type and the library's functions.
    array_types
        Names in ``native`` of the classes whose instances belong to the backend.
    modules
        Module names that mean this backend when passed as ``xp=`` (the library's own and
        array-api-compat's wrapper).
    lazy
        Whether arrays are computed later (reading a value forces evaluation).
    device_types
        Classes of the backend's device objects, as ``"module.Class"`` (ember_array's own
        device class of a namespace included).
    no_float64
        Kinds of device (``"mps"``, ``"gpu"``) that cannot hold or compute float64 and
        complex128: the one statement of that rule (:meth:`holds_float64`).
    random_word
        The dtype that holds the 32-bit words of :mod:`ember_array.random`'s threefry hash:
        ``"uint32"``, or a signed ``"int32"`` where the library's ``uint32`` lacks arithmetic
        (the hash then masks the sign bits its ``>>`` copies).
    compile_barrier
        ``"module.function"``: a function ``x -> x`` that, under the library's compiler,
        makes ``x`` a buffer the compiled code reads from memory (random keys made inside a
        compiled function then stay out of the traced expression); empty: none needed. The
        module is imported by the backend's namespace package.
    unified_memory
        Whether memory is shared by every device, a "device" being where an operation runs
        (mlx): two arrays are never on different devices.
    chunked
        Whether an array is a graph of numpy chunks (dask): the shims take blockwise paths
        built on their numpy kernels.
    has_complex128
        Whether the library has complex128 (mlx has complex64 only): float64 input to a
        transform to complex (``signal.stft``) is refused rather than computed in complex64.
    floor
        The oldest release of :attr:`distribution` that is supported: the lower bound in
        ``pyproject.toml``, and the release ``nox -s floors`` tests (where the index has it).
    built_on
        Other libraries the namespace needs, with their floors (array-api-compat).
    """

    name: str
    distribution: str
    native: str
    array_types: tuple[str, ...]
    modules: tuple[str, ...]
    lazy: bool
    floor: str
    device_types: tuple[str, ...] = ()
    no_float64: tuple[str, ...] = ()
    random_word: str = "uint32"
    compile_barrier: str = ""
    unified_memory: bool = False
    chunked: bool = False
    has_complex128: bool = True
    built_on: tuple[Requirement, ...] = ()

    @property
    def namespace(self) -> str:
        """The module name of ember_array's namespace for this backend."""
        return f"ember_array.{self.name}"

    @property
    def one_device(self) -> bool:
        """Whether two arrays of the library are never on different devices: it has no device
        class (numpy, dask: every array is on ``"cpu"``), or its memory is unified."""
        return not self.device_types or self.unified_memory

    @property
    def compat(self) -> str | None:
        """array-api-compat's namespace module for this backend, or None."""
        return next((m for m in self.modules if m.startswith("array_api_compat.")), None)

    @property
    def requirements(self) -> tuple[Requirement, ...]:
        """The library itself at :attr:`floor`, then :attr:`built_on`."""
        own = Requirement(self.distribution, self.native, self.floor)
        return (own, *self.built_on)

    def require(self) -> None:
        """Raise :class:`TooOldError` (an ImportError naming both versions) if an installed library
        of :attr:`requirements` is older than its floor. Each namespace package calls this
        before it imports anything from its library."""
        for requirement in self.requirements:
            requirement.check(self.namespace)

    def _types(self) -> tuple[type, ...] | None:
        """The array types, or None while the library is not imported."""
        mod = sys.modules.get(self.native)
        if mod is None:
            return None
        known = _TYPES.get(self.name)
        if known is not None and known[0] is mod:
            return known[1]
        found = tuple(getattr(mod, t, None) for t in self.array_types)
        types = tuple(t for t in found if isinstance(t, type))
        if len(types) == len(found):
            _TYPES[self.name] = (mod, types)
        # else: another thread is still importing the module (seen on dask workers): the
        # types it has so far, looked up again next time
        return types

    def owns(self, cls: type) -> bool:
        """Whether ``cls`` is an array type of this backend (never imports the library)."""
        types = self._types()
        return types is not None and issubclass(cls, types)

    def is_array(self, x: object) -> bool:
        """Whether ``x`` is an array of this backend (never imports the library)."""
        known = _TYPES.get(self.name)  # the hot path: one lookup when nothing changed
        if known is not None and sys.modules.get(self.native) is known[0]:
            return isinstance(x, known[1])
        types = self._types()
        return types is not None and isinstance(x, types)

    def holds_float64(self, device_kind: str) -> bool:
        """Whether a device of this kind ("cpu", "cuda", "mps", "gpu") holds float64."""
        return device_kind not in self.no_float64

    def barrier(self) -> Callable[[Any], Any] | None:
        """The :attr:`compile_barrier` function, or None (none, or the namespace not loaded)."""
        module, _, func = self.compile_barrier.rpartition(".")
        found = getattr(sys.modules.get(module), func, None)
        return found if callable(found) else None

    def owns_device(self, device: object) -> bool:
        """Whether ``device`` is a device object of this backend (never imports anything)."""
        for qualified in self.device_types:
            module, _, cls = qualified.rpartition(".")
            typ = getattr(sys.modules.get(module), cls, None)
            if isinstance(typ, type) and isinstance(device, typ):
                return True
        return False


#: Backend name -> (native module, its array types), filled on first use.
_TYPES: dict[str, tuple[ModuleType, tuple[type, ...]]] = {}


BACKENDS: tuple[Backend, ...] = (
    Backend(
        name="numpy",
        distribution="numpy",
        native="numpy",
        array_types=("ndarray", "generic"),
        modules=("numpy", "array_api_compat.numpy"),
        lazy=False,
        # numpy 2.0: ceil/floor/trunc of integers return float64 (integers from 2.1)
        floor="2.1",
        built_on=(COMPAT,),
    ),
    Backend(
        name="torch",
        distribution="torch",
        native="torch",
        array_types=("Tensor",),
        modules=("torch", "array_api_compat.torch"),
        lazy=False,
        # the oldest release installed here is 2.13 (docs/install.md says which are tested)
        floor="2.4",
        built_on=(COMPAT,),
        device_types=("torch.device",),
        # torch: the MPS device has no float64; https://github.com/pytorch/pytorch/issues/122602
        no_float64=("mps",),
        # torch: uint32 has no add, shifts or comparisons on the CPU ("add_stub" not
        # implemented for 'UInt32'); https://github.com/pytorch/pytorch/pull/176356
        random_word="int32",
        compile_barrier="ember_array.torch._compile.compile_barrier",
    ),
    Backend(
        name="mlx",
        distribution="mlx",
        native="mlx.core",
        array_types=("array",),
        modules=("mlx", "mlx.core"),
        lazy=True,
        # before 0.32: no mx.logical_xor; 0.32.0-0.32.2: random.permutation dies with SIGFPE;
        # 0.32.3: no mx.fft.istft (signal.istft's fast path)
        floor="0.32.4",
        device_types=(
            "mlx.core.Device",
            "mlx.core.DeviceType",
            "mlx.core.Stream",
            "ember_array.mlx._devices.Device",
        ),
        # mlx: float64 runs on the CPU only; https://github.com/ml-explore/mlx/issues/1905
        no_float64=("gpu",),
        unified_memory=True,
        has_complex128=False,
    ),
    Backend(
        name="dask",
        distribution="dask",
        native="dask.array",
        array_types=("Array",),
        modules=("dask", "dask.array", "array_api_compat.dask.array"),
        lazy=True,
        # dask 2024.8: no dask.array.e (array-api-compat's namespace re-exports it); up to
        # 2025.9: cumsum/cumprod(x, dtype=float64) of float32 computes float32 chunks
        floor="2025.10",
        built_on=(COMPAT,),
        chunked=True,
    ),
)

BY_NAME: dict[str, Backend] = {b.name: b for b in BACKENDS}
_BY_MODULE: dict[str, str] = {m: b.name for b in BACKENDS for m in (*b.modules, b.namespace)}


def names() -> tuple[str, ...]:
    """The backend names, in the registry's order."""
    return tuple(BY_NAME)


#: array type -> its backend's name, once found (an owner never changes; a type no row owns
#: is looked up again, since its library may still be importing)
_OWNER: dict[type, str] = {}


def backend_of_type(cls: type) -> str | None:
    """The name of the backend that owns the array type ``cls``, or None."""
    name = _OWNER.get(cls)
    if name is not None:
        return name
    for b in BACKENDS:
        if b.owns(cls):
            if len(_OWNER) < 256:  # array types are few; a bound against type factories
                _OWNER[cls] = b.name
            return b.name
    return None


def backend_of_device(device: object) -> str | None:
    """The name of the backend whose device object ``device`` is, or None (names too)."""
    for b in BACKENDS:
        if b.owns_device(device):
            return b.name
    return None


def backend_of_module(modname: str) -> str | None:
    """The backend a module name means (``"mlx.core"``, ``"ember_array.torch"``...), or None."""
    return _BY_MODULE.get(modname)


#: Libraries without an ember_array namespace whose own namespaces callers branch on
#: (array-api-compat's ``is_jax_namespace``, ``is_array_api_strict_namespace``): module name ->
#: library. Their arrays pass through :func:`ember_array.namespace` unchanged.
_PASSTHROUGH_MODULES: dict[str, str] = {
    "jax.numpy": "jax",
    "jax.experimental.array_api": "jax",
    "array_api_strict": "array_api_strict",
}


def library_of_namespace(xp: object) -> str | None:
    """The library a namespace module is (a backend's name, ``"jax"`` or
    ``"array_api_strict"``), by its ``__name__``: the native module, array-api-compat's
    wrapper and ember_array's namespace (and its versioned views) alike; None otherwise."""
    name = getattr(xp, "__name__", None)
    if not isinstance(name, str):
        return None
    return _BY_MODULE.get(name) or _PASSTHROUGH_MODULES.get(name)

"""What ``python -m ember_array`` prints: backends found and the support matrix.

Everything here is computed from the namespace modules themselves, never from a
hand-kept list: a name is *native* when the namespace points straight at the
backend's own object, *compat* when it is array-api-compat's wrapper, *ember*
when ember_array wraps or writes it, and *missing* when absent.
"""

from __future__ import annotations

import importlib
import importlib.metadata
from dataclasses import dataclass
from types import ModuleType

from . import _spec
from ._version import __version__

__all__ = ["Backend", "backends", "classify", "matrix_lines", "report_lines"]

# ember backend -> (distribution name, native module)
_NATIVE = {"numpy": ("numpy", "numpy"), "torch": ("torch", "torch"), "mlx": ("mlx", "mlx.core")}


@dataclass(frozen=True)
class Backend:
    """One backend as found in this environment."""

    name: str
    version: str | None
    native: ModuleType | None
    namespace: ModuleType | None
    problem: str | None


def _version(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def backends() -> list[Backend]:
    """Each backend ember_array knows, with what imports and what does not."""
    found = []
    for name, (dist, modname) in _NATIVE.items():
        version = _version(dist)
        native = ns = None
        problem = None
        try:
            native = importlib.import_module(modname)
        except ImportError as exc:
            problem = f"not installed ({exc})"
        if native is not None:
            try:
                ns = importlib.import_module(f"ember_array.{name}")
            except ModuleNotFoundError as exc:
                if exc.name != f"ember_array.{name}":
                    raise
                problem = "namespace not available in this version of ember_array"
        found.append(Backend(name, version, native, ns, problem))
    return found


_ABSENT = object()


def _lookup(module: ModuleType | None, qualname: str) -> object:
    obj: object = module
    for part in qualname.split("."):
        obj = getattr(obj, part, _ABSENT)
        if obj is _ABSENT:
            return _ABSENT
    return obj


def _compat_module(backend: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"array_api_compat.{backend}")
    except ImportError:
        return None


def classify(backend: Backend, qualname: str) -> str:
    """``native``, ``compat``, ``ember`` or ``missing`` for one standard name."""
    obj = _lookup(backend.namespace, qualname)
    if obj is _ABSENT:
        return "missing"
    if obj is _lookup(backend.native, qualname) or qualname in _spec.DTYPES + _spec.CONSTANTS:
        return "native"
    if obj is _lookup(_compat_module(backend.name), qualname):
        return "compat"
    return "ember"


def report_lines() -> list[str]:
    """The lines of ``python -m ember_array``."""
    lines = [f"ember_array {__version__}: array API standard {_spec.API_VERSION}"]
    names = _spec.all_names()
    for b in backends():
        if b.namespace is None:
            lines.append(f"  {b.name:<6} {b.version or '-':<12} {b.problem}")
            continue
        kinds = [classify(b, n) for n in names]
        have = len(names) - kinds.count("missing")
        spec = getattr(b.namespace, "__array_api_version__", "?")
        lines.append(
            f"  {b.name:<6} {b.version or '-':<12} ember_array.{b.name} (spec {spec}): "
            f"{have}/{len(names)} standard names "
            f"({kinds.count('native')} native, {kinds.count('compat')} via array-api-compat, "
            f"{kinds.count('ember')} by ember_array)"
        )
    lines.append("`python -m ember_array matrix` prints the support matrix, one row per name.")
    return lines


def matrix_lines() -> list[str]:
    """One row per standard name, one column per available backend."""
    available = [b for b in backends() if b.namespace is not None]
    header = f"{'name':<28}" + "".join(f"{b.name:<10}" for b in available)
    lines = [header, "-" * len(header)]
    for name in _spec.all_names():
        lines.append(f"{name:<28}" + "".join(f"{classify(b, name):<10}" for b in available))
    return lines

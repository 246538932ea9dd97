"""The backends the test kit runs a test on, and the namespace each one gives.

numpy, torch, mlx and dask are the rows of ember_array's registry (:mod:`ember_array._backends`):
the kit gives ember_array's namespace for them.  array-api-strict and jax have no ember_array
namespace (any compliant array passes through :func:`ember_array.namespace`): the kit gives
their own modules.  Which of them a run uses is ``--ember-backends`` or ``EMBER_BACKENDS``.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

from .._backends import BACKENDS, TooOldError
from .._dispatch import ember_namespace
from .._helpers import backend_of

__all__ = [
    "KIT_BACKENDS",
    "KitBackend",
    "Loaded",
    "backend_of",
    "load",
    "parse_selection",
    "selection",
    "use",
]


def _jax_x64() -> None:
    import jax

    config: Any = jax.config  # jax.config.update is untyped
    config.update("jax_enable_x64", True)


#: backend -> what :func:`use` sets up once the backend is loaded
_ON_USE: dict[str, Callable[[], None]] = {"jax": _jax_x64}


@dataclass(frozen=True)
class KitBackend:
    """One backend of the kit.

    Attributes
    ----------
    name : str
        The test id and the name ``--ember-backends`` takes.
    module : str
        The module to import to know whether the backend is installed (the library's own).
    ember : bool
        Whether ember_array has a namespace for it (a row of the registry).
    """

    name: str
    module: str
    ember: bool


#: Every backend of the kit, in test-id order: the registry's rows, then the pass-throughs.
KIT_BACKENDS: tuple[KitBackend, ...] = (
    *(KitBackend(b.name, b.native, True) for b in BACKENDS),
    KitBackend("array_api_strict", "array_api_strict", False),
    KitBackend("jax", "jax.numpy", False),
)
_BY_NAME: dict[str, KitBackend] = {b.name: b for b in KIT_BACKENDS}


@dataclass(frozen=True)
class Loaded:
    """The outcome of loading one backend: its namespace, or why there is none."""

    backend: KitBackend
    xp: ModuleType | None
    reason: str = ""


@cache
def load(name: str) -> Loaded:
    """Import backend ``name`` and return its namespace, or the reason it is not installed."""
    backend = _BY_NAME[name]
    try:
        native = importlib.import_module(backend.module)
    except ImportError as exc:
        return Loaded(backend, None, f"{name} is not installed ({exc})")
    if backend.ember:
        try:
            return Loaded(backend, ember_namespace(name))
        except TooOldError as exc:
            return Loaded(backend, None, f"{name} is too old ({exc.short})")
    return Loaded(backend, native)


def use(name: str) -> Loaded:
    """:func:`load`, and for jax turn on ``jax_enable_x64`` (as SciPy's test suite does).

    Then float64 and int64 arrays exist on jax as on every other backend, instead of silently
    becoming 32-bit; the setting stays on for the rest of the process.
    """
    loaded = load(name)
    setup = _ON_USE.get(name)
    if setup is not None and loaded.xp is not None:
        setup()
    return loaded


def parse_selection(raw: str, source: str) -> tuple[str, ...]:
    """The backend names of a comma-separated list (all of them when empty).

    Raises
    ------
    ValueError
        If a name is not one of the kit's backends (``source`` says where it came from).
    """
    chosen = tuple(n.strip() for n in raw.split(",") if n.strip())
    unknown = [n for n in chosen if n not in _BY_NAME]
    if unknown:
        raise ValueError(
            f"{source} names unknown backends {unknown}; "
            f"known: {', '.join(b.name for b in KIT_BACKENDS)}"
        )
    return chosen or tuple(_BY_NAME)


def selection(option: str | None) -> tuple[str, ...]:
    """The backends a run uses: ``--ember-backends`` if given, else ``EMBER_BACKENDS``."""
    if option:
        return parse_selection(option, "--ember-backends")
    return parse_selection(os.environ.get("EMBER_BACKENDS", ""), "EMBER_BACKENDS")

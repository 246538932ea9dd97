"""Shared fixtures: hypothesis profiles and the backends under test.

``EMBER_BACKENDS=numpy,torch`` restricts the run to some backends (the nox
sessions ``tests-numpy`` etc. set it); by default every installed backend runs.
``HYPOTHESIS_PROFILE=thorough`` gives the larger profile nox uses.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator
from types import ModuleType

import pytest

from conformance._hypothesis import load_profile
from ember_array._backends import BACKENDS as BACKEND_REGISTRY
from ember_array._backends import names

load_profile()

#: Backends of the shared ``backend``/``xp`` fixtures. dask has its own test files
#: (tests/test_*dask*.py) and runs the conformance suite; ``EMBER_BACKENDS=dask`` selects it.
BACKENDS = ("numpy", "torch", "mlx")
_KNOWN = names()
_NATIVE = {b.name: b.native for b in BACKEND_REGISTRY}


def _selected() -> tuple[str, ...]:
    raw = os.environ.get("EMBER_BACKENDS", "")
    chosen = tuple(b.strip() for b in raw.split(",") if b.strip()) or BACKENDS
    unknown = set(chosen) - set(_KNOWN)
    if unknown:
        raise pytest.UsageError(f"EMBER_BACKENDS names unknown backends: {sorted(unknown)}")
    return chosen


def load_backend(name: str) -> tuple[ModuleType, ModuleType]:
    """(native module, ember namespace) for ``name``, or skip the test with the reason."""
    if name not in _selected():
        pytest.skip(f"{name} not selected by EMBER_BACKENDS")
    native = pytest.importorskip(_NATIVE[name])
    try:
        ns = importlib.import_module(f"ember_array.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"ember_array.{name}":
            raise
        pytest.skip(f"ember_array.{name} is not part of this version")
    return native, ns


def _refuse_to_compute(*args: object, **kwargs: object) -> object:
    raise AssertionError("dask: a graph was computed while it was being built")


@pytest.fixture
def no_compute() -> Iterator[None]:
    """Inside, any dask computation (``compute()``, ``bool()``, ``float()``...) fails the test."""
    dask = pytest.importorskip("dask")
    with dask.config.set(scheduler=_refuse_to_compute):
        yield


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The name of each backend in turn (skipped when not installed/selected)."""
    load_backend(request.param)
    return request.param


@pytest.fixture
def xp(backend: str) -> ModuleType:
    """The ember_array namespace of each backend in turn."""
    return load_backend(backend)[1]


@pytest.fixture
def native(backend: str) -> ModuleType:
    """The backend's own module (numpy, torch, mlx.core)."""
    return load_backend(backend)[0]

"""Shared fixtures: hypothesis profiles and the backends under test.

``EMBER_BACKENDS=numpy,torch`` restricts the run to some backends (the nox
sessions ``tests-numpy`` etc. set it); by default every installed backend runs.
``HYPOTHESIS_PROFILE=thorough`` gives the larger profile nox uses.  The helpers behind the
fixtures (and the ones test files import) are in ``tests/_helpers.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest

from conformance._hypothesis import load_profile
from tests import _helpers
from tests._helpers import BACKENDS, load_backend

load_profile()


@pytest.fixture
def no_compute() -> Iterator[None]:
    """Inside, any dask computation (``compute()``, ``bool()``, ``float()``...) fails the test."""
    pytest.importorskip("dask")
    with _helpers.no_compute():
        yield


@pytest.fixture(scope="session")
def kit_imported() -> None:
    """Every backend of ember_array.testing and its tracer imported, for in-process pytester
    runs (requested before ``pytester``, whose snapshot would drop them: see
    :func:`tests._helpers.before_inprocess_runs`)."""
    _helpers.before_inprocess_runs()


@pytest.fixture
def jax_x64_restored() -> Iterator[None]:
    """``jax_enable_x64`` as it was before the test (the test kit turns it on for jax)."""
    with _helpers.jax_x64_kept():
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

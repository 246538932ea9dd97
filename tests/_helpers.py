"""What the test files share: the backends under test, arrays in and out, strict xfails.

The backends come from the registry (``ember_array._backends``: names, native modules); which
of them run is read from ``EMBER_BACKENDS`` by ``conformance/_backends.requested``, the same
rule the conformance suite follows, and the dask compute guard is the suite's too.
``tests/conftest.py`` turns these into the ``backend``/``xp``/``native``/``no_compute``
fixtures; a test file imports the rest from here (``from tests._helpers import to_numpy``).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from conformance._backends import no_compute, requested, torch_device
from conformance._xfails import marker_reason
from ember_array._backends import BY_NAME, names

__all__ = [
    "BACKENDS",
    "before_inprocess_runs",
    "from_numpy",
    "installed",
    "jax_x64_kept",
    "load_backend",
    "namespace",
    "native_name",
    "no_compute",
    "selected",
    "strict_xfail",
    "to_numpy",
]

#: Backends of the shared ``backend``/``xp`` fixtures. dask has its own test files
#: (tests/test_*dask*.py) and runs the conformance suite; ``EMBER_BACKENDS=dask`` selects it.
BACKENDS = ("numpy", "torch", "mlx")


def selected() -> tuple[str, ...]:
    """The backends ``EMBER_BACKENDS`` selects (default :data:`BACKENDS`)."""
    return requested(BACKENDS, known=names())


def native_name(name: str) -> str:
    """The module of backend ``name``'s own arrays and functions (``mlx`` -> ``mlx.core``)."""
    return BY_NAME[name].native


def namespace(name: str) -> ModuleType:
    """ember_array's namespace for backend ``name`` (imported whether selected or not)."""
    return importlib.import_module(BY_NAME[name].namespace)


def load_backend(name: str) -> tuple[ModuleType, ModuleType]:
    """(native module, ember namespace) for ``name``, or skip the test with the reason."""
    if name not in selected():
        pytest.skip(f"{name} not selected by EMBER_BACKENDS")
    native = pytest.importorskip(native_name(name))
    try:
        ns = importlib.import_module(BY_NAME[name].namespace)
    except ModuleNotFoundError as exc:
        if exc.name != BY_NAME[name].namespace:
            raise
        pytest.skip(f"{BY_NAME[name].namespace} is not part of this version")
    return native, ns


def load_file(path: Path, name: str) -> ModuleType:
    """Import the Python file ``path`` as a module called ``name`` (not on sys.path)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def installed(name: str) -> bool:
    """Whether backend ``name`` is selected and both its library and namespace import."""
    if name not in selected():
        return False
    try:
        importlib.import_module(native_name(name))
        importlib.import_module(BY_NAME[name].namespace)
    except ImportError:
        return False
    return True


def to_numpy(x: Any) -> np.ndarray:
    """A numpy copy of an array of any backend (evaluates lazy ones: tests only).

    torch tensors are detached, moved to the CPU and conjugation-resolved; torch's uint32 and
    uint64 (which ``.numpy()`` refuses) keep their bit pattern through int64.
    array-api-strict arrays give their wrapped numpy array.
    """
    if isinstance(x, np.ndarray):
        return x
    module = type(x).__module__
    if module.startswith("torch"):
        import torch

        t = x.detach().cpu().resolve_conj()
        if t.dtype in (torch.uint32, torch.uint64):
            wide = t.to(torch.int64).numpy()
            return wide.astype(np.uint32 if t.dtype == torch.uint32 else np.uint64)
        return t.numpy()
    if module.startswith("mlx"):
        return np.array(x, copy=True)
    if module.startswith("array_api_strict"):
        return np.asarray(x._array)
    return np.asarray(x)


def from_numpy(backend: str, a: np.ndarray) -> Any:
    """A numpy array as an array of ``backend`` (or ``"strict"``) with the same dtype.

    mlx gets the dtype by name (``mx.array`` of a float64 array gives float32 otherwise);
    where mlx has no such dtype (complex128) it picks its own, as ``mx.array`` does.
    """
    if backend == "numpy":
        return a
    if backend == "strict":
        import array_api_strict

        return array_api_strict.asarray(a)
    if backend == "torch":
        import torch

        t = torch.from_numpy(np.array(a, order="C"))
        dev = torch_device()  # EMBER_TORCH_DEVICE: the GPU check runs the tests on cuda
        return t if dev is None else t.to(dev)
    if backend == "mlx":
        import mlx.core as mx

        dtype = getattr(mx, "bool_" if a.dtype == np.bool_ else a.dtype.name, None)
        return mx.array(a) if dtype is None else mx.array(a, dtype=dtype)
    raise AssertionError(f"no conversion to {backend}")


def strict_xfail(reason: str, link: str) -> pytest.MarkDecorator:
    """``xfail(strict=True)`` whose reason is ``<reason> — <link>`` (``conformance/_xfails.py``).

    ``link`` is the native library's upstream issue, or ``"link: none found"``.
    """
    return pytest.mark.xfail(strict=True, reason=marker_reason(reason, link))


def before_inprocess_runs() -> None:
    """Import every kit backend and its tracer before a pytester run in this process.

    pytester drops the modules an in-process run imports, and some cannot be imported twice
    (numpy's extension modules) or would come back as second copies (torch's Dynamo, which
    ``check_lazy`` loads on first use): importing them here keeps them out of the snapshot.
    """
    from ember_array.testing import BACKEND_NAMES, check_lazy, random_array
    from ember_array.testing._backends import use

    with jax_x64_kept():
        for name in BACKEND_NAMES:
            xp = use(name).xp
            if xp is not None:
                check_lazy(lambda x: x + 1, random_array(xp, (2,)))


@contextmanager
def jax_x64_kept() -> Iterator[None]:
    """Inside, the test kit may turn ``jax_enable_x64`` on (its jax is 64-bit); after, the
    setting is as before, so that the rest of the suite sees jax's default
    (tests/test_jax_shims.py tests the 32-bit paths)."""
    try:
        import jax
    except ImportError:
        yield
        return
    before = bool(jax.config.jax_enable_x64)
    try:
        yield
    finally:
        jax.config.update("jax_enable_x64", before)

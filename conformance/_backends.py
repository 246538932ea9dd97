"""The backends the conformance suite runs against, and moving data in and out of them.

Every test draws its inputs as numpy arrays, hands them to a backend's namespace with
:meth:`NamespaceUnderTest.call` and reads the result back as numpy with
:meth:`NamespaceUnderTest.to_numpy`; array-api-strict, the reference implementation, runs the
same call and is the oracle.  ``strict`` is also a backend under test: the control, which
must always pass (it proves the cases are valid inputs).
"""

from __future__ import annotations

import importlib
import os
from collections import namedtuple
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from ember_array import _backends as _registry
from ember_array import _spec

#: Backends under test, in order; ``strict`` (array-api-strict) is the control.
BACKENDS = (*_registry.names(), "strict")
_MODULES = {
    **{b.name: (b.native, b.namespace) for b in _registry.BACKENDS},
    "strict": ("array_api_strict", "array_api_strict"),
}
#: Cases a backend cannot represent at all: skipped with this reason (never xfailed).
UNREPRESENTABLE: dict[str, dict[str, str]] = {
    "mlx": {"complex128": "mlx has no complex128 (ember_array.mlx raises TypeError for it)"},
}
_NEEDS_COMPLEX128 = "its result is complex128, which mlx lacks (ember_array.mlx raises TypeError)"
#: (function, dtype) pairs a backend cannot represent, with the reason.
UNREPRESENTABLE_CASES: dict[str, dict[tuple[str, str], str]] = {
    "mlx": {
        (name, "float64"): _NEEDS_COMPLEX128
        for name in ("fft.rfft", "fft.rfftn", "fft.ihfft", "linalg.eig", "linalg.eigvals")
    },
}


def refuse_to_compute(*args: Any, **kwargs: Any) -> Any:
    """A dask scheduler that fails: the graph must not be computed while it is built."""
    raise AssertionError("dask: a graph was computed while it was being built")


@contextmanager
def no_compute() -> Iterator[None]:
    """Inside, any dask computation (``compute()``, ``bool()``, ``float()``...) raises."""
    import dask

    with dask.config.set(scheduler=refuse_to_compute):
        yield


@dataclass(frozen=True)
class D:
    """A dtype by its standard name, resolved to the backend's dtype object at call time."""

    name: str


@dataclass
class NamespaceUnderTest:
    """One namespace under test."""

    name: str
    xp: ModuleType
    _dtype_names: list[tuple[Any, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._dtype_names = [(getattr(self.xp, n), n) for n in _spec.DTYPES if hasattr(self.xp, n)]

    def func(self, qualname: str) -> Callable[..., Any]:
        """The namespace's function ``"sum"``, ``"linalg.svd"``, ``"fft.rfft"``."""
        obj: Any = self.xp
        for part in qualname.split("."):
            obj = getattr(obj, part)
        fn: Callable[..., Any] = obj
        return fn

    def skip_reason(self, dtype: str, case: str = "") -> str | None:
        """Why this backend cannot represent ``dtype`` (for ``case``) at all, or None."""
        return UNREPRESENTABLE.get(self.name, {}).get(dtype) or UNREPRESENTABLE_CASES.get(
            self.name, {}
        ).get((case, dtype))

    def can_represent(self, obj: Any) -> bool:
        """Whether every dtype an argument tree uses exists on this backend."""
        if isinstance(obj, np.ndarray):
            return self.skip_reason(obj.dtype.name) is None
        if isinstance(obj, D):
            return self.skip_reason(obj.name) is None
        if isinstance(obj, list | tuple):
            return all(self.can_represent(o) for o in obj)
        if isinstance(obj, dict):
            return all(self.can_represent(o) for o in obj.values())
        return True

    def convert(self, obj: Any) -> Any:
        """numpy arrays -> this backend's arrays and :class:`D` -> dtype objects, recursively."""
        if isinstance(obj, np.ndarray):
            if self.name == "dask":
                # chunks of 2 along every axis, so every case crosses chunk boundaries
                import dask.array as da

                untyped: Any = da  # dask.array's functions have no annotations
                return untyped.from_array(obj, chunks=2 if obj.ndim else ())
            if self.name == "torch" and torch_device() is not None:
                return self.xp.asarray(obj, device=torch_device())
            return self.xp.asarray(obj)
        if isinstance(obj, D):
            return getattr(self.xp, obj.name)
        if isinstance(obj, list):
            return [self.convert(o) for o in obj]
        if isinstance(obj, tuple):
            return tuple(self.convert(o) for o in obj)
        if isinstance(obj, dict):
            return {k: self.convert(v) for k, v in obj.items()}
        return obj

    def call(self, qualname: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """Run ``qualname(*args, **kwargs)`` with the inputs converted to this backend.

        On dask the call runs under a scheduler that refuses to compute: every case then also
        proves that building the graph computes nothing (no hidden ``bool()``/``float()``).
        """
        fn, a, kw = self.func(qualname), self.convert(args), self.convert(kwargs)
        if self.name == "torch":
            out = fn(*a, **kw)
            check_torch_device(qualname, (a, kw), out)
            return out
        if self.name != "dask":
            return fn(*a, **kw)
        with no_compute():
            return fn(*a, **kw)

    def dtype_name(self, dtype: Any) -> str:
        """The standard name of one of this backend's dtype objects."""
        for obj, name in self._dtype_names:
            if obj == dtype:
                return name
        raise AssertionError(f"{self.name}: {dtype!r} is not a standard dtype")

    def is_array(self, obj: Any) -> bool:
        """Whether ``obj`` is an array of this backend (numpy scalars count, as in compat)."""
        if self.name == "numpy":
            return isinstance(obj, np.ndarray | np.generic)
        return isinstance(obj, type(self.xp.asarray(0)))

    def to_numpy(self, obj: Any) -> Any:
        """A result read back: arrays -> numpy, dtypes -> names, tuples field by field."""
        if self.is_array(obj):
            if self.name == "torch":
                return obj.detach().cpu().resolve_conj().numpy()
            return np.asarray(obj)
        if isinstance(obj, tuple) and hasattr(obj, "_fields"):
            named: Any = type(obj)  # a namedtuple class
            return named._make(self.to_numpy(o) for o in obj)
        if isinstance(obj, tuple) and hasattr(type(obj), "n_fields"):
            # torch's structseq results (torch.return_types): named fields, no ``_fields``
            structseq: Any = type(obj)
            fields: tuple[str, ...] = structseq.__match_args__
            return namedtuple(type(obj).__name__, fields)(
                *(self.to_numpy(getattr(obj, f)) for f in fields)
            )
        if isinstance(obj, list | tuple):
            return type(obj)(self.to_numpy(o) for o in obj)
        if isinstance(obj, bool | int | float | complex | str | type(None)):
            return obj
        if hasattr(obj, "bits"):  # finfo / iinfo objects: their fields
            fields = ("bits", "eps", "max", "min", "smallest_normal", "dtype")
            return {f: self.to_numpy(getattr(obj, f)) for f in fields if hasattr(obj, f)}
        return self.dtype_name(obj)


def requested(default: tuple[str, ...], known: tuple[str, ...] = BACKENDS) -> tuple[str, ...]:
    """The backends ``EMBER_BACKENDS`` names (comma-separated), or ``default`` when unset.

    The one reading of ``EMBER_BACKENDS`` for ``conformance/`` and ``tests/``; a name outside
    ``known`` is a usage error.
    """
    raw = os.environ.get("EMBER_BACKENDS", "")
    chosen = tuple(b.strip() for b in raw.split(",") if b.strip()) or default
    unknown = set(chosen) - set(known)
    if unknown:
        raise pytest.UsageError(f"EMBER_BACKENDS names unknown backends: {sorted(unknown)}")
    return chosen


@cache
def torch_device() -> str | None:
    """The torch device ``EMBER_TORCH_DEVICE`` names (``"cuda"``, ``"cuda:1"``...), or None.

    The one reading of ``EMBER_TORCH_DEVICE`` for ``conformance/`` and ``tests/``: torch inputs
    are made on that device, and a function given such inputs must answer on it.  Unset, torch
    inputs stay on the CPU (CI has no GPU).
    """
    return os.environ.get("EMBER_TORCH_DEVICE", "").strip() or None


def _tensors(obj: Any) -> Iterator[Any]:
    """The torch tensors in an argument or result tree (tuples, lists, dicts)."""
    if isinstance(obj, list | tuple):
        for o in obj:
            yield from _tensors(o)
    elif isinstance(obj, dict):
        for o in obj.values():
            yield from _tensors(o)
    elif type(obj).__module__.startswith("torch") and hasattr(obj, "device"):
        yield obj


def check_torch_device(qualname: str, args: Any, out: Any) -> None:
    """With ``EMBER_TORCH_DEVICE`` set: a function given tensors on that device answers there."""
    dev = torch_device()
    if dev is None or not any(True for _ in _tensors(args)):
        return
    import torch

    want = torch.device(dev)
    for t in _tensors(out):
        if isinstance(t, torch.Tensor) and t.device.type != want.type:
            raise AssertionError(f"{qualname}: input on {want}, result on {t.device}")


def selected() -> tuple[str, ...]:
    """Backends chosen with ``EMBER_BACKENDS`` (the control ``strict`` always runs)."""
    chosen = requested(BACKENDS)
    return tuple(b for b in BACKENDS if b in chosen or b == "strict")


@cache
def _load(name: str) -> NamespaceUnderTest | str:
    native, module = _MODULES[name]
    try:
        importlib.import_module(native)
    except ImportError as exc:
        return f"{name} is not installed ({exc})"
    return NamespaceUnderTest(name, importlib.import_module(module))


def load(name: str) -> NamespaceUnderTest:
    """The backend ``name``, or skip the test with the reason it is unavailable."""
    if name not in selected():
        pytest.skip(f"{name} not selected by EMBER_BACKENDS")
    found = _load(name)
    if isinstance(found, str):
        pytest.skip(found)
    return found


def oracle() -> NamespaceUnderTest:
    """array-api-strict, the reference implementation."""
    found = _load("strict")
    if isinstance(found, str):
        pytest.skip(found)
    return found

"""The suite covers the whole standard: every function has a case, constants and the
inspection API are checked against array-api-strict."""

from __future__ import annotations

import math

import pytest

from ember_array import _spec

from ._backends import BACKENDS, load, oracle
from .cases import CASES

#: dtypes a backend has but leaves out of ``info.dtypes()``, with the reason (none today:
#: ember_array.torch lists uint16/32/64, which array-api-compat leaves out).
NOT_LISTED: dict[str, tuple[str, ...]] = {}


def test_every_function_has_a_case() -> None:
    """Each function of 2025.12 (linalg and fft included) is in ``cases.CASES``."""
    functions = [n for n in _spec.all_names() if n not in _spec.DTYPES + _spec.CONSTANTS]
    missing = [n for n in functions if n not in CASES]
    assert not missing, f"standard functions without a conformance case: {missing}"
    unknown = [n for n in CASES if n not in functions]
    assert not unknown, f"cases for names outside the standard: {unknown}"


@pytest.mark.parametrize("backend", BACKENDS)
def test_constants(backend: str) -> None:
    """``e``, ``pi``, ``inf``, ``nan`` are the Python floats; ``newaxis`` is None."""
    xp = load(backend).xp
    assert xp.e == math.e
    assert xp.pi == math.pi
    assert xp.inf == math.inf
    assert math.isnan(xp.nan)
    assert xp.newaxis is None


@pytest.mark.parametrize("backend", BACKENDS)
def test_inspection(backend: str) -> None:
    """``__array_namespace_info__`` answers like array-api-strict's, less what the backend
    cannot represent."""
    be, ref = load(backend), oracle()
    info, ref_info = be.xp.__array_namespace_info__(), ref.xp.__array_namespace_info__()
    caps, ref_caps = info.capabilities(), ref_info.capabilities()
    assert set(ref_caps) <= set(caps), f"capabilities keys {sorted(caps)}"
    for key in ref_caps:
        allowed = (int, type(None)) if key == "max dimensions" else type(ref_caps[key])
        assert isinstance(caps[key], allowed), f"capabilities()[{key!r}] = {caps[key]!r}"
    defaults = info.default_dtypes()
    assert set(defaults) == set(ref_info.default_dtypes())
    for kind, dt in defaults.items():
        name = be.dtype_name(dt)
        choices = {
            "real floating": ("float32", "float64"),
            "complex floating": ("complex64", "complex128"),
            "integral": ("int32", "int64"),
            "indexing": ("int32", "int64"),
        }
        assert name in choices[kind], f"default {kind} dtype {name}"
    kinds = (None, "bool", "signed integer", "unsigned integer", "integral", "real floating",
             "complex floating", "numeric", ("bool", "integral"))  # fmt: skip
    for kind in kinds:
        got = set(info.dtypes(kind=kind))
        want = {
            n
            for n in ref_info.dtypes(kind=kind)
            if be.skip_reason(n) is None and n not in NOT_LISTED.get(backend, ())
        }
        assert got == want, f"dtypes(kind={kind!r}): {sorted(got)}, expected {sorted(want)}"
    devices = info.devices()
    assert devices, "devices() is empty"
    assert info.default_device() in devices

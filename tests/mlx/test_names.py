"""Every standard name is present on ember_array.mlx, and nothing else public."""

from __future__ import annotations

import pytest

mx = pytest.importorskip("mlx.core")

import ember_array.mlx as xp  # noqa: E402
from ember_array import _spec  # noqa: E402


@pytest.mark.parametrize("name", _spec.MAIN)
def test_main_name_present(name):
    assert hasattr(xp, name)


@pytest.mark.parametrize("name", _spec.LINALG)
def test_linalg_name_present(name):
    assert callable(getattr(xp.linalg, name))


@pytest.mark.parametrize("name", _spec.FFT)
def test_fft_name_present(name):
    assert callable(getattr(xp.fft, name))


def test_dunders_and_version():
    assert xp.__array_api_version__ == _spec.API_VERSION == "2025.12"
    for name in _spec.DUNDERS:
        assert hasattr(xp, name)


def test_no_extra_public_names():
    allowed = set(_spec.MAIN) | set(_spec.EXTRA_DTYPES) | {"linalg", "fft", "install", "uninstall"}
    allowed |= {"get_default_dtype", "set_default_dtype"}
    extra = {n for n in dir(xp) if not n.startswith("_")} - allowed
    assert not extra
    assert set(xp.__all__) - set(_spec.DUNDERS) <= allowed


def test_no_numpy_shadowing_helpers():
    for name in ("median", "nanmean", "cumsum", "argpartition", "percentile"):
        assert not hasattr(xp, name)

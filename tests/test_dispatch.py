"""The namespace contract of ``ember_array.namespace``."""

from __future__ import annotations

import importlib.util

import array_api_strict
import numpy as np
import pytest

import ember_array
from ember_array import _spec


def test_same_module_every_call() -> None:
    a, b = np.ones(3), np.zeros((2, 2), dtype=np.int8)
    assert ember_array.namespace(a) is ember_array.namespace(b)
    assert ember_array.namespace(a) is ember_array.numpy
    assert ember_array.namespace(a, b) is ember_array.numpy


def test_numpy_scalars_are_numpy() -> None:
    assert ember_array.namespace(np.float32(1.0)) is ember_array.numpy
    assert ember_array.namespace(np.bool_(True), np.ones(2)) is ember_array.numpy


@pytest.mark.parametrize("scalar", [1, 2.5, True, 1j, None])
def test_python_scalars_and_none_ignored(scalar: object) -> None:
    x = np.ones(2)
    assert ember_array.namespace(scalar, x, scalar) is ember_array.numpy


def test_no_array_raises() -> None:
    with pytest.raises(TypeError, match="no array given"):
        ember_array.namespace()
    with pytest.raises(TypeError, match="no array given"):
        ember_array.namespace(1, 2.0, None)


def test_unknown_type_raises_naming_it() -> None:
    with pytest.raises(TypeError, match=r"builtins\.list"):
        ember_array.namespace([1, 2, 3])

    class Thing:
        pass

    with pytest.raises(TypeError, match="Thing"):
        ember_array.namespace(Thing())


def test_mixed_libraries_raise_naming_both() -> None:
    torch = pytest.importorskip("torch")
    with pytest.raises(TypeError, match=r"numpy.*torch"):
        ember_array.namespace(np.ones(2), torch.ones(2))
    with pytest.raises(TypeError, match=r"torch.*array_api_strict"):
        ember_array.namespace(torch.ones(2), array_api_strict.ones(2))


def test_torch_tensor_and_parameter() -> None:
    torch = pytest.importorskip("torch")
    assert ember_array.namespace(torch.ones(2)) is ember_array.torch
    p = torch.nn.Parameter(torch.ones(2))
    assert ember_array.namespace(p, torch.ones(1)) is ember_array.torch


def test_array_api_strict_passes_through() -> None:
    x = array_api_strict.asarray([1.0, 2.0])
    assert ember_array.namespace(x) is array_api_strict
    assert ember_array.namespace(x, 3.0) is array_api_strict


@pytest.mark.parametrize("version", _spec.SUPPORTED_VERSIONS)
def test_supported_api_versions(version: str) -> None:
    ns = ember_array.namespace(np.ones(1), api_version=version)
    assert ns is ember_array.namespace(np.zeros(2), api_version=version)
    assert ns.__array_api_version__ == version
    assert ns.__name__ == "ember_array.numpy"
    assert (ns is ember_array.numpy) == (version == _spec.API_VERSION)


@pytest.mark.parametrize("backend", ["numpy", "torch", "mlx", "dask"])
def test_api_version_2024_12_returns_lists(backend: str) -> None:
    # 2024.12 specifies lists where 2025.12 has tuples: devices(), broadcast_arrays, meshgrid
    # (scipy 1.17's harness does `info.devices() + [None]`)
    new = pytest.importorskip(f"ember_array.{backend}")
    x = new.ones(2)
    old = ember_array.namespace(x, api_version="2024.12")
    assert ember_array.namespace(x, api_version="2025.12") is new
    for ns, kind in ((old, list), (new, tuple)):
        devices = ns.__array_namespace_info__().devices()
        assert type(devices) is kind
        assert list(devices) == list(new.__array_namespace_info__().devices())
        assert type(ns.broadcast_arrays(x, x)) is kind
        assert type(ns.meshgrid(x, x)) is kind
    assert not hasattr(old, "top_k")  # the 2026.12 draft's
    assert not hasattr(new, "top_k")
    # everything else is the namespace's own object
    assert old.add is new.add
    assert old.linalg is new.linalg


@pytest.mark.parametrize("version", ["2021.12", "2023.12", "2027.12", "latest", ""])
def test_unsupported_api_version_lists_supported(version: str) -> None:
    with pytest.raises(ValueError, match=r"2024\.12, 2025\.12"):
        ember_array.namespace(np.ones(1), api_version=version)


def test_mlx_without_namespace_is_clear_error_not_raw_mlx() -> None:
    mx = pytest.importorskip("mlx.core")
    if importlib.util.find_spec("ember_array.mlx") is None:
        with pytest.raises(TypeError, match="mlx namespace is not available"):
            ember_array.namespace(mx.ones(2))
    else:
        ns = ember_array.namespace(mx.ones(2))
        assert ns is not mx
        assert ns.__name__ == "ember_array.mlx"


def test_array_namespace_alias() -> None:
    assert ember_array.array_namespace is ember_array.namespace

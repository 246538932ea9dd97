"""array-api-compat-named helpers: device, to_device, size, is_*."""

from __future__ import annotations

import array_api_strict
import numpy as np
import pytest

import ember_array


def test_numpy_helpers() -> None:
    x = np.ones((2, 3))
    assert ember_array.is_numpy_array(x)
    assert ember_array.is_numpy_array(np.float64(1.0))
    assert not ember_array.is_torch_array(x)
    assert not ember_array.is_mlx_array(x)
    assert ember_array.is_array_api_obj(x)
    assert ember_array.device(x) == "cpu"
    assert ember_array.to_device(x, "cpu") is x
    assert ember_array.size(x) == 6
    assert ember_array.size(np.ones(())) == 1


def test_numpy_to_other_device_raises() -> None:
    with pytest.raises(ValueError, match="numpy arrays only live on 'cpu'"):
        ember_array.to_device(np.ones(2), "cuda")


def test_not_arrays() -> None:
    for obj in ([1, 2], 1.0, None, "x"):
        assert not ember_array.is_array_api_obj(obj)
        assert not ember_array.is_numpy_array(obj)


def test_torch_helpers() -> None:
    torch = pytest.importorskip("torch")
    x = torch.ones(4, 2)
    assert ember_array.is_torch_array(x)
    assert not ember_array.is_numpy_array(x)
    assert ember_array.is_array_api_obj(x)
    assert ember_array.device(x) == torch.device("cpu")
    y = ember_array.to_device(x, torch.device("cpu"))
    assert y.device == torch.device("cpu")
    assert ember_array.size(x) == 8


def test_array_api_strict_helpers() -> None:
    x = array_api_strict.ones((3,))
    assert ember_array.is_array_api_strict_array(x)
    assert ember_array.is_array_api_obj(x)
    assert ember_array.device(x) == x.device
    assert ember_array.size(x) == 3


def test_size_unknown_dimension() -> None:
    class Lazy:
        shape = (3, None)

    assert ember_array.size(Lazy()) is None


def test_mlx_predicate() -> None:
    mx = pytest.importorskip("mlx.core")
    a = mx.ones(3)
    assert ember_array.is_mlx_array(a)
    assert not ember_array.is_numpy_array(a)
    assert not ember_array.is_torch_array(a)
    assert ember_array.is_array_api_obj(a)

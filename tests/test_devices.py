"""The device shim: names mapped to each backend's device object, and the refusals."""

from __future__ import annotations

import importlib
import re
from typing import Any

import array_api_strict as xs
import numpy as np
import pytest

import ember_array
from tests._helpers import native_name

GPU_NAMES = ("gpu", "cuda", "cuda:0", "mps")


def _ones(backend: str, dtype: str = "float32") -> Any:
    """Three ones made by the backend's own library."""
    native = importlib.import_module(native_name(backend))
    return native.ones(3, dtype=getattr(native, dtype))


def test_exports() -> None:
    for name in ("device", "to_device", "devices", "default_device", "device_name", "same_device"):
        assert name in ember_array.__all__
        assert callable(getattr(ember_array, name))


def test_devices_and_default_device_accept_every_spelling(backend: str, xp: Any) -> None:
    native = importlib.import_module(native_name(backend))
    want = tuple(xp.__array_namespace_info__().devices())
    for spelling in (backend, xp, native, _ones(backend)):
        assert ember_array.devices(spelling) == want
        default = xp.__array_namespace_info__().default_device()
        assert ember_array.default_device(spelling) == default
    assert ember_array.same_device(ember_array.default_device(backend), "cpu")
    assert any(ember_array.same_device(d, "cpu") for d in ember_array.devices(backend))


def test_to_cpu_by_name(backend: str) -> None:
    x = _ones(backend)
    y = ember_array.to_device(x, "cpu")
    assert ember_array.same_device(ember_array.device(y), "cpu")
    if backend in ("numpy", "mlx"):
        assert y is x  # numpy: nothing to move; mlx: unified memory, no copy
    assert ember_array.to_device(x, None) is x


def test_bad_namespace_arguments() -> None:
    with pytest.raises(ValueError, match="unknown backend 'jax'"):
        ember_array.devices("jax")
    with pytest.raises(TypeError, match="not an array API namespace"):
        ember_array.default_device(re)


# --------------------------------------------------------------------------------------------
# numpy
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GPU_NAMES)
def test_numpy_only_cpu(name: str) -> None:
    with pytest.raises(ValueError, match="numpy arrays only live on 'cpu'"):
        ember_array.to_device(np.ones(2), name)
    assert ember_array.devices(np) == ("cpu",)


# --------------------------------------------------------------------------------------------
# torch
# --------------------------------------------------------------------------------------------


def test_torch_meta_is_refused() -> None:
    torch = pytest.importorskip("torch")
    assert all(d.type != "meta" for d in ember_array.devices("torch"))
    for meta in ("meta", torch.device("meta")):
        with pytest.raises(ValueError, match="'meta' device holds no data"):
            ember_array.to_device(torch.ones(2), meta)


def test_torch_names_map_to_torch_devices() -> None:
    torch = pytest.importorskip("torch")
    from ember_array.torch import _device_rules

    assert _device_rules.resolve("cuda:1", "t") == torch.device("cuda", 1)
    assert _device_rules.resolve("mps", "t") == torch.device("mps")
    assert _device_rules.resolve("cpu", "t") == torch.device("cpu")
    assert ember_array.device_name(torch.device("cuda", 1)) == "cuda:1"
    assert ember_array.same_device(torch.device("cpu"), "cpu")
    assert not ember_array.same_device(torch.device("cpu"), "gpu")
    assert ember_array.same_device("cuda", "cuda:0")
    # Native device objects keep torch's meaning.
    x = torch.ones(2)
    assert ember_array.to_device(x, torch.device("cpu")) is x


@pytest.mark.parametrize("dtype", ["float64", "complex128"])
def test_torch_mps_refuses_64_bit_floats(dtype: str) -> None:
    """Checked before the device is looked up, so this runs on any machine."""
    torch = pytest.importorskip("torch")
    x = torch.ones(2, dtype=getattr(torch, dtype))
    with pytest.raises(ValueError, match=rf"'mps' cannot hold dtype torch.{dtype}"):
        ember_array.to_device(x, "mps")


def test_torch_absent_gpu_is_a_clear_error() -> None:
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available() or torch.backends.mps.is_available():
        pytest.skip("this machine has a GPU")
    for name in ("gpu", "cuda", "cuda:3", "mps"):
        with pytest.raises(ValueError, match=r"not available|no GPU"):
            ember_array.to_device(torch.ones(2), name)


def test_torch_cuda_roundtrip() -> None:
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("no CUDA device")
    y = ember_array.to_device(torch.ones(2, dtype=torch.float64), "gpu")
    assert y.device.type == "cuda"
    assert y.dtype == torch.float64
    assert ember_array.same_device(y.device, "cuda:0")


# --------------------------------------------------------------------------------------------
# mlx
# --------------------------------------------------------------------------------------------


def test_mlx_to_device_never_changes_the_default() -> None:
    mx = pytest.importorskip("mlx.core")
    from ember_array.mlx._devices import GPU, gpu_available

    before = mx.default_device()
    x = mx.ones(3)
    assert ember_array.to_device(x, "cpu") is x
    assert mx.default_device() == before
    for name in GPU_NAMES:
        if gpu_available():
            assert ember_array.to_device(x, name) is x
        else:
            with pytest.raises(ValueError, match="no gpu device"):
                ember_array.to_device(x, name)
        assert mx.default_device() == before
    assert ember_array.device_name(GPU) == "gpu"
    assert ember_array.same_device(mx.Device(mx.cpu), "cpu")
    assert ember_array.same_device(GPU, "cuda")


@pytest.mark.parametrize("name", GPU_NAMES)
def test_mlx_gpu_refuses_float64(name: str) -> None:
    mx = pytest.importorskip("mlx.core")
    x = mx.ones(3, dtype=mx.float64)
    with pytest.raises(ValueError, match="gpu device cannot hold dtype float64"):
        ember_array.to_device(x, name)
    assert ember_array.to_device(x, "cpu") is x


def test_mlx_unknown_names() -> None:
    mx = pytest.importorskip("mlx.core")
    for name in ("cuda:1", "tpu", "gpu:2"):
        with pytest.raises(ValueError, match="mlx has no device"):
            ember_array.to_device(mx.ones(2), name)


# --------------------------------------------------------------------------------------------
# array-api-strict's fake devices: mixing devices, and a device without float64
# --------------------------------------------------------------------------------------------


def test_strict_names_and_native_devices() -> None:
    x = xs.ones(3)
    assert ember_array.to_device(x, "cpu").device == xs.Device("CPU_DEVICE")
    dev1 = xs.Device("device1")
    y = ember_array.to_device(x, dev1)
    assert ember_array.device(y) == dev1
    assert ember_array.same_device(ember_array.default_device(xs), "cpu")
    assert ember_array.device_name(dev1) == "device1"
    with pytest.raises(ValueError, match="array_api_strict has no device 'gpu'"):
        ember_array.to_device(x, "gpu")


def test_strict_mixed_devices_raise() -> None:
    y = ember_array.to_device(xs.ones(3), xs.Device("device1"))
    with pytest.raises(ValueError, match="different devices"):
        y + xs.ones(3)
    from ember_array.scatter import segment_sum

    with pytest.raises(ValueError, match=r"segment_sum\(\).*different devices"):
        segment_sum(y, xs.asarray([0, 0, 1]), 2)


def test_strict_device_without_float64() -> None:
    dev = xs.Device("no_float64")
    with pytest.raises(ValueError, match=r"no_float64.*cannot hold dtype array_api_strict.float64"):
        ember_array.to_device(xs.ones(3, dtype=xs.float64), dev)
    with pytest.raises(ValueError, match=r"cannot hold dtype array_api_strict.complex128"):
        ember_array.to_device(xs.ones(3, dtype=xs.complex128), dev)
    y = ember_array.to_device(xs.ones(3, dtype=xs.float32), dev)
    assert y.device == dev
    assert y.dtype == xs.float32
    with pytest.raises(ValueError, match=r"no_x64.*cannot hold dtype array_api_strict.int64"):
        ember_array.to_device(xs.ones(3, dtype=xs.int64), xs.Device("no_x64"))


def test_docs_example_runs() -> None:
    import re
    from pathlib import Path

    pytest.importorskip("torch")
    text = (Path(__file__).resolve().parent.parent / "docs" / "guides" / "devices.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks
    for block in blocks:
        exec(block, {})

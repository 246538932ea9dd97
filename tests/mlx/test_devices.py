"""Devices: mapping of device= to mlx streams, device_of/to_device, the inspection API."""

from __future__ import annotations

import pytest

mx = pytest.importorskip("mlx.core")

import ember_array.mlx as xp  # noqa: E402
from ember_array.mlx._devices import CPU, Device, device_of, to_device  # noqa: E402


def test_device_type():
    assert Device("cpu") == CPU
    assert CPU == "cpu"
    # our Device compares equal to the native spellings (mx.Device's own __eq__ does not defer)
    assert CPU == mx.Device(mx.cpu)  # noqa: SIM300
    assert CPU == mx.cpu  # noqa: SIM300
    assert CPU != None  # noqa: E711
    assert Device("gpu") != CPU
    assert hash(Device("cpu")) == hash(CPU)
    with pytest.raises(ValueError, match="mlx"):
        Device("tpu")


def test_device_of_and_to_device_never_change_default():
    before = mx.default_device()
    x = xp.ones(3)
    assert device_of(x) == xp.__array_namespace_info__().default_device()
    assert device_of(xp.ones(3, dtype=xp.float64)) == CPU
    assert to_device(x, "cpu") is x
    assert mx.default_device() == before
    with pytest.raises(ValueError, match="float64"):
        to_device(xp.ones(2, dtype=xp.float64), "gpu")
    with pytest.raises(TypeError, match="device"):
        xp.zeros(2, device=3.5)


@pytest.mark.parametrize(
    "device", ["cpu", CPU, mx.cpu, mx.Device(mx.cpu), mx.default_stream(mx.cpu)]
)
def test_creation_accepts_device_spellings(device):
    assert xp.zeros(2, device=device).shape == (2,)
    assert xp.asarray([1, 2], device=device).dtype == xp.int64
    assert xp.fft.fftfreq(4, device=device, dtype=xp.float64).dtype == xp.float64


def test_inspection_api():
    info = xp.__array_namespace_info__()
    devs = info.devices()
    assert isinstance(devs, tuple)
    assert CPU in devs
    assert info.default_device() in devs
    caps = info.capabilities()
    assert caps["data-dependent shapes"] is True
    dts = info.dtypes()
    assert "complex128" not in dts
    assert "float64" in dts
    assert set(info.dtypes(kind="integral")) == {
        "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    }  # fmt: skip
    assert "float64" not in info.dtypes(device="gpu")
    assert info.default_dtypes(device=CPU)["indexing"] == xp.int64


def test_unavailable_gpu_is_a_clear_error():
    from ember_array.mlx._devices import gpu_available

    if gpu_available():
        pytest.skip("this mlx build has a gpu")
    with pytest.raises(ValueError, match="zeros: this mlx build has no gpu"):
        xp.zeros(2, device="gpu")
    assert xp.__array_namespace_info__().devices() == (CPU,)


def test_float64_calls_are_routed_to_the_cpu_stream(monkeypatch):
    """What import does on a GPU build, simulated on a dict of namespace functions."""
    from contextlib import contextmanager

    from ember_array.mlx import _devices

    entered = []

    @contextmanager
    def fake_stream(s):
        entered.append(s)
        yield

    monkeypatch.setattr(_devices.mx, "stream", fake_stream)
    raw = {n: getattr(getattr(xp, n), "__wrapped__", getattr(xp, n)) for n in ("sum", "concat")}
    ns = {**raw, "e": xp.e, "float64": xp.float64}
    _devices.route_float64(ns, ("sum", "concat", "e", "float64", "missing"))
    assert ns["e"] is xp.e
    assert ns["float64"] is xp.float64
    assert ns["sum"](xp.ones(3)).item() == 3.0
    assert entered == []
    assert ns["sum"](xp.ones(3, dtype=xp.float64)).dtype == xp.float64
    assert ns["concat"]([xp.ones(1), xp.ones(1, dtype=xp.float64)]).dtype == xp.float64
    assert entered == [mx.cpu, mx.cpu]
    assert ns["sum"].__name__ == "sum"

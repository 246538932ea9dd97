"""ember_array.testing's helpers: assert_close/assert_equal, random_array, check_lazy, devices.

Every helper runs on each installed backend of the kit (numpy, torch, mlx, dask,
array_api_strict, jax); ``tests/test_testing_plugin.py`` tests the pytest plugin.
"""

from __future__ import annotations

import contextlib
import re
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import ember_array
from ember_array.testing import (
    BACKEND_NAMES,
    assert_close,
    assert_equal,
    check_lazy,
    device_dtypes,
    random_array,
)
from ember_array.testing._backends import load, selection, use
from ember_array.testing._lazy import allow_data_dependent

LAZY = ("mlx", "dask", "jax")

# the kit turns jax's 64-bit types on; the rest of the suite keeps jax's default
pytestmark = pytest.mark.usefixtures("jax_x64_restored")


@pytest.fixture(params=BACKEND_NAMES)
def kit(request: pytest.FixtureRequest) -> tuple[str, ModuleType]:
    """(name, namespace) of each backend of the kit, skipped where not installed or selected."""
    if request.param not in selection(None):
        pytest.skip(f"{request.param} not selected by EMBER_BACKENDS")
    loaded = use(request.param)
    if loaded.xp is None:
        pytest.skip(loaded.reason)
    return request.param, loaded.xp


# ---------------------------------------------------------------------------------------------
# random_array


@pytest.mark.parametrize(
    "dtype", ["float32", "float64", "complex64", "int8", "int64", "uint8", "uint32", "bool"]
)
def test_random_array_is_the_same_on_every_backend(kit: tuple[str, ModuleType], dtype: str) -> None:
    _, xp = kit
    x = random_array(xp, (3, 4), dtype=dtype, seed=7)
    assert x.dtype == getattr(xp, dtype)
    assert_equal(x, random_array("numpy", (3, 4), dtype=dtype, seed=7))


def test_random_array_ranges() -> None:
    f = np.asarray(random_array("numpy", 1000, dtype="float64"))
    assert -1 <= f.min() < -0.9
    assert 0.9 < f.max() < 1
    i = np.asarray(random_array("numpy", 1000, dtype="int16"))
    assert (i.min(), i.max()) == (-10, 9)
    u = np.asarray(random_array("numpy", 1000, dtype="uint16"))
    assert (u.min(), u.max()) == (0, 19)
    assert not np.array_equal(random_array("numpy", 5, seed=1), random_array("numpy", 5, seed=2))


def test_random_array_default_dtype_and_errors() -> None:
    torch = pytest.importorskip("torch")

    assert random_array("torch", (2,)).dtype == torch.float32
    assert random_array("numpy", (2,)).dtype == np.float64
    with pytest.raises(TypeError, match=r"random_array.*no dtype 'float128'"):
        random_array("numpy", (2,), dtype="float128")


# ---------------------------------------------------------------------------------------------
# assert_close / assert_equal


def test_assert_close_passes_within_the_dtype_tolerance(kit: tuple[str, ModuleType]) -> None:
    name, xp = kit
    x = random_array(xp, (4,), dtype="float32")
    desired = np.asarray(random_array("numpy", (4,), dtype="float32")) * (1 + 1e-4)
    assert_close(x, desired, xp=xp)
    assert_close(x, random_array(xp, (4,), dtype="float32"))  # same backend on both sides
    with pytest.raises(AssertionError, match=rf"assert_close: {name} float32 array"):
        assert_close(x, desired * 1.01, xp=xp)


def test_the_failure_message_names_backend_dtype_and_index(kit: tuple[str, ModuleType]) -> None:
    name, xp = kit
    actual = xp.asarray([[1.0, 2.0], [3.0, 4.0]], dtype=xp.float32)
    desired = np.asarray([[1.0, 2.0], [3.5, 4.0]], dtype=np.float32)
    with pytest.raises(AssertionError) as info:
        assert_equal(actual, desired, err_msg="the extra words")
    msg = str(info.value)
    assert f"assert_equal: {name} float32 array of shape (2, 2): 1 of 4 elements differ" in msg
    assert "largest difference 0.5 at index (1, 0)" in msg
    assert msg.endswith("the extra words")


def test_nan_equals_nan_and_complex_parts_separately() -> None:
    assert_equal(np.asarray([np.nan, 1.0]), np.asarray([np.nan, 1.0]))
    with pytest.raises(AssertionError, match="1 of 2 elements differ"):
        assert_equal(np.asarray([np.nan, 1.0]), np.asarray([1.0, 1.0]))
    with pytest.raises(AssertionError, match=r"largest difference inf at index \(0,\)"):
        assert_close(np.asarray([np.inf]), np.asarray([-np.inf]))
    z = np.asarray([1 + 1e3j])
    # 1e-3 off in the real part: tiny against |z|, not against the real part itself
    with pytest.raises(AssertionError, match="complex128"):
        assert_close(z + 1e-3, z)
    assert_close(np.asarray([1 + np.nan * 1j]), np.asarray([1 + np.nan * 1j]))


def test_shape_dtype_and_scalar_checks() -> None:
    with pytest.raises(AssertionError, match=r"shape \(2,\), desired \(1, 2\)"):
        assert_equal(np.zeros(2), np.zeros((1, 2)))
    with pytest.raises(AssertionError, match="numpy array has dtype float32, desired float64"):
        assert_close(np.zeros(2, np.float32), np.zeros(2))
    assert_close(np.float32(0.5), 0.5)
    assert_equal(np.asarray(3), 3)
    with pytest.raises(
        AssertionError, match=r"dtype int64, desired a Python float \(real floating\)"
    ):
        assert_equal(np.asarray(3), 3.0)
    with pytest.raises(TypeError, match=r"assert_equal.*desired must be an array.*list"):
        assert_equal(np.asarray([1]), [1])


def test_xp_catches_a_numpy_array_handed_back(kit: tuple[str, ModuleType]) -> None:
    name, xp = kit
    x = random_array(xp, (3,), dtype="float32")
    handed_back = np.asarray(random_array("numpy", (3,), dtype="float32"))
    if name == "numpy":
        assert_close(handed_back, x, xp=xp)
        return
    with pytest.raises(AssertionError, match=rf"expected an array of {name}.*numpy.ndarray"):
        assert_close(handed_back, x, xp=xp)
    with pytest.raises(AssertionError, match="got a Python float"):
        assert_close(0.5, x, xp=xp)


def test_devices_compared_where_both_sides_are_one_backend() -> None:
    import array_api_strict as strict

    a = strict.asarray([1.0], device=strict.Device("device1"))
    b = strict.asarray([1.0])
    with pytest.raises(AssertionError, match="on device1, desired on CPU_DEVICE"):
        assert_equal(a, b)
    assert_equal(a, np.asarray([1.0]))  # numpy has no device to compare with


def test_a_lazy_actual_is_evaluated_only_inside() -> None:
    da = pytest.importorskip("dask.array")
    x = ember_array.namespace(da.ones(4, chunks=2)).asarray(da.ones(4, chunks=2))
    from conformance._backends import no_compute

    with no_compute(), pytest.raises(AssertionError, match="computed"):
        assert_close(x, np.ones(4))  # the assertion is where the graph computes
    assert_close(x * 2, np.full(4, 2.0))


# ---------------------------------------------------------------------------------------------
# check_lazy


def _float(x: Any) -> Any:
    xp = ember_array.namespace(x)
    return x / float(xp.sum(x))


def _bool(x: Any) -> Any:
    xp = ember_array.namespace(x)
    if xp.any(x > 0):
        return x
    return -x


def _item(x: Any) -> Any:
    xp = ember_array.namespace(x)
    return x / xp.sum(x).item()


def _numpy(x: Any) -> Any:
    xp = ember_array.namespace(x)
    return xp.asarray(np.asarray(x))


def _nonzero(x: Any) -> Any:
    xp = ember_array.namespace(x)
    return xp.nonzero(x)[0]


def _lazy(x: Any, *, scale: float = 2.0) -> Any:
    xp = ember_array.namespace(x)
    return xp.sum(x * scale, axis=0)


#: function -> (the operation the message names, the backends it fails on)
HIDDEN = {
    _float: ("float()", LAZY),
    _bool: (r"bool() (a Python condition on an array)", (*LAZY, "torch")),
    _item: (".item()", ("mlx", "jax")),
    _numpy: ("np.asarray", LAZY),
}


def test_check_lazy_returns_the_result(kit: tuple[str, ModuleType]) -> None:
    _, xp = kit
    x = random_array(xp, (3, 2), dtype="float32")
    out = check_lazy(_lazy, x, scale=3.0)
    assert ember_array.namespace(out) is ember_array.namespace(x)
    a = np.asarray(random_array("numpy", (3, 2), dtype="float32"))
    assert_close(out, (a * 3).sum(axis=0), xp=xp)


@pytest.mark.parametrize("fn", list(HIDDEN), ids=[f.__name__ for f in HIDDEN])
def test_check_lazy_names_the_operation(kit: tuple[str, ModuleType], fn: Any) -> None:
    name, xp = kit
    operation, failing = HIDDEN[fn]
    x = random_array(xp, (4,), dtype="float32")
    if name not in failing:
        if hasattr(x, "item") or fn is not _item:  # dask and strict arrays have no .item()
            check_lazy(fn, x)
        return
    with pytest.raises(AssertionError) as info:
        check_lazy(fn, x)
    msg = str(info.value)
    assert msg.startswith(f"check_lazy: {fn.__qualname__} forced evaluation of a {name} array: ")
    assert operation in msg
    assert re.search(r"test_testing\.py:\d+ in " + fn.__name__, msg), msg


def test_data_dependent_shapes_are_allowed_when_said(kit: tuple[str, ModuleType]) -> None:
    name, xp = kit
    x = xp.asarray([0.0, 1.0, 0.0, 2.0])
    if name in ("mlx", "jax"):
        with pytest.raises(AssertionError, match=r"(?s)data-dependent shape.*data_dependent=True"):
            check_lazy(_nonzero, x)
    assert_equal(check_lazy(_nonzero, x, data_dependent=True), np.asarray([1, 3]))
    with allow_data_dependent():  # what @pytest.mark.data_dependent sets
        assert_equal(check_lazy(_nonzero, x), np.asarray([1, 3]))


def test_a_broken_function_keeps_its_own_error(kit: tuple[str, ModuleType]) -> None:
    _, xp = kit

    def broken(x: Any) -> Any:
        raise ValueError("broken: bad input")

    with pytest.raises(ValueError, match="broken: bad input"):
        check_lazy(broken, random_array(xp, (2,), dtype="float32"))


def test_a_swallowed_dask_computation_still_fails() -> None:
    pytest.importorskip("dask")
    xp = load("dask").xp
    assert xp is not None

    def sneaky(x: Any) -> Any:
        with contextlib.suppress(Exception):
            float(xp.sum(x))
        return x

    with pytest.raises(AssertionError, match=r"computed a dask graph.*caught"):
        check_lazy(sneaky, random_array(xp, (2,), dtype="float32"))


def test_check_lazy_traces_arrays_in_lists() -> None:
    pytest.importorskip("jax")
    xp = use("jax").xp
    assert xp is not None
    arrays = [
        random_array(xp, (2,), dtype="float32"),
        random_array(xp, (2,), seed=1, dtype="float32"),
    ]
    out = check_lazy(lambda arrs, axis: xp.stack(arrs, axis=axis), arrays, 0)
    assert out.shape == (2, 2)
    with pytest.raises(AssertionError, match=r"float\(\)"):
        check_lazy(lambda arrs: float(arrs[1][0]), arrays)


# ---------------------------------------------------------------------------------------------
# devices and dtypes


def test_every_device_holds_its_dtypes(kit: tuple[str, ModuleType]) -> None:
    name, xp = kit
    pairs = device_dtypes(xp)
    assert pairs
    for pair in pairs:
        x = xp.zeros((2,), dtype=pair.dtype, device=pair.device)
        assert x.dtype == pair.dtype
    names = {p.dtype_name for p in pairs}
    if name == "mlx":
        assert "complex128" not in names
    else:
        assert "complex128" in names


def test_device_dtypes_leaves_out_what_a_device_lacks() -> None:
    strict = load("array_api_strict").xp
    assert strict is not None
    by_device: dict[str, set[str]] = {}
    for p in device_dtypes(strict, kind="real floating"):
        by_device.setdefault(p.device_name, set()).add(p.dtype_name)
    assert by_device["CPU_DEVICE"] == {"float32", "float64"}
    assert by_device["no_float64"] == {"float32"}
    assert [p.id for p in device_dtypes("numpy", kind="bool")] == ["cpu-bool"]


def test_check_lazy_names_compute_and_mx_eval() -> None:
    for name, force, operation in (
        ("dask", lambda x: x * x.sum().compute(), ".compute()"),
        ("mlx", _mx_eval, "mx.eval"),
    ):
        xp = load(name).xp
        if xp is None:
            continue
        with pytest.raises(AssertionError, match=re.escape(f"{name} array: {operation}")):
            check_lazy(force, random_array(xp, (3,), dtype="float32"))


def _mx_eval(x: Any) -> Any:
    import mlx.core as mx

    mx.eval(x)
    return x

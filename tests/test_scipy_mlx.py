"""SciPy's array-API suite on mlx: the plugin's backend selection and the fixes it needed."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest

mx = pytest.importorskip("mlx.core")
emx = pytest.importorskip("ember_array.mlx")


def test_arange_takes_0d_arrays_and_numpy_scalars() -> None:
    out = emx.arange(1, emx.asarray(5) + 1, 1)
    assert out.tolist() == [1, 2, 3, 4, 5]
    assert out.dtype == emx.int64
    assert emx.arange(np.int64(3)).dtype == emx.int64
    assert emx.arange(emx.asarray(2.5)).tolist() == [0.0, 1.0, 2.0]
    with pytest.raises(TypeError, match="0-d"):
        emx.arange(emx.asarray([1, 2]))


def test_python_types_as_dtype() -> None:
    assert emx.zeros(2, dtype=bool).dtype == emx.bool
    assert emx.ones(2, dtype=int).dtype == emx.int64
    assert emx.asarray([1, 2], dtype=float).dtype == emx.float64
    with pytest.raises(TypeError, match="complex128"):
        emx.zeros(2, dtype=complex)


def test_view_takes_python_types_after_install() -> None:
    emx.install()
    try:
        x = emx.asarray([1.0, 2.0], dtype=emx.float64)
        assert x.view(float).dtype == emx.float64
        assert x.view(emx.int64).dtype == emx.int64
    finally:
        emx.uninstall()


def test_select_mlx_rewrites_scipy_array_api(monkeypatch: pytest.MonkeyPatch) -> None:
    from ember_array.integrations import _scipy_pytest as plugin

    monkeypatch.setenv("SCIPY_ARRAY_API", '["mlx"]')
    plugin._SELECTED.clear()
    assert plugin._select_mlx() == (True, '["mlx"]')
    # never "[]": SciPy evaluates skipif(SCIPY_ARRAY_API) as an expression
    assert json.loads(os.environ["SCIPY_ARRAY_API"]) == ["numpy"]
    assert {"mlx"} == plugin._SELECTED
    monkeypatch.setenv("SCIPY_ARRAY_API", '["torch", "mlx"]')
    plugin._SELECTED.clear()
    assert plugin._select_mlx()[0] is True
    assert json.loads(os.environ["SCIPY_ARRAY_API"]) == ["torch"]
    monkeypatch.setenv("SCIPY_ARRAY_API", '["torch"]')
    assert plugin._select_mlx() == (False, None)
    plugin._SELECTED.clear()


def test_backend_of_test_names_mlx() -> None:
    from ember_array.integrations._scipy_pytest import backend_of_test

    assert backend_of_test("t.py::test_x[mlx-float64]") == "mlx"
    assert backend_of_test("t.py::test_x[torch]") == "torch"


@pytest.mark.filterwarnings("ignore:ember_array.integrations.scipy.enable")
def test_scipy_default_dtype_of_mlx_is_its_own() -> None:
    pytest.importorskip("scipy")
    from scipy._lib import _array_api as api

    from ember_array.integrations import scipy as ember_scipy

    original = api.xp_default_dtype
    with ember_scipy.enabled():
        assert api.xp_default_dtype(emx) == emx.float32
        assert api.xp_default_dtype(np) == np.float64
    assert api.xp_default_dtype is original


def test_asarray_keeps_numpy_scalar_dtypes_in_lists() -> None:
    assert emx.asarray([np.float64(0.5), 1.0]).dtype == emx.float64
    assert emx.asarray([0.5, 1.0]).dtype == emx.float32  # Python floats: the default
    assert emx.asarray([np.int64(1), 2]).dtype == emx.int64
    assert emx.asarray([np.float64(1.0)], dtype=emx.float32).dtype == emx.float32


def test_float16_promotes_as_a_real_floating_dtype() -> None:
    assert emx.isdtype(emx.float16, "real floating")
    assert emx.result_type(emx.float16, emx.float32) == emx.float32
    assert emx.result_type(emx.asarray([1.0], dtype=emx.float16), 1.0) == emx.float16
    assert emx.finfo(emx.float16).bits == 16
    assert emx.result_type(emx.float16, emx.int32) == emx.float16  # across kinds: mlx's answer


def test_mixed_kind_result_type_follows_mlx() -> None:
    # SciPy's logsumexp tests (test_dtypes_ab) ask result_type across kinds
    assert emx.result_type(emx.int32, emx.float64) == emx.float64
    assert emx.result_type(emx.complex64, emx.int64) == emx.complex64


@pytest.mark.filterwarnings("ignore:ember_array.integrations.scipy.enable")
def test_scipy_default_dtype_follows_set_default_dtype() -> None:
    pytest.importorskip("scipy")
    from scipy._lib import _array_api as api

    from ember_array.integrations import scipy as ember_scipy

    with ember_scipy.enabled():
        emx.set_default_dtype(emx.float64)
        try:
            assert api.xp_default_dtype(emx) == emx.float64
        finally:
            emx.set_default_dtype(emx.float32)
        assert api.xp_default_dtype(emx) == emx.float32


@pytest.mark.filterwarnings("ignore:ember_array.integrations.scipy.enable")
@pytest.mark.parametrize(("env", "want"), [(None, "float64"), ("float32", "float32")])
def test_plugin_sets_and_restores_mlx_default_dtype(
    monkeypatch: pytest.MonkeyPatch, env: str | None, want: str
) -> None:
    from ember_array.integrations import _scipy_pytest as plugin

    if env is None:
        monkeypatch.delenv("SCIPY_DEFAULT_DTYPE", raising=False)
    else:
        monkeypatch.setenv("SCIPY_DEFAULT_DTYPE", env)
    monkeypatch.setattr(plugin, "_MLX", True)
    monkeypatch.setattr(plugin, "_ORIGINAL_ENV", None)
    plugin.pytest_configure(None)  # type: ignore[arg-type]
    try:
        assert emx.get_default_dtype() == getattr(emx, want)
        assert emx.zeros(1).dtype == getattr(emx, want)
    finally:
        plugin.pytest_unconfigure(None)  # type: ignore[arg-type]
    assert emx.get_default_dtype() == emx.float32


def test_plugin_refuses_an_unknown_scipy_default_dtype(monkeypatch: pytest.MonkeyPatch) -> None:
    from ember_array.integrations import _scipy_pytest as plugin

    monkeypatch.setenv("SCIPY_DEFAULT_DTYPE", "float16")
    with pytest.raises(ValueError, match="SCIPY_DEFAULT_DTYPE"):
        plugin._mlx_default_dtype()
    assert emx.get_default_dtype() == emx.float32


def test_plugin_keeps_float32_on_a_gpu_default_device(monkeypatch: pytest.MonkeyPatch) -> None:
    from ember_array.integrations import _scipy_pytest as plugin

    monkeypatch.delenv("SCIPY_DEFAULT_DTYPE", raising=False)
    monkeypatch.setattr(mx, "default_device", lambda: mx.Device(mx.gpu))
    monkeypatch.setattr(plugin, "_MLX_DEFAULT_NOTE", [])
    plugin._mlx_default_dtype()
    assert emx.get_default_dtype() == emx.float32
    assert "left at float32" in plugin._MLX_DEFAULT_NOTE[0]


def test_moveaxis_that_moves_nothing_returns_x() -> None:
    x = emx.zeros((2, 3))
    assert emx.moveaxis(x, (0, 1), (0, 1)) is x
    assert emx.moveaxis(x, -1, 1) is x
    assert emx.moveaxis(x, 0, 1).shape == (3, 2)


def test_plugin_skips_crashing_tests_on_mlx_only() -> None:
    from ember_array.integrations import _scipy_pytest as plugin

    assert any("TestThreading" in k for k in plugin.MLX_SKIPS)


@pytest.mark.filterwarnings("ignore:ember_array.integrations.scipy.enable")
def test_scipy_view_of_mlx_has_numpys_logspace() -> None:
    # scipy.differentiate's tests call xp.logspace (numpy, torch, cupy, jax and dask have it)
    pytest.importorskip("scipy")
    from scipy._lib import array_api_compat as compat

    from ember_array.integrations import scipy as ember_scipy

    with ember_scipy.enabled():
        xp = compat.array_namespace(mx.zeros(1))
        out = xp.logspace(-3, 0, 10)
        assert out.dtype == emx.float32
        np.testing.assert_allclose(np.asarray(out), np.logspace(-3, 0, 10), rtol=1e-6)
        out = xp.logspace(0, 3, 4, base=2.0, endpoint=False, dtype=emx.float64)
        assert out.dtype == emx.float64
        np.testing.assert_array_equal(
            np.asarray(out), np.logspace(0, 3, 4, base=2.0, endpoint=False)
        )
        assert xp.logspace(0, 2, 3, dtype=emx.int32).tolist() == [1, 10, 100]
    assert not hasattr(emx, "logspace")  # ember_array.mlx itself keeps the standard's names

"""ember_array.integrations: scikit-learn and scipy on ember_array's namespaces.

Round trips (every patched attribute is the original object after ``disable()``), the
version check, and real scikit-learn estimators/metrics and scipy functions on torch and mlx
arrays (and numpy through ``ember_array.numpy``) matching the plain-numpy results.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

import ember_array

sklearn = pytest.importorskip("sklearn")
pytest.importorskip("scipy")

from sklearn.externals import array_api_compat as skl_compat  # noqa: E402
from sklearn.mixture import _gaussian_mixture as skl_gm  # noqa: E402
from sklearn.utils import _array_api as skl_api  # noqa: E402
from sklearn.utils import _encode as skl_encode  # noqa: E402
from sklearn.utils.parallel import Parallel  # noqa: E402

from ember_array.integrations import scipy as ember_scipy  # noqa: E402
from ember_array.integrations import sklearn as ember_sklearn  # noqa: E402
from tests._helpers import namespace  # noqa: E402

# What a float64 fit may differ by between BLAS/LAPACK paths; float32 keeps ~5 digits.
TOLERANCE = {"float64": 1e-8, "float32": 2e-4}


@pytest.fixture(autouse=True)
def _clean() -> Iterator[None]:
    """Every test starts and ends with both integrations disabled."""
    ember_sklearn.disable()
    ember_scipy.disable()
    yield
    ember_sklearn.disable()
    ember_scipy.disable()


@pytest.fixture
def array_api_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """``SCIPY_ARRAY_API=1`` for this test, also where scipy cached it at import time."""
    monkeypatch.setenv("SCIPY_ARRAY_API", "1")
    import scipy._lib._array_api as sp_api
    import scipy._lib._array_api_override as sp_override

    monkeypatch.setattr(sp_override, "SCIPY_ARRAY_API", "1")
    monkeypatch.setattr(sp_api, "SCIPY_ARRAY_API", "1")


def _mlx_attrs() -> dict[str, Any]:
    mx = pytest.importorskip("mlx.core")
    return {name: mx.array.__dict__.get(name) for name in ("device", "to_device", "mT")}


def _sklearn_originals() -> dict[str, Any]:
    import sys

    out: dict[str, Any] = {
        "get_namespace": skl_compat.get_namespace,
        "names": skl_api._NUMPY_NAMESPACE_NAMES,
        "is_xp": skl_api._is_xp_namespace,
        "fill": skl_api._fill_diagonal,
        "parallel": vars(Parallel)["__call__"],
        "encode": skl_encode.get_namespace,
        "covariances_full": skl_gm._estimate_gaussian_covariances_full,
    }
    for mod_name, mod in sys.modules.items():
        if mod_name.startswith("sklearn.") and "_is_xp_namespace" in vars(mod):
            out[mod_name] = vars(mod)["_is_xp_namespace"]
    return out


def _assert_sklearn_restored(before: dict[str, Any]) -> None:
    import sys

    assert skl_compat.get_namespace is before["get_namespace"]
    assert skl_api._NUMPY_NAMESPACE_NAMES is before["names"]
    assert "ember_array.numpy" not in skl_api._NUMPY_NAMESPACE_NAMES
    assert skl_api._is_xp_namespace is before["is_xp"]
    assert skl_api._fill_diagonal is before["fill"]
    assert vars(Parallel)["__call__"] is before["parallel"]
    assert skl_encode.get_namespace is before["encode"] is skl_api.get_namespace
    assert skl_gm._estimate_gaussian_covariances_full is before["covariances_full"]
    for mod_name, original in before.items():
        if mod_name.startswith("sklearn."):
            assert vars(sys.modules[mod_name])["_is_xp_namespace"] is original, mod_name


# ---------------------------------------------------------------- round trips


def test_sklearn_enable_disable_round_trip() -> None:
    # holds a copy of _is_xp_namespace, bound by name
    import sklearn.metrics._classification

    before = _sklearn_originals()
    mlx_before = _mlx_attrs()
    ember_sklearn.enable()
    assert ember_sklearn.is_enabled()
    assert skl_compat.get_namespace is not before["get_namespace"]
    assert "ember_array.numpy" in skl_api._NUMPY_NAMESPACE_NAMES
    assert skl_api._is_numpy_namespace(ember_array.namespace(np.zeros(1)))
    import ember_array.torch as etorch

    assert skl_api._is_xp_namespace(etorch, "torch")
    assert sklearn.metrics._classification._is_xp_namespace is skl_api._is_xp_namespace
    patched = ember_sklearn.patched_attributes()
    assert "sklearn.externals.array_api_compat.get_namespace" in patched
    assert "sklearn.utils._array_api._NUMPY_NAMESPACE_NAMES" in patched
    assert "sklearn.metrics._classification._is_xp_namespace" in patched
    assert "sklearn.utils._array_api._fill_diagonal" in patched
    assert "sklearn.utils.parallel.Parallel.__call__" in patched
    assert "sklearn.utils._encode.get_namespace" in patched
    assert "sklearn.mixture._gaussian_mixture._estimate_gaussian_covariances_full" in patched
    a = np.zeros((3, 3))
    skl_api._fill_diagonal(a, 2.0, ember_array.namespace(a))
    np.testing.assert_array_equal(a, 2.0 * np.eye(3))
    assert _mlx_attrs()["device"] is not None
    ember_sklearn.enable()  # idempotent
    ember_sklearn.disable()
    assert not ember_sklearn.is_enabled()
    assert ember_sklearn.patched_attributes() == []
    _assert_sklearn_restored(before)
    assert _mlx_attrs() == mlx_before
    ember_sklearn.disable()  # a second disable does nothing


def _import_probe(name: str, source: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Import ``source`` as module ``name``, as a module of the library imported late does."""
    import importlib.util
    import sys

    path = tmp_path / (name.rpartition(".")[2] + ".py")
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, module)
    spec.loader.exec_module(module)
    return module


def _ours_left_in(package: str) -> list[str]:
    """``module.attr`` of every ember_array object still bound in an imported ``package`` module."""
    import sys

    found = []
    for mod_name, mod in list(sys.modules.items()):
        if not (mod_name == package or mod_name.startswith(package + ".")):
            continue
        for attr, value in list(vars(mod).items()):
            ours = str(getattr(value, "__module__", "")).startswith("ember_array")
            if (ours and callable(value) and not isinstance(value, type)) or (
                isinstance(value, set) and "ember_array.numpy" in value
            ):
                found.append(f"{mod_name}.{attr}")
    return found


def test_sklearn_disable_undoes_copies_made_while_enabled(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A module imported while enabled binds the replacements by name; disable() finds them."""
    before = _sklearn_originals()
    ember_sklearn.enable()
    probe = _import_probe(
        "sklearn._ember_probe",
        "from sklearn.externals.array_api_compat import get_namespace\n"
        "from sklearn.utils._array_api import (\n"
        "    _NUMPY_NAMESPACE_NAMES, _fill_diagonal, _is_xp_namespace\n"
        ")\n"
        "from sklearn.utils._encode import get_namespace as encode_get_namespace\n",
        tmp_path,
        monkeypatch,
    )
    assert probe._is_xp_namespace is not before["is_xp"]
    assert probe.get_namespace is not before["get_namespace"]
    assert _ours_left_in("sklearn")
    ember_sklearn.disable()
    _assert_sklearn_restored(before)
    assert probe.get_namespace is before["get_namespace"]
    assert probe._NUMPY_NAMESPACE_NAMES is before["names"]
    assert probe._fill_diagonal is before["fill"]
    assert probe._is_xp_namespace is before["is_xp"]
    assert probe.encode_get_namespace is before["encode"]
    assert _ours_left_in("sklearn") == []


@pytest.mark.usefixtures("array_api_env")
def test_scipy_disable_undoes_copies_made_while_enabled(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scipy._lib import array_api_compat as sp_compat

    original = sp_compat.array_namespace
    with ember_scipy.enabled():
        probe = _import_probe(
            "scipy._ember_probe",
            "from scipy._lib.array_api_compat import array_namespace\n",
            tmp_path,
            monkeypatch,
        )
        assert probe.array_namespace is not original
    assert probe.array_namespace is original
    assert _ours_left_in("scipy") == []


def test_sklearn_context_manager_nests() -> None:
    before = _sklearn_originals()
    with ember_sklearn.enabled():
        with ember_sklearn.enabled():
            assert ember_sklearn.is_enabled()
        assert ember_sklearn.is_enabled()  # the inner block did not enable, so keeps it
    assert not ember_sklearn.is_enabled()
    _assert_sklearn_restored(before)
    with pytest.raises(KeyError), ember_sklearn.enabled():
        raise KeyError("restored on error too")
    _assert_sklearn_restored(before)


@pytest.mark.usefixtures("array_api_env")
def test_mlx_additions_left_alone_when_installed_before() -> None:
    import ember_array.mlx as emx
    from ember_array.mlx._array import installed

    assert not installed()
    emx.install()
    try:
        with ember_sklearn.enabled(), ember_scipy.enabled():
            assert installed()
        assert installed()  # enable() did not install them, so disable() keeps them
    finally:
        emx.uninstall()
    with ember_sklearn.enabled(mlx=False):
        assert not installed()


@pytest.mark.usefixtures("array_api_env")
def test_scipy_enable_disable_round_trip() -> None:
    from scipy._lib import array_api_compat as sp_compat

    original = sp_compat.array_namespace
    mlx_before = _mlx_attrs()
    with ember_scipy.enabled():
        assert ember_scipy.is_enabled()
        assert sp_compat.array_namespace is not original
        patched = ember_scipy.patched_attributes()
        assert patched[0] == "scipy._lib.array_api_compat.array_namespace"
        # the vendored is_*_namespace helpers, wherever scipy bound them
        assert {p.rpartition(".")[2] for p in patched[1:]} >= {
            "is_numpy_namespace",
            "is_torch_namespace",
            "is_dask_namespace",
            "is_torch",
        }
        assert _mlx_attrs()["device"] is not None
    assert sp_compat.array_namespace is original
    assert ember_scipy.patched_attributes() == []
    assert _mlx_attrs() == mlx_before
    assert _ours_left_in("scipy") == []


@pytest.mark.usefixtures("array_api_env")
def test_scipy_recognises_ember_namespaces() -> None:
    torch = pytest.importorskip("torch")
    from scipy._lib import _array_api as sp_api
    from scipy._lib import array_api_compat as sp_compat

    import ember_array.numpy as enumpy
    import ember_array.torch as etorch

    assert not sp_api.is_torch(etorch)
    with ember_scipy.enabled(mlx=False):
        xp = sp_compat.array_namespace(torch.ones(2))
        assert sp_api.is_torch(xp)
        assert sp_api.is_torch(etorch)
        assert sp_compat.is_numpy_namespace(enumpy)
        assert not sp_compat.is_numpy_namespace(etorch)
        # asked in the revision scipy's vendored array-api-compat speaks (2024.12): lists
        assert xp.__array_api_version__ == "2024.12"
        devices = xp.__array_namespace_info__().devices() + [None]  # noqa: RUF005 (scipy's idiom)
        assert devices == [torch.device("cpu"), None]
        # the standard's names are ember_array's; scipy's torch paths get torch's own others
        assert xp.sqrt is etorch.sqrt
        assert sp_api.get_native_namespace_name(xp) == "torch"  # scipy's per-backend keys
        assert xp.testing is torch.testing
        assert sp_api.scipy_namespace_for(xp).special is torch.special
        assert xp is sp_compat.array_namespace(torch.zeros(3))
    assert not hasattr(etorch, "testing")  # ember_array.torch keeps the standard's names only
    assert not sp_api.is_torch(etorch)


def test_sklearn_unexpected_internals_name_the_version(monkeypatch: pytest.MonkeyPatch) -> None:
    before = _sklearn_originals()
    monkeypatch.delattr(skl_api, "_NUMPY_NAMESPACE_NAMES")
    with pytest.raises(RuntimeError, match=f"scikit-learn {sklearn.__version__} does not have"):
        ember_sklearn.enable()
    assert not ember_sklearn.is_enabled()
    monkeypatch.undo()
    _assert_sklearn_restored(before)  # nothing was left half-patched
    monkeypatch.delattr(skl_compat, "get_namespace")
    with pytest.raises(RuntimeError, match=r"array_api_compat\.get_namespace"):
        ember_sklearn.enable()


def test_scipy_unexpected_internals_name_the_version(monkeypatch: pytest.MonkeyPatch) -> None:
    import scipy
    from scipy._lib import _array_api_override

    monkeypatch.setattr(_array_api_override, "array_api_compat", None)
    with pytest.raises(RuntimeError, match=f"scipy {scipy.__version__} does not have"):
        ember_scipy.enable()
    assert not ember_scipy.is_enabled()


def test_scipy_warns_without_scipy_array_api(monkeypatch: pytest.MonkeyPatch) -> None:
    from scipy._lib import _array_api_override

    monkeypatch.setattr(_array_api_override, "SCIPY_ARRAY_API", False)
    with pytest.warns(RuntimeWarning, match="SCIPY_ARRAY_API=1"):
        ember_scipy.enable()


def test_pytest_plugin_adds_mlx_combinations() -> None:
    pytest.importorskip("mlx.core")
    from sklearn.utils._testing import _array_api_for_tests

    from ember_array.integrations import _sklearn_pytest as plugin

    combos = list(
        plugin._with_mlx_combinations(skl_api.yield_namespace_device_dtype_combinations)()
    )
    assert ("ember_array.mlx", "cpu", "float64") in combos
    assert ("ember_array.mlx", "cpu", "float32") in combos
    assert [c for c in combos if c[0] != "ember_array.mlx"] == list(
        skl_api.yield_namespace_device_dtype_combinations()
    )
    assert "ember_array.mlx" in list(plugin._with_mlx_namespaces(skl_api.yield_namespaces)())
    with ember_sklearn.enabled(), pytest.MonkeyPatch.context() as mp:
        mp.setenv("SCIPY_ARRAY_API", "1")
        xp, device = _array_api_for_tests("ember_array.mlx", "cpu", "float64")
    assert xp is ember_array.namespace(xp.asarray(1.0))
    assert xp.__name__ == "ember_array.mlx"
    assert device == "cpu"


# ---------------------------------------------------------------- real estimators


def _put(backend: str, a: np.ndarray, dtype_name: str) -> Any:
    xp = namespace(backend)
    dtype = getattr(xp, dtype_name) if a.dtype.kind == "f" else None
    return xp.asarray(a, dtype=dtype)


def _close(got: Any, want: Any, dtype_name: str) -> None:
    tol = TOLERANCE[dtype_name]
    np.testing.assert_allclose(np.asarray(got, dtype=np.float64), want, rtol=tol, atol=tol)


def _estimator_cases() -> list[tuple[str, Callable[[Any, Any, Any], Any]]]:
    from sklearn.decomposition import PCA
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.linear_model import Ridge
    from sklearn.preprocessing import MinMaxScaler, StandardScaler

    return [
        ("StandardScaler", lambda x, y, c: StandardScaler().fit_transform(x)),
        ("MinMaxScaler", lambda x, y, c: MinMaxScaler().fit_transform(x)),
        ("PCA", lambda x, y, c: PCA(2, svd_solver="full").fit_transform(x)),
        ("Ridge", lambda x, y, c: Ridge(alpha=1.0, solver="svd").fit(x, y).predict(x)),
        (
            "LinearDiscriminantAnalysis",
            lambda x, y, c: LinearDiscriminantAnalysis().fit(x, c).predict_proba(x),
        ),
    ]


def _metric_cases() -> list[tuple[str, Callable[[Any, Any, Any, Any], Any]]]:
    from sklearn.metrics import (
        accuracy_score,
        confusion_matrix,
        mean_squared_error,
        r2_score,
        zero_one_loss,
    )

    return [
        ("accuracy_score", lambda y, p, c, q: accuracy_score(c, q)),
        ("zero_one_loss", lambda y, p, c, q: zero_one_loss(c, q)),
        ("confusion_matrix", lambda y, p, c, q: confusion_matrix(c, q)),
        ("r2_score", lambda y, p, c, q: r2_score(y, p)),
        ("mean_squared_error", lambda y, p, c, q: mean_squared_error(y, p)),
    ]


def _problem() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(0)
    X = rng.normal(size=(60, 4)) * np.array([1.0, 2.0, 0.5, 3.0]) + 1.0
    y = X @ np.array([1.0, -2.0, 0.5, 0.25]) + 0.1 * rng.normal(size=60)
    c = (X[:, 0] + 0.3 * rng.normal(size=60) > 1.0).astype(np.int64) + (X[:, 1] > 2.0)
    p = y + 0.2 * rng.normal(size=60)
    q = np.where(rng.random(60) < 0.8, c, (c + 1) % 3)
    return {"X": X, "y": y, "c": c, "p": p, "q": q}


@pytest.mark.usefixtures("array_api_env")
@pytest.mark.parametrize("dtype_name", ["float64", "float32"])
def test_sklearn_estimators_and_metrics(backend: str, dtype_name: str) -> None:
    data = _problem()
    if dtype_name == "float32":
        data = {k: v.astype(np.float32) if v.dtype.kind == "f" else v for k, v in data.items()}
    with ember_sklearn.enabled():
        arrays = {k: _put(backend, v, dtype_name) for k, v in data.items()}
        xp = ember_array.namespace(arrays["X"])
        assert xp.__name__ == f"ember_array.{backend}"
        X, y, c, p, q = (arrays[k] for k in "Xycpq")
        for name, run in _estimator_cases():
            want = run(data["X"], data["y"], data["c"])
            with sklearn.config_context(array_api_dispatch=True):
                got = run(X, y, c)
            assert ember_array.namespace(got) is xp, name
            _close(got, want, dtype_name)
        # scikit-learn averages integer labels in the namespace's default float dtype
        # (_find_matching_floating_dtype): float32 on torch and mlx, float64 on numpy
        default_float = xp.__array_namespace_info__().default_dtypes()["real floating"]
        label_dtype = "float32" if default_float == xp.float32 else "float64"
        for name, metric in _metric_cases():
            want = metric(data["y"], data["p"], data["c"], data["q"])
            with sklearn.config_context(array_api_dispatch=True):
                got = metric(y, p, c, q)
            on_labels = name in ("accuracy_score", "zero_one_loss", "confusion_matrix")
            _close(got, want, label_dtype if on_labels else dtype_name)


@pytest.mark.usefixtures("array_api_env")
def test_sklearn_encoders_give_object_arrays_compat_numpy() -> None:
    # scikit-learn calls numpy functions outside the standard on the namespace of object and
    # string arrays (``xp.array`` in ``_check_unknown``): they get array-api-compat's numpy
    from sklearn.preprocessing import OneHotEncoder

    train = np.array([["a"], ["b"]], dtype=object)
    test = np.array([["z"], ["a"]], dtype=object)
    want = OneHotEncoder(handle_unknown="ignore").fit(train).transform(test).toarray()
    with ember_sklearn.enabled(), sklearn.config_context(array_api_dispatch=True):
        enc = OneHotEncoder(handle_unknown="ignore").fit(train)
        np.testing.assert_array_equal(enc.transform(test).toarray(), want)
        assert skl_encode.get_namespace(train)[0] is skl_compat.numpy
        assert skl_encode.get_namespace(np.array(["x"]))[0] is skl_compat.numpy
        ember_numpy = ember_array.namespace(np.zeros(2))
        assert skl_encode.get_namespace(np.zeros(2))[0] is ember_numpy
        # elsewhere object arrays (an ensemble's estimators_) share the estimator's namespace
        assert skl_api.get_namespace(train)[0] is ember_numpy


@pytest.mark.usefixtures("array_api_env")
def test_sklearn_threads_and_numpy_indices_on_mlx() -> None:
    # pairwise_distances(n_jobs=2) runs in joblib worker threads, which mlx's per-thread
    # streams refuse; CV splits index mlx arrays with numpy integer arrays
    pytest.importorskip("mlx.core")
    from sklearn.linear_model import Ridge
    from sklearn.metrics import pairwise_distances
    from sklearn.model_selection import GridSearchCV
    from sklearn.utils import _safe_indexing

    data = _problem()
    X_np = data["X"].astype(np.float32)
    with ember_sklearn.enabled():
        X = _put("mlx", X_np, "float32")
        with sklearn.config_context(array_api_dispatch=True):
            for n_jobs in (1, 2):
                got = pairwise_distances(X, X[:7], n_jobs=n_jobs)
                _close(got, pairwise_distances(X_np, X_np[:7]), "float32")
            search = GridSearchCV(Ridge(solver="svd"), {"alpha": [0.1, 1.0]}, cv=2)
            search.fit(X, _put("mlx", data["y"].astype(np.float32), "float32"))
            assert search.best_params_["alpha"] in (0.1, 1.0)
        # without dispatch, scikit-learn indexes the arrays as they are
        idx = np.array([5, 0, 2])
        _close(_safe_indexing(X, idx), X_np[idx], "float32")


@pytest.mark.usefixtures("array_api_env")
@pytest.mark.parametrize("init_params", ["random", "random_from_data"])
def test_sklearn_gaussian_mixture_full_keeps_reg_covar(backend: str, init_params: str) -> None:
    # scikit-learn adds reg_covar through a write into covariances[k, :, :], a view on numpy
    # and torch and a copy on mlx: there it was lost (covariances reg_covar off numpy's; a
    # component fitted on one point had an all-zero covariance and a singular Cholesky factor)
    from sklearn.mixture import GaussianMixture

    X = _problem()["X"][:, :2]
    gm = GaussianMixture(2, covariance_type="full", init_params=init_params, random_state=0)
    want = sklearn.clone(gm).fit(X)
    with ember_sklearn.enabled():
        with sklearn.config_context(array_api_dispatch=True):
            got = sklearn.clone(gm).fit(_put(backend, X, "float64"))
        np.testing.assert_allclose(np.asarray(got.covariances_), want.covariances_, rtol=1e-10)
        # the M-step alone, reg_covar exactly on the diagonal of a one-point component
        resp = np.zeros((len(X), 2))
        resp[[0, 1], [0, 1]] = 1.0
        nk = resp.sum(axis=0)
        means = resp.T @ X / nk[:, None]
        args = [_put(backend, a, "float64") for a in (resp, X, nk, means)]
        with sklearn.config_context(array_api_dispatch=True):
            cov = skl_gm._estimate_gaussian_covariances_full(*args, 0.5)
        np.testing.assert_allclose(np.asarray(cov), np.stack([0.5 * np.eye(2)] * 2), atol=1e-12)


def test_sklearn_parallel_evaluates_mlx_arguments_before_dispatch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # two worker threads evaluating the same lazy mlx array at once crash mlx: the tasks'
    # mlx arguments are evaluated in the dispatching thread first
    mx = pytest.importorskip("mlx.core")
    from sklearn.utils.parallel import delayed

    seen: list[tuple[int, int]] = []
    native_eval = mx.eval

    def recording_eval(*arrays: Any) -> None:
        seen.append((threading.get_ident(), len(arrays)))
        native_eval(*arrays)

    shared = mx.arange(6.0) * 2.0  # lazy
    with ember_sklearn.enabled():
        monkeypatch.setattr(mx, "eval", recording_eval)
        out = Parallel(n_jobs=2, backend="threading")(
            delayed(lambda a, b, k: (a + b + k).tolist())(shared, shared[i], k=shared)
            for i in range(3)
        )
    assert out == [[4.0 * v + 2.0 * i for v in range(6)] for i in range(3)]
    assert seen == [(threading.get_ident(), 3)] * 3  # all dispatched here (pre_dispatch=4)


@pytest.mark.usefixtures("array_api_env")
def test_scipy_functions(backend: str) -> None:
    import scipy.special
    import scipy.stats

    X_np = np.random.default_rng(1).normal(size=(30, 3))
    cases: list[Callable[[Any], Any]] = [
        lambda a: scipy.special.logsumexp(a, axis=0),
        lambda a: scipy.special.softmax(a, axis=1),
        lambda a: scipy.stats.zscore(a, axis=0),
        lambda a: scipy.stats.skew(a, axis=0),
    ]
    with ember_scipy.enabled():
        X = _put(backend, X_np, "float64")
        for run in cases:
            got = run(X)
            if backend != "numpy":  # numpy inputs keep scipy's own numpy path
                assert ember_array.namespace(got) is ember_array.namespace(X)
            _close(got, run(X_np), "float64")


def test_integrations_need_no_environment_at_import() -> None:
    # importing the package must not import either library nor patch anything
    import subprocess
    import sys

    code = (
        "import sys, ember_array.integrations as i; "
        "print('sklearn' in sys.modules, 'scipy' in sys.modules)"
    )
    env = {k: v for k, v in os.environ.items() if k != "SCIPY_ARRAY_API"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    ).stdout
    assert out.split() == ["False", "False"]

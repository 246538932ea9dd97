"""scikit-learn's own array-API tests, a representative subset, run with ember_array plugged in.

One subprocess runs ``python -m pytest`` on some of scikit-learn's installed test modules with
``-p ember_array.integrations._sklearn_pytest`` and ``SCIPY_ARRAY_API=1``: the plugin enables
``ember_array.integrations.sklearn`` and adds ``ember_array.mlx`` (float64 and float32) to the
namespaces scikit-learn's tests parametrize over, next to numpy, torch and array-api-strict.
The subset (``SUBSET``, about a minute on 2 cores) covers the array-API helpers of
``sklearn.utils``, preprocessing, PCA, Ridge, pairwise metrics (joblib threads included),
a few metrics of ``sklearn.metrics``' common tests and the estimator checks of a few estimators
(``GridSearchCV``: CV splits index the arrays with numpy integer arrays). The test asserts no
failure and some passes (per backend, counted from the JUnit XML); the full run is
``nox -s sklearn``.

``KNOWN_FAILURES`` are deselected, each with its cause: tests that assert array-api-compat's
module objects or ``xp.float16`` (by design, ember_array hands scikit-learn its own
standard-only namespaces), and mlx limitations. Skipped when scikit-learn is not installed.
``EMBER_SKLEARN_MLX=0`` in the environment leaves mlx out, as for the plugin.
"""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

sklearn = pytest.importorskip("sklearn")
pytest.importorskip("scipy")

from ember_array.integrations._sklearn_pytest import namespace_of_test  # noqa: E402

REPO = Path(__file__).resolve().parent.parent

#: scikit-learn test files (relative to the directory holding the ``sklearn`` package), or
#: ``file::function``, and what they cover.
SUBSET = {
    "sklearn/utils/tests/test_array_api.py": "namespace/device helpers, move_to, reductions",
    "sklearn/preprocessing/tests/test_data.py": "scalers and normalizers",
    "sklearn/decomposition/tests/test_pca.py": "PCA (full, covariance_eigh, randomized, mle)",
    "sklearn/linear_model/tests/test_ridge.py": "Ridge, RidgeCV, RidgeClassifier",
    "sklearn/metrics/tests/test_pairwise.py": "pairwise distances/kernels, n_jobs=2 threads",
    "sklearn/metrics/tests/test_common.py::test_array_api_compliance": "a few metrics",
    "sklearn/tests/test_common.py::test_estimators": "check_array_api_input of a few estimators",
}

#: ``-k``: the array-API tests of the files above; from the two big parametrized tests only
#: the named metrics and estimators.
KEYWORDS = (
    "array_api"
    " and (not test_estimators or StandardScaler or PCA or Ridge or GridSearchCV)"
    " and (not test_array_api_compliance or accuracy_score or r2_score or mean_squared_error"
    " or confusion_matrix)"
)

_ARRAY_API = "sklearn/utils/tests/test_array_api.py"
_PAIRWISE = "sklearn/metrics/tests/test_pairwise.py"
_IDENTITY = (
    "asserts that the namespace of numpy/torch input is array-api-compat's module object; "
    "ember_array hands scikit-learn ember_array.numpy/ember_array.torch by design"
)
_FLOAT16 = (
    "expects xp.float16, which the standard (and so ember_array's numpy/torch namespaces) "
    "does not have"
)

#: node id (relative to the directory holding ``sklearn``) -> why it fails with ember_array.
KNOWN_FAILURES = {
    f"{_ARRAY_API}::test_get_namespace_ndarray_or_similar_default_with_dispatch[X0]": _IDENTITY,
    f"{_ARRAY_API}::test_get_namespace_and_device": _IDENTITY,
    f"{_ARRAY_API}::test_supported_float_types[numpy-None-expected_types0]": _FLOAT16,
    f"{_ARRAY_API}::test_supported_float_types[torch-cpu-expected_types2]": _FLOAT16,
    f"{_ARRAY_API}::test_average_raises_with_wrong_dtype[ember_array.mlx-cpu-float64]": (
        "mlx has no complex128; ember_array.mlx.complex128 is a marker that every dtype= "
        "rejects, and the test skips only when the attribute is missing"
    ),
}


def _mlx_parametrized() -> bool:
    if os.environ.get("EMBER_SKLEARN_MLX", "1") == "0":
        return False
    from ember_array.integrations._common import mlx_available

    return mlx_available()


def test_sklearn_array_api_subset(tmp_path: Path) -> None:
    site = Path(sklearn.__file__).resolve().parent.parent
    ini = tmp_path / "pytest.ini"
    ini.write_text("[pytest]\n")  # not this repository's settings (--strict-markers, ...)
    junit = tmp_path / "junit.xml"
    targets = [str(site / t) for t in SUBSET]
    # node ids are relative to --rootdir
    deselect = [arg for node in KNOWN_FAILURES for arg in ("--deselect", node)]
    cmd = [
        sys.executable, "-m", "pytest", "-c", str(ini), "--rootdir", str(site), *targets,
        "-k", KEYWORDS, "-q", "-p", "no:cacheprovider",
        "-p", "ember_array.integrations._sklearn_pytest", f"--junitxml={junit}", *deselect,
    ]  # fmt: skip
    env = dict(os.environ, SCIPY_ARRAY_API="1")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    proc = subprocess.run(
        cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900, check=False
    )
    tail = (proc.stdout + proc.stderr)[-6000:]
    assert junit.exists(), f"pytest did not run (exit {proc.returncode}):\n{tail}"

    passed: Counter[str] = Counter()
    failed: list[str] = []
    for case in ET.parse(junit).getroot().iter("testcase"):
        name = case.get("name", "")
        if case.find("failure") is not None or case.find("error") is not None:
            failed.append(name)
        elif case.find("skipped") is None:
            passed[namespace_of_test(name)] += 1
    assert not failed, f"{len(failed)} failed: {failed}\n{tail}"
    assert proc.returncode == 0, tail
    assert passed["numpy"] > 0, (dict(passed), tail)
    if _mlx_parametrized():
        assert passed["mlx"] > 0, (dict(passed), tail)

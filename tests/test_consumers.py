"""End-to-end consumer scenarios, written the way a library author writes them.

Every algorithm below sees only ``xp = ember_array.namespace(x)`` and standard calls. Each runs
on numpy, torch and mlx (the ``backend``/``xp`` fixtures) in float64 and float32 and must match
the same code run on numpy in float64 within the dtype's tolerance.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import ember_array
from tests._helpers import to_numpy

Array = Any

# float64 results go through different LAPACK/BLAS paths per backend: a few ULP of the
# conditioning; float32 keeps about 6 significant digits after a solve or an SVD.
TOLERANCE = {"float64": 1e-9, "float32": 2e-4}


@pytest.fixture(params=["float64", "float32"])
def dtype_name(request: pytest.FixtureRequest) -> str:
    """Each floating dtype in turn."""
    return request.param


@pytest.fixture(autouse=True)
def _mlx_array_object(backend: str) -> Iterator[None]:
    """Boolean-mask indexing of ``mx.array`` needs ember_array's array-object additions."""
    if backend != "mlx":
        yield
        return
    import ember_array.mlx as emx
    from ember_array.mlx._array import installed

    added = not installed()
    emx.install()
    try:
        yield
    finally:
        if added:
            emx.uninstall()


def _check(got: Array, want: Array, dtype_name: str) -> None:
    tol = TOLERANCE[dtype_name]
    np.testing.assert_allclose(to_numpy(got).astype(np.float64), to_numpy(want), rtol=tol, atol=tol)


# ---------------------------------------------------------------- the consumer code


def standardize(x: Array) -> Array:
    """Zero mean, unit (sample) standard deviation per column."""
    xp = ember_array.namespace(x)
    return (x - xp.mean(x, axis=0)) / xp.std(x, axis=0, correction=1)


def pca(x: Array, n_components: int) -> tuple[Array, Array]:
    """(scores, components) of standardized ``x`` through an SVD, with a deterministic sign.

    The sign fix is scikit-learn's ``svd_flip``: the largest-magnitude entry of each
    component is made positive, so every backend's SVD gives the same answer.
    """
    xp = ember_array.namespace(x)
    Z = standardize(x)
    _, _, Vh = xp.linalg.svd(Z, full_matrices=False)
    components = Vh[:n_components, :]
    biggest = xp.argmax(xp.abs(components), axis=1)
    signs = xp.sign(xp.take_along_axis(components, biggest[:, None], axis=1))
    components = components * signs
    return Z @ xp.matrix_transpose(components), components


def pairwise_distances(a: Array, b: Array) -> Array:
    """Euclidean distances between the rows of ``a`` and of ``b``."""
    xp = ember_array.namespace(a, b)
    sq = (
        xp.sum(a * a, axis=1)[:, None]
        + xp.sum(b * b, axis=1)[None, :]
        - 2 * (a @ xp.matrix_transpose(b))
    )
    return xp.sqrt(xp.clip(sq, min=0.0))


def kmeans(x: Array, centers: Array, n_iter: int) -> tuple[Array, Array, Array]:
    """``n_iter`` Lloyd iterations from ``centers``: (centers, labels, inertia)."""
    xp = ember_array.namespace(x, centers)
    k = centers.shape[0]
    ids = xp.arange(k, device=ember_array.device(x))
    for _ in range(n_iter):
        labels = xp.argmin(pairwise_distances(x, centers), axis=1)
        onehot = xp.astype(labels[:, None] == ids[None, :], x.dtype)
        counts = xp.sum(onehot, axis=0)
        centers = (xp.matrix_transpose(onehot) @ x) / counts[:, None]
    d = pairwise_distances(x, centers)
    labels = xp.argmin(d, axis=1)
    inertia = xp.sum(xp.min(d, axis=1) ** 2)
    return centers, labels, inertia


def ridge(x: Array, y: Array, alpha: float) -> tuple[Array, Array]:
    """Ridge coefficients twice: ``linalg.solve`` and a Cholesky factor with two solves."""
    xp = ember_array.namespace(x, y)
    n_features = x.shape[1]
    xt = xp.matrix_transpose(x)
    a = xt @ x + alpha * xp.eye(n_features, dtype=x.dtype, device=ember_array.device(x))
    b = (xt @ y)[:, None]
    w_solve = xp.linalg.solve(a, b)[:, 0]
    L = xp.linalg.cholesky(a)
    z = xp.linalg.solve(L, b)
    w_chol = xp.linalg.solve(xp.matrix_transpose(L), z)[:, 0]
    return w_solve, w_chol


def classification_report(y_true: Array, y_pred: Array) -> dict[str, Array]:
    """Accuracy, confusion matrix, per-class precision/recall/support, macro F1.

    Labels are encoded with ``unique_inverse``/``searchsorted``, supports come from
    ``unique_counts``, per-class recall uses boolean masks.
    """
    xp = ember_array.namespace(y_true, y_pred)
    classes = xp.unique_values(xp.concat([y_true, y_pred]))
    n = classes.shape[0]
    t = xp.searchsorted(classes, y_true)
    p = xp.searchsorted(classes, y_pred)
    ids = xp.arange(n, device=ember_array.device(y_true))
    onehot_t = xp.astype(t[:, None] == ids[None, :], xp.float64 if _f64(xp) else xp.float32)
    onehot_p = xp.astype(p[:, None] == ids[None, :], onehot_t.dtype)
    confusion = xp.matrix_transpose(onehot_t) @ onehot_p
    true_classes, support = xp.unique_counts(y_true)
    recall = xp.stack(
        [
            xp.mean(xp.astype(y_pred[y_true == true_classes[i]] == true_classes[i], onehot_t.dtype))
            for i in range(true_classes.shape[0])
        ]
    )
    tp = xp.sum(confusion * xp.eye(n, dtype=confusion.dtype), axis=1)
    predicted = xp.sum(confusion, axis=0)
    precision = xp.where(predicted > 0, tp / xp.where(predicted > 0, predicted, 1.0), 0.0)
    actual = xp.sum(confusion, axis=1)
    recall_all = xp.where(actual > 0, tp / xp.where(actual > 0, actual, 1.0), 0.0)
    denom = precision + recall_all
    f1 = xp.where(denom > 0, 2 * precision * recall_all / xp.where(denom > 0, denom, 1.0), 0.0)
    _, inverse = xp.unique_inverse(y_true)
    return {
        "accuracy": xp.mean(xp.astype(y_true == y_pred, onehot_t.dtype)),
        "confusion": confusion,
        "classes": classes,
        "support": support,
        "recall": recall,
        "precision": precision,
        "macro_f1": xp.mean(f1),
        "inverse": inverse,
    }


def _f64(xp: ModuleType) -> bool:
    return "float64" in xp.__array_namespace_info__().dtypes(kind="real floating")


# ---------------------------------------------------------------- the tests


def _data(seed: int, shape: tuple[int, ...]) -> np.ndarray:
    return np.random.default_rng(seed).normal(size=shape)


def _put(xp: ModuleType, a: np.ndarray, dtype_name: str | None = None) -> Array:
    dtype = None if dtype_name is None else getattr(xp, dtype_name)
    return xp.asarray(a, dtype=dtype)


def test_standardize_pca_distances(xp: ModuleType, dtype_name: str) -> None:
    X_np = _data(0, (60, 5)) * np.array([1.0, 3.0, 0.5, 2.0, 1.5]) + 4.0
    X = _put(xp, X_np, dtype_name)
    assert ember_array.namespace(X) is xp
    scores, components = pca(X, 3)
    want_scores, want_components = pca(X_np, 3)
    assert scores.dtype == X.dtype
    _check(components, want_components, dtype_name)
    _check(scores, want_scores, dtype_name)
    _check(standardize(X), standardize(X_np), dtype_name)
    _check(
        # distinct points only: a point's distance to itself is sqrt(rounding noise)
        pairwise_distances(scores[:50, :], scores[50:, :]),
        pairwise_distances(want_scores[:50, :], want_scores[50:, :]),
        dtype_name,
    )


def test_kmeans(xp: ModuleType, dtype_name: str) -> None:
    rng = np.random.default_rng(1)
    true_centers = np.array([[0.0, 0.0], [6.0, 0.0], [0.0, 6.0]])
    X_np = np.concatenate([c + rng.normal(size=(40, 2)) for c in true_centers])
    init_np = X_np[[0, 40, 80]] + 0.5
    centers, labels, inertia = kmeans(_put(xp, X_np, dtype_name), _put(xp, init_np, dtype_name), 4)
    want_centers, want_labels, want_inertia = kmeans(X_np, init_np, 4)
    np.testing.assert_array_equal(to_numpy(labels), want_labels)
    _check(centers, want_centers, dtype_name)
    _check(inertia, want_inertia, dtype_name)


def test_ridge(xp: ModuleType, dtype_name: str) -> None:
    X_np = _data(2, (80, 6))
    y_np = X_np @ np.arange(1.0, 7.0) + 0.1 * _data(3, (80,))
    w_solve, w_chol = ridge(_put(xp, X_np, dtype_name), _put(xp, y_np, dtype_name), 0.5)
    want, _ = ridge(X_np, y_np, 0.5)
    _check(w_solve, want, dtype_name)
    _check(w_chol, want, dtype_name)
    # the oracle itself: the normal equations hold
    np.testing.assert_allclose((X_np.T @ X_np + 0.5 * np.eye(6)) @ want, X_np.T @ y_np)


def test_classification_metrics(xp: ModuleType) -> None:
    rng = np.random.default_rng(4)
    y_true_np = rng.choice(np.array([2, 5, 7, 11]), size=200)
    y_pred_np = np.where(rng.random(200) < 0.7, y_true_np, rng.choice(np.array([2, 5, 7, 13]), 200))
    got = classification_report(_put(xp, y_true_np), _put(xp, y_pred_np))
    want = classification_report(y_true_np, y_pred_np)
    tol = 1e-6
    for name in ("classes", "support", "inverse"):
        np.testing.assert_array_equal(to_numpy(got[name]), want[name], err_msg=name)
    for name in ("accuracy", "confusion", "recall", "precision", "macro_f1"):
        np.testing.assert_allclose(
            to_numpy(got[name]), want[name], rtol=tol, atol=tol, err_msg=name
        )

    # and numpy's answer is scikit-learn's
    from sklearn.metrics import accuracy_score, confusion_matrix, f1_score, recall_score

    labels = np.unique(np.concatenate([y_true_np, y_pred_np]))
    assert float(want["accuracy"]) == pytest.approx(accuracy_score(y_true_np, y_pred_np))
    np.testing.assert_array_equal(want["confusion"], confusion_matrix(y_true_np, y_pred_np))
    np.testing.assert_allclose(
        want["recall"],
        recall_score(y_true_np, y_pred_np, average=None, labels=np.unique(y_true_np)),
    )
    assert float(want["macro_f1"]) == pytest.approx(
        f1_score(y_true_np, y_pred_np, average="macro", labels=labels, zero_division=0)
    )

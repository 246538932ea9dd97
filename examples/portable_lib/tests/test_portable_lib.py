"""portable_lib's tests: one test body, run on every installed backend by the ``xp`` fixture."""

from __future__ import annotations

import numpy as np
import pytest
from portable_lib import logsumexp, one_hot, pairwise_sq_distances, softmax, standardize

from ember_array.testing import (
    assert_close,
    assert_equal,
    check_lazy,
    namespace_device_dtype_params,
    random_array,
)


@pytest.mark.parametrize(
    ("xp", "device", "dtype"), namespace_device_dtype_params(kind="real floating")
)
def test_standardize(xp, device, dtype):
    x = random_array(xp, (20, 3), dtype=dtype, device=device)
    out = check_lazy(standardize, x)  # fails if standardize evaluates x
    # the same values on numpy: random_array gives every backend the same input
    a = np.asarray(random_array("numpy", (20, 3), dtype=dtype))
    desired = (a - a.mean(axis=0)) / a.std(axis=0, ddof=1)
    assert_close(out, desired, xp=xp)


def test_softmax(xp):
    x = random_array(xp, (4, 5), dtype="float32", seed=1)
    out = check_lazy(softmax, x, axis=1)
    a = np.asarray(random_array("numpy", (4, 5), dtype="float32", seed=1))
    e = np.exp(a - a.max(axis=1, keepdims=True))
    assert_close(out, e / e.sum(axis=1, keepdims=True), xp=xp)


def test_logsumexp(xp):
    x = random_array(xp, (3, 6), dtype="float32", seed=2) * 50
    out = check_lazy(logsumexp, x)
    a = np.asarray(random_array("numpy", (3, 6), dtype="float32", seed=2)) * 50
    desired = np.log(np.exp(a.astype(np.float64)).sum(axis=-1)).astype(np.float32)
    assert_close(out, desired, xp=xp)


def test_pairwise_sq_distances(xp):
    a, b = (
        random_array(xp, (5, 3), dtype="float32"),
        random_array(xp, (4, 3), dtype="float32", seed=1),
    )
    out = check_lazy(pairwise_sq_distances, a, b)
    an = np.asarray(random_array("numpy", (5, 3), dtype="float32"))
    bn = np.asarray(random_array("numpy", (4, 3), dtype="float32", seed=1))
    assert_close(out, ((an[:, None, :] - bn[None, :, :]) ** 2).sum(axis=-1), xp=xp, atol=1e-6)


def test_pairwise_sq_distances_to_itself_is_zero_on_the_diagonal(xp):
    a = random_array(xp, (6, 2), dtype="float32")
    d = pairwise_sq_distances(a, a)
    assert_close(xp.linalg.diagonal(d), xp.zeros(6, dtype=xp.float32), xp=xp, atol=1e-6)


def test_one_hot(xp):
    labels = xp.asarray([0, 2, 1, 2])
    out = check_lazy(one_hot, labels, 3)
    dtype = xp.__array_namespace_info__().default_dtypes()["real floating"]
    desired = xp.asarray([[1, 0, 0], [0, 0, 1], [0, 1, 0], [0, 0, 1]], dtype=dtype)
    assert_equal(out, desired, xp=xp)


@pytest.mark.skip_backends("dask", reason="one_hot of an empty dask array is out of scope")
def test_one_hot_of_no_labels(xp):
    out = one_hot(xp.asarray([], dtype=xp.int64), 2)
    assert out.shape == (0, 2)

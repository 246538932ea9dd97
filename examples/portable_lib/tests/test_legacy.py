"""portable_lib.legacy: each non-portable defect fails on the backends it breaks.

The markers say where (``strict=True``: a backend the defect no longer breaks fails the run),
and ``raises=`` says how: the kit's ``AssertionError``, jax's ``TypeError`` for a write into an
immutable array, ``AttributeError`` for a name the standard does not have.
"""

from __future__ import annotations

import numpy as np
import pytest
from portable_lib.legacy import center, robust_center, scale_by_total, zero_diagonal

from ember_array.testing import assert_close, assert_equal, check_lazy, random_array

NOT_NUMPY = ("torch", "mlx", "dask", "array_api_strict", "jax")


@pytest.mark.xfail_backends(
    *NOT_NUMPY, reason="np.asarray hands back a numpy array", raises=AssertionError
)
def test_center_returns_the_input_library(xp):
    x = random_array(xp, (5, 2), dtype="float32")
    a = np.asarray(random_array("numpy", (5, 2), dtype="float32"))
    assert_close(center(x), a - a.mean(axis=0), xp=xp)


@pytest.mark.xfail_backends(
    "mlx", "dask", "jax", reason="float() evaluates a lazy array", raises=AssertionError
)
def test_scale_by_total_stays_lazy(xp):
    x = random_array(xp, (4,), dtype="float32")
    out = check_lazy(scale_by_total, x)
    a = np.asarray(random_array("numpy", (4,), dtype="float32"))
    assert_close(out, a / a.sum(), xp=xp)


@pytest.mark.xfail_backends(
    "numpy", "torch", "mlx", "dask", "array_api_strict",
    reason="writes into its input", raises=AssertionError,
)  # fmt: skip
@pytest.mark.xfail_backends("jax", reason="jax arrays are immutable", raises=TypeError)
def test_zero_diagonal_leaves_its_input_alone(xp):
    x = random_array(xp, (3, 3), dtype="float32")
    out = zero_diagonal(x)
    assert_equal(x, random_array(xp, (3, 3), dtype="float32"), err_msg="the input changed")
    assert_close(xp.linalg.diagonal(out), xp.zeros(3, dtype=xp.float32), xp=xp)


@pytest.mark.xfail_backends(
    "numpy", "torch", "mlx", "dask", "array_api_strict",
    reason="median is not in the array API standard", raises=AttributeError,
)  # fmt: skip
def test_robust_center(xp):
    x = random_array(xp, (5, 2), dtype="float32")
    a = np.asarray(random_array("numpy", (5, 2), dtype="float32"))
    assert_close(robust_center(x), a - np.median(a, axis=0), xp=xp)

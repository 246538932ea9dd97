"""Shared helpers for the ember_array.mlx tests (array-api-strict is the oracle)."""

from __future__ import annotations

import numpy as np
import pytest

from tests._helpers import to_numpy

mx = pytest.importorskip("mlx.core")
strict = pytest.importorskip("array_api_strict")


def dtype_name(dt) -> str:
    """Standard name of an mlx or strict dtype."""
    s = str(dt)
    return s.rsplit(".", 1)[-1].replace("bool_", "bool")


_DEFAULTS = {"float64": "float32", "complex128": "complex64"}


def assert_like_strict(got, want, *, rtol=1e-5, atol=1e-6, check_dtype=True, defaults=False):
    """Compare an mlx result with an array-api-strict result: shape, dtype name and values.

    ``defaults=True`` maps strict's default float64/complex128 to mlx's float32/complex64 (for
    calls that rely on the implementation-defined default floating dtype).
    """
    assert tuple(got.shape) == tuple(want.shape), (got.shape, want.shape)
    if check_dtype:
        w = dtype_name(want.dtype)
        if defaults:
            w = _DEFAULTS.get(w, w)
        assert dtype_name(got.dtype) == w, (got.dtype, want.dtype)
    g, w = to_numpy(got), to_numpy(want)
    if g.dtype.kind in "fc":
        np.testing.assert_allclose(g, w, rtol=rtol, atol=atol, equal_nan=True)
    else:
        np.testing.assert_array_equal(g, w)


@pytest.fixture
def xp():
    import ember_array.mlx as xp

    return xp

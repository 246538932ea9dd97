"""The 2026.12 draft's ``top_k`` (data-apis/array-api#722) on every backend, against numpy.

array-api-strict 2.6 accepts ``api_version="2026.12"`` but has no ``top_k`` yet, so the oracle
is numpy's stable ``argsort``: for ``"smallest"`` its first ``k``; for ``"largest"`` the same
sort of the reversed axis, read backwards (largest first, equal values by lower index, NaN
first as ``sort(descending=True)`` puts it). Hypothesis draws few distinct values, so ties
and NaN cross the cut often; indices must agree exactly, values as arrays (NaN equal to NaN).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ember_array
from ember_array import _backends as _registry
from ember_array._spec import DRAFT_VERSION

from ._backends import load, no_compute
from ._hypothesis import conformance_examples

DTYPES = ("int8", "int32", "int64", "uint8", "float32", "float64")


def reference(a: np.ndarray, k: int, axis: int | None, largest: bool) -> np.ndarray:
    """The indices of ``top_k`` by numpy's stable sort (see the module docstring)."""
    y = a.reshape(-1) if axis is None else np.moveaxis(a, axis, -1)
    if largest:
        n = y.shape[-1]
        order = n - 1 - np.argsort(y[..., ::-1], axis=-1, kind="stable")[..., ::-1]
    else:
        order = np.argsort(y, axis=-1, kind="stable")
    idx = order[..., :k]
    return idx if axis is None else np.moveaxis(idx, -1, axis)


@st.composite
def calls(draw: st.DrawFn, dtype: str) -> tuple[np.ndarray, int, int | None, str]:
    shape = draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=6))
    pool = [0, 1, 2, 7] if dtype.startswith("u") else [-3, 0, 1, 2, 7]
    if dtype.startswith("float"):
        pool += [np.nan, np.inf, -np.inf, -0.0, 0.5]
    a = np.asarray(draw(hnp.arrays(np.float64, shape, elements=st.sampled_from(pool))))
    a = a.astype(dtype)
    axis = draw(st.sampled_from([None, *range(-a.ndim, a.ndim)]))
    n = a.size if axis is None else a.shape[axis]
    k = draw(st.integers(0, n))
    return a, k, axis, draw(st.sampled_from(["largest", "smallest"]))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("backend", _registry.names())
def test_top_k(backend: str, dtype: str) -> None:
    """``top_k`` of the 2026.12 view gives numpy's answer, and builds dask graphs lazily."""
    be = load(backend)

    @settings(max_examples=conformance_examples())
    @given(call=calls(dtype))
    def check(call: tuple[np.ndarray, int, int | None, str]) -> None:
        a, k, axis, mode = call
        x = be.convert(a)
        xp = ember_array.namespace(x, api_version=DRAFT_VERSION)
        if backend == "dask":
            with no_compute():
                out: Any = xp.top_k(x, k, axis=axis, mode=mode)
            values, idx = (np.asarray(o.compute()) for o in out)
        else:
            values, idx = (be.to_numpy(o) for o in xp.top_k(x, k, axis=axis, mode=mode))
        want = reference(a, k, axis, mode == "largest")
        where = f"{backend} {dtype} shape={a.shape} k={k} axis={axis} {mode}"
        np.testing.assert_array_equal(idx, want, err_msg=where)
        flat = a.reshape(-1) if axis is None else a
        expected = np.take_along_axis(flat, want, axis=-1 if axis is None else axis)
        np.testing.assert_array_equal(values, expected, err_msg=where)
        assert values.dtype == a.dtype, where

    check()

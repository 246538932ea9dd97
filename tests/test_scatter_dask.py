"""Scatter / segment reductions on dask: chunk-parallel, lazy, equal to numpy."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

da = pytest.importorskip("dask.array")
dask = pytest.importorskip("dask")

from ember_array import scatter  # noqa: E402

REDUCE = ("sum", "mean", "max", "min", "prod")


def _data(n: int, dtype: str, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind == "f":
        v = rng.standard_normal((n, 3)).astype(dtype)
    else:
        v = rng.integers(-3, 4, size=(n, 3)).astype(dtype)
    # out-of-range and negative indices are dropped, as on every backend
    idx = rng.integers(-2, 12, size=n)
    return v, idx


@pytest.mark.parametrize("reduce", REDUCE)
@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "int64"])
@pytest.mark.parametrize("chunks", [40, 10, (7, 13, 20)], ids=["one", "even", "uneven"])
def test_matches_numpy(reduce: str, dtype: str, chunks: Any) -> None:
    v, idx = _data(40, dtype)
    want = scatter.scatter(v, idx, 10, reduce=reduce, fill_value=None)  # type: ignore[arg-type]
    dv = da.from_array(v, chunks=(chunks, 2))
    di = da.from_array(idx, chunks=7)
    got = scatter.scatter(dv, di, 10, reduce=reduce, fill_value=None)  # type: ignore[arg-type]
    assert isinstance(got, da.Array)
    assert got.dtype == want.dtype
    np.testing.assert_allclose(got.compute(), want, rtol=1e-6)


@pytest.mark.parametrize("reduce", REDUCE)
def test_axis_and_fill(reduce: str) -> None:
    v, idx = _data(30, "float64", seed=1)
    v = np.ascontiguousarray(v.T)  # segments along axis 1
    want = scatter.scatter(v, idx, 15, axis=1, reduce=reduce, fill_value=-1.0)  # type: ignore[arg-type]
    got = scatter.scatter(
        da.from_array(v, chunks=(2, 8)),
        da.from_array(idx, chunks=8),
        15,
        axis=1,
        reduce=reduce,  # type: ignore[arg-type]
        fill_value=-1.0,
    )
    np.testing.assert_allclose(got.compute(), want)


def test_nan_propagates_in_max() -> None:
    v = np.array([1.0, np.nan, 3.0, 4.0])
    idx = np.array([0, 0, 1, 1])
    got = scatter.segment_max(da.from_array(v, chunks=1), da.from_array(idx, chunks=1), 2)
    np.testing.assert_array_equal(got.compute(), [np.nan, 4.0])


def test_empty_values() -> None:
    got = scatter.segment_sum(da.zeros((0, 2), chunks=1), da.zeros((0,), dtype=int), 3)
    np.testing.assert_array_equal(got.compute(), np.zeros((3, 2)))


def test_index_reduce() -> None:
    x = np.arange(5.0)
    v, idx = np.array([1.0, 2.0, 3.0]), np.array([4, 0, 4])
    want = scatter.index_reduce(x, idx, v, reduce="max")
    got = scatter.index_reduce(
        da.from_array(x, chunks=2),
        da.from_array(idx, chunks=2),
        da.from_array(v, chunks=2),
        reduce="max",
    )
    np.testing.assert_array_equal(got.compute(), want)


@pytest.mark.parametrize("reduce", REDUCE)
def test_graph_grows_with_chunks_not_data(reduce: str, no_compute: None) -> None:
    sizes = []
    for n in (4_000, 40_000):
        v, idx = _data(n, "float64")
        out = scatter.scatter(
            da.from_array(v, chunks=(n // 4, 3)),
            da.from_array(idx, chunks=n // 4),
            10,
            reduce=reduce,  # type: ignore[arg-type]
            fill_value=0.0,
        )
        sizes.append(len(out.__dask_graph__()))
    assert sizes[0] == sizes[1]
    assert sizes[0] < 60

"""ember_array.scatter on dask: numpy's results, an O(chunks) graph, nothing computed early."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ember_array import scatter as sc
from tests._helpers import no_compute

da = pytest.importorskip("dask.array")
dask = pytest.importorskip("dask")

REDUCTIONS = ("sum", "mean", "max", "min", "prod")
DTYPES = ("float32", "float64", "int32", "int64")
# Chunkings of 40 rows: one chunk, four equal ones, uneven ones (a 1-row chunk included).
CHUNKINGS = {"one": (40,), "four": (10, 10, 10, 10), "uneven": (13, 1, 20, 6)}


def assert_same(got: Any, expect: np.ndarray) -> None:
    """``got`` (a dask array) computes to exactly ``expect``: dtype, shape, values, NaNs."""
    assert isinstance(got, da.Array)
    assert got.dtype == expect.dtype
    assert got.shape == expect.shape
    res = got.compute()
    assert res.dtype == expect.dtype
    np.testing.assert_array_equal(res, expect, strict=True)


def small_ints(rng: np.random.Generator, shape: tuple[int, ...], dtype: str) -> np.ndarray:
    """Values whose sums and products are exact in every dtype, whatever the order."""
    return rng.choice(np.array([-2, -1, 1, 2, 0.5 if "float" in dtype else 3]), shape).astype(dtype)


def index_with_bad_entries(rng: np.random.Generator, n: int, segments: int) -> np.ndarray:
    """Labels in [-3, segments + 3): negative and too large ones are dropped."""
    return rng.integers(-3, segments + 3, n)


# --------------------------------------------------------------------------------------------
# results equal numpy's
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("chunking", list(CHUNKINGS))
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("reduce", REDUCTIONS)
@pytest.mark.parametrize("axis", [0, 1])
def test_matches_numpy_exactly(chunking: str, dtype: str, reduce: str, axis: int) -> None:
    rng = np.random.default_rng([DTYPES.index(dtype), REDUCTIONS.index(reduce), axis])
    shape = (40, 3) if axis == 0 else (3, 40)
    values = small_ints(rng, shape, dtype)
    # 9 segments of which 7 and 8 are never reached: empty segments.
    index = index_with_bad_entries(rng, 40, 7)
    chunks = tuple(CHUNKINGS[chunking] if d == axis else -1 for d in range(2))
    v = da.from_array(values, chunks=chunks)
    i = da.from_array(index, chunks=7)  # index chunks unlike values': the shim aligns them
    for fill in (0, None, -3):
        with no_compute():
            got = sc.scatter(v, i, 9, axis=axis, reduce=reduce, fill_value=fill)
        assert_same(got, sc.scatter(values, index, 9, axis=axis, reduce=reduce, fill_value=fill))


@pytest.mark.parametrize("reduce", REDUCTIONS)
def test_random_floats_close_to_numpy(reduce: str) -> None:
    """Sums are added in another order (chunk by chunk), so floats agree to rounding only."""
    rng = np.random.default_rng(5)
    values = rng.normal(size=(1000, 2))
    index = rng.integers(-5, 60, 1000)
    got = sc.scatter(
        da.from_array(values, chunks=(170, 1)), da.from_array(index), 50, reduce=reduce
    )
    expect = sc.scatter(values, index, 50, reduce=reduce)
    assert got.dtype == expect.dtype
    if reduce in ("max", "min"):
        np.testing.assert_array_equal(got.compute(), expect)
    else:
        np.testing.assert_allclose(got.compute(), expect, rtol=1e-12)


@pytest.mark.parametrize("reduce", REDUCTIONS)
def test_segment_functions(reduce: str) -> None:
    rng = np.random.default_rng(6)
    values = small_ints(rng, (30,), "float64")
    index = rng.integers(0, 6, 30)
    func = getattr(sc, f"segment_{reduce}")
    v, i = da.from_array(values, chunks=8), da.from_array(index, chunks=8)
    for fill in (0, None, math.nan, 2.5):
        with no_compute():
            got = func(v, i, 8, fill_value=fill)
        assert_same(got, func(values, index, 8, fill_value=fill))


@pytest.mark.parametrize("reduce", REDUCTIONS)
def test_nan_propagates(reduce: str) -> None:
    values = np.array([1.0, np.nan, 2.0, 5.0, np.nan, 3.0, 4.0, -1.0])
    index = np.array([0, 0, 1, 1, 2, 2, 2, 3])
    # The NaN is first, last or alone in its chunk.
    got = sc.scatter(
        da.from_array(values, chunks=(1, 3, 2, 2)), da.from_array(index), 5, reduce=reduce
    )
    assert_same(got, sc.scatter(values, index, 5, reduce=reduce))


@pytest.mark.parametrize("reduce", REDUCTIONS)
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_nd_values_chunked_on_every_axis(reduce: str, axis: int) -> None:
    """Values chunked along the other axes too: blocks stay separate there."""
    rng = np.random.default_rng(7)
    values = small_ints(rng, (6, 20, 5), "float32")
    n = values.shape[axis]
    index = index_with_bad_entries(rng, n, 4)
    v = da.from_array(values, chunks=(4, 7, 2))
    i = da.from_array(index, chunks=3)
    got = sc.scatter(v, i, 4, axis=axis, reduce=reduce, fill_value=-1)
    assert_same(got, sc.scatter(values, index, 4, axis=axis, reduce=reduce, fill_value=-1))


@pytest.mark.parametrize("idx_dtype", ["int8", "uint8", "int32", "uint32", "int64", "uint64"])
def test_index_dtypes_and_out_of_range(idx_dtype: str) -> None:
    values = np.arange(1, 9, dtype=np.float64)
    raw = [0, 1, 1, 100, 2, 120, 3, 1]
    if idx_dtype.startswith("int"):
        raw[3] = -1
    elif idx_dtype != "uint8":
        raw[5] = 2**31 + 5  # negative as int32, must still be dropped
    index = np.asarray(raw, dtype=idx_dtype)
    v, i = da.from_array(values, chunks=3), da.from_array(index, chunks=3)
    for reduce in REDUCTIONS:
        assert_same(sc.scatter(v, i, 5, reduce=reduce), sc.scatter(values, index, 5, reduce=reduce))
    big = np.asarray([0, 1, -(2**40), 2**40, 2], dtype=np.int64)
    got = sc.segment_sum(da.from_array(values[:5], chunks=2), da.from_array(big, chunks=2), 3)
    assert_same(got, np.array([1.0, 2.0, 5.0]))


def test_integer_mean_and_wraparound() -> None:
    values = np.array([1, 2, 4, 2**30, 2**30, 2**30], dtype=np.int32)
    index = np.array([0, 0, 1, 2, 2, 2])
    v, i = da.from_array(values, chunks=2), da.from_array(index, chunks=2)
    got = sc.segment_mean(v, i, 4)
    assert got.dtype == np.float64
    assert_same(got, sc.segment_mean(values, index, 4))
    # int32 sums and products wrap as numpy's do (dask's own sum would widen to int64).
    assert_same(sc.segment_sum(v, i, 4), sc.segment_sum(values, index, 4))
    assert_same(sc.segment_prod(v, i, 4), sc.segment_prod(values, index, 4))


def test_complex_sum_mean_prod() -> None:
    values = np.array([1 + 1j, 2 - 1j, 3j, -1, 0.5j], dtype=np.complex64)
    index = np.array([1, 1, 0, 3, 1])
    v, i = da.from_array(values, chunks=2), da.from_array(index, chunks=2)
    for reduce in ("sum", "mean", "prod"):
        assert_same(sc.scatter(v, i, 4, reduce=reduce), sc.scatter(values, index, 4, reduce=reduce))
    with pytest.raises(TypeError, match=r"segment_max\(\) \[dask\].*complex"):
        sc.segment_max(v, i, 4)


@pytest.mark.parametrize("reduce", REDUCTIONS)
def test_empty_inputs(reduce: str) -> None:
    v = da.zeros((0, 2), chunks=(5, 2))
    i = da.zeros(0, dtype=np.int64, chunks=5)
    assert_same(sc.scatter(v, i, 3, reduce=reduce, fill_value=7), np.full((3, 2), 7.0))
    w = da.ones((9, 2), chunks=(4, 1))
    j = da.zeros(9, dtype=np.int64, chunks=4)
    expect = sc.scatter(np.ones((9, 2)), np.zeros(9, dtype=np.int64), 0, reduce=reduce)
    assert_same(sc.scatter(w, j, 0, reduce=reduce), expect)
    # A zero-length trailing axis.
    e = da.ones((9, 0), chunks=(4, 1))
    assert_same(sc.scatter(e, j, 2, reduce=reduce), np.ones((2, 0)) * 0)


@pytest.mark.parametrize("reduce", REDUCTIONS)
@pytest.mark.parametrize("include_self", [True, False])
def test_index_reduce_matches_numpy(reduce: str, include_self: bool) -> None:
    rng = np.random.default_rng(8)
    x = small_ints(rng, (3, 6), "float64")
    values = small_ints(rng, (3, 25), "float64")
    index = index_with_bad_entries(rng, 25, 6)
    args = (da.from_array(x, chunks=(2, 4)), da.from_array(index, chunks=9))
    with no_compute():
        got = sc.index_reduce(
            *args,
            da.from_array(values, chunks=(3, 5)),
            axis=1,
            reduce=reduce,
            include_self=include_self,
        )
    expect = sc.index_reduce(x, index, values, axis=1, reduce=reduce, include_self=include_self)
    assert_same(got, expect)


def test_errors_name_dask() -> None:
    v = da.ones((4, 2), chunks=2)
    with pytest.raises(TypeError, match=r"segment_sum\(\) \[dask\].*integer"):
        sc.segment_sum(v, da.zeros(4, chunks=2), 2)
    with pytest.raises(ValueError, match=r"scatter\(\) \[dask\].*values.shape\[1\] = 2"):
        sc.scatter(v, da.zeros(4, dtype=np.int64, chunks=2), 2, axis=1)
    with pytest.raises(TypeError, match="different libraries"):
        sc.segment_sum(v, np.zeros(4, dtype=np.int64), 2)


@st.composite
def dask_cases(draw: Any) -> tuple[np.ndarray, np.ndarray, int, int, str, tuple[int, ...]]:
    ndim = draw(st.integers(1, 3))
    shape = draw(st.lists(st.integers(0, 6), min_size=ndim, max_size=ndim))
    axis = draw(st.integers(-ndim, ndim - 1))
    segments = draw(st.integers(0, 5))
    n = shape[axis]
    index = np.asarray(
        draw(st.lists(st.integers(-3, segments + 2), min_size=n, max_size=n)), dtype=np.int64
    )
    elems = st.sampled_from([-2.0, -1.0, 0.0, 1.0, 2.0, 0.5, math.nan])
    size = math.prod(shape)
    values = np.asarray(draw(st.lists(elems, min_size=size, max_size=size))).reshape(shape)
    reduce = draw(st.sampled_from(REDUCTIONS))
    chunks = tuple(draw(st.integers(1, max(d, 1))) for d in shape)
    return values, index, segments, axis, reduce, chunks


@given(case=dask_cases(), fill=st.sampled_from([0, None, -1.0, math.nan]))
def test_matches_numpy_property(case: Any, fill: Any) -> None:
    values, index, segments, axis, reduce, chunks = case
    v, i = da.from_array(values, chunks=chunks), da.from_array(index, chunks=2)
    with no_compute():
        got = sc.scatter(v, i, segments, axis=axis, reduce=reduce, fill_value=fill)
    assert_same(got, sc.scatter(values, index, segments, axis=axis, reduce=reduce, fill_value=fill))


# --------------------------------------------------------------------------------------------
# the graph: O(chunks) tasks, built without computing
# --------------------------------------------------------------------------------------------


def _graph_size(rows: int, reduce: str, fill: Any) -> int:
    v = da.ones((rows, 4), chunks=(rows // 4, 4))
    i = da.arange(rows, chunks=rows // 4) % 100
    with no_compute():
        got = sc.scatter(v, i, 100, reduce=reduce, fill_value=fill)
    return len(got.__dask_graph__())


@pytest.mark.parametrize("reduce", REDUCTIONS)
@pytest.mark.parametrize("fill", [0, None])
def test_graph_is_o_chunks(reduce: str, fill: Any) -> None:
    small = _graph_size(4000, reduce, fill)
    assert small < 100
    # 10x (and 100x) the rows in the same 4 chunks: the same graph.
    assert _graph_size(40_000, reduce, fill) == small
    assert _graph_size(400_000, reduce, fill) == small


def test_graph_grows_with_chunks_not_rows() -> None:
    def size(chunks: int) -> int:
        v = da.ones((4800, 3), chunks=(4800 // chunks, 3))
        i = da.zeros(4800, dtype=np.int64, chunks=4800 // chunks)
        return len(sc.segment_mean(v, i, 10).__dask_graph__())

    # Tasks per chunk stay bounded (a tree adds fewer than one task per chunk).
    assert size(48) <= 12 * 48
    assert size(48) < 12 * size(4)


@pytest.mark.parametrize("reduce", REDUCTIONS)
def test_index_reduce_graph_is_o_chunks(reduce: str) -> None:
    def size(rows: int) -> int:
        x = da.zeros((50, 2), chunks=(25, 2))
        v = da.ones((rows, 2), chunks=(rows // 4, 2))
        i = da.arange(rows, chunks=rows // 4) % 50
        with no_compute():
            return len(sc.index_reduce(x, i, v, reduce=reduce).__dask_graph__())

    assert size(4000) < 150
    assert size(40_000) == size(4000)


def test_no_compute_guard_works() -> None:
    """The guard used above does catch a compute."""
    with no_compute(), pytest.raises(AssertionError, match="computed"):
        bool(da.ones(3).sum() > 0)

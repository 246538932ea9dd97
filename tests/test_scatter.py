"""ember_array.scatter: segment reductions against a Python loop, np.ufunc.at and torch."""

from __future__ import annotations

import math
from typing import Any

import array_api_strict
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ember_array
from ember_array import scatter as sc
from ember_array.scatter._checks import check as scatter_check
from ember_array.scatter._generic import scatter_standard
from tests._helpers import from_numpy, to_numpy

REDUCTIONS = ("sum", "mean", "max", "min", "prod")


def loop_oracle(
    values: np.ndarray, index: np.ndarray, segments: int, axis: int, reduce: str, fill: float
) -> np.ndarray:
    """The meaning, one segment at a time (float64, numpy's NaN-propagating reductions)."""
    v = np.moveaxis(values.astype(np.float64), axis, 0)
    out = np.full((segments, *v.shape[1:]), fill, dtype=np.float64)
    for s in range(segments):
        rows = v[index == s]
        if len(rows):
            out[s] = {
                "sum": np.sum,
                "mean": np.mean,
                "max": np.max,
                "min": np.min,
                "prod": np.prod,
            }[reduce](rows, axis=0)
    return np.moveaxis(out, 0, axis)


@st.composite
def cases(draw: Any) -> tuple[np.ndarray, np.ndarray, int, int, str]:
    ndim = draw(st.integers(1, 3))
    shape = draw(st.lists(st.integers(0, 4), min_size=ndim, max_size=ndim))
    axis = draw(st.integers(-ndim, ndim - 1))
    segments = draw(st.integers(0, 5))
    n = shape[axis]
    # Few distinct values: duplicates, empty segments, out-of-range and negative indices.
    index = np.asarray(
        draw(st.lists(st.integers(-3, segments + 2), min_size=n, max_size=n)), dtype=np.int64
    )
    elems = st.one_of(st.integers(-4, 4).map(float), st.just(math.nan), st.just(0.5))
    size = math.prod(shape)
    values = np.asarray(
        draw(st.lists(elems, min_size=size, max_size=size)), dtype=np.float32
    ).reshape(shape)
    reduce = draw(st.sampled_from(REDUCTIONS))
    return values, index, segments, axis, reduce


def check(result: Any, expected: np.ndarray, dtype: Any = None) -> None:
    got = to_numpy(result)
    assert got.shape == expected.shape
    np.testing.assert_allclose(
        got.astype(np.float64), expected, rtol=1e-5, atol=1e-5, equal_nan=True
    )


# --------------------------------------------------------------------------------------------
# properties on every backend
# --------------------------------------------------------------------------------------------


@given(case=cases(), fill=st.sampled_from([0.0, -1.0, math.nan]))
def test_scatter_matches_loop(backend: str, case: Any, fill: float) -> None:
    values, index, segments, axis, reduce = case
    got = sc.scatter(
        from_numpy(backend, values),
        from_numpy(backend, index),
        segments,
        axis=axis,
        reduce=reduce,
        fill_value=fill,
    )
    check(got, loop_oracle(values, index, segments, axis, reduce, fill))
    assert str(got.dtype).endswith("float32")


@given(case=cases())
def test_standard_path_matches_loop_on_strict(case: Any) -> None:
    """The pure-standard implementation, through array-api-strict (the reference)."""
    values, index, segments, axis, reduce = case
    got = sc.scatter(
        from_numpy("strict", values),
        from_numpy("strict", index),
        segments,
        axis=axis,
        reduce=reduce,
    )
    check(got, loop_oracle(values, index, segments, axis, reduce, 0.0))


@given(case=cases())
def test_standard_path_on_backend_namespaces(backend: str, xp: Any, case: Any) -> None:
    """The generic implementation also runs on each ember namespace, and agrees with native."""
    values, index, segments, axis, reduce = case
    v, i = from_numpy(backend, values), from_numpy(backend, index)
    args = scatter_check("scatter", xp, v, i, segments, axis, reduce, 0)
    check(scatter_standard(xp, v, i, args), loop_oracle(values, index, segments, axis, reduce, 0.0))


def test_duplicates_combine(backend: str) -> None:
    v = from_numpy(backend, np.ones(3, dtype=np.float32))
    i = from_numpy(backend, np.asarray([1, 0, 1]))
    got = sc.index_reduce(from_numpy(backend, np.zeros(3, dtype=np.float32)), i, v)
    np.testing.assert_array_equal(to_numpy(got), [1, 2, 0])
    np.testing.assert_array_equal(to_numpy(sc.segment_sum(v, i, 3)), [1, 2, 0])


def test_out_of_range_dropped(backend: str) -> None:
    v = from_numpy(backend, np.arange(1, 7, dtype=np.float32))
    i = from_numpy(backend, np.asarray([0, -1, 2, 3, 1000, -(2**40)]))
    np.testing.assert_array_equal(to_numpy(sc.segment_sum(v, i, 3)), [1, 0, 3])
    np.testing.assert_array_equal(to_numpy(sc.segment_max(v, i, 3, fill_value=-9)), [1, -9, 3])


@pytest.mark.parametrize("idx_dtype", ["int8", "uint8", "int32", "uint32", "int64"])
def test_index_dtypes(backend: str, idx_dtype: str) -> None:
    if backend == "torch" and idx_dtype == "uint32":
        pytest.skip("torch has no uint32 kernels")
    v = from_numpy(backend, np.ones(4, dtype=np.float32))
    i = from_numpy(backend, np.asarray([0, 1, 1, 100], dtype=idx_dtype))
    # 100 >= num_segments: dropped.
    np.testing.assert_array_equal(to_numpy(sc.segment_sum(v, i, 50))[:3], [1, 2, 0])


def test_integer_values(backend: str) -> None:
    v = from_numpy(backend, np.asarray([3, 5, -2, 7], dtype=np.int32))
    i = from_numpy(backend, np.asarray([0, 0, 2, 5]))
    got = sc.segment_sum(v, i, 3)
    assert str(got.dtype).endswith("int32")
    np.testing.assert_array_equal(to_numpy(got), [8, 0, -2])
    np.testing.assert_array_equal(to_numpy(sc.segment_max(v, i, 3)), [5, 0, -2])
    np.testing.assert_array_equal(
        to_numpy(sc.segment_min(v, i, 3, fill_value=None)), [3, np.iinfo(np.int32).max, -2]
    )
    np.testing.assert_array_equal(to_numpy(sc.segment_prod(v, i, 3, fill_value=None)), [15, 1, -2])


def test_integer_mean_gives_default_float(backend: str, xp: Any) -> None:
    v = from_numpy(backend, np.asarray([1, 2, 4], dtype=np.int64))
    i = from_numpy(backend, np.asarray([0, 0, 1]))
    got = sc.segment_mean(v, i, 3)
    assert got.dtype == xp.__array_namespace_info__().default_dtypes()["real floating"]
    np.testing.assert_allclose(to_numpy(got), [1.5, 4.0, 0.0])


def test_complex_sum_and_mean(backend: str) -> None:
    v = from_numpy(backend, np.asarray([1 + 1j, 2 - 1j, 3j], dtype=np.complex64))
    i = from_numpy(backend, np.asarray([1, 1, 0]))
    np.testing.assert_allclose(to_numpy(sc.segment_sum(v, i, 2)), [3j, 3 + 0j])
    np.testing.assert_allclose(to_numpy(sc.segment_mean(v, i, 2)), [3j, 1.5 + 0j])
    with pytest.raises(TypeError, match="complex"):
        sc.segment_max(v, i, 2)


def test_fill_value_none_gives_identity(backend: str) -> None:
    v = from_numpy(backend, np.asarray([2.0], dtype=np.float32))
    i = from_numpy(backend, np.asarray([0]))
    expect = {"sum": 0.0, "prod": 1.0, "max": -np.inf, "min": np.inf, "mean": np.nan}
    for reduce, empty in expect.items():
        got = to_numpy(sc.scatter(v, i, 2, reduce=reduce, fill_value=None))
        np.testing.assert_array_equal(got, [2.0, empty])


def test_mean_with_nan_fill_divides_once_and_silently(backend: str) -> None:
    """A real mean with a NaN fill divides each sum by its count alone (``0 / 0`` is the fill):
    empty segments are NaN whatever invalid indices the call drops, nothing warns, and the
    caller's numpy error state is kept; a complex mean's empty segment is ``nan+0j``."""
    import warnings

    v = from_numpy(backend, np.asarray([[1.0, -2.0], [3.0, 4.0], [5.0, 6.0]], np.float32))
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        for index in ([0, 0, 2], [0, -1, 2], [0, 9, 2]):
            i = from_numpy(backend, np.asarray(index))
            got = to_numpy(sc.segment_mean(v, i, 4, fill_value=None))
            first = [1.0, -2.0] if index[1] != 0 else [2.0, 1.0]
            np.testing.assert_array_equal(got, [first, [np.nan] * 2, [5.0, 6.0], [np.nan] * 2])
        assert np.geterr()["invalid"] == "raise"
    if backend != "mlx":  # mlx has complex64 only
        c = from_numpy(backend, np.asarray([1 + 1j, 3 - 1j], np.complex128))
        got = to_numpy(
            sc.segment_mean(c, from_numpy(backend, np.asarray([1, 1])), 2, fill_value=None)
        )
        assert np.isnan(got[0].real)
        assert got[0].imag == 0
        assert got[1] == 2 + 0j


def test_empty_inputs(backend: str) -> None:
    v = from_numpy(backend, np.zeros((0, 2), dtype=np.float32))
    i = from_numpy(backend, np.zeros(0, dtype=np.int64))
    for reduce in REDUCTIONS:
        got = to_numpy(sc.scatter(v, i, 3, reduce=reduce, fill_value=7))
        np.testing.assert_array_equal(got, np.full((3, 2), 7.0))
    w = from_numpy(backend, np.ones((4, 2), dtype=np.float32))
    j = from_numpy(backend, np.zeros(4, dtype=np.int64))
    assert to_numpy(sc.segment_sum(w, j, 0)).shape == (0, 2)


# --------------------------------------------------------------------------------------------
# native oracles
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reduce", "ufunc"),
    [("sum", np.add), ("max", np.maximum), ("min", np.minimum), ("prod", np.multiply)],
)
def test_numpy_ufunc_at_oracle(reduce: str, ufunc: np.ufunc) -> None:
    rng = np.random.default_rng(0)
    v = rng.normal(size=(200, 3))
    i = rng.integers(0, 10, 200)
    init = {"sum": 0.0, "max": -np.inf, "min": np.inf, "prod": 1.0}[reduce]
    expect = np.full((10, 3), init)
    ufunc.at(expect, i, v)
    np.testing.assert_allclose(sc.scatter(v, i, 10, reduce=reduce, fill_value=None), expect)


@pytest.mark.parametrize("rows", [64, 300, 4000])
@pytest.mark.parametrize("width", [1, 3, 5, 70])
@pytest.mark.parametrize("reduce", REDUCTIONS)
def test_numpy_paths_exact_and_safe(reduce: str, width: int, rows: int) -> None:
    """Every numpy path (1-d, rows, column by column, flat indices checked by counts or by
    min/max) gives ufunc.at's bits in float32 for valid indices, and drops invalid ones (the
    redo with a spare segment)."""
    rng = np.random.default_rng(width)
    v = rng.normal(size=(rows, width)).astype(np.float32)
    i = rng.integers(0, 7, rows)
    ufunc = {"sum": np.add, "mean": np.add, "max": np.maximum, "min": np.minimum}.get(
        reduce, np.multiply
    )
    init = {"sum": 0.0, "mean": 0.0, "max": -np.inf, "min": np.inf, "prod": 1.0}[reduce]
    expect = np.full((7, width), init, dtype=np.float32)
    ufunc.at(expect, i, v)
    if reduce == "mean":
        expect = expect / np.maximum(np.bincount(i, minlength=7), 1)[:, None].astype(np.float32)
    got = sc.scatter(v, i, 7, reduce=reduce, fill_value=None if reduce != "mean" else 0)
    np.testing.assert_array_equal(got, expect)
    bad = i.copy()
    bad[::7] = -1 - bad[::7] * 3  # negatives down to -19, beyond -num_segments
    bad[1::11] = 7 + bad[1::11] * 2  # and past the end
    bad[2::13] = 2**40  # far past: no count array of that length is made
    bad[3::17] = -(2**40)
    check(sc.scatter(v, bad, 7, reduce=reduce, fill_value=-2.0),
          loop_oracle(v, bad, 7, 0, reduce, -2.0))  # fmt: skip


def test_numpy_segment_reduced_to_initial_value_is_not_empty() -> None:
    """A segment whose max is -inf is not empty: fill_value only where no index lands."""
    v = np.array([-np.inf, -np.inf, 2.0], dtype=np.float32)
    got = sc.segment_max(v, np.array([0, 0, 2]), 4, fill_value=0.0)
    np.testing.assert_array_equal(got, np.array([-np.inf, 0.0, 2.0, 0.0], dtype=np.float32))
    got = sc.segment_min(np.array([5, 3], dtype=np.int8), np.array([1, 1]), 3, fill_value=-1)
    np.testing.assert_array_equal(got, np.array([-1, 3, -1], dtype=np.int8))


@pytest.mark.parametrize("reduce", REDUCTIONS)
def test_torch_scatter_reduce_oracle(reduce: str) -> None:
    torch = pytest.importorskip("torch")
    g = torch.Generator().manual_seed(0)
    v = torch.randn(50, 4, 3, generator=g, dtype=torch.float64)
    i = torch.randint(0, 6, (4,), generator=g)
    op = {"max": "amax", "min": "amin"}.get(reduce, reduce)
    expect = torch.zeros(50, 6, 3, dtype=torch.float64).scatter_reduce(
        1, i.view(1, 4, 1).expand(50, 4, 3), v, op, include_self=False
    )
    for backend in ("numpy", "torch", "mlx"):
        if backend == "mlx":
            pytest.importorskip("mlx.core")
        got = sc.scatter(
            from_numpy(backend, v.numpy()), from_numpy(backend, i.numpy()), 6, axis=1, reduce=reduce
        )
        np.testing.assert_allclose(to_numpy(got), expect.numpy(), rtol=1e-6)


@pytest.mark.parametrize("reduce", REDUCTIONS)
@pytest.mark.parametrize("include_self", [True, False])
@pytest.mark.filterwarnings("ignore:index_reduce\\(\\) is in beta")
def test_index_reduce_torch_oracle(reduce: str, include_self: bool, backend: str) -> None:
    torch = pytest.importorskip("torch")
    g = torch.Generator().manual_seed(1)
    x = torch.randn(3, 5, dtype=torch.float64, generator=g)
    v = torch.randn(3, 7, dtype=torch.float64, generator=g)
    i = torch.randint(0, 5, (7,), generator=g)
    if reduce == "sum":
        expect = x.index_add(1, i, v) if include_self else x.index_fill(1, i, 0).index_add(1, i, v)
    else:
        op = {"max": "amax", "min": "amin"}.get(reduce, reduce)
        expect = x.index_reduce(1, i, v, op, include_self=include_self)
    bad = np.concatenate([i.numpy(), [-1, 5]])  # invalid ones are dropped
    vv = np.concatenate([v.numpy(), np.full((3, 2), 1e9)], axis=1)
    got = sc.index_reduce(
        from_numpy(backend, x.numpy()),
        from_numpy(backend, bad),
        from_numpy(backend, vv),
        axis=1,
        reduce=reduce,
        include_self=include_self,
    )
    tol = 1e-6 if backend != "mlx" else 1e-5  # mlx: float64 on the CPU stream, same tolerance
    np.testing.assert_allclose(to_numpy(got), expect.numpy(), rtol=tol, atol=tol)


@given(case=cases(), include_self=st.booleans())
def test_index_reduce_matches_loop(backend: str, case: Any, include_self: bool) -> None:
    values, index, segments, axis, reduce = case
    shape = list(values.shape)
    shape[axis] = segments
    x = np.linspace(-2, 2, math.prod(shape), dtype=np.float32).reshape(shape)
    got = sc.index_reduce(
        from_numpy(backend, x),
        from_numpy(backend, index),
        from_numpy(backend, values),
        axis=axis,
        reduce=reduce,
        include_self=include_self,
    )
    # Oracle: the loop over [x's slice] + values when include_self, else values only.
    v = np.moveaxis(values.astype(np.float64), axis, 0)
    xm = np.moveaxis(x.astype(np.float64), axis, 0)
    expect = xm.copy()
    red = {"sum": np.sum, "mean": np.mean, "max": np.max, "min": np.min, "prod": np.prod}[reduce]
    for s in range(segments):
        rows = v[index == s]
        if len(rows):
            expect[s] = red(np.concatenate([xm[s : s + 1], rows]) if include_self else rows, axis=0)
    check(got, np.moveaxis(expect, 0, axis))


# --------------------------------------------------------------------------------------------
# errors
# --------------------------------------------------------------------------------------------


def test_errors_name_function_backend_shape_dtype(backend: str) -> None:
    v = from_numpy(backend, np.ones((4, 2), dtype=np.float32))
    i = from_numpy(backend, np.asarray([0, 1, 0, 1]))
    with pytest.raises(TypeError, match=rf"segment_sum\(\) \[{backend}\].*integer.*float32"):
        sc.segment_sum(v, from_numpy(backend, np.zeros(4, dtype=np.float32)), 2)
    with pytest.raises(ValueError, match=rf"scatter\(\) \[{backend}\].*\(4, 1\)"):
        sc.scatter(v, from_numpy(backend, np.zeros((4, 1), dtype=np.int64)), 2)
    with pytest.raises(ValueError, match=r"values.shape\[1\] = 2.*\(4,\)"):
        sc.scatter(v, i, 2, axis=1)
    with pytest.raises(ValueError, match="axis"):
        sc.scatter(v, i, 2, axis=2)
    with pytest.raises(TypeError, match="num_segments"):
        sc.scatter(v, i, 2.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="num_segments"):
        sc.scatter(v, i, True)
    with pytest.raises(ValueError, match="num_segments"):
        sc.scatter(v, i, -1)
    with pytest.raises(ValueError, match="reduce"):
        sc.scatter(v, i, 2, reduce="median")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="numeric"):
        sc.scatter(from_numpy(backend, np.ones(4, dtype=bool)), i, 2)
    with pytest.raises(TypeError, match="fill_value"):
        sc.segment_sum(from_numpy(backend, np.ones(4, dtype=np.int32)), i, 2, fill_value=0.5)
    with pytest.raises(TypeError, match="mean"):
        sc.index_reduce(
            from_numpy(backend, np.ones(2, dtype=np.int32)),
            i,
            from_numpy(backend, np.ones(4, dtype=np.int32)),
            reduce="mean",
        )
    with pytest.raises(ValueError, match="shape"):
        sc.index_reduce(from_numpy(backend, np.ones((2, 3), dtype=np.float32)), i, v)


def test_mixed_libraries_raise() -> None:
    torch = pytest.importorskip("torch")
    with pytest.raises(TypeError, match="numpy and torch"):
        sc.segment_sum(np.ones(2), torch.zeros(2, dtype=torch.int64), 2)


def test_mixed_devices_raise_on_strict() -> None:
    dev1 = array_api_strict.Device("device1")
    v = array_api_strict.ones(3, device=dev1)
    i = array_api_strict.asarray([0, 1, 1])
    with pytest.raises(ValueError, match=r"different devices.*device1.*CPU_DEVICE"):
        sc.segment_sum(v, i, 2)
    got = sc.segment_sum(v, array_api_strict.asarray([0, 1, 1], device=dev1), 2)
    assert got.device == dev1
    np.testing.assert_array_equal(got._array, [1.0, 2.0])


def test_strict_no_float64_device_keeps_float32() -> None:
    """On a device without float64, integer means use its default float (float32)."""
    dev = array_api_strict.Device("no_float64")
    v = array_api_strict.asarray([1, 2, 4], device=dev)
    i = array_api_strict.asarray([0, 0, 1], device=dev)
    got = sc.segment_mean(v, i, 2)
    assert got.dtype == array_api_strict.float32
    assert got.device == dev


# --------------------------------------------------------------------------------------------
# mlx: lazy, and the crash case
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("reduce", REDUCTIONS)
def test_mlx_stays_lazy(reduce: str) -> None:
    """Tracing under mx.compile raises on any evaluation (.item(), numpy round trip, eval)."""
    mx = pytest.importorskip("mlx.core")

    def f(v: Any, i: Any) -> Any:
        return sc.scatter(v, i, 4, axis=1, reduce=reduce, fill_value=-1.0)

    v = mx.ones((2, 6, 3))
    i = mx.array([0, 5, -1, 2, 2, 3])
    traced = mx.compile(f)(v, i)
    assert traced.shape == (2, 4, 3)
    ir = mx.compile(lambda x, i, v: sc.index_reduce(x, i, v, axis=1, reduce=reduce))(
        mx.zeros((2, 4, 3)), i, v
    )
    assert ir.shape == (2, 4, 3)


def test_mlx_out_of_range_does_not_crash() -> None:
    """Native ``x.at[idx].add`` with idx out of range corrupts memory; the shim drops them."""
    mx = pytest.importorskip("mlx.core")
    v = mx.ones(1000)
    i = mx.array(np.arange(1000) * 1000 - 500_000)  # 10**3 - 1 indices far out of range
    got = sc.segment_sum(v, i, 10)
    assert to_numpy(got).tolist() == [1.0] + [0.0] * 9


def test_mlx_compiled_scatter_is_made_per_fill_and_reduction() -> None:
    """The compiled sum/mean/prod is made once per what it reads: the same shapes with another
    fill (NaN, -0.0 against 0.0), reduction or dtype never reuse another's; the results equal
    numpy's, signed zeros and NaN included, and the gradient of a mean is 1 / count."""
    mx = pytest.importorskip("mlx.core")
    values = np.array([[1.5, -2.0], [3.0, 4.0], [-0.5, 8.0], [2.0, 2.0]], dtype=np.float32)
    index = np.array([0, 2, 2, -1])  # segment 1 and 3 empty, one index dropped
    for dtype in ("float32", "float16"):
        v = mx.array(values.astype(dtype))
        for reduce in ("sum", "mean", "prod"):
            for fill in (0.0, -0.0, math.nan, 7.0, 0.0):
                got = to_numpy(sc.scatter(v, mx.array(index), 4, reduce=reduce, fill_value=fill))
                want = sc.scatter(values.astype(dtype), index, 4, reduce=reduce, fill_value=fill)
                np.testing.assert_array_equal(got, want)
                assert (np.signbit(got) == np.signbit(want)).all(), (reduce, fill)
    grad = mx.grad(lambda x: sc.segment_mean(x, mx.array(index), 4).sum())(mx.array(values))
    assert to_numpy(grad)[:, 0].tolist() == [1.0, 0.5, 0.5, 0.0]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_mlx_float_extremum_keys(dtype: str) -> None:
    """max/min through integer keys: signed zeros, infinities, NaN of either sign, empty
    segments, dropped indices; the gradient reaches the winners (mlx's own vjp rule)."""
    mx = pytest.importorskip("mlx.core")
    nan, inf = float("nan"), float("inf")
    vals = [nan, 1.0, -0.0, 0.0, -3.0, -inf, 5.0, -nan, inf, 2.0]
    idx = [0, 0, 1, 1, 2, 2, 9, 3, 4, -1]
    want_max = [nan, 0.0, -3.0, nan, inf, 7.5]
    want_min = [nan, -0.0, -inf, nan, inf, 7.5]
    with mx.stream(mx.cpu):  # float64 runs on the CPU only
        v = mx.array(np.array(vals, dtype=dtype))
        i = mx.array(idx)
        got_max = to_numpy(sc.segment_max(v, i, 6, fill_value=7.5))
        got_min = to_numpy(sc.segment_min(v, i, 6, fill_value=7.5))
        np.testing.assert_array_equal(got_max, np.array(want_max, dtype=dtype))
        np.testing.assert_array_equal(got_min, np.array(want_min, dtype=dtype))
        assert not np.signbit(got_max[1])
        assert np.signbit(got_min[1])
        w = mx.array(np.array([2.0, 1.0, -1.0, 0.5, -3.0, 4.0, 5.0, 6.0, 7.0, 8.0], dtype=dtype))
        weights = mx.array(np.arange(1.0, 7.0, dtype=dtype))
        grad = mx.grad(lambda x: (sc.segment_max(x, i, 6) * weights).sum())(w)
        assert to_numpy(grad).tolist() == [1.0, 0.0, 0.0, 2.0, 0.0, 3.0, 0.0, 4.0, 5.0, 0.0]


def test_exports() -> None:
    assert ember_array.scatter.scatter is sc.scatter
    for name in sc.__all__:
        assert callable(getattr(sc, name))
        assert getattr(sc, name).__doc__


def test_docs_example_runs_and_says_what_it_does() -> None:
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "guides" / "scatter.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks
    for block in blocks:
        if "import torch" in block:
            pytest.importorskip("torch")  # the guide's torch example (a numpy-only install)
        ns: dict[str, Any] = {}
        exec(block, ns)
        values, index = ns["values"], ns["index"]
        np.testing.assert_array_equal(sc.scatter(values, index, 3), [4.0, 0.0, 2.0])
        np.testing.assert_array_equal(sc.scatter(values, index, 3, reduce="mean"), [2, 0, 2])
        np.testing.assert_array_equal(
            sc.segment_max(values, index, 3, fill_value=np.nan), [3.0, np.nan, 2.0]
        )
        np.testing.assert_array_equal(
            sc.index_reduce(np.zeros(3), np.array([2, 0, 2]), np.ones(3)), [1.0, 0.0, 2.0]
        )


def test_docstring_examples() -> None:
    import doctest

    pytest.importorskip("torch")  # the examples show a torch tensor too (a numpy-only install)

    assert doctest.testmod(sc, raise_on_error=True).attempted >= 2


def test_checked_arguments_are_reused_only_where_they_hold() -> None:
    """The type-level checks are cached per combination; shapes, devices, fill values that
    compare equal (0, 0.0, -0.0, False) and an integer mean's default dtype are not."""
    torch = pytest.importorskip("torch")
    v = np.ones((4, 2), dtype=np.float32)
    idx = np.array([0, 0, 1, 3])
    for _ in range(2):  # the second call takes the cached checks
        assert sc.segment_mean(v, idx, 4).shape == (4, 2)
        with pytest.raises(ValueError, match=r"segment_mean\(\) \[numpy\]: index must be 1-d"):
            sc.segment_mean(v, idx[:3], 4)
    assert np.signbit(sc.segment_mean(v, idx, 4, fill_value=-0.0)[2]).all()
    assert not np.signbit(sc.segment_mean(v, idx, 4, fill_value=0)[2]).any()
    ti = torch.tensor([0, 1, 1])
    x = torch.tensor([1, 2, 4])
    assert sc.segment_mean(x, ti, 2).dtype == torch.float32
    old = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    try:
        assert sc.segment_mean(x, ti, 2).dtype == torch.float64
    finally:
        torch.set_default_dtype(old)
    for _ in range(2):  # "meta": a second device on every machine
        with pytest.raises(ValueError, match="different devices"):
            sc.segment_sum(torch.ones(3, device="meta"), ti, 2)

"""One behaviour on every backend (issue 30): the same call gives the same answer, or the same
error, on numpy, torch, mlx and dask.

Each test is a call on which the backends used to disagree (``docs/robustness.md``, the
agreement table): a silent value difference, or a valid input some backend refused.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np
import pytest

from tests._helpers import namespace, native_name, to_numpy

ALL = ("numpy", "torch", "mlx", "dask")


def _ns(name: str) -> ModuleType:
    pytest.importorskip(native_name(name))
    return namespace(name)


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("to", ["float32", "int32", "bool"])
def test_astype_complex_to_real_raises_everywhere(name: str, to: str) -> None:
    """The standard: the cast "should not be permitted"; numpy, torch and dask used to drop the
    imaginary part, mlx raised. One message form on every backend."""
    xp = _ns(name)
    x = xp.asarray(np.asarray([1 + 2j, 3 - 1j], dtype=np.complex64))
    with pytest.raises(TypeError, match=rf"astype \[{name}\]: casting complex64 to {to} is not"):
        xp.astype(x, getattr(xp, to))
    assert to_numpy(xp.astype(x, xp.complex64)).tolist() == [1 + 2j, 3 - 1j]


def test_dask_take_out_of_range_never_returns_another_row(no_compute: None) -> None:
    """dask's take of index 9 on 3 rows returned row 0; the check runs per block when the
    graph is computed (nothing computes while it is built), or at once on concrete indices."""
    xp = _ns("dask")
    x = xp.asarray(np.arange(12.0).reshape(3, 4))
    lazy = xp.take(x, xp.asarray(np.asarray([0, 9])), axis=0)
    inside = xp.take(x, xp.asarray(np.asarray([0, -1])), axis=0)
    with pytest.raises(IndexError, match=r"take\(\) \[dask\]: index out of range"):
        xp.take(x, [0, -4], axis=0)
    with pytest.raises(TypeError, match="integer dtype"):
        xp.take(x, xp.asarray(np.asarray([0.0, 1.0])), axis=0)
    import dask

    with dask.config.set(scheduler="sync"):
        with pytest.raises(IndexError, match="index out of range"):
            lazy.compute()
        assert inside.compute().tolist() == [[0, 1, 2, 3], [8, 9, 10, 11]]


def test_dask_take_along_axis_out_of_range_raises_when_computed() -> None:
    xp = _ns("dask")
    x = xp.asarray(np.arange(6.0).reshape(2, 3))
    y = xp.take_along_axis(x, xp.asarray(np.asarray([[0], [5]])), axis=1)
    with pytest.raises(IndexError, match="index out of range"):
        y.compute(scheduler="sync")


def test_dask_huge_shapes_raise_instead_of_building_for_minutes() -> None:
    xp = _ns("dask")
    for make in (
        lambda: xp.full((2**31,) * 3, 1.0),
        lambda: xp.zeros((2**32, 2**32)),
        lambda: xp.eye(2**31),
    ):
        with pytest.raises(ValueError, match=r"\[dask\]: shape .* elements"):
            make()
    with pytest.raises(ValueError, match=r"tile\(\) \[dask\]: repetitions .* blocks"):
        xp.tile(xp.ones((3, 4)), (2**20, 2**20))
    assert xp.zeros((2**40,)).shape == (2**40,)  # lazy and large is fine
    assert xp.tile(xp.ones((3, 4)), (2, 1)).shape == (6, 4)


@pytest.mark.parametrize("name", ALL)
def test_where_reads_any_condition_as_nonzero(name: str) -> None:
    """torch refused a non-bool condition; numpy, mlx and dask read it as ``!= 0``."""
    xp = _ns(name)
    c = xp.asarray(np.asarray([1.5, 0.0, -2.0], dtype=np.float32))
    a, b = (xp.asarray(np.full(3, v, dtype=np.float32)) for v in (1.0, 2.0))
    assert to_numpy(xp.where(c, a, b)).tolist() == [1.0, 2.0, 1.0]


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("dt", ["int32", "bool"])
def test_matrix_rank_of_integer_and_bool_matrices(name: str, dt: str) -> None:
    xp = _ns(name)
    m = xp.asarray(np.asarray([[1, 0, 1], [1, 0, 1], [0, 1, 0]]).astype(dt))
    assert int(to_numpy(xp.linalg.matrix_rank(m))) == 2


@pytest.mark.parametrize("name", ALL)
def test_cholesky_of_a_nan_matrix_is_nan(name: str) -> None:
    """torch raised LinAlgError; numpy, mlx and dask return a factor holding NaN (which of its
    entries is left to LAPACK). The other matrix of the stack is untouched."""
    xp = _ns(name)
    m = np.stack([np.eye(3), 4 * np.eye(3)]).astype(np.float32)
    m[0, 0, 0] = np.nan
    out = to_numpy(xp.linalg.cholesky(xp.asarray(m)))
    assert np.isnan(out[0]).any()
    assert np.allclose(out[1], 2 * np.eye(3))


def test_torch_cholesky_of_a_finite_indefinite_matrix_still_raises() -> None:
    xp = _ns("torch")
    with pytest.raises(ValueError, match="positive-definite"):
        xp.linalg.cholesky(xp.asarray(-np.eye(2, dtype=np.float32)))


@pytest.mark.parametrize("name", ALL)
def test_meshgrid_flattens_arrays_of_several_dimensions(name: str) -> None:
    xp = _ns(name)
    a = xp.asarray(np.ones((2, 3), dtype=np.float32))
    b = xp.asarray(np.ones(4, dtype=np.float32))
    assert [tuple(g.shape) for g in xp.meshgrid(a, b)] == [(4, 6), (4, 6)]


@pytest.mark.parametrize("dt", ["uint16", "uint32", "uint64"])
@pytest.mark.parametrize("reduce", ["sum", "max", "min", "prod", "mean"])
def test_torch_scatter_of_wide_unsigned_integers(dt: str, reduce: Any) -> None:
    """torch has no uint16/32/64 index_add_/scatter_reduce_ kernels: the signed views run."""
    torch = pytest.importorskip("torch")
    from ember_array import scatter

    values = np.asarray([1, 2, 3, np.iinfo(dt).max, 5, 6], dtype=dt)
    index = np.asarray([0, 1, 0, 2, 7, -1])
    got = scatter.scatter(torch.from_numpy(values), torch.from_numpy(index), 3, reduce=reduce)
    want = np.asarray(scatter.scatter(values, index, 3, reduce=reduce))
    if reduce == "mean":  # the default float of each backend
        np.testing.assert_allclose(got.numpy(), want, rtol=1e-6)
    else:
        assert str(got.dtype).endswith(str(want.dtype))
        np.testing.assert_array_equal(to_numpy(got), want)


@pytest.mark.parametrize("func", ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"])
def test_fft_over_an_empty_batch(func: str) -> None:
    """torch's FFT plans failed for a (0, 4) input; numpy returns an empty result."""
    complex_in = func in ("fft", "ifft", "irfft", "hfft")
    x = np.zeros((0, 4), dtype=np.complex64 if complex_in else np.float32)
    want = getattr(_ns("numpy").fft, func)(x)
    got = getattr(_ns("torch").fft, func)(_ns("torch").asarray(x))
    assert tuple(got.shape) == want.shape
    assert str(got.dtype).endswith(str(want.dtype))


def test_mlx_empty_argmax_fftn_of_0d() -> None:
    xp = _ns("mlx")
    assert tuple(xp.argmax(xp.zeros((0, 4)), axis=-1).shape) == (0,)
    assert tuple(xp.argmin(xp.zeros((0, 4)), axis=1, keepdims=True).shape) == (0, 1)
    with pytest.raises(ValueError, match="zero size"):
        xp.argmax(xp.zeros((4, 0)), axis=-1)  # the reduced axis is empty: numpy raises too
    assert complex(to_numpy(xp.fft.fftn(xp.asarray(2.0)))) == 2 + 0j


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("func", ["take", "take_along_axis"])
@pytest.mark.parametrize("bad", [13, -13])
def test_out_of_range_gathers_never_return_another_element(name: str, func: str, bad: int) -> None:
    """torch's take_along_dim wrapped index 13 into a row of 4 (another element, with no error),
    dask's take gave another row: an IndexError on numpy, torch and dask, mlx's NaN fill."""
    xp = _ns(name)
    x = xp.asarray(np.arange(12.0, dtype=np.float32).reshape(3, 4))
    idx = xp.asarray(np.asarray([[0], [bad], [1]]) if func == "take_along_axis" else [0, bad])
    try:
        out = to_numpy(getattr(xp, func)(x, idx, axis=1))
    except IndexError:
        assert name != "mlx"
        return
    assert name == "mlx", out
    assert np.isnan(out[1] if func == "take_along_axis" else out[:, 1]).all()


def test_dask_checks_what_numpy_checks(no_compute: None) -> None:
    """Calls dask answered (some with other values) where numpy raises, and calls that
    computed the graph while it was built: each a TypeError/ValueError naming the function."""
    xp = _ns("dask")
    x = xp.asarray(np.arange(12.0).reshape(3, 4))
    zero_d = xp.asarray(1.0)
    for call, match in (
        (lambda: xp.flip(x, axis=(0, 0)), r"flip\(\) \[dask\]: repeated axis"),
        (lambda: xp.full((1.5,), 1.0), r"full\(\) \[dask\]: shape must be an int"),
        (lambda: xp.full_like(x, "1"), r"full_like\(\) \[dask\]: fill_value"),
        (lambda: xp.triu(x, k=1.5), r"triu(\(\))? \[dask\]: k must be an int"),
        (lambda: xp.diff(x, axis="0"), r"diff(\(\))? \[dask\]: axis must be an int"),
        (lambda: xp.isdtype(xp.float32, 1), "kind"),
        (lambda: xp.fft.fftfreq("1"), r"fftfreq(\(\))? \[dask\]: n must be an int"),
        (lambda: xp.fft.rfftfreq(4, d="1"), r"rfftfreq\(\) \[dask\]: d must be a real"),
        (lambda: xp.fft.fftfreq(4, d=zero_d), "would compute the graph"),
        (lambda: xp.arange(zero_d), "would compute the graph"),
        (lambda: xp.linspace(zero_d, 2.0, 5), "would compute the graph"),
    ):
        with pytest.raises((TypeError, ValueError), match=match):
            call()
    assert xp.asarray([x, x]).shape == (2, 3, 4)  # stacked lazily


@pytest.mark.parametrize("name", ALL)
def test_scatter_float_fill_values_behave_alike(name: str) -> None:
    """An int beyond int64 is a float fill (mlx could not convert it, torch not below -2**64);
    a finite fill beyond float32 is a ValueError (numpy stored inf, torch raised)."""
    from ember_array import scatter

    xp = _ns(name)
    v = xp.asarray(np.ones((6, 2), dtype=np.float32))
    i = xp.asarray(np.asarray([0, 1, 0, 2, 7, -1]))
    out = to_numpy(scatter.segment_max(v, i, 4, fill_value=-(2**65)))
    assert out[3].tolist() == [float(-(2**65))] * 2
    with pytest.raises(ValueError, match="out of range for"):
        scatter.segment_max(v, i, 4, fill_value=1e308)


@pytest.mark.parametrize("name", ALL)
def test_segment_min_of_uint64(name: str) -> None:
    """mlx could not fill a uint64 buffer with uint64's maximum (the identity of min)."""
    from ember_array import scatter

    xp = _ns(name)
    values = np.asarray([[1, 2], [3, 4], [5, 6], [2**64 - 1, 7], [8, 9], [1, 1]], np.uint64)
    index = np.asarray([0, 1, 0, 2, 7, -1])
    got = to_numpy(scatter.segment_min(xp.asarray(values), xp.asarray(index), 4))
    np.testing.assert_array_equal(got, scatter.segment_min(values, index, 4))


@pytest.mark.parametrize("name", ALL)
def test_fft_norm_none_is_backward(name: str) -> None:
    xp = _ns(name)
    x = xp.asarray(np.ones(4, dtype=np.complex64))
    assert to_numpy(xp.fft.fft(x, norm=None)).tolist() == [4, 0, 0, 0]


def test_mlx_fftfreq_of_a_large_integer_spacing() -> None:
    """mlx converted d * n through int64 (std::bad_cast); numpy reads an int d as a float."""
    xp = _ns("mlx")
    got = to_numpy(xp.fft.fftfreq(4, d=2**63))
    np.testing.assert_allclose(got, np.fft.fftfreq(4, d=2**63), rtol=1e-6)


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("flag", [1, "yes", None])
def test_bool_keywords_read_as_their_truth(name: str, flag: Any) -> None:
    """torch (and mlx's argmax) refused a non-bool ``descending``/``stable``/``keepdims``/
    ``copy``/``upper`` where numpy and dask read its truth: the refusing backend retries with
    the truth (only once it has refused)."""
    xp = _ns(name)
    x = xp.asarray(np.asarray([3.0, 1.0, 2.0], dtype=np.float32))
    want = [0, 2, 1] if flag else [1, 2, 0]
    assert to_numpy(xp.argsort(x, descending=flag, stable=flag)).tolist() == want
    assert to_numpy(xp.argmax(x, axis=0, keepdims=flag)).tolist() == ([0] if flag else 0)
    assert to_numpy(xp.astype(x, xp.float32, copy=flag)).tolist() == [3.0, 1.0, 2.0]
    if name != "mlx":  # mlx.sort has no descending (ember_array.mlx reads its truth)
        assert to_numpy(xp.sort(x, descending=flag)).tolist()[0] == (3.0 if flag else 1.0)
    eye = xp.asarray(4 * np.eye(2, dtype=np.float32))
    assert to_numpy(xp.linalg.cholesky(eye, upper=flag)).tolist() == [[2, 0], [0, 2]]


@pytest.mark.parametrize("func", ["sum", "prod", "mean", "max", "min"])
def test_mlx_reductions_take_an_int_keepdims_as_numpy_does(func: str) -> None:
    """numpy's reductions read ``keepdims=1`` as True and refuse 1.5; mlx refused both."""
    x = np.asarray([[3.0, 1.0], [2.0, 5.0]], dtype=np.float32)
    xp = _ns("mlx")
    assert tuple(getattr(xp, func)(xp.asarray(x), axis=0, keepdims=1).shape) == (1, 2)
    with pytest.raises(TypeError):
        getattr(xp, func)(xp.asarray(x), axis=0, keepdims=1.5)


def test_torch_fft_reads_a_bool_axis_and_n_as_ints() -> None:
    t = _ns("torch")
    x = np.ones((2, 4), dtype=np.float32)
    assert tuple(t.fft.rfft(t.asarray(x), n=True).shape) == np.fft.rfft(x, n=True).shape
    assert tuple(t.fft.rfft(t.asarray(x), axis=True).shape) == np.fft.rfft(x, axis=True).shape


@pytest.mark.parametrize("name", ["torch", "mlx"])
@pytest.mark.parametrize("k", [True, 2**31, 2**63, 9, -5])
def test_triangles_take_the_diagonals_numpy_takes(name: str, k: int) -> None:
    """torch refused a bool ``k`` and one beyond int64, mlx one beyond int32."""
    a = np.arange(12.0, dtype=np.float32).reshape(3, 4)
    xp, n = _ns(name), _ns("numpy")
    for f in ("tril", "triu"):
        got = to_numpy(getattr(xp, f)(xp.asarray(a), k=k))
        np.testing.assert_array_equal(got, getattr(n, f)(a, k=k))
    with pytest.raises(TypeError):
        xp.tril(xp.asarray(a), k=1.5)  # numpy's tril of k=1.5 is no triangle: refused


def test_mlx_rtol_beyond_int64() -> None:
    xp = _ns("mlx")
    eye = xp.asarray(np.eye(3, dtype=np.float32))
    assert int(to_numpy(xp.linalg.matrix_rank(eye, rtol=2**63))) == 0
    assert tuple(xp.linalg.pinv(eye, rtol=2**64).shape) == (3, 3)


_A = np.arange(12.0, dtype=np.float32).reshape(3, 4)

#: calls whose keywords numpy reads (a flag's truth, a bool as its int) and torch, mlx or dask
#: refused: each must give numpy's answer on every backend
_KEYWORD_CALLS: dict[str, Any] = {
    "vector_norm keepdims=None": lambda xp, a: xp.linalg.vector_norm(a, keepdims=None),
    "vector_norm ord=None": lambda xp, a: xp.linalg.vector_norm(a, axis=1, ord=None),
    "vector_norm axis=True": lambda xp, a: xp.linalg.vector_norm(a, axis=True),
    "linspace endpoint=None": lambda xp, a: xp.linspace(0, 1, 4, endpoint=None),
    "linspace num=True": lambda xp, a: xp.linspace(0, 1, True),
    "count_nonzero keepdims=None": lambda xp, a: xp.count_nonzero(a, keepdims=None),
    "all keepdims=1": lambda xp, a: xp.all(a, axis=0, keepdims=1),
    "any keepdims=1": lambda xp, a: xp.any(a, keepdims=1),
    "std keepdims=1": lambda xp, a: xp.std(a, axis=0, keepdims=1),
    "var keepdims=1": lambda xp, a: xp.var(a, keepdims=1),
    "max keepdims=1": lambda xp, a: xp.max(a, axis=1, keepdims=1),
    "min keepdims=1": lambda xp, a: xp.min(a, keepdims=1),
    "asarray copy=1": lambda xp, a: xp.asarray(a, copy=1),
    "eye k=True": lambda xp, a: xp.eye(3, k=True),
    "rfft n=True": lambda xp, a: xp.fft.rfft(a, n=True),
    "ihfft n=True": lambda xp, a: xp.fft.ihfft(a, n=True),
    "diff axis=True": lambda xp, a: xp.diff(a, axis=True),
    "flip axis=True": lambda xp, a: xp.flip(a, axis=True),
    "sort axis=True": lambda xp, a: xp.sort(a, axis=True, descending=1),
    "stack axis=True": lambda xp, a: xp.stack([a, a], axis=True),
    "unstack axis=True": lambda xp, a: xp.unstack(a, axis=True)[1],
    "take_along_axis axis=True": lambda xp, a: xp.take_along_axis(
        a, xp.asarray(np.zeros((3, 1), dtype=np.int64)), axis=True
    ),
}


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("call", sorted(_KEYWORD_CALLS))
def test_keywords_read_as_numpy_reads_them(name: str, call: str) -> None:
    """torch and mlx type their keywords strictly: a flag given None or 1, or a bool where an
    int goes, is read as numpy reads it once the backend has refused it."""
    xp, f = _ns(name), _KEYWORD_CALLS[call]
    want = f(_ns("numpy"), _A)
    got = to_numpy(f(xp, xp.asarray(_A)))
    np.testing.assert_allclose(got, want, rtol=1e-6)
    assert got.shape == np.shape(want)


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize(
    ("shift", "axis"),
    [(2**63, None), (-(2**70), 1), (2**31, 0), (True, None), (1, True), (1, (0, 0)), (1, ())],
)
def test_roll_reads_shifts_as_numpy_does(name: str, shift: Any, axis: Any) -> None:
    """torch refused shifts beyond int64, mlx beyond int32, both a bool shift; torch and dask
    refused one shift for several axes, numpy a bool shift: every backend rolls as numpy."""
    xp = _ns(name)
    got = to_numpy(xp.roll(xp.asarray(_A), shift, axis=axis))
    np.testing.assert_array_equal(got, np.roll(_A, int(shift), axis=axis))


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("dt", ["int8", "int32", "int64"])
def test_integer_linspace_floors_as_numpy(name: str, dt: str) -> None:
    """The standard says "should be" floating but allows an integer dtype; numpy floors the
    float grid (``-5 + 3 * 10/6`` is 0, ``-2.5 + 3 * 1`` is 0), torch and mlx truncated
    toward zero (-1 and 0), and torch's own grid put the middle of (-5, 5, 7) at -1.7e-16."""
    xp = _ns(name)
    dtype = getattr(xp, dt)
    for start, stop, num, endpoint in [
        (-3, 0, 3, True),
        (-5, 5, 7, True),
        (-2.5, 2.5, 6, False),
        (-1, -7, 5, True),
        (-3, 3, 4, False),
    ]:
        got = to_numpy(xp.linspace(start, stop, num, dtype=dtype, endpoint=endpoint))
        want = np.linspace(start, stop, num, dtype=dt, endpoint=endpoint)
        assert got.dtype == want.dtype
        assert got.tolist() == want.tolist(), (start, stop, num, endpoint)


@pytest.mark.parametrize("name", ALL)
def test_same_device_of_arrays_and_scalars_answers(name: str) -> None:
    """numpy and dask raised "truth value ambiguous" (the elementwise ``array == None``)."""
    import ember_array

    xp = _ns(name)
    a = xp.ones((3, 4))
    for x, y in ((a, None), (None, a), (a, 1), (1.5, a)):
        assert ember_array.same_device(x, y) is False
    assert ember_array.same_device(None, None) is True
    assert ember_array.same_device(xp.__array_namespace_info__().default_device(), "cpu")


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("func", ["dtypes", "default_dtypes"])
def test_info_refuses_a_device_not_the_backends(name: str, func: str) -> None:
    """numpy and dask raised ``ValueError`` for another library's device, torch and mlx
    answered for it."""
    import array_api_strict

    info = _ns(name).__array_namespace_info__()
    with pytest.raises(ValueError, match=r"(?i)device"):
        getattr(info, func)(device=array_api_strict.Device("device1"))
    assert getattr(info, func)(device=info.default_device())


def test_mlx_cholesky_of_a_matrix_not_positive_definite_is_nan() -> None:
    """mlx ignores potrf's failure (ml-explore/mlx#2111): a wrong finite factor (``[[1, 0],
    [2, -3]]`` for ``[[1, 2], [2, 1]]``); numpy and torch raise. NaN for that matrix, lazily;
    the others of the stack are untouched, under mx.compile, mx.vmap and mx.grad too."""
    mx = pytest.importorskip("mlx.core")

    xp = _ns("mlx")
    m = np.stack([[[1.0, 2.0], [2.0, 1.0]], np.zeros((2, 2)), -np.eye(2), [[4.0, 1.0], [1.0, 3.0]]])
    m = m.astype(np.float32)
    good = np.linalg.cholesky(m[3])
    for upper in (False, True):
        out = to_numpy(xp.linalg.cholesky(xp.asarray(m), upper=upper))
        assert np.isnan(out[:3]).all()
        np.testing.assert_allclose(out[3], good.T if upper else good, rtol=1e-6)
    assert np.isnan(to_numpy(xp.linalg.cholesky(xp.asarray(m[0])))).all()
    compiled = mx.compile(lambda a: xp.linalg.cholesky(a))
    assert np.isnan(to_numpy(compiled(mx.array(m)))[:3]).all()
    mapped = to_numpy(mx.vmap(lambda a: xp.linalg.cholesky(a))(mx.array(m)))
    assert np.isnan(mapped[:3]).all()
    assert np.isfinite(mapped[3]).all()
    grad = mx.grad(lambda a: mx.sum(xp.linalg.cholesky(a)))(mx.array(m[3]))
    assert np.isfinite(to_numpy(grad)).all()


def test_dask_reads_keywords_and_refuses_values_as_torch_and_mlx() -> None:
    """dask's wrappers read ``keepdims=None``, ``axis=True`` and ``k=True`` as numpy does, and
    refuse what the standard rejects and torch and mlx refuse (``axes=-1``, ``n=-1``)."""
    xp = _ns("dask")
    stack = np.ones((2, 3, 3), dtype=np.float32)
    got = to_numpy(xp.linalg.matrix_norm(xp.asarray(stack), keepdims=None))
    np.testing.assert_allclose(got, np.linalg.matrix_norm(stack), rtol=1e-6)
    assert tuple(xp.expand_dims(xp.asarray(_A), axis=True).shape) == (3, 1, 4)
    np.testing.assert_array_equal(to_numpy(xp.eye(3, k=True)), np.eye(3, k=1))
    with pytest.raises(ValueError, match=r"tensordot\(\) \[dask\]: axes must be >= 0"):
        xp.tensordot(xp.asarray(_A), xp.asarray(_A), axes=-1)
    with pytest.raises(ValueError, match=r"rfftfreq\(\) \[dask\]: n must be >= 0"):
        xp.fft.rfftfreq(-1)

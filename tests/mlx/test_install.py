"""install()/uninstall(): explicit, reversible patches of mx.array and mx.Dtype."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest

mx = pytest.importorskip("mlx.core")

import ember_array  # noqa: E402
import ember_array.mlx as xp  # noqa: E402
from ember_array.mlx import _array  # noqa: E402

PATCHED = [
    "device", "to_device", "__array_namespace__", "__getitem__", "__setitem__", "__rand__",
    "__ror__", "__rxor__", "__rlshift__", "__rrshift__", "__rmod__", "__mod__", "__lshift__",
    "__rshift__", "__imod__", "__ilshift__", "__irshift__", "__rmatmul__", "__add__", "__radd__",
    "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__", "__rtruediv__", "__pow__",
    "__rpow__", "__reduce_ex__", "__floordiv__", "__rfloordiv__", "__lt__", "__le__", "__gt__",
    "__ge__", "__eq__", "__ne__", "__and__", "__or__", "__xor__", "__imatmul__",
]  # fmt: skip


@pytest.fixture
def installed():
    xp.install()
    try:
        yield
    finally:
        xp.uninstall()


def test_not_installed_on_import():
    assert not _array.installed()
    assert not hasattr(mx.array([1]), "device")
    assert mx.array([1]).__array_namespace__() is mx
    with pytest.raises(TypeError):
        mx.float32 == None  # noqa: B015, E711


def test_round_trip_restores_class_dicts():
    before = {n: mx.array.__dict__.get(n) for n in PATCHED}
    dt_before = (mx.Dtype.__dict__["__eq__"], mx.Dtype.__dict__.get("__ne__"))
    xp.install()
    xp.install()  # idempotent
    assert _array.installed()
    xp.uninstall()
    xp.uninstall()
    assert {n: mx.array.__dict__.get(n) for n in PATCHED} == before
    assert (mx.Dtype.__dict__["__eq__"], mx.Dtype.__dict__.get("__ne__")) == dt_before
    assert not _array.installed()


@pytest.mark.usefixtures("installed")
def test_array_object_features():
    x = mx.array([[1.0, 2.0], [3.0, 4.0]])
    assert x.device == xp.__array_namespace_info__().default_device()
    assert x.to_device("cpu") is x
    assert x.__array_namespace__() is xp
    old = x.__array_namespace__(api_version="2024.12")
    assert old.__array_api_version__ == "2024.12"
    assert old is ember_array.namespace(x, api_version="2024.12")
    assert x.__array_namespace__(api_version="2025.12") is xp
    np.testing.assert_array_equal(np.asarray(x.mT), [[1.0, 3.0], [2.0, 4.0]])
    assert mx.array([1.0], dtype=mx.float64).device == "cpu"
    assert x.dtype != None  # noqa: E711
    assert (x.dtype == None) is False  # noqa: E711
    assert xp.__array_namespace_info__().capabilities()["boolean indexing"]


@pytest.mark.usefixtures("installed")
def test_boolean_mask_indexing():
    a = np.arange(24).reshape(2, 3, 4)
    x = mx.array(a)
    m = np.array([True, False, True])
    np.testing.assert_array_equal(np.asarray(x[:, mx.array(m)]), a[:, m])
    m2 = a[..., 0] > 5
    np.testing.assert_array_equal(np.asarray(x[mx.array(m2)]), a[m2])
    assert x[mx.zeros((2, 3, 4), dtype=mx.bool_)].shape == (0,)
    assert mx.array(3)[mx.array(True)].shape == (1,)
    np.testing.assert_array_equal(np.asarray(x[1, 2]), a[1, 2])
    np.testing.assert_array_equal(np.asarray(x[0][mx.array(1) : mx.array(3)]), a[0][1:3])


@pytest.mark.usefixtures("installed")
def test_mask_setitem_with_empty_value():
    # mlx 0.32.4's own __setitem__ aborts the process (SIGFPE) on x[all-False mask] = empty;
    # array_api_extra.isclose/at(...).set reach exactly that (scikit-learn's davies_bouldin,
    # GaussianMixture, average_precision_score on mlx arrays).
    x = mx.array([1.0, 2.0, 3.0])
    x[mx.array([False, False, False])] = mx.zeros((0,))
    np.testing.assert_array_equal(np.asarray(x), [1.0, 2.0, 3.0])
    x[mx.array([True, False, True])] = mx.array([5.0, 6.0])
    np.testing.assert_array_equal(np.asarray(x), [5.0, 2.0, 6.0])
    x[mx.array([False, True, False])] = 7.0
    np.testing.assert_array_equal(np.asarray(x), [5.0, 7.0, 6.0])
    y = mx.zeros((2, 2))
    y[mx.zeros((2,), dtype=mx.bool_), ...] = mx.zeros((0, 2))
    np.testing.assert_array_equal(np.asarray(y), np.zeros((2, 2)))


@pytest.mark.usefixtures("installed")
def test_reflected_and_fixed_operators():
    i = mx.array([1, 2, 3], dtype=mx.int32)
    np.testing.assert_array_equal(np.asarray(6 & i), [0, 2, 2])
    np.testing.assert_array_equal(np.asarray(6 ^ i), [7, 4, 5])
    np.testing.assert_array_equal(np.asarray(1 << i), [2, 4, 8])
    np.testing.assert_array_equal(np.asarray(64 >> i), [32, 16, 8])
    np.testing.assert_array_equal(np.asarray(i << 40), [0, 0, 0])
    np.testing.assert_array_equal(np.asarray(7 % i), [0, 1, 1])
    z = mx.array([-0.0, 0.0])
    assert list(np.signbit(np.asarray(z % mx.array([2.0, -2.0])))) == [False, True]
    y = z
    z %= mx.array([2.0, -2.0])
    assert y is z
    assert list(np.signbit(np.asarray(y))) == [False, True]
    m = mx.array([[1, 2], [3, 4]], dtype=mx.int32)
    assert m.__rmatmul__(m).dtype == mx.int32


OPERATORS: list[Callable[[Any, Any], Any]] = [
    lambda a, b: a + b,
    lambda a, b: b + a,
    lambda a, b: a - b,
    lambda a, b: b - a,
    lambda a, b: a * b,
    lambda a, b: b * a,
    lambda a, b: a / b,
    lambda a, b: b / a,
    lambda a, b: a**b,
    lambda a, b: b**a,
]


@pytest.mark.usefixtures("installed")
@pytest.mark.parametrize("op", OPERATORS)
@pytest.mark.parametrize("other", [0.5j, "complex64"])
def test_operators_promote_as_the_functions(op, other):
    # float64 with complex is complex128 in the standard, which mlx lacks: the operators raise
    # as xp.add does instead of computing complex64 (scipy's `x + 0j` idiom)
    x = xp.asarray([1.0, 2.0], dtype=xp.float64)
    c = mx.array([0.5j, 1j], dtype=mx.complex64) if other == "complex64" else other
    with pytest.raises(TypeError, match="complex128"):
        op(x, c)
    with pytest.raises(TypeError, match="complex128"):
        xp.add(x, c)
    # float32 with complex is complex64, as the standard says: unchanged, and the values are
    # the namespace function's
    x32 = mx.array([1.0, 2.0], dtype=mx.float32)
    out = op(x32, c)
    assert out.dtype == mx.complex64
    assert np.allclose(np.asarray(out), op(np.asarray(x32), np.asarray(c)))


@pytest.mark.usefixtures("installed")
def test_real_operators_untouched():
    x = xp.asarray([1.0, 2.0], dtype=xp.float64)
    assert (x + 1.5).dtype == mx.float64
    assert (2 * x).dtype == mx.float64
    assert (x / x).dtype == mx.float64


@pytest.mark.usefixtures("installed")
def test_numpy_index_arrays():
    # scikit-learn's CV splits index X with numpy integer arrays (``X[train_idx, ...]``);
    # torch and numpy accept them, mlx's own __getitem__ raises ValueError
    a = np.arange(12.0).reshape(4, 3)
    x = mx.array(a)
    idx = np.array([3, 0, 3])
    np.testing.assert_array_equal(np.asarray(x[idx]), a[idx])
    np.testing.assert_array_equal(np.asarray(x[idx, ...]), a[idx, ...])
    np.testing.assert_array_equal(np.asarray(x[:, np.array([2, 0], dtype=np.uint8)]), a[:, [2, 0]])
    m = np.array([True, False, True, False])
    np.testing.assert_array_equal(np.asarray(x[m]), a[m])
    np.testing.assert_array_equal(np.asarray(x[m, ...]), a[m, ...])
    y, b = mx.array(a), a.copy()
    y[np.array([0, 2])] = -1.0
    b[[0, 2]] = -1.0
    np.testing.assert_array_equal(np.asarray(y), b)
    y[np.array([False, True, False, False])] = mx.zeros((1, 3))
    b[1] = 0.0
    np.testing.assert_array_equal(np.asarray(y), b)


def _in_thread(fn: Callable[[], Any]) -> Any:
    """``fn()`` run in a new thread; its exception is re-raised here."""
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = fn()
        except BaseException as exc:  # handed back to the caller
            out["error"] = exc

    t = threading.Thread(target=run)
    t.start()
    t.join()
    if "error" in out:
        raise out["error"]
    return out["value"]


def test_lazy_arrays_cross_threads_only_when_installed():
    lazy = mx.arange(4.0) * 2  # recorded on this thread's stream, not evaluated
    with pytest.raises(RuntimeError, match="Stream"):
        _in_thread(lazy.tolist)  # mlx's own per-thread streams
    xp.install()
    try:
        lazy = mx.arange(4.0) * 2
        assert _in_thread(lazy.tolist) == [0.0, 2.0, 4.0, 6.0]
        made = _in_thread(lambda: mx.arange(3.0) * 5)  # recorded in the worker
        assert made.tolist() == [0.0, 5.0, 10.0]
        # scikit-learn's pairwise n_jobs pattern: worker threads write slices of one array
        # recorded here, and this thread evaluates the result
        X = mx.array(np.arange(12.0).reshape(6, 2))
        ret = mx.zeros((6, 6))
        mx.eval(ret)

        def block(s: slice) -> None:
            ret[:, s] = xp.sum((X[:, None, :] - X[None, s, :]) ** 2, axis=-1)

        with ThreadPoolExecutor(2) as pool:
            list(pool.map(block, [slice(0, 3), slice(3, 6)]))
        a = np.arange(12.0).reshape(6, 2)
        np.testing.assert_allclose(np.asarray(ret), ((a[:, None] - a[None]) ** 2).sum(-1))
    finally:
        xp.uninstall()


def test_stream_sharing_round_trip():
    stream, hook = mx.default_stream(mx.cpu), threading.getprofile()
    shared = []
    for _ in range(2):
        xp.install()
        try:
            shared.append(mx.default_stream(mx.cpu))
            assert shared[-1] != stream
            assert threading.getprofile() is not hook
        finally:
            xp.uninstall()
    assert shared[0] == shared[1]  # mlx never frees streams: one per thread, reused
    assert mx.default_stream(mx.cpu) == stream
    assert threading.getprofile() is hook
    assert _in_thread(lambda: (mx.arange(2) + 1).tolist()) == [1, 2]


def test_uninstalled_namespace_still_works_without_patches():
    x = xp.asarray([1.0, 2.0])
    assert xp.sum(x).item() == 3.0


@pytest.mark.usefixtures("installed")
def test_setitem_with_out_of_range_index_array_writes_nothing_there():
    """mlx's scatter writes outside the array for such indices (a later free() aborted the
    process in the robustness sweep); after install() they are dropped, lazily."""
    x = mx.arange(12.0).reshape(3, 4)
    x[mx.array([0, -1, 7, -9])] = 5.0
    expected = np.arange(12.0).reshape(3, 4)
    expected[[0, -1]] = 5.0
    np.testing.assert_array_equal(np.asarray(x), expected)
    y = mx.arange(12.0).reshape(3, 4)
    y[:, mx.array([1, -1, 9])] = mx.array([10.0, 20.0, 30.0])
    expected = np.arange(12.0).reshape(3, 4)
    expected[:, [1, -1]] = [10.0, 20.0]
    np.testing.assert_array_equal(np.asarray(y), expected)
    for _ in range(500):  # heap corruption showed up only after repeated writes
        z = mx.arange(12.0).reshape(3, 4)
        z[mx.array([0, -19, 2])] = 1.0
        mx.eval(z)
    assert z.dtype == mx.float32
    assert z.shape == (3, 4)


@pytest.mark.usefixtures("installed")
def test_zero_d_mask_of_an_empty_array():
    """x[True] of an empty array adds an axis (mlx's reshape cannot infer -1 there)."""
    x = mx.zeros((0, 3), dtype=mx.int8)
    assert x[mx.array(True)].shape == (1, 0, 3)
    assert x[mx.array(False)].shape == (0, 0, 3)


@pytest.mark.usefixtures("installed")
def test_mask_among_basic_indices_as_numpy():
    # one boolean mask with integers, slices, None and an ellipsis around it (scipy.ndimage's
    # x[:, mask, 1:3]), placed where numpy places the selected axis
    rng = np.random.default_rng(0)
    a = np.arange(2 * 3 * 4 * 5).reshape(2, 3, 4, 5)
    x = mx.array(a)
    masks = [rng.random(n) > 0.5 for n in (3, 4)] + [rng.random((4, 5)) > 0.4]
    keys = [
        (slice(None), masks[0]),
        (slice(None), masks[0], slice(1, 3)),
        (1, masks[0], slice(None), 2),
        (1, slice(None), masks[1]),  # int and mask apart: the selected axis goes first
        (Ellipsis, masks[2]),
        (None, slice(None, None, -1), slice(None), masks[2]),
        (0, Ellipsis, masks[1], -1),
    ]
    for key in keys:
        got = x[tuple(mx.array(k) if isinstance(k, np.ndarray) else k for k in key)]
        np.testing.assert_array_equal(np.asarray(got), a[key])
    with pytest.raises(IndexError, match="one mask"):
        x[mx.array(masks[0]), :, mx.array([0, 1])]


@pytest.mark.usefixtures("installed")
def test_mask_among_basic_indices_setitem_as_numpy():
    # x[0, mask] = v (scipy.differentiate's jacobian tests through xpx.at(x)[0, mask].set):
    # mlx's own __setitem__ ended in an untranslated C++ exception (SystemError)
    rng = np.random.default_rng(1)
    a = rng.standard_normal((3, 4, 5)).astype(np.float32)
    m3, m4, m5 = (rng.random(n) > 0.5 for n in (3, 4, 5))
    m45 = rng.random((4, 5)) > 0.5
    keys = [
        (0, m4),
        (slice(None), m4),
        (Ellipsis, m5),
        (m3, 0),
        (m3, slice(None), 0),  # int and mask apart: numpy's selected axis comes first
        (0, slice(None), m5),
        (slice(None, None, -1), m4),  # a reversed slice: values land in reverse order
        (None, 1, m4),
        (slice(1, None), m4, slice(None, None, -2)),
        (0, m45),
        (np.int64(1), m4, 2),
    ]
    for key in keys:
        shape = a[key].shape
        values = [7.0, np.arange(np.prod(shape), dtype=np.float32).reshape(shape)]
        if len(shape) >= 2:
            values.append(np.arange(shape[-1], dtype=np.float32))
            values.append(
                np.arange(shape[0], dtype=np.float32).reshape((-1,) + (1,) * (len(shape) - 1))
            )
        for v in values:
            expected = a.copy()
            expected[key] = v
            x = mx.array(a)
            x[tuple(mx.array(k) if isinstance(k, np.ndarray) else k for k in key)] = (
                mx.array(v) if isinstance(v, np.ndarray) else v
            )
            np.testing.assert_array_equal(np.asarray(x), expected, err_msg=f"{key} {v!r}")
    x = mx.array(a)
    with pytest.raises(IndexError, match=r"__setitem__ \[mlx\]: boolean mask of shape \(3,\)"):
        x[0, mx.array(m3)] = 1.0
    with pytest.raises(IndexError, match=r"__setitem__ \[mlx\]: a key of"):
        # a mask with an index array: mlx's scatter takes neither (C++ exception, SystemError)
        x[mx.array([True, False, True]), mx.array([0, 1, 1])] = 1.0


@pytest.mark.usefixtures("installed")
def test_pickle_keeps_float64():
    # mlx's own pickling restores a float64 array as float32 (SciPy's RBFInterpolator
    # test_pickleable: the unpickled interpolant's results moved by 3e-6)
    import pickle

    values = np.array([[0.1, 1 / 3], [2.0, -7.25]])
    for dtype in (mx.float64, mx.float32, mx.int64, mx.bfloat16, mx.complex64, mx.bool_):
        x = mx.array(values, dtype=mx.float64).astype(dtype)
        for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
            y = pickle.loads(pickle.dumps(x, protocol=protocol))
            assert y.dtype == dtype
            assert mx.array_equal(x, y).item()
    data = pickle.dumps(mx.array(values, dtype=mx.float64))
    assert b"ember_array" not in data  # loads with numpy and mlx alone
    xp.uninstall()
    try:
        y = pickle.loads(data)
    finally:
        xp.install()
    assert y.dtype == mx.float64
    np.testing.assert_array_equal(np.asarray(y), values)


@pytest.mark.usefixtures("installed")
def test_inplace_operators_keep_the_dtype():
    # mlx's x *= y changes x's dtype (and every alias's) to the promoted one; SciPy's
    # align_vectors does cov *= xp.asarray(np.float64 sigma) on a float32 cov
    x = mx.ones((2,), dtype=mx.float32)
    alias = x
    x *= mx.array(0.5, dtype=mx.float64)
    x += mx.array([1.0, 2.0], dtype=mx.float64)
    x /= mx.array(2.0, dtype=mx.float64)
    assert x is alias
    assert x.dtype == mx.float32
    np.testing.assert_array_equal(np.asarray(x), [0.75, 1.25])
    y = mx.array([1, 2], dtype=mx.int8)
    y += mx.array([3, 4], dtype=mx.int64)  # same kind: cast back, as numpy's same_kind
    assert y.dtype == mx.int8
    assert y.tolist() == [4, 6]
    z = mx.array([1, 2], dtype=mx.int32)
    with pytest.raises(TypeError, match=r"__iadd__ \[mlx\]: .*int32"):
        z += 2.5
    with pytest.raises(TypeError, match=r"__itruediv__ \[mlx\]"):
        z /= mx.array(2, dtype=mx.int32)  # true division gives a float
    with pytest.raises(TypeError, match=r"__imod__ \[mlx\]"):
        z %= mx.array(1.5, dtype=mx.float32)  # the routed operators follow the same rule
    assert z.dtype == mx.int32
    assert z.tolist() == [1, 2]
    f = mx.array([5.5, 7.0], dtype=mx.float32)
    f %= mx.array(2.0, dtype=mx.float64)
    assert f.dtype == mx.float32
    assert f.tolist() == [1.5, 1.0]
    b = mx.array([True, False])
    with pytest.raises(TypeError, match=r"__iand__ \[mlx\]"):
        b &= mx.array([1, 0], dtype=mx.int32)
    w = mx.ones((2,), dtype=mx.float32)
    w += 1  # a Python int keeps float32 natively: the native in-place path
    assert w.dtype == mx.float32

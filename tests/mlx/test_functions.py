"""Functions written or wrapped by ember_array.mlx, against array-api-strict."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

mx = pytest.importorskip("mlx.core")
strict = pytest.importorskip("array_api_strict")

import ember_array.mlx as xp  # noqa: E402

from .conftest import assert_like_strict  # noqa: E402

SPECIAL = [0.0, -0.0, 1.5, -2.25, np.inf, -np.inf, np.nan, 1e-30, -3e30, 7.0]


def both(values, dtype="float32"):
    a = np.asarray(values, dtype=dtype)
    return xp.asarray(a), strict.asarray(a)


floats32 = hnp.arrays(
    np.float32,
    hnp.array_shapes(min_dims=1, max_dims=3, max_side=4),
    elements=st.floats(-1e6, 1e6, width=32, allow_subnormal=False),
)


@pytest.mark.parametrize("name", ["copysign", "hypot", "nextafter", "atan2", "remainder"])
def test_binary_special_values(name):
    x1 = [a for a in SPECIAL for _ in SPECIAL]
    x2 = [b for _ in SPECIAL for b in SPECIAL]
    m1, s1 = both(x1)
    m2, s2 = both(x2)
    got, want = getattr(xp, name)(m1, m2), getattr(strict, name)(s1, s2)
    assert_like_strict(got, want, rtol=1e-6, atol=0)
    if name in ("copysign", "nextafter"):  # sign of zero matters
        np.testing.assert_array_equal(np.signbit(np.asarray(got)), np.signbit(np.asarray(want)))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_nextafter_float64_and_float32_exact(dtype):
    m1, s1 = both([1.0, -1.0, 0.0, -0.0, 3.5], dtype)
    m2, s2 = both([2.0, -2.0, 1.0, -1.0, 3.5], dtype)
    got = np.asarray(xp.nextafter(m1, m2))
    np.testing.assert_array_equal(got, np.asarray(strict.nextafter(s1, s2)))


@pytest.mark.parametrize("name", ["sign", "signbit", "expm1", "sin", "abs", "round", "trunc"])
def test_unary_special_values(name):
    m, s = both(SPECIAL)
    assert_like_strict(getattr(xp, name)(m), getattr(strict, name)(s), rtol=1e-6, atol=0)


def test_sign_nan_is_nan():
    assert math.isnan(xp.sign(xp.asarray(float("nan"))).item())


def test_expm1_complex_matches_strict():
    vals = [0j, 1e-4 + 1e-4j, 1 + 2j, -3 - 0.5j, complex(-np.inf, 1.0)]
    m, s = both(vals, "complex64")
    assert_like_strict(xp.expm1(m), strict.expm1(s), rtol=1e-5, atol=1e-6)
    # the standard's special case (numpy, hence strict, gives inf+nanj here)
    out = complex(xp.expm1(xp.asarray(complex(np.inf, 0.0))).item())
    assert out.real == np.inf
    assert out.imag == 0


@pytest.mark.parametrize(("lo", "hi"), [(None, 2), (-1, None), (-1.5, 2.5), (None, None)])
@pytest.mark.parametrize("dtype", ["float32", "int16"])
def test_clip_either_bound_none(lo, hi, dtype):
    m, s = both([-3, -1, 0, 2, 5], dtype)
    if "int" in dtype and (isinstance(lo, float) or isinstance(hi, float)):
        pytest.skip("float bounds on int arrays are unspecified")
    assert_like_strict(xp.clip(m, lo, hi), strict.clip(s, min=lo, max=hi))


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int32", "float32"])
@pytest.mark.parametrize("fn", ["sum", "prod", "cumulative_sum", "cumulative_prod"])
def test_accumulation_dtype_rule(fn, dtype):
    m, s = both([1, 1, 0, 1], dtype)
    assert_like_strict(getattr(xp, fn)(m), getattr(strict, fn)(s))
    if dtype != "bool":
        assert_like_strict(
            getattr(xp, fn)(m, dtype=xp.int64), getattr(strict, fn)(s, dtype=strict.int64)
        )


def test_sum_int8_does_not_wrap():
    m, _s = both([100, 100, 100], "int8")
    assert xp.sum(m).item() == 300


@pytest.mark.parametrize("include_initial", [False, True])
def test_cumulative_include_initial(include_initial):
    m, s = both([[1, 2, 3], [4, 5, 6]], "int32")
    for fn in ("cumulative_sum", "cumulative_prod"):
        got = getattr(xp, fn)(m, axis=1, include_initial=include_initial)
        want = getattr(strict, fn)(s, axis=1, include_initial=include_initial)
        assert_like_strict(got, want)


@settings(deadline=None)
@given(x=floats32, correction=st.sampled_from([0, 1, 0.5]), keepdims=st.booleans())
def test_std_var_correction(x, correction, keepdims):
    m, s = xp.asarray(x), strict.asarray(x)
    x64 = x.astype(np.float64)
    n = x.shape[0]
    scale = float(np.abs(x).max(initial=0.0))
    for fn in ("std", "var"):
        got = getattr(xp, fn)(m, axis=0, correction=correction, keepdims=keepdims)
        want = getattr(strict, fn)(s, axis=0, correction=correction, keepdims=keepdims)
        assert got.shape == want.shape
        assert got.dtype == xp.float32
        if n - correction <= 0:
            continue
        # float64 reference: float32 results (ours and numpy's) differ by rounding
        ref = getattr(np, fn)(x64, axis=0, ddof=correction, keepdims=keepdims)
        tol = 1e-5 * scale * (scale if fn == "var" else 1.0) + 1e-6
        np.testing.assert_allclose(np.asarray(got), ref, rtol=1e-3, atol=tol)


@pytest.mark.parametrize("axis", [None, 0, (0, 1), ()])
@pytest.mark.parametrize("fn", ["sum", "max", "mean", "min", "prod", "any", "all"])
def test_reductions_tuple_axes(fn, axis):
    m, s = both(np.arange(24).reshape(2, 3, 4) % 5, "float32")
    assert_like_strict(getattr(xp, fn)(m, axis=axis), getattr(strict, fn)(s, axis=axis))


@settings(deadline=None)
@given(x=floats32)
def test_index_results_are_int64(x):
    m, s = xp.asarray(x), strict.asarray(x)
    for got, want in [
        (xp.argmax(m, axis=-1), strict.argmax(s, axis=-1)),
        (xp.argmin(m), strict.argmin(s)),
        (xp.argsort(m), strict.argsort(s)),
        (xp.count_nonzero(m, axis=0), strict.count_nonzero(s, axis=0)),
    ]:
        assert got.dtype == xp.int64
        assert_like_strict(got, want)


@settings(deadline=None)
@given(
    x=hnp.arrays(np.int8, hnp.array_shapes(min_dims=1, max_dims=2), elements=st.integers(0, 3)),
    descending=st.booleans(),
)
def test_sort_argsort_descending_stable(x, descending):
    m, s = xp.asarray(x), strict.asarray(x)
    assert_like_strict(xp.sort(m, descending=descending), strict.sort(s, descending=descending))
    assert_like_strict(
        xp.argsort(m, descending=descending, stable=True),
        strict.argsort(s, descending=descending, stable=True),
    )


def test_searchsorted():
    m, s = both([1.0, 2.0, 2.0, 5.0])
    for side in ("left", "right"):
        assert_like_strict(
            xp.searchsorted(m, 2.0, side=side), strict.searchsorted(s, 2.0, side=side)
        )
        q = [0.0, 2.0, 6.0]
        assert_like_strict(
            xp.searchsorted(m, xp.asarray(q), side=side),
            strict.searchsorted(s, strict.asarray(q), side=side),
        )
    perm = [3, 0, 2, 1]
    mu, su = both([5.0, 1.0, 2.0, 2.0])
    assert_like_strict(
        xp.searchsorted(mu, xp.asarray([2.5]), sorter=xp.asarray(perm[1:] + perm[:1])),
        strict.searchsorted(su, strict.asarray([2.5]), sorter=strict.asarray(perm[1:] + perm[:1])),
    )


def test_nonzero_and_unique_are_int64_and_match_strict():
    vals = [[3.0, 0.0, np.nan], [1.0, 3.0, np.nan]]
    m, s = both(vals, "float64")
    for g, w in zip(xp.nonzero(m), strict.nonzero(s)):
        assert_like_strict(g, w)
    ua, us = xp.unique_all(m), strict.unique_all(s)
    assert ua._fields == ("values", "indices", "inverse_indices", "counts")
    for g, w in zip(ua, us):
        assert_like_strict(g, w)
    ui, usi = xp.unique_inverse(m), strict.unique_inverse(s)
    assert_like_strict(ui.inverse_indices, usi.inverse_indices)
    assert_like_strict(xp.unique_counts(m).counts, strict.unique_counts(s).counts)
    assert_like_strict(xp.unique_values(m), strict.unique_values(s))
    assert xp.unique_values(xp.zeros((0,))).shape == (0,)
    with pytest.raises(ValueError, match="nonzero"):
        xp.nonzero(xp.asarray(1.0))


def test_isin():
    m1, s1 = both([1, 2, 3, 4], "int32")
    m2, s2 = both([[2, 4], [9, 9]], "int32")
    assert_like_strict(xp.isin(m1, m2), strict.isin(s1, s2))
    # array-api-strict 2.6.1 ignores invert=: compare with numpy
    np.testing.assert_array_equal(
        np.asarray(xp.isin(m1, m2, invert=True)), ~np.isin(np.asarray(m1), np.asarray(m2))
    )
    assert_like_strict(xp.isin(m1, 3), strict.isin(s1, 3))


def test_diff_prepend_append():
    m, s = both([1, 4, 9, 16], "int64")
    p, sp = both([0], "int64")
    assert_like_strict(
        xp.diff(m, prepend=p, append=p, n=2), strict.diff(s, prepend=sp, append=sp, n=2)
    )
    b = xp.asarray([True, False, False])
    np.testing.assert_array_equal(np.asarray(xp.diff(b)), np.diff(np.asarray(b)))


def test_manipulation():
    m, s = both(np.arange(24).reshape(2, 3, 4), "int32")
    assert_like_strict(xp.moveaxis(m, (0, 1), (2, 0)), strict.moveaxis(s, (0, 1), (2, 0)))
    assert_like_strict(xp.roll(m, 1, axis=(0, 2)), strict.roll(s, 1, axis=(0, 2)))
    assert_like_strict(xp.roll(m, -2), strict.roll(s, -2))
    assert_like_strict(xp.expand_dims(m, axis=(0, -1)), strict.expand_dims(s, axis=(0, -1)))
    assert_like_strict(xp.concat([m, m], axis=None), strict.concat([s, s], axis=None))
    assert_like_strict(xp.stack((m, m), axis=-1), strict.stack((s, s), axis=-1))
    assert_like_strict(xp.repeat(m, 2, axis=1), strict.repeat(s, 2, axis=1))
    r, sr = both([1, 0, 2], "int64")
    assert_like_strict(xp.repeat(m, r, axis=1), strict.repeat(s, sr, axis=1))
    for g, w in zip(xp.unstack(m, axis=1), strict.unstack(s, axis=1)):
        assert_like_strict(g, w)
    assert xp.broadcast_shapes((2, 1), (3,)) == (2, 3)
    with pytest.raises(ValueError, match="squeeze"):
        xp.squeeze(m, axis=0)


def test_where_with_scalars():
    c = xp.asarray([True, False])
    x = xp.asarray([1, 2], dtype=xp.int8)
    assert xp.where(c, x, 0).dtype == xp.int8
    assert xp.where(c, 1.5, xp.asarray([1.0, 2.0], dtype=xp.float64)).dtype == xp.float64


@pytest.mark.parametrize("dtype", ["int32", "int64", "uint8"])
def test_integer_matmul_tensordot_vecdot_exact(dtype):
    a = np.array([[2**20 + 1, 3], [5, 7]], dtype=np.int64)
    if dtype == "uint8":
        a = a % 7
    a = a.astype(dtype)
    m, s = xp.asarray(a), strict.asarray(a)
    assert_like_strict(xp.matmul(m, m), strict.matmul(s, s))
    assert_like_strict(xp.matmul(m[0], m), strict.matmul(s[0, ...], s))
    assert_like_strict(xp.tensordot(m, m, axes=1), strict.tensordot(s, s, axes=1))
    assert_like_strict(xp.tensordot(m, m, axes=([0], [1])), strict.tensordot(s, s, axes=([0], [1])))
    assert_like_strict(xp.vecdot(m, m), strict.vecdot(s, s))
    assert_like_strict(xp.linalg.outer(m[0], m[1]), strict.linalg.outer(s[0, ...], s[1, ...]))


def test_take_checks_python_indices_and_masks_lazy_ones():
    m, s = both([1.0, 2.0, 3.0])
    assert_like_strict(xp.take(m, [0, -1]), strict.take(s, strict.asarray([0, -1])))
    with pytest.raises(IndexError, match="take"):
        xp.take(m, [3])
    with pytest.raises(IndexError, match="take_along_axis"):
        xp.take_along_axis(m, [5])
    out = np.asarray(xp.take(m, xp.asarray([0, 7, -9, -1])))
    np.testing.assert_array_equal(out, [1.0, np.nan, np.nan, 3.0])
    i = xp.asarray([[0, 5]], dtype=xp.int64)
    out = np.asarray(xp.take_along_axis(xp.asarray([[10, 20]], dtype=xp.int32), i, axis=1))
    np.testing.assert_array_equal(out, [[10, np.iinfo(np.int32).min]])
    out = np.asarray(xp.take(xp.asarray([1, 2], dtype=xp.uint8), xp.asarray([9])))
    np.testing.assert_array_equal(out, [255])


def test_take_along_axis_matches_strict():
    x = np.arange(12).reshape(3, 4).astype(np.float32)
    idx = np.array([[0, 3], [1, 1], [2, 0]])
    assert_like_strict(
        xp.take_along_axis(xp.asarray(x), xp.asarray(idx), axis=1),
        strict.take_along_axis(strict.asarray(x), strict.asarray(idx), axis=1),
    )


def test_uint64_scalars_above_int64_range():
    # mx.array(2**64 - 1, dtype=uint64) raises std::bad_cast in mlx 0.32.4
    big = 2**64 - 1
    x = xp.asarray(np.array([3, 2**62], dtype=np.uint64))
    assert xp.searchsorted(x, big).item() == 2
    assert not xp.any(xp.isin(x, big)).item()
    assert np.asarray(xp.where(xp.asarray([True, False]), x, big))[1] == big
    assert np.asarray(xp.full((2,), big, dtype=xp.uint64))[0] == big
    assert np.asarray(xp.take(x, xp.asarray([5])))[0] == big  # masked out-of-range fill

"""The fast paths of take, astype, concat, argsort and the compiled float32 exp/logaddexp keep
the semantics of the general paths (benchmarks/hotpaths.py times them)."""

from __future__ import annotations

import numpy as np
import pytest

mx = pytest.importorskip("mlx.core")

import ember_array.mlx as xp  # noqa: E402
from ember_array.mlx import _elementwise, _helpers, _indexing  # noqa: E402

RNG = np.random.default_rng(18)
INDEX_DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]


@pytest.mark.parametrize("dtype", INDEX_DTYPES)
@pytest.mark.parametrize("n", [1, 5, 128, 300])
def test_take_masks_out_of_range_for_every_index_dtype(dtype: str, n: int) -> None:
    info = np.iinfo(dtype)
    values = (info.min, -n - 1, -n, -1, 0, n - 1, n, n + 7, info.max)
    idx = np.array(sorted({min(max(v, int(info.min)), int(info.max)) for v in values}), dtype)
    x = np.arange(n, dtype=np.float32)
    got = np.asarray(xp.take(xp.asarray(x), mx.array(idx)))
    want = [x[int(i)] if -n <= int(i) < n else np.nan for i in idx]  # Python ints: no wrap
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize(
    "dtype",
    ["bool_", "int8", "uint64", "float16", "bfloat16", "float32", "float64", "complex64"],
)
def test_take_of_every_dtype(dtype: str) -> None:
    x = mx.arange(5).astype(getattr(mx, dtype))
    for axis_x in (x, mx.stack([x, x])):
        axis = axis_x.ndim - 1
        out = xp.take(axis_x, mx.array([0, 7, -1], dtype=mx.int8), axis=axis)
        mx.eval(out)  # complex64: a compiled kernel with a complex fill fails to build in mlx
        assert out.dtype == x.dtype
        assert out.shape == (*axis_x.shape[:-1], 3)


def test_take_without_axis_of_a_complex_array() -> None:
    # the 1-d hot path leaves complex64 to the uncompiled take (no complex constant in a kernel)
    out = xp.take(mx.array([1j, 2.0]), mx.array([1, 2, -2]))
    np.testing.assert_array_equal(np.asarray(out), [2.0, complex(np.nan, np.nan), 1j])


def test_take_along_an_axis_and_empty_axes() -> None:
    m = xp.reshape(xp.arange(12, dtype=xp.int32), (3, 4))
    got = np.asarray(xp.take(m, mx.array([[0, 5], [-1, -5]]), axis=1))
    low = np.iinfo(np.int32).min
    want = np.array([[[0, low], [3, low]], [[4, low], [7, low]], [[8, low], [11, low]]])
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(np.asarray(xp.take(m, mx.array([2, -4]), axis=-2))[1], [low] * 4)
    empty = np.asarray(xp.take(xp.zeros((0,)), mx.array([0, 1], dtype=mx.uint8)))
    np.testing.assert_array_equal(empty, [np.nan, np.nan])
    with pytest.raises(TypeError, match="integer dtype"):
        xp.take(xp.zeros((0,)), mx.array([0.0]))
    with pytest.raises(TypeError, match="integer dtype"):
        xp.take(xp.ones(3), mx.array([True]))


def test_astype_fast_path_keeps_the_rules() -> None:
    x = xp.asarray([1, 2], dtype=xp.int32)
    for dt in (xp.float32, mx.float32, xp.int8, mx.uint64, mx.float16):
        out = xp.astype(x, dt)
        assert out.dtype == dt
        assert out is not x
    assert xp.astype(x, xp.int32, copy=False) is x
    assert xp.astype(x, mx.int32) is not x
    with pytest.raises(TypeError, match="not permitted"):
        xp.astype(xp.asarray([1j]), mx.float32)
    assert xp.astype(xp.asarray([1j]), xp.complex64).dtype == xp.complex64
    for bad in (None, "float32", 5, 0, np.float32, xp.complex128):
        with pytest.raises(TypeError):
            xp.astype(x, bad)


def test_concat_fast_path_keeps_the_rules() -> None:
    a, b = xp.ones(2), xp.zeros(3)
    np.testing.assert_array_equal(np.asarray(xp.concat((a, b))), [1, 1, 0, 0, 0])
    np.testing.assert_array_equal(np.asarray(xp.concat([a, b, a])), [1, 1, 0, 0, 0, 1, 1])
    np.testing.assert_array_equal(np.asarray(xp.concat(iter([a, b]))), [1, 1, 0, 0, 0])
    np.testing.assert_array_equal(np.asarray(xp.concat(iter([a, b, a]))), [1, 1, 0, 0, 0, 1, 1])
    np.testing.assert_array_equal(np.asarray(xp.concat([b, a], axis=-1)), [0, 0, 0, 1, 1])
    i8, u8 = xp.ones(1, dtype=xp.int8), xp.ones(1, dtype=xp.uint8)
    assert xp.concat((i8, u8)).dtype == xp.int16
    assert xp.concat([u8, i8]).dtype == xp.int16
    assert xp.concat((i8, xp.ones(1))).dtype == xp.float32  # across kinds: mlx's promotion
    with pytest.raises(TypeError):
        xp.concat((i8, xp.ones(1, dtype=xp.uint64)))  # int8 with uint64: no common dtype
    with pytest.raises(ValueError, match="at least one"):
        xp.concat([])


def test_argsort_fast_path_gives_int64() -> None:
    x = xp.asarray([3.0, 1.0, 2.0, 1.0])
    out = xp.argsort(x)
    assert out.dtype == xp.int64
    np.testing.assert_array_equal(np.asarray(out), [1, 3, 2, 0])
    np.testing.assert_array_equal(np.asarray(xp.argsort(x, descending=True)), [0, 2, 1, 3])
    assert xp.argsort(xp.asarray(1.0)).dtype == xp.int64
    np.testing.assert_array_equal(np.asarray(xp.sort(x)), [1, 1, 2, 3])


def _reference_exp(x: mx.array) -> mx.array:
    return _elementwise._exp_view(x)


def _reference_logaddexp(a: mx.array, b: mx.array) -> mx.array:
    return _elementwise._logaddexp_accurate(a, b)


@pytest.mark.parametrize("shape", [(), (0,), (1,), (7,), (1000,), (3, 4), (2, 0, 3), (2, 3, 4)])
def test_compiled_exp_is_bit_for_bit_the_view_form(shape: tuple[int, ...]) -> None:
    v = RNG.uniform(-120, 100, shape).astype(np.float32)
    a = mx.array(v)
    for arg in (a, a.T, mx.broadcast_to(a, (2, *shape))):
        got, want = np.asarray(xp.exp(arg)), np.asarray(_reference_exp(arg))
        np.testing.assert_array_equal(got, want)


def test_compiled_exp_and_logaddexp_on_a_dense_grid_and_special_values() -> None:
    special = [0.0, -0.0, np.inf, -np.inf, np.nan, 88.72, 88.73, -103.9, -104.0, 1e-45]
    v = np.concatenate([np.linspace(-120, 100, 200_001), special]).astype(np.float32)
    np.testing.assert_array_equal(
        np.asarray(xp.exp(mx.array(v))), np.asarray(_reference_exp(mx.array(v)))
    )
    a = np.concatenate([RNG.uniform(-200, 200, 100_000), special]).astype(np.float32)
    b = np.concatenate([a[:100_000] + RNG.normal(0, 30, 100_000), special[::-1]])
    b = b.astype(np.float32)
    got = np.asarray(xp.logaddexp(mx.array(a), mx.array(b)))
    want = np.asarray(_reference_logaddexp(mx.array(a), mx.array(b)))
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize(
    ("s1", "s2"), [((30, 1), (1, 20)), ((0, 3), (1, 3)), ((1, 4), (3, 1)), ((5,), ())]
)
def test_compiled_logaddexp_broadcasts(s1: tuple[int, ...], s2: tuple[int, ...]) -> None:
    a = mx.array(RNG.uniform(-30, 30, s1).astype(np.float32))
    b = mx.array(RNG.uniform(-30, 30, s2).astype(np.float32))
    got, want = xp.logaddexp(a, b), _reference_logaddexp(a, b)
    assert got.shape == want.shape
    np.testing.assert_array_equal(np.asarray(got), np.asarray(want))


def test_compiled_cache_starts_afresh_and_stays_right() -> None:
    f = _elementwise._EXP[mx.float32]
    # without a fusing compiler (no g++ on a CPU-only machine) exp is not compiled
    assert isinstance(f, _helpers.Compiled) == _elementwise._JIT
    for n in range(1, _helpers.COMPILED_SHAPES + 10):
        a = mx.array(np.linspace(-5, 5, n, dtype=np.float32))
        np.testing.assert_array_equal(np.asarray(xp.exp(a)), np.asarray(_reference_exp(a)))
    assert not isinstance(f, _helpers.Compiled) or len(f.shapes) <= _helpers.COMPILED_SHAPES
    x = mx.array(np.arange(5, dtype=np.float32))
    for n in range(1, _helpers.COMPILED_SHAPES + 10):  # take: its own compiled function
        idx = mx.array(np.arange(-n, n, dtype=np.int32))
        want = [float(x[int(i)].item()) if -5 <= i < 5 else np.nan for i in np.arange(-n, n)]
        np.testing.assert_array_equal(np.asarray(xp.take(x, idx)), want)
    assert len(_indexing._TAKE.shapes) <= _helpers.COMPILED_SHAPES


def test_vmap_of_the_compiled_functions() -> None:
    x = mx.array([-3.0, -0.5, 0.25, 1.0, 2.5, -105.0, 100.0])
    # every item 0-d: mx.left_shift(1, k) under vmap gave the shape of the unbatched 1
    np.testing.assert_array_equal(np.asarray(mx.vmap(xp.exp)(x)), np.asarray(_reference_exp(x)))
    y = x[::-1]
    want = np.asarray(_reference_logaddexp(x, y))
    np.testing.assert_array_equal(np.asarray(mx.vmap(xp.logaddexp)(x, y)), want)
    got = mx.vmap(xp.logaddexp, in_axes=(0, None))(x, x[2])
    np.testing.assert_array_equal(np.asarray(got), np.asarray(_reference_logaddexp(x, x[2])))
    m = mx.array(RNG.standard_normal((4, 3)).astype(np.float32))
    n = mx.array(RNG.standard_normal((2, 3)).astype(np.float32))
    got = mx.vmap(lambda r: xp.logaddexp(r, n))(m)
    want = np.stack([np.asarray(_reference_logaddexp(m[i], n)) for i in range(4)])
    np.testing.assert_array_equal(np.asarray(got), want)
    got = mx.vmap(xp.logaddexp, in_axes=(1, 0))(m.T, m)
    np.testing.assert_array_equal(np.asarray(got), np.asarray(_reference_logaddexp(m, m)))
    got = mx.vmap(mx.vmap(xp.exp))(m)
    np.testing.assert_array_equal(np.asarray(got), np.asarray(_reference_exp(m)))
    tangent = mx.vmap(lambda v: mx.jvp(xp.exp, [v], [v])[1][0])(x[:5])
    np.testing.assert_allclose(np.asarray(tangent), np.asarray(x[:5] * mx.exp(x[:5])), rtol=1e-6)
    grad = mx.grad(lambda v: mx.vmap(xp.exp)(v).sum())(x[:5])
    np.testing.assert_allclose(np.asarray(grad), np.asarray(mx.exp(x[:5])), rtol=1e-6)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "int32"])
def test_logaddexp_of_other_dtypes_uses_mlx(dtype: str) -> None:
    a = mx.array([1, 2], dtype=getattr(mx, dtype))
    got = xp.logaddexp(a, a)
    assert mx.allclose(got.astype(mx.float32), mx.logaddexp(a, a).astype(mx.float32)).item()


def test_exp_takes_separate_ops_on_large_cpu_arrays_with_the_same_bits() -> None:
    """From 32k to 512k float32 elements on the CPU, exp runs as separate element-wise ops
    (SIMD loops beat mlx's scalar fused kernel there): the same bits as the one-kernel form,
    and the same derivative."""
    n = _elementwise._EXP_SPLIT_SIZES.start
    v = mx.array(RNG.uniform(-110, 95, n + 5).astype(np.float32))
    fused = _elementwise._EXP[mx.float32]
    np.testing.assert_array_equal(np.asarray(xp.exp(v)), np.asarray(fused(v)))
    g = mx.grad(lambda t: mx.sum(xp.exp(t)))(v[:n] / 100)
    np.testing.assert_array_equal(np.asarray(g), np.asarray(xp.exp(v[:n] / 100)))


def test_exp_runs_large_cpu_arrays_in_chunks_with_the_same_bits() -> None:
    """Above 512k float32 elements on the CPU, exp runs the separate ops on 256k-element
    chunks: the same bits as the one-kernel form, the shape kept, and the derivative (through
    the slices and the join) and ``mx.vmap`` the same."""
    n = 7 * (_elementwise._EXP_SPLIT_SIZES.stop // 7 + 1)  # not a multiple of the chunk
    v = mx.array(RNG.uniform(-110, 95, n).astype(np.float32)).reshape(-1, 7)
    fused = _elementwise._EXP[mx.float32]
    got = xp.exp(v)
    assert got.shape == v.shape
    np.testing.assert_array_equal(np.asarray(got), np.asarray(fused(v)))
    small = v / 100
    g = mx.grad(lambda t: mx.sum(xp.exp(t)))(small)
    np.testing.assert_array_equal(np.asarray(g), np.asarray(fused(small)))
    pair = mx.stack([small, -small])
    np.testing.assert_array_equal(np.asarray(mx.vmap(xp.exp)(pair)), np.asarray(fused(pair)))

"""The shims on jax arrays under jax.jit, jax.grad and jax.vmap (jax reaches ember_array
through array-api-compat's namespace)."""

from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

import ember_array.random as er  # noqa: E402
from ember_array import scatter, signal  # noqa: E402

V = np.arange(6.0, dtype=np.float32)
IDX = np.array([0, 1, 0, 2, 5, 1])


def test_segment_sum_under_jit_grad_vmap() -> None:
    v, i = jnp.asarray(V), jnp.asarray(IDX)
    want = scatter.segment_sum(V, IDX, 3)
    np.testing.assert_allclose(jax.jit(lambda v, i: scatter.segment_sum(v, i, 3))(v, i), want)
    # d(sum of segment sums)/dv is 1 for every kept element, 0 for the dropped index 5
    grad = jax.grad(lambda v: scatter.segment_sum(v, i, 3).sum())(v)
    np.testing.assert_array_equal(grad, [1, 1, 1, 1, 0, 1])
    batched = jax.vmap(lambda v: scatter.segment_max(v, i, 3))(jnp.stack([v, -v]))
    np.testing.assert_allclose(batched[0], scatter.segment_max(V, IDX, 3))
    np.testing.assert_allclose(batched[1], scatter.segment_max(-V, IDX, 3))


@pytest.mark.parametrize("window_is_argument", [False, True])
def test_istft_under_jit(window_is_argument: bool) -> None:
    # a concrete window is checked (NOLA) in numpy; a traced one cannot be read, and is not
    x = jnp.sin(jnp.arange(400.0, dtype=jnp.float32) / 7)
    w = jnp.asarray(np.hanning(64), dtype=jnp.float32)

    def round_trip(x: object, w: object) -> object:
        spec = signal.stft(x, 64, 16, window=w)
        return signal.istft(spec, 64, 16, window=w, length=400)

    closed_over = jax.jit(lambda x: round_trip(x, w))
    y = jax.jit(round_trip)(x, w) if window_is_argument else closed_over(x)
    np.testing.assert_allclose(y, x, atol=1e-5)


def test_istft_grad() -> None:
    x = jnp.sin(jnp.arange(400.0, dtype=jnp.float32) / 7)
    w = jnp.asarray(np.hanning(64), dtype=jnp.float32)
    g = jax.grad(lambda x: signal.istft(signal.stft(x, 64, 16, window=w), 64, 16, window=w,
                                        length=400).sum())(x)  # fmt: skip
    np.testing.assert_allclose(g, np.ones(400), atol=1e-4)


def test_random_under_jit_matches_numpy() -> None:
    got = jax.jit(lambda k: er.uniform(k, (5,)))(er.key(3, xp=jnp))
    np.testing.assert_array_equal(np.asarray(got), er.uniform(er.key(3), (5,)))


def _no_x64() -> None:
    if jax.config.jax_enable_x64:
        pytest.skip("jax_enable_x64 is set")


#: (dtype, low, high): full ranges, a range of 2**32, powers of two, small and odd ranges,
#: offsets that wrap in 32 bits (low >= 2**31, negative low).
RANGES = [
    ("int32", 0, 10),
    ("int32", -(2**31), 2**31),
    ("int32", -7, 2**31),
    ("int32", -(2**31), -(2**31) + 1),
    ("int32", 0, 2**16),
    ("int32", -3, 65537),
    ("uint32", 0, 2**32),
    ("uint32", 2**31, 2**32),
    ("uint32", 1, 2**32),
    ("uint32", 0, 2**32 - 1),
    ("uint32", 5, 3 * 2**30 + 12345),
    ("int16", -5, 7),
    ("int16", -(2**15), 2**15),
    ("int8", -128, 128),
    ("uint16", 3, 60000),
    ("uint8", 0, 256),
]


@pytest.mark.parametrize(("dtype", "low", "high"), RANGES)
def test_random_integers_without_x64_match_numpy(dtype: str, low: int, high: int) -> None:
    """jax's default (no 64-bit integers): 32-bit-or-smaller integers are computed in uint32
    arithmetic, bit for bit numpy's values, eagerly and under jax.jit."""
    _no_x64()
    jit = jax.jit(lambda k: er.integers(k, low, high, (1001,), dtype=getattr(jnp, dtype)))
    for seed in (0, 2**64 - 1):
        want = er.integers(er.key(seed), low, high, (1001,), dtype=getattr(np, dtype))
        kj = er.key(seed, xp=jnp)
        got = er.integers(kj, low, high, (1001,), dtype=getattr(jnp, dtype))
        assert got.dtype == jnp.dtype(dtype)
        np.testing.assert_array_equal(np.asarray(got), want)
        np.testing.assert_array_equal(np.asarray(jit(kj)), want)


def test_random_without_x64_matches_numpy() -> None:
    """normal, permutation, bits and the Generator methods on jax without x64."""
    _no_x64()
    kn, kj = er.key(11), er.key(11, xp=jnp)
    # the default dtype is the namespace's default integer dtype, int32 here
    got = er.integers(kj, -50, 50, (64,))
    assert got.dtype == jnp.int32
    np.testing.assert_array_equal(np.asarray(got), er.integers(kn, -50, 50, (64,)))
    for n in (0, 1, 2, 7, 1000):
        np.testing.assert_array_equal(np.asarray(er.permutation(kj, n)), er.permutation(kn, n))
    assert er.permutation(kj, 5).dtype == jnp.int32  # the default index dtype
    x = np.arange(24.0, dtype=np.float32).reshape(4, 6)
    np.testing.assert_array_equal(
        np.asarray(er.permutation(kj, jnp.asarray(x), axis=1)), er.permutation(kn, x, axis=1)
    )
    jit_perm = jax.jit(lambda k: er.permutation(k, 100))(kj)
    np.testing.assert_array_equal(np.asarray(jit_perm), er.permutation(kn, 100))
    for dt in ("uint8", "uint16"):
        got = er.bits(kj, (37,), dtype=getattr(jnp, dt))
        np.testing.assert_array_equal(np.asarray(got), er.bits(kn, (37,), dtype=getattr(np, dt)))
    # normals: the integers that enter the inverse CDF are numpy's (tests/test_random.py),
    # so the samples are bit for bit those of jax with x64; log/sqrt leave a few ULP to numpy
    z = er.normal(kj, (1001,))
    z16 = er.normal(kj, (65,), dtype=jnp.float16)
    with jax.enable_x64(True):
        np.testing.assert_array_equal(np.asarray(z), np.asarray(er.normal(kj, (1001,))))
        np.testing.assert_array_equal(
            np.asarray(z16), np.asarray(er.normal(kj, (65,), dtype=jnp.float16))
        )
    np.testing.assert_allclose(np.asarray(z), er.normal(kn, (1001,)), rtol=4e-6, atol=1e-6)
    jit_z = jax.jit(lambda k: er.normal(k, (1001,)))(kj)
    np.testing.assert_allclose(np.asarray(jit_z), er.normal(kn, (1001,)), rtol=4e-6, atol=1e-6)
    gj, gn = er.Generator(4, xp=jnp), er.Generator(4, xp=np)
    np.testing.assert_array_equal(np.asarray(gj.integers(0, 9, (16,))), gn.integers(0, 9, (16,)))
    np.testing.assert_array_equal(np.asarray(gj.permutation(16)), gn.permutation(16))
    np.testing.assert_allclose(np.asarray(gj.normal((16,))), gn.normal((16,)), rtol=4e-6)


def test_random_needing_int64_raises_without_x64() -> None:
    """Without jax_enable_x64 jax's int64 is int32: 64-bit outputs raise a clear TypeError
    instead of overflowing (or wrapping silently)."""
    _no_x64()
    k = er.key(3, xp=jnp)
    draws = (
        lambda: er.integers(k, 0, 10, (4,), dtype=jnp.int64),
        lambda: er.integers(k, 0, 10, (4,), dtype=jnp.uint64),
        lambda: er.bits(k, (4,), dtype=jnp.uint64),
        lambda: er.normal(k, (4,), dtype=jnp.float64),
    )
    for draw in draws:
        with pytest.raises(TypeError, match="64-bit integers"):
            draw()


def test_jit_of_shims_and_namespace_in_one_function() -> None:
    """stft + random.uniform + segment_sum + std under one jax.jit (issue 39), as eager."""
    from conformance.transforms._mixes import stft_uniform_segment_sum_std as f

    x = jnp.sin(jnp.arange(64.0, dtype=jnp.float32) / 5)
    args = (x, er.key(7, xp=jnp), jnp.asarray(np.arange(9) % 3))
    for g, w in zip(jax.jit(f)(*args), f(*args)):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)

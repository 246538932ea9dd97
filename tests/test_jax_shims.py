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


def test_random_needing_int64_raises_without_x64() -> None:
    """Without jax_enable_x64 jax's int64 is int32: samplers that need 64-bit words raise a
    clear TypeError instead of overflowing (or wrapping silently)."""
    if jax.config.jax_enable_x64:
        pytest.skip("jax_enable_x64 is set")
    k = er.key(3, xp=jnp)
    for draw in (lambda: er.normal(k, (4,)), lambda: er.integers(k, 0, 10, (4,))):
        with pytest.raises(TypeError, match="64-bit integers"):
            draw()

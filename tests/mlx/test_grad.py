"""mx.grad / vjp / jvp / vmap / compile through ember_array.mlx's accurate functions and stft."""

from __future__ import annotations

import numpy as np
import pytest

mx = pytest.importorskip("mlx.core")

import ember_array  # noqa: E402
import ember_array.mlx as xp  # noqa: E402

X = mx.array([-3.0, -0.5, 0.25, 1.0, 2.5])


@pytest.mark.parametrize(
    ("ours", "theirs"),
    [
        (lambda v: xp.sum(xp.exp(v)), lambda v: mx.sum(mx.exp(v))),
        (lambda v: xp.sum(xp.logaddexp(v, 2 * v)), lambda v: mx.sum(mx.logaddexp(v, 2 * v))),
        (lambda v: xp.sum(xp.exp(v) / xp.sum(xp.exp(v))), lambda v: mx.sum(mx.softmax(v))),
    ],
    ids=["exp", "logaddexp", "softmax"],
)
def test_grad_matches_mlx(ours, theirs) -> None:
    np.testing.assert_allclose(
        np.asarray(mx.grad(ours)(X)), np.asarray(mx.grad(theirs)(X)), rtol=1e-5, atol=1e-6
    )
    np.testing.assert_allclose(
        np.asarray(mx.compile(mx.grad(ours))(X)),
        np.asarray(mx.grad(theirs)(X)),
        rtol=1e-5,
        atol=1e-6,
    )


def test_float64_sin_cos_grad_and_jvp() -> None:
    x = mx.array([0.5, 1.0, 2.0], dtype=mx.float64)
    with mx.stream(mx.cpu):
        g = mx.grad(lambda v: mx.sum(xp.sin(v) + xp.cos(v)))(x)
        (_, tangent) = mx.jvp(lambda v: xp.sin(v), [x], [mx.ones_like(x)])
    a = np.asarray([0.5, 1.0, 2.0])
    np.testing.assert_allclose(np.asarray(g), np.cos(a) - np.sin(a), rtol=1e-12)
    np.testing.assert_allclose(np.asarray(tangent[0]), np.cos(a), rtol=1e-12)


def test_vmap_exp_and_stft() -> None:
    batch = mx.array(np.random.default_rng(0).standard_normal((3, 64)).astype("float32"))
    out = mx.vmap(lambda s: ember_array.signal.stft(s, n_fft=16))(batch)
    want = [np.asarray(ember_array.signal.stft(batch[i], n_fft=16)) for i in range(3)]
    np.testing.assert_allclose(np.asarray(out), np.stack(want), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(np.asarray(mx.vmap(xp.exp)(X)), np.exp(np.asarray(X)), rtol=1e-6)

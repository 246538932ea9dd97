"""``traced``: the test that sends mlx's stft and frame through ``as_strided`` eagerly."""

from __future__ import annotations

import threading

import numpy as np
import pytest

mx = pytest.importorskip("mlx.core")

import ember_array.mlx as xp  # noqa: E402
from ember_array import signal  # noqa: E402
from ember_array.mlx._helpers import traced  # noqa: E402
from ember_array.signal._blocks import frames_generic, frames_strided  # noqa: E402


def _seen(fn, *args):
    """What ``traced`` answered for the first argument inside ``fn``, called on ``args``."""
    answers: list[bool] = []

    def body(x, *rest):
        answers.append(traced(x))
        return x * 2

    fn(body)(*args)
    return answers[-1]


def test_traced_outside_and_inside_transforms() -> None:
    x = mx.arange(6, dtype=mx.float32)
    traced(x)  # the first call per dtype and ndim traces the probe itself: True
    assert not traced(x)
    assert not traced(x * 3)  # a lazy array is no tracer, and is not evaluated
    assert _seen(mx.vmap, mx.zeros((3, 6)))
    assert _seen(lambda f: mx.grad(lambda v: f(v).sum()), x)
    assert _seen(lambda f: lambda v: mx.jvp(f, [v], [v]), x)
    assert _seen(mx.compile, x)


def test_traced_is_true_off_the_main_thread_and_without_compile() -> None:
    x = mx.arange(6, dtype=mx.float32)
    traced(x)
    seen: list[bool] = []
    worker = threading.Thread(target=lambda: seen.append(traced(x)))
    worker.start()
    worker.join()
    assert seen == [True]
    mx.disable_compile()
    try:
        assert traced(x)
    finally:
        mx.enable_compile()


@pytest.mark.parametrize("shape", [(512,), (3, 200), (2, 2, 97)])
@pytest.mark.parametrize(("length", "hop"), [(64, 16), (16, 16), (20, 3), (7, 11)])
def test_strided_frames_equal_the_blocks(shape, length, hop) -> None:
    x = mx.array(np.random.default_rng(0).standard_normal(shape).astype(np.float32))
    want = np.asarray(frames_generic(xp, x, length, hop, None))
    np.testing.assert_array_equal(np.asarray(frames_strided(xp, x, length, hop, None)), want)
    # a transposed (non-contiguous) signal: as_strided reads it row-contiguous
    xt = mx.array(np.ascontiguousarray(np.asarray(x).T)).T
    np.testing.assert_array_equal(np.asarray(frames_strided(xp, xt, length, hop, None)), want)


def test_stft_and_frame_are_the_same_inside_and_outside_vmap() -> None:
    x = mx.array(np.random.default_rng(1).standard_normal((3, 300)).astype(np.float32))
    w = mx.array(np.hanning(32).astype(np.float32))
    for _ in range(2):  # the second call takes as_strided
        eager = signal.stft(x, 32, 8, window=w)
        framed = signal.frame(x, 32, 8)
    np.testing.assert_allclose(
        np.asarray(mx.vmap(lambda s: signal.stft(s, 32, 8, window=w))(x)),
        np.asarray(eager),
        rtol=1e-5,
        atol=1e-5,
    )
    np.testing.assert_array_equal(
        np.asarray(mx.vmap(lambda s: signal.frame(s, 32, 8))(x)), np.asarray(framed)
    )
    # vmapped over the window only: the signal is no tracer, its frames a view under vmap
    windows = mx.stack([w, 2 * w])
    both = mx.vmap(lambda v: signal.stft(x[0], 32, 8, window=v))(windows)
    np.testing.assert_allclose(np.asarray(both[1]), 2 * np.asarray(eager[0]), rtol=1e-5, atol=1e-4)


def _ops(tmp_path, *outputs) -> str:
    dot = tmp_path / "graph.dot"
    mx.export_to_dot(str(dot), *outputs)
    return dot.read_text()


def test_lapack_calls_skip_their_rules_outside_transforms(tmp_path) -> None:
    rng = np.random.default_rng(2)
    m = rng.standard_normal((6, 6)).astype(np.float32)
    a = mx.array(m @ m.T + 6 * np.eye(6, dtype=np.float32))
    b = mx.array(rng.standard_normal((6, 2)).astype(np.float32))
    for _ in range(2):  # the first call per dtype and ndim takes the rules
        solved = xp.linalg.solve(a, b)
        w, v = xp.linalg.eigh(a)
    assert "CustomTransforms" not in _ops(tmp_path, solved, w, v)
    np.testing.assert_allclose(
        np.asarray(solved), np.linalg.solve(np.asarray(a), np.asarray(b)), rtol=1e-4, atol=1e-5
    )
    # under a transform the rules are there: grad of sum(A^-1 b) is -A^-T 1 (A^-1 b)^T
    grad = mx.grad(lambda t: xp.sum(xp.linalg.solve(t, b)))(a)
    an, bn = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    want = -np.linalg.solve(an.T, np.ones((6, 2))) @ np.linalg.solve(an, bn).T
    np.testing.assert_allclose(np.asarray(grad), want, rtol=1e-3, atol=1e-4)
    with pytest.raises(ValueError, match=r"mx\.vmap of linalg\.solve"):
        mx.vmap(lambda t: xp.linalg.solve(t, b))(mx.stack([a, a]))
    dw = mx.grad(lambda t: xp.sum(xp.linalg.eigh(t)[0]))(a)  # d trace / dA = I
    np.testing.assert_allclose(np.asarray(dw), np.eye(6), atol=1e-4)

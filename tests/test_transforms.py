"""Regression tests for issue 14: ember functions under mlx / torch transforms."""

from __future__ import annotations

import pytest


def test_mlx_grad_jvp_vmap_compile_match_mlx() -> None:
    mx = pytest.importorskip("mlx.core")
    import ember_array.mlx as xp

    x = mx.array([-3.0, -0.5, 0.1, 0.5, 2.0])
    y = mx.array([0.3, -0.5, 1.0, 0.5, -2.0])
    for name, native in [("exp", mx.exp), ("sin", mx.sin), ("cos", mx.cos)]:
        f = getattr(xp, name)
        ours = mx.grad(lambda a, f=f: f(a).sum())(x)
        ref = mx.grad(lambda a, n=native: n(a).sum())(x)
        assert mx.allclose(ours, ref, rtol=1e-5).item(), name
        assert mx.allclose(mx.jvp(f, [x], [y])[1][0], mx.jvp(native, [x], [y])[1][0]).item()
        assert mx.allclose(mx.compile(mx.grad(lambda a, f=f: f(a).sum()))(x), ref).item()
        assert mx.allclose(mx.vmap(f)(mx.stack([x, y]))[1], f(y)).item()
    g1 = mx.grad(lambda a, b: xp.logaddexp(a, b).sum(), argnums=(0, 1))(x, y)
    g2 = mx.grad(lambda a, b: mx.logaddexp(a, b).sum(), argnums=(0, 1))(x, y)
    assert all(mx.allclose(a, b).item() for a, b in zip(g1, g2))


def test_mlx_vmap_stft_and_frame() -> None:
    mx = pytest.importorskip("mlx.core")
    from ember_array import signal

    x = mx.random.normal((3, 64), key=mx.random.key(0))
    batched = mx.vmap(lambda s: signal.stft(s, 16))(x)
    assert mx.allclose(batched, signal.stft(x, 16), atol=1e-5).item()
    framed = mx.vmap(lambda s: signal.frame(s, 8, 4))(x)
    assert mx.array_equal(framed, signal.frame(x, 8, 4)).item()


def test_torch_scalar_dtype_matches_torch() -> None:
    torch = pytest.importorskip("torch")
    from ember_array.torch._aliases import scalar_dtype

    for dt in (torch.bool, torch.int8, torch.uint8, torch.int64, torch.float32, torch.float64,
               torch.complex64, torch.complex128):  # fmt: skip
        for value in (True, 2, 1.5, 1j):
            assert scalar_dtype(dt, value) == torch.result_type(torch.ones(2, dtype=dt), value)


def test_torch_compile_fullgraph_scalars_and_xp_torch() -> None:
    torch = pytest.importorskip("torch")
    import ember_array.torch as xp
    from ember_array import signal

    def f(x: torch.Tensor) -> torch.Tensor:
        y = xp.maximum(x, 0.0) + xp.atan2(x, 1.0) + xp.hypot(2.0, x) + xp.logaddexp(x, 0.5)
        y = y + xp.astype(xp.greater(0.0, x), x.dtype) + xp.astype(x, xp.result_type(x, 1.0))
        return y * signal.hann_window(8, xp="torch")

    x = torch.randn(8)
    torch._dynamo.reset()
    torch.testing.assert_close(torch.compile(f, fullgraph=True)(x), f(x))


def test_torch_random_under_compile_and_vmap_equals_eager() -> None:
    """CPU torch keys hash on the host (numpy), which a traced key cannot: under
    ``torch.compile(fullgraph=True)`` and ``torch.func.vmap`` the standard-form hash runs
    instead, and the values are the same."""
    torch = pytest.importorskip("torch")
    import ember_array.random as er

    k = er.key(3, xp="torch")
    torch._dynamo.reset()
    compiled = torch.compile(
        lambda kk: er.uniform(kk, (1001,)) + er.bits(kk, (1001,)), fullgraph=True
    )
    torch.testing.assert_close(compiled(k), er.uniform(k, (1001,)) + er.bits(k, (1001,)))
    keys = er.split(k, 3)
    batched = torch.func.vmap(lambda kk: er.normal(kk, (5,)))(keys)
    for i in range(3):
        torch.testing.assert_close(batched[i], er.normal(keys[i], (5,)))


@pytest.mark.parametrize("reduce", ["sum", "mean", "max", "min", "prod"])
def test_torch_func_vmap_and_grad_of_scatter(reduce: str) -> None:
    # out-of-place index_add/scatter_reduce: vmap cannot batch the in-place forms
    torch = pytest.importorskip("torch")
    from ember_array import scatter

    v = torch.arange(12.0).reshape(2, 6)
    idx = torch.tensor([0, 1, 0, 2, 5, 1])
    got = torch.func.vmap(lambda row: scatter.scatter(row, idx, 3, reduce=reduce))(v)
    want = torch.stack([scatter.scatter(row, idx, 3, reduce=reduce) for row in v])
    assert torch.equal(got, want)
    grad = torch.func.grad(lambda row: scatter.segment_sum(row, idx, 3).sum())(v[0])
    assert torch.equal(grad, torch.tensor([1.0, 1.0, 1.0, 1.0, 0.0, 1.0]))


def test_linalg_nan_guard_keeps_gradients_and_compiles() -> None:
    """The non-finite guard of the decompositions selects a NaN constant: torch gradients stay
    finite (out * nan made them NaN everywhere) and mlx compiles it for complex output (mlx's
    compiler cannot emit a complex constant)."""
    torch = pytest.importorskip("torch")
    import ember_array.torch as et

    x = torch.tensor([[2.0, 1.0], [1.0, 3.0]], dtype=torch.float64)
    g = torch.func.grad(lambda a: et.linalg.svdvals(a).sum())(x)
    assert torch.isfinite(g).all()
    mx = pytest.importorskip("mlx.core")
    import ember_array.mlx as em

    with mx.stream(mx.cpu):
        got = mx.compile(em.linalg.eigvals)(mx.array([[1.0, 2.0], [3.0, 4.0]]))
        bad = mx.compile(em.linalg.eigvals)(mx.array([[float("nan"), 1.0], [1.0, 2.0]]))
    assert sorted(abs(v) for v in got.tolist()) == pytest.approx([0.3722813, 5.3722813])
    assert all(v != v for v in bad.tolist())  # NaN


def test_mlx_hypot_gradient_at_ties() -> None:
    """hypot is smooth where |x1| == |x2|: each argument gets x_i / hypot (maximum/minimum
    used to send the whole derivative to x2 there)."""
    mx = pytest.importorskip("mlx.core")
    import ember_array.mlx as em

    for x1, x2 in [(0.3, 0.3), (0.3, -0.3), (3.0, 4.0), (4.0, 3.0)]:
        g1, g2 = mx.grad(em.hypot, argnums=(0, 1))(mx.array(x1), mx.array(x2))
        h = (x1 * x1 + x2 * x2) ** 0.5
        assert g1.item() == pytest.approx(x1 / h, rel=1e-5)
        assert g2.item() == pytest.approx(x2 / h, rel=1e-5)

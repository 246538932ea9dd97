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
    from ember_array.torch._data_types import scalar_dtype

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


def _finite_difference(f, x, v, h=1e-6):  # type: ignore[no-untyped-def]
    """The derivative of ``f`` (numpy float64 -> float) at ``x`` along ``v`` (central)."""
    return (f(x + h * v) - f(x - h * v)) / (2 * h)


#: distinct values, repeats, a NaN twice (NaNs are distinct) and -0.0 next to 0.0
_UNIQUE_INPUT = [3.0, float("nan"), 1.0, 3.0, float("nan"), -0.0, 0.5, 1.0]


@pytest.mark.parametrize("name", ["unique_all", "unique_counts", "unique_inverse", "unique_values"])
def test_unique_values_are_differentiable(name: str) -> None:
    """The unique values are gathered from the input at the first occurrence of each: the
    gradient is that of ``x[indices]`` and equals the finite differences (mlx gave zeros,
    torch.func.grad raised: torch.unique has no derivative)."""
    import numpy as np

    x0 = np.array(_UNIQUE_INPUT)
    first = np.array([5, 6, 2, 0, 1, 4])  # -0.0, 0.5, 1.0, 3.0, nan, nan
    w = np.arange(1.0, 7.0)

    def values(out):  # type: ignore[no-untyped-def]
        return out if name == "unique_values" else out[0]

    def loss_np(x: np.ndarray) -> float:
        # small perturbations keep the ranking: the unique values stay x[first]
        return float(np.sum(np.nan_to_num(x[first]) * w))

    v = np.random.default_rng(0).standard_normal(x0.size)
    want = np.zeros_like(x0)
    want[first[:4]] = w[:4]  # the NaNs' values are zeroed by nan_to_num: no gradient
    assert _finite_difference(loss_np, x0, v) == pytest.approx(float(want @ v), rel=1e-6)

    mx = pytest.importorskip("mlx.core")
    import ember_array.mlx as em

    f_mx = getattr(em, name)
    wm = mx.array(w.astype(np.float32))
    g = mx.grad(lambda t: mx.sum(mx.nan_to_num(values(f_mx(t))) * wm))(mx.array(x0, mx.float32))
    np.testing.assert_allclose(np.asarray(g), want)
    _, tangent = mx.jvp(
        lambda t: values(f_mx(t)), [mx.array(x0, mx.float32)], [mx.array(v, mx.float32)]
    )
    np.testing.assert_allclose(np.asarray(tangent[0])[:4], v[first[:4]], rtol=1e-6)
    assert np.array_equal(
        np.signbit(np.asarray(values(f_mx(mx.array(x0, mx.float32))))[:1]), [True]
    )

    torch = pytest.importorskip("torch")
    import ember_array.torch as et

    f_t = getattr(et, name)
    wt = torch.from_numpy(w)
    g = torch.func.grad(lambda t: (torch.nan_to_num(values(f_t(t))) * wt).sum())(
        torch.from_numpy(x0)
    )
    np.testing.assert_allclose(g.numpy(), want)
    xr = torch.from_numpy(x0).requires_grad_()
    (torch.nan_to_num(values(f_t(xr))) * wt).sum().backward()
    np.testing.assert_allclose(xr.grad.numpy(), want)
    # untracked input: torch.unique's values, the same ones
    plain = values(f_t(torch.from_numpy(x0)))
    torch.testing.assert_close(plain, values(f_t(xr)).detach(), equal_nan=True)


def test_nextafter_derivative_is_one_and_zero() -> None:
    """nextafter(x1, x2) is x1 moved by one ulp: d/dx1 = 1, d/dx2 = 0 everywhere, ties included
    (torch's formula gives 0 at ties; mlx's view had no vjp); forward values unchanged."""
    import numpy as np

    x1 = np.array([1.0, 2.0, -3.0, 0.0, 0.25])
    x2 = np.array([1.0, 0.0, 5.0, -1.0, 0.25])  # ties at 0 and 4
    v = np.random.default_rng(1).standard_normal(x1.size)
    fd = _finite_difference(lambda a: float(np.sum(np.nextafter(a, x2))), x1, v)
    assert fd == pytest.approx(float(v.sum()), rel=1e-6)
    special1 = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, 0.0, -1e-45], np.float32)
    special2 = np.array([-1.0, 1.0, 0.0, 0.0, 1.0, np.nan, -0.0, 1.0], np.float32)
    want_bits = np.nextafter(special1, special2).view(np.int32)

    mx = pytest.importorskip("mlx.core")
    import ember_array.mlx as em

    a, b = mx.array(x1, mx.float32), mx.array(x2, mx.float32)
    g1, g2 = mx.grad(lambda p, q: em.nextafter(p, q).sum(), argnums=(0, 1))(a, b)
    assert np.array_equal(np.asarray(g1), np.ones(5))
    assert np.array_equal(np.asarray(g2), np.zeros(5))
    assert mx.grad(lambda p: em.nextafter(p, b).sum())(a[0]).item() == 5.0  # broadcast x1
    t = mx.jvp(lambda p: em.nextafter(p, b), [a], [mx.array(v, mx.float32)])[1][0]
    np.testing.assert_allclose(np.asarray(t), v, rtol=1e-6)
    assert np.array_equal(
        np.asarray(mx.jvp(lambda q: em.nextafter(a, q), [b], [b])[1][0]), np.zeros(5)
    )
    got = em.nextafter(mx.array(special1), mx.array(special2))
    assert np.array_equal(np.asarray(got).view(np.int32), want_bits)

    torch = pytest.importorskip("torch")
    import ember_array.torch as et

    a, b = torch.from_numpy(x1), torch.from_numpy(x2)
    g1, g2 = torch.func.grad(lambda p, q: et.nextafter(p, q).sum(), argnums=(0, 1))(a, b)
    assert torch.equal(g1, torch.ones(5, dtype=a.dtype))
    assert torch.equal(g2, torch.zeros(5, dtype=a.dtype))
    assert torch.func.grad(lambda p: et.nextafter(p, b).sum())(a[0]).item() == 5.0
    assert torch.func.grad(lambda p: et.nextafter(p, b.float()).sum())(a).tolist() == [1.0] * 5
    t = torch.func.jvp(lambda p: et.nextafter(p, b), (a,), (torch.from_numpy(v),))[1]
    torch.testing.assert_close(t, torch.from_numpy(v))
    ar = a.clone().requires_grad_()
    et.nextafter(ar, b).sum().backward()
    assert ar.grad.tolist() == [1.0] * 5
    batched = torch.func.vmap(torch.func.grad(lambda p: et.nextafter(p, b).sum()))(
        torch.stack([a, b])
    )
    assert torch.equal(batched, torch.ones(2, 5, dtype=a.dtype))
    for p in (torch.from_numpy(special1), torch.from_numpy(special1).requires_grad_()):
        got = et.nextafter(p, torch.from_numpy(special2))
        assert np.array_equal(got.detach().numpy().view(np.int32), want_bits)
    torch._dynamo.reset()
    compiled = torch.compile(lambda p, q: et.nextafter(p, q) * 2.0, fullgraph=True)
    torch.testing.assert_close(compiled(a, b), et.nextafter(a, b) * 2.0)
    ar = a.clone().requires_grad_()
    compiled(ar, b).sum().backward()
    assert ar.grad.tolist() == [2.0] * 5


def _linalg_cases():  # type: ignore[no-untyped-def]
    """(id, function of one mlx matrix -> list of real outputs, input shape, symmetric, float64
    finite differences): every decomposition, on stacks of two matrices."""
    import mlx.core as mx
    import numpy as np

    import ember_array.mlx as em

    def parts(*outs):  # type: ignore[no-untyped-def]
        flat = []
        for o in outs:
            if mx.issubdtype(o.dtype, mx.complexfloating):
                flat += [mx.real(o), mx.imag(o)]
            else:
                flat.append(o)
        return flat

    la = em.linalg
    b = mx.array(np.random.default_rng(7).standard_normal((2, 3, 2)).astype(np.float32))
    sq = mx.array([[2.0, 0.3, -0.5], [0.1, 1.5, 0.4], [-0.2, 0.6, 3.0]])
    return [
        ("inv", lambda a: parts(la.inv(a)), (2, 3, 3), False, True),
        ("det", lambda a: parts(la.det(a)), (2, 3, 3), False, True),
        ("slogdet", lambda a: parts(la.slogdet(a)[1]), (2, 3, 3), False, True),
        ("solve", lambda a: parts(la.solve(a, b.astype(a.dtype))), (2, 3, 3), False, True),
        ("solve-b", lambda a: parts(la.solve(sq.astype(a.dtype), a)), (2, 3, 2), False, True),
        ("matrix_power", lambda a: parts(la.matrix_power(a, -2)), (2, 3, 3), False, True),
        ("cholesky", lambda a: parts(la.cholesky(a)), (2, 3, 3), True, True),
        ("cholesky-upper", lambda a: parts(la.cholesky(a, upper=True)), (2, 3, 3), True, True),
        ("eigh", lambda a: parts(*la.eigh(a)), (2, 3, 3), True, True),
        ("eigvalsh", lambda a: parts(la.eigvalsh(a)), (2, 3, 3), True, True),
        ("svdvals-tall", lambda a: parts(la.svdvals(a)), (2, 4, 3), False, True),
        ("svdvals-wide", lambda a: parts(la.svdvals(a)), (2, 3, 4), False, True),
        ("svd", lambda a: parts(*la.svd(a)), (2, 3, 3), False, True),
        ("svd-tall", lambda a: parts(*la.svd(a, full_matrices=False)), (2, 4, 3), False, True),
        ("svd-wide", lambda a: parts(*la.svd(a, full_matrices=False)), (2, 3, 4), False, True),
        ("pinv", lambda a: parts(la.pinv(a)), (2, 4, 3), False, True),
        ("qr", lambda a: parts(*la.qr(a)), (2, 3, 3), False, True),
        ("qr-tall", lambda a: parts(*la.qr(a)), (2, 4, 3), False, True),
        ("qr-wide", lambda a: parts(*la.qr(a)), (2, 3, 4), False, True),
        ("eig", lambda a: parts(*la.eig(a)), (2, 3, 3), False, False),
        ("eigvals", lambda a: parts(la.eigvals(a)), (2, 3, 3), False, False),
        (
            "eig-complex",
            lambda a: parts(*la.eig(a + 0.3j * sq.astype(a.dtype))),
            (2, 3, 3),
            False,
            False,
        ),
        ("inv-complex", lambda a: parts(la.inv(a * (1 - 0.5j))), (2, 3, 3), False, False),
        ("det-complex", lambda a: parts(la.det(a * (1 + 0.25j))), (2, 3, 3), False, False),
    ]


@pytest.mark.parametrize("case", range(24))
def test_mlx_linalg_derivatives_match_finite_differences(case: int) -> None:
    """mlx has no vjp/jvp for its LAPACK primitives (Inverse, LUF, Cholesky, Eigh, SVD, QRF,
    Eig): ember's rules give mx.grad, mx.vjp and mx.jvp the finite-difference derivatives, on
    stacked matrices, eigenvectors in LAPACK's gauge (unit, largest component real)."""
    mx = pytest.importorskip("mlx.core")
    import numpy as np

    name, f, shape, symmetric, hp = _linalg_cases()[case]
    rng = np.random.default_rng(case)
    x0 = rng.standard_normal(shape)
    if symmetric:  # spd, distinct eigenvalues
        x0 = x0 @ np.swapaxes(x0, -1, -2) + np.diag([1.0, 2.0, 3.5])
    elif name.startswith("eig"):  # a complex pair and distinct real eigenvalues
        x0 = 0.3 * x0 + np.array([[[1, -2, 0], [2, 1, 0], [0, 0, 3.0]], np.diag([1, 2.5, 4.0])])
    elif shape[-1] == shape[-2]:
        x0 = x0 + 2 * np.eye(shape[-1])
    v = rng.standard_normal(shape)
    if symmetric:
        v = (v + np.swapaxes(v, -1, -2)) / 2
    dt, h = (mx.float64, 1e-6) if hp else (mx.float32, 1e-3)

    def at(x: np.ndarray) -> list[np.ndarray]:
        return [np.asarray(o).astype(np.float64) for o in f(mx.array(x, dtype=dt))]

    def fd(s: float) -> list[np.ndarray]:
        return [(p - m) / (2 * s) for p, m in zip(at(x0 + s * v), at(x0 - s * v))]

    want = [(4 * b - a) / 3 for a, b in zip(fd(h), fd(h / 2))]  # Richardson
    x = mx.array(x0, dtype=mx.float32)
    outs, tangents = mx.jvp(f, [x], [mx.array(v, dtype=mx.float32)])
    for t, w in zip(tangents, want):
        np.testing.assert_allclose(np.asarray(t), w, rtol=2e-2, atol=2e-2 * np.abs(w).max())
    cots = [rng.standard_normal(o.shape) for o in outs]
    _, (g,) = mx.vjp(f, [x], [mx.array(c, dtype=mx.float32) for c in cots])
    got, exp = (
        float(np.sum(np.asarray(g) * v)),
        sum(float(np.sum(c * w)) for c, w in zip(cots, want)),
    )
    assert got == pytest.approx(exp, rel=2e-2, abs=1e-3 * sum(np.abs(c).sum() for c in cots)), name
    grad = mx.grad(lambda a: sum(o.sum() for o in f(a)))(x)
    assert float(np.sum(np.asarray(grad) * v)) == pytest.approx(
        sum(float(w.sum()) for w in want), rel=2e-2, abs=1e-3
    ), name
    # the forward values are those of the plain call
    for o, p in zip(outs, f(x)):
        assert mx.array_equal(o, p).item()


def test_mlx_svd_full_matrices_derivative_is_a_clear_error() -> None:
    """The last columns of U of a non-square matrix (full_matrices=True) are any basis of the
    complement: no derivative; the error names the transform, the function and the reason."""
    mx = pytest.importorskip("mlx.core")
    import ember_array.mlx as em

    x = mx.ones((4, 3)) + mx.eye(4, 3)
    with pytest.raises(ValueError, match=r"mx.grad/mx.vjp of linalg.svd \[mlx\]: the last"):
        mx.grad(lambda a: em.linalg.svd(a)[0].sum())(x)
    with pytest.raises(ValueError, match=r"mx.jvp of linalg.svd \[mlx\]: the last"):
        mx.jvp(lambda a: em.linalg.svd(a)[0], [x], [x])
    g = mx.grad(lambda a: em.linalg.svd(a, full_matrices=False)[1].sum())(x)
    assert g.shape == (4, 3)


def test_mlx_det_gradient_at_a_singular_matrix() -> None:
    """d det / dA is the cofactor matrix, finite where A is singular (A^-1 failed there)."""
    mx = pytest.importorskip("mlx.core")
    import numpy as np

    import ember_array.mlx as em

    a = mx.array([[[1.0, 2.0], [2.0, 4.0]], [[2.0, 1.0], [1.0, 3.0]]])
    g = mx.grad(lambda x: em.linalg.det(x).sum())(a)
    want = [[[4.0, -2.0], [-2.0, 1.0]], [[3.0, -1.0], [-1.0, 2.0]]]
    np.testing.assert_allclose(np.asarray(g), want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize(
    "name", ["scatter", "segment_sum", "segment_mean", "segment_max", "segment_min", "segment_prod"]
)
def test_mlx_scatter_jvp_and_vjp_match_finite_differences(name: str) -> None:
    """mlx's Scatter has no jvp ("[scatter] JVP not yet implemented") and scatter prod no vjp:
    ember's rules give mx.jvp (and mx.grad/mx.vjp of segment_prod) the finite-difference
    derivatives, zeros in a product's segment included; every jvp is the transpose of the vjp
    (a tie of max/min: the tangents of all the tied elements, whose gradients are the whole
    cotangent, as mlx's own vjp); out-of-range indices are dropped; values unchanged."""
    mx = pytest.importorskip("mlx.core")
    import numpy as np

    from ember_array import scatter

    f = getattr(scatter, name)
    rng = np.random.default_rng(1)
    idx = mx.array([0, 2, 0, 7, 1, 2, 2, -1, 0, 1])  # 7 and -1 dropped, segment 3 empty
    x0 = rng.standard_normal((10, 3))
    if name not in ("segment_max", "segment_min"):  # (two zeros would tie)
        x0[4, 1] = 0.0  # one zero in segment 1
        x0[1, 2] = x0[5, 2] = 0.0  # two zeros in segment 2
    v = rng.standard_normal((10, 3))
    c = rng.standard_normal((4, 3))

    def g(x):  # type: ignore[no-untyped-def]
        return f(x, idx, 4, fill_value=2.5)

    def at(x: np.ndarray) -> np.ndarray:
        return np.asarray(g(mx.array(x, dtype=mx.float64)))

    fd = (at(x0 + 1e-6 * v) - at(x0 - 1e-6 * v)) / 2e-6
    x = mx.array(x0, dtype=mx.float64)
    (out,), (tangent,) = mx.jvp(g, [x], [mx.array(v, dtype=mx.float64)])
    np.testing.assert_allclose(np.asarray(tangent), fd, atol=1e-7)
    assert mx.array_equal(out, g(x)).item()
    _, (grad,) = mx.vjp(g, [x], [mx.array(c, dtype=mx.float64)])
    assert float(np.sum(np.asarray(grad) * v)) == pytest.approx(float(np.sum(c * fd)), rel=1e-7)
    loss = mx.grad(lambda a: g(a).sum())(x)
    assert float(np.sum(np.asarray(loss) * v)) == pytest.approx(float(fd.sum()), rel=1e-7)
    if name in ("segment_max", "segment_min"):  # a tie: jvp and vjp stay each other's transpose
        tie = x0.copy()
        tie[0, 0] = tie[2, 0] = tie[8, 0] = 9.0 if name == "segment_max" else -9.0
        xt = mx.array(tie, dtype=mx.float64)
        _, (tt,) = mx.jvp(g, [xt], [mx.array(v, dtype=mx.float64)])
        _, (gt,) = mx.vjp(g, [xt], [mx.array(c, dtype=mx.float64)])
        assert float(np.asarray(tt)[0, 0]) == pytest.approx(v[[0, 2, 8], 0].sum())
        assert np.asarray(gt)[[0, 2, 8], 0] == pytest.approx([c[0, 0]] * 3)
        assert float(np.sum(np.asarray(gt) * v)) == pytest.approx(float(np.sum(c * tt)))


def test_mlx_cumulative_prod_jvp_matches_finite_differences() -> None:
    """mlx's cumprod has no jvp ("JVP is not implemented for cumulative prod/min/max"): ember's
    rule gives the finite-difference derivative, zeros included (one zero: only its own term
    is left after it; two: 0); it is the transpose of mlx's own vjp; values unchanged."""
    mx = pytest.importorskip("mlx.core")
    import numpy as np

    import ember_array.mlx as em

    rng = np.random.default_rng(2)
    x0 = rng.standard_normal((3, 5))
    x0[0, 2] = 0.0  # one zero
    x0[1, 1] = x0[1, 3] = 0.0  # two zeros
    v = rng.standard_normal((3, 5))
    for axis, initial in [(1, False), (0, True), (-1, True)]:

        def g(x, axis=axis, initial=initial):  # type: ignore[no-untyped-def]
            return em.cumulative_prod(x, axis=axis, include_initial=initial)

        def at(x: np.ndarray) -> np.ndarray:
            return np.asarray(g(mx.array(x, dtype=mx.float64)))

        fd = (at(x0 + 1e-6 * v) - at(x0 - 1e-6 * v)) / 2e-6
        x = mx.array(x0, dtype=mx.float64)
        (out,), (tangent,) = mx.jvp(g, [x], [mx.array(v, dtype=mx.float64)])
        np.testing.assert_allclose(np.asarray(tangent), fd, atol=1e-8)
        assert mx.array_equal(out, g(x)).item()
        c = rng.standard_normal(fd.shape)
        _, (grad,) = mx.vjp(g, [x], [mx.array(c, dtype=mx.float64)])
        if not initial:  # mlx's own vjp, unchanged
            cot = [mx.array(c, dtype=mx.float64)]
            native = mx.vjp(lambda a, axis=axis: mx.cumprod(a, axis=axis), [x], cot)[1][0]
            assert mx.array_equal(grad, native).item()
        assert float(np.sum(np.asarray(grad) * v)) == pytest.approx(float(np.sum(c * fd)))


def test_mlx_vmap_of_searchsorted_over_the_sorted_sequence() -> None:
    """mlx's searchsorted vmaps only over the values ("Cannot vmap over the sorted sequence"):
    ember's vmap rule searches each batch's own sequence, with mlx's answers (NaN after every
    number, -0.0 == 0.0, empty sequences), for any in_axes, nested, compiled; values unchanged."""
    mx = pytest.importorskip("mlx.core")
    import numpy as np

    import ember_array.mlx as em

    rng = np.random.default_rng(3)
    for dt in (mx.float32, mx.int32, mx.float64):
        for n in (0, 1, 2, 5, 8, 33):
            s = np.sort(rng.integers(-5, 5, (3, n)).astype(np.float64), axis=1)
            v = rng.integers(-6, 6, (3, 7)).astype(np.float64)
            if dt != mx.int32:
                s[1, -2:] = np.nan
                v[0, 0], v[2, 3] = np.nan, -0.0
            seq, vals = mx.array(s, dtype=dt), mx.array(v, dtype=dt)
            for side in ("left", "right"):

                def f(a, b, side=side):  # type: ignore[no-untyped-def]
                    return em.searchsorted(a, b, side=side)

                def each(pairs):  # type: ignore[no-untyped-def]
                    return mx.stack([f(a, b) for a, b in pairs])

                got = mx.vmap(f)(seq, vals)
                assert got.dtype == em.int64
                assert mx.array_equal(got, each(zip(seq, vals))).item(), (dt, n, side)
                got = mx.vmap(lambda a, f=f, b=vals[0]: f(a, b))(seq)
                assert mx.array_equal(got, each((a, vals[0]) for a in seq)).item()
                got = mx.vmap(lambda a, f=f: f(a, 1))(seq)  # a scalar value
                assert mx.array_equal(got, each((a, 1) for a in seq)).item()
                got = mx.vmap(lambda b, f=f, a=seq[0]: f(a, b))(vals)  # mlx's own vmap
                assert mx.array_equal(got, each((seq[0], b) for b in vals)).item()
    seq = mx.array(np.sort(rng.standard_normal((2, 3, 6)), axis=-1))
    vals = mx.array(rng.standard_normal((2, 3, 4)))
    want = mx.array(
        np.array(
            [
                [np.searchsorted(np.asarray(a), np.asarray(b)) for a, b in zip(*p)]
                for p in zip(seq, vals)
            ]
        )
    )
    assert mx.array_equal(mx.vmap(mx.vmap(em.searchsorted))(seq, vals), want).item()
    moved = mx.vmap(em.searchsorted, in_axes=(1, 1))(
        mx.swapaxes(seq[0], 0, 1), mx.swapaxes(vals[0], 0, 1)
    )
    assert mx.array_equal(moved, want[0]).item()
    assert mx.array_equal(mx.compile(mx.vmap(em.searchsorted))(seq[0], vals[0]), want[0]).item()
    assert mx.array_equal(em.searchsorted(seq[0, 0], vals[0, 0]), want[0, 0]).item()


def test_mlx_vmap_of_lu_and_qr_functions_is_a_clear_error() -> None:
    """mlx's LUF and QRF primitives have no vmap rule, and mx.vmap transforms the operations
    inside a custom function before the function's own rule: mx.vmap over the matrices of det,
    slogdet, solve and qr (their derivatives included) raises a ValueError naming the transform,
    the function and the reason (was mlx's "[Primitive::vmap] Not implemented for LUF."); over
    solve's right-hand side only, it works; the functions take stacks instead."""
    mx = pytest.importorskip("mlx.core")
    import numpy as np

    import ember_array.mlx as em

    la = em.linalg
    rng = np.random.default_rng(4)
    a = mx.array(rng.standard_normal((2, 3, 3)) + 3 * np.eye(3), dtype=mx.float32)
    b = mx.array(rng.standard_normal((2, 3)), dtype=mx.float32)
    cases = [
        ("linalg.det", "LUF", lambda: mx.vmap(la.det)(a)),
        ("linalg.slogdet", "LUF", lambda: mx.vmap(lambda m: la.slogdet(m)[1])(a)),
        ("linalg.solve", "LUF", lambda: mx.vmap(la.solve)(a, b)),
        ("linalg.qr", "QRF", lambda: mx.vmap(lambda m: la.qr(m)[0])(a)),
        ("linalg.det", "LUF", lambda: mx.vmap(mx.grad(la.det))(a)),
        ("linalg.solve", "LUF", lambda: mx.vmap(mx.grad(lambda m: la.solve(m, b[0]).sum()))(a)),
    ]
    for name, primitive, call in cases:
        with pytest.raises(
            ValueError, match=rf"mx.vmap of {name} \[mlx\]: mlx has no vmap rule.*{primitive}"
        ):
            call()
    got = mx.vmap(lambda v: la.solve(a[0], v))(b)  # the matrix is not batched: no LUF to vmap
    assert mx.allclose(got, la.solve(a[0], b[..., None])[..., 0], rtol=1e-5).item()
    assert mx.allclose(la.det(a), mx.stack([la.det(m) for m in a])).item()


@pytest.mark.parametrize(
    "name",
    ["bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift", "bitwise_right_shift"],
)
def test_mlx_vmap_of_bitwise_with_an_unbatched_first_operand(name: str) -> None:
    """mlx's BitwiseBinary::vmap gives a batch of one when only the second operand is
    batched (silently); ember_array.mlx's bitwise functions give every row."""
    mx = pytest.importorskip("mlx.core")
    import ember_array.mlx as em

    f = getattr(em, name)
    c = mx.array([1, 2, 3], dtype=mx.int32)
    b = mx.array([[1, 1, 1], [2, 0, 3]], dtype=mx.int32)
    want = [f(c, b[i]).tolist() for i in range(2)]
    assert mx.vmap(lambda v: f(c, v))(b).tolist() == want
    assert mx.vmap(lambda v: f(c, v), in_axes=1, out_axes=1)(b.T).T.tolist() == want
    assert mx.vmap(lambda v: f(3, v))(b).tolist() == [f(3, b[i]).tolist() for i in range(2)]
    assert mx.vmap(lambda v: f(v, c))(b).tolist() == [f(b[i], c).tolist() for i in range(2)]


def test_torch_floor_divide_gradient_is_zero() -> None:
    """torch.floor_divide has no derivative (pytorch#43327); ember computes it with
    torch.div(rounding_mode="floor"), the same kernel: the same bits (signed zeros, infinities
    and NaN included) and a zero gradient, as jax and mlx give."""
    torch = pytest.importorskip("torch")
    import ember_array.torch as xp

    vals = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 7.0, -7.0, 1e-45, 1e38, float("inf"), float("-inf"),
            float("nan")]  # fmt: skip
    a = torch.tensor(vals).repeat_interleave(len(vals))
    b = torch.tensor(vals).repeat(len(vals))
    finite = torch.isfinite(a) & torch.isfinite(b)  # infinite operands: ember's own fix
    got = xp.floor_divide(a, b)
    assert torch.equal(
        got[finite].view(torch.int32), torch.floor_divide(a, b)[finite].view(torch.int32)
    )
    assert torch.equal(
        torch.func.vmap(xp.floor_divide)(a, b).view(torch.int32), got.view(torch.int32)
    )
    zero = torch.zeros_like(a)
    assert torch.equal(torch.func.grad(lambda t: xp.floor_divide(t, b).nansum())(a), zero)
    assert torch.equal(torch.func.grad(lambda t: xp.floor_divide(a, t).nansum())(b), zero)
    assert torch.equal(torch.func.grad(lambda t: xp.floor_divide(t, 2.0).sum())(a), zero)
    assert torch.equal(torch.func.grad(lambda t: xp.floor_divide(2.0, t).nansum())(b), zero)
    g = torch.func.grad(lambda t: xp.floor_divide(t, b.double()).nansum())(a)  # promoted
    assert torch.equal(g, zero)


def test_torch_from_dlpack_of_a_tensor_under_transforms() -> None:
    """A torch tensor is not exported through DLPack (dynamo refuses it, a tensor that requires
    gradient cannot be exported, vmap has no rule for is_pinned): a view, honouring copy= and
    device= as the standard says."""
    torch = pytest.importorskip("torch")
    import ember_array.torch as xp

    t = torch.arange(6.0).reshape(2, 3)
    assert xp.from_dlpack(t).data_ptr() == t.data_ptr()
    assert xp.from_dlpack(t, copy=False, device="cpu").data_ptr() == t.data_ptr()
    c = xp.from_dlpack(t, copy=True)
    assert c.data_ptr() != t.data_ptr()
    assert torch.equal(c, t)
    with pytest.raises(BufferError):
        xp.from_dlpack(t, device="meta", copy=False)
    assert xp.from_dlpack(t, device="meta").device.type == "meta"
    g = torch.func.grad(lambda a: (xp.from_dlpack(a) * a).sum())(t)
    assert torch.equal(g, 2 * t)
    assert torch.equal(torch.func.vmap(xp.from_dlpack)(t), t)
    torch._dynamo.reset()
    for copy in (None, True):
        f = torch.compile(lambda a, copy=copy: xp.from_dlpack(a, copy=copy) + 1, fullgraph=True)
        assert torch.equal(f(t), t + 1)
    np = pytest.importorskip("numpy")
    assert xp.from_dlpack(np.arange(3.0)[::-1]).tolist() == [2.0, 1.0, 0.0]  # foreign: DLPack


def test_torch_random_permutation_under_grad_equals_eager() -> None:
    """Inside a torch.func transform even a plain CPU key cannot be read on the host
    (.numpy() fails, pytorch#91810): the standard-form hash runs, with the same stream."""
    torch = pytest.importorskip("torch")
    import ember_array.random as er

    k = er.key(5, xp="torch")
    x = torch.randn(7, 3)
    w = torch.arange(7.0)[:, None]

    def f(t):  # type: ignore[no-untyped-def]
        p = er.permutation(k, t)
        return (p * w).sum(), (p, er.permutation(k, 1000), er.uniform(k, (9,)))

    g, (p, order, u) = torch.func.grad(f, has_aux=True)(x)
    assert torch.equal(p, er.permutation(k, x))
    assert torch.equal(order, er.permutation(k, 1000))
    assert torch.equal(u, er.uniform(k, (9,)))
    assert torch.equal(g, torch.empty_like(x).index_copy_(0, er.permutation(k, 7), w.expand(7, 3)))
    gen = er.Generator(11, xp="torch")
    got = torch.func.grad(lambda t: (er.Generator(11, xp="torch").permutation(t) * w).sum())(x)
    want = torch.empty_like(x).index_copy_(0, gen.permutation(torch.arange(7)), w.expand(7, 3))
    assert torch.equal(got, want)


def test_torch_vmap_of_moveaxis_sign_unstack_vecdot() -> None:
    """torch.moveaxis (int axes) has no batching rule and array-api-compat's sign writes through
    a boolean mask: movedim, unbind and where give the same values under torch.func.vmap."""
    torch = pytest.importorskip("torch")
    import array_api_compat.torch as compat

    import ember_array.torch as xp

    x = torch.randn(3, 4, 5)
    x[0, 0, :3] = torch.tensor([float("nan"), 0.0, -0.0])
    z = torch.complex(x, torch.randn(3, 4, 5))
    z[1, 1, 1] = 0
    cases = [
        (lambda t: xp.moveaxis(t, 0, -1), x),
        (lambda t: xp.moveaxis(t, (0, 1), (1, 0)), x),
        (xp.sign, x),
        (xp.sign, z),
        (lambda t: xp.stack(xp.unstack(t, axis=1)), x),
        (lambda t: xp.vecdot(t, t.flip(0), axis=0), x),
        (lambda t: xp.vecdot(t, t), z),
    ]
    for f, a in cases:
        got = torch.func.vmap(f)(a)
        want = torch.stack([f(row) for row in a])
        torch.testing.assert_close(got, want, equal_nan=True, rtol=0, atol=0)
    # eager values are array-api-compat's (signed zeros included; a NaN stays a NaN)
    same = {"equal_nan": True, "rtol": 0, "atol": 0}
    for t in (x, z, x.double(), torch.tensor([-3, 0, 7])):
        torch.testing.assert_close(xp.sign(t), compat.sign(t), **same)
    for ax in (0, 1, -1):
        y = x.flip(0)
        torch.testing.assert_close(xp.vecdot(x, y, axis=ax), compat.vecdot(x, y, axis=ax), **same)
        views = [(v.data_ptr(), v.shape, v.stride()) for v in xp.unstack(x, axis=ax)]
        assert views == [(v.data_ptr(), v.shape, v.stride()) for v in compat.unstack(x, axis=ax)]
    torch.testing.assert_close(xp.vecdot(z, x.double()), compat.vecdot(z, x.double()), **same)


def test_torch_compile_random_key_and_categorical_equal_eager() -> None:
    """Under torch.compile(fullgraph=True): key() builds its uint32 words from int64 (inductor
    cannot make a uint32 tensor from a list) and categorical's shape check avoids
    max(..., default=) (dynamo cannot trace it); the streams are the eager ones."""
    torch = pytest.importorskip("torch")
    import ember_array.random as er

    torch._dynamo.reset()
    k = torch.compile(lambda: er.key(2**64 - 3, xp="torch"), fullgraph=True)()
    assert k.dtype == torch.uint32
    assert k.tolist() == er.key(2**64 - 3, xp="torch").tolist() == [2**32 - 1, 2**32 - 3]

    logits = torch.randn(4, 6)
    g, g_eager = er.Generator(5, xp="torch"), er.Generator(5, xp="torch")

    def f(kk, lg):  # type: ignore[no-untyped-def]
        return (
            er.categorical(kk, lg),
            er.categorical(kk, lg, axis=0, shape=(2, 6)),
            g.categorical(lg),
        )

    torch._dynamo.reset()
    got = torch.compile(f, fullgraph=True)(k, logits)
    assert torch.equal(got[0], er.categorical(k, logits))
    assert torch.equal(got[1], er.categorical(k, logits, axis=0, shape=(2, 6)))
    assert torch.equal(got[2], g_eager.categorical(logits))


def test_torch_compile_of_a_key_made_inside() -> None:
    """A key made inside a compiled function is a constant: without a buffer boundary the hash
    is one memory-free expression that inductor's operation count recurses through
    exponentially (over 200 s to compile); with it, a few seconds and the eager stream."""
    torch = pytest.importorskip("torch")
    import ember_array.random as er

    f = torch.compile(lambda: er.uniform(er.key(5, xp="torch"), (8,)), fullgraph=True)
    assert torch.equal(f(), er.uniform(er.key(5, xp="torch"), (8,)))


def _mix_inputs(xp_name: str) -> tuple[object, ...]:
    """The issue-39 mix's arguments on a backend: a signal, a random key, the segment labels."""
    import numpy as np

    import ember_array.random as er

    xp = __import__(f"ember_array.{xp_name}", fromlist=["asarray"])
    x = xp.asarray(np.sin(np.arange(64, dtype=np.float32) / 5))
    return x, er.key(7, xp=xp), xp.asarray(np.arange(9) % 3)


def test_torch_compile_fullgraph_mixes_shims_and_namespace() -> None:
    """stft + random.uniform + segment_sum + std in one graph: no graph break (issue 39: the
    shims' check caches, keyed on modules and dtypes, broke Dynamo once two met). Dynamo alone
    (``backend="eager"``): the break is Dynamo's, and inductor would take minutes here."""
    torch = pytest.importorskip("torch")
    from conformance.transforms._mixes import stft_uniform_segment_sum_std as f

    args = _mix_inputs("torch")
    want = f(*args)
    f(*args)  # the check caches filled: the trace must step around them
    torch._dynamo.reset()
    got = torch.compile(f, fullgraph=True, backend="eager")(*args)
    for g, w in zip(got, want):
        torch.testing.assert_close(g, w)


def test_mx_compile_mixes_shims_and_namespace() -> None:
    mx = pytest.importorskip("mlx.core")
    from conformance.transforms._mixes import stft_uniform_segment_sum_std as f

    args = _mix_inputs("mlx")
    for g, w in zip(mx.compile(f)(*args), f(*args)):
        assert mx.allclose(g, w, rtol=1e-5, atol=1e-6).item()

"""linalg and fft extensions of ember_array.mlx, against array-api-strict and numpy."""

from __future__ import annotations

import numpy as np
import pytest

mx = pytest.importorskip("mlx.core")
strict = pytest.importorskip("array_api_strict")

import ember_array.mlx as xp  # noqa: E402

from .conftest import assert_like_strict  # noqa: E402

RNG = np.random.default_rng(1234)
A = RNG.standard_normal((2, 4, 4)).astype(np.float32)
SPD = (A @ np.swapaxes(A, -1, -2) + 4 * np.eye(4)).astype(np.float32)
C = (RNG.standard_normal((3, 3)) + 1j * RNG.standard_normal((3, 3))).astype(np.complex64)
HPD = (C @ C.conj().T + 3 * np.eye(3)).astype(np.complex64)


def pair(a):
    return xp.asarray(a), strict.asarray(a)


def test_named_tuple_results():
    m, s = pair(SPD)
    for name, fields in [
        ("eigh", ("eigenvalues", "eigenvectors")),
        ("qr", ("Q", "R")),
        ("slogdet", ("sign", "logabsdet")),
        ("svd", ("U", "S", "Vh")),
    ]:
        got, want = getattr(xp.linalg, name)(m), getattr(strict.linalg, name)(s)
        assert got._fields == fields
        for g, w in zip(got, want):
            assert g.shape == w.shape
    assert_like_strict(xp.linalg.eigh(m).eigenvalues, strict.linalg.eigh(s).eigenvalues, rtol=1e-4)
    assert_like_strict(xp.linalg.slogdet(m).logabsdet, strict.linalg.slogdet(s).logabsdet)


@pytest.mark.parametrize("full_matrices", [True, False])
def test_svd_full_matrices_and_svdvals(full_matrices):
    x = RNG.standard_normal((2, 5, 3)).astype(np.float32)
    m, s = pair(x)
    got = xp.linalg.svd(m, full_matrices=full_matrices)
    want = strict.linalg.svd(s, full_matrices=full_matrices)
    for g, w in zip(got, want):
        assert g.shape == w.shape
    u, sv, vh = (np.asarray(a) for a in got)
    k = min(x.shape[-2:])
    np.testing.assert_allclose((u[..., :k] * sv[..., None, :]) @ vh[..., :k, :], x, atol=1e-4)
    assert_like_strict(xp.linalg.svdvals(m), strict.linalg.svdvals(s), rtol=1e-4)


def test_linalg_values_match_strict():
    m, s = pair(SPD)
    for name in ("cholesky", "det", "inv", "eigvalsh", "pinv"):
        assert_like_strict(getattr(xp.linalg, name)(m), getattr(strict.linalg, name)(s), rtol=1e-3)
    assert_like_strict(
        xp.linalg.cholesky(m, upper=True), strict.linalg.cholesky(s, upper=True), rtol=1e-4
    )
    for n in (-2, 0, 1, 3):
        assert_like_strict(
            xp.linalg.matrix_power(m, n), strict.linalg.matrix_power(s, n), rtol=1e-3, atol=1e-3
        )
    assert_like_strict(xp.linalg.matrix_rank(m), strict.linalg.matrix_rank(s))
    low = np.array([[1.0, 2.0], [2.0, 4.0]], dtype=np.float32)
    assert xp.linalg.matrix_rank(xp.asarray(low)).item() == 1
    assert xp.linalg.matrix_rank(xp.asarray(low)).dtype == xp.int64


def test_matrix_and_vector_norms():
    m, s = pair(A)
    for ord_ in ("fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf):
        assert_like_strict(
            xp.linalg.matrix_norm(m, ord=ord_, keepdims=True),
            strict.linalg.matrix_norm(s, ord=ord_, keepdims=True),
            rtol=1e-4,
        )
    for ord_ in (1, 2, 3, 0, np.inf, -np.inf, 0.5):
        for axis in (None, 1, (1, 2)):
            assert_like_strict(
                xp.linalg.vector_norm(m, ord=ord_, axis=axis),
                strict.linalg.vector_norm(s, ord=ord_, axis=axis),
                rtol=1e-4,
            )
    c, sc = pair(C)
    assert_like_strict(xp.linalg.vector_norm(c), strict.linalg.vector_norm(sc), rtol=1e-5)


def test_top_level_names_in_linalg():
    m, s = pair(A)
    v, sv = pair(A[0, 0])
    assert_like_strict(xp.linalg.diagonal(m, offset=1), strict.linalg.diagonal(s, offset=1))
    assert_like_strict(xp.linalg.trace(m, offset=-1), strict.linalg.trace(s, offset=-1))
    i, si = pair(np.arange(24, dtype=np.int8).reshape(2, 3, 4))
    assert_like_strict(xp.linalg.trace(i), strict.linalg.trace(si))
    assert_like_strict(xp.linalg.outer(v, v), strict.linalg.outer(sv, sv))
    assert_like_strict(xp.linalg.matrix_transpose(m), strict.linalg.matrix_transpose(s))
    assert_like_strict(xp.linalg.vecdot(m, m), strict.linalg.vecdot(s, s), rtol=1e-4)
    assert_like_strict(
        xp.linalg.tensordot(m, m[0], axes=2), strict.linalg.tensordot(s, s[0, ...], axes=2)
    )
    assert_like_strict(xp.linalg.matmul(m, m), strict.linalg.matmul(s, s), rtol=1e-4)
    x3, s3 = pair(A[..., :3])
    assert_like_strict(xp.linalg.cross(x3, x3[0]), strict.linalg.cross(s3, s3[0, ...]), atol=1e-5)


def test_solve_broadcasting():
    m, s = pair(SPD)
    b = RNG.standard_normal(4).astype(np.float32)
    mb, sb = pair(b)
    assert_like_strict(xp.linalg.solve(m, mb), strict.linalg.solve(s, sb), rtol=1e-4)
    b2 = RNG.standard_normal((4, 2)).astype(np.float32)
    mb2, sb2 = pair(b2)
    assert_like_strict(xp.linalg.solve(m, mb2), strict.linalg.solve(s, sb2), rtol=1e-4)


def test_complex_linalg_through_workarounds():
    c = xp.asarray(HPD)
    np.testing.assert_allclose(np.asarray(xp.linalg.inv(c)), np.linalg.inv(HPD), atol=1e-5)
    np.testing.assert_allclose(np.asarray(xp.linalg.det(c)), np.linalg.det(HPD), rtol=1e-4)
    np.testing.assert_allclose(
        np.asarray(xp.linalg.cholesky(c)), np.linalg.cholesky(HPD), rtol=1e-4, atol=1e-5
    )
    sign, logabs = xp.linalg.slogdet(c)
    want = np.linalg.slogdet(HPD)
    np.testing.assert_allclose(np.asarray(sign), want.sign, atol=1e-5)
    np.testing.assert_allclose(np.asarray(logabs), want.logabsdet, rtol=1e-5)
    b = xp.asarray(C[0])
    np.testing.assert_allclose(
        np.asarray(xp.linalg.solve(c, b)), np.linalg.solve(HPD, C[0]), rtol=1e-4, atol=1e-5
    )
    q, r = xp.linalg.qr(xp.asarray(C), mode="complete")
    np.testing.assert_allclose(np.asarray(q) @ np.asarray(r), C, atol=1e-5)


def test_float64_linalg_stays_float64_and_complex128_results_raise():
    m = xp.asarray(SPD.astype(np.float64))
    for name in ("inv", "det", "cholesky", "pinv", "svdvals", "eigvalsh"):
        assert getattr(xp.linalg, name)(m).dtype == xp.float64
    with pytest.raises(TypeError, match="complex128"):
        xp.linalg.eigvals(m)
    with pytest.raises(TypeError, match=r"rfft.*complex128"):
        xp.fft.rfft(xp.ones(4, dtype=xp.float64))


@pytest.mark.parametrize("norm", ["backward", "ortho", "forward"])
def test_fft_against_strict(norm):
    x = RNG.standard_normal((3, 8)).astype(np.float32)
    c = (x + 1j * RNG.standard_normal((3, 8))).astype(np.complex64)
    m, s = pair(x)
    mc, sc = pair(c)
    kw = {"norm": norm}
    assert_like_strict(xp.fft.fft(mc, **kw), strict.fft.fft(sc, **kw), rtol=1e-4, atol=1e-4)
    assert_like_strict(xp.fft.ifft(mc, **kw), strict.fft.ifft(sc, **kw), rtol=1e-4, atol=1e-4)
    assert_like_strict(xp.fft.rfft(m, **kw), strict.fft.rfft(s, **kw), rtol=1e-4, atol=1e-4)
    assert_like_strict(
        xp.fft.irfft(mc, n=8, **kw), strict.fft.irfft(sc, n=8, **kw), rtol=1e-4, atol=1e-4
    )
    assert_like_strict(xp.fft.hfft(mc, **kw), strict.fft.hfft(sc, **kw), rtol=1e-4, atol=1e-4)
    assert_like_strict(xp.fft.ihfft(m, **kw), strict.fft.ihfft(s, **kw), rtol=1e-4, atol=1e-4)
    assert_like_strict(xp.fft.fftn(mc, **kw), strict.fft.fftn(sc, **kw), rtol=1e-4, atol=1e-3)
    assert_like_strict(xp.fft.rfftn(m, **kw), strict.fft.rfftn(s, **kw), rtol=1e-4, atol=1e-3)


@pytest.mark.parametrize("n", [1, 4, 7])
def test_fftfreq_dtype_and_shift(n):
    for dt in ("float32", "float64"):
        got = xp.fft.fftfreq(n, d=0.5, dtype=getattr(xp, dt))
        want = strict.fft.fftfreq(n, d=0.5, dtype=getattr(strict, dt))
        assert_like_strict(got, want)
        got = xp.fft.rfftfreq(n, d=0.5, dtype=getattr(xp, dt))
        want = strict.fft.rfftfreq(n, d=0.5, dtype=getattr(strict, dt))
        assert_like_strict(got, want)
    x, s = pair(np.arange(n * 2, dtype=np.float32).reshape(2, n))
    assert_like_strict(xp.fft.fftshift(x, axes=1), strict.fft.fftshift(s, axes=1))
    assert_like_strict(xp.fft.ifftshift(x), strict.fft.ifftshift(s))


def test_eig_and_eigvals_complex_results():
    a = np.array([[0.0, -1.0], [1.0, 0.0]], dtype=np.float32)  # eigenvalues +-1j
    vals, vecs = xp.linalg.eig(xp.asarray(a))
    assert vals.dtype == xp.complex64
    assert vecs.dtype == xp.complex64
    got = np.sort_complex(np.asarray(xp.linalg.eigvals(xp.asarray(a))))
    np.testing.assert_allclose(got, [-1j, 1j], atol=1e-6)
    v, w = np.asarray(vecs), np.asarray(vals)
    np.testing.assert_allclose(a @ v, v * w, atol=1e-5)

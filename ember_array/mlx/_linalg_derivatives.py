"""The linalg extension's LAPACK calls, differentiable: native ``mx.linalg`` calls on the CPU
stream wrapped by :func:`~._custom_functions.lapack_function` with the standard
matrix-calculus rules (jvp, vjp and vmap), for :mod:`._linalg_functions`.
"""

from __future__ import annotations

import mlx.core as mx

from ._custom_functions import (
    Arrays,
    NotDifferentiableError,
    Tangent,
    lapack_function,
    make_complex,
    no_vmap,
)
from ._helpers import Compiled

__all__ = [
    "inverse",
    "real_embedding",
    "lapack_cholesky",
    "lapack_det",
    "lapack_eig",
    "lapack_eigh",
    "lapack_eigvals",
    "lapack_eigvalsh",
    "lapack_inv",
    "lapack_qr",
    "lapack_slogdet",
    "lapack_solve",
    "lapack_svd",
    "lapack_svdvals",
]

_CPU = mx.cpu


def _mT(x: mx.array) -> mx.array:
    return mx.swapaxes(x, -1, -2)


def _mH(x: mx.array) -> mx.array:
    return mx.conj(mx.swapaxes(x, -1, -2)) if mx.issubdtype(x.dtype, mx.complexfloating) else _mT(x)


def _off_diagonal_reciprocal(w: mx.array) -> mx.array:
    """``F[..., i, j] = 1 / (w_j - w_i)`` off the diagonal, 0 on it."""
    diff = mx.expand_dims(w, -2) - mx.expand_dims(w, -1)
    eye = mx.eye(w.shape[-1], dtype=mx.bool_)
    return mx.where(eye, mx.zeros_like(diff), 1 / mx.where(eye, mx.ones_like(diff), diff))


_DET_GUARD = no_vmap("linalg.det", "LUF", "LU factorization")
_SLOGDET_GUARD = no_vmap("linalg.slogdet", "LUF", "LU factorization")
_SOLVE_GUARD = no_vmap("linalg.solve", "LUF", "LU factorization")
_QR_GUARD = no_vmap("linalg.qr", "QRF", "QR factorization")


def _lu_solve(a: mx.array, b: mx.array) -> mx.array:
    return mx.linalg.solve(_SOLVE_GUARD(a), b, stream=_CPU)


def _lu_solve_plain(a: mx.array, b: mx.array) -> mx.array:
    return mx.linalg.solve(a, b, stream=_CPU)


def _inv_tangent(ps: Arrays, os: Arrays, ts: Arrays) -> Arrays:
    x = os[0]
    return (-mx.matmul(mx.matmul(x, ts[0]), x),)


lapack_inv = lapack_function("linalg.inv", lambda a: mx.linalg.inv(a, stream=_CPU), _inv_tangent)


def _solve_tangent(ps: Arrays, os: Arrays, ts: Arrays) -> Arrays:
    # X = A^-1 B: dX = A^-1 (dB - dA X)
    return (_lu_solve(ps[0], ts[1] - mx.matmul(ts[0], os[0])),)


def _solve_vjp(ps: Arrays, os: Arrays, cs: Arrays) -> Arrays:
    gb = _lu_solve(_mT(ps[0]), cs[0])
    return -mx.matmul(gb, _mT(os[0])), gb


lapack_solve = lapack_function(
    "linalg.solve", _lu_solve, _solve_tangent, _solve_vjp, plain=_lu_solve_plain
)


def _dlogdet(a: mx.array, da: mx.array) -> mx.array:
    """``d log|det A| = tr(A^-1 dA)``."""
    return mx.sum(_mT(mx.linalg.inv(a, stream=_CPU)) * da, axis=(-2, -1))


def _det_plain(a: mx.array) -> mx.array:
    # mlx: mx.linalg.det is float32-accurate in float64 for n >= 4 (3e-7 relative)
    # (no upstream issue found); its LU is not
    diag, odd = _lu_diagonal(a)
    return mx.prod(diag, axis=-1) * (1 - 2 * odd).astype(a.dtype)


def _det_forward(a: mx.array) -> mx.array:
    return _det_plain(_DET_GUARD(a))


def _slogdet_plain(a: mx.array) -> tuple[mx.array, mx.array]:
    # from the LU factor, as det: mx.linalg.slogdet shares det's float64 inaccuracy
    diag, odd = _lu_diagonal(a)
    sign = mx.prod(mx.sign(diag), axis=-1) * (1 - 2 * odd).astype(a.dtype)
    return sign, mx.sum(mx.log(mx.abs(diag)), axis=-1)


def _slogdet_forward(a: mx.array) -> tuple[mx.array, mx.array]:
    return _slogdet_plain(_SLOGDET_GUARD(a))


def _det_tangent(ps: Arrays, os: Arrays, ts: Arrays) -> Arrays:
    """``d det A = tr(adj(A) dA)``, the cofactor matrix from the SVD ``A = U S Vh``:
    ``adj(A)^T = det(U) det(Vh) U diag(prod_{j != i} s_j) Vh``, finite at singular ``A``
    (where ``A^-1`` fails)."""
    u, sv, vh = mx.linalg.svd(ps[0], stream=_CPU)
    others = mx.cumprod(sv, axis=-1, inclusive=False) * mx.cumprod(
        sv, axis=-1, reverse=True, inclusive=False
    )
    sign = _det_forward(u) * _det_forward(vh)
    cof = mx.matmul(u * mx.expand_dims(others, -2), vh) * sign[..., None, None]
    return (mx.sum(cof * ts[0], axis=(-2, -1)),)


lapack_det = lapack_function("linalg.det", _det_forward, _det_tangent, plain=_det_plain)
lapack_slogdet = lapack_function(
    "linalg.slogdet",
    _slogdet_forward,
    lambda ps, os, ts: (mx.zeros_like(os[0]), _dlogdet(ps[0], ts[0])),
    plain=_slogdet_plain,
)


def _cholesky_tangent(upper: bool) -> Tangent:
    def tangent(ps: Arrays, os: Arrays, ts: Arrays) -> Arrays:
        # L L^T = sym(A): dL = L Phi(L^-1 sym(dA) L^-T), Phi: the lower triangle, half diagonal
        low = _mT(os[0]) if upper else os[0]
        linv = mx.linalg.tri_inv(low, upper=False, stream=_CPU)
        da = (ts[0] + _mT(ts[0])) / 2
        m = mx.matmul(mx.matmul(linv, da), _mT(linv))
        phi = mx.tril(m) - 0.5 * m * mx.eye(m.shape[-1], dtype=m.dtype)
        dl = mx.matmul(low, phi)
        return (_mT(dl) if upper else dl,)

    return tangent


def _nan_unless_factor(out: mx.array) -> mx.array:
    """``out`` (a stack of Cholesky factors) with NaN for each matrix whose diagonal is not
    strictly positive."""
    ok = mx.all(mx.diagonal(out, 0, -2, -1) > 0, axis=-1, keepdims=True)
    # a NaN constant, not out * nan: the gradient through out * nan is NaN everywhere
    return mx.where(mx.expand_dims(ok, -1), out, float("nan"))


#: compiled: one fused kernel after potrf (~20 us at 8x8 where three ops cost ~30 us)
_NAN_UNLESS_FACTOR = Compiled(_nan_unless_factor)


def _cholesky_forward(a: mx.array, upper: bool) -> mx.array:
    # mlx: linalg.cholesky of a matrix that is not positive definite returns a wrong factor
    # without error (LAPACK potrf's info is ignored); https://github.com/ml-explore/mlx/issues/2111
    # potrf stops at the first pivot that is <= 0 or NaN and leaves it on the diagonal, and a
    # true factor has a strictly positive diagonal: NaN for those matrices of the stack, in the
    # same lazy graph (nothing is evaluated), as numpy and torch refuse them.
    out = mx.linalg.cholesky(a, upper=upper, stream=_CPU)
    # 0x0 matrices: nothing to check (mlx: mx.all over an empty axis can hang when repeated)
    return _NAN_UNLESS_FACTOR(out) if out.shape[-1] else out


lapack_cholesky = {
    up: lapack_function(
        "linalg.cholesky",
        lambda a, up=up: _cholesky_forward(a, up),
        _cholesky_tangent(up),
    )
    for up in (False, True)
}


def _eigh_tangent(ps: Arrays, os: Arrays, ts: Arrays) -> Arrays:
    # dw = diag(V^H sym(dA) V), dV = V (F o V^H sym(dA) V), F_ij = 1 / (w_j - w_i)
    w, v = os
    da = (ts[0] + _mH(ts[0])) / 2
    m = mx.matmul(mx.matmul(_mH(v), da), v)
    dw = mx.diagonal(m, 0, -2, -1)
    dw = mx.real(dw) if mx.issubdtype(dw.dtype, mx.complexfloating) else dw
    dv = mx.matmul(v, _off_diagonal_reciprocal(w).astype(m.dtype) * m)
    return dw, dv


def _eigvalsh_tangent(ps: Arrays, os: Arrays, ts: Arrays) -> Arrays:
    v = mx.linalg.eigh(ps[0], stream=_CPU)[1]
    da = (ts[0] + _mH(ts[0])) / 2
    dw = mx.sum(mx.conj(v) * mx.matmul(da, v), axis=-2)
    return (mx.real(dw) if mx.issubdtype(dw.dtype, mx.complexfloating) else dw,)


lapack_eigh = lapack_function(
    "linalg.eigh", lambda a: tuple(mx.linalg.eigh(a, stream=_CPU)), _eigh_tangent
)
lapack_eigvalsh = lapack_function(
    "linalg.eigvalsh", lambda a: mx.linalg.eigvalsh(a, stream=_CPU), _eigvalsh_tangent
)


def _svdvals_tangent(ps: Arrays, os: Arrays, ts: Arrays) -> Arrays:
    # dS = diag(U^H dA V) over the min(m, n) singular pairs
    u, _, vh = mx.linalg.svd(ps[0], stream=_CPU)
    k = min(ps[0].shape[-2:])
    ds = mx.sum(mx.conj(u[..., :, :k]) * mx.matmul(ts[0], _mH(vh[..., :k, :])), axis=-2)
    return (mx.real(ds) if mx.issubdtype(ds.dtype, mx.complexfloating) else ds,)


def _svd_tangent(ps: Arrays, os: Arrays, ts: Arrays) -> Arrays:
    """The rule JAX uses (square matrices; distinct nonzero singular values)."""
    m, n = ps[0].shape[-2:]
    if m != n:
        raise NotDifferentiableError(
            "the last columns of U (rows of Vh) of a non-square matrix are any basis of the "
            "complement, without a derivative; use full_matrices=False or svdvals"
        )
    u, s, vh = os
    v = _mH(vh)
    ds_mat = mx.matmul(mx.matmul(_mH(u), ts[0]), v)
    ds = mx.diagonal(ds_mat, 0, -2, -1)
    cplx = mx.issubdtype(ds.dtype, mx.complexfloating)
    sd = mx.expand_dims(s, -2)
    f = _off_diagonal_reciprocal(mx.square(s)).astype(ds_mat.dtype)  # 1 / (s_j^2 - s_i^2)
    dss = ds_mat * sd.astype(ds_mat.dtype)  # dS diag(s)
    sds = _mT(sd).astype(ds_mat.dtype) * ds_mat  # diag(s) dS
    inner = f * (dss + _mH(dss))
    if cplx:
        eye = mx.eye(n, dtype=s.dtype)
        s_inv = mx.where(s == 0, mx.zeros_like(s), 1 / mx.where(s == 0, mx.ones_like(s), s))
        inner = inner + 0.5 * (ds_mat - _mH(ds_mat)) * (eye * mx.expand_dims(s_inv, -2))
        ds = mx.real(ds)
    du = mx.matmul(u, inner)
    dv = mx.matmul(v, f * (sds + _mH(sds)))
    return du, ds, _mH(dv)


lapack_svdvals = lapack_function(
    "linalg.svdvals", lambda a: mx.linalg.svd(a, compute_uv=False, stream=_CPU), _svdvals_tangent
)
lapack_svd = lapack_function(
    "linalg.svd", lambda a: tuple(mx.linalg.svd(a, stream=_CPU)), _svd_tangent
)


def _qr_square_tangent(q: mx.array, r: mx.array, dx: mx.array) -> tuple[mx.array, mx.array]:
    """The rule JAX uses for ``M >= N`` (``r`` square, invertible)."""
    dx_rinv = mx.matmul(dx, mx.linalg.tri_inv(r, upper=True, stream=_CPU))
    qt_dx_rinv = mx.matmul(_mH(q), dx_rinv)
    low = mx.tril(qt_dx_rinv, -1)
    do = low - _mH(low)  # skew-symmetric
    dq = mx.matmul(q, do - qt_dx_rinv) + dx_rinv
    dr = mx.matmul(qt_dx_rinv - do, r)
    return dq, dr


def _qr_tangent(ps: Arrays, os: Arrays, ts: Arrays) -> Arrays:
    q, r = os
    m, n = ps[0].shape[-2:]
    if m >= n:
        return _qr_square_tangent(q, r, ts[0])
    # M < N: X = [Y | Z] with Y = Q U square, R = [U | Q^H Z]
    dq, du = _qr_square_tangent(q, r[..., :, :m], ts[0][..., :, :m])
    z, dz = ps[0][..., :, m:], ts[0][..., :, m:]
    dv = mx.matmul(_mH(dq), z) + mx.matmul(_mH(q), dz)
    return dq, mx.concatenate([du, dv], axis=-1)


lapack_qr = lapack_function(
    "linalg.qr",
    lambda a: tuple(mx.linalg.qr(_QR_GUARD(a), stream=_CPU)),
    _qr_tangent,
    plain=lambda a: tuple(mx.linalg.qr(a, stream=_CPU)),
)


def _eig_vectors_tangent(
    w: mx.array, v: mx.array, vinv: mx.array, da: mx.array
) -> tuple[mx.array, mx.array]:
    """dw = diag(V^-1 dA V), dV = V (F o V^-1 dA V) in LAPACK's gauge: unit columns whose
    component of largest modulus is real."""
    m = mx.matmul(mx.matmul(vinv, da), v)
    dw = mx.diagonal(m, 0, -2, -1)
    dv = mx.matmul(v, _off_diagonal_reciprocal(w) * m)
    dv = dv - v * mx.real(mx.sum(mx.conj(v) * dv, axis=-2, keepdims=True)).astype(v.dtype)
    k = mx.argmax(mx.abs(v), axis=-2, keepdims=True)
    vk = mx.real(mx.take_along_axis(v, k, axis=-2))
    dvk = mx.take_along_axis(dv, k, axis=-2)
    theta = -mx.imag(dvk) / vk
    return dw, dv + v * (1j * theta).astype(v.dtype)


def _eig_tangent(ps: Arrays, os: Arrays, ts: Arrays) -> Arrays:
    w, vn = os
    cplx = mx.issubdtype(ps[0].dtype, mx.complexfloating)
    # mlx's eigenvectors of complex input are conjugated (see eig)
    v = mx.conj(vn) if cplx else vn
    dw, dv = _eig_vectors_tangent(w, v, inverse(v), ts[0].astype(v.dtype))
    return dw, mx.conj(dv) if cplx else dv


def _eigvals_tangent(ps: Arrays, os: Arrays, ts: Arrays) -> Arrays:
    _, vn = mx.linalg.eig(ps[0], stream=_CPU)
    v = mx.conj(vn) if mx.issubdtype(ps[0].dtype, mx.complexfloating) else vn
    m = mx.sum(mx.matmul(inverse(v), ts[0].astype(v.dtype)) * _mT(v), axis=-1)
    return (m,)


lapack_eig = lapack_function(
    "linalg.eig", lambda a: tuple(mx.linalg.eig(a, stream=_CPU)), _eig_tangent
)
lapack_eigvals = lapack_function(
    "linalg.eigvals", lambda a: mx.linalg.eigvals(a, stream=_CPU), _eigvals_tangent
)


def _lu_diagonal(x: mx.array) -> tuple[mx.array, mx.array]:
    """The diagonal of ``x``'s LU factor and whether its row permutation is odd (0 or 1)."""
    lu, pivots = mx.linalg.lu_factor(x, stream=_CPU)
    n = x.shape[-1]
    swaps = mx.sum(pivots != mx.arange(n, dtype=pivots.dtype), axis=-1)
    return mx.diagonal(lu, axis1=-2, axis2=-1), swaps % 2


def real_embedding(x: mx.array) -> mx.array:
    """Real 2n x 2n embedding ``[[X, -Y], [Y, X]]`` of a complex matrix ``X + iY``."""
    re, im = mx.real(x), mx.imag(x)
    top = mx.concatenate([re, -im], axis=-1)
    bottom = mx.concatenate([im, re], axis=-1)
    return mx.concatenate([top, bottom], axis=-2)


def inverse(x: mx.array) -> mx.array:
    """The inverse of a stack of square floating matrices (:func:`lapack_inv`), complex ones
    through their real embedding (the inverse of ``[[X, -Y], [Y, X]]`` is ``[[P, -Q], [Q, P]]``
    for ``P + iQ``): ``mx.linalg.inv`` rejects complex input."""
    if x.shape[-1] == 0:
        return x
    if not mx.issubdtype(x.dtype, mx.complexfloating):
        out: mx.array = lapack_inv(x)
        return out
    n = x.shape[-1]
    r = lapack_inv(real_embedding(x))
    return make_complex(r[..., :n, :n], r[..., n:, :n])

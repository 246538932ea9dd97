"""The ``linalg`` extension: factorizations of well-conditioned matrices (within
:data:`FACTOR`), products (within ``linear_algebra.PRODUCT``) and norms.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from .._compare import Tol, assert_close
from .._strategies import ALL, COMPLEX, FLOAT, NONEMPTY, NUMERIC, REAL, REAL_FLOAT, UNSIGNED, array
from ._registry import Call, add_case, case
from ._shared import magnitude, matrices, reduce_args, sum_dtype
from .linear_algebra import (
    PRODUCT,
    draw_matmul,
    draw_matrix_transpose,
    draw_tensordot,
    draw_vecdot,
    linalg_bounds,
    product_scale,
)


def _square(d: st.DrawFn, dtype: str, *, batch: bool = True, n_min: int = 1) -> np.ndarray:
    """A stack of well-conditioned square matrices: diagonally dominant."""
    n = d(st.integers(n_min, 4))
    lead = tuple(d(st.lists(st.integers(1, 2), max_size=1))) if batch else ()
    a = array(d, dtype, (*lead, n, n), lo=-1, hi=1, specials=False)
    if dtype in COMPLEX:
        a = array(d, dtype, (*lead, n, n), hi=1)
    dominant: np.ndarray = (a + (n + 1) * np.eye(n, dtype=dtype)).astype(dtype)
    return dominant


def _spd(d: st.DrawFn, dtype: str) -> np.ndarray:
    """Symmetric (Hermitian) positive definite: a @ a^H + n I."""
    a = _square(d, dtype)
    n = a.shape[-1]
    spd: np.ndarray = (a @ np.conj(np.swapaxes(a, -1, -2)) + n * np.eye(n, dtype=dtype)).astype(
        dtype
    )
    return spd


#: Factorizations of well-conditioned n <= 4 matrices: a few hundred eps of the largest entry.
FACTOR = Tol(ulps=64, atol=256)


def _scale_of(a: np.ndarray) -> float:
    return float(np.max(np.abs(a))) + 1.0 if a.size else 1.0


@case("linalg.cholesky", FLOAT, tol=FACTOR)
def _cholesky(d: st.DrawFn, dtype: str) -> Call:
    a = _spd(d, dtype)
    return Call((a,), {"upper": d(st.booleans())}, scale=_scale_of(a))


@case("linalg.cross", REAL, tol=PRODUCT)
def _cross(d: st.DrawFn, dtype: str) -> Call:
    shapes = d(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=2, max_side=3))
    bounds = linalg_bounds(dtype) if dtype not in UNSIGNED else {"lo": 0, "hi": 0}
    axis = -1
    x1 = array(d, dtype, shapes.input_shapes[0] + (3,), **bounds)
    x2 = array(d, dtype, shapes.input_shapes[1] + (3,), **bounds)
    return Call((x1, x2), {"axis": axis}, scale=product_scale(2, x1, x2))


for _name in ("linalg.det", "linalg.inv"):

    def _det(d: st.DrawFn, dtype: str) -> Call:
        a = _square(d, dtype)
        return Call((a,), scale=_scale_of(a) ** a.shape[-1])

    add_case(_name, FLOAT, _det, tol=FACTOR)


@case("linalg.diagonal", ALL)
def _diagonal(d: st.DrawFn, dtype: str) -> Call:
    return Call((matrices(d, dtype),), {"offset": d(st.integers(-4, 4))})


def _matched(w: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """``w`` reordered, per matrix, to the permutation closest to ``ref`` (n <= 4)."""
    out = np.empty_like(w)
    for idx in np.ndindex(w.shape[:-1]):
        perms = itertools.permutations(range(w.shape[-1]))
        best = min(perms, key=lambda p: float(np.max(np.abs(w[idx][list(p)] - ref[idx]))))
        out[idx] = w[idx][list(best)]
    return out


def _check_eigvals(actual: Any, expected: Any, call: Call, dtype: str) -> None:
    """eig: order is unspecified, and eigenvalues of a non-normal matrix are sensitive.

    A double eigenvalue moves by ~sqrt(eps) under rounding, so values compare within
    ``16 sqrt(eps)`` of the matrix scale after matching the order; eigenvectors must satisfy
    ``A v = w v`` with the backend's own eigenvalues.
    """
    w = actual.eigenvalues if hasattr(actual, "eigenvalues") else actual
    ref = expected.eigenvalues if hasattr(expected, "eigenvalues") else expected
    assert w.dtype == ref.dtype, f"dtype {w.dtype}, expected {ref.dtype}"
    assert w.shape == ref.shape, f"shape {w.shape}, expected {ref.shape}"
    sensitive = Tol(atol=16 / math.sqrt(float(np.finfo(w.real.dtype).eps)))
    assert_close(_matched(w, ref), ref, sensitive, scale=call.scale)
    if hasattr(actual, "eigenvectors"):
        a, v = np.asarray(call.args[0]), actual.eigenvectors
        assert v.dtype == ref.dtype
        lhs, rhs = a.astype(v.dtype) @ v, v * w[..., None, :]
        assert_close(lhs, rhs, sensitive, scale=call.scale)


for _name in ("linalg.eig", "linalg.eigvals"):

    def _eig(d: st.DrawFn, dtype: str) -> Call:
        a = _square(d, dtype)
        return Call((a,), scale=_scale_of(a) * a.shape[-1])

    add_case(_name, FLOAT, _eig, check=_check_eigvals)


def _check_eigh(actual: Any, expected: Any, call: Call, dtype: str) -> None:
    """Eigenvalues ascending (exact order); eigenvectors up to a phase: check A v = w v."""
    w = actual.eigenvalues if hasattr(actual, "eigenvalues") else actual
    ref = expected.eigenvalues if hasattr(expected, "eigenvalues") else expected
    assert_close(w, ref, FACTOR, scale=call.scale)
    if hasattr(actual, "eigenvectors"):
        a, v = np.asarray(call.args[0]), actual.eigenvectors
        assert v.dtype == expected.eigenvectors.dtype
        assert_close(a @ v, v * w[..., None, :].astype(v.dtype), FACTOR, scale=call.scale)


for _name in ("linalg.eigh", "linalg.eigvalsh"):

    def _eigh(d: st.DrawFn, dtype: str) -> Call:
        a = _spd(d, dtype)
        return Call((a,), scale=_scale_of(a) * a.shape[-1])

    add_case(_name, FLOAT, _eigh, check=_check_eigh)


add_case("linalg.matmul", NUMERIC, draw_matmul, tol=PRODUCT)
add_case("linalg.matrix_transpose", ALL, draw_matrix_transpose)
add_case("linalg.tensordot", NUMERIC, draw_tensordot, tol=PRODUCT)
add_case("linalg.vecdot", NUMERIC, draw_vecdot, tol=PRODUCT)


@case("linalg.matrix_norm", FLOAT, tol=FACTOR)
def _matrix_norm(d: st.DrawFn, dtype: str) -> Call:
    a = _square(d, dtype) if d(st.booleans()) else matrices(d, dtype, **linalg_bounds(dtype))
    ords = ["fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf]
    if 0 in a.shape[-2:]:
        ords = ["fro", 1, math.inf]
    return Call(
        (a,),
        {"ord": d(st.sampled_from(ords)), "keepdims": d(st.booleans())},
        scale=_scale_of(a) * 16,
    )


@case("linalg.matrix_power", FLOAT, tol=FACTOR)
def _matrix_power(d: st.DrawFn, dtype: str) -> Call:
    a = _square(d, dtype) / 4
    n = d(st.integers(-3, 3))
    return Call((a.astype(dtype), n), scale=(_scale_of(a) * 4) ** 3)


@case("linalg.matrix_rank", REAL_FLOAT)
def _matrix_rank(d: st.DrawFn, dtype: str) -> Call:
    """Integer matrices with exactly repeated rows: the rank is unambiguous."""
    m, n = d(st.integers(1, 4)), d(st.integers(1, 4))
    rows = array(d, dtype, (m, n), lo=-3, hi=3, specials=False).round()
    picks = d(st.lists(st.integers(0, m - 1), min_size=m, max_size=m))
    return Call(
        (rows[picks] + 0 * rows,),
    )


@case("linalg.outer", NUMERIC, tol=PRODUCT)
def _outer(d: st.DrawFn, dtype: str) -> Call:
    x1 = array(d, dtype, (d(st.integers(0, 4)),), **linalg_bounds(dtype))
    x2 = array(d, dtype, (d(st.integers(0, 4)),), **linalg_bounds(dtype))
    return Call((x1, x2), scale=product_scale(1, x1, x2))


@case("linalg.pinv", FLOAT, tol=FACTOR)
def _pinv(d: st.DrawFn, dtype: str) -> Call:
    a = _square(d, dtype)
    return Call((a,), scale=_scale_of(a))


def _check_qr(actual: Any, expected: Any, call: Call, dtype: str) -> None:
    """Q and R are unique up to the signs of R's rows: compare |R| and Q R = A."""
    q, r = actual
    assert actual._fields == expected._fields
    assert (q.shape, r.shape) == (expected.Q.shape, expected.R.shape)
    assert (q.dtype, r.dtype) == (expected.Q.dtype, expected.R.dtype)
    a = np.asarray(call.args[0])
    assert_close(q @ r, a, FACTOR, scale=call.scale)
    assert_close(np.abs(r), np.abs(expected.R), FACTOR, scale=call.scale)


@case("linalg.qr", FLOAT, check=_check_qr)
def _qr(d: st.DrawFn, dtype: str) -> Call:
    a = _square(d, dtype)
    return Call((a,), {"mode": d(st.sampled_from(["reduced", "complete"]))}, scale=_scale_of(a))


def _check_slogdet(actual: Any, expected: Any, call: Call, dtype: str) -> None:
    assert actual._fields == expected._fields
    assert_close(actual.sign, expected.sign, Tol(ulps=16, atol=16))
    assert_close(actual.logabsdet, expected.logabsdet, FACTOR, scale=call.scale)


@case("linalg.slogdet", FLOAT, check=_check_slogdet)
def _slogdet(d: st.DrawFn, dtype: str) -> Call:
    a = _square(d, dtype)
    return Call((a,), scale=4.0)


@case("linalg.solve", FLOAT, tol=FACTOR)
def _solve(d: st.DrawFn, dtype: str) -> Call:
    a = _square(d, dtype, batch=False)
    n = a.shape[-1]
    shape = (n,) if d(st.booleans()) else (n, d(st.integers(1, 3)))
    b = (
        array(d, dtype, shape, lo=-10, hi=10, specials=False)
        if dtype not in COMPLEX
        else array(d, dtype, shape, hi=10)
    )
    return Call((a, b), scale=10.0)


def _check_svd(actual: Any, expected: Any, call: Call, dtype: str) -> None:
    """Singular vectors are unique up to phase: compare S and U diag(S) Vh = A."""
    u, s, vh = actual
    assert actual._fields == expected._fields
    for got, ref in zip(actual, expected, strict=True):
        assert (got.shape, got.dtype) == (ref.shape, ref.dtype)
    assert_close(s, expected.S, FACTOR, scale=call.scale)
    k = s.shape[-1]
    rebuilt = (u[..., :, :k] * s[..., None, :].astype(u.dtype)) @ vh[..., :k, :]
    assert_close(rebuilt, np.asarray(call.args[0]), FACTOR, scale=call.scale)


@case("linalg.svd", FLOAT, check=_check_svd)
def _svd(d: st.DrawFn, dtype: str) -> Call:
    a = matrices(d, dtype, **linalg_bounds(dtype))
    if 0 in a.shape:
        a = _square(d, dtype)
    return Call((a,), {"full_matrices": d(st.booleans())}, scale=_scale_of(a) * 4)


@case("linalg.svdvals", FLOAT, tol=FACTOR)
def _svdvals(d: st.DrawFn, dtype: str) -> Call:
    a = matrices(d, dtype, **linalg_bounds(dtype))
    return Call((a,), scale=_scale_of(a) * 4)


@case("linalg.trace", NUMERIC, tol=Tol(ulps=8, atol=8))
def _trace(d: st.DrawFn, dtype: str) -> Call:
    a = matrices(d, dtype, **linalg_bounds(dtype))
    kwargs = {"offset": d(st.integers(-3, 3)), "dtype": sum_dtype(d, dtype)}
    return Call((a,), kwargs, scale=magnitude(a))


@case("linalg.vector_norm", FLOAT, tol=Tol(ulps=16, atol=16))
def _vector_norm(d: st.DrawFn, dtype: str) -> Call:
    x = array(d, dtype, d(NONEMPTY), lo=-100, hi=100)
    kwargs = reduce_args(d, x) | {"ord": d(st.sampled_from([2, 1, math.inf, -math.inf, 0, 3]))}
    return Call((x,), kwargs, scale=magnitude(x))

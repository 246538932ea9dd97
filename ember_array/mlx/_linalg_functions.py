"""The ``linalg`` extension over ``mlx.core.linalg``.

Factorizations run on the CPU stream (mlx has them only there); results of ``eigh``, ``qr``,
``slogdet`` and ``svd`` are named tuples.  Names mlx keeps only at top level (``matmul``,
``matrix_transpose``, ``outer``, ``tensordot``, ``vecdot``, ``diagonal``, ``trace``) are provided;
``matrix_power``, ``matrix_rank``, ``svdvals``, ``vector_norm``, ``matrix_norm`` are written here.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import mlx.core as mx

from .._common._guards import checked_matrix_power, finite_or_nan
from .._common._scalars import as_numpy_reads
from .._markers import wraps_native
from .._spec import LINALG
from ._custom_functions import make_complex
from ._data_type_functions import promoted
from ._defaults import DEFAULTS
from ._helpers import INDEX, Compiled, accumulation_dtype, dense_if_empty, no_complex128, traced
from ._linalg_derivatives import (
    inverse,
    lapack_cholesky,
    lapack_det,
    lapack_eig,
    lapack_eigh,
    lapack_eigvals,
    lapack_eigvalsh,
    lapack_qr,
    lapack_slogdet,
    lapack_solve,
    lapack_svd,
    lapack_svdvals,
    real_embedding,
)
from ._linear_algebra import matmul, matrix_transpose
from ._linear_algebra import tensordot as tensordot
from ._linear_algebra import vecdot as vecdot

__all__ = list(LINALG)

_CPU = mx.cpu


class EighResult(NamedTuple):
    eigenvalues: mx.array
    eigenvectors: mx.array


class EigResult(NamedTuple):
    eigenvalues: mx.array
    eigenvectors: mx.array


class QRResult(NamedTuple):
    Q: mx.array
    R: mx.array


class SlogdetResult(NamedTuple):
    sign: mx.array
    logabsdet: mx.array


class SVDResult(NamedTuple):
    U: mx.array
    S: mx.array
    Vh: mx.array


def _float(x: mx.array, func: str) -> mx.array:
    """Factorizations need a floating dtype: integers are promoted to the default float, a
    bool matrix is refused (mlx would factorize 0/1 values and fail at evaluation when they
    are singular)."""
    if x.dtype == mx.bool_:
        raise TypeError(f"{func} [mlx]: a bool matrix has no {func}; cast it to a float dtype")
    if not mx.issubdtype(x.dtype, mx.inexact):
        return x.astype(DEFAULTS.real)
    return x


def _square(x: mx.array, func: str) -> mx.array:
    if x.ndim < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"{func}: mlx needs a stack of square matrices, got shape {x.shape}")
    return _float(x, func)


def _matrices(x: mx.array, func: str) -> mx.array:
    """:func:`_float` of a stack of matrices (``ndim >= 2``), or the error naming ``func``:
    unchecked, a 1-d or 0-d ``x`` failed in the unpacking of its last two sizes ("not enough
    values to unpack") or in mlx with its own function's name."""
    if x.ndim < 2:
        raise ValueError(f"{func}: mlx needs ndim >= 2, got shape {x.shape}")
    return _float(x, func)


@wraps_native()
def cholesky(x: mx.array, /, *, upper: bool = False) -> mx.array:
    """Cholesky factor of a symmetric/Hermitian positive-definite matrix (CPU stream).

    ``mx.linalg.cholesky`` rejects complex input: complex matrices use a column-by-column
    (Cholesky-Crout) loop written with lazy array operations.
    """
    x = _square(x, "cholesky")
    if not mx.issubdtype(x.dtype, mx.complexfloating):
        try:
            out: mx.array = lapack_cholesky[upper](x)
        except KeyError:  # upper="yes": its truth, as numpy reads it
            out = lapack_cholesky[bool(upper)](x)
        return out
    n = x.shape[-1]
    rows = mx.arange(n)
    cols: list[mx.array] = []
    for j in range(n):
        col = x[..., :, j]
        if cols:
            prev = mx.stack(cols, axis=-1)  # (..., n, j)
            col = col - mx.sum(prev * mx.conj(mx.expand_dims(prev[..., j, :], -2)), axis=-1)
        ljj = mx.sqrt(mx.real(col[..., j]))
        col = col / mx.expand_dims(ljj, -1).astype(x.dtype)
        col = mx.where(rows < j, mx.zeros_like(col), col)
        col = mx.where(rows == j, mx.expand_dims(ljj, -1).astype(x.dtype), col)
        cols.append(col)
    lower = mx.stack(cols, axis=-1) if cols else x
    return mx.conj(mx.swapaxes(lower, -1, -2)) if upper else lower


def cross(x1: mx.array, x2: mx.array, /, *, axis: int = -1) -> mx.array:
    """Cross product of 3-element vectors along ``axis`` (broadcasting)."""
    dt = promoted("cross", x1, x2)
    x1, x2 = mx.broadcast_arrays(x1.astype(dt), x2.astype(dt))
    if x1.shape[axis] != 3:
        raise ValueError(f"cross: mlx axis {axis} of shape {x1.shape} must have size 3")
    a = [mx.take(x1, mx.array(i), axis=axis) for i in range(3)]
    b = [mx.take(x2, mx.array(i), axis=axis) for i in range(3)]
    c = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    return mx.stack(c, axis=axis)


def det(x: mx.array, /) -> mx.array:
    """Determinant (CPU stream); complex input (``mx.linalg.det`` rejects it) is the product of
    the eigenvalues."""
    x = _square(x, "det")
    if x.shape[-1] == 0:
        return mx.ones(x.shape[:-2], dtype=x.dtype)
    if mx.issubdtype(x.dtype, mx.complexfloating):
        return mx.prod(lapack_eigvals(x), axis=-1)
    out: mx.array = lapack_det(x)
    return out


@wraps_native()
def diagonal(x: mx.array, /, *, offset: int = 0) -> mx.array:
    """Diagonal of the last two axes (``mx.diagonal`` defaults to the first two)."""
    return mx.diagonal(x, offset, -2, -1)


# LAPACK on non-finite input:
# mlx: eigh/eigvalsh fail at evaluation on NaN ("Eigenvalue decomposition failed")
# (no upstream issue found)
# mlx: eig/eigvals end the process on NaN (LAPACK gebal rejects it; the exit status is 0)
# (no upstream issue found)
# LAPACK: svd never returns on inf (xGESDD/xBDSQR loop forever);
# https://github.com/Reference-LAPACK/lapack/issues/1409
# mlx keeps no bounds or value checks by design (https://github.com/ml-explore/mlx/issues/2130):
# decompose a finite stand-in and answer NaN, lazily.
@wraps_native()
@finite_or_nan(mx, (1, 2))
def eig(x: mx.array, /) -> EigResult:
    """Eigenvalues and eigenvectors of a general matrix (complex results, CPU stream)."""
    x = _square(x, "eig")
    no_complex128(x, "eig")
    w, v = lapack_eig(x)
    if mx.issubdtype(x.dtype, mx.complexfloating):
        # mlx: mx.linalg.eig returns the complex conjugate of the eigenvectors for complex
        # input (no upstream issue found)
        v = mx.conj(v)
    return EigResult(w, v)


@wraps_native()
@finite_or_nan(mx, 1)
def eigvals(x: mx.array, /) -> mx.array:
    """Eigenvalues of a general matrix (complex results, CPU stream)."""
    x = _square(x, "eigvals")
    no_complex128(x, "eigvals")
    out: mx.array = lapack_eigvals(x)
    return out


@finite_or_nan(mx, (1, 2), column_major=True)
def _eigh_guarded(x: mx.array, /, *, plain: bool = False) -> EighResult:
    """``plain``: without the derivative rules' nodes, for input no transform traces
    (:class:`~._custom_functions.LapackFunction`)."""
    decompose = lapack_eigh.plain if plain else lapack_eigh
    return EighResult(*decompose(_square(x, "eigh")))


#: :func:`_eigh_guarded` compiled for real input: the finite check, the stand-in and the NaN
#: answer fuse into fewer graph nodes (measured on 8 x 8 float32: 59 us evaluated against 147
#: us; mx.linalg.eigh alone 26 us); complex input is not (mlx's CPU compiler emits no complex
#: constant, see _indexing._NOT_COMPILED). mx.compile returns a tuple, not a NamedTuple.
def _eigh_pair(x: mx.array) -> Any:
    return tuple(_eigh_guarded(x))


def _eigh_pair_plain(x: mx.array) -> Any:
    return tuple(_eigh_guarded(x, plain=True))


_EIGH = Compiled(_eigh_pair)
#: ... and where no transform traces the input, without the derivative rules' nodes
#: (:class:`~._custom_functions.LapackFunction`)
_EIGH_PLAIN = Compiled(_eigh_pair_plain)
_REAL = frozenset((mx.float32, mx.float64))


@wraps_native()
def eigh(x: mx.array, /) -> EighResult:
    """Eigen-decomposition of a symmetric/Hermitian matrix, as a named tuple (CPU stream)."""
    if x.dtype in _REAL:
        return EighResult(*(_EIGH if traced(x) else _EIGH_PLAIN)(x))
    out: EighResult = _eigh_guarded(x)
    return out


@wraps_native()
@finite_or_nan(mx, 1)
def eigvalsh(x: mx.array, /) -> mx.array:
    """Eigenvalues of a symmetric/Hermitian matrix, ascending (CPU stream)."""
    out: mx.array = lapack_eigvalsh(_square(x, "eigvalsh"))
    return out


@wraps_native()
def inv(x: mx.array, /) -> mx.array:
    """Inverse of a square matrix (CPU stream).

    ``mx.linalg.inv`` rejects complex input: complex matrices are inverted through their real
    embedding (the inverse of ``[[X, -Y], [Y, X]]`` is ``[[P, -Q], [Q, P]]`` for ``P + iQ``).
    """
    return inverse(_square(x, "inv"))


def outer(x1: mx.array, x2: mx.array, /) -> mx.array:
    """Outer product of two 1-d arrays (exact for integers)."""
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError(f"outer: mlx needs 1-d arrays, got {x1.shape} and {x2.shape}")
    dt = promoted("outer", x1, x2)
    return mx.expand_dims(x1.astype(dt), 1) * mx.expand_dims(x2.astype(dt), 0)


@wraps_native()
@finite_or_nan(mx, (2, 1, 2))
def svd(x: mx.array, /, *, full_matrices: bool = True) -> SVDResult:
    """Singular value decomposition ``U @ diag(S) @ Vh`` (CPU stream).

    ``mx.linalg.svd`` has no ``full_matrices=``: the reduced factors are slices of the full ones.
    """
    x = _matrices(x, "svd")
    m, n = x.shape[-2:]
    if not full_matrices and m != n and min(m, n) > 0:
        # mlx: mx.linalg.svd always builds the full U (20000 x 20000 for a 20000 x 100 input)
        # (no upstream issue found)
        # Factor x = Q R first and take the SVD of the small square R.
        if m < n:
            u_t, s_t, vh_t = svd(mx.conj(mx.swapaxes(x, -1, -2)), full_matrices=False)
            return SVDResult(
                mx.conj(mx.swapaxes(vh_t, -1, -2)), s_t, mx.conj(mx.swapaxes(u_t, -1, -2))
            )
        q, r = qr(x)
        ur, s, vh = svd(r, full_matrices=True)
        return SVDResult(mx.matmul(q, ur, stream=_CPU), s, vh)
    u, s, vh = lapack_svd(x)
    if not full_matrices:
        k = min(x.shape[-2:])
        u, vh = u[..., :, :k], vh[..., :k, :]
    return SVDResult(u, s, vh)


@finite_or_nan(mx, 1)
def svdvals(x: mx.array, /) -> mx.array:
    """Singular values, descending (CPU stream)."""
    x = _matrices(x, "svdvals")
    s: mx.array = lapack_svdvals(x)
    return s


def _norm2(v: mx.array) -> mx.array:
    """2-norm over the last axis (keepdims) without overflow: scaled by the largest entry."""
    a = mx.abs(v)
    s = mx.max(a, axis=-1, keepdims=True)
    safe = mx.where(s > 0, s, 1)
    return s * mx.sqrt(mx.sum(mx.square(a / safe), axis=-1, keepdims=True))


def _householder_qr(a: mx.array) -> tuple[mx.array, mx.array]:
    """Complete QR by Householder reflections in lazy array operations (any float dtype)."""
    m, n = a.shape[-2:]
    rows = mx.arange(m)
    q = mx.broadcast_to(mx.eye(m, dtype=a.dtype), (*a.shape[:-2], m, m))
    r = a
    for j in range(min(m - 1, n)):
        x = mx.where(rows >= j, r[..., :, j], mx.zeros_like(r[..., :, j]))
        norm = _norm2(x)
        xj = r[..., j : j + 1, j]
        mag = mx.abs(xj)
        phase = mx.where(
            mag == 0, mx.ones_like(xj), xj / mx.where(mag == 0, 1, mag).astype(a.dtype)
        )
        v = x + mx.where(rows == j, phase * norm.astype(a.dtype), mx.zeros_like(x))
        vn = _norm2(v)
        w = mx.where(vn > 0, v / mx.where(vn > 0, vn, 1).astype(a.dtype), mx.zeros_like(v))
        wc = mx.conj(w)
        r = r - 2 * mx.expand_dims(w, -1) * mx.expand_dims(
            mx.sum(mx.expand_dims(wc, -1) * r, -2), -2
        )
        q = q - 2 * mx.expand_dims(mx.sum(q * mx.expand_dims(w, -2), -1), -1) * mx.expand_dims(
            wc, -2
        )
    return q, mx.triu(r) if r.ndim >= 2 else r


@wraps_native()
def qr(x: mx.array, /, *, mode: str = "reduced") -> QRResult:
    """QR factorization, as a named tuple (CPU stream).

    ``mx.linalg.qr`` computes the reduced factorization of real matrices only: complex input and
    ``mode="complete"`` with ``M > N`` use Householder reflections written in lazy array
    operations.
    """
    x = _matrices(x, "qr")
    if mode not in ("reduced", "complete"):
        raise ValueError(f"qr: mode must be 'reduced' or 'complete', got {mode!r}")
    m, n = x.shape[-2:]
    native = not mx.issubdtype(x.dtype, mx.complexfloating) and (mode == "reduced" or m <= n)
    if native and m and n:
        return QRResult(*lapack_qr(x))
    q, r = _householder_qr(x)
    if mode == "reduced":
        k = min(m, n)
        q, r = q[..., :, :k], r[..., :k, :]
    return QRResult(q, r)


def slogdet(x: mx.array, /) -> SlogdetResult:
    """Sign and log of the absolute determinant, as a named tuple (CPU stream)."""
    x = _square(x, "slogdet")
    if x.shape[-1] == 0:
        z = mx.zeros(x.shape[:-2], dtype=_real(x.dtype))
        return SlogdetResult((z + 1).astype(x.dtype), z)
    if mx.issubdtype(x.dtype, mx.complexfloating):
        # mlx: mx.linalg.slogdet rejects complex input (no upstream issue found)
        # Use the eigenvalues.
        ev = lapack_eigvals(x)
        mag = mx.abs(ev)
        zero = mx.any(mag == 0, axis=-1)
        unit = ev / mx.where(mag == 0, 1, mag).astype(ev.dtype)
        sign = mx.where(zero, mx.array(0, dtype=ev.dtype), mx.prod(unit, axis=-1))
        return SlogdetResult(sign, mx.sum(mx.log(mag), axis=-1))
    return SlogdetResult(*lapack_slogdet(x))


@wraps_native()
def solve(x1: mx.array, x2: mx.array, /) -> mx.array:
    """Solve ``x1 @ y = x2`` (CPU stream); a 1-d ``x2`` is a vector, as the standard says."""
    s1, s2 = x1.shape, x2.shape
    if (
        len(s1) == len(s2) == 2
        and s1[0] == s1[1] == s2[0]
        and s1[0] * s2[1]
        and x1.dtype == x2.dtype
        and x1.dtype in _REAL
    ):
        out: mx.array = lapack_solve(x1, x2)  # one system, nothing to promote
        return out
    dt = promoted("solve", x1, x2)
    x1 = _square(x1.astype(dt), "solve")
    x2 = _float(x2.astype(dt), "solve")
    vector = x2.ndim == 1
    if vector:
        x2 = mx.expand_dims(x2, -1)
    # mlx: mx.linalg.solve fails on batch shapes that need broadcasting
    # (no upstream issue found)
    shape = tuple(mx.broadcast_shapes(x1.shape[:-2], x2.shape[:-2]))
    x1 = mx.broadcast_to(x1, shape + tuple(x1.shape[-2:]))
    x2 = mx.broadcast_to(x2, shape + tuple(x2.shape[-2:]))
    if 0 in x1.shape or 0 in x2.shape:
        # mlx: mx.linalg.solve of an empty system divides by zero (SIGFPE)
        # (no upstream issue found); the solution is empty
        out = mx.zeros(x2.shape, dtype=x2.dtype)
    elif mx.issubdtype(x1.dtype, mx.complexfloating):
        # mlx: mx.linalg.solve rejects complex input (no upstream issue found)
        # Solve the real embedding.
        n = x1.shape[-1]
        rhs = mx.concatenate([mx.real(x2), mx.imag(x2)], axis=-2)
        y = lapack_solve(real_embedding(x1), rhs)
        out = make_complex(y[..., :n, :], y[..., n:, :])
    else:
        out = lapack_solve(x1, x2)
    return mx.squeeze(out, -1) if vector else out


def pinv(x: mx.array, /, *, rtol: float | mx.array | None = None) -> mx.array:
    """Moore-Penrose pseudo-inverse with the standard's ``rtol`` (``mx.linalg.pinv`` has none)."""
    x = _matrices(x, "pinv")
    m, n = x.shape[-2:]
    if m == 0 or n == 0:
        return mx.zeros((*x.shape[:-2], n, m), dtype=x.dtype)
    u, s, vh = svd(x, full_matrices=False)
    cutoff = _rtol(rtol, m, n, x.dtype) * mx.max(s, axis=-1, keepdims=True)
    sinv = mx.where(s > cutoff, 1 / mx.where(s > cutoff, s, 1), 0).astype(s.dtype)
    vt = mx.conj(matrix_transpose(vh))
    return mx.matmul(vt * mx.expand_dims(sinv, -2), mx.conj(matrix_transpose(u)))


def _rtol(rtol: Any, m: int, n: int, dtype: mx.Dtype) -> Any:
    """The standard's ``rtol`` of pinv/matrix_rank: its default, a stack's per-matrix values
    on a new axis, an int as a float (mlx converts a Python int through int64: beyond it,
    std::bad_cast, no upstream issue found; numpy reads it as a float)."""
    if rtol is None:
        return max(m, n) * float(mx.finfo(_real(dtype)).eps)
    if isinstance(rtol, mx.array):
        return mx.expand_dims(rtol, -1) if rtol.ndim else rtol
    return float(rtol) if isinstance(rtol, int) else rtol


def _real(dtype: mx.Dtype) -> mx.Dtype:
    return mx.float32 if dtype == mx.complex64 else dtype


def matrix_rank(x: mx.array, /, *, rtol: float | mx.array | None = None) -> mx.array:
    """Number of singular values above ``rtol * largest``, as int64 (mlx has no matrix_rank);
    a bool matrix is ranked as 0/1 values (an SVD cannot fail on a singular matrix)."""
    if x.dtype == mx.bool_:
        x = x.astype(DEFAULTS.real)
    x = _matrices(x, "matrix_rank")
    m, n = x.shape[-2:]
    if m == 0 or n == 0:
        return mx.zeros(x.shape[:-2], dtype=INDEX)
    s = svdvals(x)
    tol = _rtol(rtol, m, n, x.dtype) * mx.max(s, axis=-1, keepdims=True)
    return mx.sum(s > tol, axis=-1).astype(INDEX)


def _matrix_power(x: mx.array, n: int, /) -> mx.array:
    """``x`` raised to the integer power ``n`` by repeated squaring (lazy; ``n < 0`` inverts).
    ``n`` is a Python int (:func:`checked_matrix_power`): the loop shifts it in place, which
    changed a caller's 0-d numpy array."""
    if x.ndim < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"matrix_power: mlx needs square matrices, got shape {x.shape}")
    if n == 0:
        return mx.broadcast_to(mx.eye(x.shape[-1], dtype=x.dtype), x.shape)
    if n < 0:
        x, n = inv(x), -n
    result = None
    base = x
    while n:
        if n & 1:
            result = base if result is None else matmul(result, base)
        n >>= 1
        if n:
            base = matmul(base, base)
    assert result is not None  # n >= 1 here
    return result


matrix_power = checked_matrix_power(_matrix_power, "mlx")


def trace(x: mx.array, /, *, offset: int = 0, dtype: Any = None) -> mx.array:
    """Sum of the diagonal of the last two axes, with the default-int rule for ``dtype``."""
    dt = accumulation_dtype(x, dtype, "trace")
    d = dense_if_empty(mx.diagonal(x, offset, -2, -1)).astype(dt)
    out = mx.sum(d, axis=-1)
    # mlx: mx.sum widens small integer dtypes to (u)int32 (no upstream issue found)
    # Keep the requested dtype.
    return out if out.dtype == dt else out.astype(dt)


def vector_norm(
    x: mx.array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    keepdims: bool = False,
    ord: int | float = 2,
) -> mx.array:
    """Vector p-norm over ``axis`` (all axes by default) with the standard's ``ord`` meaning.

    ``mx.linalg.norm`` gives matrix norms for 2 axes; here every ``ord`` is the vector norm.
    """
    real = mx.issubdtype(x.dtype, mx.floating)
    # a real 2-norm squares x itself: |x| would be one more pass over the data
    a = x if real and ord == 2 else mx.abs(x)
    if not mx.issubdtype(a.dtype, mx.inexact):
        a = a.astype(DEFAULTS.real)
    ax: Any = list(axis) if isinstance(axis, tuple) else axis
    try:
        if ord == float("inf"):
            return mx.max(a, axis=ax, keepdims=keepdims)
        if ord == float("-inf"):
            return mx.min(a, axis=ax, keepdims=keepdims)
        if ord == 0:
            return mx.sum(a != 0, axis=ax, keepdims=keepdims).astype(a.dtype)
        if ord == 1:
            return mx.sum(a, axis=ax, keepdims=keepdims)
        if ord == 2:
            return mx.sqrt(mx.sum(mx.square(a), axis=ax, keepdims=keepdims))
        return mx.power(mx.sum(mx.power(a, ord), axis=ax, keepdims=keepdims), 1.0 / ord)
    except TypeError:
        # keepdims=None read as False and ord=None as 2, as numpy reads them
        flags = as_numpy_reads({"keepdims": keepdims})
        if flags is None and ord is not None:
            raise
        return vector_norm(
            x, axis=axis, ord=2 if ord is None else ord, **(flags or {"keepdims": keepdims})
        )


def matrix_norm(
    x: mx.array,
    /,
    *,
    keepdims: bool = False,
    ord: int | float | str = "fro",
) -> mx.array:
    """Matrix norm of the last two axes (``"fro"``, ``"nuc"``, ``±1``, ``±2``, ``±inf``)."""
    x = _matrices(x, "matrix_norm")
    a = mx.abs(x)
    if ord == "fro":
        out = mx.sqrt(mx.sum(mx.square(a), axis=(-2, -1)))
    elif ord in (1, -1, float("inf"), float("-inf")):
        s = mx.sum(a, axis=-2 if ord in (1, -1) else -1)
        if s.shape[-1] == 0 and ord > 0:
            # mlx: mx.max raises on an empty axis; https://github.com/ml-explore/mlx/pull/4079
            # The norm of an empty matrix is 0.
            out = mx.zeros(s.shape[:-1], dtype=s.dtype)
        else:
            out = mx.max(s, axis=-1) if ord > 0 else mx.min(s, axis=-1)
    elif ord in (2, -2, "nuc"):
        s = svdvals(x)
        out = (
            mx.sum(s, axis=-1)
            if ord == "nuc"
            else (mx.max(s, axis=-1) if ord == 2 else mx.min(s, axis=-1))
        )
    else:
        raise ValueError(f"matrix_norm: unsupported ord {ord!r} for mlx")
    if keepdims:
        out = mx.expand_dims(out, (-2, -1))
    return out

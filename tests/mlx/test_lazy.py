"""Every function whose output shape does not depend on data stays lazy.

Each call runs inside ``mx.compile``, which raises on any evaluation (``mx.eval``, ``.item()``,
``float()``, ``tolist()``, numpy conversion).  The table must cover every standard name except
the documented data-dependent ones and the non-array helpers.
"""

from __future__ import annotations

import pytest

mx = pytest.importorskip("mlx.core")

import ember_array.mlx as xp  # noqa: E402
from ember_array import _spec  # noqa: E402

# m: 3x3 SPD float32, v: float32 (3,), i: int32 (3,), b: bool (3,), c: complex64 (3,)
CALLS = {
    "abs": lambda m, v, i, b, c: xp.abs(v),
    "acos": lambda m, v, i, b, c: xp.acos(v / 10),
    "acosh": lambda m, v, i, b, c: xp.acosh(v + 2),
    "add": lambda m, v, i, b, c: xp.add(v, v),
    "asin": lambda m, v, i, b, c: xp.asin(v / 10),
    "asinh": lambda m, v, i, b, c: xp.asinh(v),
    "atan": lambda m, v, i, b, c: xp.atan(v),
    "atan2": lambda m, v, i, b, c: xp.atan2(v, v),
    "atanh": lambda m, v, i, b, c: xp.atanh(v / 10),
    "bitwise_and": lambda m, v, i, b, c: xp.bitwise_and(i, i),
    "bitwise_invert": lambda m, v, i, b, c: xp.bitwise_invert(i),
    "bitwise_left_shift": lambda m, v, i, b, c: xp.bitwise_left_shift(i, i),
    "bitwise_or": lambda m, v, i, b, c: xp.bitwise_or(i, i),
    "bitwise_right_shift": lambda m, v, i, b, c: xp.bitwise_right_shift(i, i),
    "bitwise_xor": lambda m, v, i, b, c: xp.bitwise_xor(i, i),
    "ceil": lambda m, v, i, b, c: xp.ceil(v),
    "clip": lambda m, v, i, b, c: xp.clip(v, None, 1.0) + xp.clip(i, 0, None),
    "conj": lambda m, v, i, b, c: xp.conj(c),
    "copysign": lambda m, v, i, b, c: xp.copysign(v, -v),
    "cos": lambda m, v, i, b, c: xp.cos(v),
    "cosh": lambda m, v, i, b, c: xp.cosh(v),
    "divide": lambda m, v, i, b, c: xp.divide(v, v),
    "equal": lambda m, v, i, b, c: xp.equal(v, v),
    "exp": lambda m, v, i, b, c: xp.exp(v),
    "expm1": lambda m, v, i, b, c: xp.real(xp.expm1(c)) + xp.expm1(v),
    "floor": lambda m, v, i, b, c: xp.floor(v),
    "floor_divide": lambda m, v, i, b, c: xp.floor_divide(v, v),
    "greater": lambda m, v, i, b, c: xp.greater(v, v),
    "greater_equal": lambda m, v, i, b, c: xp.greater_equal(v, v),
    "hypot": lambda m, v, i, b, c: xp.hypot(v, v),
    "imag": lambda m, v, i, b, c: xp.imag(c),
    "isfinite": lambda m, v, i, b, c: xp.isfinite(v),
    "isinf": lambda m, v, i, b, c: xp.isinf(v),
    "isnan": lambda m, v, i, b, c: xp.isnan(v),
    "less": lambda m, v, i, b, c: xp.less(v, v),
    "less_equal": lambda m, v, i, b, c: xp.less_equal(v, v),
    "log": lambda m, v, i, b, c: xp.log(v),
    "log1p": lambda m, v, i, b, c: xp.log1p(v),
    "log2": lambda m, v, i, b, c: xp.log2(v),
    "log10": lambda m, v, i, b, c: xp.log10(v),
    "logaddexp": lambda m, v, i, b, c: xp.logaddexp(v, v),
    "logical_and": lambda m, v, i, b, c: xp.logical_and(b, b),
    "logical_not": lambda m, v, i, b, c: xp.logical_not(b),
    "logical_or": lambda m, v, i, b, c: xp.logical_or(b, b),
    "logical_xor": lambda m, v, i, b, c: xp.logical_xor(b, b),
    "maximum": lambda m, v, i, b, c: xp.maximum(v, v),
    "minimum": lambda m, v, i, b, c: xp.minimum(v, v),
    "multiply": lambda m, v, i, b, c: xp.multiply(v, v),
    "negative": lambda m, v, i, b, c: xp.negative(v),
    "nextafter": lambda m, v, i, b, c: xp.nextafter(v, v + 1),
    "not_equal": lambda m, v, i, b, c: xp.not_equal(v, v),
    "positive": lambda m, v, i, b, c: xp.positive(v),
    "pow": lambda m, v, i, b, c: xp.pow(v, v),
    "real": lambda m, v, i, b, c: xp.real(c),
    "reciprocal": lambda m, v, i, b, c: xp.reciprocal(v),
    "remainder": lambda m, v, i, b, c: xp.remainder(v, v),
    "round": lambda m, v, i, b, c: xp.round(v),
    "sign": lambda m, v, i, b, c: xp.sign(v) + xp.real(xp.sign(c)),
    "signbit": lambda m, v, i, b, c: xp.signbit(v),
    "sin": lambda m, v, i, b, c: xp.sin(v),
    "sinh": lambda m, v, i, b, c: xp.sinh(v),
    "sqrt": lambda m, v, i, b, c: xp.sqrt(v),
    "square": lambda m, v, i, b, c: xp.square(v),
    "subtract": lambda m, v, i, b, c: xp.subtract(v, v),
    "tan": lambda m, v, i, b, c: xp.tan(v),
    "tanh": lambda m, v, i, b, c: xp.tanh(v),
    "trunc": lambda m, v, i, b, c: xp.trunc(v),
    # creation
    "arange": lambda m, v, i, b, c: xp.arange(3, device="cpu") + v,
    "asarray": lambda m, v, i, b, c: xp.asarray(v, copy=False) + xp.asarray([1.0, 2.0, 3.0]),
    "empty": lambda m, v, i, b, c: xp.empty((3,)) * 0 + v,
    "empty_like": lambda m, v, i, b, c: xp.empty_like(v) * 0,
    "eye": lambda m, v, i, b, c: xp.eye(3, k=1) + m,
    "from_dlpack": lambda m, v, i, b, c: xp.from_dlpack(v),
    "full": lambda m, v, i, b, c: xp.full((3,), 2.0) + v,
    "full_like": lambda m, v, i, b, c: xp.full_like(v, 2.0),
    "linspace": lambda m, v, i, b, c: xp.linspace(0, 1, 3) + v,
    "meshgrid": lambda m, v, i, b, c: xp.meshgrid(v, v)[0],
    "ones": lambda m, v, i, b, c: xp.ones((3,)) + v,
    "ones_like": lambda m, v, i, b, c: xp.ones_like(v),
    "tril": lambda m, v, i, b, c: xp.tril(m),
    "triu": lambda m, v, i, b, c: xp.triu(m, k=1),
    "zeros": lambda m, v, i, b, c: xp.zeros((3,)) + v,
    "zeros_like": lambda m, v, i, b, c: xp.zeros_like(v),
    # data type functions
    "astype": lambda m, v, i, b, c: xp.astype(v, xp.int64),
    "broadcast_arrays": lambda m, v, i, b, c: xp.broadcast_arrays(m, v)[1],
    "broadcast_to": lambda m, v, i, b, c: xp.broadcast_to(v, (2, 3)),
    # indexing
    "take": lambda m, v, i, b, c: xp.take(v, i) + xp.take(m, [0, 2], axis=1)[:, 0],
    "take_along_axis": lambda m, v, i, b, c: xp.take_along_axis(m, xp.reshape(i, (1, 3)), axis=0),
    # linear algebra
    "matmul": lambda m, v, i, b, c: xp.matmul(m, v) + xp.matmul(i, i),
    "matrix_transpose": lambda m, v, i, b, c: xp.matrix_transpose(m),
    "tensordot": lambda m, v, i, b, c: xp.tensordot(m, m, axes=1) + xp.tensordot(i, i, axes=1),
    "vecdot": lambda m, v, i, b, c: xp.vecdot(m, v),
    # manipulation
    "concat": lambda m, v, i, b, c: xp.concat([v, v], axis=None),
    "expand_dims": lambda m, v, i, b, c: xp.expand_dims(v, axis=(0, 2)),
    "flip": lambda m, v, i, b, c: xp.flip(v),
    "moveaxis": lambda m, v, i, b, c: xp.moveaxis(m, (0, 1), (1, 0)),
    "permute_dims": lambda m, v, i, b, c: xp.permute_dims(m, (1, 0)),
    "repeat": lambda m, v, i, b, c: xp.repeat(v, 2),
    "reshape": lambda m, v, i, b, c: xp.reshape(m, (9,)),
    "roll": lambda m, v, i, b, c: xp.roll(m, 1, axis=0),
    "squeeze": lambda m, v, i, b, c: xp.squeeze(xp.expand_dims(v, axis=0), axis=0),
    "stack": lambda m, v, i, b, c: xp.stack((v, v), axis=1),
    "tile": lambda m, v, i, b, c: xp.tile(v, (2,)),
    "unstack": lambda m, v, i, b, c: xp.unstack(m, axis=1)[0],
    # searching
    "argmax": lambda m, v, i, b, c: xp.argmax(m, axis=0),
    "argmin": lambda m, v, i, b, c: xp.argmin(v),
    "count_nonzero": lambda m, v, i, b, c: xp.count_nonzero(m, axis=(0, 1)),
    "searchsorted": lambda m, v, i, b, c: xp.searchsorted(v, 2.0) + xp.searchsorted(v, v),
    "where": lambda m, v, i, b, c: xp.where(b, v, 0.0),
    # set
    "isin": lambda m, v, i, b, c: xp.isin(v, m),
    # sorting
    "argsort": lambda m, v, i, b, c: xp.argsort(v, descending=True),
    "sort": lambda m, v, i, b, c: xp.sort(v, descending=True),
    # statistical
    "cumulative_prod": lambda m, v, i, b, c: xp.cumulative_prod(v, include_initial=True),
    "cumulative_sum": lambda m, v, i, b, c: xp.cumulative_sum(i, include_initial=True),
    "max": lambda m, v, i, b, c: xp.max(m, axis=(0, 1)),
    "mean": lambda m, v, i, b, c: xp.mean(m, axis=0),
    "min": lambda m, v, i, b, c: xp.min(m),
    "prod": lambda m, v, i, b, c: xp.prod(i, dtype=xp.int64),
    "std": lambda m, v, i, b, c: xp.std(m, correction=1.5),
    "sum": lambda m, v, i, b, c: xp.sum(i),
    "var": lambda m, v, i, b, c: xp.var(m, axis=0, correction=1),
    # utility
    "all": lambda m, v, i, b, c: xp.all(b),
    "any": lambda m, v, i, b, c: xp.any(m, axis=(0, 1)),
    "diff": lambda m, v, i, b, c: xp.diff(v, prepend=v, append=v),
    # linalg
    "linalg.cholesky": lambda m, v, i, b, c: xp.linalg.cholesky(m),
    "linalg.cross": lambda m, v, i, b, c: xp.linalg.cross(m, v),
    "linalg.det": lambda m, v, i, b, c: xp.linalg.det(m),
    "linalg.diagonal": lambda m, v, i, b, c: xp.linalg.diagonal(m, offset=1),
    "linalg.eig": lambda m, v, i, b, c: xp.real(xp.linalg.eig(m).eigenvalues),
    "linalg.eigh": lambda m, v, i, b, c: xp.linalg.eigh(m).eigenvectors,
    "linalg.eigvals": lambda m, v, i, b, c: xp.real(xp.linalg.eigvals(m)),
    "linalg.eigvalsh": lambda m, v, i, b, c: xp.linalg.eigvalsh(m),
    "linalg.inv": lambda m, v, i, b, c: xp.linalg.inv(m),
    "linalg.matmul": lambda m, v, i, b, c: xp.linalg.matmul(m, m),
    "linalg.matrix_norm": lambda m, v, i, b, c: xp.linalg.matrix_norm(m, ord=2),
    "linalg.matrix_power": lambda m, v, i, b, c: xp.linalg.matrix_power(m, -3),
    "linalg.matrix_rank": lambda m, v, i, b, c: xp.linalg.matrix_rank(m),
    "linalg.matrix_transpose": lambda m, v, i, b, c: xp.linalg.matrix_transpose(m),
    "linalg.outer": lambda m, v, i, b, c: xp.linalg.outer(v, v),
    "linalg.pinv": lambda m, v, i, b, c: xp.linalg.pinv(m),
    "linalg.qr": lambda m, v, i, b, c: xp.linalg.qr(m).R,
    "linalg.slogdet": lambda m, v, i, b, c: xp.linalg.slogdet(m).logabsdet,
    "linalg.solve": lambda m, v, i, b, c: xp.linalg.solve(m, v),
    "linalg.svd": lambda m, v, i, b, c: xp.linalg.svd(m, full_matrices=False).S,
    "linalg.svdvals": lambda m, v, i, b, c: xp.linalg.svdvals(m),
    "linalg.tensordot": lambda m, v, i, b, c: xp.linalg.tensordot(m, v, axes=1),
    "linalg.trace": lambda m, v, i, b, c: xp.linalg.trace(m),
    "linalg.vecdot": lambda m, v, i, b, c: xp.linalg.vecdot(v, v),
    "linalg.vector_norm": lambda m, v, i, b, c: xp.linalg.vector_norm(m, ord=3, axis=(0, 1)),
    # fft
    "fft.fft": lambda m, v, i, b, c: xp.fft.fft(c),
    "fft.fftfreq": lambda m, v, i, b, c: xp.fft.fftfreq(3) + v,
    "fft.fftn": lambda m, v, i, b, c: xp.fft.fftn(c),
    "fft.fftshift": lambda m, v, i, b, c: xp.fft.fftshift(v),
    "fft.hfft": lambda m, v, i, b, c: xp.fft.hfft(c),
    "fft.ifft": lambda m, v, i, b, c: xp.fft.ifft(c),
    "fft.ifftn": lambda m, v, i, b, c: xp.fft.ifftn(c),
    "fft.ifftshift": lambda m, v, i, b, c: xp.fft.ifftshift(v),
    "fft.ihfft": lambda m, v, i, b, c: xp.fft.ihfft(v),
    "fft.irfft": lambda m, v, i, b, c: xp.fft.irfft(c),
    "fft.irfftn": lambda m, v, i, b, c: xp.fft.irfftn(c),
    "fft.rfft": lambda m, v, i, b, c: xp.fft.rfft(v),
    "fft.rfftfreq": lambda m, v, i, b, c: xp.fft.rfftfreq(4),
    "fft.rfftn": lambda m, v, i, b, c: xp.fft.rfftn(v),
}

#: Output shape depends on the data: documented to evaluate.
DATA_DEPENDENT = {"nonzero", "unique_all", "unique_counts", "unique_inverse", "unique_values"}
#: Take or return no arrays (dtypes, shapes, scalars): nothing to evaluate.
NOT_ARRAY = set(_spec.CONSTANTS) | set(_spec.DTYPES) | {
    "broadcast_shapes", "can_cast", "finfo", "iinfo", "isdtype", "result_type",
}  # fmt: skip


def _inputs():
    m = mx.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
    v = mx.array([1.0, 2.0, 3.0])
    i = mx.array([0, 1, 2], dtype=mx.int32)
    b = mx.array([True, False, True])
    c = mx.array([1 + 1j, 2 - 1j, 0.5j], dtype=mx.complex64)
    return m, v, i, b, c


def test_table_covers_every_name():
    names = set(_spec.all_names())
    covered = set(CALLS) | DATA_DEPENDENT | NOT_ARRAY
    assert names - covered == set()


def test_compile_fails_on_evaluation():
    """The mechanism the test relies on: evaluation inside mx.compile raises."""

    def f(x):
        return x + x.sum().item()

    with pytest.raises(ValueError, match="eval"):
        mx.compile(f)(mx.array([1.0]))


@pytest.mark.parametrize("name", sorted(CALLS))
def test_lazy_under_compile(name):
    # Tracing under mx.compile raises on any evaluation.  The traced result is not evaluated:
    # running it would JIT-compile C++ kernels (slow, and mlx 0.32.4 fails on some complex ones).
    fn = CALLS[name]
    compiled = mx.compile(fn)(*_inputs())
    eager = fn(*_inputs())
    assert compiled.shape == eager.shape
    assert compiled.dtype == eager.dtype


@pytest.mark.parametrize("name", sorted(DATA_DEPENDENT))
def test_data_dependent_functions_say_so(name):
    assert "evaluates" in getattr(xp, name).__doc__

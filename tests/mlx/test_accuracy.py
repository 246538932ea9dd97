"""Accuracy of the transcendental functions ember_array.mlx rebuilds, and refused downcasts.

mlx 0.32.4 computes float64 ``exp``/``sin``/``cos``/``logaddexp`` at float32 accuracy (float64
``exp`` even overflows above 88.7) and its float32 ``exp`` is up to ~8 ULP off.  numpy is the
reference here: its results are within 1 ULP of the exact ones.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

mx = pytest.importorskip("mlx.core")

import ember_array.mlx as xp  # noqa: E402

RNG = np.random.default_rng(20261122)
SPECIAL = [0.0, -0.0, np.inf, -np.inf, np.nan]


def _ulps(got: np.ndarray, want: np.ndarray) -> float:
    """Largest distance in units of ``want``'s last place; non-finite values must match."""
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_array_equal(got[np.isinf(want)], want[np.isinf(want)])
    fin = np.isfinite(want)
    assert np.isfinite(got[fin]).all()
    wide = want[fin].astype(np.float64)
    unit = np.spacing(np.abs(want[fin])).astype(np.float64)
    return float(np.max(np.abs(got[fin].astype(np.float64) - wide) / unit, initial=0.0))


def _values(dtype: str, lo: float, hi: float) -> np.ndarray:
    """Uniform and log-spaced values in ``[lo, hi]`` with the IEEE special values."""
    tiny = float(np.finfo(dtype).smallest_subnormal)
    span = 10.0 ** RNG.uniform(np.log10(tiny), np.log10(max(abs(lo), abs(hi))), 3000)
    values = np.concatenate([RNG.uniform(lo, hi, 5000), span, -span])
    return np.concatenate([np.clip(values, lo, hi), SPECIAL]).astype(dtype)


def _check(name: str, x: np.ndarray, max_ulps: float) -> None:
    got = np.asarray(getattr(xp, name)(xp.asarray(x)))
    assert got.dtype == x.dtype
    with np.errstate(invalid="ignore", over="ignore"):  # numpy warns on sin(inf), exp(720)
        want = getattr(np, name)(x)
    assert _ulps(got, want) <= max_ulps


@pytest.mark.parametrize(
    ("dtype", "lo", "hi"), [("float64", -760.0, 720.0), ("float32", -110.0, 95.0)]
)
def test_exp_full_range(dtype: str, lo: float, hi: float) -> None:
    # includes overflow to inf, subnormal results and underflow to 0
    _check("exp", _values(dtype, lo, hi), 2)


@pytest.mark.parametrize("name", ["sin", "cos"])
def test_float64_sin_cos(name: str) -> None:
    x = _values("float64", -1e6, 1e6)
    huge = 10.0 ** RNG.uniform(6, 308, 1000)
    # around the zeros of sin and cos, where relative accuracy is hardest
    k = RNG.integers(-(10**6), 10**6, 1000)
    near = np.concatenate([k * np.pi, (k + 0.5) * np.pi, k * np.pi / 2 + 1e-9])
    _check(name, np.concatenate([x, huge, -huge, near]), 4)


def test_float64_sin_keeps_signed_zero() -> None:
    got = np.asarray(xp.sin(xp.asarray([-0.0, 0.0, -5e-324], dtype=xp.float64)))
    np.testing.assert_array_equal(np.signbit(got), [True, False, True])


def _float32_trig_values() -> np.ndarray:
    """float32 over |x| <= 1e6 and up to 2**24, with the float32 numbers nearest k pi/2 (where
    the remainder is smallest and a short reduction loses the most), and huge values."""
    rng = np.random.default_rng(43)  # its own: the other tests' draws stay as they were
    k = np.unique(rng.integers(-(2**22), 2**22, 2000)).astype(np.float64)
    near = (k * (np.pi / 2)).astype(np.float32)
    wide = rng.uniform(-(2.0**24), 2.0**24, 500)
    huge = 10.0 ** rng.uniform(8, 38, 200)
    mid = rng.uniform(-1e6, 1e6, 5000)
    tiny = 10.0 ** rng.uniform(-45, 0, 1000)
    x = np.concatenate([mid, tiny, -tiny, near, wide, huge, -huge, SPECIAL])
    return x.astype(np.float32)


def _gpu_kernel(name: str) -> Callable[[mx.array], mx.array]:
    """The float32-only reduction the GPU runs (no float64 there), called on the CPU."""
    from ember_array.mlx import _trig

    return getattr(_trig, f"_{name.upper()}32")  # type: ignore[no-any-return]


@pytest.mark.parametrize("kernel", ["namespace", "gpu kernel"])
@pytest.mark.parametrize("name", ["sin", "cos", "tan"])
def test_float32_trig_large_arguments(name: str, kernel: str) -> None:
    # float64 numpy is the reference: its error is ~2**-29 of a float32 ULP
    x = _float32_trig_values()
    fn = getattr(xp, name) if kernel == "namespace" else _gpu_kernel(name)
    got = np.asarray(fn(xp.asarray(x)))
    assert got.dtype == np.float32
    with np.errstate(invalid="ignore"):  # numpy warns on sin(inf)
        want = getattr(np, name)(x.astype(np.float64))
    fin = np.isfinite(x) & (np.abs(x) <= 2.0**24)
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    unit = np.spacing(np.abs(want[fin]).astype(np.float32)).astype(np.float64)
    assert np.max(np.abs(got[fin] - want[fin]) / unit) <= 4
    assert np.all(np.abs(got[~fin & np.isfinite(x)]) <= (1 if name != "tan" else np.inf))


def test_float32_sin_tan_keep_signed_zero() -> None:
    x = xp.asarray([-0.0, 0.0], dtype=xp.float32)
    for name in ("sin", "tan"):
        np.testing.assert_array_equal(np.signbit(np.asarray(getattr(xp, name)(x))), [True, False])


@pytest.mark.parametrize("kernel", ["namespace", "gpu kernel"])
@pytest.mark.parametrize("name", ["sin", "cos", "tan"])
def test_float32_trig_derivatives(name: str, kernel: str) -> None:
    x = mx.array(np.random.default_rng(44).uniform(-1e4, 1e4, 64).astype(np.float32))
    d = {"sin": np.cos, "cos": lambda v: -np.sin(v), "tan": lambda v: 1 / np.cos(v) ** 2}[name]
    want = d(np.asarray(x).astype(np.float64))
    fn = getattr(xp, name) if kernel == "namespace" else _gpu_kernel(name)
    grad = mx.grad(lambda v: mx.sum(fn(v)))(x)
    np.testing.assert_allclose(np.asarray(grad), want, rtol=1e-5, atol=1e-6)
    (jvp,) = mx.jvp(fn, [x], [mx.ones_like(x)])[1]
    np.testing.assert_allclose(np.asarray(jvp), want, rtol=1e-5, atol=1e-6)
    batched = mx.vmap(fn)(x.reshape(8, 8))
    np.testing.assert_array_equal(np.asarray(batched).ravel(), np.asarray(fn(x)))


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_logaddexp(dtype: str) -> None:
    a = RNG.uniform(-700, 700, 4000).astype(dtype)
    b = (a + RNG.normal(0, 5, 4000)).astype(dtype)
    a = np.concatenate([a, [np.inf, -np.inf, np.inf, np.nan, 1.0, -np.inf]]).astype(dtype)
    b = np.concatenate([b, [np.inf, -np.inf, -np.inf, 1.0, np.nan, 3.0]]).astype(dtype)
    got = np.asarray(xp.logaddexp(xp.asarray(a), xp.asarray(b)))
    with np.errstate(invalid="ignore"):  # numpy warns on inf - inf
        want = np.logaddexp(a, b)
    assert _ulps(got, want) <= 2


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("name", ["exp", "sin", "cos", "tan", "logaddexp"])
def test_rebuilt_functions_stay_lazy(name: str, dtype: str) -> None:
    fn: Callable[..., object] = getattr(xp, name)
    args = (1,) if name != "logaddexp" else (2,)

    def call(x: object) -> object:
        return fn(*([x] * args[0]))

    # mx.compile raises on any evaluation inside the traced function
    x = xp.asarray([0.5, -1.0, 3.0, 1e5], dtype=getattr(xp, dtype))
    np.testing.assert_array_equal(np.asarray(mx.compile(call)(x)), np.asarray(call(x)))


@pytest.mark.parametrize(
    "call",
    [
        lambda a, c: xp.add(a, c),
        lambda a, c: xp.multiply(c, a),
        lambda a, c: xp.pow(a, c),
        lambda a, c: xp.equal(a, c),
        lambda a, c: xp.not_equal(c, a),
        lambda a, c: xp.add(a, 1j),
        lambda a, c: xp.where(a > 0, a, c),
        lambda a, c: xp.matmul(a, c),
        lambda a, c: xp.concat([a, c]),
        lambda a, c: xp.linalg.solve(c, a),
    ],
)
def test_float64_with_complex64_is_refused(call: Callable[..., object]) -> None:
    # the standard's result is complex128, which mlx lacks; mlx itself computes complex64
    a = xp.eye(2, dtype=xp.float64)
    c = xp.eye(2, dtype=xp.complex64)
    with pytest.raises(TypeError, match="complex128"):
        call(a, c)


def test_complex64_with_float32_and_python_complex_still_work() -> None:
    c = xp.ones(2, dtype=xp.complex64)
    assert xp.add(c, xp.ones(2)).dtype == xp.complex64
    assert xp.add(xp.ones(2), 1j).dtype == xp.complex64
    assert xp.equal(c, 1j).dtype == xp.bool
    assert xp.where(xp.ones(2) > 0, c, 1.0).dtype == xp.complex64


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_matmul_integer_with_float_follows_mlx_promotion(dtype: str) -> None:
    # mixed kinds are implementation-defined: matmul promotes as mlx's own operators do
    i = xp.asarray([[1, 2], [3, 4]])
    f = xp.asarray([[0.5, 0.0], [0.0, 2.0]], dtype=getattr(xp, dtype))
    got = xp.matmul(i, f)
    assert got.dtype == (xp.asarray(1) + f).dtype
    np.testing.assert_array_equal(np.asarray(got), [[0.5, 4.0], [1.5, 8.0]])

"""The functions ember_array fixes on top of array-api-compat, against array-api-strict."""

from __future__ import annotations

import math
from types import ModuleType

import array_api_strict as strict
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests._helpers import to_numpy

INF, NAN = math.inf, math.nan

SPECIAL_FLOATS = [INF, -INF, NAN, 0.0, -0.0, 5.0, -5.0, 0.5, -0.5, 1e300, -1e-300]


def _same(ours: object, ref: object) -> None:
    """Equal values, nan where nan, and the same sign of zero."""
    a, b = to_numpy(ours), np.asarray(ref)
    assert a.shape == b.shape
    np.testing.assert_array_equal(a, b)
    keep = ~np.isnan(b.real)
    np.testing.assert_array_equal(np.signbit(a.real[keep]), np.signbit(b.real[keep]))


# (x1, x2, floor_divide) from the standard's special cases; array-api-strict
# wraps np.floor_divide and shares its divmod results here, so it is no oracle.
FLOOR_DIVIDE_CASES = [
    (NAN, 2.0, NAN),
    (2.0, NAN, NAN),
    (INF, INF, NAN),
    (-INF, INF, NAN),
    (0.0, 0.0, NAN),
    (-0.0, 0.0, NAN),
    (0.0, 2.0, 0.0),
    (-0.0, 2.0, -0.0),
    (0.0, -2.0, -0.0),
    (-0.0, -2.0, 0.0),
    (2.0, 0.0, INF),
    (2.0, -0.0, -INF),
    (-2.0, 0.0, -INF),
    (-2.0, -0.0, INF),
    (INF, 2.0, INF),
    (INF, -2.0, -INF),
    (-INF, 2.0, -INF),
    (-INF, -2.0, INF),
    (5.0, INF, 0.0),
    (5.0, -INF, -0.0),
    (-5.0, INF, -0.0),
    (-5.0, -INF, 0.0),
    (7.0, 2.0, 3.0),
    (-7.0, 2.0, -4.0),
    (7.5, -2.0, -4.0),
]


def test_floor_divide_special_cases(xp: ModuleType) -> None:
    x1, x2, want = (list(col) for col in zip(*FLOOR_DIVIDE_CASES))
    ours = xp.floor_divide(xp.asarray(x1, dtype=xp.float64), xp.asarray(x2, dtype=xp.float64))
    _same(ours, np.asarray(want))


@given(
    st.lists(st.integers(-50, 50), min_size=1, max_size=20),
    st.integers(1, 7),
)
def test_floor_divide_integers_unchanged(xp: ModuleType, values: list[int], d: int) -> None:
    ours = xp.floor_divide(xp.asarray(values, dtype=xp.int64), d)
    assert ours.dtype == xp.int64
    np.testing.assert_array_equal(to_numpy(ours), np.floor_divide(values, d))


# (z, expm1(z)) from the standard's special cases; None marks a part whose
# sign the standard leaves unspecified (compared by magnitude only).
EXPM1_CASES = [
    (complex(0.0, 0.0), (0.0, 0.0)),
    (complex(-0.0, 0.0), (0.0, 0.0)),
    (complex(2.0, INF), (NAN, NAN)),
    (complex(2.0, NAN), (NAN, NAN)),
    (complex(INF, 0.0), (INF, 0.0)),
    (complex(-INF, 0.0), (-1.0, 0.0)),
    (complex(-INF, 2.0), (-1.0, math.copysign(0.0, math.sin(2.0)))),
    (complex(-INF, INF), (-1.0, None)),
    (complex(INF, INF), (None, NAN)),
    (complex(-INF, NAN), (-1.0, None)),
    (complex(INF, NAN), (None, NAN)),
    (complex(NAN, 0.0), (NAN, 0.0)),
    (complex(NAN, 2.0), (NAN, NAN)),
    (complex(NAN, NAN), (NAN, NAN)),
]


def _part_matches(got: float, want: float | None, unspecified_inf: bool) -> bool:
    if want is None:
        return math.isinf(got) if unspecified_inf else got == 0.0
    if math.isnan(want):
        return math.isnan(got)
    return got == want and math.copysign(1, got) == math.copysign(1, want)


def test_expm1_complex_special_cases(xp: ModuleType) -> None:
    z = [c[0] for c in EXPM1_CASES]
    # complex64 where the backend has no complex128 (mlx); the cases are the same.
    dtype = (
        xp.complex128 if "complex128" in xp.__array_namespace_info__().dtypes() else xp.complex64
    )
    ours = to_numpy(xp.expm1(xp.asarray(z, dtype=dtype)))
    for got, (zin, want) in zip(ours.tolist(), EXPM1_CASES):
        w_re, w_im = want  # type: ignore[misc]
        assert _part_matches(got.real, w_re, unspecified_inf=True), (zin, got)
        assert _part_matches(got.imag, w_im, unspecified_inf=False), (zin, got)


@given(
    st.lists(st.floats(-1e6, 1e6), min_size=3, max_size=30),
    st.sampled_from([0, 1, 1.5, 0.25]),
)
def test_std_var_with_float_correction(xp: ModuleType, values: list[float], c: float) -> None:
    x = xp.asarray(values, dtype=xp.float64)
    ref = strict.asarray(values, dtype=strict.float64)
    # Rounding error scales with the data, not the spread (mlx's two-pass var is
    # exact where numpy's leaves ~1e-10 for equal values near 1e5).
    scale = max(abs(v) for v in values) + 1.0
    np.testing.assert_allclose(
        to_numpy(xp.std(x, correction=c)),
        float(strict.std(ref, correction=c)),
        rtol=1e-9,
        atol=1e-7 * scale,
    )
    np.testing.assert_allclose(
        to_numpy(xp.var(x, correction=c)),
        float(strict.var(ref, correction=c)),
        rtol=1e-9,
        atol=1e-7 * scale**2,
    )


def test_std_axis_and_keepdims(xp: ModuleType) -> None:
    x = xp.reshape(xp.arange(24, dtype=xp.float64), (2, 3, 4))
    ref = strict.reshape(strict.arange(24, dtype=strict.float64), (2, 3, 4))
    for axis in (None, 0, -1, (0, 2)):
        for keepdims in (False, True):
            ours = xp.std(x, axis=axis, correction=1, keepdims=keepdims)
            want = strict.std(ref, axis=axis, correction=1, keepdims=keepdims)
            assert tuple(ours.shape) == want.shape
            np.testing.assert_allclose(to_numpy(ours), np.asarray(want))


@given(st.lists(st.sampled_from([3.0, 1.0, -0.0, 2.5, NAN, INF]), max_size=12))
def test_unique_all_matches_strict(xp: ModuleType, values: list[float]) -> None:
    x = xp.asarray(values, dtype=xp.float64)
    ours = xp.unique_all(x)
    ref = strict.unique_all(strict.asarray(values, dtype=strict.float64))
    assert ours._fields == ("values", "indices", "inverse_indices", "counts")
    # Order of values is unspecified; sort both by value (nans last) to compare.
    vals = to_numpy(ours.values)
    ref_vals = np.asarray(ref.values)
    np.testing.assert_array_equal(np.sort(vals), np.sort(ref_vals))
    np.testing.assert_array_equal(to_numpy(ours.counts).sum(), len(values))
    # Every index points at an occurrence of its value; reconstruction via inverse works.
    idx = to_numpy(ours.indices)
    src = np.asarray(values, dtype=np.float64)
    np.testing.assert_array_equal(src[idx], vals)
    np.testing.assert_array_equal(vals[to_numpy(ours.inverse_indices)], src)
    assert ours.indices.dtype == xp.int64
    assert tuple(ours.inverse_indices.shape) == (len(values),)


def test_unique_all_first_occurrence_2d(xp: ModuleType) -> None:
    x = xp.asarray([[3, 1, 3], [1, 2, 2]])
    res = xp.unique_all(x)
    np.testing.assert_array_equal(to_numpy(res.values), [1, 2, 3])
    np.testing.assert_array_equal(to_numpy(res.indices), [1, 4, 0])
    np.testing.assert_array_equal(to_numpy(res.counts), [2, 2, 2])
    assert tuple(res.inverse_indices.shape) == (2, 3)


_PROMOTABLE = ["bool", "int8", "int16", "int32", "int64", "uint8", "float32", "float64"]
_BINARY = ["add", "subtract", "multiply", "maximum", "minimum", "equal", "less", "not_equal"]


@given(
    st.sampled_from(_PROMOTABLE),
    st.sampled_from(_PROMOTABLE),
    st.sampled_from(_BINARY),
    st.booleans(),
)
def test_binary_promotion_matches_strict(
    xp: ModuleType, d1: str, d2: str, name: str, zero_d: bool
) -> None:
    # torch promotes a 0-d tensor like a Python scalar; the fast path for equal
    # dtypes must leave array-api-compat's fix for every other pair in place.
    kinds = {d1 == "bool", d2 == "bool"}
    if kinds == {True, False} or (name not in ("equal", "not_equal") and "bool" in (d1, d2)):
        return  # bool mixes with numbers only by value-based rules the standard leaves out
    try:
        strict.result_type(getattr(strict, d1), getattr(strict, d2))
    except TypeError:
        return  # no promotion defined (e.g. int64 with uint64 is not in this list)
    shape1 = () if zero_d else (3,)
    x1 = xp.ones(shape1, dtype=getattr(xp, d1))
    x2 = xp.ones((3,), dtype=getattr(xp, d2))
    out = getattr(xp, name)(x1, x2)
    ref = getattr(strict, name)(
        strict.ones(shape1, dtype=getattr(strict, d1)), strict.ones((3,), dtype=getattr(strict, d2))
    )
    assert str(out.dtype).rpartition(".")[2] == str(ref.dtype).rpartition(".")[2], (d1, d2, name)


def test_take_errors_name_function_and_backend(xp: ModuleType, backend: str) -> None:
    x = xp.reshape(xp.arange(6), (2, 3))
    with pytest.raises((ValueError, TypeError)):
        xp.take(x, xp.asarray([0]))
    np.testing.assert_array_equal(
        to_numpy(xp.take(x, xp.asarray([-1, 0]), axis=1)), [[2, 0], [5, 3]]
    )


@pytest.mark.parametrize("path", ["host", "autograd"])
@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
def test_torch_sqrt_is_correctly_rounded(dtype: str, path: str) -> None:
    """torch's CPU sqrt is 1 ULP off for many inputs; ember_array.torch.sqrt rounds correctly,
    on plain tensors (numpy's sqrt on their memory) and under autograd (the torch-only route,
    with the gradient)."""
    torch = pytest.importorskip("torch")
    import ember_array.torch as et

    rng = np.random.default_rng(0)
    v = np.concatenate([rng.uniform(0, 10, 20000), np.exp(rng.uniform(-80, 80, 20000))])
    if dtype == "float16":  # every finite float16 but the negative ones
        v = np.arange(0x7C01, dtype=np.uint16).view(np.float16).astype(np.float64)
    v = np.concatenate([v, [0.0, np.inf, 1e-45, 3e38] if dtype != "float16" else []]).astype(dtype)
    if dtype == "float64":
        v = np.concatenate(
            [v, [5e-324, 2.2e-308, np.finfo(v.dtype).max], np.exp(rng.uniform(-700, 700, 2000))]
        )
    t = torch.from_numpy(v)
    if path == "autograd":
        t.requires_grad_(True)
    got = et.sqrt(t)
    assert got.requires_grad == (path == "autograd")
    np.testing.assert_array_equal(got.detach().numpy(), np.sqrt(v))
    assert et.sqrt(torch.tensor([-0.0])).signbit().item()
    assert et.sqrt(torch.tensor([-1.0])).isnan().item()  # and no RuntimeWarning (errors)
    lazily_negated = torch.tensor([1 + 4j, 2 + 9j]).conj().imag  # torch's neg bit
    np.testing.assert_array_equal(et.sqrt(-lazily_negated).numpy(), [2.0, 3.0])
    assert et.sqrt(lazily_negated).isnan().all()
    sparse = et.sqrt(torch.tensor([[0.0, 4.0], [9.0, 0.0]]).to_sparse())  # no numpy view
    np.testing.assert_array_equal(sparse.to_dense().numpy(), [[0.0, 2.0], [3.0, 0.0]])
    if path == "autograd":
        got[1].backward()
        np.testing.assert_allclose(t.grad[1].item(), 0.5 / np.sqrt(float(v[1])), rtol=1e-3)


def test_torch_sqrt_on_tensors_numpy_may_not_read() -> None:
    """The host route takes plain tensors only: a subclass stays a subclass, and under
    torch.func transforms the torch route runs; the user's numpy error state is kept."""
    torch = pytest.importorskip("torch")
    import ember_array.torch as et

    class Tagged(torch.Tensor):
        pass

    v = torch.tensor([0.0, 2.0, 9.0])
    assert type(et.sqrt(v.as_subclass(Tagged))) is Tagged
    want = np.sqrt(v.numpy())
    for transform in (torch.func.vmap, torch.func.functionalize):
        np.testing.assert_array_equal(transform(et.sqrt)(v).numpy(), want)
    grad = torch.func.grad(lambda t: et.sqrt(t).sum())(v[1:])
    np.testing.assert_allclose(grad.numpy(), 0.5 / want[1:], rtol=1e-6)
    with torch.inference_mode():
        assert et.sqrt(v).is_inference()
    with np.errstate(all="raise"):  # NaN of a negative input: no FloatingPointError
        assert et.sqrt(torch.tensor([-1.0])).isnan().item()
        assert np.geterr()["invalid"] == "raise"


def test_quietly_sets_numpy_error_state_for_the_call_only() -> None:
    """:func:`ember_array._quiet.quietly` ignores numpy's floating-point errors inside the call
    and restores the caller's state after it, also when the call raises, per thread."""
    import threading

    from ember_array._quiet import quietly

    with np.errstate(all="raise"):
        assert np.isnan(quietly(np.sqrt, np.float64(-1.0)))
        with pytest.raises(KeyError):
            quietly(dict().__getitem__, "missing")
        assert np.geterr() == {
            "divide": "raise",
            "over": "raise",
            "under": "raise",
            "invalid": "raise",
        }
        seen: list[str] = []

        def elsewhere() -> None:
            seen.append(quietly(np.geterr)["invalid"])
            seen.append(np.geterr()["invalid"])  # a new thread starts from numpy's defaults

        thread = threading.Thread(target=elsewhere)
        thread.start()
        thread.join()
        assert seen == ["ignore", "warn"]
        with pytest.raises(FloatingPointError):
            np.sqrt(np.float64(-1.0))


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
def test_torch_sqrt_probe_tells_this_build(dtype: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The once-per-dtype probe of torch's own CPU sqrt agrees with a larger, independent
    sample; a build whose sqrt rounds correctly keeps torch.sqrt (its exact bits)."""
    torch = pytest.importorskip("torch")
    import ember_array.torch as et
    from ember_array.torch import _elementwise

    tdt = getattr(torch, dtype)
    word = {"float16": np.uint16, "float32": np.uint32, "float64": np.uint64}[dtype]
    real = np.dtype(dtype)
    rng = np.random.default_rng(12345)
    v = (rng.integers(1, 2 ** (8 * real.itemsize - 1), 65536, dtype=word)).view(real)
    v = v[np.isfinite(v)]
    native = torch.sqrt(torch.from_numpy(v)).numpy()
    assert _elementwise._sqrt_probe(tdt) == bool(np.array_equal(native, np.sqrt(v)))
    assert _elementwise._sqrt_probe(torch.bfloat16) is False  # no numpy dtype to probe with
    monkeypatch.setitem(_elementwise._SQRT_NATIVE, tdt, True)
    np.testing.assert_array_equal(et.sqrt(torch.from_numpy(v)).numpy(), native)


# (x1, x2) -> the sign of a zero remainder: the divisor's
def test_remainder_zero_takes_the_divisor_sign(xp: ModuleType) -> None:
    x1 = xp.asarray([0.0, -0.0, 0.0, -0.0, 6.0, -6.0], dtype=xp.float64)
    x2 = xp.asarray([-3.0, 3.0, 3.0, -3.0, -3.0, 3.0], dtype=xp.float64)
    got = to_numpy(xp.remainder(x1, x2))
    np.testing.assert_array_equal(np.signbit(got), [True, False, False, True, True, False])
    np.testing.assert_array_equal(got, 0.0)


@pytest.mark.parametrize(
    ("dtype", "big", "small"),
    [("float32", -1.4340699e38, -6.1035156e-05), ("float64", 1e300, 3e-10)],
)
def test_remainder_where_the_quotient_overflows(
    xp: ModuleType, dtype: str, big: float, small: float
) -> None:
    """torch's vectorized remainder (16+ elements) gave NaN where ``x1 / x2`` overflows; the
    remainder of finite operands is finite, as numpy computes it."""
    if dtype not in xp.__array_namespace_info__().dtypes():
        pytest.skip(f"no {dtype}")
    x1 = np.full(32, -1.0, dtype=dtype)
    x1[[3, 7]] = big, -big
    got = to_numpy(xp.remainder(xp.asarray(x1), xp.asarray(small, dtype=getattr(xp, dtype))))
    np.testing.assert_array_equal(got, np.remainder(x1, np.asarray(small, dtype=dtype)))


def test_log1p_and_acos_complex_special_cases(xp: ModuleType) -> None:
    dtype = (
        xp.complex128 if "complex128" in xp.__array_namespace_info__().dtypes() else xp.complex64
    )
    inf, nan = float("inf"), float("nan")
    got = to_numpy(
        xp.log1p(
            xp.asarray([complex(inf, nan), complex(-inf, nan), complex(nan, inf)], dtype=dtype)
        )
    )
    assert np.isposinf(got.real).all()
    assert np.isnan(got.imag).all()
    got = to_numpy(xp.log1p(xp.asarray([complex(1.5, inf), complex(-2.0, -inf)], dtype=dtype)))
    assert np.isposinf(got.real).all()
    np.testing.assert_allclose(got.imag, [np.pi / 2, -np.pi / 2], rtol=1e-6)
    got = to_numpy(xp.acos(xp.asarray([complex(0.0, 0.0), complex(-0.0, 0.0)], dtype=dtype)))
    np.testing.assert_allclose(got.real, np.pi / 2)
    assert np.signbit(got.imag).all()


def test_complex_log1p_and_acos_keep_their_accuracy_near_the_cancellations(
    xp: ModuleType,
) -> None:
    """numpy's complex log1p is log(1 + z) (the real part of log1p(1e-18+1e-18j) was lost) and
    torch's CPU complex128 acos pi/2 - asin(z) (6 ULP near z = 1): within 4 ULP of |result|
    (exact values from mpmath at 50 digits)."""
    mpmath = pytest.importorskip("mpmath")
    name = "complex128" if "complex128" in xp.__array_namespace_info__().dtypes() else "complex64"
    eps = float(np.finfo(name).eps)
    for f, mp_f, values in [
        (xp.log1p, mpmath.log1p, [1e-18 + 1e-18j, -3e-9 + 2e-5j]),
        (
            xp.acos,
            mpmath.acos,
            [1.0007146751461435 + 1.221722073307501e-4j, 0.99842526399601 - 6.65315e-5j],
        ),
    ]:
        z = np.array(values, dtype=name)
        with mpmath.workdps(50):
            want = np.array([complex(mp_f(mpmath.mpc(v.real, v.imag))) for v in z.tolist()])
        got = to_numpy(f(xp.asarray(z))).astype(np.complex128)
        assert (np.abs(got - want) <= 4 * eps * np.abs(want)).all(), (f, got, want)


def test_tanh_of_positive_infinity_takes_the_sign_of_the_imaginary_part(xp: ModuleType) -> None:
    """tanh(+inf + yj), y finite: 1 + 0j with the sign of y (C99 uses sin(2y): numpy and torch)."""
    dtype = (
        xp.complex128 if "complex128" in xp.__array_namespace_info__().dtypes() else xp.complex64
    )
    inf = float("inf")
    z = [complex(inf, 1.0), complex(inf, 2.0), complex(inf, -1.0), complex(inf, -2.0)]
    got = to_numpy(xp.tanh(xp.asarray(z, dtype=dtype)))
    np.testing.assert_array_equal(got.real, 1.0)
    np.testing.assert_array_equal(np.signbit(got.imag), [False, False, True, True])


def test_numpy_tanh_takes_numpy_out() -> None:
    """scikit-learn calls xp.tanh(K, out=K) when it sees numpy: the fix must keep the keyword."""
    import ember_array.numpy as enp

    k = np.linspace(-1.0, 1.0, 6).reshape(2, 3)
    want = np.tanh(k)
    assert enp.tanh(k, out=k) is k
    np.testing.assert_array_equal(k, want)
    z = np.array([complex(np.inf, -1.0)])
    out = np.empty_like(z)
    enp.tanh(z, out=out)
    assert np.signbit(out.imag).all()


def test_torch_irfftn_of_real_length_one_matches_numpy() -> None:
    """The off-CPU irfftn path for an output of length 1 on the real axis (CUDA gives wrong
    values there) computes numpy's irfftn, here on the CPU; tests/test_cuda.py runs it on
    the device."""
    torch = pytest.importorskip("torch")
    from ember_array.torch.fft import _irfftn_real_length_one

    rng = np.random.default_rng(5)
    for shape, axes, s in [
        ((1, 4), [-1, 0], (3, 1)),
        ((1, 5, 4), [2, 0], (4, 1)),
        ((4, 2, 4), [1, 0, 2], (1, 3, 1)),
        ((2, 5, 4), None, (3, 1)),
        ((3, 0, 2), [0, 1], (2, 1)),
    ]:
        x = rng.standard_normal(shape) + 1j * rng.standard_normal(shape)
        for norm in ("backward", "ortho", "forward"):
            got = _irfftn_real_length_one(torch.from_numpy(x), s, axes, norm)
            # axes=None with s means the last len(s) axes (the standard's rule); numpy
            # deprecates axes=None beside s, so the reference names them
            ref_axes = list(range(x.ndim - len(s), x.ndim)) if axes is None else axes
            want = np.fft.irfftn(x, s=s, axes=ref_axes, norm=norm)
            assert got.dtype == torch.float64
            assert got.shape == want.shape
            np.testing.assert_allclose(got.numpy(), want, atol=1e-12)

"""ember_array.signal: stft/istft/frame/windows on every backend.

Oracles: ``torch.stft``/``torch.istft`` in float64, ``scipy.signal.ShortTimeFFT``,
``torch.*_window`` and ``scipy.signal.get_window``; ``istft(stft(x)) == x``; the native fast path
of each backend against the pure-standard path on the same backend, and array-api-strict.
"""

from __future__ import annotations

import warnings
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ember_array import device, signal
from tests._helpers import from_numpy, to_numpy

strict = pytest.importorskip("array_api_strict")

# The oracles are optional (the nox session of one backend installs only that backend): tests
# that need one skip alone, the rest (round trips, errors, frames, windows) still run.
try:
    import torch
except ImportError:  # pragma: no cover - depends on the environment
    torch = None
try:
    import scipy.signal as scipy_signal
except ImportError:  # pragma: no cover - depends on the environment
    scipy_signal = None


def need_torch() -> Any:
    if torch is None:
        pytest.skip("torch (an oracle) is not installed")
    return torch


def need_scipy() -> Any:
    if scipy_signal is None:
        pytest.skip("scipy (an oracle) is not installed")
    return scipy_signal


# mlx computes in float32 (it has no float64 FFT); everything else runs in float64.
F32_RTOL = 2e-5
F64_RTOL = 1e-11


def real_dtype(backend: str) -> type:
    return np.float32 if backend == "mlx" else np.float64


def rtol(backend: str) -> float:
    return F32_RTOL if backend == "mlx" else F64_RTOL


def assert_close(got: Any, want: np.ndarray, tol: float) -> None:
    g = to_numpy(got)
    assert g.shape == want.shape, (g.shape, want.shape)
    scale = max(float(np.abs(want).max(initial=0.0)), 1.0)
    np.testing.assert_allclose(g, want, rtol=0, atol=tol * scale)


def torch_stft(x: np.ndarray, n_fft: int, **kw: Any) -> np.ndarray:
    """torch.stft in float64 on (..., time) (torch takes one batch dimension only)."""
    need_torch()
    window = kw.pop("window", None)
    win = kw.get("win_length") or n_fft
    tw = torch.ones(win, dtype=torch.float64) if window is None else torch.from_numpy(window)
    pad = kw.pop("pad_mode", "reflect")
    pad = {"edge": "replicate"}.get(pad, pad)
    t = torch.from_numpy(x).reshape(-1, x.shape[-1])
    out = torch.stft(t, n_fft, window=tw, pad_mode=pad, return_complex=True, **kw).numpy()
    return out.reshape(x.shape[:-1] + out.shape[-2:])


def torch_istft(spec: np.ndarray, n_fft: int, **kw: Any) -> np.ndarray:
    need_torch()
    window = kw.pop("window", None)
    win = kw.get("win_length") or n_fft
    tw = torch.ones(win, dtype=torch.float64) if window is None else torch.from_numpy(window)
    s = torch.from_numpy(spec).reshape(-1, *spec.shape[-2:])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = torch.istft(s, n_fft, window=tw, **kw).numpy()
    return out.reshape(spec.shape[:-2] + out.shape[-1:])


def hann(n: int) -> np.ndarray:
    """Periodic Hann window, written out (an oracle independent of torch and scipy)."""
    return 0.5 - 0.5 * np.cos(2.0 * np.pi * np.arange(n) / n)


# --------------------------------------------------------------------------------------------
# stft


STFT_CASES = [
    # (batch, time, n_fft, hop, win_length, window, center, pad_mode, normalized)
    ((), 100, 16, 4, None, "hann", True, "reflect", False),
    ((2, 3), 101, 17, 5, None, "hann", True, "constant", True),
    ((3,), 64, 16, 3, 12, "hann", True, "edge", False),
    ((3,), 64, 16, 16, None, None, False, "reflect", False),
    ((2,), 50, 15, 4, 10, None, True, "reflect", True),
    ((), 9, 16, 4, None, "hann", True, "constant", False),  # signal shorter than n_fft
]


@pytest.mark.parametrize("case", STFT_CASES, ids=lambda c: f"{c[1]}-{c[2]}-{c[3]}-{c[7]}")
def test_stft_matches_torch_float64(backend: str, case: tuple) -> None:
    batch, n, n_fft, hop, win, wname, center, pad_mode, normalized = case
    rng = np.random.default_rng(0)
    x = rng.standard_normal((*batch, n))
    w = hann(win or n_fft) if wname else None
    want = torch_stft(
        x, n_fft, hop_length=hop, win_length=win, window=w, center=center,
        pad_mode=pad_mode, normalized=normalized,
    )  # fmt: skip
    dt = real_dtype(backend)
    got = signal.stft(
        from_numpy(backend, x.astype(dt)), n_fft, hop_length=hop, win_length=win,
        window=None if w is None else from_numpy(backend, w.astype(dt)), center=center,
        pad_mode=pad_mode, normalized=normalized,
    )  # fmt: skip
    assert to_numpy(got).dtype == (np.complex64 if backend == "mlx" else np.complex128)
    assert_close(got, want, rtol(backend))


@st.composite
def stft_configs(draw: st.DrawFn) -> dict[str, Any]:
    n_fft = draw(st.integers(2, 48))
    win = draw(st.integers(1, n_fft))
    center = draw(st.booleans())
    pad_mode = draw(st.sampled_from(["reflect", "constant", "edge"]))
    low = n_fft // 2 + 1 if center and pad_mode == "reflect" else (1 if center else n_fft)
    return {
        "n": draw(st.integers(max(low, 1), 160)),
        "batch": draw(st.sampled_from([(), (2,), (1, 2)])),
        "n_fft": n_fft,
        "hop": draw(st.integers(1, n_fft)),
        "win": win,
        "center": center,
        "pad_mode": pad_mode,
        "normalized": draw(st.booleans()),
        "seed": draw(st.integers(0, 2**16)),
    }


@given(cfg=stft_configs())
def test_stft_and_istft_match_torch_hypothesis(backend: str, cfg: dict[str, Any]) -> None:
    need_torch()
    rng = np.random.default_rng(cfg["seed"])
    x = rng.standard_normal((*cfg["batch"], cfg["n"]))
    n_fft, hop, win = cfg["n_fft"], cfg["hop"], cfg["win"]
    w = rng.uniform(0.5, 1.5, win)  # never vanishes: NOLA holds wherever frames reach
    kw = {"hop_length": hop, "win_length": win, "center": cfg["center"]}
    kw["normalized"] = cfg["normalized"]
    want = torch_stft(x, n_fft, window=w, pad_mode=cfg["pad_mode"], **kw)
    dt = real_dtype(backend)
    wb = from_numpy(backend, w.astype(dt))
    got = signal.stft(
        from_numpy(backend, x.astype(dt)), n_fft, window=wb, pad_mode=cfg["pad_mode"], **kw
    )
    assert_close(got, want, rtol(backend))
    if hop > win:
        return  # istft needs hop_length <= win_length (torch's rule)
    try:
        want_y = torch_istft(want, n_fft, window=w, **kw)
    except RuntimeError as exc:
        if "window overlap add min" not in str(exc):
            # torch.istft fails on an empty output ("min(): Expected reduction dim"); ember
            # returns the empty signal
            assert to_numpy(signal.istft(got, n_fft, window=wb, **kw)).shape == (*cfg["batch"], 0)
            return
        # torch: NOLA fails (a window shorter than n_fft leaves zeros at the ends)
        if backend == "mlx":  # documented: NaN where the condition fails, nothing evaluated
            assert np.isnan(to_numpy(signal.istft(got, n_fft, window=wb, **kw))).any()
        else:
            with pytest.raises(ValueError, match="NOLA"):
                signal.istft(got, n_fft, window=wb, **kw)
        return
    assert_close(signal.istft(got, n_fft, window=wb, **kw), want_y, rtol(backend) * 10)


@pytest.mark.parametrize("pad_mode", ["reflect", "constant", "edge"])
def test_stft_complex_two_sided_matches_torch(backend: str, pad_mode: str) -> None:
    rng = np.random.default_rng(1)
    x = rng.standard_normal((2, 80)) + 1j * rng.standard_normal((2, 80))
    w = hann(16)
    want = torch_stft(x, 16, hop_length=5, window=w, pad_mode=pad_mode)
    cdt = np.complex64 if backend == "mlx" else np.complex128
    got = signal.stft(
        from_numpy(backend, x.astype(cdt)), 16, 5,
        window=from_numpy(backend, w.astype(real_dtype(backend))), pad_mode=pad_mode,
    )  # fmt: skip
    assert to_numpy(got).shape == (2, 16, 17)
    assert_close(got, want, rtol(backend))
    # real input, onesided=False: the full spectrum
    xr = x.real
    want = torch_stft(xr, 16, hop_length=5, window=w, onesided=False)
    got = signal.stft(
        from_numpy(backend, xr.astype(real_dtype(backend))), 16, 5,
        window=from_numpy(backend, w.astype(real_dtype(backend))), onesided=False,
    )  # fmt: skip
    assert_close(got, want, rtol(backend))


@pytest.mark.parametrize(("pad_mode", "scipy_padding"), [
    ("constant", "zeros"), ("reflect", "even"), ("edge", "edge"),
])  # fmt: skip
@pytest.mark.parametrize("n_fft", [16, 17])
def test_stft_matches_scipy_shorttimefft(
    backend: str, pad_mode: str, scipy_padding: str, n_fft: int
) -> None:
    # ShortTimeFFT slices are centred on p * hop (like center=True); phase_shift=None keeps
    # each slice's own time origin, as torch does.
    rng = np.random.default_rng(2)
    x = rng.standard_normal((2, 200))
    w, hop = hann(n_fft), 7
    dt = real_dtype(backend)
    got = signal.stft(
        from_numpy(backend, x.astype(dt)), n_fft, hop, window=from_numpy(backend, w.astype(dt)),
        pad_mode=pad_mode,
    )  # fmt: skip
    sft = need_scipy().ShortTimeFFT(w, hop, fs=1.0, mfft=n_fft, phase_shift=None)
    want = sft.stft(x, p0=0, p1=to_numpy(got).shape[-1], padding=scipy_padding)
    assert_close(got, want, rtol(backend))


def test_stft_default_window_and_hop_are_torchs(backend: str) -> None:
    x = np.random.default_rng(3).standard_normal(64)
    got = signal.stft(from_numpy(backend, x.astype(real_dtype(backend))), 16)
    assert_close(got, torch_stft(x, 16, hop_length=4), rtol(backend))


def test_stft_return_complex_false_is_view_as_real(backend: str) -> None:
    x = np.random.default_rng(4).standard_normal((2, 64)).astype(real_dtype(backend))
    xb = from_numpy(backend, x)
    c = to_numpy(signal.stft(xb, 16, 4))
    r = to_numpy(signal.stft(xb, 16, 4, return_complex=False))
    assert r.shape == (*c.shape, 2)
    assert r.dtype == c.real.dtype
    np.testing.assert_array_equal(r[..., 0], c.real)
    np.testing.assert_array_equal(r[..., 1], c.imag)


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
def test_stft_dtypes(backend: str, dtype: str) -> None:
    x = np.random.default_rng(5).standard_normal(40).astype(dtype)
    out_dtype = {"float32": "complex64", "float64": "complex128"}.get(dtype, dtype)
    if backend == "mlx" and dtype == "complex128":
        pytest.skip("mlx has no complex128 array to pass")
    if backend == "mlx" and out_dtype == "complex128":
        with pytest.raises(TypeError, match=r"stft \[mlx\].*(complex128|float64)"):
            signal.stft(from_numpy(backend, x), 16)
        return
    xb = from_numpy(backend, x)
    out = to_numpy(signal.stft(xb, 16))
    assert out.dtype == np.dtype(out_dtype)
    # a float64 window does not change the precision of float32 input (torch's rule)
    w = from_numpy(backend, np.ones(16))
    if backend != "mlx":
        assert to_numpy(signal.stft(xb, 16, window=w)).dtype == np.dtype(out_dtype)


# --------------------------------------------------------------------------------------------
# istft


ISTFT_CASES = [
    # (batch, time, n_fft, hop, win_length, center, normalized, length)
    ((), 100, 16, 4, None, True, False, None),
    ((2, 3), 101, 17, 5, None, True, True, 101),
    ((3,), 64, 16, 3, 12, True, False, 50),
    ((2,), 80, 16, 4, None, False, False, None),
    ((2,), 80, 16, 4, None, True, False, 200),  # zero-padded past the signal
]


@pytest.mark.parametrize("case", ISTFT_CASES, ids=lambda c: f"{c[1]}-{c[2]}-{c[3]}-{c[7]}")
def test_istft_matches_torch_float64(backend: str, case: tuple) -> None:
    batch, n, n_fft, hop, win, center, normalized, length = case
    rng = np.random.default_rng(6)
    # a window that never vanishes, so that every length passes the NOLA check
    w = hann(win or n_fft) + 0.1
    kw = {"hop_length": hop, "win_length": win, "center": center, "normalized": normalized}
    spec = torch_stft(rng.standard_normal((*batch, n)), n_fft, window=w, **kw)
    spec = spec + 0.01 * rng.standard_normal(spec.shape)  # not the STFT of any signal
    want = torch_istft(spec, n_fft, window=w, length=length, **kw)
    cdt = np.complex64 if backend == "mlx" else np.complex128
    got = signal.istft(
        from_numpy(backend, spec.astype(cdt)), n_fft,
        window=from_numpy(backend, w.astype(real_dtype(backend))), length=length, **kw,
    )  # fmt: skip
    assert to_numpy(got).dtype == real_dtype(backend)
    assert_close(got, want, rtol(backend))


@pytest.mark.parametrize("return_complex", [False, True])
def test_istft_two_sided_matches_torch(backend: str, return_complex: bool) -> None:
    # a non-Hermitian two-sided spectrum: torch's rule (return_complex=False) is irfft of the
    # first half, mx.fft.istft's own is real(ifft); ember follows torch everywhere.
    rng = np.random.default_rng(7)
    spec = rng.standard_normal((2, 16, 9)) + 1j * rng.standard_normal((2, 16, 9))
    w = hann(16) + 0.1
    want = torch_istft(
        spec, 16, hop_length=4, window=w, onesided=False, return_complex=return_complex
    )
    cdt = np.complex64 if backend == "mlx" else np.complex128
    got = signal.istft(
        from_numpy(backend, spec.astype(cdt)), 16, 4,
        window=from_numpy(backend, w.astype(real_dtype(backend))), return_complex=return_complex,
    )  # fmt: skip
    assert (to_numpy(got).dtype.kind == "c") == return_complex
    assert_close(got, want, rtol(backend))


@given(
    n=st.integers(40, 300),
    n_fft=st.sampled_from([8, 15, 16, 32]),
    hop_div=st.sampled_from([1, 2, 3, 4]),
    center=st.booleans(),
    batch=st.sampled_from([(), (2,), (2, 2)]),
    window=st.sampled_from(["hann", "hamming", "blackman", "ones"]),
)
def test_round_trip(backend: str, n, n_fft, hop_div, center, batch, window) -> None:
    hop = max(1, n_fft // hop_div)
    if window in ("hann", "blackman"):
        # these windows vanish at the frame edges: they need overlap (and centring, since the
        # first sample only ever sits at a frame edge without it), else NOLA fails as in torch
        hop = max(1, min(hop, n_fft // 3))
        if not center:
            window = "hamming"
    dt = real_dtype(backend)
    x = np.random.default_rng(n).standard_normal((*batch, n)).astype(dt)
    # the window functions' default dtype (torch: float32) is cast to x's precision
    xb = from_numpy(backend, x)
    w = (
        None
        if window == "ones"
        else getattr(signal, f"{window}_window")(n_fft, xp=backend, device=device(xb))
    )
    spec = signal.stft(xb, n_fft, hop, window=w, center=center)
    y = signal.istft(spec, n_fft, hop, window=w, center=center, length=n)
    got = to_numpy(y)
    assert got.shape == x.shape
    assert got.dtype == x.dtype
    # the frames cover the (padded) signal up to the last full frame; istft zero-fills the rest
    n_frames = to_numpy(spec).shape[-1]
    covered = n_fft + hop * (n_frames - 1) - (n_fft // 2 if center else 0)
    atol = 1e-4 if dt == np.float32 else 1e-10
    np.testing.assert_allclose(got[..., :covered], x[..., :covered], atol=atol)
    np.testing.assert_array_equal(got[..., covered:], 0)


def test_istft_nola_failure_raises(backend: str) -> None:
    # periodic Hann hopped by n_fft without centring: the envelope is 0 at every frame start
    x = np.random.default_rng(8).standard_normal(64).astype(real_dtype(backend))
    xb = from_numpy(backend, x)
    w = signal.hann_window(16, xp=backend, dtype=xb.dtype, device=device(xb))
    spec = signal.stft(xb, 16, 16, window=w, center=False)
    if backend == "mlx":
        # documented: mlx cannot read a window's values without evaluating it, so the samples
        # that fail the condition are NaN (mx.fft.istft alone silently gives 0 there)
        y = to_numpy(signal.istft(spec, 16, 16, window=w, center=False))
        assert np.isnan(y[::16]).all()
        assert not np.isnan(y[1:16]).any()
    else:
        # torch's own RuntimeError becomes the same ValueError as elsewhere
        with pytest.raises(ValueError, match=rf"istft \[{backend}\]: .*NOLA"):
            signal.istft(spec, 16, 16, window=w, center=False)
    # window=None is ones: checked statically on every backend, mlx included
    rect = signal.stft(from_numpy(backend, x), 16, 4, win_length=8, center=False)
    with pytest.raises(ValueError, match="NOLA"):
        signal.istft(rect, 16, 4, win_length=8, center=False)


def test_istft_nola_on_array_api_strict() -> None:
    x = strict.asarray(np.random.default_rng(9).standard_normal(64))
    w = signal.hann_window(16, xp=strict, dtype=strict.float64)
    spec = signal.stft(x, 16, 16, window=w, center=False)
    with pytest.raises(ValueError, match=r"istft \[array_api_strict\].*NOLA"):
        signal.istft(spec, 16, 16, window=w, center=False)


# --------------------------------------------------------------------------------------------
# cross-backend agreement and the pure-standard path


def test_backends_agree_in_float32(backend: str) -> None:
    rng = np.random.default_rng(10)
    x = rng.standard_normal((2, 500)).astype(np.float32)
    w = hann(64).astype(np.float32)
    ref = signal.stft(x, 64, 16, window=w)  # numpy
    got = signal.stft(from_numpy(backend, x), 64, 16, window=from_numpy(backend, w))
    assert to_numpy(got).dtype == np.complex64
    assert_close(got, ref.astype(np.complex128), 2e-5)
    y = signal.istft(got, 64, 16, window=from_numpy(backend, w), length=500)
    assert to_numpy(y).dtype == np.float32
    np.testing.assert_allclose(to_numpy(y), x, atol=1e-4)


@pytest.mark.parametrize(
    ("center", "pad_mode", "onesided", "win"),
    [(True, "reflect", True, None), (True, "edge", False, 12), (False, "constant", True, None)],
)
def test_generic_path_equals_native_path(
    backend: str, xp: ModuleType, center: bool, pad_mode: str, onesided: bool, win: int | None
) -> None:
    """The pure-standard implementation, run over ember's namespace of each backend."""
    rng = np.random.default_rng(11)
    dt = real_dtype(backend)
    x = from_numpy(backend, rng.standard_normal((2, 3, 90)).astype(dt))
    w = from_numpy(backend, (hann(win or 16) + 0.1).astype(dt))  # no NOLA failure uncentred
    rdt = xp.float32 if backend == "mlx" else xp.float64
    norm = "backward"
    native = signal.stft(x, 16, 5, win or 16, w, center, pad_mode, onesided=onesided)
    n_frames = to_numpy(native).shape[-1]
    # the checked arguments the paths take, written out
    shared = {"backend": backend, "n_fft": 16, "hop": 5, "win": win or 16, "center": center}
    shared |= {"norm": norm, "onesided": onesided, "real_dtype": rdt, "n_frames": n_frames}
    stft_args = signal._checks.StftArgs(**shared, return_complex=True, pad_mode=pad_mode)
    generic = signal._stft.stft_generic(xp, x, w, stft_args)
    assert_close(generic, to_numpy(native), rtol(backend))
    length = 90 if center else None
    y_native = signal.istft(native, 16, 5, win or 16, w, center, onesided=onesided, length=length)
    total = 16 + 5 * (n_frames - 1)
    start = 8 if center else 0
    end = start + 90 if center else total
    istft_args = signal._checks.IstftArgs(
        **shared, return_complex=False, length=length, total=total, start=start, end=end
    )
    y_generic = signal._istft.istft_generic(xp, native, w, istft_args, lazy_nola=backend == "mlx")
    assert_close(y_generic, to_numpy(y_native), rtol(backend))


@pytest.mark.parametrize("pad_mode", ["reflect", "constant", "edge"])
def test_array_api_strict_matches_torch(pad_mode: str) -> None:
    rng = np.random.default_rng(12)
    x = rng.standard_normal((2, 3, 70))
    w = hann(12)
    want = torch_stft(x, 16, hop_length=5, win_length=12, window=w, pad_mode=pad_mode)
    got = signal.stft(strict.asarray(x), 16, 5, 12, strict.asarray(w), pad_mode=pad_mode)
    assert got.dtype == strict.complex128
    assert_close(got, want, F64_RTOL)
    xc = x + 1j * x[..., ::-1]
    got = signal.stft(strict.asarray(xc), 16, 5, window=strict.asarray(hann(16)))
    assert_close(got, torch_stft(xc, 16, hop_length=5, window=hann(16)), F64_RTOL)


@pytest.mark.parametrize("pad_mode", ["reflect", "constant", "edge"])
def test_array_api_strict_round_trip(pad_mode: str) -> None:
    rng = np.random.default_rng(12)
    x = rng.standard_normal((2, 3, 70))
    w = strict.asarray(hann(12))
    spec = signal.stft(strict.asarray(x), 16, 5, 12, w, pad_mode=pad_mode)
    assert spec.dtype == strict.complex128
    assert tuple(spec.shape) == (2, 3, 9, 15)
    assert_close(signal.istft(spec, 16, 5, 12, w, length=70), x, 1e-10)
    # complex signal, two-sided, complex output
    xc = x + 1j * x[..., ::-1]
    w = strict.asarray(hann(16))
    spec = signal.stft(strict.asarray(xc), 16, 5, window=w, pad_mode=pad_mode)
    assert tuple(spec.shape) == (2, 3, 16, 15)
    y = signal.istft(spec, 16, 5, window=w, return_complex=True, length=70)
    assert_close(y, xc, 1e-10)


# --------------------------------------------------------------------------------------------
# errors


def _signal(backend: str, n: int = 40, dtype: str | None = None) -> Any:
    return from_numpy(backend, np.ones(n, dtype=dtype or real_dtype(backend)))


def test_reflect_padding_longer_than_signal_raises(backend: str) -> None:
    # torch raises; mx.fft.stft would silently return a frame
    with pytest.raises(ValueError, match=rf"stft \[{backend}\]: reflect padding of .* 8 .* got 5"):
        signal.stft(_signal(backend, 5), 16)
    with pytest.raises(ValueError, match="reflect"):
        signal.stft(_signal(backend, 8), 16)
    # the other modes pad anything
    assert to_numpy(signal.stft(_signal(backend, 5), 16, pad_mode="constant")).shape == (9, 2)
    assert to_numpy(signal.stft(_signal(backend, 5), 16, pad_mode="edge")).shape == (9, 2)


@pytest.mark.parametrize(
    ("kwargs", "exc", "match"),
    [
        ({"n_fft": 64, "center": False}, ValueError, r"n_fft=64 is longer than the signal \(40"),
        ({"n_fft": 16, "hop_length": 0}, ValueError, "hop_length must be >= 1, got 0"),
        ({"n_fft": 16, "hop_length": -3}, ValueError, "hop_length must be >= 1, got -3"),
        ({"n_fft": 16, "hop_length": 2.0}, TypeError, "hop_length must be an int"),
        ({"n_fft": 0}, ValueError, "n_fft must be >= 1, got 0"),
        ({"n_fft": 2}, ValueError, "hop_length defaults to n_fft // 4 = 0"),
        ({"n_fft": 16, "win_length": 20}, ValueError, "win_length must be <= n_fft=16, got 20"),
        ({"n_fft": 16, "pad_mode": "replicate"}, ValueError, "pad_mode must be one of.*edge"),
        ({"n_fft": 16, "onesided": "yes"}, TypeError, "onesided must be a bool"),
    ],
)
def test_stft_bad_arguments(backend: str, kwargs: dict, exc: type, match: str) -> None:
    with pytest.raises(exc, match=rf"stft \[{backend}\]: {match}"):
        signal.stft(_signal(backend), **kwargs)


def test_stft_bad_window_and_dtype(backend: str) -> None:
    x = _signal(backend)
    with pytest.raises(ValueError, match=r"window must be 1-d of length win_length=16, got shape"):
        signal.stft(x, 16, window=_signal(backend, 12))
    with pytest.raises(ValueError, match=r"win_length=12, got shape \(16,\)"):
        signal.stft(x, 16, win_length=12, window=_signal(backend, 16))
    with pytest.raises(TypeError, match=rf"stft \[{backend}\]: x must have dtype .* got .*int32"):
        signal.stft(_signal(backend, 40, "int32"), 16)
    with pytest.raises(TypeError, match="window must have a real floating dtype"):
        signal.stft(x, 16, window=_signal(backend, 16, "int32"))
    with pytest.raises(ValueError, match="onesided=True needs real input"):
        signal.stft(_signal(backend, 40, "complex64"), 16, onesided=True)
    with pytest.raises(ValueError, match="at least one dimension"):
        signal.stft(from_numpy(backend, np.ones((), dtype=real_dtype(backend))), 16)
    with pytest.raises(TypeError, match=r"stft: namespace.*cannot be mixed"):
        signal.stft(x, 16, window=strict.ones(16))


def test_istft_bad_arguments(backend: str) -> None:
    spec = signal.stft(_signal(backend, 64), 16, 4)
    with pytest.raises(TypeError, match=rf"istft \[{backend}\]: spec must be complex"):
        signal.istft(_signal(backend, 64).reshape(8, 8), 16)
    with pytest.raises(ValueError, match="onesided spec for n_fft=32 needs 17 frequencies"):
        signal.istft(spec, 32)
    with pytest.raises(ValueError, match="two-sided spec for n_fft=16 needs 16"):
        signal.istft(spec, 16, onesided=False)
    with pytest.raises(ValueError, match="hop_length must be <= win_length=8, got 10"):
        signal.istft(spec, 16, 10, 8)
    with pytest.raises(ValueError, match="return_complex=True needs a two-sided"):
        signal.istft(spec, 16, return_complex=True)
    with pytest.raises(ValueError, match="length must be >= 0"):
        signal.istft(spec, 16, length=-1)
    with pytest.raises(ValueError, match=r"shape \(\.\.\., n_freqs, n_frames\)"):
        signal.istft(to_numpy(spec)[0, 0:1].astype(np.complex64), 16)


# --------------------------------------------------------------------------------------------
# frame


@pytest.mark.parametrize(
    ("shape", "axis"), [((30,), -1), ((2, 30), -1), ((30, 3), 0), ((2, 30, 3), 1)]
)
def test_frame_matches_numpy_reference(backend: str, shape: tuple, axis: int) -> None:
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    ax = axis % len(shape)
    n = shape[ax]
    starts = range(0, n - 7 + 1, 4)
    frames = [np.take(x, np.arange(s, s + 7), axis=ax) for s in starts]
    want = np.moveaxis(np.stack(frames, axis=ax), ax + 1, -1)
    got = signal.frame(from_numpy(backend, x), 7, 4, axis=axis)
    assert to_numpy(got).shape == (*shape[:ax], len(frames), *shape[ax + 1 :], 7)
    np.testing.assert_array_equal(to_numpy(got), want)
    if backend != "strict":
        generic = signal._frame.frame_generic(
            __import__(f"ember_array.{backend}", fromlist=["x"]), from_numpy(backend, x), 7, 4, ax
        )
        np.testing.assert_array_equal(to_numpy(generic), want)


def test_frame_on_array_api_strict_and_integers() -> None:
    x = np.arange(24, dtype=np.int64).reshape(2, 12)
    got = signal.frame(strict.asarray(x), 5, 3)
    np.testing.assert_array_equal(
        to_numpy(got), np.lib.stride_tricks.sliding_window_view(x, 5, axis=-1)[:, ::3]
    )


def test_frame_errors(backend: str) -> None:
    x = _signal(backend, 10)
    with pytest.raises(ValueError, match=rf"frame \[{backend}\]: frame_length=11 is longer"):
        signal.frame(x, 11, 1)
    with pytest.raises(ValueError, match="hop_length must be >= 1, got 0"):
        signal.frame(x, 4, 0)
    with pytest.raises(ValueError, match="axis 1 is out of range"):
        signal.frame(x, 4, 1, axis=1)


# --------------------------------------------------------------------------------------------
# windows


# name: (scipy name, the definition written out in float64; period = n or n - 1)
WINDOWS = {
    "hann_window": ("hann", lambda k, period: 0.5 - 0.5 * np.cos(2 * np.pi * k / period)),
    "hamming_window": ("hamming", lambda k, period: 0.54 - 0.46 * np.cos(2 * np.pi * k / period)),
    "blackman_window": (
        "blackman",
        lambda k, period: (
            0.42 - 0.5 * np.cos(2 * np.pi * k / period) + 0.08 * np.cos(4 * np.pi * k / period)
        ),
    ),
}


@pytest.mark.parametrize("name", sorted(WINDOWS))
@pytest.mark.parametrize("periodic", [True, False])
def test_windows_match_their_definition_torch_and_scipy(
    backend: str, name: str, periodic: bool
) -> None:
    scipy_name, formula = WINDOWS[name]
    fn = getattr(signal, name)
    ns = __import__(f"ember_array.{backend}", fromlist=["x"])
    for n in (0, 1, 2, 5, 16, 17, 512):
        k = np.arange(n)
        want = formula(k, n if periodic else n - 1) if n > 1 else np.ones(n)
        refs = [want]
        if torch is not None:
            torch_fn = getattr(torch, name)
            refs.append(torch_fn(n, periodic=periodic, dtype=torch.float64).numpy())
        if scipy_signal is not None and n > 1:
            refs.append(scipy_signal.get_window(scipy_name, n, fftbins=periodic))
        for dtype, tol in (("float32", 1e-6), ("float64", 1e-12)):
            if backend == "mlx" and dtype == "float64":
                continue
            got = to_numpy(fn(n, periodic=periodic, dtype=getattr(ns, dtype), xp=backend))
            assert got.dtype == np.dtype(dtype)
            assert got.shape == (n,)
            for ref in refs:
                np.testing.assert_allclose(got, ref, rtol=0, atol=tol)


def test_window_xp_forms_and_defaults() -> None:
    import ember_array.numpy

    ref = hann(8)
    np.testing.assert_allclose(signal.hann_window(8), ref)  # default: numpy, float64
    assert signal.hann_window(8).dtype == np.float64
    assert signal.hann_window(8, xp=np).dtype == np.float64
    assert signal.hann_window(8, xp=ember_array.numpy).dtype == np.float64
    s = signal.blackman_window(9, periodic=False, xp=strict)
    assert s.dtype == strict.float64
    ref = WINDOWS["blackman_window"][1](np.arange(9), 8)
    np.testing.assert_allclose(to_numpy(s), ref, atol=1e-12)
    with pytest.raises(ValueError, match="unknown backend"):
        signal.hann_window(8, xp="jax")
    with pytest.raises(TypeError, match="xp must be a namespace module, a backend name"):
        signal.hann_window(8, xp=3)
    with pytest.raises(TypeError, match=r"hann_window \[numpy\]: dtype must be a real floating"):
        signal.hann_window(8, dtype=np.int32)
    with pytest.raises(ValueError, match="n must be >= 0, got -1"):
        signal.hamming_window(-1)


def test_window_xp_forms_torch() -> None:
    torch = need_torch()
    import ember_array.torch

    t = signal.hann_window(8, xp=torch)
    assert isinstance(t, torch.Tensor)
    assert t.dtype == torch.get_default_dtype()
    t = signal.hann_window(8, xp=ember_array.torch, device="cpu", dtype=torch.float64)
    assert t.device.type == "cpu"
    np.testing.assert_allclose(t.numpy(), hann(8), atol=1e-15)


# --------------------------------------------------------------------------------------------
# mlx: nothing is evaluated


def test_mlx_stays_lazy(backend: str) -> None:
    if backend != "mlx":
        pytest.skip("mlx only")
    import mlx.core as mx

    def run(x: Any) -> Any:
        w = signal.hann_window(32, xp=mx)
        spec = signal.stft(x, 32, 8, window=w)
        y = signal.istft(spec, 32, 8, window=w, length=200)
        y2 = signal.istft(spec, 32, 8, length=200)  # window=None: static NOLA check
        y3 = signal.istft(
            signal.stft(x, 32, 8, window=w, onesided=False), 32, 8, window=w,
            return_complex=True, length=200,
        )  # fmt: skip
        f = signal.frame(x, 16, 4)
        return y + y2 + mx.real(y3) + f.sum() + signal.blackman_window(200, xp="mlx")

    x = mx.array(np.random.default_rng(13).standard_normal(200).astype(np.float32))
    # mx.compile raises on any evaluation while tracing (as tests/mlx/test_lazy.py relies on)
    compiled = mx.compile(run)(x)
    assert compiled.shape == (200,)
    with pytest.raises(ValueError, match="eval"):
        mx.compile(lambda a: a + a.sum().item())(x)


def test_numpy_fft_fallback_without_scipy(monkeypatch: pytest.MonkeyPatch) -> None:
    """numpy's path uses scipy.fft when installed; plain numpy.fft gives the same results."""
    rng = np.random.default_rng(14)
    x = rng.standard_normal((2, 300))
    w = hann(32)
    with_scipy = signal.stft(x, 32, 8, window=w)
    two_sided = signal.stft(x, 32, 8, window=w, onesided=False)
    monkeypatch.setattr(signal._blocks, "_FFT_MODULE", [np.fft])
    np.testing.assert_allclose(signal.stft(x, 32, 8, window=w), with_scipy, atol=1e-12)
    np.testing.assert_allclose(
        signal.stft(x, 32, 8, window=w, onesided=False), two_sided, atol=1e-12
    )
    y = signal.istft(with_scipy, 32, 8, window=w, length=300)
    np.testing.assert_allclose(y, x, atol=1e-12)


def test_mlx_complex_output_path_marks_nola_nan(backend: str) -> None:
    if backend != "mlx":
        pytest.skip("mlx only")
    import mlx.core as mx

    x = np.random.default_rng(15).standard_normal(64) * (1 + 0.5j)
    spec = signal.stft(mx.array(x.astype(np.complex64)), 16, 16, center=False)
    w = signal.hann_window(16, xp="mlx")
    y = to_numpy(signal.istft(spec, 16, 16, window=w, center=False, return_complex=True))
    assert np.isnan(y[::16]).all()
    # window=None (ones) is checked statically, so this raises as on other backends
    rect = signal.stft(mx.array(x.astype(np.complex64)), 16, 4, win_length=8, center=False)
    with pytest.raises(ValueError, match=r"istft \[mlx\].*NOLA"):
        signal.istft(rect, 16, 4, win_length=8, center=False, return_complex=True)


def test_docs_example_runs() -> None:
    """The python blocks of docs/guides/signal.md run (every installed backend) and their
    asserts hold."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "guides" / "signal.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/guides/signal.md", "exec"), {"__name__": "docs_signal"})


def test_empty_batches_and_signals(backend: str) -> None:
    # torch.stft rejects an empty batch, mx.fft.stft an empty signal: same answer everywhere
    dt = real_dtype(backend)
    empty_batch = from_numpy(backend, np.zeros((0, 3, 40), dtype=dt))
    spec = signal.stft(empty_batch, 16)
    assert tuple(spec.shape) == (0, 3, 9, 11)
    assert tuple(signal.istft(spec, 16, length=40).shape) == (0, 3, 40)
    empty_signal = from_numpy(backend, np.zeros((2, 0), dtype=dt))
    spec = signal.stft(empty_signal, 16, pad_mode="constant")
    np.testing.assert_array_equal(to_numpy(spec), np.zeros((2, 9, 1)))
    assert tuple(signal.istft(spec, 16, length=0).shape) == (2, 0)
    assert tuple(signal.frame(empty_batch, 8, 4).shape) == (0, 3, 9, 8)


def test_module_doctest() -> None:
    import doctest

    assert doctest.testmod(signal, raise_on_error=True).attempted >= 4


def test_frame_of_non_contiguous_input(backend: str, xp: ModuleType) -> None:
    # mx.as_strided reads its input as if row-contiguous; a transposed or sliced input must
    # still give the right frames (and torch's unfold / numpy's view keep the strides)
    a = np.arange(60, dtype=np.float32).reshape(6, 10)
    x = xp.permute_dims(from_numpy(backend, a), (1, 0))[:, 1:5]  # (10, 4), not contiguous
    want = np.lib.stride_tricks.sliding_window_view(a.T[:, 1:5], 4, axis=0)[::2]
    np.testing.assert_array_equal(to_numpy(signal.frame(x, 4, 2, axis=0)), want)


def test_stft_checks_are_reused_only_for_the_same_arguments() -> None:
    """A checked stft call is remembered per dtype, shape and plain argument; a bool where an
    int is expected (``True == 1``) or another signal length is checked again."""
    x = np.zeros(64, dtype=np.float32)
    for _ in range(2):
        assert signal.stft(x, 16, 1, center=False).shape == (9, 49)
        with pytest.raises(TypeError, match="hop_length must be an int"):
            signal.stft(x, 16, True, center=False)
    assert signal.stft(x[:32], 16, 1, center=False).shape == (9, 17)
    with pytest.raises(ValueError, match="n_fft=16 is longer"):
        signal.stft(x[:8], 16, 1, center=False)

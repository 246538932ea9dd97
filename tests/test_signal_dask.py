"""ember_array.signal on dask arrays: blockwise stft/istft/frame equal to the numpy backend.

Oracle: the numpy backend on the same (computed) data, with every chunking of the time or frame
axis: one chunk, many, chunks smaller than ``n_fft``, uneven. Also: ``istft(stft(x)) == x``,
graphs of ``O(chunks)`` tasks, and nothing computed while a graph is built (every graph is
built under a scheduler that raises).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ember_array import signal
from tests._helpers import no_compute

da = pytest.importorskip("dask.array")
dask = pytest.importorskip("dask")
dxp = pytest.importorskip("array_api_compat.dask.array")


def build(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)``, with computing forbidden while it runs."""
    with no_compute():
        return fn(*args, **kwargs)


def n_tasks(a: Any) -> int:
    return len(a.__dask_graph__())


# time-axis chunkings of a 2000-sample signal: one chunk, many, smaller than n_fft (64 below),
# uneven (with one-sample and empty-ish slivers)
CHUNKINGS = {
    "one": (2000,),
    "many": (250,) * 8,
    "smaller_than_n_fft": (40,) * 50,
    "uneven": (1, 999, 7, 500, 33, 460),
    "tiny": (3,) * 666 + (2,),
}
N = 2000


def signal_np(dtype: Any = np.float64, batch: tuple[int, ...] = (), seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((*batch, N))
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal((*batch, N))
    return x.astype(dtype)


def as_dask(x: np.ndarray, time_chunks: tuple[int, ...], batch_chunk: int = 1) -> Any:
    return da.from_array(x, chunks=(*(batch_chunk,) * (x.ndim - 1), time_chunks))


def tol(dtype: Any) -> dict[str, float]:
    single = np.dtype(dtype) in (np.float32, np.complex64)
    return {"rtol": 1e-5, "atol": 1e-5} if single else {"rtol": 1e-12, "atol": 1e-12}


def assert_same(got: Any, ref: np.ndarray, **kw: float) -> None:
    assert isinstance(got, da.Array)
    assert got.shape == ref.shape
    assert got.dtype == ref.dtype
    value = got.compute()
    assert value.shape == ref.shape
    assert value.dtype == ref.dtype
    np.testing.assert_allclose(value, ref, **(kw or tol(ref.dtype)))


# --------------------------------------------------------------------------------------------
# stft


@pytest.mark.parametrize("chunking", CHUNKINGS)
@pytest.mark.parametrize(("n_fft", "hop"), [(64, 16), (64, 64), (60, 7), (16, 40), (1, 1)])
@pytest.mark.parametrize(("center", "pad_mode"), [(True, "reflect"), (True, "constant"),
                                             (True, "edge"), (False, "reflect")])  # fmt: skip
def test_stft_equals_numpy(
    chunking: str, n_fft: int, hop: int, center: bool, pad_mode: str
) -> None:
    x = signal_np()
    w = signal.hann_window(n_fft)
    ref = signal.stft(x, n_fft, hop, window=w, center=center, pad_mode=pad_mode)
    got = build(signal.stft, as_dask(x, CHUNKINGS[chunking]), n_fft, hop, window=w,
                center=center, pad_mode=pad_mode)  # fmt: skip
    assert_same(got, ref)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128])
@pytest.mark.parametrize("chunking", ["one", "uneven"])
def test_stft_dtypes_batches_and_options(dtype: Any, chunking: str) -> None:
    x = signal_np(dtype, batch=(3, 2))
    real = np.dtype(dtype).kind == "f"
    w = signal.hamming_window(40, dtype=np.float32)  # cast to x's precision, as numpy does
    kw = {"win_length": 40, "window": w, "normalized": True, "onesided": real}
    ref = signal.stft(x, 50, 12, **kw)
    got = build(signal.stft, as_dask(x, CHUNKINGS[chunking], batch_chunk=2), 50, 12, **kw)
    assert_same(got, ref)
    ref_ri = signal.stft(x, 50, 12, return_complex=False, **kw)
    got_ri = build(signal.stft, as_dask(x, CHUNKINGS[chunking]), 50, 12, return_complex=False,
                   **kw)  # fmt: skip
    assert_same(got_ri, ref_ri)


def test_stft_window_forms() -> None:
    """A numpy window, a dask window (any chunks), and the default rectangular window."""
    x = signal_np()
    xd = as_dask(x, CHUNKINGS["many"])
    w = signal.blackman_window(64)
    ref = signal.stft(x, 64, 16, window=w)
    assert_same(build(signal.stft, xd, 64, 16, window=w), ref)
    wd = da.from_array(w, chunks=10)
    assert_same(build(signal.stft, xd, 64, 16, window=wd), ref)
    assert_same(build(signal.stft, xd, 64, 16), signal.stft(x, 64, 16))
    assert_same(
        build(signal.stft, xd, 64, 16, window=signal.hann_window(64, xp=dxp)),
        signal.stft(x, 64, 16, window=signal.hann_window(64)),
    )


def test_stft_empty_signal_and_batch() -> None:
    for shape in [(0,), (3, 0), (0, 100)]:
        x = np.zeros(shape)
        ref = signal.stft(x, 8, 2, pad_mode="constant")
        assert_same(build(signal.stft, da.from_array(x), 8, 2, pad_mode="constant"), ref)


def test_stft_errors_as_numpy() -> None:
    xd = as_dask(signal_np(), CHUNKINGS["many"])
    with pytest.raises(ValueError, match="reflect padding"):
        signal.stft(xd[:10], 64, 16)
    with pytest.raises(ValueError, match="longer than the signal"):
        signal.stft(xd[:10], 64, 16, center=False)
    with pytest.raises(TypeError, match=r"two different|namespace"):
        signal.stft(xd, 64, 16, window=pytest.importorskip("torch").ones(64, dtype=float))
    unknown = xd[xd > 0]  # unknown chunk sizes
    with pytest.raises(ValueError, match="unknown chunk sizes"):
        signal.stft(unknown, 64, 16)


# --------------------------------------------------------------------------------------------
# frame


@pytest.mark.parametrize("chunking", CHUNKINGS)
@pytest.mark.parametrize(("length", "hop"), [(64, 16), (64, 64), (60, 7), (16, 40), (2000, 1)])
def test_frame_equals_numpy(chunking: str, length: int, hop: int) -> None:
    x = signal_np(batch=(2,))
    ref = signal.frame(x, length, hop)
    assert_same(build(signal.frame, as_dask(x, CHUNKINGS[chunking]), length, hop), ref)


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_frame_other_axes_and_dtypes(axis: int) -> None:
    rng = np.random.default_rng(3)
    x = rng.integers(-100, 100, size=(230, 45, 31))
    xd = da.from_array(x, chunks=(17, 9, 4))
    ref = signal.frame(x, 12, 5, axis=axis)
    got = build(signal.frame, xd, 12, 5, axis=axis)
    assert got.shape == ref.shape
    assert got.dtype == ref.dtype
    np.testing.assert_array_equal(got.compute(), ref)


# --------------------------------------------------------------------------------------------
# istft


FRAME_CHUNKINGS = {"one": -1, "many": 9, "one_each": 1, "uneven": (1, 30, 2, 5, 70)}


def _frame_chunks(n_frames: int, spec: Any) -> Any:
    if isinstance(spec, tuple):
        rest = n_frames - sum(spec[:-1])
        return (*spec[:-1], rest) if rest > 0 else (n_frames,)
    return spec


@pytest.mark.parametrize("chunking", FRAME_CHUNKINGS)
@pytest.mark.parametrize(("n_fft", "hop"), [(64, 16), (64, 64), (60, 7), (33, 10)])
@pytest.mark.parametrize("center", [True, False])
@pytest.mark.parametrize("length", [None, 1500, N, 2300])
def test_istft_equals_numpy(
    chunking: str, n_fft: int, hop: int, center: bool, length: int | None
) -> None:
    x = signal_np()
    # hamming: no zeros, so NOLA holds uncentred too
    w = signal.hamming_window(n_fft)
    spec = signal.stft(x, n_fft, hop, window=w, center=center)
    ref = signal.istft(spec, n_fft, hop, window=w, center=center, length=length)
    chunks = (-1, _frame_chunks(spec.shape[-1], FRAME_CHUNKINGS[chunking]))
    spec_d = da.from_array(spec, chunks=chunks)
    got = build(signal.istft, spec_d, n_fft, hop, window=w, center=center, length=length)
    assert_same(got, ref)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_istft_options_batches_and_windows(dtype: Any) -> None:
    x = signal_np(dtype, batch=(2, 3))
    w = signal.hann_window(40, dtype=np.float32)
    kw = {"win_length": 40, "normalized": True, "onesided": False}
    spec = signal.stft(x, 50, 10, window=w, **kw)
    spec_d = da.from_array(spec, chunks=(1, 2, 13, 7))  # frequency axis chunked too
    for window in (w, da.from_array(w, chunks=7)):
        for return_complex in (True, False):
            ref = signal.istft(spec, 50, 10, window=w, return_complex=return_complex, **kw)
            got = build(signal.istft, spec_d, 50, 10, window=window,
                        return_complex=return_complex, **kw)  # fmt: skip
            assert_same(got, ref)
    ref = signal.istft(spec, 50, 10, **kw)  # window=None
    assert_same(build(signal.istft, spec_d, 50, 10, **kw), ref)


@pytest.mark.parametrize("chunking", CHUNKINGS)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_round_trip(chunking: str, dtype: Any) -> None:
    x = signal_np(dtype, batch=(2,))
    xd = as_dask(x, CHUNKINGS[chunking])
    w = signal.hann_window(64, xp=dxp, dtype=dtype)
    y = build(lambda: signal.istft(signal.stft(xd, 64, 16, window=w), 64, 16, window=w,
                                   length=N))  # fmt: skip
    assert y.dtype == x.dtype
    np.testing.assert_allclose(y.compute(), x, atol=1e-4 if dtype == np.float32 else 1e-10)


@given(
    cuts=st.lists(st.integers(1, N - 1), max_size=12, unique=True),
    n_fft=st.integers(2, 80),
    hop_num=st.integers(1, 8),
    frame_chunk=st.integers(5, 60),
    center=st.booleans(),
)
def test_random_chunkings(
    cuts: list[int], n_fft: int, hop_num: int, frame_chunk: int, center: bool
) -> None:
    bounds = [0, *sorted(cuts), N]
    chunks = tuple(b - a for a, b in itertools.pairwise(bounds))
    hop = max(1, n_fft * hop_num // 8)
    x = signal_np()
    w = signal.hamming_window(n_fft)
    ref = signal.stft(x, n_fft, hop, window=w, center=center)
    got = build(signal.stft, da.from_array(x, chunks=(chunks,)), n_fft, hop, window=w,
                center=center)  # fmt: skip
    assert_same(got, ref)
    assert_same(build(signal.frame, da.from_array(x, chunks=(chunks,)), n_fft, hop),
                signal.frame(x, n_fft, hop))  # fmt: skip
    y_ref = signal.istft(ref, n_fft, hop, window=w, center=center)
    spec_d = da.from_array(ref, chunks=(-1, frame_chunk))
    assert_same(build(signal.istft, spec_d, n_fft, hop, window=w, center=center), y_ref)


# --------------------------------------------------------------------------------------------
# the NOLA check: static for numpy windows and None, lazy (NaN) for dask windows


def test_nola_numpy_window_or_none_raises_while_building() -> None:
    xd = as_dask(signal_np(), CHUNKINGS["many"])
    w = signal.hann_window(16)
    spec = build(signal.stft, xd, 16, 16, window=w, center=False)
    with no_compute(), pytest.raises(ValueError, match=r"istft \[.*dask.*\].*NOLA"):
        signal.istft(spec, 16, 16, window=w, center=False)
    rect = build(signal.stft, xd, 16, 4, win_length=8, center=False)
    with no_compute(), pytest.raises(ValueError, match="NOLA"):
        signal.istft(rect, 16, 4, win_length=8, center=False)


def test_nola_dask_window_marks_nan_lazily() -> None:
    x = signal_np()
    xd = as_dask(x, CHUNKINGS["uneven"])
    wd = signal.hann_window(16, xp=dxp)
    spec = build(signal.stft, xd, 16, 16, window=wd, center=False)
    y = build(signal.istft, spec, 16, 16, window=wd, center=False)  # no raise, no compute
    value = y.compute()
    assert np.isnan(value[::16]).all()
    finite = np.delete(value, np.s_[::16])
    assert not np.isnan(finite).any()
    np.testing.assert_allclose(finite, np.delete(x, np.s_[::16]), atol=1e-10)


# --------------------------------------------------------------------------------------------
# graphs: O(chunks), and nothing computed while building


def _graphs(n_chunks: int) -> dict[str, Any]:
    xd = da.zeros(n_chunks * 1024, chunks=1024)
    w = signal.hann_window(256)
    with no_compute():
        spec = signal.stft(xd, 256, 64, window=w)
        return {
            "stft": spec,
            "frame": signal.frame(xd, 256, 64),
            "istft": signal.istft(spec, 256, 64, window=w),
        }


def test_graph_size_is_linear_in_chunks() -> None:
    small, large = _graphs(16), _graphs(128)
    for name in small:
        a, b = n_tasks(small[name]), n_tasks(large[name])
        # linear: 8x the chunks gives at most ~8x the tasks, and a few tasks per chunk
        assert b <= 8.5 * a, (name, a, b)
        assert b <= 16 * 128, (name, b)
    assert large["stft"].numblocks == (1, 128)
    assert large["istft"].numblocks == (128,)


def test_nothing_computes_while_building() -> None:
    # every test above builds under no_compute(); this one checks no_compute() itself bites
    xd = as_dask(signal_np(), CHUNKINGS["many"])
    with no_compute(), pytest.raises(AssertionError, match="computed"):
        float(xd.sum())


# --------------------------------------------------------------------------------------------
# a lazy window of another library: jax tracers


def test_istft_under_jax_jit_marks_nan() -> None:
    jax = pytest.importorskip("jax")
    jnp = pytest.importorskip("jax.numpy")
    x = np.random.default_rng(4).standard_normal(256).astype(np.float32)

    def run(a: Any) -> Any:
        w = signal.hann_window(16, xp=jnp, dtype=jnp.float32)
        spec = signal.stft(a, 16, 16, window=w, center=False)
        return signal.istft(spec, 16, 16, window=w, center=False)

    y = np.asarray(jax.jit(run)(jnp.asarray(x)))  # a tracer's values cannot be read: NaN
    assert np.isnan(y[::16]).all()
    assert not np.isnan(np.delete(y, np.s_[::16])).any()
    with pytest.raises(ValueError, match="NOLA"):  # an eager jax window is checked
        run(jnp.asarray(x))

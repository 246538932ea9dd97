"""stft / istft / frame on dask: blockwise along a chunked time axis, lazy, equal to numpy."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

da = pytest.importorskip("dask.array")
dask = pytest.importorskip("dask")

from ember_array import signal  # noqa: E402

CHUNKINGS = [10_000, 1000, 100, (3000, 77, 6923)]
IDS = ["one", "many", "smaller-than-n_fft", "uneven"]


@pytest.fixture(scope="module")
def data() -> tuple[np.ndarray, np.ndarray]:
    x = np.random.default_rng(0).standard_normal(10_000)
    return x, signal.hann_window(256, xp="numpy", dtype=np.float64)


@pytest.mark.parametrize("chunks", CHUNKINGS, ids=IDS)
@pytest.mark.parametrize("center", [True, False])
def test_stft_equals_numpy(data: Any, chunks: Any, center: bool) -> None:
    x, w = data
    want = signal.stft(x, 256, hop_length=64, window=w, center=center)
    got = signal.stft(
        da.from_array(x, chunks=chunks), 256, hop_length=64, window=da.from_array(w), center=center
    )
    assert isinstance(got, da.Array)
    assert got.dtype == want.dtype
    assert got.shape == want.shape
    np.testing.assert_allclose(got.compute(), want, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("chunks", CHUNKINGS, ids=IDS)
def test_frame_equals_numpy(data: Any, chunks: Any) -> None:
    x, _ = data
    got = signal.frame(da.from_array(x, chunks=chunks), 256, 64)
    np.testing.assert_array_equal(got.compute(), signal.frame(x, 256, 64))


@pytest.mark.parametrize("chunks", CHUNKINGS, ids=IDS)
def test_istft_round_trip(data: Any, chunks: Any) -> None:
    x, w = data
    dw = da.from_array(w)
    spec = signal.stft(da.from_array(x, chunks=chunks), 256, hop_length=64, window=dw)
    y = signal.istft(spec, 256, hop_length=64, window=dw, length=x.shape[0])
    assert isinstance(y, da.Array)
    np.testing.assert_allclose(y.compute(), x, atol=1e-12)
    want = signal.istft(signal.stft(x, 256, hop_length=64, window=w), 256, 64, window=w)
    np.testing.assert_allclose(
        signal.istft(spec, 256, hop_length=64, window=dw).compute(), want, atol=1e-12
    )


def test_graphs_grow_with_chunks_and_compute_nothing(data: Any, no_compute: None) -> None:
    _, w = data
    sizes = []
    for n in (10_000, 100_000):
        sig = da.from_array(np.zeros(n), chunks=n // 10)
        spec = signal.stft(sig, 256, hop_length=64, window=da.from_array(w))
        out = signal.istft(spec, 256, hop_length=64, window=da.from_array(w))
        sizes.append((len(spec.__dask_graph__()), len(out.__dask_graph__())))
    assert sizes[0] == sizes[1]


def test_nola_with_a_lazy_window_gives_nan(data: Any) -> None:
    # the check would need the window's values: a lazy window is not computed for it, and
    # the samples it cannot recover come out NaN (as on mlx)
    x, w = data
    spec = signal.stft(da.from_array(x, chunks=1000), 256, hop_length=64, window=da.from_array(w))
    y = signal.istft(spec, 256, hop_length=64, window=da.zeros(256), length=x.shape[0])
    assert np.isnan(y.compute()).all()
    with pytest.raises(ValueError, match=r"istft \[dask\].*NOLA"):
        signal.istft(spec, 256, hop_length=64, window=np.zeros(256))

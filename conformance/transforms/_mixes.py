"""Mixed rows of the matrix: one function that calls several shims and namespace functions.

Each shim alone under a transform says little about a graph that holds several: their argument
checks share caches (``ember_array._remembered``), and ``torch.compile(fullgraph=True)`` broke
as soon as two shims met in one graph (issue 39). A mix is an ordinary portable function, as a
user writes one, with array recipes for its arguments; the first floating-point argument is
the one the derivative columns differentiate.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ember_array
from ember_array import random, scatter, signal

from ..robustness._inputs import Arr

__all__ = ["MIXES", "Mix"]

#: the signal, the random key and the segment labels of the mixes
_SIGNAL = Arr("float32", (64,))
_KEY = Arr("uint32", (2,), "key")


@dataclass(frozen=True)
class Mix:
    """A mixed row: ``fn(*arrays)`` for arrays made from ``args`` (robustness recipes)."""

    fn: Callable[..., Any]
    args: tuple[Arr, ...]


def stft_uniform_segment_sum_std(x: Any, key: Any, index: Any) -> tuple[Any, Any]:
    """The issue's case: a spectrogram, random weights, summed per segment, then reduced."""
    xp = ember_array.namespace(x)
    mag = xp.abs(signal.stft(x, 16))  # (9, 17)
    u = random.uniform(key, mag.shape, dtype=x.dtype)
    seg = scatter.segment_sum(mag * u, index, 3)  # the 9 frequency bins into 3 bands
    return xp.std(seg, axis=0), xp.sum(seg)


def normal_segment_mean_linalg(x: Any, key: Any, index: Any) -> tuple[Any, Any]:
    """Noise added, rows averaged per segment, then the norms of ``linalg``."""
    xp = ember_array.namespace(x)
    noisy = x + 0.1 * random.normal(key, x.shape, dtype=x.dtype)
    m = scatter.segment_mean(noisy, index, 3)  # (3, 2)
    return xp.linalg.matrix_norm(m), xp.linalg.vector_norm(m, axis=-1)


def stft_istft_mean(x: Any) -> tuple[Any, Any]:
    """A round trip through the spectrum, then the namespace's reductions."""
    xp = ember_array.namespace(x)
    spec = signal.stft(x, 16, window=signal.hann_window(16, dtype=x.dtype, xp=xp))
    y = signal.istft(spec, 16, window=signal.hann_window(16, dtype=x.dtype, xp=xp), length=64)
    return xp.mean(y), xp.mean(xp.abs(y - x), axis=0)


def frame_bernoulli_segment_max(x: Any, key: Any, index: Any) -> tuple[Any, Any]:
    """Frames of the signal, a random mask, the loudest frame per segment, its maximum."""
    xp = ember_array.namespace(x)
    frames = signal.frame(x, 8, 8)  # (8, 8)
    keep = random.bernoulli(key, 0.5, frames.shape)
    masked = xp.where(keep, frames, xp.zeros_like(frames))
    seg = scatter.segment_max(masked, index, 3)  # (3, 8)
    return seg, xp.max(seg, axis=1)


#: The mixed rows, by row name (``mix.`` and the shims and functions it calls).
MIXES: dict[str, Mix] = {
    "mix.stft+uniform+segment_sum+std": Mix(
        stft_uniform_segment_sum_std, (_SIGNAL, _KEY, Arr("int64", (9,), "index", bound=3))
    ),
    "mix.normal+segment_mean+linalg": Mix(
        normal_segment_mean_linalg,
        (Arr("float32", (6, 2)), _KEY, Arr("int64", (6,), "index", bound=3)),
    ),
    "mix.stft+istft+mean": Mix(stft_istft_mean, (_SIGNAL,)),
    "mix.frame+bernoulli+segment_max+max": Mix(
        frame_bernoulli_segment_max, (_SIGNAL, _KEY, Arr("int64", (8,), "index", bound=3))
    ),
}

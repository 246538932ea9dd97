"""The STFT paths, one per backend, over checked arguments (:class:`._checks.StftArgs`).

:data:`STFT_PATHS` maps a backend to its fast path; other namespaces take
:func:`stft_generic`. :func:`spectrum_numpy` is also the kernel of each dask block.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from types import ModuleType
from typing import Any

from .._dispatch import ember_namespace
from .._helpers import device as _device
from ._blocks import (
    Framing,
    ember_numpy,
    frames_generic,
    frames_strided,
    mlx_traced,
    numpy_fft,
    pad_generic,
    pad_window,
    torch_window,
)
from ._checks import StftArgs, complex_of

# torch calls numpy's "edge" padding "replicate".
_TORCH_PAD = {"reflect": "reflect", "constant": "constant", "edge": "replicate"}


def stft_generic(
    xp: ModuleType, x: Any, window: Any, a: StftArgs, framing: Framing = frames_generic
) -> Any:
    """The pure-standard STFT (arguments already checked); ``framing`` cuts the frames."""
    dev = _device(x)
    if a.center:
        x = pad_generic(xp, x, a.n_fft // 2, a.pad_mode, dev)
    frames = framing(xp, x, a.n_fft, a.hop, dev)
    w = pad_window(xp, window, a.win, a.n_fft, a.real_dtype, dev)
    if w is not None:
        frames = frames * w
    if a.onesided:
        spec = xp.fft.rfft(frames, axis=-1, norm=a.norm)
    else:
        if frames.dtype == a.real_dtype:
            # the standard's fft takes complex input only
            frames = xp.astype(frames, complex_of(xp, a.real_dtype))
        spec = xp.fft.fft(frames, axis=-1, norm=a.norm)
    return xp.matrix_transpose(spec)  # frequencies before frames


def _stft_numpy(x: Any, window: Any, a: StftArgs) -> Any:
    import numpy as np

    if a.center:
        p = a.n_fft // 2
        x = np.pad(x, [(0, 0)] * (x.ndim - 1) + [(p, p)], mode=a.pad_mode)
    # the frames as a read-only strided view: sliding_window_view's own checks and its
    # second view cost ~6 us a call (a.n_frames >= 1 frames fit: checked)
    step = x.strides[-1]
    frames = np.lib.stride_tricks.as_strided(
        x,
        (*x.shape[:-1], a.n_frames, a.n_fft),
        (*x.strides[:-1], step * a.hop, step),
        writeable=False,
    )
    return spectrum_numpy(frames, window, a)


def spectrum_numpy(frames: Any, window: Any, a: StftArgs) -> Any:
    """The STFT ``(..., n_freqs, n_frames)`` of numpy frames ``(..., n_frames, n_fft)``."""
    import numpy as np

    w = pad_window(ember_numpy(), window, a.win, a.n_fft, a.real_dtype, "cpu")
    if w is not None:
        frames = frames * w
    fft = numpy_fft()
    transform = fft.rfft if a.onesided else fft.fft
    if fft is np.fft:
        # numpy: numpy.fft is slow along a non-last axis (no upstream issue found)
        # Transform rows, return a transposed view.
        return np.swapaxes(transform(frames, axis=-1, norm=a.norm), -1, -2)
    return transform(np.swapaxes(frames, -1, -2), axis=-2, norm=a.norm)


def _stft_torch(x: Any, window: Any, a: StftArgs) -> Any:
    import torch

    batched = x.ndim > 2
    # torch: stft takes a 1-d signal or one batch dimension only (no upstream issue found)
    xb = x.reshape(-1, x.shape[-1]) if batched else x
    # positional: keywords cost ~1 us a call (torch.stft's order since torch 1.x)
    out = torch.stft(
        xb, a.n_fft, a.hop, a.win, torch_window(window, a, x), a.center,
        _TORCH_PAD[a.pad_mode], a.norm == "ortho", a.onesided, True,
    )  # fmt: skip
    if batched:
        out = out.reshape(*x.shape[:-1], *out.shape[-2:])
    return out


def _stft_mlx(x: Any, window: Any, a: StftArgs) -> Any:
    # Not mx.fft.stft, and its as_strided framing only where no transform traces x:
    # mlx: as_strided has no vmap rule ("[Primitive::vmap] Not implemented for AsStrided",
    # mlx 0.32.4), so mx.vmap(stft) failed (no upstream issue found)
    # Under a transform the frames are the blocks of frames_generic (a copy, ~1.3x the time at
    # 256,000 samples), which every mlx transform traces.
    # Compiled once per checked arguments: mlx builds the graph (~10 ops) in C++, ~6 us a call
    # less at 512 samples; under a transform the inputs are tracers and it runs as written.
    strided = not mlx_traced(x)
    if window is None:
        return _stft_mlx_compiled(a, False, strided)(x)
    return _stft_mlx_compiled(a, True, strided)(x, window)


@lru_cache(maxsize=256)  # a bound against programs that make new signal lengths forever
def _stft_mlx_compiled(a: StftArgs, windowed: bool, strided: bool) -> Any:
    """:func:`stft_generic` on mlx for the checked arguments ``a``, compiled; ``strided``: the
    frames as an ``as_strided`` view (:func:`._blocks.frames_strided`)."""
    from ..mlx._helpers import Compiled

    xp = ember_namespace("mlx")
    framing = frames_strided if strided else frames_generic
    if windowed:
        return Compiled(lambda x, w: stft_generic(xp, x, w, a, framing))
    return Compiled(lambda x: stft_generic(xp, x, None, a, framing))


#: backend -> its STFT fast path; other namespaces take :func:`stft_generic`.
STFT_PATHS: dict[str, Callable[[Any, Any, StftArgs], Any]] = {
    "numpy": _stft_numpy,
    "torch": _stft_torch,
    "mlx": _stft_mlx,
}

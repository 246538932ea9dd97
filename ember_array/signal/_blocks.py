"""Building blocks of the stft, istft and frame paths: padding, framing, the numpy FFT module.

Pure standard (``concat``/``flip``, index arithmetic and ``take``) except :func:`numpy_fft` and
:func:`ember_numpy`, which the numpy and dask paths use, :func:`torch_keywords`, which the torch
paths share, and :func:`frames_strided`, mlx's framing outside transforms. Imports :mod:`._checks`
only.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from ._checks import IstftArgs, PadMode, StftArgs

#: ``framing(xp, x, length, hop, device)``: the frames of the last axis, ``(..., n_frames, length)``
Framing = Callable[[ModuleType, Any, int, int, Any], Any]

_FFT_MODULE: list[ModuleType] = []


def numpy_fft() -> ModuleType:
    """``scipy.fft`` when scipy is installed, else ``numpy.fft``.

    Both are pocketfft, but ``numpy.fft`` (numpy 2.x) is 3-4x slower on batched float32 frames
    here, and ``scipy.fft`` also transforms along a non-last axis without a slowdown, which
    gives the ``(..., n_freqs, n_frames)`` layout contiguous for free. Results agree to rounding.
    """
    if not _FFT_MODULE:
        try:
            import scipy.fft as fft_module
        except ImportError:
            import numpy.fft as fft_module
        _FFT_MODULE.append(fft_module)
    return _FFT_MODULE[0]


def ember_numpy() -> ModuleType:
    """ember's numpy namespace (``np.astype`` etc. are missing from numpy 2.0)."""
    import ember_array.numpy

    return ember_array.numpy


def pad_window(
    xp: ModuleType, window: Any, win: int, n_fft: int, dtype: Any, dev: Any
) -> Any | None:
    """The window cast to ``dtype`` and zero-padded (centred, as torch) to ``n_fft``.

    None stands for the all-ones window of length ``n_fft`` (nothing to multiply by).
    """
    if window is None:
        if win == n_fft:
            return None
        window = xp.ones((win,), dtype=dtype, device=dev)
    elif window.dtype != dtype:
        window = xp.astype(window, dtype)
    if win == n_fft:
        return window
    left = (n_fft - win) // 2
    right = n_fft - win - left
    parts = []
    if left:
        parts.append(xp.zeros((left,), dtype=dtype, device=dev))
    parts.append(window)
    if right:
        parts.append(xp.zeros((right,), dtype=dtype, device=dev))
    return xp.concat(parts)


def pad_generic(xp: ModuleType, x: Any, p: int, mode: PadMode, dev: Any) -> Any:
    """Pad the last axis by ``p`` on both sides (numpy's reflect/constant/edge) with concat."""
    if p == 0:
        return x
    side = (*x.shape[:-1], p)
    if mode == "constant":
        z = xp.zeros(side, dtype=x.dtype, device=dev)
        return xp.concat((z, x, z), axis=-1)
    if mode == "edge":
        left = xp.broadcast_to(x[..., :1], side)
        right = xp.broadcast_to(x[..., -1:], side)
    else:  # reflect: mirror about the end samples, which are not repeated
        left = xp.flip(x[..., 1 : p + 1], axis=-1)
        right = xp.flip(x[..., -p - 1 : -1], axis=-1)
    return xp.concat((left, x, right), axis=-1)


#: Most shifted slices :func:`frames_generic` concatenates; more overlap takes a gather.
_MAX_BLOCK_SHIFTS = 16


def frames_generic(xp: ModuleType, x: Any, length: int, hop: int, dev: Any) -> Any:
    """Frames of the last axis, ``(..., n_frames, length)``.

    With ``r = ceil(length / hop)`` small, the signal is cut into ``hop``-sample blocks and
    frame ``t`` is blocks ``t .. t + r - 1``: ``r`` slices of one reshape, concatenated (as fast
    as ``mx.fft.stft``'s ``as_strided`` on mlx, and unlike it, ``mx.vmap`` traces it). Otherwise
    index arithmetic and ``take``.
    """
    n = x.shape[-1]
    n_frames = 1 + (n - length) // hop
    r = -(-length // hop)
    if r <= min(n_frames, _MAX_BLOCK_SHIFTS):
        used = (n_frames + r - 1) * hop
        if used > n:  # the last frame's final block reaches past the signal: zeros, trimmed below
            x = xp.concat(
                (x, xp.zeros((*x.shape[:-1], used - n), dtype=x.dtype, device=dev)), axis=-1
            )
        blocks = xp.reshape(x[..., :used], (*x.shape[:-1], n_frames + r - 1, hop))
        parts = [blocks[..., j : j + n_frames, :] for j in range(r)]
        out = xp.concat(parts, axis=-1) if r > 1 else parts[0]
        return out[..., :length] if r * hop != length else out
    starts = xp.reshape(xp.arange(n_frames, dtype=xp.int64, device=dev) * hop, (n_frames, 1))
    offsets = xp.reshape(xp.arange(length, dtype=xp.int64, device=dev), (1, length))
    idx = xp.reshape(starts + offsets, (n_frames * length,))
    out = xp.take(x, idx, axis=-1)
    return xp.reshape(out, (*x.shape[:-1], n_frames, length))


_MLX_TRACED: list[Callable[[Any], bool]] = []


def mlx_traced(x: Any) -> bool:
    """:func:`ember_array.mlx._helpers.traced`, imported once (an import statement costs ~0.7 us
    a call)."""
    if not _MLX_TRACED:
        from ..mlx._helpers import traced

        _MLX_TRACED.append(traced)
    return _MLX_TRACED[0](x)


def frames_strided(xp: ModuleType, x: Any, length: int, hop: int, dev: Any) -> Any:
    """:func:`frames_generic` for an mlx array ``x`` that no transform traces, as one
    ``mx.as_strided`` view (no copy: at 256,000 samples in frames of 64 every 16, ~0.25 ms for
    the frames times a window against ~1.1 ms through the concatenated blocks). ``xp`` and
    ``dev`` are unused (the signature of :func:`frames_generic`)."""
    import mlx.core as mx

    shape = x.shape
    n = shape[-1]
    n_frames = 1 + (n - length) // hop
    # strides in elements of x made row-contiguous (mx.as_strided flattens its input first)
    strides = [hop, 1]
    step = n
    for d in reversed(shape[:-1]):
        strides.insert(0, step)
        step *= d
    return mx.as_strided(x, (*shape[:-1], n_frames, length), strides)


def torch_window(window: Any, a: StftArgs | IstftArgs, like: Any) -> Any:
    """The window ``torch.stft`` and ``torch.istft`` take: ``window`` in the input's precision,
    or the rectangular window for None, on the device of the tensor ``like`` (read only then:
    a device object costs ~0.25 us)."""
    import torch

    # torch: stft and istft warn when window is None (no upstream issue found)
    # ember's documented default is the rectangular window.
    if window is None:
        return torch.ones(a.win, dtype=a.real_dtype, device=like.device)
    return window if window.dtype == a.real_dtype else window.to(a.real_dtype)


def torch_keywords(window: Any, a: StftArgs | IstftArgs, like: Any) -> dict[str, Any]:
    """The keywords ``torch.stft`` and ``torch.istft`` share, from their checked arguments."""
    return {
        "hop_length": a.hop,
        "win_length": a.win,
        "window": torch_window(window, a, like),
        "center": a.center,
        "normalized": a.norm == "ortho",
        "onesided": a.onesided,
    }

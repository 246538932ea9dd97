"""The inverse-STFT paths, one per backend, over checked arguments (:class:`._checks.IstftArgs`).

:data:`ISTFT_PATHS` maps a backend to its fast path; other namespaces take
:func:`istft_generic`. :func:`windowed_ola_numpy` is also the kernel of each dask block.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from types import ModuleType
from typing import Any

from .._helpers import device as _device
from ._blocks import ember_numpy, numpy_fft, pad_window, torch_keywords
from ._checks import IstftArgs
from ._ola import (
    checked_envelope_numpy,
    mark_nola_nan,
    nan_factor,
    nola_message,
    ola_envelope,
    ola_numpy,
    overlap_add,
)


def _inverse_frames(fft: ModuleType, spec_t: Any, a: IstftArgs) -> Any:
    """Frames ``(..., n_frames, n_fft)`` of ``spec_t`` (``spec`` with its last two axes
    swapped) by ``fft``'s inverse transforms (``xp.fft``, ``scipy.fft``...).

    A two-sided ``spec`` with real output is taken as the spectrum of a real signal: irfft of
    its first ``n_fft // 2 + 1`` rows (torch's rule).
    """
    if a.onesided:
        return fft.irfft(spec_t, n=a.n_fft, axis=-1, norm=a.norm)
    if a.return_complex:
        return fft.ifft(spec_t, n=a.n_fft, axis=-1, norm=a.norm)
    return fft.irfft(spec_t[..., : a.n_fft // 2 + 1], n=a.n_fft, axis=-1, norm=a.norm)


def windowed_ola_numpy(spec: Any, window: Any, a: IstftArgs) -> Any:
    """The windowed frames of numpy ``spec``, overlap-added: ``n_fft + hop * (F - 1)`` samples
    for ``F`` frames (not yet divided by the envelope)."""
    import numpy as np

    frames = _inverse_frames(numpy_fft(), np.swapaxes(spec, -1, -2), a)
    w = pad_window(ember_numpy(), window, a.win, a.n_fft, a.real_dtype, "cpu")
    if w is not None:
        frames *= w
    n_frames = frames.shape[-2]
    return ola_numpy(frames, a.hop, a.n_fft + a.hop * (n_frames - 1))


def _istft_numpy(spec: Any, window: Any, a: IstftArgs) -> Any:
    import numpy as np

    y = windowed_ola_numpy(spec, window, a)
    env = checked_envelope_numpy(window, a)
    y = y[..., a.start : a.stop] / env[a.start : a.stop].astype(a.real_dtype)
    if a.end > a.total:
        y = np.concatenate((y, np.zeros((*y.shape[:-1], a.end - a.total), dtype=y.dtype)), axis=-1)
    return y


def _istft_torch(spec: Any, window: Any, a: IstftArgs) -> Any:
    import torch

    shape = tuple(spec.shape)
    # torch: istft takes (n_freqs, n_frames) or one batch dimension only
    # (no upstream issue found)
    spec_b = spec.reshape(-1, *shape[-2:]) if spec.ndim > 3 else spec
    try:
        with warnings.catch_warnings():
            if a.end > a.total:
                # torch warns when it zero-pads up to ``length``; that padding is documented here.
                warnings.filterwarnings("ignore", "The length of signal is shorter")
            y = torch.istft(
                spec_b,
                a.n_fft,
                length=a.length,
                return_complex=a.return_complex,
                **torch_keywords(window, a, spec),
            )
    except RuntimeError as exc:
        if "window overlap add min" not in str(exc):
            raise
        # torch: istft reports the NOLA failure as a RuntimeError (no upstream issue found)
        # ember raises ValueError everywhere.
        raise ValueError(nola_message(a.backend, None)) from exc
    if spec.ndim > 3:
        y = y.reshape(*shape[:-2], y.shape[-1])
    return y


def _istft_mlx(spec: Any, window: Any, a: IstftArgs) -> Any:
    import ember_array.mlx

    if window is None:
        # The window is ones: its envelope is known without touching mlx, so check as torch does.
        # (With a window array the check would evaluate it: see mark_nola_nan.)
        checked_envelope_numpy(None, a)
    if a.return_complex:
        # mlx: mx.fft.istft has no complex output (no upstream issue found)
        # Take the generic path, lazily.
        return istft_generic(ember_array.mlx, spec, window, a, lazy_nola=window is not None)
    if not a.onesided:
        # mlx: mx.fft.istft takes a two-sided spec as real(ifft(spec)), torch
        # (return_complex=False) irfft of the first n_fft // 2 + 1 rows; they differ for a
        # non-Hermitian spec (no upstream issue found)
        # Follow torch.
        spec = spec[..., : a.n_fft // 2 + 1, :]
    if window is not None and window.dtype != a.real_dtype:
        window = window.astype(a.real_dtype)
    if window is None:
        return _istft_mlx_native(spec, window, a)
    # One compiled graph (per geometry) for the transform and the lazy NOLA marking: the
    # marking's ~15 small ops otherwise cost ~20% of mx.fft.istft's time at 1e5 samples.
    return _compiled_istft_mlx(a)(spec, window)


@functools.lru_cache(maxsize=64)
def _compiled_istft_mlx(a: IstftArgs) -> Callable[[Any, Any], Any]:
    import mlx.core as mx

    def run(spec: Any, window: Any) -> Any:
        return _istft_mlx_native(spec, window, a)

    return mx.compile(run)


def _istft_mlx_native(spec: Any, window: Any, a: IstftArgs) -> Any:
    """``mx.fft.istft`` of a one-sided ``spec``, then NaN where NOLA fails (with a window)."""
    import mlx.core as mx

    import ember_array.mlx

    y = mx.fft.istft(
        spec,
        n_fft=a.n_fft,
        hop_length=a.hop,
        win_length=a.win,
        window=window,
        center=a.center,
        norm=a.norm,
        onesided=True,
        length=a.length,
    )
    if window is None:
        return y  # the NOLA condition was checked statically by istft
    # mlx: mx.fft.istft silently returns 0 where the envelope vanishes (no upstream issue found)
    # Checking would force evaluation, so mark those samples NaN instead (lazily).
    return mark_nola_nan(ember_array.mlx, y, window, a)


def istft_generic(
    xp: ModuleType, spec: Any, window: Any, a: IstftArgs, *, lazy_nola: bool = False
) -> Any:
    """The pure-standard inverse STFT (arguments already checked).

    ``lazy_nola``: mark samples that fail the NOLA condition NaN instead of raising, for
    windows that must not be evaluated (mlx, jax tracers). With ``window=None`` the caller has
    checked the condition statically.
    """
    dev = _device(spec)
    frames = _inverse_frames(xp.fft, xp.moveaxis(spec, -1, -2), a)
    w = pad_window(xp, window, a.win, a.n_fft, a.real_dtype, dev)
    if w is not None:
        frames = frames * w
    y = overlap_add(xp, frames, a.hop, dev)
    y = y[..., a.start : a.stop]
    w2 = xp.ones((a.n_fft,), dtype=a.real_dtype, device=dev) if w is None else w * w
    env = ola_envelope(xp, w2, a.n_frames, a.hop, dev)[a.start : a.stop]
    y = y / env
    if lazy_nola:
        # y / env is inf or NaN where env vanishes; times NaN it is NaN. (Otherwise the
        # callers checked the NOLA condition on the concrete, or absent, window in numpy.)
        y = y * nan_factor(xp, env)
    if a.end > a.total:
        tail = xp.zeros((*y.shape[:-1], a.end - a.total), dtype=y.dtype, device=dev)
        y = xp.concat((y, tail), axis=-1)
    return y


#: backend -> its inverse-STFT fast path; other namespaces take :func:`istft_generic`.
ISTFT_PATHS: dict[str, Callable[[Any, Any, IstftArgs], Any]] = {
    "numpy": _istft_numpy,
    "torch": _istft_torch,
    "mlx": _istft_mlx,
}

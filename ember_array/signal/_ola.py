"""Overlap-add, the overlap-added squared window (the envelope) and the NOLA condition.

:func:`overlap_add` and :func:`ola_envelope` are pure standard; the ``_numpy`` functions compute
in numpy (float64 for the envelope), for the numpy and dask paths and for the NOLA checks that
read a concrete window without touching the signal's library. Imports :mod:`._checks` and
:mod:`._blocks` only.
"""

from __future__ import annotations

import math
from types import ModuleType
from typing import Any

from .._helpers import device as _device
from ._blocks import ember_numpy, pad_window
from ._checks import IstftArgs

# torch.istft's threshold for the NOLA check (SpectralOps.cpp: ``window_envelop.abs() < 1e-11``).
NOLA_EPS = 1e-11


def overlap_add(xp: ModuleType, frames: Any, hop: int, dev: Any) -> Any:
    """Overlap-add ``(..., n_frames, n)`` frames ``hop`` apart into ``(..., n + hop*(n_frames-1))``.

    The standard has no scatter-add, so the sum is built from shifted copies: split each frame
    into ``r = ceil(n / hop)`` blocks of ``hop`` samples; block ``j`` of every frame lands in one
    contiguous run starting at ``j * hop``. That is ``r`` concats (or ``n_frames`` when fewer).
    """
    *batch, n_frames, n = frames.shape
    batch = tuple(batch)
    total = n + hop * (n_frames - 1)
    dt = frames.dtype
    r = -(-n // hop)
    y = None
    if r <= n_frames:
        if r * hop != n:
            pad = xp.zeros((*batch, n_frames, r * hop - n), dtype=dt, device=dev)
            frames = xp.concat((frames, pad), axis=-1)
        blocks = xp.reshape(frames, (*batch, n_frames, r, hop))
        for j in range(r):
            run = xp.reshape(blocks[..., j, :], (*batch, n_frames * hop))
            parts = [run]
            if j:
                parts.insert(0, xp.zeros((*batch, j * hop), dtype=dt, device=dev))
            if r - 1 - j:
                parts.append(xp.zeros((*batch, (r - 1 - j) * hop), dtype=dt, device=dev))
            run = xp.concat(parts, axis=-1) if len(parts) > 1 else run
            y = run if y is None else y + run
        assert y is not None
        return y[..., :total]
    for t in range(n_frames):
        parts = [frames[..., t, :]]
        if t:
            parts.insert(0, xp.zeros((*batch, t * hop), dtype=dt, device=dev))
        tail = total - t * hop - n
        if tail:
            parts.append(xp.zeros((*batch, tail), dtype=dt, device=dev))
        run = xp.concat(parts, axis=-1) if len(parts) > 1 else parts[0]
        y = run if y is None else y + run
    assert y is not None
    return y


def ola_numpy(frames: Any, hop: int, total: int) -> Any:
    """In-place overlap-add for numpy (see :func:`overlap_add` for the block layout)."""
    import numpy as np

    *batch, n_frames, n = frames.shape
    r = -(-n // hop)
    y = np.zeros((*batch, (n_frames + r - 1) * hop), dtype=frames.dtype)
    if r <= n_frames:
        if r * hop != n:
            frames = np.concatenate(
                (frames, np.zeros((*batch, n_frames, r * hop - n), dtype=frames.dtype)), axis=-1
            )
        blocks = frames.reshape(*batch, n_frames, r, hop)
        for j in range(r):
            y[..., j * hop : (j + n_frames) * hop] += blocks[..., j, :].reshape(
                *batch, n_frames * hop
            )
    else:
        for t in range(n_frames):
            y[..., t * hop : t * hop + n] += frames[..., t, :]
    return y[..., :total]


def ola_envelope(xp: ModuleType, w2: Any, n_frames: int, hop: int, dev: Any) -> Any:
    """The overlap-added squared window: :func:`overlap_add` of ``n_frames`` copies of ``w2``.

    Built from ``O(n_fft)`` prefix and suffix sums instead of ``n_frames * n_fft`` elements:
    with the block layout of :func:`overlap_add`, output block ``b`` is the sum of window
    blocks ``max(0, b - n_frames + 1) .. min(r - 1, b)``, a prefix sum at the head and in the
    middle and a suffix sum at the tail. No subtraction, so exact zeros stay exact (NOLA).
    """
    n = w2.shape[0]
    total = n + hop * (n_frames - 1)
    r = -(-n // hop)
    if r > n_frames:
        return overlap_add(xp, xp.broadcast_to(w2, (n_frames, n)), hop, dev)
    if r * hop != n:
        w2 = xp.concat((w2, xp.zeros((r * hop - n,), dtype=w2.dtype, device=dev)))
    blocks = xp.reshape(w2, (r, hop))
    prefix = xp.cumulative_sum(blocks, axis=0)
    suffix = xp.flip(xp.cumulative_sum(xp.flip(blocks, axis=0), axis=0), axis=0)
    middle = xp.broadcast_to(prefix[r - 1 :, :], (n_frames - r + 1, hop))
    env = xp.concat((prefix[: r - 1, :], middle, suffix[1:, :]), axis=0)
    return xp.reshape(env, ((n_frames + r - 1) * hop,))[:total]


def w2_numpy(window: Any, n_fft: int, win: int) -> Any:
    """The squared window, zero-padded (centred) to ``n_fft``, in float64 numpy."""
    import numpy as np

    w2 = np.zeros(n_fft)
    left = (n_fft - win) // 2
    w2[left : left + win] = 1.0 if window is None else np.asarray(window, dtype=np.float64) ** 2
    return w2


def envelope_range_numpy(w2: Any, n_frames: int, hop: int, lo: int, hi: int) -> Any:
    """``ola_envelope(w2, n_frames, hop)[lo:hi]`` (float64 numpy) without the whole envelope.

    The envelope is made of ``hop``-sample blocks: prefix sums of the window's blocks at the
    head, their full sum in the middle and suffix sums at the tail (see :func:`ola_envelope`);
    the same sums are picked here for the blocks of ``[lo, hi)`` only, so values are equal.
    """
    import numpy as np

    n = w2.shape[0]
    r = -(-n // hop)
    if r > n_frames:
        # fewer frames than a window overlaps: the whole envelope is under 2 * (n + hop)
        return ola_envelope(ember_numpy(), w2, n_frames, hop, "cpu")[lo:hi]
    blocks = np.concatenate((w2, np.zeros(r * hop - n))).reshape(r, hop)
    prefix = np.cumsum(blocks, axis=0)
    suffix = np.flip(np.cumsum(np.flip(blocks, axis=0), axis=0), axis=0)
    b0, b1 = lo // hop, -(-hi // hop)
    b = np.arange(b0, b1)
    rows = prefix[np.minimum(b, r - 1)]
    tail = b >= n_frames
    if tail.any():
        rows[tail] = suffix[b[tail] - n_frames + 1]
    return rows.reshape(-1)[lo - b0 * hop : hi - b0 * hop]


def nola_min_numpy(w2: Any, n_frames: int, hop: int, start: int, stop: int) -> float | None:
    """The envelope's minimum over ``[start, stop)`` in ``O(n_fft)``; None when empty.

    Away from both ends the envelope repeats with period ``hop``: the ``(r + 1) * hop`` samples
    at either end and one period between them hold every value.
    """
    if stop <= start:
        return None
    r = -(-w2.shape[0] // hop)
    k = (r + 1) * hop
    if stop - start <= 3 * k:
        return float(envelope_range_numpy(w2, n_frames, hop, start, stop).min())
    parts = (
        envelope_range_numpy(w2, n_frames, hop, start, start + k),
        envelope_range_numpy(w2, n_frames, hop, start + k, start + k + hop),
        envelope_range_numpy(w2, n_frames, hop, stop - k, stop),
    )
    return min(float(p.min()) for p in parts)


def nola_message(backend: str, lo: float | None) -> str:
    value = "" if lo is None else f"to {lo:.3g} "
    return (
        f"istft [{backend}]: the overlap-added squared window falls {value}below {NOLA_EPS:g} "
        "inside the output, so the signal cannot be recovered there (the NOLA condition fails); "
        "use a smaller hop_length, another window, center=True, or a shorter length"
    )


def checked_envelope_numpy(window: Any, a: IstftArgs) -> Any:
    """The envelope of ``window`` (padded, float64 numpy) over all ``a.total`` samples.

    Raises the NOLA ``ValueError`` where it is below the threshold inside the output
    (``[a.start, a.stop)``). ``window`` is None (ones, known statically) or concrete.
    """
    env = ola_envelope(ember_numpy(), w2_numpy(window, a.n_fft, a.win), a.n_frames, a.hop, "cpu")
    seg = env[a.start : a.stop]
    if seg.size and seg.min() < NOLA_EPS:
        raise ValueError(nola_message(a.backend, float(seg.min())))
    return env


def nan_factor(xp: ModuleType, env: Any) -> Any:
    """1-d: NaN where ``env`` fails the NOLA threshold, else 1.

    Multiplying the (batched) output by it is exact elsewhere, sign of zero included, and on
    mlx about 3x cheaper than a broadcasting ``where`` over the whole output.
    """
    return xp.where(env < NOLA_EPS, xp.full_like(env, math.nan), xp.ones_like(env))


def mark_nola_nan(xp: ModuleType, y: Any, window: Any, a: IstftArgs) -> Any:
    """``y`` with NaN where the envelope is below the NOLA threshold (no evaluation)."""
    dev = _device(y)
    w = pad_window(xp, window, a.win, a.n_fft, a.real_dtype, dev)
    assert w is not None  # only called with a window
    env = ola_envelope(xp, w * w, a.n_frames, a.hop, dev)[a.start : a.stop]
    factor = nan_factor(xp, env)
    if a.end > a.total:
        factor = xp.concat((factor, xp.ones((a.end - a.total,), dtype=a.real_dtype, device=dev)))
    return y * factor

"""dask: blockwise along the time axis.

Every chunk of a dask signal gives the frames that start inside it. Those need up to
``frame_length - 1`` samples of the next chunk (``n_fft - hop`` when the chunk boundaries are
multiples of hop), which ``dask.array.overlap`` appends; the frames are then cut and
transformed by the numpy path, one task per chunk. istft runs the other way: each chunk of
frames overlap-adds into a segment ``n_fft - hop`` samples longer than its share of the
output, and that tail is added onto the next chunk's segment. Graphs stay O(chunks), and the
chunks are numpy arrays (the blocks are computed with numpy and scipy.fft).

Each block runs the numpy path's kernel (:func:`._stft.spectrum_numpy`,
:func:`._istft.windowed_ola_numpy`) with the checked arguments of the whole call.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ._checks import IstftArgs, StftArgs, is_concrete
from ._istft import windowed_ola_numpy
from ._ola import NOLA_EPS, envelope_range_numpy, nola_message, nola_min_numpy, w2_numpy
from ._stft import spectrum_numpy


def _da() -> Any:
    """``dask.array``, imported on first use: dask is untyped, so Any at this boundary."""
    import dask.array

    return dask.array


def _merge_chunks(chunks: tuple[int, ...], minimum: int) -> tuple[int, ...]:
    """``chunks`` with neighbours merged until each is at least ``minimum`` (and not empty).

    Only boundaries are removed (a chunk too small at the end joins the one before), so a
    merge-only rechunk is ``O(chunks)`` tasks, and the frames a chunk needs never grow.
    """
    minimum = max(minimum, 1)
    out: list[int] = []
    acc = 0
    for c in chunks:
        acc += c
        if acc >= minimum:
            out.append(acc)
            acc = 0
    if acc:
        if out:
            out[-1] += acc
        else:
            out.append(acc)
    return tuple(out) if out else (0,)


def _frame_plan(
    chunks: tuple[int, ...], length: int, hop: int, n_frames: int
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Per chunk: offset of its first frame, its number of frames; and the overlap needed.

    A chunk ``[a, b)`` holds the frames that start in it, ``t = ceil(a / hop) ..
    min(ceil(b / hop), n_frames) - 1``; the last of them ends ``(t_hi - 1) * hop + length - b``
    samples past ``b``, the depth the next chunk must lend.
    """
    offsets, counts = [], []
    depth = 0
    a = 0
    for c in chunks:
        b = a + c
        t_lo = -(-a // hop)
        t_hi = min(-(-b // hop), n_frames)
        f = max(0, t_hi - t_lo)
        offsets.append(t_lo * hop - a if f else 0)
        counts.append(f)
        if f:
            depth = max(depth, (t_hi - 1) * hop + length - b)
        a = b
    return tuple(offsets), tuple(counts), depth


def _dask_framed(x: Any, length: int, hop: int) -> tuple[Any, _Plan]:
    """``x`` (time last) with each chunk extended by the samples its frames need, and the plan.

    Chunks smaller than the needed overlap are merged first, so each overlap comes from one
    neighbour (dask's ``overlap`` requires that).
    """
    da = _da()

    ax = x.ndim - 1
    chunks = x.chunks[ax]
    n_frames = 1 + (x.shape[ax] - length) // hop
    _, _, depth = _frame_plan(chunks, length, hop, n_frames)
    merged = _merge_chunks(chunks, depth)
    if merged != chunks:
        x = x.rechunk({ax: merged})
    # merging removes boundaries only, so the depth can only shrink: still <= every chunk
    offsets, counts, depth = _frame_plan(merged, length, hop, n_frames)
    if depth:
        x = da.overlap.overlap(
            x, depth={ax: (0, depth)}, boundary={ax: "none"}, allow_rechunk=False
        )
    return x, _Plan(offsets, counts)


def _block_frames(blk: Any, length: int, hop: int, offset: int, count: int) -> Any:
    """The ``count`` frames of an overlapped block, ``(..., count, length)`` (a numpy view)."""
    import numpy as np
    from numpy.lib.stride_tricks import sliding_window_view

    seg = np.asarray(blk)[..., offset : offset + (count - 1) * hop + length]
    return sliding_window_view(seg, length, axis=-1)[..., ::hop, :]


#: The ``block_id`` that ``map_blocks`` passes to a block function.
Block = tuple[int, ...] | None


@dataclass(frozen=True)
class _Plan:
    """Per chunk of time: the offset of its first frame and its number of frames."""

    offsets: tuple[int, ...]
    counts: tuple[int, ...]

    def frames(self, blk: Any, length: int, hop: int, block_id: Block, axis: int) -> Any | None:
        """The frames of the block numbered ``block_id[axis]`` (a numpy view); None if none."""
        assert block_id is not None  # passed by map_blocks
        k = block_id[axis]
        if not self.counts[k]:
            return None
        return _block_frames(blk, length, hop, self.offsets[k], self.counts[k])


def _frame_block(blk: Any, length: int, hop: int, plan: _Plan, block_id: Block = None) -> Any:
    # output (..., frames, length): the frame axis is the chunked one
    frames = plan.frames(blk, length, hop, block_id, -2)
    if frames is None:
        import numpy as np

        return np.empty((*blk.shape[:-1], 0, length), dtype=blk.dtype)
    return frames


def frame_dask(x: Any, frame_length: int, hop: int, axis: int) -> Any:
    """:func:`frame` of a dask array: one task per chunk of ``axis`` (plus the overlap)."""
    da = _da()

    last = x.ndim - 1
    moved = da.moveaxis(x, axis, -1) if axis != last else x
    xo, plan = _dask_framed(moved, frame_length, hop)
    out = da.map_blocks(
        _frame_block,
        xo,
        length=frame_length,
        hop=hop,
        plan=plan,
        dtype=x.dtype,
        chunks=(*xo.chunks[:-1], plan.counts, (frame_length,)),
        new_axis=[x.ndim],
        meta=da.utils.meta_from_array(x, ndim=x.ndim + 1),
    )
    return da.moveaxis(out, -2, axis) if axis != last else out


def _stft_block(blk: Any, window: Any, a: StftArgs, plan: _Plan, block_id: Block = None) -> Any:
    frames = plan.frames(blk, a.n_fft, a.hop, block_id, -1)
    if frames is None:
        import numpy as np

        dt = np.result_type(blk.dtype, np.complex64)
        return np.empty((*blk.shape[:-1], a.n_freqs, 0), dtype=dt)
    # numpy's path on exactly this block's frames (already padded)
    return spectrum_numpy(frames, window, a)


def stft_dask(x: Any, window: Any, a: StftArgs) -> Any:
    """:func:`stft` of a dask array, blockwise along time (arguments already checked)."""
    da = _da()
    import numpy as np

    if a.center:
        p = a.n_fft // 2
        if x.shape[-1] == 0:
            # only constant padding gets here (stft rejects the others)
            # dask: da.pad fails on an empty array (no upstream issue found)
            x = da.zeros((*x.shape[:-1], 2 * p), dtype=x.dtype, chunks=(*x.chunks[:-1], -1))
        else:
            # dask's pad is numpy's (reflect, constant, edge); its small edge chunks are merged
            x = da.pad(x, [(0, 0)] * (x.ndim - 1) + [(p, p)], mode=a.pad_mode)
    xo, plan = _dask_framed(x, a.n_fft, a.hop)
    dtype = np.result_type(x.dtype, np.complex64)  # complex64 or complex128, as numpy's path
    return da.map_blocks(
        _stft_block,
        xo,
        # a dask window in kwargs reaches every task as one numpy array (a single dependency)
        window=window,
        a=a,
        plan=plan,
        dtype=dtype,
        chunks=(*xo.chunks[:-1], (a.n_freqs,), plan.counts),
        new_axis=[x.ndim - 1],
        meta=da.utils.meta_from_array(x, ndim=x.ndim + 1, dtype=dtype),
    )


def _istft_segment_block(blk: Any, window: Any, a: IstftArgs) -> Any:
    """Overlap-add of one chunk of ``F`` frames: ``F * hop + n_fft - hop`` samples."""
    import numpy as np

    return windowed_ola_numpy(np.asarray(blk), window, a)


def _istft_join_block(
    blk: Any,
    window: Any,
    a: IstftArgs,
    counts: tuple[int, ...],
    lazy_nola: bool,
    block_id: Block = None,
) -> Any:
    """One chunk of output: its segment's head plus the previous segment's tail, over env."""
    import numpy as np

    assert block_id is not None  # passed by map_blocks
    k = block_id[-1]
    o = a.n_fft - a.hop
    blk = np.asarray(blk)
    # the overlap put the previous segment's o-sample tail in front of every block but the first
    prev, cur = (blk[..., :o], blk[..., o:]) if k and o else (None, blk)
    size = counts[k] * a.hop + (o if k == len(counts) - 1 else 0)
    out = np.array(cur[..., :size])  # a copy: the overlapped block may be shared
    if prev is not None:
        out[..., :o] += prev
    g0 = sum(counts[:k]) * a.hop
    w2 = w2_numpy(window, a.n_fft, a.win)
    env = envelope_range_numpy(w2, a.n_frames, a.hop, g0, g0 + size)
    # outside [start, stop) the envelope may vanish (those samples are cut off afterwards)
    with np.errstate(divide="ignore", invalid="ignore"):
        out /= env.astype(a.real_dtype)
    if lazy_nola:
        out[..., env < NOLA_EPS] = math.nan
    return out


def istft_dask(spec: Any, window: Any, a: IstftArgs) -> Any:
    """:func:`istft` of a dask array, blockwise along the frame axis (arguments checked)."""
    da = _da()
    import numpy as np

    # A numpy window (or None) is checked now, in O(n_fft); a dask window's values are not
    # read while the graph is built: the failing samples come out NaN instead.
    lazy_nola = window is not None and not is_concrete(window)
    if not lazy_nola:
        w2 = w2_numpy(window, a.n_fft, a.win)
        lo = nola_min_numpy(w2, a.n_frames, a.hop, a.start, a.stop)
        if lo is not None and lo < NOLA_EPS:
            raise ValueError(nola_message(a.backend, lo))
    ax = spec.ndim - 1
    o = a.n_fft - a.hop
    # the FFT needs whole frequency columns; each chunk (but the last) must have at least
    # o samples of its own for the previous tail to land on
    spec = spec.rechunk({ax - 1: -1})
    merged = _merge_chunks(spec.chunks[ax], -(-o // a.hop))
    if merged != spec.chunks[ax]:
        spec = spec.rechunk({ax: merged})
    counts = merged
    dtype = np.dtype(spec.dtype if a.return_complex else a.real_dtype)
    batch = spec.chunks[:-2]
    seg = da.map_blocks(
        _istft_segment_block,
        spec,
        window=window,
        a=a,
        dtype=dtype,
        chunks=(*batch, tuple(f * a.hop + o for f in counts)),
        drop_axis=ax - 1,
        meta=np.empty((0,) * ax, dtype=dtype),  # a real meta from complex spec would warn
    )
    if o:
        seg = da.overlap.overlap(
            seg, depth={ax - 1: (o, 0)}, boundary={ax - 1: "none"}, allow_rechunk=False
        )
    sizes = (*(f * a.hop for f in counts[:-1]), counts[-1] * a.hop + o)
    y = da.map_blocks(
        _istft_join_block,
        seg,
        window=window,
        a=a,
        counts=counts,
        lazy_nola=lazy_nola,
        dtype=dtype,
        chunks=(*batch, sizes),
        meta=np.empty((0,) * ax, dtype=dtype),  # a real meta from complex spec would warn
    )
    y = y[..., a.start : a.stop]
    if a.end > a.total:
        tail = da.zeros((*y.shape[:-1], a.end - a.total), dtype=dtype, chunks=(*batch, -1))
        y = da.concatenate((y, tail), axis=-1)
    return y

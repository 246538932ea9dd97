"""The 2026.12 draft's additions for dask arrays (see :mod:`ember_array._versions`).

``top_k`` runs in two blockwise steps, so no task ever sorts the whole axis: each chunk's
exact top ``k`` (numpy's kernel, :func:`ember_array._common._top_k.top_k_last`) by global
index, then the exact top ``k`` of those ``k`` per chunk candidates in one chunk. The
candidates keep the order of their global indices, so ties still go to the lower index.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from .. import dask as _xp
from .. import numpy as _np_xp
from .._boundary import guard
from .._common._device_dtypes import checked_creation, draft_info
from .._common._top_k import always, check_top_k, top_k_last
from ._native import DA

__all__ = ["INFO", "NAMES", "top_k"]


def _kind(device: Any) -> str:
    """dask's chunks are numpy arrays: CPU memory ("cpu" and array-api-compat's DASK_DEVICE)."""
    return "cpu"


def _np_select(y: Any, k: int, largest: bool) -> Any:
    n = y.shape[-1]
    if largest:
        return np.argpartition(y, n - k, axis=-1)[..., n - k :]
    return np.argpartition(y, k - 1, axis=-1)[..., :k]


def _chunk_top(b: Any, k: int, largest: bool, starts: tuple[int, ...], block_id: Any) -> Any:
    """The global indices of a chunk's best ``min(k, size)``, in index order."""
    kk = min(k, b.shape[-1])
    if kk == 0:
        return np.zeros((*b.shape[:-1], 0), dtype=np.int64)
    local = top_k_last(_np_xp, b, kk, largest, _np_select, eager=always)
    return np.sort(local, axis=-1) + starts[block_id[-1]]


def _ranked(b: Any, k: int, largest: bool) -> Any:
    """Positions of the best ``k`` of ``b``'s last axis, in the standard's order."""
    return top_k_last(_np_xp, b, k, largest, _np_select, eager=always)


def _gather(b: Any, idx: Any) -> Any:
    return np.take_along_axis(b, idx, axis=-1)


def _chunk_values(b: Any, idx: Any, starts: tuple[int, ...], block_id: Any) -> Any:
    """The values of a chunk at the global indices ``idx`` (of :func:`_chunk_top`)."""
    return np.take_along_axis(b, idx - starts[block_id[-1]], axis=-1)


def _starts(chunks: tuple[int, ...]) -> tuple[int, ...]:
    return (0, *itertools.accumulate(chunks))[:-1]


def top_k(x: Any, k: int, /, *, axis: int | None = None, mode: str = "largest") -> tuple[Any, Any]:
    """The ``k`` largest (or smallest) elements of ``x`` and their indices (2026.12 draft).

    Lazy: the top ``k`` of each chunk, then of the candidates (no full sort of the axis).

    Parameters
    ----------
    x : array
        Input array of a real integer or floating dtype.
    k : int
        How many elements to return, ``0 <= k <= n`` (``n``: the size of ``axis``).
    axis : int or None, optional
        The axis searched; ``None`` (the default) searches the flattened array.
    mode : {"largest", "smallest"}, optional
        Which end of the order to return.

    Returns
    -------
    tuple of arrays
        ``(values, indices)`` as for every ember_array namespace: largest first for
        ``"largest"``, smallest first for ``"smallest"``, equal values by lower index, NaN
        ordered as ``sort`` orders it.

    Raises
    ------
    TypeError
        For a bool or complex ``x``, or a ``k`` or ``axis`` that is not an int.
    ValueError
        For ``k < 0``, ``k`` larger than the axis, an axis out of range, an unknown ``mode``
        or chunks of unknown size.
    """
    args = check_top_k(_xp, x, k, axis, mode, "dask")
    y = DA.reshape(x, (-1,)) if args.axis is None else DA.moveaxis(x, args.axis, -1)
    outer = y.chunks[:-1]
    if args.k == 0:
        idx = DA.zeros((*y.shape[:-1], 0), dtype=np.int64, chunks=(*outer, (0,)))
        values = y[..., :0]
    else:
        last = y.chunks[-1]
        cand = DA.map_blocks(
            _chunk_top,
            y,
            args.k,
            args.largest,
            _starts(last),
            chunks=(*outer, tuple(min(args.k, c) for c in last)),
            dtype=np.int64,
        )
        # map_blocks pairs blocks by position: block j of y with block j of its candidates
        cand_values = DA.map_blocks(
            _chunk_values,
            y,
            cand,
            _starts(last),
            chunks=cand.chunks,
            dtype=y.dtype,
        )
        cand = DA.rechunk(cand, {-1: -1})
        cand_values = DA.rechunk(cand_values, {-1: -1})
        pos = DA.map_blocks(
            _ranked, cand_values, args.k, args.largest, chunks=(*outer, (args.k,)), dtype=np.int64
        )
        values = DA.map_blocks(_gather, cand_values, pos, dtype=y.dtype, chunks=pos.chunks)
        idx = DA.map_blocks(_gather, cand, pos, dtype=np.int64, chunks=pos.chunks)
    if args.axis is not None:
        values = DA.moveaxis(values, -1, args.axis)
        idx = DA.moveaxis(idx, -1, args.axis)
    return values, idx


#: What the 2026.12 view puts over :mod:`ember_array.dask`: top_k and the creation functions
#: that refuse a dtype their device cannot hold.
NAMES: dict[str, Any] = {
    **checked_creation(_xp, "dask", _kind),
    "top_k": guard(top_k, "top_k", "dask"),
}


#: The 2026.12 view's inspection class: dtypes and default dtypes per device.
INFO = draft_info(_xp.__array_namespace_info__, "dask", _kind)

"""The 2026.12 draft's additions for dask arrays (see :mod:`ember_array._versions`).

``top_k`` is a tree reduction (``da.reduction`` with ``split_every``, as ``da.argtopk``), so
no task ever holds or sorts the whole axis: each chunk's exact top ``k`` with its global
indices (numpy's kernels, :func:`ember_array._common._top_k.top_k_last`), then the exact top
``k`` of at most ``split_every`` such candidate sets at each level of the tree, then the
standard's order of the last ``k``. Candidates stay in the order of their global indices, so
ties still go to the lower index.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

import numpy as np

from .. import dask as _xp
from .. import numpy as _np_xp
from .._boundary import guard
from .._common._device_dtypes import checked_creation, draft_info
from .._common._top_k import always, check_top_k, doc, top_k_last
from ..numpy._draft import KERNELS
from ._native import DA

__all__ = ["INFO", "NAMES", "top_k"]

#: One candidate set: values and their global indices along the last axis, in index order.
Pair = tuple[Any, Any]


def _kind(device: Any) -> str:
    """dask's chunks are numpy arrays: CPU memory ("cpu" and array-api-compat's DASK_DEVICE)."""
    return "cpu"


def _paired(b: Any, idx: Any) -> Pair:
    """A chunk and the global indices of its last axis (broadcast: no copy)."""
    return b, np.broadcast_to(idx, b.shape)


def _pairs(found: Any) -> Iterator[Pair]:
    """The candidate sets of a reduction step: one pair, or nested lists of them in order."""
    if isinstance(found, tuple):
        yield found
    else:
        for item in found:
            yield from _pairs(item)


def _best(found: Any, k: int, largest: bool) -> Pair:
    """The exact best ``k`` of the candidate sets ``found`` (all of them where fewer), in the
    order of their global indices: the blocks come in order, so position ties are index ties."""
    parts = list(_pairs(found))
    v = np.concatenate([p[0] for p in parts], axis=-1)
    i = np.concatenate([p[1] for p in parts], axis=-1)
    n = v.shape[-1]
    if n <= k:
        return v, i
    pos = np.sort(top_k_last(_np_xp, v, k, largest, KERNELS, eager=always), axis=-1)
    return np.take_along_axis(v, pos, axis=-1), np.take_along_axis(i, pos, axis=-1)


def _merge(found: Any, *, k: int, largest: bool, axis: Any = None, keepdims: bool = True) -> Pair:
    """``da.reduction``'s chunk and combine step: the best ``k`` of the sets found."""
    return _best(found, k, largest)


def _ranked(
    found: Any, *, k: int, largest: bool, dtype: Any, axis: Any = None, keepdims: bool = True
) -> Any:
    """``da.reduction``'s last step: the best ``k`` in the standard's order, values and
    indices side by side in one record array (split by :func:`_field`)."""
    v, i = _best(found, k, largest)
    pos = top_k_last(_np_xp, v, k, largest, KERNELS, eager=always)
    out = np.empty((*v.shape[:-1], k), dtype=dtype)
    out["v"] = np.take_along_axis(v, pos, axis=-1)
    out["i"] = np.take_along_axis(i, pos, axis=-1)
    return out


def _field(b: Any, name: str) -> Any:
    return np.ascontiguousarray(b[name])


def top_k(x: Any, k: int, /, *, axis: int | None = None, mode: str = "largest") -> tuple[Any, Any]:
    args = check_top_k(_xp, x, k, axis, mode, "dask")
    y = DA.reshape(x, (-1,)) if args.axis is None else DA.moveaxis(x, args.axis, -1)
    outer = y.chunks[:-1]
    if args.k == 0:
        idx = DA.zeros((*y.shape[:-1], 0), dtype=np.int64, chunks=(*outer, (0,)))
        values = y[..., :0]
    else:
        n = y.shape[-1]
        where = DA.arange(n, chunks=(y.chunks[-1],), dtype=np.int64)
        where = where[(None,) * (y.ndim - 1)]
        pairs = DA.map_blocks(
            _paired, y, where, dtype=object, meta=np.empty((0,) * y.ndim, dtype=object)
        )
        record = np.dtype([("v", y.dtype), ("i", np.int64)])
        found = DA.reduction(
            pairs,
            chunk=functools.partial(_merge, k=args.k, largest=args.largest),
            combine=functools.partial(_merge, k=args.k, largest=args.largest),
            aggregate=functools.partial(_ranked, k=args.k, largest=args.largest, dtype=record),
            axis=y.ndim - 1,
            keepdims=True,
            dtype=record,
            concatenate=False,
            output_size=args.k,
            meta=np.empty((0,) * y.ndim, dtype=record),
            name="top_k",
        )
        values = DA.map_blocks(_field, found, "v", dtype=y.dtype)
        idx = DA.map_blocks(_field, found, "i", dtype=np.int64)
    if args.axis is not None:
        values = DA.moveaxis(values, -1, args.axis)
        idx = DA.moveaxis(idx, -1, args.axis)
    return values, idx


top_k.__doc__ = doc(
    "Lazy: a tree of per-chunk top ``k`` (``da.reduction``), never a sort of the axis."
)


#: What the 2026.12 view puts over :mod:`ember_array.dask`: top_k and the creation functions
#: that refuse a dtype their device cannot hold.
NAMES: dict[str, Any] = {
    **checked_creation(_xp, "dask", _kind),
    "top_k": guard(top_k, "top_k", "dask"),
}


#: The 2026.12 view's inspection class: dtypes and default dtypes per device.
INFO = draft_info(_xp.__array_namespace_info__, "dask", _kind)

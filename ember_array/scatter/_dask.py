"""dask's scatter: a numpy partial per block of rows, then dask's tree reduction."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ._checks import Args
from ._numpy import counts_numpy, scatter_numpy

__all__ = ["scatter_dask"]


def _da() -> Any:
    """``dask.array``, imported on first use: dask is untyped, so Any at this boundary."""
    import dask.array

    return dask.array


def _dask_partial(v: Any, idx: Any, a: Args) -> Any:
    # one block: its reduction into every segment (the identity where it has no element)
    return scatter_numpy(v, idx, a)[None]


def _dask_count(idx: Any, segments: int) -> Any:
    import numpy as np

    return counts_numpy(idx.astype(np.intp, copy=False), segments)[None]


def _per_block(
    fn: Callable[..., Any],
    out_ind: tuple[int, ...],
    args: tuple[Any, ...],
    s: int,
    dtype: Any,
    **kwargs: Any,
) -> Any:
    """``da.blockwise`` of ``fn`` over blocks of rows: output index 0 has one row per block,
    index 1 is a new axis of the ``s`` segments."""
    import numpy as np

    return _da().blockwise(
        fn,
        out_ind,
        *args,
        new_axes={out_ind[1]: s},
        adjust_chunks={out_ind[0]: 1},
        dtype=dtype,
        meta=np.empty((0,) * len(out_ind), dtype=dtype),
        **kwargs,
    )


def scatter_dask(values: Any, index: Any, a: Args) -> Any:
    """Chunk-parallel scatter: a partial reduction per block, then a tree reduction.

    Every block of rows is reduced into all segments by the numpy path (empty segments hold
    the identity), and the partials are combined with dask's tree reduction over blocks, so
    the graph grows with the number of chunks, not with the data. Counts (for ``mean`` and
    for a ``fill_value`` other than the identity) are reduced the same way.
    """
    da = _da()
    import numpy as np

    s = a.segments
    v = da.moveaxis(values, a.axis, 0)
    rest = tuple(v.shape[1:])
    if v.shape[0] == 0 or s == 0:
        out = da.full((s, *rest), a.fill, dtype=a.out_dtype)
        return da.moveaxis(out, 0, a.axis)
    # the other axes whole: each partial is one (segments, *rest) block
    v = v.rechunk({d: -1 for d in range(1, v.ndim)})
    idx = index.rechunk((v.chunks[0],))
    init = a.init
    reduce = "sum" if a.reduce == "mean" else a.reduce
    part = replace(a, backend="numpy", reduce=reduce, axis=0, fill=init)
    rows, seg = 0, v.ndim  # blockwise labels: one output row per input block, a new axis
    v_ind = tuple(range(v.ndim))
    partials = _per_block(
        _dask_partial, (rows, seg, *v_ind[1:]), (v, v_ind, idx, (rows,)), s, a.out_dtype, a=part
    )
    if part.reduce == "sum":
        out = da.sum(partials, axis=0, dtype=a.out_dtype)
    elif part.reduce == "prod":
        out = da.prod(partials, axis=0, dtype=a.out_dtype)
    else:
        # np.max/np.min propagate NaN, as np.maximum.at did inside each block
        out = da.max(partials, axis=0) if a.reduce == "max" else da.min(partials, axis=0)
    if a.reduce == "mean" or a.fill != init:
        count = _per_block(_dask_count, (rows, seg), (idx, (rows,)), s, np.intp, segments=s)
        count = count.sum(axis=0)
        count = count.reshape((s,) + (1,) * len(rest))
        if a.reduce == "mean":
            out = out / da.maximum(count, 1).astype(a.out_dtype)
        out = da.where(count > 0, out, np.asarray(a.fill, dtype=a.out_dtype))
    return da.moveaxis(out.astype(a.out_dtype, copy=False), 0, a.axis)

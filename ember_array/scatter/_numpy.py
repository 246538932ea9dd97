"""numpy's scatter: ``ufunc.at`` (exact in the values' dtype), ``np.bincount`` for counts.

Also the kernel of every block of the dask path (:mod:`._dask`).
"""

from __future__ import annotations

import contextlib
import functools
import math
from typing import Any

from .._quiet import quietly
from ._checks import Args, Scalar

__all__ = ["counts_numpy", "scatter_numpy"]


# numpy: ufunc.at has a fast indexed loop for 1-d operands only, rows are ~4x slower;
# https://github.com/numpy/numpy/issues/23176
#: Rows up to this width (with few rows) take one ``ufunc.at`` over rows; wider ones a flat
#: index (measured, float32: 128 x 2 rows 5.3 us, flat 8.3; 64 x 8 rows 7.4, flat 4.8-7.1;
#: 128 x 64 rows 77, flat 19)
_NUMPY_NARROW = 4
#: ... and up to this many rows
_NUMPY_ROWS = 128
#: Elements up to which a flat index (8 bytes an element) is built; above, one ``ufunc.at``
#: per column on contiguous data (4000 x 64: flat 475 us, columns 627, rows 2324)
_NUMPY_FLAT = 1 << 18
#: Indices up to which validity is read from counts rather than ``min`` (two passes, which
#: cost more than one on long indices; on 64 int64 the same ~1 us)
_NUMPY_BINCOUNT = 1024


def _numpy_at(ufunc: Any, v: Any, idx: Any, size: int, init: Scalar, *, checked: bool) -> Any:
    """``ufunc.at`` of rows ``v`` at ``idx`` into a new ``(size, *rest)`` buffer of ``init``.

    Exact in the values' dtype, elements combined in input order. numpy's ``ufunc.at`` is
    fast on 1-d operands only (since numpy 1.25) and ~4x slower on rows, so 2-d values go
    through flat indices, or one column at a time where a flat index would be large.
    ``checked``: every index is known to lie in ``[0, size)``; otherwise raises
    ``IndexError`` for an index outside ``[-size, size)``, as ``ufunc.at`` does.
    """
    import numpy as np

    n, rest = v.shape[0], v.shape[1:]
    width = math.prod(rest)
    buf = np.zeros((size, *rest), v.dtype) if init == 0 else np.full((size, *rest), init, v.dtype)
    if v.ndim == 1 or width == 1 or n == 0:
        ufunc.at(
            buf.reshape(size) if width == 1 and v.ndim > 1 else buf,
            idx,
            v.reshape(n) if width == 1 else v,
        )
        return buf
    if width <= _NUMPY_NARROW and n <= _NUMPY_ROWS:
        # few narrow rows: one ufunc.at over rows beats building a flat index
        ufunc.at(buf, idx, v)
        return buf
    flat = v.reshape(n, width)
    if n * width > _NUMPY_FLAT or (width <= _NUMPY_NARROW and not checked):
        # a flat index would cost 8 bytes an element: one ufunc.at per column instead
        cols = np.ascontiguousarray(flat.T)
        by_col = np.moveaxis(buf.reshape(size, width), 0, 1)
        for j in range(width):
            ufunc.at(by_col[j], idx, cols[j])
        return buf
    if not checked and (idx.min() < 0 or idx.max() >= size):
        raise IndexError("index out of range")  # flat indices would land in other rows
    flat_idx = (idx[:, None] * width + _columns(width)).reshape(-1)
    ufunc.at(buf.reshape(-1), flat_idx, flat.reshape(-1))
    return buf


@functools.lru_cache(maxsize=64)
def _columns(width: int) -> Any:
    """``arange(width)`` (intp), read-only: the column offsets of a flat index (~0.6 us a call
    made anew)."""
    import numpy as np

    cols = np.arange(width, dtype=np.intp)
    cols.flags.writeable = False
    return cols


_EXTREMA = frozenset(("max", "min"))
_NO_CONTEXT = contextlib.nullcontext()  # reusable: it holds no state

#: reduce -> the numpy ufunc that combines two values
_UFUNCS = {"sum": "add", "mean": "add", "prod": "multiply", "max": "maximum", "min": "minimum"}


def scatter_numpy(values: Any, index: Any, a: Args) -> Any:
    """numpy's ``ufunc.at`` (exact in the values' dtype) with invalid indices dropped.

    Valid indices, the common case, cost one pass over the index: counts with a spare slot
    for invalid indices where the counts are needed anyway (a mean) or the index is short (it
    costs there what a ``min`` does, and tells that every index is in range, which lets a flat
    index be built), else a ``min`` (no negative index, which ``ufunc.at`` would wrap around;
    ``ufunc.at`` itself raises on an index ``>= num_segments``, and then the scatter is redone
    with every invalid index sent to a spare segment). Empty segments are counted only when
    some segment still holds the initial value and ``fill_value`` differs from it.
    """
    import numpy as np

    s = a.segments
    idx = index.astype(np.intp, copy=False)
    v = values.astype(a.out_dtype, copy=False)
    if a.axis:
        v = np.moveaxis(v, a.axis, 0)
    rest = v.shape[1:]
    init = a.init
    ufunc = getattr(np, _UFUNCS[a.reduce])
    count = None
    valid = True
    if a.reduce == "mean" or idx.shape[0] <= _NUMPY_BINCOUNT:
        # the counts, and with them whether every index is valid (none in the spare slot)
        spare = np.bincount(_numpy_spare(idx, s), minlength=s + 1)
        count, valid = spare[:s], not spare[s]
    elif idx.shape[0] and idx.min() < 0:
        # ufunc.at wraps negative indices, and any other read of them costs the same
        # (~90 us per 2**20 int64)
        valid = False
    # np.maximum/np.minimum propagate NaN (as promised) but warn at one
    with np.errstate(invalid="ignore") if a.reduce in _EXTREMA else _NO_CONTEXT:
        if valid:
            try:
                out = _numpy_at(ufunc, v, idx, s, init, checked=count is not None)
            except IndexError:  # an index >= s
                valid = False
        if not valid:
            out = _numpy_at(ufunc, v, _numpy_spare(idx, s), s + 1, init, checked=True)[:s]
    if a.reduce == "mean" or (a.fill != init and bool(np.any(out == init))):
        # a segment holds init: empty, or reduced to init; counts tell which
        if count is None:
            count = np.bincount(idx, minlength=s) if valid else counts_numpy(idx, s)
        count = count.reshape((s,) + (1,) * len(rest))
        if a.empty_mean_is_nan:
            # the count cast to the values' dtype, as numpy's mean divides; 0 / 0 is the NaN
            # fill (~2.8 us less than a clamp and a where at 16 x 8), silently
            return _moved(quietly(np.divide, out, count, dtype=a.out_dtype), a.axis)
        if a.reduce == "mean":
            out = np.divide(out, np.maximum(count, 1), dtype=a.out_dtype)
        if not a.empty_mean_is_fill:
            out = np.where(count > 0, out, np.asarray(a.fill, dtype=a.out_dtype))
    return _moved(out, a.axis)


def _moved(out: Any, axis: int) -> Any:
    """The segments of ``out`` (on axis 0) moved back to ``axis``."""
    import numpy as np

    return np.moveaxis(out, 0, axis) if axis else out


def _numpy_spare(idx: Any, s: int) -> Any:
    """``idx`` (intp) with every index outside ``[0, s)`` sent to the spare segment ``s``: viewed
    as unsigned, negatives become huge, so one ``min(idx, s)`` takes both kinds."""
    import numpy as np

    return np.minimum(idx.view(np.uintp), s).view(np.intp)


def counts_numpy(idx: Any, s: int) -> Any:
    """Elements per segment ``0 .. s - 1`` of an intp index (invalid indices not counted)."""
    import numpy as np

    return np.bincount(_numpy_spare(idx, s), minlength=s + 1)[:s]

"""numpy's scatter: ``ufunc.at`` (exact in the values' dtype), ``np.bincount`` for counts.

Also the kernel of every block of the dask path (:mod:`._dask`).
"""

from __future__ import annotations

import contextlib
import math
from typing import Any

from ._checks import Args, Scalar, identity, is_plus_zero

__all__ = ["counts_numpy", "scatter_numpy"]


# numpy: ufunc.at has a fast indexed loop for 1-d operands only, rows are ~4x slower;
# https://github.com/numpy/numpy/issues/23176
#: Trailing widths up to this scatter column by column (one ``ufunc.at`` per column on
#: contiguous data, 3-4x faster than ``ufunc.at`` over rows); wider ones use flat indices.
_NUMPY_COLUMNS = 64
#: Up to this many rows, one ``ufunc.at`` over rows (its ~1 us call overhead paid once, not
#: per column) is the faster form (measured: 64 x 8 float32, 7 us against 10 us)
_NUMPY_ROWS = 128


def _numpy_at(ufunc: Any, v: Any, idx: Any, size: int, init: Scalar) -> Any:
    """``ufunc.at`` of rows ``v`` at ``idx`` into a new ``(size, *rest)`` buffer of ``init``.

    Exact in the values' dtype, elements combined in input order. numpy's ``ufunc.at`` is
    fast on 1-d operands only (since numpy 1.25) and ~4x slower on rows, so 2-d values go
    one column at a time, or through flat indices when there are many columns. Raises
    ``IndexError`` for an index outside ``[-size, size)``, as ``ufunc.at`` does.
    """
    import numpy as np

    n, rest = v.shape[0], v.shape[1:]
    width = math.prod(rest)
    if v.ndim > 1 and width > 1 and n <= _NUMPY_ROWS:
        # few rows: one ufunc.at over rows beats a call per column
        buf = np.full((size, *rest), init, dtype=v.dtype)
        ufunc.at(buf, idx, v)
        return buf
    if v.ndim == 1 or width == 1 or n == 0:
        buf = np.full((size, *rest), init, dtype=v.dtype)
        ufunc.at(
            buf.reshape(size) if width == 1 and v.ndim > 1 else buf,
            idx,
            v.reshape(n) if width == 1 else v,
        )
        return buf
    flat = v.reshape(n, width)
    if width <= _NUMPY_COLUMNS:
        cols = np.ascontiguousarray(flat.T)
        buf = np.full((width, size), init, dtype=v.dtype)
        for j in range(width):
            ufunc.at(buf[j], idx, cols[j])
        return buf.T.reshape((size, *rest))
    if idx.min() < 0 or idx.max() >= size:
        raise IndexError("index out of range")  # flat indices would land in other rows
    buf = np.full(size * width, init, dtype=v.dtype)
    ufunc.at(buf, (idx[:, None] * width + np.arange(width)).reshape(-1), flat.reshape(-1))
    return buf.reshape((size, *rest))


#: reduce -> the numpy ufunc that combines two values
_UFUNCS = {"sum": "add", "mean": "add", "prod": "multiply", "max": "maximum", "min": "minimum"}


def scatter_numpy(values: Any, index: Any, a: Args) -> Any:
    """numpy's ``ufunc.at`` (exact in the values' dtype) with invalid indices dropped.

    Valid indices, the common case, cost one ``min`` pass over the index (no negative one,
    which ``ufunc.at`` would wrap around) and nothing else: ``ufunc.at`` itself raises on an
    index ``>= num_segments``, and then the scatter is redone with every invalid index sent
    to a spare segment. Empty segments are counted only when some segment still holds the
    initial value and ``fill_value`` differs from it.
    """
    import numpy as np

    s = a.segments
    idx = index.astype(np.intp, copy=False)
    v = values.astype(a.out_dtype, copy=False)
    if a.axis:
        v = np.moveaxis(v, a.axis, 0)
    rest = v.shape[1:]
    init = identity(np.iinfo, a.reduce, a.out_dtype, a.kind)
    extremum = a.reduce in ("max", "min")
    ufunc = getattr(np, _UFUNCS[a.reduce])
    valid = True
    # np.maximum/np.minimum propagate NaN (as promised) but warn at one
    with np.errstate(invalid="ignore") if extremum else contextlib.nullcontext():
        try:
            # one pass over the index, the only cost of safety here: ufunc.at wraps negative
            # indices, and any other read of them costs the same (~90 us per 2**20 int64)
            if idx.shape[0] and idx.min() < 0:
                raise IndexError("negative index")
            out = _numpy_at(ufunc, v, idx, s, init)
        except IndexError:
            valid = False
            out = _numpy_at(ufunc, v, _numpy_spare(idx, s), s + 1, init)[:s]
    if a.reduce == "mean" or (a.fill != init and bool(np.any(out == init))):
        # a segment holds init: empty, or reduced to init; counts tell which (every index
        # valid: np.bincount takes it as it is)
        count = np.bincount(idx, minlength=s) if valid else counts_numpy(idx, s)
        count = count.reshape((s,) + (1,) * len(rest))
        if a.reduce == "mean":
            out = out / np.maximum(count, 1).astype(a.out_dtype)
        if not (a.reduce == "mean" and is_plus_zero(a.fill)):  # empty means are 0 / 1 = +0
            out = np.where(count > 0, out, np.asarray(a.fill, dtype=a.out_dtype))
    return np.moveaxis(out, 0, a.axis) if a.axis else out


def _numpy_spare(idx: Any, s: int) -> Any:
    """``idx`` (intp) with every index outside ``[0, s)`` sent to the spare segment ``s``: viewed
    as unsigned, negatives become huge, so one ``min(idx, s)`` takes both kinds."""
    import numpy as np

    return np.minimum(idx.view(np.uintp), s).view(np.intp)


def counts_numpy(idx: Any, s: int) -> Any:
    """Elements per segment ``0 .. s - 1`` of an intp index (invalid indices not counted)."""
    import numpy as np

    return np.bincount(_numpy_spare(idx, s), minlength=s + 1)[:s]

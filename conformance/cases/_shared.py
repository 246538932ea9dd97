"""Draws and scales that more than one section's cases use."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from .._backends import D
from .._strategies import INT, NONEMPTY, array, axis_for


def magnitude(*arrays: np.ndarray) -> float:
    """Sum of finite absolute values of the inputs (floor 1): the scale of a sum's error."""
    total = 1.0
    for a in arrays:
        with np.errstate(all="ignore"):
            v = np.abs(np.asarray(a, dtype=np.complex128))
        total += float(np.sum(v[np.isfinite(v)]))
    return total


def int_half(dtype: str) -> dict[str, Any]:
    """Bounds keeping integer sums in range (overflow is implementation-defined)."""
    if dtype in INT:
        ii = np.iinfo(dtype)
        return {"lo": ii.min // 2, "hi": ii.max // 2}
    return {}


def matrices(d: st.DrawFn, dtype: str, **bounds: Any) -> np.ndarray:
    shape = d(hnp.array_shapes(min_dims=2, max_dims=4, min_side=0, max_side=4))
    return array(d, dtype, shape, **bounds)


def reduce_args(d: st.DrawFn, x: np.ndarray, *, tuples: bool = True) -> dict[str, Any]:
    return {"axis": axis_for(d, x.ndim, tuples=tuples), "keepdims": d(st.booleans())}


def nonempty_along(d: st.DrawFn, dtype: str, **bounds: Any) -> tuple[np.ndarray, Any]:
    """An array and an axis (int or None) along which it is not empty."""
    x = array(d, dtype, d(NONEMPTY), **bounds)
    return x, axis_for(d, x.ndim, tuples=False)


def sum_dtype(d: st.DrawFn, dtype: str) -> D | None:
    """``dtype=None`` (the default rule) or the widest dtype of the same kind."""
    wide = {"i": "int64", "u": "uint64", "f": "float64", "c": "complex128"}
    return d(st.sampled_from([None, D(wide[np.dtype(dtype).kind])]))

"""Indexing functions: ``take`` and ``take_along_axis``."""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from .._strategies import ALL, NONEMPTY, array
from ._registry import Call, case


@case("take", ALL)
def _take(d: st.DrawFn, dtype: str) -> Call:
    x = array(d, dtype, d(NONEMPTY))
    axis = d(st.integers(-x.ndim, x.ndim - 1)) if x.ndim else None
    if x.ndim == 0:
        x = x.reshape(1)
        axis = 0
    assert axis is not None  # drawn for ndim > 0, set above for 0-d
    n = x.shape[axis]
    idx = d(hnp.arrays(np.int64, (d(st.integers(0, 5)),), elements=st.integers(-n, n - 1)))
    return Call((x, idx), {"axis": axis} if x.ndim > 1 or d(st.booleans()) else {})


@case("take_along_axis", ALL)
def _take_along_axis(d: st.DrawFn, dtype: str) -> Call:
    x = array(d, dtype, d(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1)))
    axis = d(st.integers(-x.ndim, x.ndim - 1))
    shape = list(x.shape)
    n = shape[axis]
    shape[axis] = d(st.integers(0, 4))
    idx = d(hnp.arrays(np.int64, tuple(shape), elements=st.integers(-n, n - 1)))
    return Call((x, idx), {"axis": axis})

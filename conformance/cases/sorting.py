"""Sorting functions: ``argsort`` and ``sort``."""

from __future__ import annotations

from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from .._strategies import REAL, array
from ._registry import Call, add_case

for _name in ("argsort", "sort"):

    def _sort(d: st.DrawFn, dtype: str) -> Call:
        x = array(d, dtype, d(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0)), lo=-4, hi=4)
        return Call(
            (x,), {"axis": d(st.integers(-x.ndim, x.ndim - 1)), "descending": d(st.booleans())}
        )

    add_case(_name, REAL, _sort, note="default stable=True: ties are ordered, so exact")

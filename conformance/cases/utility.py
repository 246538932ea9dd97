"""Utility functions: ``all``, ``any``, ``diff``."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from .._strategies import ALL, REAL, SHAPES, UNSIGNED, array
from ._registry import Call, add_case, case
from ._shared import int_half, magnitude, reduce_args

for _name in ("all", "any"):

    def _all(d: st.DrawFn, dtype: str) -> Call:
        x = array(d, dtype, d(SHAPES))
        return Call((x,), reduce_args(d, x))

    add_case(_name, ALL, _all)


@case("diff", REAL)
def _diff(d: st.DrawFn, dtype: str) -> Call:
    bounds = int_half(dtype) if dtype not in UNSIGNED else {}
    x = array(d, dtype, d(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0)), **bounds)
    axis = d(st.integers(-x.ndim, x.ndim - 1))
    kwargs: dict[str, Any] = {"axis": axis, "n": d(st.integers(1, 2))}
    for key in ("prepend", "append"):
        if d(st.booleans()):
            shape = list(x.shape)
            shape[axis] = d(st.integers(0, 2))
            kwargs[key] = array(d, dtype, tuple(shape), **bounds)
    if dtype in UNSIGNED:  # differences of unsigned values wrap (implementation-defined)
        kwargs = {"axis": axis}
        x = np.sort(x, axis=axis)
    return Call((x,), kwargs, scale=magnitude(x))

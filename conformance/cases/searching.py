"""Searching functions: ``argmax``/``argmin``, ``count_nonzero``, ``nonzero``, ``searchsorted``,
``where``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from .._strategies import ALL, REAL, SHAPES, array
from ._registry import Call, add_case, case
from ._shared import nonempty_along, reduce_args

for _name in ("argmax", "argmin"):

    def _argmax(d: st.DrawFn, dtype: str) -> Call:
        x, axis = nonempty_along(d, dtype, specials=False)
        return Call((x,), {"axis": axis, "keepdims": d(st.booleans())})

    add_case(_name, REAL, _argmax, note="NaN is not drawn: the standard leaves argmax(NaN) open")


@case("count_nonzero", ALL)
def _count_nonzero(d: st.DrawFn, dtype: str) -> Call:
    x = array(d, dtype, d(SHAPES))
    return Call((x,), reduce_args(d, x))


@case("nonzero", ALL)
def _nonzero(d: st.DrawFn, dtype: str) -> Call:
    return Call((array(d, dtype, d(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0))),))


@case("searchsorted", REAL)
def _searchsorted(d: st.DrawFn, dtype: str) -> Call:
    x1 = np.sort(array(d, dtype, (d(st.integers(0, 6)),), specials=False))
    x2: Any = array(d, dtype, d(SHAPES), specials=False)
    kwargs: dict[str, Any] = {"side": d(st.sampled_from(["left", "right"]))}
    if d(st.booleans()):  # unsorted x1 with a sorter
        perm = np.asarray(d(st.permutations(range(x1.size))), dtype=np.int64)
        inverse = np.empty_like(perm)
        inverse[perm] = np.arange(perm.size)
        x1, kwargs["sorter"] = x1[inverse], np.argsort(x1[inverse], stable=True)
    return Call((x1, x2), kwargs)


@case("where", ALL)
def _where(d: st.DrawFn, dtype: str) -> Call:
    shapes = d(hnp.mutually_broadcastable_shapes(num_shapes=3, max_dims=3, max_side=3))
    s0, s1, s2 = shapes.input_shapes
    return Call((array(d, "bool", s0), array(d, dtype, s1), array(d, dtype, s2)))

"""Linear algebra functions of the main namespace: ``matmul``, ``matrix_transpose``,
``tensordot``, ``vecdot`` (``linalg`` repeats them with the same draws).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from .._compare import Tol
from .._strategies import ALL, INT, NUMERIC, REAL_FLOAT, UNSIGNED, array
from ._registry import Call, case
from ._shared import matrices

#: Matrix products: an absolute error of eps * k * max|a| * max|b| (order of the k-term sums).
PRODUCT = Tol(ulps=8, atol=8)
INT_SMALL = {"lo": -10, "hi": 10}


def linalg_bounds(dtype: str) -> dict[str, Any]:
    """Finite, moderate values: BLAS kernels may skip zeros, so inf * 0 is not comparable."""
    if dtype in INT:
        return {"lo": 0, "hi": 10} if dtype in UNSIGNED else INT_SMALL
    return {"lo": -10, "hi": 10, "specials": False} if dtype in REAL_FLOAT else {"hi": 10}


def product_scale(k: int, *arrays: np.ndarray) -> float:
    peak = [float(np.max(np.abs(a))) if a.size else 1.0 for a in arrays]
    return max(k, 1) * float(np.prod(peak)) + 1.0


@case("matmul", NUMERIC, tol=PRODUCT)
def draw_matmul(d: st.DrawFn, dtype: str) -> Call:
    n, k, m = (d(st.integers(0 if i == 1 else 1, 4)) for i in range(3))
    batch = d(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=2, max_side=3))
    s1 = (k,) if d(st.booleans()) else batch.input_shapes[0] + (n, k)
    s2 = (k,) if d(st.booleans()) and len(s1) > 1 else batch.input_shapes[1] + (k, m)
    x1 = array(d, dtype, s1, **linalg_bounds(dtype))
    x2 = array(d, dtype, s2, **linalg_bounds(dtype))
    return Call((x1, x2), scale=product_scale(k, x1, x2))


@case("matrix_transpose", ALL)
def draw_matrix_transpose(d: st.DrawFn, dtype: str) -> Call:
    return Call((matrices(d, dtype),))


@case("tensordot", NUMERIC, tol=PRODUCT)
def draw_tensordot(d: st.DrawFn, dtype: str) -> Call:
    shared = d(st.lists(st.integers(1, 3), max_size=2))
    s1 = d(st.lists(st.integers(1, 3), max_size=2)) + shared
    s2 = shared + d(st.lists(st.integers(1, 3), max_size=2))
    x1 = array(d, dtype, tuple(s1), **linalg_bounds(dtype))
    x2 = array(d, dtype, tuple(s2), **linalg_bounds(dtype))
    k = int(np.prod(shared)) if shared else 1
    if d(st.booleans()):
        axes: Any = len(shared)
    else:
        axes = (list(range(len(s1) - len(shared), len(s1))), list(range(len(shared))))
    return Call((x1, x2), {"axes": axes}, scale=product_scale(k, x1, x2))


@case("vecdot", NUMERIC, tol=PRODUCT)
def draw_vecdot(d: st.DrawFn, dtype: str) -> Call:
    shapes = d(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=1, max_dims=3,
                                                 max_side=3))  # fmt: skip
    s1, s2 = (list(s) for s in shapes.input_shapes)
    axis = -1
    k = d(st.integers(1, 4))
    s1[axis] = s2[axis] = k
    x1 = array(d, dtype, tuple(s1), **linalg_bounds(dtype))
    x2 = array(d, dtype, tuple(s2), **linalg_bounds(dtype))
    return Call((x1, x2), {"axis": axis}, scale=product_scale(k, x1, x2))

"""Statistical functions: ``sum``/``prod``, ``max``/``min``, ``mean``, ``std``/``var``,
``cumulative_sum``/``cumulative_prod``; float results allow an absolute error in units of
``eps * magnitude * n`` (summation order is free).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from .._compare import Tol
from .._strategies import COMPLEX, FLOAT, INT, NUMERIC, REAL, REAL_FLOAT, SHAPES, array
from ._registry import Call, add_case, case
from ._shared import magnitude, nonempty_along, reduce_args, sum_dtype


def _summable(dtype: str) -> dict[str, Any]:
    return {"lo": -100, "hi": 100} if dtype in INT or dtype in COMPLEX else {"lo": -1e3, "hi": 1e3}


def _prod_bounds(dtype: str) -> dict[str, Any]:
    """Up to 64 factors: integers in [-1, 1] cannot overflow, floats in [-2, 2] cannot.

    No specials: whether ``tiny * tiny * inf`` is NaN or inf depends on the accumulation
    precision (torch multiplies float32 in float64), which the standard leaves open.
    """
    return {"lo": -1, "hi": 1} if dtype in INT else {"lo": -2, "hi": 2, "specials": False}


for _name in ("sum", "prod"):

    def _sum(d: st.DrawFn, dtype: str, _name: str = _name) -> Call:
        bounds = _summable(dtype) if _name == "sum" else _prod_bounds(dtype)
        x = array(d, dtype, d(SHAPES), **bounds)
        kwargs = reduce_args(d, x) | {"dtype": sum_dtype(d, dtype)}
        return Call((x,), kwargs, scale=magnitude(x) if _name == "sum" else 1.0)

    add_case(
        _name,
        NUMERIC,
        _sum,
        tol=Tol(ulps=16, atol=16),
        note="floats: an absolute error of 16 eps * sum|x| (summation order is free)",
    )

for _name in ("max", "min"):

    def _max(d: st.DrawFn, dtype: str) -> Call:
        x, axis = nonempty_along(d, dtype)
        return Call((x,), {"axis": axis, "keepdims": d(st.booleans())})

    add_case(_name, REAL, _max)


@case("mean", FLOAT, tol=Tol(ulps=16, atol=16))
def _mean(d: st.DrawFn, dtype: str) -> Call:
    x, axis = nonempty_along(d, dtype, **_summable(dtype))
    return Call((x,), {"axis": axis, "keepdims": d(st.booleans())}, scale=magnitude(x))


for _name in ("std", "var"):

    def _var(d: st.DrawFn, dtype: str) -> Call:
        x = array(d, dtype, d(hnp.array_shapes(min_dims=1, max_dims=3, min_side=3)), lo=-100,
                  hi=100, specials=False)  # fmt: skip
        kwargs = reduce_args(d, x, tuples=False) | {"correction": d(st.sampled_from([0, 1, 0.5]))}
        return Call((x,), kwargs, scale=float(np.sum(np.square(x.astype(np.float64)))) + 1)

    add_case(_name, REAL_FLOAT, _var, tol=Tol(ulps=16, atol=64))


for _name in ("cumulative_sum", "cumulative_prod"):

    def _cumulative(d: st.DrawFn, dtype: str, _name: str = _name) -> Call:
        bounds = _summable(dtype) if _name == "cumulative_sum" else _prod_bounds(dtype)
        x = array(d, dtype, d(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0)), **bounds)
        kwargs: dict[str, Any] = {"include_initial": d(st.booleans())}
        if x.ndim != 1 or d(st.booleans()):
            kwargs["axis"] = d(st.integers(-x.ndim, x.ndim - 1))
        kwargs["dtype"] = sum_dtype(d, dtype)
        return Call((x,), kwargs, scale=magnitude(x) if _name == "cumulative_sum" else 1.0)

    add_case(_name, NUMERIC, _cumulative, tol=Tol(ulps=16, atol=16))

"""Set functions: ``isin`` and the ``unique_*`` family (whose order is unspecified)."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st

from .._compare import assert_close
from .._strategies import BOOL, INT, REAL, SHAPES, array
from ._registry import Call, add_case, case


def _isin_oracle(ref: Any, call: Call) -> Any:
    """array-api-strict 2.6.1's ``isin`` ignores ``invert``: invert its plain answer."""
    out = ref.to_numpy(ref.call("isin", call.args, {}))
    return np.asarray(~out) if call.kwargs.get("invert") else out


@case("isin", INT, oracle=_isin_oracle)
def _isin(d: st.DrawFn, dtype: str) -> Call:
    x1 = array(d, dtype, d(SHAPES), lo=-5, hi=5)
    x2 = array(d, dtype, d(SHAPES), lo=-5, hi=5)
    return Call((x1, x2), {"invert": d(st.booleans())})


def _sorted_values(v: np.ndarray) -> np.ndarray:
    return np.sort(v.ravel())


def _unique_values_check(actual: Any, expected: Any, call: Call, dtype: str) -> None:
    """Order is unspecified: compare the sorted values (NaNs are distinct, so all kept)."""
    assert_close(_sorted_values(actual), _sorted_values(expected))
    assert actual.ndim == 1


def _unique_full_check(actual: Any, expected: Any, call: Call, dtype: str) -> None:
    """Order is unspecified: check each field against the input, then the values as sets."""
    x = np.asarray(call.args[0])
    assert actual._fields == expected._fields, actual._fields
    got = actual._asdict()
    values = got["values"]
    assert_close(_sorted_values(values), _sorted_values(expected.values))
    for key, ref in expected._asdict().items():
        assert got[key].dtype == ref.dtype, f"{key}: dtype {got[key].dtype}, expected {ref.dtype}"
    if "indices" in got:
        assert_close(x.ravel()[got["indices"]], values)
    if "inverse_indices" in got:
        assert got["inverse_indices"].shape == x.shape
        assert_close(values[got["inverse_indices"]], x)
    if "counts" in got:
        ref = dict(zip(expected.values.tolist(), expected.counts.tolist(), strict=True))
        mine = dict(zip(values.tolist(), got["counts"].tolist(), strict=True))
        finite = {k: v for k, v in ref.items() if k == k}
        assert {k: v for k, v in mine.items() if k == k} == finite
        assert sum(got["counts"].tolist()) == x.size


def _unique_draw(d: st.DrawFn, dtype: str) -> Call:
    return Call((array(d, dtype, d(SHAPES), lo=-3, hi=3),))


add_case("unique_values", REAL + BOOL, _unique_draw, check=_unique_values_check)
for _name in ("unique_all", "unique_counts", "unique_inverse"):
    add_case(_name, REAL + BOOL, _unique_draw, check=_unique_full_check)

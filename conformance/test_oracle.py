"""Every function of the 2025.12 standard against array-api-strict, on every backend.

One test per (backend, function, dtype): hypothesis draws the arguments (shapes with 0-d and
empty arrays and broadcasting, values with signed zeros, infinities, NaN, the largest and the
subnormal values), the same call runs on the backend and on array-api-strict, and shape, dtype
and values must agree (``cases/`` documents each function's tolerance).  ``strict`` itself
is the control: it always passes, which proves every case draws valid inputs.
"""

from __future__ import annotations

from typing import Any, cast

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from ._backends import BACKENDS, load, oracle
from ._hypothesis import conformance_examples
from .cases import CASES

PARAMS = [
    pytest.param(b, name, dtype, id=f"{b}-{name}-{dtype}" if dtype else f"{b}-{name}")
    for b in BACKENDS
    for name, case in CASES.items()
    for dtype in case.dtypes
]


@pytest.mark.parametrize(("backend", "name", "dtype"), PARAMS)
def test_oracle(backend: str, name: str, dtype: str) -> None:
    """``name`` at ``dtype`` gives array-api-strict's result on ``backend``."""
    be = load(backend)
    ref = oracle()
    reason = be.skip_reason(dtype, name)
    if reason:
        pytest.skip(reason)
    case = CASES[name]

    @settings(max_examples=conformance_examples())
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        call = case.draw(cast(st.DrawFn, data.draw), dtype)  # a DrawFn, less __signature__
        if not be.can_represent((call.args, call.kwargs)):
            reject()  # e.g. a complex128 second argument on mlx
        expected: Any = case.expected(ref, call)
        actual: Any = be.to_numpy(be.call(name, call.args, call.kwargs))
        case.compare(actual, expected, call, dtype)

    check()

"""Cross-backend consistency: one input, the same answer on numpy, torch and mlx.

``test_oracle`` compares each backend with array-api-strict on examples drawn per test; here
every function of the standard runs on one drawn input on *all* installed backends at once,
and each answer must match ember_array.numpy's within the case's tolerance — what a user of a
backend-agnostic function relies on.  A backend whose oracle test for the same function and
dtype is an expected failure (``xfails/<backend>.txt``) or cannot represent the dtype sits
that example out; what the standard leaves implementation-defined is recorded in
``test_implementation_defined.py`` instead.
"""

from __future__ import annotations

from typing import Any, cast

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from ._backends import NamespaceUnderTest, _load, selected
from ._hypothesis import conformance_examples
from .cases import CASES
from .conftest import read_xfails

EMBER = ("numpy", "torch", "mlx")


def _participants(name: str, dtype: str) -> list[NamespaceUnderTest]:
    found = []
    for b in EMBER:
        if b not in selected():
            continue
        be = _load(b)
        if isinstance(be, str) or be.skip_reason(dtype, name):
            continue
        oracle_id = (
            f"test_oracle.py::test_oracle[{b}-{name}-{dtype}]"
            if dtype
            else (f"test_oracle.py::test_oracle[{b}-{name}]")
        )
        if oracle_id in read_xfails(b):
            continue
        found.append(be)
    return found


@pytest.mark.parametrize(
    ("name", "dtype"),
    [
        pytest.param(name, dtype, id=f"{name}-{dtype}" if dtype else name)
        for name, case in CASES.items()
        for dtype in case.dtypes
    ],
)
def test_same_answer_on_every_backend(name: str, dtype: str) -> None:
    """``name`` at ``dtype`` gives ember_array.numpy's answer on torch and mlx."""
    backends = _participants(name, dtype)
    if len(backends) < 2 or backends[0].name != "numpy":
        pytest.skip(f"needs numpy and another backend for {name} at {dtype}")
    reference, others = backends[0], backends[1:]
    case = CASES[name]
    examples = max(3, conformance_examples() // 3)

    @settings(max_examples=examples)
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        call = case.draw(cast(st.DrawFn, data.draw), dtype)  # a DrawFn, less __signature__
        if not all(be.can_represent((call.args, call.kwargs)) for be in others):
            reject()
        expected: Any = reference.to_numpy(reference.call(name, call.args, call.kwargs))
        for be in others:
            actual = be.to_numpy(be.call(name, call.args, call.kwargs))
            try:
                case.compare(actual, expected, call, dtype)
            except AssertionError as exc:
                raise AssertionError(f"{be.name} differs from numpy: {exc}") from None

    check()

"""The case registry: what a case is, and the decorators that add one to :data:`CASES`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from .._compare import EXACT, Tol, assert_close


@dataclass
class Call:
    """The arguments of one call, plus the magnitude used for absolute tolerances."""

    args: tuple[Any, ...]
    kwargs: dict[str, Any] = field(default_factory=dict)
    scale: float = 1.0


Check = Callable[[Any, Any, Call, str], None]


@dataclass(frozen=True)
class Case:
    """How one standard function is checked; see the module docstring."""

    name: str
    dtypes: tuple[str, ...]
    draw: Callable[[st.DrawFn, str], Call]
    tol: Tol | Callable[[str], Tol] = EXACT
    check: Check | None = None
    note: str = ""
    #: Replaces the plain oracle call where array-api-strict itself departs from the standard.
    oracle: Callable[[Any, Call], Any] | None = None

    def expected(self, ref: Any, call: Call) -> Any:
        """The oracle's result (read back as numpy) for ``call``; ``ref`` is array-api-strict."""
        if self.oracle is not None:
            return self.oracle(ref, call)
        return ref.to_numpy(ref.call(self.name, call.args, call.kwargs))

    def tolerance(self, dtype: str) -> Tol:
        """The tolerance at ``dtype``."""
        return self.tol(dtype) if callable(self.tol) else self.tol

    def compare(self, actual: Any, expected: Any, call: Call, dtype: str) -> None:
        """Assert the backend's result matches the oracle's."""
        if self.check is not None:
            self.check(actual, expected, call, dtype)
        else:
            assert_close(actual, expected, self.tolerance(dtype), scale=call.scale)


CASES: dict[str, Case] = {}


def case(name: str, dtypes: tuple[str, ...] = ("",), **kw: Any) -> Callable[..., Any]:
    """Register the decorated draw function as the case of ``name``."""

    def deco(draw: Callable[[st.DrawFn, str], Call]) -> Callable[[st.DrawFn, str], Call]:
        assert name not in CASES, name
        CASES[name] = Case(name, dtypes, draw, **kw)
        return draw

    return deco


def add_case(name: str, dtypes: tuple[str, ...], draw: Callable[..., Call], **kw: Any) -> None:
    """Register ``draw`` as the case of ``name`` (for families sharing one draw)."""
    case(name, dtypes, **kw)(draw)

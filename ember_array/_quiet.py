"""numpy calls with its floating-point warnings off, at a hot path's price.

``with np.errstate(...)`` builds numpy's error state anew on each entry: 0.9 us alone, and
2-3 us between other array calls (measured on numpy 2.4 around a 64 x 64 ``np.sqrt``, which
takes 1.8 us itself). numpy >= 2.0 keeps that state in a context variable, so a state made
once can be set and reset directly: per thread and per asyncio task, as ``np.errstate`` is.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, TypeVar

import numpy as np

__all__ = ["quietly"]

_T = TypeVar("_T")


def _quiet_state() -> tuple[ContextVar[Any], Any] | None:
    """numpy's error-state variable and a state that ignores every floating-point error, or
    None where this numpy keeps them elsewhere (then :func:`quietly` uses ``np.errstate``)."""
    try:
        # numpy: the state is private (numpy/_core/_ufunc_config.py); np.errstate sets it so
        from numpy._core._ufunc_config import (  # type: ignore[attr-defined]
            _extobj_contextvar,
            _make_extobj,
        )

        return _extobj_contextvar, _make_extobj(all="ignore")
    except (ImportError, AttributeError, TypeError):
        return None


_STATE = _quiet_state()


def quietly(func: Callable[..., _T], /, *args: Any, **kwargs: Any) -> _T:
    """``func(*args, **kwargs)`` under ``np.errstate(all="ignore")``.

    For functions whose floating-point flags carry no news: a NaN the standard asks for (the
    square root of a negative number) is the result, not an accident to warn about.
    """
    if _STATE is None:
        with np.errstate(all="ignore"):
            return func(*args, **kwargs)
    var, state = _STATE
    token = var.set(state)
    try:
        return func(*args, **kwargs)
    finally:
        var.reset(token)

"""Checks that run once per combination of the arguments they read.

A shim's argument checks mostly read types, dtypes, ``ndim`` and plain Python arguments; their
answer (a small frozen dataclass) is the same on every call with the same of those.
:func:`remembered` keeps it per key, so that a call pays a dict lookup instead of the checks.
Nothing here imports from the rest of the package.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import ParamSpec, TypeVar

__all__ = ["PLAIN", "PLAIN_TYPES", "remembered"]

P = ParamSpec("P")
R = TypeVar("R")

#: exact types whose values alone decide a check: ``True == 1 == 1.0`` and ``0.0 == -0.0`` as
#: keys, but not as a ``hop_length`` or a fill value, so floats and look-alikes stay out
PLAIN = (int, bool, str, type(None))
#: :data:`PLAIN` as a set, for ``type(v) in PLAIN_TYPES`` and ``issuperset`` tests
PLAIN_TYPES = frozenset(PLAIN)

#: entries per checked function: combinations are few in real code; a bound against
#: programs that make new shapes forever
LIMIT = 1024


def remembered(
    key: Callable[P, Hashable | None], keep: Callable[[R], bool] | None = None
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Remember ``check``'s result per ``key(*args, **kwargs)``.

    ``key`` returns None where the arguments cannot make a key (then the checks run); an
    unhashable part of a key (a dtype object) also runs them. A result is kept only where
    ``keep(result)`` holds (an answer that depends on global state, such as a default dtype,
    is not). Errors are never remembered: a failing check raises again on every call.
    """

    def decorate(check: Callable[P, R]) -> Callable[P, R]:
        found: dict[Hashable, R] = {}

        @functools.wraps(check)
        def remembering(*args: P.args, **kwargs: P.kwargs) -> R:
            k = key(*args, **kwargs)
            if k is not None:
                try:
                    hit = found.get(k)
                except TypeError:  # an unhashable part
                    hit = k = None
                if hit is not None:
                    return hit
            result = check(*args, **kwargs)
            if k is not None and len(found) < LIMIT and (keep is None or keep(result)):
                found[k] = result
            return result

        return remembering

    return decorate

"""Checks that run once per combination of the arguments they read.

A shim's argument checks mostly read types, dtypes, ``ndim`` and plain Python arguments; their
answer (a small frozen dataclass) is the same on every call with the same of those.
:func:`remembered` keeps it per key, so that a call pays a dict lookup instead of the checks.

Under ``torch.compile`` (:func:`tracing`) every cache here is passed by: the checks run on the
traced values (they read only shapes, dtypes and Python arguments, which a trace holds as
constants), once per compilation, and the compiled code holds none of them. Dynamo cannot
look a namespace module or a dtype up in a dict ("cannot determine the equality comparison
of ... PythonModuleVariable", "Untraceable C tp_hash"), so a shared cache would break the
graph as soon as a function calls several shims. ``mx.compile`` and ``jax.jit`` run the
Python body itself, where these dicts work as in eager code. Nothing here imports from the
rest of the package.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Hashable
from typing import ParamSpec, TypeVar

__all__ = ["PLAIN", "PLAIN_TYPES", "lookup", "remembered", "tracing"]

P = ParamSpec("P")
K = TypeVar("K", bound=Hashable)
R = TypeVar("R")


def _torch_unseen() -> bool:
    """:data:`_dynamo_tracing` until torch is imported: then torch's own probe replaces it."""
    torch = sys.modules.get("torch")
    if torch is None:
        return False
    global _dynamo_tracing
    # torch.compiler.is_dynamo_compiling: False in eager code (~30 ns, a plain return),
    # True where Dynamo traces it (it folds the call to a constant)
    _dynamo_tracing = torch.compiler.is_dynamo_compiling
    return bool(_dynamo_tracing())


_dynamo_tracing: Callable[[], bool] = _torch_unseen


def tracing() -> bool:
    """Whether Dynamo (``torch.compile``) is tracing the caller: the one test by which every
    cache of the shims' checks steps aside (see the module's docstring)."""
    return _dynamo_tracing()


def lookup(table: dict[K, R], key: K, compute: Callable[[K], R]) -> R:
    """``table[key]``, filled by ``compute(key)`` on a miss; ``compute(key)`` alone while
    :func:`tracing` or where ``key`` is unhashable (a dtype object of another library)."""
    if _dynamo_tracing():
        return compute(key)
    try:
        return table[key]
    except KeyError:
        value = compute(key)
        if len(table) < LIMIT:
            table[key] = value
        return value
    except TypeError:  # an unhashable part
        return compute(key)


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
    unhashable part of a key (a dtype object) also runs them, and so does every call while
    :func:`tracing`. A result is kept only where ``keep(result)`` holds (an answer that depends
    on global state, such as a default dtype, is not). Errors are never remembered: a failing
    check raises again on every call.
    """

    def decorate(check: Callable[P, R]) -> Callable[P, R]:
        found: dict[Hashable, R] = {}

        @functools.wraps(check)
        def remembering(*args: P.args, **kwargs: P.kwargs) -> R:
            if _dynamo_tracing():
                return check(*args, **kwargs)
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

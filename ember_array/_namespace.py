"""Assemble a namespace module from a source namespace and our fixes.

Each ember_array backend namespace exposes exactly the standard's names. For
every name it takes our fix when the backend module defines one and otherwise
points straight at the source object (array-api-compat's, which in turn is the
native function wherever that conforms), so a conforming function costs
nothing extra. Every Python function among them passes through the error
boundary (:func:`guard_names`, :mod:`ember_array._boundary`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import wraps
from inspect import signature
from types import ModuleType
from typing import Any, TypeVar

from . import _spec
from ._boundary import guard

F = TypeVar("F", bound=Callable[..., Any])

__all__ = ["bind_xp", "guard_names", "populate"]


def populate(
    globals_: dict[str, Any],
    source: ModuleType,
    fixes: ModuleType | None,
    names: Iterable[str],
) -> list[str]:
    """Fill ``globals_`` with ``names``, preferring ``fixes`` over ``source``.

    Raises
    ------
    ImportError
        If a standard name is found in neither module: a namespace that is not
        complete must not import.
    """
    exported = []
    for name in names:
        obj = getattr(fixes, name, None) if fixes is not None else None
        if obj is None:
            try:
                obj = getattr(source, name)
            except AttributeError:
                raise ImportError(
                    f"{globals_['__name__']}: standard name {name!r} missing from {source.__name__}"
                ) from None
        globals_[name] = obj
        exported.append(name)
    guard_names(globals_, exported)
    return exported


def guard_names(globals_: dict[str, Any], names: Iterable[str], *, shim: str | None = None) -> None:
    """Put the Python functions among ``names`` behind the error boundary, in place.

    ``globals_`` is a namespace module's (``ember_array.<backend>[.linalg|.fft]``), whose
    ``__name__`` gives the backend and the prefix of the function names in messages; or a
    shim's, named by ``shim`` (``"scatter"``), whose errors name the backend of the arguments.
    Native functions and functions that translate their own errors stay as they are
    (:func:`ember_array._boundary.guard`).
    """
    backend: str | None
    if shim is None:
        parts = globals_["__name__"].split(".")
        backend = parts[1]
        prefix = "".join(p + "." for p in parts[2:])
    else:
        backend, prefix = None, shim + "."
    for name in names:
        globals_[name] = guard(globals_[name], prefix + name, backend)


def main_names() -> tuple[str, ...]:
    """Names of the main namespace, without the extension submodules."""
    return _spec.MAIN


def bind_xp(xp: ModuleType, module: str) -> Callable[[F], F]:
    """Turn ``f(..., xp)`` written once over ``xp`` into a backend function.

    The returned function drops the ``xp`` parameter from its signature and
    reports ``module`` as its ``__module__``, so introspection and the support
    matrix see a function of that backend namespace.
    """

    def bind(f: F) -> F:
        @wraps(f)
        def bound(*args: Any, **kwargs: Any) -> Any:
            return f(*args, xp=xp, **kwargs)

        sig = signature(f)
        bound.__signature__ = sig.replace(  # type: ignore[attr-defined]
            parameters=[p for n, p in sig.parameters.items() if n != "xp"]
        )
        bound.__module__ = module
        return bound  # type: ignore[return-value]

    return bind

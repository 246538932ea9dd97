"""Assemble a namespace module from a source namespace and our fixes.

Each ember_array backend namespace exposes exactly the standard's names. For
every name it takes our fix when the backend module defines one and otherwise
points straight at the source object (array-api-compat's, which in turn is the
native function wherever that conforms), so a conforming function costs
nothing extra. Every Python function among them passes through the error
boundary (:func:`guard_names`, :mod:`ember_array._boundary`), then shows the
standard's signature (:func:`ember_array._signatures.conform`: a native function
without it, such as torch's builtins, gets a thin wrapper that carries it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import wraps
from importlib import import_module
from inspect import signature
from types import ModuleType
from typing import Any, TypeVar, cast

from ._backends import BY_NAME
from ._boundary import GUARDED, guard
from ._common._scalars import index_parameters, index_retry, is_host, reads_indices
from ._signatures import conform
from ._spec import MAIN, SECTIONS

F = TypeVar("F", bound=Callable[..., Any])

__all__ = ["bind_xp", "exports", "guard_names", "populate", "section_exports"]


def populate(
    globals_: dict[str, Any],
    source: ModuleType | Mapping[str, Any] | None,
    fixes: ModuleType | Mapping[str, Any] | None,
    names: Iterable[str],
    *,
    before_guard: Callable[[dict[str, Any], Sequence[str]], None] | None = None,
) -> list[str]:
    """Fill ``globals_`` with ``names``, preferring ``fixes`` over ``source``.

    Parameters
    ----------
    globals_
        The namespace module's ``globals()``.
    source
        Where a name comes from unless ``fixes`` has it (array-api-compat's module); ``None``:
        ``fixes`` must hold every name.
    fixes
        The backend's own objects, as a module (its attributes; one holding ``None`` is no fix)
        or a mapping (see :func:`exports`; ``None`` is a value there: ``newaxis``).
    names
        The standard's names to fill (a list of :mod:`ember_array._spec`).
    before_guard
        Called with ``globals_`` and the names filled, before they go behind the error
        boundary (mlx: :func:`ember_array.mlx._devices.route_float64`).

    Returns
    -------
    list of str
        The names filled, for ``__all__``.

    Raises
    ------
    ImportError
        If a standard name is found in neither: a namespace that is not complete must not import.
    """
    exported = []
    for name in names:
        obj = _lookup(fixes, name)
        if obj is _MISSING or (obj is None and isinstance(fixes, ModuleType)):
            obj = _lookup(source, name)
        if obj is _MISSING:
            where = "the fixes" if source is None else getattr(source, "__name__", "the source")
            raise ImportError(
                f"{globals_['__name__']}: standard name {name!r} missing from {where}"
            )
        globals_[name] = obj
        exported.append(name)
    if before_guard is not None:
        before_guard(globals_, exported)
    guard_names(globals_, exported)
    conform(globals_, exported)  # after the guards: a guard wrapper is ours to annotate
    return exported


_MISSING: Any = object()


def _lookup(where: ModuleType | Mapping[str, Any] | None, name: str) -> Any:
    """``where``'s object for ``name`` (a module's attribute, a mapping's item), or _MISSING."""
    if where is None:
        return _MISSING
    if isinstance(where, ModuleType):
        return getattr(where, name, _MISSING)
    return where.get(name, _MISSING)


def exports(*modules: ModuleType) -> dict[str, Any]:
    """The objects every module in ``modules`` lists in its ``__all__``, by name."""
    return {name: getattr(m, name) for m in modules for name in m.__all__}


def section_exports(package: str, *, skip: Iterable[str] = ()) -> dict[str, Any]:
    """The objects of a namespace written one module per section of the standard, for
    :func:`populate`: the ``__all__`` of ``<package>._<section>`` (``_data_type_functions``)
    for every section of :data:`ember_array.SECTIONS` but those in ``skip``.

    Raises
    ------
    ModuleNotFoundError
        If a section has no module.
    """
    left_out = set(skip)
    return exports(
        *(
            import_module(f"{package}._{section.replace(' ', '_')}")
            for section in SECTIONS
            if section not in left_out
        )
    )


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
        globals_[name] = _guarded(globals_[name], prefix + name, backend, shim is None)


def _guarded(f: Any, func: str, backend: str | None, standard: bool) -> Any:
    """``f`` behind the boundary; a standard function with integer parameters (axes,
    lengths, offsets) also reads numpy integers and 0-d integer arrays there as ints once it
    has failed (:func:`ember_array._common._scalars.index_retry`): in the boundary's own
    wrapper, or in a wrapper of its own for a backend's function the boundary leaves alone.
    Functions that translate their own errors (hot paths: a wrapper would cost ~0.15 us a
    call) and a host backend's own functions (numpy's read ``__index__``) keep their code's
    handling.
    """
    signature, params = index_parameters(func) if standard and callable(f) else (None, ())
    if signature is None or backend is None:
        return guard(f, func, backend)
    if BY_NAME[backend].chunked:  # read before the call (see reads_indices)
        return guard(reads_indices(f, func, backend, signature, params), func, backend)
    guarded = guard(f, func, backend, index_retry(func, backend, signature, params))
    if guarded is f and not is_host(backend) and not getattr(f, GUARDED, False):
        # a backend's own function (torch.moveaxis): the retry, behind the boundary
        return guard(reads_indices(f, func, backend, signature, params), func, backend)
    return guarded


def main_names() -> tuple[str, ...]:
    """Names of the main namespace, without the extension submodules."""
    return MAIN


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
        bound.__signature__ = sig.replace(  # type: ignore[attr-defined]  # read by inspect
            parameters=[p for n, p in sig.parameters.items() if n != "xp"]
        )
        bound.__module__ = module
        return cast(F, bound)

    return bind

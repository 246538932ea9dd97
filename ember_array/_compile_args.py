"""What each argument of a compiled call is (an array of a backend, a container of arguments,
or a constant), and the split of a call into its arrays and a hashable skeleton of the rest:
the part of :mod:`ember_array._compile` that reads arguments, not compilers."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ._helpers import backend_of, is_array_api_obj

# ---------------------------------------------------------------------------------------------
# what each argument is: an array of a backend, a container of arguments, or a constant

CONSTANT = ""
CONTAINERS = (tuple, list, dict)
#: array type -> backend name; other type -> ``CONSTANT`` or its container type's name
KINDS: dict[type, str] = dict.fromkeys(
    (bool, int, float, complex, str, bytes, type(None)), CONSTANT
)
KINDS.update({c: c.__name__ for c in CONTAINERS})
#: A library ember has no namespace or compiler for (an object with ``__array_namespace__``)
OTHER = "other"


def kind_of(value: object) -> str:
    """Backend name of an array, a container's type name, or ``CONSTANT``."""
    cls = type(value)
    kind = KINDS.get(cls)
    if kind is None:
        kind = backend_of(value) or (OTHER if is_array_api_obj(value) else CONSTANT)
        if len(KINDS) < 256:  # types are few; a bound against type factories
            KINDS[cls] = kind
    return kind


def collect_backends(value: Any, found: set[str]) -> None:
    kind = kind_of(value)
    if kind in CONTAINER_NAMES:
        items: Iterable[object] = value.values() if isinstance(value, dict) else value
        for item in items:
            collect_backends(item, found)
    elif kind:
        found.add(kind)


CONTAINER_NAMES = frozenset(c.__name__ for c in CONTAINERS)


def arrays_in(value: Any) -> Iterator[object]:
    kind = kind_of(value)
    if kind in CONTAINER_NAMES:
        items: Iterable[object] = value.values() if isinstance(value, dict) else value
        for item in items:
            yield from arrays_in(item)
    elif kind:
        yield value


class Slot:
    """Where an array goes in a call's skeleton."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<array>"


SLOT = Slot()


class UnhashableConstantError(TypeError):
    """An argument that is no array cannot be a compile-time constant: it is not hashable."""


def skeleton_of(value: Any, arrays: list[Any]) -> object:
    """``value`` with its arrays replaced by ``SLOT`` (appended to ``arrays``), hashable."""
    kind = kind_of(value)
    if kind == "tuple" or kind == "list":
        return (kind, tuple(skeleton_of(v, arrays) for v in value))
    if kind == "dict":
        items = value.items()
        return ("dict", tuple((k, skeleton_of(v, arrays)) for k, v in items))
    if kind:
        arrays.append(value)
        return SLOT
    return constant_of(value)


def constant_of(value: object) -> object:
    try:
        hash(value)
    except TypeError:
        raise UnhashableConstantError(
            f"an argument of type {type(value).__module__}.{type(value).__qualname__} is not "
            "hashable, so it cannot be a compile-time constant"
        ) from None
    cls = type(value)
    if cls is float or cls is complex:
        # its repr too: 0.0 == -0.0, but x * -0.0 gives -0.0 (repr is exact and keeps the sign)
        return ((cls, repr(value)), value)
    # the type too: 1, 1.0 and True are equal but give results of different dtypes
    return (cls, value)


def rebuild(skeleton: Any, arrays: Iterator[Any]) -> Any:
    if skeleton is SLOT:
        return next(arrays)
    tag, inner = skeleton
    if tag == "tuple":
        return tuple(rebuild(s, arrays) for s in inner)
    if tag == "list":
        return [rebuild(s, arrays) for s in inner]
    if tag == "dict":
        return {k: rebuild(s, arrays) for k, s in inner}
    return inner  # a constant: (type, value)


@dataclass(frozen=True)
class Call:
    """A call split into its arrays (traced) and its skeleton (constants, the cache key)."""

    skeleton: tuple[tuple[object, ...], tuple[tuple[str, object], ...]]
    arrays: tuple[Any, ...]


def split_call(args: tuple[Any, ...], kwargs: dict[str, Any], static: Static) -> Call:
    arrays: list[Any] = []
    if not kwargs and not static.positions:  # hot path: positional arrays and scalars
        nodes: list[object] = []
        for a in args:
            kind = KINDS.get(type(a))
            if kind is None or kind in CONTAINER_NAMES:
                nodes.append(skeleton_of(a, arrays))
            elif kind:
                arrays.append(a)
                nodes.append(SLOT)
            else:
                nodes.append(constant_of(a))
        return Call((tuple(nodes), ()), tuple(arrays))
    pos = tuple(
        constant_of(a) if i in static.positions else skeleton_of(a, arrays)
        for i, a in enumerate(args)
    )
    kw = tuple(
        (k, constant_of(v) if k in static.names else skeleton_of(v, arrays))
        for k, v in kwargs.items()
    )
    return Call((pos, kw), tuple(arrays))


def pure_of(fn: Callable[..., Any], skeleton: Any) -> Callable[..., Any]:
    """``fn`` as a function of the call's arrays only, the constants closed over."""
    pos, kw = skeleton

    def pure(*arrays: Any) -> Any:
        it = iter(arrays)
        args = [rebuild(s, it) for s in pos]
        kwargs = {k: rebuild(s, it) for k, s in kw}
        return fn(*args, **kwargs)

    return pure


@dataclass(frozen=True)
class Static:
    """The static arguments of a function, by name and by position."""

    names: frozenset[str]
    positions: frozenset[int]


def static_of(fn: Callable[..., Any], static_argnames: str | Iterable[str]) -> Static:
    names = frozenset((static_argnames,) if isinstance(static_argnames, str) else static_argnames)
    if not names:
        return Static(names, frozenset())
    name = getattr(fn, "__qualname__", repr(fn))
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):  # a builtin without a signature: names as given
        return Static(names, frozenset())
    var_kw = any(p.kind is p.VAR_KEYWORD for p in params.values())
    unknown = sorted(n for n in names if n not in params and not var_kw)
    if unknown:
        raise ValueError(
            f"compile(): static_argnames {unknown} are not parameters of "
            f"{name}{inspect.signature(fn)}"
        )
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    positions = frozenset(
        i for i, p in enumerate(params.values()) if p.name in names and p.kind in positional
    )
    return Static(names, positions)

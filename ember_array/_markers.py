"""Markers: how a namespace function is implemented, declared where it is written.

The support matrix (``python -m ember_array matrix``, :mod:`ember_array._report`) labels every
entry of every namespace from these declarations, never by reading bytecode:

:func:`forces_evaluation`
    The function's output shape depends on the data (``nonzero``, ``unique_*``, ``repeat``
    with an array of repeats): on mlx it evaluates its input, on torch it synchronizes a CUDA
    or MPS device. ``tests/test_support_matrix.py`` checks every marked mlx function fails
    under ``mx.compile`` and every marked torch function fails on fake tensors.
:func:`wraps_native`
    The function calls the backend's own function of the same meaning (a check or a fix
    around ``mx.concatenate``, ``np.expm1``...): ``wrapped`` in the matrix. An unmarked
    function of ember_array is ``written`` (built from other operations), unless it is a
    :func:`functools.wraps` wrapper, which takes the label of the function it wraps.
:func:`dispatches_through`
    A shim (``scatter.segment_sum``, ``random.Generator``...) that takes a backend's native
    implementation where one is registered: the registries (backend name -> implementation)
    it consults at call time. ``wrapped`` in the matrix on the backends they name.
:func:`transparent`
    A :func:`functools.wraps` wrapper that only changes where the call runs (mlx's float64
    stream router): the matrix labels the function it wraps, as if it were not wrapped.
:func:`borrow`
    The same facts for array-api-compat's functions that a namespace takes unchanged: they
    are not ember_array's to decorate, so the namespace declares them by name.

Nothing here imports another module of ember_array.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

__all__ = [
    "FORCES_EVALUATION",
    "WRAPS_NATIVE",
    "Marks",
    "FAST_PATHS",
    "TRANSPARENT",
    "borrow",
    "dispatches_through",
    "fast_paths",
    "forces_evaluation",
    "marks",
    "transparent",
    "wraps_native",
]

_F = TypeVar("_F", bound=Callable[..., Any])

#: The attribute :func:`forces_evaluation` sets.
FORCES_EVALUATION = "__ember_forces_evaluation__"
#: The attribute :func:`wraps_native` sets: the names of the backend functions called.
WRAPS_NATIVE = "__ember_wraps_native__"
#: The attribute :func:`dispatches_through` sets: the fast-path registries consulted.
FAST_PATHS = "__ember_fast_paths__"
#: The attribute :func:`transparent` sets.
TRANSPARENT = "__ember_transparent__"


@dataclass(frozen=True)
class Marks:
    """What is declared about one function.

    Attributes
    ----------
    forces
        The output shape depends on the data (:func:`forces_evaluation`).
    wraps
        None, or the backend functions it calls (:func:`wraps_native`); empty: the function
        of the standard's name or of its traditional name (``acos`` -> ``arccos``).
    declared
        Whether anything was declared at all (an unmarked function of ember_array is not).
    transparent
        A wrapper that stands for the function it wraps (:func:`transparent`).
    """

    forces: bool = False
    wraps: tuple[str, ...] | None = None
    declared: bool = False
    transparent: bool = False


#: id -> (object, marks) for objects ember_array does not own (see :func:`borrow`); the
#: object is kept so that its id stays its own.
_BORROWED: dict[int, tuple[object, Marks]] = {}


def forces_evaluation(f: _F) -> _F:
    """Mark ``f`` as a function whose output shape depends on the data."""
    setattr(f, FORCES_EVALUATION, True)
    return f


def wraps_native(*names: str) -> Callable[[_F], _F]:
    """Mark a function as calling the backend's own function of the same meaning.

    Parameters
    ----------
    *names
        The backend functions called (``"concatenate"``); none: the function of the
        standard's name, or the traditional name the standard renamed (``arccos``).
    """

    def mark(f: _F) -> _F:
        setattr(f, WRAPS_NATIVE, names)
        return f

    return mark


def dispatches_through(*registries: Mapping[str, object]) -> Callable[[_F], _F]:
    """Mark a shim as dispatching through native fast-path registries.

    Parameters
    ----------
    *registries
        Mappings from backend name to the native implementation the shim calls on that
        backend; they are read at call time, so a path registered later counts too.
    """

    def mark(f: _F) -> _F:
        setattr(f, FAST_PATHS, registries)
        return f

    return mark


def fast_paths(obj: object) -> tuple[Mapping[str, object], ...]:
    """The fast-path registries ``obj`` was marked with (:func:`dispatches_through`), or ()."""
    found = getattr(obj, FAST_PATHS, ())
    return found if isinstance(found, tuple) else ()


def transparent(f: _F) -> _F:
    """Mark a :func:`functools.wraps` wrapper as standing for the function it wraps.

    For wrappers that change only where a call runs, never what it computes (mlx's float64
    router, :func:`ember_array.mlx._devices.cpu_for_float64`): the support matrix labels
    ``f.__wrapped__`` in its place.
    """
    setattr(f, TRANSPARENT, True)
    return f


def borrow(source: object, *, wrapped: str = "", written: str = "", forces: str = "") -> None:
    """Declare array-api-compat's functions (attributes of ``source``) taken unchanged.

    Parameters
    ----------
    source
        array-api-compat's namespace module.
    wrapped, written, forces
        Names in ``source``, separated by white space (``"linalg.svd"`` for a submodule's):
        functions that call the backend's function of the same meaning; functions built from
        other operations; functions whose output shape depends on the data.

    Raises
    ------
    ValueError
        If a name is missing from ``source``, or an object is declared twice with different
        facts.
    """
    for names, facts in (
        (wrapped, Marks(wraps=(), declared=True)),
        (written, Marks(declared=True)),
        (forces, Marks(forces=True, declared=True)),
    ):
        for name in names.split():
            obj: Any = source
            for part in name.split("."):
                obj = getattr(obj, part, None)
            where = f"{getattr(source, '__name__', source)}.{name}"
            if obj is None:
                raise ValueError(f"borrow(): {where} does not exist")
            known = _BORROWED.get(id(obj))
            if known is not None and known[1] != facts:
                raise ValueError(f"borrow(): {where} declared as {known[1]} and as {facts}")
            _BORROWED[id(obj)] = (obj, facts)


def marks(obj: object) -> Marks:
    """What is declared about ``obj`` (by decorator or by :func:`borrow`)."""
    known = _BORROWED.get(id(obj))
    if known is not None and known[0] is obj:
        return known[1]
    forces = getattr(obj, FORCES_EVALUATION, False) is True
    wraps = getattr(obj, WRAPS_NATIVE, None)
    if not isinstance(wraps, tuple):
        wraps = None
    through = getattr(obj, TRANSPARENT, False) is True and hasattr(obj, "__wrapped__")
    return Marks(forces, wraps, forces or wraps is not None, through)

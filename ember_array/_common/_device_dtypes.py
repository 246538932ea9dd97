"""Per-device dtypes of the 2026.12 draft (data-apis/array-api#1005), written once.

From the draft on, ``__array_namespace_info__().dtypes(device=d)`` lists what ``d`` holds and a
creation function given a dtype its device cannot hold raises. Which devices hold float64 and
complex128 is one fact of the backend registry (``Backend.no_float64``: mlx's GPU, torch's MPS);
a backend's ``_draft`` module gives the function that names a device's kind, and this module
builds the inspection class and the checked creation functions from the two.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from types import ModuleType
from typing import Any

from .._backends import BY_NAME
from .._spec import CREATION

__all__ = ["DOUBLE", "DTYPED_CREATION", "KindOf", "checked_creation", "draft_info"]

#: ``kind_of(device)``: the registry's kind of a device (``"cpu"``, ``"cuda"``, ``"mps"``,
#: ``"gpu"``) for any spelling the backend accepts.
KindOf = Callable[[Any], str]

#: The dtypes a device without float64 lacks, and what its defaults become there.
DOUBLE = {"float64": "float32", "complex128": "complex64"}


def _holds(backend: str, kind: str) -> bool:
    # read at call time: the registry row is the one statement of the rule
    return BY_NAME[backend].holds_float64(kind)


def draft_info(info: type, backend: str, kind_of: KindOf) -> type:
    """``info`` (a namespace's inspection class) answering ``dtypes``/``default_dtypes`` for
    the device asked (the default device when none is)."""
    dtypes_of = info.dtypes  # type: ignore[attr-defined]  # every inspection class has them
    defaults_of = info.default_dtypes  # type: ignore[attr-defined]

    def _kind(self: Any, device: Any) -> str:
        return kind_of(self.default_device() if device is None else device)

    def dtypes(self: Any, *, device: Any = None, kind: Any = None) -> dict[str, Any]:
        """The dtypes ``device`` holds (of ``kind``): no float64 or complex128 where the
        device cannot hold them (2026.12 draft)."""
        found: dict[str, Any] = dtypes_of(self, device=device, kind=kind)
        if _holds(backend, _kind(self, device)):
            return found
        return {n: d for n, d in found.items() if n not in DOUBLE}

    def default_dtypes(self: Any, *, device: Any = None) -> dict[str, Any]:
        """The default dtypes on ``device``: float32/complex64 where it holds no float64."""
        found: dict[str, Any] = dict(defaults_of(self, device=device))
        if not _holds(backend, _kind(self, device)):
            single = dtypes_of(self, device=device)
            for key, dtype in found.items():
                name = next((n for n, d in single.items() if d == dtype), None)
                if name in DOUBLE:
                    found[key] = single[DOUBLE[name]]
        return found

    return type(
        info.__name__,
        (info,),
        {"dtypes": dtypes, "default_dtypes": default_dtypes, "__module__": info.__module__},
    )


#: The functions that take a ``device=`` and make an array of a dtype there: the creation
#: functions with a ``dtype=``, ``from_dlpack`` (the input's dtype) and ``astype`` (its
#: positional dtype). In the draft view each raises ``TypeError`` for a dtype its ``device=``
#: cannot hold, where the 2025.12 namespace's device move raises ``ValueError`` (kept there:
#: tests/test_devices.py pins it).
DTYPED_CREATION = tuple(sorted({*CREATION, "astype"} - {"meshgrid", "tril", "triu"}))


def _double(ns: ModuleType, dtype: Any) -> str | None:
    """``"float64"``/``"complex128"`` when ``dtype`` is that dtype of ``ns``, else None."""
    for name in DOUBLE:
        own = getattr(ns, name, None)
        try:
            if own is not None and dtype == own:
                return name
        except TypeError:  # mlx: a Dtype compared with another type
            continue
    # another library's dtype (asarray of a numpy array on torch): by its name
    named = getattr(dtype, "name", None)
    spelled = named if isinstance(named, str) else str(dtype).rpartition(".")[2]
    return spelled if spelled in DOUBLE else None


def checked_creation(ns: ModuleType, backend: str, kind_of: KindOf) -> dict[str, Any]:
    """``ns``'s functions of :data:`DTYPED_CREATION`, raising ``TypeError`` for a dtype their
    ``device=`` cannot hold: the dtype given (``astype``'s second argument), else the input's
    (``asarray``'s and ``from_dlpack``'s object, ``*_like``'s array).

    Only an explicit ``device=`` is checked: with none, the backend picks where the dtype can
    live (mlx computes float64 on its CPU stream).
    """
    return {
        name: _checked(ns, getattr(ns, name), name, backend, kind_of) for name in DTYPED_CREATION
    }


def _checked(
    ns: ModuleType, fn: Callable[..., Any], name: str, backend: str, kind_of: KindOf
) -> Callable[..., Any]:
    like = name in ("asarray", "from_dlpack") or name.endswith("_like")

    @functools.wraps(fn)
    def create(*args: Any, **kwargs: Any) -> Any:
        device = kwargs.get("device")
        if device is not None:
            dtype = args[1] if name == "astype" and len(args) > 1 else kwargs.get("dtype")
            if dtype is None and like and args:
                dtype = getattr(args[0], "dtype", None)
            double = None if dtype is None else _double(ns, dtype)
            if double is not None and not _holds(backend, kind_of(device)):
                raise TypeError(
                    f"{name}() [{backend}]: device {device!r} cannot hold dtype {double} "
                    f"(2026.12: dtype support depends on the device); use {DOUBLE[double]}"
                )
        return fn(*args, **kwargs)

    return create

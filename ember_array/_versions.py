"""Namespaces as an older revision of the standard specifies them.

ember_array's namespaces implement revision 2025.12. A caller that asks for an older revision
(``namespace(x, api_version="2024.12")``) gets a view of the same namespace: a module holding the
same function objects, except where the two revisions disagree on what a function returns.
From 2024.12 to 2025.12 three return types changed from a list to a tuple:
``__array_namespace_info__().devices()``, ``broadcast_arrays`` and ``meshgrid``. Code written
for 2024.12 concatenates them with lists (SciPy 1.17's test harness does
``info.devices() + [None]``), so the view returns lists there.

The 2026.12 draft (``api_version="2026.12"``) is a view the other way: the 2025.12 namespace
plus the draft's names (``top_k``, from the backend package's ``_draft.NAMES``) and an
inspection class whose ``dtypes``/``default_dtypes`` answer per device (data-apis/array-api#1005,
from the registry's float64 rule; ``_draft.INFO`` where the backend has one).

A view is built on first request and cached: ``namespace(x, api_version=v)`` is the same module
object on every call, as ``namespace(x)`` is. Its ``__name__`` is the namespace's own, so a
consumer that recognises a namespace by name recognises the view too.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from types import ModuleType
from typing import Any

from ._spec import API_VERSION, DRAFT_VERSION

__all__ = ["module_view", "versioned"]

# (namespace, revision) -> the view; a namespace module lives as long as the process.
_VIEWS: dict[tuple[str, str], ModuleType] = {}

#: Functions whose result is a list in 2024.12 and a tuple in 2025.12.
_LIST_IN_2024 = ("broadcast_arrays", "meshgrid")


def _as_list(fn: Callable[..., Any]) -> Callable[..., list[Any]]:
    @functools.wraps(fn)
    def listed(*args: Any, **kwargs: Any) -> list[Any]:
        return list(fn(*args, **kwargs))

    return listed


def _info_2024(info: type) -> type:
    """The inspection class of ``info`` whose ``devices()`` returns a list (2024.12)."""
    newest = info.devices  # type: ignore[attr-defined]  # every namespace's info class has it

    def devices(self: Any) -> list[Any]:
        """The devices, as a list (2024.12; 2025.12 returns a tuple)."""
        return list(newest(self))

    return type(info.__name__, (info,), {"devices": devices, "__module__": info.__module__})


def module_view(ns: ModuleType, attrs: dict[str, Any]) -> ModuleType:
    """A module with ``ns``'s name and objects, ``attrs`` set over them.

    The view holds the same function objects (no call goes through it), so it costs nothing
    per call; consumers that recognise a namespace by ``__name__`` recognise the view too.
    """
    view = ModuleType(ns.__name__, ns.__doc__)
    view.__dict__.update(ns.__dict__)
    view.__dict__.update(attrs)
    return view


def versioned(ns: ModuleType, api_version: str) -> ModuleType:
    """``ns`` as revision ``api_version`` of the standard specifies it.

    Parameters
    ----------
    ns
        An ember_array namespace (``ember_array.numpy``, ``.torch``, ``.mlx``, ``.dask``).
    api_version
        A supported revision (``ember_array._spec.SUPPORTED_VERSIONS``).

    Returns
    -------
    ModuleType
        ``ns`` itself for the newest revision; otherwise the cached view described in the
        module docstring.
    """
    if api_version == API_VERSION:
        return ns
    key = (ns.__name__, api_version)
    view = _VIEWS.get(key)
    if view is None:
        attrs: dict[str, Any]
        if api_version == DRAFT_VERSION:
            # the backend package imported its _draft module (ember_array.<backend>._draft)
            draft = ns._draft
            attrs = dict(draft.NAMES)
            attrs["__array_namespace_info__"] = getattr(draft, "INFO", ns.__array_namespace_info__)
        else:
            # 2024.12, the only revision older than 2025.12 among the supported ones
            attrs = {name: _as_list(getattr(ns, name)) for name in _LIST_IN_2024}
            attrs["__array_namespace_info__"] = _info_2024(ns.__array_namespace_info__)
        attrs["__array_api_version__"] = api_version
        view = _VIEWS[key] = module_view(ns, attrs)
    return view

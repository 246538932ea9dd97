"""``namespace(*arrays)``: from array types to namespace modules.

The hot path is one dict lookup keyed on ``type(x)``. The first time a type is
seen it is resolved (numpy, torch, mlx, or anything array-api-compat knows, or
any object with ``__array_namespace__``) and the answer is cached, so every call
returns the same module object.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, overload

from ._backends import BY_NAME, backend_of_module, backend_of_type, names
from ._spec import API_VERSION, SUPPORTED_VERSIONS
from ._versions import versioned

if TYPE_CHECKING:
    from .typing import ArrayNamespace, DraftArrayNamespace, TArray

__all__ = ["namespace", "namespace_module", "resolve_xp"]

# type -> namespace module. Filled lazily by ``_resolve``.
_CACHE: dict[type, ModuleType] = {}

# Python scalars and None take part in no namespace decision.
_IGNORED: frozenset[type] = frozenset({bool, int, float, complex, type(None)})


def _backend_of(cls: type) -> str | None:
    """Name of the ember_array backend that owns ``cls``, or None (see :mod:`._backends`)."""
    return backend_of_type(cls)


def _library_name(cls: type) -> str:
    """A short human name for the library an array type comes from."""
    backend = _backend_of(cls)
    if backend is not None:
        return backend
    return f"{cls.__module__.split('.')[0]} ({cls.__module__}.{cls.__qualname__})"


# backend name -> ember_array.<backend>, once imported.
_LOADED: dict[str, ModuleType] = {}


def _numpy() -> ModuleType:
    from . import numpy

    return numpy


def _torch() -> ModuleType:
    from . import torch

    return torch


def _mlx() -> ModuleType:
    from . import mlx

    return mlx


def _dask() -> ModuleType:
    from . import dask

    return dask


#: backend -> the import statement of its namespace (see :func:`ember_namespace`).
_IMPORTS: dict[str, Callable[[], ModuleType]] = {
    "numpy": _numpy,
    "torch": _torch,
    "mlx": _mlx,
    "dask": _dask,
}


def ember_namespace(backend: str) -> ModuleType:
    """``ember_array.<backend>``, imported on first use and then looked up.

    Import statements, not ``importlib.import_module``: ``torch.compile(fullgraph=True)``
    traces an import statement but breaks the graph on importlib (a function it skips), so
    ``hann_window(n, xp="torch")`` inside a compiled function broke the graph.
    """
    loaded = _LOADED.get(backend)
    if loaded is not None:
        return loaded
    static = _IMPORTS.get(backend)
    ns = static() if static is not None else importlib.import_module(BY_NAME[backend].namespace)
    _LOADED[backend] = ns
    return ns


def _resolve(x: object, api_version: str | None) -> ModuleType:
    """Find (and cache) the namespace of ``x``; raise TypeError if it has none."""
    cls = type(x)
    backend = _backend_of(cls)
    if backend is not None:
        try:
            ns = ember_namespace(backend)
        except ModuleNotFoundError as exc:
            if exc.name != f"ember_array.{backend}":
                raise
            raise TypeError(
                f"namespace(): the ember_array {backend} namespace is not available in this "
                f"version of ember_array (got an array of type {cls.__module__}.{cls.__qualname__})"
            ) from None
        _CACHE[cls] = ns
        return ns

    # Anything else: array-api-compat knows jax, cupy, dask, sparse, ndonnx, and
    # defers to ``__array_namespace__`` for compliant libraries (array-api-strict).
    import array_api_compat

    try:
        ns = array_api_compat.array_namespace(x, api_version=api_version)
    except TypeError:
        raise TypeError(
            f"namespace(): {cls.__module__}.{cls.__qualname__} is not an array of a supported "
            "library (numpy, torch, mlx, or any object with a compliant __array_namespace__)"
        ) from None
    if api_version is None:
        _CACHE[cls] = ns
    return ns


# The overloads are for type checkers only: ``namespace(t)`` with ``t: torch.Tensor`` is an
# ``ArrayNamespace[torch.Tensor]``, Python scalars and None after the first array included.
# At run time the function below is all there is (no cost on the hot path).
@overload
def namespace(
    x: TArray, /, *rest: TArray | complex | None, api_version: Literal["2026.12"]
) -> DraftArrayNamespace[TArray]: ...
@overload
def namespace(
    x: TArray, /, *rest: TArray | complex | None, api_version: str | None = None
) -> ArrayNamespace[TArray]: ...
@overload
def namespace(*arrays: object, api_version: str | None = None) -> ArrayNamespace[Any]: ...
def namespace(*arrays: Any, api_version: str | None = None) -> Any:
    """Return the array API namespace shared by ``arrays``.

    Parameters
    ----------
    *arrays : array, Python scalar or None
        Arrays (numpy arrays and scalars, torch tensors, mlx arrays, or any
        array with a compliant ``__array_namespace__``). Python scalars and
        ``None`` are ignored.
    api_version : str or None, optional
        The standard revision asked for: ``None`` (the newest, 2025.12),
        ``"2024.12"``, ``"2025.12"`` or the draft ``"2026.12"``. ember_array's
        namespaces implement 2025.12; for 2024.12 an ember_array namespace comes
        as a view whose ``__array_namespace_info__().devices()``,
        ``broadcast_arrays`` and ``meshgrid`` return lists, as 2024.12 specifies
        (2025.12: tuples); for 2026.12 as a view with ``top_k``, dtypes per
        device and creation functions that refuse a dtype their device cannot
        hold (type checkers see a :class:`ember_array.typing.DraftArrayNamespace`).

    Returns
    -------
    ArrayNamespace
        The namespace module, the same object on every call for a given
        library and revision (``namespace(a) is namespace(b)``). Type checkers
        see an :class:`ember_array.typing.ArrayNamespace` over the arrays' type.

    Raises
    ------
    TypeError
        If no array is given, if arrays come from two different libraries,
        or if an object is not an array of a supported library.
    ValueError
        If ``api_version`` is not a supported revision.

    See Also
    --------
    array_namespace : the same function, under array-api-compat's name.
    device, to_device, is_array_api_obj

    Examples
    --------
    >>> import numpy as np
    >>> import ember_array
    >>> x = np.asarray([1.0, 2.0, 3.0])
    >>> xp = ember_array.namespace(x)
    >>> xp.__name__, float(xp.sum(x))
    ('ember_array.numpy', 6.0)
    >>> ember_array.namespace(x, 2.0, None) is xp  # scalars and None are ignored
    True
    >>> import torch
    >>> ember_array.namespace(torch.asarray(x)).__name__
    'ember_array.torch'
    >>> ember_array.namespace(x, torch.asarray(x))
    Traceback (most recent call last):
    ...
    TypeError: namespace(): arrays from different libraries cannot be mixed: numpy and torch
    """
    if api_version is None and arrays:
        # Hot path: arrays of one type seen before are one dict lookup and a type comparison
        # per array (several arrays no longer raise and catch a ValueError on the way)
        cls = type(arrays[0])
        ns = _CACHE.get(cls)
        if ns is not None:
            for x in arrays:
                if type(x) is not cls:
                    break
            else:
                return ns
    if api_version is not None and api_version not in SUPPORTED_VERSIONS:
        raise ValueError(
            f"namespace(): unsupported api_version {api_version!r}; "
            f"supported: {', '.join(SUPPORTED_VERSIONS)}"
        )
    found: ModuleType | None = None
    first: type | None = None
    for x in arrays:
        cls = type(x)
        ns = _CACHE.get(cls) if api_version is None else None
        if ns is None:
            if cls in _IGNORED:
                continue
            ns = _resolve(x, api_version)
        if found is None:
            found, first = ns, cls
        elif ns is not found:
            assert first is not None
            raise TypeError(
                "namespace(): arrays from different libraries cannot be mixed: "
                f"{_library_name(first)} and {_library_name(cls)}"
            )
    if found is None:
        raise TypeError(
            "namespace(): no array given (Python scalars and None are ignored); "
            "pass at least one array"
        )
    if api_version is not None and api_version != API_VERSION and found in _LOADED.values():
        return versioned(found, api_version)
    return found


if TYPE_CHECKING:

    def namespace_module(*arrays: Any, api_version: str | None = None) -> ModuleType:
        """:func:`namespace`, typed as the module it returns.

        For ember_array's own code, which reads module attributes beyond the
        standard (``__name__``, backend fast paths); the public
        :func:`namespace` is typed with the standard's Protocol.
        """
        ...

else:
    namespace_module = namespace


def resolve_xp(xp: Any, func: str, *, default: str | None = None) -> ModuleType:
    """The namespace meant by an ``xp=`` argument of a shim.

    Parameters
    ----------
    xp
        A namespace module (ember's, array-api-compat's, array-api-strict, ...),
        a native module (``numpy``, ``torch``, ``mlx.core``), a backend name
        (``"numpy"``, ``"torch"``, ``"mlx"``), an array, or None.
    func
        The calling function's name, for error messages.
    default
        Backend name used when ``xp`` is None; without one, None is an error.

    Raises
    ------
    TypeError
        If ``xp`` is None with no default, or a module that is no namespace.
    ValueError
        If ``xp`` is an unknown backend name.
    """
    if xp is None:
        if default is None:
            raise TypeError(f"{func}(): no array given, so xp= must name the backend")
        xp = default
    if isinstance(xp, str):
        backend = backend_of_module(xp)
        if backend is None:
            known = ", ".join(repr(n) for n in names())
            raise ValueError(
                f"{func}(): unknown backend {xp!r}; expected one of {known}, or a namespace module"
            )
        return ember_namespace(backend)
    if isinstance(xp, ModuleType):
        backend = backend_of_module(xp.__name__)
        if backend is not None:
            return ember_namespace(backend)
        if hasattr(xp, "__array_namespace_info__"):
            return xp
        raise TypeError(f"{func}(): module {xp.__name__} is not an array API namespace")
    try:
        return namespace_module(xp)
    except TypeError:
        raise TypeError(
            f"{func}(): xp must be a namespace module, a backend name or an array, "
            f"got {type(xp).__module__}.{type(xp).__qualname__}"
        ) from None

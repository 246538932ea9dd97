"""Run scipy's array-API code paths on ember_array's namespaces (mlx included).

scipy has no public hook for choosing an array namespace. Its
``scipy._lib._array_api_override.array_namespace`` (re-exported as
``scipy._lib._array_api.array_namespace`` and used by every array-API-aware scipy function)
returns scipy's own numpy namespace when all inputs are numpy arrays or array-likes, and
otherwise calls ``array_api_compat.array_namespace(*arrays)`` on its vendored copy at call time.
:func:`enable` replaces exactly (checked on scipy 1.17.1):

``scipy._lib.array_api_compat.array_namespace``
    becomes a function returning ``ember_array.namespace(*arrays)``: ``ember_array.torch`` for
    torch tensors, ``ember_array.mlx`` for mlx arrays; other compliant arrays (array-api-strict,
    ...) pass through to their own namespace. Inputs that are all numpy never reach it, so
    scipy's numpy fast paths are unchanged.
``mlx.core.array`` / ``mlx.core.Dtype``
    get ember_array's array-object additions through :func:`ember_array.mlx.install` (scipy
    recognises non-numpy arrays by ``__array_namespace__``), when mlx is importable and they
    are not installed already. :func:`disable` uninstalls them only if :func:`enable` did.

``is_numpy_namespace`` / ``is_torch_namespace`` / ``is_dask_namespace`` of the vendored copy
    (and every scipy module's copy of them: scipy binds ``is_torch`` by name in about a hundred
    modules) answer ``True`` for ``ember_array.numpy`` / ``.torch`` / ``.dask`` too, so scipy
    takes its torch paths for ``ember_array.torch`` (``xp.flip`` where the generic path slices
    with a negative step, which torch cannot; ``.cpu().numpy()``).
``scipy._lib._array_api.xp_default_dtype``
    (and every copy) answers the namespace's own default real floating dtype for
    ``ember_array.mlx`` (float32, or float64 after ``ember_array.mlx.set_default_dtype``, which
    the SciPy pytest plugin sets as SciPy's conftest sets torch's), as scipy asks torch for its
    default (scipy's answer for a
    namespace it does not know is float64, so integer input promoted with ``force_floating``
    came out float64 where scipy's tests expect ``xp.asarray(1.).dtype``).
``scipy._lib._array_api.get_native_namespace_name``
    (and every copy) names ember_array's namespaces by the native library's name (``"torch"``,
    as for array-api-compat's ``scipy._lib.array_api_compat.torch``): scipy keys per-backend
    choices on it (``scipy.special``'s native functions, scalar-only arguments on torch).

The namespace scipy gets is asked for in the revision scipy's vendored array-api-compat speaks
(scipy 1.17: 2024.12, where ``devices()`` is a list, which scipy's test harness concatenates with
``[None]``). Where the helpers recognise it, it is a view of ember_array's namespace that also
answers the native library's own names (``xp.testing``, ``xp.get_default_dtype``, and
``scipy_namespace_for(xp).special``, which scipy calls on a torch namespace): scipy's torch paths
are written for array-api-compat's torch namespace, which re-exports torch. The standard's
names are ember_array's own; only scipy sees the view (``ember_array.torch`` itself keeps only the
standard's names). scipy's view of ``ember_array.mlx`` adds only ``diag`` (``mx.diag``), which
scipy.interpolate's RBFInterpolator calls on ``xp``, and ``logspace`` (numpy's, from the
standard's ``linspace`` and ``pow``), which scipy.differentiate's tests call on ``xp``.

scipy reads ``SCIPY_ARRAY_API`` once, at import: without ``SCIPY_ARRAY_API=1`` scipy returns
its numpy namespace for every input and never asks for another, so :func:`enable` warns.
:func:`disable` puts back the original object.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from types import ModuleType
from typing import Any

from .._backends import BY_NAME
from .._dispatch import namespace_module
from .._patch import Patcher
from .._versions import module_view
from ._common import (
    Integration,
    mark_wrapped,
    native_names_view,
    recognising,
    vendored_api_version,
)

__all__ = ["enable", "disable", "enabled", "is_enabled", "patched_attributes"]

#: scipy versions whose internals this module was checked against.
TESTED_VERSIONS = ("1.17",)

#: The internal modules the patches reach into: the vendored array-api-compat first.
_INTERNALS = ("scipy._lib.array_api_compat", "scipy._lib._array_api_override")

_integration = Integration(__name__, "scipy", "scipy")


def _internals() -> tuple[str, ModuleType, ModuleType]:
    """(version, vendored array_api_compat, ``_array_api_override``), checked."""
    version, missing, (compat, override) = _integration.internals(
        TESTED_VERSIONS, *_INTERNALS, entry=f"{_INTERNALS[0]}.array_namespace"
    )
    # array_namespace must look the attribute up at call time through the module object,
    # otherwise replacing it changes nothing.
    if getattr(override, "array_api_compat", None) is not compat:
        raise missing("scipy._lib._array_api_override.array_api_compat (the vendored package)")
    return version, compat, override


#: The backends whose namespaces scipy's vendored ``is_<name>_namespace`` helpers recognise.
RECOGNISED = ("numpy", "torch", "dask")

# id(ember_array namespace or its version view) -> what scipy gets for it (see _for_scipy)
_SCIPY_VIEWS: dict[int, ModuleType] = {}


def _mlx_extras(ns: ModuleType) -> dict[str, Any]:
    """Names outside the standard that scipy calls on ``xp`` and every library it knows has.

    ``diag`` (scipy.interpolate's RBFInterpolator builds its system with ``xp.diag``, which
    numpy, torch, cupy and jax have): ``mx.diag`` has numpy's meaning for 1-D and 2-D input.
    ``logspace`` (scipy.differentiate's tests call ``xp.logspace``, which numpy, torch, cupy,
    jax and dask have; mlx has none): numpy's, for scalar limits, from ``ns.linspace`` and
    ``ns.pow`` (so it is lazy and follows ``ns``'s default floating dtype).
    Only these: mlx.core's other names (``convolve``, ``put_along_axis``, ...) would switch scipy
    onto paths it takes for libraries it knows.
    """
    import mlx.core as mx

    def diag(v: Any, k: int = 0) -> Any:
        """``np.diag`` on mlx (``mx.diag``); given to scipy by ember_array.integrations.scipy."""
        return mx.diag(v, k)

    def logspace(
        start: float,
        stop: float,
        num: int = 50,
        endpoint: bool = True,
        base: float = 10.0,
        dtype: Any = None,
    ) -> Any:
        """``np.logspace`` (``base ** linspace(start, stop, num)``) on ember_array.mlx; given
        to scipy by ember_array.integrations.scipy."""
        floating = dtype is not None and ns.isdtype(dtype, "real floating")
        exponents = ns.linspace(
            start, stop, num, endpoint=endpoint, dtype=dtype if floating else None
        )
        out = ns.pow(ns.asarray(base, dtype=exponents.dtype), exponents)
        return out if dtype is None or floating else ns.astype(out, dtype)

    return {"diag": diag, "logspace": logspace}


def _for_scipy(ns: ModuleType) -> ModuleType:
    """``ns`` with the native library's own names behind the standard's (module docstring)."""
    if ns.__name__ == BY_NAME["mlx"].namespace:  # no native fallback: only mlx's extras
        view = _SCIPY_VIEWS.get(id(ns))
        if view is None:
            view = _SCIPY_VIEWS[id(ns)] = module_view(ns, _mlx_extras(ns))
        return view
    return native_names_view(ns, RECOGNISED, _SCIPY_VIEWS)


def _make_native_name(original: Callable[[ModuleType], str]) -> Callable[[ModuleType], str]:
    names = {BY_NAME[b].namespace: BY_NAME[b].native for b in RECOGNISED}

    def get_native_namespace_name(xp: ModuleType) -> str:
        """The native library's name for ember_array's namespaces (``"torch"``), as scipy
        gives it for array-api-compat's; installed by ember_array.integrations.scipy."""
        return names.get(xp.__name__) or original(xp)

    mark_wrapped(get_native_namespace_name, original)
    return get_native_namespace_name


def _make_default_dtype(original: Callable[[ModuleType], Any]) -> Callable[[ModuleType], Any]:
    # ember_array's namespaces that scipy's helpers do not recognise (mlx): their own default
    ours = {BY_NAME[b].namespace for b in BY_NAME if b not in RECOGNISED}

    def xp_default_dtype(xp: ModuleType) -> Any:
        """The namespace's default real floating dtype for ember_array's mlx (float32 unless
        ``set_default_dtype``), as scipy asks torch's; installed by
        ember_array.integrations.scipy."""
        if getattr(xp, "__name__", None) in ours:
            return xp.__array_namespace_info__().default_dtypes()["real floating"]
        return original(xp)

    mark_wrapped(xp_default_dtype, original)
    return xp_default_dtype


def _make_array_namespace(
    original: Callable[..., ModuleType], default_version: str | None
) -> Callable[..., ModuleType]:
    def array_namespace(
        *arrays: Any, api_version: str | None = None, use_compat: bool | None = None
    ) -> ModuleType:
        """``ember_array.namespace(*arrays)``, installed by ember_array.integrations.scipy."""
        if use_compat is not None:
            # use_compat asks array-api-compat for its own (or the bare) namespace: keep
            # its exact meaning rather than guess one.
            return original(*arrays, api_version=api_version, use_compat=use_compat)
        return _for_scipy(namespace_module(*arrays, api_version=api_version or default_version))

    mark_wrapped(array_namespace, original)
    return array_namespace


def _prepare() -> Callable[[Patcher], None]:
    """Check the installed version's internals; the function that applies the patches."""
    _, compat, override = _internals()
    from scipy._lib import _array_api as api

    if not override.SCIPY_ARRAY_API:
        warnings.warn(
            "ember_array.integrations.scipy.enable(): scipy was imported without "
            "SCIPY_ARRAY_API=1, so it treats every input as numpy and never asks for another "
            "namespace; set SCIPY_ARRAY_API=1 before importing scipy",
            RuntimeWarning,
            stacklevel=4,  # the caller of enable(): _prepare < Integration.enable < enable
        )

    def install(patches: Patcher) -> None:
        patches.set(
            compat,
            "array_namespace",
            _make_array_namespace(compat.array_namespace, vendored_api_version(compat)),
        )
        for backend in RECOGNISED:
            helper = getattr(compat, f"is_{backend}_namespace", None)
            if callable(helper):
                patches.replace_everywhere("scipy", helper, recognising(helper, backend))
        native_name = getattr(api, "get_native_namespace_name", None)
        if callable(native_name):
            patches.replace_everywhere("scipy", native_name, _make_native_name(native_name))
        default_dtype = getattr(api, "xp_default_dtype", None)
        if callable(default_dtype):
            patches.replace_everywhere("scipy", default_dtype, _make_default_dtype(default_dtype))

    return install


enable, disable, enabled, is_enabled, patched_attributes = _integration.functions(
    _prepare,
    summary="Make scipy resolve non-numpy array namespaces through :func:`ember_array.namespace`.",
    attribute="scipy._lib.array_api_compat.array_namespace",
    warns="""
    Warns
    -----
    RuntimeWarning
        If scipy was imported without ``SCIPY_ARRAY_API=1`` (the patch then has no effect).
""",
)

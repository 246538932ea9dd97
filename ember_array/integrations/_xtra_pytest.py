"""pytest plugin: run array-api-extra's own test suite on ember_array's namespaces.

array-api-extra (0.11.x) ships its tests in its wheel (``array_api_extra.tests``). Load this
plugin with ``-p ember_array.integrations._xtra_pytest``, outside this repository::

    EMBER_XTRA_BACKENDS=numpy,torch,dask,mlx pytest --pyargs array_api_extra.tests \\
        -q -p no:cacheprovider -p ember_array.integrations._xtra_pytest

How the namespace gets in: array-api-extra's ``xp`` fixture (``tests/conftest.py``) imports the
backend's module and asks ``array_namespace(mod.empty(0))``, the function its
``array_api_extra._lib._utils._compat`` takes from array-api-compat; every array-api-extra
function asks the same ``array_namespace`` when called without ``xp=``, and its testing
helpers (``assert_close``, ``assert_equal``, ...) assert ``array_namespace(actual) == xp``.
At configure time (before the test modules are imported, so that they bind the patched
helpers) this plugin replaces, in ``_compat`` and in every ``array_api_extra`` module holding a
copy:

``array_namespace``
    returns ``ember_array.namespace(*arrays)`` (ember_array's namespace for numpy, torch, dask,
    mlx arrays; other compliant arrays, array-api-strict and jax, pass through to array-api-compat
    as ember_array's ``namespace`` does). Where ember_array finds no array at all it asks the
    original, so the error is array-api-compat's ("array_namespace requires at least one
    non-scalar array input"), which array-api-extra documents and its tests match.
``is_numpy_namespace`` / ``is_torch_namespace`` / ``is_dask_namespace``
    answer ``True`` for ``ember_array.numpy`` / ``.torch`` / ``.dask`` too (as the scipy
    integration does), so array-api-extra takes the same per-library paths it takes on
    array-api-compat's namespaces (native ``xp.kron``, ``xp.cov``, ``xp.diag_embed`` ...; the
    dask laziness checks of ``lazy_xp_function``). The namespace array-api-extra gets is then
    a view of ember_array's namespace that also answers the native library's own names
    (``ember_array.numpy`` keeps only the standard's), as array-api-compat's wrappers re-export
    the library. ``EMBER_XTRA_RECOGNISE=0`` leaves them unrecognised: array-api-extra then takes
    its generic, standard-only paths on ember_array's bare namespaces.

mlx: array-api-extra has no mlx backend; with mlx importable and ``EMBER_XTRA_BACKENDS``
naming it (or unset), every test parametrized over ``library`` gets one more parameter,
``mlx`` (the ``xp`` fixture then imports ``ember_array.mlx``); ember_array's ``mx.array``
additions are installed for the run. The control has no mlx (array-api-compat has none).

``EMBER_XTRA_CONTROL=1``: nothing is patched, array-api-extra runs on array-api-compat (the
control of the same run). ``EMBER_XTRA_BACKENDS`` (comma-separated ids as in the test ids:
``numpy,torch,dask``; default every backend) deselects the tests of other backends, and the
tests not parametrized over a backend. The suite's own configuration turns warnings into
errors (``filterwarnings = ["error"]``) and ``test_deprecation.py`` relies on it
(``pytest.raises(DeprecationWarning)``); the consumers' runner passes ``-W ignore``, so this
plugin gives those tests back ``error::DeprecationWarning`` (in both modes).

At the end it prints the outcomes per backend, and writes them to ``EMBER_CONSUMERS_JSON``
(:mod:`._outcomes`). Everything is undone at unconfigure.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from .._dispatch import namespace_module
from .._patch import Patcher
from ._common import install_mlx, mlx_available, native_names_view, plugin_header, recognising
from ._outcomes import Outcomes

#: array-api-extra's backend ids as its test ids spell them, and the mlx one this plugin adds.
BACKENDS = (
    "numpy",
    "numpy:readonly",
    "torch",
    "torch:gpu",
    "dask",
    "mlx",
    "array_api_strict",
    "array_api_strictest",
    "jax",
    "jax:gpu",
    "cupy",
    "sparse",
)
#: The backends whose ``is_<name>_namespace`` helpers answer for ember_array's namespaces too.
RECOGNISED = ("numpy", "torch", "dask")

_patches = Patcher()
_VIEWS: dict[int, ModuleType] = {}


def _control() -> bool:
    return os.environ.get("EMBER_XTRA_CONTROL", "0") == "1"


def _recognise() -> bool:
    return os.environ.get("EMBER_XTRA_RECOGNISE", "1") != "0"


def _wanted() -> set[str] | None:
    raw = os.environ.get("EMBER_XTRA_BACKENDS", "").strip()
    return {b.strip() for b in raw.split(",") if b.strip()} or None


def _with_mlx() -> bool:
    wanted = _wanted()
    return not _control() and (wanted is None or "mlx" in wanted) and mlx_available()


class MLXBackend:
    """The ``library`` parameter for mlx: quacks like array-api-extra's ``Backend`` members.

    The ``xp`` fixture calls ``pytest.importorskip(library.modname)`` and then
    ``array_namespace(xp.empty(0))``: ``modname`` is ``ember_array.mlx`` (``mlx.core`` has no
    ``empty``), whose ``empty`` gives an ``mx.array`` whose namespace is ``ember_array.mlx``.
    """

    name = "MLX"
    value = "ember_array.mlx"
    modname = "ember_array.mlx"

    def like(self, *others: Any) -> bool:
        return any(self.modname == getattr(o, "modname", None) for o in others)

    def __repr__(self) -> str:
        return "<Backend.MLX: 'ember_array.mlx'>"

    __str__ = __repr__


MLX = MLXBackend()


def _for_xtra(ns: ModuleType) -> ModuleType:
    """``ns`` with the native library's own names behind the standard's (recognised only)."""
    return native_names_view(ns, RECOGNISED, _VIEWS, enabled=_recognise())


def _make_array_namespace(original: Callable[..., ModuleType]) -> Callable[..., ModuleType]:
    def array_namespace(
        *arrays: Any, api_version: str | None = None, use_compat: bool | None = None
    ) -> ModuleType:
        """``ember_array.namespace(*arrays)``, installed by ember_array's xtra plugin."""
        if use_compat is not None:
            return original(*arrays, api_version=api_version, use_compat=use_compat)
        try:
            ns = namespace_module(*arrays, api_version=api_version)
        except TypeError:
            # no array at all, or an unknown object: array-api-compat's own error
            return original(*arrays, api_version=api_version)
        return _for_xtra(ns)

    array_namespace.__wrapped__ = original  # type: ignore[attr-defined]
    return array_namespace


def _fixture_only() -> bool:
    # diagnostic: EMBER_XTRA_SCOPE=fixture patches only the conftest's array_namespace (the
    # xp fixture gives ember_array's namespaces; array-api-extra itself keeps array-api-compat)
    return os.environ.get("EMBER_XTRA_SCOPE", "all") == "fixture"


def pytest_plugin_registered(plugin: object) -> None:
    """EMBER_XTRA_SCOPE=fixture: patch the conftest module alone, once pytest imports it."""
    if _control() or not _fixture_only():
        return
    if getattr(plugin, "__name__", "").endswith("array_api_extra.tests.conftest"):
        conftest: Any = plugin
        _patches.set(conftest, "array_namespace", _make_array_namespace(conftest.array_namespace))


def _compat_helpers() -> Any:
    """array-api-extra's vendored array-api-compat helpers: ``_lib._utils._compat`` (0.11.1,
    the version this plugin was checked against), ``_lib._compat`` in later releases."""
    import importlib

    for name in ("array_api_extra._lib._utils._compat", "array_api_extra._lib._compat"):
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError:
            continue
    raise ModuleNotFoundError("array-api-extra's _compat module was not found (checked: 0.11.1)")


def enable() -> None:
    """Patch array-api-extra's array-api-compat helpers (module docstring)."""
    _compat = _compat_helpers()

    if _fixture_only():
        return

    _patches.replace_everywhere(
        "array_api_extra", _compat.array_namespace, _make_array_namespace(_compat.array_namespace)
    )
    if _recognise():
        for backend in RECOGNISED:
            helper = getattr(_compat, f"is_{backend}_namespace")
            _patches.replace_everywhere("array_api_extra", helper, recognising(helper, backend))
    if _with_mlx():
        install_mlx(None, _patches)


def pytest_configure(config: pytest.Config) -> None:
    """Enable the patches before array-api-extra's test modules are imported (not the control)."""
    if not _control():
        enable()


def pytest_unconfigure(config: pytest.Config) -> None:
    """Undo :func:`pytest_configure`."""
    _patches.restore()
    _VIEWS.clear()


def pytest_report_header(config: pytest.Config) -> str:
    """Say in the run's header what is plugged in."""
    return plugin_header("ember_array xtra plugin", _control(), _patches.describe())


@pytest.hookimpl(tryfirst=True)
def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Add the mlx parameter to the ``library`` fixture (through a parametrize mark)."""
    if not _with_mlx() or "library" not in metafunc.fixturenames:
        return
    if any("library" in str(m.args[:1]) for m in metafunc.definition.iter_markers("parametrize")):
        return
    defs = metafunc._arg2fixturedefs.get("library")
    if not defs or defs[-1].params is None:
        return
    params = [*defs[-1].params, pytest.param(MLX, id="mlx")]
    metafunc.definition.add_marker(pytest.mark.parametrize("library", params, indirect=True))


def backend_of_test(nodeid: str) -> str:
    """The backend id a test ran on, read from its id (``"other"`` if none)."""
    params = nodeid.partition("[")[2].rstrip("]").split("-")
    return next((b for b in BACKENDS if b in params), "other")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep the asked-for backends; give test_deprecation back its warnings-as-errors."""
    wanted = _wanted()
    keep, drop = [], []
    for item in items:
        if item.nodeid.split("::")[0].endswith("test_deprecation.py"):
            item.add_marker(pytest.mark.filterwarnings("error::DeprecationWarning"))
        if wanted is None or backend_of_test(item.nodeid) in wanted:
            keep.append(item)
        else:
            drop.append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


_outcomes = Outcomes(backend_of_test)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Count each test's outcome under its backend."""
    _outcomes.record(report)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print the outcomes per backend."""
    which = "array-api-compat (control)" if _control() else "ember_array"
    _outcomes.write(
        terminalreporter, f"array-api-extra tests per backend, on {which}", (*BACKENDS, "other")
    )


__all__ = ["MLX", "backend_of_test", "enable"]

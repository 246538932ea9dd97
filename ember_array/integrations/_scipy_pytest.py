"""pytest plugin: run SciPy's own array-API tests with ember_array plugged in.

Load it with ``-p ember_array.integrations._scipy_pytest``, outside this repository, with
``SCIPY_ARRAY_API`` set (``1`` for every backend SciPy finds, or a JSON list of SciPy's backend
ids such as ``'["torch"]'``)::

    SCIPY_ARRAY_API='["torch"]' pytest --pyargs scipy.signal -m array_api_backends \\
        -p ember_array.integrations._scipy_pytest

At configure time (before SciPy's test modules are imported, so they bind the patched helpers)
it calls :func:`ember_array.integrations.scipy.enable`: SciPy then resolves every non-numpy
namespace through :func:`ember_array.namespace` (its ``xp`` fixture too, which asks
``array_namespace(xp.empty(0))``). With ``EMBER_SCIPY_CONTROL=1`` it enables nothing: SciPy runs
on the array-api-compat it vendors, the control of the same run. At the end it prints the
outcomes per backend (read from SciPy's test ids). Everything is undone at unconfigure.

mlx: SciPy's ``xp`` fixture has no mlx param, and its conftest rejects a ``SCIPY_ARRAY_API``
list naming a backend it does not know. This plugin is imported (``-p``) before SciPy's conftest,
so it reads ``SCIPY_ARRAY_API`` first: ``'["mlx"]'`` (or a list with ``"mlx"`` among SciPy's ids)
selects mlx, and the plugin hands SciPy the list without it; ``1`` / ``all`` selects mlx too when
it is importable. When mlx is selected, :func:`pytest_generate_tests` (tryfirst: before pytest's
own fixture parametrization) appends ``pytest.param(<mlx>, id="mlx")`` to the params of
``scipy.conftest.xp``; the fixture then asks ``array_namespace(mx.empty(0))``, which the
integration answers with ``ember_array.mlx`` (installed with :func:`ember_array.mlx.install`).
``"mlx"`` joins ``scipy.conftest.xp_known_backends``, so ``np_only`` skips it and
``skip_xp_backends("mlx")`` would name it; on a GPU default device it joins the cpu-only skips.
The tests of :data:`MLX_SKIPS` (they crash the process on mlx) are skipped on mlx.

dtype: SciPy's conftest makes float64 torch's default (``torch.set_default_dtype``) unless
``SCIPY_DEFAULT_DTYPE=float32``; with mlx selected this plugin does the same for
``ember_array.mlx`` (:func:`ember_array.mlx.set_default_dtype`), and puts the old default back at
unconfigure. A GPU default device has no float64: there the default stays float32.
"""

from __future__ import annotations

import json
import os
import sys
from types import ModuleType
from typing import Any

import pytest

from ._outcomes import Outcomes

#: SciPy's backend ids, as its ``xp`` fixture names them in test ids.
BACKENDS = ("numpy", "array_api_strict", "torch", "jax.numpy", "dask.array", "cupy", "mlx")

#: The id of the param this plugin adds to SciPy's ``xp`` fixture.
MLX_ID = "mlx"


def _select_mlx() -> tuple[bool, str | None]:
    """(whether mlx is selected, the original ``SCIPY_ARRAY_API`` if it was rewritten).

    Runs at import, before SciPy's conftest reads the variable: a JSON list naming ``"mlx"``
    loses it (SciPy's conftest raises on ids it does not know); ``1``/``true``/``all`` select
    mlx when it is importable.
    """
    from ._common import mlx_available

    value = os.environ.get("SCIPY_ARRAY_API")
    if not value or value.lower() in ("0", "false"):
        return False, None
    if value.lower() in ("1", "true", "all"):
        return mlx_available(), None
    try:
        ids = json.loads(value)
    except ValueError:
        return False, None
    if not isinstance(ids, list):
        return False, None
    if ids == ["all"]:
        return mlx_available(), None
    if MLX_ID not in ids:
        return False, None
    others = [i for i in ids if i != MLX_ID]
    if not others:
        # not "[]": SciPy's string skipif conditions (skip_xp_invalid_arg is
        # skipif(SCIPY_ARRAY_API)) are evaluated, and "[]" is false. The numpy param this
        # selects is dropped again in pytest_generate_tests.
        _SELECTED.update({MLX_ID})
        others = ["numpy"]
    else:
        _SELECTED.update(ids)
    os.environ["SCIPY_ARRAY_API"] = json.dumps(others)
    return True, value


#: SciPy backend ids a JSON ``SCIPY_ARRAY_API`` asked for (empty: every id SciPy selects).
_SELECTED: set[str] = set()
_MLX, _ORIGINAL_ENV = _select_mlx()


def _mlx_param() -> Any:
    """What the ``xp`` fixture gets as ``request.param`` for mlx.

    SciPy's fixture reads ``request.param.__name__`` (the backend id its skip/xfail markers
    name) and calls ``request.param.empty(0)`` to ask for the namespace.
    """
    import mlx.core as mx

    param = ModuleType(MLX_ID, "mlx, as SciPy's xp fixture param (ember_array's scipy plugin)")
    param.empty = mx.empty  # type: ignore[attr-defined]
    return pytest.param(param, id=MLX_ID, marks=pytest.mark.array_api_backends)


def _teach_conftest(conftest: ModuleType) -> None:
    """Make SciPy's conftest know the backend id ``"mlx"`` (np_only, skip_xp_backends)."""
    known = getattr(conftest, "xp_known_backends", None)
    if isinstance(known, set):
        known.add(MLX_ID)
    cpu_only = getattr(conftest, "xp_skip_cpu_only_backends", None)
    if isinstance(cpu_only, set):
        import mlx.core as mx

        if mx.default_device().type != mx.cpu:
            cpu_only.add(MLX_ID)


@pytest.hookimpl(tryfirst=True)
def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Add the mlx param to SciPy's ``xp`` fixture, before pytest parametrizes it.

    In the control (``EMBER_SCIPY_CONTROL=1``) mlx is not added: array-api-compat has no mlx
    namespace, so the control has nothing to run there.
    """
    if not _MLX or "xp" not in metafunc.fixturenames:
        return
    for fixturedef in metafunc._arg2fixturedefs.get("xp", ()):
        func = getattr(fixturedef.func, "__wrapped__", fixturedef.func)
        if getattr(func, "__module__", "") != "scipy.conftest" or fixturedef.params is None:
            continue
        if fixturedef in _EXTENDED:
            continue
        _EXTENDED.append(fixturedef)
        _teach_conftest(sys.modules["scipy.conftest"])
        params = [
            p for p in fixturedef.params if not _SELECTED or getattr(p, "id", None) in _SELECTED
        ]
        if not _control():
            params.append(_mlx_param())
        # pytest declares FixtureDef.params Final; scipy's xp fixture is extended once, before
        # any test asks for it
        fixturedef.params = tuple(params)  # type: ignore[misc]


#: scipy's xp fixture definitions given the mlx param already (one per session)
_EXTENDED: list[Any] = []

#: SciPy tests skipped on mlx because they crash the process (a crash loses the whole run's
#: outcomes): "<file path>::<class>::" prefix -> reason.
MLX_SKIPS = {
    "scipy/ndimage/tests/test_filters.py::TestThreading::": (
        "mlx: np.asarray on slices of one lazy mlx array from four threads at once segfaults "
        "now and then (scipy/ndimage/_ni_support.py:102)"
    ),
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip, on mlx only, the tests of :data:`MLX_SKIPS`."""
    if not _MLX:
        return
    for item in items:
        if backend_of_test(item.nodeid) != MLX_ID:
            continue
        # the nodeid's file part depends on the --pyargs target: use the file's own path
        where = str(item.path).replace(os.sep, "/") + "::" + item.nodeid.partition("::")[2]
        for prefix, reason in MLX_SKIPS.items():
            if prefix in where:
                item.add_marker(pytest.mark.skip(reason=reason))


def _control() -> bool:
    return os.environ.get("EMBER_SCIPY_CONTROL", "0") == "1"


def backend_of_test(nodeid: str) -> str:
    """The SciPy backend id a test ran on, read from its id (``"other"`` if none)."""
    params = nodeid.partition("[")[2].rstrip("]").split("-")
    return next((b for b in BACKENDS if b in params), "other")


_outcomes = Outcomes(backend_of_test)


#: ``ember_array.mlx``'s default real floating dtype before :func:`pytest_configure` changed it
#: (empty: not changed), and why it was left alone where it was (for the report header).
_MLX_DEFAULT: list[Any] = []
_MLX_DEFAULT_NOTE: list[str] = []


def _mlx_default_dtype() -> None:
    """Make float64 ``ember_array.mlx``'s default, as SciPy's conftest does for torch
    (``torch.set_default_dtype(torch.float64)``), unless ``SCIPY_DEFAULT_DTYPE=float32``.

    SciPy's suite is written for a float64 default (it special-cases torch's float32 mode only).
    On a GPU default device, which has no float64, the default stays float32.
    """
    wanted = os.environ.get("SCIPY_DEFAULT_DTYPE", "float64")
    if wanted not in ("float32", "float64"):
        raise ValueError(
            "SCIPY_DEFAULT_DTYPE env var, if set, can only be either 'float64' or 'float32'. "
            f"Got '{wanted}' instead."
        )
    import ember_array.mlx as emx

    previous = emx.get_default_dtype()
    try:
        emx.set_default_dtype(getattr(emx, wanted))
    except ValueError as e:  # a GPU default device: no float64
        _MLX_DEFAULT_NOTE.append(f"mlx default dtype left at float32 ({e})")
        return
    _MLX_DEFAULT.append(previous)


def pytest_configure(config: pytest.Config) -> None:
    """Enable the integration before SciPy's test modules are imported (not for the control);
    with mlx selected, make float64 its default dtype (:func:`_mlx_default_dtype`)."""
    from . import scipy as ember_scipy

    if not _control():
        ember_scipy.enable(mlx=_MLX)
        if _MLX:
            _mlx_default_dtype()


def pytest_unconfigure(config: pytest.Config) -> None:
    """Undo :func:`pytest_configure`."""
    from . import scipy as ember_scipy

    ember_scipy.disable()
    if _MLX_DEFAULT:
        import ember_array.mlx as emx

        emx.set_default_dtype(_MLX_DEFAULT.pop())
    if _ORIGINAL_ENV is not None:
        os.environ["SCIPY_ARRAY_API"] = _ORIGINAL_ENV


def pytest_report_header(config: pytest.Config) -> str:
    """Say in the run's header that ember_array is plugged in."""
    from . import scipy as ember_scipy

    if _control():
        return "ember_array.integrations.scipy: not enabled (the array-api-compat control)"
    header = "ember_array.integrations.scipy: " + ", ".join(ember_scipy.patched_attributes())
    if _MLX_DEFAULT:
        import ember_array.mlx as emx

        header += f"; ember_array.mlx default dtype: {emx.get_default_dtype()}"
    return "\n".join([header, *_MLX_DEFAULT_NOTE])


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Count each test's outcome under its backend."""
    _outcomes.record(report)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print the outcomes per backend."""
    which = "array-api-compat (control)" if _control() else "ember_array"
    title = f"SciPy tests per backend, on {which}"
    _outcomes.write(terminalreporter, title, (*BACKENDS, "other"))

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
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from ._outcomes import Outcomes

#: SciPy's backend ids, as its ``xp`` fixture names them in test ids.
BACKENDS = ("numpy", "array_api_strict", "torch", "jax.numpy", "dask.array", "cupy")


def _control() -> bool:
    return os.environ.get("EMBER_SCIPY_CONTROL", "0") == "1"


def backend_of_test(nodeid: str) -> str:
    """The SciPy backend id a test ran on, read from its id (``"other"`` if none)."""
    params = nodeid.partition("[")[2].rstrip("]").split("-")
    return next((b for b in BACKENDS if b in params), "other")


_outcomes = Outcomes(backend_of_test)


def pytest_configure(config: pytest.Config) -> None:
    """Enable the integration before SciPy's test modules are imported (not for the control)."""
    from . import scipy as ember_scipy

    if not _control():
        ember_scipy.enable(mlx=False)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Undo :func:`pytest_configure`."""
    from . import scipy as ember_scipy

    ember_scipy.disable()


def pytest_report_header(config: pytest.Config) -> str:
    """Say in the run's header that ember_array is plugged in."""
    from . import scipy as ember_scipy

    if _control():
        return "ember_array.integrations.scipy: not enabled (the array-api-compat control)"
    return "ember_array.integrations.scipy: " + ", ".join(ember_scipy.patched_attributes())


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Count each test's outcome under its backend."""
    _outcomes.record(report)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print the outcomes per backend."""
    which = "array-api-compat (control)" if _control() else "ember_array"
    title = f"SciPy tests per backend, on {which}"
    _outcomes.write(terminalreporter, title, (*BACKENDS, "other"))

"""pytest plugin: run scikit-learn's own array-API tests on ember_array (mlx included).

Load it with ``-p ember_array.integrations._sklearn_pytest``::

    SCIPY_ARRAY_API=1 pytest --pyargs sklearn -k array_api -q -p no:cacheprovider \\
        -p ember_array.integrations._sklearn_pytest

At configure time (before any sklearn test module is imported) it calls
:func:`ember_array.integrations.sklearn.enable`, and, when mlx is importable and
``EMBER_SKLEARN_MLX`` is not ``0``, replaces ``sklearn.utils._array_api.yield_namespaces`` and
``yield_namespace_device_dtype_combinations`` so that they also yield ``"ember_array.mlx"``
(with ``("cpu", "float64")`` and ``("cpu", "float32")``). scikit-learn's test modules bind these
generators by name at import, which is why this must happen at configure time.
``_array_api_for_tests("ember_array.mlx", ...)`` then imports ``ember_array.mlx`` by name and
resolves its namespace through the patched ``get_namespace``. It also wraps
``sklearn.utils._testing._array_api_for_tests``: that helper decides its skips by probing torch's
module attributes on the namespace (``xp.backends.cuda.is_built()``), which the standard-only
``ember_array.torch`` lacks, so the wrapper runs it with array-api-compat's ``get_namespace`` and
returns ember_array's namespace. Everything is undone at unconfigure.

At the end of the run it prints, per namespace (numpy, torch, array_api_strict, mlx, and tests
not parametrized over one), how many tests passed, failed, were skipped, ... (read from the
test ids: ``ember_array.mlx``, ``array_api_strict``, ``torch``, ``numpy``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest

from .._dispatch import namespace_module
from .._patch import Patcher
from ._common import mlx_available, plugin_header
from ._outcomes import Outcomes

MLX_NAMESPACE = "ember_array.mlx"
#: (device, dtype) combinations scikit-learn's tests get for mlx; float64 runs on mlx's CPU.
MLX_COMBINATIONS = (("cpu", "float64"), ("cpu", "float32"))

_patches = Patcher()

#: How test ids name the namespaces, most specific first.
_NAMESPACE_KEYS = (
    (MLX_NAMESPACE, "mlx"),
    ("array_api_strict", "array_api_strict"),
    ("torch", "torch"),
    ("numpy", "numpy"),
)


def _with_mlx_namespaces(
    original: Callable[..., Iterator[str]],
) -> Callable[..., Iterator[str]]:
    def yield_namespaces(include_numpy_namespaces: bool = True) -> Iterator[str]:
        yield from original(include_numpy_namespaces=include_numpy_namespaces)
        yield MLX_NAMESPACE

    return yield_namespaces


def _with_mlx_combinations(
    original: Callable[..., Iterator[tuple[Any, ...]]],
) -> Callable[..., Iterator[tuple[Any, ...]]]:
    def yield_namespace_device_dtype_combinations(
        include_numpy_namespaces: bool = True,
    ) -> Iterator[tuple[Any, ...]]:
        for combo in original(include_numpy_namespaces=include_numpy_namespaces):
            # the original iterates the patched yield_namespaces, which gives mlx a
            # (None, None) entry; replace it by the explicit device/dtype pairs
            if combo[0] != MLX_NAMESPACE:
                yield combo
        for device, dtype in MLX_COMBINATIONS:
            yield MLX_NAMESPACE, device, dtype

    return yield_namespace_device_dtype_combinations


def _with_ember_namespace(
    original: Callable[..., tuple[ModuleType, Any]],
) -> Callable[..., tuple[ModuleType, Any]]:
    def _array_api_for_tests(
        array_namespace: str, device_name: Any = None, dtype_name: str | None = None
    ) -> tuple[ModuleType, Any]:
        # scikit-learn: _array_api_for_tests takes its skip decisions by probing torch's module
        # attributes on the namespace (``xp.backends.cuda.is_built()``, ``xp.xpu``)
        # (no upstream issue found)
        # The standard-only ember_array.torch has none: run it against array-api-compat's
        # namespaces, then hand the test ember_array's namespace for the same arrays.
        compat: Any = sys.modules["sklearn.externals.array_api_compat"]
        ours = compat.get_namespace
        compat.get_namespace = getattr(ours, "__wrapped__", ours)
        try:
            xp, device = original(array_namespace, device_name, dtype_name)
        finally:
            compat.get_namespace = ours
        return namespace_module(xp.asarray(1)), device

    return _array_api_for_tests


def _control() -> bool:
    # EMBER_SKLEARN_CONTROL=1: count only, on scikit-learn's own array-api-compat
    return os.environ.get("EMBER_SKLEARN_CONTROL", "0") == "1"


def pytest_configure(config: pytest.Config) -> None:
    """Enable the integration and add mlx to scikit-learn's test namespaces."""
    from . import sklearn as ember_sklearn

    if _control():
        return
    ember_sklearn.enable()
    from sklearn.utils import _testing as skl_testing

    _patches.set(
        skl_testing,
        "_array_api_for_tests",
        _with_ember_namespace(skl_testing._array_api_for_tests),
    )
    if os.environ.get("EMBER_SKLEARN_MLX", "1") == "0" or not mlx_available():
        return
    from sklearn.utils import _array_api as skl_api

    _patches.set(skl_api, "yield_namespaces", _with_mlx_namespaces(skl_api.yield_namespaces))
    _patches.set(
        skl_api,
        "yield_namespace_device_dtype_combinations",
        _with_mlx_combinations(skl_api.yield_namespace_device_dtype_combinations),
    )


def pytest_unconfigure(config: pytest.Config) -> None:
    """Undo :func:`pytest_configure`."""
    from . import sklearn as ember_sklearn

    _patches.restore()
    ember_sklearn.disable()


def pytest_report_header(config: pytest.Config) -> str:
    """Say in the run's header that ember_array is plugged in."""
    from . import sklearn as ember_sklearn

    plugin = "ember_array.integrations.sklearn"
    return plugin_header(plugin, _control(), ember_sklearn.patched_attributes())


def namespace_of_test(nodeid: str) -> str:
    """The namespace a scikit-learn test ran on, read from its id (``"other"`` if none)."""
    params = nodeid.partition("[")[2]
    for key, name in _NAMESPACE_KEYS:
        if key in params:
            return name
    return "other"


_outcomes = Outcomes(namespace_of_test)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Count each test's outcome under its namespace."""
    _outcomes.record(report)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print the outcomes per namespace."""
    _outcomes.write(
        terminalreporter,
        "ember_array: scikit-learn tests per namespace",
        ("numpy", "torch", "array_api_strict", "mlx", "other"),
    )

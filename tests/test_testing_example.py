"""examples/portable_lib: a library tested only with ember_array.testing, on every backend.

Its tests run here (in this process, with the example's own pytest configuration, which loads
the plugin with ``-p ember_array.testing``).  Its portable functions pass on every installed
backend; each defect of :mod:`portable_lib.legacy` fails (a strict xfail) exactly on the
backends the kit catches it on; a backend that is not installed is skipped.
"""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from ember_array.testing import BACKEND_NAMES
from ember_array.testing._backends import load

pytest_plugins = ["pytester"]

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "portable_lib"

#: The defects of portable_lib.legacy and the backends that catch them (the issue's list): a
#: numpy call handing back numpy arrays, float() on a lazy array (check_lazy), a write into the
#: input (numpy, torch, mlx, dask and array_api_strict write; jax refuses), xp.median.
DEFECTS = {
    "test_center_returns_the_input_library": {"torch", "mlx", "dask", "array_api_strict", "jax"},
    "test_scale_by_total_stays_lazy": {"mlx", "dask", "jax"},
    "test_zero_diagonal_leaves_its_input_alone": set(BACKEND_NAMES),
    "test_robust_center": {"numpy", "torch", "mlx", "dask", "array_api_strict"},
}


def _message(test: str, backend: str) -> str:
    """What the failure of a legacy test says on ``backend``: it names the defect."""
    namespace = f"ember_array.{backend}" if load(backend).backend.ember else backend
    return {
        "test_center_returns_the_input_library": (
            f"expected an array of {backend} (the xp given), got numpy.ndarray"
        ),
        "test_scale_by_total_stays_lazy": (
            f"check_lazy: scale_by_total forced evaluation of a {backend} array: float()"
        ),
        "test_zero_diagonal_leaves_its_input_alone": (
            "JAX arrays are immutable" if backend == "jax" else "the input changed"
        ),
        "test_robust_center": f"module '{namespace}' has no attribute 'median'",
    }[test]


#: The line of source check_lazy's message shows for scale_by_total.
LINE = "legacy.py:28 in scale_by_total: `return x / float(xp.sum(x))`"
#: Portable tests a backend skips on purpose (the example's skip_backends markers).
SKIPPED = {("test_one_hot_of_no_labels", "dask")}

# before the pytester fixture, whose sys.modules snapshot would drop them
pytestmark = pytest.mark.usefixtures("kit_imported", "jax_x64_restored")


def _matrix(reports: list[pytest.TestReport]) -> dict[str, collections.Counter[str]]:
    """backend -> outcome counts (passed, failed, skipped, xfailed) of the example's tests."""
    found: dict[str, collections.Counter[str]] = {b: collections.Counter() for b in BACKEND_NAMES}
    for rep in reports:
        backend = rep.nodeid.rpartition("[")[2].rstrip("]").split("-")[0]
        outcome = "xfailed" if hasattr(rep, "wasxfail") else rep.outcome
        found[backend][outcome] += 1
    return found


def _run_example(pytester: pytest.Pytester) -> dict[str, str]:
    """nodeid -> outcome of the example's run on every installed backend (an xfail's message
    follows ``xfailed: ``)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("EMBER_BACKENDS", raising=False)
        rec = pytester.inline_run(
            "-c", str(EXAMPLE / "pyproject.toml"), "--rootdir", str(EXAMPLE),
            str(EXAMPLE / "tests"), "-p", "no:cacheprovider",
            "-W", "ignore::pytest.PytestAssertRewriteWarning",
        )  # fmt: skip
    reports = [
        r
        for r in rec.getreports("pytest_runtest_logreport")
        if isinstance(r, pytest.TestReport) and (r.when == "call" or r.skipped or r.failed)
    ]
    print("\n".join(f"{b:17} {dict(c)}" for b, c in _matrix(reports).items()))
    return {
        r.nodeid: (f"xfailed: {r.longrepr}" if hasattr(r, "wasxfail") else r.outcome)
        for r in reports
    }


def _split(nodeid: str) -> tuple[str, str]:
    """(test function, backend) of a node id like ``tests/t.py::test_a[torch-cpu-float32]``."""
    name, _, param = nodeid.rpartition("::")[2].partition("[")
    return name, param.rstrip("]").split("-")[0]


def test_the_matrix(pytester: pytest.Pytester) -> None:
    outcomes = _run_example(pytester)
    assert {_split(n)[1] for n in outcomes} == set(BACKEND_NAMES)
    wrong = []
    for nodeid, outcome in outcomes.items():
        test, backend = _split(nodeid)
        if load(backend).xp is None:
            expected = "skipped"  # not installed here
        elif test in DEFECTS:
            expected = "xfailed" if backend in DEFECTS[test] else "passed"
        else:
            expected = "skipped" if (test, backend) in SKIPPED else "passed"
        if outcome.partition(":")[0] != expected:
            wrong.append(f"{nodeid}: {outcome}, expected {expected}")
        elif expected == "xfailed" and _message(test, backend) not in outcome:
            wrong.append(f"{nodeid}: the message does not say {_message(test, backend)!r}")
        elif (
            test == "test_scale_by_total_stays_lazy"
            and expected == "xfailed"
            and LINE not in outcome
        ):
            wrong.append(f"{nodeid}: the message does not show the line {LINE!r}")
    assert wrong == []


def test_the_portable_functions_lint_clean() -> None:
    """ember_array's linter agrees: the portable module is clean, legacy's float() and
    xp.median are reported (the numpy round trip and the write need the tests)."""
    from ember_array.lint import main

    assert main([str(EXAMPLE / "portable_lib" / "__init__.py")]) == 0
    assert main([str(EXAMPLE / "portable_lib" / "legacy.py"), "--select", "EA1,EA4"]) == 1

"""A slice of the consumers' own suites (SciPy's array-API tests) in the default run.

The whole of them runs with ``nox -s consumers`` (``conformance/consumers``); here two small
SciPy test modules run on torch, on ember_array and on the control (the array-api-compat SciPy
vendors), in the same way, and a slice of array-api-extra's suite on numpy and torch:
ember_array must not fail more than the control.
"""

from __future__ import annotations

import pytest

pytest.importorskip("scipy")
pytest.importorskip("torch")

from conformance import consumers

SLICE = ("special.tests.test_logsumexp", "signal.tests.test_windows")


@pytest.mark.parametrize("module", SLICE)
def test_never_below_the_control(module: str) -> None:
    spec = consumers.scipy_run(module, "torch")
    control = consumers.run(spec, "control", timeout=600)["counts"].get("torch", {})
    ours = consumers.run(spec, "ember", timeout=600)
    counts = ours["counts"].get("torch", {})
    assert counts.get("passed", 0) > 0, ours
    bad = counts.get("failed", 0) + counts.get("error", 0)
    assert bad <= control.get("failed", 0) + control.get("error", 0), ours["failures"]


def test_xtra_slice_never_below_the_control() -> None:
    # array-api-extra's isin passes torch's own assume_unique= to every torch namespace
    pytest.importorskip("array_api_extra.tests")
    spec = consumers.xtra_run(("numpy", "torch"), "-k", "TestIsIn or TestNUnique")
    control = consumers.run(spec, "control", timeout=600)["counts"]
    ours = consumers.run(spec, "ember", timeout=600)
    for backend in ("numpy", "torch"):
        counts = ours["counts"].get(backend, {})
        assert counts.get("passed", 0) > 0, ours
        bad = counts.get("failed", 0) + counts.get("error", 0)
        theirs = control.get(backend, {})
        assert bad <= theirs.get("failed", 0) + theirs.get("error", 0), ours["failures"]


def test_page_lists_counts_and_classified_failures() -> None:
    row = {
        "control": {"counts": {"torch": {"passed": 3, "failed": 1}}, "failures": []},
        "ember": {
            "counts": {"torch": {"passed": 4}, "mlx": {"passed": 2, "failed": 1}},
            "failures": [
                {
                    "test": "t[mlx]",
                    "namespace": "mlx",
                    "outcome": "failed",
                    "message": "TypeError: add: the standard promotes float64 with complex to "
                    "complex128, which mlx does not have",
                }
            ],
        },
    }
    page = consumers.markdown({"scipy.fft / torch": row})
    assert "| scipy.fft | torch | 3 passed, **1** failed or errors | 4 passed, **0**" in page
    assert "| scipy.fft | mlx | 1 | mlx has no complex128" in page
    assert "2 passed, **1** failed or errors (1 need complex128; others 0.0 %)" in page
    # a generic assertion message, classified by the test's id
    cause, owner, _ = consumers.classify(
        "DESIRED: array(0.5)", "scipy/integrate/tests/test_tanhsinh.py::TestNSum::test_x[mlx]"
    )
    assert cause.startswith("scipy.integrate tanhsinh/nsum on mlx")
    assert owner.startswith("SciPy")
    cause, owner, _ = consumers.classify("something new")
    assert cause.startswith("unclassified")
    assert owner == "?"

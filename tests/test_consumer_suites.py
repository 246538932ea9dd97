"""A slice of the consumers' own suites (SciPy's array-API tests) in the default run.

The whole of them runs with ``nox -s consumers`` (``conformance/consumers``); here two small
SciPy test modules run on torch, on ember_array and on the control (the array-api-compat SciPy
vendors), in the same way, and a slice of array-api-extra's suite on numpy and torch:
ember_array must not fail more than the control. The page's logic (classification, counts
apart) and the wrapper libraries' namespace swap (``conformance/consumers/_swap.py``) are
checked without the wrapper libraries installed.
"""

from __future__ import annotations

from pathlib import Path

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


def test_refusals_and_complex128_are_counted_apart() -> None:
    refused = "TypeError: astype [numpy]: casting complex128 to float64 is not permitted (the "
    refused += "array API forbids complex to real casts; take real(x) or abs(x) first)"
    row = {
        "control": {"counts": {"numpy": {"passed": 10}}, "failures": []},
        "ember": {
            "counts": {"numpy": {"passed": 7, "failed": 3}},
            "failures": [
                {"test": "t[numpy]", "namespace": "numpy", "outcome": "failed", "message": m}
                for m in (refused, refused, "something new")
            ],
        },
    }
    page = consumers.markdown({"marray / numpy": row})
    assert f"**3** failed or errors (2 [refused]({consumers.POLICY})" in page
    assert "others 12.5 %)" in page  # 1 of the 8 tests that ran without a refusal
    assert "| marray | numpy | 2 | ember_array refuses the complex → real astype" in page
    assert consumers.apart_of("ember_array refuses int with uint64 promotion, ...")
    assert consumers.apart_of("mlx has no complex128: ...") == "need complex128"
    assert consumers.apart_of("torch.Tensor slicing rejects negative steps") is None


def test_classify_reads_the_exception_line_of_a_long_message() -> None:
    note = "You can reproduce this example by temporarily adding @reproduce_failure(...)"
    cause, _, _ = consumers.classify(note, "t[torch]", "ValueError: step must be greater than zero")
    assert cause.startswith("torch.Tensor slicing rejects negative steps")
    cause, _, _ = consumers.classify(note, "t", "AssertionError: assert 1 == 2")
    assert cause == "unclassified: AssertionError: assert 1 == 2"
    # a random seed in the message does not make a class of its own
    cause, _, _ = consumers.classify("", "t", "AssertionError: 191717003751850131673 <- x")
    assert cause == "unclassified: AssertionError: … <- x"


def test_exception_line_of_a_report() -> None:
    from types import SimpleNamespace

    from ember_array.integrations._outcomes import _exception_line

    text = (
        "Traceback:\n  File x\nFailed: DID NOT RAISE <class 'TypeError'>\nFalsifying example: f(\n)"
    )
    assert _exception_line(SimpleNamespace(longreprtext=text)) == (  # type: ignore[arg-type]
        "Failed: DID NOT RAISE <class 'TypeError'>"
    )
    text = "E   mlx.core.Error: [broadcast_shapes] no\nE   \n  diff tail"
    assert _exception_line(SimpleNamespace(longreprtext=text)) == (  # type: ignore[arg-type]
        "mlx.core.Error: [broadcast_shapes] no"
    )
    # a chained exception: the last one first, then its cause (what classification reads)
    text = "TypeError: astype [numpy]: no\n\nThe above exception ...\nAssertionError: None"
    assert _exception_line(SimpleNamespace(longreprtext=text)) == (  # type: ignore[arg-type]
        "AssertionError: None <- TypeError: astype [numpy]: no"
    )
    text = "E   AssertionError: \nE   Not equal\nE   (dtypes float32, float64 mismatch)\nE  ACTUAL"
    assert _exception_line(SimpleNamespace(longreprtext=text)) == (  # type: ignore[arg-type]
        "(dtypes float32, float64 mismatch) <- AssertionError:"
    )
    assert _exception_line(SimpleNamespace(longreprtext="assert x")) == ""  # type: ignore[arg-type]


def test_wrapper_runs_and_their_namespace_swap() -> None:
    import types

    from conformance.consumers import _swap

    spec = consumers.wrapper_run("einops", "torch")
    env = dict(spec.env)
    assert env["EMBER_SWAP_NAMESPACE"] == "torch"
    assert env["EMBER_SWAP_HOW"] == "import:numpy"
    assert env["EINOPS_TEST_BACKENDS"] == "numpy"
    assert spec.control_env == "EMBER_SWAP_CONTROL"
    assert spec.key == "einops / torch"
    found = consumers._installed_file("pkg:json/decoder.py")
    assert found.endswith("decoder.py")
    assert Path(found).is_file()
    assert consumers._installed_file("-k") == "-k"
    with pytest.raises(ModuleNotFoundError, match="no_such_package is not installed"):
        consumers._installed_file("pkg:no_such_package/tests/t.py")

    def body() -> object:
        import json as xp  # the swap gives the namespace for ``import json``
        import os

        return xp, os

    fake = types.ModuleType("fake")
    got, os_module = _swap._importing(body, "json", fake)()  # type: ignore[arg-type]
    assert got is fake
    assert os_module.__name__ == "os"
    # module:MODULE: only the test module's own import is swapped, not its dependencies'
    hook = _swap._import_hook("json", fake, importer="/t/test_a.py")
    assert hook("json", {"__file__": "/t/test_a.py"}, None, (), 0) is fake
    assert hook("json", {"__file__": "/lib/dep.py"}, None, (), 0).__name__ == "json"
    assert hook("json", {"__file__": "/t/test_a.py"}, None, ("loads",), 0).__name__ == "json"


def test_marray_runs_mlx_with_the_float64_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """marray's tests make float64 torch's default; its entry asks the same of mlx, and the
    plugin sets it for the run (and undoes it): ``EMBER_SWAP_DEFAULT_FLOAT``."""
    pytest.importorskip("mlx.core")
    import ember_array.mlx as emx
    from conformance.consumers import _swap

    # (the Wrapper entries: wrapper_run needs the wrapper library installed)
    assert dict(consumers.WRAPPERS["marray"].env)["EMBER_SWAP_DEFAULT_FLOAT"] == "float64"
    assert "EMBER_SWAP_DEFAULT_FLOAT" not in dict(consumers.WRAPPERS["einops"].env)
    assert "float64 default in the same way" in consumers.markdown({}).replace("\n", " ")
    before = emx.get_default_dtype()
    monkeypatch.setattr(_swap, "_undo", [])
    monkeypatch.setenv("EMBER_SWAP_DEFAULT_FLOAT", "float64")
    _swap._set_default_float(emx)
    try:
        assert emx.get_default_dtype() == emx.float64
        assert emx.divide(emx.asarray([1]), emx.asarray([2])).dtype == emx.float64
    finally:
        while _swap._undo:
            _swap._undo.pop()()
    assert emx.get_default_dtype() == before
    monkeypatch.setenv("EMBER_SWAP_DEFAULT_FLOAT", "float16")
    with pytest.raises(pytest.UsageError, match="EMBER_SWAP_DEFAULT_FLOAT must be one of"):
        _swap._set_default_float(emx)


def test_a_wrapper_suite_runs_on_ember_and_the_control() -> None:
    """The swap plugin end to end: hypothesis' strategies on ember_array.numpy and on
    array-api-compat's numpy, each counted under ``numpy`` (one test, a few examples)."""
    spec = consumers.wrapper_run("hypothesis", "numpy", "-k", "test_shape_strategies_draw")
    for mode in consumers.MODES:
        outcomes = consumers.run(spec, mode, timeout=300)
        assert outcomes["counts"] == {"numpy": {"passed": 1}}, outcomes

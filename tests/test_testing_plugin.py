"""The pytest plugin of ember_array.testing, run in someone else's repository (pytester).

Each test writes a small test file that uses the kit, runs pytest on it in this process, and
checks the outcomes: per-backend ids, a missing backend skipped, ``--ember-backends`` and
``EMBER_BACKENDS``, the markers (strict xfail included), a project's own ``xp`` fixture winning
over ours, and nothing loaded without opting in.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from ember_array.testing import BACKEND_NAMES
from ember_array.testing._backends import load

pytest_plugins = ["pytester"]

# (ember_array.testing is imported here already: pytest cannot rewrite its asserts, and says so)
PLUGIN = (
    "-p",
    "ember_array.testing",
    "-p",
    "no:cacheprovider",
    "-W",
    "ignore::pytest.PytestAssertRewriteWarning",
)
#: The two backends these runs use: cheap to load, and always installed with the test extra.
FAST = "--ember-backends=numpy,array_api_strict"
# before each test's pytester fixture, whose sys.modules snapshot would drop them
pytestmark = pytest.mark.usefixtures("kit_imported", "jax_x64_restored")


@pytest.fixture(autouse=True)
def _no_selection(monkeypatch: pytest.MonkeyPatch) -> None:
    """The runs below choose their backends themselves (nox sets EMBER_BACKENDS)."""
    monkeypatch.delenv("EMBER_BACKENDS", raising=False)


def test_one_test_per_backend_with_the_backend_as_id(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_a(xp):\n    assert hasattr(xp, 'asarray')\n")
    result = pytester.runpytest_inprocess(*PLUGIN, FAST, "-v")
    result.assert_outcomes(passed=2, deselected=len(BACKEND_NAMES) - 2)
    result.stdout.fnmatch_lines(
        ["*test_a[[]numpy[]] PASSED*", "*test_a[[]array_api_strict[]] PASSED*"]
    )


def test_the_namespaces(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import array_api_strict
        import ember_array.numpy

        def test_a(xp):
            assert xp is ember_array.numpy or xp is array_api_strict
        """
    )
    pytester.runpytest_inprocess(*PLUGIN, FAST).assert_outcomes(passed=2, deselected=4)


@pytest.fixture
def jax_missing(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """jax not installed, as far as the kit can tell."""
    monkeypatch.setitem(sys.modules, "jax.numpy", None)
    load.cache_clear()
    yield
    load.cache_clear()


@pytest.mark.usefixtures("jax_missing")
def test_a_missing_backend_is_skipped_with_the_reason(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_a(xp):\n    pass\n")
    result = pytester.runpytest_inprocess(*PLUGIN, "--ember-backends=numpy,jax", "-rs")
    result.assert_outcomes(passed=1, skipped=1, deselected=4)
    result.stdout.fnmatch_lines(["*SKIPPED*jax is not installed*"])


def test_the_environment_variable_picks_backends(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EMBER_BACKENDS", "array_api_strict")
    pytester.makepyfile("def test_a(xp):\n    assert xp.__name__ == 'array_api_strict'\n")
    pytester.runpytest_inprocess(*PLUGIN).assert_outcomes(passed=1, deselected=5)


def test_the_option_wins_over_the_environment(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EMBER_BACKENDS", "array_api_strict")
    pytester.makepyfile("def test_a(xp):\n    assert xp.__name__ == 'ember_array.numpy'\n")
    result = pytester.runpytest_inprocess(*PLUGIN, "--ember-backends=numpy")
    result.assert_outcomes(passed=1, deselected=5)


@pytest.mark.parametrize("where", ["option", "environment"])
def test_an_unknown_backend_is_a_usage_error(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    pytester.makepyfile("def test_a(xp):\n    pass\n")
    args = [*PLUGIN]
    if where == "option":
        args.append("--ember-backends=numpy,cupy")
    else:
        monkeypatch.setenv("EMBER_BACKENDS", "numpy,cupy")
    result = pytester.runpytest_inprocess(*args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "unknown backends ['cupy']" in result.stderr.str()


def test_the_markers(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import pytest

        @pytest.mark.skip_backends("numpy", reason="not on numpy")
        def test_skipped(xp):
            pass

        @pytest.mark.xfail_backends("array_api_strict", reason="strict refuses it")
        def test_xfailed(xp):
            assert xp.__name__ != "array_api_strict"

        @pytest.mark.xfail_backends("numpy", reason="fixed long ago")
        def test_strict_xpass(xp):
            pass

        @pytest.mark.xfail_backends("numpy", reason="fixed long ago", strict=False)
        def test_lenient_xpass(xp):
            pass

        @pytest.mark.xfail_backends("numpy", reason="wrong error", raises=TypeError)
        def test_raises_mismatch(xp):
            assert xp.__name__ != "ember_array.numpy"
        """
    )
    result = pytester.runpytest_inprocess(*PLUGIN, FAST, "--strict-markers", "-rsxX")
    # skipped: numpy; xfailed: strict; failed: the strict XPASS and the wrong exception type
    result.assert_outcomes(passed=5, skipped=1, xfailed=1, xpassed=1, failed=2, deselected=20)
    result.stdout.fnmatch_lines(["*skip_backends(numpy): not on numpy*"])
    result.stdout.fnmatch_lines(["*XPASS(strict)*xfail_backends(numpy): fixed long ago*"])


def test_a_marker_naming_an_unknown_backend_is_an_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        "import pytest\n\n@pytest.mark.skip_backends('nmupy')\ndef test_a(xp):\n    pass\n"
    )
    result = pytester.runpytest_inprocess(*PLUGIN, FAST)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "skip_backends names unknown backends ['nmupy']" in result.stderr.str()


def test_a_projects_own_xp_fixture_wins(pytester: pytest.Pytester) -> None:
    # SciPy defines its own xp fixture (with its own markers) in its conftest
    pytester.makeconftest(
        """
        import pytest

        @pytest.fixture(params=["first", "second"])
        def xp(request):
            return request.param
        """
    )
    pytester.makepyfile("def test_a(xp):\n    assert xp in ('first', 'second')\n")
    result = pytester.runpytest_inprocess(*PLUGIN, "--ember-backends=numpy", "-v")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["*test_a[[]first[]] PASSED*", "*test_a[[]second[]] PASSED*"])


def test_nothing_is_loaded_without_opting_in(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_a(xp):\n    pass\n")
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*fixture 'xp' not found*"])


def test_pytest_plugins_in_a_conftest_opts_in(pytester: pytest.Pytester) -> None:
    pytester.makeconftest('pytest_plugins = ["ember_array.testing"]\n')
    pytester.makepyfile("def test_a(xp):\n    pass\n")
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", FAST)
    result.assert_outcomes(passed=2, deselected=4)


def test_device_dtype_parameters(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import pytest
        from ember_array.testing import namespace_device_dtype_params, random_array

        @pytest.mark.parametrize(("xp", "device", "dtype"), namespace_device_dtype_params())
        @pytest.mark.skip_backends("array_api_strict", reason="checked elsewhere")
        def test_every_pair_holds(xp, device, dtype):
            x = random_array(xp, (2,), dtype=dtype, device=device)
            assert x.dtype == getattr(xp, dtype)
        """
    )
    result = pytester.runpytest_inprocess(*PLUGIN, FAST, "-v")
    # numpy: the 13 dtypes of the standard on its one device; array_api_strict's skipped
    result.stdout.fnmatch_lines(["*[[]numpy-cpu-complex128[]] PASSED*"])
    outcomes = result.parseoutcomes()
    assert outcomes["passed"] == 13
    assert outcomes["skipped"] > 0


def test_data_dependent_marker(pytester: pytest.Pytester) -> None:
    pytest.importorskip("jax")
    pytester.makepyfile(
        """
        import pytest
        from ember_array.testing import check_lazy

        def positive(x):
            return x[x > 0]

        @pytest.mark.data_dependent
        def test_marked(xp):
            assert check_lazy(positive, xp.asarray([1.0, -1.0])).shape == (1,)

        def test_unmarked(xp):
            check_lazy(positive, xp.asarray([1.0, -1.0]))
        """
    )
    result = pytester.runpytest_inprocess(*PLUGIN, "--ember-backends=jax")
    result.assert_outcomes(passed=1, failed=1, deselected=10)
    result.stdout.fnmatch_lines(["*boolean mask (a data-dependent shape)*"])

"""The oldest supported releases: one statement of them (the registry rows), the same bounds
in ``pyproject.toml``, and a library older than its floor is an ImportError naming both
versions, never a crash (``nox -s floors`` runs the tests on the floors themselves)."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from packaging.requirements import Requirement

import ember_array
from ember_array import _backends, _dispatch
from ember_array._backends import BY_NAME, COMPAT, TooOldError
from ember_array._report import report_lines

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parent.parent


def _lower_bounds() -> dict[str, set[str]]:
    """Distribution -> the ``>=`` bounds pyproject gives it (dependencies and extras)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lines = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        lines += extra
    found: dict[str, set[str]] = {}
    for line in lines:
        req = Requirement(line)
        for spec in req.specifier:
            if spec.operator == ">=":
                found.setdefault(req.name, set()).add(spec.version)
    return found


def test_pyproject_floors_are_the_registry_floors() -> None:
    bounds = _lower_bounds()
    for backend in BY_NAME.values():
        assert bounds[backend.distribution] == {backend.floor}, backend.name
    assert bounds[COMPAT.distribution] == {COMPAT.floor}
    assert bounds["distributed"] == {BY_NAME["dask"].floor}


def test_release_reads_the_leading_numbers() -> None:
    assert _backends.release("2.13.0+cpu") == (2, 13, 0)
    assert _backends.release("0.33.0.dev20260101") == (0, 33, 0)
    assert _backends.release("0.32.4") > _backends.release("0.32")
    assert _backends.release("2024.9") < _backends.release("2024.10.0")


@pytest.fixture
def numpy_too_old(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry reads numpy 1.26.4; ember_array.numpy and namespace()'s caches are
    forgotten for the test (and put back after it)."""
    ember_array.namespace(np.ones(1))  # imported now, so that it is restored after the test
    real = _backends.installed_version

    def fake(distribution: str, module: str) -> str | None:
        return "1.26.4" if distribution == "numpy" else real(distribution, module)

    monkeypatch.setattr(_backends, "installed_version", fake)
    monkeypatch.delitem(sys.modules, "ember_array.numpy")
    monkeypatch.delattr(ember_array, "numpy")  # `from . import numpy` reads it first
    monkeypatch.setattr(_dispatch, "_CACHE", {})
    monkeypatch.setattr(_dispatch, "_LOADED", {})


@pytest.mark.usefixtures("numpy_too_old")
def test_namespace_of_a_too_old_backend_names_both_versions() -> None:
    with pytest.raises(ImportError, match=r"numpy >= 2\.1, but numpy 1\.26\.4 is installed"):
        ember_array.namespace(np.ones(3))
    with pytest.raises(TooOldError) as info:  # the import itself, and again (not cached)
        importlib.import_module("ember_array.numpy")
    assert info.value.short == "numpy 1.26.4 < 2.1"


@pytest.mark.usefixtures("numpy_too_old")
def test_report_lists_a_too_old_backend_and_the_others() -> None:
    lines = report_lines()
    assert any(
        line.split()[:1] == ["numpy"] and "too old (numpy 1.26.4 < 2.1)" in line for line in lines
    ), lines
    for name in BY_NAME:  # every other backend still has its line
        assert any(line.split()[:1] == [name] for line in lines), (name, lines)


def test_importing_ember_array_never_checks_a_backend() -> None:
    """``import ember_array`` imports no namespace, so an old backend cannot break it."""
    code = (
        "import sys, numpy\n"
        "numpy.__version__ = '1.26.4'\n"
        "import ember_array\n"
        "assert not [m for m in sys.modules if m in "
        f"{[b.namespace for b in BY_NAME.values()]!r}]\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=120)

"""The array-api-tests runner and its xfail files (the suite itself runs in nox, not here)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conformance import _xfails
from conformance import array_api_tests as runner

ROOT = Path(__file__).resolve().parent.parent


def test_without_suite_explains_and_exits_zero(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "ARRAY_API_TESTS_DIR": ""}
    out = subprocess.run(
        [sys.executable, "-m", "conformance.array_api_tests", "numpy"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0
    assert "ARRAY_API_TESTS_DIR" in out.stdout
    assert "array-api-tests" in out.stdout


def test_command_uses_xfails_equals_form(tmp_path: Path) -> None:
    xfails = tmp_path / "x.txt"
    cmd = runner.build_command(tmp_path / "r.json", 10, 0, xfails, [])
    assert f"--xfails-file={xfails}" in cmd
    assert cmd[cmd.index("-p") + 1] == "conformance._noshrink"
    assert "--max-examples=10" in cmd


@pytest.mark.parametrize("backend", runner.BACKENDS)
def test_xfail_files_are_node_ids_with_reasons(backend: str) -> None:
    """Every line is ``<node id>  # <reason> — <link>`` (the shared parser checks the format)."""
    entries = _xfails.read(ROOT / "conformance" / f"{backend}-xfails.txt")
    assert entries, "an empty xfail file means nothing is known to fail: delete it instead"
    for test_id, entry in entries.items():
        assert test_id.startswith("array_api_tests/test_"), test_id
        assert entry.reason, test_id
        assert entry.link, test_id


def test_suite_gets_bare_ids_and_passing_xfails_fail(tmp_path: Path) -> None:
    """The suite reads whole lines as ids; a listed test that passes is a strict failure."""
    listed = tmp_path / "x-xfails.txt"
    listed.write_text(
        "# a comment\n"
        + _xfails.format_entry("array_api_tests/test_a.py::test_a[x y]", "why", _xfails.NO_LINK)
        + "\n"
        + _xfails.format_entry(
            "array_api_tests/test_b.py::test_b", "why", "https://github.com/o/r/issues/1"
        )
        + "\n"
    )
    ids = runner.write_suite_xfails(listed, tmp_path / "ids.txt").read_text().splitlines()
    assert ids == ["array_api_tests/test_a.py::test_a[x y]", "array_api_tests/test_b.py::test_b"]
    report = {
        "tests": [
            {"nodeid": ids[0], "outcome": "xpassed"},
            {"nodeid": ids[1], "outcome": "xfailed"},
            {"nodeid": "array_api_tests/test_b.py::test_b2", "outcome": "xpassed"},
        ]
    }
    assert runner.strict_xpasses(report, _xfails.read(listed)) == [ids[0]]

"""The array-api-tests runner and its xfail files (the suite itself runs in nox, not here)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

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


@pytest.mark.parametrize("backend", ["numpy", "torch"])
def test_xfail_files_are_node_ids_with_reasons(backend: str) -> None:
    lines = (ROOT / "conformance" / f"{backend}-xfails.txt").read_text().splitlines()
    ids = [line for line in lines if line and not line.startswith("#")]
    assert ids, "an empty xfail file means nothing is known to fail: delete it instead"
    for i, line in enumerate(lines):
        if line and not line.startswith("#"):
            assert line.startswith("array_api_tests/test_"), line
            assert line == line.strip(), repr(line)
            # Every group of ids is preceded by a comment line giving the reason.
            j = i
            while lines[j] and not lines[j].startswith("#"):
                j -= 1
            assert lines[j].startswith("# "), line

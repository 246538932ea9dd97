"""The portability linter (``python -m ember_array lint``) on fixtures with known defects."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ember_array.lint import Settings, lint_paths, lint_source, main, settings
from ember_array.lint._rules import RULES

FIXTURES = Path(__file__).parent / "lint_fixtures"
DEFECTS = FIXTURES / "defects.py"
CLEAN = FIXTURES / "clean.py"
ROOT = Path(__file__).resolve().parents[1]


def _expected(path: Path) -> list[tuple[int, str]]:
    out = []
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        m = re.search(r"# expect: (.*)$", line)
        if m:
            out.extend((number, code) for code in m.group(1).split())
    return sorted(out)


def _found(path: Path, s: Settings | None = None) -> list[tuple[int, str]]:
    findings = lint_source(path.read_text(), str(path), s or Settings())
    return sorted((f.line, f.code) for f in findings)


def test_fixture_findings_are_exactly_the_expected_ones() -> None:
    assert _found(DEFECTS) == _expected(DEFECTS)


def test_every_default_rule_is_exercised_by_the_fixture() -> None:
    codes = {code for _, code in _expected(DEFECTS)}
    wanted = {c for c, r in RULES.items() if r.default and c not in {"EA001", "EA701"}}
    assert wanted <= codes


def test_clean_code_is_clean() -> None:
    assert _found(CLEAN) == []


def test_messages_carry_fixes() -> None:
    findings = lint_source(DEFECTS.read_text(), "d.py", Settings())
    by_code = {}
    for f in findings:
        by_code.setdefault(f.code, f)
    assert by_code["EA101"].fix == "use xp.concat"
    assert by_code["EA102"].fix in {"use min=", "use correction="}
    assert "ember_array.random" in (by_code["EA601"].fix or "")


def test_noqa() -> None:
    src = (
        "import ember_array\ndef f(x):\n    xp = ember_array.namespace(x)\n    return float(x){}\n"
    )
    plain = lint_source(src.format(""), "a.py", Settings())
    assert [f.code for f in plain] == ["EA401"]
    assert lint_source(src.format("  # noqa: EA401"), "a.py", Settings()) == []
    assert lint_source(src.format("  # noqa"), "a.py", Settings()) == []
    other = lint_source(src.format("  # noqa: EA201"), "a.py", Settings())
    assert [f.code for f in other] == ["EA401"]


def test_syntax_error_is_reported() -> None:
    findings = lint_source("def f(:\n    xp = 1\n", "bad.py", Settings())
    assert [f.code for f in findings] == ["EA001"]


def test_select_and_ignore_take_prefixes() -> None:
    s = settings(start=FIXTURES, isolated=True, select=["EA4"])
    assert {c for _, c in _found(DEFECTS, s)} == {"EA401", "EA402", "EA403"}
    s = settings(start=FIXTURES, isolated=True, ignore=["EA2", "EA6"])
    codes = {c for _, c in _found(DEFECTS, s)}
    assert not codes & {"EA201", "EA601", "EA602"}
    assert "EA101" in codes


def test_targets_drive_dtype_and_inplace_rules() -> None:
    src = (
        "import ember_array\n"
        "def f(x):\n"
        "    xp = ember_array.namespace(x)\n"
        "    y = xp.asarray(x, dtype=xp.float64)\n"
        "    y[0] = 1.0\n"
        "    y += 1\n"
        "    return y\n"
    )
    default = lint_source(src, "t.py", Settings())
    assert default == []
    s = settings(start=FIXTURES, isolated=True, targets=["numpy", "mlx-gpu", "jax"])
    found = sorted((f.line, f.code) for f in lint_source(src, "t.py", s))
    assert found == [(4, "EA502"), (5, "EA701"), (6, "EA701")]


def test_pyproject_configuration(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.ember_array.lint]\nselect = ["EA1"]\nignore = ["EA102"]\n'
    )
    code = tmp_path / "m.py"
    code.write_text(DEFECTS.read_text())
    s = settings(start=tmp_path)
    assert {c for _, c in _found(code, s)} == {"EA101"}
    (tmp_path / "pyproject.toml").write_text("[tool.ember_array.lint]\nselct = []\n")
    assert main([str(code)]) == 2


def test_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(CLEAN)]) == 0
    assert main([str(DEFECTS), "--isolated"]) == 1
    assert main([str(DEFECTS), "--isolated", "--exit-zero"]) == 0
    assert main([str(DEFECTS), "--select", "XX9"]) == 2
    assert main([str(FIXTURES / "no-such-file.py")]) == 2
    assert main(["--format", "yaml", str(CLEAN)]) == 2
    assert main([]) == 2
    capsys.readouterr()


def test_text_format_is_path_line_col_code(capsys: pytest.CaptureFixture[str]) -> None:
    main([str(DEFECTS), "--isolated", "--select", "EA101"])
    lines = capsys.readouterr().out.splitlines()
    assert re.fullmatch(
        rf"{re.escape(str(DEFECTS))}:15:9: EA101 .*\(fix: use xp.concat\)", lines[0]
    )
    assert lines[-1] == "Found 2 problems."


def test_json_and_github_formats(capsys: pytest.CaptureFixture[str]) -> None:
    main([str(DEFECTS), "--isolated", "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert sorted((d["line"], d["code"]) for d in data) == _expected(DEFECTS)
    assert set(data[0]) == {"path", "line", "column", "code", "message", "fix"}
    main([str(DEFECTS), "--isolated", "--format", "github", "--select", "EA403"])
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2
    assert all(line.startswith("::error file=") and "title=EA403::" in line for line in out)


def test_report_lists_used_names_per_backend(capsys: pytest.CaptureFixture[str]) -> None:
    main([str(CLEAN), "--report"])
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "standard names used: 5"
    assert lines[1] == "  exp, matmul, max, sum, linalg.vector_norm"  # the standard's order
    assert lines[2].startswith("runs on: numpy")


def test_report_names_what_a_backend_lacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("mlx.core")
    code = tmp_path / "h.py"
    code.write_text(
        "import ember_array\ndef f(x):\n    xp = ember_array.namespace(x)\n"
        "    return xp.fft.hfft(x), xp.unique_values(x)\n"
    )
    main([str(code), "--report", "--isolated"])
    out = capsys.readouterr().out
    mlx_line = next(line for line in out.splitlines() if line.startswith("mlx:"))
    assert "unique_values" in mlx_line  # data-dependent shape: evaluates on mlx


def test_own_shims_lint_clean() -> None:
    shims = [ROOT / "ember_array" / n for n in ("random", "scatter", "signal")]
    assert main([*map(str, shims)]) == 0


def test_module_entry_point_and_no_import_of_linted_code() -> None:
    # defects.py raises SystemExit at import: the linter must only read it
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "ember_array",
            "lint",
            str(DEFECTS),
            "--isolated",
            "--select",
            "EA5",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert proc.returncode == 1, proc.stderr
    assert "EA501" in proc.stdout
    assert "EA502" in proc.stdout


def test_a_package_calling_its_own_functions_is_not_a_backend_call(tmp_path: Path) -> None:
    src = (
        "import scipy.special\nimport ember_array\n"
        "def f(x):\n    xp = ember_array.namespace(x)\n    return scipy.special.erf(x)\n"
    )
    loose = tmp_path / "user_code.py"
    loose.write_text(src)
    pkg = tmp_path / "scipy"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "mod.py").write_text(src)
    s = settings(start=tmp_path, isolated=True)
    result = lint_paths([loose, pkg / "mod.py"], s)
    assert [(Path(f.path).name, f.code) for f in result.findings] == [("user_code.py", "EA201")]


DRAFT_CODE = """\
import ember_array


def best(x):
    xp = ember_array.namespace(x, api_version="2026.12")
    return xp.top_k(x, 3)
"""


def test_top_k_is_flagged_unless_the_project_targets_the_draft(tmp_path: Path) -> None:
    (finding,) = lint_source(DRAFT_CODE, "m.py", Settings())
    assert finding.code == "EA101"
    assert "2026.12 draft" in finding.message
    assert "2025.12" in finding.message
    assert 'api-version = "2026.12"' in (finding.fix or "")
    assert lint_source(DRAFT_CODE, "m.py", Settings(api_version="2026.12")) == []
    (tmp_path / "pyproject.toml").write_text('[tool.ember_array.lint]\napi-version = "2026.12"\n')
    code = tmp_path / "m.py"
    code.write_text(DRAFT_CODE)
    assert settings(start=tmp_path).api_version == "2026.12"
    assert main([str(code)]) == 0
    assert main([str(code), "--isolated"]) == 1
    assert main([str(code), "--isolated", "--api-version", "2026.12"]) == 0
    assert main([str(code), "--isolated", "--api-version", "2031.12"]) == 2

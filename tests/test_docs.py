"""README and CI: the two one-line commands, the links, and that CI runs the test command."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    head = text.split("**ember_array**")[0]
    return [line.strip() for line in head.splitlines() if line.startswith("    python")]


def test_readme_opens_with_two_commands() -> None:
    demo, tests = _readme_commands()
    assert demo.endswith("python -m ember_array")
    assert tests.endswith("python -m pytest")


def test_ci_runs_the_readme_test_command() -> None:
    _, tests = _readme_commands()
    assert tests in (ROOT / ".ci" / "run").read_text()


def test_readme_links_exist() -> None:
    text = (ROOT / "README.md").read_text()
    for target in re.findall(r"\]\(((?!https?:)[^)]+)\)", text):
        assert (ROOT / target).exists(), target


def test_report_runs() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "ember_array"], capture_output=True, text=True, check=True
    ).stdout
    assert "2025.12" in out
    assert "numpy" in out
    assert re.search(r"numpy .*192/192 standard names", out)


def test_front_page_example_runs() -> None:
    """The example of docs/index.md prints what its last comment says."""
    import contextlib
    import io

    text = (ROOT / "docs" / "index.md").read_text()
    (block,) = re.findall(r"```python\n(.*?)```", text, re.S)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, "docs/index.md", "exec"), {"__name__": "docs_index"})
    shown = block.strip().splitlines()[-1].split("#", 1)[1].strip()
    assert " ".join(out.getvalue().split()) == " ".join(shown.split())


def test_install_command_is_on_the_front_page() -> None:
    text = (ROOT / "docs" / "index.md").read_text()
    assert "pip install ember-array" in text
    for extra in ("[torch]", "[mlx]", "[dask]", "[all]"):
        assert extra in text


def test_install_pages_show_what_works_today_first() -> None:
    """Until the first release is on PyPI, the front page, the install page and README's prose
    say so and show a checkout's install before `pip install ember-array` (docs/releasing.md:
    turn them around after the first upload)."""
    readme = (ROOT / "README.md").read_text().split("**ember_array**", 1)[1]
    pages = {
        "README.md": readme,
        "docs/index.md": (ROOT / "docs" / "index.md").read_text(),
        "docs/install.md": (ROOT / "docs" / "install.md").read_text(),
    }
    for name, text in pages.items():
        assert "pip index versions ember-array" in text, name
        today, released = text.find('pip install ".[all]"'), text.find("pip install ember-array")
        assert 0 <= today < released, f"{name}: the checkout's install is not shown first"


def test_compile_guide_example_runs() -> None:
    """The python blocks of docs/guides/compile.md run and their asserts hold."""
    text = (ROOT / "docs" / "guides" / "compile.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/guides/compile.md", "exec"), {"__name__": "docs_compile"})


def test_dask_guide_example_runs() -> None:
    """The python blocks of docs/guides/dask.md run and their asserts hold."""
    import pytest

    pytest.importorskip("dask.array")
    text = (ROOT / "docs" / "guides" / "dask.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/guides/dask.md", "exec"), {"__name__": "docs_dask"})

"""Workarounds with provenance: the upstream links in ``ember_array/`` and docs/workarounds.md.

Every workaround of a native behaviour carries ``# <library>: <behaviour>; <link>`` (or the
behaviour and ``(no upstream issue found)``); ``docs/workarounds.py`` parses those comments and
renders docs/workarounds.md. No network access: links are checked for their form only.
"""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load() -> ModuleType:
    name = "_ember_docs_workarounds"
    spec = importlib.util.spec_from_file_location(name, ROOT / "docs" / "workarounds.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


wa = _load()


def _sources() -> dict[str, str]:
    return {str(p.relative_to(ROOT)): p.read_text() for p in sorted(wa.PACKAGE.rglob("*.py"))}


def test_every_github_link_is_an_issue_or_pull_request() -> None:
    links = []
    bad = []
    for path, text in _sources().items():
        links += wa.GITHUB.findall(text)
        bad += [f"{path}: {link}" for link in wa.malformed_links(text)]
    assert not bad, (
        "links not of the form https://github.com/<owner>/<repo>/(issues|pull)/<n> or a pinned "
        "/blob/<commit or tag>/<path> permalink:\n" + ("\n".join(bad))
    )
    print(f"{len(links)} upstream links ({len(set(links))} distinct) in ember_array/")
    assert len(set(links)) >= 40


@pytest.mark.parametrize(
    "link",
    [
        "https://github.com/numpy/numpy/issues/26522",
        "https://github.com/data-apis/array-api-compat/pull/445",
        "https://github.com/Reference-LAPACK/lapack/issues/1409",
    ],
)
def test_well_formed_link_passes(link: str) -> None:
    assert wa.malformed_links(f"# numpy: something; {link}") == []


@pytest.mark.parametrize(
    "link",
    [
        "https://github.com/numpy/numpy/issue/26522",  # issue, not issues
        "https://github.com/numpy/numpy/issues/",  # no number
        "https://github.com/numpy/numpy/issues/abc",
        "https://github.com/numpy/numpy/issues/0",
        "http://github.com/numpy/numpy/issues/1",  # not https
        "https://github.com/numpy/issues/1",  # no repository
        "https://github.com/numpy/numpy/blob/main/README.md",  # a file, not an issue
        "https://github.com/numpy/numpy/issues/1#issuecomment-2",
        "github.com/numpy/numpy/issues/1",
    ],
)
def test_malformed_link_fails(link: str) -> None:
    assert wa.malformed_links(f"# numpy: something; {link}") == [link]


def test_entries_parse_from_comments(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "ember_array"
    package.mkdir()
    (package / "m.py").write_text(
        "# torch: torch.f does X wrong;\n"
        "# https://github.com/pytorch/pytorch/issues/1\n"
        "def f():\n"
        "    # mlx: mx.g lacks Y (no upstream issue found)\n"
        "    return 1\n"
        "\n"
        "\n"
        "# numpy: only prose, neither a link nor the marker\n"
        "x = 1\n"
    )
    monkeypatch.setattr(wa, "PACKAGE", package)
    monkeypatch.setattr(wa, "ROOT", tmp_path)
    found = wa.entries()
    assert [(e.library, e.behaviour, e.url, e.where) for e in found] == [
        ("torch", "torch.f does X wrong", "https://github.com/pytorch/pytorch/issues/1", "m.f"),
        ("mlx", "mx.g lacks Y", None, "m.f"),
    ]


def test_every_entry_names_a_behaviour() -> None:
    found = wa.entries()
    for e in found:
        assert len(e.behaviour) >= 10, f"{e.path}:{e.line}: no behaviour named"
        assert e.url is None or wa.LINK.fullmatch(e.url), f"{e.path}:{e.line}: {e.url}"
    per_library = Counter(e.library for e in found)
    linked = Counter(e.library for e in found if e.url)
    print("workarounds per library (with a link):")
    for library in wa.LIBRARIES:
        if per_library[library]:
            print(f"  {library}: {per_library[library]} ({linked[library]})")
    for library in ("numpy", "torch", "mlx", "dask", "array-api-compat"):
        assert per_library[library], f"no workaround comment for {library}"


def test_every_link_is_on_the_page() -> None:
    page = wa.PAGE.read_text()
    for e in wa.entries():
        if e.url:
            assert e.url in page, f"{e.path}:{e.line}: {e.url} missing from {wa.PAGE.name}"


def test_page_is_current() -> None:
    assert wa.PAGE.read_text() == wa.render(), f"docs/workarounds.md is stale: {wa.REGENERATE}"

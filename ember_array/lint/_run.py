"""Collect files, lint each, apply ``# noqa`` and the selection."""

from __future__ import annotations

import ast
import fnmatch
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ._analysis import Analyzer, Finding
from ._config import Settings

_MAYBE_ARRAY_CODE = re.compile(r"\bxp\b|namespace")
_NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[A-Za-z]+[0-9]+(?:\s*,\s*[A-Za-z]+[0-9]+)*))?", re.I)


@dataclass
class Result:
    """Findings of a run, and the standard names its array code used (for ``--report``)."""

    findings: list[Finding] = field(default_factory=list)
    used: set[str] = field(default_factory=set)
    files: int = 0


def _noqa_lines(source: str) -> dict[int, frozenset[str] | None]:
    """``{line: codes}`` for every ``# noqa`` comment; None means every code."""
    out: dict[int, frozenset[str] | None] = {}
    if "noqa" not in source.lower():
        return out
    for number, line in enumerate(source.splitlines(), start=1):
        m = _NOQA.search(line)
        if m:
            codes = m.group("codes")
            out[number] = (
                None if codes is None else frozenset(c.strip().upper() for c in codes.split(","))
            )
    return out


def _package_of(path: Path) -> str | None:
    """The top-level package ``path`` lies in (folders with ``__init__.py``), if any."""
    top = None
    folder = path.resolve().parent
    while (folder / "__init__.py").is_file():
        top = folder.name
        folder = folder.parent
    return top


def lint_source(
    source: str,
    path: str,
    settings: Settings,
    result: Result | None = None,
    own_package: str | None = None,
) -> list[Finding]:
    """Findings for one module's source text (selection and ``# noqa`` applied)."""
    if _MAYBE_ARRAY_CODE.search(source) is None:
        return []  # no array code can be here: skip the parse
    try:
        tree = ast.parse(source, filename=path)
    except (SyntaxError, ValueError) as exc:
        line = getattr(exc, "lineno", None) or 1
        col = getattr(exc, "offset", None) or 1
        found = [Finding(path, line, col, "EA001", f"cannot parse: {getattr(exc, 'msg', exc)}")]
    else:
        analyzer = Analyzer(path, tree, settings.targets, own_package)
        found = analyzer.run()
        if result is not None:
            result.used |= analyzer.used
    noqa = _noqa_lines(source)
    kept = []
    for f in found:
        if not settings.enabled(f.code):
            continue
        codes = noqa.get(f.line, frozenset())
        if codes is None or f.code in codes:
            continue
        kept.append(f)
    kept.sort(key=lambda f: (f.line, f.col, f.code))
    return kept


def _excluded(path: Path, patterns: Iterable[str]) -> bool:
    return any(fnmatch.fnmatch(part, p) for part in path.parts for p in patterns) or any(
        fnmatch.fnmatch(path.as_posix(), p) for p in patterns
    )


def iter_files(paths: Iterable[Path], settings: Settings) -> Iterator[Path]:
    """Python files under ``paths`` (a file named directly is always linted)."""
    for p in paths:
        if p.is_dir():
            for f in sorted(p.rglob("*.py")):
                if not _excluded(f.relative_to(p), settings.exclude):
                    yield f
        else:
            yield p


def lint_paths(paths: Iterable[Path], settings: Settings) -> Result:
    """Lint every Python file under ``paths``."""
    result = Result()
    for f in iter_files(paths, settings):
        source = f.read_text(encoding="utf-8", errors="replace")
        result.findings.extend(lint_source(source, str(f), settings, result, _package_of(f)))
        result.files += 1
    return result

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
    """Findings of a run, and the standard names its array code used (for ``--report``).

    Parameters
    ----------
    findings : list of Finding, optional
        Every finding, file by file.
    used : set of str, optional
        The standard names the linted array code called (``"sum"``, ``"linalg.svd"``).
    files : int, optional
        How many files were read.

    See Also
    --------
    lint_paths : returns one.
    Finding

    Examples
    --------
    >>> from ember_array.lint import Result
    >>> Result(files=3).findings  # what lint_paths returns for three clean files
    []
    """

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
    """Findings for one module's source text (selection and ``# noqa`` applied).

    The source is parsed, not imported or run.

    Parameters
    ----------
    source : str
        The module's text.
    path : str
        The file name the findings report.
    settings : Settings
        Which rules run and for which target backends (:func:`settings` reads them from
        ``pyproject.toml``; ``Settings()`` is the defaults).
    result : Result or None, optional
        A run's :class:`Result`, whose ``used`` names this module's calls are added to.
    own_package : str or None, optional
        The top-level package the file belongs to: calls into it are not reported as calls of
        another library.

    Returns
    -------
    list of Finding
        In source order; a file that does not parse gives one ``EA001`` finding.

    See Also
    --------
    lint_paths : every Python file under some paths.
    Finding, Settings

    Examples
    --------
    >>> from ember_array.lint import Settings, lint_source
    >>> source = "import numpy as np, ember_array as ea\\ndef total(x):\\n    xp = ea.namespace(x)"
    >>> for finding in lint_source(source + "\\n    return np.sum(x)", "total.py", Settings()):
    ...     print(finding.line, finding.code, finding.fix)
    4 EA201 use xp.sum
    """
    if _MAYBE_ARRAY_CODE.search(source) is None:
        return []  # no array code can be here: skip the parse
    try:
        tree = ast.parse(source, filename=path)
    except (SyntaxError, ValueError) as exc:
        line = getattr(exc, "lineno", None) or 1
        col = getattr(exc, "offset", None) or 1
        found = [Finding(path, line, col, "EA001", f"cannot parse: {getattr(exc, 'msg', exc)}")]
    else:
        analyzer = Analyzer(
            path, tree, settings.targets, own_package, api_version=settings.api_version
        )
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
    """Lint every Python file under ``paths``.

    Parameters
    ----------
    paths : iterable of pathlib.Path
        Files and folders; folders are searched recursively, skipping ``settings.exclude``.
    settings : Settings
        Which rules run and for which target backends.

    Returns
    -------
    Result
        The findings of every file, the number of files and the standard names used.

    See Also
    --------
    lint_source : one module's text.
    main : the command line.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from ember_array.lint import Settings, lint_paths
    >>> folder = Path(tempfile.mkdtemp())
    >>> source = '''
    ... import numpy as np
    ... import ember_array
    ...
    ... def total(x):
    ...     xp = ember_array.namespace(x)
    ...     return np.sum(x)
    ... '''
    >>> _ = (folder / "total.py").write_text(source)
    >>> result = lint_paths([folder], Settings())
    >>> result.files, [(f.line, f.code) for f in result.findings]
    (1, [(7, 'EA201')])
    """
    result = Result()
    for f in iter_files(paths, settings):
        source = f.read_text(encoding="utf-8", errors="replace")
        result.findings.extend(lint_source(source, str(f), settings, result, _package_of(f)))
        result.files += 1
    return result

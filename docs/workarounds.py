"""Render ``docs/workarounds.md`` from the workaround comments in ``ember_array/``.

::

    python docs/workarounds.py > docs/workarounds.md

Every place in the package that works around a native behaviour carries a comment of the form::

    # <library>: <what the native call does wrong or lacks>; <upstream issue or PR URL>

or, where no upstream issue was found, the behaviour followed by ``(no upstream issue found)``.
The comment may continue on the next comment lines (a long URL usually goes on its own line).
``<library>`` is one of :data:`LIBRARIES`. A comment that names a library but neither a link nor
the marker is ordinary prose, not an entry. ``tests/test_provenance.py`` checks every link's form
and that the page is this script's output.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ember_array"
PAGE = ROOT / "docs" / "workarounds.md"
REGENERATE = "python docs/workarounds.py > docs/workarounds.md"

#: The libraries a workaround comment may name, in the order of the page's table.
LIBRARIES = (
    "numpy",
    "torch",
    "mlx",
    "dask",
    "array-api-compat",
    "scipy",
    "scikit-learn",
    "jax",
    "LAPACK",
)
NO_ISSUE = "(no upstream issue found)"

#: Anything that looks like a GitHub link, to be checked against :data:`LINK`.
GITHUB = re.compile(r"(?:https?://)?(?:www\.)?github\.com/[^\s)\]>\"'`,;]*")
#: The accepted forms: an issue or pull request of a repository, by number, or (where no issue
#: exists) a permalink to the native source, pinned to a commit or a release tag.
LINK = re.compile(
    r"https://github\.com/[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?/[A-Za-z0-9._-]+"
    r"/(?:(?:issues|pull)/[1-9][0-9]*"
    r"|blob/(?:[0-9a-f]{40}|v[0-9]+(?:\.[0-9]+)*)/[A-Za-z0-9._/-]+(?:#L[0-9]+(?:-L[0-9]+)?)?)"
)
_START = re.compile(r"^(\s*)# (" + "|".join(map(re.escape, LIBRARIES)) + r"): (.*)$")
_COMMENT = re.compile(r"^(\s*)#(?!:)\s?(.*)$")


def malformed_links(text: str) -> list[str]:
    """The GitHub links in ``text`` that are not of :data:`LINK`'s forms."""
    return [m for m in GITHUB.findall(text) if not LINK.fullmatch(m.rstrip("."))]


@dataclass(frozen=True)
class Entry:
    """One workaround comment."""

    path: str  # relative to the repository root
    line: int
    library: str
    behaviour: str
    url: str | None  # None: no upstream issue found
    where: str  # the ember function (or module-level name) the comment belongs to


def _entries_in(path: Path) -> Iterator[tuple[int, str, str, str | None]]:
    """(line, library, behaviour, url) of every entry in one file."""
    lines = path.read_text().splitlines()
    i = 0
    while i < len(lines):
        start = _START.match(lines[i])
        if not start:
            i += 1
            continue
        indent, library, text = start.groups()
        parts, j = [text], i + 1
        while not _ends(parts[-1]) and j < len(lines):
            more = _COMMENT.match(lines[j])
            if not more or more.group(1) != indent or _START.match(lines[j]):
                break
            parts.append(more.group(2))
            j += 1
        joined = " ".join(p.strip() for p in parts)
        if _ends(joined):
            url = next(iter(GITHUB.findall(joined)), None)
            yield i + 1, library, _behaviour(joined, url), url
        i = j


def _ends(text: str) -> bool:
    return NO_ISSUE in text or bool(GITHUB.search(text))


def _behaviour(text: str, url: str | None) -> str:
    # the behaviour ends where the link (or the marker) is; prose may follow on the line
    text = text.split(url if url else NO_ISSUE)[0]
    return text.strip().rstrip(";:,").strip()


def _where(tree: ast.Module, line: int) -> str:
    """The dotted name of the innermost definition holding ``line``, else of the next statement."""
    path: list[str] = []
    body: list[ast.stmt] = tree.body
    while True:
        for node in body:
            first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
            if first <= line <= (node.end_lineno or node.lineno) and isinstance(
                node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
            ):
                path.append(node.name)
                body = node.body
                break
        else:
            break
    if path:
        return ".".join(path)
    following = [
        n for n in tree.body if n.lineno > line and not isinstance(n, (ast.Import, ast.ImportFrom))
    ]
    if not following:
        return "(module)"
    node = min(following, key=lambda n: n.lineno)
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return node.name
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
        targets = [node.target]
    return ", ".join(ast.unparse(t) for t in targets) if targets else "(module)"


def entries() -> list[Entry]:
    """Every workaround comment of the package, in :data:`LIBRARIES` order, then by place."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text())
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts[1:])
        module = module.removesuffix(".__init__").removesuffix("__init__")
        for line, library, behaviour, url in _entries_in(path):
            where = _where(tree, line)
            found.append(
                Entry(
                    path=str(path.relative_to(ROOT)),
                    line=line,
                    library=library,
                    behaviour=behaviour,
                    url=url,
                    where=f"{module}.{where}" if module else where,
                )
            )
    return sorted(found, key=lambda e: (LIBRARIES.index(e.library), e.path, e.line))


_CODE = re.compile(r"(``[^`]+``|`[^`]+`)")
_SPECIAL = re.compile(r"([\\*_|<>\[\]])")


def _markdown(text: str) -> str:
    """``text`` for a table cell: code spans kept, Markdown's special characters escaped."""
    out = []
    for part in _CODE.split(text):
        if part.startswith("``"):
            out.append("`" + part[2:-2] + "`")
        elif part.startswith("`"):
            out.append(part)
        else:
            out.append(_SPECIAL.sub(r"\\\1", part))
    return "".join(out)


def _link(url: str | None) -> str:
    if url is None:
        return "no upstream issue found"
    owner, repo, _, number = url.removeprefix("https://github.com/").split("/")
    return f"[{owner}/{repo}#{number}]({url})"


def render() -> str:
    """The page: counts per library, then one table row per workaround."""
    found = entries()
    linked = [e for e in found if e.url]
    per_library = Counter(e.library for e in found)
    per_library_linked = Counter(e.library for e in linked)
    lines = [
        "# Native behaviours worked around",
        "",
        "Every place in `ember_array/` that works around something a native library does wrong",
        "or lacks carries a comment naming the behaviour and, where one was found, the upstream",
        "issue or pull request: `# <library>: <behaviour>; <link>`, or the behaviour followed by",
        f"`{NO_ISSUE}`. This page is generated from those comments",
        f"(`{REGENERATE}`);",
        "`tests/test_provenance.py` fails when it is stale or when a link is not of the form",
        "`https://github.com/<owner>/<repo>/(issues|pull)/<n>`.",
        "",
        f"{len(found)} workarounds, {len(linked)} with an upstream link and "
        f"{len(found) - len(linked)} without:",
        "",
        "| library | workarounds | with a link |",
        "| --- | --- | --- |",
    ]
    for library in LIBRARIES:
        if per_library[library]:
            lines.append(f"| {library} | {per_library[library]} | {per_library_linked[library]} |")
    lines += [
        "",
        "| backend | native behaviour | ember function(s) | upstream link |",
        "| --- | --- | --- | --- |",
    ]
    for e in found:
        lines.append(f"| {e.library} | {_markdown(e.behaviour)} | `{e.where}` | {_link(e.url)} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(render())

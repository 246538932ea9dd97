"""Generate :mod:`ember_array.typing._generated` from the standard's own stubs.

The Python array API standard publishes its signatures as Python stubs in the
data-apis/array-api repository (``src/array_api_stubs/_2025_12``). This script
parses them with :mod:`ast` and writes a package of Protocols, so the types
follow the standard instead of being retyped by hand::

    python -m ember_array.typing._generate /path/to/array-api [--commit SHA] [-o OUT]

The path is the array-api checkout (or its ``src/array_api_stubs/_2025_12``
folder); without it, ``$EMBER_ARRAY_API_REPO`` is used. The output is formatted
with ``ruff`` when ruff is installed, so regenerated files compare equal to the
committed ones.

What the stubs leave as placeholders becomes, in the generated modules
(:mod:`._translate`):

- ``array`` in a namespace function: the namespace's type parameter ``TArray``;
  ``array`` in an array method: ``Self``.
- ``dtype``/``device``: the ``DType``/``Device`` Protocols (equality only: the
  standard specifies nothing else of them, and each library has its own class).
- ``SupportsBufferProtocol``: ``typing_extensions.Buffer``; ``PyCapsule`` and
  ``SupportsDLPack``: ``Any`` (no portable static type exists).
- ``Literal[inf, -inf, ...]`` (not a valid type): the floats are dropped from
  the ``Literal``; every such union already has ``float``.

The reflected operators (``__radd__`` ...) have no stubs; the standard lists
them in ``spec/<version>/API_specification/array_object.rst``, and each gets
the signature of its forward operator and a docstring that names it.

The main namespace is one Protocol per section of the standard (:mod:`._render`),
which ``ArrayNamespace`` joins. A method's docstring is the first paragraph of its
stub's; a class's is written by hand (:mod:`._class_docs`: its See Also and its
Examples, which the API tests run).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from ._render import render
from ._translate import NOT_COMMON, STUBS, Context, annotation

__all__ = ["NOT_COMMON", "Context", "annotation", "generate", "main"]

#: The generated package.
OUTPUT = Path(__file__).with_name("_generated")


def _format(source: str, name: str) -> str:
    """``ruff`` sort the imports and format the source (with the repository's settings), if
    ruff is installed."""
    ruff = shutil.which("ruff")
    if ruff is None:
        print("ruff not found: the output is not formatted", file=sys.stderr)
        return source
    repo = Path(__file__).resolve().parents[2]
    filename = str(repo / "ember_array/typing/_generated" / name)
    for command in (["check", "--select", "I", "--fix", "--quiet"], ["format"]):
        source = subprocess.run(
            [ruff, *command, "--stdin-filename", filename, "-"],
            input=source,
            capture_output=True,
            text=True,
            check=True,
            cwd=repo,
        ).stdout
    return source


def find_root(path: Path) -> Path:
    """The array-api checkout that holds ``path`` (the checkout or its stubs folder)."""
    for candidate in (path, *path.parents):
        if (candidate / STUBS / "_types.py").is_file():
            return candidate
    raise FileNotFoundError(f"{path}: no {STUBS.as_posix()}/_types.py in it or above it")


def _git_commit(root: Path) -> str | None:
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    return done.stdout.strip()


def generate(
    path: Path, commit: str | None = None, *, fmt: Callable[[str, str], str] = _format
) -> dict[str, str]:
    """The formatted sources of the generated modules.

    Parameters
    ----------
    path
        The data-apis/array-api checkout, or its ``src/array_api_stubs/_2025_12`` folder.
    commit
        The checkout's commit, for the header; read with git when None.
    fmt
        The formatter applied to each source, given it and the module's file name.

    Returns
    -------
    dict of str to str
        Each module's source, by file name.
    """
    root = find_root(path)
    commit = commit or _git_commit(root) or "unknown"
    return {name: fmt(source, name) for name, source in render(root, commit).items()}


def main(argv: list[str] | None = None) -> int:
    """Command line: write the generated modules (``--help`` for the options)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("path", nargs="?", default=os.environ.get("EMBER_ARRAY_API_REPO"))
    parser.add_argument("--commit", help="the checkout's commit (default: git rev-parse HEAD)")
    parser.add_argument("-o", "--output", type=Path, default=OUTPUT, help="the package folder")
    ns = parser.parse_args(argv)
    if not ns.path:
        parser.error("give the array-api checkout, or set EMBER_ARRAY_API_REPO")
    ns.output.mkdir(parents=True, exist_ok=True)
    for name, source in generate(Path(ns.path), ns.commit).items():
        (ns.output / name).write_text(source)
    print(f"wrote {ns.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

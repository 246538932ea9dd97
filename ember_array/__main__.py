"""``python -m ember_array [report | matrix [--markdown] | lint PATH...]``.

Backends, spec, support matrix; ``lint`` runs the portability linter (:mod:`ember_array.lint`).

``python -m ember_array matrix --markdown > docs/support-matrix.md`` regenerates the support
matrix page of the documentation.
"""

from __future__ import annotations

import sys

from ._report import markdown, matrix_lines, report_lines

USAGE = "usage: python -m ember_array [report | matrix [--markdown] | lint PATH... [options]]"


def main(argv: list[str]) -> int:
    """Print the report (no argument), the support matrix (``matrix``) or its markdown page."""
    if argv[:1] == ["lint"]:
        from .lint import main as lint_main

        return lint_main(argv[1:])
    if argv in ([], ["report"]):
        print("\n".join(report_lines()))
        return 0
    if argv == ["matrix"]:
        print("\n".join(matrix_lines()))
        return 0
    if argv == ["matrix", "--markdown"]:
        sys.stdout.write(markdown())
        return 0
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

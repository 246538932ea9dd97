"""``python -m ember_array [matrix]``: backends found, spec revision, support matrix."""

from __future__ import annotations

import sys

from ._report import matrix_lines, report_lines


def main(argv: list[str]) -> int:
    """Print the report (no argument) or the support matrix (``matrix``)."""
    if argv in ([], ["report"]):
        print("\n".join(report_lines()))
        return 0
    if argv == ["matrix"]:
        print("\n".join(matrix_lines()))
        return 0
    print("usage: python -m ember_array [report|matrix]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

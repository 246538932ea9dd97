"""A portability linter for array API code: ``python -m ember_array lint PATH...``.

It reads source with :mod:`ast` (the linted code is never imported), finds *array code*
(functions that obtain a namespace or take ``xp``), and reports what will not run the same
on every backend: backend calls on dispatched arrays, names and keywords the standard lacks,
non-standard array methods, host syncs, backend RNG and device calls, dtypes a backend lacks,
and in-place updates where a target backend has none. See ``docs/guides/lint.md``.

Exit status: 0 clean, 1 findings, 2 usage error.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from ._analysis import Finding
from ._config import Settings, UsageError, settings
from ._output import FORMATS, text
from ._rules import DEFAULT_TARGETS, RULES, TARGETS
from ._run import Result, lint_paths, lint_source

__all__ = ["Finding", "Result", "Settings", "lint_paths", "lint_source", "main", "settings"]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="ember-lint",
        description="Find array API code that will not run on every backend.",
    )
    p.add_argument("paths", nargs="*", type=Path, help="files or folders to lint")
    p.add_argument("--format", choices=sorted(FORMATS), default="text")
    p.add_argument("--select", type=lambda s: s.split(","), help="only these codes (prefixes ok)")
    p.add_argument("--extend-select", type=lambda s: s.split(","), help="add these codes")
    p.add_argument("--ignore", type=lambda s: s.split(","), help="skip these codes (prefixes ok)")
    p.add_argument(
        "--targets",
        type=lambda s: s.split(","),
        help=f"backends the code must run on (of {', '.join(TARGETS)}); "
        f"default {','.join(DEFAULT_TARGETS)}",
    )
    p.add_argument(
        "--api-version",
        help="the standard's revision the code targets (default 2025.12; 2026.12: the draft)",
    )
    p.add_argument("--config", type=Path, help="a pyproject.toml to read settings from")
    p.add_argument("--isolated", action="store_true", help="ignore pyproject.toml")
    p.add_argument("--no-fix", action="store_true", help="leave fix suggestions out of text output")
    p.add_argument("--report", action="store_true", help="print the per-backend coverage report")
    p.add_argument("--rules", action="store_true", help="list the rules and exit")
    p.add_argument("--exit-zero", action="store_true", help="exit 0 even when problems are found")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the linter (``ember-lint`` and ``python -m ember_array lint``); return the exit status.

    Parameters
    ----------
    argv : sequence of str or None, optional
        The command-line arguments (default ``sys.argv[1:]``): paths, ``--format
        text|json|github``, ``--select``, ``--ignore``, ``--targets``, ``--config``...

    Returns
    -------
    int
        0 when clean, 1 when there are findings, 2 for a usage error.

    See Also
    --------
    lint_paths : the same from Python, returning the findings.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from ember_array.lint import main
    >>> path = Path(tempfile.mkdtemp()) / "ok.py"
    >>> _ = path.write_text("x = 1")
    >>> main([str(path), "--isolated"])
    0
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on a usage error, 0 on --help
        return int(exc.code or 0)
    if args.rules:
        for rule in RULES.values():
            flag = "" if rule.default else " (opt-in)"
            print(f"{rule.code}  {rule.name:<24} {rule.summary}{flag}")
        return 0
    if not args.paths:
        print("ember-lint: error: no path given", file=sys.stderr)
        return 2
    missing = [p for p in args.paths if not p.exists()]
    if missing:
        print(f"ember-lint: error: no such file or folder: {missing[0]}", file=sys.stderr)
        return 2
    first = args.paths[0].resolve()
    try:
        s = settings(
            start=first if first.is_dir() else first.parent,
            config=args.config,
            select=args.select,
            extend_select=args.extend_select,
            ignore=args.ignore,
            targets=args.targets,
            isolated=args.isolated,
            api_version=args.api_version,
        )
    except UsageError as exc:
        print(f"ember-lint: error: {exc}", file=sys.stderr)
        return 2
    result = lint_paths(args.paths, s)
    if args.format == "text":
        out = text(result.findings, show_fixes=not args.no_fix)
    else:
        out = FORMATS[args.format](result.findings)
    if out:
        print(out)
    if args.report:
        from ._coverage import report

        print(report(result.used))
    return 1 if result.findings and not args.exit_zero else 0

"""Output formats: text (``path:line:col: CODE message``), json, github annotations."""

from __future__ import annotations

import json
from collections.abc import Sequence

from ._analysis import Finding


def text(findings: Sequence[Finding], *, show_fixes: bool = True) -> str:
    lines = []
    for f in findings:
        line = f"{f.path}:{f.line}:{f.col}: {f.code} {f.message}"
        if show_fixes and f.fix:
            line += f" (fix: {f.fix})"
        lines.append(line)
    if findings:
        lines.append(f"Found {len(findings)} problem{'s' if len(findings) != 1 else ''}.")
    return "\n".join(lines)


def as_json(findings: Sequence[Finding]) -> str:
    return json.dumps(
        [
            {
                "path": f.path,
                "line": f.line,
                "column": f.col,
                "code": f.code,
                "message": f.message,
                "fix": f.fix,
            }
            for f in findings
        ],
        indent=2,
    )


def _escape(value: str, *, prop: bool = False) -> str:
    value = value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        value = value.replace(":", "%3A").replace(",", "%2C")
    return value


def github(findings: Sequence[Finding]) -> str:
    """GitHub Actions workflow commands: one ``::error`` annotation per finding."""
    out = []
    for f in findings:
        message = f.message + (f" (fix: {f.fix})" if f.fix else "")
        out.append(
            f"::error file={_escape(f.path, prop=True)},line={f.line},col={f.col},"
            f"title={f.code}::{_escape(f'{f.code} {message}')}"
        )
    return "\n".join(out)


FORMATS = {"text": text, "json": as_json, "github": github}

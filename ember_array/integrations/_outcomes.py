"""Test outcomes per namespace, for the plugins that run consumers' suites on ember_array.

With ``EMBER_CONSUMERS_JSON=path`` set, a plugin also writes what it counted to ``path`` at the
end of the run: the counts per namespace and, for each failed or erroring test, its namespace
and the first line of its error (``conformance/consumers`` reads these files).
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

__all__ = ["KINDS", "Outcomes", "outcome_of"]

#: The outcomes counted, in the order they are printed.
KINDS = ("passed", "failed", "error", "skipped", "xfailed", "xpassed")


def outcome_of(report: pytest.TestReport) -> str | None:
    """The outcome a test's report settles (one of :data:`KINDS`), or None if it settles none."""
    wasxfail = hasattr(report, "wasxfail")
    if report.when == "setup" and not report.passed:
        return "skipped" if report.skipped else "error"
    if report.when == "call":
        if report.passed:
            return "xpassed" if wasxfail else "passed"
        if report.failed:
            return "failed"
        return "xfailed" if wasxfail else "skipped"
    if report.when == "teardown" and report.failed:
        return "error"
    return None


def _first_line(report: pytest.TestReport) -> str:
    """The error's last ``E`` line (the exception and its message), else the report's text."""
    text = report.longreprtext
    lines = [ln[1:].strip() for ln in text.splitlines() if ln.startswith("E ")]
    found = next((ln for ln in reversed(lines) if ln), "")
    return (found or text.strip().splitlines()[-1] if text.strip() else "")[:300]


#: A line that starts an exception's message: ``ValueError: ...``, ``mlx.core.Error: ...``.
_EXCEPTION = re.compile(r"^(E\s+)?((?:[A-Za-z_][\w.]*)?(Error|Exception|Failed|Warning))(: |$)")
#: numpy.testing's line that says why arrays differ in kind: ``(dtypes float32, float64 mismatch)``
_MISMATCH = re.compile(r"^(E\s+)?(\((dtypes|shapes) .* mismatch\))()$")


def _exception_line(report: pytest.TestReport) -> str:
    """The lines of the report that start an exception (``TypeError: ...``), last first.

    Where the last line is the tail of a long message (an assertion's diff, hypothesis'
    reproduction note), these are the lines that name the exception; a chained exception's
    cause follows it (``AssertionError: None <- TypeError: ...``), and numpy.testing's
    ``(dtypes float32, float64 mismatch)`` where it says so. ``""`` where there is none.
    """
    lines = [
        pattern.sub(r"\2\4", ln).strip()
        for ln in report.longreprtext.splitlines()
        for pattern in (_EXCEPTION, _MISMATCH)
        if pattern.match(ln)
    ]
    return " <- ".join(dict.fromkeys(reversed(lines)))[:600]


class Outcomes:
    """The outcomes of one run, per namespace (read from each test's id by ``namespace_of``)."""

    def __init__(self, namespace_of: Callable[[str], str]) -> None:
        self.namespace_of = namespace_of
        self.counts: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self.failures: list[dict[str, str]] = []

    def record(self, report: pytest.TestReport) -> None:
        """Count ``report``'s outcome, and keep the error of a failure."""
        outcome = outcome_of(report)
        if outcome is None:
            return
        namespace = self.namespace_of(report.nodeid)
        self.counts[namespace][outcome] += 1
        if outcome in ("failed", "error"):
            self.failures.append(
                {
                    "test": report.nodeid,
                    "namespace": namespace,
                    "outcome": outcome,
                    "message": _first_line(report),
                    "exception": _exception_line(report),
                }
            )

    def write(self, terminalreporter: Any, title: str, order: Iterable[str]) -> None:
        """Print one line of counts per namespace of ``order`` that ran tests; write the JSON."""
        path = os.environ.get("EMBER_CONSUMERS_JSON")
        if path:
            data = {"counts": self.counts, "failures": self.failures}
            Path(path).write_text(json.dumps(data, indent=1, sort_keys=True))
        if not self.counts:
            return
        terminalreporter.write_sep("-", title)
        for name in order:
            counts = self.counts.get(name)
            if counts:
                ran = counts["passed"] + counts["failed"] + counts["error"]
                rate = f" ({100.0 * counts['passed'] / ran:.1f}% of those run)" if ran else ""
                parts = ", ".join(f"{counts[k]} {k}" for k in KINDS if counts[k])
                terminalreporter.write_line(f"{name:>16}: {parts}{rate}")

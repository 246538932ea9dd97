"""Test outcomes per namespace, for the plugins that run consumers' suites on ember_array."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

__all__ = ["KINDS", "outcome_of", "write_outcomes"]

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


def write_outcomes(
    terminalreporter: Any, title: str, outcomes: Mapping[str, Counter[str]], order: Iterable[str]
) -> None:
    """Print one line of counts per namespace of ``order`` that ran tests."""
    if not outcomes:
        return
    terminalreporter.write_sep("-", title)
    for name in order:
        counts = outcomes.get(name)
        if counts:
            ran = counts["passed"] + counts["failed"] + counts["error"]
            rate = f" ({100.0 * counts['passed'] / ran:.1f}% of those run)" if ran else ""
            parts = ", ".join(f"{counts[k]} {k}" for k in KINDS if counts[k])
            terminalreporter.write_line(f"{name:>16}: {parts}{rate}")

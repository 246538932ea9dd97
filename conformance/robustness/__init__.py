"""The bad-input sweep: every public function and operator, one bad or edge argument at a time.

``python -m conformance.robustness`` generates the cases from the standard's signatures
(:mod:`._generate`), runs them in worker processes that may crash or hang (:mod:`._pool`),
judges each against array-api-strict (:mod:`._judge`) and tabulates the outcomes per backend
(:mod:`._tables`, ``docs/robustness.md``).
"""

from __future__ import annotations

import zlib

from ._generate import GROUPS, Case, all_cases
from ._pool import Result, run
from ._tables import load_results, markdown, save_results, table_lines

__all__ = [
    "GROUPS",
    "Case",
    "Result",
    "generate",
    "load_results",
    "markdown",
    "run",
    "save_results",
    "table_lines",
]


def _available(backend: str, name: str) -> bool:
    from ember_array import _report

    for b in _report.backends():
        if b.name == backend:
            return b.namespace is not None and _report.classify(b, name) != _report.MISSING
    return False


def in_slice(case: Case, slice_: str) -> bool:
    """Whether ``case`` belongs to the slice: ``"small"`` is a stable ~1 % of cases."""
    return slice_ == "all" or zlib.crc32(case.id.encode()) % 100 == 0


def generate(
    groups: tuple[str, ...] = GROUPS, slice_: str = "all", targets: list[str] | None = None
) -> list[Case]:
    """The cases of ``groups`` (backends present in this environment), in a stable order."""
    cases = all_cases(groups, _available)
    return [c for c in cases if in_slice(c, slice_) and (not targets or c.target in targets)]

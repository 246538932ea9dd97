"""The bad-input sweep: every public function and operator, one bad or edge argument at a time.

``python -m conformance.robustness`` generates the cases from the standard's signatures
(:mod:`._generate`), runs them in worker processes that may crash or hang (:mod:`._pool`),
judges each against array-api-strict (:mod:`._judge`) and tabulates the outcomes per backend
(:mod:`._tables`, ``docs/robustness.md``).
"""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Any

from .. import _xfails
from .._xfails import Xfail
from ._deviations import apply as apply_deviations
from ._generate import CONTROL, GROUPS, Case, all_cases
from ._pool import run as _run
from ._result import Result
from ._tables import load_results, markdown, save_results, table_lines

__all__ = [
    "CONTROL",
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


def run(cases: list[Case], **kw: Any) -> list[Result]:
    """Run ``cases`` (see :func:`._pool.run`); failures of native array objects are deviations."""
    return apply_deviations(_run(cases, **kw))


_HERE = Path(__file__).resolve().parent
#: Cases that failed before issue 12's fixes: always in the small slice.
REGRESSIONS = _HERE / "regressions.txt"
#: Cases the code at hand still fails: strict xfails of the slice test, one
#: ``<case id>  # <reason> — <link>`` a line (``conformance/_xfails.py``).
KNOWN_FAILURES = _HERE / "known-failures.txt"


def _ids(path: Path) -> dict[str, str]:
    """``case id -> note`` from a file of ``id<TAB>note`` lines (``#`` comments)."""
    out: dict[str, str] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                case_id, _, note = line.partition("\t")
                out[case_id] = note
    return out


def regressions() -> frozenset[str]:
    return frozenset(_ids(REGRESSIONS))


def known_failures() -> dict[str, Xfail]:
    """The strict xfails of the slice test (the format of ``conformance/_xfails.py``)."""
    return _xfails.read(KNOWN_FAILURES)


def in_slice(case: Case, slice_: str, keep: frozenset[str] = frozenset()) -> bool:
    """Whether ``case`` belongs to the slice: ``"small"`` is a stable ~1 % of the cases
    (by a hash of the case id) plus ``keep`` (the regression cases)."""
    return slice_ == "all" or case.id in keep or zlib.crc32(case.id.encode()) % 100 == 0


def generate(
    groups: tuple[str, ...] = GROUPS, slice_: str = "all", targets: list[str] | None = None
) -> list[Case]:
    """The cases of ``groups`` (backends present in this environment), in a stable order."""
    from ember_array import _report

    present = {b.name for b in _report.backends() if b.namespace is not None} | {CONTROL}
    cases = all_cases(tuple(g for g in groups if g.split("+")[0] in present), _available)
    keep = regressions() if slice_ == "small" else frozenset()
    return [c for c in cases if in_slice(c, slice_, keep) and (not targets or c.target in targets)]

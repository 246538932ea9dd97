"""``--report``: which standard names a code base uses, and where each backend falls short.

The per-backend labels come from the project's support matrix, shipped with the linter
(:mod:`._facts`): the report is the same wherever it runs.
"""

from __future__ import annotations

from collections.abc import Iterable

from .._backends import names as backend_names
from .._spec import DUNDERS, all_names
from ._facts import facts


def _order(names: Iterable[str]) -> list[str]:
    rank = {n: i for i, n in enumerate((*all_names(), *DUNDERS))}
    return sorted(names, key=lambda n: (rank.get(n, len(rank)), n))


def report(used: set[str]) -> str:
    """The coverage report for the standard names in ``used``."""
    known = facts()
    names = _order(n for n in used if n not in ("linalg", "fft"))
    lines = [f"standard names used: {len(names)}", "  " + ", ".join(names) if names else "  (none)"]
    runs: list[str] = []
    problems: list[str] = []
    for backend in backend_names():
        lacks, evaluates = known["missing"].get(backend, []), known["forces"].get(backend, [])
        missing = [n for n in names if n in lacks]
        forces = [n for n in names if n in evaluates]
        if not missing and not forces:
            runs.append(backend)
            continue
        parts = []
        if missing:
            parts.append("missing: " + ", ".join(missing))
        if forces:
            parts.append("forces evaluation (data-dependent shape): " + ", ".join(forces))
        problems.append(f"{backend}: " + "; ".join(parts))
        if not missing:
            runs.append(backend)
    lines.append("runs on: " + (", ".join(runs) if runs else "(none of the backends)"))
    lines.extend(problems)
    return "\n".join(lines)

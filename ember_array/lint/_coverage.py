"""``--report``: which standard names a code base uses, and where each backend falls short.

The per-backend labels come from the project's support matrix
(:func:`ember_array._report.classify`), for the backends installed here.
"""

from __future__ import annotations

from collections.abc import Iterable

from .. import _spec


def _order(names: Iterable[str]) -> list[str]:
    rank = {n: i for i, n in enumerate((*_spec.all_names(), *_spec.DUNDERS))}
    return sorted(names, key=lambda n: (rank.get(n, len(rank)), n))


def report(used: set[str]) -> str:
    """The coverage report for the standard names in ``used``."""
    from .. import _report

    names = _order(n for n in used if n not in ("linalg", "fft"))
    lines = [f"standard names used: {len(names)}", "  " + ", ".join(names) if names else "  (none)"]
    runs: list[str] = []
    problems: list[str] = []
    for backend in _report.backends():
        if backend.namespace is None:
            problems.append(f"{backend.name}: not checked ({backend.problem})")
            continue
        missing, forces = [], []
        for n in names:
            if n in _spec.DUNDERS:
                continue
            label = _report.classify(backend, n)
            if label == _report.MISSING:
                missing.append(n)
            elif label == _report.FORCES and backend.name != "numpy":
                forces.append(n)
        if not missing and not forces:
            runs.append(backend.name)
            continue
        parts = []
        if missing:
            parts.append("missing: " + ", ".join(missing))
        if forces:
            parts.append("forces evaluation (data-dependent shape): " + ", ".join(forces))
        problems.append(f"{backend.name}: " + "; ".join(parts))
        if not missing:
            runs.append(backend.name)
    lines.append("runs on: " + (", ".join(runs) if runs else "(none of the installed backends)"))
    lines.extend(problems)
    return "\n".join(lines)

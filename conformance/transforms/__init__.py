"""The transform support matrix: every public function under compile, grad and vmap.

``python -m conformance.transforms`` takes each function's base call from the robustness
sweep (:mod:`conformance.robustness._generate`: valid inputs from array-api-strict's
signatures), applies each transform of each backend to it (:data:`TRANSFORMS`: torch.compile
with ``fullgraph=True``, ``torch.func.grad``/``vmap``; ``mx.compile``/``grad``/``vjp``/``jvp``/
``vmap``; for the shims also ``jax.jit``/``grad``/``vmap`` on jax arrays) in worker processes
(the sweep's pool, :mod:`conformance.robustness._pool`, so a crash or a hang is a result),
judges each cell against the eager call or finite differences (:mod:`._apply`) and writes
``docs/transforms.md`` (:mod:`._tables`).
"""

from __future__ import annotations

from typing import Any

from ..robustness._pool import run as _run
from ..robustness._result import Result
from ._apply import ERROR, MISMATCH, NA, OK, OUTCOMES
from ._cases import GROUPS, TRANSFORMS, Cell, cells, row_name
from ._tables import counts, load_results, markdown, save_results, table_lines

__all__ = [
    "ERROR",
    "GROUPS",
    "MISMATCH",
    "NA",
    "OK",
    "OUTCOMES",
    "TRANSFORMS",
    "Cell",
    "Result",
    "cells",
    "counts",
    "load_results",
    "markdown",
    "row_name",
    "run",
    "save_results",
    "table_lines",
]

WORKER = "conformance.transforms._worker"


def run(cases: list[Cell], **kw: Any) -> list[Result]:
    """Run ``cases`` in worker processes (:func:`conformance.robustness._pool.run`'s options:
    ``jobs``, ``timeout``, ``mem_gb``, ``chunk``, ``root``, ``progress``); a crash or a hang
    is an ``error`` cell."""
    kw.setdefault("timeout", 180.0)
    kw.setdefault("mem_gb", 8.0)
    kw.setdefault("chunk", 150)
    out = []
    for r in _run(cases, worker=WORKER, **kw):
        if r.outcome == "crash":
            r = Result(r.case, ERROR, f"crash: {r.detail}")
        elif r.outcome == "hang":
            r = Result(r.case, ERROR, f"timeout: {r.detail}")
        out.append(r)
    return out

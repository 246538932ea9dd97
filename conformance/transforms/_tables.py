"""The matrix's results on disk and as tables: the counts, the mismatches, the common errors,
and docs/transforms.md."""

from __future__ import annotations

import contextlib
import json
import re
from collections import Counter, defaultdict

from ..robustness._result import Result
from ..robustness._tables import _source, page_head
from ._apply import ERROR, MISMATCH, NA, OK, OUTCOMES
from ._cases import GROUPS, TRANSFORMS, Cell, row_name

#: The command that writes docs/transforms.md.
REGENERATE = "python -m conformance.transforms --markdown docs/transforms.md"


def save_results(results: list[Result], path: str) -> None:
    with open(path, "w") as f:
        for r in results:
            c = r.case
            rec = {"group": c.group, "target": c.target, "transform": c.label}
            f.write(json.dumps({**rec, "outcome": r.outcome, "detail": r.detail}) + "\n")


def load_results(path: str) -> list[Result]:
    out = []
    with open(path) as f:
        for line in f:
            rec = json.loads(line)
            t = rec["transform"]
            cell = Cell(rec["group"], rec["target"], (), {}, label=t, transform=t)
            out.append(Result(cell, rec["outcome"], rec["detail"]))
    return out


def _transform(r: Result) -> str:
    return r.case.label  # Cell.label is its transform (also for results loaded back)


def counts(results: list[Result]) -> dict[tuple[str, str], Counter[str]]:
    """Verdict counts per (backend group, transform)."""
    by: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for r in results:
        by[(r.case.group, _transform(r))][r.outcome] += 1
    return by


def _columns(results: list[Result]) -> list[tuple[str, str]]:
    ran = {r.case.group for r in results}
    return [(g, t) for g in GROUPS if g in ran for t in TRANSFORMS[g]]


def table_lines(results: list[Result]) -> list[str]:
    """The counts table: one row per backend and transform."""
    by = counts(results)
    lines = [
        "| backend | transform | functions | " + " | ".join(OUTCOMES) + " |",
        "|---|---|---:|" + "---:|" * len(OUTCOMES),
    ]
    for g, t in _columns(results):
        cnt = by.get((g, t), Counter())
        cells = " | ".join(str(cnt.get(o, 0)) for o in OUTCOMES)
        lines.append(f"| {g} | `{t}` | {sum(cnt.values())} | {cells} |")
    return lines


def _code(text: str, limit: int) -> str:
    """``text`` as inline code in a table cell (no pipes, backticks or newlines)."""
    text = " ".join(text.replace("|", "/").replace("`", "'").split())
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return f"`{text}`" if text else ""


def normalize(detail: str) -> str:
    """A reason with numbers and addresses blanked, to group alike errors."""
    d = re.sub(r"0x[0-9a-f]+", "0x…", detail)
    d = re.sub(r"(?<![A-Za-z])\d+(\.\d+)?", "N", d)
    return d[:110]


#: Short forms of the common ``n/a`` reasons, for the per-function table.
_SHORT = {
    "no floating-point array argument": "no float input",
    "no floating-point output": "no float output",
    "no array argument": "no array input",
    "no array output": "no array output",
    "values unspecified": "values unspecified",
}


def cell_text(r: Result | None, present: bool) -> str:
    if r is None:
        return "missing" if present else "—"
    if r.outcome == OK:
        return "ok"
    if r.outcome == MISMATCH:
        return "**mismatch**"
    if r.outcome == NA and r.detail in _SHORT:
        return f"n/a ({_SHORT[r.detail]})"
    return f"{r.outcome}: {_code(r.detail, 60)}"


def mismatch_lines(results: list[Result]) -> list[str]:
    bad = [r for r in results if r.outcome == MISMATCH]
    if not bad:
        return ["None: every transform that ran gave the eager (or finite-difference) answer."]
    lines = ["| function | backend | transform | detail |", "|---|---|---|---|"]
    for r in bad:
        name = row_name(r.case.target)
        lines.append(f"| `{name}` | {r.case.group} | `{_transform(r)}` | {_code(r.detail, 160)} |")
    return lines


def error_lines(results: list[Result], top: int = 4) -> list[str]:
    """The most common errors of each transform, alike reasons grouped."""
    lines = ["| transform | cells | reason | functions |", "|---|---:|---|---|"]
    for g, t in _columns(results):
        groups: dict[str, list[Result]] = defaultdict(list)
        for r in results:
            if r.case.group == g and _transform(r) == t and r.outcome == ERROR:
                groups[normalize(r.detail)].append(r)
        ranked = sorted(groups.values(), key=lambda rs: -len(rs))[:top]
        for rs in ranked:
            names = [row_name(r.case.target) for r in rs]
            shown = ", ".join(f"`{n}`" for n in names[:5]) + (" …" if len(names) > 5 else "")
            lines.append(f"| `{t}` | {len(rs)} | {_code(rs[0].detail, 110)} | {shown} |")
    return lines


def function_lines(results: list[Result]) -> list[str]:
    """One row per function, one column per backend and transform."""
    columns = _columns(results)
    rows = list(dict.fromkeys(row_name(r.case.target) for r in results))
    by = {(row_name(r.case.target), r.case.group, _transform(r)): r for r in results}
    has = {(row_name(r.case.target), r.case.group) for r in results}
    lines = [
        "| function | " + " | ".join(f"`{t}`" for _, t in columns) + " |",
        "|---|" + "---|" * len(columns),
    ]
    for name in rows:
        # a function the backend lacks is "missing"; the jax columns: the shims and mixes only
        shim = "." in name and name.split(".")[0] in ("random", "scatter", "signal", "mix")
        cells = []
        for g, t in columns:
            applies = g != "jax" or shim
            r = by.get((name, g, t))
            cells.append(cell_text(r, applies and (name, g) not in has))
        lines.append(f"| `{name}` | " + " | ".join(cells) + " |")
    return lines


def _versions() -> str:
    import importlib.metadata

    from ember_array import _report

    v = _report.versions()
    with contextlib.suppress(importlib.metadata.PackageNotFoundError):
        v["jax"] = importlib.metadata.version("jax")
    return ", ".join(f"{k} {x}" for k, x in v.items())


def markdown(
    results: list[Result], *, elapsed: float | None = None, root: str | None = None, jobs: int = 2
) -> str:
    """``docs/transforms.md``."""
    out = [
        *page_head("Transforms: every function under compile, grad and vmap", REGENERATE),
        "`conformance/transforms/` calls every public function of `ember_array.torch` and "
        "`ember_array.mlx` (namespace, `linalg`, `fft`) and every shim of `random` (the "
        "`Generator` methods included), `scatter` and `signal` with the robustness sweep's "
        "valid base arguments (generated from array-api-strict's signatures), under each "
        "transform: `torch.compile(fullgraph=True)`, `torch.func.grad` and `torch.func.vmap`; "
        "`mx.compile`, `mx.grad`, `mx.vjp`, `mx.jvp` and `mx.vmap`; for the shims also "
        "`jax.jit`, `jax.grad` and `jax.vmap` on jax arrays (the shims reach jax through its "
        "own array API namespace). The `mix.` rows are portable functions that call several "
        "shims and namespace functions in one graph (`conformance/transforms/_mixes.py`: "
        "`stft` + `random.uniform` + `segment_sum` + `std`, and others), under every "
        "transform of every backend. Each cell runs in a worker process with a timeout "
        "(`nox -s transforms` regenerates the page; `tests/test_transform_matrix.py` runs a "
        "slice). The whole matrix takes about 9 minutes on 2 cores with an empty inductor "
        "cache (`torch.compile` dominates), under 2 minutes with a warm one.",
        "",
        "How a cell is judged:",
        "",
        "- compile: the compiled function's outputs against the eager call's (same shapes and "
        "dtypes; values within 1e-4 of the output's scale in float32, 1e-10 in float64; "
        "sorted first where the order is unspecified, shapes only where the values are: "
        "`empty`, the decompositions).",
        "- vmap: every array argument stacked with a second valid input (a batch of two); "
        "each slice of the batched outputs against the eager call on that slice.",
        "- grad, vjp, jvp: the derivative of the floating-point outputs (real parts of complex "
        "ones; grad differentiates their sum, vjp and jvp use a fixed random cotangent or "
        "tangent) with respect to the first floating-point array argument (its real part when "
        "complex), against central finite differences of the eager function along fixed "
        "random directions (Richardson-extrapolated, in float64 where the function takes "
        "float64 input and gives the same values there). The point is the base input made "
        "generic: ties broken, the spd matrix's double eigenvalue split; functions that read "
        "one triangle of a symmetric matrix are differentiated along symmetric directions.",
        "",
        "| verdict | meaning |",
        "|---|---|",
        f"| `{OK}` | ran, and matched the eager result (or the finite differences) |",
        f"| `{ERROR}` | raised (the short reason is shown; `crash` and `timeout` too) |",
        f"| `{MISMATCH}` | ran, and differs from the eager result or the finite differences: "
        "a silent wrong answer |",
        f"| `{NA}` | the transform does not apply: no floating-point argument or output for a "
        "derivative, no array argument for vmap, no array output, or a function whose output "
        "shape depends on the data (support matrix: `forces-evaluation`) raising under "
        "compile or vmap (what it raises is shown); also a point where the finite differences "
        "do not converge |",
        "| `missing` | the backend has no such function; `—`: not a column of this row (the "
        "jax columns are for the shims and the mixes) |",
        "",
        f"Generated from {_source(root)} with: {_versions()}."
        + (f" The matrix took {elapsed:.0f} s ({jobs} worker processes)." if elapsed else ""),
        "",
        "## Counts",
        "",
        *table_lines(results),
        "",
        "## Mismatches",
        "",
        *mismatch_lines(results),
        "",
        "## Most common errors",
        "",
        "The commonest reasons of each transform (numbers blanked to group alike messages).",
        "",
        *error_lines(results),
        "",
        "## Every function",
        "",
        *function_lines(results),
        "",
    ]
    return "\n".join(out)

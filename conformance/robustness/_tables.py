"""Results on disk and as tables: the outcome counts per backend, and docs/robustness.md."""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict

from ._generate import Case
from ._judge import OUTCOMES
from ._result import Result

#: The command that writes docs/robustness.md.
REGENERATE = "python -m conformance.robustness --markdown docs/robustness.md"

COLUMNS = ("right", "accepted", "clean", "unclean", "wrong", "crash", "hang", "deviation", "skip")


def part(case: Case) -> str:
    """``namespace`` (standard functions and info), ``shims`` or ``operators``."""
    kind = case.target.split(".")[0]
    return {"op": "operators", "attr": "operators", "shim": "shims"}.get(kind, "namespace")


def save_results(results: list[Result], path: str) -> None:
    with open(path, "w") as f:
        for r in results:
            c = r.case
            rec = {
                "id": c.id,
                "group": c.group,
                "target": c.target,
                "param": c.param,
                "label": c.label,
                "outcome": r.outcome,
                "detail": r.detail,
                "referee": r.referee,
                "varies": c.varies,
            }
            f.write(json.dumps(rec) + "\n")


def load_results(path: str) -> list[Result]:
    out = []
    with open(path) as f:
        for line in f:
            rec = json.loads(line)
            case = Case(
                rec["group"],
                rec["target"],
                (),
                {},
                rec["param"],
                rec["label"],
                varies=rec.get("varies", "keyword"),
            )
            out.append(Result(case, rec["outcome"], rec["detail"], rec.get("referee", "")))
    return out


def counts(results: list[Result]) -> dict[tuple[str, str], Counter[str]]:
    """Outcome counts per (backend group, part), and per group over all parts."""
    by: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for r in results:
        by[(r.case.group, part(r.case))][r.outcome] += 1
        by[(r.case.group, "all")][r.outcome] += 1
    return by


_PARTS = ("namespace", "shims", "operators", "all")


def table_lines(results: list[Result]) -> list[str]:
    """The outcome table, one row per backend and part, as markdown."""
    by = counts(results)
    lines = [
        "| backend | part | cases | " + " | ".join(COLUMNS) + " |",
        "|---|---|---:|" + "---:|" * len(COLUMNS),
    ]
    groups = list(dict.fromkeys(r.case.group for r in results))
    for key in sorted(by, key=lambda k: (groups.index(k[0]), _PARTS.index(k[1]))):
        cnt = by[key]
        g, p = key
        if p == "all" and sum(1 for k in by if k[0] == g) == 2:
            continue  # one part only: its row is the total
        cells = " | ".join(str(cnt.get(c, 0)) for c in COLUMNS)
        label = f"**{p}**" if p == "all" else p
        lines.append(f"| {g} | {label} | {sum(cnt.values())} | {cells} |")
    return lines


def _normalize(detail: str) -> str:
    """A detail with numbers and addresses blanked, to group alike failures."""
    d = re.sub(r"0x[0-9a-f]+", "0x…", detail)
    d = re.sub(r"\d+", "N", d)
    d = re.sub(r"\[.*?\]", "[…]", d)
    return d[:160]


def groups_of(
    results: list[Result], outcomes: tuple[str, ...]
) -> list[tuple[str, str, str, list[Result]]]:
    """(outcome, group, function, results) for the failures, grouped by function and detail."""
    g: dict[tuple[str, str, str, str], list[Result]] = defaultdict(list)
    for r in results:
        if r.outcome in outcomes:
            g[(r.outcome, r.case.group, r.case.target, _normalize(r.detail))].append(r)
    return [
        (k[0], k[1], k[2], v)
        for k, v in sorted(g.items(), key=lambda kv: (OUTCOMES.index(kv[0][0]), kv[0][1], kv[0][2]))
    ]


LEGEND = {
    "right": "the referee's result (dtype, shape, values within dtype-precision tolerance)",
    "accepted": (
        "a result where array-api-strict raises and the standard does not require an error "
        "(leniency: an int dtype to `sin`, a numpy array to `ember_array.torch`)"
    ),
    "clean": "`TypeError`, `ValueError` or `IndexError`",
    "unclean": (
        "any other exception (`RuntimeError`, `AttributeError`, `OverflowError`, `MemoryError`...)"
    ),
    "wrong": (
        "a different dtype, shape or value than the referee, a result where the standard "
        "requires an error (an out-of-range index or axis), a mutated input, or not the "
        "backend's array"
    ),
    "crash": "the process ended (signal or exit) during the call",
    "hang": "no result within the timeout",
    "deviation": (
        "a crash or wrong answer of the backend's own array object (operators without "
        "`install()`), listed below with its upstream issue"
    ),
    "skip": (
        "the input cannot be built on this backend (mlx has no complex128), or the result "
        "cannot be read (torch's meta device)"
    ),
}


def _source(root: str | None) -> str:
    """``ember_array`` at ``<commit>`` of the checkout swept (``+ changes`` when dirty)."""
    import subprocess
    from pathlib import Path

    where = Path(root or Path(__file__).resolve().parents[2])
    try:
        rev = subprocess.run(
            ["git", "-C", str(where), "log", "-1", "--format=%h", "--", "ember_array"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(where), "status", "--porcelain", "--", "ember_array"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "ember_array (not a git checkout)"
    return f"ember_array at {rev}" + (" with uncommitted changes" if dirty else "")


def page_head(title: str, command: str) -> list[str]:
    """The first lines of a generated page: its title and the command that regenerates it."""
    return [
        f"# {title}",
        "",
        f"<!-- Generated by `{command}`; do not edit the tables by hand. -->",
        "",
        "Regenerate this page with:",
        "",
        f"    {command}",
        "",
    ]


def markdown(
    results: list[Result], *, elapsed: float | None = None, root: str | None = None
) -> str:
    from ember_array import _report

    versions = ", ".join(f"{k} {v}" for k, v in _report.versions().items())
    out = [
        *page_head("Robustness: every function under bad and edge inputs", REGENERATE),
        "The sweep (`conformance/robustness/`) calls every public function of "
        "`ember_array.numpy`, `.torch`, `.mlx` and `.dask` (namespace, `linalg`, `fft`, "
        "`__array_namespace_info__`), the array operators (for mlx also after "
        "`ember_array.mlx.install()`, group `mlx+install`) and the shims (random, scatter, "
        "signal, device helpers) with one bad or edge argument at a time: every dtype, 0-d and "
        "empty shapes, NaN/inf/-0.0, strided, transposed and reversed views, arrays of another "
        "library, Python objects of the wrong type, bad axes, shapes, dtypes and devices, "
        "out-of-range indices and huge sizes. The cases are generated from array-api-strict's "
        "signatures of the standard's functions and the shims' own signatures; which names exist "
        "on a backend is the support matrix's call. Each case runs in a worker process with a "
        "timeout, so a crash or a hang is a result; array-api-strict referees the results. "
        "On dask each graph is built under a scheduler that refuses to compute (a computation "
        "there is a wrong answer, except in the functions whose output shape depends on the "
        "data), then computed.",
        "",
        "`nox -s robustness` runs the whole sweep; `tests/test_robustness.py` runs a slice of it "
        "(`--slice small`) in the default test run. The control, `--backend strict`, judges "
        "array-api-strict against itself: its only wrong answers are the referee fixes listed "
        "below, which shows the judge raises no false alarm of its own.",
        "",
        f"Generated from {_source(root)} with: {versions}."
        + (f" The sweep took {elapsed:.0f} s (2 worker processes)." if elapsed else ""),
        "",
        "## Outcomes",
        "",
        *table_lines(results),
        "",
        "| outcome | meaning |",
        "|---|---|",
        *(f"| `{k}` | {v} |" for k, v in LEGEND.items()),
        "",
    ]
    from ._deviations import upstream

    fails = groups_of(results, ("crash", "hang", "wrong"))
    out += [
        "## Crashes, hangs and wrong answers",
        "",
        "Failures of ember_array's own code (namespaces, shims, mlx arrays after `install()`), "
        "grouped by function and message, with the native cause and its upstream issue where "
        "one is known (`UPSTREAM` in `conformance/robustness/_deviations.py`). "
        "`python -m conformance.robustness --findings FILE` writes each group with a "
        "reproducer.",
        "",
    ]
    if not fails:
        out += ["None.", ""]
    else:
        out += [
            "| outcome | backend | function | cases | example | detail | native cause |",
            "|---|---|---|---:|---|---|---|",
        ]
        for outcome, group, target, rs in fails:
            r = rs[0]
            det = r.detail.replace("|", "\\|")[:200]
            example = f"{r.case.param}={r.case.label}".lstrip("=").replace("|", "\\|")
            cause = upstream(r)
            why = f"{cause.native} ({cause.link})" if cause else ""
            out.append(
                f"| {outcome} | {group} | `{target}` | {len(rs)} | `{example}` | {det} | {why} |"
            )
        out.append("")
    out += _agreement_lines(results)
    from ._deviations import DEVIATIONS, explain
    from ._judge import GARBAGE_SCALARS, IMPLEMENTATION_DEFINED, SPECIALS_UNDEFINED

    seen = Counter(id(explain(r)) for r in results if r.outcome == "deviation")
    out += [
        "## Deviations",
        "",
        "Failures of the backends' own array objects, which ember_array does not run (numpy "
        "arrays' and torch tensors' operators, and mlx arrays' before "
        "`ember_array.mlx.install()`). `conformance/robustness/_deviations.py` lists them; "
        "each is counted in the `deviation` column, not as a failure.",
        "",
        "| backend | operation | cases | native behaviour | upstream |",
        "|---|---|---:|---|---|",
    ]
    for d in DEVIATIONS:
        link = d.link if d.link.startswith("http") else f"_{d.link}_"
        n = seen.get(id(d), 0)
        out.append(f"| {d.group} | {d.what} | {n} | {d.native} | {link} |")
    by_reason: dict[str, list[str]] = defaultdict(list)
    for (t, label), why in sorted(IMPLEMENTATION_DEFINED.items()):
        by_reason[why].append(f"`{t}` with `{label}`")
    out += [
        "",
        "## What the referee does not judge",
        "",
        "A result counts as right, whatever its value, where the standard leaves it to the "
        "implementation (`conformance/robustness/_judge.py`):",
        "",
        *(f"- {', '.join(cases)}: {why}" for why, cases in by_reason.items()),
        f"- a scalar parameter given {', '.join(f'`{g}`' for g in sorted(GARBAGE_SCALARS))} "
        "(not a number of the parameter's kind)",
        f"- {', '.join(f'`{t}`' for t in sorted(SPECIALS_UNDEFINED))} with non-finite or "
        "overflowing arguments",
        "- values (not dtypes and shapes) of linalg, fft, sorting and searching functions, casts "
        "and complex results when an input holds NaN or infinity; the values of `empty`, "
        "`empty_like`, `eig`, `eigh`, `qr`, `svd` (not unique)",
        "",
        "array-api-strict 2.6.1's `isin` ignores `invert=` (it calls `np.isin` without it; no "
        "upstream issue found): the sweep negates its result when `invert` is true.",
        "",
    ]
    unclean = Counter(
        (r.case.group, r.detail.split(":", 1)[0]) for r in results if r.outcome == "unclean"
    )
    out += [
        "## Unclean errors by exception type",
        "",
        "| backend | exception | cases |",
        "|---|---|---:|",
    ]
    out += [f"| {g} | `{e}` | {n} |" for (g, e), n in unclean.most_common()]
    out += ["", *_origin_lines(results)]
    return "\n".join(out)


def _agreement_lines(results: list[Result]) -> list[str]:
    """The cross-backend agreement section (``conformance/robustness/_agreement.py``)."""
    from ._agreement import arrays_disagreements, function_table, pair_table
    from ._deviations import limit

    out = [
        "## Agreement between backends",
        "",
        "The same call (function, parameter and perturbation) on two backends: they *disagree* "
        "when one returns and the other raises, crashes or hangs. The columns split the "
        "disagreements by what array-api-strict does with the call: the standard *defines a "
        "value* (strict returns) where only the arrays' dtype, shape, values or layout vary "
        "(dtypes the standard's promotion table combines), or where a keyword's Python type "
        "or value varies; or it *rejects the input* (strict raises, or cannot build it) or "
        "*leaves it undefined* (mixed-kind promotion such as int with float, NaN or infinity "
        "into a decomposition, a 0-d array where the standard asks for one or more "
        "dimensions). *value differs*: both return where the standard defines "
        "the value, and one of the two is wrong. Operators are the array objects' own and are "
        "left out. [One behaviour](guides/one-behaviour.md) is the policy behind these numbers.",
        "",
        *pair_table(results),
        "",
    ]
    left = arrays_disagreements(results)
    out += [
        "### Valid arrays some backend cannot compute",
        "",
        "Calls where only the arrays vary, the standard defines the result, and a backend "
        "raises (mlx's clear `TypeError` for a complex128 result excepted), with the native "
        "limit behind each.",
        "",
    ]
    if not left:
        out += ["None.", ""]
    else:
        out += [
            "| function | perturbation | raises on | error | native limit |",
            "|---|---|---|---|---|",
        ]
        for c, raising in left:
            target, param, label = c.key
            who = ", ".join(r.case.group for r in raising)
            r = raising[0]
            cause = limit(r)
            why = f"{cause.native} ({cause.link})" if cause else ""
            det = r.detail.replace("|", "\\|")[:160]
            example = f"{param}={label}".replace("|", "\\|")
            out.append(f"| `{target}` | `{example}` | {who} | {det} | {why} |")
        out.append("")
    out += [
        "### Disagreements per function",
        "",
        "Calls on which some backends return and others raise, per function.",
        "",
        *function_table(results),
        "",
    ]
    return out


#: What each backend's own functions and array objects raise on bad input, and where upstream
#: tracks it (the error boundary of ember_array translates only what ember_array's code runs).
NATIVE_UNCLEAN: dict[str, tuple[str, str]] = {
    "numpy": (
        "`OverflowError` for an axis or size beyond a C long, `AttributeError` for a non-array "
        "where an array method is read",
        "_no upstream issue found_",
    ),
    "torch": (
        "`RuntimeError`/`NotImplementedError` for a dtype without a kernel (`linalg.*` of "
        "integers, `imag` of reals), a shape mismatch, a bad FFT size or norm",
        "https://github.com/pytorch/pytorch/issues/81943, "
        "https://github.com/pytorch/pytorch/pull/192353",
    ),
    "mlx": (
        "`RuntimeError` for a dtype without the operation (bitwise ops of floats) and "
        "`std::bad_cast` for a Python int out of the dtype's range",
        "_no upstream issue found_",
    ),
}


def origin(r: Result) -> str:
    """Whose code raised an unclean error: ``ember_array``, ``native function`` (a namespace
    entry that is the backend's own function) or ``native array`` (the array object's own
    operators and attributes, which ember_array does not run)."""
    import importlib
    import types

    from ember_array._boundary import GUARDED

    group, target = r.case.group, r.case.target
    backend = group.split("+", 1)[0]
    if target.startswith("shim."):
        return "ember_array"
    if target.startswith(("op.", "attr.")):
        if group == "mlx+install" and target.startswith("op."):
            import mlx.core as mx

            from ember_array.mlx._array import _methods

            dunder = f"__{target[3:].rstrip('_')}__"
            if any(c is mx.array and n == dunder for c, n, _ in _methods()):
                return "ember_array"
        return "native array"
    obj: object = importlib.import_module(f"ember_array.{backend}")
    for part_ in target.split("."):
        obj = getattr(obj, part_, None)
    if isinstance(obj, types.FunctionType) and getattr(obj, GUARDED, False):
        return "ember_array"
    return "native function"


def _origin_lines(results: list[Result]) -> list[str]:
    unclean = [(r, origin(r)) for r in results if r.outcome == "unclean"]
    by: Counter[tuple[str, str]] = Counter((r.case.group, o) for r, o in unclean)
    natives: dict[str, Counter[str]] = {}
    for r, o in unclean:
        if o == "native function":
            natives.setdefault(r.case.group, Counter())[r.case.target] += 1
    groups = sorted({g for g, _ in by})
    out = [
        "## Where the unclean errors come from",
        "",
        "Every Python function of the namespaces and shims, and every operator `install()` "
        "patches, runs behind the error boundary (`ember_array/_boundary.py`): a native "
        "exception that is not a `TypeError`, `ValueError` or `IndexError` leaves as one of "
        "them (and still as an instance of the native class), naming the function, the backend "
        "and the arguments' dtypes and shapes. A namespace entry that *is* the backend's "
        "function keeps the native call's cost and its native errors, as do the array objects' "
        "own operators.",
        "",
        "| backend | ember_array code | native functions | native array objects |",
        "|---|---:|---:|---:|",
    ]
    out += [
        f"| {g} | {by[(g, 'ember_array')]} | {by[(g, 'native function')]} "
        f"| {by[(g, 'native array')]} |"
        for g in groups
    ]
    out += [
        "",
        "| backend | native functions raising unclean errors | native behaviour | upstream |",
    ]
    out += ["|---|---|---|---|"]
    for g, c in sorted(natives.items()):
        native, link = NATIVE_UNCLEAN.get(g.split("+", 1)[0], ("", ""))
        names = ", ".join(f"`{t}` ({n})" for t, n in c.most_common())
        out.append(f"| {g} | {names} | {native} | {link} |")
    out.append("")
    return out


def findings(results: list[Result], cases: dict[str, Case], *, title: str, limit: int = 400) -> str:
    """Every crash, hang and wrong answer group, and the unclean-error groups, with a repro each."""
    from ._repro import repro

    out = [f"# {title}", "", *table_lines(results), ""]
    for outcomes, heading in (
        (("crash", "hang"), "Crashes and hangs"),
        (("wrong",), "Wrong answers"),
    ):
        gs = groups_of(results, outcomes)
        n = sum(len(rs) for *_, rs in gs)
        out += [f"## {heading} ({n} cases in {len(gs)} groups)", ""]
        for outcome, group, target, rs in gs[:limit]:
            r = rs[0]
            out.append(f"### {outcome}: {group} `{target}` ({len(rs)} case{'s' * (len(rs) > 1)})")
            out.append("")
            out.append(f"- detail: {r.detail[:300]}")
            others = ", ".join(f"`{x.case.param}={x.case.label}`" for x in rs[:8])
            out.append(f"- cases: {others}{' ...' if len(rs) > 8 else ''}")
            c = cases.get(r.case.id)
            if c is not None:
                out += ["", "```python", repro(c), "```"]
            out.append("")
    # unclean errors: grouped by backend, exception type and where it is raised
    ug: dict[tuple[str, str, str], list[Result]] = defaultdict(list)
    for r in results:
        if r.outcome == "unclean":
            exc = r.detail.split(":", 1)[0]
            where = r.detail.rsplit(" @ ", 1)[-1] if " @ " in r.detail else "?"
            ug[(r.case.group, exc, where)].append(r)
    n = sum(len(v) for v in ug.values())
    out += [
        f"## Unclean errors ({n} cases in {len(ug)} groups: backend, exception, where raised)",
        "",
    ]
    for (group, exc, where), rs in sorted(ug.items(), key=lambda kv: -len(kv[1]))[:limit]:
        targets = Counter(r.case.target for r in rs)
        out.append(f"### {group} `{exc}` at `{where}` ({len(rs)} cases)")
        out.append("")
        out.append(
            "- functions: "
            + ", ".join(f"`{t}` ({k})" for t, k in targets.most_common(25))
            + (" ..." if len(targets) > 25 else "")
        )
        out.append(
            f"- example: `{rs[0].case.target}` `{rs[0].case.param}={rs[0].case.label}`: "
            + rs[0].detail[:250]
        )
        c = cases.get(rs[0].case.id)
        if c is not None:
            out += ["", "```python", repro(c), "```"]
        out.append("")
    return "\n".join(out) + "\n"

"""Cross-backend agreement: the same call on every backend, the same answer or the same error.

Cases of the backends' groups (numpy, torch, mlx, dask; not ``mlx+install``) that share a
target, parameter and perturbation are the same call. Two backends *disagree* on a call when
one returns and the other raises (or crashes, or hangs); where both return and array-api-strict
returns too, one right and the other wrong is a *value* difference. Operators are left out:
they are the array objects' own (numpy's, torch's, dask's), not ember_array's functions.

Each disagreement is split by what the standard says (array-api-strict's answer to the same
call): it *defines a value* (strict returns), and then either only the arrays' dtype, shape,
values or layout vary (``arrays``: arrays of dtypes the standard's promotion table combines)
or a keyword's Python type or value does (``keyword``); or it *rejects* the input (strict
raises, or cannot build it: a dtype outside the standard; an array of another library where
an array goes, which the sweep's referee receives as its own array to compare values, but which
array-api-strict itself refuses) or leaves the result to the implementation (mixed-kind
promotion, NaN into a decomposition, a 0-d input where the standard asks for one or more
dimensions).
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from dataclasses import dataclass

from ._result import Result

#: The groups compared: the namespaces and shims each backend's users call.
BACKENDS = ("numpy", "torch", "mlx", "dask")
RETURNS = frozenset({"right", "accepted", "wrong"})
RAISES = frozenset({"clean", "unclean", "crash", "hang"})
#: Disagreement kinds, in table order.
KINDS = ("arrays", "keyword", "rejects")
KIND_TITLES = {
    "arrays": "defines a value: arrays alone vary",
    "keyword": "defines a value: a keyword's type or value varies",
    "rejects": "rejects the input or leaves it undefined",
}


def _key(r: Result) -> tuple[str, str, str]:
    return (r.case.target, r.case.param, r.case.label)


@dataclass(frozen=True)
class Call:
    """One call on every backend: the results by backend, and what the standard says."""

    key: tuple[str, str, str]
    results: dict[str, Result]
    referee: str
    varies: str

    @property
    def kind(self) -> str:
        if self.referee != "returns" or self.varies in ("mixed", "foreign"):
            return "rejects"
        return self.varies


def complex128_limit(r: Result) -> bool:
    """mlx's clear ``TypeError`` for a result it cannot hold (complex128): a native limit."""
    return r.case.backend == "mlx" and r.outcome == "clean" and "complex128" in r.detail


def calls(results: list[Result]) -> list[Call]:
    """The calls made on two or more backends (skipped cases and operators left out)."""
    by: dict[tuple[str, str, str], dict[str, Result]] = defaultdict(dict)
    for r in results:
        kind = r.case.target.split(".")[0]
        if r.case.group in BACKENDS and kind not in ("op", "attr") and r.outcome != "skip":
            by[_key(r)][r.case.group] = r
    out = []
    for key, rs in by.items():
        if len(rs) < 2:
            continue
        referee = next((r.referee for r in rs.values() if r.referee), "")
        varies = next(iter(rs.values())).case.varies
        out.append(Call(key, rs, referee, varies))
    return out


def disagree(a: Result, b: Result) -> bool:
    """One returns, the other raises."""
    return (a.outcome in RETURNS and b.outcome in RAISES) or (
        a.outcome in RAISES and b.outcome in RETURNS
    )


def value_differs(c: Call, a: Result, b: Result) -> bool:
    """Both return where the standard defines the value, one right and the other wrong."""
    both = {a.outcome, b.outcome}
    return c.referee == "returns" and "wrong" in both and both <= RETURNS and len(both) > 1


def pair_table(results: list[Result]) -> list[str]:
    """Disagreements per backend pair, by kind, as markdown."""
    cs = calls(results)
    present = [b for b in BACKENDS if any(b in c.results for c in cs)]
    lines = [
        "| backends | calls on both | disagree | "
        + " | ".join(KIND_TITLES[k] for k in KINDS)
        + " | of which mlx's complex128 `TypeError` | value differs |",
        "|---|---:|---:|" + "---:|" * (len(KINDS) + 2),
    ]
    for a, b in itertools.combinations(present, 2):
        both = [c for c in cs if a in c.results and b in c.results]
        dis = [c for c in both if disagree(c.results[a], c.results[b])]
        kinds = Counter(c.kind for c in dis)
        c128 = sum(
            1 for c in dis if complex128_limit(c.results[a]) or complex128_limit(c.results[b])
        )
        vals = sum(1 for c in both if value_differs(c, c.results[a], c.results[b]))
        cells = " | ".join(str(kinds.get(k, 0)) for k in KINDS)
        lines.append(f"| {a} / {b} | {len(both)} | {len(dis)} | {cells} | {c128} | {vals} |")
    return lines


def _any_disagreement(c: Call) -> bool:
    rs = list(c.results.values())
    return any(disagree(x, y) for x, y in itertools.combinations(rs, 2))


def function_table(results: list[Result]) -> list[str]:
    """Per function: the calls on which some backends return and others raise, by kind."""
    per: dict[str, Counter[str]] = defaultdict(Counter)
    for c in calls(results):
        if _any_disagreement(c):
            per[c.key[0]][c.kind] += 1
    lines = [
        "| function | " + " | ".join(KIND_TITLES[k] for k in KINDS) + " |",
        "|---|" + "---:|" * len(KINDS),
    ]
    for target in sorted(per, key=lambda t: (-sum(per[t].values()), t)):
        cells = " | ".join(str(per[target].get(k, 0)) for k in KINDS)
        lines.append(f"| `{target}` | {cells} |")
    return lines


def arrays_disagreements(results: list[Result]) -> list[tuple[Call, list[Result]]]:
    """Calls where only the arrays vary, the standard defines a value, and some backend
    raises (mlx's complex128 ``TypeError`` left out): each call and the results that raise."""
    out = []
    for c in calls(results):
        if c.kind != "arrays" or not _any_disagreement(c):
            continue
        raising = [r for r in c.results.values() if r.outcome in RAISES]
        if raising and not all(complex128_limit(r) for r in raising):
            out.append((c, raising))
    return sorted(out, key=lambda cr: cr[0].key)


def summary(results: list[Result]) -> dict[str, int]:
    """Totals over all backend pairs: calls with any disagreement, by kind."""
    tot: Counter[str] = Counter()
    for c in calls(results):
        if _any_disagreement(c):
            tot[c.kind] += 1
    return {k: tot.get(k, 0) for k in KINDS}

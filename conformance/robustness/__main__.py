"""``python -m conformance.robustness``: run the bad-input sweep, print the outcome table.

python -m conformance.robustness                          # every backend, the whole sweep
python -m conformance.robustness --backend mlx --slice small
python -m conformance.robustness --markdown docs/robustness.md
python -m conformance.robustness --root ../other-checkout  # sweep another ember_array
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from . import (
    GROUPS,
    generate,
    load_results,
    markdown,
    run,
    save_results,
    table_lines,
)
from ._agreement import pair_table
from ._deviations import apply as apply_deviations


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m conformance.robustness", description=__doc__.splitlines()[0]
    )
    p.add_argument(
        "--backend",
        action="append",
        choices=[*GROUPS, "strict"],
        help="group to sweep (repeatable; mlx includes mlx+install; strict: the control)",
    )
    p.add_argument(
        "--slice", choices=("small", "all"), default="all", help="small: about 1 case in 100"
    )
    p.add_argument("--jobs", type=int, default=2, help="worker processes at a time")
    p.add_argument(
        "--timeout", type=float, default=10.0, help="seconds before a case counts as a hang"
    )
    p.add_argument("--mem-gb", type=float, default=3.0, help="address-space cap per worker (GiB)")
    p.add_argument("--root", default=None, help="directory of the ember_array checkout to sweep")
    p.add_argument("--target", action="append", help="only these functions (e.g. sum, op.getitem)")
    p.add_argument("--json", help="write every result (one JSON object a line) here")
    p.add_argument("--from-json", help="skip running: tabulate the results in this file")
    p.add_argument("--markdown", help="write the outcome page (docs/robustness.md) here")
    p.add_argument(
        "--write-known",
        action="store_true",
        help="write this run's crashes, hangs and wrong answers to known-failures.txt "
        "(the strict xfails of tests/test_robustness.py; run with --slice small)",
    )
    p.add_argument("--findings", help="write every failure group with a reproducer here")
    p.add_argument("--quiet", action="store_true")
    a = p.parse_args(argv)
    groups: list[str] = []
    for b in a.backend or GROUPS:
        groups += [b, "mlx+install"] if b == "mlx" else [b]
    groups = list(dict.fromkeys(groups))
    t0 = time.monotonic()
    if a.from_json:
        results = apply_deviations(load_results(a.from_json))
        elapsed = None
    else:
        cases = generate(tuple(groups), slice_=a.slice, targets=a.target)
        if not a.quiet:
            print(f"{len(cases)} cases in {', '.join(groups)}", file=sys.stderr)
        seen: Counter[str] = Counter()

        def progress(r):  # type: ignore[no-untyped-def]
            seen[r.outcome] += 1
            n = sum(seen.values())
            if r.outcome in ("crash", "hang") and not a.quiet:
                print(f"  {r.outcome}: {r.case.id}: {r.detail}", file=sys.stderr)
            if not a.quiet and n % 2000 == 0:
                print(
                    f"  {n}/{len(cases)} {dict(seen)} {time.monotonic() - t0:.0f} s",
                    file=sys.stderr,
                )

        results = run(
            cases, root=a.root, jobs=a.jobs, timeout=a.timeout, mem_gb=a.mem_gb, progress=progress
        )
        elapsed = time.monotonic() - t0
        if a.json:
            save_results(results, a.json)
    print("\n".join(table_lines(results)))
    print("\nCalls on which backends disagree (one returns, the other raises):\n")
    print("\n".join(pair_table(results)))
    if elapsed is not None:
        print(f"\n{len(results)} cases in {elapsed:.0f} s")
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write(markdown(results, elapsed=elapsed, root=a.root))
    if a.write_known:
        from .. import _xfails
        from . import KNOWN_FAILURES, known_failures

        # a link found by hand for a case that still fails is kept
        links = {k: v.link for k, v in known_failures().items()}
        bad = [r for r in results if r.outcome in ("crash", "hang", "wrong")]
        with open(KNOWN_FAILURES, "w") as f:
            f.write(
                "# Slice cases the code at hand crashes, hangs or answers wrong on: strict xfails\n"
                "# of tests/test_robustness.py, one '<case id>  # <reason> — <link>' a line (the\n"
                "# format of conformance/_xfails.py). Regenerate after a fix with\n"
                "#     python -m conformance.robustness --slice small --write-known\n"
            )
            for r in bad:
                note = " ".join(f"{r.outcome}: {r.detail[:160]}".split()).replace(" — ", " - ")
                link = links.get(r.case.id, _xfails.NO_LINK)
                f.write(_xfails.format_entry(r.case.id, note, link) + "\n")
    if a.findings:
        from ._tables import findings

        by_id = {c.id: c for c in generate(tuple(groups))}
        with open(a.findings, "w") as f:
            f.write(findings(results, by_id, title="Sweep findings"))
    failed = sum(r.outcome in ("crash", "hang", "wrong") for r in results)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

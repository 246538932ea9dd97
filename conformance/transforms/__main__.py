"""``python -m conformance.transforms``: run the transform matrix, print the counts table.

python -m conformance.transforms                              # every backend, every function
python -m conformance.transforms --backend mlx --target sin --target linalg.solve
python -m conformance.transforms --markdown docs/transforms.md
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from . import GROUPS, MISMATCH, Result, cells, load_results, markdown, run, save_results
from ._tables import mismatch_lines, table_lines


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m conformance.transforms", description=__doc__.splitlines()[0]
    )
    p.add_argument("--backend", action="append", choices=GROUPS, help="repeatable; default all")
    p.add_argument("--target", action="append", help="only these functions (sin, random.normal)")
    p.add_argument("--jobs", type=int, default=2, help="worker processes at a time")
    p.add_argument("--timeout", type=float, default=180.0, help="seconds a cell may take")
    p.add_argument("--mem-gb", type=float, default=8.0, help="address-space cap per worker")
    p.add_argument("--root", default=None, help="directory of the ember_array checkout to test")
    p.add_argument("--json", help="write every result (one JSON object a line) here")
    p.add_argument("--from-json", help="skip running: tabulate the results in this file")
    p.add_argument("--markdown", help="write the page (docs/transforms.md) here")
    p.add_argument("--quiet", action="store_true")
    a = p.parse_args(argv)
    t0 = time.monotonic()
    elapsed: float | None = None
    if a.from_json:
        results = load_results(a.from_json)
    else:
        todo = cells(tuple(a.backend or GROUPS), a.target)
        if not a.quiet:
            print(f"{len(todo)} cells", file=sys.stderr)
        seen: Counter[str] = Counter()

        def progress(r: Result) -> None:
            seen[r.outcome] += 1
            if r.outcome == MISMATCH and not a.quiet:
                print(f"  mismatch: {r.case.id}: {r.detail}", file=sys.stderr)
            n = sum(seen.values())
            if not a.quiet and n % 100 == 0:
                print(
                    f"  {n}/{len(todo)} {dict(seen)} {time.monotonic() - t0:.0f} s", file=sys.stderr
                )

        results = run(
            todo, root=a.root, jobs=a.jobs, timeout=a.timeout, mem_gb=a.mem_gb, progress=progress
        )
        elapsed = time.monotonic() - t0
        if a.json:
            save_results(results, a.json)
    print("\n".join(table_lines(results)))
    print("\n".join(["", *mismatch_lines(results)]))
    if elapsed is not None:
        print(f"\n{len(results)} cells in {elapsed:.0f} s")
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write(markdown(results, elapsed=elapsed, root=a.root, jobs=a.jobs))
    return 0


if __name__ == "__main__":
    sys.exit(main())

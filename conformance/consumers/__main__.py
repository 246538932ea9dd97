"""``python -m conformance.consumers``: the consumers' suites on ember_array and the control.

python -m conformance.consumers --scipy signal --backend torch      # one SciPy module
python -m conformance.consumers --scipy all --backend torch --sklearn
python -m conformance.consumers --xtra                               # array-api-extra's suite
python -m conformance.consumers --scipy special --backend mlx       # ember_array.mlx (no control)
python -m conformance.consumers --wrappers all                     # numpy, torch, mlx
python -m conformance.consumers --wrappers marray --namespace mlx   # one wrapper, one namespace
python -m conformance.consumers --markdown docs/consumers.md        # regenerate the page only

The wrappers (marray, einops, xarray, hypothesis' strategies) run on ember_array.<backend> and on
array-api-compat's namespace for the same library (``--namespace``: numpy, torch, mlx, dask;
numpy, torch and mlx when none is given; hypothesis' strategies on dask too).

Each run updates its rows of docs/_data/consumers.json; --markdown writes the page from all the
recorded rows.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from . import (
    DATA,
    MODES,
    WRAPPERS,
    load,
    markdown,
    run,
    save,
    scipy_run,
    sklearn_run,
    wrapper_run,
    xtra_run,
)

#: SciPy 1.17's modules with array-API tests.
SCIPY_MODULES = (
    "cluster",
    "constants",
    "differentiate",
    "fft",
    "integrate",
    "interpolate",
    "linalg",
    "ndimage",
    "optimize",
    "signal",
    "spatial",
    "special",
    "stats",
)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m conformance.consumers", description=__doc__.splitlines()[0]
    )
    p.add_argument("--scipy", action="append", default=[], help="a SciPy module, or all")
    p.add_argument("--backend", action="append", default=[], help="SciPy backend id (torch, mlx)")
    p.add_argument(
        "--namespace", action="append", default=[], help="the wrappers' namespace (numpy, mlx)"
    )
    p.add_argument("--sklearn", action="store_true", help="scikit-learn's array-API tests")
    p.add_argument("--xtra", action="store_true", help="array-api-extra's own test suite")
    p.add_argument(
        "--wrappers", action="append", default=[], help=f"one of {sorted(WRAPPERS)}, or all"
    )
    p.add_argument("--markdown", type=Path, help="write the page from the recorded rows")
    p.add_argument("--data", type=Path, default=DATA)
    args = p.parse_args(argv)
    modules = SCIPY_MODULES if "all" in args.scipy else tuple(args.scipy)
    specs = [scipy_run(m, b) for m in modules for b in args.backend or ["torch"]]
    if args.sklearn:
        specs.append(sklearn_run())
    if args.xtra:
        specs.append(xtra_run())
    wrappers = tuple(WRAPPERS) if "all" in args.wrappers else tuple(args.wrappers)
    specs += [wrapper_run(w, b) for w in wrappers for b in args.namespace or WRAPPERS[w].backends]
    results = {}
    for spec in specs:
        row = {}
        # array-api-compat has no mlx namespace: SciPy's control has nothing to run on mlx
        modes = [m for m in MODES if not (m == "control" and spec.backend == "mlx")]
        for mode in modes:
            start = time.perf_counter()
            row[mode] = run(spec, mode)
            seconds = time.perf_counter() - start
            print(f"{spec.key} ({mode}): {dict(row[mode]['counts'])} in {seconds:.0f} s")
        results[spec.key] = row
    if results:
        save(results, args.data)
    if args.markdown:
        args.markdown.write_text(markdown(load(args.data)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Throughput of ember_array.random, portable and native, against each backend's own generator.

For each backend (numpy, torch, mlx) and one sample count ``n`` (default 2**20):

* **native**: ``Generator(seed, xp=..., impl="native")`` against the backend's own call on a
  generator object it holds (``np.random.Generator(PCG64)``, ``torch.Generator``, an mlx key
  split the same way), for ``uniform``, ``normal``, ``integers`` (``[0, 1000)``) and
  ``permutation``. The ratio ember/own is the cost of the wrapper; the goal is <= 1.2.
* **portable**: threefry2x32 throughput in millions of 32-bit words per second
  (``bits(key, (n,))``) and in millions of samples per second for ``uniform``, ``normal``
  and ``integers`` (4 words per integer).

mlx is lazy: every mlx timing includes ``mx.eval`` of the result. Each figure is the median of
``--repeats`` timings of one call each (``_timing.interleaved`` with ``number=1``, after one
warm-up call), taken with the garbage collector off; ember and the backend's own call alternate,
as do the four portable ops. torch runs with ``torch.set_num_threads(--threads)``.

Run ``python benchmarks/random_bench.py --help`` for options. Prints the tables and saves JSON
(``_timing.results_path``: ``random-<hostname>.json`` outside the source tree unless ``--json``
is given).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

import _meta  # beside this script; also puts a checkout's ember_array on sys.path
import _timing

BACKENDS: tuple[str, ...] = ("numpy", "torch", "mlx")
GOAL_RATIO = 1.2
SEED = 1234


def _own_calls(
    name: str, n: int
) -> tuple[dict[str, Callable[[], Any]], Callable[[Any], None] | None]:
    """The backend's own generator calls, and the function that forces a result (mlx)."""
    if name == "numpy":
        import numpy as np

        rng = np.random.Generator(np.random.PCG64(SEED))
        return {
            "uniform": lambda: rng.random(n, dtype=np.float32),
            "normal": lambda: rng.standard_normal(n, dtype=np.float32),
            "integers": lambda: rng.integers(0, 1000, n, dtype=np.int64),
            "permutation": lambda: rng.permutation(n),
        }, None
    if name == "torch":
        import torch

        g = torch.Generator().manual_seed(SEED)
        return {
            "uniform": lambda: torch.rand(n, generator=g),
            "normal": lambda: torch.randn(n, generator=g),
            "integers": lambda: torch.randint(0, 1000, (n,), generator=g),
            "permutation": lambda: torch.randperm(n, generator=g),
        }, None
    import mlx.core as mx

    state = [mx.random.key(SEED)]

    def sub() -> Any:
        state[0], k = mx.random.split(state[0])
        return k

    return {
        "uniform": lambda: mx.random.uniform(shape=(n,), key=sub()),
        "normal": lambda: mx.random.normal((n,), key=sub()),
        "integers": lambda: mx.random.randint(0, 1000, (n,), dtype=mx.int64, key=sub()),
        "permutation": lambda: mx.random.permutation(n, key=sub()),
    }, mx.eval


def run_backend(name: str, n: int, repeats: int) -> dict[str, Any]:
    """All timings of one backend."""
    import ember_array.random as er

    own, sync = _own_calls(name, n)
    g = er.Generator(SEED, xp=name, impl="native")
    ember = {
        "uniform": lambda: g.uniform((n,)),
        "normal": lambda: g.normal((n,)),
        "integers": lambda: g.integers(0, 1000, (n,)),
        "permutation": lambda: g.permutation(n),
    }
    native: dict[str, Any] = {}
    for op in own:
        # one call per sample, the two interleaved: drift of a shared machine hits both alike
        t = _timing.interleaved({"own": own[op], "ember": ember[op]}, repeats, number=1, sync=sync)
        mo, me = t["own"]["median_s"], t["ember"]["median_s"]
        native[op] = {
            "own_s": mo,
            "ember_s": me,
            "own_samples_s": t["own"]["samples_s"],
            "ember_samples_s": t["ember"]["samples_s"],
            "ratio": me / mo,
            # Minimum over minimum: the least noisy estimate on a busy machine.
            "ratio_min": t["ember"]["min_s"] / t["own"]["min_s"],
            "goal_ok": me / mo <= GOAL_RATIO,
        }

    k = er.key(SEED, xp=name)
    portable_calls = {
        "bits": lambda: er.bits(k, (n,)),
        "uniform": lambda: er.uniform(k, (n,)),
        "normal": lambda: er.normal(k, (n,)),
        "integers": lambda: er.integers(k, 0, 1000, (n,)),
    }
    t = _timing.interleaved(portable_calls, repeats, number=1, sync=sync)
    portable = {
        op: {"seconds": r["median_s"], "M_per_s": n / r["median_s"] / 1e6} for op, r in t.items()
    }
    return {"native": native, "portable": portable}


def print_tables(results: dict[str, Any], n: int) -> None:
    """The native-ratio table and the portable-throughput table."""
    print(
        f"\nnative impl vs the backend's own generator, n = {n:,} "
        "(median ms; ratio = ember / own of the medians, r(min) of the minima)"
    )
    header = ("backend", "op", "own ms", "ember ms", "ratio", "r(min)", f"goal<={GOAL_RATIO}")
    print(_timing.table(header, [
        (name, op, f"{row['own_s'] * 1e3:.2f}", f"{row['ember_s'] * 1e3:.2f}",
         f"{row['ratio']:.2f}", f"{row['ratio_min']:.2f}", "ok" if row["goal_ok"] else "FAIL")
        for name, res in results.items()
        for op, row in res["native"].items()
    ], align="<<>>>><"))  # fmt: skip
    print(f"\nportable impl (threefry2x32-20), n = {n:,}: millions per second")
    ops = ("bits", "uniform", "normal", "integers")
    rows = [
        (name, *(f"{res['portable'][o]['M_per_s']:.1f}" for o in ops))
        for name, res in results.items()
    ]
    print(_timing.table(("backend", *ops), rows))
    print("(bits: M 32-bit words/s; uniform/normal/integers: M samples/s)")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """Command-line options."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=int, default=2**20, help="samples per call (default 2**20)")
    p.add_argument("--repeats", type=int, default=7, help="timings per figure (default 7)")
    p.add_argument("--quick", action="store_true", help="3 repeats and n = 2**18")
    p.add_argument("--threads", type=int, default=1, help="torch.set_num_threads (default 1)")
    p.add_argument("--backends", default=",".join(BACKENDS), help="comma-separated subset")
    p.add_argument("--json", default=None, help="output path (default: outside the tree)")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run, print, save; return the exit status (always 0: it reports, it does not gate)."""
    args = parse_args(argv)
    n, repeats = (2**18, 3) if args.quick else (args.n, args.repeats)
    backends, skipped = _meta.backends(args.backends)
    results: dict[str, Any] = {}
    for name in backends:
        if name == "torch":
            import torch

            torch.set_num_threads(args.threads)
        print(f"timing {name} ...", flush=True)
        results[name] = run_backend(name, n, repeats)
    print_tables(results, n)
    for name, why in skipped.items():
        print(f"skipped {name}: {why}")
    record = {
        **_meta.describe(BACKENDS),
        "settings": {"n": n, "repeats": repeats, "threads": args.threads, "seed": SEED},
        "goal_ratio": GOAL_RATIO,
        "skipped_backends": skipped,
        "results": results,
    }
    _timing.save("random", args.json, record)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

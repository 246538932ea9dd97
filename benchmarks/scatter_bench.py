"""Throughput of ``ember_array.scatter`` against each backend's own scatter.

For each backend and size (float32 values, int64 indices uniform in ``[0, segments)``), the
median time of

* numpy: ``segment_sum`` vs ``np.add.at`` (goal: ember at least 5x faster) and ``np.bincount``;
  ``segment_max`` vs ``np.maximum.at``;
* torch: ``segment_sum`` vs ``zeros.index_add_`` and ``zeros.scatter_reduce_("sum")`` (goal:
  ember within 1.2x); ``segment_max`` vs ``scatter_reduce_("amax", include_self=False)``;
* mlx: ``segment_sum`` + ``mx.eval`` vs ``zeros.at[idx].add(v)`` + ``mx.eval`` (goal: within
  1.2x); ``segment_max`` vs ``at[idx].maximum``.

The native calls do less than ember: they assume every index is valid (``np.add.at`` would
wrap negatives and raise on large ones, torch raises, mlx corrupts memory), while ember drops
invalid indices; ``segment_max`` also fills empty segments and propagates NaN on mlx.

Usage::

    python benchmarks/scatter_bench.py [--quick] [--sizes 100000,1000000] [--segments 1000]
        [--backends numpy,torch,mlx] [--threads N] [--json PATH]

Each pair is timed with ``_timing.interleaved`` (loops of at least 0.2 s, 0.05 s with
``--quick``; ember and native back to back, the order alternating, gc off; medians of 7 (3)
repeats). Prints a table and saves JSON (``_timing.results_path``: ``scatter-<hostname>.json``
outside the source tree unless ``--json`` is given).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

import _meta  # beside this script; also puts a checkout's ember_array on sys.path
import _timing

from ember_array.scatter import segment_max, segment_sum

#: (backend, op, native name) -> the goal on ember / native, as (comparison, bound).
GOALS: dict[tuple[str, str, str], tuple[str, float]] = {
    ("numpy", "sum", "np.add.at"): ("speedup>=", 5.0),
    ("torch", "sum", "index_add_"): ("ratio<=", 1.2),
    ("torch", "sum", "scatter_reduce_"): ("ratio<=", 1.2),
    ("mlx", "sum", "at[].add"): ("ratio<=", 1.2),
}


Case = tuple[str, str, Callable[[], Any], Callable[[], Any]]


def _cases(backend: str, n: int, s: int) -> list[Case]:
    """(op, native name, ember call, native call) rows for one backend and size."""
    import numpy as np

    rng = np.random.default_rng(0)
    v_np = rng.standard_normal(n).astype(np.float32)
    i_np = rng.integers(0, s, n)
    if backend == "numpy":

        def add_at() -> Any:
            out = np.zeros(s, np.float32)
            np.add.at(out, i_np, v_np)
            return out

        def max_at() -> Any:
            out = np.full(s, -np.inf, np.float32)
            np.maximum.at(out, i_np, v_np)
            return out

        return [
            ("sum", "np.add.at", lambda: segment_sum(v_np, i_np, s), add_at),
            (
                "sum",
                "np.bincount",
                lambda: segment_sum(v_np, i_np, s),
                lambda: np.bincount(i_np, weights=v_np, minlength=s),
            ),
            ("max", "np.maximum.at", lambda: segment_max(v_np, i_np, s), max_at),
        ]
    if backend == "torch":
        import torch

        v, i = torch.from_numpy(v_np), torch.from_numpy(i_np)
        return [
            (
                "sum",
                "index_add_",
                lambda: segment_sum(v, i, s),
                lambda: torch.zeros(s).index_add_(0, i, v),
            ),
            (
                "sum",
                "scatter_reduce_",
                lambda: segment_sum(v, i, s),
                lambda: torch.zeros(s).scatter_reduce_(0, i, v, "sum"),
            ),
            (
                "max",
                "scatter_reduce_",
                lambda: segment_max(v, i, s),
                lambda: torch.zeros(s).scatter_reduce_(0, i, v, "amax", include_self=False),
            ),
        ]
    import mlx.core as mx

    v, i = mx.array(v_np), mx.array(i_np)
    mx.eval(v, i)
    return [
        (
            "sum",
            "at[].add",
            lambda: mx.eval(segment_sum(v, i, s)),
            lambda: mx.eval(mx.zeros(s).at[i].add(v)),
        ),
        (
            "max",
            "at[].maximum",
            lambda: mx.eval(segment_max(v, i, s)),
            lambda: mx.eval(mx.full((s,), -mx.inf).at[i].maximum(v)),
        ),
    ]


def _verdict(backend: str, op: str, native: str, ratio: float) -> str:
    goal = GOALS.get((backend, op, native))
    if goal is None:
        return "-"
    kind, bound = goal
    if kind == "speedup>=":
        return f"{'ok' if 1 / ratio >= bound else 'FAIL'} (>= {bound:g}x faster)"
    return f"{'ok' if ratio <= bound else 'FAIL'} (<= {bound:g}x)"


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark, print the table and write the JSON file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 repeats of >= 0.05 s loops")
    parser.add_argument("--sizes", default="100000,1000000")
    parser.add_argument("--segments", type=int, default=1000)
    parser.add_argument("--backends", default="numpy,torch,mlx")
    parser.add_argument(
        "--threads",
        type=int,
        default=0,
        help="torch.set_num_threads(N) (default: leave torch's setting)",
    )
    parser.add_argument("--json", default=None, help="output path (default: outside the tree)")
    args = parser.parse_args(argv)
    repeats, min_time = (3, 0.05) if args.quick else (7, 0.2)
    sizes = [int(x) for x in args.sizes.split(",")]
    backends, skipped = _meta.backends(args.backends)
    rows: list[dict[str, Any]] = []
    for backend in backends:
        if backend == "torch" and args.threads:
            import torch

            torch.set_num_threads(args.threads)
        for n in sizes:
            for op, native, ember_fn, native_fn in _cases(backend, n, args.segments):
                t = _timing.interleaved({"ember": ember_fn, "native": native_fn}, repeats, min_time)
                ratio = t["ember"]["median_s"] / t["native"]["median_s"]
                rows.append(
                    {
                        "backend": backend,
                        "op": op,
                        "n": n,
                        "segments": args.segments,
                        "native": native,
                        "ember_us": t["ember"]["median_s"] * 1e6,
                        "native_us": t["native"]["median_s"] * 1e6,
                        "ratio": ratio,
                        "verdict": _verdict(backend, op, native, ratio),
                        "ember_samples_s": t["ember"]["samples_s"],
                        "native_samples_s": t["native"]["samples_s"],
                    }
                )
    print(f"segments={args.segments}, float32 values, repeats={repeats}, min loop={min_time}s")
    header = ("backend", "op", "native", "n", "ember us", "native us", "e/native", "goal")
    print(_timing.table(header, [
        (r["backend"], r["op"], r["native"], f"{r['n']:,}", f"{r['ember_us']:,.0f}",
         f"{r['native_us']:,.0f}", f"{r['ratio']:.2f}", r["verdict"])
        for r in rows
    ], align="<<<>>>><"))  # fmt: skip
    for backend, why in skipped.items():
        print(f"skipped {backend}: {why}")
    settings = {
        "quick": args.quick,
        "repeats": repeats,
        "min_loop_s": min_time,
        "sizes": sizes,
        "segments": args.segments,
        "threads": args.threads,
    }
    record = {
        **_meta.describe(("numpy", "torch", "mlx")),
        "settings": settings,
        "skipped_backends": skipped,
        "results": rows,
    }
    _timing.save("scatter", args.json, record)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

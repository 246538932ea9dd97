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

Prints a table and saves JSON to ``benchmarks/results/scatter-<hostname>.json``.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib.metadata
import json
import platform
import socket
import statistics
import sys
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS_DIR = ROOT / "benchmarks" / "results"

try:
    import ember_array
except ImportError:  # a checkout that is not installed
    sys.path.insert(0, str(ROOT))
    import ember_array

from ember_array._backends import BY_NAME  # noqa: E402
from ember_array.scatter import segment_max, segment_sum  # noqa: E402

#: (backend, op, native name) -> the goal on ember / native, as (comparison, bound).
GOALS: dict[tuple[str, str, str], tuple[str, float]] = {
    ("numpy", "sum", "np.add.at"): ("speedup>=", 5.0),
    ("torch", "sum", "index_add_"): ("ratio<=", 1.2),
    ("torch", "sum", "scatter_reduce_"): ("ratio<=", 1.2),
    ("mlx", "sum", "at[].add"): ("ratio<=", 1.2),
}


def _autorange(fn: Callable[[], Any], min_time: float) -> int:
    """Calls per loop so that one loop lasts at least ``min_time`` (also warms ``fn`` up)."""
    fn()
    number = 1
    while timeit.timeit(fn, number=number) < min_time:
        number *= 2
    return number


def _time_pair(
    ember_fn: Callable[[], Any], native_fn: Callable[[], Any], repeats: int, min_time: float
) -> tuple[list[float], list[float]]:
    """Seconds per call of both, sampled back to back (order alternating, gc off), so that
    drift of a shared machine hits both alike."""
    n_e, n_n = _autorange(ember_fn, min_time), _autorange(native_fn, min_time)
    e_samples: list[float] = []
    n_samples: list[float] = []
    gc.collect()
    gc.disable()
    try:
        for r in range(repeats):
            pair = [(ember_fn, n_e, e_samples), (native_fn, n_n, n_samples)]
            for fn, number, out in pair if r % 2 == 0 else pair[::-1]:
                out.append(timeit.timeit(fn, number=number) / number)
    finally:
        gc.enable()
    return e_samples, n_samples


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


def _versions() -> dict[str, str]:
    out = {"python": platform.python_version()}
    for dist in ("numpy", "torch", "mlx", "ember-array"):
        with contextlib.suppress(importlib.metadata.PackageNotFoundError):
            out[dist] = importlib.metadata.version(dist)
    return out


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
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    repeats, min_time = (3, 0.05) if args.quick else (7, 0.2)
    sizes = [int(x) for x in args.sizes.split(",")]
    rows: list[dict[str, Any]] = []
    skipped: dict[str, str] = {}
    for backend in args.backends.split(","):
        try:
            importlib.import_module(BY_NAME[backend].native)
        except ImportError as exc:
            skipped[backend] = str(exc)
            continue
        if backend == "torch" and args.threads:
            import torch

            torch.set_num_threads(args.threads)
        for n in sizes:
            for op, native, ember_fn, native_fn in _cases(backend, n, args.segments):
                e_samples, n_samples = _time_pair(ember_fn, native_fn, repeats, min_time)
                e_med, n_med = statistics.median(e_samples), statistics.median(n_samples)
                ratio = e_med / n_med
                rows.append(
                    {
                        "backend": backend,
                        "op": op,
                        "n": n,
                        "segments": args.segments,
                        "native": native,
                        "ember_us": e_med * 1e6,
                        "native_us": n_med * 1e6,
                        "ratio": ratio,
                        "verdict": _verdict(backend, op, native, ratio),
                        "ember_samples_s": e_samples,
                        "native_samples_s": n_samples,
                    }
                )
    header = (
        f"{'backend':<7} {'op':<4} {'n':>9} {'native':<16} {'ember us':>10} "
        f"{'native us':>10} {'e/native':>9}  goal"
    )
    print(f"segments={args.segments}, float32 values, repeats={repeats}, min loop={min_time}s")
    print(header)
    print("-" * len(header))
    for r in rows:
        print(
            f"{r['backend']:<7} {r['op']:<4} {r['n']:>9,} {r['native']:<16} "
            f"{r['ember_us']:>10,.0f} {r['native_us']:>10,.0f} {r['ratio']:>9.2f}  "
            f"{r['verdict']}"
        )
    for backend, why in skipped.items():
        print(f"skipped {backend}: {why}")
    path = args.json or RESULTS_DIR / f"scatter-{socket.gethostname()}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps(
            {
                "settings": {
                    "quick": args.quick,
                    "repeats": repeats,
                    "min_loop_s": min_time,
                    "sizes": sizes,
                    "segments": args.segments,
                    "threads": args.threads,
                },
                "versions": _versions(),
                "machine": {
                    "hostname": socket.gethostname(),
                    "platform": platform.platform(),
                    "processor": platform.processor(),
                },
                "ember_array": ember_array.__version__,
                "skipped_backends": skipped,
                "results": rows,
            },
            indent=2,
        )
    )
    print(f"saved {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""``top_k(x, 10)`` of the 2026.12 view against the native calls and a full sort.

For 10**6 float32 on one axis, the median time of ember's ``top_k`` and of

* numpy: ``np.argpartition`` + ``take_along_axis`` (goal: ember within 1.2x) and a full
  ``np.argsort`` + gather (goal: ember at least 5x faster);
* torch: ``torch.topk`` (goal: within 1.2x);
* mlx: ``mx.topk`` + ``mx.eval`` (values only, unsorted: it does less; goal: within 1.2x),
  and ``mx.argpartition`` + gather (mlx's only call that gives indices).

The native calls do less than ember: none sorts the ``k`` or gives ties to the lower index.
Both the median and the best sample are compared (``best`` is steadier on a shared machine);
``--cpu`` times the process's CPU time instead of wall time (waiting for a busy machine's cores
does not count: mlx hands each operation to its stream's thread, which a loaded machine delays).

Usage::

    python benchmarks/top_k_bench.py [--quick] [--cpu] [--backends numpy,torch,mlx] [--json PATH]
"""

from __future__ import annotations

import argparse
import datetime
import time
from collections.abc import Callable
from typing import Any

import _meta  # noqa: F401  # beside this script; puts a checkout's ember_array on sys.path
import _timing
import numpy as np

import ember_array

K = 10
N = 10**6


def _cases(backend: str, a: np.ndarray) -> tuple[dict[str, Callable[[], Any]], Any]:
    """Name -> function (ember first), and the sync of the backend's results."""
    if backend == "numpy":
        xp = ember_array.namespace(a, api_version="2026.12")

        def partition() -> Any:
            i = np.argpartition(a, N - K)[N - K :]
            return a[i], i

        def full_sort() -> Any:
            i = np.argsort(a, kind="stable")[::-1][:K]
            return a[i], i

        return {
            "ember": lambda: xp.top_k(a, K),
            "argpartition": partition,
            "argsort": full_sort,
        }, None
    if backend == "torch":
        import torch

        t = torch.from_numpy(a)
        xp = ember_array.namespace(t, api_version="2026.12")
        return {"ember": lambda: xp.top_k(t, K), "torch.topk": lambda: torch.topk(t, K)}, None
    import mlx.core as mx

    m = mx.array(a)
    xp = ember_array.namespace(m, api_version="2026.12")

    def partition_mx() -> Any:
        i = mx.argpartition(m, N - K)[N - K :]
        return m[i], i

    return {
        "ember": lambda: xp.top_k(m, K),
        "mx.topk": lambda: mx.topk(m, K),
        "mx.argpartition": partition_mx,
    }, mx.eval


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--quick", action="store_true", help="3 repeats of 0.05 s loops")
    p.add_argument("--cpu", action="store_true", help="CPU time of the process, not wall time")
    p.add_argument("--backends", default="numpy,torch,mlx")
    p.add_argument("--json", default=None)
    args = p.parse_args()
    started = datetime.datetime.now(datetime.timezone.utc)
    a = np.random.default_rng(0).standard_normal(N).astype(np.float32)
    repeats, min_time = (3, 0.05) if args.quick else (7, 0.2)
    rows, record = [], {}
    for backend in args.backends.split(","):
        variants, sync = _cases(backend, a)
        clock = time.process_time if args.cpu else None
        found = _timing.interleaved(variants, repeats, min_time, sync=sync, clock=clock)
        ember = found["ember"]
        record[backend] = found
        for name, t in found.items():
            if name != "ember":
                rows.append(
                    (
                        backend,
                        name,
                        f"{ember['median_s'] * 1e3:.2f}",
                        f"{t['median_s'] * 1e3:.2f}",
                        f"{ember['median_s'] / t['median_s']:.2f}",
                        f"{ember['min_s'] / t['min_s']:.2f}",
                    )
                )
    head = ("backend", "against", "ember ms", "native ms", "median ratio", "best ratio")
    print(_timing.table(head, rows))
    head = _timing.record_head("top_k_bench.py", started, None)
    path = _timing.save("top_k", args.json, {**head, "results": record})
    print(f"saved {path}")


if __name__ == "__main__":
    main()

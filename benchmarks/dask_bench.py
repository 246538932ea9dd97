"""ember_array's shims on dask against the same call on numpy, in one run.

For each workload, the median wall time of

* numpy: the shim on in-memory numpy arrays (the anchor);
* dask, threaded scheduler: the same shim on a dask array of the same data cut into chunks,
  graph building and ``compute()`` included;
* dask on a ``distributed.LocalCluster`` of worker processes (``--cluster``), idem;

with the graph's task count (before optimisation) and, for ``segment_sum``, the scaling with
the number of chunks. Goal (issue 15): O(chunks) tasks, and the threaded scheduler within 2x
of numpy on a 2-core machine.

Workloads: ``segment_sum`` / ``segment_max`` of 2,000,000 x 4 float64 values into 1000
segments (16 chunks), ``stft`` of a 2**23-sample float64 signal (n_fft 512, hop 128,
16 chunks), portable ``random.uniform`` of 10,000,000 float32 values (16 chunks).

Usage::

    python benchmarks/dask_bench.py [--quick] [--cluster] [--repeats 3] [--json PATH]

Prints a table; writes JSON only where ``--json`` says.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
try:
    import ember_array
except ImportError:  # a checkout that is not installed
    sys.path.insert(0, str(ROOT))
    import ember_array

import dask  # noqa: E402
import dask.array as da  # noqa: E402
import numpy as np  # noqa: E402

from ember_array import random as er  # noqa: E402
from ember_array import scatter, signal  # noqa: E402


def _median_time(fn: Callable[[], Any], repeats: int) -> float:
    fn()  # warm-up (imports, thread pools)
    samples = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


Workload = tuple[str, Callable[[], Any], Callable[[int], tuple[Any, ...]], Callable[..., Any]]


def _workloads(quick: bool) -> list[Workload]:
    """(name, numpy call, dask inputs for a chunk count, the ember call on those inputs)."""
    rng = np.random.default_rng(0)
    rows = 200_000 if quick else 2_000_000
    values = rng.standard_normal((rows, 4))
    index = rng.integers(0, 1000, size=rows)
    samples = 2**20 if quick else 2**23
    sig = rng.standard_normal(samples)
    n_random = 1_000_000 if quick else 10_000_000
    window = signal.hann_window(512, xp="numpy", dtype=np.float64)

    def seg_inputs(chunks: int) -> tuple[Any, ...]:
        size = -(-rows // chunks)
        return da.from_array(values, chunks=(size, 4)), da.from_array(index, chunks=size)

    def stft_inputs(chunks: int) -> tuple[Any, ...]:
        return da.from_array(sig, chunks=-(-samples // chunks)), da.from_array(window)

    def stft_call(x: Any, w: Any) -> Any:
        return signal.stft(x, 512, hop_length=128, window=w)

    def uniform_call(chunks: int) -> Any:
        return er.uniform(er.key(0, xp="dask"), (n_random,), chunks=-(-n_random // chunks))

    return [
        (
            "segment_sum",
            lambda: scatter.segment_sum(values, index, 1000),
            seg_inputs,
            lambda v, i: scatter.segment_sum(v, i, 1000),
        ),
        (
            "segment_max",
            lambda: scatter.segment_max(values, index, 1000),
            seg_inputs,
            lambda v, i: scatter.segment_max(v, i, 1000),
        ),
        ("stft", lambda: stft_call(sig, window), stft_inputs, stft_call),
        (
            "random.uniform",
            lambda: er.uniform(er.key(0), (n_random,)),
            lambda chunks: (chunks,),
            uniform_call,
        ),
    ]


def run(quick: bool, cluster: bool, repeats: int, chunks: int) -> dict[str, Any]:
    results: dict[str, Any] = {"chunks": chunks, "rows": []}
    client = None
    if cluster:
        from distributed import Client, LocalCluster

        lc = LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0")
        client = Client(lc)
    try:
        for name, np_call, make, call in _workloads(quick):
            t_np = _median_time(np_call, repeats)
            inputs = make(chunks)
            tasks = len(call(*inputs).__dask_graph__())
            with dask.config.set(scheduler="threads"):
                t_thr = _median_time(lambda c=call, i=inputs: c(*i).compute(), repeats)
            row: dict[str, Any] = {
                "name": name,
                "numpy_s": t_np,
                "threads_s": t_thr,
                "threads_ratio": t_thr / t_np,
                "tasks": tasks,
            }
            if client is not None:
                # the inputs live on the workers first, as data loaded by dask would
                placed = tuple(client.persist(a) if isinstance(a, da.Array) else a for a in inputs)
                t_cl = _median_time(
                    lambda c=call, i=placed: client.compute(c(*i)).result(), repeats
                )
                row.update(cluster_s=t_cl, cluster_ratio=t_cl / t_np)
            results["rows"].append(row)
            print(
                f"{name:15s} numpy {t_np * 1e3:9.1f} ms | threads {t_thr * 1e3:9.1f} ms "
                f"({t_thr / t_np:5.2f}x) | tasks {tasks:6d}"
                + (
                    f" | cluster {row['cluster_s'] * 1e3:9.1f} ms ({row['cluster_ratio']:5.2f}x)"
                    if client is not None
                    else ""
                ),
                flush=True,
            )
        # scaling of segment_sum with the number of chunks
        name, np_call, make, call = _workloads(quick)[0]
        t_np = _median_time(np_call, repeats)
        results["scaling"] = []
        for c in (1, 2, 4, 8, 16, 32, 64):
            inputs = make(c)
            tasks = len(call(*inputs).__dask_graph__())
            with dask.config.set(scheduler="threads"):
                t = _median_time(lambda i=inputs: call(*i).compute(), repeats)
            results["scaling"].append(
                {"chunks": c, "tasks": tasks, "threads_s": t, "ratio": t / t_np}
            )
            print(
                f"segment_sum {c:3d} chunks: {tasks:5d} tasks, "
                f"{t * 1e3:8.1f} ms ({t / t_np:5.2f}x numpy)"
            )
    finally:
        if client is not None:
            client.close()
            lc.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="10x smaller inputs")
    parser.add_argument("--cluster", action="store_true", help="also time a LocalCluster")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--chunks", type=int, default=16)
    parser.add_argument("--json", type=Path, help="write the results here")
    args = parser.parse_args()
    import os

    print(
        f"ember_array {ember_array.__version__}, dask {dask.__version__}, "
        f"numpy {np.__version__}, {os.cpu_count()} CPUs"
    )
    out = run(args.quick, args.cluster, args.repeats, args.chunks)
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

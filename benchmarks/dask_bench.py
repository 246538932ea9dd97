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

Each figure is the median of ``--repeats`` one-call samples (after a warm-up call), the variants
of a workload interleaved in rotating order with the garbage collector off
(``_timing.interleaved`` with ``number=1``). Prints the tables and saves JSON
(``_timing.results_path``: ``dask-<hostname>.json`` outside the source tree unless ``--json``
is given).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from functools import partial
from typing import Any

import _meta  # beside this script; also puts a checkout's ember_array on sys.path
import _timing
import dask
import dask.array as da
import numpy as np

from ember_array import random as er
from ember_array import scatter, signal

SCALING_CHUNKS = (1, 2, 4, 8, 16, 32, 64)


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


def _compute(call: Callable[..., Any], inputs: tuple[Any, ...], client: Any = None) -> Any:
    """Build the graph of ``call(*inputs)`` and compute it (on ``client`` if given)."""
    graph = call(*inputs)
    return graph.compute() if client is None else client.compute(graph).result()


def run(quick: bool, cluster: bool, repeats: int, chunks: int) -> dict[str, Any]:
    """Time the workloads (one call per sample, interleaved), then segment_sum's scaling."""
    results: dict[str, Any] = {"chunks": chunks, "rows": [], "scaling": []}
    client = None
    if cluster:
        from distributed import Client, LocalCluster

        lc = LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0")
        client = Client(lc)
    try:
        workloads = _workloads(quick)
        for name, np_call, make, call in workloads:
            print(f"timing {name} ...", flush=True)
            inputs = make(chunks)
            variants: dict[str, Callable[[], Any]] = {"numpy": np_call}
            variants["threads"] = partial(_compute, call, inputs)
            if client is not None:
                # the inputs live on the workers first, as data loaded by dask would
                placed = tuple(client.persist(a) if isinstance(a, da.Array) else a for a in inputs)
                variants["cluster"] = partial(_compute, call, placed, client)
            with dask.config.set(scheduler="threads"):  # client.compute uses the cluster
                t = _timing.interleaved(variants, repeats, number=1)
            row: dict[str, Any] = {"name": name, "tasks": len(call(*inputs).__dask_graph__())}
            for k in variants:
                row[f"{k}_s"] = t[k]["median_s"]
                if k != "numpy":
                    row[f"{k}_ratio"] = t[k]["median_s"] / t["numpy"]["median_s"]
            results["rows"].append({**row, "timings": t})
        # scaling of segment_sum with the number of chunks
        name, np_call, make, call = workloads[0]
        print(f"timing {name} on {', '.join(map(str, SCALING_CHUNKS))} chunks ...", flush=True)
        inputs_of = {str(c): make(c) for c in SCALING_CHUNKS}
        variants = {"numpy": np_call}
        variants.update({c: partial(_compute, call, i) for c, i in inputs_of.items()})
        with dask.config.set(scheduler="threads"):
            t = _timing.interleaved(variants, repeats, number=1)
        for c, inputs in inputs_of.items():
            t_c = t[c]["median_s"]
            results["scaling"].append(
                {
                    "chunks": int(c),
                    "tasks": len(call(*inputs).__dask_graph__()),
                    "threads_s": t_c,
                    "ratio": t_c / t["numpy"]["median_s"],
                }
            )
        results["scaling_numpy_s"] = t["numpy"]["median_s"]
    finally:
        if client is not None:
            client.close()
            lc.close()
    return results


def print_tables(results: dict[str, Any], cluster: bool) -> None:
    """The workload table and segment_sum's scaling table."""
    header = ["workload", "numpy ms", "threads ms", "/ numpy", "tasks"]
    header += ["cluster ms", "/ numpy"] if cluster else []
    rows = []
    for r in results["rows"]:
        cells = [r["name"], f"{r['numpy_s'] * 1e3:.1f}", f"{r['threads_s'] * 1e3:.1f}",
                 f"{r['threads_ratio']:.2f}", r["tasks"]]  # fmt: skip
        if cluster:
            cells += [f"{r['cluster_s'] * 1e3:.1f}", f"{r['cluster_ratio']:.2f}"]
        rows.append(cells)
    print(_timing.table(header, rows))
    print(f"\nsegment_sum by chunk count (numpy {results['scaling_numpy_s'] * 1e3:.1f} ms)")
    print(_timing.table(("chunks", "tasks", "threads ms", "/ numpy"), [
        (r["chunks"], r["tasks"], f"{r['threads_s'] * 1e3:.1f}", f"{r['ratio']:.2f}")
        for r in results["scaling"]
    ], align=">"))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="10x smaller inputs")
    parser.add_argument("--cluster", action="store_true", help="also time a LocalCluster")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--chunks", type=int, default=16)
    parser.add_argument("--json", default=None, help="output path (default: outside the tree)")
    args = parser.parse_args()
    meta = _meta.describe(("numpy", "dask", "distributed"))
    v = meta["versions"]
    print(
        f"ember_array {v['ember_array']}, dask {v['dask']}, numpy {v['numpy']}, "
        f"{os.cpu_count()} CPUs; medians of {args.repeats} interleaved one-call samples"
    )
    out = run(args.quick, args.cluster, args.repeats, args.chunks)
    print_tables(out, args.cluster)
    settings = {"quick": args.quick, "cluster": args.cluster, "repeats": args.repeats}
    _timing.save("dask", args.json, {**meta, "settings": settings, **out})


if __name__ == "__main__":
    main()

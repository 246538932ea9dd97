"""stft of one long float64 signal: the numpy backend against dask (threaded), blockwise.

``python benchmarks/signal_dask_bench.py`` (``--help`` for the options) times
``signal.stft(x, 512, hop_length=128, window=hann)`` of a 10M-sample float64 signal on numpy and
on dask with the signal in 8 chunks (threaded scheduler), checks that both agree, and prints
the medians, their ratio, the number of tasks of the dask graph and the time to build it.
``compute()`` includes dask's final concatenation of the blocks into one array (a copy of
the whole output); ``persist`` leaves the blocks apart, as a blockwise consumer would.

Each figure is the median of ``--repeats`` one-call samples (after a warm-up call), the
variants interleaved in rotating order with the garbage collector off (``_timing.interleaved``
with ``number=1``). Saves JSON (``_timing.results_path``: ``signal-dask-<hostname>.json``
outside the source tree unless ``--json`` is given).
"""

from __future__ import annotations

import argparse
import os
from typing import Any

import _meta  # beside this script; also puts a checkout's ember_array on sys.path
import _timing

from ember_array import signal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=10_000_000)
    parser.add_argument("--chunks", type=int, default=8, help="dask chunks along time")
    parser.add_argument("--n-fft", type=int, default=512)
    parser.add_argument("--hop", type=int, default=128)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--workers", type=int, default=None, help="threads (default: cores)")
    parser.add_argument("--json", default=None, help="output path (default: outside the tree)")
    args = parser.parse_args()

    import dask
    import dask.array as da
    import numpy as np

    x = np.random.default_rng(0).standard_normal(args.samples)
    w = signal.hann_window(args.n_fft)
    xd = da.from_array(x, chunks=-(-args.samples // args.chunks))

    def build() -> Any:
        return signal.stft(xd, args.n_fft, args.hop, window=w)

    ref = signal.stft(x, args.n_fft, args.hop, window=w)
    graph = build()
    variants = {
        "numpy": lambda: signal.stft(x, args.n_fft, args.hop, window=w),
        "build": build,
        "dask": lambda: build().compute(),
        # persist: the blocks stay in memory, without compute()'s concatenation into one array
        "persist": lambda: dask.persist(build()),
    }
    with dask.config.set(scheduler="threads", num_workers=args.workers):
        got = graph.compute()
        diff = float(np.max(np.abs(got - ref)))
        del got
        t = _timing.interleaved(variants, args.repeats, number=1)
    t_np = t["numpy"]["median_s"]
    print(
        f"stft of {args.samples:,} float64 samples, n_fft={args.n_fft}, hop={args.hop}, "
        f"output {ref.shape} {ref.dtype}; {os.cpu_count()} cores, "
        f"dask threads={args.workers or os.cpu_count()}"
    )
    labels = {
        "numpy": "numpy backend",
        "dask": f"dask, {len(xd.chunks[0])} chunks (threads)",
        "persist": "dask, persist",
        "build": "dask, graph build only",
    }
    print(_timing.table(("", "median ms", "numpy/dask"), [
        (label, f"{t[k]['median_s'] * 1e3:.1f}", "" if k in ("numpy", "build")
         else f"{t_np / t[k]['median_s']:.2f}x")
        for k, label in labels.items()
    ]))  # fmt: skip
    tasks = len(graph.__dask_graph__())
    print(f"dask graph: {tasks} tasks, {graph.numblocks} blocks")
    print(f"max |dask - numpy| = {diff:.1e}")
    settings = {k: getattr(args, k) for k in ("samples", "chunks", "n_fft", "hop", "repeats")}
    record = {
        **_meta.describe(("numpy", "dask")),
        "settings": {**settings, "workers": args.workers or os.cpu_count()},
        "tasks": tasks,
        "blocks": list(graph.numblocks),
        "max_abs_diff": diff,
        "results": t,
    }
    _timing.save("signal-dask", args.json, record)


if __name__ == "__main__":
    main()

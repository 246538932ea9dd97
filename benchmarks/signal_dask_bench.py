"""stft of one long float64 signal: the numpy backend against dask (threaded), blockwise.

``python benchmarks/signal_dask_bench.py`` (``--help`` for the options) times
``signal.stft(x, 512, hop_length=128, window=hann)`` of a 10M-sample float64 signal on numpy and
on dask with the signal in 8 chunks (threaded scheduler), checks that both agree, and prints
the medians, their ratio, the number of tasks of the dask graph and the time to build it.
``compute()`` includes dask's final concatenation of the blocks into one array (a copy of
the whole output); ``persist`` leaves the blocks apart, as a blockwise consumer would.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Any

try:
    from ember_array import signal
except ImportError:  # a checkout that is not installed
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from ember_array import signal


def _median_s(fn: Any, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=10_000_000)
    parser.add_argument("--chunks", type=int, default=8, help="dask chunks along time")
    parser.add_argument("--n-fft", type=int, default=512)
    parser.add_argument("--hop", type=int, default=128)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--workers", type=int, default=None, help="threads (default: cores)")
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
    with dask.config.set(scheduler="threads", num_workers=args.workers):
        got = graph.compute()
        diff = float(np.max(np.abs(got - ref)))
        del got
        t_np = _median_s(lambda: signal.stft(x, args.n_fft, args.hop, window=w), args.repeats)
        t_build = _median_s(build, args.repeats)
        t_dask = _median_s(lambda: build().compute(), args.repeats)
        # persist: the blocks stay in memory, without compute()'s concatenation into one array
        t_persist = _median_s(lambda: dask.persist(build()), args.repeats)
    print(
        f"stft of {args.samples:,} float64 samples, n_fft={args.n_fft}, hop={args.hop}, "
        f"output {ref.shape} {ref.dtype}; {os.cpu_count()} cores, "
        f"dask threads={args.workers or os.cpu_count()}"
    )
    print(f"numpy backend          {t_np * 1e3:9.1f} ms")
    print(
        f"dask, {len(xd.chunks[0])} chunks (threads) {t_dask * 1e3:9.1f} ms  "
        f"(numpy/dask = {t_np / t_dask:.2f}x; build {t_build * 1e3:.1f} ms)"
    )
    print(
        f"dask, persist          {t_persist * 1e3:9.1f} ms  (numpy/dask = {t_np / t_persist:.2f}x)"
    )
    print(f"dask graph: {len(graph.__dask_graph__())} tasks, {graph.numblocks} blocks")
    print(f"max |dask - numpy| = {diff:.1e}")


if __name__ == "__main__":
    main()

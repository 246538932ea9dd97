"""Timing and result plumbing shared by the benchmark scripts.

The scripts run as files (``python benchmarks/<name>.py``), so this module is imported from the
script's own directory as ``_timing``.

Method: each variant is warmed up and given a loop count by :func:`autorange`; then, for each
repeat, every variant is timed once, back to back, the order rotating, so drift of a shared
machine hits all variants alike. A figure is the median over repeats of the time per call;
a ratio is taken between medians of the same run.
"""

from __future__ import annotations

import gc
import os
import socket
import statistics
import tempfile
import timeit
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any


def autorange(fn: Callable[[], Any], min_time: float) -> int:
    """The smallest loop count in 1, 2, 5, 10, 20, 50, ... whose loop lasts ``min_time``."""
    number = 1
    while True:
        for mult in (1, 2, 5):
            n = number * mult
            if timeit.timeit(fn, number=n) >= min_time:
                return n
        number *= 10


def interleaved(
    variants: Mapping[str, Callable[[], Any]], repeats: int, min_time: float
) -> dict[str, dict[str, Any]]:
    """Seconds per call of each variant: ``{name: {"median_s", "min_s", "samples_s", "number"}}``.

    Every variant runs once first (warm-up), then gets its own loop count; the repeats
    interleave the variants in rotating order with the garbage collector off.
    """
    names = list(variants)
    numbers = {k: autorange(variants[k], min_time) for k in names}
    samples: dict[str, list[float]] = {k: [] for k in names}
    gc.collect()
    gc.disable()
    try:
        for r in range(repeats):
            for k in names[r % len(names) :] + names[: r % len(names)]:
                samples[k].append(timeit.timeit(variants[k], number=numbers[k]) / numbers[k])
    finally:
        gc.enable()
    return {
        k: {
            "median_s": statistics.median(v),
            "min_s": min(v),
            "samples_s": v,
            "number": numbers[k],
        }
        for k, v in samples.items()
    }


def results_path(name: str, given: str | os.PathLike[str] | None = None) -> Path:
    """Where a script writes its JSON: ``given`` if asked, else outside the source tree.

    The default is ``$EMBER_BENCH_DIR`` or ``<tmp>/ember_array-benchmarks``, named
    ``<name>-<hostname>.json``; the folder is created.
    """
    if given is not None:
        path = Path(given)
    else:
        root = os.environ.get("EMBER_BENCH_DIR") or Path(tempfile.gettempdir()) / (
            "ember_array-benchmarks"
        )
        path = Path(root) / f"{name}-{socket.gethostname()}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path

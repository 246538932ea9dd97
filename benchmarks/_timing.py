"""Timing, tables and result files shared by the benchmark scripts.

The scripts run as files (``python benchmarks/<name>.py``), so this module is imported from the
script's own directory as ``_timing``.

Method (:func:`interleaved`): each variant gets a loop count, by :func:`autorange` (whose first
loop also warms it up) or fixed by the caller; then, for each repeat, every variant is timed
once, back to back, the order rotating, with the garbage collector off, so drift of a shared
machine hits all variants alike. A figure is the median over repeats of the time per call
(wall clock, ``time.perf_counter``); a ratio is taken between figures of the same run, or as the
median of the ratios of back-to-back samples (:func:`paired_ratios`).
"""

from __future__ import annotations

import datetime
import gc
import json
import os
import socket
import statistics
import sys
import tempfile
import timeit
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

#: A variant: a function of no arguments, or a ready :class:`timeit.Timer` (a statement
#: with its locals, as ``overhead.py`` builds them to keep the loop's own cost low).
Timed = Callable[[], Any] | timeit.Timer


def _timer(
    fn: Timed, sync: Callable[[Any], Any] | None = None, clock: Callable[[], float] | None = None
) -> timeit.Timer:
    if isinstance(fn, timeit.Timer):
        if sync is not None or clock is not None:
            raise TypeError("sync= and clock= apply to functions, not to timeit.Timer variants")
        return fn
    stmt = fn if sync is None else lambda: sync(fn())
    return timeit.Timer(stmt) if clock is None else timeit.Timer(stmt, timer=clock)


def autorange(fn: Timed, min_time: float) -> int:
    """The smallest loop count in 1, 2, 5, 10, 20, 50, ... whose loop lasts ``min_time``."""
    timer = _timer(fn)
    number = 1
    while True:
        for mult in (1, 2, 5):
            n = number * mult
            if timer.timeit(n) >= min_time:
                return n
        number *= 10


def interleaved(
    variants: Mapping[str, Timed],
    repeats: int,
    min_time: float | None = None,
    *,
    number: int | None = None,
    sync: Callable[[Any], Any] | None = None,
    before: Callable[[str], Any] | None = None,
    warmup: bool = True,
    clock: Callable[[], float] | None = None,
) -> dict[str, dict[str, Any]]:
    """Seconds per call of each variant: ``{name: {"median_s", "min_s", "samples_s", "number"}}``.

    Parameters
    ----------
    variants
        Name to function (or :class:`timeit.Timer`), timed in this order, rotating by one each
        repeat.
    repeats
        Samples per variant; ``median_s`` and ``min_s`` are over them.
    min_time
        Seconds one timed loop lasts at least: each variant's loop count comes from
        :func:`autorange`, whose first loop is the warm-up.
    number
        Calls per sample for every variant instead (``1``: one-call timings of long calls); the
        variants then run once first unless ``warmup`` is false.
    sync
        Applied to each call's result inside the clock (``mx.eval``: mlx is lazy).
    before
        Called with a variant's name before its warm-up or loop count and before each of its
        samples, outside the clock (e.g. to switch a setting, or ``gc.collect()``).
    warmup
        Whether to run each variant once before fixed-``number`` timing (false when the caller
        already did).
    clock
        The clock of function variants (default: ``time.perf_counter``, wall time);
        ``time.process_time`` counts the CPU time of the process (every thread), which time
        spent waiting for a busy machine's cores does not inflate.
    """
    if (min_time is None) == (number is None):
        raise TypeError("give one of min_time (autorange) and number (fixed)")
    names = list(variants)
    if not names:
        return {}
    timers = {k: _timer(variants[k], sync, clock) for k in names}
    numbers: dict[str, int] = {}
    for k in names:
        if before is not None:
            before(k)
        if number is None:
            assert min_time is not None
            numbers[k] = autorange(timers[k], min_time)
        else:
            if warmup:
                timers[k].timeit(1)
            numbers[k] = number
    samples: dict[str, list[float]] = {k: [] for k in names}
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for r in range(repeats):
            for k in names[r % len(names) :] + names[: r % len(names)]:
                if before is not None:
                    before(k)
                samples[k].append(timers[k].timeit(numbers[k]) / numbers[k])
    finally:
        if was_enabled:
            gc.enable()
    return {
        k: {"median_s": statistics.median(v), "min_s": min(v), "samples_s": v, "number": numbers[k]}
        for k, v in samples.items()
    }


def paired_ratios(timings: Mapping[str, Mapping[str, Any]], num: str, den: str) -> list[float]:
    """``num / den`` of each repeat's back-to-back samples (of :func:`interleaved`'s result)."""
    return [a / b for a, b in zip(timings[num]["samples_s"], timings[den]["samples_s"])]


def table(header: Sequence[str], rows: Iterable[Sequence[object]], align: str = "<") -> str:
    """An aligned plain-text table, a rule of dashes under the header.

    A column is as wide as its widest cell; columns stand two spaces apart. ``align`` has a
    character per column, ``<`` left or ``>`` right; the columns past its end are right-aligned.
    """
    lines = [[str(c) for c in row] for row in [header, *rows]]
    widths = [max(len(r[i]) for r in lines if i < len(r)) for i in range(len(header))]
    left = [i < len(align) and align[i] == "<" for i in range(len(header))]
    out = [
        "  ".join(c.ljust(w) if lj else c.rjust(w) for c, w, lj in zip(r, widths, left)).rstrip()
        for r in lines
    ]
    out.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(out)


def record_head(
    script: str, started: datetime.datetime, argv: Sequence[str] | None
) -> dict[str, Any]:
    """The first fields of a results file: the script, schema 1, when it started (UTC), how
    long it ran (until now) and its arguments (``sys.argv[1:]`` when ``argv`` is None)."""
    finished = datetime.datetime.now(datetime.timezone.utc)
    return {
        "benchmark": f"ember_array/benchmarks/{script}",
        "schema_version": 1,
        "started_utc": started.isoformat(),
        "duration_s": (finished - started).total_seconds(),
        "argv": sys.argv[1:] if argv is None else list(argv),
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


def save(name: str, given: str | os.PathLike[str] | None, record: Mapping[str, Any]) -> Path:
    """Write ``record`` as JSON to :func:`results_path` (``name``, ``given``); say where."""
    path = results_path(name, given)
    path.write_text(json.dumps(record, indent=2, default=str) + "\n", encoding="utf-8")
    print(f"saved {path}")
    return path

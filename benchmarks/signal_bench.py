"""Throughput of ``ember_array.signal.stft``/``istft`` against the native transforms.

For batches of 16 kHz audio (default 8 signals of 1 s and of 10 s, float32, ``n_fft=512``,
``hop_length=128``, periodic Hann window, ``center=True``, reflect padding) it times, per backend:

* numpy: ``signal.stft`` against ``scipy.signal.ShortTimeFFT.stft`` (same frames: slices centred
  on ``p * hop``, ``padding="even"``, ``phase_shift=None``) -- goal: faster than scipy;
  ``signal.istft`` against ``ShortTimeFFT.istft`` (for reference only: scipy's dual-window
  inverse differs from torch's at the edges);
* torch: ``signal.stft``/``istft`` against ``torch.stft``/``torch.istft`` -- goal: within 1.2x;
* mlx: against ``mx.fft.stft``/``mx.fft.istft``, each followed by ``mx.eval`` (mlx is lazy) --
  goal: within 1.2x.

Each pair is first checked for agreement (the ``max|diff|`` column, relative to the largest
reference value). Timing: every variant runs in a loop long enough to last ``--min-time``
seconds; ember and the reference are timed back to back in each repeat (the order alternating),
and the ratio of each such pair is taken, so the load of a shared machine, which drifts over
seconds, hits both sides of a ratio alike. The goal is checked on the median of these paired
ratios (``e/ref``); the table also shows the median time per call of each side and the ratio of
the fastest samples. torch runs with ``--threads`` threads (default 1).

    python benchmarks/signal_bench.py                 # ~2-3 min
    python benchmarks/signal_bench.py --quick         # ~30 s
    python benchmarks/signal_bench.py --backends numpy,torch --json /tmp/signal.json

The JSON (default ``benchmarks/results/signal-<hostname>.json``) keeps settings, versions,
machine, and per row every sample. The script reports; it always exits 0.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import json
import socket
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

try:
    import ember_array
except ImportError:  # a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import ember_array

import numpy as np
from _meta import machine, versions  # benchmarks/_meta.py, beside this script

from ember_array import signal

BACKENDS = ("numpy", "torch", "mlx")
GOALS = {
    "numpy": ("scipy ShortTimeFFT", 1.0),
    "torch": ("torch.stft/istft", 1.2),
    "mlx": ("mx.fft.stft/istft", 1.2),
}
SR = 16_000


def _time_per_call(fn: Callable[[], Any], number: int) -> float:
    t0 = time.perf_counter()
    for _ in range(number):
        fn()
    return (time.perf_counter() - t0) / number


def _autorange(fn: Callable[[], Any], min_time: float) -> int:
    number = 1
    while True:
        if _time_per_call(fn, number) * number >= min_time:
            return number
        number *= 2


def measure(
    variants: dict[str, Callable[[], Any]], repeats: int, min_time: float
) -> dict[str, dict[str, Any]]:
    """Median seconds per call of each variant, the variants alternating over the repeats."""
    numbers = {name: _autorange(fn, min_time) for name, fn in variants.items()}  # also warms up
    samples: dict[str, list[float]] = {name: [] for name in variants}
    names = list(variants)
    gc.collect()
    gc.disable()
    try:
        for r in range(repeats):
            order = names[r % len(names) :] + names[: r % len(names)]
            for name in order:
                samples[name].append(_time_per_call(variants[name], numbers[name]))
    finally:
        gc.enable()
    return {
        name: {
            "median_s": statistics.median(s),
            "min_s": min(s),
            "samples_s": s,
            "number": numbers[name],
        }
        for name, s in samples.items()
    }


def _rel_diff(a: Any, b: Any) -> float:
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape:
        return float("inf")
    return float(np.abs(a - b).max() / max(np.abs(b).max(), 1e-30))


def cases(
    backend: str, x: np.ndarray, n_fft: int, hop: int
) -> list[tuple[str, Callable[[], Any], Callable[[], Any], Callable[[], Any]]]:
    """(op, ember call, reference call, agreement check) for one backend and signal."""
    w = signal.hann_window(n_fft, dtype=np.float32)
    n = x.shape[-1]
    if backend == "numpy":
        import scipy.signal

        spec = signal.stft(x, n_fft, hop, window=w)
        sft = scipy.signal.ShortTimeFFT(w, hop, fs=SR, mfft=n_fft, phase_shift=None)
        p1 = spec.shape[-1]
        ref_stft = lambda: sft.stft(x, p0=0, p1=p1, padding="even")  # noqa: E731
        # ShortTimeFFT.istft wants its own slice range (p_min .. p_max), a few more frames
        full = sft.stft(x, padding="even")
        ref_istft = lambda: sft.istft(full, k1=n)  # noqa: E731
        ours_stft = lambda: signal.stft(x, n_fft, hop, window=w)  # noqa: E731
        ours_istft = lambda: signal.istft(spec, n_fft, hop, window=w, length=n)  # noqa: E731
        return [
            ("stft", ours_stft, ref_stft, lambda: _rel_diff(ours_stft(), ref_stft())),
            ("istft", ours_istft, ref_istft, lambda: _rel_diff(ours_istft(), ref_istft())),
        ]
    if backend == "torch":
        import torch

        tx = torch.from_numpy(x.copy())
        tw = torch.from_numpy(w)
        tspec = torch.stft(tx, n_fft, hop, window=tw, return_complex=True)
        ref_stft = lambda: torch.stft(tx, n_fft, hop, window=tw, return_complex=True)  # noqa: E731
        ref_istft = lambda: torch.istft(tspec, n_fft, hop, window=tw, length=n)  # noqa: E731
        ours_stft = lambda: signal.stft(tx, n_fft, hop, window=tw)  # noqa: E731
        ours_istft = lambda: signal.istft(tspec, n_fft, hop, window=tw, length=n)  # noqa: E731
        return [
            ("stft", ours_stft, ref_stft, lambda: _rel_diff(ours_stft(), ref_stft())),
            ("istft", ours_istft, ref_istft, lambda: _rel_diff(ours_istft(), ref_istft())),
        ]
    import mlx.core as mx

    mxx = mx.array(x)
    mw = mx.array(w)
    mspec = mx.fft.stft(mxx, n_fft, hop, window=mw)
    mx.eval(mspec)

    def run(f: Callable[[], Any]) -> Callable[[], Any]:
        def timed() -> Any:
            out = f()
            mx.eval(out)  # mlx is lazy: time building and computing the result
            return out

        return timed

    ref_stft = run(lambda: mx.fft.stft(mxx, n_fft, hop, window=mw))
    ref_istft = run(lambda: mx.fft.istft(mspec, n_fft, hop, window=mw, length=n))
    ours_stft = run(lambda: signal.stft(mxx, n_fft, hop, window=mw))
    ours_istft = run(lambda: signal.istft(mspec, n_fft, hop, window=mw, length=n))
    return [
        ("stft", ours_stft, ref_stft, lambda: _rel_diff(ours_stft(), ref_stft())),
        ("istft", ours_istft, ref_istft, lambda: _rel_diff(ours_istft(), ref_istft())),
    ]


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="7 repeats of >= 0.02 s loops")
    p.add_argument("--backends", default=",".join(BACKENDS), help="subset of numpy,torch,mlx")
    p.add_argument("--durations", default="1,10", help="seconds of audio per signal")
    p.add_argument("--batch", type=int, default=8, help="signals per batch")
    p.add_argument("--n-fft", type=int, default=512)
    p.add_argument("--hop", type=int, default=128)
    p.add_argument("--threads", type=int, default=1, help="torch.set_num_threads (default 1)")
    p.add_argument("--min-time", type=float, default=None, help="seconds per timing loop")
    p.add_argument("--repeats", type=int, default=None)
    p.add_argument("--json", default=None, help="output path")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    repeats = args.repeats or (7 if args.quick else 21)
    min_time = args.min_time or (0.02 if args.quick else 0.05)
    durations = [float(d) for d in args.durations.split(",")]
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    rows: list[dict[str, Any]] = []
    skipped: dict[str, str] = {}
    print(
        f"signal benchmark: batch {args.batch} x 16 kHz float32, n_fft={args.n_fft}, "
        f"hop={args.hop}, hann, center=True, reflect; {repeats} repeats of >= {min_time} s "
        f"loops; torch threads={args.threads}"
    )
    for backend in backends:
        try:
            if backend == "torch":
                import torch

                torch.set_num_threads(args.threads)
            elif backend == "mlx":
                import mlx.core  # noqa: F401
            elif backend == "numpy":
                import scipy.signal  # noqa: F401
        except ImportError as exc:
            skipped[backend] = f"not installed: {exc}"
            continue
        ref_name, goal = GOALS[backend]
        for dur in durations:
            n = int(dur * SR)
            x = np.random.default_rng(0).standard_normal((args.batch, n)).astype(np.float32)
            for op, ours, ref, check in cases(backend, x, args.n_fft, args.hop):
                try:
                    diff = check()
                    timing = measure({"ember": ours, "native": ref}, repeats, min_time)
                except Exception as exc:  # report, do not stop the other rows
                    rows.append({"backend": backend, "op": op, "seconds": dur, "error": repr(exc)})
                    continue
                paired = [
                    a / b
                    for a, b in zip(timing["ember"]["samples_s"], timing["native"]["samples_s"])
                ]
                ratio = statistics.median(paired)
                gated = not (backend == "numpy" and op == "istft")
                rows.append(
                    {
                        "backend": backend,
                        "op": op,
                        "seconds": dur,
                        "shape": [args.batch, n],
                        "reference": ref_name,
                        "max_rel_diff": diff,
                        "ember": timing["ember"],
                        "native": timing["native"],
                        "ratio": ratio,
                        "paired_ratios": paired,
                        "ratio_of_medians": timing["ember"]["median_s"]
                        / timing["native"]["median_s"],
                        "ratio_min": timing["ember"]["min_s"] / timing["native"]["min_s"],
                        "goal": goal if gated else None,
                        "verdict": ("ok" if ratio <= goal else "FAIL") if gated else "-",
                    }
                )
    header = ("backend", "op", "audio", "reference", "ember ms", "ref ms", "e/ref", "e/ref min",
              "goal", "max|diff|", "verdict")  # fmt: skip
    table = [header]
    for row in rows:
        if "error" in row:
            table.append((row["backend"], row["op"], f"{row['seconds']:g} s", "", "n/a", "n/a",
                          "n/a", "n/a", "", "", row["error"][:40]))  # fmt: skip
            continue
        table.append(
            (
                row["backend"],
                row["op"],
                f"{row['seconds']:g} s",
                row["reference"],
                f"{row['ember']['median_s'] * 1e3:.2f}",
                f"{row['native']['median_s'] * 1e3:.2f}",
                f"{row['ratio']:.2f}",
                f"{row['ratio_min']:.2f}",
                "" if row["goal"] is None else f"<= {row['goal']:.1f}",
                f"{row['max_rel_diff']:.1e}",
                row["verdict"],
            )
        )
    widths = [max(len(str(r[i])) for r in table) for i in range(len(header))]
    for k, r in enumerate(table):
        print("  ".join(str(c).ljust(w) if i < 4 else str(c).rjust(w)
                        for i, (c, w) in enumerate(zip(r, widths))))  # fmt: skip
        if k == 0:
            print("  ".join("-" * w for w in widths))
    for backend, why in skipped.items():
        print(f"skipped {backend}: {why}")
    print("e/ref: median of the ratios of back-to-back samples (the goal's measure); e/ref min:")
    print("ratio of the fastest samples. numpy istft has no goal: scipy's ShortTimeFFT.istft is")
    print("another (dual-window) estimator over more frames; both reconstruct the signal.")
    out = Path(args.json) if args.json else (
        Path(__file__).resolve().parent / "results" / f"signal-{socket.gethostname()}.json"
    )  # fmt: skip
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps(
            {
                "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
                "settings": {
                    "batch": args.batch,
                    "durations_s": durations,
                    "sample_rate": SR,
                    "n_fft": args.n_fft,
                    "hop": args.hop,
                    "window": "hann (periodic)",
                    "dtype": "float32",
                    "center": True,
                    "pad_mode": "reflect",
                    "repeats": repeats,
                    "min_time_s": min_time,
                    "torch_threads": args.threads,
                },
                "goals": {b: {"reference": g[0], "max_ratio": g[1]} for b, g in GOALS.items()},
                "versions": versions(
                    ("numpy", "scipy", "torch", "mlx", "ember-array"), ember_array.__version__
                ),
                "machine": machine(),
                "skipped": skipped,
                "results": rows,
            },
            indent=1,
        )
    )
    print(f"saved {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

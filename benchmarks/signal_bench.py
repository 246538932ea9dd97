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
reference value). Timing (``_timing.interleaved``): every variant runs in a loop long enough to
last ``--min-time`` seconds; ember and the reference are timed back to back in each repeat (the
order alternating, gc off), and the ratio of each such pair is taken, so the load of a shared
machine, which drifts over seconds, hits both sides of a ratio alike. The goal is checked on the
median of these paired ratios (``e/ref``); the table also shows the median time per call of
each side and the ratio of the fastest samples. torch runs with ``--threads`` threads
(default 1).

    python benchmarks/signal_bench.py                 # ~2-3 min
    python benchmarks/signal_bench.py --quick         # ~30 s
    python benchmarks/signal_bench.py --backends numpy,torch --json /tmp/signal.json

The JSON (``_timing.results_path``: ``signal-<hostname>.json`` outside the source tree unless
``--json`` is given) keeps settings, versions, machine, and per row every sample. The script
reports; it always exits 0.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable, Sequence
from typing import Any

import _meta  # beside this script; also puts a checkout's ember_array on sys.path
import _timing
import numpy as np

from ember_array import signal

BACKENDS = ("numpy", "torch", "mlx")
GOALS = {
    "numpy": ("scipy ShortTimeFFT", 1.0),
    "torch": ("torch.stft/istft", 1.2),
    "mlx": ("mx.fft.stft/istft", 1.2),
}
SR = 16_000


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
    p.add_argument("--json", default=None, help="output path (default: outside the tree)")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    repeats = args.repeats or (7 if args.quick else 21)
    min_time = args.min_time or (0.02 if args.quick else 0.05)
    durations = [float(d) for d in args.durations.split(",")]
    backends, skipped = _meta.backends(args.backends)
    if "numpy" in backends:
        try:
            import scipy.signal  # noqa: F401  (numpy's reference)
        except ImportError as exc:
            backends.remove("numpy")
            skipped["numpy"] = f"scipy not installed: {exc}"
    if "torch" in backends:
        import torch

        torch.set_num_threads(args.threads)
    rows: list[dict[str, Any]] = []
    print(
        f"signal benchmark: batch {args.batch} x 16 kHz float32, n_fft={args.n_fft}, "
        f"hop={args.hop}, hann, center=True, reflect; {repeats} repeats of >= {min_time} s "
        f"loops; torch threads={args.threads}"
    )
    for backend in backends:
        ref_name, goal = GOALS[backend]
        for dur in durations:
            n = int(dur * SR)
            x = np.random.default_rng(0).standard_normal((args.batch, n)).astype(np.float32)
            for op, ours, ref, check in cases(backend, x, args.n_fft, args.hop):
                try:
                    diff = check()
                    timing = _timing.interleaved({"ember": ours, "native": ref}, repeats, min_time)
                except Exception as exc:  # report, do not stop the other rows
                    rows.append({"backend": backend, "op": op, "seconds": dur, "error": repr(exc)})
                    continue
                paired = _timing.paired_ratios(timing, "ember", "native")
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
    table = []
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
    print(_timing.table(header, table, align="<<<<"))
    for backend, why in skipped.items():
        print(f"skipped {backend}: {why}")
    print("e/ref: median of the ratios of back-to-back samples (the goal's measure); e/ref min:")
    print("ratio of the fastest samples. numpy istft has no goal: scipy's ShortTimeFFT.istft is")
    print("another (dual-window) estimator over more frames; both reconstruct the signal.")
    settings = {
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
    }
    record = {
        **_meta.describe(("numpy", "scipy", "torch", "mlx")),
        "settings": settings,
        "goals": {b: {"reference": g[0], "max_ratio": g[1]} for b, g in GOALS.items()},
        "skipped": skipped,
        "results": rows,
    }
    _timing.save("signal", args.json, record)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The hot paths of ember_array against their native anchors, every row a ratio from one run.

Each row times ember_array's call and its anchor (the backend's own call doing the same work)
back to back, interleaved (``_timing.interleaved``), and checks the goal on the ratio of the
medians. mlx is lazy: rows marked ``eval`` include ``mx.eval`` of the result, rows marked
``build`` time the call alone (the graph it builds). torch runs with one thread.

Rows (sizes: ``M`` = 2**20 values into 1000 segments; ``100k`` = 100 000 elements):

* scatter: numpy ``segment_sum`` 1-D / 2-D (M x 8) and ``segment_max`` against
  ``np.add.at`` / ``np.maximum.at``; torch ``segment_sum`` against ``index_add_``; mlx
  ``segment_sum``/``segment_max`` against ``.at[].add``/``.at[].maximum``. The anchors assume
  every index is valid; ember also drops out-of-range ones and fills empty segments.
* torch ``sqrt`` (correctly rounded; torch's own is 1 ULP off on the CPU) at 8, 4k and 100k
  elements, and under autograd (the float64 route);
* wrappers: torch ``take``; mlx ``clip``, ``take``, ``astype``, ``concat``, ``argsort``,
  ``exp``, ``logaddexp``; mlx ``signal.istft`` against ``mx.fft.istft``.
* floors: the 8-element mlx build rows also time a Python function that only forwards its
  arguments to the native call (column ``floor``, ``floor / anchor``): what being a Python
  function costs at all, before any check the standard needs.
* portable random: ``random.uniform`` (threefry2x32, bit-identical on every backend) against
  each backend's own float32 generator, 10M values: the goal is a throughput of at least a
  third of the native one.

Usage::

    python benchmarks/hotpaths.py [--quick] [--backends numpy,torch,mlx] [--json PATH]

Prints the table; writes JSON (``_timing.results_path``: outside the source tree unless
``--json`` is given). Exits 0: it reports, it does not gate.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import _meta  # beside this script; also puts a checkout's ember_array on sys.path
import _timing
import numpy as np

import ember_array.random as er
from ember_array import signal
from ember_array.scatter import segment_max, segment_sum

SEED = 1234
DISTS = ("numpy", "torch", "mlx")
M = 2**20
SEGMENTS = 1000


@dataclass(frozen=True)
class Row:
    """One comparison: ember's call and its anchor, and the goal on ``ember / anchor``."""

    backend: str
    name: str
    anchor_name: str
    ember: Callable[[], Any]
    anchor: Callable[[], Any]
    #: ember / anchor must be at most this (``throughput`` rows: anchor / ember at least).
    bound: float
    throughput: bool = False
    #: a Python function that only forwards to the anchor: what any wrapper costs at least
    floor: Callable[[], Any] | None = None


def _numpy_rows(rng: np.random.Generator) -> list[Row]:
    v1 = rng.standard_normal(M, dtype=np.float32)
    v2 = rng.standard_normal((M, 8), dtype=np.float32)
    idx = rng.integers(0, SEGMENTS, M)

    def add_at(v: np.ndarray) -> Callable[[], Any]:
        def run() -> Any:
            out = np.zeros((SEGMENTS, *v.shape[1:]), v.dtype)
            np.add.at(out, idx, v)
            return out

        return run

    def max_at() -> Any:
        out = np.full(SEGMENTS, -np.inf, np.float32)
        np.maximum.at(out, idx, v1)
        return out

    own = np.random.Generator(np.random.PCG64(SEED))
    k = er.key(SEED, xp="numpy")
    return [
        Row("numpy", "segment_sum M", "np.add.at", lambda: segment_sum(v1, idx, SEGMENTS),
            add_at(v1), 1.05),
        Row("numpy", "segment_sum M x 8", "np.add.at", lambda: segment_sum(v2, idx, SEGMENTS),
            add_at(v2), 0.5),
        Row("numpy", "segment_max M", "np.maximum.at", lambda: segment_max(v1, idx, SEGMENTS),
            max_at, 1.2),
        Row("numpy", "random.uniform 10M", "Generator.random", lambda: er.uniform(k, (10**7,)),
            lambda: own.random(10**7, dtype=np.float32), 1 / 3, throughput=True),
    ]  # fmt: skip


def _torch_rows(rng: np.random.Generator) -> list[Row]:
    import torch

    import ember_array.torch as et

    torch.set_num_threads(1)
    v1 = torch.from_numpy(rng.standard_normal(M, dtype=np.float32))
    idx = torch.from_numpy(rng.integers(0, SEGMENTS, M))
    x = torch.from_numpy(rng.standard_normal(100_000, dtype=np.float32))
    ti = torch.from_numpy(rng.integers(0, 100_000, 100_000))
    g = torch.Generator().manual_seed(SEED)
    k = er.key(SEED, xp="torch")
    # the price of the correctly rounded sqrt (torch's own is 1 ULP off on the CPU): plain
    # tensors take numpy's sqrt, tensors that require grad the float64 route
    s8, s4k = (torch.from_numpy(rng.uniform(0, 9, n).astype(np.float32)) for n in (8, 4096))
    sg = x.abs().requires_grad_(True)
    return [
        Row("torch", "sqrt 8", "torch.sqrt", lambda: et.sqrt(s8), lambda: torch.sqrt(s8), 2.5),
        Row("torch", "sqrt 4k", "torch.sqrt", lambda: et.sqrt(s4k), lambda: torch.sqrt(s4k),
            1.5),
        Row("torch", "sqrt 100k", "torch.sqrt", lambda: et.sqrt(x.abs()),
            lambda: torch.sqrt(x.abs()), 1.1),
        Row("torch", "sqrt 100k grad", "torch.sqrt", lambda: et.sqrt(sg), lambda: torch.sqrt(sg),
            6.0),
        Row("torch", "segment_sum M", "index_add_", lambda: segment_sum(v1, idx, SEGMENTS),
            lambda: torch.zeros(SEGMENTS).index_add_(0, idx, v1), 1.2),
        Row("torch", "take 100k", "torch.take", lambda: et.take(x, ti),
            lambda: torch.take(x, ti), 1.1),
        Row("torch", "random.uniform 10M", "torch.rand", lambda: er.uniform(k, (10**7,)),
            lambda: torch.rand(10**7, generator=g), 1 / 3, throughput=True),
    ]  # fmt: skip


def _mlx_rows(rng: np.random.Generator) -> list[Row]:
    import mlx.core as mx

    import ember_array.mlx as em

    def ev(f: Callable[[], Any]) -> Callable[[], Any]:
        return lambda: mx.eval(f())

    v1 = mx.array(rng.standard_normal(M, dtype=np.float32))
    idx = mx.array(rng.integers(0, SEGMENTS, M).astype(np.int32))
    x = mx.array(rng.standard_normal(100_000, dtype=np.float32))
    xi = mx.array(rng.integers(0, 100_000, 100_000).astype(np.int32))
    s8 = mx.array(rng.standard_normal(8, dtype=np.float32))
    i8 = mx.array(np.arange(8, dtype=np.int32))
    x1k = mx.array(rng.standard_normal(1000, dtype=np.float32))
    y1k = mx.array(rng.standard_normal(1000, dtype=np.float32))
    n_fft, hop, n = 512, 128, 100_000
    w = mx.array(signal.hann_window(n_fft, dtype=np.float32))
    spec = mx.fft.stft(mx.array(rng.standard_normal(n, dtype=np.float32)), n_fft, hop, window=w)
    mx.eval(v1, idx, x, xi, s8, i8, x1k, y1k, w, spec)
    state = [mx.random.key(SEED)]

    def own_uniform() -> Any:
        state[0], sub = mx.random.split(state[0])
        return mx.random.uniform(shape=(10**7,), key=sub)

    k = er.key(SEED, xp="mlx")
    zeros = mx.zeros(SEGMENTS, dtype=mx.float32)

    def take_floor(a: Any, i: Any) -> Any:
        return mx.take(a, i)

    def astype_floor(a: Any, dtype: Any) -> Any:
        return a.astype(dtype)

    def concat_floor(arrays: Any) -> Any:
        return mx.concatenate(arrays)

    def argsort_floor(a: Any) -> Any:
        return mx.argsort(a)

    lowest = mx.full(SEGMENTS, -np.inf, dtype=mx.float32)
    return [
        Row("mlx", "segment_sum M eval", "at[].add", ev(lambda: segment_sum(v1, idx, SEGMENTS)),
            ev(lambda: zeros.at[idx].add(v1)), 1.2),
        Row("mlx", "segment_max M eval", "at[].maximum",
            ev(lambda: segment_max(v1, idx, SEGMENTS)), ev(lambda: lowest.at[idx].maximum(v1)),
            1.2),
        Row("mlx", "clip 100k eval", "mx.clip", ev(lambda: em.clip(x, -0.5, 0.5)),
            ev(lambda: mx.clip(x, -0.5, 0.5)), 1.2),
        Row("mlx", "take 100k eval", "mx.take", ev(lambda: em.take(x, xi)),
            ev(lambda: mx.take(x, xi)), 1.2),
        Row("mlx", "take 8 build", "mx.take", lambda: em.take(s8, i8), lambda: mx.take(s8, i8),
            1.2, floor=lambda: take_floor(s8, i8)),
        Row("mlx", "astype 8 build", "astype", lambda: em.astype(i8, mx.float32),
            lambda: i8.astype(mx.float32), 1.2, floor=lambda: astype_floor(i8, mx.float32)),
        Row("mlx", "concat 8 build", "mx.concatenate", lambda: em.concat((s8, s8)),
            lambda: mx.concatenate((s8, s8)), 1.2, floor=lambda: concat_floor((s8, s8))),
        Row("mlx", "argsort 8 build", "mx.argsort", lambda: em.argsort(s8),
            lambda: mx.argsort(s8), 1.2, floor=lambda: argsort_floor(s8)),
        Row("mlx", "exp 1k eval", "mx.exp", ev(lambda: em.exp(x1k)), ev(lambda: mx.exp(x1k)),
            1.3),
        Row("mlx", "logaddexp 1k eval", "mx.logaddexp", ev(lambda: em.logaddexp(x1k, y1k)),
            ev(lambda: mx.logaddexp(x1k, y1k)), 1.3),
        Row("mlx", "istft 1e5 eval", "mx.fft.istft",
            ev(lambda: signal.istft(spec, n_fft, hop, window=w, length=n)),
            ev(lambda: mx.fft.istft(spec, n_fft, hop, window=w, length=n)), 1.2),
        Row("mlx", "random.uniform 10M eval", "mx.random.uniform",
            ev(lambda: er.uniform(k, (10**7,))), ev(own_uniform), 1 / 3, throughput=True),
    ]  # fmt: skip


ROWS = {"numpy": _numpy_rows, "torch": _torch_rows, "mlx": _mlx_rows}


def run(backends: Sequence[str], repeats: int, min_time: float) -> list[dict[str, Any]]:
    """Time every row of the given backends; a dict per row."""
    out = []
    for name in backends:
        rows = ROWS[name](np.random.default_rng(SEED))
        print(f"timing {name}: {len(rows)} rows ...", flush=True)
        for row in rows:
            variants = {"ember": row.ember, "anchor": row.anchor}
            if row.floor is not None:
                variants["floor"] = row.floor
            t = _timing.interleaved(variants, repeats, min_time)
            ratio = t["ember"]["median_s"] / t["anchor"]["median_s"]
            floor = t["floor"]["median_s"] / t["anchor"]["median_s"] if "floor" in t else None
            value = 1 / ratio if row.throughput else ratio
            out.append(
                {
                    "backend": name,
                    "row": row.name,
                    "anchor": row.anchor_name,
                    "ember_s": t["ember"]["median_s"],
                    "anchor_s": t["anchor"]["median_s"],
                    "ratio": ratio,
                    "goal": (">= " if row.throughput else "<= ") + f"{row.bound:.2f}",
                    "measure": "throughput ember/anchor" if row.throughput else "time ember/anchor",
                    "value": value,
                    "ok": value >= row.bound if row.throughput else value <= row.bound,
                    "floor_ratio": floor,
                    "timings": t,
                }
            )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Run, print, save."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="5 repeats of >= 0.05 s loops")
    p.add_argument("--backends", default="numpy,torch,mlx")
    p.add_argument("--repeats", type=int, default=None)
    p.add_argument("--json", default=None, help="output path (default: outside the tree)")
    args = p.parse_args(argv)
    repeats = args.repeats or (5 if args.quick else 11)
    min_time = 0.05 if args.quick else 0.2
    backends, skipped = _meta.backends(args.backends)
    print(f"{repeats} interleaved repeats of >= {min_time} s loops; value: the goal's measure")
    rows = run(backends, repeats, min_time)
    header = ("", "row", "anchor", "ember us", "anchor us", "value", "goal", "", "floor")
    print(_timing.table(header, [
        (r["backend"], r["row"], r["anchor"], f"{r['ember_s'] * 1e6:.1f}",
         f"{r['anchor_s'] * 1e6:.1f}", f"{r['value']:.2f}", r["goal"], "ok" if r["ok"] else "FAIL",
         "-" if r["floor_ratio"] is None else f"{r['floor_ratio']:.2f}")
        for r in rows
    ], align="<<<>>>><>"))  # fmt: skip
    for name, why in skipped.items():
        print(f"skipped {name}: {why}")
    bad = [f"{r['backend']} {r['row']}" for r in rows if not r["ok"]]
    print(f"{len(rows) - len(bad)} of {len(rows)} rows within their goal" + (
        f"; not: {', '.join(bad)}" if bad else ""))  # fmt: skip
    settings = {"repeats": repeats, "min_time_s": min_time, "torch_threads": 1}
    record = {**_meta.describe(DISTS), "settings": settings, "skipped": skipped, "rows": rows}
    _timing.save("hotpaths", args.json, record)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

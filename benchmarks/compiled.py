"""Compiled ember_array code against compiled plain code: what the namespace costs once compiled.

Four small, realistic functions, each written once over an array API namespace ``xp``:

* ``pairwise``: Euclidean distances between the rows of two matrices,
  ``sqrt(maximum(|a|^2 + |b|^2 - 2 a b^T, 0.0))`` (a Python scalar in a binary function);
* ``softmax``: ``exp(x - max) / sum(exp(x - max))`` over the last axis, and its logsumexp;
* ``mlp``: a layer ``clip(x @ w + b, 0.0, 6.0)`` (relu6) and a second ``tanh`` layer;
* ``standardize``: ``(x - mean(x, axis=0)) / (std(x, axis=0) + 1e-6)``.

torch: each function compiled with ``torch.compile(fullgraph=True)`` twice, once with
``xp = ember_array.torch`` and once as the same code written in plain torch (``torch.sum(...,
dim=...)``, ``torch.amax``...); the goal is ember / plain <= 1.05 (issue 14: compiled ember code
runs as fast as compiled plain torch). mlx: ``mx.compile`` of the function with
``xp = ember_array.mlx`` and with ``xp = mlx.core`` itself (whose names these functions share);
its ratio is reported, with no goal (ember's ``exp`` is the accurate one, more work than
``mx.exp``). Sizes: ``small`` (64 x 32 inputs) and ``medium`` (1024 x 256).

The first call of each compiled function compiles it (its seconds are shown as ``compile s``);
then both variants of a row are timed back to back (``_timing.interleaved``: autorange loops,
the order rotating, the garbage collector off; mlx calls include ``mx.eval``), and the ratio is
the median of the back-to-back ratios (``_timing.paired_ratios``). torch runs with one thread.

Usage::

    python benchmarks/compiled.py [--quick] [--backends torch,mlx] [--device cuda] [--json PATH]

Prints the table; writes JSON (``_timing.results_path``: ``compiled-<hostname>.json`` outside
the source tree unless ``--json`` is given). Exits 0: it reports, it does not gate.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import _meta  # beside this script; also puts a checkout's ember_array on sys.path
import _timing
import numpy as np

DISTS = ("torch", "mlx")
GOAL_RATIO = 1.05
SEED = 1234
#: size name -> (rows, columns) of the inputs
SIZES = {"small": (64, 32), "medium": (1024, 256)}


# ------------------------------------------------------------------------------------------
# the functions, once over a namespace


def pairwise(xp: Any, a: Any, b: Any) -> Any:
    """Euclidean distances between the rows of ``a`` and ``b``."""
    sq = xp.sum(a * a, axis=1)[:, None] + xp.sum(b * b, axis=1)[None, :]
    return xp.sqrt(xp.maximum(sq - 2.0 * (a @ b.T), 0.0))


def softmax(xp: Any, x: Any) -> Any:
    """Softmax over the last axis, and the logsumexp beside it."""
    m = xp.max(x, axis=-1, keepdims=True)
    e = xp.exp(x - m)
    s = xp.sum(e, axis=-1, keepdims=True)
    return e / s, xp.log(s) + m


def mlp(xp: Any, x: Any, w1: Any, b1: Any, w2: Any) -> Any:
    """Two layers: relu6 (``clip``) then ``tanh``."""
    h = xp.clip(x @ w1 + b1, 0.0, 6.0)
    return xp.tanh(h @ w2)


def standardize(xp: Any, x: Any) -> Any:
    """Each column to mean 0 and standard deviation 1."""
    return (x - xp.mean(x, axis=0)) / (xp.std(x, axis=0) + 1e-6)


# the same, in plain torch (as one writes it without a namespace)


def _torch_pairwise(a: Any, b: Any) -> Any:
    import torch

    sq = torch.sum(a * a, dim=1)[:, None] + torch.sum(b * b, dim=1)[None, :]
    return torch.sqrt(torch.clamp_min(sq - 2.0 * (a @ b.mT), 0.0))


def _torch_softmax(x: Any) -> Any:
    import torch

    m = torch.amax(x, dim=-1, keepdim=True)
    e = torch.exp(x - m)
    s = torch.sum(e, dim=-1, keepdim=True)
    return e / s, torch.log(s) + m


def _torch_mlp(x: Any, w1: Any, b1: Any, w2: Any) -> Any:
    import torch

    return torch.tanh(torch.clamp(x @ w1 + b1, 0.0, 6.0) @ w2)


def _torch_standardize(x: Any) -> Any:
    import torch

    return (x - torch.mean(x, dim=0)) / (torch.std(x, dim=0, correction=0) + 1e-6)


#: name -> (function over xp, plain torch function)
FUNCTIONS: dict[str, tuple[Callable[..., Any], Callable[..., Any]]] = {
    "pairwise": (pairwise, _torch_pairwise),
    "softmax": (softmax, _torch_softmax),
    "mlp": (mlp, _torch_mlp),
    "standardize": (standardize, _torch_standardize),
}


def _inputs(name: str, size: tuple[int, int]) -> list[np.ndarray]:
    """float32 arguments of ``name`` at ``size`` (seeded)."""
    rng = np.random.default_rng(SEED)
    n, d = size

    def r(*shape: int) -> np.ndarray:
        return rng.standard_normal(shape).astype(np.float32)

    if name == "pairwise":
        return [r(n, d), r(n // 2, d)]
    if name == "mlp":
        scale = np.float32(1 / np.sqrt(d))
        return [r(n, d), r(d, d) * scale, r(d), r(d, d // 2) * scale]
    return [r(n, d)]


# ------------------------------------------------------------------------------------------
# running


def _variants(
    backend: str, name: str, device: str = "cpu"
) -> tuple[dict[str, Callable[..., Any]], Any, Any]:
    """{"ember", "plain"} -> compiled function; the array constructor; the sync (mlx, cuda)."""
    generic, plain_torch = FUNCTIONS[name]
    if backend == "torch":
        import torch

        import ember_array.torch as et

        def ember(*a: Any) -> Any:
            return generic(et, *a)

        def make(a: np.ndarray) -> Any:
            return torch.from_numpy(a).to(device)

        def cuda_sync(out: Any) -> None:
            torch.cuda.synchronize()

        return (
            {
                "ember": torch.compile(ember, fullgraph=True, dynamic=False),
                "plain": torch.compile(plain_torch, fullgraph=True, dynamic=False),
            },
            make,
            cuda_sync if torch.device(device).type == "cuda" else None,
        )
    import mlx.core as mx

    import ember_array.mlx as em

    def ember_mx(*a: Any) -> Any:
        return generic(em, *a)

    def plain_mx(*a: Any) -> Any:
        return generic(mx, *a)

    return {"ember": mx.compile(ember_mx), "plain": mx.compile(plain_mx)}, mx.array, mx.eval


def _host(a: Any) -> np.ndarray:
    """A result as numpy (torch results may be on a GPU)."""
    return np.asarray(a.cpu() if hasattr(a, "cpu") else a)


def _close(got: Any, want: Any) -> bool:
    """Whether the two variants computed the same (float32 tolerances)."""
    gs = got if isinstance(got, tuple) else (got,)
    ws = want if isinstance(want, tuple) else (want,)
    return all(np.allclose(_host(g), _host(w), rtol=1e-4, atol=1e-4) for g, w in zip(gs, ws))


def run_row(
    backend: str, name: str, size_name: str, repeats: int, min_time: float, device: str = "cpu"
) -> dict[str, Any]:
    """One function at one size on one backend: compile seconds, timings, the ratio."""
    fns, make, sync = _variants(backend, name, device)
    args = [make(a) for a in _inputs(name, SIZES[size_name])]
    calls = {k: (lambda f=f: f(*args)) for k, f in fns.items()}
    compile_s: dict[str, float] = {}
    outs: dict[str, Any] = {}
    for k, call in calls.items():
        t0 = time.perf_counter()
        out = call()
        if sync is not None:
            sync(out)
        compile_s[k] = time.perf_counter() - t0
        outs[k] = out
    same = _close(outs["ember"], outs["plain"])
    t = _timing.interleaved(calls, repeats, min_time, sync=sync)
    ratios = _timing.paired_ratios(t, "ember", "plain")
    ratio = statistics.median(ratios)
    return {
        "backend": backend,
        "device": device if backend == "torch" else "cpu",
        "function": name,
        "size": size_name,
        "shape": SIZES[size_name],
        "compile_s": compile_s,
        "ember_s": t["ember"]["median_s"],
        "plain_s": t["plain"]["median_s"],
        "ember_samples_s": t["ember"]["samples_s"],
        "plain_samples_s": t["plain"]["samples_s"],
        "ratio": ratio,
        "ratio_min": t["ember"]["min_s"] / t["plain"]["min_s"],
        "same_values": same,
        "goal": f"<= {GOAL_RATIO}" if backend == "torch" else "-",
        "ok": ratio <= GOAL_RATIO if backend == "torch" else None,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Run, print, save."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="5 repeats of >= 0.02 s loops")
    p.add_argument("--backends", default=",".join(DISTS), help="comma-separated subset")
    p.add_argument("--repeats", type=int, default=None, help="default 9 (5 with --quick)")
    p.add_argument("--functions", default=",".join(FUNCTIONS), help="comma-separated subset")
    p.add_argument("--json", default=None, help="output path (default: outside the tree)")
    p.add_argument("--device", default="cpu", help="torch's device (cuda: a GPU run)")
    args = p.parse_args(argv)
    repeats = args.repeats or (5 if args.quick else 9)
    min_time = 0.02 if args.quick else 0.1
    backends, skipped = _meta.backends(args.backends)
    names = [n.strip() for n in args.functions.split(",") if n.strip()]
    rows = []
    for backend in backends:
        if backend == "torch":
            import torch

            torch.set_num_threads(1)
        for name in names:
            for size_name in SIZES:
                print(f"{backend} {name} {size_name} ...", flush=True)
                rows.append(run_row(backend, name, size_name, repeats, min_time, args.device))
    print(
        f"\n{repeats} interleaved repeats of >= {min_time} s loops; ratio: median of the "
        "back-to-back ember / plain ratios (torch: torch.compile(fullgraph=True); mlx: mx.compile)"
    )
    header = ("", "function", "size", "compile s", "ember us", "plain us", "ratio", "goal", "")
    print(_timing.table(header, [
        (r["backend"], r["function"], r["size"],
         f"{r['compile_s']['ember']:.1f}/{r['compile_s']['plain']:.1f}",
         f"{r['ember_s'] * 1e6:.1f}", f"{r['plain_s'] * 1e6:.1f}", f"{r['ratio']:.3f}", r["goal"],
         "" if r["ok"] is None else "ok" if r["ok"] else "FAIL")
        for r in rows
    ], align="<<<>>>><"))  # fmt: skip
    for r in rows:
        if not r["same_values"]:
            print(f"note: {r['backend']} {r['function']} {r['size']}: the variants differ")
    for name, why in skipped.items():
        print(f"skipped {name}: {why}")
    goal_rows = [r for r in rows if r["ok"] is not None]
    bad = [f"{r['function']} {r['size']}" for r in goal_rows if not r["ok"]]
    print(f"torch: {len(goal_rows) - len(bad)} of {len(goal_rows)} rows within {GOAL_RATIO}" + (
        f"; not: {', '.join(bad)}" if bad else ""))  # fmt: skip
    settings = {
        "repeats": repeats,
        "min_time_s": min_time,
        "torch_threads": 1,
        "torch_device": args.device,
        "sizes": SIZES,
        "goal_ratio": GOAL_RATIO,
    }
    record = {**_meta.describe(DISTS), "settings": settings, "skipped": skipped, "rows": rows}
    _timing.save("compiled", args.json, record)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Throughput of ember_array.random, portable and native, against each backend's own generator.

For each backend (numpy, torch, mlx) and one sample count ``n`` (default 2**20):

* **native**: ``Generator(seed, xp=..., impl="native")`` against the backend's own call on a
  generator object it holds (``np.random.Generator(PCG64)``, ``torch.Generator``, an mlx key
  split the same way), for ``uniform``, ``normal``, ``integers`` (``[0, 1000)``) and
  ``permutation``. The ratio ember/own is the cost of the wrapper; the goal is <= 1.2.
* **portable**: threefry2x32 throughput in millions of 32-bit words per second
  (``bits(key, (n,))``) and in millions of samples per second for ``uniform``, ``normal``
  and ``integers`` (4 words per integer).

mlx is lazy: every mlx timing includes ``mx.eval`` of the result. Each figure is the median of
``--repeats`` timings (each one call, after a warm-up call), taken with the garbage collector
off. torch runs with ``torch.set_num_threads(--threads)``.

Run ``python benchmarks/random_bench.py --help`` for options. Prints a table and saves JSON to
``benchmarks/results/random-<hostname>.json``.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import importlib
import json
import platform
import socket
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
RESULTS_DIR = REPO_ROOT / "benchmarks" / "results"
BACKENDS: tuple[str, ...] = ("numpy", "torch", "mlx")
GOAL_RATIO = 1.2
SEED = 1234


def _timeit(f: Callable[[], Any], sync: Callable[[Any], None], repeats: int) -> float:
    """Median seconds of one call of ``f`` (with ``sync`` on its result) over ``repeats``."""
    sync(f())  # warm-up
    samples = []
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeats):
            t0 = time.perf_counter()
            sync(f())
            samples.append(time.perf_counter() - t0)
    finally:
        gc.enable()
    return statistics.median(samples)


def _own_calls(name: str, n: int) -> tuple[dict[str, Callable[[], Any]], Callable[[Any], None]]:
    """The backend's own generator calls, and the function that forces a result."""
    if name == "numpy":
        import numpy as np

        rng = np.random.Generator(np.random.PCG64(SEED))
        return {
            "uniform": lambda: rng.random(n, dtype=np.float32),
            "normal": lambda: rng.standard_normal(n, dtype=np.float32),
            "integers": lambda: rng.integers(0, 1000, n, dtype=np.int64),
            "permutation": lambda: rng.permutation(n),
        }, lambda r: None
    if name == "torch":
        import torch

        g = torch.Generator().manual_seed(SEED)
        return {
            "uniform": lambda: torch.rand(n, generator=g),
            "normal": lambda: torch.randn(n, generator=g),
            "integers": lambda: torch.randint(0, 1000, (n,), generator=g),
            "permutation": lambda: torch.randperm(n, generator=g),
        }, lambda r: None
    import mlx.core as mx

    state = [mx.random.key(SEED)]

    def sub() -> Any:
        state[0], k = mx.random.split(state[0])
        return k

    return {
        "uniform": lambda: mx.random.uniform(shape=(n,), key=sub()),
        "normal": lambda: mx.random.normal((n,), key=sub()),
        "integers": lambda: mx.random.randint(0, 1000, (n,), dtype=mx.int64, key=sub()),
        "permutation": lambda: mx.random.permutation(n, key=sub()),
    }, mx.eval


def run_backend(name: str, n: int, repeats: int) -> dict[str, Any]:
    """All timings of one backend."""
    import ember_array.random as er
    from ember_array._backends import BY_NAME

    importlib.import_module(BY_NAME[name].namespace)
    own, sync = _own_calls(name, n)
    g = er.Generator(SEED, xp=name, impl="native")
    ember = {
        "uniform": lambda: g.uniform((n,)),
        "normal": lambda: g.normal((n,)),
        "integers": lambda: g.integers(0, 1000, (n,)),
        "permutation": lambda: g.permutation(n),
    }
    native: dict[str, Any] = {}
    for op in own:
        # Interleave the two so that drift of a shared machine hits both alike.
        t_own, t_ember = [], []
        for _ in range(repeats):
            t_own.append(_timeit(own[op], sync, 1))
            t_ember.append(_timeit(ember[op], sync, 1))
        mo, me = statistics.median(t_own), statistics.median(t_ember)
        native[op] = {
            "own_s": mo,
            "ember_s": me,
            "own_samples_s": t_own,
            "ember_samples_s": t_ember,
            "ratio": me / mo,
            # Minimum over minimum: the least noisy estimate on a busy machine.
            "ratio_min": min(t_ember) / min(t_own),
            "goal_ok": me / mo <= GOAL_RATIO,
        }

    k = er.key(SEED, xp=name)
    portable_calls = {
        "bits": (lambda: er.bits(k, (n,)), n),
        "uniform": (lambda: er.uniform(k, (n,)), n),
        "normal": (lambda: er.normal(k, (n,)), n),
        "integers": (lambda: er.integers(k, 0, 1000, (n,)), n),
    }
    portable: dict[str, Any] = {}
    for op, (f, count) in portable_calls.items():
        t = _timeit(f, sync, repeats)
        portable[op] = {"seconds": t, "M_per_s": count / t / 1e6}
    return {"native": native, "portable": portable}


def _versions() -> dict[str, str | None]:
    out: dict[str, str | None] = {"python": platform.python_version()}
    for mod in ("numpy", "torch", "mlx", "ember_array"):
        try:
            out[mod] = importlib.metadata.version(mod.replace("_", "-"))
        except importlib.metadata.PackageNotFoundError:
            out[mod] = None
    return out


def print_tables(results: dict[str, Any], n: int) -> None:
    """The native-ratio table and the portable-throughput table."""
    print(
        f"\nnative impl vs the backend's own generator, n = {n:,} "
        "(median ms; ratio = ember / own of the medians, r(min) of the minima)"
    )
    print(
        f"{'backend':8} {'op':12} {'own ms':>9} {'ember ms':>9} {'ratio':>6} {'r(min)':>6}"
        f"  goal<={GOAL_RATIO}"
    )
    for name, res in results.items():
        for op, row in res["native"].items():
            print(
                f"{name:8} {op:12} {row['own_s'] * 1e3:9.2f} {row['ember_s'] * 1e3:9.2f} "
                f"{row['ratio']:6.2f} {row['ratio_min']:6.2f}  {'ok' if row['goal_ok'] else 'FAIL'}"
            )
    print(f"\nportable impl (threefry2x32-20), n = {n:,}: millions per second")
    ops = ("bits", "uniform", "normal", "integers")
    print(f"{'backend':8} " + " ".join(f"{o:>10}" for o in ops))
    for name, res in results.items():
        cells = " ".join(f"{res['portable'][o]['M_per_s']:10.1f}" for o in ops)
        print(f"{name:8} {cells}")
    print("(bits: M 32-bit words/s; uniform/normal/integers: M samples/s)")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """Command-line options."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=int, default=2**20, help="samples per call (default 2**20)")
    p.add_argument("--repeats", type=int, default=7, help="timings per figure (default 7)")
    p.add_argument("--quick", action="store_true", help="3 repeats and n = 2**18")
    p.add_argument("--threads", type=int, default=1, help="torch.set_num_threads (default 1)")
    p.add_argument("--backends", default=",".join(BACKENDS), help="comma-separated subset")
    p.add_argument("--json", type=Path, default=None, help="output path")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run, print, save; return the exit status (always 0: it reports, it does not gate)."""
    args = parse_args(argv)
    try:
        import ember_array  # noqa: F401
    except ImportError:
        sys.path.insert(0, str(REPO_ROOT))  # run from a checkout that is not installed
    from ember_array._backends import BY_NAME

    n, repeats = (2**18, 3) if args.quick else (args.n, args.repeats)
    results: dict[str, Any] = {}
    skipped: dict[str, str] = {}
    for name in [b.strip() for b in args.backends.split(",") if b.strip()]:
        try:
            importlib.import_module(BY_NAME[name].native)
        except ImportError as exc:
            skipped[name] = f"not installed: {exc}"
            continue
        if name == "torch":
            import torch

            torch.set_num_threads(args.threads)
        print(f"timing {name} ...", flush=True)
        results[name] = run_backend(name, n, repeats)
    print_tables(results, n)
    for name, why in skipped.items():
        print(f"skipped {name}: {why}")
    path = args.json or RESULTS_DIR / f"random-{socket.gethostname()}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
        "settings": {"n": n, "repeats": repeats, "threads": args.threads, "seed": SEED},
        "goal_ratio": GOAL_RATIO,
        "versions": _versions(),
        "machine": {"hostname": socket.gethostname(), "platform": platform.platform()},
        "skipped_backends": skipped,
        "results": results,
    }
    path.write_text(json.dumps(payload, indent=2))
    print(f"saved {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

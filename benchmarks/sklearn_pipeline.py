"""Wall time of a scikit-learn pipeline with array-API dispatch, with and without ember_array.

``make_pipeline(StandardScaler(), PCA(n_components=20, svd_solver=...), Ridge(solver="svd"))`` is
fitted and then predicts on a 20 000 x 100 float32 problem (``y = X @ w + 0.1 * noise``, ``w`` a
fixed random linear model), with ``sklearn.set_config(array_api_dispatch=True)``, four ways:

* ``numpy``: numpy arrays, ember_array not enabled (scikit-learn's own numpy path);
* ``torch-compat``: torch CPU tensors through array-api-compat (scikit-learn's default; ember
  disabled);
* ``torch-ember``: the same tensors with ``ember_array.integrations.sklearn.enable()``, so
  scikit-learn works on ``ember_array.torch``;
* ``mlx-ember``: mlx arrays through ember_array (enabled), ``mx.eval`` of the predictions inside
  the timed region (mlx is lazy).

Goal: torch-ember within 1.1x of torch-compat (``ember/compat``, the median of the ratios of
back-to-back samples). Each timed call is one ``fit`` + ``predict`` of a fresh pipeline; the
variants run once to warm up (and to check that their predictions agree with numpy's), then
``--repeats`` times, one after the other in a rotating order (``_timing.interleaved`` with one
call per sample; the garbage collected before and off during each), so the drift of a shared
machine hits every variant alike. Enabling/disabling ember happens outside the timed region.
torch runs with ``--threads`` threads and numpy's BLAS with ``OPENBLAS_NUM_THREADS``/
``OMP_NUM_THREADS`` set to it when not already set (default 1); mlx runs on its default device
with its own threads.

    python benchmarks/sklearn_pipeline.py            # 7 repeats (~1-2 min on 2 cores)
    python benchmarks/sklearn_pipeline.py --quick    # 3 repeats
    python benchmarks/sklearn_pipeline.py --variants numpy,torch-compat,torch-ember

The JSON (``_timing.results_path``: ``sklearn-pipeline-<hostname>.json`` outside the source tree
unless ``--json`` is given) keeps settings, versions, machine and every sample. The script
reports; it always exits 0.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import warnings
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import _meta  # beside this script; also puts a checkout's ember_array on sys.path
import _timing

VARIANTS = ("numpy", "torch-compat", "torch-ember", "mlx-ember")
GOAL = 1.1  # torch-ember / torch-compat


class Variant:
    """One way of running the pipeline: its input arrays and whether ember is enabled."""

    def __init__(self, name: str, x: Any, y: Any, ember: bool, sync: Callable[[Any], Any]):
        self.name, self.x, self.y, self.ember, self.sync = name, x, y, ember, sync


def make_pipeline(svd_solver: str, n_components: int) -> Any:
    from sklearn.decomposition import PCA
    from sklearn.linear_model import Ridge
    from sklearn.pipeline import make_pipeline as skl_make_pipeline
    from sklearn.preprocessing import StandardScaler

    return skl_make_pipeline(
        StandardScaler(),
        PCA(n_components=n_components, svd_solver=svd_solver),
        Ridge(alpha=1.0, solver="svd"),
    )


def fit_predict(v: Variant, svd_solver: str, n_components: int) -> Any:
    """One timed call: fit a fresh pipeline, predict, wait for the result."""
    pred = make_pipeline(svd_solver, n_components).fit(v.x, v.y).predict(v.x)
    return v.sync(pred)


def variants(names: Sequence[str], x: Any, y: Any) -> tuple[list[Variant], dict[str, str]]:
    """The runnable variants among ``names`` (numpy ``x``, ``y`` converted), and the skipped."""
    out: list[Variant] = []
    skipped: dict[str, str] = {}
    for name in names:
        try:
            if name == "numpy":
                out.append(Variant(name, x, y, False, lambda p: p))
            elif name.startswith("torch"):
                import torch

                tx, ty = torch.from_numpy(x.copy()), torch.from_numpy(y.copy())
                out.append(Variant(name, tx, ty, name == "torch-ember", lambda p: p))
            elif name == "mlx-ember":
                import mlx.core as mx

                mlx_x, mlx_y = mx.array(x), mx.array(y)
                mx.eval(mlx_x, mlx_y)

                def sync(p: Any, mx: Any = mx) -> Any:
                    mx.eval(p)  # mlx is lazy: the timing includes computing the result
                    return p

                out.append(Variant(name, mlx_x, mlx_y, True, sync))
            else:
                skipped[name] = "unknown variant"
        except ImportError as exc:
            skipped[name] = f"not installed: {exc}"
    return out, skipped


def _switch(ember: bool) -> None:
    from ember_array.integrations import sklearn as ember_sklearn

    if ember:
        ember_sklearn.enable()
    else:
        ember_sklearn.disable()


def _rel_diff(a: Any, b: Any) -> float:
    import numpy as np

    a = np.asarray(a, dtype=np.float64)
    return float(np.abs(a - b).max() / max(np.abs(b).max(), 1e-30))


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="3 repeats instead of 7")
    p.add_argument("--repeats", type=int, default=None)
    p.add_argument("--variants", default=",".join(VARIANTS), help="subset of " + ",".join(VARIANTS))
    p.add_argument("--samples", type=int, default=20_000)
    p.add_argument("--features", type=int, default=100)
    p.add_argument("--n-components", type=int, default=20)
    p.add_argument(
        "--svd-solver",
        default="covariance_eigh",
        choices=("covariance_eigh", "full"),
        help="PCA solver (both support array-API dispatch)",
    )
    p.add_argument("--threads", type=int, default=1, help="torch and BLAS threads (default 1)")
    p.add_argument("--json", default=None, help="output path (default: outside the tree)")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    # before numpy is imported, so that its BLAS runs with --threads threads too
    for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
        os.environ.setdefault(var, str(args.threads))
    os.environ.setdefault("SCIPY_ARRAY_API", "1")  # scikit-learn's array-API support needs it
    import numpy as np

    repeats = args.repeats or (3 if args.quick else 7)
    names = [n.strip() for n in args.variants.split(",") if n.strip()]
    try:
        import torch

        torch.set_num_threads(args.threads)
    except ImportError:
        pass
    import sklearn

    sklearn.set_config(array_api_dispatch=True)
    warnings.filterwarnings("ignore", category=UserWarning, module="sklearn")

    rng = np.random.default_rng(0)
    x = rng.standard_normal((args.samples, args.features)).astype(np.float32)
    w = rng.standard_normal(args.features).astype(np.float32)
    y = (x @ w + 0.1 * rng.standard_normal(args.samples)).astype(np.float32)
    print(
        f"scikit-learn pipeline: StandardScaler + PCA({args.n_components}, "
        f"svd_solver={args.svd_solver!r}) + Ridge(solver='svd'), fit + predict on "
        f"{args.samples} x {args.features} float32; {repeats} repeats; "
        f"threads={args.threads} (torch, BLAS)"
    )

    runs, skipped = variants(names, x, y)
    reference: Any = None
    diffs: dict[str, float] = {}
    errors: dict[str, str] = {}
    for v in list(runs):  # warm-up and agreement check
        _switch(v.ember)
        try:
            pred = np.asarray(fit_predict(v, args.svd_solver, args.n_components), np.float64)
        except Exception as exc:  # report, do not stop the other variants
            errors[v.name] = repr(exc)
            runs.remove(v)
            continue
        if reference is None:
            reference = pred
        diffs[v.name] = _rel_diff(pred, reference)

    by_name = {v.name: v for v in runs}

    def before(name: str) -> None:  # outside the clock: ember on or off, the garbage collected
        _switch(by_name[name].ember)
        gc.collect()

    timings = _timing.interleaved(
        {v.name: partial(fit_predict, v, args.svd_solver, args.n_components) for v in runs},
        repeats,
        number=1,
        before=before,
        warmup=False,  # done above, with the agreement check
    )
    _switch(False)

    median = {name: t["median_s"] for name, t in timings.items()}
    ratio: float | None = None
    paired: list[float] = []
    if "torch-ember" in timings and "torch-compat" in timings:
        paired = _timing.paired_ratios(timings, "torch-ember", "torch-compat")
        ratio = statistics.median(paired)

    header = ("variant", "median s", "min s", "/ numpy", "max|diff| vs first")
    table = []
    for name, t in timings.items():
        rel = t["median_s"] / median["numpy"] if "numpy" in median else float("nan")
        table.append(
            (name, f"{t['median_s']:.3f}", f"{t['min_s']:.3f}", f"{rel:.2f}", f"{diffs[name]:.1e}")
        )
    for name, why in errors.items():
        table.append((name, "n/a", "n/a", "n/a", why[:60]))
    print(_timing.table(header, table))
    for name, why in skipped.items():
        print(f"skipped {name}: {why}")
    verdict = None
    if ratio is not None:
        verdict = "ok" if ratio <= GOAL else "FAIL"
        print(
            f"torch-ember / torch-compat: {ratio:.3f} (median of paired ratios; goal <= {GOAL}: "
            f"{verdict}); ratio of medians "
            f"{median['torch-ember'] / median['torch-compat']:.3f}"
        )

    settings = {
        "pipeline": "StandardScaler + PCA + Ridge(alpha=1.0, solver='svd')",
        "n_components": args.n_components,
        "svd_solver": args.svd_solver,
        "shape": [args.samples, args.features],
        "dtype": "float32",
        "repeats": repeats,
        "threads": args.threads,
        "blas_env": {k: os.environ.get(k) for k in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")},
        "array_api_dispatch": True,
    }
    record = {
        **_meta.describe(("numpy", "scipy", "scikit-learn", "torch", "mlx", "array-api-compat")),
        "settings": settings,
        "goal": {"torch-ember / torch-compat": GOAL},
        "skipped": skipped,
        "errors": errors,
        "results": {
            name: {
                "median_s": t["median_s"],
                "min_s": t["min_s"],
                "samples_s": t["samples_s"],
                "max_rel_diff_vs_first": diffs[name],
            }
            for name, t in timings.items()
        },
        "torch_ember_over_compat": {
            "median_paired_ratio": ratio,
            "paired_ratios": paired,
            "verdict": verdict,
        },
    }
    _timing.save("sklearn-pipeline", args.json, record)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

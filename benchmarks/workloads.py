"""The portability tax on whole functions: code written once over a namespace against the same
code written natively.

Twelve functions that scikit-learn- and SciPy-style libraries contain, each written **once**
against the standard (``xp = namespace(x)``) and once natively per backend, as a good native
author writes it (numpy methods where numpy users use methods, ``torch``, ``mlx.core``):

``standardize``, ``pairwise`` (Euclidean distances), ``softmax``, ``logsumexp``,
``nearest_centre`` (``argmin`` + ``take_along_axis``), ``ridge`` (``linalg.solve``),
``cross_entropy``, ``pca`` (``linalg.eigh`` of the covariance), ``stft_magnitude``
(``ember_array.signal.stft``), ``kmeans_update`` (``ember_array.scatter.segment_mean``),
``logistic_grad`` and ``normalize_rows`` (``linalg.vector_norm``).

Each runs at ``small`` (64 x 8), ``medium`` (4000 x 64) and ``large`` (20000 x 128) float32 on
numpy, torch and mlx (eager; mlx results ``mx.eval``-uated inside the clock), three ways: native,
the portable function with ``ember_array.namespace`` and (numpy, torch) the same portable function
with ``array_api_compat.array_namespace``. The variants of a row are timed back to back
(``_timing.interleaved``: autorange loops, the order rotating, the garbage collector off); a
ratio is the median of the back-to-back ratios (``_timing.paired_ratios``) and its noise is half
the spread between their first and third quartiles.

Goals (issue 27): ember / native <= 1.10 on numpy and torch and <= 1.20 on mlx at ``small``,
<= 1.03 at ``medium`` and ``large``; ember / compat <= 1.00 (numpy, torch). A row is ``ok``
within its goal, ``noise`` above it by less than its noise, ``OVER`` otherwise; the rows over
their goal are listed at the end (``--check`` prints only those). It reports, it does not gate:
the exit status is 0.

Usage::

    python benchmarks/workloads.py [--quick] [--backends numpy,torch,mlx] [--sizes small,medium]
        [--functions pairwise,ridge] [--json PATH] [--check]

Compiled columns (ember compiled with ``ember_array.compile``, native compiled, native eager)
are ``compile_bench.py``'s: the first seven functions here chained into one, on torch and mlx
(issue 42), with numpy's and dask's ``ember_array.compile(fn)`` against ``fn``.

Writes JSON (``_timing.results_path``: ``workloads-<hostname>.json`` outside the source tree
unless ``--json`` is given; ``docs/_data/workloads.json`` is the one the docs plot).
"""

from __future__ import annotations

import argparse
import datetime
import functools
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import _meta  # beside this script; also puts a checkout's ember_array on sys.path
import _timing
import numpy as np

import ember_array
from ember_array import scatter, signal

BACKENDS = ("numpy", "torch", "mlx")
#: size name -> (rows, columns) of the main input
SIZES: dict[str, tuple[int, int]] = {"small": (64, 8), "medium": (4000, 64), "large": (20000, 128)}
#: rows of the second operand of ``pairwise`` (at most), centres of ``nearest_centre`` and
#: ``kmeans_update``, targets of ``ridge``, components of ``pca``; STFT frame and hop
PAIRWISE_ROWS, CENTRES, TARGETS, COMPONENTS, N_FFT, HOP = 512, 16, 3, 4, 64, 16
SEED = 27

#: goal on ember / native per backend at ``small``; every backend at the larger sizes
SMALL_GOAL = {"numpy": 1.10, "torch": 1.10, "mlx": 1.20}
LARGER_GOAL = 1.03
COMPAT_GOAL = 1.00

FULL = {"repeats": 21, "min_time": 0.05}
QUICK = {"repeats": 7, "min_time": 0.01}

Namespace = Callable[..., Any]


#: the portable functions' namespace, called as user code calls it (imported at the top: an
#: import statement inside a function costs 0.1-0.3 us a call, which the compat column, given
#: ``array_api_compat.array_namespace`` itself, does not pay)
_ember_namespace: Namespace = ember_array.namespace


# ------------------------------------------------------------------------------------------
# the functions, written once over the standard: ``xp = ns(x)``


def standardize(x: Any, *, ns: Namespace = _ember_namespace) -> Any:
    xp = ns(x)
    return (x - xp.mean(x, axis=0)) / xp.std(x, axis=0, correction=1)


def pairwise(x: Any, y: Any, *, ns: Namespace = _ember_namespace) -> Any:
    xp = ns(x, y)
    sq = xp.sum(x * x, axis=1)[:, None] + xp.sum(y * y, axis=1)[None, :]
    return xp.sqrt(xp.clip(sq - 2 * (x @ xp.matrix_transpose(y)), 0, None))


def softmax(x: Any, *, ns: Namespace = _ember_namespace) -> Any:
    xp = ns(x)
    e = xp.exp(x - xp.max(x, axis=1, keepdims=True))
    return e / xp.sum(e, axis=1, keepdims=True)


def logsumexp(x: Any, *, ns: Namespace = _ember_namespace) -> Any:
    xp = ns(x)
    m = xp.max(x, axis=1, keepdims=True)
    return xp.log(xp.sum(xp.exp(x - m), axis=1)) + m[:, 0]


def nearest_centre(x: Any, c: Any, *, ns: Namespace = _ember_namespace) -> Any:
    xp = ns(x, c)
    d = xp.sum(c * c, axis=1)[None, :] - 2 * (x @ xp.matrix_transpose(c))
    labels = xp.argmin(d, axis=1)
    return labels, xp.take_along_axis(d, labels[:, None], axis=1)[:, 0]


def ridge(x: Any, y: Any, *, ns: Namespace = _ember_namespace) -> Any:
    xp = ns(x, y)
    xt = xp.matrix_transpose(x)
    # the identity on x's device: a portable function runs on a GPU too
    a = xt @ x + 1.0 * xp.eye(x.shape[1], dtype=x.dtype, device=ember_array.device(x))
    return xp.linalg.solve(a, xt @ y)


def cross_entropy(logits: Any, labels: Any, *, ns: Namespace = _ember_namespace) -> Any:
    xp = ns(logits, labels)
    m = xp.max(logits, axis=1, keepdims=True)
    logp = logits - (xp.log(xp.sum(xp.exp(logits - m), axis=1, keepdims=True)) + m)
    return -xp.mean(xp.take_along_axis(logp, labels[:, None], axis=1))


def pca(x: Any, *, ns: Namespace = _ember_namespace) -> Any:
    xp = ns(x)
    xc = x - xp.mean(x, axis=0)
    w, v = xp.linalg.eigh(xp.matrix_transpose(xc) @ xc / (x.shape[0] - 1))
    return w[-COMPONENTS:], xc @ v[:, -COMPONENTS:]


def stft_magnitude(sig: Any, window: Any, *, ns: Namespace = _ember_namespace) -> Any:
    xp = ns(sig, window)
    return xp.abs(signal.stft(sig, N_FFT, HOP, window=window, center=False))


def kmeans_update(x: Any, labels: Any, *, ns: Namespace = _ember_namespace) -> Any:
    return scatter.segment_mean(x, labels, CENTRES)


def logistic_grad(x: Any, w: Any, y: Any, *, ns: Namespace = _ember_namespace) -> Any:
    xp = ns(x, w, y)
    p = 1.0 / (1.0 + xp.exp(-(x @ w)))
    return xp.matrix_transpose(x) @ (p - y) / x.shape[0]


def normalize_rows(x: Any, *, ns: Namespace = _ember_namespace) -> Any:
    xp = ns(x)
    return x / xp.maximum(xp.linalg.vector_norm(x, axis=1, keepdims=True), 1e-12)


# ------------------------------------------------------------------------------------------
# the same, natively: numpy


def _np_standardize(x: Any) -> Any:
    return (x - x.mean(axis=0)) / x.std(axis=0, ddof=1)


def _np_pairwise(x: Any, y: Any) -> Any:
    sq = (x * x).sum(axis=1)[:, None] + (y * y).sum(axis=1)[None, :]
    return np.sqrt((sq - 2 * (x @ y.T)).clip(0, None))


def _np_softmax(x: Any) -> Any:
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def _np_logsumexp(x: Any) -> Any:
    m = x.max(axis=1, keepdims=True)
    return np.log(np.exp(x - m).sum(axis=1)) + m[:, 0]


def _np_nearest_centre(x: Any, c: Any) -> Any:
    d = (c * c).sum(axis=1)[None, :] - 2 * (x @ c.T)
    labels = d.argmin(axis=1)
    return labels, np.take_along_axis(d, labels[:, None], axis=1)[:, 0]


def _np_ridge(x: Any, y: Any) -> Any:
    return np.linalg.solve(x.T @ x + 1.0 * np.eye(x.shape[1], dtype=x.dtype), x.T @ y)


def _np_cross_entropy(logits: Any, labels: Any) -> Any:
    m = logits.max(axis=1, keepdims=True)
    logp = logits - (np.log(np.exp(logits - m).sum(axis=1, keepdims=True)) + m)
    return -np.take_along_axis(logp, labels[:, None], axis=1).mean()


def _np_pca(x: Any) -> Any:
    xc = x - x.mean(axis=0)
    w, v = np.linalg.eigh(xc.T @ xc / (x.shape[0] - 1))
    return w[-COMPONENTS:], xc @ v[:, -COMPONENTS:]


def _np_stft_magnitude(sig: Any, window: Any) -> Any:
    frames = np.lib.stride_tricks.sliding_window_view(sig, N_FFT)[::HOP]
    return np.abs(np.fft.rfft(frames * window, axis=-1)).T


def _np_kmeans_update(x: Any, labels: Any) -> Any:
    sums = np.zeros((CENTRES, x.shape[1]), dtype=x.dtype)
    np.add.at(sums, labels, x)
    return sums / np.bincount(labels, minlength=CENTRES).astype(x.dtype)[:, None]


def _np_logistic_grad(x: Any, w: Any, y: Any) -> Any:
    p = 1.0 / (1.0 + np.exp(-(x @ w)))
    return x.T @ (p - y) / x.shape[0]


def _np_normalize_rows(x: Any) -> Any:
    return x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-12)


# ------------------------------------------------------------------------------------------
# torch (imported inside: the script runs without it)


def _t_standardize(x: Any) -> Any:
    return (x - x.mean(0)) / x.std(0)


def _t_pairwise(x: Any, y: Any) -> Any:
    import torch

    sq = (x * x).sum(1)[:, None] + (y * y).sum(1)[None, :]
    return torch.sqrt((sq - 2 * (x @ y.T)).clamp(min=0))


def _t_softmax(x: Any) -> Any:
    import torch

    e = torch.exp(x - x.amax(1, keepdim=True))
    return e / e.sum(1, keepdim=True)


def _t_logsumexp(x: Any) -> Any:
    import torch

    m = x.amax(1, keepdim=True)
    return torch.log(torch.exp(x - m).sum(1)) + m[:, 0]


def _t_nearest_centre(x: Any, c: Any) -> Any:
    import torch

    d = (c * c).sum(1)[None, :] - 2 * (x @ c.T)
    labels = d.argmin(1)
    return labels, torch.take_along_dim(d, labels[:, None], 1)[:, 0]


def _t_ridge(x: Any, y: Any) -> Any:
    import torch

    return torch.linalg.solve(
        x.T @ x + 1.0 * torch.eye(x.shape[1], dtype=x.dtype, device=x.device), x.T @ y
    )


def _t_cross_entropy(logits: Any, labels: Any) -> Any:
    import torch

    m = logits.amax(1, keepdim=True)
    logp = logits - (torch.log(torch.exp(logits - m).sum(1, keepdim=True)) + m)
    return -torch.take_along_dim(logp, labels[:, None], 1).mean()


def _t_pca(x: Any) -> Any:
    import torch

    xc = x - x.mean(0)
    w, v = torch.linalg.eigh(xc.T @ xc / (x.shape[0] - 1))
    return w[-COMPONENTS:], xc @ v[:, -COMPONENTS:]


def _t_stft_magnitude(sig: Any, window: Any) -> Any:
    import torch

    spec = torch.stft(sig, N_FFT, HOP, window=window, center=False, return_complex=True)
    return spec.abs()


def _t_kmeans_update(x: Any, labels: Any) -> Any:
    import torch

    sums = torch.zeros(CENTRES, x.shape[1], dtype=x.dtype, device=x.device)
    sums = sums.index_add_(0, labels, x)
    return sums / torch.bincount(labels, minlength=CENTRES).to(x.dtype)[:, None]


def _t_logistic_grad(x: Any, w: Any, y: Any) -> Any:
    import torch

    p = 1.0 / (1.0 + torch.exp(-(x @ w)))  # the same computation as the portable form
    return x.T @ (p - y) / x.shape[0]


def _t_normalize_rows(x: Any) -> Any:
    import torch

    return x / torch.linalg.vector_norm(x, dim=1, keepdim=True).clamp(min=1e-12)


# ------------------------------------------------------------------------------------------
# mlx


def _mx_standardize(x: Any) -> Any:
    import mlx.core as mx

    return (x - mx.mean(x, axis=0)) / mx.std(x, axis=0, ddof=1)


def _mx_pairwise(x: Any, y: Any) -> Any:
    import mlx.core as mx

    sq = mx.sum(x * x, axis=1)[:, None] + mx.sum(y * y, axis=1)[None, :]
    return mx.sqrt(mx.maximum(sq - 2 * (x @ y.T), 0))


def _mx_softmax(x: Any) -> Any:
    import mlx.core as mx

    e = mx.exp(x - mx.max(x, axis=1, keepdims=True))
    return e / mx.sum(e, axis=1, keepdims=True)


def _mx_logsumexp(x: Any) -> Any:
    import mlx.core as mx

    m = mx.max(x, axis=1, keepdims=True)
    return mx.log(mx.sum(mx.exp(x - m), axis=1)) + m[:, 0]


def _mx_nearest_centre(x: Any, c: Any) -> Any:
    import mlx.core as mx

    d = mx.sum(c * c, axis=1)[None, :] - 2 * (x @ c.T)
    labels = mx.argmin(d, axis=1)
    return labels, mx.take_along_axis(d, labels[:, None], axis=1)[:, 0]


def _mx_ridge(x: Any, y: Any) -> Any:
    import mlx.core as mx

    a = x.T @ x + 1.0 * mx.eye(x.shape[1], dtype=x.dtype)
    return mx.linalg.solve(a, x.T @ y, stream=mx.cpu)


def _mx_cross_entropy(logits: Any, labels: Any) -> Any:
    import mlx.core as mx

    m = mx.max(logits, axis=1, keepdims=True)
    logp = logits - (mx.log(mx.sum(mx.exp(logits - m), axis=1, keepdims=True)) + m)
    return -mx.mean(mx.take_along_axis(logp, labels[:, None], axis=1))


def _mx_pca(x: Any) -> Any:
    import mlx.core as mx

    xc = x - mx.mean(x, axis=0)
    w, v = mx.linalg.eigh(xc.T @ xc / (x.shape[0] - 1), stream=mx.cpu)
    return w[-COMPONENTS:], xc @ v[:, -COMPONENTS:]


def _mx_stft_magnitude(sig: Any, window: Any) -> Any:
    import mlx.core as mx

    frames = (sig.shape[0] - N_FFT) // HOP + 1
    segments = mx.as_strided(sig, (frames, N_FFT), (HOP, 1))
    return mx.abs(mx.fft.rfft(segments * window, axis=-1)).T


def _mx_kmeans_update(x: Any, labels: Any) -> Any:
    import mlx.core as mx

    sums = mx.zeros((CENTRES, x.shape[1]), dtype=x.dtype).at[labels].add(x)
    counts = mx.zeros((CENTRES,), dtype=x.dtype).at[labels].add(1)
    return sums / counts[:, None]


def _mx_logistic_grad(x: Any, w: Any, y: Any) -> Any:
    import mlx.core as mx

    p = 1.0 / (1.0 + mx.exp(-(x @ w)))  # the same computation as the portable form
    return x.T @ (p - y) / x.shape[0]


def _mx_normalize_rows(x: Any) -> Any:
    import mlx.core as mx

    return x / mx.maximum(mx.linalg.norm(x, axis=1, keepdims=True), 1e-12)


# ------------------------------------------------------------------------------------------
# the table of workloads


def _floats(rng: np.random.Generator, *shape: int) -> np.ndarray:
    return rng.standard_normal(shape).astype(np.float32)


def _labels(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    # every label at least once (no empty segment: means are defined)
    return rng.permutation(np.arange(n) % k).astype(np.int64)


@dataclass(frozen=True)
class Workload:
    """One function: its portable form, its native forms and its inputs."""

    name: str
    portable: Callable[..., Any]
    #: backend -> the function written natively (the registry keeps backend -> module maps)
    native: dict[str, Callable[..., Any]]
    #: (rng, rows, columns) -> the arguments, as numpy arrays (int64 labels, float32 data)
    inputs: Callable[[np.random.Generator, int, int], list[np.ndarray]]
    #: whether the portable form runs with array-api-compat's namespace (not: a shim inside)
    compat: bool = True
    #: the outputs compared up to sign (eigenvectors)
    up_to_sign: bool = False
    notes: str = ""


def _natives(name: str) -> dict[str, Callable[..., Any]]:
    """The native forms of ``name``: ``_np_<name>``, ``_t_<name>``, ``_mx_<name>`` above."""
    return {b: globals()[f"{prefix}_{name}"] for b, prefix in _PREFIXES.items()}


_PREFIXES = {"numpy": "_np", "torch": "_t", "mlx": "_mx"}

WORKLOADS: tuple[Workload, ...] = (
    Workload(
        "standardize",
        standardize,
        _natives("standardize"),
        lambda r, n, d: [_floats(r, n, d)],
    ),
    Workload(
        "pairwise",
        pairwise,
        _natives("pairwise"),
        lambda r, n, d: [_floats(r, n, d), _floats(r, min(n, PAIRWISE_ROWS), d)],
    ),
    Workload(
        "softmax",
        softmax,
        _natives("softmax"),
        lambda r, n, d: [_floats(r, n, d)],
    ),
    Workload(
        "logsumexp",
        logsumexp,
        _natives("logsumexp"),
        lambda r, n, d: [_floats(r, n, d)],
    ),
    Workload(
        "nearest_centre",
        nearest_centre,
        _natives("nearest_centre"),
        lambda r, n, d: [_floats(r, n, d), _floats(r, CENTRES, d)],
    ),
    Workload(
        "ridge",
        ridge,
        _natives("ridge"),
        lambda r, n, d: [_floats(r, n, d), _floats(r, n, TARGETS)],
    ),
    Workload(
        "cross_entropy",
        cross_entropy,
        _natives("cross_entropy"),
        lambda r, n, d: [_floats(r, n, d), _labels(r, n, d)],
    ),
    Workload(
        "pca",
        pca,
        _natives("pca"),
        lambda r, n, d: [_floats(r, n, d)],
        up_to_sign=True,
    ),
    Workload(
        "stft_magnitude",
        stft_magnitude,
        _natives("stft_magnitude"),
        lambda r, n, d: [
            _floats(r, n * d),
            (0.5 - 0.5 * np.cos(2 * np.pi * np.arange(N_FFT) / N_FFT)).astype(np.float32),
        ],
        compat=False,
        notes=f"ember_array.signal.stft, frames of {N_FFT} samples every {HOP} of a signal of "
        "rows x columns samples; the standard has no stft (no compat column)",
    ),
    Workload(
        "kmeans_update",
        kmeans_update,
        _natives("kmeans_update"),
        lambda r, n, d: [_floats(r, n, d), _labels(r, n, CENTRES)],
        compat=False,
        notes="ember_array.scatter.segment_mean; the standard has no scatter (no compat column)",
    ),
    Workload(
        "logistic_grad",
        logistic_grad,
        _natives("logistic_grad"),
        lambda r, n, d: [_floats(r, n, d), _floats(r, d), (_floats(r, n) > 0).astype(np.float32)],
    ),
    Workload(
        "normalize_rows",
        normalize_rows,
        _natives("normalize_rows"),
        lambda r, n, d: [_floats(r, n, d)],
    ),
)
BY_NAME = {w.name: w for w in WORKLOADS}


# ------------------------------------------------------------------------------------------
# backends


@dataclass
class BackendArrays:
    """How to make and evaluate one backend's arrays."""

    name: str
    convert: Callable[[np.ndarray], Any]
    sync: Callable[[Any], Any] | None = None
    compat: Namespace | None = None
    notes: list[str] = field(default_factory=list)


def make_backend(name: str, threads: int) -> BackendArrays:
    """The backend ``name`` (ImportError when its library is missing)."""
    import array_api_compat

    if name == "numpy":
        blas = ", ".join(
            f"{k}={os.environ.get(k)}" for k in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")
        )
        return BackendArrays(
            name, lambda a: a, compat=array_api_compat.array_namespace, notes=[blas]
        )
    if name == "torch":
        import torch

        torch.set_num_threads(threads)
        return BackendArrays(
            name,
            lambda a: torch.from_numpy(a.copy()),
            compat=array_api_compat.array_namespace,
            notes=[f"torch.set_num_threads({threads})"],
        )
    if name == "mlx":
        import mlx.core as mx

        def convert(a: np.ndarray) -> Any:
            out = mx.array(a.astype(np.int32) if a.dtype == np.int64 else a)
            mx.eval(out)
            return out

        # array-api-compat hands mlx arrays to mlx.core itself: no compat column
        return BackendArrays(
            name, convert, sync=mx.eval, notes=[f"mx.eval inside the clock; {mx.default_device()}"]
        )
    raise ValueError(f"unknown backend {name!r}")


def variants(w: Workload, be: BackendArrays, args: list[Any]) -> dict[str, Callable[[], Any]]:
    """``native``, ``ember`` and (where it applies) ``compat``: functions of no argument."""
    out = {
        "native": functools.partial(w.native[be.name], *args),
        "ember": functools.partial(w.portable, *args),
    }
    if w.compat and be.compat is not None:
        out["compat"] = functools.partial(w.portable, *args, ns=be.compat)
    return out


def inputs(w: Workload, be: BackendArrays, size: str) -> list[Any]:
    """The arguments of ``w`` at ``size`` on ``be`` (seeded)."""
    n, d = SIZES[size]
    return [be.convert(a) for a in w.inputs(np.random.default_rng(SEED), n, d)]


# ------------------------------------------------------------------------------------------
# running


def goal(backend: str, size: str) -> float:
    """The bound on ember / native of a row."""
    return SMALL_GOAL[backend] if size == "small" else LARGER_GOAL


def _ratio(timings: dict[str, Any], num: str, den: str) -> tuple[float, float] | None:
    """Median of the back-to-back ratios and its noise (half the interquartile spread)."""
    if num not in timings or den not in timings:
        return None
    r = _timing.paired_ratios(timings, num, den)
    if len(r) < 4:
        return statistics.median(r), (max(r) - min(r)) / 2
    q1, _, q3 = statistics.quantiles(r, n=4)
    return statistics.median(r), (q3 - q1) / 2


def verdict(ratio: tuple[float, float] | None, bound: float) -> str | None:
    """``ok`` (within ``bound``), ``noise`` (over it by less than the noise), ``OVER``."""
    if ratio is None:
        return None
    value, noise = ratio
    return "ok" if value <= bound else "noise" if value - noise <= bound else "OVER"


def run_row(
    w: Workload, be: BackendArrays, size: str, repeats: int, min_time: float, cpu_time: bool = False
) -> dict[str, Any]:
    """Time one workload at one size on one backend; the JSON row."""
    fns = variants(w, be, inputs(w, be, size))
    for f in fns.values():
        # a first call may import a namespace (milliseconds): outside autorange, or its first
        # loop of one call would already last min_time and fix the loop count at 1
        out = f()
        if be.sync is not None:
            be.sync(out)
    clock = time.process_time if cpu_time else None
    timings = _timing.interleaved(fns, repeats, min_time, sync=be.sync, clock=clock)
    native = _ratio(timings, "ember", "native")
    compat = _ratio(timings, "ember", "compat")
    compat_native = _ratio(timings, "compat", "native")
    return {
        "function": w.name,
        "backend": be.name,
        "size": size,
        "shape": SIZES[size],
        "median_us": {k: v["median_s"] * 1e6 for k, v in timings.items()},
        "samples_us": {k: [s * 1e6 for s in v["samples_s"]] for k, v in timings.items()},
        "number": {k: v["number"] for k, v in timings.items()},
        "ember_native": native[0] if native else None,
        "ember_native_noise": native[1] if native else None,
        "ember_compat": compat[0] if compat else None,
        "ember_compat_noise": compat[1] if compat else None,
        "compat_native": compat_native[0] if compat_native else None,
        "goal_native": goal(be.name, size),
        "verdict_native": verdict(native, goal(be.name, size)),
        "goal_compat": COMPAT_GOAL if compat else None,
        "verdict_compat": verdict(compat, COMPAT_GOAL),
    }


def _cell(value: float | None, noise: float | None) -> str:
    return "-" if value is None else f"{value:.2f}±{noise:.2f}"


def print_rows(rows: list[dict[str, Any]]) -> None:
    header = [
        "function",
        "size",
        "native us",
        "ember us",
        "compat us",
        "e/native",
        "",
        "e/compat",
        "",
    ]
    body = [
        [
            r["function"],
            r["size"],
            f"{r['median_us']['native']:,.1f}",
            f"{r['median_us']['ember']:,.1f}",
            f"{r['median_us']['compat']:,.1f}" if "compat" in r["median_us"] else "-",
            _cell(r["ember_native"], r["ember_native_noise"]),
            r["verdict_native"] or "",
            _cell(r["ember_compat"], r["ember_compat_noise"]),
            r["verdict_compat"] or "",
        ]
        for r in rows
    ]
    print(_timing.table(header, body, align="<<"))


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Per backend and size: the geometric mean and the worst of each ratio; rows over goal."""
    out: dict[str, Any] = {"groups": [], "over": []}
    keys = sorted(
        {(r["backend"], r["size"]) for r in rows},
        key=lambda k: (BACKENDS.index(k[0]), list(SIZES).index(k[1])),
    )
    for b, s in keys:
        group = [r for r in rows if r["backend"] == b and r["size"] == s]
        entry: dict[str, Any] = {"backend": b, "size": s}
        for key in ("ember_native", "ember_compat", "compat_native"):
            vals = [r[key] for r in group if r[key] is not None]
            entry[key] = (
                {"geomean": statistics.geometric_mean(vals), "max": max(vals)} if vals else None
            )
        noises = [r["ember_native_noise"] for r in group if r["ember_native_noise"] is not None]
        entry["median_noise"] = statistics.median(noises) if noises else None
        out["groups"].append(entry)
    for r in rows:
        for kind in ("native", "compat"):
            if r[f"verdict_{kind}"] in ("OVER", "noise"):
                out["over"].append(
                    {
                        "backend": r["backend"],
                        "size": r["size"],
                        "function": r["function"],
                        "ratio": f"ember/{kind}",
                        "value": r[f"ember_{kind}"],
                        "noise": r[f"ember_{kind}_noise"],
                        "goal": r[f"goal_{kind}"],
                        "verdict": r[f"verdict_{kind}"],
                    }
                )
    return out


def print_summary(summ: dict[str, Any]) -> None:
    def fmt(v: dict[str, float] | None) -> str:
        return "-" if v is None else f"{v['geomean']:.2f} (max {v['max']:.2f})"

    print("\nSummary: geometric mean (worst) of the ratios over the functions")
    body = [
        [
            g["backend"],
            g["size"],
            fmt(g["ember_native"]),
            fmt(g["ember_compat"]),
            fmt(g["compat_native"]),
            "-" if g["median_noise"] is None else f"±{g['median_noise']:.3f}",
        ]
        for g in summ["groups"]
    ]
    print(
        _timing.table(
            ["backend", "size", "ember/native", "ember/compat", "compat/native", "noise"],
            body,
            align="<<",
        )
    )
    print_over(summ)


def print_over(summ: dict[str, Any]) -> None:
    over = summ["over"]
    if not over:
        print("\nEvery function within its goal.")
        return
    print(f"\n{len(over)} ratio(s) over goal (noise: over by less than the run's noise):")
    for o in over:
        print(
            f"  {o['verdict']:5}  {o['backend']:5} {o['size']:6} {o['function']:15} "
            f"{o['ratio']} = {o['value']:.3f} ± {o['noise']:.3f} (goal <= {o['goal']:.2f})"
        )


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument(
        "--quick",
        action="store_true",
        help=f"{QUICK['repeats']} repeats of >= {QUICK['min_time']} s loops "
        f"(default {FULL['repeats']} of >= {FULL['min_time']} s)",
    )
    p.add_argument("--backends", default=",".join(BACKENDS))
    p.add_argument("--sizes", default=",".join(SIZES))
    p.add_argument("--functions", default=",".join(BY_NAME))
    p.add_argument("--threads", type=int, default=1, help="torch and BLAS threads (default 1)")
    p.add_argument("--json", default=None, metavar="PATH")
    p.add_argument("--check", action="store_true", help="print only the functions over goal")
    p.add_argument(
        "--cpu-time",
        action="store_true",
        help="time with time.process_time (CPU seconds of every thread of the process) instead "
        "of the wall clock: on a loaded machine, waiting for a core does not count",
    )
    args = p.parse_args(argv)
    for opt, allowed in (
        ("backends", BACKENDS),
        ("sizes", tuple(SIZES)),
        ("functions", tuple(BY_NAME)),
    ):
        chosen = [v.strip() for v in getattr(args, opt).split(",") if v.strip()]
        unknown = sorted(set(chosen) - set(allowed))
        if unknown:
            p.error(f"unknown {opt}: {', '.join(unknown)} (choose from {', '.join(allowed)})")
        setattr(args, opt, chosen)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
        os.environ.setdefault(var, str(args.threads))
    settings = QUICK if args.quick else FULL
    repeats, min_time = int(settings["repeats"]), float(settings["min_time"])
    started = datetime.datetime.now(datetime.timezone.utc)
    print(
        f"workloads ({'quick' if args.quick else 'full'}): {repeats} interleaved repeats of loops "
        f">= {min_time} s ({'CPU' if args.cpu_time else 'wall'} time); ratio = median of "
        "back-to-back ratios ± half their interquartile spread"
    )
    rows: list[dict[str, Any]] = []
    notes: dict[str, list[str]] = {}
    found, skipped = _meta.backends(args.backends)
    for name, why in skipped.items():
        print(f"\n=== {name}: skipped ({why}) ===")
    for name in found:
        be = make_backend(name, args.threads)
        notes[name] = be.notes
        backend_rows = [
            run_row(BY_NAME[f], be, size, repeats, min_time, args.cpu_time)
            for size in args.sizes
            for f in args.functions
        ]
        rows += backend_rows
        if not args.check:
            print(f"\n=== {name} ({'; '.join(be.notes)}) ===")
            print_rows(backend_rows)
    summ = summary(rows)
    if args.check:
        print_over(summ)
    else:
        print_summary(summ)
    record = {
        **_timing.record_head("workloads.py", started, argv),
        "settings": {
            "mode": "quick" if args.quick else "full",
            "repeats": repeats,
            "min_loop_s": min_time,
            "threads": args.threads,
            "clock": "process_time" if args.cpu_time else "perf_counter",
            "sizes": {s: SIZES[s] for s in args.sizes},
            "goals": {"small": SMALL_GOAL, "larger": LARGER_GOAL, "compat": COMPAT_GOAL},
        },
        "notes": notes,
        "skipped_backends": skipped,
        "versions": _meta.versions(["numpy", "torch", "mlx", "array-api-compat"]),
        "machine": _meta.machine(),
        "rows": rows,
        "summary": summ,
    }
    _timing.save("workloads", args.json, record)
    return 0


if __name__ == "__main__":
    sys.exit(main())

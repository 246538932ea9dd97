"""Measure the accuracy of ember_array's element-wise functions and write ``docs/accuracy.md``.

::

    python -m conformance.accuracy            # writes docs/accuracy.md
    python -m conformance.accuracy --check    # exit 1 if the page is stale

For every real element-wise function of the standard that rounds (the transcendental ones,
``sqrt``, and the binary ``atan2``, ``hypot``, ``logaddexp`` and ``pow``), per backend (numpy,
torch, mlx, dask, and torch on CUDA where ``torch.cuda.is_available()``) and dtype (float32,
float64), over stated input ranges, the largest and the 99.9th-percentile error in units of the
last place (ULP) of the exact result; for the functions with a complex domain, complex64 and
complex128 where the backend has them, the relative error of the complex result in ULPs of 1 of
the component dtype (:func:`complex_ulps`), against mpmath. The reference is
numpy's ``longdouble`` (x86's 80-bit format: its 64-bit significand puts its own error at ~1/2048
of a float64 ULP); where ``longdouble`` is no wider than float64, mpmath at 113 bits (slower).
Inputs are fixed by a seed and :data:`SAMPLES`: the page is deterministic for given library
versions and machine, which it records. Where ember's function is not the backend's own, the
native one is measured too, and a row whose native error is above the bound says ember corrects
it. With matplotlib installed (the ``docs`` extra) the command also draws
``docs/_static/accuracy.svg``; without it the page is written and the plot left as it is.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import platform
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ember_array import _backends as _registry

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "accuracy.md"
#: the plot the page shows (drawn where matplotlib is installed; not part of the staleness check)
PLOT = ROOT / "docs" / "_static" / "accuracy.svg"
REGENERATE = "python -m conformance.accuracy"
#: the bound every row must hold (or name the upstream issue that keeps it above)
BOUND = 4.0
#: points per range (one shape throughout: mlx compiles one kernel per function and shape)
SAMPLES = 2048
SEED = 20261205
#: points per complex range (mpmath costs ~100 us a point: the staleness test stays short)
COMPLEX_SAMPLES = 256
#: the column torch on CUDA gets where a GPU is there
TORCH_CUDA = "torch (CUDA)"
BACKENDS = ("numpy", "torch", "mlx", "dask")
DTYPES = ("float32", "float64")
COMPLEX_DTYPES = ("complex64", "complex128")
#: a complex dtype's component dtype
COMPONENT = {"complex64": "float32", "complex128": "float64"}


def backends() -> tuple[str, ...]:
    """The measured backends: :data:`BACKENDS`, and torch on CUDA where a GPU is there."""
    import torch

    return BACKENDS + ((TORCH_CUDA,) if torch.cuda.is_available() else ())


@dataclass(frozen=True)
class Range:
    """Inputs in ``[lo, hi]``: uniform, or (``log``) magnitudes log-uniform in ``[lo, hi]``
    with random signs unless ``positive``; ``near_pi2``: half of the points are the floats
    nearest ``k pi/2``, where trigonometric range reduction is hardest."""

    label: str
    lo: float
    hi: float
    log: bool = False
    positive: bool = False
    near_pi2: bool = False
    #: complex only: the real part is ``±(1 + t)`` with ``t`` drawn from the range (the branch
    #: points of the inverse functions, where ``log`` is near 0)
    near_one: bool = False

    def sample(self, rng: np.random.Generator, dtype: str) -> np.ndarray:
        """:data:`SAMPLES` points of ``dtype``; complex: :data:`COMPLEX_SAMPLES`, real and
        imaginary parts drawn independently from the range."""
        if dtype in COMPONENT:
            n, part = COMPLEX_SAMPLES, COMPONENT[dtype]
            re, im = self._draw(rng, n), self._draw(rng, n)
            if self.near_one:
                re = rng.choice([-1.0, 1.0], n) * (1 + re)
            re, im = re.astype(part), im.astype(part)
            return (re + 1j * im.astype(np.complex128)).astype(dtype)
        return self._draw(rng, SAMPLES).astype(dtype)

    def _draw(self, rng: np.random.Generator, n: int) -> np.ndarray:
        if self.log:
            x = 10.0 ** rng.uniform(np.log10(self.lo), np.log10(self.hi), n)
            if not self.positive:
                x = x * rng.choice([-1.0, 1.0], n)
        else:
            x = rng.uniform(self.lo, self.hi, n)
        if self.near_pi2:
            k = rng.integers(1, int(self.hi / (np.pi / 2)), n // 2)
            x[: n // 2] = k * (np.pi / 2) * rng.choice([-1.0, 1.0], n // 2)
        return x


NEAR0 = Range("near 0", 1e-8, 1.0, log=True)
TRIG = (NEAR0, Range("|x| <= 10", -10.0, 10.0), Range("|x| <= 1e6", 0, 1e6, near_pi2=True))
EXPS = (NEAR0, Range("|x| <= 80", -80.0, 80.0))
LOGS = (Range("[0.5, 2]", 0.5, 2.0), Range("1e-30 to 1e30", 1e-30, 1e30, log=True, positive=True))
WIDE = (NEAR0, Range("1e-8 <= |x| <= 1e8", 1e-8, 1e8, log=True))
UNIT = (NEAR0, Range("[-1, 1]", -1.0, 1.0))

#: function -> its ranges (one argument); binary functions below
UNARY: dict[str, tuple[Range, ...]] = {
    "sin": TRIG,
    "cos": TRIG,
    "tan": TRIG,
    "asin": UNIT,
    "acos": (Range("[-1, 1]", -1.0, 1.0),),
    "atan": WIDE,
    "sinh": EXPS,
    "cosh": (Range("|x| <= 80", -80.0, 80.0),),
    "tanh": (NEAR0, Range("|x| <= 10", -10.0, 10.0)),
    "asinh": WIDE,
    "acosh": (Range("[1, 2]", 1.0, 2.0), Range("1 to 1e8", 1.0, 1e8, log=True, positive=True)),
    "atanh": (NEAR0, Range("(-1, 1)", -0.999, 0.999)),
    "exp": EXPS,
    "expm1": EXPS,
    "log": LOGS,
    "log2": LOGS,
    "log10": LOGS,
    "log1p": (NEAR0, Range("1e-30 to 1e30", 1e-30, 1e30, log=True, positive=True)),
    "sqrt": (Range("1e-30 to 1e30", 1e-30, 1e30, log=True, positive=True),),
}
#: function -> pairs of (first argument's range, second's)
BINARY: dict[str, tuple[tuple[Range, Range], ...]] = {
    "atan2": ((NEAR0, NEAR0), (Range("[-10, 10]", -10.0, 10.0), Range("", -10.0, 10.0))),
    "hypot": ((NEAR0, NEAR0),
              (Range("1e-10 to 1e10", 1e-10, 1e10, log=True), Range("", 1e-10, 1e10, log=True))),
    # not near 0: see the page's note on logaddexp where its result is near 0
    "logaddexp": ((Range("|x| <= 80", -80.0, 80.0), Range("", -80.0, 80.0)),),
    "pow": ((Range("x in [1e-3, 1e3], y in [-10, 10]", 1e-3, 1e3, log=True, positive=True),
             Range("", -10.0, 10.0)),),
}  # fmt: skip
#: the complex ranges: each of the real and imaginary parts drawn from the range
CNEAR0 = Range("near 0", 1e-8, 1.0, log=True)
CBOX = Range("|re|, |im| <= 10", -10.0, 10.0)
CWIDE = Range("1e-8 <= |re|, |im| <= 1e8", 1e-8, 1e8, log=True)
CNEAR1 = Range("near ±1", 1e-8, 1e-2, log=True, near_one=True)
#: functions whose result cancels or that have a branch point at ±1
_AT_ONE = {"log", "asin", "acos", "acosh", "atanh"}
#: functions with a complex domain -> their complex ranges
COMPLEX: dict[str, tuple[Range, ...]] = {
    name: (CNEAR0, CBOX) if name in {"exp", "expm1", "sin", "cos", "tan", "sinh", "cosh", "tanh"}
    else (CNEAR0, CBOX, CWIDE, CNEAR1) if name in _AT_ONE
    else (CNEAR0, CBOX, CWIDE)
    for name in ("exp", "expm1", "log", "log1p", "sqrt", "sin", "cos", "tan", "sinh", "cosh",
                 "tanh", "asin", "acos", "atan", "asinh", "acosh", "atanh")
}  # fmt: skip
#: numpy's (and mlx's) name where it is not the standard's
_NUMPY_NAMES = {
    "asin": "arcsin",
    "acos": "arccos",
    "atan": "arctan",
    "asinh": "arcsinh",
    "acosh": "arccosh",
    "atanh": "arctanh",
    "atan2": "arctan2",
    "pow": "power",
}
#: notes on rows that stay above the bound (function, backend, dtype) -> why, with a link
KNOWN: dict[tuple[str, str, str], str] = {}


def reference(name: str, args: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray | None]:
    """The exact result of ``name`` at ``args``: as ``longdouble``, or mpmath's as the sum of
    two float64 arrays (the second ``None`` with ``longdouble``)."""
    if args[0].dtype.kind == "c":
        return _complex_reference(name, args[0])
    fn = getattr(np, _NUMPY_NAMES.get(name, name))
    if np.finfo(np.longdouble).nmant >= 63:
        with np.errstate(all="ignore"):
            return np.asarray(fn(*(a.astype(np.longdouble) for a in args))), None
    import mpmath  # type: ignore[import-untyped]  # longdouble is float64 here (Arm, Windows): the slow exact reference

    mp = {"asin": "asin", "acos": "acos", "atan": "atan", "atan2": "atan2", "pow": "power"}
    mpmath.mp.prec = 113
    f = getattr(mpmath, mp.get(name, name), None)
    if name == "hypot":
        f = lambda a, b: mpmath.sqrt(a * a + b * b)  # noqa: E731
    elif name == "logaddexp":
        f = lambda a, b: mpmath.log(mpmath.exp(a) + mpmath.exp(b))  # noqa: E731
    elif name == "log2":
        f = lambda a: mpmath.log(a, 2)  # noqa: E731
    elif name == "atan2":
        f = mpmath.atan2
    assert f is not None
    cols = [[mpmath.mpf(float(v)) for v in a] for a in args]
    exact = [f(*vs) for vs in zip(*cols)]
    hi = np.array([float(v) for v in exact], dtype=np.float64)
    lo = np.array([float(v - mpmath.mpf(h)) if np.isfinite(h) else 0.0 for v, h in zip(exact, hi)])
    return hi, lo


def _complex_reference(name: str, z: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """mpmath's ``name`` at complex ``z`` (200 bits: ``log1p`` near 0 and the inverse functions
    near their branch points lose bits to cancellation), as the sum of two complex128 arrays."""
    import mpmath

    f = getattr(mpmath, name)
    hi = np.empty(z.shape, np.complex128)
    lo = np.empty(z.shape, np.complex128)
    with mpmath.workprec(200):
        for i, v in enumerate(z.astype(np.complex128)):
            exact = f(mpmath.mpc(v.real, v.imag))
            hi[i] = h = complex(exact)
            lo[i] = complex(exact - mpmath.mpc(h.real, h.imag)) if np.isfinite(h) else 0
    return hi, lo


def complex_ulps(got: np.ndarray, want: np.ndarray, dtype: str, low: np.ndarray) -> np.ndarray:
    """``|got - exact| / |exact|`` in units of the component dtype's epsilon (its ULP of 1):
    the relative error of the complex result, as the real table's ULP of the exact result up
    to a factor of 2 (the same where ``|exact|`` is a power of 2, else up to 2x smaller).
    Points whose exact result overflows the component dtype are left out; a non-finite result
    where the exact one is finite counts as inf."""
    info = np.finfo(COMPONENT[dtype])
    size = np.abs(want)
    keep = np.isfinite(want) & (np.abs(want.real) <= info.max) & (np.abs(want.imag) <= info.max)
    got, want, low, size = got[keep].astype(np.complex128), want[keep], low[keep], size[keep]
    unit = np.maximum(size * float(info.eps), float(info.smallest_subnormal))
    with np.errstate(invalid="ignore"):
        err = np.abs((got - want) - low) / unit
    return np.where(np.isfinite(got), err, np.inf)


def ulps(
    got: np.ndarray, want: np.ndarray, dtype: str, low: np.ndarray | None = None
) -> np.ndarray:
    """``|got - (want + low)|`` in ULP of the exact result rounded to ``dtype``; points where it
    overflows ``dtype`` are left out, a non-finite result where it is finite counts as inf."""
    info = np.finfo(dtype)
    keep = np.isfinite(want) & (np.abs(want) <= info.max)
    want, got = want[keep], got[keep].astype(want.dtype)
    unit = np.spacing(np.abs(want.astype(dtype))).astype(want.dtype)
    unit = np.maximum(unit, np.asarray(info.smallest_subnormal, dtype=want.dtype))
    with np.errstate(invalid="ignore"):
        # got - want is exact where they are close (Sterbenz), then the low part counts
        err = np.abs((got - want) - (0.0 if low is None else low[keep])) / unit
    return np.where(np.isfinite(got), err, np.inf).astype(np.float64)


@dataclass(frozen=True)
class Measured:
    """One cell: the largest and the 99.9th-percentile error (ULP), and the native function's
    largest where ember's function is not the backend's own (else ``None``)."""

    worst: float
    p999: float
    native: float | None


def _namespace(backend: str) -> Any:
    return importlib.import_module(f"ember_array.{'torch' if backend == TORCH_CUDA else backend}")


_NATIVE = {b.name: b.native for b in _registry.BACKENDS}


def _native(backend: str, name: str) -> Callable[..., Any] | None:
    """The backend's own function (numpy's and mlx's names where they differ)."""
    if backend == "dask":
        return None
    if backend == TORCH_CUDA:
        backend = "torch"
    native = importlib.import_module(_NATIVE[backend])
    alias = name if backend == "torch" else _NUMPY_NAMES.get(name, name)
    return getattr(native, alias, None)


def _has(backend: str, dtype: str) -> bool:
    """Whether the backend has ``dtype`` (mlx has no complex128)."""
    xp = _namespace(backend)
    return dtype in xp.__array_namespace_info__().dtypes(kind="complex floating") or (
        dtype in DTYPES
    )


def _run(backend: str, fn: Callable[..., Any], args: Sequence[np.ndarray]) -> np.ndarray:
    """``fn`` on the backend's arrays of ``args``, read back as numpy."""
    xp = _namespace(backend)
    if backend == TORCH_CUDA:
        return fn(*(xp.asarray(a, device="cuda") for a in args)).cpu().numpy()  # type: ignore[no-any-return]
    out = fn(*(xp.asarray(a) for a in args))
    return np.asarray(out.compute() if backend == "dask" else out)


def measure(
    name: str,
    backend: str,
    dtype: str,
    args: Sequence[np.ndarray],
    exact: tuple[np.ndarray, np.ndarray | None] | None = None,
) -> Measured | None:
    """One cell: ``None`` where the backend has no ``dtype``; ``exact``: :func:`reference`'s
    result at ``args`` (computed here if not given)."""
    if not _has(backend, dtype):
        return None
    want, low = reference(name, args) if exact is None else exact
    fn = getattr(_namespace(backend), name)

    def errors(f: Callable[..., Any]) -> np.ndarray:
        got = _run(backend, f, args)
        if dtype in COMPONENT:
            assert low is not None
            return complex_ulps(got, want, dtype, low)
        return ulps(got, want, dtype, low)

    err = errors(fn)
    native = _native(backend, name)
    nat = None
    if native is not None and native is not fn:
        try:
            nat = float(np.max(errors(native), initial=0.0))
        except (TypeError, ValueError):  # the native function lacks the dtype (mx.expm1: complex)
            nat = None
    worst = float(np.max(err, initial=0.0))
    return Measured(worst, float(np.percentile(err, 99.9)) if err.size else 0.0, nat)


@dataclass(frozen=True)
class Row:
    name: str
    label: str
    dtype: str
    #: per backend; ``None`` where the backend has no such dtype
    cells: tuple[Measured | None, ...]


@dataclass(frozen=True)
class Case:
    """One row to measure: the function, its inputs' label, its arguments' ranges, the dtype."""

    name: str
    label: str
    ranges: tuple[Range, ...]
    dtype: str


def cases() -> list[Case]:
    """The page's rows, in its order: real (float32, float64), then complex."""
    real: list[tuple[str, str, tuple[Range, ...]]] = []
    for name, ranges in UNARY.items():
        real += [(name, r.label, (r,)) for r in ranges]
    for name, pairs in BINARY.items():
        real += [(name, a.label, (a, b)) for a, b in pairs]
    out = [Case(n, label, rs, dt) for n, label, rs in real for dt in DTYPES]
    for name, ranges in COMPLEX.items():
        out += [Case(name, r.label, (r,), dt) for r in ranges for dt in COMPLEX_DTYPES]
    return out


def run(backends: Sequence[str] = BACKENDS) -> list[Row]:
    rows: list[Row] = []
    for case in cases():
        rng = np.random.default_rng([SEED, len(rows)])
        args = [r.sample(rng, case.dtype) for r in case.ranges]
        exact = reference(case.name, args)
        cells = tuple(measure(case.name, b, case.dtype, args, exact) for b in backends)
        rows.append(Row(case.name, case.label, case.dtype, cells))
    return rows


def _fmt(v: float) -> str:
    return "inf" if v == np.inf else f"{v:.1f}" if v < 1e4 else f"{v:.1e}"


def _cell(m: Measured | None) -> str:
    if m is None:
        return "—"
    text = f"{_fmt(m.worst)} / {_fmt(m.p999)}"
    return f"**{text}**" if m.worst > BOUND else text


def _note(row: Row, backends: Sequence[str]) -> str:
    notes = []
    for b, m in zip(backends, row.cells):
        if m is None:
            continue
        if m.native is not None and m.native > BOUND and m.native > m.worst:
            notes.append(f"ember corrects {b} (native: {_fmt(m.native)})")
        if m.worst > BOUND:
            notes.append(KNOWN.get((row.name, b, row.dtype), f"{b} above the bound"))
    return "; ".join(notes)


def environment() -> str:
    """The library versions and the machine the page depends on (and a CUDA device, if any)."""
    import torch

    versions = [f"{b} {_registry_version(b)}" for b in BACKENDS]
    ld = np.finfo(np.longdouble).nmant
    cuda = f"; CUDA: {torch.cuda.get_device_name()}" if torch.cuda.is_available() else ""
    return f"{', '.join(versions)}; {platform.machine()}; longdouble {ld + 1}-bit significand{cuda}"


def _registry_version(backend: str) -> str:
    from importlib.metadata import version

    return version(backend)


def _table(rows: Sequence[Row], backends: Sequence[str]) -> list[str]:
    lines = [
        "| function | inputs | dtype | " + " | ".join(backends) + " | note |",
        "|---|---|---|" + "---:|" * len(backends) + "---|",
    ]
    for r in rows:
        cells = " | ".join(_cell(m) for m in r.cells)
        label = r.label.replace("|", "\\|")
        lines.append(f"| `{r.name}` | {label} | {r.dtype} | {cells} | {_note(r, backends)} |")
    return lines


def render(rows: Sequence[Row], backends: Sequence[str] = BACKENDS) -> str:
    """The page: text only (the plot is drawn apart, where matplotlib is installed)."""
    over = [r for r in rows if any(m is not None and m.worst > BOUND for m in r.cells)]
    real = [r for r in rows if r.dtype not in COMPONENT]
    complex_ = [r for r in rows if r.dtype in COMPONENT]
    cuda = (
        "torch on CUDA is measured where `torch.cuda.is_available()` (a column of its own); "
        if TORCH_CUDA in backends
        else "torch on CUDA is not in this table: no GPU where it was made (the command adds "
        "its column where `torch.cuda.is_available()`); "
    )
    lines = [
        "# Accuracy",
        "",
        "<!-- generated by `python -m conformance.accuracy`; do not edit -->",
        "",
        "Error of each element-wise function in units of the last place (ULP) of the exact "
        "result (for complex dtypes relative to its magnitude: see *Complex dtypes*), "
        f"as **largest / 99.9th percentile** over {SAMPLES} points per range and dtype "
        f"({COMPLEX_SAMPLES} for complex dtypes; seed {SEED}), measured on ember_array's "
        "namespaces. The exact result is numpy's 80-bit `longdouble` (its own error is ~1/2048 "
        "of a float64 ULP); for complex dtypes mpmath at 200 bits. Points where the exact "
        "result overflows the dtype are left out; a non-finite result where the exact one is "
        f"finite counts as inf. Bold: above the bound of {BOUND:g} ULP. "
        "A note says where ember replaces a backend's own function whose error is above the "
        "bound (with the native error), and why a row stays above it. "
        f"{cuda}mlx computes on its default device (the CPU here), and has no complex128 (—). "
        "The table holds on the machine and versions it was made with: vectorised math "
        "libraries (numpy's SIMD loops, mlx's GPU) can differ on others.",
        "",
        f"Made with: {environment()}.",
        "",
        f"Rows above the bound: {len(over)} of {len(rows)}.",
        "",
        "![Largest error per function and backend, float32 and complex64 (log scale)]"
        "(_static/accuracy.svg)",
        "",
        "The plot (drawn by the same command where matplotlib is installed): the largest error "
        "of each function over its ranges, float32 and complex64, per backend; faint bars: "
        "the backend's own function where ember_array replaces it.",
        "",
        "## Real dtypes",
        "",
        *_table(real, backends),
        "",
        "Ranges: *near 0* is magnitudes log-uniform in [1e-8, 1] with both signs (both "
        "arguments so for `atan2` and `hypot`); *|x| <= 1e6* for `sin`/`cos`/`tan` puts half "
        "its points on the floats nearest k pi/2, where a short range reduction loses the most. "
        "Not in the ranges: `logaddexp` where its result is near 0 (both arguments in about "
        "[-2, 1], where `log(exp(x1) + exp(x2))` is near 0). There `max + log1p(exp(-|x1 - "
        "x2|))`, the form numpy, torch, mlx and ember use, adds two terms that cancel, so its "
        "error relative to the result grows without bound as the result nears 0 (measured at "
        "5,000 points with both arguments uniform in [-1, 0]: ~2,000 ULP in float32 and "
        "~10,000 ULP in float64, at results ~1e-4, on every backend). Working precision cannot "
        "hold a relative bound there; no upstream issue is known.",
        "",
        "## Complex dtypes",
        "",
        "The error of a complex result `w` (exact) computed as `c` is its relative error in "
        "ULPs of 1 of the component dtype: `|c - w| / (|w| eps)`, eps = 2⁻²³ for complex64 "
        "and 2⁻⁵² for complex128 (`finfo(float32).eps`, `finfo(float64).eps`). It bounds "
        "the error of the larger component; a component much smaller than the other can have "
        "a larger error relative to itself (the normwise measure of complex libraries' "
        "accuracy claims). Where `|w|` is a power of 2 it is the real table's ULP of `|w|`, "
        "elsewhere up to 2x smaller. Ranges: the real and the imaginary part each drawn "
        "from the range: *near 0* as above, *|re|, |im| <= 10* uniform, *1e-8 <= |re|, |im| "
        "<= 1e8* log-uniform with both signs; *near ±1* (the branch points of `asin`, "
        "`acos`, `acosh`, `atanh`, and where `log` is near 0) the real part ±(1 + t) and the "
        "imaginary part t, each t log-uniform in [1e-8, 1e-2] with both signs.",
        "",
        *_table(complex_, backends),
        "",
        "[`ember_array.testing.assert_close`](guides/testing.md) defaults to tolerances that "
        "this table lets every backend meet.",
        "",
    ]
    return "\n".join(lines)


def plot(rows: Sequence[Row], backends: Sequence[str] = BACKENDS, path: Path = PLOT) -> bool:
    """Draw the largest error per function and backend (float32 and complex64, worst over the
    ranges, log scale; faint: the backend's own function where ember replaces it and it is
    worse) into ``path`` as a reproducible SVG with ``docs/plots.py``'s settings; ``False``
    (nothing drawn) where matplotlib is not installed."""
    if importlib.util.find_spec("matplotlib") is None:
        return False
    spec = importlib.util.spec_from_file_location("_docs_plots", ROOT / "docs" / "plots.py")
    assert spec is not None
    assert spec.loader is not None
    plots = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plots)  # Agg backend, fixed SVG hash salt
    plt, ticker = plots.plt, plots.ticker
    panels = [(d, [r for r in rows if r.dtype == d]) for d in ("float32", "complex64")]
    names = [list(dict.fromkeys(r.name for r in rs)) for _, rs in panels]
    height = 0.8 / len(backends)
    fig, axes = plt.subplots(1, 2, figsize=(10, 0.1 * max(map(len, names)) * len(backends) + 1.4))
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    floor = 0.1  # a cell of 0.0 ULP still gets a visible bar
    for ax, (dtype, rs), fnames in zip(axes, panels, names):
        for j, b in enumerate(backends):
            ys, vals, natives = [], [], []
            for i, name in enumerate(fnames):
                cells = [m for r in rs if r.name == name and (m := r.cells[j]) is not None]
                if cells:
                    ys.append(i + (j - (len(backends) - 1) / 2) * height)
                    vals.append(max(floor, *(m.worst for m in cells)))
                    natives.append(max(floor, *(m.native or 0.0 for m in cells)))
            color = colors[j % len(colors)]
            worse = [(y, n) for y, n, v in zip(ys, natives, vals) if n > v]  # the rest is hidden
            ax.barh([y for y, _ in worse], [n for _, n in worse], height=height, color=color,
                    alpha=0.3, linewidth=0)  # fmt: skip
            ax.barh(ys, vals, height=height, color=color, label=b)
        ax.axvline(BOUND, color="black", linestyle="--", linewidth=1)
        ax.set_xscale("log")
        ax.set_xlim(left=floor)
        ax.xaxis.set_major_locator(ticker.LogLocator(numticks=7))
        ax.xaxis.set_major_formatter(
            ticker.FuncFormatter(lambda v, _: f"{v:g}" if v < 1e4 else f"1e{np.log10(v):.0f}")
        )
        ax.set_yticks(range(len(fnames)), fnames)
        ax.set_ylim(len(fnames) - 0.5, -0.5)
        unit = "ULP" if dtype == "float32" else "relative, in ULPs of 1"
        ax.set_xlabel(f"largest error ({unit}); dashed: the bound, {BOUND:g}")
        ax.set_title(f"{dtype}: ember_array (faint: the backend's own)", fontsize="medium")
    axes[1].legend(loc="lower right", fontsize="small")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    with plt.rc_context({"svg.fonttype": "none"}):  # text as text: a smaller checked-in file
        fig.savefig(path, metadata=plots.SVG_METADATA)
    plt.close(fig)
    return True


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conformance.accuracy", description=__doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 if the page is stale")
    args = parser.parse_args(argv)
    measured = backends()
    rows = run(measured)
    page = render(rows, measured)
    if args.check:
        if PAGE.read_text() != page:
            print(f"docs/accuracy.md is stale: {REGENERATE}", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(page)
    print(f"wrote {PAGE.relative_to(ROOT)}")
    if plot(rows, measured):
        print(f"wrote {PLOT.relative_to(ROOT)}")
    else:
        print(
            f"{PLOT.relative_to(ROOT)} left as it is: matplotlib is not installed", file=sys.stderr
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

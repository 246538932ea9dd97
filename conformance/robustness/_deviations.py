"""Failures ember_array cannot fix: the backend's own array object answers them.

Without ``ember_array.mlx.install()``, and always for numpy arrays, torch tensors and dask
arrays, the Python operators, indexing and attributes of an array are the library's own: ember_array
is not called. Their crashes and wrong answers are recorded as ``deviation`` (listed in
``docs/robustness.md`` with the native behaviour and the upstream issue), not counted as
ember_array's failures. Everything ember_array itself runs (the namespaces, the shims, and
the mlx array after ``install()``) has no entry here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ._generate import Case
from ._result import Result

NO_ISSUE = "no upstream issue found"


@dataclass(frozen=True)
class Deviation:
    """Failures matching ``group``, ``target`` and ``label`` (regular expressions)."""

    what: str
    group: str
    target: str
    label: str
    native: str
    link: str
    #: The native operation writes outside an array's memory: its cases run in a worker of
    #: their own (:func:`memory_unsafe`), so that they cannot break the cases after them.
    unsafe: bool = False

    def matches(self, r: Result) -> bool:
        return self.matches_case(r.case)

    def matches_case(self, case: Case) -> bool:
        return bool(
            re.fullmatch(self.group, case.group)
            and re.fullmatch(self.target, case.target)
            and re.fullmatch(self.label, case.label)
        )


_MLX_NATIVE = "mlx"  # the group of mlx arrays without install(): mx.array's own operators

DEVIATIONS: tuple[Deviation, ...] = (
    Deviation(
        "`x[i]`, `x[i] = v` with an out-of-range Python int",
        _MLX_NATIVE,
        r"op\.(get|set)item",
        r"\[-?\d+\].*",
        "`mx.array` does not check integer indices: out of range it reads or writes outside the "
        "array (garbage, or SIGSEGV)",
        "https://github.com/ml-explore/mlx/issues/206 (by design: https://github.com/ml-explore/mlx/issues/2130)",
        unsafe=True,
    ),
    Deviation(
        "`x[idx]`, `x[idx] = v` with an integer array holding out-of-range indices",
        _MLX_NATIVE,
        r"op\.(get|set)item",
        r"\[(neg )?oob int array\].*",
        "`mx.array` gathers and scatters do not check indices: they read garbage or write "
        "outside the array (a later operation crashes)",
        "https://github.com/ml-explore/mlx/issues/2130",
        unsafe=True,
    ),
    Deviation(
        "`x[::0]`, `x[::0] = v`",
        _MLX_NATIVE,
        r"op\.(get|set)item",
        r"\[::0\].*",
        "`mx.array` slicing with step 0 divides by zero (SIGFPE)",
        NO_ISSUE,
    ),
    Deviation(
        "`x += y` (and every in-place operator) where `y` broadcasts `x` to a larger shape",
        _MLX_NATIVE,
        r"op\.i\w+",
        r"\(2,3,4\)",
        "`mx.array` in-place operators rebind to the broadcast result, so `x += y` can change "
        "`x`'s shape",
        NO_ISSUE,
    ),
    Deviation(
        "`x += y` (and every in-place operator) where `y` broadcasts `x` to a larger shape",
        "dask",
        r"op\.i\w+",
        r"\(2,3,4\)",
        "`dask.array.Array` in-place operators rebind to the broadcast result, so `x += y` can "
        "change `x`'s shape (numpy raises `ValueError`)",
        NO_ISSUE,
    ),
    Deviation(
        "`x[float_array]`",
        "dask",
        r"op\.getitem",
        r"\[float array\].*",
        "`dask.array.Array.__getitem__` computes a floating index array while building the "
        "graph (to refuse it)",
        NO_ISSUE,
    ),
    Deviation(
        "`x[..., ...]`",
        "torch",
        r"op\.(get|set)item",
        r"\[\.\.\., \.\.\.\].*",
        "torch accepts several ellipses in one index",
        "https://github.com/pytorch/pytorch/issues/59787",
    ),
    Deviation(
        "`x.size`",
        "torch",
        r"attr\.size",
        r".*",
        "`torch.Tensor.size` is a method returning the shape, not the number of elements "
        "(use `ember_array.size(x)`)",
        "https://github.com/pytorch/pytorch/issues/58741",
    ),
    Deviation(
        "`x.mT` of a 0-d or 1-d tensor",
        "torch",
        r"attr\.mT",
        r"shape=\(\)|shape=\(\d+,\)",
        "`torch.Tensor.mT` of a 0-d or 1-d tensor returns the tensor instead of raising",
        NO_ISSUE,
    ),
    Deviation(
        "`x == ndarray`, `x != ndarray`",
        "torch",
        r"op\.(eq|ne)",
        r"numpy-array",
        "`tensor == ndarray` / `!=` return a Python bool (torch's comparison with an unknown "
        "type), not an elementwise array",
        NO_ISSUE,
    ),
)

FAILURES = ("crash", "hang", "wrong")


def memory_unsafe(case: Case) -> bool:
    """Whether ``case`` runs a native operation that writes outside an array's memory."""
    return any(d.unsafe and d.matches_case(case) for d in DEVIATIONS)


def apply(results: list[Result]) -> list[Result]:
    """``results`` with each failure a deviation explains turned into ``deviation``."""
    out = []
    for r in results:
        if r.outcome in FAILURES:
            d = next((d for d in DEVIATIONS if d.matches(r)), None)
            if d is not None:
                r = Result(r.case, "deviation", f"{r.outcome}: {r.detail}")
        out.append(r)
    return out


def explain(r: Result) -> Deviation | None:
    """The deviation behind a ``deviation`` result."""
    return next((d for d in DEVIATIONS if d.matches(r)), None)


#: Native causes of failures in ember_array's own functions, with their upstream issues:
#: ember_array must still guard these (they stay failures); the docs name the cause.
UPSTREAM: tuple[Deviation, ...] = (
    Deviation(
        "`svd`, `pinv` of a matrix holding infinity",
        r"numpy|torch|mlx",
        r"linalg\.(svd|pinv|svdvals|matrix_rank|matrix_norm)",
        r"values=(inf|mixed)",
        "LAPACK `gesdd` loops for ever on infinite input",
        "https://github.com/numpy/numpy/issues/32591, https://github.com/numpy/numpy/issues/7461",
    ),
    Deviation(
        "`eig`, `eigvals` of a matrix holding NaN or infinity",
        r"torch",
        r"linalg\.eig(vals)?",
        r"values=.*",
        "MKL `geev` rejects non-finite input and the process dies (SIGSEGV)",
        "https://github.com/pytorch/pytorch/issues/93124, "
        "https://github.com/pytorch/pytorch/issues/121149",
    ),
    Deviation(
        "`eig`, `eigvals` of a matrix holding NaN or infinity",
        r"mlx",
        r"linalg\.eig(vals)?",
        r"values=.*",
        "LAPACK `geev` on non-finite input: mlx's CPU path ends the process (status 0 or SIGSEGV)",
        "https://github.com/OpenMathLib/OpenBLAS/issues/5250 (no mlx issue found)",
    ),
    Deviation(
        "`diff(x, n=huge)`",
        r"numpy|torch",
        r"diff",
        r"\d{10,}",
        "`np.diff`/`torch.diff` difference `n` times even when `n` exceeds the axis length",
        "https://github.com/numpy/numpy/pull/31897 (closed, not merged)",
    ),
)


def upstream(r: Result) -> Deviation | None:
    """The native cause of a failure of ember_array's own code, if one is known."""
    return next((d for d in UPSTREAM if d.matches(r)), None)


#: Native limits behind the valid-array calls some backend still cannot compute (listed on
#: ``docs/robustness.md`` under the agreement table), with their upstream issues.
LIMITS: tuple[Deviation, ...] = ()


def limit(r: Result) -> Deviation | None:
    """The native limit behind a backend's error on a valid-array call, if one is known."""
    return next((d for d in (*LIMITS, *UPSTREAM) if d.matches(r)), None)

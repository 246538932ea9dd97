"""Guards written once over ``xp``: inputs that make native kernels crash or loop forever.

- LAPACK's eigenvalue and SVD drivers are not safe on non-finite input: ``geev``/``gebal`` abort
  the process (mlx exits with status 0, torch/MKL segfaults) and ``gesdd`` can loop forever
  (numpy, torch, mlx). :func:`finite_or_nan` runs the decomposition on a finite stand-in and
  returns NaN for every matrix that held a NaN or infinity -- lazily, without a host sync.
- ``diff`` with a huge ``n`` loops ``n`` times in numpy and torch; :func:`diff_order` clamps it
  to the length of the axis, past which every difference is empty anyway.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from numbers import Real
from typing import Any, TypeVar

from ._scalars import index_value

_R = TypeVar("_R")

__all__ = [
    "checked_diff",
    "checked_matrix_power",
    "diff_order",
    "finite_or_nan",
    "nan_without_dof",
    "without_dof",
]


def _poison(
    xp: Any, out: Any, ok: Any, core_ndim: int, column_major: bool = False, total: Any = None
) -> Any:
    """``out`` where ``ok`` (one flag per matrix of the input, shape ``(..., 1, 1)``), NaN
    elsewhere; ``total`` is the flag as a number (0, or NaN where not ``ok``)."""
    if column_major and xp.isdtype(out.dtype, "real floating"):
        # out - 0 is out bit for bit (-0.0 included), out - NaN is NaN: the flag folds into one
        # kernel with the subtraction, where a select needs the flag as a separate mask node
        t = total if core_ndim == 2 else total[..., 0] if core_ndim == 1 else total[..., 0, 0]
        if core_ndim != 2 or out.shape[-1] <= _ROW_MAJOR_UP_TO:
            return out - xp.abs(t)
        return _swap(xp, _swap(xp, out) - xp.abs(t))  # column-major kept, as below
    mask = ok if core_ndim == 2 else ok[..., 0] if core_ndim == 1 else ok[..., 0, 0]
    # a NaN constant, not out * nan: the gradient through out * nan is NaN everywhere. Real for
    # complex output (where promotes it): mlx's compiler cannot emit a complex constant
    dt = out.dtype
    if xp.isdtype(dt, "complex floating"):
        dt = xp.float32 if dt == xp.complex64 else xp.float64
    nan = xp.asarray(float("nan"), dtype=dt)
    if column_major and core_ndim == 2:
        # the select of the transpose, transposed back: a column-major matrix stays so (a
        # row-major select of it made mlx's 4000 x 64 @ eigenvector columns 5% slower)
        return _swap(xp, xp.where(mask, _swap(xp, out), nan))
    return xp.where(mask, out, nan)


#: Matrices up to this order leave the guard row-major (two transposes fewer: mlx's 8 x 8 pca
#: step 21 graph nodes instead of 23); larger ones keep LAPACK's column-major layout (a
#: row-major 64 x 64 made the 4000 x 64 pca step ~5% slower)
_ROW_MAJOR_UP_TO = 32


def _swap(xp: Any, x: Any) -> Any:
    return xp.swapaxes(x, -1, -2)


# LAPACK: geev/gebal abort the process on non-finite input and xGESDD/xBDSQR loop forever on inf;
# https://github.com/Reference-LAPACK/lapack/issues/1409
def finite_or_nan(
    xp: Any, core_ndims: int | tuple[int, ...], *, column_major: bool = False
) -> Callable[[Callable[..., Any]], Any]:
    """Decorate a matrix decomposition ``f(x, /, **kw)`` so non-finite input gives NaN.

    ``core_ndims`` is the number of trailing (non-batch) axes of each output: ``1`` for
    ``eigvals``, ``(2, 1, 2)`` for ``svd``. Matrices without NaN/inf are untouched.
    ``column_major``: ``f``'s matrices come in LAPACK's column-major layout (mlx keeps it), and
    keep it through the guard.
    """

    def decorate(f: Callable[..., Any]) -> Any:
        @wraps(f)
        def guarded(x: Any, /, **kwargs: Any) -> Any:
            if getattr(x, "ndim", 0) < 2 or 0 in tuple(x.shape[-2:]):
                return f(x, **kwargs)
            # 0 for a matrix of finite entries, NaN for one holding NaN or inf (inf * 0 is NaN):
            # two graph nodes, where isfinite, all and logical_not took four
            total = xp.sum(x * 0, axis=(-2, -1), keepdims=True)
            ok = total == total  # (..., 1, 1)
            out = f(xp.where(ok, x, 0), **kwargs)
            if isinstance(core_ndims, int):
                return _poison(xp, out, ok, core_ndims, column_major, total)
            parts = [_poison(xp, o, ok, k, column_major, total) for o, k in zip(out, core_ndims)]
            if hasattr(out, "_fields"):  # a NamedTuple
                return type(out)(*parts)
            return tuple(parts) if type(out) is tuple else type(out)(parts)  # torch structseq

        return guarded

    return decorate


def diff_order(func: str, backend: str, n: Any, length: int) -> int:
    """``n`` checked (a non-negative int: a numpy integer or a 0-d integer array too, as numpy
    takes it) and clamped to ``length``. A 0-d array is read (an mlx array evaluated, a dask
    graph computed): the result's shape depends on it."""
    if type(n) is not int:
        n = index_value(n)  # a numpy integer or a 0-d integer array: its Python value
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"{func} [{backend}]: n must be an int, got {type(n).__name__}")
    if n < 0:
        raise ValueError(f"{func} [{backend}]: n must be >= 0, got {n}")
    return min(n, length)


def checked_matrix_power(func: Callable[..., Any], backend: str) -> Callable[..., Any]:
    """``matrix_power`` with ``n`` checked: torch loops forever on ``-2**63`` (its negation
    overflows int64)."""

    @wraps(func)
    def matrix_power(x: Any, n: int, /) -> Any:
        if isinstance(n, bool) or not isinstance(n, int):
            raise TypeError(
                f"matrix_power [{backend}]: n must be a Python int, got {type(n).__name__}"
            )
        if not -(2**63) < n < 2**63:
            raise ValueError(f"matrix_power [{backend}]: n={n} is outside int64's range")
        return func(x, n)

    return matrix_power


def checked_diff(func: Callable[..., _R], backend: str) -> Callable[..., _R]:
    """``diff`` with ``n`` checked and clamped (numpy and torch loop ``n`` times, so
    ``n=2**40`` never returns; past the axis length every difference is empty)."""

    @wraps(func)
    def diff(
        x: Any, /, *, axis: int = -1, n: int = 1, prepend: Any = None, append: Any = None
    ) -> _R:
        shape = tuple(getattr(x, "shape", ()))
        if (
            isinstance(axis, int)
            and not isinstance(axis, bool)
            and -len(shape) <= axis < len(shape)
        ):
            extra = sum(
                (tuple(e.shape)[axis] if getattr(e, "ndim", 0) else 1)
                for e in (prepend, append)
                if e is not None
            )
            n = diff_order("diff", backend, n, shape[axis] + extra)
        # numpy.diff takes prepend=None as a value to prepend: pass only what was given
        extras = {k: v for k, v in (("prepend", prepend), ("append", append)) if v is not None}
        try:
            return func(x, axis=axis, n=n, **extras)
        except TypeError:
            if type(axis) is not bool:
                raise
            # torch refuses axis=True: read as 1, as numpy reads it, once it has refused
            return diff(x, axis=int(axis), n=n, prepend=prepend, append=append)

    return diff


def without_dof(x: Any, axis: Any, correction: Any) -> bool:
    """Whether ``N - correction <= 0`` for a reduction of ``x`` over ``axis`` (the standard's
    NaN); only a positive Python ``correction`` costs a shape computation."""
    if type(correction) not in (int, float):
        if not isinstance(correction, Real):  # a numpy scalar counts as its value
            return False
        correction = float(correction)
    if not correction > 0:
        return False
    if type(axis) is int:  # the common case, without a tuple made
        return bool(x.shape[axis] - correction <= 0)
    shape = tuple(x.shape)
    axes = range(len(shape)) if axis is None else (axis,) if isinstance(axis, int) else axis
    n = 1
    for a in axes:
        n *= shape[a]
    return bool(n - correction <= 0)


def nan_without_dof(func: Callable[..., Any]) -> Callable[..., Any]:
    """``var``/``std`` that give NaN where ``N - correction <= 0``, as the standard says
    (numpy and torch divide by ``max(N - correction, 0)`` and answer inf). Only a positive
    Python ``correction`` costs a shape computation."""

    @wraps(func)
    def reduction(
        x: Any,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        correction: int | float = 0.0,
        keepdims: bool = False,
    ) -> Any:
        out = func(x, axis=axis, correction=correction, keepdims=keepdims)
        return out * float("nan") if without_dof(x, axis, correction) else out

    return reduction

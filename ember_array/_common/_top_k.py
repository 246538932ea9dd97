"""``top_k`` of the 2026.12 draft (data-apis/array-api#722), written once over ``xp``.

The order ember_array gives on every backend: for ``mode="largest"`` the values largest first,
for ``"smallest"`` smallest first; equal values in order of their index (lower first), so the
result is the first ``k`` of ``argsort(x, descending=mode == "largest", stable=True)``; NaN is
ordered as ``sort`` orders it (after every number ascending, before every number descending).

Each backend brings a selection kernel (:data:`Select`: ``np.argpartition``, ``torch.topk``,
``mx.argpartition``) that finds *a* set of ``k`` best elements in linear time. Such a set is
right except where values equal to the ``k``-th best one straddle the cut: the kernels keep any
of them, the standard's order keeps the lowest indices. :func:`top_k` repairs that with the
same kernel on an integer key (no data read, so it stays lazy and traceable), then sorts the
``k`` chosen elements. The values are gathered from ``x`` with ``take_along_axis``, so
gradients flow to the elements chosen.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from .._markers import wraps_native

__all__ = [
    "Eager",
    "Place",
    "Select",
    "always",
    "TopKArgs",
    "check_top_k",
    "make_top_k",
    "sort_select",
    "top_k_last",
    "top_k_over",
]

#: ``place(y)``: the device of ``y`` for a creation function's ``device=`` (None: the default,
#: right on one-device backends: numpy, mlx's unified memory).
Place = Callable[[Any], Any]

#: ``eager(y)``: whether ``y``'s values can be read on the host now (see :func:`top_k_last`).
Eager = Callable[[Any], bool]

#: ``select(y, k, largest)``: int64 indices, on ``y``'s last axis, of ``k`` elements no other
#: element of that axis beats (NaN counts as the greatest), in any order; ``1 <= k <= n``.
Select = Callable[[Any, int, bool], Any]

MODES = ("largest", "smallest")


@dataclass(frozen=True)
class TopKArgs:
    """``top_k``'s checked arguments: ``axis`` normalised (None: the flattened array)."""

    k: int
    axis: int | None
    largest: bool


def check_top_k(xp: ModuleType, x: Any, k: Any, axis: Any, mode: Any, backend: str) -> TopKArgs:
    """Check ``top_k``'s arguments against ``x``; errors name the function and backend.

    Raises
    ------
    TypeError
        For a bool or complex ``x``, a ``k`` or ``axis`` that is not an int.
    ValueError
        For an unknown ``mode``, an axis out of range, ``k < 0`` or ``k`` larger than the axis.
    """
    where = f"top_k() [{backend}]"
    if not xp.isdtype(x.dtype, ("integral", "real floating")):
        raise TypeError(f"{where}: x must have a real integer or floating dtype, got {x.dtype}")
    if isinstance(k, bool) or not hasattr(type(k), "__index__"):
        raise TypeError(f"{where}: k must be an int, got {type(k).__name__}")
    k = operator.index(k)
    if mode not in MODES:
        raise ValueError(f"{where}: mode must be 'largest' or 'smallest', got {mode!r}")
    ndim = len(x.shape)
    n: int | None
    if axis is None:
        known = all(d is not None and d == d for d in x.shape)  # dask: nan for unknown sizes
        n = math.prod(x.shape) if known else None
    else:
        if isinstance(axis, bool) or not hasattr(type(axis), "__index__"):
            raise TypeError(f"{where}: axis must be an int or None, got {type(axis).__name__}")
        axis = operator.index(axis)
        if not -ndim <= axis < ndim or ndim == 0:
            raise ValueError(f"{where}: axis {axis} is out of range for a {ndim}-d array")
        axis %= ndim
        n = x.shape[axis]
    if n is None or n != n:  # an unknown size (dask chunks of unknown length)
        raise ValueError(f"{where}: the size of the axis must be known, got {n}")
    if not 0 <= k <= n:
        raise ValueError(f"{where}: k must be in [0, {n}] (the size of the axis), got {k}")
    return TopKArgs(k, axis, mode == "largest")


def sort_select(xp: ModuleType) -> Select:
    """The selection by a stable full sort: right for any namespace, in O(n log n)."""

    def select(y: Any, k: int, largest: bool) -> Any:
        return xp.argsort(y, axis=-1, descending=largest, stable=True)[..., :k]

    return select


def _index(xp: ModuleType) -> Any:
    """The namespace's default index dtype (int64 on every ember_array namespace)."""
    return xp.__array_namespace_info__().default_dtypes()["indexing"]


def _beats(xp: ModuleType, a: Any, t: Any, largest: bool, floating: bool) -> Any:
    """Whether ``a`` comes strictly before ``t`` in the order (NaN the greatest)."""
    if largest:
        better = xp.greater(a, t)
        if floating:
            better = xp.logical_or(better, xp.logical_and(xp.isnan(a), xp.logical_not(xp.isnan(t))))
    else:
        better = xp.less(a, t)
        if floating:
            better = xp.logical_or(better, xp.logical_and(xp.logical_not(xp.isnan(a)), xp.isnan(t)))
    return better


def _ties(xp: ModuleType, a: Any, t: Any, floating: bool) -> Any:
    """Whether ``a`` equals ``t`` in the order (NaN equal to NaN)."""
    eq = xp.equal(a, t)
    if floating:
        eq = xp.logical_or(eq, xp.logical_and(xp.isnan(a), xp.isnan(t)))
    return eq


def _ordered(xp: ModuleType, y: Any, idx: Any, largest: bool) -> Any:
    """``idx`` (a set of indices on ``y``'s last axis) in the standard's order."""
    idx = xp.sort(idx, axis=-1)  # index order first, so the stable sort keeps ties by index
    order = xp.argsort(
        xp.take_along_axis(y, idx, axis=-1), axis=-1, descending=largest, stable=True
    )
    return xp.take_along_axis(idx, order, axis=-1)


def _nowhere(y: Any) -> None:
    return None


def _never(y: Any) -> bool:
    return False


def always(y: Any) -> bool:
    """:data:`Eager` of a backend that computes now (numpy, a dask chunk)."""
    return True


def top_k_last(
    xp: ModuleType,
    y: Any,
    k: int,
    largest: bool,
    select: Select,
    *,
    eager: Eager = _never,
    place: Place = _nowhere,
) -> Any:
    """The indices of ``top_k`` on ``y``'s last axis, in the order of the module docstring.

    ``eager(y)``: whether ``y``'s values can be read now at no cost to laziness or tracing
    (numpy; a torch CPU tensor outside compile and torch.func): then one boolean read skips
    the repair when no tie straddles the cut (float data, nearly always); elsewhere the
    repair always runs, with no data read.
    """
    n = y.shape[-1]
    dev = place(y)
    itype = _index(xp)
    # k + 1 candidates (below n): the (k+1)-th best says whether ties straddle the cut
    m = k + 1 if k < n else k
    cand = xp.astype(select(y, m, largest), itype, copy=False)
    if k == n:
        return _ordered(xp, y, cand, largest)
    floating = xp.isdtype(y.dtype, "real floating")
    cv = xp.take_along_axis(y, cand, axis=-1)
    order = xp.argsort(cv, axis=-1, descending=largest, stable=True)
    cand = xp.take_along_axis(cand, order, axis=-1)
    cv = xp.take_along_axis(cv, order, axis=-1)
    # the k-th best value of each row, and the (k+1)-th
    t, after = cv[..., k - 1 : k], cv[..., k : k + 1]
    cand, cv = cand[..., :k], cv[..., :k]
    if eager(y) and not bool(xp.any(_ties(xp, after, t, floating))):
        return _ordered(xp, y, cand, largest)  # no tie at the cut: the k best are these
    better = _beats(xp, cv, t, largest, floating)
    need = k - xp.sum(xp.astype(better, itype), axis=-1, keepdims=True)
    ties = _ties(xp, y, t, floating)
    # The kernel kept `need` of the ties, perhaps not the first ones: the first `k` ties by
    # index are the k largest of the key n - index (0 off the ties), found by the same kernel.
    key = xp.where(
        ties, n - xp.arange(n, dtype=itype, device=dev), xp.zeros((), dtype=itype, device=dev)
    )
    first = xp.astype(select(key, k, True), itype, copy=False)
    first = xp.take_along_axis(
        first,
        xp.argsort(xp.take_along_axis(key, first, axis=-1), axis=-1, descending=True, stable=True),
        axis=-1,
    )
    slot = xp.arange(k, dtype=itype, device=dev)
    off = xp.full((), n, dtype=itype, device=dev)  # after every index: sorts last, dropped
    kept = xp.concat(
        [xp.where(better, cand, off), xp.where(xp.less(slot, need), first, off)], axis=-1
    )
    return _ordered(xp, y, xp.sort(kept, axis=-1)[..., :k], largest)


def top_k_over(
    xp: ModuleType,
    x: Any,
    k: Any,
    axis: Any,
    mode: Any,
    *,
    backend: str,
    select: Select,
    eager: Eager = _never,
    constant: Callable[[Any], Any] | None = None,
    place: Place = _nowhere,
) -> tuple[Any, Any]:
    """``top_k`` for the namespace ``xp`` with the selection kernel ``select``.

    ``constant``: the backend's stop-gradient (mlx refuses a vjp through a gather whose
    indices depend on the input): the indices are found on ``constant(x)``, the values
    gathered from ``x``, so gradients reach exactly the elements chosen.

    Returns
    -------
    tuple of arrays
        ``(values, indices)``, shaped as ``x`` with ``axis`` of size ``k`` (1-D for
        ``axis=None``, the indices then pointing into the flattened ``x``).
    """
    args = check_top_k(xp, x, k, axis, mode, backend)
    y = xp.reshape(x, (-1,)) if args.axis is None else xp.moveaxis(x, args.axis, -1)
    if args.k == 0:
        idx = xp.zeros((*y.shape[:-1], 0), dtype=_index(xp), device=place(y))
    else:
        found = y if constant is None else constant(y)
        idx = top_k_last(xp, found, args.k, args.largest, select, eager=eager, place=place)
    values = xp.take_along_axis(y, idx, axis=-1)
    if args.axis is not None:
        values = xp.moveaxis(values, -1, args.axis)
        idx = xp.moveaxis(idx, -1, args.axis)
    return values, idx


def make_top_k(
    xp: ModuleType,
    select: Select,
    *,
    eager: Eager = _never,
    constant: Callable[[Any], Any] | None = None,
    place: Place = _nowhere,
    native: tuple[str, ...] = (),
) -> Callable[..., Any]:
    """The standard's ``top_k`` for the ember_array namespace ``xp`` (its ``__name__`` names
    the backend), computed by :func:`top_k_over` with the selection kernel ``select``, which
    calls the backend's functions ``native`` (for the support matrix)."""
    backend = xp.__name__.rpartition(".")[2]

    def top_k(
        x: Any, k: int, /, *, axis: int | None = None, mode: str = "largest"
    ) -> tuple[Any, Any]:
        """The ``k`` largest (or smallest) elements of ``x`` and their indices (2026.12 draft).

        Parameters
        ----------
        x : array
            Input array of a real integer or floating dtype.
        k : int
            How many elements to return, ``0 <= k <= n`` (``n``: the size of ``axis``).
        axis : int or None, optional
            The axis searched; ``None`` (the default) searches the flattened array.
        mode : {"largest", "smallest"}, optional
            Which end of the order to return.

        Returns
        -------
        tuple of arrays
            ``(values, indices)``: shaped as ``x`` with ``axis`` of size ``k`` (1-D for
            ``axis=None``, whose indices point into the flattened array). Largest first for
            ``"largest"``, smallest first for ``"smallest"``; equal values by lower index;
            NaN ordered as ``sort`` orders it (the greatest). The indices have the default
            index dtype.

        Raises
        ------
        TypeError
            For a bool or complex ``x``, or a ``k`` or ``axis`` that is not an int.
        ValueError
            For ``k < 0``, ``k`` larger than the axis, an axis out of range or an unknown
            ``mode``.
        """
        return top_k_over(
            xp,
            x,
            k,
            axis,
            mode,
            backend=backend,
            select=select,
            eager=eager,
            constant=constant,
            place=place,
        )

    top_k.__module__ = xp.__name__
    top_k.__qualname__ = "top_k"
    return wraps_native(*native)(top_k) if native else top_k

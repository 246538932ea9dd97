"""``top_k`` of the 2026.12 draft (data-apis/array-api#722), written once over ``xp``.

The order ember_array gives on every backend: for ``mode="largest"`` the values largest first,
for ``"smallest"`` smallest first; equal values in order of their index (lower first), so the
result is the first ``k`` of ``argsort(x, descending=mode == "largest", stable=True)``; NaN is
ordered as ``sort`` orders it (after every number ascending, before every number descending).

Each backend brings its selection kernels (:class:`Kernels`): ``top`` gives the ``k`` best
*values* of a row (``np.partition``, ``torch.topk``, ``mx.topk``/``mx.partition``), ``pick``
(where reading the data now is free: numpy, eager torch) the indices of ``k`` best elements
(``np.argpartition``, ``torch.topk``). Neither says which of the values equal to the ``k``-th
best one it keeps; the standard's order keeps the lowest indices. :func:`top_k_last` finds the
set exactly, with no repair pass and no data read:

* a long axis (:data:`BLOCKED_FROM`, ``k`` small beside it: :func:`_block`) is read once, by
  blocks: the best ``k`` blocks by their best element hold the answer (:func:`_blocked`);
* a short one, or those candidates: the ``k``-th best value ``t`` (one ``top``), then the top
  ``k`` of a unique integer key (a second ``top``): the rank class of each element (better
  than ``t``, equal to it, worse; NaN where ``sort`` puts it) times ``n`` minus its index, so
  equal values go to the lower index (:func:`_keyed`). On numpy and eager torch one
  ``pick`` and one boolean read settle a short axis when no tie straddles the cut.

Only the ``k`` chosen elements are sorted. The values are gathered from ``x`` with
``take_along_axis``, so gradients flow to the elements chosen.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from .._backends import backend_of_module
from .._markers import wraps_native

__all__ = [
    "DOC",
    "doc",
    "Eager",
    "Kernels",
    "Place",
    "Select",
    "Top",
    "TopKArgs",
    "always",
    "check_top_k",
    "make_top_k",
    "sort_pick",
    "sort_top",
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

#: ``top(y, k, largest)``: the ``k`` largest (or smallest) values of ``y``'s last axis, NaN
#: counted as the greatest, in any order; ``1 <= k <= n``.
Top = Callable[[Any, int, bool], Any]


@dataclass(frozen=True)
class Kernels:
    """A backend's selection kernels for :func:`top_k_last`.

    ``top`` always runs (two calls: the threshold, the unique key); ``pick``, where given,
    serves the eager path: one selection and one boolean read, when no tie straddles the cut.
    ``block``: the shortest block whose reduction (``max`` over a last axis that long) runs
    at memory speed on the backend (numpy and torch CPU loop per row below it).
    """

    top: Top
    pick: Select | None = None
    block: int = 256


MODES = ("largest", "smallest")

#: The axis length from which :func:`top_k_last` may read the axis once, by blocks (below it
#: one selection costs less than the blocks' few dozen small operations).
BLOCKED_FROM = 2**17

#: The docstring of every namespace's ``top_k`` (see :func:`doc`).
DOC = """The ``k`` largest (or smallest) elements of ``x`` and their indices (2026.12 draft).
{note}
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
        ``mode`` (dask: or an axis of unknown size).
    """


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


def doc(note: str = "") -> str:
    """:data:`DOC` with a backend's ``note`` (how it computes) as its second paragraph."""
    return DOC.replace("{note}", f"\n    {note}\n" if note else "", 1)


def sort_pick(xp: ModuleType) -> Select:
    """The ``pick`` kernel by a stable full sort: right for any namespace, in O(n log n)."""

    def pick(y: Any, k: int, largest: bool) -> Any:
        return xp.argsort(y, axis=-1, descending=largest, stable=True)[..., :k]

    return pick


def sort_top(xp: ModuleType) -> Top:
    """The ``top`` kernel by a full sort: right for any namespace, in O(n log n)."""

    def top(y: Any, k: int, largest: bool) -> Any:
        found = xp.sort(y, axis=-1)
        return found[..., y.shape[-1] - k :] if largest else found[..., :k]

    return top


def _index(xp: ModuleType) -> Any:
    """The namespace's default index dtype (int64 on every ember_array namespace)."""
    return xp.__array_namespace_info__().default_dtypes()["indexing"]


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


def _untied(xp: ModuleType, y: Any, k: int, largest: bool, pick: Select) -> Any:
    """The eager path: ``k + 1`` picked, one boolean read; None where a tie straddles the cut
    (values equal to the ``k``-th best one beyond it: which of them to keep needs the key)."""
    cand = xp.sort(xp.astype(pick(y, k + 1, largest), _index(xp), copy=False), axis=-1)
    cv = xp.take_along_axis(y, cand, axis=-1)
    # index order, then a stable sort by value: the k + 1 in the standard's order
    order = xp.argsort(cv, axis=-1, descending=largest, stable=True)
    cv = xp.take_along_axis(cv, order, axis=-1)
    t, after = cv[..., k - 1 : k], cv[..., k : k + 1]  # the k-th best value, the (k+1)-th
    tied = xp.equal(after, t)
    if xp.isdtype(y.dtype, "real floating"):
        tied = xp.logical_or(tied, xp.logical_and(xp.isnan(after), xp.isnan(t)))
    if bool(xp.any(tied)):  # eager: the data is on the host now
        return None
    return xp.take_along_axis(cand, order[..., :k], axis=-1)


def _keyed(xp: ModuleType, y: Any, k: int, largest: bool, top: Top, place: Place) -> Any:
    """The indices of the best ``k`` by two ``top`` calls and no data read (lazy, traceable).

    ``t`` is the ``k``-th best value (NaN as ``sort`` orders it, as the kernels do). Each
    element's class: 2n where it beats ``t``, n where it ties ``t``, 0 where it loses; minus
    its index, that is a unique key whose ``k`` largest are exactly the elements the
    standard's order keeps. NaN needs no test of its own over the axis: no comparison holds
    for it, so for "largest" it lands in the class of ``not y <= t`` (it beats every number;
    ``t`` NaN is read as inf, so NaN ties come first too), for "smallest" in the class of
    neither ``y < t`` nor ``y <= t`` (``t`` NaN read as inf: every number beats it, the NaN
    ties go by index). Six elementwise passes; only the ``k`` chosen are sorted.
    """
    n = y.shape[-1]
    dev = place(y)
    best = top(y, k, largest)
    if xp.isdtype(y.dtype, "real floating"):  # on the k values only
        best = xp.where(xp.isnan(best), xp.asarray(math.inf, dtype=y.dtype, device=dev), best)
    t = (xp.min if largest else xp.max)(best, axis=-1, keepdims=True)
    # int32 keys where 2n fits (mlx's topk is faster on them), else the index dtype
    kt = xp.int32 if 2 * n < 2**31 else _index(xp)

    def of(c: int) -> Any:
        return xp.asarray(c, dtype=kt, device=dev)

    if largest:
        cls = xp.where(
            xp.less_equal(y, t), xp.where(xp.greater_equal(y, t), of(n), of(0)), of(2 * n)
        )
    else:
        cls = xp.where(xp.less(y, t), of(2 * n), xp.where(xp.less_equal(y, t), of(n), of(0)))
    chosen = top(xp.subtract(cls, xp.arange(n, dtype=kt, device=dev)), k, True)
    idx = xp.remainder(xp.negative(chosen), n)
    return _ordered(xp, y, xp.astype(idx, _index(xp)), largest)


def _block_best(xp: ModuleType, blocks: Any, largest: bool, dev: Any) -> Any:
    """The best value of each block (last axis) in the order of the module docstring: NaN
    the greatest, so a block's NaN is its best for "largest" and its worst for "smallest"."""
    if largest or not xp.isdtype(blocks.dtype, "real floating"):
        return (xp.max if largest else xp.min)(blocks, axis=-1)  # max propagates NaN
    nan = xp.isnan(blocks)
    inf = xp.asarray(math.inf, dtype=blocks.dtype, device=dev)
    low = xp.min(xp.where(nan, inf, blocks), axis=-1)
    return xp.where(xp.all(nan, axis=-1), xp.asarray(math.nan, dtype=blocks.dtype, device=dev), low)


def _block(n: int, k: int, kernels: Kernels) -> int | None:
    """The block length for :func:`_blocked`: near ``sqrt(n / k)`` (as many blocks as
    candidates), at least ``kernels.block``; None where the ``k`` blocks would hold more than
    ``n / 32`` candidates (then one selection over the axis costs less)."""
    if n < BLOCKED_FROM:
        return None
    b = max(math.isqrt(n // k), kernels.block)
    return b if 32 * k * b <= n else None


def _blocked(xp: ModuleType, y: Any, k: int, largest: bool, b: int, top: Top, place: Place) -> Any:
    """The indices of the best ``k`` from the best ``k`` blocks: one reduction over the axis.

    Cut the axis into blocks of ``b`` (:func:`_block`); rank the blocks by their best element
    (value, then block index). Every element of the top ``k`` lies in the ``k`` best blocks:
    were it in another, the best element of each of those ``k`` blocks would come before it
    (a better value, or an equal one at a lower index, as the blocks are contiguous). So the exact
    top ``k`` of those ``k * b`` elements (and the ``< b`` left over at the end), kept in
    index order, is the answer, ties by index included.
    """
    n = y.shape[-1]
    lead = y.shape[:-1]
    dev = place(y)
    itype = _index(xp)
    nb = n // b
    main = nb * b
    best = _block_best(xp, xp.reshape(y[..., :main], (*lead, nb, b)), largest, dev)
    chosen = xp.sort(_keyed(xp, best, k, largest, top, place), axis=-1)  # k blocks, in order
    within = xp.arange(b, dtype=itype, device=dev)
    where = xp.reshape(xp.add(xp.multiply(chosen[..., None], b), within), (*lead, k * b))
    if main < n:  # the last, partial block: always a candidate
        tail = xp.arange(main, n, dtype=itype, device=dev)
        where = xp.concat([where, xp.broadcast_to(tail, (*lead, n - main))], axis=-1)
    found = _keyed(xp, xp.take_along_axis(y, where, axis=-1), k, largest, top, place)
    return xp.take_along_axis(where, found, axis=-1)


def top_k_last(
    xp: ModuleType,
    y: Any,
    k: int,
    largest: bool,
    kernels: Kernels,
    *,
    eager: Eager = _never,
    place: Place = _nowhere,
) -> Any:
    """The indices of ``top_k`` on ``y``'s last axis, in the order of the module docstring.

    ``eager(y)``: whether ``y``'s values can be read now at no cost to laziness or tracing
    (numpy; a torch CPU tensor outside compile and torch.func): then, with a ``pick`` kernel,
    one boolean read settles the set when no tie straddles the cut (float data, nearly
    always); elsewhere the unique key does, with no data read.
    """
    n = y.shape[-1]
    if k == n:
        return xp.argsort(y, axis=-1, descending=largest, stable=True)
    b = _block(n, k, kernels)
    if b is not None:
        return _blocked(xp, y, k, largest, b, kernels.top, place)
    if kernels.pick is not None and eager(y):
        found = _untied(xp, y, k, largest, kernels.pick)
        if found is not None:
            return found
    return _keyed(xp, y, k, largest, kernels.top, place)


def top_k_over(
    xp: ModuleType,
    x: Any,
    k: Any,
    axis: Any,
    mode: Any,
    *,
    backend: str,
    kernels: Kernels,
    eager: Eager = _never,
    constant: Callable[[Any], Any] | None = None,
    place: Place = _nowhere,
) -> tuple[Any, Any]:
    """``top_k`` for the namespace ``xp`` with the selection kernels ``kernels``.

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
        idx = top_k_last(xp, found, args.k, args.largest, kernels, eager=eager, place=place)
    values = xp.take_along_axis(y, idx, axis=-1)
    if args.axis is not None:
        values = xp.moveaxis(values, -1, args.axis)
        idx = xp.moveaxis(idx, -1, args.axis)
    return values, idx


def make_top_k(
    xp: ModuleType,
    kernels: Kernels,
    *,
    eager: Eager = _never,
    constant: Callable[[Any], Any] | None = None,
    place: Place = _nowhere,
    native: tuple[str, ...] = (),
) -> Callable[..., Any]:
    """The standard's ``top_k`` for the ember_array namespace ``xp``, computed by
    :func:`top_k_over` with ``kernels``, which call the backend's functions ``native`` (for
    the support matrix)."""
    backend = backend_of_module(xp.__name__)
    if backend is None:
        raise TypeError(f"make_top_k(): {xp.__name__} is no backend of the registry")

    def top_k(
        x: Any, k: int, /, *, axis: int | None = None, mode: str = "largest"
    ) -> tuple[Any, Any]:
        return top_k_over(
            xp,
            x,
            k,
            axis,
            mode,
            backend=backend,
            kernels=kernels,
            eager=eager,
            constant=constant,
            place=place,
        )

    top_k.__doc__ = doc()
    top_k.__module__ = xp.__name__
    top_k.__qualname__ = "top_k"
    return wraps_native(*native)(top_k) if native else top_k

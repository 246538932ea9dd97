"""Scatter / segment reductions for every backend.

``scatter(values, index, num_segments)`` reduces the slices of ``values`` along ``axis`` into
``num_segments`` buckets chosen by ``index``; ``segment_sum/mean/max/min/prod`` fix ``reduce``;
``index_reduce(x, index, values)`` reduces ``values`` into a copy of ``x``.

One meaning on every backend:

* duplicate indices always combine (array-api-extra's ``at(x)[idx].add(v)`` keeps only one of
  them: it gives ``[1, 0, 1]`` where ``[2, 0, 1]`` is meant);
* indices outside ``[0, num_segments)``, negative ones included, are dropped, without a host
  sync: they are routed to a spare segment that is sliced off.  Dropping them also avoids mlx's
  out-of-range ``x.at[idx].add(v)``, which corrupts memory and aborts the process;
* NaN propagates (also through ``max``/``min``); empty segments get ``fill_value``.

The generic implementation uses only standard functions (stable ``argsort``, ``take``,
``searchsorted`` and a segmented log-step scan), so it works on any compliant namespace
(array-api-strict included).  numpy, torch and mlx take native fast paths: ``ufunc.at``
(``np.bincount`` for counts), ``index_add_`` / ``scatter_reduce_``, and
``x.at[idx].add/maximum/...``.  mlx stays lazy.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any, Protocol

from .._dispatch import namespace_module
from .._helpers import device as device_of
from .._markers import dispatches_through
from ._checks import (
    Args,
    Reduce,
    Scalar,
    backend_name,
    check,
    check_axis,
    check_shapes,
    dtype_kind,
    shape_along,
)
from ._dask import scatter_dask
from ._generic import scatter_standard
from ._mlx import scatter_mlx
from ._numpy import scatter_numpy
from ._torch import scatter_torch

__all__ = [
    "index_reduce",
    "scatter",
    "segment_max",
    "segment_mean",
    "segment_min",
    "segment_prod",
    "segment_sum",
]

# the layout: ``_checks`` (arguments, :class:`~._checks.Args`), ``_generic`` (the pure-standard
# scatter), one module per backend (``_numpy``, ``_torch``, ``_mlx``, ``_dask``, the last on
# top of numpy's), and this front: the public functions, which check and dispatch.

#: backend -> its native scatter; any other namespace takes :func:`~._generic.scatter_standard`.
#: Read at call time (``tests/test_support_matrix.py`` checks it), and declared on every public
#: function with :func:`~ember_array._markers.dispatches_through` for the support matrix.
_NATIVE: dict[str, Callable[[Any, Any, Args], Any]] = {
    "numpy": scatter_numpy,
    "torch": scatter_torch,
    "mlx": scatter_mlx,
    "dask": scatter_dask,
}


def _scatter(
    func: str,
    values: Any,
    index: Any,
    num_segments: int,
    axis: int,
    reduce: str,
    fill_value: Scalar | None,
) -> Any:
    xp = namespace_module(values, index)
    a = check(func, xp, values, index, num_segments, axis, reduce, fill_value)
    check_shapes(a, values, index)
    native = _NATIVE.get(a.backend)
    if native is not None:
        return native(values, index, a)
    return scatter_standard(xp, values, index, a)


@dispatches_through(_NATIVE)
def scatter(
    values: Any,
    index: Any,
    num_segments: int,
    *,
    axis: int = 0,
    reduce: Reduce = "sum",
    fill_value: Scalar | None = 0,
) -> Any:
    """Reduce the slices of ``values`` along ``axis`` into ``num_segments`` segments.

    ``out[..., s, ...]`` is the reduction of every slice ``values[..., i, ...]`` with
    ``index[i] == s``.  Duplicate indices combine; indices outside ``[0, num_segments)``
    (negative ones included) are dropped.

    Parameters
    ----------
    values : array
        Numeric array (numpy, torch, mlx, or any compliant array) with at least one dimension.
    index : array
        1-d integer array of the same library, with ``values.shape[axis]`` entries.
    num_segments : int
        Number of output segments (a Python int >= 0).
    axis : int, optional
        The axis of ``values`` that ``index`` labels (negative counts from the end).
    reduce : {"sum", "mean", "max", "min", "prod"}, optional
        The reduction.  ``max``/``min`` propagate NaN and are not defined for complex dtypes.
    fill_value : scalar or None, optional
        Value of segments no valid index reaches (default 0).  ``None`` gives the reduction's
        identity: 0 for sum, 1 for prod, -inf (or the dtype's minimum) for max, +inf (or the
        maximum) for min, NaN for mean.

    Returns
    -------
    array
        ``values``' shape with ``shape[axis] = num_segments``.  The dtype is ``values.dtype``
        (integer sums wrap on overflow as the backend does), except ``mean`` of an integer
        array, which is the namespace's default real floating dtype (float64 for numpy,
        float32 for torch and mlx).

    Raises
    ------
    TypeError
        If ``index`` is not an integer array, ``values`` is boolean, ``num_segments`` is not an
        int, or the arrays come from different libraries.
    ValueError
        If shapes do not match, ``axis`` is out of range, ``num_segments < 0``, ``reduce`` is
        unknown, or the arrays are on different devices.

    See Also
    --------
    segment_sum, segment_mean, segment_max, segment_min, segment_prod
    index_reduce : reduce into a copy of an existing array.

    Notes
    -----
    No host synchronisation and no data-dependent Python branch: invalid indices are routed to
    a spare segment that is sliced off.  mlx results stay lazy.  numpy uses ``ufunc.at`` (and
    ``np.bincount`` for counts), torch ``index_add_`` / ``scatter_reduce_(include_self=False)``, mlx
    ``x.at[idx].add/maximum/minimum/multiply``; other namespaces a pure-standard sort and
    segmented scan.

    Examples
    --------
    >>> import numpy as np
    >>> from ember_array.scatter import scatter
    >>> scatter(np.array([1.0, 2.0, 3.0, 4.0]), np.array([0, 2, 0, 7]), 3)
    array([4., 0., 2.])
    >>> scatter(np.array([1.0, 2.0, 3.0, 4.0]), np.array([0, 2, 0, 1]), 3, reduce="max")
    array([3., 4., 2.])

    The same call on torch (index 7 is dropped there too):

    >>> import torch
    >>> scatter(torch.tensor([1.0, 2.0, 3.0, 4.0]), torch.tensor([0, 2, 0, 7]), 3)
    tensor([4., 0., 2.])
    """
    return _scatter("scatter", values, index, num_segments, axis, reduce, fill_value)


#: The docstring of each ``segment_<reduce>`` function, filled by :func:`_segment`.
_SEGMENT_DOC = """{summary}

``scatter(values, index, num_segments, reduce="{reduce}")``: duplicate indices combine, and
nothing is read back to the host (mlx results stay lazy).

Parameters
----------
values : array
    Numeric array (numpy, torch, mlx, dask or any compliant array) with at least one
    dimension.
index : array
    1-d integer array of the same library, with ``values.shape[axis]`` entries; entries
    outside ``[0, num_segments)`` (negative ones included) are dropped.
num_segments : int
    Number of output segments (a Python int >= 0).
axis : int, optional
    The axis of ``values`` that ``index`` labels (default 0).
fill_value : scalar or None, optional
    Value of segments no valid index reaches (default 0). ``None`` gives the reduction's
    identity ({identity}).

Returns
-------
array
{returns}

Raises
------
TypeError
    If ``index`` is not an integer array, ``values`` is {refused}, or the arrays
    come from different libraries.
ValueError
    If shapes do not match, ``axis`` is out of range or ``num_segments < 0``.

See Also
--------
scatter : every reduction, by name.
{others}

Examples
--------
>>> import numpy as np
>>> from ember_array.scatter import {name}
>>> values = np.array([1.0, 2.0, 3.0, 4.0])
>>> index = np.array([0, 2, 0, 1])
>>> {name}(values, index, 4)
{out}
>>> {name}(values, index, 4, fill_value=None)  # empty segments get the identity
{out_identity}
"""

#: reduce -> the parts of its docstring that differ: summary, identity, what the result is,
#: the outputs of the two examples.
_SEGMENTS: dict[str, tuple[str, str, str, str, str]] = {
    "sum": (
        "The sum of each segment.",
        "0",
        ", in ``values.dtype`` (integer sums wrap on overflow as the backend does).",
        "array([4., 4., 2., 0.])",
        "array([4., 4., 2., 0.])",
    ),
    "mean": (
        "The mean of each segment.",
        "NaN",
        "; integer input gives the namespace's default real floating dtype (float64 for"
        " numpy, float32 for torch and mlx).",
        "array([2., 4., 2., 0.])",
        "array([ 2.,  4.,  2., nan])",
    ),
    "max": (
        "The maximum of each segment, NaN if it holds a NaN.",
        "-inf, or the dtype's minimum for integers",
        ", in ``values.dtype``.",
        "array([3., 4., 2., 0.])",
        "array([  3.,   4.,   2., -inf])",
    ),
    "min": (
        "The minimum of each segment, NaN if it holds a NaN.",
        "+inf, or the dtype's maximum for integers",
        ", in ``values.dtype``.",
        "array([1., 4., 2., 0.])",
        "array([ 1.,  4.,  2., inf])",
    ),
    "prod": (
        "The product of each segment.",
        "1",
        ", in ``values.dtype``.",
        "array([3., 4., 2., 0.])",
        "array([3., 4., 2., 1.])",
    ),
}


class _Segment(Protocol):
    """The signature of the ``segment_<reduce>`` functions."""

    def __call__(
        self,
        values: Any,
        index: Any,
        num_segments: int,
        *,
        axis: int = 0,
        fill_value: Scalar | None = 0,
    ) -> Any: ...


def _segment(reduce: str) -> _Segment:
    """``segment_<reduce>``: :func:`scatter` with ``reduce`` fixed, documented from
    :data:`_SEGMENT_DOC` and :data:`_SEGMENTS`."""
    name = f"segment_{reduce}"

    def segment(
        values: Any, index: Any, num_segments: int, *, axis: int = 0, fill_value: Scalar | None = 0
    ) -> Any:
        return _scatter(name, values, index, num_segments, axis, reduce, fill_value)

    summary, identity, returns, out, out_identity = _SEGMENTS[reduce]
    returns = "``values``' shape with ``shape[axis] = num_segments``" + returns
    segment.__name__ = segment.__qualname__ = name
    segment.__doc__ = _SEGMENT_DOC.format(
        summary=summary,
        reduce=reduce,
        identity=identity,
        returns=textwrap.fill(returns, 92, initial_indent="    ", subsequent_indent="    "),
        refused="boolean or complex" if reduce in ("max", "min") else "boolean",
        others=", ".join(f"segment_{r}" for r in _SEGMENTS if r != reduce),
        name=name,
        out=out,
        out_identity=out_identity,
    )
    return dispatches_through(_NATIVE)(segment)


segment_sum = _segment("sum")
segment_mean = _segment("mean")
segment_max = _segment("max")
segment_min = _segment("min")
segment_prod = _segment("prod")


@dispatches_through(_NATIVE)
def index_reduce(
    x: Any,
    index: Any,
    values: Any,
    *,
    axis: int = 0,
    reduce: Reduce = "sum",
    include_self: bool = True,
) -> Any:
    """Reduce ``values`` into a copy of ``x`` at positions ``index`` along ``axis``.

    Like ``torch.index_reduce`` or ``x.at[index].add(values)``, but duplicate indices always
    combine and indices outside ``[0, x.shape[axis])`` (negative ones included) are dropped.

    Parameters
    ----------
    x : array
        The array to update (not modified).
    index : array
        1-d integer array with ``values.shape[axis]`` entries.
    values : array
        ``x``'s shape except along ``axis``; its dtype must cast safely to ``x.dtype``.
    axis : int, optional
        The axis ``index`` addresses.
    reduce : {"sum", "mean", "max", "min", "prod"}, optional
        How the values meeting at one position combine (with ``x``'s own value when
        ``include_self``).  ``mean`` needs a floating ``x``.
    include_self : bool, optional
        Whether ``x``'s value takes part at the positions that ``index`` reaches.  Positions no
        valid index reaches always keep ``x``'s value.

    Returns
    -------
    array
        A new array of ``x``'s shape and dtype.

    Raises
    ------
    TypeError
        For a non-integer index, a ``values`` dtype that does not cast safely to ``x.dtype``,
        or ``reduce="mean"`` on an integer ``x``.
    ValueError
        For mismatched shapes or an out-of-range ``axis``.

    See Also
    --------
    scatter : reduce into new segments instead of an existing array.

    Examples
    --------
    >>> import numpy as np
    >>> from ember_array.scatter import index_reduce
    >>> index_reduce(np.zeros(3), np.array([1, 0, 1]), np.array([1.0, 1.0, 1.0]))
    array([1., 2., 0.])
    >>> index_reduce(np.zeros(3), np.array([1, 0, 1]), np.array([1.0, 5.0, 3.0]), reduce="max")
    array([5., 3., 0.])
    """
    xp = namespace_module(x, index, values)
    backend = backend_name(x, xp)
    where = f"index_reduce() [{backend}]"
    ndim = len(x.shape)
    if ndim == 0:
        raise ValueError(f"{where}: x must have at least one dimension, got a 0-d array")
    axis = check_axis(where, axis, "x", tuple(x.shape))
    if len(values.shape) != ndim or any(
        d != axis and values.shape[d] != x.shape[d] for d in range(ndim)
    ):
        raise ValueError(
            f"{where}: values must have x's shape {tuple(x.shape)} except along axis {axis}, "
            f"got {tuple(values.shape)}"
        )
    kind = dtype_kind(xp, x.dtype)
    if reduce == "mean" and kind not in ("float", "complex"):
        raise TypeError(f"{where}: reduce='mean' needs a floating x, got dtype {x.dtype}")
    if values.dtype != x.dtype:
        if not xp.can_cast(values.dtype, x.dtype):
            raise TypeError(
                f"{where}: values dtype {values.dtype} does not cast safely to x's dtype {x.dtype}"
            )
        values = xp.astype(values, x.dtype)
    if not isinstance(include_self, bool):
        raise TypeError(f"{where}: include_self must be a bool, got {include_self!r}")
    size = x.shape[axis]
    # fill_value=None: positions nothing reaches hold the reduction's identity, so combining
    # them with x (include_self) leaves x unchanged there.
    partial = _scatter(
        "index_reduce", values, index, size, axis, "sum" if reduce == "mean" else reduce, None
    )
    if include_self and reduce != "mean":
        if reduce == "sum":
            return x + partial
        if reduce == "prod":
            return x * partial
        return xp.maximum(x, partial) if reduce == "max" else xp.minimum(x, partial)
    ones = xp.ones((values.shape[axis],), dtype=x.dtype, device=device_of(x))
    count = _scatter("index_reduce", ones, index, size, 0, "sum", 0)
    count = xp.reshape(count, shape_along(ndim, axis, size))
    if reduce == "mean" and include_self:
        return (x + partial) / (count + 1)
    reached = count != 0
    if reduce == "mean":
        partial = partial / xp.where(reached, count, xp.ones_like(count))
    return xp.where(reached, partial, x)


from .._namespace import guard_names as _guard_names  # noqa: E402

_guard_names(globals(), __all__, shim="scatter")

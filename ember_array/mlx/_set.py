"""Set functions.

The ``unique_*`` functions have data-dependent output shapes: they **evaluate** their input
(through numpy) for the indices and gather the values from the input, so that derivatives
flow to them.  ``isin`` is lazy.  NaNs are distinct values, as the standard says.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import mlx.core as mx
import numpy as np

from .._markers import forces_evaluation
from .._spec import SET
from ._helpers import INDEX, from_numpy, scalar

__all__ = list(SET)


class UniqueAllResult(NamedTuple):
    values: mx.array
    indices: mx.array
    inverse_indices: mx.array
    counts: mx.array


class UniqueCountsResult(NamedTuple):
    values: mx.array
    counts: mx.array


class UniqueInverseResult(NamedTuple):
    values: mx.array
    inverse_indices: mx.array


def _unique(x: mx.array) -> tuple[mx.array, mx.array, mx.array, mx.array]:
    """(values, first indices, inverse indices, counts) of ``x`` (**evaluates** it).

    The indices are computed on the host (numpy: NaNs distinct, the first occurrence of each
    value); the values are gathered from ``x`` there, so ``mx.grad``, ``mx.vjp`` and
    ``mx.jvp`` flow through them (the derivative of ``x.reshape(-1)[indices]``).
    """
    a = np.asarray(x).reshape(-1)
    # return_index sorts stably: vals[i] is a[idx[i]] bit for bit (signed zeros too)
    vals, idx, inv, cnt = np.unique(
        a, return_index=True, return_inverse=True, return_counts=True, equal_nan=False
    )
    indices = from_numpy(idx.astype(np.int64), INDEX)
    # zero-size: nothing to gather (from_numpy builds it with mx.zeros)
    values = from_numpy(vals, x.dtype, "unique") if a.size == 0 else mx.take(x.reshape(-1), indices)
    return (
        values,
        indices,
        from_numpy(inv.reshape(x.shape).astype(np.int64), INDEX),
        from_numpy(cnt.astype(np.int64), INDEX),
    )


@forces_evaluation
def unique_all(x: mx.array, /) -> UniqueAllResult:
    """Unique values, first indices, inverse indices and counts (**evaluates** ``x``).

    The values are ``x``'s elements at the first indices: differentiable.
    """
    return UniqueAllResult(*_unique(x))


@forces_evaluation
def unique_counts(x: mx.array, /) -> UniqueCountsResult:
    """Unique values and their counts (**evaluates** ``x``; differentiable in the values)."""
    v, _, _, c = _unique(x)
    return UniqueCountsResult(v, c)


@forces_evaluation
def unique_inverse(x: mx.array, /) -> UniqueInverseResult:
    """Unique values and the inverse indices, shaped like ``x`` (**evaluates** ``x``;
    differentiable in the values)."""
    v, _, inv, _ = _unique(x)
    return UniqueInverseResult(v, inv)


@forces_evaluation
def unique_values(x: mx.array, /) -> mx.array:
    """Unique values of ``x``, sorted (**evaluates** ``x``; differentiable)."""
    a = np.asarray(x).reshape(-1)
    if a.size == 0:
        return from_numpy(a, x.dtype, "unique_values")
    _, idx = np.unique(a, return_index=True, equal_nan=False)
    return mx.take(x.reshape(-1), from_numpy(idx.astype(np.int64), INDEX))


def isin(x1: Any, x2: Any, /, *, invert: bool = False) -> mx.array:
    """Whether each element of ``x1`` is in ``x2`` (lazy; mlx has no isin).

    Compares every pair (memory ``x1.size * x2.size``).
    """
    if not isinstance(x1, mx.array):
        x1 = scalar(x1, x2.dtype) if isinstance(x2, mx.array) else mx.array(x1)
    if not isinstance(x2, mx.array):
        x2 = scalar(x2, x1.dtype)
    flat = x2.reshape(-1)
    if flat.size == 0:
        out = mx.zeros(x1.shape, dtype=mx.bool_)
    else:
        out = mx.any(mx.expand_dims(x1, -1) == flat, axis=-1)
    return mx.logical_not(out) if invert else out

"""portable_lib: a few functions a scikit-learn-style author writes once for every backend.

Each function takes arrays of any library ember_array knows (numpy, torch, mlx, dask,
array-api-strict, jax), asks for their namespace and uses only the array API standard, so it
returns arrays of the same library, on the same device, without evaluating lazy inputs.
:mod:`portable_lib.legacy` holds the same kind of functions written the non-portable way; the
tests show the kit catching each of its defects.
"""

from __future__ import annotations

from typing import Any

import ember_array

__all__ = ["logsumexp", "one_hot", "pairwise_sq_distances", "softmax", "standardize"]


def standardize(x: Any, *, axis: int = 0) -> Any:
    """Centre and scale ``x`` along ``axis`` (sample standard deviation)."""
    xp = ember_array.namespace(x)
    mu = xp.mean(x, axis=axis, keepdims=True)
    sd = xp.std(x, axis=axis, correction=1, keepdims=True)
    return (x - mu) / sd


def softmax(x: Any, *, axis: int = -1) -> Any:
    """``exp(x) / sum(exp(x))`` along ``axis``, shifted by the maximum for stability."""
    xp = ember_array.namespace(x)
    e = xp.exp(x - xp.max(x, axis=axis, keepdims=True))
    return e / xp.sum(e, axis=axis, keepdims=True)


def logsumexp(x: Any, *, axis: int = -1) -> Any:
    """``log(sum(exp(x)))`` along ``axis`` without overflow."""
    xp = ember_array.namespace(x)
    m = xp.max(x, axis=axis, keepdims=True)
    return xp.squeeze(m, axis=axis) + xp.log(xp.sum(xp.exp(x - m), axis=axis))


def pairwise_sq_distances(a: Any, b: Any) -> Any:
    """Squared Euclidean distances between the rows of ``a`` and the rows of ``b``."""
    xp = ember_array.namespace(a, b)
    aa = xp.sum(a * a, axis=1)
    bb = xp.sum(b * b, axis=1)
    d = xp.expand_dims(aa, axis=1) + xp.expand_dims(bb, axis=0) - 2 * (a @ xp.matrix_transpose(b))
    return xp.clip(d, min=0)  # rounding can make a distance slightly negative


def one_hot(labels: Any, n_classes: int) -> Any:
    """``(n, n_classes)`` indicator matrix of integer ``labels``, in the default float dtype."""
    xp = ember_array.namespace(labels)
    classes = xp.arange(n_classes, dtype=labels.dtype, device=ember_array.device(labels))
    hits = xp.expand_dims(labels, axis=1) == xp.expand_dims(classes, axis=0)
    dtype = xp.__array_namespace_info__().default_dtypes()["real floating"]
    return xp.astype(hits, dtype)

"""``x[key] = value`` for a key of one boolean mask among basic indices, for mlx.

mlx's ``__setitem__`` takes a boolean mask only as the whole key (``x[mask] = v``); a mask
together with integers, slices, None or an ellipsis (``x[0, mask] = v``) ends in a C++
exception that nanobind cannot translate (``SystemError``, ml-explore/mlx#2803). Such a
key selects the same elements as one mask over all of ``x``, so the write is done with that
mask, lazily (the mask is never evaluated).
"""

from __future__ import annotations

from typing import Any

import mlx.core as mx
import numpy as np


def _is_mask(k: Any) -> bool:
    return isinstance(k, mx.array) and k.dtype == mx.bool_


def _is_int(k: Any) -> bool:
    return isinstance(k, (int, np.integer)) and not isinstance(k, (bool, np.bool_))


def _is_basic(k: Any) -> bool:
    return k is None or k is Ellipsis or isinstance(k, slice) or _is_int(k)


def assign_with_mask(x: mx.array, key: tuple[Any, ...], value: Any, get: Any, put: Any) -> bool:
    """Write ``x[key] = value`` when ``key`` is one boolean mask among basic indices.

    Parameters
    ----------
    x : mx.array
        The array written to, in place.
    key : tuple
        The index, already normalised (mlx arrays for index arrays, plain slices).
    value : Any
        What is written; it broadcasts against the selection as numpy's rules say.
    get, put : callable
        mlx's own ``__getitem__`` and ``__setitem__``.

    Returns
    -------
    bool
        False (nothing done) when ``key`` is not of that kind.

    Raises
    ------
    IndexError
        When the mask's shape does not match the axes it indexes.
    """
    pos = [i for i, k in enumerate(key) if _is_mask(k)]
    if len(pos) != 1 or key[pos[0]].ndim == 0:
        return False
    if not all(_is_basic(k) or isinstance(k, mx.array) for k in key):
        return False
    if not all(_is_basic(k) for i, k in enumerate(key) if i != pos[0]):
        return False
    at = pos[0]
    mask = key[at]
    k = mask.ndim
    basic = (*key[:at], *(slice(None),) * k, *key[at + 1 :])
    sub = get(x, basic).shape  # the shape only: nothing is evaluated
    consumed = sum(0 if i is None or i is Ellipsis else 1 for i in basic)
    # the axes of sub that each item of key produces, to find the mask's and the slices'
    axes: list[tuple[Any, int]] = []
    p = 0
    for i, item in enumerate(key):
        if i == at:
            axes.append((item, p))
            p += k
        elif item is Ellipsis:
            p += x.ndim - consumed
        elif item is None or isinstance(item, slice):
            axes.append((item, p))
            p += 1
    p = next(a for item, a in axes if item is mask)
    if tuple(mask.shape) != tuple(sub[p : p + k]):
        raise IndexError(
            f"__setitem__ [mlx]: boolean mask of shape {tuple(mask.shape)} does not match "
            f"the indexed axes of shape {tuple(sub[p : p + k])}"
        )
    where = mx.zeros(x.shape, dtype=mx.bool_)
    put(where, basic, mask.reshape((1,) * p + tuple(mask.shape) + (1,) * (len(sub) - p - k)))
    v = value if isinstance(value, mx.array) else mx.array(value)
    v = v.astype(x.dtype)
    n = len(sub) - k + 1  # numpy's x[key] has the mask's axes as one axis
    if v.ndim > n:
        raise ValueError(
            f"__setitem__ [mlx]: a value of shape {tuple(v.shape)} cannot be broadcast to a "
            f"selection of {n} dimensions"
        )
    v = v.reshape((1,) * (n - v.ndim) + tuple(v.shape))
    # numpy puts the selected axis first when the mask and the integers are not adjacent
    advanced = [at, *(i for i, item in enumerate(key) if _is_int(item))]
    if max(advanced) - min(advanced) + 1 != len(advanced):
        v = mx.moveaxis(v, 0, p)
    count = v.shape[p]
    if count == 1:
        # one value along the selected axis: broadcast in x's own layout, then select
        full = mx.zeros(x.shape, dtype=x.dtype)
        put(full, basic, v.reshape(tuple(v.shape[:p]) + (1,) * k + tuple(v.shape[p + 1 :])))
        put(x, Ellipsis, mx.where(where, full, x))
        return True
    v = mx.broadcast_to(v, (*sub[:p], count, *sub[p + k :]))
    for item, a in axes:
        # a reversed slice selects its elements in reverse of x's order
        if isinstance(item, slice) and item.step is not None and item.step < 0:
            v = v[(slice(None),) * (a if a < p else a - k + 1) + (slice(None, None, -1),)]
    put(x, where, v.reshape(-1))
    return True

"""Manipulation functions of the dask namespace: dask (via array-api-compat) gets these wrong.

:func:`reshape_any` is the reshape every function here and in the set and searching modules
uses: it rechunks as little as needed where dask's reshape raises.
"""

from __future__ import annotations

import math
import operator
from typing import Any

import dask.array as da
import numpy as np

from .._common._scalars import as_numpy_reads, host_value, index_value, reduced_shift
from .._markers import wraps_native
from ._checks import integer, python_scalars
from ._native import COMPAT, DA, copy_array

__all__ = [
    "MAX_BLOCKS",
    "concat",
    "expand_dims",
    "flip",
    "repeat",
    "reshape",
    "reshape_any",
    "roll",
    "tile",
]


def _resolve_shape(func: str, size: int, shape: Any) -> tuple[int, ...]:
    if isinstance(shape, int):
        shape = (shape,)
    dims = tuple(operator.index(d) for d in shape)
    unknown = [i for i, d in enumerate(dims) if d == -1]
    if len(unknown) > 1 or any(d < -1 for d in dims):
        raise ValueError(f"{func}() [dask]: invalid shape {dims}")
    known = math.prod(d for d in dims if d != -1)
    if unknown:
        if known == 0 or size % known:
            raise ValueError(f"{func}() [dask]: cannot reshape {size} elements into {dims}")
        dims = (*dims[: unknown[0]], size // known, *dims[unknown[0] + 1 :])
    elif known != size:
        raise ValueError(f"{func}() [dask]: cannot reshape {size} elements into {dims}")
    return dims


def reshape_any(x: da.Array, shape: Any, func: str = "reshape") -> da.Array:
    """``x`` reshaped to ``shape`` whatever its chunks; errors name ``func``."""
    dims = _resolve_shape(func, math.prod(x.shape), shape)
    if 0 in dims:
        # dask: reshape of an empty array fails (reduce of nothing) (no upstream issue found)
        # There is nothing to move.
        return DA.zeros(dims, dtype=x.dtype)
    try:
        return DA.reshape(x, dims)
    except NotImplementedError:
        pass
    # dask: reshape raises NotImplementedError unless chunks split or merge evenly;
    # https://github.com/dask/dask/issues/2561
    # First give up the chunks of the trailing axes, then (if the leading axis splits unevenly
    # too) all of them.
    try:
        return DA.reshape(DA.rechunk(x, {i: -1 for i in range(1, x.ndim)}), dims)
    except NotImplementedError:
        return DA.reshape(DA.rechunk(x, -1), dims)


@wraps_native()
def reshape(x: da.Array, /, shape: tuple[int, ...], *, copy: bool | None = None) -> da.Array:
    """``x`` with a new shape of the same size, whatever its chunks.

    ``dask.array.reshape`` raises ``NotImplementedError`` when the chunks do not split or
    merge evenly, and ``TypeError`` on empty arrays; here ``x`` is rechunked as little as
    needed instead. dask arrays are never views, so ``copy`` changes nothing.
    """
    if copy not in (None, True, False):
        raise TypeError(f"reshape() [dask]: copy must be a bool or None, got {copy!r}")
    return reshape_any(x, shape)


@wraps_native()
def concat(arrays: Any, /, *, axis: int | None = 0) -> da.Array:
    """``arrays`` joined along ``axis`` (flattened first when ``axis`` is None)."""
    if axis is None:
        arrays = [reshape_any(a, (-1,), "concat") for a in arrays]
        axis = 0
    return COMPAT.concat(arrays, axis=axis)


# array-api-compat: dask expand_dims raises StopIteration for a repeated or out-of-range axis
# in a tuple (no upstream issue found)
@wraps_native()
def expand_dims(x: da.Array, /, axis: int | tuple[int, ...] = 0) -> da.Array:
    """``x`` with new axes of size one at ``axis`` (positions in the result).

    array-api-compat's dask version raises ``StopIteration`` for a repeated or out-of-range
    axis in a tuple.
    """
    axes = axis if isinstance(axis, tuple) else (axis,)
    ndim = x.ndim + len(axes)
    norm = []
    for a in axes:
        if not isinstance(a, int):
            raise TypeError(f"expand_dims() [dask]: axis must be ints, got {a!r}")
        if not -ndim <= a < ndim:
            raise IndexError(f"expand_dims() [dask]: axis {a} out of range for {ndim}-d result")
        norm.append(a % ndim)
    if len(set(norm)) != len(norm):
        raise ValueError(f"expand_dims() [dask]: repeated axis in {axes}")
    try:
        return COMPAT.expand_dims(x, axis=axis)
    except TypeError:
        fixed = as_numpy_reads(ints={"axis": axis})  # axis=True: 1, as numpy reads it
        if fixed is None:
            raise
        return COMPAT.expand_dims(x, **fixed)


#: The most blocks ``tile`` builds: dask's tile makes one block per repetition (and block of
#: ``x``), so ``tile(x, (2**20, 2**20))`` builds 2**40 blocks for ever (no upstream issue found).
MAX_BLOCKS = 1 << 24


@wraps_native()
def tile(x: da.Array, repetitions: tuple[int, ...], /) -> da.Array:
    """``dask.array.tile``; ``ValueError`` for a graph of more than :data:`MAX_BLOCKS` blocks.

    Repetitions given as numpy integers or 0-d integer arrays are read as ints, as numpy reads
    them (a dask array is computed: the result's shape depends on it).
    """
    if not (isinstance(repetitions, tuple) and all(type(r) is int for r in repetitions)):
        # dask: tile multiplies by a 0-d array given as the repetitions (tile(ones(3), (a,))
        # with a 0-d 3 gives [[3, 3, 3]]) (no upstream issue found)
        repetitions = index_value(repetitions)
    if isinstance(repetitions, tuple) and all(isinstance(r, int) for r in repetitions):
        blocks = math.prod(repetitions) * x.npartitions
        if blocks > MAX_BLOCKS:
            raise ValueError(
                f"tile() [dask]: repetitions {repetitions} make {blocks} blocks, more than "
                f"one graph holds ({MAX_BLOCKS})"
            )
    return COMPAT.tile(x, repetitions)


@wraps_native()
def flip(x: da.Array, /, *, axis: int | tuple[int, ...] | None = None) -> da.Array:
    """array-api-compat's ``flip``; ``ValueError`` for a repeated axis (dask flips twice)."""
    axes = axis if isinstance(axis, tuple) and x.ndim else ()
    if len({integer("flip", "axis", a) % x.ndim for a in axes}) != len(axes):
        raise ValueError(f"flip() [dask]: repeated axis in {axis}")
    return COMPAT.flip(x, axis=axis)


def _repeat_block(x: np.ndarray, r: np.ndarray | int, axis: int) -> np.ndarray:
    return np.repeat(x, r, axis=axis)


# dask: dask.array.repeat takes neither axis=None nor an array of repeats;
# https://github.com/dask/dask/issues/4389
@wraps_native()
def repeat(x: da.Array, repeats: int | da.Array, /, *, axis: int | None = None) -> da.Array:
    """Each element of ``x`` repeated ``repeats`` times along ``axis`` (flattened if None).

    ``dask.array.repeat`` takes neither ``axis=None`` nor an array of repeats. With an array
    of repeats the output length depends on the data: the result has unknown (NaN) chunk
    sizes along ``axis`` until computed.
    """
    if axis is None:
        x = reshape_any(x, (-1,), "repeat")
        axis = 0
    ax = operator.index(axis)
    if not -x.ndim <= ax < x.ndim:
        raise IndexError(f"repeat() [dask]: axis {axis} out of range for {x.ndim}-d x")
    ax %= x.ndim
    if not isinstance(repeats, da.Array | np.ndarray):
        repeats = host_value(repeats)  # a numpy integer: its Python value, as numpy takes it
        if isinstance(repeats, bool) or not isinstance(repeats, int):
            raise TypeError(
                f"repeat() [dask]: repeats must be an int or an integer array, "
                f"got {type(repeats).__name__}"
            )
        if repeats < 0:
            raise ValueError(f"repeat() [dask]: repeats must be >= 0, got {repeats}")
        if 0 in x.shape:
            # dask: repeat fails on empty arrays (no upstream issue found)
            # The result is empty too.
            return DA.zeros(
                (*x.shape[:ax], x.shape[ax] * repeats, *x.shape[ax + 1 :]), dtype=x.dtype
            )
        return DA.repeat(x, repeats, axis=ax)
    if not np.issubdtype(repeats.dtype, np.integer):
        raise TypeError(f"repeat() [dask]: repeats must be integers, got {repeats.dtype}")
    if repeats.ndim > 1:
        raise ValueError(f"repeat() [dask]: repeats must be 0-d or 1-d, got {repeats.ndim}-d")
    r = DA.asarray(repeats)
    if r.ndim == 0 or r.shape[0] == 1:
        r = DA.broadcast_to(DA.reshape(r, ()), (x.shape[ax],))
    elif r.shape[0] != x.shape[ax]:
        raise ValueError(
            f"repeat() [dask]: {r.shape[0]} repeats for axis {ax} of size {x.shape[ax]}"
        )
    x_ind = tuple(range(x.ndim))
    r = DA.rechunk(r, (x.chunks[ax],))
    out = DA.blockwise(
        _repeat_block,
        x_ind,
        x,
        x_ind,
        r,
        (ax,),
        axis=ax,
        dtype=x.dtype,
        meta=np.empty((0,) * x.ndim, dtype=x.dtype),
    )
    # each block's length along ``axis`` is known only after computing
    chunks = list(out.chunks)
    chunks[ax] = (np.nan,) * len(chunks[ax])
    out._chunks = tuple(chunks)
    return out


# dask: roll of an empty array raises (a reduce of nothing); an earlier report of roll
# failing on empty arrays: https://github.com/dask/dask/issues/8914
@wraps_native()
def roll(
    x: da.Array,
    /,
    shift: int | tuple[int, ...],
    *,
    axis: int | tuple[int, ...] | None = None,
) -> da.Array:
    """``x`` shifted by ``shift`` along ``axis``; an empty ``x`` is returned unchanged.

    ``dask.array.roll`` raises ``TypeError`` (a ``reduce`` of nothing) on empty arrays.
    """
    if 0 in x.shape:
        return copy_array(x)
    try:
        return COMPAT.roll(x, shift, axis=axis)
    except (TypeError, ValueError):
        # dask: one shift for several axes raises "Must have the same number of shifts as
        # axes" where numpy rolls each axis by it, and a bool axis "an integer is required":
        # read as numpy reads them, once dask has refused
        fixed = reduced_shift(shift, axis, tuple(x.shape))
        if fixed is None:
            # a dask array as the shift: named, where dask's message names neither
            python_scalars("roll", shift=shift)
            raise
        return COMPAT.roll(x, fixed[0], axis=fixed[1])

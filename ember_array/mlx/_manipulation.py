"""Manipulation functions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import mlx.core as mx
import numpy as np

from .._boundary import UNCLEAN, translate, translates_errors
from .._common._scalars import reduced_shift
from .._markers import forces_evaluation, wraps_native
from .._spec import MANIPULATION
from ._data_type_functions import broadcast_arrays as broadcast_arrays
from ._data_type_functions import broadcast_to as broadcast_to
from ._data_type_functions import promoted
from ._helpers import check_shape, normalize_axis

__all__ = list(MANIPULATION)


@wraps_native()
def flip(x: mx.array, /, *, axis: int | tuple[int, ...] | None = None) -> mx.array:
    """``mx.flip``; a repeated axis raises ``ValueError`` (mx.flip flips it twice: no change)."""
    if isinstance(axis, tuple | list):
        axes = [normalize_axis(a, x.ndim, "flip") for a in axis]
        if len(set(axes)) != len(axes):
            raise ValueError(f"flip() [mlx]: repeated axis in {tuple(axis)}")
    return mx.flip(x, axis=axis)


# mlx: mx.tile allocates beyond memory and segfaults (no upstream issue found)
@wraps_native()
def tile(x: mx.array, repetitions: tuple[int, ...], /) -> mx.array:
    """``x`` repeated along each axis (mx.tile allocates beyond memory and segfaults: the result
    shape is checked first)."""
    reps = check_shape(tuple(repetitions), "tile")
    nd = max(x.ndim, len(reps))
    shape = (1,) * (nd - x.ndim) + tuple(x.shape)
    full = (1,) * (nd - len(reps)) + reps
    check_shape(tuple(a * b for a, b in zip(shape, full)), "tile", x.dtype)
    return mx.tile(x, list(reps))


def _common(arrays: Sequence[mx.array], func: str) -> list[mx.array]:
    """Cast arrays to the standard's result dtype (mlx promotes int8 + float32 silently)."""
    arrays = list(arrays)
    if not arrays:
        raise ValueError(f"{func}: mlx needs at least one array")
    first = arrays[0].dtype
    if all(a.dtype == first for a in arrays):
        return arrays  # one dtype: nothing to promote
    dt = promoted(func, *arrays)
    return [a if a.dtype == dt else a.astype(dt) for a in arrays]


_SEQUENCES = frozenset({tuple, list})


@wraps_native()
@translates_errors
def concat(arrays: Sequence[mx.array], /, *, axis: int | None = 0) -> mx.array:
    """Join arrays along ``axis`` (``axis=None`` flattens; ``mx.concatenate`` needs a list)."""
    try:
        if axis == 0 and type(arrays) in _SEQUENCES:
            # hottest path: two arrays of one dtype, mx.concatenate's default axis (a tuple or a
            # list only: unpacking would consume an iterator)
            try:
                a, b = arrays
                same = a.dtype == b.dtype
            except (ValueError, AttributeError):
                same = False  # not two arrays: the paths below
            if same:
                return mx.concatenate(arrays)  # type: ignore[arg-type]  # any sequence
        if axis is not None:
            # hot path: arrays of one dtype go to mx.concatenate as they are
            try:
                first = arrays[0].dtype
                if (
                    all(a.dtype == first for a in arrays)
                    if len(arrays) > 2
                    else (arrays[-1].dtype == first)
                ):
                    return mx.concatenate(arrays, axis=axis)  # type: ignore[arg-type]  # any sequence
            except (TypeError, IndexError, AttributeError, KeyError):
                pass  # not a sequence of mlx arrays: the checks below say what is wrong
        arrays = _common(arrays, "concat")
        if axis is None:
            return mx.concatenate([a.reshape(-1) for a in arrays])
        return mx.concatenate(arrays, axis=axis)
    except UNCLEAN as e:
        raise translate(e, "concat", "mlx", (arrays,), {"axis": axis}) from e


@wraps_native()
def stack(arrays: Sequence[mx.array], /, *, axis: int = 0) -> mx.array:
    """Join arrays along a new ``axis`` (``mx.stack`` needs a list)."""
    return mx.stack(_common(arrays, "stack"), axis=axis)


@wraps_native()
def expand_dims(x: mx.array, /, axis: int | tuple[int, ...] = 0) -> mx.array:
    """Insert size-1 axes; an out-of-range axis raises ``IndexError``."""
    axes = axis if isinstance(axis, tuple) else (axis,)
    n = x.ndim + len(axes)
    norm = [normalize_axis(a, n, "expand_dims") for a in axes]
    if len(set(norm)) != len(norm):
        raise ValueError(f"expand_dims: repeated axis in {axis} for mlx array of ndim {x.ndim}")
    return mx.expand_dims(x, norm if isinstance(axis, tuple) else norm[0])


@wraps_native()
def moveaxis(
    x: mx.array, source: int | tuple[int, ...], destination: int | tuple[int, ...], /
) -> mx.array:
    """Move axes to new positions (``mx.moveaxis`` takes single ints only).

    When no axis moves, ``x`` itself is returned: numpy returns a view there, and code that
    writes into the result expects ``x`` to change (scipy.ndimage's ``output=`` arrays); mlx has
    no views, so a transposed copy would silently drop those writes.
    """
    if isinstance(source, int) and isinstance(destination, int):
        if normalize_axis(source, x.ndim, "moveaxis") == normalize_axis(
            destination, x.ndim, "moveaxis"
        ):
            return x
        return mx.moveaxis(x, source, destination)
    src = [normalize_axis(a, x.ndim, "moveaxis") for a in np.atleast_1d(source).tolist()]
    dst = [normalize_axis(a, x.ndim, "moveaxis") for a in np.atleast_1d(destination).tolist()]
    if len(src) != len(dst):
        raise ValueError("moveaxis: source and destination must have the same number of axes")
    order = [i for i in range(x.ndim) if i not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    if order == list(range(x.ndim)):
        return x  # nothing moves: x itself, as numpy's view (see above)
    return mx.transpose(x, order)


@wraps_native()
def permute_dims(x: mx.array, /, axes: tuple[int, ...]) -> mx.array:
    """Permute the axes of ``x``."""
    return mx.transpose(x, list(axes))


@forces_evaluation  # with an array of repeats (an int stays lazy)
def repeat(x: mx.array, repeats: int | mx.array, /, *, axis: int | None = None) -> mx.array:
    """Repeat elements of ``x``.

    ``mx.repeat`` takes an int only; with an array of per-element ``repeats`` the output shape
    depends on the data, and this function **evaluates** ``repeats``.
    """
    if axis is None:
        x = x.reshape(-1)
        axis = 0
    if isinstance(repeats, mx.array):
        if repeats.ndim == 0 or repeats.size == 1:
            repeats = int(np.asarray(repeats).reshape(-1)[0])
        else:
            r = np.asarray(repeats).astype(np.int64)
            idx = np.repeat(np.arange(x.shape[axis]), r)
            if idx.size == 0:
                shape = list(x.shape)
                shape[axis] = 0
                return mx.zeros(shape, dtype=x.dtype)
            return mx.take(x, mx.array(idx.astype(np.int32)), axis=axis)
    if repeats == 0:
        shape = list(x.shape)
        shape[axis] = 0
        return mx.zeros(shape, dtype=x.dtype)
    return mx.repeat(x, repeats, axis=axis)


@wraps_native()
@translates_errors
def reshape(x: mx.array, /, shape: tuple[int, ...], *, copy: bool | None = None) -> mx.array:
    """Reshape ``x`` (``copy=True`` returns a distinct array object)."""
    try:
        out = mx.reshape(x, list(shape))
        return mx.array(out) if copy else out
    except UNCLEAN as e:
        raise translate(e, "reshape", "mlx", (x, shape), {"copy": copy}) from e


@wraps_native()
def roll(
    x: mx.array,
    /,
    shift: int | tuple[int, ...],
    *,
    axis: int | tuple[int, ...] | None = None,
) -> mx.array:
    """Roll elements along ``axis`` (``mx.roll`` takes ``shift``/``axis`` positionally)."""
    if x.size == 0:
        return x
    s: Any = shift
    ax: Any = axis
    try:
        return mx.roll(x, s) if axis is None else mx.roll(x, s, ax)
    except TypeError:
        # mlx: roll takes int32 shifts, refuses a bool (no upstream issue found); read as numpy
        # reads them, once mlx has refused
        fixed = reduced_shift(shift, axis, tuple(x.shape))
        if fixed is None:
            raise
        s, ax = fixed
        return mx.roll(x, s) if ax is None else mx.roll(x, s, ax)


@wraps_native()
def squeeze(x: mx.array, /, axis: int | tuple[int, ...]) -> mx.array:
    """Remove size-1 axes; a non-1 axis raises ``ValueError``."""
    axes = axis if isinstance(axis, tuple) else (axis,)
    norm = [normalize_axis(a, x.ndim, "squeeze") for a in axes]
    for a in norm:
        if x.shape[a] != 1:
            raise ValueError(f"squeeze: axis {a} of mlx array shape {x.shape} is not of size 1")
    return mx.squeeze(x, norm)


@wraps_native()
def unstack(x: mx.array, /, *, axis: int = 0) -> tuple[mx.array, ...]:
    """Split ``x`` into a tuple of arrays along ``axis``."""
    axis = normalize_axis(axis, x.ndim, "unstack")
    return tuple(mx.unstack(x, axis=axis)) if x.shape[axis] else ()

"""Manipulation functions: ``concat``/``stack`` (uint16/32/64 promoted by the standard's
table), ``flip``, ``moveaxis``, ``repeat``, ``reshape`` (``copy``), ``roll`` (``axis=()``),
``unstack``; ``broadcast_shapes`` is the shared one (:mod:`ember_array._common`)."""

from __future__ import annotations

from collections.abc import Callable

import array_api_compat.torch as _compat
import torch

from .._boundary import UNCLEAN, translate, translates_errors
from .._common._manipulation import broadcast_shapes
from .._common._scalars import as_numpy_reads, index_argument, reduced_shift
from .._markers import forces_evaluation, wraps_native
from . import _device_kernels as _dk  # by module: tests replace its predicates
from ._indexing import long_indices
from ._uints import UINTS, bitwise, involved, promote, to_bits

__all__ = [
    "broadcast_shapes", "concat", "flip", "moveaxis", "repeat", "reshape", "roll", "stack",
    "unstack",
]  # fmt: skip

#: array-api-compat's functions called here, typed (its stubs declare no return types)
_compat_concat: Callable[..., torch.Tensor] = _compat.concat
_compat_flip: Callable[..., torch.Tensor] = _compat.flip
_compat_repeat: Callable[..., torch.Tensor] = _compat.repeat
#: array-api-compat defines roll at runtime; its stubs do not show it
_compat_roll: Callable[..., torch.Tensor] = vars(_compat)["roll"]


@wraps_native("concat")
@translates_errors
def concat(
    arrays: tuple[torch.Tensor, ...] | list[torch.Tensor], /, *, axis: int | None = 0
) -> torch.Tensor:
    """``torch.concat`` (``axis=None``: of the flattened arrays, array-api-compat's); uint16/32/64
    with other dtypes promoted by the standard's table (torch raises "Promotion for uint16,
    uint32, uint64 types is not supported")."""
    try:
        if type(axis) is not int and axis is not None:  # a numpy int or a 0-d array
            axis = index_argument(axis, "concat", "torch")
        try:
            if axis == 0:
                return torch.concat(arrays)
            if axis is None:
                return _compat_concat(arrays, axis=None)
            return torch.concat(arrays, axis)
        except RuntimeError:
            if not involved(arrays):
                raise
        return _compat_concat(promote(*arrays), axis=axis)
    except UNCLEAN as e:
        raise translate(e, "concat", "torch", (arrays,), {"axis": axis}) from e


@wraps_native()
def stack(
    arrays: tuple[torch.Tensor, ...] | list[torch.Tensor], /, *, axis: int = 0
) -> torch.Tensor:
    """``torch.stack``; uint16/32/64 with other dtypes promoted as in :func:`concat`."""
    try:
        return torch.stack(arrays) if axis == 0 else torch.stack(arrays, axis)
    except RuntimeError:
        if not involved(arrays):
            raise
    except TypeError:
        fixed = as_numpy_reads(ints={"axis": axis})  # axis=True: 1, as numpy reads it
        if fixed is None:
            raise
        return stack(arrays, **fixed)
    return torch.stack(promote(*arrays), axis)


_uint_flip: Callable[..., torch.Tensor] = bitwise(_compat.flip)


@wraps_native()
def flip(x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None) -> torch.Tensor:
    """``torch.flip`` (array-api-compat's: every axis for ``axis=None``)."""
    try:
        if x.dtype in UINTS:
            return _uint_flip(x, axis=axis)
        return _compat_flip(x, axis=axis)
    except TypeError:
        fixed = as_numpy_reads(ints={"axis": axis})  # axis=True: 1, as numpy reads it
        if fixed is None:
            raise
        return flip(x, **fixed)


# torch: roll reads dims=() as "flatten first" (no upstream issue found)
@wraps_native()
def roll(
    x: torch.Tensor, /, shift: int | tuple[int, ...], *, axis: int | tuple[int, ...] | None = None
) -> torch.Tensor:
    """``torch.roll``; ``axis=()`` rolls nothing (torch reads ``dims=()`` as "flatten first");
    uint16/32/64 moved as signed bits where torch has no roll kernel for them (CUDA)."""
    if x.dtype in UINTS and _dk.uint_views_needed(x):
        # torch: CUDA has no uint16/32/64 roll ("roll_cuda" not implemented for 'UInt32');
        # https://github.com/pytorch/pytorch/issues/58734
        return roll(to_bits(x), shift, axis=axis).view(x.dtype)
    if axis == ():
        return x.clone()
    try:
        return _compat_roll(x, shift, axis=axis)
    except (TypeError, ValueError, RuntimeError):
        # torch: refuses a bool shift, one beyond int64 ("Overflow when unpacking long long")
        # and one shift for several axes; read as numpy reads them, once torch has refused
        fixed = reduced_shift(shift, axis, tuple(x.shape))
        if fixed is None:
            raise
        return _compat_roll(x, fixed[0], axis=fixed[1])


@wraps_native()
@translates_errors
def reshape(
    x: torch.Tensor, /, shape: tuple[int, ...], *, copy: bool | None = None
) -> torch.Tensor:
    """``torch.reshape``; ``copy=True`` a copy, ``copy=False`` a view or ``ValueError``."""
    try:
        if copy is None:
            return torch.reshape(x, shape)
        if copy is True:
            return x.clone(memory_format=torch.contiguous_format).view(shape)
        try:
            return x.view(shape)
        except RuntimeError as error:  # not expressible as a view
            raise ValueError(f"reshape [torch]: copy=False, but {error}") from error
    except UNCLEAN as e:
        raise translate(e, "reshape", "torch", (x, shape), {"copy": copy}) from e


# torch: moveaxis with int axes (aten::moveaxis.int) has no vmap batching rule, its alias
# movedim has (no upstream issue found)
moveaxis = torch.movedim


def unstack(x: torch.Tensor, /, *, axis: int = 0) -> tuple[torch.Tensor, ...]:
    """``torch.unbind`` (array-api-compat iterates over ``moveaxis(x, axis, 0)``, the same views,
    which torch.func.vmap cannot batch)."""
    if x.ndim == 0:
        raise ValueError("Input array must be at least 1-d.")
    try:
        return torch.unbind(x, axis)
    except TypeError:
        fixed = as_numpy_reads(ints={"axis": axis})  # axis=True: 1, as numpy reads it
        if fixed is None:
            raise
        return torch.unbind(x, fixed["axis"])


@forces_evaluation
@wraps_native("repeat_interleave")
def repeat(
    x: torch.Tensor, repeats: int | torch.Tensor, /, *, axis: int | None = None
) -> torch.Tensor:
    """``torch.repeat_interleave`` with repeats of any integer dtype (torch has no kernel for
    uint8/16/32/64 repeats) and ``x`` of uint16/32/64 (no index_select kernel: moved as bits).

    With an array of repeats the output shape depends on the data: this synchronizes a GPU
    device.
    """
    repeats = long_indices(repeats)
    if x.dtype in UINTS:
        return _compat_repeat(to_bits(x), repeats, axis=axis).view(x.dtype)
    return _compat_repeat(x, repeats, axis=axis)

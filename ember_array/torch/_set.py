"""Set functions: ``unique_*`` (NaNs distinct, complex input, first-occurrence indices torch
lacks, values differentiable) and ``isin`` (uint16/32/64 promoted by the standard's table)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import torch

from .._markers import forces_evaluation, wraps_native
from ._autograd import tracked
from ._indexing import take
from ._uints import UINTS, bitwise, promote

__all__ = ["isin", "unique_all", "unique_counts", "unique_inverse", "unique_values"]

_uint_isin: Callable[..., torch.Tensor] = bitwise(torch.isin, data=2, back=False)


class UniqueAllResult(NamedTuple):
    """The standard's result of ``unique_all``."""

    values: torch.Tensor
    indices: torch.Tensor
    inverse_indices: torch.Tensor
    counts: torch.Tensor


class UniqueCountsResult(NamedTuple):
    """The standard's result of ``unique_counts``."""

    values: torch.Tensor
    counts: torch.Tensor


class UniqueInverseResult(NamedTuple):
    """The standard's result of ``unique_inverse``."""

    values: torch.Tensor
    inverse_indices: torch.Tensor


def _unique(
    flat: torch.Tensor, first: bool = False
) -> tuple[torch.Tensor, torch.Tensor | None, torch.Tensor, torch.Tensor]:
    """(values, first indices, inverse, counts) of a 1-d tensor; NaNs are distinct values.

    The first indices are computed with ``first`` or where a derivative may be taken
    (:func:`tracked`), None otherwise; the values are then gathered from ``flat`` there,
    differentiable (the gradient of ``flat[indices]``), where ``torch.unique`` itself has no
    derivative. Untracked, the values are torch.unique's (the gather costs ~10 µs).
    """
    # torch: unique has no derivative ("the derivative for '_unique2' is not implemented");
    # https://github.com/pytorch/pytorch/pull/5503
    # It runs on the detached input; the first occurrence of each value is the smallest flat
    # position mapping to it (one scatter_reduce), and the values a gather there.
    differentiable = tracked(flat)
    data = flat.detach() if differentiable else flat
    if flat.is_complex():
        # torch: unique has no complex kernel ("unique" not implemented for 'ComplexFloat');
        # https://github.com/pytorch/pytorch/issues/53440
        # Take unique (real, imag) rows instead.
        rows, inverse, counts = torch.unique(
            torch.view_as_real(data), dim=0, sorted=True, return_inverse=True, return_counts=True
        )
        values = torch.view_as_complex(rows.contiguous())
    else:
        values, inverse, counts = torch.unique(
            data, sorted=True, return_inverse=True, return_counts=True
        )
    if not (first or differentiable):
        return values, None, inverse, counts
    positions = torch.arange(flat.shape[0], device=flat.device)
    indices = torch.full(values.shape, flat.shape[0], dtype=torch.int64, device=flat.device)
    indices = indices.scatter_reduce(0, inverse, positions, reduce="amin", include_self=True)
    return (take(flat, indices) if differentiable else values), indices, inverse, counts


# torch: unique has no return_index, so array-api-compat's unique_all raises;
# https://github.com/pytorch/pytorch/issues/36748
@forces_evaluation
def unique_all(x: torch.Tensor, /) -> UniqueAllResult:
    """Unique values with first-occurrence indices, inverse indices and counts.

    array-api-compat raises NotImplementedError (torch.unique has no
    ``return_index``); the first occurrence of each value is the smallest flat
    position mapping to it, found with one ``scatter_reduce``. NaNs are
    distinct values, as the standard asks. The values are ``x``'s elements at those
    positions, so gradients flow to them. The output shape depends on the data, so
    this synchronizes a GPU device.
    """
    values, indices, inverse, counts = _unique(x.reshape(-1), first=True)
    assert indices is not None  # first=True
    return UniqueAllResult(values, indices, inverse.reshape(x.shape), counts)


@forces_evaluation
def unique_counts(x: torch.Tensor, /) -> UniqueCountsResult:
    """Unique values and their counts (complex input too: torch.unique lacks it).

    Differentiable in the values (see :func:`unique_all`). The output shape depends on the
    data: this synchronizes a GPU device.
    """
    values, _, _, counts = _unique(x.reshape(-1))
    return UniqueCountsResult(values, counts)


@forces_evaluation
def unique_inverse(x: torch.Tensor, /) -> UniqueInverseResult:
    """Unique values and, for each element of ``x``, the index of its value.

    Differentiable in the values (see :func:`unique_all`). The output shape depends on the
    data: this synchronizes a GPU device.
    """
    values, _, inverse, _ = _unique(x.reshape(-1))
    return UniqueInverseResult(values, inverse.reshape(x.shape))


@forces_evaluation
def unique_values(x: torch.Tensor, /) -> torch.Tensor:
    """Unique values of ``x`` (complex input too: torch.unique lacks it).

    Differentiable (see :func:`unique_all`). The output shape depends on the data: this
    synchronizes a GPU device.
    """
    return _unique(x.reshape(-1))[0]


@wraps_native()
def isin(x1: Any, x2: Any, /, *, invert: bool = False) -> torch.Tensor:
    """``torch.isin``; uint16/32/64 promoted by the standard's table and compared as bits."""
    if getattr(x1, "dtype", None) in UINTS or getattr(x2, "dtype", None) in UINTS:
        x1, x2 = promote(x1, x2)
        if (x1.dtype if isinstance(x1, torch.Tensor) else x2.dtype) in UINTS:
            return _uint_isin(x1, x2, invert=invert)
    if invert:
        return torch.isin(x1, x2, invert=True)
    return torch.isin(x1, x2)

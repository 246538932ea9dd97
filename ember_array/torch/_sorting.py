"""Sorting functions: ``argsort`` and ``sort``, stable by default; uint16/32/64 sorted in the
order-preserving signed view where torch has no sort kernel for them (CUDA)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import array_api_compat.torch as _compat
import torch

from .._boundary import UNCLEAN, translate, translates_errors
from .._common._scalars import as_numpy_reads, index_argument
from .._markers import wraps_native
from . import _device_kernels as _dk  # by module: tests replace its predicates
from ._uints import UINTS, ordered

__all__ = ["argsort", "sort"]


def _sorting(
    name: str, native: Callable[..., Any], uint: Callable[..., torch.Tensor], values: bool, doc: str
) -> Callable[..., torch.Tensor]:
    """``argsort``/``sort``: ``native(x, dim=, descending=, stable=)`` (its ``.values`` if
    ``values``), array-api-compat's restated so that the error boundary runs in this frame (a
    wrapper around compat's would cost ~0.15 us a call); a non-bool flag is read as its truth
    once torch has refused it."""

    @wraps_native()
    @translates_errors
    def sorting(
        x: torch.Tensor, /, *, axis: int = -1, descending: bool = False, stable: bool = True
    ) -> torch.Tensor:
        try:
            if x.dtype in UINTS and _dk.uint_views_needed(x):
                return uint(x, axis=axis, descending=descending, stable=stable)
            out = native(x, dim=axis, descending=descending, stable=stable)
            result: torch.Tensor = out.values if values else out
            return result
        except TypeError:
            # flags read as their truth, and sort's axis=True as 1, as numpy reads them
            # (numpy's argsort refuses a bool axis)
            flags = {"descending": descending, "stable": stable}
            fixed = as_numpy_reads(flags, {"axis": axis} if values else None)
            if fixed is None:
                # a 0-d array as the axis: its int, as numpy reads it
                index = index_argument(axis, name, "torch")
                if index is axis:
                    raise
                return sorting(x, axis=index, descending=descending, stable=stable)
            return sorting(x, **{"axis": axis, **fixed})
        except UNCLEAN as e:
            kwargs = {"axis": axis, "descending": descending}
            raise translate(e, name, "torch", (x,), kwargs) from e

    sorting.__name__ = sorting.__qualname__ = name
    sorting.__doc__ = doc
    return sorting


# torch: CUDA has no uint16/32/64 sort ("sortKeyValueInplace" not implemented for 'UInt32');
# https://github.com/pytorch/pytorch/issues/58734
# Only where torch lacks the kernels (_device_kernels.uint_views_needed), as where, roll, any
# and all: elsewhere torch's own need no translation.
argsort = _sorting(
    "argsort",
    torch.argsort,
    ordered(_compat.argsort, back=False),
    False,
    """``torch.argsort`` (stable by default, as the standard asks); uint16/32/64 sorted in the
    order-preserving signed view where torch has no sort kernel for them (CUDA).""",
)
sort = _sorting(
    "sort",
    torch.sort,
    ordered(_compat.sort),
    True,
    """``torch.sort(...).values`` (stable by default); uint16/32/64 sorted in the
    order-preserving signed view where torch has no sort kernel for them (CUDA).""",
)

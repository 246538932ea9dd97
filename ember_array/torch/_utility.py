"""Utility functions: ``all``/``any`` (uint16/32/64 as signed bits where torch lacks their
kernels) and ``diff`` (``n`` checked: torch loops ``n`` times)."""

from __future__ import annotations

from collections.abc import Callable

import array_api_compat.torch as _compat
import torch

from .._common._guards import checked_diff
from .._common._scalars import keepdims_as_numpy
from .._markers import wraps_native
from . import _device_kernels as _dk  # by module: tests replace its predicates
from ._uints import UINTS, bitwise, route, to_bits

__all__ = ["all", "any", "diff"]


# torch: CUDA has no uint16/32/64 any/all ("or_cuda"/"and_cuda" not implemented for 'UInt32');
# https://github.com/pytorch/pytorch/issues/58734
# Where torch lacks them, read as signed bits: the same zero and nonzero elements, no copy.
def _truth(name: str) -> Callable[..., torch.Tensor]:
    """``all``/``any``: array-api-compat's (tuple axes, ``keepdims`` with ``axis=None``)."""
    compat: Callable[..., torch.Tensor] = getattr(_compat, name)

    @wraps_native()
    def reduction(
        x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
    ) -> torch.Tensor:
        if x.dtype in UINTS and _dk.uint_views_needed(x):
            x = to_bits(x)
        try:
            return compat(x, axis=axis, keepdims=keepdims)
        except TypeError as e:
            return compat(x, axis=axis, keepdims=keepdims_as_numpy(e, keepdims))

    reduction.__name__ = reduction.__qualname__ = name
    reduction.__doc__ = (
        f"``torch.{name}`` (array-api-compat's: tuple axes, ``keepdims`` with ``axis=None``)."
    )
    return reduction


# (These two shadow the builtins in this module.)
all = _truth("all")
any = _truth("any")
# torch.diff loops n times: diff(x, n=2**40) never returns
diff = checked_diff(
    route(_compat.diff, bitwise(_compat.diff, keywords=("prepend", "append"))), "torch"
)

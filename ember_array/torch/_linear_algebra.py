"""Linear algebra functions of the main namespace: ``matmul``, ``matrix_transpose``,
``tensordot``, ``vecdot`` (uint16/32/64 as signed bits; integers off the CPU, where torch has
no kernel, through :mod:`._device_kernels`). ``linalg`` reuses these three products."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import array_api_compat.torch as _compat
import torch

from .._boundary import UNCLEAN, translate, translates_errors
from .._markers import wraps_native
from . import _device_kernels as _dk  # by module: tests replace its predicates
from ._binary import binary
from ._data_types import result_type
from ._uints import BINARY as UINT_BINARY
from ._uints import UINTS, bitwise, route2

__all__ = ["matmul", "matrix_transpose", "tensordot", "vecdot"]

_Tensor = torch.Tensor
#: torch's function, typed (its stub declares no types)
_broadcast_tensors: Callable[..., tuple[torch.Tensor, ...]] = torch.broadcast_tensors


@translates_errors
@wraps_native("mT")
def matrix_transpose(x: torch.Tensor, /) -> torch.Tensor:
    """``x.mT``: the last two axes swapped (a view)."""
    try:
        if x.ndim < 2:
            raise ValueError(
                f"matrix_transpose [torch]: x must be at least 2-d, got shape {tuple(x.shape)}"
            )
        return x.mT
    except UNCLEAN as e:
        raise translate(e, "matrix_transpose", "torch", (x,)) from e


# torch: CUDA has no integer matmul ("addmm_cuda" not implemented for 'Long'; the CPU wraps);
# https://github.com/pytorch/pytorch/issues/44428
# Integers off the CPU: multiplied and summed exactly (ember_array.torch._device_kernels).
_matmul_slow = _dk.with_int_fallback(_compat.matmul, _dk.int_matmul)
#: matmul of anything but two tensors of one dtype (mixed dtypes, uint16/32/64, scalars)
_matmul_general = binary("matmul", False, False, _dk.matmul, _matmul_slow)
_uint_matmul: Callable[..., torch.Tensor] = UINT_BINARY["matmul"]
#: the dtypes matmul looks at twice: one membership test on the floating fast path, as before
_MATMUL_INTEGERS = UINTS | _dk.INTEGERS
_torch_matmul = torch.matmul  # one global lookup, not two


@translates_errors
@wraps_native()
def matmul(x1: Any, x2: Any, /) -> torch.Tensor:
    """``torch.matmul``; uint16/32/64 as signed bits, and integers off the CPU (no kernel
    there) multiplied and summed exactly (:mod:`ember_array.torch._device_kernels`)."""
    try:
        if isinstance(x1, _Tensor) and isinstance(x2, _Tensor):
            dtype = x1.dtype
            if dtype is x2.dtype:
                if dtype in _MATMUL_INTEGERS:
                    if dtype in UINTS:
                        return _uint_matmul(x1, x2)
                    if _dk.needs_int_fallback(x1):
                        return _dk.int_matmul(x1, x2)
                return _torch_matmul(x1, x2)
        return _matmul_general(x1, x2)
    except UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
        raise translate(e, "matmul", "torch", (x1, x2)) from e


matmul.__module__ = "ember_array.torch"


# array-api-compat: torch vecdot and unstack call torch.moveaxis, which vmap cannot batch
# (no upstream issue found)
def _vecdot_movedim(x1: torch.Tensor, x2: torch.Tensor, /, *, axis: int = -1) -> torch.Tensor:
    """array-api-compat's ``vecdot`` (``conj(x1) @ x2`` over ``axis``), through ``movedim``."""
    if x1.dtype is not x2.dtype:
        dt = result_type(x1, x2)
        x1, x2 = x1.to(dt), x2.to(dt)
    if x1.shape[axis] != x2.shape[axis]:
        raise ValueError("x1 and x2 must have the same size along the given axis")
    a, b = _broadcast_tensors(torch.movedim(x1, axis, -1), torch.movedim(x2, axis, -1))
    return (torch.conj(a[..., None, :]) @ b[..., None])[..., 0, 0]


_vecdot_movedim.__name__ = _vecdot_movedim.__qualname__ = "vecdot"

# torch: CUDA has no integer matmul ("addmm_cuda"/"dot" not implemented for 'Int'...);
# https://github.com/pytorch/pytorch/issues/44428
_tensordot = _dk.with_int_fallback(_compat.tensordot, _dk.int_tensordot)
_vecdot = _dk.with_int_fallback(_vecdot_movedim, _dk.int_vecdot)
tensordot = route2(_tensordot, bitwise(_tensordot, data=2))
vecdot = route2(_vecdot, bitwise(_vecdot, data=2))

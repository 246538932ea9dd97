"""Data type functions: ``astype``, ``can_cast``, ``finfo``, ``iinfo``, ``isdtype``,
``result_type``; and :func:`scalar_dtype`, torch's dtype for a tensor with a Python scalar."""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from typing import Any

import array_api_compat.torch as _compat
import torch

from .._boundary import UNCLEAN, translate, translates_errors
from .._common._data_types import can_cast as _can_cast
from .._common._data_types import complex_to_real
from .._common._data_types import finfo as _finfo
from .._common._data_types import iinfo as _iinfo
from .._common._scalars import truthy
from .._markers import wraps_native
from .._namespace import bind_xp
from ._uints import UINTS, promote_dtypes

__all__ = [
    "SCALARS",
    "astype",
    "can_cast",
    "finfo",
    "iinfo",
    "isdtype",
    "result_type",
    "scalar_dtype",
]

_bind = bind_xp(torch, __name__.rpartition(".")[0])
#: array-api-compat's functions called here, typed (its stubs declare no return types)
_compat_isdtype: Callable[..., bool] = _compat.isdtype
_compat_result_type: Callable[..., torch.dtype] = _compat.result_type

# torch: finfo/iinfo report dtype as a string and uint64's max as a float
# (no upstream issue found)
finfo = _bind(_finfo)
# torch: can_cast allows cross-kind casts (bool -> int8, int8 -> float32) the standard does not
# (no upstream issue found)
can_cast = _bind(_can_cast)
iinfo = _bind(_iinfo)


# array-api-compat: torch isdtype reads an int or None as some kind (no upstream issue found)
def isdtype(dtype: Any, kind: Any) -> bool:
    """``isdtype`` with ``kind`` checked: torch's reads an int or None as some kind."""
    if type(kind) is str or isinstance(kind, torch.dtype):  # the common case, checked cheaply
        return _compat_isdtype(dtype, kind)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    for k in kinds:
        if not isinstance(k, str | torch.dtype):
            raise TypeError(
                "isdtype() [torch]: kind must be a dtype, a kind name or a tuple of them, "
                f"got {type(k).__name__}"
            )
    return _compat_isdtype(dtype, kind)


#: the Python scalar types an operand may be
SCALARS = (bool, int, float, complex)


def scalar_dtype(dtype: torch.dtype, value: bool | int | float | complex) -> torch.dtype:
    """torch's dtype for ``tensor <op> value`` (a Python scalar), decided without a runtime call.

    array-api-compat asks ``torch.result_type(tensor, scalar)``, which returns a dtype, not a
    tensor: under ``torch.compile(fullgraph=True)`` that is a graph break ("torch.* op returned
    non-Tensor"). The scalar's kind is known statically, and torch's rule is by kind: a scalar
    of a higher kind than the tensor gives that kind's default dtype.
    """
    if isinstance(value, bool):
        return dtype
    if isinstance(value, int):
        return torch.int64 if dtype == torch.bool else dtype
    if dtype.is_complex:
        return dtype
    if isinstance(value, float):
        return dtype if dtype.is_floating_point else torch.get_default_dtype()
    if dtype == torch.float64 or (
        not dtype.is_floating_point and torch.get_default_dtype() == torch.float64
    ):
        return torch.complex128
    return torch.complex64


# array-api-compat: torch result_type passes Python scalars to torch.result_type, a graph break
# under torch.compile(fullgraph=True) (no upstream issue found)
@wraps_native()
def result_type(*arrays_and_dtypes: Any) -> torch.dtype:
    """The standard's ``result_type``; Python scalars are applied last, by :func:`scalar_dtype`.

    array-api-compat passes a scalar to ``torch.result_type`` (a graph break under
    ``torch.compile(fullgraph=True)``); arrays and dtypes still go to array-api-compat.
    """
    scalars = [a for a in arrays_and_dtypes if isinstance(a, SCALARS)]
    if not scalars:
        return _array_result_type(arrays_and_dtypes)
    others = [a for a in arrays_and_dtypes if not isinstance(a, SCALARS)]
    if not others:
        raise ValueError("result_type(): at least one array or dtype must be provided")
    dtype = _array_result_type(others)
    for value in scalars:
        dtype = scalar_dtype(dtype, value)
    return dtype


def _array_result_type(arrays_and_dtypes: Any) -> torch.dtype:
    """array-api-compat's ``result_type``, or the standard's table with uint16/32/64 (torch
    raises "Promotion for uint16, uint32, uint64 types is not supported")."""
    try:
        return _compat_result_type(*arrays_and_dtypes)
    except RuntimeError:
        dtypes = [a if isinstance(a, torch.dtype) else a.dtype for a in arrays_and_dtypes]
        if UINTS.isdisjoint(dtypes):
            raise
    return reduce(promote_dtypes, dtypes)


# array-api-compat's astype, restated so that the error boundary runs in its own frame
# (ember_array._boundary: a wrapper around compat's would cost ~0.15 us a call).
@wraps_native("to")
@translates_errors
def astype(
    x: torch.Tensor, dtype: Any, /, *, copy: bool = True, device: Any = None
) -> torch.Tensor:
    """``x.to(dtype)``, a copy unless ``copy=False`` and nothing changes (array-api-compat's);
    ``TypeError`` from complex to real (torch drops the imaginary part)."""
    try:
        if x.dtype.is_complex and not getattr(dtype, "is_complex", True):
            raise complex_to_real("torch", x.dtype, dtype)
        if device is not None:
            return x.to(device, dtype=dtype, copy=copy)
        return x.to(dtype=dtype, copy=copy)
    except TypeError:
        flags = truthy(copy=copy)
        if flags is None:
            raise
        return astype(x, dtype, device=device, **flags)
    except UNCLEAN as e:
        raise translate(e, "astype", "torch", (x, dtype), {"device": device}) from e

"""Creation functions: ``asarray`` and ``from_dlpack`` (numpy arrays with negative strides,
tensors under transforms, uint16/32/64 inside sequences), ``eye``, ``linspace``, ``meshgrid``,
``tril``, ``triu``."""

from __future__ import annotations

import builtins
from collections.abc import Callable
from functools import reduce
from typing import Any

import array_api_compat.torch as _compat
import numpy as np
import torch

from .._boundary import UNCLEAN, translate, translates_errors
from .._common._scalars import INT_FLAGS, as_numpy_reads, bool_arange, host_value, triangle
from .._markers import wraps_native
from ._uints import UINTS, bitwise, promote_dtypes

__all__ = ["arange", "asarray", "eye", "from_dlpack", "linspace", "meshgrid", "tril", "triu"]

#: array-api-compat's functions called here, typed (its stubs declare no return types)
_compat_asarray: Callable[..., torch.Tensor] = _compat.asarray
_compat_eye: Callable[..., torch.Tensor] = _compat.eye
#: array-api-compat defines from_dlpack at runtime; its stubs do not show it
_compat_from_dlpack: Callable[..., torch.Tensor] = vars(_compat)["from_dlpack"]
_compat_linspace: Callable[..., torch.Tensor] = _compat.linspace
_compat_arange: Callable[..., torch.Tensor] = _compat.arange
_compat_meshgrid: Callable[..., tuple[torch.Tensor, ...]] = _compat.meshgrid


# torch: tensors have no negative strides, so a numpy a[::-1] cannot be viewed;
# https://github.com/pytorch/pytorch/issues/92680
def _positive_strides(obj: Any, func: str, copy: bool | None) -> Any:
    """A numpy array with negative strides, made contiguous: torch cannot view it."""
    if isinstance(obj, np.ndarray) and builtins.any(st < 0 for st in obj.strides):
        if copy is False:
            raise ValueError(
                f"{func} [torch]: a numpy array with negative strides cannot be shared without "
                "a copy (torch tensors have no negative strides); pass copy=None or True"
            )
        return np.ascontiguousarray(obj)
    return obj


@wraps_native()
def asarray(
    obj: Any,
    /,
    *,
    dtype: Any = None,
    device: Any = None,
    copy: bool | None = None,
) -> torch.Tensor:
    """``torch.asarray``, also for numpy arrays with negative strides (``a[::-1]``).

    torch.asarray raises ValueError for them: https://github.com/pytorch/pytorch/issues/92680.
    Only that failure takes the slow path; every other call costs one ``try``.
    """
    if isinstance(obj, bytes | bytearray | memoryview):
        # a buffer is bytes (the standard: buffer protocol objects keep their layout)
        # torch: asarray reads a bytes object as a sequence of floats (float32 [97., 98.] for
        # b"ab") (no upstream issue found)
        buf = torch.frombuffer(bytearray(obj), dtype=torch.uint8)
        return _compat_asarray(buf, dtype=dtype, device=device, copy=copy)
    try:
        return _compat_asarray(obj, dtype=dtype, device=device, copy=copy)
    except ValueError:
        if not isinstance(obj, np.ndarray) or builtins.all(st >= 0 for st in obj.strides):
            raise
    except (TypeError, RuntimeError):
        if copy is not None and type(copy) is not bool:
            # copy=1: its truth, as numpy reads it (numpy refuses "yes")
            flags = as_numpy_reads({"copy": copy}, reads=INT_FLAGS)
            if flags is not None:
                return asarray(obj, dtype=dtype, device=device, **flags)
        # torch reads no uint64 tensor inside a sequence ("an integer is required") and
        # promotes no uint16/32/64 one with Python ints: read their values instead
        found: list[torch.dtype] = []
        values = _tensor_values(obj, found)
        if UINTS.isdisjoint(found):
            raise
        if dtype is None:
            dtype = reduce(promote_dtypes, found)
        return _compat_asarray(values, dtype=dtype, device=device, copy=copy)
    return _compat_asarray(
        _positive_strides(obj, "asarray", copy), dtype=dtype, device=device, copy=copy
    )


def _tensor_values(obj: Any, dtypes: list[torch.dtype]) -> Any:
    """A nested sequence with each tensor in it replaced by its values (``tolist``); the
    tensors' dtypes are appended to ``dtypes``."""
    if isinstance(obj, torch.Tensor):
        dtypes.append(obj.dtype)
        return obj.tolist()
    if isinstance(obj, list | tuple):
        return [_tensor_values(o, dtypes) for o in obj]
    return obj


# torch: from_dlpack of a numpy array with negative strides aborts the process (SIGABRT);
# https://github.com/pytorch/pytorch/issues/188023
@wraps_native()
def from_dlpack(x: Any, /, *, device: Any = None, copy: bool | None = None) -> torch.Tensor:
    """``torch.from_dlpack``; a numpy array with negative strides aborts the process there
    (SIGABRT inside torch's DLPack import), so it is made contiguous first (a copy).

    A torch tensor is not exported: a view of it (``copy=True``: a clone; another ``device``:
    a copy there) is what the protocol would give, and it also works under ``torch.compile``,
    ``torch.func`` and for a tensor that requires gradient.
    """
    if isinstance(x, torch.Tensor):
        return _tensor_from_dlpack(x, device, copy)
    return _compat_from_dlpack(_positive_strides(x, "from_dlpack", copy), device=device, copy=copy)


# torch: from_dlpack of a tensor is refused by dynamo (pytorch#169112), cannot export a tensor
# that requires gradient (torch.func.grad's inputs do) and has no vmap batching rule
# (aten::is_pinned); https://github.com/pytorch/pytorch/issues/148306
def _tensor_from_dlpack(x: torch.Tensor, device: Any, copy: bool | None) -> torch.Tensor:
    """What ``torch.from_dlpack(x, device=, copy=)`` returns, without the DLPack protocol:
    a view sharing ``x``'s memory, a clone for ``copy=True``, a copy on another device."""
    if device is not None:
        dev = torch.device(device)
        here = x.device
        if dev.type != here.type or (dev.index is not None and dev.index != here.index):
            if copy is False:
                raise BufferError(
                    f"moving a tensor from {here} to {dev} needs a copy; pass copy=None or True"
                )
            return x.to(dev, copy=True)
    return x.clone() if copy else x.view_as(x)


@translates_errors
@wraps_native()
def eye(
    n_rows: int,
    n_cols: int | None = None,
    /,
    *,
    k: int = 0,
    dtype: Any = None,
    device: Any = None,
) -> torch.Tensor:
    """``torch.eye``; array-api-compat's zeros with a filled diagonal for ``k != 0`` and
    uint16/32/64."""
    try:
        if k == 0 and dtype not in UINTS:  # torch has no eye kernel for uint16/32/64
            m = n_rows if n_cols is None else n_cols
            return torch.eye(n_rows, m, dtype=dtype, device=device)
        return _compat_eye(n_rows, n_cols, k=k, dtype=dtype, device=device)
    except TypeError:
        fixed = as_numpy_reads(ints={"k": k})  # k=True: 1, as numpy reads it
        if fixed is None:
            raise
        return eye(n_rows, n_cols, dtype=dtype, device=device, **fixed)
    except UNCLEAN as e:
        raise translate(e, "eye", "torch", (n_rows, n_cols), {"dtype": dtype}) from e


@wraps_native()
def arange(
    start: int | float,
    /,
    stop: int | float | None = None,
    step: int | float = 1,
    *,
    dtype: torch.dtype | None = None,
    device: Any = None,
) -> torch.Tensor:
    """``torch.arange`` (array-api-compat's); a bool ``dtype`` follows numpy's rule (at most
    two elements, else ``TypeError``), where torch counts on (``[False, True, True]``)."""
    if dtype is torch.bool:
        values = bool_arange("torch", *(host_value(v) for v in (start, stop, step)))
        return torch.tensor(values, dtype=torch.bool, device=device)
    return _compat_arange(start, stop, step, dtype=dtype, device=device)


#: torch's integer dtypes (bool is not one: its linspace is torch's own)
_INTEGERS = frozenset((torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8, *UINTS))


@wraps_native()
def linspace(
    start: float,
    stop: float,
    /,
    num: int,
    *,
    dtype: torch.dtype | None = None,
    device: Any = None,
    endpoint: bool = True,
) -> torch.Tensor:
    """``linspace``; an integer dtype computed in float64 and floored, as numpy computes it
    (torch truncates toward zero, and has no uint16/32/64 kernel)."""
    if dtype in _INTEGERS:
        # torch: an integer linspace truncates toward zero (linspace(-3, 0, 3) has -1 where
        # numpy floors to -2) (no upstream issue found)
        # torch: no linspace kernel for uint16/32/64 ("linspace_cpu" not implemented for
        # 'UInt16'); https://github.com/pytorch/pytorch/issues/58734 (the uint dtypes' kernels)
        return _floored_linspace(start, stop, num, dtype, device, endpoint)
    try:
        return _compat_linspace(start, stop, num, dtype=dtype, device=device, endpoint=endpoint)
    except TypeError:
        fixed = as_numpy_reads({"endpoint": endpoint}, {"num": num})  # as numpy reads them
        if fixed is None:
            raise
        return linspace(start, stop, dtype=dtype, device=device, **fixed)


def _floored_linspace(
    start: Any, stop: Any, num: int, dtype: torch.dtype, device: Any, endpoint: bool
) -> torch.Tensor:
    """numpy's integer linspace: ``start + i * step`` in float64 where the device holds it
    (the endpoint exact), floored and cast. torch's own float64 linspace interpolates from
    both ends: its middle of ``linspace(-5, 5, 7)`` is -1.7e-16, floored to -1 (numpy: 0)."""
    # the grid checks the arguments (num, the device) as every linspace does
    try:
        grid = linspace(start, stop, num, dtype=torch.float64, device=device, endpoint=endpoint)
    except ValueError:  # a device without float64 (MPS): float32, as torch computes there
        grid = linspace(start, stop, num, dtype=torch.float32, device=device, endpoint=endpoint)
    count = grid.shape[0]
    div = count - 1 if endpoint and count > 1 else count
    if div > 0:
        wide, dev = grid.dtype, grid.device
        lo = torch.as_tensor(start, dtype=wide, device=dev)
        hi = torch.as_tensor(stop, dtype=wide, device=dev)
        grid = torch.arange(count, dtype=wide, device=dev) * ((hi - lo) / div) + lo
        if endpoint and count > 1:
            grid[-1] = hi
    return torch.floor(grid).to(dtype)


@wraps_native()
def meshgrid(*arrays: torch.Tensor, indexing: str = "xy") -> tuple[torch.Tensor, ...]:
    """``torch.meshgrid`` (array-api-compat's); arrays of more than one dimension are
    flattened first, as numpy, mlx and dask do (only once torch has refused them)."""
    try:
        return _compat_meshgrid(*arrays, indexing=indexing)
    except RuntimeError:
        # torch: meshgrid takes 0-d and 1-d tensors only ("Expected 0D or 1D tensor in the
        # tensor list") (no upstream issue found)
        if not builtins.any(isinstance(a, torch.Tensor) and a.ndim > 1 for a in arrays):
            raise
        return _compat_meshgrid(*(a.reshape(-1) for a in arrays), indexing=indexing)


_uint_tril = bitwise(_compat.tril)
_uint_triu = bitwise(_compat.triu)


def _triangle(
    native: Callable[..., torch.Tensor], uint: Callable[..., torch.Tensor], name: str
) -> Any:
    def call(x: torch.Tensor, k: int) -> torch.Tensor:
        if x.dtype in UINTS:
            return uint(x, k=k)
        return native(x, k)

    # torch: tril/triu take an int64 diagonal only ("must be int, not bool", "Overflow when
    # unpacking long long") (no upstream issue found)
    return triangle(call, name, (TypeError, ValueError, RuntimeError))


tril = _triangle(torch.tril, _uint_tril, "tril")
triu = _triangle(torch.triu, _uint_triu, "triu")

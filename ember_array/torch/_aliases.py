"""Fixes for the standard functions torch (via array-api-compat) gets wrong.

Each function names the native behaviour it corrects. Names not defined here
are taken unchanged from ``array_api_compat.torch``.
"""

from __future__ import annotations

import builtins
import math
from collections.abc import Callable
from functools import reduce, wraps
from typing import Any, NamedTuple

import array_api_compat.torch as _compat
import numpy as np
import torch

from .. import _boundary, _helpers
from .._common import _data_types
from .._common._guards import checked_diff, nan_without_dof, without_dof
from .._common._manipulation import broadcast_shapes
from .._common._scalars import triangle, truthy
from .._markers import forces_evaluation, wraps_native
from .._namespace import bind_xp
from . import _device_kernels as _dk
from . import _uints
from ._uints import UINTS as _UINTS

__all__ = [
    "asarray",
    "isdtype",
    "roll",
    "broadcast_shapes",
    "diff",
    "can_cast",
    "count_nonzero",
    "cumulative_prod",
    "cumulative_sum",
    "finfo",
    "from_dlpack",
    "iinfo",
    "prod",
    "std",
    "sum",
    "unique_all",
    "unique_counts",
    "unique_inverse",
    "unique_values",
    "var",
]

_bind = bind_xp(torch, __name__.rpartition(".")[0])


_compat_asarray = _compat.asarray


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
        # torch reads no uint64 tensor inside a sequence ("an integer is required") and
        # promotes no uint16/32/64 one with Python ints: read their values instead
        found: list[torch.dtype] = []
        values = _tensor_values(obj, found)
        if _UINTS.isdisjoint(found):
            raise
        if dtype is None:
            dtype = reduce(_uints.promote_dtypes, found)
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
    return _compat.from_dlpack(  # type: ignore[attr-defined]
        _positive_strides(x, "from_dlpack", copy), device=device, copy=copy
    )


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


# torch: finfo/iinfo report dtype as a string and uint64's max as a float
# (no upstream issue found)
finfo = _bind(_data_types.finfo)
# torch: can_cast allows cross-kind casts (bool -> int8, int8 -> float32) the standard does not
# (no upstream issue found)
can_cast = _bind(_data_types.can_cast)
iinfo = _bind(_data_types.iinfo)


# torch: reductions given dim=() reduce over every axis instead of none;
# https://github.com/pytorch/pytorch/issues/29137
@wraps_native()
def count_nonzero(
    x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> torch.Tensor:
    """Number of non-zero elements over ``axis``; ``axis=()`` reduces nothing.

    torch.count_nonzero reduces over every axis when given dim=() (pytorch#29137).
    """
    if axis == ():
        return (x != 0).to(torch.int64)
    if x.dtype in _UINTS:  # "nonzero_count_cpu" not implemented for 'UInt16': count the bits
        x = _uints.to_bits(x)
    return _compat.count_nonzero(x, axis=axis, keepdims=keepdims)


# array-api-compat: torch std raises NotImplementedError for a non-integer correction;
# https://github.com/data-apis/array-api-compat/pull/445
@_boundary.translates_errors
@wraps_native()
def std(
    x: torch.Tensor,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> torch.Tensor:
    """Standard deviation over ``axis`` with ``correction`` degrees of freedom removed.

    array-api-compat raises NotImplementedError for a non-integer
    ``correction``, which torch itself supports.
    """
    try:
        if type(axis) is int:
            out = torch.std(x, axis, correction=correction, keepdim=keepdims)
        elif axis == ():
            # torch: reduces over every axis when given dim=();
            # https://github.com/pytorch/pytorch/issues/29137
            return torch.zeros_like(x)
        else:
            dims = tuple(range(x.ndim)) if axis is None else axis
            out = torch.std(x, dims, correction=correction, keepdim=keepdims)
        # torch: std divides by max(N - correction, 0), inf where the standard says NaN;
        # https://github.com/pytorch/pytorch/issues/109186
        return out * float("nan") if without_dof(x, axis, correction) else out
    except _boundary.UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
        kwargs = {"axis": axis, "correction": correction}
        raise _boundary.translate(e, "std", "torch", (x,), kwargs) from e


# array-api-compat: mean, eye and matrix_transpose handle the general case in Python (axis
# tuples, k, ndim checks: 1-3 us a call) before torch's own function (no upstream issue found)
@_boundary.translates_errors
@wraps_native()
def mean(
    x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> torch.Tensor:
    """``torch.mean`` (array-api-compat's: ``axis=()`` and ``axis=None`` with ``keepdims``)."""
    try:
        if type(axis) is int:
            return torch.mean(x, axis, keepdims)
        return _compat.mean(x, axis=axis, keepdims=keepdims)  # type: ignore[no-any-return]
    except _boundary.UNCLEAN as e:
        raise _boundary.translate(e, "mean", "torch", (x,), {"axis": axis}) from e


@_boundary.translates_errors
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
        if k == 0 and dtype not in _UINTS:  # torch has no eye kernel for uint16/32/64
            m = n_rows if n_cols is None else n_cols
            return torch.eye(n_rows, m, dtype=dtype, device=device)
        return _compat.eye(n_rows, n_cols, k=k, dtype=dtype, device=device)  # type: ignore[no-any-return]
    except _boundary.UNCLEAN as e:
        raise _boundary.translate(e, "eye", "torch", (n_rows, n_cols), {"dtype": dtype}) from e


@_boundary.translates_errors
@wraps_native("mT")
def matrix_transpose(x: torch.Tensor, /) -> torch.Tensor:
    """``x.mT``: the last two axes swapped (a view)."""
    try:
        if x.ndim < 2:
            raise ValueError(
                f"matrix_transpose [torch]: x must be at least 2-d, got shape {tuple(x.shape)}"
            )
        return x.mT
    except _boundary.UNCLEAN as e:
        raise _boundary.translate(e, "matrix_transpose", "torch", (x,)) from e


__all__ += ["eye", "matrix_transpose", "mean"]

_UNSIGNED = frozenset({torch.uint8, torch.uint16, torch.uint32, torch.uint64})


_FLOATING = frozenset((torch.float32, torch.float64, torch.float16, torch.bfloat16,
                       torch.complex64, torch.complex128))  # fmt: skip


# torch: sums uint8 into int64 and has no uint64 sum kernel ("sum_cpu" not implemented);
# https://github.com/pytorch/pytorch/issues/58734
# array-api-compat: torch sum of unsigned input is not unsigned;
# https://github.com/data-apis/array-api-compat/issues/242
def _unsigned_total(
    func: Callable[..., Any], whole: Callable[..., Any] | None = None
) -> Callable[..., Any]:
    """A sum/product of unsigned integers in uint64, as the standard's default dtype rule asks,
    and any total into or out of uint16/32/64.

    torch sums uint8 into int64 and has no uint16/32/64 kernels ("sum_cpu" not implemented for
    'UInt64'; https://github.com/pytorch/pytorch/issues/58734, array-api-compat#242): wrapping
    int64 arithmetic has the same low bits as unsigned arithmetic, so compute in int64 and
    reinterpret (uint64) or cast (uint16/32) the result; an input of uint16/32/64 totalled
    into another dtype is cast to it first. ``whole``: torch's own reduction, called directly for
    a floating ``x`` over every axis with no keyword (the same result, without
    array-api-compat's ~400 ns of argument handling).
    """

    @wraps(func)
    def total(x: torch.Tensor, /, *, dtype: Any = None, **kwargs: Any) -> torch.Tensor:
        try:
            xdtype = getattr(x, "dtype", None)
            if whole is not None and dtype is None and xdtype in _FLOATING:
                if not kwargs:
                    return whole(x)  # type: ignore[no-any-return]
                axis = kwargs.get("axis")
                if type(axis) is int and len(kwargs) == 1 + ("keepdims" in kwargs):
                    # one axis: torch's reduction as is (array-api-compat's adds ~1 us)
                    return whole(x, axis, keepdim=bool(kwargs.get("keepdims", False)))  # type: ignore[no-any-return]
            if xdtype not in _UNSIGNED and dtype not in _UINTS:
                return func(x, dtype=dtype, **kwargs)
            if dtype is None:
                dtype = torch.uint64
            if dtype in _UINTS:
                wide = x.view(torch.int64) if xdtype == torch.uint64 else x.to(torch.int64)
                out = func(wide, dtype=torch.int64, **kwargs)
                return out.view(dtype) if dtype == torch.uint64 else out.to(dtype)
            if xdtype in _UINTS:
                x = x.to(dtype)
            return func(x, dtype=dtype, **kwargs)
        except _boundary.UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
            raise _boundary.translate(e, name, "torch", (x,), {"dtype": dtype, **kwargs}) from e

    name = func.__name__
    return _boundary.translates_errors(total)


sum = _unsigned_total(_compat.sum, torch.sum)
prod = _unsigned_total(_compat.prod, torch.prod)
cumulative_sum = _unsigned_total(_compat.cumulative_sum)
cumulative_prod = _unsigned_total(_compat.cumulative_prod)

# torch: var divides by max(N - correction, 0), inf where the standard says NaN;
# https://github.com/pytorch/pytorch/issues/109186
var = nan_without_dof(_compat.var)


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


def _tracked(x: torch.Tensor) -> bool:
    """Whether a derivative may be taken through ``x``: autograd, forward AD or a
    ``torch.func`` transform (grad, jvp, vmap) sees it. Cheap (~0.2 µs untracked)."""
    if _is_compiling():  # dynamo cannot trace the functorch level
        return x.requires_grad
    return _transforming() or x.requires_grad


def _transforming() -> bool:
    """Whether forward AD or a ``torch.func`` transform is active (not under dynamo)."""
    return _forward_ad._current_level >= 0 or _functorch_level() is not None


_is_compiling = torch.compiler.is_compiling
_forward_ad = torch.autograd.forward_ad
_functorch_level = torch._C._functorch.maybe_current_level


def _unique(
    flat: torch.Tensor, first: bool = False
) -> tuple[torch.Tensor, torch.Tensor | None, torch.Tensor, torch.Tensor]:
    """(values, first indices, inverse, counts) of a 1-d tensor; NaNs are distinct values.

    The first indices are computed with ``first`` or where a derivative may be taken
    (:func:`_tracked`), None otherwise; the values are then gathered from ``flat`` there,
    differentiable (the gradient of ``flat[indices]``), where ``torch.unique`` itself has no
    derivative. Untracked, the values are torch.unique's (the gather costs ~10 µs).
    """
    # torch: unique has no derivative ("the derivative for '_unique2' is not implemented");
    # https://github.com/pytorch/pytorch/pull/5503
    # It runs on the detached input; the first occurrence of each value is the smallest flat
    # position mapping to it (one scatter_reduce), and the values a gather there.
    tracked = _tracked(flat)
    data = flat.detach() if tracked else flat
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
    if not (first or tracked):
        return values, None, inverse, counts
    positions = torch.arange(flat.shape[0], device=flat.device)
    indices = torch.full(values.shape, flat.shape[0], dtype=torch.int64, device=flat.device)
    indices = indices.scatter_reduce(0, inverse, positions, reduce="amin", include_self=True)
    return (take(flat, indices) if tracked else values), indices, inverse, counts


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


_Tensor = torch.Tensor
_SCALARS = (bool, int, float, complex)


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
    scalars = [a for a in arrays_and_dtypes if isinstance(a, _SCALARS)]
    if not scalars:
        return _array_result_type(arrays_and_dtypes)
    others = [a for a in arrays_and_dtypes if not isinstance(a, _SCALARS)]
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
        return _compat.result_type(*arrays_and_dtypes)  # type: ignore[no-any-return]
    except RuntimeError:
        dtypes = [a if isinstance(a, torch.dtype) else a.dtype for a in arrays_and_dtypes]
        if _UINTS.isdisjoint(dtypes):
            raise
    return reduce(_uints.promote_dtypes, dtypes)


__all__ += ["result_type"]


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
    """``linspace``; uint16/32/64 computed in float64 and cast, as torch does for int64."""
    try:
        return _compat.linspace(start, stop, num, dtype=dtype, device=device, endpoint=endpoint)
    except NotImplementedError:
        # torch: no linspace kernel for uint16/32/64 ("linspace_cpu" not implemented for
        # 'UInt16'); https://github.com/pytorch/pytorch/issues/58734 (the uint dtypes' kernels)
        if dtype not in _UINTS:
            raise
    out = _compat.linspace(start, stop, num, dtype=torch.float64, device=device, endpoint=endpoint)
    return out.to(dtype)


__all__ += ["linspace"]


# torch: refuses to promote uint16/uint32/uint64 with other dtypes;
# https://github.com/pytorch/pytorch/issues/58734
def _binary(
    name: str,
    scalar_x1: bool,
    scalar_x2: bool,
    native: Callable[..., torch.Tensor] | None = None,
    slow: Callable[..., torch.Tensor] | None = None,
    clamp: Callable[..., torch.Tensor] | None = None,
) -> Callable[..., torch.Tensor]:
    """array-api-compat's two-argument function, without its runtime promotion calls.

    * two tensors of one dtype: nothing to promote, call torch directly (compat computes
      ``result_type`` on every call, ~2 µs, to undo torch's promotion of 0-d tensors);
    * uint16/32/64: torch has no kernels for most functions and refuses to promote them;
      cast to the standard's promoted dtype (TypeError where the table has none) and compute
      with :data:`ember_array.torch._uints.BINARY` (a Python int stays an int there);
    * a Python scalar where torch takes none (``scalar_x1``/``scalar_x2``, compat's flags):
      a 0-d tensor of :func:`scalar_dtype`, so that ``torch.compile(fullgraph=True)`` traces
      ``maximum(x, 0.0)`` without a graph break; a scalar torch takes goes to torch as is;
    * anything else: array-api-compat's wrapper.

    ``native`` and ``slow`` replace torch's function and array-api-compat's wrapper; ``clamp``
    (``maximum``/``minimum``) takes a floating tensor and a Python scalar of its dtype: no
    0-d tensor is made (eager ~2 µs; compiled, ``maximum(d, 0.0)`` then costs what
    ``clamp_min(d, 0.0)`` does), with the same values, NaN and signed zeros included.
    """
    slow = slow or getattr(_compat, name)
    native = native or getattr(torch, _TORCH_NAMES.get(name, name))
    uint = _uints.BINARY.get(name, native)

    def f(x1: Any, x2: Any, /) -> torch.Tensor:
        try:
            if isinstance(x1, _Tensor):
                if isinstance(x2, _Tensor):
                    dtype = x1.dtype
                    if dtype is x2.dtype:  # torch dtypes are singletons
                        if dtype in _UINTS:
                            return uint(x1, x2)
                        return native(x1, x2)
                    if dtype in _UINTS or x2.dtype in _UINTS:
                        dt = _uints.promote_dtypes(x1.dtype, x2.dtype)
                        return (uint if dt in _UINTS else native)(x1.to(dt), x2.to(dt))
                elif clamp is not None and type(x2) is float and x1.dtype in _REAL_FLOATS:
                    return clamp(x1, x2)  # first: fewer Dynamo guards under torch.compile
                elif isinstance(x2, _SCALARS):
                    if x1.dtype in _UINTS and type(x2) is int:
                        return uint(x1, x2)
                    if scalar_x2:
                        x2 = torch.tensor(x2, dtype=scalar_dtype(x1.dtype, x2), device=x1.device)
                    return native(x1, x2)
            elif isinstance(x2, _Tensor) and isinstance(x1, _SCALARS):
                if x2.dtype in _UINTS and type(x1) is int:
                    return uint(x1, x2)
                if scalar_x1:
                    x1 = torch.tensor(x1, dtype=scalar_dtype(x2.dtype, x1), device=x2.device)
                    return native(x1, x2)
            return slow(x1, x2)
        except _boundary.UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
            raise _boundary.translate(e, name, "torch", (x1, x2)) from e

    f.__name__ = f.__qualname__ = name
    f.__doc__ = slow.__doc__
    f.__module__ = "ember_array.torch"
    return _boundary.translates_errors(wraps_native()(f))


_TORCH_NAMES = {"equal": "eq"}
#: name -> (x1 may not be a Python scalar in torch, x2 may not): array-api-compat's flags.
_BINARY: dict[str, tuple[bool, bool]] = {
    "add": (False, False),
    "atan2": (True, True),
    "bitwise_and": (False, False),
    "bitwise_left_shift": (False, False),
    "bitwise_or": (False, False),
    "bitwise_right_shift": (False, False),
    "bitwise_xor": (False, False),
    "copysign": (True, False),
    "divide": (False, False),
    "equal": (True, False),
    "floor_divide": (False, False),
    "greater": (True, False),
    "greater_equal": (True, False),
    "hypot": (True, True),
    "less": (True, False),
    "less_equal": (True, False),
    "logaddexp": (True, True),
    "logical_and": (True, True),
    "logical_or": (True, True),
    "logical_xor": (True, True),
    "maximum": (True, True),
    "minimum": (True, True),
    "multiply": (False, False),
    "nextafter": (True, True),
    "not_equal": (True, False),
    "pow": (False, False),
    "remainder": (False, False),
    "subtract": (False, False),
    "matmul": (False, False),
}


# torch: nextafter's derivative with respect to x1 is 0 where x1 == x2 (1 elsewhere), and
# torch.func.grad gives it; https://github.com/pytorch/pytorch/issues/148814
class _NextAfter(torch.autograd.Function):
    """``torch.nextafter`` with the derivatives 1 (``x1``) and 0 (``x2``) everywhere.

    ``nextafter(x1, x2)`` is ``x1`` moved by one unit in the last place: as a function of
    real numbers, ``x1`` itself (central finite differences give 1 at a tie too, where torch's
    formula gives 0). ``setup_context`` and ``generate_vmap_rule`` make it a function that
    ``torch.func`` (grad, vjp, jvp, vmap) and ``torch.compile`` go through.
    """

    generate_vmap_rule = True

    @staticmethod
    def forward(x1: torch.Tensor, x2: torch.Tensor) -> torch.Tensor:  # type: ignore[override]
        return torch.nextafter(x1, x2)

    @staticmethod
    def setup_context(ctx: Any, inputs: tuple[Any, ...], output: torch.Tensor) -> None:
        ctx.shape, ctx.out_shape = inputs[0].shape, output.shape

    @staticmethod
    def backward(ctx: Any, grad: torch.Tensor) -> tuple[torch.Tensor, None]:  # type: ignore[override]
        # x1 was broadcast against x2: its gradient sums over the broadcast axes
        return grad.sum_to_size(ctx.shape), None


# torch: dynamo cannot trace an autograd.Function with a custom jvp ("Unsupported custom jvp")
# (no upstream issue found)
# The forward-mode rule is a subclass, used outside torch.compile only.
class _NextAfterForward(_NextAfter):
    """:class:`_NextAfter` with its forward-mode rule (``torch.func.jvp``, forward AD)."""

    @staticmethod
    def jvp(ctx: Any, t1: torch.Tensor, t2: torch.Tensor) -> torch.Tensor:
        # x1 was broadcast against x2: so is its tangent
        return t1 if t1.shape == ctx.out_shape else t1.expand(ctx.out_shape)


def _nextafter(x1: torch.Tensor, x2: torch.Tensor) -> torch.Tensor:
    """``torch.nextafter`` of two tensors of one dtype, through :class:`_NextAfter` wherever a
    derivative may be taken (``Function.apply`` costs ~15 µs, torch.nextafter ~1 µs)."""
    if _is_compiling():  # dynamo traces no custom jvp (nor the functorch level)
        return _NextAfter.apply(x1, x2)  # type: ignore[no-any-return]
    if _transforming() or x1.requires_grad or x2.requires_grad:
        return _NextAfterForward.apply(x1, x2)  # type: ignore[no-any-return]
    return torch.nextafter(x1, x2)


def _nextafter_slow(x1: Any, x2: Any) -> torch.Tensor:
    """Two tensors of different dtypes: :func:`_nextafter` in the promoted one."""
    if isinstance(x1, _Tensor) and isinstance(x2, _Tensor):
        dt = result_type(x1, x2)
        return _nextafter(x1.to(dt), x2.to(dt))
    return _compat.nextafter(x1, x2)  # type: ignore[no-any-return]


# torch: floor_divide has no derivative ("derivative for aten::floor_divide is not
# implemented"); https://github.com/pytorch/pytorch/issues/43327
# torch.div(rounding_mode="floor") runs the same kernel (bit-identical values, the infinite and
# signed-zero cases included) and has one: zero, as jax and mlx give.
def _floor_div(x1: Any, x2: Any) -> torch.Tensor:
    return torch.div(x1, x2, rounding_mode="floor")


def _floor_div_slow(x1: Any, x2: Any) -> torch.Tensor:
    """Two tensors of different dtypes: :func:`_floor_div` in the promoted one."""
    if isinstance(x1, _Tensor) and isinstance(x2, _Tensor):
        dt = result_type(x1, x2)
        return _floor_div(x1.to(dt), x2.to(dt))
    if isinstance(x1, _SCALARS) and isinstance(x2, _Tensor):  # torch takes a scalar x1 here
        return _floor_div(x1, x2)
    return _compat.floor_divide(x1, x2)  # type: ignore[no-any-return]


_OVERRIDES: dict[str, tuple[Callable[..., torch.Tensor], Callable[..., torch.Tensor]]] = {
    "floor_divide": (_floor_div, _floor_div_slow),
    "nextafter": (_nextafter, _nextafter_slow),
}
#: maximum/minimum of a floating tensor and a Python float: torch's clamps (see _binary)
_CLAMPS: dict[str, Callable[..., torch.Tensor]] = {
    "maximum": torch.clamp_min,
    "minimum": torch.clamp_max,
}
_REAL_FLOATS = frozenset((torch.float16, torch.bfloat16, torch.float32, torch.float64))
for _name, (_x1, _x2) in _BINARY.items():
    if _name != "matmul":  # written out below
        _native, _slow = _OVERRIDES.get(_name, (None, None))
        globals()[_name] = _binary(_name, _x1, _x2, _native, _slow, clamp=_CLAMPS.get(_name))
del _name, _x1, _x2, _native, _slow


# torch: CUDA has no integer matmul ("addmm_cuda" not implemented for 'Long'; the CPU wraps);
# https://github.com/pytorch/pytorch/issues/44428
# Integers off the CPU: multiplied and summed exactly (ember_array.torch._device_kernels).
_matmul_slow = _dk.with_int_fallback(_compat.matmul, _dk.int_matmul)
#: matmul of anything but two tensors of one dtype (mixed dtypes, uint16/32/64, scalars)
_matmul_general = _binary("matmul", False, False, _dk.matmul, _matmul_slow)
_uint_matmul = _uints.BINARY["matmul"]
#: the dtypes matmul looks at twice: one membership test on the floating fast path, as before
_MATMUL_INTEGERS = _UINTS | _dk.INTEGERS
_torch_matmul = torch.matmul  # one global lookup, not two


@_boundary.translates_errors
@wraps_native()
def matmul(x1: Any, x2: Any, /) -> torch.Tensor:
    """``torch.matmul``; uint16/32/64 as signed bits, and integers off the CPU (no kernel
    there) multiplied and summed exactly (:mod:`ember_array.torch._device_kernels`)."""
    try:
        if isinstance(x1, _Tensor) and isinstance(x2, _Tensor):
            dtype = x1.dtype
            if dtype is x2.dtype:
                if dtype in _MATMUL_INTEGERS:
                    if dtype in _UINTS:
                        return _uint_matmul(x1, x2)  # type: ignore[no-any-return]
                    if _dk._needs_int_fallback(x1):
                        return _dk.int_matmul(x1, x2)
                return _torch_matmul(x1, x2)
        return _matmul_general(x1, x2)
    except _boundary.UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
        raise _boundary.translate(e, "matmul", "torch", (x1, x2)) from e


matmul.__module__ = "ember_array.torch"


def _float_fixed(
    f: Callable[..., torch.Tensor], fix: Callable[[Any, Any, torch.Tensor], torch.Tensor]
) -> Callable[..., torch.Tensor]:
    """``f``, with ``fix(x1, x2, out)`` applied to floating results (integers go untouched)."""

    @wraps(f)
    def fixed(x1: Any, x2: Any, /) -> torch.Tensor:
        out = f(x1, x2)
        return fix(x1, x2, out) if out.dtype.is_floating_point else out

    return _boundary.translates_errors(fixed)  # f translates; fix() runs on checked tensors


def _operand(x: Any, out: torch.Tensor) -> torch.Tensor:
    return x if isinstance(x, _Tensor) else torch.tensor(x, dtype=out.dtype, device=out.device)


# torch: floor_divide follows Python's divmod for infinite operands (nan for inf // 2, -1 for
# -5 // inf) where the standard asks floor(x1 / x2) (inf, -0);
# https://github.com/pytorch/pytorch/issues/170178
def _floor_divide_infinities(x1: Any, x2: Any, out: torch.Tensor) -> torch.Tensor:
    """The standard's results where an operand is infinite: ``x1 / x2`` is then exactly
    ``floor(x1 / x2)`` (±inf, ±0 or NaN). On an eager CPU tensor a scan for infinities decides
    whether the ``where`` is needed (it costs ~3x the division); elsewhere it always runs."""
    if _helpers.is_eager_host(out) and not builtins.any(
        bool(torch.isinf(x).any()) if isinstance(x, _Tensor) else math.isinf(x) for x in (x1, x2)
    ):
        return out
    # detached: floor's derivative is zero there too (a live x1 / x2 branch gives 0 * inf = NaN
    # gradients where x2 == 0, through where's backward)
    a, b = _operand(x1, out).detach(), _operand(x2, out).detach()
    return torch.where(torch.isinf(a) | torch.isinf(b), torch.div(a, b).to(out.dtype), out)


# torch: remainder of a zero result is +0 whatever the divisor's sign (the standard: the sign
# of x2, as for every other result) (no upstream issue found)
def _remainder_zero_sign(x1: Any, x2: Any, out: torch.Tensor) -> torch.Tensor:
    """Every remainder has the divisor's sign (torch's nonzero results already do): one
    ``copysign`` puts it on the zeros too."""
    return torch.copysign(out, _operand(x2, out)).to(out.dtype)


floor_divide = _float_fixed(globals()["floor_divide"], _floor_divide_infinities)
remainder = _float_fixed(globals()["remainder"], _remainder_zero_sign)


def _complex_fixed(
    name: str, fix: Callable[[torch.Tensor, torch.Tensor], torch.Tensor]
) -> Callable[..., torch.Tensor]:
    """torch's ``name``, with ``fix(x, out)`` applied to complex results only (real input
    pays one Python call and a dtype test)."""
    native = getattr(torch, name)

    def fixed(x: torch.Tensor, /) -> torch.Tensor:
        try:
            out = native(x)
        except _boundary.UNCLEAN as e:
            raise _boundary.translate(e, name, "torch", (x,)) from e
        return fix(x, out) if out.dtype.is_complex else out

    fixed.__name__ = fixed.__qualname__ = name
    fixed.__doc__ = f"``torch.{name}``, with the standard's complex special cases."
    fixed.__module__ = "ember_array.torch"
    return _boundary.translates_errors(wraps_native()(fixed))


# torch: complex expm1 misses C99's special cases (inf+0j, -inf+bj, nan+0j give nan parts);
# https://github.com/pytorch/pytorch/issues/95740
def _expm1_special(x: torch.Tensor, out: torch.Tensor) -> torch.Tensor:
    a, b = x.real, x.imag
    zero_imag = b == 0  # the real axis: expm1 of the real part (+ 0.0: expm1(-0) is +0)
    re = torch.where(zero_imag, torch.expm1(a) + 0.0, out.real)
    im = torch.where(zero_imag, b, out.imag)
    neg_inf = torch.isneginf(a) & ~zero_imag  # exp(-inf) is 0: -1 with a zero imaginary part
    signed_zero = torch.copysign(torch.zeros_like(b), torch.sin(b))
    re = torch.where(neg_inf, -1.0, re)
    im = torch.where(neg_inf, torch.where(torch.isfinite(b), signed_zero, 0.0), im)
    pos_inf = torch.isposinf(a) & ~torch.isfinite(b)  # inf times an undefined angle
    re = torch.where(pos_inf, torch.inf, re)
    im = torch.where(pos_inf, torch.nan, im)
    return torch.complex(re, im)


# torch: complex log1p of an infinite part with a NaN one gives nan+nanj, the standard
# +inf+nanj, and of a+inf j (a finite) not +inf+pi/2 j (no upstream issue found)
def _log1p_special(x: torch.Tensor, out: torch.Tensor) -> torch.Tensor:
    a, b = x.real, x.imag
    inf_nan = (torch.isinf(a) & torch.isnan(b)) | (torch.isnan(a) & torch.isinf(b))
    re = torch.where(inf_nan, torch.inf, out.real)
    im = torch.where(inf_nan, torch.nan, out.imag)
    # a finite real part with an infinite imaginary one: +inf ± pi/2 j
    finite_inf = torch.isfinite(a) & torch.isinf(b)
    re = torch.where(finite_inf, torch.inf, re)
    im = torch.where(finite_inf, torch.copysign(torch.full_like(b, torch.pi / 2), b), im)
    return torch.complex(re, im)


# torch: complex128 acos(±0+0j) is pi/2+0j, the standard's pi/2-0j (complex64 is right)
# (no upstream issue found)
def _acos_special(x: torch.Tensor, out: torch.Tensor) -> torch.Tensor:
    zero = x == 0
    return torch.where(zero, torch.complex(out.real, -x.imag), out)


# torch: tanh(+inf + yj) follows C99 (the zero takes the sign of sin(2y)) where the standard
# says 1 + 0j with the sign of y (data-apis/array-api#1006) (no upstream issue found)
def _tanh_special(x: torch.Tensor, out: torch.Tensor) -> torch.Tensor:
    a, b = x.real, x.imag
    fix = torch.isposinf(a) & torch.isfinite(b)
    one = torch.complex(torch.ones_like(a), torch.copysign(torch.zeros_like(b), b))
    return torch.where(fix, one, out)


expm1 = _complex_fixed("expm1", _expm1_special)
tanh = _complex_fixed("tanh", _tanh_special)
log1p = _complex_fixed("log1p", _log1p_special)
acos = _complex_fixed("acos", _acos_special)
__all__ += ["acos", "expm1", "floor_divide", "log1p", "remainder", "tanh"]
__all__ += list(_BINARY)


# array-api-compat: torch take adds a torch.where pass for negative indices (~20 µs), as
# torch.index_select rejects them (no upstream issue found)
@wraps_native()
@_boundary.translates_errors
def take(x: torch.Tensor, indices: torch.Tensor, /, *, axis: int | None = None) -> torch.Tensor:
    """Elements of ``x`` at ``indices`` along ``axis`` (negative indices count from the end).

    torch.index_select rejects negative indices; array-api-compat adds a
    ``torch.where`` pass (~20 µs on small tensors). Basic indexing handles
    negative indices and raises IndexError out of bounds, at a quarter of the cost;
    for a 1-d tensor and int64 indices ``torch.take`` does the same and is ~1.4x faster
    still (no advanced-indexing machinery).
    """
    try:
        if isinstance(indices, _Tensor) and not indices.is_cpu:
            return _take_masked(x, indices, axis)
        if (
            getattr(indices, "dtype", None) is torch.int64
            and x.ndim == 1
            and axis in (None, 0, -1)
            and x.dtype not in _UINTS
        ):
            return torch.take(x, indices)
        if (
            x.dtype in _UINTS
        ):  # no take or indexing kernel ("index_cpu" not implemented for 'UInt16')
            return take(_uints.to_bits(x), indices, axis=axis).view(x.dtype)
        if isinstance(indices, torch.Tensor) and indices.dtype in _NOT_INDICES:
            if indices.dtype == torch.bool:
                raise TypeError("take() [torch]: indices must have an integer dtype, got bool")
            # torch: indexing reads a uint8 tensor as a boolean mask (deprecated behaviour), and
            # takes no int8/int16/uint16/uint32/uint64 indices;
            # https://github.com/pytorch/pytorch/issues/29365
            indices = indices.to(torch.int64)
        if axis is None:
            if x.ndim != 1:
                raise ValueError(f"take(): axis is required for a {x.ndim}-d torch tensor")
            return x[indices]
        if not -x.ndim <= axis < x.ndim:
            raise ValueError(f"take(): axis {axis} out of range for a {x.ndim}-d torch tensor")
        return x[(slice(None),) * (axis % x.ndim) + (indices,)]
    except _boundary.UNCLEAN as e:
        raise _boundary.translate(e, "take", "torch", (x, indices), {"axis": axis}) from e


__all__ += ["take"]


@wraps_native()
def meshgrid(*arrays: torch.Tensor, indexing: str = "xy") -> tuple[torch.Tensor, ...]:
    """``torch.meshgrid`` (array-api-compat's); arrays of more than one dimension are
    flattened first, as numpy, mlx and dask do (only once torch has refused them)."""
    try:
        return _compat.meshgrid(*arrays, indexing=indexing)  # type: ignore[arg-type,no-any-return]
    except RuntimeError:
        # torch: meshgrid takes 0-d and 1-d tensors only ("Expected 0D or 1D tensor in the
        # tensor list") (no upstream issue found)
        if not builtins.any(isinstance(a, torch.Tensor) and a.ndim > 1 for a in arrays):
            raise
        return _compat.meshgrid(*(a.reshape(-1) for a in arrays), indexing=indexing)  # type: ignore[arg-type,no-any-return]


__all__ += ["meshgrid"]


# torch: an out-of-range index on a GPU trips a device-side assert, after which every CUDA call
# of the process fails (CPU kernels raise IndexError); https://github.com/pytorch/pytorch/issues/30569
def _fill(dtype: torch.dtype) -> Any:
    """What an out-of-range position of a device gather holds: mlx's rule (module docs)."""
    if dtype.is_floating_point or dtype.is_complex:
        return float("nan")
    if dtype is torch.bool:
        return False
    info = torch.iinfo(dtype)
    return info.min if info.min < 0 else info.max


def _gather_source(x: torch.Tensor) -> tuple[torch.Tensor, Any]:
    """What a masked gather reads (uint16/32/64: their signed bits, which have where and index
    kernels) and the fill of its out-of-range positions (-1: the unsigned maximum's bits)."""
    if x.dtype in _UINTS:
        return _uints.to_bits(x), -1
    return x, _fill(x.dtype)


def _safe_indices(indices: torch.Tensor, n: int) -> tuple[torch.Tensor, torch.Tensor]:
    """Indices into a length-``n`` axis clamped into ``[-n, n)``, and where they already were.

    No host value is read (the GPU stays asynchronous, graphs whole): out-of-range indices
    gather an end and are masked afterwards. Two kernels: a clamp and the comparison with it.
    """
    if indices.dtype not in _INT_INDICES:
        indices = _long(indices)
        if indices.dtype not in _INT_INDICES:
            raise TypeError(f"indices must have an integer dtype, got {indices.dtype}")
    clamped = torch.clamp(indices, -n, n - 1)
    return clamped, clamped == indices


def _take_masked(x: torch.Tensor, indices: torch.Tensor, axis: int | None) -> torch.Tensor:
    """:func:`take` on a GPU: out-of-range positions hold :func:`_fill` (no device assert)."""
    if axis is None:
        if x.ndim != 1:
            raise ValueError(f"take(): axis is required for a {x.ndim}-d torch tensor")
        axis = 0
    if not -x.ndim <= axis < x.ndim:
        raise ValueError(f"take(): axis {axis} out of range for a {x.ndim}-d torch tensor")
    axis %= x.ndim
    if indices.ndim != 1:
        raise ValueError(f"take(): indices must be 1-d, got {indices.ndim}-d")
    src, fill = _gather_source(x)
    shape = (*x.shape[:axis], indices.shape[0], *x.shape[axis + 1 :])
    n = x.shape[axis]
    if n == 0:
        out = torch.full(shape, fill, dtype=src.dtype, device=x.device)
    else:
        safe, valid = _safe_indices(indices, n)
        if x.ndim == 1:  # torch.take counts negative indices from the end
            got = torch.take(src, safe if safe.dtype is torch.int64 else safe.long())
        else:  # index_select takes none
            got = torch.index_select(src, axis, torch.remainder(safe, n))
        out = torch.where(valid.reshape((-1,) + (1,) * (x.ndim - axis - 1)), got, fill)
    return out if src is x else out.view(x.dtype)  # a uint's signed bits viewed back


_INT_INDICES = frozenset((torch.int32, torch.int64))

#: index dtypes torch indexing does not read as indices (a mask, or "tensors used as indices
#: must be long, int, byte or bool tensors"): made int64
_NOT_INDICES = frozenset((torch.bool, torch.uint8, torch.int8, torch.int16, *_UINTS))


# torch: roll reads dims=() as "flatten first" (no upstream issue found)
@wraps_native()
def roll(
    x: torch.Tensor, /, shift: int | tuple[int, ...], *, axis: int | tuple[int, ...] | None = None
) -> torch.Tensor:
    """``torch.roll``; ``axis=()`` rolls nothing (torch reads ``dims=()`` as "flatten first");
    uint16/32/64 moved as signed bits where torch has no roll kernel for them (CUDA)."""
    if x.dtype in _UINTS and _dk._uint_views_needed(x):
        # torch: CUDA has no uint16/32/64 roll ("roll_cuda" not implemented for 'UInt32');
        # https://github.com/pytorch/pytorch/issues/58734
        return roll(_uints.to_bits(x), shift, axis=axis).view(x.dtype)
    if axis == ():
        return x.clone()
    return _compat.roll(x, shift, axis=axis)  # type: ignore[attr-defined]


# array-api-compat: torch isdtype reads an int or None as some kind (no upstream issue found)
def isdtype(dtype: Any, kind: Any) -> bool:
    """``isdtype`` with ``kind`` checked: torch's reads an int or None as some kind."""
    if type(kind) is str or isinstance(kind, torch.dtype):  # the common case, checked cheaply
        return _compat.isdtype(dtype, kind)  # type: ignore[attr-defined,no-any-return]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    for k in kinds:
        if not isinstance(k, str | torch.dtype):
            raise TypeError(
                "isdtype() [torch]: kind must be a dtype, a kind name or a tuple of them, "
                f"got {type(k).__name__}"
            )
    return _compat.isdtype(dtype, kind)  # type: ignore[attr-defined,no-any-return]


# torch's CPU sqrt is not correctly rounded (measured here: 1 ULP off for ~16% of float32 and
# ~1% of float64 inputs, whatever ATEN_CPU_CAPABILITY); IEEE 754 and the standard require
# correct rounding (no upstream issue found). float32 and below: sqrt in float64 and round
# (a faithful float64 sqrt decides every float32 rounding); float64: one exact correction step.
_SQRT_VIA_DOUBLE = frozenset((torch.float32, torch.float16, torch.bfloat16))
_SPLIT = 134217729.0  # 2**27 + 1, Dekker's splitter for float64
_TINY = 2.0**-900  # below this y*y loses bits: scale by 2**600 first (exact)
_HUGE = 2.0**1000  # above this y*y (or the correction) may overflow: scale by 2**-600


def _sqrt_correct64(x: torch.Tensor) -> torch.Tensor:
    """Correctly rounded sqrt of float64 ``x > 0`` (finite) from torch's faithful one.

    ``y*y`` is split exactly into ``p + err`` (Dekker's product); ``y`` moves to its upper
    neighbour when ``x`` lies above ``(y + u/2)**2`` and to its lower one when below
    ``(y - u/2)**2``, ``u`` the gap to that neighbour. Large and tiny ``x`` are scaled by an
    even power of two first, so that no product overflows or loses bits.
    """
    small, big = x < _TINY, x > _HUGE
    xs = torch.where(small, x * 2.0**600, torch.where(big, x * 2.0**-600, x))
    y = torch.sqrt(xs)
    c = y * _SPLIT
    hi = c - (c - y)
    lo = y - hi
    p = y * y
    err = ((hi * hi - p) + 2.0 * hi * lo) + lo * lo  # y*y == p + err exactly
    d = xs - p  # exact (Sterbenz)
    up = torch.nextafter(y, torch.full_like(y, torch.inf))
    dn = torch.nextafter(y, torch.zeros_like(y))
    u_up, u_dn = up - y, y - dn  # powers of two: y*u and u*u/4 are exact
    # x > (y + u/2)**2  <=>  (x - y*y) - y*u > u*u/4, summed so only the last step rounds
    go_up = (d - y * u_up) - err > u_up * u_up * 0.25
    go_dn = (d + y * u_dn) - err < u_dn * u_dn * 0.25
    y = torch.where(go_up, up, torch.where(go_dn, dn, y))
    return torch.where(small, y * 2.0**-300, torch.where(big, y * 2.0**300, y))


@_boundary.translates_errors
@wraps_native()
def sqrt(x: torch.Tensor, /) -> torch.Tensor:
    """``torch.sqrt``, correctly rounded on the CPU for real floating dtypes (see above)."""
    try:
        # Inductor's generated CPU sqrt is correctly rounded (0 of 10**6 float32 or float64
        # inputs off, measured): under torch.compile the eager kernel's correction is only cost
        if not x.is_cpu or _is_compiling():  # is_cpu: no device object made (~250 ns less)
            return torch.sqrt(x)
        if x.dtype in _SQRT_VIA_DOUBLE:
            return torch.sqrt(x.to(torch.float64)).to(x.dtype)
        if x.dtype is torch.float64:
            ok = (x > 0) & (x < torch.inf)
            return torch.where(ok, _sqrt_correct64(torch.where(ok, x, 1.0)), torch.sqrt(x))
        return torch.sqrt(x)
    except _boundary.UNCLEAN as e:  # in this frame: a wrapper adds guards under torch.compile
        raise _boundary.translate(e, "sqrt", "torch", (x,)) from e


__all__ += ["sqrt"]


# ------------------------------------------------------------------------------------------
# uint16/uint32/uint64: torch has no CPU kernels for these functions on them (flip_cpu, amax,
# searchsorted... "not implemented for 'UInt16'"); each is array-api-compat's (or torch's)
# function for every other dtype, behind one membership test, and for those three the same
# function on signed views of the data (ember_array.torch._uints).

_bitwise, _ordered = _uints.bitwise, _uints.ordered


# array-api-compat: torch sign writes NaN (and complex zeros) through a boolean mask, a
# data-dependent shape torch.func.vmap cannot batch (no upstream issue found)
@wraps_native()
def _sign(x: torch.Tensor, /) -> torch.Tensor:
    """array-api-compat's ``sign`` with ``where`` for its masked writes: ``x / |x|`` (0 at 0)
    for complex input; for real floating input ``torch.sign``, with ``x``'s NaNs passed
    through (torch gives 0 there)."""
    if x.dtype.is_complex:
        return torch.where(x == 0, 0, x / torch.abs(x))
    out = torch.sign(x)
    if x.dtype.is_floating_point:
        return torch.where(torch.isnan(x), x, out)  # x, not a scalar NaN: no 0-d tensor made
    return out


_sign.__name__ = _sign.__qualname__ = "sign"


# torch: moveaxis with int axes (aten::moveaxis.int) has no vmap batching rule, its alias
# movedim has (no upstream issue found)
moveaxis = torch.movedim


# array-api-compat: torch vecdot and unstack call torch.moveaxis, which vmap cannot batch
# (no upstream issue found)
def _vecdot(x1: torch.Tensor, x2: torch.Tensor, /, *, axis: int = -1) -> torch.Tensor:
    """array-api-compat's ``vecdot`` (``conj(x1) @ x2`` over ``axis``), through ``movedim``."""
    if x1.dtype is not x2.dtype:
        dt = result_type(x1, x2)
        x1, x2 = x1.to(dt), x2.to(dt)
    if x1.shape[axis] != x2.shape[axis]:
        raise ValueError("x1 and x2 must have the same size along the given axis")
    a, b = torch.broadcast_tensors(torch.movedim(x1, axis, -1), torch.movedim(x2, axis, -1))
    return (torch.conj(a[..., None, :]) @ b[..., None])[..., 0, 0]


_vecdot.__name__ = _vecdot.__qualname__ = "vecdot"


def unstack(x: torch.Tensor, /, *, axis: int = 0) -> tuple[torch.Tensor, ...]:
    """``torch.unbind`` (array-api-compat iterates over ``moveaxis(x, axis, 0)``, the same views,
    which torch.func.vmap cannot batch)."""
    if x.ndim == 0:
        raise ValueError("Input array must be at least 1-d.")
    return torch.unbind(x, axis)


abs = _uints.route_unary(torch.abs, _uints.UNARY["abs"])
sign = _uints.route_unary(_sign, _uints.UNARY["sign"])
negative = _uints.route_unary(torch.negative, _uints.UNARY["negative"])
square = _uints.route_unary(torch.square, _uints.UNARY["square"])
bitwise_invert = _uints.route_unary(_compat.bitwise_invert, _uints.UNARY["bitwise_invert"])
nonzero = _uints.route_unary(_compat.nonzero, _bitwise(_compat.nonzero, back=False))
# torch: CUDA has no integer matmul ("addmm_cuda"/"dot" not implemented for 'Int'...);
# https://github.com/pytorch/pytorch/issues/44428
_tensordot = _dk.with_int_fallback(_compat.tensordot, _dk.int_tensordot)
_vecdot = _dk.with_int_fallback(_vecdot, _dk.int_vecdot)
tensordot = _uints.route2(_tensordot, _bitwise(_tensordot, data=2))
vecdot = _uints.route2(_vecdot, _bitwise(_vecdot, data=2))
_uint_flip = _bitwise(_compat.flip)
_uint_tril = _bitwise(_compat.tril)
_uint_triu = _bitwise(_compat.triu)
_uint_max = _ordered(_compat.max)
_uint_min = _ordered(_compat.min)
_uint_argmax = _ordered(torch.argmax, back=False)
_uint_argmin = _ordered(torch.argmin, back=False)
_uint_clip = _ordered(_compat.clip, data=3)
_uint_searchsorted = _ordered(torch.searchsorted, data=2, back=False)
_uint_isin = _bitwise(torch.isin, data=2, back=False)
# torch.diff loops n times: diff(x, n=2**40) never returns
diff = checked_diff(
    _uints.route(_compat.diff, _bitwise(_compat.diff, keywords=("prepend", "append"))), "torch"
)


@wraps_native()
def flip(x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None) -> torch.Tensor:
    """``torch.flip`` (array-api-compat's: every axis for ``axis=None``)."""
    if x.dtype in _UINTS:
        return _uint_flip(x, axis=axis)  # type: ignore[no-any-return]
    return _compat.flip(x, axis=axis)  # type: ignore[no-any-return]


def _triangle(native: Any, uint: Any, name: str) -> Any:
    def call(x: torch.Tensor, k: int) -> torch.Tensor:
        if x.dtype in _UINTS:
            return uint(x, k=k)  # type: ignore[no-any-return]
        return native(x, k)  # type: ignore[no-any-return]

    # torch: tril/triu take an int64 diagonal only ("must be int, not bool", "Overflow when
    # unpacking long long") (no upstream issue found)
    return triangle(call, name, (TypeError, ValueError, RuntimeError))


tril = _triangle(torch.tril, _uint_tril, "tril")
triu = _triangle(torch.triu, _uint_triu, "triu")


def _extremum(name: str, native: Callable[..., Any], uint: Callable[..., Any]) -> Any:
    """``max``/``min``: torch's ``amax``/``amin`` over one int axis, array-api-compat's otherwise
    (``axis=()`` reduces nothing), uint16/32/64 in their order-preserving signed view."""
    compat = getattr(_compat, name)

    @_boundary.translates_errors
    @wraps_native(native.__name__)
    def extremum(
        x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
    ) -> torch.Tensor:
        try:
            if x.dtype in _UINTS:
                return uint(x, axis=axis, keepdims=keepdims)  # type: ignore[no-any-return]
            if type(axis) is int:
                return native(x, axis, keepdims)  # type: ignore[no-any-return]
            return compat(x, axis=axis, keepdims=keepdims)  # type: ignore[no-any-return]
        except _boundary.UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
            raise _boundary.translate(e, name, "torch", (x,), {"axis": axis}) from e

    extremum.__name__ = extremum.__qualname__ = name
    extremum.__doc__ = (
        f"``torch.{native.__name__}`` (array-api-compat's: ``axis=()`` reduces nothing)."
    )
    extremum.__module__ = __name__
    return extremum


max = _extremum("max", torch.amax, _uint_max)
min = _extremum("min", torch.amin, _uint_min)


def _arg_reduction(native: Any, uint: Any, name: str) -> Any:
    """``argmax``/``argmin``: ``native`` (``torch.argmax``), ``uint`` for uint16/32/64; a
    non-bool ``keepdims`` is read as its truth once torch has refused it, as numpy reads it."""

    @wraps_native()
    def reduction(
        x: torch.Tensor, /, *, axis: int | None = None, keepdims: bool = False
    ) -> torch.Tensor:
        try:
            if x.dtype in _UINTS:
                return uint(x, axis, keepdims)  # type: ignore[no-any-return]
            return native(x, axis, keepdims)  # type: ignore[no-any-return]
        except TypeError:
            flags = truthy(keepdims=keepdims)
            if flags is None:
                raise
            return reduction(x, axis=axis, **flags)

    reduction.__name__ = reduction.__qualname__ = name
    reduction.__doc__ = f"``torch.{name}``."
    return reduction


argmax = _arg_reduction(torch.argmax, _uint_argmax, "argmax")
argmin = _arg_reduction(torch.argmin, _uint_argmin, "argmin")


#: bounds torch.clamp takes as the standard does for a floating tensor (a NaN bound aside)
_PLAIN_BOUNDS = frozenset((type(None), int, float))


@wraps_native("clamp")
def clip(x: torch.Tensor, /, min: Any = None, max: Any = None) -> torch.Tensor:
    """``torch.clamp`` (array-api-compat's: scalar and array bounds, NaN bounds); straight to
    ``torch.clamp`` for a floating tensor with non-NaN Python-number bounds."""
    if (
        type(min) in _PLAIN_BOUNDS
        and type(max) in _PLAIN_BOUNDS
        and (min is not None or max is not None)
        and min == min  # not NaN (None == None)
        and max == max
        and isinstance(x, _Tensor)
        and x.dtype.is_floating_point
    ):
        return torch.clamp(x, min, max)
    if x.dtype in _UINTS:
        return _uint_clip(x, min, max)  # type: ignore[no-any-return]
    return _compat.clip(x, min, max)  # type: ignore[no-any-return]


@wraps_native()
def isin(x1: Any, x2: Any, /, *, invert: bool = False) -> torch.Tensor:
    """``torch.isin``; uint16/32/64 promoted by the standard's table and compared as bits."""
    if getattr(x1, "dtype", None) in _UINTS or getattr(x2, "dtype", None) in _UINTS:
        x1, x2 = _uints.promote(x1, x2)
        if (x1.dtype if isinstance(x1, torch.Tensor) else x2.dtype) in _UINTS:
            return _uint_isin(x1, x2, invert=invert)  # type: ignore[no-any-return]
    if invert:
        return torch.isin(x1, x2, invert=True)
    return torch.isin(x1, x2)


#: integer index dtypes torch's take_along_dim, repeat_interleave and searchsorted's sorter
#: reject ("dtype of indices should be Long"): cast to int64 first
_SHORT_INDICES = frozenset(
    (torch.int8, torch.int16, torch.int32, torch.uint8, torch.uint16, torch.uint32, torch.uint64)
)


def _long(indices: Any) -> Any:
    if getattr(indices, "dtype", None) in _SHORT_INDICES:
        return indices.to(torch.int64)
    return indices


@wraps_native("take_along_dim")
def take_along_axis(x: torch.Tensor, indices: torch.Tensor, /, *, axis: int = -1) -> torch.Tensor:
    """``torch.take_along_dim`` with negative indices, indices of any integer dtype (torch's
    must be int64) and ``x`` of uint16/32/64 (no gather kernel: moved as signed bits)."""
    indices = _long(indices)
    if isinstance(indices, _Tensor) and not indices.is_cpu:
        return _take_along_masked(x, indices, axis)
    if (
        isinstance(x, _Tensor)
        and x.dtype not in _UINTS
        and x.ndim == indices.ndim
        and not _is_compiling()
        and _same_but(x.shape, indices.shape, axis)
    ):
        # torch: take_along_dim wraps negative and out-of-range CPU indices silently (index 4
        # of 4 reads another row), and array-api-compat adds three kernels for the negative
        # ones (https://github.com/pytorch/pytorch/issues/146211); gather, one kernel, checks
        # every index and raises: then negative ones are wrapped and gather checks again
        try:
            return torch.gather(x, axis, indices)
        except RuntimeError:
            n = x.shape[axis]
            return torch.gather(x, axis, torch.where(indices < 0, indices + n, indices))
    if x.dtype in _UINTS:
        return _take_along_checked(_uints.to_bits(x), indices, axis).view(x.dtype)
    return _take_along_checked(x, indices, axis)


# torch: take_along_dim(dim=...) wraps an out-of-range index into the axis (another element)
# where gather raises; https://github.com/pytorch/pytorch/issues/196106
# Broadcast as take_along_dim does, then gather (IndexError).
def _take_along_checked(x: torch.Tensor, indices: torch.Tensor, axis: int) -> torch.Tensor:
    if x.ndim == 0 or indices.ndim != x.ndim or not -x.ndim <= axis < x.ndim:
        return _compat.take_along_axis(x, indices, axis=axis)  # type: ignore[no-any-return]
    ax = axis % x.ndim
    n = x.shape[ax]
    idx = torch.where(indices < 0, indices + n, indices)
    rest = torch.broadcast_shapes(
        (*x.shape[:ax], 1, *x.shape[ax + 1 :]), (*idx.shape[:ax], 1, *idx.shape[ax + 1 :])
    )
    xb = x.expand(*rest[:ax], n, *rest[ax + 1 :])
    ib = idx.expand(*rest[:ax], idx.shape[ax], *rest[ax + 1 :])
    return torch.gather(xb, ax, ib)


def _same_but(a: Any, b: Any, axis: int) -> bool:
    """Whether shapes ``a`` and ``b`` (of one length) agree on every axis but ``axis``: then
    ``gather`` needs no broadcasting."""
    n = len(a)
    if not -n <= axis < n:
        return False
    axis %= n
    return builtins.all(a[d] == b[d] for d in range(n) if d != axis)


def _take_along_masked(x: torch.Tensor, indices: torch.Tensor, axis: int) -> torch.Tensor:
    """:func:`take_along_axis` on a GPU: out-of-range positions hold :func:`_fill`."""
    if x.ndim == 0 or not -x.ndim <= axis < x.ndim:
        raise ValueError(f"take_along_axis(): axis {axis} out of range for a {x.ndim}-d tensor")
    src, fill = _gather_source(x)
    n = x.shape[axis]
    if n == 0:  # every index is out of range: the broadcast shape, all fill
        safe = torch.zeros_like(indices)
        shape = _compat.take_along_axis(
            torch.zeros((*x.shape[:axis], 1, *x.shape[axis + 1 :]), device="meta"),
            safe.to("meta"),
            axis=axis,
        ).shape
        out = torch.full(shape, fill, dtype=src.dtype, device=x.device)
    else:
        safe, valid = _safe_indices(indices, n)
        got = torch.take_along_dim(src, torch.remainder(safe, n), dim=axis)  # no negatives
        out = torch.where(valid, got, fill)
    return out if src is x else out.view(x.dtype)  # a uint's signed bits viewed back


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
    repeats = _long(repeats)
    if x.dtype in _UINTS:
        return _compat.repeat(_uints.to_bits(x), repeats, axis=axis).view(x.dtype)  # type: ignore[no-any-return]
    return _compat.repeat(x, repeats, axis=axis)  # type: ignore[no-any-return]


@wraps_native()
def searchsorted(
    x1: torch.Tensor,
    x2: torch.Tensor | int | float,
    /,
    *,
    side: str = "left",
    sorter: torch.Tensor | None = None,
) -> torch.Tensor:
    """``torch.searchsorted`` with ``sorter`` of any integer dtype (torch's must be int64) and
    uint16/32/64 values (no kernel: searched in the order-preserving signed view)."""
    if x1.dtype in _UINTS:
        if isinstance(x2, torch.Tensor) and x2.dtype != x1.dtype:
            # search in the promoted dtype: the signed view would reinterpret other dtypes' bits
            common = result_type(x1, x2)
            if common != x1.dtype:
                return searchsorted(x1.to(common), x2.to(common), side=side, sorter=sorter)
            x2 = x2.to(common)
        return _uint_searchsorted(x1, x2, side=side, sorter=_long(sorter))  # type: ignore[no-any-return]
    if sorter is None and side == "left":
        return torch.searchsorted(x1, x2)
    return torch.searchsorted(x1, x2, side=side, sorter=_long(sorter))


@wraps_native()
def where(condition: torch.Tensor, x1: Any, x2: Any, /) -> torch.Tensor:
    """``torch.where``; uint16/32/64 operands promoted by the standard's table (torch refuses),
    and selected as signed bits where torch has no where kernel for them (CUDA)."""
    if getattr(x1, "dtype", None) in _UINTS or getattr(x2, "dtype", None) in _UINTS:
        x1, x2 = _uints.promote(x1, x2)
        x = x1 if isinstance(x1, torch.Tensor) else x2
        if x.dtype in _UINTS and _dk._uint_views_needed(x):
            # torch: CUDA has no uint16/32/64 where ("where_cuda" not implemented for 'UInt32');
            # https://github.com/pytorch/pytorch/issues/58734
            return _uint_where(condition, x1, x2)  # type: ignore[no-any-return]
    try:
        return _compat.where(condition, x1, x2)  # type: ignore[no-any-return]
    except RuntimeError:
        if not isinstance(condition, torch.Tensor) or condition.dtype == torch.bool:
            raise
        # torch: where needs a bool condition, numpy, mlx and dask read any dtype as "nonzero"
        # (https://github.com/pytorch/pytorch/issues/118093): one meaning on every backend
        return _compat.where(condition != 0, x1, x2)  # type: ignore[no-any-return]


_uint_where = _bitwise(_compat.where, data=3)


# torch: CUDA has no uint16/32/64 any/all ("or_cuda"/"and_cuda" not implemented for 'UInt32');
# https://github.com/pytorch/pytorch/issues/58734
# Where torch lacks them, read as signed bits: the same zero and nonzero elements, no copy.
# (These two shadow the builtins in this module: its own code calls builtins.any/all.)
@wraps_native()
def any(
    x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> torch.Tensor:
    """``torch.any`` (array-api-compat's: tuple axes, ``keepdims`` with ``axis=None``)."""
    if x.dtype in _UINTS and _dk._uint_views_needed(x):
        x = _uints.to_bits(x)
    return _compat.any(x, axis=axis, keepdims=keepdims)  # type: ignore[no-any-return]


@wraps_native()
def all(
    x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> torch.Tensor:
    """``torch.all`` (array-api-compat's: tuple axes, ``keepdims`` with ``axis=None``)."""
    if x.dtype in _UINTS and _dk._uint_views_needed(x):
        x = _uints.to_bits(x)
    return _compat.all(x, axis=axis, keepdims=keepdims)  # type: ignore[no-any-return]


@wraps_native("concat")
@_boundary.translates_errors
def concat(
    arrays: tuple[torch.Tensor, ...] | list[torch.Tensor], /, *, axis: int | None = 0
) -> torch.Tensor:
    """``torch.concat`` (``axis=None``: of the flattened arrays, array-api-compat's); uint16/32/64
    with other dtypes promoted by the standard's table (torch raises "Promotion for uint16,
    uint32, uint64 types is not supported")."""
    try:
        try:
            if axis == 0:
                return torch.concat(arrays)
            if axis is None:
                return _compat.concat(arrays, axis=None)  # type: ignore[no-any-return]
            return torch.concat(arrays, axis)
        except RuntimeError:
            if not _uints.involved(arrays):
                raise
        return _compat.concat(_uints.promote(*arrays), axis=axis)  # type: ignore[no-any-return]
    except _boundary.UNCLEAN as e:
        raise _boundary.translate(e, "concat", "torch", (arrays,), {"axis": axis}) from e


@wraps_native()
def stack(
    arrays: tuple[torch.Tensor, ...] | list[torch.Tensor], /, *, axis: int = 0
) -> torch.Tensor:
    """``torch.stack``; uint16/32/64 with other dtypes promoted as in :func:`concat`."""
    try:
        return torch.stack(arrays) if axis == 0 else torch.stack(arrays, axis)
    except RuntimeError:
        if not _uints.involved(arrays):
            raise
    return torch.stack(_uints.promote(*arrays), axis)


__all__ += [
    "abs", "all", "any", "argmax", "argmin", "bitwise_invert", "clip", "concat", "flip", "isin",
    "max", "min", "moveaxis", "negative", "nonzero", "repeat", "searchsorted", "sign", "square",
    "stack", "take_along_axis", "tensordot", "tril", "triu", "unstack", "vecdot", "where",
]  # fmt: skip


# The hot functions below are array-api-compat's, restated so that the error boundary runs in
# their own frame (ember_array._boundary: a wrapper around compat's would cost ~0.15 us a call).
@wraps_native("to")
@_boundary.translates_errors
def astype(
    x: torch.Tensor, dtype: Any, /, *, copy: bool = True, device: Any = None
) -> torch.Tensor:
    """``x.to(dtype)``, a copy unless ``copy=False`` and nothing changes (array-api-compat's);
    ``TypeError`` from complex to real (torch drops the imaginary part)."""
    try:
        if x.dtype.is_complex and not getattr(dtype, "is_complex", True):
            raise _data_types.complex_to_real("torch", x.dtype, dtype)
        if device is not None:
            return x.to(device, dtype=dtype, copy=copy)
        return x.to(dtype=dtype, copy=copy)
    except TypeError:
        flags = truthy(copy=copy)
        if flags is None:
            raise
        return astype(x, dtype, device=device, **flags)
    except _boundary.UNCLEAN as e:
        raise _boundary.translate(e, "astype", "torch", (x, dtype), {"device": device}) from e


@wraps_native()
@_boundary.translates_errors
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
    except _boundary.UNCLEAN as e:
        raise _boundary.translate(e, "reshape", "torch", (x, shape), {"copy": copy}) from e


@wraps_native()
@_boundary.translates_errors
def argsort(
    x: torch.Tensor, /, *, axis: int = -1, descending: bool = False, stable: bool = True
) -> torch.Tensor:
    """``torch.argsort`` (stable by default, as the standard asks); uint16/32/64 sorted in the
    order-preserving signed view where torch has no sort kernel for them (CUDA)."""
    try:
        if x.dtype in _UINTS and _dk._uint_views_needed(x):
            return _uint_argsort(x, dim=axis, descending=descending, stable=stable)  # type: ignore[no-any-return]
        return torch.argsort(x, dim=axis, descending=descending, stable=stable)
    except TypeError:
        flags = truthy(descending=descending, stable=stable)
        if flags is None:
            raise
        return argsort(x, axis=axis, **flags)
    except _boundary.UNCLEAN as e:
        kwargs = {"axis": axis, "descending": descending}
        raise _boundary.translate(e, "argsort", "torch", (x,), kwargs) from e


@wraps_native()
@_boundary.translates_errors
def sort(
    x: torch.Tensor, /, *, axis: int = -1, descending: bool = False, stable: bool = True
) -> torch.Tensor:
    """``torch.sort(...).values`` (stable by default); uint16/32/64 sorted in the
    order-preserving signed view where torch has no sort kernel for them (CUDA)."""
    try:
        if x.dtype in _UINTS and _dk._uint_views_needed(x):
            return _uint_sort(x, axis=axis, descending=descending, stable=stable)  # type: ignore[no-any-return]
        return torch.sort(x, dim=axis, descending=descending, stable=stable).values
    except TypeError:
        flags = truthy(descending=descending, stable=stable)
        if flags is None:
            raise
        return sort(x, axis=axis, **flags)
    except _boundary.UNCLEAN as e:
        kwargs = {"axis": axis, "descending": descending}
        raise _boundary.translate(e, "sort", "torch", (x,), kwargs) from e


# torch: CUDA has no uint16/32/64 sort ("sortKeyValueInplace" not implemented for 'UInt32');
# https://github.com/pytorch/pytorch/issues/58734
# Only where torch lacks the kernels (_device_kernels._uint_views_needed), as where, roll, any
# and all: elsewhere torch's own need no translation.
_uint_sort = _ordered(_compat.sort)
_uint_argsort = _ordered(torch.argsort, back=False)

__all__ += ["argsort", "astype", "reshape", "sort"]

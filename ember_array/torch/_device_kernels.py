"""Integer kernels torch's CPU build has and its other builds (CUDA) lack, written out exactly.

torch's CUDA build multiplies integer matrices nowhere: ``matmul``, ``mm``, ``bmm``, ``mv`` and
``dot`` of int8...int64 and uint8 raise ``NotImplementedError: "addmm_cuda" not implemented for
'Long'`` (cuBLAS has no integer GEMM); the CPU build computes them with wrapping arithmetic.
Here the same results come from an element-wise multiply and a sum over the contracted axis,
in chunks of it so that no intermediate holds more than :data:`CHUNK` elements: integer
arithmetic modulo 2**n is exact in any order, so the result equals the CPU's bit for bit
(int64 wraparound included).

The namespace's ``matmul``, ``tensordot``, ``vecdot`` and ``linalg.matmul/tensordot/vecdot``
come here only for two integer inputs on a device for which :func:`needs_int_fallback` says so
(a dtype test first: a float input costs one frozenset membership test); uint16/32/64, which
``ember_array.torch._uints`` turns into signed views, arrive here as those views.
:func:`uint_views_needed` routes uint16/32/64 ``where``, ``roll``, ``any``, ``all`` (signed
bits) and ``sort``/``argsort`` (the order-preserving signed view) off the CPU, where CUDA has
no kernels for them, and on a CPU build that lacks them. Tests replace both predicates to run
these paths on the CPU.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache, wraps
from typing import Any

import torch

__all__ = [
    "CHUNK",
    "INTEGERS",
    "int_matmul",
    "int_tensordot",
    "int_vecdot",
    "matmul",
    "needs_int_fallback",
    "uint_views_needed",
    "with_int_fallback",
]

#: The integer dtypes whose matrix products the fallback computes (uint16/32/64 arrive as the
#: signed views ``ember_array.torch._uints`` makes of them).
INTEGERS = frozenset((torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8))
#: The most elements an intermediate product holds (the output itself may hold more).
CHUNK = 1 << 24
_Tensor = torch.Tensor
#: torch's functions, typed (their stubs declare no types)
_broadcast_shapes: Callable[..., torch.Size] = torch.broadcast_shapes
_broadcast_tensors: Callable[..., tuple[torch.Tensor, ...]] = torch.broadcast_tensors


def needs_int_fallback(x: torch.Tensor) -> bool:
    """Whether ``x``'s device may lack torch's CPU integer matmul kernels. Callers test the
    dtype first; tests monkeypatch this."""
    return not x.is_cpu  # ~50 ns; x.device.type costs ~300 (a device object made each call)


def uint_views_needed(x: torch.Tensor) -> bool:
    """Whether uint16/32/64 ``where``, ``roll``, ``any``, ``all``, ``sort`` and ``argsort`` of
    ``x`` go through signed views: off the CPU (CUDA has no kernels for them), and on the CPU
    of a torch build without them (torch 2.11 has no CPU ``where`` for uint16; probed once)."""
    return not x.is_cpu or not _cpu_has_uint_kernels()


@cache
def _cpu_has_uint_kernels() -> bool:
    """Whether this torch's CPU build has the uint16/32/64 kernels :func:`uint_views_needed`
    routes around (each tried once on a 2-element tensor of each dtype)."""
    for dtype in (torch.uint16, torch.uint32, torch.uint64):
        x = torch.zeros(2, dtype=dtype)
        try:
            torch.where(torch.tensor([True, False]), x, x)
            torch.roll(x, 1)
            torch.any(x)
            torch.all(x)
            torch.sort(x, stable=True)
            torch.argsort(x, stable=True)
        except (NotImplementedError, RuntimeError):
            return False
    return True


def _common(x1: torch.Tensor, x2: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Two integer tensors in their promoted dtype (torch's table: the standard's for these)."""
    if x1.dtype is x2.dtype:
        return x1, x2
    dtype = torch.promote_types(x1.dtype, x2.dtype)
    return x1.to(dtype), x2.to(dtype)


def _contract(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """``a @ b`` of integer tensors ``(..., n, k)`` and ``(..., k, m)`` of one dtype, batch
    dimensions broadcast: ``sum_k a[..., :, k, None] * b[..., None, k, :]`` in chunks of k,
    wrapping in the dtype as the CPU's integer GEMM does."""
    batch = _broadcast_shapes(a.shape[:-2], b.shape[:-2])
    n, k, m = a.shape[-2], a.shape[-1], b.shape[-1]
    size = math.prod(batch) * n * m
    step = max(1, CHUNK // max(size, 1))
    out: torch.Tensor | None = None
    for start in range(0, k, step):
        stop = min(k, start + step)
        part = (a[..., :, start:stop, None] * b[..., None, start:stop, :]).sum(-2, dtype=a.dtype)
        out = part if out is None else out.add_(part)
    if out is None:  # k == 0: empty sums
        return torch.zeros((*batch, n, m), dtype=a.dtype, device=a.device)
    return out


def int_matmul(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
    """``torch.matmul`` of two integer tensors, exactly (see the module's docstring)."""
    if not (isinstance(x1, _Tensor) and isinstance(x2, _Tensor)):
        return torch.matmul(x1, x2)  # torch's own TypeError
    x1, x2 = _common(x1, x2)
    if x1.ndim == 0 or x2.ndim == 0:
        raise RuntimeError(
            "both arguments to matmul need to be at least 1D, "
            f"but they are {x1.ndim}D and {x2.ndim}D"
        )
    a = x1[None, :] if x1.ndim == 1 else x1
    b = x2[:, None] if x2.ndim == 1 else x2
    if a.shape[-1] != b.shape[-2]:
        raise RuntimeError(
            f"mat1 and mat2 shapes cannot be multiplied ({a.shape[-2]}x{a.shape[-1]} "
            f"and {b.shape[-2]}x{b.shape[-1]})"
        )
    out = _contract(a, b)
    if x2.ndim == 1:
        out = out[..., 0]
    if x1.ndim == 1:
        out = out[..., 0, :] if x2.ndim > 1 else out[..., 0]
    return out


def _axes(axes: Any, ndim1: int, ndim2: int) -> tuple[list[int], list[int]]:
    """``tensordot``'s ``axes`` (checked by torch already) as two lists of nonnegative axes."""
    if isinstance(axes, int):
        return list(range(ndim1 - axes, ndim1)), list(range(axes))
    a1, a2 = axes
    a1 = [a1] if isinstance(a1, int) else list(a1)
    a2 = [a2] if isinstance(a2, int) else list(a2)
    return [int(d) % ndim1 for d in a1], [int(d) % ndim2 for d in a2]


def int_tensordot(x1: torch.Tensor, x2: torch.Tensor, /, *, axes: Any = 2) -> torch.Tensor:
    """``torch.tensordot`` of two integer tensors, exactly (see the module's docstring).

    torch's own checks run first, on meta tensors of the same shapes (no data, no kernel): the
    same errors, and the output shape. A contracted axis of size 1 against a longer one is
    broadcast, as torch does.
    """
    x1, x2 = _common(x1, x2)
    meta = [torch.empty(x.shape, dtype=torch.float32, device="meta") for x in (x1, x2)]
    shape = torch.tensordot(meta[0], meta[1], dims=axes).shape
    ax1, ax2 = _axes(axes, x1.ndim, x2.ndim)
    # a size of 1 against another (0 included) is broadcast to it
    sizes = [x2.shape[d2] if x1.shape[d1] == 1 else x1.shape[d1] for d1, d2 in zip(ax1, ax2)]
    s1, s2 = list(x1.shape), list(x2.shape)
    for d1, d2, s in zip(ax1, ax2, sizes, strict=True):
        s1[d1], s2[d2] = s, s
    x1, x2 = x1.expand(s1), x2.expand(s2)
    free1 = [d for d in range(x1.ndim) if d not in ax1]
    free2 = [d for d in range(x2.ndim) if d not in ax2]
    k = math.prod(sizes)
    a = x1.permute([*free1, *ax1]).reshape(math.prod(x1.shape[d] for d in free1), k)
    b = x2.permute([*ax2, *free2]).reshape(k, math.prod(x2.shape[d] for d in free2))
    return _contract(a, b).reshape(shape)


def int_vecdot(
    x1: torch.Tensor, x2: torch.Tensor, /, *, axis: int = -1, **kwargs: Any
) -> torch.Tensor:
    """``vecdot`` of two integer tensors, exactly: array-api-compat's formulation (the vectors
    moved last, broadcast, multiplied as ``(..., 1, k) @ (..., k, 1)``) on :func:`int_matmul`."""
    if kwargs:  # array-api-compat's linalg.vecdot: torch's keywords are for floating types
        raise RuntimeError("vecdot kwargs not supported for integral dtypes")
    x1, x2 = _common(x1, x2)
    if x1.shape[axis] != x2.shape[axis]:
        raise ValueError("x1 and x2 must have the same size along the given axis")
    a, b = _broadcast_tensors(torch.moveaxis(x1, axis, -1), torch.moveaxis(x2, axis, -1))
    return int_matmul(a[..., None, :], b[..., :, None])[..., 0, 0]


def with_int_fallback(
    native: Callable[..., Any], fallback: Callable[..., Any]
) -> Callable[..., Any]:
    """``native(x1, x2, ...)``, except ``fallback`` for two integer tensors where
    :func:`needs_int_fallback` (the dtypes tested first)."""

    @wraps(native)
    def f(x1: Any, x2: Any, /, *args: Any, **kwargs: Any) -> Any:
        if (
            getattr(x1, "dtype", None) in INTEGERS
            and getattr(x2, "dtype", None) in INTEGERS
            and needs_int_fallback(x1)
        ):
            return fallback(x1, x2, *args, **kwargs)
        return native(x1, x2, *args, **kwargs)

    return f


def matmul(x1: torch.Tensor, x2: torch.Tensor, /) -> torch.Tensor:
    """``torch.matmul``, or :func:`int_matmul` for integers where :func:`needs_int_fallback`
    (two tensors of one dtype, or a Python scalar: torch's error)."""
    if x1.dtype in INTEGERS and needs_int_fallback(x1):
        return int_matmul(x1, x2)
    return torch.matmul(x1, x2)

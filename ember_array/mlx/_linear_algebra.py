"""Linear algebra functions of the main namespace: ``matmul``, ``matrix_transpose``,
``tensordot``, ``vecdot``.

``mx.matmul``/``mx.tensordot`` reject integer dtypes; integer products are computed here
exactly as broadcast multiply-and-sum (lazy).
"""

from __future__ import annotations

from collections.abc import Sequence

import mlx.core as mx

from .._boundary import UNCLEAN, translate, translates_errors
from .._markers import wraps_native
from .._spec import LINEAR_ALGEBRA
from ._data_type_functions import promoted
from ._helpers import dense_if_empty

__all__ = list(LINEAR_ALGEBRA)


def _promote(x1: mx.array, x2: mx.array, func: str) -> tuple[mx.array, mx.array]:
    if _exact(x1.dtype) != _exact(x2.dtype) and mx.complex64 not in (x1.dtype, x2.dtype):
        # integer with real float: mixed kinds are implementation-defined; follow mlx's own
        # operators (``x1 + x2``), as numpy's and torch's matmul follow theirs
        dt = mx.result_type(x1, x2)
    else:
        dt = promoted(func, x1, x2)
    return (x1 if x1.dtype == dt else x1.astype(dt)), (x2 if x2.dtype == dt else x2.astype(dt))


def _exact(dtype: mx.Dtype) -> bool:
    return dtype == mx.bool_ or mx.issubdtype(dtype, mx.integer)


def _int_matmul(a: mx.array, b: mx.array) -> mx.array:
    """Exact matmul of integer stacks of matrices (no 1-d handling)."""
    out = mx.sum(dense_if_empty(mx.expand_dims(a, -1) * mx.expand_dims(b, -3)), axis=-2)
    # mlx: mx.sum widens small integer dtypes to (u)int32 (no upstream issue found)
    # Keep the promoted input dtype.
    return out if out.dtype == a.dtype else out.astype(a.dtype)


_FLOATING = frozenset({mx.float16, mx.bfloat16, mx.float32, mx.float64, mx.complex64})


@wraps_native()
@translates_errors
def matmul(x1: mx.array, x2: mx.array, /) -> mx.array:
    """Matrix product with the standard's promotion; exact for integer dtypes."""
    try:
        if x1.dtype == x2.dtype and x1.dtype in _FLOATING and x1.ndim and x2.ndim:
            # Fast path: nothing to promote and mx.matmul is exact for floating dtypes.
            return mx.matmul(x1, x2)
        x1, x2 = _promote(x1, x2, "matmul")
        if x1.ndim == 0 or x2.ndim == 0:
            raise ValueError(
                f"matmul: mlx arrays must be at least 1-d, got {x1.shape} and {x2.shape}"
            )
        if not _exact(x1.dtype):
            return mx.matmul(x1, x2)
        a = x1.reshape(1, -1) if x1.ndim == 1 else x1
        b = x2.reshape(-1, 1) if x2.ndim == 1 else x2
        if a.shape[-1] != b.shape[-2]:
            raise ValueError(f"matmul: mlx shapes {x1.shape} and {x2.shape} are not aligned")
        out = _int_matmul(a, b)
        if x1.ndim == 1:
            out = mx.squeeze(out, -2)
        if x2.ndim == 1:
            out = mx.squeeze(out, -1)
        return out
    except UNCLEAN as e:
        raise translate(e, "matmul", "mlx", (x1, x2), {}) from e


@wraps_native()
def matrix_transpose(x: mx.array, /) -> mx.array:
    """Transpose of the last two axes."""
    if x.ndim < 2:
        raise ValueError(f"matrix_transpose: mlx array of shape {x.shape} needs ndim >= 2")
    return mx.swapaxes(x, -1, -2)


@wraps_native()
def tensordot(
    x1: mx.array,
    x2: mx.array,
    /,
    *,
    axes: int | tuple[Sequence[int], Sequence[int]] = 2,
) -> mx.array:
    """Tensor contraction over ``axes``; exact for integer dtypes."""
    x1, x2 = _promote(x1, x2, "tensordot")
    if isinstance(axes, int):
        if axes < 0:
            raise ValueError(f"tensordot: axes must be non-negative, got {axes}")
        a1 = list(range(x1.ndim - axes, x1.ndim))
        a2 = list(range(axes))
    else:
        a1 = [a % x1.ndim for a in axes[0]]
        a2 = [a % x2.ndim for a in axes[1]]
    for i, j in zip(a1, a2):
        if x1.shape[i] != x2.shape[j]:
            raise ValueError(f"tensordot: mlx shapes {x1.shape} and {x2.shape} do not match")
    if not _exact(x1.dtype):
        return mx.tensordot(x1, x2, axes=[a1, a2])
    f1 = [i for i in range(x1.ndim) if i not in a1]
    f2 = [i for i in range(x2.ndim) if i not in a2]
    k = 1
    for i in a1:
        k *= x1.shape[i]
    m = 1
    for i in f1:
        m *= x1.shape[i]
    n = 1
    for i in f2:
        n *= x2.shape[i]
    a = mx.transpose(x1, f1 + a1).reshape(m, k)
    b = mx.transpose(x2, a2 + f2).reshape(k, n)
    out = _int_matmul(a, b)
    return out.reshape([x1.shape[i] for i in f1] + [x2.shape[i] for i in f2])


def vecdot(x1: mx.array, x2: mx.array, /, *, axis: int = -1) -> mx.array:
    """Dot product over ``axis`` (after broadcasting), conjugating ``x1``; exact for ints."""
    x1, x2 = _promote(x1, x2, "vecdot")
    shape = mx.broadcast_shapes(x1.shape, x2.shape)
    if not -len(shape) <= axis < len(shape):
        raise ValueError(f"vecdot: axis {axis} out of range for mlx broadcast shape {shape}")
    ax = axis - len(shape) if axis >= 0 else axis
    n1 = x1.shape[ax] if -x1.ndim <= ax else 1
    n2 = x2.shape[ax] if -x2.ndim <= ax else 1
    if n1 != n2:  # the contracted axis must not broadcast
        raise ValueError(f"vecdot: mlx shapes {x1.shape} and {x2.shape} differ along axis {axis}")
    if mx.issubdtype(x1.dtype, mx.complexfloating):
        x1 = mx.conj(x1)
    out = mx.sum(dense_if_empty(x1 * x2), axis=axis)
    # mlx: mx.sum widens small integer dtypes to (u)int32 (no upstream issue found)
    # Keep the promoted input dtype.
    return out if out.dtype == x1.dtype else out.astype(x1.dtype)

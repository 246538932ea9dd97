"""The dask namespace's fixes of the standard functions dask (via array-api-compat) lacks or
gets wrong, gathered for :func:`ember_array._namespace.populate`.

The data type, element-wise, linear algebra, statistical and utility fixes are here; the
creation, indexing, manipulation, searching and set ones in the modules of those sections.
Names not defined in any of them are taken unchanged from ``array_api_compat.dask.array``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

import array_api_compat.dask.array as _compat_module
import dask.array as da
import numpy as np

from .. import numpy as _enp_module
from .._common._data_types import can_cast as common_can_cast
from .._common._data_types import complex_to_real
from .._common._data_types import finfo as common_finfo
from .._common._data_types import iinfo as common_iinfo
from .._common._guards import checked_diff, nan_without_dof
from .._common._manipulation import broadcast_shapes
from .._markers import wraps_native
from .._namespace import bind_xp
from ._checks import integer
from ._creation import (
    arange,
    asarray,
    empty,
    eye,
    from_dlpack,
    full,
    full_like,
    linspace,
    ones,
    tril,
    triu,
    zeros,
)
from ._indexing import take, take_along_axis
from ._manipulation import concat, expand_dims, flip, repeat, reshape, roll, tile
from ._native import COMPAT, elemwise
from ._native import astype as astype_array
from ._searching import nonzero, searchsorted
from ._set import unique_all, unique_counts, unique_inverse, unique_values

_enp: Any = _enp_module

__all__ = [
    "arange",
    "asarray",
    "astype",
    "flip",
    "full_like",
    "isdtype",
    "tril",
    "triu",
    "empty",
    "full",
    "ones",
    "zeros",
    "broadcast_shapes",
    "can_cast",
    "concat",
    "matmul",
    "nonzero",
    "reshape",
    "vecdot",
    "diff",
    "expand_dims",
    "expm1",
    "log1p",
    "eye",
    "floor_divide",
    "finfo",
    "from_dlpack",
    "iinfo",
    "linspace",
    "repeat",
    "roll",
    "searchsorted",
    "std",
    "take",
    "take_along_axis",
    "tile",
    "tensordot",
    "unique_all",
    "unique_counts",
    "unique_inverse",
    "unique_values",
    "var",
]

_bind = bind_xp(_compat_module, __name__.rpartition(".")[0])

# dask's dtypes are numpy's, and so are numpy's cross-kind casts and numpy-scalar info fields
# (see ember_array.numpy._aliases)
can_cast = _bind(common_can_cast)
# dask: array-api-compat's dask isdtype takes kind=1 and kind=None (numpy's raises TypeError)
isdtype = _enp.isdtype
finfo = _bind(common_finfo)
iinfo = _bind(common_iinfo)
# dask: dask.array.diff builds n graph layers, so diff(x, n=2**40) never returns
# (no upstream issue found)
_checked_diff = checked_diff(COMPAT.diff, "dask")


# dask: diff turns prepend/append into numpy arrays, computing them while the graph is built
# (no upstream issue found)
@wraps_native()
def diff(
    x: da.Array,
    /,
    *,
    axis: int = -1,
    n: int = 1,
    prepend: da.Array | None = None,
    append: da.Array | None = None,
) -> da.Array:
    """The ``n``-th discrete difference along ``axis``.

    ``dask.array.diff`` turns ``prepend``/``append`` into numpy arrays, computing them while
    the graph is built; they are concatenated lazily here instead.
    """
    axis = integer("diff", "axis", axis)  # dask's diff takes axis=1.5
    if prepend is not None or append is not None:
        parts = [p for p in (prepend, x, append) if p is not None]
        x = COMPAT.concat(parts, axis=axis)
    return _checked_diff(x, axis=axis, n=n)


# dask: Array.astype drops the imaginary part of a complex array cast to a real dtype, where
# the standard says the cast "should not be permitted" (numpy's behaviour, no upstream issue)
@wraps_native()
def astype(x: da.Array, dtype: Any, /, *, copy: bool = True, device: Any = None) -> da.Array:
    """array-api-compat's ``astype``; ``TypeError`` from a complex to a real dtype."""
    if x.dtype.kind == "c" and np.dtype(dtype).kind != "c":
        raise complex_to_real("dask", x.dtype, dtype)
    return COMPAT.astype(x, dtype, copy=copy, device=device)


# dask: var/std divide by max(N - correction, 0), inf where the standard says NaN, as numpy;
# https://github.com/numpy/numpy/issues/26522
var = nan_without_dof(COMPAT.var)
std = nan_without_dof(COMPAT.std)


def _keep_dtype(func: Callable[..., da.Array]) -> Callable[..., da.Array]:
    @wraps(func)
    def run(x1: da.Array, x2: da.Array, /, **kwargs: Any) -> da.Array:
        axes = kwargs.get("axes")
        if type(axes) is int and axes < 0:
            # the standard: a non-negative number of axes; dask (as numpy) contracts none
            raise ValueError(f"{func.__name__}() [dask]: axes must be >= 0, got {axes}")
        out = func(x1, x2, **kwargs)
        dtype = np.result_type(x1.dtype, x2.dtype)
        return out if out.dtype == dtype else astype_array(out, dtype)

    run.__module__ = "ember_array.dask"
    return run


# dask: matmul/tensordot/vecdot sum small-integer products in int64/uint64, the standard keeps
# the promoted dtype (no upstream issue found)
# The cast back wraps exactly as the narrow arithmetic would.
_matmul = _keep_dtype(COMPAT.matmul)


# dask: matmul skips shape checks, a (1,) by (0,) product returned a result
# (no upstream issue found)
@wraps_native()
def matmul(x1: da.Array, x2: da.Array, /) -> da.Array:
    """``x1 @ x2`` with the standard's shape checks (dask.array.matmul skips some: a (1,) by
    (0,) product returned a result) and result dtype."""
    if x1.ndim == 0 or x2.ndim == 0:
        raise ValueError("matmul() [dask]: 0-d operands are not allowed")
    inner2 = x2.shape[0] if x2.ndim == 1 else x2.shape[-2]
    if x1.shape[-1] != inner2:
        raise ValueError(
            f"matmul() [dask]: shapes {tuple(x1.shape)} and {tuple(x2.shape)} do not align"
        )
    return _matmul(x1, x2)


vecdot = _keep_dtype(COMPAT.vecdot)
tensordot = _keep_dtype(COMPAT.tensordot)


# numpy: floor_divide follows Python's divmod for infinite operands (inf // 2 is nan);
# https://github.com/numpy/numpy/issues/23860
# ember_array.numpy fixes it, and runs in every block.
def floor_divide(x1: Any, x2: Any, /) -> da.Array:
    """``x1 // x2`` element-wise, computed by ember_array.numpy.floor_divide in every block."""
    return elemwise(_enp.floor_divide, x1, x2)


# numpy: complex log1p loses the real part for small z;
# https://github.com/numpy/numpy/issues/22609
def log1p(x: Any, /) -> da.Array:
    """``log(1 + x)`` element-wise, computed by ember_array.numpy.log1p in every block."""
    return elemwise(_enp.log1p, x)


# numpy: complex expm1 misses the standard's special cases;
# https://github.com/numpy/numpy/issues/21746
def expm1(x: Any, /) -> da.Array:
    """``exp(x) - 1`` element-wise, computed by ember_array.numpy.expm1 in every block."""
    return elemwise(_enp.expm1, x)

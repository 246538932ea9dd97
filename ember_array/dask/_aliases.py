"""Fixes for the standard functions dask (via array-api-compat) lacks or gets wrong.

Names not defined here are taken unchanged from ``array_api_compat.dask.array``.
"""

from __future__ import annotations

import math
import operator
from functools import partial, wraps
from typing import Any

import array_api_compat.dask.array as _compat_module
import dask.array as da
import numpy as np
from dask.array.core import elemwise as _elemwise

from .. import numpy as _enp_module
from .._common import _data_types
from .._common._guards import checked_diff, nan_without_dof
from .._common._manipulation import broadcast_shapes
from .._common._scalars import check_fill
from .._markers import wraps_native
from .._namespace import bind_xp

_compat: Any = _compat_module
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

_bind = bind_xp(_compat, __name__.rpartition(".")[0])

# dask's dtypes are numpy's, and so are numpy's cross-kind casts and numpy-scalar info fields
# (see ember_array.numpy._aliases)
can_cast = _bind(_data_types.can_cast)
# dask: array-api-compat's dask isdtype takes kind=1 and kind=None (numpy's raises TypeError)
isdtype = _enp.isdtype
finfo = _bind(_data_types.finfo)
iinfo = _bind(_data_types.iinfo)
# dask: dask.array.diff builds n graph layers, so diff(x, n=2**40) never returns
# (no upstream issue found)
_checked_diff = checked_diff(_compat.diff, "dask")


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
        x = _compat.concat(parts, axis=axis)
    return _checked_diff(x, axis=axis, n=n)


# dask: Array.astype drops the imaginary part of a complex array cast to a real dtype, where
# the standard says the cast "should not be permitted" (numpy's behaviour, no upstream issue)
@wraps_native()
def astype(x: da.Array, dtype: Any, /, *, copy: bool = True, device: Any = None) -> da.Array:
    """array-api-compat's ``astype``; ``TypeError`` from a complex to a real dtype."""
    if x.dtype.kind == "c" and np.dtype(dtype).kind != "c":
        raise _data_types.complex_to_real("dask", x.dtype, dtype)
    return _compat.astype(x, dtype, copy=copy, device=device)  # type: ignore[no-any-return]


# dask: var/std divide by max(N - correction, 0), inf where the standard says NaN, as numpy;
# https://github.com/numpy/numpy/issues/26522
var = nan_without_dof(_compat.var)  # type: ignore[attr-defined]
std = nan_without_dof(_compat.std)  # type: ignore[attr-defined]


# dask: dask.array has no from_dlpack (no upstream issue found)
def from_dlpack(x: Any, /, *, device: Any = None, copy: bool | None = None) -> da.Array:
    """A one-chunk dask array over the DLPack capsule of ``x`` (dask has no ``from_dlpack``).

    The data are read through numpy's ``from_dlpack`` (so only CPU producers work) and
    wrapped without a copy unless ``copy=True``.
    """
    _check_device("from_dlpack", device)
    if isinstance(x, da.Array):
        # dask arrays have no __dlpack__ (their data do not exist yet): the array is its own
        return x.copy() if copy else x
    arr = _enp.from_dlpack(x, copy=copy)
    return da.from_array(arr, chunks=arr.shape or (), asarray=False)


def _in_range(idx: np.ndarray, n: int, name: str) -> np.ndarray:
    """``idx`` itself, or ``IndexError`` where an index leaves ``[-n, n)``: run on every block
    of a dask index array when it is computed, on a concrete one at once."""
    if idx.size and (idx.min() < -n or idx.max() >= n):
        raise IndexError(f"{name}() [dask]: index out of range for an axis of size {n}")
    return idx


# dask: take of an index beyond the axis returns another element (x[[9]] of 3 rows gives a
# row), where numpy and torch raise (no upstream issue found)
@wraps_native()
def take(x: da.Array, indices: Any, /, *, axis: int | None = None) -> da.Array:
    """``dask.array.take`` of indices checked against the axis: ``IndexError`` at once for
    concrete indices, when computed for a dask index array (never another element)."""
    if not isinstance(x, da.Array):
        raise TypeError(f"take() [dask]: x must be a dask array, got {type(x).__name__}")
    if axis is None:
        if x.ndim != 1:
            raise ValueError(f"take() [dask]: axis is required for a {x.ndim}-d x")
        axis = 0
    ax = operator.index(axis)
    if not -x.ndim <= ax < x.ndim:
        raise IndexError(f"take() [dask]: axis {axis} out of range for a {x.ndim}-d x")
    n = x.shape[ax]
    if not isinstance(indices, da.Array):
        indices = np.asarray(indices)
    if indices.dtype.kind not in "iu":
        raise TypeError(f"take() [dask]: indices must have an integer dtype, got {indices.dtype}")
    if math.isnan(n):  # a chunk of unknown length: dask's own behaviour
        pass
    elif isinstance(indices, da.Array):
        check = partial(_in_range, n=n, name="take")
        indices = da.map_blocks(check, indices, dtype=indices.dtype)
    else:
        _in_range(indices, n, "take")
    return _compat.take(x, indices, axis=ax)  # type: ignore[no-any-return]


def _take_block(x: np.ndarray, idx: np.ndarray, axis: int) -> np.ndarray:
    # one block: x whole along ``axis``, idx the matching block of indices
    n = x.shape[axis]
    _in_range(idx, n, "take_along_axis")
    # negative indices count from the end, as in the standard's take
    return np.take_along_axis(x, np.where(idx < 0, idx + n, idx), axis=axis)


# dask: dask.array has no take_along_axis; https://github.com/dask/dask/issues/3663
def take_along_axis(x: da.Array, indices: da.Array, /, *, axis: int = -1) -> da.Array:
    """Elements of ``x`` at ``indices`` along ``axis``, the other axes broadcast.

    dask has no ``take_along_axis``. ``x`` is made one chunk along ``axis``; every block of
    ``indices`` then gathers from the matching block of ``x``, so the graph has one task per
    block of ``indices``. Out-of-range indices raise ``IndexError`` when computed.
    """
    if x.ndim == 0:
        raise ValueError("take_along_axis() [dask]: x must have at least one dimension")
    if indices.ndim != x.ndim:
        raise ValueError(
            f"take_along_axis() [dask]: indices must have x's {x.ndim} dimensions, "
            f"got shape {tuple(indices.shape)}"
        )
    if not np.issubdtype(indices.dtype, np.integer):
        raise TypeError(
            f"take_along_axis() [dask]: indices must have an integer dtype, got {indices.dtype}"
        )
    ax = operator.index(axis)
    if not -x.ndim <= ax < x.ndim:
        raise IndexError(f"take_along_axis() [dask]: axis {axis} out of range for {x.ndim}-d x")
    ax %= x.ndim
    # broadcast every axis but ``ax``
    others = broadcast_shapes(
        tuple(1 if i == ax else s for i, s in enumerate(x.shape)),
        tuple(1 if i == ax else s for i, s in enumerate(indices.shape)),
    )
    x = da.broadcast_to(x, tuple(x.shape[ax] if i == ax else s for i, s in enumerate(others)))
    indices = da.broadcast_to(
        indices, tuple(indices.shape[ax] if i == ax else s for i, s in enumerate(others))
    )
    x = x.rechunk({ax: -1})
    x_ind = tuple(range(x.ndim))
    # a separate index letter for ``ax`` on the output, so the two lengths may differ
    out_ind = tuple(x.ndim if i == ax else i for i in x_ind)
    return da.blockwise(
        _take_block,
        out_ind,
        x,
        x_ind,
        indices,
        out_ind,
        axis=ax,
        dtype=x.dtype,
        concatenate=True,
        meta=np.empty((0,) * x.ndim, dtype=x.dtype),
    )


def _resolve_shape(func: str, size: int, shape: Any) -> tuple[int, ...]:
    if isinstance(shape, int):
        shape = (shape,)
    dims = tuple(operator.index(d) for d in shape)
    unknown = [i for i, d in enumerate(dims) if d == -1]
    if len(unknown) > 1 or any(d < -1 for d in dims):
        raise ValueError(f"{func}() [dask]: invalid shape {dims}")
    known = math.prod(d for d in dims if d != -1)
    if unknown:
        if known == 0 or size % known:
            raise ValueError(f"{func}() [dask]: cannot reshape {size} elements into {dims}")
        dims = (*dims[: unknown[0]], size // known, *dims[unknown[0] + 1 :])
    elif known != size:
        raise ValueError(f"{func}() [dask]: cannot reshape {size} elements into {dims}")
    return dims


def _reshape(x: da.Array, shape: Any, func: str = "reshape") -> da.Array:
    dims = _resolve_shape(func, math.prod(x.shape), shape)
    if 0 in dims:
        # dask: reshape of an empty array fails (reduce of nothing) (no upstream issue found)
        # There is nothing to move.
        return da.zeros(dims, dtype=x.dtype)
    try:
        return x.reshape(dims)
    except NotImplementedError:
        pass
    # dask: reshape raises NotImplementedError unless chunks split or merge evenly;
    # https://github.com/dask/dask/issues/2561
    # First give up the chunks of the trailing axes, then (if the leading axis splits unevenly
    # too) all of them.
    try:
        return x.rechunk({i: -1 for i in range(1, x.ndim)}).reshape(dims)
    except NotImplementedError:
        return x.rechunk(-1).reshape(dims)


@wraps_native()
def reshape(x: da.Array, /, shape: tuple[int, ...], *, copy: bool | None = None) -> da.Array:
    """``x`` with a new shape of the same size, whatever its chunks.

    ``dask.array.reshape`` raises ``NotImplementedError`` when the chunks do not split or
    merge evenly, and ``TypeError`` on empty arrays; here ``x`` is rechunked as little as
    needed instead. dask arrays are never views, so ``copy`` changes nothing.
    """
    if copy not in (None, True, False):
        raise TypeError(f"reshape() [dask]: copy must be a bool or None, got {copy!r}")
    return _reshape(x, shape)


@wraps_native()
def concat(arrays: Any, /, *, axis: int | None = 0) -> da.Array:
    """``arrays`` joined along ``axis`` (flattened first when ``axis`` is None)."""
    if axis is None:
        arrays = [_reshape(a, (-1,), "concat") for a in arrays]
        axis = 0
    return _compat.concat(arrays, axis=axis)


@wraps_native()
def nonzero(x: da.Array, /) -> tuple[da.Array, ...]:
    """The indices of the non-zero elements of ``x``, one array per axis.

    The number of non-zero elements depends on the data: the results have unknown chunk
    sizes until computed.
    """
    if x.ndim == 0:
        raise ValueError("nonzero() [dask]: x must have at least one dimension")
    if 0 in x.shape:
        return tuple(da.zeros((0,), dtype=np.intp) for _ in x.shape)
    # dask: nonzero ravels x, which fails for chunks that do not merge evenly;
    # https://github.com/dask/dask/issues/2561
    flat = _reshape(x, (-1,), "nonzero")
    (idx,) = da.nonzero(flat)
    return tuple(da.unravel_index(idx, x.shape))


def _keep_dtype(func: Any) -> Any:
    @wraps(func)
    def run(x1: da.Array, x2: da.Array, /, **kwargs: Any) -> da.Array:
        out = func(x1, x2, **kwargs)
        dtype = np.result_type(x1.dtype, x2.dtype)
        return out if out.dtype == dtype else out.astype(dtype)

    run.__module__ = "ember_array.dask"
    return run


# dask: matmul/tensordot/vecdot sum small-integer products in int64/uint64, the standard keeps
# the promoted dtype (no upstream issue found)
# The cast back wraps exactly as the narrow arithmetic would.
_matmul = _keep_dtype(_compat.matmul)


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
    return _matmul(x1, x2)  # type: ignore[no-any-return]


vecdot = _keep_dtype(_compat.vecdot)
tensordot = _keep_dtype(_compat.tensordot)


# numpy: floor_divide follows Python's divmod for infinite operands (inf // 2 is nan);
# https://github.com/numpy/numpy/issues/23860
# ember_array.numpy fixes it, and runs in every block.
def floor_divide(x1: Any, x2: Any, /) -> da.Array:
    """``x1 // x2`` element-wise, computed by ember_array.numpy.floor_divide in every block."""
    return _elemwise(_enp.floor_divide, x1, x2)  # type: ignore[no-any-return]


# numpy: complex expm1 misses the standard's special cases;
# https://github.com/numpy/numpy/issues/21746
def expm1(x: Any, /) -> da.Array:
    """``exp(x) - 1`` element-wise, computed by ember_array.numpy.expm1 in every block."""
    return _elemwise(_enp.expm1, x)  # type: ignore[no-any-return]


# array-api-compat: dask expand_dims raises StopIteration for a repeated or out-of-range axis
# in a tuple (no upstream issue found)
@wraps_native()
def expand_dims(x: da.Array, /, axis: int | tuple[int, ...] = 0) -> da.Array:
    """``x`` with new axes of size one at ``axis`` (positions in the result).

    array-api-compat's dask version raises ``StopIteration`` for a repeated or out-of-range
    axis in a tuple.
    """
    axes = axis if isinstance(axis, tuple) else (axis,)
    ndim = x.ndim + len(axes)
    norm = []
    for a in axes:
        if isinstance(a, bool) or not isinstance(a, int):
            raise TypeError(f"expand_dims() [dask]: axis must be ints, got {a!r}")
        if not -ndim <= a < ndim:
            raise IndexError(f"expand_dims() [dask]: axis {a} out of range for {ndim}-d result")
        norm.append(a % ndim)
    if len(set(norm)) != len(norm):
        raise ValueError(f"expand_dims() [dask]: repeated axis in {axes}")
    return _compat.expand_dims(x, axis=axis)


def _check_device(func: str, device: Any) -> None:
    if device is not None and device not in _compat.__array_namespace_info__().devices():
        raise ValueError(f"{func}() [dask]: unknown device {device!r}")


def _eye_block(k: int, dtype: Any, block_info: Any = None) -> np.ndarray:
    (r0, r1), (c0, c1) = block_info[None]["array-location"]
    # the global diagonal j = i + k, seen from this block's corner
    return np.eye(r1 - r0, c1 - c0, k=k + r0 - c0, dtype=dtype)


#: The most elements of one array: 2**48 (2 PiB of float64, 16 million of dask's 128 MiB
#: blocks). dask builds a graph of a larger shape for minutes (``full((2**31,) * 3, 1.0)``:
#: 15 s, ``eye(2**31)``: over a minute) before any computation (no upstream issue found).
MAX_ELEMENTS = 1 << 48


def _graph_size(func: str, shape: tuple[int, ...]) -> None:
    """``ValueError`` for a shape of more than :data:`MAX_ELEMENTS` elements."""
    n = math.prod(shape)
    if n > MAX_ELEMENTS:
        raise ValueError(
            f"{func}() [dask]: shape {shape} has {n} elements, more than one dask array holds "
            f"({MAX_ELEMENTS})"
        )


def _sized(f: Any) -> Any:
    """array-api-compat's ``f(shape, ...)`` after :func:`_graph_size` of ``shape``."""

    @wraps_native()
    @wraps(f)
    def created(shape: Any, *args: Any, **kwargs: Any) -> da.Array:
        if isinstance(shape, tuple | list | int):
            # dask takes full((1.5,), ...) (TypeError here, as numpy)
            dims = shape if isinstance(shape, tuple | list) else (shape,)
            _graph_size(f.__name__, tuple(integer(f.__name__, "shape", d) for d in dims))
        return f(shape, *args, **kwargs)  # type: ignore[no-any-return]

    return created


#: The most blocks ``tile`` builds: dask's tile makes one block per repetition (and block of
#: ``x``), so ``tile(x, (2**20, 2**20))`` builds 2**40 blocks for ever (no upstream issue found).
MAX_BLOCKS = 1 << 24


@wraps_native()
def tile(x: da.Array, repetitions: tuple[int, ...], /) -> da.Array:
    """``dask.array.tile``; ``ValueError`` for a graph of more than :data:`MAX_BLOCKS` blocks."""
    if isinstance(repetitions, tuple) and all(isinstance(r, int) for r in repetitions):
        blocks = math.prod(repetitions) * x.npartitions
        if blocks > MAX_BLOCKS:
            raise ValueError(
                f"tile() [dask]: repetitions {repetitions} make {blocks} blocks, more than "
                f"one graph holds ({MAX_BLOCKS})"
            )
    return _compat.tile(x, repetitions)  # type: ignore[no-any-return]


def integer(func: str, name: str, value: Any) -> int:
    """``value`` as an int; ``TypeError`` naming ``func`` for anything else (``1.5``, ``"0"``),
    where dask's functions take it."""
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(
            f"{func}() [dask]: {name} must be an int, got {type(value).__name__}"
        ) from None


def python_scalars(func: str, **values: Any) -> None:
    """``TypeError`` for a dask array where a Python scalar goes (``arange(start=x)``)."""
    # dask: arange/linspace/fftfreq read a dask array given for a scalar with float(), which
    # computes the graph while it is built (no upstream issue found)
    for name, v in values.items():
        if isinstance(v, da.Array):
            raise TypeError(
                f"{func}() [dask]: {name} must be a Python scalar, got a dask array (reading "
                "its value would compute the graph)"
            )


@wraps_native()
def arange(
    start: int | float,
    /,
    stop: int | float | None = None,
    step: int | float = 1,
    *,
    dtype: Any = None,
    device: Any = None,
) -> da.Array:
    """array-api-compat's ``arange``; ``TypeError`` for a dask array bound."""
    python_scalars("arange", start=start, stop=stop, step=step)
    return _compat.arange(start, stop, step, dtype=dtype, device=device)  # type: ignore[no-any-return]


@wraps_native()
def full_like(
    x: da.Array, /, fill_value: Any, *, dtype: Any = None, device: Any = None
) -> da.Array:
    """array-api-compat's ``full_like``; ``TypeError`` for a fill value that is no number
    (dask fills an object array with a string)."""
    check_fill("full_like", "dask", fill_value)
    return _compat.full_like(x, fill_value, dtype=dtype, device=device)  # type: ignore[no-any-return]


def _integer_k(f: Any) -> Any:
    """``tril``/``triu`` with ``k`` checked to be an integer (dask's take ``k=1.5`` and
    answer other values than numpy's)."""

    @wraps_native()
    @wraps(f)
    def triangle(x: da.Array, /, *, k: int = 0) -> da.Array:
        return f(x, k=integer(f.__name__, "k", k))  # type: ignore[no-any-return]

    return triangle


tril = _integer_k(_compat.tril)
triu = _integer_k(_compat.triu)


@wraps_native()
def flip(x: da.Array, /, *, axis: int | tuple[int, ...] | None = None) -> da.Array:
    """array-api-compat's ``flip``; ``ValueError`` for a repeated axis (dask flips twice)."""
    axes = axis if isinstance(axis, tuple) and x.ndim else ()
    if len({integer("flip", "axis", a) % x.ndim for a in axes}) != len(axes):
        raise ValueError(f"flip() [dask]: repeated axis in {axis}")
    return _compat.flip(x, axis=axis)  # type: ignore[no-any-return]


@wraps_native()
def asarray(
    obj: Any, /, *, dtype: Any = None, device: Any = None, copy: bool | None = None
) -> da.Array:
    """array-api-compat's ``asarray``; a list of dask arrays is stacked lazily (dask computes
    them while the graph is built)."""
    if isinstance(obj, list | tuple) and any(isinstance(o, da.Array) for o in obj):
        obj = da.stack([_compat.asarray(o) for o in obj])
    return _compat.asarray(obj, dtype=dtype, device=device, copy=copy)  # type: ignore[no-any-return]


empty = _sized(_compat.empty)
zeros = _sized(_compat.zeros)
ones = _sized(_compat.ones)
full = _sized(_compat.full)


# dask: dask.array.eye fails at compute time for non-square shapes ("Missing dependency");
# https://github.com/dask/dask/issues/11937
def eye(
    n_rows: int,
    n_cols: int | None = None,
    /,
    *,
    k: int = 0,
    dtype: Any = None,
    device: Any = None,
) -> da.Array:
    """A 2-d array with ones on the ``k``-th diagonal, built block by block.

    ``dask.array.eye`` fails at compute time for non-square shapes ("Missing dependency").
    """
    _check_device("eye", device)
    n_cols = n_rows if n_cols is None else n_cols
    for name, v in (("n_rows", n_rows), ("n_cols", n_cols), ("k", k)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"eye() [dask]: {name} must be an int, got {type(v).__name__}")
    if n_rows < 0 or n_cols < 0:
        raise ValueError(f"eye() [dask]: negative dimensions ({n_rows}, {n_cols})")
    _graph_size("eye", (n_rows, n_cols))
    dt = np.dtype(np.float64 if dtype is None else dtype)
    chunks = da.core.normalize_chunks("auto", (n_rows, n_cols), dtype=dt)
    return da.map_blocks(_eye_block, k, dt, chunks=chunks, dtype=dt, meta=np.empty((0, 0), dt))


# dask: dask.array.linspace calls float() on its bounds and rejects complex ones
# (no upstream issue found)
@wraps_native()
def linspace(
    start: int | float | complex,
    stop: int | float | complex,
    /,
    num: int,
    *,
    dtype: Any = None,
    device: Any = None,
    endpoint: bool = True,
) -> da.Array:
    """``num`` evenly spaced values from ``start`` to ``stop``.

    ``dask.array.linspace`` calls ``float()`` on its bounds and so rejects complex ones; a
    complex range is built from its real and imaginary parts.
    """
    _check_device("linspace", device)
    python_scalars("linspace", start=start, stop=stop)
    if not (isinstance(start, complex) or isinstance(stop, complex)) and (
        dtype is None or np.dtype(dtype).kind != "c"
    ):
        out = _compat.linspace(start, stop, num, dtype=dtype, endpoint=endpoint)
        return _exact_end(out, stop, num, endpoint)
    if dtype is None:
        dtype = np.complex128
    a, b = complex(start), complex(stop)
    real_dtype = np.finfo(np.dtype(dtype)).dtype
    re = da.linspace(a.real, b.real, num, endpoint=endpoint, dtype=np.float64)
    im = da.linspace(a.imag, b.imag, num, endpoint=endpoint, dtype=np.float64)
    out = re.astype(dtype) + im.astype(real_dtype) * np.asarray(1j, dtype=dtype)
    return _exact_end(out.astype(dtype), stop, num, endpoint)


def _exact_end(out: da.Array, stop: Any, num: int, endpoint: bool) -> da.Array:
    # dask: linspace computes start + i * step, so the last value can miss ``stop`` by rounding
    # (far off for huge spans in float32) (no upstream issue found)
    # numpy and the standard end exactly on it.
    if not endpoint or num < 2:
        return out
    last = da.full((1,), stop, dtype=out.dtype, chunks=1)
    return da.concatenate([out[:-1], last])


def _repeat_block(x: np.ndarray, r: np.ndarray | int, axis: int) -> np.ndarray:
    return np.repeat(x, r, axis=axis)


# dask: dask.array.repeat takes neither axis=None nor an array of repeats;
# https://github.com/dask/dask/issues/4389
@wraps_native()
def repeat(x: da.Array, repeats: int | da.Array, /, *, axis: int | None = None) -> da.Array:
    """Each element of ``x`` repeated ``repeats`` times along ``axis`` (flattened if None).

    ``dask.array.repeat`` takes neither ``axis=None`` nor an array of repeats. With an array
    of repeats the output length depends on the data: the result has unknown (NaN) chunk
    sizes along ``axis`` until computed.
    """
    if axis is None:
        x = _reshape(x, (-1,), "repeat")
        axis = 0
    ax = operator.index(axis)
    if not -x.ndim <= ax < x.ndim:
        raise IndexError(f"repeat() [dask]: axis {axis} out of range for {x.ndim}-d x")
    ax %= x.ndim
    if not isinstance(repeats, da.Array | np.ndarray):
        if isinstance(repeats, bool) or not isinstance(repeats, int):
            raise TypeError(
                f"repeat() [dask]: repeats must be an int or an integer array, "
                f"got {type(repeats).__name__}"
            )
        if repeats < 0:
            raise ValueError(f"repeat() [dask]: repeats must be >= 0, got {repeats}")
        if 0 in x.shape:
            # dask: repeat fails on empty arrays (no upstream issue found)
            # The result is empty too.
            return da.zeros(
                (*x.shape[:ax], x.shape[ax] * repeats, *x.shape[ax + 1 :]), dtype=x.dtype
            )
        return da.repeat(x, repeats, axis=ax)
    if not np.issubdtype(repeats.dtype, np.integer):
        raise TypeError(f"repeat() [dask]: repeats must be integers, got {repeats.dtype}")
    if repeats.ndim > 1:
        raise ValueError(f"repeat() [dask]: repeats must be 0-d or 1-d, got {repeats.ndim}-d")
    r = da.asarray(repeats)
    if r.ndim == 0 or r.shape[0] == 1:
        r = da.broadcast_to(r.reshape(()), (x.shape[ax],))
    elif r.shape[0] != x.shape[ax]:
        raise ValueError(
            f"repeat() [dask]: {r.shape[0]} repeats for axis {ax} of size {x.shape[ax]}"
        )
    x_ind = tuple(range(x.ndim))
    r = r.rechunk((x.chunks[ax],))
    out = da.blockwise(
        _repeat_block,
        x_ind,
        x,
        x_ind,
        r,
        (ax,),
        axis=ax,
        dtype=x.dtype,
        meta=np.empty((0,) * x.ndim, dtype=x.dtype),
    )
    # each block's length along ``axis`` is known only after computing
    chunks = list(out.chunks)
    chunks[ax] = (np.nan,) * len(chunks[ax])
    out._chunks = tuple(chunks)
    return out


# dask: roll of an empty array raises (a reduce of nothing); an earlier report of roll
# failing on empty arrays: https://github.com/dask/dask/issues/8914
@wraps_native()
def roll(
    x: da.Array,
    /,
    shift: int | tuple[int, ...],
    *,
    axis: int | tuple[int, ...] | None = None,
) -> da.Array:
    """``x`` shifted by ``shift`` along ``axis``; an empty ``x`` is returned unchanged.

    ``dask.array.roll`` raises ``TypeError`` (a ``reduce`` of nothing) on empty arrays.
    """
    if 0 in x.shape:
        return x.copy()
    return _compat.roll(x, shift, axis=axis)


# dask: searchsorted has no sorter (NotImplementedError);
# https://github.com/dask/dask/pull/7696
@wraps_native()
def searchsorted(
    x1: da.Array,
    x2: da.Array,
    /,
    *,
    side: str = "left",
    sorter: da.Array | None = None,
) -> da.Array:
    """Insertion points of ``x2`` in the sorted 1-d ``x1`` (or ``x1[sorter]``).

    ``dask.array.searchsorted`` fails on a 0-d ``x2`` and has no ``sorter``.
    """
    if side not in ("left", "right"):
        raise ValueError(f"searchsorted() [dask]: side must be 'left' or 'right', got {side!r}")
    if x1.ndim != 1:
        raise ValueError(f"searchsorted() [dask]: x1 must be 1-d, got shape {tuple(x1.shape)}")
    if not isinstance(x2, da.Array):
        # a Python scalar (2025.12) takes x1's dtype
        x2 = da.asarray(np.asarray(x2, dtype=x1.dtype))
    if sorter is not None:
        x1 = da.take(x1, sorter)
    if 0 in x2.shape:
        # dask: searchsorted returns a wrongly shaped result for an empty x2
        # (no upstream issue found)
        return da.zeros(x2.shape, dtype=np.intp)
    if x2.ndim == 0:
        # dask: searchsorted fails on a 0-d x2 (no upstream issue found)
        return da.searchsorted(x1, x2.reshape((1,)), side=side).reshape(())
    return da.searchsorted(x1, x2, side=side)


# dask: unique merges NaNs into one value, the standard counts every NaN as a distinct value
# (numpy >= 2 does) (no upstream issue found)
# Output sizes depend on the data, so chunks are unknown.


def _nan_split(x: da.Array) -> tuple[da.Array, da.Array | None]:
    flat = _reshape(x, (-1,), "unique_values")
    if flat.dtype.kind not in "fc":
        return flat, None
    nan = da.isnan(flat)
    return flat[~nan], flat[nan]


@wraps_native()
def unique_values(x: da.Array, /) -> da.Array:
    """The distinct values of ``x`` (sorted; every NaN kept, at the end)."""
    values, nans = _nan_split(x)
    out = da.unique(values)
    return out if nans is None else da.concatenate([out, nans])


@wraps_native()
def unique_counts(x: da.Array, /) -> Any:
    """The distinct values of ``x`` and how often each occurs (every NaN once).

    Integer input is reduced chunk by chunk; floating input in one task.
    """
    if x.dtype.kind in "fc":
        # dask: unique(return_counts=True) fails on an array of unknown length
        # (no upstream issue found)
        # One task instead.
        return _one_chunk(_enp.unique_counts, x, {})
    out, counts = da.unique(_reshape(x, (-1,), "unique_counts"), return_counts=True)
    return _enp.unique_counts(np.zeros(0, x.dtype)).__class__(out, counts.astype(np.int64))


def _one_chunk(func: Any, x: da.Array, known: dict[int, int]) -> Any:
    """``func`` of all of ``x`` flattened, in one task (every value is needed at once).

    Output ``i`` has length ``known[i]`` when given (the inverse indices: one per element),
    otherwise an unknown length.
    """
    flat = _reshape(x, (-1,), func.__name__).rechunk(-1)
    sample = func(np.zeros(1, x.dtype))
    parts = [
        da.map_blocks(
            lambda b, i=i: func(b)[i],
            flat,
            dtype=part.dtype,
            chunks=((known.get(i, np.nan),),),
            meta=np.empty(0, part.dtype),
        )
        for i, part in enumerate(sample)
    ]
    return sample.__class__(*parts)


def unique_inverse(x: da.Array, /) -> Any:
    """The distinct values of ``x`` and, for every element, the index of its value.

    Computed in one task (every value is needed at once); ``inverse_indices`` has ``x``'s
    shape once computed.
    """
    res = _one_chunk(_enp.unique_inverse, x, {1: math.prod(x.shape)})
    return res.__class__(res.values, _reshape(res.inverse_indices, x.shape))


def unique_all(x: da.Array, /) -> Any:
    """Values, first indices, inverse indices and counts of the distinct values of ``x``.

    Computed in one task (every value is needed at once).
    """
    res = _one_chunk(_enp.unique_all, x, {2: math.prod(x.shape)})
    inverse = _reshape(res.inverse_indices, x.shape)
    return res.__class__(res.values, res.indices, inverse, res.counts)

"""Creation functions of the dask namespace: dask (via array-api-compat) gets these wrong.

Names not defined here are taken unchanged from ``array_apiCOMPAT.dask.array``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

import dask.array as da
import numpy as np

from .. import numpy as _enp_module
from .._common._scalars import bool_arange, check_fill
from .._markers import wraps_native
from ._checks import check_device, check_graph_size, integer, python_scalars
from ._native import COMPAT, DA, astype, copy_array, normalize_chunks

__all__ = [
    "arange",
    "asarray",
    "empty",
    "eye",
    "from_dlpack",
    "full",
    "full_like",
    "linspace",
    "ones",
    "tril",
    "triu",
    "zeros",
]

_enp: Any = _enp_module


# dask: dask.array has no from_dlpack (no upstream issue found)
def from_dlpack(x: Any, /, *, device: Any = None, copy: bool | None = None) -> da.Array:
    """A one-chunk dask array over the DLPack capsule of ``x`` (dask has no ``from_dlpack``).

    The data are read through numpy's ``from_dlpack`` (so only CPU producers work) and
    wrapped without a copy unless ``copy=True``.
    """
    check_device("from_dlpack", device)
    if isinstance(x, da.Array):
        # dask arrays have no __dlpack__ (their data do not exist yet): the array is its own
        return copy_array(x) if copy else x
    arr = _enp.from_dlpack(x, copy=copy)
    return DA.from_array(arr, chunks=arr.shape or (), asarray=False)


def _eye_block(k: int, dtype: Any, block_info: Any = None) -> np.ndarray:
    (r0, r1), (c0, c1) = block_info[None]["array-location"]
    # the global diagonal j = i + k, seen from this block's corner
    return np.eye(r1 - r0, c1 - c0, k=k + r0 - c0, dtype=dtype)


def _sized(f: Callable[..., da.Array]) -> Callable[..., da.Array]:
    """array-api-compat's ``f(shape, ...)`` after :func:`_graph_size` of ``shape``."""

    @wraps_native()
    @wraps(f)
    def created(shape: Any, *args: Any, **kwargs: Any) -> da.Array:
        if isinstance(shape, tuple | list | int):
            # dask takes full((1.5,), ...) (TypeError here, as numpy)
            dims = shape if isinstance(shape, tuple | list) else (shape,)
            check_graph_size(f.__name__, tuple(integer(f.__name__, "shape", d) for d in dims))
        return f(shape, *args, **kwargs)

    return created


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
    """array-api-compat's ``arange``; ``TypeError`` for a dask array bound; a bool ``dtype``
    follows numpy's rule at once (dask would raise it only when computed)."""
    python_scalars("arange", start=start, stop=stop, step=step)
    if dtype is not None and np.dtype(dtype) == np.bool_:
        values = np.asarray(bool_arange("dask", start, stop, step), dtype=np.bool_)
        return DA.from_array(values, chunks=values.shape)
    return COMPAT.arange(start, stop, step, dtype=dtype, device=device)


@wraps_native()
def full_like(
    x: da.Array, /, fill_value: Any, *, dtype: Any = None, device: Any = None
) -> da.Array:
    """array-api-compat's ``full_like``; ``TypeError`` for a fill value that is no number
    (dask fills an object array with a string)."""
    check_fill("full_like", "dask", fill_value)
    return COMPAT.full_like(x, fill_value, dtype=dtype, device=device)


def _integer_k(f: Callable[..., da.Array]) -> Callable[..., da.Array]:
    """``tril``/``triu`` with ``k`` checked to be an integer (dask's take ``k=1.5`` and
    answer other values than numpy's)."""

    @wraps_native()
    @wraps(f)
    def triangle(x: da.Array, /, *, k: int = 0) -> da.Array:
        return f(x, k=integer(f.__name__, "k", k))

    return triangle


tril = _integer_k(COMPAT.tril)
triu = _integer_k(COMPAT.triu)


@wraps_native()
def asarray(
    obj: Any, /, *, dtype: Any = None, device: Any = None, copy: bool | None = None
) -> da.Array:
    """array-api-compat's ``asarray``; a list of dask arrays is stacked lazily (dask computes
    them while the graph is built)."""
    if isinstance(obj, list | tuple) and any(isinstance(o, da.Array) for o in obj):
        obj = DA.stack([COMPAT.asarray(o) for o in obj])
    return COMPAT.asarray(obj, dtype=dtype, device=device, copy=copy)


empty = _sized(COMPAT.empty)
zeros = _sized(COMPAT.zeros)
ones = _sized(COMPAT.ones)
_sized_full = _sized(COMPAT.full)


@wraps_native()
def full(shape: Any, fill_value: Any, *, dtype: Any = None, device: Any = None) -> da.Array:
    """array-api-compat's ``full``; ``TypeError`` for a fill value that is no number (dask
    fails on a string with ``ValueError`` "auto-chunking with dtype.itemsize == 0")."""
    check_fill("full", "dask", fill_value)
    return _sized_full(shape, fill_value, dtype=dtype, device=device)


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
    check_device("eye", device)
    n_cols = n_rows if n_cols is None else n_cols
    for name, v in (("n_rows", n_rows), ("n_cols", n_cols), ("k", k)):
        if isinstance(v, bool) or not isinstance(v, int):
            if name == "k" and type(v) is bool:
                k = int(v)  # k=True: 1, as numpy reads it
                continue
            raise TypeError(f"eye() [dask]: {name} must be an int, got {type(v).__name__}")
    if n_rows < 0 or n_cols < 0:
        raise ValueError(f"eye() [dask]: negative dimensions ({n_rows}, {n_cols})")
    check_graph_size("eye", (n_rows, n_cols))
    dt = np.dtype(np.float64 if dtype is None else dtype)
    chunks = normalize_chunks("auto", (n_rows, n_cols), dt)
    return DA.map_blocks(_eye_block, k, dt, chunks=chunks, dtype=dt, meta=np.empty((0, 0), dt))


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
    check_device("linspace", device)
    python_scalars("linspace", start=start, stop=stop)
    if not (isinstance(start, complex) or isinstance(stop, complex)) and (
        dtype is None or np.dtype(dtype).kind != "c"
    ):
        out = COMPAT.linspace(start, stop, num, dtype=dtype, endpoint=endpoint)
        return _exact_end(out, stop, num, endpoint)
    if dtype is None:
        dtype = np.complex128
    a, b = complex(start), complex(stop)
    real_dtype = np.finfo(np.dtype(dtype)).dtype
    re = DA.linspace(a.real, b.real, num, endpoint=endpoint, dtype=np.float64)
    im = DA.linspace(a.imag, b.imag, num, endpoint=endpoint, dtype=np.float64)
    out = astype(re, dtype) + astype(im, real_dtype) * np.asarray(1j, dtype=dtype)
    return _exact_end(astype(out, dtype), stop, num, endpoint)


def _exact_end(out: da.Array, stop: Any, num: int, endpoint: bool) -> da.Array:
    # dask: linspace computes start + i * step, so the last value can miss ``stop`` by rounding
    # (far off for huge spans in float32) (no upstream issue found)
    # numpy and the standard end exactly on it.
    if not endpoint or num < 2:
        return out
    last = DA.full((1,), stop, dtype=out.dtype, chunks=1)
    return DA.concatenate([out[:-1], last])

"""Creation functions: every one takes ``device=`` (mapped to an mlx stream) and keeps float64.

Native mlx creation functions take ``stream=`` instead of ``device=``, default integers to
int32 and turn numpy/DLPack float64 data into float32 unless told otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import mlx.core as mx
import numpy as np

from .._common._scalars import as_numpy_reads, bool_arange, scalar_value, triangle
from .._markers import wraps_native
from .._spec import CREATION
from ._custom_functions import make_complex
from ._defaults import DEFAULTS, default_complex
from ._devices import holds_float64, stream_for
from ._dtype_objects import DTYPES, native
from ._helpers import (
    DEFAULT_INT,
    check_shape,
    from_numpy,
    mx_dtype_of_numpy,
    np_dtype,
)

__all__ = list(CREATION)

_KIND_RANK = {bool: 0, int: 1, float: 2, complex: 3}
_KIND_DTYPE = {0: DTYPES["bool"], 1: DEFAULT_INT}


def _scalar_kind(obj: Any, func: str) -> int:
    """Highest Python scalar kind (bool < int < float < complex) in a nested sequence."""
    if isinstance(obj, (bool, np.bool_)):
        return 0
    if isinstance(obj, (int, np.integer)):
        return 1
    if isinstance(obj, (float, np.floating)):
        return 2
    if isinstance(obj, (complex, np.complexfloating)):
        return 3
    if isinstance(obj, Sequence) and not isinstance(obj, (str, bytes)):
        return max((_scalar_kind(o, func) for o in obj), default=2)
    raise TypeError(f"{func}: mlx cannot make an array from {type(obj).__name__}")


def _default_dtype(kind: int, func: str) -> mx.Dtype:
    """The default dtype of a Python scalar kind (floats: the namespace's current default)."""
    if kind == 2:
        return DEFAULTS.real
    if kind == 3:
        return default_complex(func)
    return _KIND_DTYPE[kind]


def _shape(shape: int | Sequence[int], func: str, dt: mx.Dtype) -> tuple[int, ...]:
    return check_shape(shape, func, dt)


def _contains_numpy_scalar(obj: Any) -> bool:
    """Whether a nested list/tuple has a numpy scalar (``np.float64`` is a ``float`` too)."""
    return isinstance(obj, (list, tuple)) and any(
        isinstance(o, np.generic) or _contains_numpy_scalar(o) for o in obj
    )


def _contains_mx(obj: Any) -> bool:
    return isinstance(obj, (list, tuple)) and any(
        isinstance(o, mx.array) or _contains_mx(o) for o in obj
    )


@wraps_native()
def asarray(
    obj: Any, /, *, dtype: Any = None, device: Any = None, copy: bool | None = None
) -> mx.array:
    """Convert ``obj`` to an mlx array.

    An mlx array input is returned as is where no copy is needed (``mx.asarray`` always copies
    and refuses ``copy=False``); ``copy=False`` raises ``ValueError`` where a copy is needed
    (a cast, or any import of numpy/Python data, which mlx always copies).  numpy float64 data stay
    float64 (``mx.array`` would make them float32).  Python ``int`` defaults to int64, ``float`` to
    the default real floating dtype (float32 unless :func:`set_default_dtype`), ``complex`` to
    complex64 (``TypeError`` with a float64 default: complex128, which mlx lacks).
    """
    dt = native(dtype, "asarray")
    if isinstance(obj, mx.array):
        stream_for(device, dt or obj.dtype, "asarray")
        if dt is None or obj.dtype == dt:
            return mx.array(obj) if copy else obj
        if copy is False:
            raise ValueError(f"asarray: casting mlx {obj.dtype} to {dt} needs a copy (copy=False)")
        return obj.astype(dt)
    if copy is False:
        raise ValueError(
            f"asarray: mlx cannot import {type(obj).__name__} without a copy (copy=False)"
        )
    if isinstance(obj, (bool, int, float, complex, list, tuple)) and not isinstance(
        obj, np.generic
    ):
        if _contains_mx(obj):
            out = mx.array(obj) if dt is None else mx.array(obj, dtype=dt)
            stream_for(device, out.dtype, "asarray")
            return out
        if dt is None and _contains_numpy_scalar(obj):
            # numpy scalars keep their dtype, as numpy and torch read them:
            # ``xp.asarray([np.float64(0.5), ...])`` is float64, not the default float32
            return asarray(np.asarray(obj), device=device)
        if dt is None:
            dt = _default_dtype(_scalar_kind(obj, "asarray"), "asarray")
        stream_for(device, dt, "asarray")
        try:
            a = np.asarray(obj, dtype=np_dtype(dt))
        except OverflowError as e:
            raise OverflowError(f"asarray: {e} (mlx dtype {dt})") from None
        return from_numpy(a, dt)
    if hasattr(obj, "__dlpack__") and not isinstance(obj, np.ndarray):
        return (
            from_dlpack(obj, device=device)
            if dt is None
            else asarray(from_dlpack(obj, device=device), dtype=dt, device=device)
        )
    a = np.asarray(obj)
    if a.dtype == object:
        raise TypeError(f"asarray: mlx cannot make an array from {type(obj).__name__}")
    if dt is None:
        dt = mx_dtype_of_numpy(a.dtype, "asarray")
    stream_for(device, dt, "asarray")
    return from_numpy(a, dt)


def from_dlpack(x: Any, /, *, device: Any = None, copy: bool | None = None) -> mx.array:
    """Import a DLPack-capable array, keeping float64 (``mx.from_dlpack`` makes it float32).

    mlx always copies CPU data, so ``copy=False`` raises ``ValueError``.
    """
    if isinstance(x, mx.array):
        return asarray(x, device=device, copy=copy)
    if copy is False:
        raise ValueError("from_dlpack: mlx cannot import external data without a copy")
    try:
        a = np.from_dlpack(x)
    except (TypeError, RuntimeError, BufferError) as e:
        raise TypeError(f"from_dlpack: mlx could not import {type(x).__name__}: {e}") from None
    dt = mx_dtype_of_numpy(a.dtype, "from_dlpack")
    stream_for(device, dt, "from_dlpack")
    return from_numpy(a, dt, "from_dlpack")


def _py_scalar(v: Any, func: str) -> Any:
    """``v`` as a Python number if it is a 0-d mlx/numpy array or a numpy scalar."""
    if isinstance(v, (mx.array, np.ndarray, np.generic)):
        if v.ndim != 0:
            raise TypeError(f"{func}: expected a Python number or a 0-d array, got shape {v.shape}")
        return v.item()
    return v


def _zero_d_or_numpy(v: Any) -> bool:
    return isinstance(v, (np.generic, np.ndarray, mx.array)) and v.ndim == 0


@wraps_native()
def arange(
    start: int | float,
    /,
    stop: int | float | None = None,
    step: int | float = 1,
    *,
    dtype: Any = None,
    device: Any = None,
) -> mx.array:
    """Evenly spaced values in ``[start, stop)``; integers default to int64 (mlx: int32).

    A 0-d array given as a bound is read (evaluated): the result's length depends on it.
    """
    dt = native(dtype, "arange")
    # 0-d arrays and numpy scalars as bounds (scipy passes them: ``xp.arange(1, n + 1)`` with
    # ``n`` an array); mx.arange takes Python numbers only
    start, stop, step = (_py_scalar(v, "arange") for v in (start, stop, step))
    if stop is None:
        start, stop = 0, start
    if dt is None:
        dt = DEFAULT_INT if all(isinstance(v, int) for v in (start, stop, step)) else DEFAULTS.real
    s = stream_for(device, dt, "arange")
    if dt == mx.bool_:
        # mlx: arange refuses bool ("bool not supported for arange"); numpy's rule instead
        values = bool_arange("mlx", start, stop, step)
        return mx.array(values, dtype=dt) if values else mx.zeros((0,), dtype=dt, stream=s)
    if step == 0:
        raise ValueError("arange: mlx step must not be zero")
    n = int(np.ceil((stop - start) / step)) if (stop - start) / step > 0 else 0
    check_shape(n, "arange", dt)
    if n == 0:
        return mx.zeros((0,), dtype=dt, stream=s)
    if mx.issubdtype(dt, mx.integer) and max(abs(start), abs(stop), abs(step)) > 2**53:
        # mlx: mx.arange computes in double, integers beyond 2**53 come out wrong (length too);
        # https://github.com/ml-explore/mlx/pull/4324
        offsets = mx.arange(n, dtype=dt, stream=s) * mx.array(step, dtype=dt)
        return mx.array(start, dtype=dt) + offsets
    return mx.arange(start, stop, step, dtype=dt, stream=s)


def _fill_value(value: Any, func: str) -> Any:
    """A fill value that is no mlx array as a Python scalar: a numpy scalar or a 0-d numpy
    array gives its value (a host value), anything else raises ``TypeError``."""
    if type(value) in _KIND_RANK:
        return value
    return scalar_value(func, "mlx", "fill_value", value)


def _fill(shape: Any, value: Any, dt: mx.Dtype, s: Any, func: str) -> mx.array:
    shape = _shape(shape, func, dt)
    if isinstance(value, int) and not isinstance(value, bool) and value > 2**63 - 1:
        # mlx: mx.full raises std::bad_cast for uint64 values above int64's range
        # (no upstream issue found)
        return mx.broadcast_to(from_numpy(np.asarray(value, dtype=np_dtype(dt))), shape)
    out = mx.full(shape, value, dtype=dt, stream=s)
    # mlx: mx.full(shape, 1.5, dtype=int8) ignores dtype and returns float32
    # (no upstream issue found)
    return out if out.dtype == dt else out.astype(dt, stream=s)


def empty(shape: int | Sequence[int], *, dtype: Any = None, device: Any = None) -> mx.array:
    """An array of ``shape`` (zero-filled: mlx has no uninitialized allocation)."""
    dt = native(dtype, "empty") or DEFAULTS.real
    return mx.zeros(_shape(shape, "empty", dt), dtype=dt, stream=stream_for(device, dt, "empty"))


@wraps_native()
def zeros(shape: int | Sequence[int], *, dtype: Any = None, device: Any = None) -> mx.array:
    """An array of zeros with ``device=`` support."""
    dt = native(dtype, "zeros") or DEFAULTS.real
    return mx.zeros(_shape(shape, "zeros", dt), dtype=dt, stream=stream_for(device, dt, "zeros"))


@wraps_native()
def ones(shape: int | Sequence[int], *, dtype: Any = None, device: Any = None) -> mx.array:
    """An array of ones with ``device=`` support."""
    dt = native(dtype, "ones") or DEFAULTS.real
    return mx.ones(_shape(shape, "ones", dt), dtype=dt, stream=stream_for(device, dt, "ones"))


@wraps_native()
def full(
    shape: int | Sequence[int],
    fill_value: bool | int | float | complex,
    *,
    dtype: Any = None,
    device: Any = None,
) -> mx.array:
    """An array filled with ``fill_value``; the dtype follows the Python scalar's kind."""
    dt = native(dtype, "full")
    if isinstance(fill_value, mx.array):
        dt = dt or fill_value.dtype
    else:
        fill_value = _fill_value(fill_value, "full")
    if dt is None and not isinstance(fill_value, mx.array):
        dt = _default_dtype(_scalar_kind(fill_value, "full"), "full")
    return _fill(shape, fill_value, dt, stream_for(device, dt, "full"), "full")


def empty_like(x: mx.array, /, *, dtype: Any = None, device: Any = None) -> mx.array:
    """An array shaped like ``x`` (zero-filled)."""
    dt = native(dtype, "empty_like") or x.dtype
    return mx.zeros(x.shape, dtype=dt, stream=stream_for(device, dt, "empty_like"))


def zeros_like(x: mx.array, /, *, dtype: Any = None, device: Any = None) -> mx.array:
    """Zeros shaped like ``x`` (``mx.zeros_like`` has no ``dtype=``)."""
    dt = native(dtype, "zeros_like") or x.dtype
    return mx.zeros(x.shape, dtype=dt, stream=stream_for(device, dt, "zeros_like"))


def ones_like(x: mx.array, /, *, dtype: Any = None, device: Any = None) -> mx.array:
    """Ones shaped like ``x`` (``mx.ones_like`` has no ``dtype=``)."""
    dt = native(dtype, "ones_like") or x.dtype
    return mx.ones(x.shape, dtype=dt, stream=stream_for(device, dt, "ones_like"))


def full_like(
    x: mx.array,
    /,
    fill_value: bool | int | float | complex,
    *,
    dtype: Any = None,
    device: Any = None,
) -> mx.array:
    """``fill_value`` shaped like ``x``, with ``x``'s dtype unless ``dtype`` is given."""
    dt = native(dtype, "full_like") or x.dtype
    if not isinstance(fill_value, mx.array):
        fill_value = _fill_value(fill_value, "full_like")
    return _fill(x.shape, fill_value, dt, stream_for(device, dt, "full_like"), "full_like")


@wraps_native()
def eye(
    n_rows: int,
    n_cols: int | None = None,
    /,
    *,
    k: int = 0,
    dtype: Any = None,
    device: Any = None,
) -> mx.array:
    """A 2-D array with ones on the ``k``-th diagonal."""
    dt = native(dtype, "eye") or DEFAULTS.real
    s = stream_for(device, dt, "eye")
    m = n_rows if n_cols is None else n_cols
    check_shape((n_rows, m), "eye", dt)
    if n_rows == 0 or m == 0 or k >= m or k <= -n_rows:  # mx.eye rejects k beyond int32
        return mx.zeros((n_rows, m), dtype=dt, stream=s)
    return mx.eye(n_rows, m, k=k, dtype=dt, stream=s)


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
) -> mx.array:
    """``num`` evenly spaced values from ``start`` to ``stop`` (``device=``, complex support).

    ``num`` given as a 0-d array is read (an mlx array is evaluated): the result's length
    depends on it. ``start`` and ``stop`` given as numpy scalars or 0-d arrays are taken as
    their Python values (a 0-d mlx array is evaluated: mlx's linspace takes host numbers).
    """
    if type(num) is not int and not isinstance(num, bool):
        num = scalar_value("linspace", "mlx", "num", num) if _zero_d_or_numpy(num) else num
    # mlx's linspace reads its bounds on the host: a numpy value or a 0-d array is read, and
    # anything else (a str, which mlx converted: linspace("1", 2, 3)) is a TypeError
    start = scalar_value("linspace", "mlx", "start", start)
    stop = scalar_value("linspace", "mlx", "stop", stop)
    dt = native(dtype, "linspace")
    is_c = isinstance(start, complex) or isinstance(stop, complex)
    if dt is None:
        dt = default_complex("linspace") if is_c else DEFAULTS.real
    s = stream_for(device, dt, "linspace")
    try:
        check_shape(num, "linspace", dt)
    except TypeError:
        fixed = as_numpy_reads(ints={"num": num})  # num=True: 1, as numpy reads it
        if fixed is None:
            raise
        return linspace(start, stop, fixed["num"], dtype=dtype, device=device, endpoint=endpoint)
    if num == 0:
        return mx.zeros((0,), dtype=dt, stream=s)
    if is_c or mx.issubdtype(dt, mx.complexfloating):
        # mlx: mx.linspace rejects complex endpoints (no upstream issue found)
        # Interpolate real and imaginary parts.
        rdt = mx.float32
        re = linspace(complex(start).real, complex(stop).real, num, dtype=rdt, endpoint=endpoint)
        im = linspace(complex(start).imag, complex(stop).imag, num, dtype=rdt, endpoint=endpoint)
        return make_complex(re, im).astype(dt)
    is_int = mx.issubdtype(dt, mx.integer)
    if is_int or mx.issubdtype(dt, mx.floating):
        # mlx: mx.linspace rounds start/stop to float32 (num=1 gives float32(start)) and
        # interpolates start*(1-t) + stop*t in float32: float64 gets float32's precision,
        # integer dtypes go wrong above 2**24, and float32 misses points numpy gives exactly
        # (linspace(-5, 5, 21)[12] is 1.0000001: a symmetric grid is not symmetric) (no
        # upstream issue found)
        # Build start + i*step as numpy does, in float64 where the device has it (then one
        # rounding to dt), with the endpoint exact; integer dtypes on the CPU, floored and
        # cast, as numpy computes them (a cast alone truncates toward zero).
        fs = mx.cpu if is_int else s
        wide = mx.float64 if holds_float64(fs or mx.default_device()) else mx.float32
        lo, hi = complex(start).real, complex(stop).real
        n = num - 1 if endpoint and num > 1 else num
        out = lo + mx.arange(num, dtype=wide, stream=fs) * ((hi - lo) / n)
        if endpoint and num > 1:
            out = mx.where(mx.arange(num, stream=fs) == num - 1, hi, out, stream=fs)
        if is_int:
            out = mx.floor(out, stream=fs)
        return out if out.dtype == dt else out.astype(dt, stream=fs)
    try:
        return mx.linspace(start, stop, num, endpoint=endpoint, dtype=dt, stream=s)
    except TypeError:
        flags = as_numpy_reads({"endpoint": endpoint})  # endpoint=None: False, as numpy reads it
        if flags is None:
            raise
        return mx.linspace(start, stop, num, dtype=dt, stream=s, **flags)


@wraps_native()
def meshgrid(*arrays: mx.array, indexing: str = "xy") -> tuple[mx.array, ...]:
    """Coordinate matrices from coordinate vectors, as a tuple."""
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid: indexing must be 'xy' or 'ij', got {indexing!r}")
    if not arrays:
        return ()
    return tuple(mx.meshgrid(*arrays, indexing=indexing))


def _triangle(native: Any, name: str) -> Any:
    def call(x: mx.array, k: int) -> mx.array:
        if x.ndim < 2:
            raise ValueError(f"{name}: mlx array of shape {x.shape} needs at least 2 dimensions")
        out: mx.array = native(x, k)
        return out

    # mlx: tril/triu take an int32 k ("incompatible function arguments") (no upstream issue
    # found)
    return triangle(call, name, (TypeError,))


tril = _triangle(mx.tril, "tril")
triu = _triangle(mx.triu, "triu")

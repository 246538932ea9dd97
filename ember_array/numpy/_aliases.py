"""Fixes for the standard functions numpy (via array-api-compat) gets wrong.

Each function names the native behaviour it corrects. Names not defined here
are taken unchanged from ``array_api_compat.numpy``.
"""

from __future__ import annotations

import functools
from typing import Any

import array_api_compat.numpy as _compat_module
import numpy as np

from .._boundary import UNCLEAN, translate, translates_errors
from .._common._data_types import can_cast as _can_cast_xp
from .._common._data_types import complex_to_real
from .._common._data_types import finfo as _finfo_xp
from .._common._data_types import iinfo as _iinfo_xp
from .._common._guards import checked_diff, without_dof
from .._common._manipulation import broadcast_shapes
from .._common._scalars import check_bound, check_fill, check_int_or_array, check_int_or_ints
from .._markers import wraps_native
from .._namespace import bind_xp

#: array-api-compat's numpy namespace, typed at this boundary as what it is to mypy: its
#: names are numpy's re-exports, which its module does not declare.
_compat: Any = _compat_module

__all__ = [
    "broadcast_shapes",
    "clip",
    "eye",
    "full",
    "full_like",
    "repeat",
    "roll",
    "diff",
    "can_cast",
    "expm1",
    "log1p",
    "finfo",
    "floor_divide",
    "iinfo",
    "matmul",
    "matrix_transpose",
    "std",
    "take",
    "take_along_axis",
    "var",
]

_bind = bind_xp(np, __name__.rpartition(".")[0])

# numpy: numpy.diff loops n times, so diff(x, n=2**40) never returns (no upstream issue found)
diff = checked_diff(_compat.diff, "numpy")
_ndarray = np.ndarray


def _method_reduction(name: str, call: Any) -> Any:
    """``np.<name>``, as the ``ndarray`` method for an ``ndarray`` (the same reduction).

    ``call(method, x, axis, keepdims)`` calls the method with positional arguments (numpy's
    keyword parsing costs more). Anything else (numpy scalars, array-likes, other keywords,
    ``dtype=``) goes to the function, as before.
    """
    function, method = getattr(np, name), getattr(_ndarray, name)

    @translates_errors
    @wraps_native()
    def reduction(
        x: Any, /, *args: Any, axis: Any = None, keepdims: bool = False, **kwargs: Any
    ) -> Any:
        try:
            if not args:
                if type(x) is _ndarray and not kwargs:
                    return call(method, x, axis, keepdims)
                return function(x, axis=axis, keepdims=keepdims, **kwargs)
            if keepdims:  # numpy's positional axis (and more), with keepdims= by keyword
                kwargs["keepdims"] = keepdims
            return function(x, *args, **kwargs)
        except UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
            raise translate(e, name, "numpy", (x, *args), {"axis": axis}) from e

    reduction.__name__ = reduction.__qualname__ = name
    reduction.__doc__ = f"``x.{name}(...)`` for an ndarray, else ``np.{name}``: the same result."
    return reduction


def _total(m: Any, x: Any, axis: Any, keepdims: bool) -> Any:
    return m(x, axis, None, None, keepdims)  # (axis, dtype, out, keepdims)


def _extremum(m: Any, x: Any, axis: Any, keepdims: bool) -> Any:
    return m(x, axis, None, keepdims)  # (axis, out, keepdims)


def _position(m: Any, x: Any, axis: Any, keepdims: bool) -> Any:
    return m(x, axis, None, keepdims=keepdims)  # (axis, out, *, keepdims)


# numpy: np.sum, np.max... pass through the Python dispatch layer _wrapreduction (2-3 us a call
# on small arrays) that the ndarray methods skip (no upstream issue found)
sum, prod, mean = (_method_reduction(n, _total) for n in ("sum", "prod", "mean"))
max, min = (_method_reduction(n, _extremum) for n in ("max", "min"))
argmax, argmin = (_method_reduction(n, _position) for n in ("argmax", "argmin"))


def _moment(name: str) -> Any:
    """``var``/``std``: the ``ndarray`` method (``ddof=correction``), NaN without degrees of
    freedom (numpy answers inf there)."""
    function, method = getattr(np, name), getattr(_ndarray, name)

    @translates_errors
    @wraps_native()
    def moment(
        x: Any, /, *, axis: Any = None, correction: int | float = 0.0, keepdims: bool = False
    ) -> Any:
        try:
            f = method if type(x) is _ndarray else function
            out = f(x, axis=axis, ddof=correction, keepdims=keepdims)
            if without_dof(x, axis, correction):
                out = out * float("nan")
            return out
        except UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
            kwargs = {"axis": axis, "correction": correction}
            raise translate(e, name, "numpy", (x,), kwargs) from e

    moment.__name__ = moment.__qualname__ = name
    moment.__doc__ = f"``x.{name}(axis, ddof=correction, keepdims)``; NaN where N <= correction."
    return moment


# numpy: var/std divide by max(N - correction, 0), inf where the standard says NaN;
# https://github.com/numpy/numpy/issues/26522
var, std = _moment("var"), _moment("std")


# array-api-compat: matrix_transpose is swapaxes behind its namespace wrapper (~1.5 us a call);
# numpy 2's ndarray.mT is the same view (no upstream issue found)
@translates_errors
@wraps_native("swapaxes")
def matrix_transpose(x: Any, /) -> np.ndarray:
    """The transpose of the last two axes (``x.mT``)."""
    try:
        if type(x) is _ndarray and x.ndim >= 2:
            mt: np.ndarray = x.mT
            return mt
        result: np.ndarray = _compat.matrix_transpose(x)
        return result
    except UNCLEAN as e:
        raise translate(e, "matrix_transpose", "numpy", (x,)) from e


@functools.lru_cache(maxsize=256)
def _along(n: int, dim: int, ndim: int) -> np.ndarray:
    """``arange(n)`` shaped to run along ``dim`` of ``ndim`` (read-only: it is shared)."""
    out = np.arange(n).reshape((1,) * dim + (n,) + (1,) * (ndim - dim - 1))
    out.flags.writeable = False
    return out


# numpy: np.take_along_axis spends ~2 us a call (64 x 16) in Python checks (issubdtype,
# normalize_axis_index) around the fancy index it builds (no upstream issue found)
@translates_errors
@wraps_native()
def take_along_axis(x: Any, indices: Any, /, *, axis: int = -1) -> Any:
    """``x[index]``, the fancy index ``np.take_along_axis`` builds (indices along ``axis``,
    ``arange`` along the others), for ndarrays of equal rank; else ``np.take_along_axis``."""
    try:
        ndim = x.ndim if type(x) is _ndarray else -1
        if (
            type(indices) is _ndarray
            and indices.ndim == ndim
            and type(axis) is int
            and -ndim <= axis < ndim
            and indices.dtype.kind in "iu"
        ):
            axis %= ndim
            index = tuple(
                indices if d == axis else _along(n, d, ndim) for d, n in enumerate(x.shape)
            )
            return x[index]
        return _compat.take_along_axis(x, indices, axis=axis)
    except UNCLEAN as e:
        raise translate(e, "take_along_axis", "numpy", (x, indices), {"axis": axis}) from e


# array-api-compat: eye checks the device and forwards M= and k= by keyword (~2 us a call)
# (no upstream issue found)
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
) -> np.ndarray:
    """``np.eye``; a device other than the CPU raises (array-api-compat's check)."""
    try:
        # "cpu", what ember_array.device(x) gives for numpy, needs no check (~1 us less)
        if device is not None and not (type(device) is str and device == "cpu"):
            result: np.ndarray = _compat.eye(n_rows, n_cols, k=k, dtype=dtype, device=device)
            return result
        return np.eye(n_rows, n_cols, k, dtype)
    except UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
        raise translate(e, "eye", "numpy", (n_rows, n_cols), {"k": k, "dtype": dtype}) from e


# numpy: np.finfo/np.iinfo fields are numpy scalars, the standard asks for Python numbers;
# https://github.com/numpy/numpy/issues/26523
finfo = _bind(_finfo_xp)
# numpy: can_cast allows cross-kind casts (bool -> int8, int8 -> float32) the standard does not;
# https://github.com/numpy/numpy/issues/20870
can_cast = _bind(_can_cast_xp)
iinfo = _bind(_iinfo_xp)

# array-api-compat: wraps np.matmul in a pass-through (~1 µs per call) though numpy's conforms
# (no upstream issue found)
matmul = np.matmul


# numpy: floor_divide follows divmod for infinite operands (inf // 2 is nan);
# https://github.com/numpy/numpy/issues/23860
@wraps_native()
def floor_divide(x1: Any, x2: Any, /) -> np.ndarray:
    """Floor division, with the standard's results for infinite operands.

    ``np.floor_divide`` follows Python's ``divmod``: ``inf // 2`` is nan and
    ``-5 // inf`` is -1, where the standard asks for ``floor(x1 / x2)``
    (inf and -0). numpy is eager, so a cheap scan for infinities (~3% of the
    division at 100k elements) decides whether the slow path is needed.
    """
    out: np.ndarray = np.floor_divide(x1, x2)
    if out.dtype.kind == "f" and (np.isinf(x1).any() or np.isinf(x2).any()):
        with np.errstate(invalid="ignore", divide="ignore"):
            out = np.where(np.isinf(x1) | np.isinf(x2), np.floor(np.divide(x1, x2)), out)
        out = out.astype(np.result_type(x1, x2), copy=False)
    return out


# numpy: complex expm1 misses C99's special cases (inf+0j gives nan+nanj);
# https://github.com/numpy/numpy/issues/21746
@wraps_native()
def expm1(x: Any, /) -> np.ndarray:
    """``exp(x) - 1``, with the standard's special cases for complex input.

    ``np.expm1`` returns nan+nanj for ``inf+0j``, ``nan+0j`` and ``-inf+bj``,
    where the standard asks for ``inf+0j``, ``nan+0j`` and ``-1+0j``. Real
    input goes straight to numpy.
    """
    out: np.ndarray = np.expm1(x)
    if out.dtype.kind != "c":
        return out
    a, b = np.real(x), np.imag(x)
    special = ~np.isfinite(a) | ~np.isfinite(b) | (b == 0)
    if not special.any():
        return out
    with np.errstate(invalid="ignore", over="ignore"):
        out = np.array(out, copy=True)
        a, b = np.broadcast_to(a, out.shape)[special], np.broadcast_to(b, out.shape)[special]
        real, imag = out.real[special], out.imag[special]
        zero_imag = b == 0
        # Real axis (b = ±0): expm1 of the real part (+ 0.0 turns expm1(-0) into
        # the +0 the standard asks for), imaginary part keeps b.
        real = np.where(zero_imag, np.expm1(a) + 0.0, real)
        imag = np.where(zero_imag, b, imag)
        # exp(-inf) is 0: the result is -1 with a zero imaginary part.
        neg_inf = np.isneginf(a) & ~zero_imag
        real = np.where(neg_inf, -1.0, real)
        imag = np.where(neg_inf, np.where(np.isfinite(b), np.copysign(0.0, np.sin(b)), 0.0), imag)
        # exp(+inf) times an undefined angle: infinite real part, nan imaginary part.
        pos_inf = np.isposinf(a) & ~np.isfinite(b)
        real = np.where(pos_inf, np.inf, real)
        imag = np.where(pos_inf, np.nan, imag)
        out.real[special], out.imag[special] = real, imag
    return out


# numpy: complex log1p's real part is log(hypot(1 + x, y)), lost for small z (log1p(1e-18+1e-18j)
# is 1e-18j); https://github.com/numpy/numpy/issues/22609
@wraps_native()
def log1p(x: Any, /) -> np.ndarray:
    """``log(1 + x)``; for complex ``x`` near 0 (``|re| + |im| < 1/2``) the real part is
    recomputed without rounding ``1 + x``.

    ``np.log1p`` takes complex ``log(1 + z)``'s real part as ``log(hypot(1 + x, y))``, which
    loses its accuracy as ``z`` shrinks (``log1p(1e-18 + 1e-18j)`` is ``1e-18j``). Near 0 it
    is ``log1p(x (2 + x) + y**2) / 2`` here, whose error is a few ULP of ``|log1p(z)|`` (it can
    cancel only where the imaginary part dominates; docs/accuracy.md); numpy's imaginary part
    (``atan2(y, 1 + x)``) is accurate and kept. Real input goes straight to numpy.
    """
    out: np.ndarray = np.log1p(x)
    if out.dtype.kind != "c":
        return out
    z = np.broadcast_to(np.asarray(x, dtype=out.dtype), out.shape)
    small = np.abs(z.real) + np.abs(z.imag) < 0.5
    if not small.any():
        return out
    zs = z[small]
    a, b = zs.real, zs.imag
    res: np.ndarray = np.array(out, copy=True)
    res.real[small] = 0.5 * np.log1p(a * (2 + a) + b * b)
    return res


# numpy: np.tanh(+inf + yj) follows C99 (the zero takes the sign of sin(2y)) where the standard
# says 1 + 0j with the sign of y (data-apis/array-api#1006) (no upstream issue found)
@wraps_native()
@translates_errors
def tanh(x: Any, /, **kwargs: Any) -> np.ndarray:
    """Hyperbolic tangent; for complex ``+inf + yj`` (finite ``y``) ``1 + 0j`` with the sign of
    ``y`` on the zero, as the standard says (``np.tanh`` follows C99's ``sin(2y)``).

    numpy's ufunc keywords (``out=``, which scikit-learn passes when it sees numpy) go to
    ``np.tanh``; with ``out=`` the fix is written into it.
    """
    try:
        out: np.ndarray = np.tanh(x, **kwargs)
    except UNCLEAN as e:
        raise translate(e, "tanh", "numpy", (x,), kwargs) from e
    if out.dtype.kind != "c":
        return out
    a, b = np.real(x), np.imag(x)
    fix = np.isposinf(a) & np.isfinite(b)
    if not fix.any():
        return out
    res: np.ndarray = out if "out" in kwargs else np.array(out, copy=True)
    fix = np.broadcast_to(fix, res.shape)
    b = np.broadcast_to(b, res.shape)
    res.real[fix] = 1.0
    res.imag[fix] = np.copysign(0.0, b[fix])
    return res


# numpy: np.take with axis=None silently flattens an n-d array (no upstream issue found)
@wraps_native()
@translates_errors
def take(x: np.ndarray, indices: np.ndarray, /, *, axis: int | None = None) -> np.ndarray:
    """Elements of ``x`` at ``indices`` along ``axis``.

    ``np.take`` with ``axis=None`` silently flattens an n-d array; the standard
    requires ``axis`` whenever ``x`` has more than one dimension. The method
    ``ndarray.take`` skips ``np.take``'s dispatch layer (~2 µs on small arrays).
    """
    try:
        if axis is None and x.ndim != 1:
            raise ValueError(f"take(): axis is required for a {x.ndim}-d numpy array")
        return x.take(indices, axis)
    except UNCLEAN as e:
        raise translate(e, "take", "numpy", (x, indices), {"axis": axis}) from e


def _is_array(x: Any) -> bool:
    return isinstance(x, np.ndarray | np.generic)


# numpy: coerces strings where the standard takes numbers: full(2, "1") is a string array,
# repeat(x, "1") repeats once, clip(x, "1") compares with 1 (no upstream issue found)
@wraps_native()
def full(shape: Any, fill_value: Any, *, dtype: Any = None, device: Any = None) -> np.ndarray:
    """``_compat.full`` after checking ``fill_value`` is a number."""
    check_fill("full", "numpy", fill_value)
    result: np.ndarray = _compat.full(shape, fill_value, dtype=dtype, device=device)
    return result


@wraps_native()
def full_like(
    x: np.ndarray, /, fill_value: Any, *, dtype: Any = None, device: Any = None, **kwargs: Any
) -> np.ndarray:
    """``_compat.full_like`` after checking ``fill_value`` is a number."""
    check_fill("full_like", "numpy", fill_value)
    result: np.ndarray = _compat.full_like(x, fill_value, dtype=dtype, device=device, **kwargs)
    return result


#: bounds np.clip takes as the standard does for floating ``x``: None and Python int/float
#: (weak scalars under NEP 50: the result keeps ``x``'s dtype)
_PLAIN_BOUNDS = frozenset((type(None), int, float))


# array-api-compat: clip builds the result by masked assignment (empty, two comparisons, two
# masked writes: ~6 us a call on small arrays) for every input; numpy's own clip conforms for
# floating x with Python-number bounds (no upstream issue found)
@wraps_native()
def clip(x: np.ndarray, /, min: Any = None, max: Any = None, **kwargs: Any) -> np.ndarray:
    """``_compat.clip`` after checking the bounds are numbers or arrays (numpy's extra
    keywords, such as scikit-learn's ``out=``, pass through); ``x.clip`` for a floating
    array with Python-number bounds, where numpy's own clip gives the standard's result."""
    if (
        not kwargs
        and type(x) is _ndarray
        and x.dtype.kind == "f"
        and type(min) in _PLAIN_BOUNDS
        and type(max) in _PLAIN_BOUNDS
        and (min is not None or max is not None)
    ):
        return x.clip(min, max)
    check_bound("clip", "numpy", "min", min, _is_array)
    check_bound("clip", "numpy", "max", max, _is_array)
    result: np.ndarray = _compat.clip(x, min, max, **kwargs)
    return result


@wraps_native()
def repeat(x: np.ndarray, repeats: Any, /, *, axis: int | None = None) -> np.ndarray:
    """``np.repeat`` after checking ``repeats`` is an int or an array."""
    check_int_or_array("repeat", "numpy", "repeats", repeats, _is_array)
    # the method skips np.repeat's dispatch layer
    return x.repeat(repeats, axis) if isinstance(x, np.ndarray) else np.repeat(x, repeats, axis)


@wraps_native()
def roll(x: np.ndarray, /, shift: Any, *, axis: Any = None) -> np.ndarray:
    """``np.roll`` after checking ``shift`` is an int or a tuple of ints."""
    check_int_or_ints("roll", "numpy", "shift", shift)
    return np.roll(x, shift, axis=axis)


# The hot functions below are array-api-compat's, restated so that the error boundary runs in
# their own frame (ember_array._boundary: a wrapper around compat's would cost ~0.15 us a call).
@wraps_native()
@translates_errors
def astype(x: Any, dtype: Any, /, *, copy: bool = True, device: Any = None) -> np.ndarray:
    """``x.astype(dtype)``, a copy unless ``copy=False`` and nothing changes; ``TypeError``
    from complex to real (numpy drops the imaginary part)."""
    try:
        if x.dtype.kind == "c" and np.dtype(dtype).kind != "c":
            raise complex_to_real("numpy", x.dtype, dtype)
        if device is not None:
            # array-api-compat's checks the device
            result: np.ndarray = _compat.astype(x, dtype, copy=copy, device=device)
            return result
        result = x.astype(dtype=dtype, copy=copy)
        return result
    except UNCLEAN as e:
        raise translate(e, "astype", "numpy", (x, dtype), {"device": device}) from e


@wraps_native()
@translates_errors
def argsort(
    x: Any, /, *, axis: int = -1, descending: bool = False, stable: bool = True
) -> np.ndarray:
    """``np.argsort`` (``kind="stable"`` by default, as the standard asks)."""
    try:
        if descending:
            result: np.ndarray = _compat.argsort(x, axis=axis, descending=True, stable=stable)
            return result
        return np.argsort(x, axis=axis, kind="stable" if stable else None)
    except UNCLEAN as e:
        kwargs = {"axis": axis, "descending": descending}
        raise translate(e, "argsort", "numpy", (x,), kwargs) from e


__all__ += ["argmax", "argmin", "argsort", "astype", "max", "mean", "min", "prod", "sum", "tanh"]

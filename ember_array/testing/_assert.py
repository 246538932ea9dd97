"""``assert_close`` and ``assert_equal``: one array of any backend against an expected value.

Both read the arrays back to numpy, so they evaluate lazy arrays (mlx, dask, jax): that is what
an assertion is for, and the only place the kit does it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np

from .._devices import device_name, same_device, to_device
from .._dispatch import namespace, resolve_xp
from .._helpers import device as _device
from .._spec import DTYPES
from ._backends import backend_of

__all__ = ["assert_close", "assert_equal", "to_numpy"]

#: A Python scalar's type -> the dtype kind it matches.
_SCALAR_KINDS: dict[type, str] = {
    bool: "bool",
    int: "integral",
    float: "real floating",
    complex: "complex floating",
}


def to_numpy(x: Any) -> np.ndarray:
    """A numpy copy of an array of any backend, or of a Python scalar.

    Forces evaluation of lazy arrays (mlx, dask, jax): call it in assertions only.  torch
    tensors are detached, moved to the CPU and conjugation-resolved; torch's uint32 and uint64
    (which ``Tensor.numpy()`` refuses) keep their bit pattern through int64.
    """
    convert = _TO_NUMPY.get(backend_of(x) or "")
    return np.asarray(x) if convert is None else convert(x)


def _torch_to_numpy(x: Any) -> np.ndarray:
    import torch

    t = x.detach().cpu().resolve_conj()
    if t.dtype in (torch.uint32, torch.uint64):
        wide = t.to(torch.int64).numpy()
        return np.asarray(wide.astype(np.uint32 if t.dtype == torch.uint32 else np.uint64))
    return np.asarray(t.numpy())


def _dask_to_numpy(x: Any) -> np.ndarray:
    return np.asarray(x.compute())


def _mlx_to_numpy(x: Any) -> np.ndarray:
    return np.array(x, copy=True)


def _strict_to_numpy(x: Any) -> np.ndarray:
    # array-api-strict converts arrays of its CPU device only (the others are pretend GPUs)
    return np.asarray(to_device(x, "cpu"))


#: backend -> its arrays as numpy copies (others: ``np.asarray``)
_TO_NUMPY: dict[str, Callable[[Any], np.ndarray]] = {
    "torch": _torch_to_numpy,
    "dask": _dask_to_numpy,
    "mlx": _mlx_to_numpy,
    "array_api_strict": _strict_to_numpy,
}


@dataclass(frozen=True)
class _Side:
    """One side of a comparison, read back: its values and what it was."""

    values: np.ndarray
    label: str  # "torch", "numpy", "Python float"...
    dtype: str | None  # the standard dtype name, None for a Python scalar
    kind: str | None  # for a Python scalar: the dtype kind it stands for
    device: Any  # the array's device, None for a Python scalar
    backend: str | None


def _dtype_name(x: Any) -> str:
    """The standard name of an array's dtype (``"float32"``), or its own spelling."""
    try:
        ns = namespace(x)
    except TypeError:
        return str(x.dtype)
    for name in DTYPES:
        dt = getattr(ns, name, None)
        try:
            if dt is not None and dt == x.dtype:
                return name
        except TypeError:  # mlx's Dtype.__eq__ refuses foreign objects
            continue
    return str(x.dtype)


def _read(x: Any, func: str, role: str) -> _Side:
    if type(x) in _SCALAR_KINDS:  # not numpy scalars (np.float64 subclasses float): arrays
        kind = _SCALAR_KINDS[type(x)]
        return _Side(np.asarray(x), f"Python {type(x).__name__}", None, kind, None, None)
    backend = backend_of(x)
    if backend is None:
        raise TypeError(
            f"{func}(): {role} must be an array of numpy, torch, mlx, dask, array_api_strict or "
            f"jax, or a Python scalar; got {type(x).__module__}.{type(x).__qualname__}"
        )
    return _Side(to_numpy(x), backend, _dtype_name(x), None, _device(x), backend)


def _check_xp(actual: Any, xp: ModuleType | str | None, func: str) -> None:
    """With ``xp=``: ``actual`` must be an array of that namespace."""
    if xp is None:
        return
    want = resolve_xp(xp, func)
    label = backend_of(want) or want.__name__
    if type(actual) in _SCALAR_KINDS:
        raise AssertionError(
            f"{func}: expected an array of {label} (the xp given), got a Python "
            f"{type(actual).__name__}: the function returned a scalar instead of an array"
        )
    try:
        got = namespace(actual)
    except TypeError:
        got = None
    if got is not want:
        raise AssertionError(
            f"{func}: expected an array of {label} (the xp given), got "
            f"{type(actual).__module__}.{type(actual).__qualname__}"
            f"{f' ({backend_of(actual)})' if backend_of(actual) else ''}: a function given "
            f"{label} arrays must return {label} arrays"
        )


def _where(a: _Side) -> str:
    return f"{a.label} {a.dtype}" if a.dtype else a.label


def _check_meta(a: _Side, d: _Side, func: str, err_msg: str) -> None:
    """Shape, dtype and device (where both sides are arrays of the same backend)."""
    tail = f"\n{err_msg}" if err_msg else ""
    if a.values.shape != d.values.shape:
        raise AssertionError(
            f"{func}: {_where(a)} array has shape {a.values.shape}, desired {d.values.shape}{tail}"
        )
    if a.dtype is not None and d.dtype is not None and a.dtype != d.dtype:
        raise AssertionError(
            f"{func}: {a.label} array has dtype {a.dtype}, desired {d.dtype} ({d.label}){tail}"
        )
    if d.kind is not None and a.dtype is not None and not _kind_matches(a.dtype, d.kind):
        raise AssertionError(
            f"{func}: {a.label} array has dtype {a.dtype}, desired a {d.label} ({d.kind}){tail}"
        )
    same_backend = a.backend is not None and a.backend == d.backend
    if same_backend and a.device is not None and not same_device(a.device, d.device):
        raise AssertionError(
            f"{func}: {_where(a)} array is on {device_name(a.device)}, desired on "
            f"{device_name(d.device)}{tail}"
        )


def _kind_matches(dtype: str, kind: str) -> bool:
    return bool(np.isdtype(np.dtype(dtype), kind)) if dtype in DTYPES else False


def _default_rtol(dtype: np.dtype) -> float:
    """4 * sqrt(eps) of a floating dtype (SciPy's default), 0 for exact dtypes."""
    if np.isdtype(dtype, ("real floating", "complex floating")):
        return float(4 * np.finfo(dtype).eps ** 0.5)
    return 0.0


def _mismatch(a: np.ndarray, d: np.ndarray, rtol: float, atol: float) -> np.ndarray:
    """Where ``a`` and ``d`` differ: NaN equals NaN; complex parts are compared separately."""
    if np.iscomplexobj(a) or np.iscomplexobj(d):
        return np.asarray(
            _mismatch(a.real, d.real, rtol, atol) | _mismatch(a.imag, d.imag, rtol, atol)
        )
    if not (np.isdtype(a.dtype, "real floating") or np.isdtype(d.dtype, "real floating")):
        return np.asarray(a != d)  # exact, and no float rounding of large integers
    a64, d64 = a.astype(np.float64), d.astype(np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        # an infinity is close only to itself (inf - inf is NaN, |inf| * rtol is inf)
        finite = np.isfinite(a64) & np.isfinite(d64)
        close = finite & (np.abs(a64 - d64) <= atol + rtol * np.abs(d64))
    same = (a64 == d64) | (np.isnan(a64) & np.isnan(d64))  # equal infinities, NaN == NaN
    return np.asarray(~(close | same))


def _difference(a: np.ndarray, d: np.ndarray) -> np.ndarray:
    """|a - d| in float64 (infinite where one side is NaN or they are unequal infinities)."""
    with np.errstate(invalid="ignore", over="ignore"):
        diff = np.abs(a.astype(np.complex128) - d.astype(np.complex128))
    return np.where(np.isnan(diff), np.inf, diff)


def _report(a: _Side, d: _Side, bad: np.ndarray, func: str, tolerance: str, err_msg: str) -> str:
    diff = np.where(bad, _difference(a.values, d.values), -1.0)
    flat = int(np.argmax(diff))
    where = np.unravel_index(flat, bad.shape) if bad.ndim else ()
    index = tuple(int(i) for i in where)
    count = int(np.count_nonzero(bad))
    lines = [
        f"{func}: {_where(a)} array of shape {a.values.shape}: {count} of {bad.size} "
        f"elements differ{tolerance}",
        f"largest difference {diff.reshape(-1)[flat]:.6g} at index {index}: "
        f"actual {a.values[where]!r}, desired {d.values[where]!r} ({d.label})",
    ]
    if err_msg:
        lines.append(err_msg)
    return "\n".join(lines)


def _compare(
    actual: Any,
    desired: Any,
    xp: ModuleType | str | None,
    err_msg: str,
    func: str,
    tolerances: tuple[float | None, float | None] | None,
) -> None:
    _check_xp(actual, xp, func)
    a, d = _read(actual, func, "actual"), _read(desired, func, "desired")
    _check_meta(a, d, func, err_msg)
    if tolerances is None:
        rtol = atol = 0.0
        tolerance = ""
    else:
        rtol = _default_rtol(a.values.dtype) if tolerances[0] is None else tolerances[0]
        atol = 0.0 if tolerances[1] is None else tolerances[1]
        tolerance = f" (rtol={rtol:.3g}, atol={atol:.3g})"
    bad = _mismatch(a.values, d.values, rtol, atol)
    if bad.any():
        raise AssertionError(_report(a, d, bad, func, tolerance, err_msg))


def assert_close(
    actual: Any,
    desired: Any,
    *,
    xp: ModuleType | str | None = None,
    rtol: float | None = None,
    atol: float | None = None,
    err_msg: str = "",
) -> None:
    """Assert that an array of any backend equals ``desired`` within a tolerance.

    This function forces evaluation of lazy arrays (mlx, dask, jax): it reads both sides back
    to numpy, which is what an assertion must do.

    Parameters
    ----------
    actual : array
        The array under test: numpy, torch, mlx, dask, array-api-strict or jax.
    desired : array or Python scalar
        The expected value: an array of any of those backends, or a Python ``bool``, ``int``,
        ``float`` or ``complex`` (then ``actual`` must be 0-D, of a dtype of that kind).
    xp : module or str, optional
        The namespace ``actual`` must belong to (the ``xp`` fixture); a function that hands
        back a numpy array for a torch input then fails.
    rtol, atol : float, optional
        Relative and absolute tolerance: ``|actual - desired| <= atol + rtol * |desired|``.
        Default ``rtol``: ``4 * sqrt(eps)`` of the dtype (0 for integers and booleans); default
        ``atol``: 0.
    err_msg : str, optional
        Appended to the failure message.

    Returns
    -------
    None

    Raises
    ------
    AssertionError
        If ``actual`` is not of ``xp``, or the shapes, the standard dtypes, the devices (where
        both are arrays of one backend) or the values differ.  The message names the backend,
        the dtype and the index of the largest difference.  NaN equals NaN; the real and
        imaginary parts of complex values are compared separately.
    TypeError
        If ``actual`` or ``desired`` is not an array of a supported library.

    See Also
    --------
    assert_equal : the exact comparison.
    numpy.testing.assert_allclose : numpy's own, for numpy arrays only.

    Examples
    --------
    >>> import numpy as np
    >>> from ember_array.testing import assert_close
    >>> assert_close(np.asarray([1.0, 2.0]), np.asarray([1.0, 2.0 + 1e-12]))
    >>> assert_close(np.float64(0.5), 0.5)
    """
    _compare(actual, desired, xp, err_msg, "assert_close", (rtol, atol))


def assert_equal(
    actual: Any, desired: Any, *, xp: ModuleType | str | None = None, err_msg: str = ""
) -> None:
    """Assert that an array of any backend equals ``desired`` exactly.

    This function forces evaluation of lazy arrays (mlx, dask, jax), as
    :func:`assert_close` does.

    Parameters
    ----------
    actual : array
        The array under test: numpy, torch, mlx, dask, array-api-strict or jax.
    desired : array or Python scalar
        The expected value: an array of any of those backends, or a Python scalar.
    xp : module or str, optional
        The namespace ``actual`` must belong to.
    err_msg : str, optional
        Appended to the failure message.

    Returns
    -------
    None
        Nothing: the assertion passed (NaN equals NaN; ``-0.0`` equals ``0.0``).

    Raises
    ------
    AssertionError
        As :func:`assert_close`, with no tolerance.
    TypeError
        If ``actual`` or ``desired`` is not an array of a supported library.

    See Also
    --------
    assert_close : the comparison within a tolerance.

    Examples
    --------
    >>> import numpy as np
    >>> from ember_array.testing import assert_equal
    >>> assert_equal(np.asarray([1, 2]), np.asarray([1, 2]))
    """
    _compare(actual, desired, xp, err_msg, "assert_equal", None)

"""The ``linalg`` extension for numpy arrays (array-api-compat's, unchanged where it conforms)."""

from typing import Any as _Any

import array_api_compat.numpy as _xp
import array_api_compat.numpy.linalg as _compat
import numpy as _np

from .._boundary import UNCLEAN as _UNCLEAN
from .._boundary import translate as _translate
from .._boundary import translates_errors as _translates_errors
from .._common._guards import finite_or_nan as _finite_or_nan
from .._markers import wraps_native as _wraps_native
from .._namespace import populate as _populate
from .._spec import LINALG as _LINALG

# numpy: linalg.svd/pinv of a matrix holding inf never return (LAPACK gesdd loops; fixed in
# numpy after 2.4); https://github.com/numpy/numpy/issues/32591
# LAPACK: xGESDD/xBDSQR loop forever on a matrix holding inf;
# https://github.com/Reference-LAPACK/lapack/issues/1409
# Decompose a finite stand-in and answer NaN.
_fixes: dict[str, _Any] = {
    "svd": _finite_or_nan(_xp, (2, 1, 2))(_compat.svd),
    "svdvals": _finite_or_nan(_xp, 1)(_compat.svdvals),
    "pinv": _finite_or_nan(_xp, 2)(_compat.pinv),
}

_SOLVE_DTYPES = frozenset(map(_np.dtype, ("float32", "float64", "complex64", "complex128")))


# array-api-compat: solve re-imports numpy.linalg's helpers on every call (~3 us); numpy >= 2's
# own solve gives the standard's result (a 1-d x2 is a vector) when the dtypes agree
# (no upstream issue found)
@_translates_errors
@_wraps_native()
def _solve(x1: _np.ndarray, x2: _np.ndarray, /) -> _np.ndarray:
    """``np.linalg.solve`` for two arrays of one floating dtype; array-api-compat's otherwise."""
    try:
        same = type(x1) is type(x2) is _np.ndarray and x1.dtype == x2.dtype
        if same and x1.dtype in _SOLVE_DTYPES:
            return _np.linalg.solve(x1, x2)
        return _compat.solve(x1, x2)
    except _UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
        raise _translate(e, "solve", "numpy", (x1, x2)) from e


_solve.__name__ = _solve.__qualname__ = "solve"
_fixes["solve"] = _solve


# array-api-compat wraps numpy's eigh result in its own named tuple (~0.6 us a call); numpy >= 2
# returns a named tuple with the standard's fields itself (no upstream issue found)
@_translates_errors
@_wraps_native()
def _eigh(x: _np.ndarray, /) -> _Any:
    """``np.linalg.eigh``: its ``EighResult`` has the standard's fields."""
    try:
        return _np.linalg.eigh(x)
    except _UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
        raise _translate(e, "eigh", "numpy", (x,)) from e


_eigh.__name__ = _eigh.__qualname__ = "eigh"
_fixes["eigh"] = _eigh


# numpy: linalg.vector_norm reshapes and normalises axes in Python around linalg.norm (~2 us a
# call), whose 2-norm over one axis of a real array is sqrt(add.reduce(x * x)) (no upstream
# issue found)
@_wraps_native("linalg.norm")
def _vector_norm(
    x: _np.ndarray, /, *, axis: _Any = None, keepdims: bool = False, ord: _Any = 2
) -> _np.ndarray:
    """numpy's ``vector_norm``; its own computation, written out, for the Euclidean norm of a
    real floating array over one axis."""
    if (
        type(x) is _np.ndarray
        and type(ord) is int
        and ord == 2
        and type(axis) is int
        and (x.dtype.kind == "f")
    ):
        squares: _np.ndarray = _np.add.reduce(x * x, axis=axis, keepdims=bool(keepdims))  # type: ignore[call-overload]  # numpy's stub: reduce has no keepdims
        root: _np.ndarray = _np.sqrt(squares)
        return root
    norm: _np.ndarray = _np.linalg.vector_norm(x, axis=axis, keepdims=keepdims, ord=ord)
    return norm


_vector_norm.__name__ = _vector_norm.__qualname__ = "vector_norm"
_fixes["vector_norm"] = _vector_norm

__all__ = _populate(globals(), _compat, _fixes, _LINALG)

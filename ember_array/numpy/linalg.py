"""The ``linalg`` extension for numpy arrays (array-api-compat's, unchanged where it conforms)."""

from types import ModuleType as _ModuleType

import array_api_compat.numpy as _xp
import array_api_compat.numpy.linalg as _compat

from .. import _spec
from .._common._guards import finite_or_nan as _finite_or_nan
from .._namespace import populate as _populate

# numpy: linalg.svd/pinv of a matrix holding inf never return (LAPACK gesdd loops; fixed in
# numpy after 2.4); https://github.com/numpy/numpy/issues/32591
# LAPACK: xGESDD/xBDSQR loop forever on a matrix holding inf;
# https://github.com/Reference-LAPACK/lapack/issues/1409
# Decompose a finite stand-in and answer NaN.
_fixes = _ModuleType(__name__ + "._fixes")
_fixes.svd = _finite_or_nan(_xp, (2, 1, 2))(_compat.svd)  # type: ignore[attr-defined]
_fixes.svdvals = _finite_or_nan(_xp, 1)(_compat.svdvals)  # type: ignore[attr-defined]
_fixes.pinv = _finite_or_nan(_xp, 2)(_compat.pinv)  # type: ignore[attr-defined]

__all__ = _populate(globals(), _compat, _fixes, _spec.LINALG)

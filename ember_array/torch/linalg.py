"""The ``linalg`` extension for torch arrays (array-api-compat's, unchanged where it conforms)."""

from collections.abc import Callable as _Callable
from types import ModuleType as _ModuleType
from typing import Any as _Any

import array_api_compat.torch as _xp
import array_api_compat.torch.linalg as _compat
import torch as _torch

from .._boundary import UNCLEAN as _UNCLEAN
from .._boundary import translate as _translate
from .._boundary import translates_errors as _translates_errors
from .._common._guards import checked_matrix_power as _checked_matrix_power
from .._common._guards import finite_or_nan as _finite_or_nan
from .._common._scalars import as_numpy_reads as _as_numpy_reads
from .._common._scalars import host_value as _host_value
from .._common._scalars import index_argument as _index_argument
from .._common._scalars import truthy as _truthy
from .._markers import wraps_native as _wraps_native
from .._namespace import populate as _populate
from .._spec import LINALG as _LINALG
from ._linear_algebra import matmul as _matmul
from ._linear_algebra import tensordot as _tensordot
from ._linear_algebra import vecdot as _vecdot
from ._statistical import unsigned_total as _unsigned_total
from ._uints import UINTS as _UINTS
from ._uints import bitwise as _bitwise
from ._uints import route2 as _route2

#: array-api-compat's and torch's functions called here, typed (their stubs declare no types)
_compat_solve: _Callable[..., _torch.Tensor] = _compat.solve
_compat_vector_norm: _Callable[..., _torch.Tensor] = _compat.vector_norm
_matrix_rank_native: _Callable[..., _torch.Tensor] = _torch.linalg.matrix_rank
_cholesky_native: _Callable[..., _torch.Tensor] = _torch.linalg.cholesky
#: torch.linalg re-exports torch._C's LinAlgError without declaring it
_LinAlgError: type[Exception] = vars(_torch.linalg)["LinAlgError"]
_solve_native: _Callable[..., _torch.Tensor] = _torch.linalg.solve
_vector_norm_native: _Callable[..., _torch.Tensor] = _torch.linalg.vector_norm
#: array-api-compat's torch.linalg defines these at runtime; its stubs do not show them
_compat_untyped: _Any = _compat

#: the fixes populate prefers (Any: attributes are set one by one below)
_fixes: _Any = _ModuleType(__name__ + "._fixes")
# torch: linalg.eig/eigvals of a matrix holding NaN/inf kill the process (MKL's gebal);
# https://github.com/pytorch/pytorch/issues/93124
# LAPACK: svd/pinv of inf never return (xGESDD/xBDSQR loop forever);
# https://github.com/Reference-LAPACK/lapack/issues/1409
# Decompose a finite stand-in and answer NaN.
_fixes.eig = _finite_or_nan(_xp, (1, 2))(_compat_untyped.eig)
_fixes.eigvals = _finite_or_nan(_xp, 1)(_compat_untyped.eigvals)
_fixes.svd = _finite_or_nan(_xp, (2, 1, 2))(_compat_untyped.svd)
_fixes.svdvals = _finite_or_nan(_xp, 1)(_compat_untyped.svdvals)
_fixes.pinv = _finite_or_nan(_xp, 2)(_compat_untyped.pinv)
# torch: linalg.matrix_power(x, -2**63) loops forever, negating n overflows int64
# (no upstream issue found)
_fixes.matrix_power = _checked_matrix_power(_compat_untyped.matrix_power, "torch")
# torch: trace of unsigned integers returns int64 as torch.sum does (the standard: uint64);
# https://github.com/data-apis/array-api-compat/issues/242
_fixes.trace = _unsigned_total(_compat.trace)
# uint16/32/64: promoted by the standard's table and computed on signed views (see _uints)
_fixes.matmul = _matmul
_fixes.tensordot = _tensordot
_fixes.vecdot = _vecdot  # (integers off the CPU, vmap)
_fixes.cross = _route2(_compat.cross, _bitwise(_compat.cross, data=2))
_uint_outer: _Callable[..., _torch.Tensor] = _route2(_compat.outer, _bitwise(_compat.outer, data=2))


@_wraps_native()
def _outer(x1: _torch.Tensor, x2: _torch.Tensor, /) -> _torch.Tensor:
    """``torch.outer``; uint16/32/64 promoted by the standard's table and multiplied as bits."""
    if x1.dtype in _UINTS or x2.dtype in _UINTS:
        return _uint_outer(x1, x2)
    return _torch.outer(x1, x2)


_outer.__name__ = _outer.__qualname__ = "outer"
_outer.__module__ = "ember_array.torch.linalg"
_fixes.outer = _outer

_FLOATS = frozenset((_torch.float32, _torch.float64, _torch.complex64, _torch.complex128))


# array-api-compat: solve promotes both operands and tests the batched-vector case in Python
# (~3 us a call), and vector_norm tests axis=() first (no upstream issue found)
@_wraps_native()
def _solve(x1: _torch.Tensor, x2: _torch.Tensor, /) -> _torch.Tensor:
    """``torch.linalg.solve`` for two matrices of one floating dtype (no batch, no vector: the
    standard's meaning and torch's agree); array-api-compat's otherwise."""
    if (
        isinstance(x1, _torch.Tensor)
        and isinstance(x2, _torch.Tensor)
        and x1.ndim == x2.ndim == 2
        and x1.dtype is x2.dtype
        and x1.dtype in _FLOATS
    ):
        return _solve_native(x1, x2)
    return _compat_solve(x1, x2)


@_translates_errors
@_wraps_native()
def _vector_norm(
    x: _torch.Tensor, /, *, axis: _Any = None, keepdims: bool = False, ord: _Any = 2
) -> _torch.Tensor:
    """``torch.linalg.vector_norm`` over one axis; array-api-compat's otherwise."""
    try:
        if type(axis) is int:
            return _vector_norm_native(x, ord, axis, keepdims)
        if (
            type(axis) not in (type(None), tuple, bool)
            and (index := _index_argument(axis, "linalg.vector_norm", "torch")) is not axis
        ):  # array-api-compat: axis == () with a numpy int
            return _vector_norm(x, axis=index, keepdims=keepdims, ord=ord)
        return _compat_vector_norm(x, axis=axis, keepdims=keepdims, ord=ord)
    except TypeError:
        # keepdims=None read as False, axis=True as 1 and ord=None as 2, as numpy reads them;
        # torch refuses a 0-d numpy ord ("must be Number, not numpy.ndarray"): its value (a
        # host value), as SCALAR_PARAMETERS' retry reads one (in this frame: a wrapper would
        # cost ~0.15 us a call) (no upstream issue found)
        fixed = _as_numpy_reads({"keepdims": keepdims}, {"axis": axis})
        hosted = _host_value(ord)
        if fixed is None and ord is not None and hosted is ord:
            raise
        kw = fixed or {"keepdims": keepdims, "axis": axis}
        return _vector_norm(x, ord=2 if hosted is None else hosted, **kw)
    except _UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
        raise _translate(e, "linalg.vector_norm", "torch", (x,), {"axis": axis}) from e


_solve.__name__ = _solve.__qualname__ = "solve"
_solve.__module__ = _vector_norm.__module__ = "ember_array.torch.linalg"
_vector_norm.__name__ = _vector_norm.__qualname__ = "vector_norm"
_fixes.solve = _solve
_fixes.vector_norm = _vector_norm


# torch: linalg.matrix_rank has floating kernels only ("linalg.svd: Expected a floating point or
# complex tensor"), where numpy ranks integer matrices (no upstream issue found)
@_wraps_native()
def _matrix_rank(
    x: _torch.Tensor, /, *, rtol: float | _torch.Tensor | None = None
) -> _torch.Tensor:
    """``torch.linalg.matrix_rank``; integer and bool matrices ranked in float64 (only when
    torch refuses them: no cost on the floating path)."""
    try:
        return _matrix_rank_native(x, rtol=rtol)
    except RuntimeError:
        if not isinstance(x, _torch.Tensor) or x.dtype.is_floating_point or x.dtype.is_complex:
            raise
        return _matrix_rank_native(x.to(_torch.float64), rtol=rtol)


# torch: linalg.cholesky raises LinAlgError for a matrix holding NaN, where numpy, mlx and
# LAPACK's potrf return NaN (no upstream issue found)
@_wraps_native()
def _cholesky(x: _torch.Tensor, /, *, upper: bool = False) -> _torch.Tensor:
    """``torch.linalg.cholesky``; a matrix holding NaN or infinity gives NaN, as on numpy
    (decided only once torch has raised: no cost on the finite path)."""
    try:
        return _cholesky_native(x, upper=upper)
    except TypeError:
        flags = _truthy(upper=upper)
        if flags is None:
            raise
        return _cholesky(x, **flags)
    except _LinAlgError:
        bad = ~_torch.isfinite(x).all(dim=-1).all(dim=-1)[..., None, None]
        eye = _torch.eye(x.shape[-1], dtype=x.dtype, device=x.device)
        # a finite matrix that is not positive definite still raises here
        out = _cholesky_native(_torch.where(bad, eye, x), upper=upper)
        return out.masked_fill(bad, float("nan"))


for _f, _name in ((_matrix_rank, "matrix_rank"), (_cholesky, "cholesky")):
    _f.__name__ = _f.__qualname__ = _name
    _f.__module__ = "ember_array.torch.linalg"
    setattr(_fixes, _name, _f)

__all__ = _populate(globals(), _compat, _fixes, _LINALG)

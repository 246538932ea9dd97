"""Statistical functions: ``sum``/``prod``/``cumulative_*`` of unsigned integers (uint64, as
the standard asks, where torch has no kernels), ``std``/``var`` (NaN without degrees of
freedom, ``axis=()``), ``mean``, ``max``/``min`` (``axis=()``, uint16/32/64)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

import array_api_compat.torch as _compat
import torch

from .._boundary import UNCLEAN, translate, translates_errors
from .._common._guards import without_dof
from .._common._scalars import index_argument, keepdims_as_numpy
from .._markers import wraps_native
from ._uints import UINTS, ordered

__all__ = [
    "cumulative_prod", "cumulative_sum", "max", "mean", "min", "prod", "std", "sum",
    "unsigned_total", "var",
]  # fmt: skip

#: array-api-compat's function called here, typed (its stubs declare no return types)
_compat_mean: Callable[..., torch.Tensor] = _compat.mean
_uint_max: Callable[..., torch.Tensor] = ordered(_compat.max)
_uint_min: Callable[..., torch.Tensor] = ordered(_compat.min)
_UNSIGNED = frozenset({torch.uint8, torch.uint16, torch.uint32, torch.uint64})
_FLOATING = frozenset((torch.float32, torch.float64, torch.float16, torch.bfloat16,
                       torch.complex64, torch.complex128))  # fmt: skip


#: the axis arguments array-api-compat's reductions take as they are (a numpy int reaches
#: ``axis == ()`` there: an empty array's truth, ValueError)
_PLAIN_AXES = frozenset({type(None), int, tuple})


# torch: sums uint8 into int64 and has no uint64 sum kernel ("sum_cpu" not implemented);
# https://github.com/pytorch/pytorch/issues/58734
# array-api-compat: torch sum of unsigned input is not unsigned;
# https://github.com/data-apis/array-api-compat/issues/242
def unsigned_total(
    func: Callable[..., torch.Tensor], whole: Callable[..., torch.Tensor] | None = None
) -> Callable[..., torch.Tensor]:
    """A sum/product of unsigned integers in uint64, as the standard's default dtype rule asks,
    and any total into or out of uint16/32/64.

    torch sums uint8 into int64 and has no uint16/32/64 kernels ("sum_cpu" not implemented for
    'UInt64'; https://github.com/pytorch/pytorch/issues/58734, array-api-compat#242): wrapping
    int64 arithmetic has the same low bits as unsigned arithmetic, so compute in int64 and
    reinterpret (uint64) or cast (uint16/32) the result; an input of uint16/32/64 totalled
    into another dtype is cast to it first. ``whole``: torch's own reduction, called directly for
    a floating ``x`` over every axis with no keyword (the same result, without
    array-api-compat's ~400 ns of argument handling).
    """

    @wraps(func)
    def total(x: torch.Tensor, /, *, dtype: Any = None, **kwargs: Any) -> torch.Tensor:
        try:
            xdtype = getattr(x, "dtype", None)
            if whole is not None and dtype is None and xdtype in _FLOATING:
                if not kwargs:
                    return whole(x)
                axis = kwargs.get("axis")
                if type(axis) is int and len(kwargs) == 1 + ("keepdims" in kwargs):
                    # one axis: torch's reduction as is (array-api-compat's adds ~1 us)
                    return whole(x, axis, keepdim=bool(kwargs.get("keepdims", False)))
            if type(kwargs.get("axis")) not in _PLAIN_AXES:  # array-api-compat: axis == ()
                kwargs["axis"] = index_argument(kwargs["axis"], name, "torch")
            if type(kwargs.get("offset", 0)) is not int:  # trace: torch takes no 0-d array
                kwargs["offset"] = index_argument(kwargs["offset"], name, "torch", "offset")
            if xdtype not in _UNSIGNED and dtype not in UINTS:
                return func(x, dtype=dtype, **kwargs)
            if dtype is None:
                dtype = torch.uint64
            if dtype in UINTS:
                wide = x.view(torch.int64) if xdtype == torch.uint64 else x.to(torch.int64)
                out = func(wide, dtype=torch.int64, **kwargs)
                return out.view(dtype) if dtype == torch.uint64 else out.to(dtype)
            if xdtype in UINTS:
                x = x.to(dtype)
            return func(x, dtype=dtype, **kwargs)
        except UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
            raise translate(e, name, "torch", (x,), {"dtype": dtype, **kwargs}) from e

    name = func.__name__
    return translates_errors(total)


sum = unsigned_total(_compat.sum, torch.sum)
prod = unsigned_total(_compat.prod, torch.prod)
cumulative_sum = unsigned_total(_compat.cumulative_sum)
cumulative_prod = unsigned_total(_compat.cumulative_prod)


def _spread(fn: Callable[..., torch.Tensor], name: str) -> Callable[..., torch.Tensor]:
    """``var`` or ``std`` (``fn``: ``torch.var``/``torch.std``) with the standard's
    ``correction``: NaN where ``N - correction <= 0``, zeros over ``axis=()``."""

    def spread(
        x: torch.Tensor,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        correction: int | float = 0.0,
        keepdims: bool = False,
    ) -> torch.Tensor:
        try:
            if type(axis) is int:
                if type(correction) is int and 0 <= correction <= 1 and type(keepdims) is bool:
                    # the positional (dim, unbiased, keepdim) overload: ~0.5 us a call less
                    # than the correction= and keepdim= keywords
                    out = fn(x, axis, correction == 1, keepdims)
                    # torch: var/std divide by max(N - correction, 0), inf where the standard
                    # says NaN; https://github.com/pytorch/pytorch/issues/109186
                    return out * float("nan") if x.shape[axis] <= correction else out
                out = fn(x, axis, correction=correction, keepdim=keepdims)
            elif (
                type(axis) not in _PLAIN_AXES
                and (index := index_argument(axis, name, "torch")) is not axis
            ):  # a numpy int: axis == () is an array
                return spread(x, axis=index, correction=correction, keepdims=keepdims)
            elif axis == ():
                # torch: reduces over every axis when given dim=();
                # https://github.com/pytorch/pytorch/issues/29137
                return torch.zeros_like(x)
            else:
                dims = tuple(range(x.ndim)) if axis is None else axis
                out = fn(x, dims, correction=correction, keepdim=keepdims)
            return out * float("nan") if without_dof(x, axis, correction) else out
        except TypeError as e:
            return spread(
                x, axis=axis, correction=correction, keepdims=keepdims_as_numpy(e, keepdims)
            )
        except UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
            kwargs = {"axis": axis, "correction": correction}
            raise translate(e, name, "torch", (x,), kwargs) from e

    spread.__name__ = spread.__qualname__ = name
    spread.__doc__ = (
        f"``torch.{name}`` over ``axis`` with ``correction`` degrees of freedom removed (NaN\n"
        "    where none is left, as the standard says).\n\n"
        "    array-api-compat raises NotImplementedError for a non-integer ``correction`` in\n"
        "    ``std``, which torch itself supports.\n    "
    )
    return translates_errors(wraps_native()(spread))


# array-api-compat: torch std raises NotImplementedError for a non-integer correction;
# https://github.com/data-apis/array-api-compat/pull/445
std = _spread(torch.std, "std")
var = _spread(torch.var, "var")


# array-api-compat: mean, eye and matrix_transpose handle the general case in Python (axis
# tuples, k, ndim checks: 1-3 us a call) before torch's own function (no upstream issue found)
@translates_errors
@wraps_native()
def mean(
    x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> torch.Tensor:
    """``torch.mean`` (array-api-compat's: ``axis=()`` and ``axis=None`` with ``keepdims``)."""
    try:
        if type(axis) is int:
            return torch.mean(x, axis, keepdims)
        if type(axis) not in _PLAIN_AXES:  # array-api-compat: axis == () with a numpy int
            axis = index_argument(axis, "mean", "torch")
        return _compat_mean(x, axis=axis, keepdims=keepdims)
    except UNCLEAN as e:
        raise translate(e, "mean", "torch", (x,), {"axis": axis}) from e


def _extremum(
    name: str, native: Callable[..., torch.Tensor], uint: Callable[..., torch.Tensor]
) -> Callable[..., torch.Tensor]:
    """``max``/``min``: torch's ``amax``/``amin`` over one int axis, array-api-compat's otherwise
    (``axis=()`` reduces nothing), uint16/32/64 in their order-preserving signed view."""
    compat: Callable[..., torch.Tensor] = getattr(_compat, name)

    @translates_errors
    @wraps_native(native.__name__)
    def extremum(
        x: torch.Tensor, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
    ) -> torch.Tensor:
        try:
            if x.dtype in UINTS:
                return uint(x, axis=axis, keepdims=keepdims)
            if type(axis) is int:
                return native(x, axis, keepdims)
            if (
                type(axis) not in _PLAIN_AXES
                and (index := index_argument(axis, name, "torch")) is not axis
            ):  # array-api-compat: axis == () with a numpy int
                return extremum(x, axis=index, keepdims=keepdims)
            return compat(x, axis=axis, keepdims=keepdims)
        except TypeError as e:
            return extremum(x, axis=axis, keepdims=keepdims_as_numpy(e, keepdims))
        except UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
            raise translate(e, name, "torch", (x,), {"axis": axis}) from e

    extremum.__name__ = extremum.__qualname__ = name
    extremum.__doc__ = (
        f"``torch.{native.__name__}`` (array-api-compat's: ``axis=()`` reduces nothing)."
    )
    extremum.__module__ = __name__
    return extremum


max = _extremum("max", torch.amax, _uint_max)
min = _extremum("min", torch.amin, _uint_min)

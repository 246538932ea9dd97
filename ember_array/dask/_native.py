"""``dask.array`` and array-api-compat's dask namespace as ember_array calls them, typed.

dask's functions and ``Array`` methods carry no annotations, so under ``mypy --strict`` every
call is an untyped call returning ``Any``. :data:`DA` is ``dask.array`` seen through
:class:`DaskArray`, which states the result types of the functions used here, and
:data:`COMPAT` is ``array_api_compat.dask.array`` seen as functions returning one dask array
(the ones used through it do): the one boundary where the types are asserted rather than
checked. The calls themselves go to the modules unchanged (``DA`` *is* ``dask.array``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, cast

import array_api_compat.dask.array as _compat
import dask.array as da

__all__ = [
    "COMPAT",
    "DA",
    "ArrayFunctions",
    "DaskArray",
    "astype",
    "copy_array",
    "elemwise",
    "normalize_chunks",
]


class DaskArray(Protocol):
    """The functions of ``dask.array`` used by ember_array, with their result types."""

    def apply_gufunc(
        self, func: Callable[..., Any], signature: str, /, *args: Any, **kwargs: Any
    ) -> Any: ...  # one array, or a tuple of arrays for several outputs
    def asarray(self, a: Any, /, **kwargs: Any) -> da.Array: ...
    def blockwise(
        self, func: Callable[..., Any], out_ind: Any, /, *args: Any, **kwargs: Any
    ) -> da.Array: ...
    def arange(self, stop: int, /, **kwargs: Any) -> da.Array: ...
    def broadcast_to(self, x: Any, shape: tuple[int | None, ...], /) -> da.Array: ...
    def concatenate(self, seq: Sequence[da.Array], /, axis: int = 0) -> da.Array: ...
    def from_array(self, x: Any, /, **kwargs: Any) -> da.Array: ...
    def full(self, shape: tuple[int, ...], fill_value: Any, /, **kwargs: Any) -> da.Array: ...
    def isnan(self, x: da.Array, /) -> da.Array: ...
    def linspace(self, start: Any, stop: Any, num: int, /, **kwargs: Any) -> da.Array: ...
    def map_blocks(self, func: Callable[..., Any], /, *args: Any, **kwargs: Any) -> da.Array: ...
    def moveaxis(self, x: da.Array, source: int, destination: int, /) -> da.Array: ...
    def nonzero(self, x: da.Array, /) -> tuple[da.Array, ...]: ...
    def rechunk(self, x: da.Array, chunks: Any, /) -> da.Array: ...
    def reduction(self, x: da.Array, /, **kwargs: Any) -> da.Array: ...
    def repeat(self, x: da.Array, repeats: int, /, axis: int) -> da.Array: ...
    def reshape(self, x: da.Array, shape: tuple[int, ...], /) -> da.Array: ...
    def searchsorted(self, x1: da.Array, x2: da.Array, /, side: str) -> da.Array: ...
    def stack(self, seq: Sequence[da.Array], /) -> da.Array: ...
    def take(self, x: da.Array, indices: Any, /) -> da.Array: ...
    def unique(self, x: da.Array, /, **kwargs: Any) -> Any: ...  # array, or a tuple
    def unravel_index(
        self, indices: da.Array, shape: tuple[int, ...], /
    ) -> tuple[da.Array, ...]: ...
    def zeros(self, shape: tuple[int, ...], /, **kwargs: Any) -> da.Array: ...


class ArrayFunctions(Protocol):
    """A module of functions that each return one dask array."""

    def __getattr__(self, name: str, /) -> Callable[..., da.Array]: ...


DA = cast(DaskArray, da)
COMPAT = cast(ArrayFunctions, _compat)

_da: Any = da


def astype(x: da.Array, dtype: Any) -> da.Array:
    """``x.astype(dtype)`` (``Array.astype`` is untyped)."""
    return cast("da.Array", cast(Any, x).astype(dtype))


def copy_array(x: da.Array) -> da.Array:
    """``x.copy()`` (``Array.copy`` is untyped)."""
    return cast("da.Array", cast(Any, x).copy())


def elemwise(op: Callable[..., Any], *args: Any) -> da.Array:
    """``dask.array.core.elemwise``: ``op`` applied block by block, broadcasting ``args``."""
    return cast("da.Array", _da.core.elemwise(op, *args))


def normalize_chunks(
    chunks: Any, shape: tuple[int, ...], dtype: Any
) -> tuple[tuple[int, ...], ...]:
    """``dask.array.core.normalize_chunks``: the chunk sizes dask picks for ``shape``."""
    return cast(
        "tuple[tuple[int, ...], ...]", _da.core.normalize_chunks(chunks, shape, dtype=dtype)
    )

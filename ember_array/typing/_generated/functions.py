"""The main namespace's other functions, by section.

GENERATED FILE, do not edit: see :mod:`ember_array.typing._generated`.
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, Protocol

from .types import Device, DType, FInfo, IInfo, NestedSequence, TArray

if TYPE_CHECKING:
    # Self and Buffer are only read by type checkers (annotations are strings here).
    from typing_extensions import Buffer


class CreationFunctions(Protocol[TArray]):
    """The creation functions of the standard, as a namespace has them."""

    def arange(
        self,
        start: int | float,
        /,
        stop: int | float | None = None,
        step: int | float = 1,
        *,
        dtype: DType | None = None,
        device: Device | None = None,
    ) -> TArray:
        """Returns evenly spaced values within the half-open interval ``[start, stop)`` as a
        one-dimensional array.
        """

    def asarray(
        self,
        obj: TArray | builtins.bool | int | float | complex | NestedSequence[Any] | Buffer,
        /,
        *,
        dtype: DType | None = None,
        device: Device | None = None,
        copy: builtins.bool | None = None,
    ) -> TArray:
        """Convert the input to an array."""

    def empty(
        self,
        shape: int | tuple[int, ...],
        *,
        dtype: DType | None = None,
        device: Device | None = None,
    ) -> TArray:
        """Returns an uninitialized array having a specified `shape`."""

    def empty_like(
        self, x: TArray, /, *, dtype: DType | None = None, device: Device | None = None
    ) -> TArray:
        """Returns an uninitialized array with the same ``shape`` as an input array ``x``."""

    def eye(
        self,
        n_rows: int,
        n_cols: int | None = None,
        /,
        *,
        k: int = 0,
        dtype: DType | None = None,
        device: Device | None = None,
    ) -> TArray:
        """Returns a two-dimensional array with ones on the ``k``\\th diagonal and zeros
        elsewhere.
        """

    def from_dlpack(
        self, x: object, /, *, device: Device | None = None, copy: builtins.bool | None = None
    ) -> TArray:
        """Returns a new array containing the data from another (array) object with a
        ``__dlpack__`` method.
        """

    def full(
        self,
        shape: int | tuple[int, ...],
        fill_value: builtins.bool | int | float | complex,
        *,
        dtype: DType | None = None,
        device: Device | None = None,
    ) -> TArray:
        """Returns a new array having a specified ``shape`` and filled with ``fill_value``."""

    def full_like(
        self,
        x: TArray,
        /,
        fill_value: builtins.bool | int | float | complex,
        *,
        dtype: DType | None = None,
        device: Device | None = None,
    ) -> TArray:
        """Returns a new array filled with ``fill_value`` and having the same ``shape`` as an
        input array ``x``.
        """

    def linspace(
        self,
        start: int | float | complex,
        stop: int | float | complex,
        /,
        num: int,
        *,
        dtype: DType | None = None,
        device: Device | None = None,
        endpoint: builtins.bool = True,
    ) -> TArray:
        """Returns evenly spaced numbers over a specified interval."""

    def meshgrid(self, *arrays: TArray, indexing: Literal["xy", "ij"] = "xy") -> tuple[TArray, ...]:
        """Returns coordinate matrices from coordinate vectors."""

    def ones(
        self,
        shape: int | tuple[int, ...],
        *,
        dtype: DType | None = None,
        device: Device | None = None,
    ) -> TArray:
        """Returns a new array having a specified ``shape`` and filled with ones."""

    def ones_like(
        self, x: TArray, /, *, dtype: DType | None = None, device: Device | None = None
    ) -> TArray:
        """Returns a new array filled with ones and having the same ``shape`` as an input array
        ``x``.
        """

    def tril(self, x: TArray, /, *, k: int = 0) -> TArray:
        """Returns the lower triangular part of a matrix (or a stack of matrices) ``x``."""

    def triu(self, x: TArray, /, *, k: int = 0) -> TArray:
        """Returns the upper triangular part of a matrix (or a stack of matrices) ``x``."""

    def zeros(
        self,
        shape: int | tuple[int, ...],
        *,
        dtype: DType | None = None,
        device: Device | None = None,
    ) -> TArray:
        """Returns a new array having a specified ``shape`` and filled with zeros."""

    def zeros_like(
        self, x: TArray, /, *, dtype: DType | None = None, device: Device | None = None
    ) -> TArray:
        """Returns a new array filled with zeros and having the same ``shape`` as an input array
        ``x``.
        """


class DataTypeFunctions(Protocol[TArray]):
    """The data type functions of the standard, as a namespace has them."""

    def astype(
        self,
        x: TArray,
        dtype: DType,
        /,
        *,
        copy: builtins.bool = True,
        device: Device | None = None,
    ) -> TArray:
        """Copies an array to a specified data type irrespective of ``type-promotion`` rules."""

    def can_cast(self, from_: DType | TArray, to: DType, /) -> builtins.bool:
        """Determines if one data type can be cast to another data type according to type
        promotion rules (see ``type-promotion``).
        """

    def finfo(self, type: DType | TArray, /) -> FInfo:
        """Machine limits for floating-point data types."""

    def iinfo(self, type: DType | TArray, /) -> IInfo:
        """Machine limits for integer data types."""

    def isdtype(self, dtype: DType, kind: DType | str | tuple[DType | str, ...]) -> builtins.bool:
        """Returns a boolean indicating whether a provided dtype is of a specified data type
        "kind".
        """

    def result_type(
        self, *arrays_and_dtypes: TArray | int | float | complex | builtins.bool | DType
    ) -> DType:
        """Returns the dtype that results from applying type promotion rules (see
        ``type-promotion``) to the arguments.
        """


class IndexingFunctions(Protocol[TArray]):
    """The indexing functions of the standard, as a namespace has them."""

    def take(self, x: TArray, indices: TArray, /, *, axis: int | None = None) -> TArray:
        """Returns elements of an array along an axis."""

    def take_along_axis(self, x: TArray, indices: TArray, /, *, axis: int = -1) -> TArray:
        """Returns elements from an array at the one-dimensional indices specified by ``indices``
        along a provided ``axis``.
        """


class LinearAlgebraFunctions(Protocol[TArray]):
    """The linear algebra functions of the standard, as a namespace has them."""

    def matmul(self, x1: TArray, x2: TArray, /) -> TArray:
        """Computes the matrix product."""

    def matrix_transpose(self, x: TArray, /) -> TArray:
        """Transposes a matrix (or a stack of matrices) ``x``."""

    def tensordot(
        self, x1: TArray, x2: TArray, /, *, axes: int | tuple[Sequence[int], Sequence[int]] = 2
    ) -> TArray:
        """Returns a tensor contraction of ``x1`` and ``x2`` over specific axes."""

    def vecdot(self, x1: TArray, x2: TArray, /, *, axis: int = -1) -> TArray:
        """Computes the (vector) dot product of two arrays."""


class ManipulationFunctions(Protocol[TArray]):
    """The manipulation functions of the standard, as a namespace has them."""

    def broadcast_arrays(self, *arrays: TArray) -> tuple[TArray, ...]:
        """Broadcasts one or more arrays against one another."""

    def broadcast_shapes(self, *shapes: tuple[int | None, ...]) -> tuple[int | None, ...]:
        """Broadcasts one or more shapes against one another."""

    def broadcast_to(self, x: TArray, /, shape: tuple[int, ...]) -> TArray:
        """Broadcasts an array to a specified shape."""

    def concat(
        self, arrays: tuple[TArray, ...] | list[TArray], /, *, axis: int | None = 0
    ) -> TArray:
        """Joins a sequence of arrays along an existing axis."""

    def expand_dims(self, x: TArray, /, axis: int | tuple[int, ...]) -> TArray:
        """Expands the shape of an array by inserting a new axis of size one at the position (or
        positions) specified by ``axis``.
        """

    def flip(self, x: TArray, /, *, axis: int | tuple[int, ...] | None = None) -> TArray:
        """Reverses the order of elements in an array along the given axis."""

    def moveaxis(
        self, x: TArray, source: int | tuple[int, ...], destination: int | tuple[int, ...], /
    ) -> TArray:
        """Moves array axes to new positions, while leaving other axes in their original
        positions.
        """

    def permute_dims(self, x: TArray, /, axes: tuple[int, ...]) -> TArray:
        """Permutes the axes of an array ``x``."""

    def repeat(self, x: TArray, repeats: int | TArray, /, *, axis: int | None = None) -> TArray:
        """Repeats each element of an array a specified number of times on a per-element basis."""

    def reshape(
        self, x: TArray, /, shape: tuple[int, ...], *, copy: builtins.bool | None = None
    ) -> TArray:
        """Reshapes an array without changing its data."""

    def roll(
        self,
        x: TArray,
        /,
        shift: int | tuple[int, ...],
        *,
        axis: int | tuple[int, ...] | None = None,
    ) -> TArray:
        """Rolls array elements along a specified axis."""

    def squeeze(self, x: TArray, /, axis: int | tuple[int, ...]) -> TArray:
        """Removes singleton axes from ``x``."""

    def stack(self, arrays: tuple[TArray, ...] | list[TArray], /, *, axis: int = 0) -> TArray:
        """Joins a sequence of arrays along a new axis."""

    def tile(self, x: TArray, repetitions: tuple[int, ...], /) -> TArray:
        """Constructs an array by tiling an input array."""

    def unstack(self, x: TArray, /, *, axis: int = 0) -> tuple[TArray, ...]:
        """Splits an array into a sequence of arrays along the given axis."""


class SearchingFunctions(Protocol[TArray]):
    """The searching functions of the standard, as a namespace has them."""

    def argmax(
        self, x: TArray, /, *, axis: int | None = None, keepdims: builtins.bool = False
    ) -> TArray:
        """Returns the indices of the maximum values along a specified axis."""

    def argmin(
        self, x: TArray, /, *, axis: int | None = None, keepdims: builtins.bool = False
    ) -> TArray:
        """Returns the indices of the minimum values along a specified axis."""

    def count_nonzero(
        self,
        x: TArray,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        keepdims: builtins.bool = False,
    ) -> TArray:
        """Counts the number of array elements which are non-zero."""

    def nonzero(self, x: TArray, /) -> tuple[TArray, ...]:
        """Returns the indices of the array elements which are non-zero."""

    def searchsorted(
        self,
        x1: TArray,
        x2: TArray | int | float,
        /,
        *,
        side: Literal["left", "right"] = "left",
        sorter: TArray | None = None,
    ) -> TArray:
        """Finds the indices into ``x1`` such that, if the corresponding elements in ``x2`` were
        inserted before the indices, the order of ``x1``, when sorted in ascending order,
        would be preserved.
        """

    def where(
        self,
        condition: TArray,
        x1: TArray | int | float | complex | builtins.bool,
        x2: TArray | int | float | complex | builtins.bool,
        /,
    ) -> TArray:
        """Returns elements chosen from ``x1`` or ``x2`` depending on ``condition``."""


class SetFunctions(Protocol[TArray]):
    """The set functions of the standard, as a namespace has them."""

    def isin(
        self, x1: TArray | int, x2: TArray | int, /, *, invert: builtins.bool = False
    ) -> TArray:
        """Tests for each element in ``x1`` whether the element is in ``x2``."""

    def unique_all(self, x: TArray, /) -> tuple[TArray, TArray, TArray, TArray]:
        """Returns the unique elements of an input array ``x``, the first occurring indices for
        each unique element in ``x``, the indices from the set of unique elements that
        reconstruct ``x``, and the corresponding counts for each unique element in ``x``.
        """

    def unique_counts(self, x: TArray, /) -> tuple[TArray, TArray]:
        """Returns the unique elements of an input array ``x`` and the corresponding counts for
        each unique element in ``x``.
        """

    def unique_inverse(self, x: TArray, /) -> tuple[TArray, TArray]:
        """Returns the unique elements of an input array ``x`` and the indices from the set of
        unique elements that reconstruct ``x``.
        """

    def unique_values(self, x: TArray, /) -> TArray:
        """Returns the unique elements of an input array ``x``."""


class SortingFunctions(Protocol[TArray]):
    """The sorting functions of the standard, as a namespace has them."""

    def argsort(
        self,
        x: TArray,
        /,
        *,
        axis: int = -1,
        descending: builtins.bool = False,
        stable: builtins.bool = True,
    ) -> TArray:
        """Returns the indices that sort an array ``x`` along a specified axis."""

    def sort(
        self,
        x: TArray,
        /,
        *,
        axis: int = -1,
        descending: builtins.bool = False,
        stable: builtins.bool = True,
    ) -> TArray:
        """Returns a sorted copy of an input array ``x``."""


class StatisticalFunctions(Protocol[TArray]):
    """The statistical functions of the standard, as a namespace has them."""

    def cumulative_sum(
        self,
        x: TArray,
        /,
        *,
        axis: int | None = None,
        dtype: DType | None = None,
        include_initial: builtins.bool = False,
    ) -> TArray:
        """Calculates the cumulative sum of elements in the input array ``x``."""

    def cumulative_prod(
        self,
        x: TArray,
        /,
        *,
        axis: int | None = None,
        dtype: DType | None = None,
        include_initial: builtins.bool = False,
    ) -> TArray:
        """Calculates the cumulative product of elements in the input array ``x``."""

    def max(
        self,
        x: TArray,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        keepdims: builtins.bool = False,
    ) -> TArray:
        """Calculates the maximum value of the input array ``x``."""

    def mean(
        self,
        x: TArray,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        keepdims: builtins.bool = False,
    ) -> TArray:
        """Calculates the arithmetic mean of the input array ``x``."""

    def min(
        self,
        x: TArray,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        keepdims: builtins.bool = False,
    ) -> TArray:
        """Calculates the minimum value of the input array ``x``."""

    def prod(
        self,
        x: TArray,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        dtype: DType | None = None,
        keepdims: builtins.bool = False,
    ) -> TArray:
        """Calculates the product of input array ``x`` elements."""

    def std(
        self,
        x: TArray,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        correction: int | float = 0.0,
        keepdims: builtins.bool = False,
    ) -> TArray:
        """Calculates the standard deviation of the input array ``x``."""

    def sum(
        self,
        x: TArray,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        dtype: DType | None = None,
        keepdims: builtins.bool = False,
    ) -> TArray:
        """Calculates the sum of the input array ``x``."""

    def var(
        self,
        x: TArray,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        correction: int | float = 0.0,
        keepdims: builtins.bool = False,
    ) -> TArray:
        """Calculates the variance of the input array ``x``."""


class UtilityFunctions(Protocol[TArray]):
    """The utility functions of the standard, as a namespace has them."""

    def all(
        self,
        x: TArray,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        keepdims: builtins.bool = False,
    ) -> TArray:
        """Tests whether all input array elements evaluate to ``True`` along a specified axis."""

    def any(
        self,
        x: TArray,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        keepdims: builtins.bool = False,
    ) -> TArray:
        """Tests whether any input array element evaluates to ``True`` along a specified axis."""

    def diff(
        self,
        x: TArray,
        /,
        *,
        axis: int = -1,
        n: int = 1,
        prepend: TArray | None = None,
        append: TArray | None = None,
    ) -> TArray:
        """Calculates the n-th discrete forward difference along a specified axis."""

"""The standard's array object.

GENERATED FILE, do not edit: see :mod:`ember_array.typing._generated`.
"""

from __future__ import annotations

import sys
from enum import Enum
from types import EllipsisType
from typing import TYPE_CHECKING, Any, Protocol

from .types import Device, DType

if TYPE_CHECKING:
    # Self and Buffer are only read by type checkers (annotations are strings here).
    if sys.version_info >= (3, 11):
        from typing import Self
    else:
        from typing_extensions import Self


class CommonArray(Protocol):
    """The part of :class:`Array` that numpy, torch and mlx arrays all have.

    The standard's array object less the members that a backend's own type stubs
    lack or declare otherwise; ``numpy.ndarray`` (``NDArray[Any]``), ``torch.Tensor``
    and ``mlx.core.array`` satisfy it, so it bounds the type variable of a portable
    function.

    See Also
    --------
    Array : The standard's whole array object.
    ember_array.namespace : The namespace of an array, typed by the array's type.

    Examples
    --------
    A portable function is generic in its array type, bounded by ``CommonArray``: what
    comes in goes out.

    >>> from typing import Any, TypeVar
    >>> import numpy as np
    >>> import numpy.typing as npt
    >>> import ember_array
    >>> from ember_array.typing import CommonArray
    >>> T = TypeVar("T", bound=CommonArray)
    >>> def center(x: T) -> T:
    ...     xp = ember_array.namespace(x)
    ...     return x - xp.mean(x)
    >>> x: npt.NDArray[Any] = np.asarray([1.0, 2.0, 3.0])
    >>> center(x)
    array([-1.,  0.,  1.])
    """

    @property
    def dtype(self) -> DType:
        """Data type of the array elements."""

    @property
    def mT(self) -> Self:
        """Transpose of a matrix (or a stack of matrices)."""

    @property
    def ndim(self) -> int:
        """Number of array dimensions (axes)."""

    @property
    def shape(self) -> tuple[int | None, ...]:
        """Array dimensions."""

    @property
    def T(self) -> Self:
        """Transpose of the array."""

    def __abs__(self, /) -> Self:
        """Calculates the absolute value for each element of an array instance."""

    def __add__(self, other: int | float | complex | Self, /) -> Self:
        """Calculates the sum for each element of an array instance with the respective element
        of the array ``other``.
        """

    def __and__(self, other: int | bool | Self, /) -> Self:
        """Evaluates ``self_i & other_i`` for each element of an array instance with the
        respective element of the array ``other``.
        """

    def __bool__(self, /) -> bool:
        """Converts a zero-dimensional array to a Python ``bool`` object."""

    def __complex__(self, /) -> complex:
        """Converts a zero-dimensional array to a Python ``complex`` object."""

    def __eq__(self, other: int | float | complex | bool | Self, /) -> Self:  # type: ignore[override]
        """Computes the truth value of ``self_i == other_i`` for each element of an array
        instance with the respective element of the array ``other``.
        """

    def __float__(self, /) -> float:
        """Converts a zero-dimensional array to a Python ``float`` object."""

    def __floordiv__(self, other: int | float | Self, /) -> Self:
        """Evaluates ``self_i // other_i`` for each element of an array instance with the
        respective element of the array ``other``.
        """

    def __ge__(self, other: int | float | Self, /) -> Self:
        """Computes the truth value of ``self_i >= other_i`` for each element of an array
        instance with the respective element of the array ``other``.
        """

    def __getitem__(
        self,
        key: int
        | slice
        | EllipsisType
        | tuple[int | slice | EllipsisType | Self | None, ...]
        | Self
        | None,
        /,
    ) -> Self:
        """Returns ``self[key]``."""

    def __gt__(self, other: int | float | Self, /) -> Self:
        """Computes the truth value of ``self_i > other_i`` for each element of an array instance
        with the respective element of the array ``other``.
        """

    def __index__(self, /) -> int:
        """Converts a zero-dimensional integer array to a Python ``int`` object."""

    def __int__(self, /) -> int:
        """Converts a zero-dimensional array to a Python ``int`` object."""

    def __invert__(self, /) -> Self:
        """Evaluates ``~self_i`` for each element of an array instance."""

    def __le__(self, other: int | float | Self, /) -> Self:
        """Computes the truth value of ``self_i <= other_i`` for each element of an array
        instance with the respective element of the array ``other``.
        """

    def __lshift__(self, other: int | Self, /) -> Self:
        """Evaluates ``self_i << other_i`` for each element of an array instance with the
        respective element of the array ``other``.
        """

    def __lt__(self, other: int | float | Self, /) -> Self:
        """Computes the truth value of ``self_i < other_i`` for each element of an array instance
        with the respective element of the array ``other``.
        """

    def __matmul__(self, other: Self, /) -> Self:
        """Computes the matrix product."""

    def __mod__(self, other: int | float | Self, /) -> Self:
        """Evaluates ``self_i % other_i`` for each element of an array instance with the
        respective element of the array ``other``.
        """

    def __mul__(self, other: int | float | complex | Self, /) -> Self:
        """Calculates the product for each element of an array instance with the respective
        element of the array ``other``.
        """

    def __ne__(self, other: int | float | complex | bool | Self, /) -> Self:  # type: ignore[override]
        """Computes the truth value of ``self_i != other_i`` for each element of an array
        instance with the respective element of the array ``other``.
        """

    def __neg__(self, /) -> Self:
        """Evaluates ``-self_i`` for each element of an array instance."""

    def __or__(self, other: int | bool | Self, /) -> Self:
        """Evaluates ``self_i | other_i`` for each element of an array instance with the
        respective element of the array ``other``.
        """

    def __pos__(self, /) -> Self:
        """Evaluates ``+self_i`` for each element of an array instance."""

    def __pow__(self, other: int | float | complex | Self, /) -> Self:
        """Calculates an implementation-dependent approximation of exponentiation by raising each
        element (the base) of an array instance to the power of ``other_i`` (the exponent),
        where ``other_i`` is the corresponding element of the array ``other``.
        """

    def __rshift__(self, other: int | Self, /) -> Self:
        """Evaluates ``self_i >> other_i`` for each element of an array instance with the
        respective element of the array ``other``.
        """

    def __sub__(self, other: int | float | complex | Self, /) -> Self:
        """Calculates the difference for each element of an array instance with the respective
        element of the array ``other``.
        """

    def __truediv__(self, other: int | float | complex | Self, /) -> Self:
        """Evaluates ``self_i / other_i`` for each element of an array instance with the
        respective element of the array ``other``.
        """

    def __xor__(self, other: int | bool | Self, /) -> Self:
        """Evaluates ``self_i ^ other_i`` for each element of an array instance with the
        respective element of the array ``other``.
        """

    def __radd__(self, other: int | float | complex | Self, /) -> Self:
        """The reflected :meth:`__add__`: the same operation with ``other`` on the left."""

    def __rsub__(self, other: int | float | complex | Self, /) -> Self:
        """The reflected :meth:`__sub__`: the same operation with ``other`` on the left."""

    def __rmul__(self, other: int | float | complex | Self, /) -> Self:
        """The reflected :meth:`__mul__`: the same operation with ``other`` on the left."""

    def __rtruediv__(self, other: int | float | complex | Self, /) -> Self:
        """The reflected :meth:`__truediv__`: the same operation with ``other`` on the left."""

    def __rfloordiv__(self, other: int | float | Self, /) -> Self:
        """The reflected :meth:`__floordiv__`: the same operation with ``other`` on the left."""

    def __rpow__(self, other: int | float | complex | Self, /) -> Self:
        """The reflected :meth:`__pow__`: the same operation with ``other`` on the left."""

    def __rmod__(self, other: int | float | Self, /) -> Self:
        """The reflected :meth:`__mod__`: the same operation with ``other`` on the left."""


class Array(CommonArray, Protocol):
    """The array object of the standard (operators, attributes and methods).

    numpy's, torch's and mlx's own type stubs declare some of these members otherwise, or
    lack them (``to_device``, ``device``, ``__array_namespace__`` ...): their arrays are
    ``CommonArray`` objects, which portable code is written for.

    See Also
    --------
    CommonArray : The part of ``Array`` that numpy, torch and mlx arrays all have.
    ember_array.device : ``x.device`` for every backend (mlx arrays lack the attribute).
    ember_array.to_device : ``x.to_device(device)`` for every backend.

    Examples
    --------
    >>> from ember_array.typing import Array, CommonArray
    >>> hasattr(Array, "to_device"), hasattr(CommonArray, "to_device")
    (True, False)
    >>> import numpy as np
    >>> import ember_array
    >>> ember_array.device(np.ones(3))
    'cpu'
    """

    @property
    def device(self) -> Device:
        """Hardware device the array data resides on."""

    @property
    def size(self) -> int | None:
        """Number of elements in an array."""

    def __array_namespace__(self, /, *, api_version: str | None = None) -> Any:
        """Returns an object that has all the array API functions on it."""

    def __dlpack__(
        self,
        /,
        *,
        stream: int | Any | None = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[Enum, int] | None = None,
        copy: bool | None = None,
    ) -> Any:
        """Exports the array for consumption by ``from_dlpack`` as a DLPack capsule."""

    def __dlpack_device__(self, /) -> tuple[Enum, int]:
        """Returns device type and device ID in DLPack format. Meant for use within
        ``from_dlpack``.
        """

    def __setitem__(
        self,
        key: int | slice | EllipsisType | tuple[int | slice | EllipsisType | Self, ...] | Self,
        value: int | float | complex | bool | Self,
        /,
    ) -> None:
        """Sets ``self[key]`` to ``value``."""

    def to_device(self, device: Device, /, *, stream: int | Any | None = None) -> Self:
        """Copy the array from the device on which it currently resides to the specified
        ``device``.
        """

    def __rmatmul__(self, other: Self, /) -> Self:
        """The reflected :meth:`__matmul__`: the same operation with ``other`` on the left."""

    def __rand__(self, other: int | bool | Self, /) -> Self:
        """The reflected :meth:`__and__`: the same operation with ``other`` on the left."""

    def __ror__(self, other: int | bool | Self, /) -> Self:
        """The reflected :meth:`__or__`: the same operation with ``other`` on the left."""

    def __rxor__(self, other: int | bool | Self, /) -> Self:
        """The reflected :meth:`__xor__`: the same operation with ``other`` on the left."""

    def __rlshift__(self, other: int | Self, /) -> Self:
        """The reflected :meth:`__lshift__`: the same operation with ``other`` on the left."""

    def __rrshift__(self, other: int | Self, /) -> Self:
        """The reflected :meth:`__rshift__`: the same operation with ``other`` on the left."""

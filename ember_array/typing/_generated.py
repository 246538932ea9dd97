"""Static types of the Python array API standard, revision 2025.12.

GENERATED FILE, do not edit. Made by ``ember_array/typing/_generate.py`` from the
standard's stubs (data-apis/array-api, ``src/array_api_stubs/_2025_12``, commit
8884c406ff8a3b81ab836cefcacb08bc4a92ae18). Regenerate with::

    python -m ember_array.typing._generate /path/to/array-api --commit <sha>
"""

from __future__ import annotations

import builtins
import sys
from collections.abc import Sequence
from enum import Enum
from types import EllipsisType
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypedDict, TypeVar

if TYPE_CHECKING:
    # Self and Buffer are only read by type checkers (annotations are strings here).
    from typing_extensions import Buffer

    if sys.version_info >= (3, 11):
        from typing import Self
    else:
        from typing_extensions import Self

#: The array type of a namespace: ``torch.Tensor`` for ``namespace(t: torch.Tensor)``.
TArray = TypeVar("TArray")
_T_co = TypeVar("_T_co", covariant=True)


class DType(Protocol):
    """A data type object: the standard specifies equality only.

    Each library has its own data type objects (``xp.float32`` is ``numpy.float32``,
    ``torch.float32``, ``mlx.core.float32``): compare them with ``==``, or ask
    ``xp.isdtype`` for a kind.

    See Also
    --------
    ArrayNamespace.isdtype : Whether a data type is of a kind (``"real floating"`` ...).
    DataTypes : The data types of a namespace, by name.
    Device : The other object the standard specifies by equality only.

    Examples
    --------
    >>> import numpy as np
    >>> import ember_array
    >>> from ember_array.typing import ArrayNamespace, DType
    >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
    >>> dt: DType = xp.float32
    >>> dt == xp.float32, xp.isdtype(dt, "real floating")
    (True, True)
    """

    def __eq__(self, other: object, /) -> bool: ...


class Device(Protocol):
    """A device object: the standard specifies equality only.

    Each library has its own device objects (numpy: the string ``"cpu"``, torch:
    ``torch.device``, mlx: ``mlx.core.Device``).

    See Also
    --------
    ember_array.device : The device of an array (mlx arrays have no ``device`` attribute).
    InfoNamespace.devices : The devices a namespace can compute on.
    DType : The other object the standard specifies by equality only.

    Examples
    --------
    >>> import numpy as np
    >>> import ember_array
    >>> from ember_array.typing import Device
    >>> x = np.ones(3)
    >>> dev: Device = ember_array.device(x)
    >>> dev == ember_array.namespace(x).__array_namespace_info__().default_device()
    True
    """

    def __eq__(self, other: object, /) -> bool: ...


class NestedSequence(Protocol[_T_co]):
    """A nested sequence (lists of lists ...) of Python scalars or arrays.

    What ``asarray`` accepts besides arrays, scalars and buffers: ``[[1.0, 2.0], [3.0, 4.0]]``
    is a ``NestedSequence[float]``.

    See Also
    --------
    ArrayNamespace.asarray : An array from a nested sequence, a scalar or a buffer.

    Examples
    --------
    >>> import numpy as np
    >>> import ember_array
    >>> from ember_array.typing import ArrayNamespace, NestedSequence
    >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
    >>> rows: NestedSequence[float] = [[1.0, 2.0], [3.0, 4.0]]
    >>> xp.asarray(rows).shape
    (2, 2)
    """

    def __getitem__(self, key: int, /) -> _T_co | NestedSequence[_T_co]: ...

    def __len__(self, /) -> int: ...


class FInfo(Protocol):
    """What ``finfo`` returns.

    See Also
    --------
    IInfo : What ``iinfo`` returns.
    ArrayNamespace.finfo : Machine limits of a floating-point data type.

    Examples
    --------
    >>> import numpy as np
    >>> import ember_array
    >>> from ember_array.typing import ArrayNamespace, FInfo
    >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
    >>> limits: FInfo = xp.finfo(xp.float32)
    >>> limits.bits, limits.eps
    (32, 1.1920928955078125e-07)
    """

    @property
    def bits(self) -> int: ...

    @property
    def eps(self) -> float: ...

    @property
    def max(self) -> float: ...

    @property
    def min(self) -> float: ...

    @property
    def smallest_normal(self) -> float: ...

    @property
    def dtype(self) -> DType: ...


class IInfo(Protocol):
    """What ``iinfo`` returns.

    See Also
    --------
    FInfo : What ``finfo`` returns.
    ArrayNamespace.iinfo : Machine limits of an integer data type.

    Examples
    --------
    >>> import numpy as np
    >>> import ember_array
    >>> from ember_array.typing import ArrayNamespace, IInfo
    >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
    >>> limits: IInfo = xp.iinfo(xp.int8)
    >>> limits.min, limits.max
    (-128, 127)
    """

    @property
    def bits(self) -> int: ...

    @property
    def max(self) -> int: ...

    @property
    def min(self) -> int: ...

    @property
    def dtype(self) -> DType: ...


DefaultDataTypes = TypedDict(
    "DefaultDataTypes",
    {"real floating": DType, "complex floating": DType, "integral": DType, "indexing": DType},
)
DefaultDataTypes.__doc__ = """What ``default_dtypes()`` returns: the default data type of each kind.

``__array_namespace_info__().default_dtypes()`` gives the data type a namespace uses
for each kind (``"real floating"``, ``"complex floating"``, ``"integral"``,
``"indexing"``) where none is asked for.

See Also
--------
DataTypes : What ``dtypes()`` returns.
InfoNamespace : The inspection namespace.

Examples
--------
>>> import ember_array.numpy as xp
>>> from ember_array.typing import DefaultDataTypes
>>> defaults: DefaultDataTypes = xp.__array_namespace_info__().default_dtypes()
>>> defaults["real floating"] == xp.float64, defaults["indexing"] == xp.int64
(True, True)
"""


class DataTypes(TypedDict, total=False):
    """What ``dtypes()`` returns: data type objects by name.

    ``__array_namespace_info__().dtypes()`` gives the data types of the kind asked for,
    so every key is optional.

    See Also
    --------
    DefaultDataTypes : What ``default_dtypes()`` returns.
    InfoNamespace : The inspection namespace.
    DType : A data type object.

    Examples
    --------
    >>> import ember_array.numpy as xp
    >>> from ember_array.typing import DataTypes
    >>> floats: DataTypes = xp.__array_namespace_info__().dtypes(kind="real floating")
    >>> sorted(floats)
    ['float32', 'float64']
    """

    bool: DType
    float32: DType
    float64: DType
    complex64: DType
    complex128: DType
    int8: DType
    int16: DType
    int32: DType
    int64: DType
    uint8: DType
    uint16: DType
    uint32: DType
    uint64: DType


Capabilities = TypedDict(
    "Capabilities",
    {"boolean indexing": bool, "data-dependent shapes": bool, "max dimensions": int | None},
)
Capabilities.__doc__ = """What ``capabilities()`` returns: what the library supports.

``__array_namespace_info__().capabilities()`` says whether the library supports
boolean indexing and data-dependent output shapes, and the most dimensions an array
may have (``None``: no limit).

The standard's 2025.12 stub still names the last key ``"max rank"``, its name before
data-apis/array-api#809; the type uses ``"max dimensions"``, as the standard's text and
the libraries (ember_array's namespaces included) do.

See Also
--------
InfoNamespace : The inspection namespace.
DataTypes : What ``dtypes()`` returns.

Examples
--------
>>> import ember_array.numpy as xp
>>> from ember_array.typing import Capabilities
>>> caps: Capabilities = xp.__array_namespace_info__().capabilities()
>>> caps["boolean indexing"], caps["data-dependent shapes"]
(True, True)
>>> caps["max dimensions"]
64
"""


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
        """Calculates the sum for each element of an array instance with the respective element
        of the array ``other``.
        """

    def __rsub__(self, other: int | float | complex | Self, /) -> Self:
        """Calculates the difference for each element of an array instance with the respective
        element of the array ``other``.
        """

    def __rmul__(self, other: int | float | complex | Self, /) -> Self:
        """Calculates the product for each element of an array instance with the respective
        element of the array ``other``.
        """

    def __rtruediv__(self, other: int | float | complex | Self, /) -> Self:
        """Evaluates ``self_i / other_i`` for each element of an array instance with the
        respective element of the array ``other``.
        """

    def __rfloordiv__(self, other: int | float | Self, /) -> Self:
        """Evaluates ``self_i // other_i`` for each element of an array instance with the
        respective element of the array ``other``.
        """

    def __rpow__(self, other: int | float | complex | Self, /) -> Self:
        """Calculates an implementation-dependent approximation of exponentiation by raising each
        element (the base) of an array instance to the power of ``other_i`` (the exponent),
        where ``other_i`` is the corresponding element of the array ``other``.
        """

    def __rmod__(self, other: int | float | Self, /) -> Self:
        """Evaluates ``self_i % other_i`` for each element of an array instance with the
        respective element of the array ``other``.
        """


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
        """Computes the matrix product."""

    def __rand__(self, other: int | bool | Self, /) -> Self:
        """Evaluates ``self_i & other_i`` for each element of an array instance with the
        respective element of the array ``other``.
        """

    def __ror__(self, other: int | bool | Self, /) -> Self:
        """Evaluates ``self_i | other_i`` for each element of an array instance with the
        respective element of the array ``other``.
        """

    def __rxor__(self, other: int | bool | Self, /) -> Self:
        """Evaluates ``self_i ^ other_i`` for each element of an array instance with the
        respective element of the array ``other``.
        """

    def __rlshift__(self, other: int | Self, /) -> Self:
        """Evaluates ``self_i << other_i`` for each element of an array instance with the
        respective element of the array ``other``.
        """

    def __rrshift__(self, other: int | Self, /) -> Self:
        """Evaluates ``self_i >> other_i`` for each element of an array instance with the
        respective element of the array ``other``.
        """


class InfoNamespace(Protocol):
    """What ``__array_namespace_info__()`` returns.

    See Also
    --------
    Capabilities : What ``capabilities()`` returns.
    DataTypes : What ``dtypes()`` returns.
    DefaultDataTypes : What ``default_dtypes()`` returns.
    ArrayNamespace : The namespace whose ``__array_namespace_info__()`` this is.

    Examples
    --------
    >>> import numpy as np
    >>> import ember_array
    >>> from ember_array.typing import ArrayNamespace, InfoNamespace
    >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
    >>> info: InfoNamespace = xp.__array_namespace_info__()
    >>> info.devices(), info.default_device()
    (('cpu',), 'cpu')
    """

    def capabilities(self) -> Capabilities:
        """Returns a dictionary of array library capabilities."""

    def default_device(self) -> Device:
        """Returns the default device."""

    def default_dtypes(self, *, device: Device | None = None) -> DefaultDataTypes:
        """Returns a dictionary containing default data types."""

    def devices(self) -> tuple[Device, ...]:
        """Returns a list of supported devices which are available at runtime."""

    def dtypes(
        self, *, device: Device | None = None, kind: str | tuple[str, ...] | None = None
    ) -> DataTypes:
        """Returns a dictionary of supported *Array API* data types."""


class LinalgNamespace(Protocol[TArray]):
    """The ``linalg`` extension of a namespace.

    See Also
    --------
    ArrayNamespace : The namespace whose ``linalg`` this is.
    FFTNamespace : The ``fft`` extension.

    Examples
    --------
    >>> import numpy as np
    >>> import ember_array
    >>> from ember_array.typing import ArrayNamespace, LinalgNamespace
    >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
    >>> linalg: LinalgNamespace[np.ndarray] = xp.linalg
    >>> float(linalg.vector_norm(xp.asarray([3.0, 4.0])))
    5.0
    """

    def cholesky(self, x: TArray, /, *, upper: builtins.bool = False) -> TArray:
        """Returns the lower (upper) Cholesky decomposition of a complex Hermitian or real
        symmetric positive-definite matrix ``x``.
        """

    def cross(self, x1: TArray, x2: TArray, /, *, axis: int = -1) -> TArray:
        """Returns the cross product of 3-element vectors."""

    def det(self, x: TArray, /) -> TArray:
        """Returns the determinant of a square matrix (or a stack of square matrices) ``x``."""

    def diagonal(self, x: TArray, /, *, offset: int = 0) -> TArray:
        """Returns the specified diagonals of a matrix (or a stack of matrices) ``x``."""

    def eig(self, x: TArray, /) -> tuple[TArray, TArray]:
        """Returns eigenvalues and eigenvectors of a real or complex matrix (or stack of
        matrices) ``x``.
        """

    def eigh(self, x: TArray, /) -> tuple[TArray, TArray]:
        """Returns an eigenvalue decomposition of a complex Hermitian or real symmetric matrix
        (or a stack of matrices) ``x``.
        """

    def eigvals(self, x: TArray, /) -> TArray:
        """Returns the eigenvalues of a real or complex matrix (or a stack of matrices) ``x``."""

    def eigvalsh(self, x: TArray, /) -> TArray:
        """Returns the eigenvalues of a complex Hermitian or real symmetric matrix (or a stack of
        matrices) ``x``.
        """

    def inv(self, x: TArray, /) -> TArray:
        """Returns the multiplicative inverse of a square matrix (or a stack of square matrices)
        ``x``.
        """

    def matmul(self, x1: TArray, x2: TArray, /) -> TArray:
        """Alias for ``matmul``."""

    def matrix_norm(
        self,
        x: TArray,
        /,
        *,
        keepdims: builtins.bool = False,
        ord: int | float | Literal["fro", "nuc"] | None = "fro",
    ) -> TArray:
        """Computes the matrix norm of a matrix (or a stack of matrices) ``x``."""

    def matrix_power(self, x: TArray, n: int, /) -> TArray:
        """Raises a square matrix (or a stack of square matrices) ``x`` to an integer power
        ``n``.
        """

    def matrix_rank(self, x: TArray, /, *, rtol: float | TArray | None = None) -> TArray:
        """Returns the rank (i.e., number of non-zero singular values) of a matrix (or a stack of
        matrices).
        """

    def matrix_transpose(self, x: TArray, /) -> TArray:
        """Alias for ``matrix_transpose``."""

    def outer(self, x1: TArray, x2: TArray, /) -> TArray:
        """Returns the outer product of two vectors ``x1`` and ``x2``."""

    def pinv(self, x: TArray, /, *, rtol: float | TArray | None = None) -> TArray:
        """Returns the (Moore-Penrose) pseudo-inverse of a matrix (or a stack of matrices) ``x``."""

    def qr(
        self, x: TArray, /, *, mode: Literal["reduced", "complete"] = "reduced"
    ) -> tuple[TArray, TArray]:
        """Returns the QR decomposition of a full column rank matrix (or a stack of matrices)."""

    def slogdet(self, x: TArray, /) -> tuple[TArray, TArray]:
        """Returns the sign and the natural logarithm of the absolute value of the determinant of
        a square matrix (or a stack of square matrices) ``x``.
        """

    def solve(self, x1: TArray, x2: TArray, /) -> TArray:
        """Returns the solution of a square system of linear equations with a unique solution."""

    def svd(
        self, x: TArray, /, *, full_matrices: builtins.bool = True
    ) -> tuple[TArray, TArray, TArray]:
        """Returns a singular value decomposition (SVD) of a matrix (or a stack of matrices)
        ``x``.
        """

    def svdvals(self, x: TArray, /) -> TArray:
        """Returns the singular values of a matrix (or a stack of matrices) ``x``."""

    def tensordot(
        self, x1: TArray, x2: TArray, /, *, axes: int | tuple[Sequence[int], Sequence[int]] = 2
    ) -> TArray:
        """Alias for ``tensordot``."""

    def trace(self, x: TArray, /, *, offset: int = 0, dtype: DType | None = None) -> TArray:
        """Returns the sum along the specified diagonals of a matrix (or a stack of matrices)
        ``x``.
        """

    def vecdot(self, x1: TArray, x2: TArray, /, *, axis: int = -1) -> TArray:
        """Alias for ``vecdot``."""

    def vector_norm(
        self,
        x: TArray,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        keepdims: builtins.bool = False,
        ord: int | float = 2,
    ) -> TArray:
        """Computes the vector norm of a vector (or batch of vectors) ``x``."""


class FFTNamespace(Protocol[TArray]):
    """The ``fft`` extension of a namespace.

    See Also
    --------
    ArrayNamespace : The namespace whose ``fft`` this is.
    LinalgNamespace : The ``linalg`` extension.

    Examples
    --------
    >>> import numpy as np
    >>> import ember_array
    >>> from ember_array.typing import ArrayNamespace, FFTNamespace
    >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
    >>> fft: FFTNamespace[np.ndarray] = xp.fft
    >>> fft.fft(xp.asarray([1.0, 0.0, 0.0]))
    array([1.+0.j, 1.+0.j, 1.+0.j])
    """

    def fft(
        self,
        x: TArray,
        /,
        *,
        n: int | None = None,
        axis: int = -1,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the one-dimensional discrete Fourier transform."""

    def ifft(
        self,
        x: TArray,
        /,
        *,
        n: int | None = None,
        axis: int = -1,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the one-dimensional inverse discrete Fourier transform."""

    def fftn(
        self,
        x: TArray,
        /,
        *,
        s: Sequence[int] | None = None,
        axes: Sequence[int] | None = None,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the n-dimensional discrete Fourier transform."""

    def ifftn(
        self,
        x: TArray,
        /,
        *,
        s: Sequence[int] | None = None,
        axes: Sequence[int] | None = None,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the n-dimensional inverse discrete Fourier transform."""

    def rfft(
        self,
        x: TArray,
        /,
        *,
        n: int | None = None,
        axis: int = -1,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the one-dimensional discrete Fourier transform for real-valued input."""

    def irfft(
        self,
        x: TArray,
        /,
        *,
        n: int | None = None,
        axis: int = -1,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the one-dimensional inverse of ``rfft`` for complex-valued input."""

    def rfftn(
        self,
        x: TArray,
        /,
        *,
        s: Sequence[int] | None = None,
        axes: Sequence[int] | None = None,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the n-dimensional discrete Fourier transform for real-valued input."""

    def irfftn(
        self,
        x: TArray,
        /,
        *,
        s: Sequence[int] | None = None,
        axes: Sequence[int] | None = None,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the n-dimensional inverse of ``rfftn`` for complex-valued input."""

    def hfft(
        self,
        x: TArray,
        /,
        *,
        n: int | None = None,
        axis: int = -1,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the one-dimensional discrete Fourier transform of a signal with Hermitian
        symmetry.
        """

    def ihfft(
        self,
        x: TArray,
        /,
        *,
        n: int | None = None,
        axis: int = -1,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the one-dimensional inverse discrete Fourier transform of a signal with
        Hermitian symmetry.
        """

    def fftfreq(
        self, n: int, /, *, d: float = 1.0, dtype: DType | None = None, device: Device | None = None
    ) -> TArray:
        """Computes the discrete Fourier transform sample frequencies."""

    def rfftfreq(
        self, n: int, /, *, d: float = 1.0, dtype: DType | None = None, device: Device | None = None
    ) -> TArray:
        """Computes the discrete Fourier transform sample frequencies (for ``rfft`` and
        ``irfft``).
        """

    def fftshift(self, x: TArray, /, *, axes: int | Sequence[int] | None = None) -> TArray:
        """Shifts the zero-frequency component to the center of the spectrum."""

    def ifftshift(self, x: TArray, /, *, axes: int | Sequence[int] | None = None) -> TArray:
        """Inverse of ``fftshift``."""


class ArrayNamespace(Protocol[TArray]):
    """An array API namespace whose arrays are ``TArray``.

    ``ember_array.namespace(x)`` returns one: a type checker then checks every ``xp.*``
    call against the standard's signatures (a name the standard lacks, ``xp.median``, or
    a keyword it lacks, ``xp.sum(x, dim=0)``, is an error), and knows that the functions
    take and return ``TArray``.

    See Also
    --------
    ember_array.namespace : The namespace of arrays, typed ``ArrayNamespace[type of x]``.
    LinalgNamespace : ``xp.linalg``.
    FFTNamespace : ``xp.fft``.
    InfoNamespace : ``xp.__array_namespace_info__()``.

    Examples
    --------
    >>> import numpy as np
    >>> import ember_array
    >>> from ember_array.typing import ArrayNamespace
    >>> x = np.asarray([1.0, 2.0, 3.0])
    >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(x)
    >>> float(xp.sum(x))
    6.0
    """

    @property
    def __array_api_version__(self) -> str: ...

    @property
    def linalg(self) -> LinalgNamespace[TArray]: ...

    @property
    def fft(self) -> FFTNamespace[TArray]: ...

    @property
    def e(self) -> float: ...

    @property
    def inf(self) -> float: ...

    @property
    def nan(self) -> float: ...

    @property
    def newaxis(self) -> None: ...

    @property
    def pi(self) -> float: ...

    @property
    def bool(self) -> DType: ...

    @property
    def float32(self) -> DType: ...

    @property
    def float64(self) -> DType: ...

    @property
    def complex64(self) -> DType: ...

    @property
    def complex128(self) -> DType: ...

    @property
    def int8(self) -> DType: ...

    @property
    def int16(self) -> DType: ...

    @property
    def int32(self) -> DType: ...

    @property
    def int64(self) -> DType: ...

    @property
    def uint8(self) -> DType: ...

    @property
    def uint16(self) -> DType: ...

    @property
    def uint32(self) -> DType: ...

    @property
    def uint64(self) -> DType: ...

    def __array_namespace_info__(self) -> InfoNamespace:
        """Returns a namespace with Array API namespace inspection utilities."""

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

    def abs(self, x: TArray, /) -> TArray:
        """Calculates the absolute value for each element ``x_i`` of the input array ``x``."""

    def acos(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation of the principal value of the
        inverse cosine for each element ``x_i`` of the input array ``x``.
        """

    def acosh(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the inverse hyperbolic cosine
        for each element ``x_i`` of the input array ``x``.
        """

    def add(
        self, x1: TArray | int | float | complex, x2: TArray | int | float | complex, /
    ) -> TArray:
        """Calculates the sum for each element ``x1_i`` of the input array ``x1`` with the
        respective element ``x2_i`` of the input array ``x2``.
        """

    def asin(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation of the principal value of the
        inverse sine for each element ``x_i`` of the input array ``x``.
        """

    def asinh(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the inverse hyperbolic sine
        for each element ``x_i`` in the input array ``x``.
        """

    def atan(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation of the principal value of the
        inverse tangent for each element ``x_i`` of the input array ``x``.
        """

    def atan2(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Calculates an implementation-dependent approximation of the inverse tangent of the
        quotient ``x1/x2``, having domain ``[-infinity, +infinity] x [-infinity, +infinity]``
        (where the ``x`` notation denotes the set of ordered pairs of elements ``(x1_i,
        x2_i)``) and codomain ``[-π, +π]``, for each pair of elements ``(x1_i, x2_i)`` of the
        input arrays ``x1`` and ``x2``, respectively. Each element-wise result is expressed in
        radians.
        """

    def atanh(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the inverse hyperbolic tangent
        for each element ``x_i`` of the input array ``x``.
        """

    def bitwise_and(
        self, x1: TArray | int | builtins.bool, x2: TArray | int | builtins.bool, /
    ) -> TArray:
        """Computes the bitwise AND of the underlying binary representation of each element
        ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input
        array ``x2``.
        """

    def bitwise_left_shift(self, x1: TArray | int, x2: TArray | int, /) -> TArray:
        """Shifts the bits of each element ``x1_i`` of the input array ``x1`` to the left by
        appending ``x2_i`` (i.e., the respective element in the input array ``x2``) zeros to
        the right of ``x1_i``.
        """

    def bitwise_invert(self, x: TArray, /) -> TArray:
        """Inverts (flips) each bit for each element ``x_i`` of the input array ``x``."""

    def bitwise_or(
        self, x1: TArray | int | builtins.bool, x2: TArray | int | builtins.bool, /
    ) -> TArray:
        """Computes the bitwise OR of the underlying binary representation of each element
        ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input
        array ``x2``.
        """

    def bitwise_right_shift(self, x1: TArray | int, x2: TArray | int, /) -> TArray:
        """Shifts the bits of each element ``x1_i`` of the input array ``x1`` to the right
        according to the respective element ``x2_i`` of the input array ``x2``.
        """

    def bitwise_xor(
        self, x1: TArray | int | builtins.bool, x2: TArray | int | builtins.bool, /
    ) -> TArray:
        """Computes the bitwise XOR of the underlying binary representation of each element
        ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input
        array ``x2``.
        """

    def ceil(self, x: TArray, /) -> TArray:
        """Rounds each element ``x_i`` of the input array ``x`` to the smallest (i.e., closest to
        ``-infinity``) integer-valued number that is not less than ``x_i``.
        """

    def clip(
        self,
        x: TArray,
        /,
        min: int | float | TArray | None = None,
        max: int | float | TArray | None = None,
    ) -> TArray:
        """Clamps each element ``x_i`` of the input array ``x`` to the range ``[min, max]``."""

    def conj(self, x: TArray, /) -> TArray:
        """Returns the complex conjugate for each element ``x_i`` of the input array ``x``."""

    def copysign(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Composes a floating-point value with the magnitude of ``x1_i`` and the sign of
        ``x2_i`` for each element of the input array ``x1``.
        """

    def cos(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the cosine for each element
        ``x_i`` of the input array ``x``.
        """

    def cosh(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the hyperbolic cosine for each
        element ``x_i`` in the input array ``x``.
        """

    def divide(
        self, x1: TArray | int | float | complex, x2: TArray | int | float | complex, /
    ) -> TArray:
        """Calculates the division of each element ``x1_i`` of the input array ``x1`` with the
        respective element ``x2_i`` of the input array ``x2``.
        """

    def equal(
        self,
        x1: TArray | int | float | complex | builtins.bool,
        x2: TArray | int | float | complex | builtins.bool,
        /,
    ) -> TArray:
        """Computes the truth value of ``x1_i == x2_i`` for each element ``x1_i`` of the input
        array ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
        """

    def exp(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the exponential function for
        each element ``x_i`` of the input array ``x`` (``e`` raised to the power of ``x_i``,
        where ``e`` is the base of the natural logarithm).
        """

    def expm1(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to ``exp(x)-1`` for each element
        ``x_i`` of the input array ``x``.
        """

    def floor(self, x: TArray, /) -> TArray:
        """Rounds each element ``x_i`` of the input array ``x`` to the greatest (i.e., closest to
        ``+infinity``) integer-valued number that is not greater than ``x_i``.
        """

    def floor_divide(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Rounds the result of dividing each element ``x1_i`` of the input array ``x1`` by the
        respective element ``x2_i`` of the input array ``x2`` to the greatest (i.e., closest
        to `+infinity`) integer-value number that is not greater than the division result.
        """

    def greater(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Computes the truth value of ``x1_i > x2_i`` for each element ``x1_i`` of the input
        array ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
        """

    def greater_equal(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Computes the truth value of ``x1_i >= x2_i`` for each element ``x1_i`` of the input
        array ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
        """

    def hypot(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Computes the square root of the sum of squares for each element ``x1_i`` of the input
        array ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
        """

    def imag(self, x: TArray, /) -> TArray:
        """Returns the imaginary component of a complex number for each element ``x_i`` of the
        input array ``x``.
        """

    def isfinite(self, x: TArray, /) -> TArray:
        """Tests each element ``x_i`` of the input array ``x`` to determine if finite."""

    def isinf(self, x: TArray, /) -> TArray:
        """Tests each element ``x_i`` of the input array ``x`` to determine if equal to positive
        or negative infinity.
        """

    def isnan(self, x: TArray, /) -> TArray:
        """Tests each element ``x_i`` of the input array ``x`` to determine whether the element
        is ``NaN``.
        """

    def less(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Computes the truth value of ``x1_i < x2_i`` for each element ``x1_i`` of the input
        array ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
        """

    def less_equal(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Computes the truth value of ``x1_i <= x2_i`` for each element ``x1_i`` of the input
        array ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
        """

    def log(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the natural (base ``e``)
        logarithm for each element ``x_i`` of the input array ``x``.
        """

    def log1p(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to ``log(1+x)``, where ``log``
        refers to the natural (base ``e``) logarithm, for each element ``x_i`` of the input
        array ``x``.
        """

    def log2(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the base ``2`` logarithm for
        each element ``x_i`` of the input array ``x``.
        """

    def log10(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the base ``10`` logarithm for
        each element ``x_i`` of the input array ``x``.
        """

    def logaddexp(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Calculates the logarithm of the sum of exponentiations ``log(exp(x1) + exp(x2))`` for
        each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i``
        of the input array ``x2``.
        """

    def logical_and(self, x1: TArray | builtins.bool, x2: TArray | builtins.bool, /) -> TArray:
        """Computes the logical AND for each element ``x1_i`` of the input array ``x1`` with the
        respective element ``x2_i`` of the input array ``x2``.
        """

    def logical_not(self, x: TArray, /) -> TArray:
        """Computes the logical NOT for each element ``x_i`` of the input array ``x``."""

    def logical_or(self, x1: TArray | builtins.bool, x2: TArray | builtins.bool, /) -> TArray:
        """Computes the logical OR for each element ``x1_i`` of the input array ``x1`` with the
        respective element ``x2_i`` of the input array ``x2``.
        """

    def logical_xor(self, x1: TArray | builtins.bool, x2: TArray | builtins.bool, /) -> TArray:
        """Computes the logical XOR for each element ``x1_i`` of the input array ``x1`` with the
        respective element ``x2_i`` of the input array ``x2``.
        """

    def maximum(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Computes the maximum value for each element ``x1_i`` of the input array ``x1``
        relative to the respective element ``x2_i`` of the input array ``x2``.
        """

    def minimum(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Computes the minimum value for each element ``x1_i`` of the input array ``x1``
        relative to the respective element ``x2_i`` of the input array ``x2``.
        """

    def multiply(
        self, x1: TArray | int | float | complex, x2: TArray | int | float | complex, /
    ) -> TArray:
        """Calculates the product for each element ``x1_i`` of the input array ``x1`` with the
        respective element ``x2_i`` of the input array ``x2``.
        """

    def negative(self, x: TArray, /) -> TArray:
        """Computes the numerical negative of each element ``x_i`` (i.e., ``y_i = -x_i``) of the
        input array ``x``.
        """

    def nextafter(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Returns the next representable floating-point value for each element ``x1_i`` of the
        input array ``x1`` in the direction of the respective element ``x2_i`` of the input
        array ``x2``.
        """

    def not_equal(
        self,
        x1: TArray | int | float | complex | builtins.bool,
        x2: TArray | int | float | complex | builtins.bool,
        /,
    ) -> TArray:
        """Computes the truth value of ``x1_i != x2_i`` for each element ``x1_i`` of the input
        array ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
        """

    def positive(self, x: TArray, /) -> TArray:
        """Computes the numerical positive of each element ``x_i`` (i.e., ``y_i = +x_i``) of the
        input array ``x``.
        """

    def pow(
        self, x1: TArray | int | float | complex, x2: TArray | int | float | complex, /
    ) -> TArray:
        """Calculates an implementation-dependent approximation of exponentiation by raising each
        element ``x1_i`` (the base) of the input array ``x1`` to the power of ``x2_i`` (the
        exponent), where ``x2_i`` is the corresponding element of the input array ``x2``.
        """

    def real(self, x: TArray, /) -> TArray:
        """Returns the real component of a complex number for each element ``x_i`` of the input
        array ``x``.
        """

    def reciprocal(self, x: TArray, /) -> TArray:
        """Returns the reciprocal for each element ``x_i`` of the input array ``x``."""

    def remainder(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Returns the remainder of division for each element ``x1_i`` of the input array ``x1``
        and the respective element ``x2_i`` of the input array ``x2``.
        """

    def round(self, x: TArray, /) -> TArray:
        """Rounds each element ``x_i`` of the input array ``x`` to the nearest integer-valued
        number.
        """

    def sign(self, x: TArray, /) -> TArray:
        """Returns an indication of the sign of a number for each element ``x_i`` of the input
        array ``x``.
        """

    def signbit(self, x: TArray, /) -> TArray:
        """Determines whether the sign bit is set for each element ``x_i`` of the input array
        ``x``.
        """

    def sin(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the sine for each element
        ``x_i`` of the input array ``x``.
        """

    def sinh(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the hyperbolic sine for each
        element ``x_i`` of the input array ``x``.
        """

    def square(self, x: TArray, /) -> TArray:
        """Squares each element ``x_i`` of the input array ``x``."""

    def sqrt(self, x: TArray, /) -> TArray:
        """Calculates the principal square root for each element ``x_i`` of the input array
        ``x``.
        """

    def subtract(
        self, x1: TArray | int | float | complex, x2: TArray | int | float | complex, /
    ) -> TArray:
        """Calculates the difference for each element ``x1_i`` of the input array ``x1`` with the
        respective element ``x2_i`` of the input array ``x2``.
        """

    def tan(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the tangent for each element
        ``x_i`` of the input array ``x``.
        """

    def tanh(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the hyperbolic tangent for
        each element ``x_i`` of the input array ``x``.
        """

    def trunc(self, x: TArray, /) -> TArray:
        """Rounds each element ``x_i`` of the input array ``x`` to the nearest integer-valued
        number that is closer to zero than ``x_i``.
        """

    def take(self, x: TArray, indices: TArray, /, *, axis: int | None = None) -> TArray:
        """Returns elements of an array along an axis."""

    def take_along_axis(self, x: TArray, indices: TArray, /, *, axis: int = -1) -> TArray:
        """Returns elements from an array at the one-dimensional indices specified by ``indices``
        along a provided ``axis``.
        """

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

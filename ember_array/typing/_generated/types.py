"""The standard's data type, device and info objects (revision 2025.12).

GENERATED FILE, do not edit: see :mod:`ember_array.typing._generated`.
"""

from __future__ import annotations

from typing import Protocol, TypedDict, TypeVar

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

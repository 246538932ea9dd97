"""The array API namespace, joining its sections.

GENERATED FILE, do not edit: see :mod:`ember_array.typing._generated`.
"""

from __future__ import annotations

from typing import Protocol

from .elementwise import ElementwiseFunctions
from .extensions import FFTNamespace, InfoNamespace, LinalgNamespace
from .functions import (
    CreationFunctions,
    DataTypeFunctions,
    IndexingFunctions,
    LinearAlgebraFunctions,
    ManipulationFunctions,
    SearchingFunctions,
    SetFunctions,
    SortingFunctions,
    StatisticalFunctions,
    UtilityFunctions,
)
from .types import DType, TArray


class ArrayNamespace(
    CreationFunctions[TArray],
    DataTypeFunctions[TArray],
    ElementwiseFunctions[TArray],
    IndexingFunctions[TArray],
    LinearAlgebraFunctions[TArray],
    ManipulationFunctions[TArray],
    SearchingFunctions[TArray],
    SetFunctions[TArray],
    SortingFunctions[TArray],
    StatisticalFunctions[TArray],
    UtilityFunctions[TArray],
    Protocol[TArray],
):
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

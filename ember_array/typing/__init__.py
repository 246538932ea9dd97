"""Static types for portable code: :class:`Array` and :class:`ArrayNamespace`.

``ember_array.namespace(x)`` is typed to return ``ArrayNamespace[type of x]``,
a Protocol generated from the standard's own signatures, so mypy and pyright
check every ``xp.*`` call: a name the standard lacks (``xp.median``), a keyword
it lacks (``xp.sum(x, dim=0)``) or an argument of the wrong type is an error
before the code runs on any backend.

:class:`Array` is the standard's array object; :class:`CommonArray`, its part
that numpy's, torch's and mlx's own type stubs give their arrays, bounds the
type variable of a portable function::

    T = TypeVar("T", bound=CommonArray)

    def standardize(x: T) -> T:
        xp = ember_array.namespace(x)
        return (x - xp.mean(x, axis=0)) / xp.std(x, axis=0)
"""

from __future__ import annotations

from ._draft import DraftArrayNamespace
from ._generated import (
    Array,
    ArrayNamespace,
    Capabilities,
    CommonArray,
    DataTypes,
    DefaultDataTypes,
    Device,
    DType,
    FFTNamespace,
    FInfo,
    IInfo,
    InfoNamespace,
    LinalgNamespace,
    NestedSequence,
    TArray,
)

__all__ = [
    "Array",
    "ArrayNamespace",
    "Capabilities",
    "CommonArray",
    "DType",
    "DataTypes",
    "DefaultDataTypes",
    "Device",
    "DraftArrayNamespace",
    "FFTNamespace",
    "FInfo",
    "IInfo",
    "InfoNamespace",
    "LinalgNamespace",
    "NestedSequence",
    "TArray",
]

"""Static types of the Python array API standard, revision 2025.12.

GENERATED FILE, do not edit. Made by ``ember_array/typing/_generate.py`` from the
standard's stubs (data-apis/array-api, ``src/array_api_stubs/_2025_12``, commit
8884c406ff8a3b81ab836cefcacb08bc4a92ae18). Regenerate with::

    python -m ember_array.typing._generate /path/to/array-api --commit <sha>
"""

from __future__ import annotations

from .array import Array, CommonArray
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
from .namespace import ArrayNamespace
from .types import (
    Capabilities,
    DataTypes,
    DefaultDataTypes,
    Device,
    DType,
    FInfo,
    IInfo,
    NestedSequence,
    TArray,
)

__all__ = [
    "Array",
    "ArrayNamespace",
    "Capabilities",
    "CommonArray",
    "CreationFunctions",
    "DType",
    "DataTypeFunctions",
    "DataTypes",
    "DefaultDataTypes",
    "Device",
    "ElementwiseFunctions",
    "FFTNamespace",
    "FInfo",
    "IInfo",
    "IndexingFunctions",
    "InfoNamespace",
    "LinalgNamespace",
    "LinearAlgebraFunctions",
    "ManipulationFunctions",
    "NestedSequence",
    "SearchingFunctions",
    "SetFunctions",
    "SortingFunctions",
    "StatisticalFunctions",
    "TArray",
    "UtilityFunctions",
]

"""Static types of the Python array API standard, revision 2025.12.

GENERATED FILES, do not edit. Made by ``ember_array/typing/_generate.py`` from the
standard's stubs (data-apis/array-api, ``src/array_api_stubs/_2025_12``, commit
8884c406ff8a3b81ab836cefcacb08bc4a92ae18). Regenerate with::

    python -m ember_array.typing._generate /path/to/array-api --commit <sha>
"""

from .array import Array as Array
from .array import CommonArray as CommonArray
from .elementwise import ElementwiseFunctions as ElementwiseFunctions
from .extensions import FFTNamespace as FFTNamespace
from .extensions import InfoNamespace as InfoNamespace
from .extensions import LinalgNamespace as LinalgNamespace
from .functions import CreationFunctions as CreationFunctions
from .functions import DataTypeFunctions as DataTypeFunctions
from .functions import IndexingFunctions as IndexingFunctions
from .functions import LinearAlgebraFunctions as LinearAlgebraFunctions
from .functions import ManipulationFunctions as ManipulationFunctions
from .functions import SearchingFunctions as SearchingFunctions
from .functions import SetFunctions as SetFunctions
from .functions import SortingFunctions as SortingFunctions
from .functions import StatisticalFunctions as StatisticalFunctions
from .functions import UtilityFunctions as UtilityFunctions
from .namespace import ArrayNamespace as ArrayNamespace
from .types import Capabilities as Capabilities
from .types import DataTypes as DataTypes
from .types import DefaultDataTypes as DefaultDataTypes
from .types import Device as Device
from .types import DType as DType
from .types import FInfo as FInfo
from .types import IInfo as IInfo
from .types import NestedSequence as NestedSequence
from .types import TArray as TArray

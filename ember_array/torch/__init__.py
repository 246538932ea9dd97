"""The array API standard (2025.12) for torch tensors.

Built on ``array_api_compat.torch``: every standard name points at
array-api-compat's object (the torch function itself wherever torch conforms),
except the fixes, one module per section of the standard (``_creation``,
``_data_types``, ``_elementwise``, ``_indexing``, ``_linear_algebra``,
``_manipulation``, ``_searching``, ``_set``, ``_sorting``, ``_statistical``,
``_utility``). Only the standard's names are exposed: torch's own ``median``,
``max`` with indices and so on, whose meaning differs from numpy's, are not
reachable from here.
"""

# The floor check runs first, before any import below touches torch.
# ruff: noqa: E402
from .._backends import BY_NAME as _BY_NAME

# torch older than the registry's floor: an ImportError naming both versions (TooOldError) here,
# not an AttributeError from a module below
_BY_NAME["torch"].require()

from types import ModuleType as _ModuleType
from typing import Final as _Final

import array_api_compat.torch as _compat

from .._common._scalars import read_host_scalars as _read_host_scalars
from .._markers import borrow as _borrow
from .._namespace import populate as _populate
from .._spec import API_VERSION as _API_VERSION
from .._spec import EXTRA_DTYPES as _EXTRA_DTYPES
from .._spec import MAIN as _MAIN
from . import (
    _creation,
    _data_types,
    _elementwise,
    _indexing,
    _linear_algebra,
    _manipulation,
    _searching,
    _set,
    _sorting,
    _statistical,
    _utility,
    fft,
    linalg,
)
from ._compile import compile_barrier as _compile_barrier  # noqa: F401  (random: see there)
from ._info import __array_namespace_info__
from ._tensor import install, uninstall

__array_api_version__: _Final = _API_VERSION

#: the fixes populate prefers over array-api-compat's objects: each section's ``__all__``
_fixes = _ModuleType(__name__ + "._fixes")
_SECTIONS = (_creation, _data_types, _elementwise, _indexing, _linear_algebra, _manipulation,
             _searching, _set, _sorting, _statistical, _utility)  # fmt: skip
for _section in _SECTIONS:
    for _name in _section.__all__:
        setattr(_fixes, _name, getattr(_section, _name))
del _section, _name

__all__ = [
    *_populate(globals(), _compat, _fixes, _MAIN, before_guard=_read_host_scalars),
    *_populate(globals(), _compat, None, _EXTRA_DTYPES),
    "__array_api_version__",
    "__array_namespace_info__",
    "fft",
    "install",
    "linalg",
    "uninstall",
]

# array-api-compat's functions used unchanged (here or inside ember_array's guards), as the
# support matrix reports them (see ember_array._markers): calling torch's function of the same
# meaning, built from other operations, or needing the data for the output's shape.
_borrow(
    _compat,
    wrapped="""
        all any arange argsort astype broadcast_arrays broadcast_to clip concat
        cumulative_prod cumulative_sum diff empty expand_dims flip full matmul
        matrix_transpose max mean meshgrid min ones permute_dims prod reshape round
        sort squeeze sum take_along_axis tensordot tril triu var where zeros fft.fftn
        fft.ifftn fft.irfftn fft.rfftn linalg.cross linalg.solve linalg.vecdot
        linalg.vector_norm
    """,
    written="eye linalg.trace",
    forces="nonzero repeat",
)

from . import _draft as _draft  # the 2026.12 view reads _draft.NAMES (see .._versions)

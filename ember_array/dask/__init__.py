"""The array API standard (2025.12) for dask arrays.

Built on ``array_api_compat.dask.array``: every standard name points at
array-api-compat's object wherever it conforms, except the fixes in
:mod:`ember_array.dask._aliases`, :mod:`.linalg` and :mod:`.fft`. Only the
standard's names are exposed (dask's own extras such as ``median`` are not).

Everything stays lazy: no function computes while the graph is built. Chunks
hold numpy arrays; per-block work (linalg decompositions, FFTs) runs
:mod:`ember_array.numpy` in each block, so it inherits that namespace's fixes.
"""

# The floor check runs first, before any import below touches dask.
# ruff: noqa: E402
from .._backends import BY_NAME as _BY_NAME

# dask older than the registry's floor: an ImportError naming both versions (TooOldError) here,
# not an AttributeError from a module below
_BY_NAME["dask"].require()

from typing import Final as _Final

import array_api_compat.dask.array as _compat
import numpy as _np
from array_api_compat.dask.array._info import __array_namespace_info__

from .._common._scalars import read_host_scalars as _read_host_scalars
from .._markers import borrow as _borrow
from .._namespace import populate as _populate
from .._spec import API_VERSION as _API_VERSION
from .._spec import EXTRA_DTYPES as _EXTRA_DTYPES
from .._spec import MAIN as _MAIN
from . import _aliases

__array_api_version__: _Final = _API_VERSION

__all__ = _populate(globals(), _compat, _aliases, _MAIN, before_guard=_read_host_scalars)

from . import fft, linalg

# dask arrays hold numpy dtypes (array-api-compat's dask namespace has no float16)
__all__ += _populate(globals(), _np, None, _EXTRA_DTYPES)

__all__ += ["__array_api_version__", "__array_namespace_info__", "fft", "linalg"]

# array-api-compat's functions used unchanged (here or inside ember_array's guards), as the
# support matrix reports them (see ember_array._markers): calling dask's function of the same
# meaning, built from other operations, or needing the data for the output's shape.
_borrow(
    _compat,
    wrapped="""
        count_nonzero cumulative_prod cumulative_sum empty_like
        matrix_transpose ones_like permute_dims sign std tensordot var
        zeros_like linalg.diagonal linalg.trace
        linalg.vector_norm
    """,
    written="argsort clip sort unstack vecdot",
)

from . import _draft as _draft  # the 2026.12 view reads _draft.NAMES (see .._versions)

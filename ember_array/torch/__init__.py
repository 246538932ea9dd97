"""The array API standard (2025.12) for torch tensors.

Built on ``array_api_compat.torch``: every standard name points at
array-api-compat's object (the torch function itself wherever torch conforms),
except the fixes in :mod:`ember_array.torch._aliases`. Only the standard's names
are exposed: torch's own ``median``, ``max`` with indices and so on, whose
meaning differs from numpy's, are not reachable from here.
"""

from typing import Final as _Final

import array_api_compat.torch as _compat

from .. import _spec
from .._markers import borrow as _borrow
from .._namespace import populate as _populate
from . import _aliases
from ._compile import compile_barrier as _compile_barrier  # noqa: F401  (random: see there)
from ._info import __array_namespace_info__
from ._tensor import install, uninstall

__array_api_version__: _Final = _spec.API_VERSION

__all__ = _populate(globals(), _compat, _aliases, _spec.MAIN)

from . import fft, linalg

__all__ += _populate(globals(), _compat, None, _spec.EXTRA_DTYPES)

__all__ += [
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

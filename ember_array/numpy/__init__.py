"""The array API standard (2025.12) for numpy arrays.

Built on ``array_api_compat.numpy``: every standard name points at
array-api-compat's object (itself the numpy function wherever numpy conforms),
except the few fixed in :mod:`ember_array.numpy._aliases`. Only the standard's
names are exposed.
"""

# The floor check runs first, before any import below touches numpy.
# ruff: noqa: E402
from .._backends import BY_NAME as _BY_NAME

# numpy older than the registry's floor: an ImportError naming both versions (TooOldError) here,
# not an AttributeError from a module below
_BY_NAME["numpy"].require()

from typing import Final as _Final

import array_api_compat.numpy as _compat

from .._markers import borrow as _borrow
from .._namespace import populate as _populate
from .._spec import API_VERSION as _API_VERSION
from .._spec import DUNDERS as _DUNDERS
from .._spec import EXTRA_DTYPES as _EXTRA_DTYPES
from .._spec import MAIN as _MAIN
from . import _aliases

__array_api_version__: _Final = _API_VERSION
__array_namespace_info__ = _compat.__array_namespace_info__  # type: ignore[attr-defined]  # compat's module does not declare it

__all__ = _populate(globals(), _compat, _aliases, _MAIN)

from . import fft, linalg

__all__ += _populate(globals(), _compat, None, _EXTRA_DTYPES)

__all__ += [*_DUNDERS, "fft", "linalg"]

# array-api-compat's functions used unchanged (here or inside ember_array's guards), as the
# support matrix reports them (see ember_array._markers): calling numpy's function of the same
# meaning, built from other operations, or needing the data for the output's shape.
_borrow(
    _compat,
    wrapped="""
        arange argsort asarray astype ceil count_nonzero cumulative_prod cumulative_sum
        empty empty_like eye floor linspace matmul matrix_transpose nonzero ones ones_like
        permute_dims sign sort std take_along_axis tensordot trunc unique_all unique_counts
        unique_inverse unique_values var zeros zeros_like fft.fft fft.fftfreq fft.fftn
        fft.fftshift fft.hfft fft.ifft fft.ifftn fft.ifftshift fft.ihfft fft.irfft
        fft.irfftn fft.rfft fft.rfftfreq fft.rfftn linalg.cholesky linalg.cross
        linalg.diagonal linalg.eig linalg.eigh linalg.eigvals linalg.matrix_norm
        linalg.outer linalg.pinv linalg.qr linalg.slogdet linalg.solve linalg.svd
        linalg.trace
    """,
    written="linalg.matrix_rank linalg.svdvals",
)

from . import _draft as _draft  # the 2026.12 view reads _draft.NAMES (see .._versions)

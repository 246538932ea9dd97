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
from .._namespace import populate as _populate
from . import _aliases
from ._info import __array_namespace_info__

__array_api_version__: _Final = _spec.API_VERSION

__all__ = _populate(globals(), _compat, _aliases, _spec.MAIN)

from . import fft, linalg

__all__ += ["__array_api_version__", "__array_namespace_info__", "fft", "linalg"]

"""The array API standard (2025.12) for numpy arrays.

Built on ``array_api_compat.numpy``: every standard name points at
array-api-compat's object (itself the numpy function wherever numpy conforms),
except the few fixed in :mod:`ember_array.numpy._aliases`. Only the standard's
names are exposed.
"""

from typing import Final as _Final

import array_api_compat.numpy as _compat

from .. import _spec
from .._namespace import populate as _populate
from . import _aliases

__array_api_version__: _Final = _spec.API_VERSION
__array_namespace_info__ = _compat.__array_namespace_info__

__all__ = _populate(globals(), _compat, _aliases, _spec.MAIN)

from . import fft, linalg

__all__ += ["__array_api_version__", "__array_namespace_info__", "fft", "linalg"]

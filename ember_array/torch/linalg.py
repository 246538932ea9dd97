"""The ``linalg`` extension for torch arrays (array-api-compat's, unchanged where it conforms)."""

import array_api_compat.torch.linalg as _compat

from .. import _spec
from .._namespace import populate as _populate

__all__ = _populate(globals(), _compat, None, _spec.LINALG)

"""The ``fft`` extension for numpy arrays (array-api-compat's, unchanged where it conforms)."""

import array_api_compat.numpy.fft as _compat

from .._namespace import populate as _populate
from .._spec import FFT as _FFT

__all__ = _populate(globals(), _compat, None, _FFT)

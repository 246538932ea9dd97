"""The ``fft`` extension over ``mlx.core.fft``.

mlx has no complex128, so transforms that would produce complex128 (float64 inputs) raise
``TypeError`` instead of silently computing in complex64.  ``hfft``/``ihfft`` are written here.
"""

from .._namespace import populate as _populate
from .._spec import FFT as _FFT
from . import _fft
from ._devices import float64_needs_cpu_stream as _float64_needs_cpu_stream
from ._devices import route_float64 as _route_float64

__all__ = _populate(globals(), None, _fft, _FFT)

if _float64_needs_cpu_stream():  # float64 runs on the CPU stream (see _devices.route_float64)
    _route_float64(globals(), __all__)  # around the guarded functions: the report sees through it

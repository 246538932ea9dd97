"""The ``fft`` extension over ``mlx.core.fft``.

mlx has no complex128, so transforms that would produce complex128 (float64 inputs) raise
``TypeError`` instead of silently computing in complex64.  ``hfft``/``ihfft`` are written here.
"""

from .. import _spec
from .._namespace import guard_names as _guard_names
from ._fft import (
    fft,
    fftfreq,
    fftn,
    fftshift,
    hfft,
    ifft,
    ifftn,
    ifftshift,
    ihfft,
    irfft,
    irfftn,
    rfft,
    rfftfreq,
    rfftn,
)

__all__ = [
    "fft",
    "fftfreq",
    "fftn",
    "fftshift",
    "hfft",
    "ifft",
    "ifftn",
    "ifftshift",
    "ihfft",
    "irfft",
    "irfftn",
    "rfft",
    "rfftfreq",
    "rfftn",
]

_guard_names(globals(), _spec.FFT)

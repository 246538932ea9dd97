"""Short-time Fourier transforms, framing and windows, with torch's conventions on every backend.

>>> import numpy as np
>>> from ember_array import signal
>>> x = np.sin(2 * np.pi * 440.0 * np.arange(16000) / 16000.0)
>>> w = signal.hann_window(512, xp="numpy")
>>> X = signal.stft(x, 512, hop_length=128, window=w)
>>> X.shape, X.dtype
((257, 126), dtype('complex128'))
>>> y = signal.istft(X, 512, hop_length=128, window=w, length=x.shape[-1])
>>> bool(np.allclose(y, x))
True

Every function takes arrays of any backend (numpy, torch, mlx, or any namespace that follows the
array API standard, such as array-api-strict) and dispatches through
:func:`ember_array.namespace`. The window functions take ``xp=`` because no array is given.

Each function has one pure-standard implementation (pad with ``concat``/``flip``, frames by index
arithmetic and ``take``, ``xp.fft``), used for any compliant namespace, and native fast paths:

* torch: ``torch.stft`` / ``torch.istft`` / ``Tensor.unfold`` / ``torch.hann_window`` ...;
* mlx: block framing (shifted slices of one reshape) + ``mx.fft.rfft`` / ``mx.fft.istft``;
* numpy: ``np.pad`` + ``sliding_window_view`` + ``scipy.fft.rfft`` (``numpy.fft`` when scipy is
  not installed), and an in-place overlap-add.

Conventions (torch's): the output of :func:`stft` has shape ``(..., n_freqs, n_frames)``;
``hop_length`` defaults to ``n_fft // 4``, ``win_length`` to ``n_fft``, ``window`` to a
rectangular window of ``win_length`` ones; a window shorter than ``n_fft`` is zero-padded on both
sides to ``n_fft``; ``normalized=True`` scales by ``n_fft ** -0.5``; float32 input gives complex64,
float64 input complex128 (the window is cast to the input's precision, as torch does). mlx has no
complex128: float64 input raises ``TypeError`` on mlx rather than silently losing precision.

Nothing here evaluates an mlx array. The one check that would need to (the NOLA condition of
:func:`istft` with a user-given window) is done lazily on mlx instead: see :func:`istft`.

dask arrays (of numpy chunks) take blockwise paths along the time axis: :func:`stft` and
:func:`frame` overlap each chunk with the next by the few samples its last frames need
(``dask.array.overlap``), and :func:`istft` overlap-adds the segment each chunk of frames
produces into its neighbour's. The graphs have ``O(chunks)`` tasks, the results equal numpy's,
and nothing is computed while a graph is built (the NOLA check included: see :func:`istft`).
"""

# Layout (each layer imports only from the ones above it in this list):
#
# * ``_checks``: argument checks and the checked arguments of stft/istft (``StftArgs``,
#   ``IstftArgs``);
# * ``_blocks``: padding, framing, the numpy FFT module and the keywords of the torch calls;
# * ``_ola``: overlap-add, the overlap-added squared window and the NOLA condition;
# * ``_stft``, ``_istft``, ``_frame``: the paths of each transform, one per backend, and their
#   registries;
# * ``_dask``: the blockwise dask paths, built on the numpy paths' kernels;
# * ``_windows``: the window functions;
# * ``_api``: :func:`stft`, :func:`istft` and :func:`frame` (check, then dispatch).

from ._api import frame, istft, stft
from ._checks import PadMode as PadMode
from ._windows import blackman_window, hamming_window, hann_window

__all__ = ["blackman_window", "frame", "hamming_window", "hann_window", "istft", "stft"]


from .._namespace import guard_names as _guard_names

_guard_names(globals(), __all__, shim="signal")

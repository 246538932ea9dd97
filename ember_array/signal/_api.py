"""The public transforms: check the arguments, then dispatch to a path.

Each of :func:`stft`, :func:`istft` and :func:`frame` checks its arguments (:mod:`._checks`),
then takes the blockwise path for a dask array (:mod:`._dask`), the backend's fast path from
its registry (:data:`._stft.STFT_PATHS`, :data:`._istft.ISTFT_PATHS`,
:data:`._frame.FRAME_PATHS`), or the pure-standard path for any other namespace. The top
layer of the package: nothing imports it but ``__init__``.
"""

from __future__ import annotations

import sys
from typing import Any

from .._boundary import UNCLEAN, translate, translates_errors
from .._helpers import device as _device
from .._markers import dispatches_through
from ._checks import (
    PadMode,
    backend_name,
    check_int,
    check_istft,
    check_stft,
    complex_of,
    is_concrete,
    is_dask,
    signal_namespace,
)
from ._dask import frame_dask, istft_dask, stft_dask
from ._frame import FRAME_PATHS, frame_generic
from ._istft import ISTFT_PATHS, istft_generic
from ._ola import checked_envelope_numpy
from ._stft import STFT_PATHS, stft_generic


@dispatches_through(STFT_PATHS)
@translates_errors
def stft(
    x: Any,
    n_fft: int,
    hop_length: int | None = None,
    win_length: int | None = None,
    window: Any | None = None,
    center: bool = True,
    pad_mode: PadMode = "reflect",
    normalized: bool = False,
    onesided: bool | None = None,
    return_complex: bool = True,
) -> Any:
    """Short-time Fourier transform with ``torch.stft``'s conventions, on any backend.

    Parameters
    ----------
    x : array
        Signal of shape ``(time,)`` or ``(..., time)``; dtype float32, float64, complex64 or
        complex128 (not float64/complex128 on mlx, which has no complex128).
    n_fft : int
        Size of each Fourier transform (frame length).
    hop_length : int, optional
        Samples between the starts of successive frames; default ``n_fft // 4``.
    win_length : int, optional
        Length of ``window``, at most ``n_fft``; default ``n_fft``. A shorter window is
        zero-padded on both sides (centred) to ``n_fft``.
    window : array, optional
        1-d real window of length ``win_length``, an array of the same library as ``x`` (or a
        numpy array with a dask ``x``); default rectangular (ones). It is cast to ``x``'s
        precision, as torch does.
    center : bool, optional
        Pad ``n_fft // 2`` samples on both sides so that frame ``t`` is centred on sample
        ``t * hop_length``.
    pad_mode : {"reflect", "constant", "edge"}, optional
        ``"reflect"`` (mirror without repeating the end sample), ``"constant"`` (zeros) or
        ``"edge"`` (repeat the end sample; torch's ``"replicate"``). Used when ``center``.
    normalized : bool, optional
        Multiply by ``n_fft ** -0.5`` (``norm="ortho"``).
    onesided : bool, optional
        Keep only the ``n_fft // 2 + 1`` non-negative frequencies; default True for real ``x``.
        Must be False for complex ``x``.
    return_complex : bool, optional
        True: a complex array. False: a real array with a trailing axis of 2 (real, imaginary),
        torch's ``view_as_real`` layout.

    Returns
    -------
    array
        Shape ``(..., n_freqs, n_frames)`` (plus a trailing 2 if not ``return_complex``), with
        ``n_freqs = n_fft // 2 + 1`` if onesided else ``n_fft`` and
        ``n_frames = 1 + (padded_length - n_fft) // hop_length``; complex64 for float32/complex64
        input, complex128 for float64/complex128.

    Raises
    ------
    TypeError
        Integer, boolean or half-precision input; a non-real window; float64 input on mlx;
        arrays of two libraries.
    ValueError
        Bad lengths (``hop_length <= 0``, ``win_length > n_fft``, a window that is not 1-d of
        length ``win_length``), ``n_fft`` longer than the (padded) signal, reflect padding of
        ``n_fft // 2`` samples or more (torch raises there too; ``mx.fft.stft`` would silently
        mirror the signal repeatedly), an unknown ``pad_mode``, or ``onesided=True`` with
        complex input.

    See Also
    --------
    istft : the inverse.
    frame : the frames alone, without the FFT.
    hann_window, hamming_window, blackman_window

    Notes
    -----
    Fast paths: ``torch.stft`` (batch dimensions are flattened because torch takes at most one),
    on mlx block framing + ``mx.fft.rfft`` (``mx.fft.stft``'s ``as_strided`` does not vmap), and
    for numpy ``np.pad`` +
    ``sliding_window_view`` + ``scipy.fft.rfft`` (``numpy.fft`` without scipy). Other namespaces
    use the pure-standard path.
    On mlx nothing is evaluated.

    dask (chunks of numpy arrays): blockwise along time, one task per chunk plus
    ``dask.array.overlap``'s few: each chunk computes the frames that start in it, with the
    ``n_fft - hop_length`` or so samples they need from the next chunk appended (chunks smaller
    than that are merged with their neighbours first). The result has one chunk per input
    chunk along the frame axis, equals numpy's, and nothing is computed while it is built. The
    window may be a numpy array or a dask array (computed once, as one small dependency).

    Examples
    --------
    >>> import numpy as np
    >>> from ember_array import signal
    >>> x = np.sin(np.arange(64) / 4.0)
    >>> X = signal.stft(x, 16, hop_length=4, window=signal.hann_window(16, xp="numpy"))
    >>> X.shape, X.dtype
    ((9, 17), dtype('complex128'))
    >>> import torch
    >>> t = torch.asarray(x, dtype=torch.float32)
    >>> signal.stft(t, 16, hop_length=4).shape  # torch in, torch out (complex64)
    torch.Size([9, 17])
    """
    try:
        xp = signal_namespace("stft", x, window)
        a = check_stft(
            xp, x, window, n_fft, hop_length, win_length, center, pad_mode, normalized, onesided,
            return_complex,
        )  # fmt: skip
        shape = x.shape
        path = STFT_PATHS.get(a.backend)  # none for dask arrays
        if path is not None and shape[-1] and (len(shape) == 1 or 0 not in shape[:-1]):
            out = path(x, window, a)  # the common case first: a signal, a fast path
        elif 0 in shape[:-1]:
            # an empty batch:
            # torch: stft rejects an empty batch and torch's FFT (MKL) fails on it
            # (no upstream issue found)
            shape = (*shape[:-1], a.n_freqs, a.n_frames)
            out = xp.zeros(shape, dtype=complex_of(xp, a.real_dtype), device=_device(x))
        elif is_dask(x):
            out = stft_dask(x, window, a)
        else:
            # an empty signal (zero-padded), or a namespace without a fast path:
            # mlx: mx.fft.stft fails to reshape an empty signal (no upstream issue found)
            # The standard path works.
            out = stft_generic(xp, x, window, a)
        if not a.return_complex:
            out = xp.stack((xp.real(out), xp.imag(out)), axis=-1)
        return out
    except UNCLEAN as e:  # here, not in a wrapper: ~0.4 us a call less
        raise translate(e, "signal.stft", None, (x, n_fft), {"window": window}) from e


@dispatches_through(ISTFT_PATHS)
def istft(
    spec: Any,
    n_fft: int,
    hop_length: int | None = None,
    win_length: int | None = None,
    window: Any | None = None,
    center: bool = True,
    normalized: bool = False,
    onesided: bool | None = None,
    length: int | None = None,
    return_complex: bool = False,
) -> Any:
    """Inverse short-time Fourier transform with ``torch.istft``'s conventions, on any backend.

    Inverts :func:`stft` by windowed overlap-add divided by the overlap-added squared window
    (the least-squares estimate of Griffin and Lim), as ``torch.istft`` does.

    Parameters
    ----------
    spec : array
        Complex array ``(..., n_freqs, n_frames)`` as returned by :func:`stft`.
    n_fft : int
        Size of the Fourier transform used by :func:`stft`.
    hop_length, win_length, window, center, normalized : optional
        As passed to :func:`stft` (same defaults).
    onesided : bool, optional
        Whether ``spec`` holds only the non-negative frequencies; default ``n_freqs != n_fft``
        (torch's rule). ``n_freqs`` must be ``n_fft // 2 + 1`` if onesided, else ``n_fft``.
    length : int, optional
        Length of the output's last axis: trimmed, or zero-padded at the end (as torch does,
        without its warning). Default: all of ``n_fft + hop_length * (n_frames - 1)`` samples,
        less ``n_fft // 2`` at each end if ``center``.
    return_complex : bool, optional
        False (default): real output; a two-sided ``spec`` is taken as the spectrum of a real
        signal (only its first ``n_fft // 2 + 1`` rows are used, as torch does). True: complex
        output from a full inverse FFT; needs ``onesided=False``.

    Returns
    -------
    array
        ``(..., length)``, float32/float64 (complex64/complex128 with ``return_complex``).

    Raises
    ------
    TypeError
        ``spec`` not complex (complex128 does not exist on mlx), a non-real window, arrays of two
        libraries.
    ValueError
        Bad lengths (as :func:`stft`, plus torch's ``hop_length <= win_length``), an
        ``n_freqs`` that does not match ``n_fft`` and ``onesided``, ``return_complex`` with a
        onesided ``spec``, and the NOLA condition: where the overlap-added squared window is below
        ``1e-11`` inside the output, the signal cannot be recovered and torch raises.

    Notes
    -----
    On mlx the NOLA check needs the window's values, and reading them would force evaluation.
    With ``window=None`` the check is done statically (the window is known to be ones) and
    raises as on other backends; with a window array the output is NaN where the condition
    fails (``mx.fft.istft`` itself silently returns 0 there), and nothing is evaluated.
    The same holds for any window whose values cannot be read without computing: a dask array
    or a jax tracer (``jax.jit``). A numpy window, or an eager array of the signal's library,
    is checked and raises; ``window=None`` is checked statically everywhere.

    dask (chunks of numpy arrays): blockwise along the frame axis. Each chunk of frames is
    inverse-transformed and overlap-added into a segment ``n_fft - hop_length`` samples longer
    than its share of the output; that tail is added onto the next chunk's segment
    (``dask.array.overlap``), so the graph has ``O(chunks)`` tasks and equals numpy's result.
    With a numpy window (or None) the NOLA check runs while the graph is built, in
    ``O(n_fft)`` and without computing anything; with a dask window the failing samples come
    out NaN, as on mlx.

    Fast paths: ``torch.istft`` (batch dimensions flattened; its NOLA ``RuntimeError`` becomes
    ``ValueError``), ``mx.fft.istft`` (verified to match torch to ~1e-6; it takes a two-sided
    ``spec`` as ``real(ifft)``, so ember passes it the onesided half, which is torch's rule), and
    numpy ``np.fft.irfft`` with an in-place overlap-add.

    See Also
    --------
    stft : the forward transform.

    Examples
    --------
    >>> import numpy as np
    >>> from ember_array import signal
    >>> x = np.sin(np.arange(64) / 4.0)
    >>> w = signal.hann_window(16, xp="numpy")
    >>> X = signal.stft(x, 16, hop_length=4, window=w)
    >>> y = signal.istft(X, 16, hop_length=4, window=w, length=64)
    >>> bool(np.allclose(y, x))
    True
    """
    xp = signal_namespace("istft", spec, window)
    a = check_istft(
        xp,
        spec,
        window,
        n_fft=n_fft,
        hop_length=hop_length,
        win_length=win_length,
        center=center,
        normalized=normalized,
        onesided=onesided,
        length=length,
        return_complex=return_complex,
    )
    if a.end == a.start or 0 in tuple(spec.shape[:-2]):
        # nothing to compute
        # torch: istft fails on both (an empty NOLA check, MKL on an empty batch)
        # (no upstream issue found)
        out_dtype = spec.dtype if a.return_complex else a.real_dtype
        return xp.zeros((*spec.shape[:-2], a.end - a.start), dtype=out_dtype, device=_device(spec))

    if is_dask(spec):
        return istft_dask(spec, window, a)
    fast = ISTFT_PATHS.get(a.backend)
    if fast is not None:
        return fast(spec, window, a)
    # The check reads the window in numpy: a concrete window (a jax array closed over by a
    # jitted function included, whose operations would be traced) or none (ones, known
    # statically). The values of a lazy window (a jax tracer...) cannot be read: mark NaN.
    lazy = window is not None and not is_concrete(window)
    if not lazy:
        checked_envelope_numpy(window, a)
    return istft_generic(xp, spec, window, a, lazy_nola=lazy)


@dispatches_through(FRAME_PATHS)
def frame(x: Any, frame_length: int, hop_length: int, *, axis: int = -1) -> Any:
    """Overlapping frames of ``x`` along ``axis``, ``hop_length`` samples apart.

    Follows ``torch.Tensor.unfold``: ``axis`` (of length ``n``) is replaced by the frame index
    (``n_frames = 1 + (n - frame_length) // hop_length``) and the samples of each frame form a
    new last axis. For ``x`` of shape ``(..., n)`` and ``axis=-1`` the result is
    ``(..., n_frames, frame_length)``.

    Parameters
    ----------
    x : array
        Array of any dtype.
    frame_length : int
        Samples per frame, ``1 <= frame_length <= x.shape[axis]``.
    hop_length : int
        Samples between the starts of successive frames, ``>= 1``.
    axis : int, optional
        The axis to frame (default the last).

    Returns
    -------
    array
        The frames. On numpy (a read-only ``sliding_window_view``) and torch (``unfold``) this
        is a view of ``x`` with no copy; do not write to it. On dask, blockwise: one chunk of
        frames per chunk of ``axis``, each overlapped with the samples its last frames need
        from the next chunk. Elsewhere (mlx included, lazily) shifted slices of one reshape, or
        a ``take`` gather when frames overlap more than 16-fold.

    Raises
    ------
    ValueError
        ``frame_length`` longer than the axis, non-positive lengths, an axis out of range or a
        0-d ``x``.

    See Also
    --------
    stft : frames, windows and Fourier-transforms them.

    Examples
    --------
    >>> import numpy as np
    >>> from ember_array import signal
    >>> signal.frame(np.arange(6), 3, 2)
    array([[0, 1, 2],
           [2, 3, 4]])
    >>> import torch
    >>> signal.frame(torch.arange(6), 3, 2)
    tensor([[0, 1, 2],
            [2, 3, 4]])
    """
    func = "frame"
    xp = signal_namespace(func, x, None)
    backend = backend_name(xp)
    frame_length = check_int(func, backend, "frame_length", frame_length, 1)
    hop = check_int(func, backend, "hop_length", hop_length, 1)
    axis = check_int(func, backend, "axis", axis, -sys.maxsize)
    ndim = x.ndim
    if not -ndim <= axis < ndim:
        raise ValueError(
            f"{func} [{backend}]: axis {axis} is out of range for an array of shape "
            f"{tuple(x.shape)}"
        )
    axis %= ndim
    n = x.shape[axis]
    if frame_length > n:
        raise ValueError(
            f"{func} [{backend}]: frame_length={frame_length} is longer than axis {axis} of "
            f"x.shape={tuple(x.shape)}"
        )
    if is_dask(x):
        return frame_dask(x, frame_length, hop, axis)
    fast = FRAME_PATHS.get(backend, frame_generic)
    return fast(xp, x, frame_length, hop, axis)

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

from __future__ import annotations

import math
import operator
import sys
import warnings
from collections.abc import Callable
from types import ModuleType
from typing import Any, Literal

from ._backends import BY_NAME, backend_of_module, backend_of_type
from ._dispatch import namespace
from ._helpers import device as _device
from ._helpers import is_numpy_array

__all__ = ["blackman_window", "frame", "hamming_window", "hann_window", "istft", "stft"]

PadMode = Literal["reflect", "constant", "edge"]

_PAD_MODES: tuple[str, ...] = ("reflect", "constant", "edge")
# torch calls numpy's "edge" padding "replicate".
_TORCH_PAD = {"reflect": "reflect", "constant": "constant", "edge": "replicate"}
# torch.istft's threshold for the NOLA check (SpectralOps.cpp: ``window_envelop.abs() < 1e-11``).
_NOLA_EPS = 1e-11


# --------------------------------------------------------------------------------------------
# argument checking, shared by every path so that every backend rejects the same input the same way


def _backend_name(xp: ModuleType) -> str:
    """The registry's name for ember's namespaces (``"numpy"``...), else the namespace's name."""
    name = getattr(xp, "__name__", type(xp).__name__)
    return backend_of_module(name) or name


def _namespace(func: str, *arrays: Any) -> ModuleType:
    try:
        return namespace(*arrays)
    except TypeError as exc:
        raise TypeError(f"{func}: {exc}") from None


def _is_dask(x: Any) -> bool:
    """Whether ``x`` is a dask array: the one test that selects the blockwise dask paths."""
    return backend_of_type(type(x)) == "dask"


def _signal_namespace(func: str, x: Any, window: Any) -> ModuleType:
    """The namespace of ``x`` (and ``window``).

    A numpy window is accepted with a dask signal, as dask takes numpy operands anywhere; it is
    also the one kind of window whose NOLA check can run while a dask graph is built.
    """
    if window is None or (is_numpy_array(window) and _is_dask(x)):
        ns = _namespace(func, x)
    else:
        ns = _namespace(func, x, window)
    if _is_dask(x) and any(math.isnan(s) for s in x.shape):
        # the paths below plan their tasks from the chunk sizes
        raise ValueError(
            f"{func} [{_backend_name(ns)}]: the dask array has unknown chunk sizes (shape "
            f"{tuple(x.shape)}); call x.compute_chunk_sizes() first"
        )
    return ns


def _is_concrete(a: Any) -> bool:
    """Whether ``a``'s values can be read (``bool``/``float``) cheaply and without side effects.

    False for dask arrays (reading computes the graph), mlx arrays (it evaluates them) and jax
    tracers (it fails); True for numpy, torch, eager jax arrays and other eager namespaces.
    """
    backend = backend_of_type(type(a))
    if backend is not None:
        # the registry knows which of ember's backends compute later
        return not BY_NAME[backend].lazy
    jax = sys.modules.get("jax")
    if jax is not None:
        from array_api_compat import is_jax_array

        if is_jax_array(a):
            # array_api_compat calls every jax array lazy; only tracers are
            return not isinstance(a, jax.core.Tracer)
    from array_api_compat import is_lazy_array

    return not is_lazy_array(a)


def _int(func: str, backend: str, name: str, value: Any, minimum: int) -> int:
    if isinstance(value, bool):
        raise TypeError(f"{func} [{backend}]: {name} must be an int, got {value!r}")
    try:
        value = operator.index(value)
    except TypeError:
        raise TypeError(
            f"{func} [{backend}]: {name} must be an int, got {value!r} of type "
            f"{type(value).__name__}"
        ) from None
    if value < minimum:
        raise ValueError(f"{func} [{backend}]: {name} must be >= {minimum}, got {value}")
    return value


def _float_kind(func: str, xp: ModuleType, backend: str, x: Any, what: str) -> tuple[Any, bool]:
    """(real dtype of ``x``'s precision, whether ``x`` is real) or TypeError for other dtypes."""
    dt = x.dtype
    if dt == xp.float32:
        return xp.float32, True
    if dt == xp.float64:
        return xp.float64, True
    if dt == xp.complex64:
        return xp.float32, False
    if backend != "mlx" and dt == xp.complex128:
        return xp.float64, False
    raise TypeError(
        f"{func} [{backend}]: {what} must have dtype float32, float64, complex64 or complex128, "
        f"got {dt}"
    )


def _complex_of(xp: ModuleType, real_dtype: Any) -> Any:
    # complex128 only for float64 input, which mlx callers reject first (_check_mlx_float64)
    return xp.complex64 if real_dtype == xp.float32 else xp.complex128  # noqa: EA502


def _check_mlx_float64(func: str, backend: str, real_dtype: Any, xp: ModuleType) -> None:
    # mx.fft.stft silently computes float64 input in complex64; a float64 user expects float64
    # precision, so refuse instead of downcasting.
    if backend == "mlx" and real_dtype == xp.float64:
        raise TypeError(
            f"{func} [mlx]: float64 input would need complex128, which mlx lacks; "
            "cast to float32 explicitly (xp.astype(x, xp.float32)) if that precision is enough"
        )


def _check_window(func: str, xp: ModuleType, backend: str, window: Any, win_length: int) -> None:
    if window is None:
        return
    if window.ndim != 1 or window.shape[0] != win_length:
        raise ValueError(
            f"{func} [{backend}]: window must be 1-d of length win_length={win_length}, "
            f"got shape {tuple(window.shape)}"
        )
    if not (window.dtype == xp.float32 or window.dtype == xp.float64):
        raise TypeError(
            f"{func} [{backend}]: window must have a real floating dtype (float32 or float64), "
            f"got {window.dtype}"
        )


def _lengths(
    func: str,
    backend: str,
    n_fft: Any,
    hop_length: Any,
    win_length: Any,
) -> tuple[int, int, int]:
    n_fft = _int(func, backend, "n_fft", n_fft, 1)
    if hop_length is None:
        hop = n_fft // 4
        if hop == 0:
            raise ValueError(
                f"{func} [{backend}]: hop_length defaults to n_fft // 4 = 0 for n_fft={n_fft}; "
                "pass a positive hop_length"
            )
    else:
        hop = _int(func, backend, "hop_length", hop_length, 1)
    if win_length is None:
        win = n_fft
    else:
        win = _int(func, backend, "win_length", win_length, 1)
        if win > n_fft:
            raise ValueError(f"{func} [{backend}]: win_length must be <= n_fft={n_fft}, got {win}")
    return n_fft, hop, win


def _bool(func: str, backend: str, name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{func} [{backend}]: {name} must be a bool, got {value!r}")
    return value


# --------------------------------------------------------------------------------------------
# pure-standard building blocks


_FFT_MODULE: list[ModuleType] = []


def _numpy_fft() -> ModuleType:
    """``scipy.fft`` when scipy is installed, else ``numpy.fft``.

    Both are pocketfft, but ``numpy.fft`` (numpy 2.x) is 3-4x slower on batched float32 frames
    here, and ``scipy.fft`` also transforms along a non-last axis without a slowdown, which
    gives the ``(..., n_freqs, n_frames)`` layout contiguous for free. Results agree to rounding.
    """
    if not _FFT_MODULE:
        try:
            import scipy.fft as fft_module
        except ImportError:
            import numpy.fft as fft_module
        _FFT_MODULE.append(fft_module)
    return _FFT_MODULE[0]


def _enp() -> ModuleType:
    """ember's numpy namespace (``np.astype`` etc. are missing from numpy 2.0)."""
    import ember_array.numpy

    return ember_array.numpy


def _pad_window(
    xp: ModuleType, window: Any, win: int, n_fft: int, dtype: Any, dev: Any
) -> Any | None:
    """The window cast to ``dtype`` and zero-padded (centred, as torch) to ``n_fft``.

    None stands for the all-ones window of length ``n_fft`` (nothing to multiply by).
    """
    if window is None:
        if win == n_fft:
            return None
        window = xp.ones((win,), dtype=dtype, device=dev)
    elif window.dtype != dtype:
        window = xp.astype(window, dtype)
    if win == n_fft:
        return window
    left = (n_fft - win) // 2
    right = n_fft - win - left
    parts = []
    if left:
        parts.append(xp.zeros((left,), dtype=dtype, device=dev))
    parts.append(window)
    if right:
        parts.append(xp.zeros((right,), dtype=dtype, device=dev))
    return xp.concat(parts)


def _pad_generic(xp: ModuleType, x: Any, p: int, mode: PadMode, dev: Any) -> Any:
    """Pad the last axis by ``p`` on both sides (numpy's reflect/constant/edge) with concat."""
    if p == 0:
        return x
    side = (*x.shape[:-1], p)
    if mode == "constant":
        z = xp.zeros(side, dtype=x.dtype, device=dev)
        return xp.concat((z, x, z), axis=-1)
    if mode == "edge":
        left = xp.broadcast_to(x[..., :1], side)
        right = xp.broadcast_to(x[..., -1:], side)
    else:  # reflect: mirror about the end samples, which are not repeated
        left = xp.flip(x[..., 1 : p + 1], axis=-1)
        right = xp.flip(x[..., -p - 1 : -1], axis=-1)
    return xp.concat((left, x, right), axis=-1)


#: Most shifted slices :func:`_frames_generic` concatenates; more overlap takes a gather.
_MAX_BLOCK_SHIFTS = 16


def _frames_generic(xp: ModuleType, x: Any, length: int, hop: int, dev: Any) -> Any:
    """Frames of the last axis, ``(..., n_frames, length)``.

    With ``r = ceil(length / hop)`` small, the signal is cut into ``hop``-sample blocks and
    frame ``t`` is blocks ``t .. t + r - 1``: ``r`` slices of one reshape, concatenated (as fast
    as ``mx.fft.stft``'s ``as_strided`` on mlx, and unlike it, ``mx.vmap`` traces it). Otherwise
    index arithmetic and ``take``.
    """
    n = x.shape[-1]
    n_frames = 1 + (n - length) // hop
    r = -(-length // hop)
    if r <= min(n_frames, _MAX_BLOCK_SHIFTS):
        used = (n_frames + r - 1) * hop
        if used > n:  # the last frame's final block reaches past the signal: zeros, trimmed below
            x = xp.concat(
                (x, xp.zeros((*x.shape[:-1], used - n), dtype=x.dtype, device=dev)), axis=-1
            )
        blocks = xp.reshape(x[..., :used], (*x.shape[:-1], n_frames + r - 1, hop))
        parts = [blocks[..., j : j + n_frames, :] for j in range(r)]
        out = xp.concat(parts, axis=-1) if r > 1 else parts[0]
        return out[..., :length] if r * hop != length else out
    starts = xp.reshape(xp.arange(n_frames, dtype=xp.int64, device=dev) * hop, (n_frames, 1))
    offsets = xp.reshape(xp.arange(length, dtype=xp.int64, device=dev), (1, length))
    idx = xp.reshape(starts + offsets, (n_frames * length,))
    out = xp.take(x, idx, axis=-1)
    return xp.reshape(out, (*x.shape[:-1], n_frames, length))


def _overlap_add(xp: ModuleType, frames: Any, hop: int, dev: Any) -> Any:
    """Overlap-add ``(..., n_frames, n)`` frames ``hop`` apart into ``(..., n + hop*(n_frames-1))``.

    The standard has no scatter-add, so the sum is built from shifted copies: split each frame
    into ``r = ceil(n / hop)`` blocks of ``hop`` samples; block ``j`` of every frame lands in one
    contiguous run starting at ``j * hop``. That is ``r`` concats (or ``n_frames`` when fewer).
    """
    *batch, n_frames, n = frames.shape
    batch = tuple(batch)
    total = n + hop * (n_frames - 1)
    dt = frames.dtype
    r = -(-n // hop)
    y = None
    if r <= n_frames:
        if r * hop != n:
            pad = xp.zeros((*batch, n_frames, r * hop - n), dtype=dt, device=dev)
            frames = xp.concat((frames, pad), axis=-1)
        blocks = xp.reshape(frames, (*batch, n_frames, r, hop))
        for j in range(r):
            run = xp.reshape(blocks[..., j, :], (*batch, n_frames * hop))
            parts = [run]
            if j:
                parts.insert(0, xp.zeros((*batch, j * hop), dtype=dt, device=dev))
            if r - 1 - j:
                parts.append(xp.zeros((*batch, (r - 1 - j) * hop), dtype=dt, device=dev))
            run = xp.concat(parts, axis=-1) if len(parts) > 1 else run
            y = run if y is None else y + run
        assert y is not None
        return y[..., :total]
    for t in range(n_frames):
        parts = [frames[..., t, :]]
        if t:
            parts.insert(0, xp.zeros((*batch, t * hop), dtype=dt, device=dev))
        tail = total - t * hop - n
        if tail:
            parts.append(xp.zeros((*batch, tail), dtype=dt, device=dev))
        run = xp.concat(parts, axis=-1) if len(parts) > 1 else parts[0]
        y = run if y is None else y + run
    assert y is not None
    return y


def _envelope(xp: ModuleType, w2: Any, n_frames: int, hop: int, dev: Any) -> Any:
    """The overlap-added squared window: :func:`_overlap_add` of ``n_frames`` copies of ``w2``.

    Built from ``O(n_fft)`` prefix and suffix sums instead of ``n_frames * n_fft`` elements:
    with the block layout of :func:`_overlap_add`, output block ``b`` is the sum of window
    blocks ``max(0, b - n_frames + 1) .. min(r - 1, b)``, a prefix sum at the head and in the
    middle and a suffix sum at the tail. No subtraction, so exact zeros stay exact (NOLA).
    """
    n = w2.shape[0]
    total = n + hop * (n_frames - 1)
    r = -(-n // hop)
    if r > n_frames:
        return _overlap_add(xp, xp.broadcast_to(w2, (n_frames, n)), hop, dev)
    if r * hop != n:
        w2 = xp.concat((w2, xp.zeros((r * hop - n,), dtype=w2.dtype, device=dev)))
    blocks = xp.reshape(w2, (r, hop))
    prefix = xp.cumulative_sum(blocks, axis=0)
    suffix = xp.flip(xp.cumulative_sum(xp.flip(blocks, axis=0), axis=0), axis=0)
    middle = xp.broadcast_to(prefix[r - 1 :, :], (n_frames - r + 1, hop))
    env = xp.concat((prefix[: r - 1, :], middle, suffix[1:, :]), axis=0)
    return xp.reshape(env, ((n_frames + r - 1) * hop,))[:total]


def _nola_message(func: str, backend: str, lo: float | None) -> str:
    value = "" if lo is None else f"to {lo:.3g} "
    return (
        f"{func} [{backend}]: the overlap-added squared window falls {value}below {_NOLA_EPS:g} "
        "inside the output, so the signal cannot be recovered there (the NOLA condition fails); "
        "use a smaller hop_length, another window, center=True, or a shorter length"
    )


# --------------------------------------------------------------------------------------------
# stft


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
    x
        Signal of shape ``(time,)`` or ``(..., time)``; dtype float32, float64, complex64 or
        complex128 (not float64/complex128 on mlx, which has no complex128).
    n_fft
        Size of each Fourier transform (frame length).
    hop_length
        Samples between the starts of successive frames; default ``n_fft // 4``.
    win_length
        Length of ``window``, at most ``n_fft``; default ``n_fft``. A shorter window is
        zero-padded on both sides (centred) to ``n_fft``.
    window
        1-d real window of length ``win_length``, an array of the same library as ``x`` (or a
        numpy array with a dask ``x``); default rectangular (ones). It is cast to ``x``'s
        precision, as torch does.
    center
        Pad ``n_fft // 2`` samples on both sides so that frame ``t`` is centred on sample
        ``t * hop_length``.
    pad_mode
        ``"reflect"`` (mirror without repeating the end sample), ``"constant"`` (zeros) or
        ``"edge"`` (repeat the end sample; torch's ``"replicate"``). Used when ``center``.
    normalized
        Multiply by ``n_fft ** -0.5`` (``norm="ortho"``).
    onesided
        Keep only the ``n_fft // 2 + 1`` non-negative frequencies; default True for real ``x``.
        Must be False for complex ``x``.
    return_complex
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
    """
    func = "stft"
    xp = _signal_namespace(func, x, window)
    backend = _backend_name(xp)
    real_dtype, is_real = _float_kind(func, xp, backend, x, "x")
    _check_mlx_float64(func, backend, real_dtype, xp)
    if x.ndim < 1:
        raise ValueError(f"{func} [{backend}]: x must have at least one dimension, got a 0-d array")
    n_fft, hop, win = _lengths(func, backend, n_fft, hop_length, win_length)
    _check_window(func, xp, backend, window, win)
    center = _bool(func, backend, "center", center)
    normalized = _bool(func, backend, "normalized", normalized)
    return_complex = _bool(func, backend, "return_complex", return_complex)
    if pad_mode not in _PAD_MODES:
        hint = ' (torch\'s "replicate" is "edge" here)' if pad_mode == "replicate" else ""
        raise ValueError(
            f"{func} [{backend}]: pad_mode must be one of {_PAD_MODES}, got {pad_mode!r}{hint}"
        )
    if onesided is None:
        onesided = is_real
    elif _bool(func, backend, "onesided", onesided) and not is_real:
        raise ValueError(
            f"{func} [{backend}]: onesided=True needs real input, got dtype {x.dtype}; "
            "pass onesided=False (the default for complex input)"
        )
    n = x.shape[-1]
    padded = n
    if center:
        p = n_fft // 2
        padded = n + 2 * p
        # torch raises here; mx.fft.stft silently mirrors the signal again and again instead.
        if pad_mode == "reflect" and p >= n:
            raise ValueError(
                f"{func} [{backend}]: reflect padding of n_fft // 2 = {p} samples needs a signal "
                f"longer than {p} samples, got {n} (x.shape={tuple(x.shape)}); use a smaller "
                "n_fft, pad_mode='constant' or 'edge', or center=False"
            )
        if pad_mode == "edge" and n == 0 and p:
            raise ValueError(f"{func} [{backend}]: edge padding of an empty signal is undefined")
    if n_fft > padded:
        what = "padded signal" if center else "signal"
        raise ValueError(
            f"{func} [{backend}]: n_fft={n_fft} is longer than the {what} ({padded} samples, "
            f"x.shape={tuple(x.shape)})"
        )
    norm = "ortho" if normalized else "backward"

    if 0 in tuple(x.shape[:-1]):
        # an empty batch: torch.stft rejects it and torch's FFT (MKL) fails on it
        n_frames = 1 + (padded - n_fft) // hop
        n_freqs = n_fft // 2 + 1 if onesided else n_fft
        shape = (*x.shape[:-1], n_freqs, n_frames)
        out = xp.zeros(shape, dtype=_complex_of(xp, real_dtype), device=_device(x))
    elif _is_dask(x):
        out = _stft_dask(x, n_fft, hop, win, window, center, pad_mode, norm, onesided, real_dtype)
    elif n == 0:
        # an empty signal, zero-padded: mx.fft.stft fails to reshape it; the standard path works
        out = _stft_generic(
            xp, x, n_fft, hop, win, window, center, pad_mode, norm, onesided, real_dtype
        )
    elif backend in _STFT_PATHS:
        fast = _STFT_PATHS[backend]
        out = fast(x, n_fft, hop, win, window, center, pad_mode, norm, onesided, real_dtype)
    else:
        out = _stft_generic(
            xp, x, n_fft, hop, win, window, center, pad_mode, norm, onesided, real_dtype
        )
    if not return_complex:
        out = xp.stack((xp.real(out), xp.imag(out)), axis=-1)
    return out


def _stft_generic(
    xp: ModuleType,
    x: Any,
    n_fft: int,
    hop: int,
    win: int,
    window: Any,
    center: bool,
    pad_mode: PadMode,
    norm: str,
    onesided: bool,
    real_dtype: Any,
) -> Any:
    """The pure-standard STFT (arguments already checked)."""
    dev = _device(x)
    if center:
        x = _pad_generic(xp, x, n_fft // 2, pad_mode, dev)
    frames = _frames_generic(xp, x, n_fft, hop, dev)
    w = _pad_window(xp, window, win, n_fft, real_dtype, dev)
    if w is not None:
        frames = frames * w
    if onesided:
        spec = xp.fft.rfft(frames, axis=-1, norm=norm)
    else:
        if frames.dtype == real_dtype:
            # the standard's fft takes complex input only
            frames = xp.astype(frames, _complex_of(xp, real_dtype))
        spec = xp.fft.fft(frames, axis=-1, norm=norm)
    return xp.moveaxis(spec, -1, -2)


def _stft_numpy(
    x: Any,
    n_fft: int,
    hop: int,
    win: int,
    window: Any,
    center: bool,
    pad_mode: PadMode,
    norm: str,
    onesided: bool,
    real_dtype: Any,
) -> Any:
    import numpy as np
    from numpy.lib.stride_tricks import sliding_window_view

    if center:
        p = n_fft // 2
        x = np.pad(x, [(0, 0)] * (x.ndim - 1) + [(p, p)], mode=pad_mode)
    frames = sliding_window_view(x, n_fft, axis=-1)[..., ::hop, :]
    w = _pad_window(_enp(), window, win, n_fft, real_dtype, "cpu")
    if w is not None:
        frames = frames * w
    fft = _numpy_fft()
    transform = fft.rfft if onesided else fft.fft
    if fft is np.fft:
        # numpy.fft is slow along a non-last axis: transform rows, return a transposed view
        return np.swapaxes(transform(frames, axis=-1, norm=norm), -1, -2)
    return transform(np.swapaxes(frames, -1, -2), axis=-2, norm=norm)


def _stft_torch(
    x: Any,
    n_fft: int,
    hop: int,
    win: int,
    window: Any,
    center: bool,
    pad_mode: PadMode,
    norm: str,
    onesided: bool,
    real_dtype: Any,
) -> Any:
    import torch

    # torch.stft warns when window is None; ember's documented default is the rectangular window.
    w = torch.ones(win, dtype=real_dtype, device=x.device) if window is None else window
    if w.dtype != real_dtype:
        w = w.to(real_dtype)
    shape = tuple(x.shape)
    # torch.stft takes a 1-d signal or one batch dimension only.
    xb = x.reshape(-1, shape[-1]) if x.ndim > 2 else x
    out = torch.stft(
        xb,
        n_fft,
        hop_length=hop,
        win_length=win,
        window=w,
        center=center,
        pad_mode=_TORCH_PAD[pad_mode],
        normalized=norm == "ortho",
        onesided=onesided,
        return_complex=True,
    )
    if x.ndim > 2:
        out = out.reshape(*shape[:-1], *out.shape[-2:])
    return out


def _stft_mlx(
    x: Any,
    n_fft: int,
    hop: int,
    win: int,
    window: Any,
    center: bool,
    pad_mode: PadMode,
    norm: str,
    onesided: bool,
    real_dtype: Any,
) -> Any:
    # Not mx.fft.stft: its as_strided framing has no vmap rule ("[Primitive::vmap] Not
    # implemented for AsStrided", mlx 0.32.4; no upstream issue found), so mx.vmap(stft) failed.
    # The block framing of _frames_generic is as fast and traces under every mlx transform.
    import ember_array.mlx

    return _stft_generic(
        ember_array.mlx, x, n_fft, hop, win, window, center, pad_mode, norm, onesided, real_dtype
    )


#: backend -> its STFT fast path; other namespaces take :func:`_stft_generic`.
_STFT_PATHS: dict[str, Callable[..., Any]] = {
    "numpy": _stft_numpy,
    "torch": _stft_torch,
    "mlx": _stft_mlx,
}


# --------------------------------------------------------------------------------------------
# istft


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
    spec
        Complex array ``(..., n_freqs, n_frames)`` as returned by :func:`stft`.
    n_fft
        Size of the Fourier transform used by :func:`stft`.
    hop_length, win_length, window, center, normalized
        As passed to :func:`stft` (same defaults).
    onesided
        Whether ``spec`` holds only the non-negative frequencies; default ``n_freqs != n_fft``
        (torch's rule). ``n_freqs`` must be ``n_fft // 2 + 1`` if onesided, else ``n_fft``.
    length
        Length of the output's last axis: trimmed, or zero-padded at the end (as torch does,
        without its warning). Default: all of ``n_fft + hop_length * (n_frames - 1)`` samples,
        less ``n_fft // 2`` at each end if ``center``.
    return_complex
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
    """
    func = "istft"
    xp = _signal_namespace(func, spec, window)
    backend = _backend_name(xp)
    real_dtype, is_real = _float_kind(func, xp, backend, spec, "spec")
    if is_real:
        raise TypeError(
            f"{func} [{backend}]: spec must be complex (the output of stft), got dtype {spec.dtype}"
        )
    if spec.ndim < 2:
        raise ValueError(
            f"{func} [{backend}]: spec must have shape (..., n_freqs, n_frames), got shape "
            f"{tuple(spec.shape)}"
        )
    n_fft, hop, win = _lengths(func, backend, n_fft, hop_length, win_length)
    if hop > win:
        raise ValueError(
            f"{func} [{backend}]: hop_length must be <= win_length={win}, got {hop} (frames "
            "would leave gaps that cannot be inverted)"
        )
    _check_window(func, xp, backend, window, win)
    center = _bool(func, backend, "center", center)
    normalized = _bool(func, backend, "normalized", normalized)
    return_complex = _bool(func, backend, "return_complex", return_complex)
    n_freqs, n_frames = spec.shape[-2], spec.shape[-1]
    if onesided is None:
        onesided = n_freqs != n_fft
    onesided = _bool(func, backend, "onesided", onesided)
    want = n_fft // 2 + 1 if onesided else n_fft
    if n_freqs != want:
        side = "onesided" if onesided else "two-sided"
        raise ValueError(
            f"{func} [{backend}]: a {side} spec for n_fft={n_fft} needs {want} frequencies "
            f"(axis -2), got shape {tuple(spec.shape)}"
        )
    if return_complex and onesided:
        raise ValueError(
            f"{func} [{backend}]: return_complex=True needs a two-sided spec (onesided=False)"
        )
    if n_frames < 1:
        raise ValueError(f"{func} [{backend}]: spec has no frames (shape {tuple(spec.shape)})")
    if length is not None:
        length = _int(func, backend, "length", length, 0)
    total = n_fft + hop * (n_frames - 1)
    start = n_fft // 2 if center else 0
    # torch's defaults: drop the centring pad at both ends, or keep everything
    end = start + length if length is not None else (total - n_fft // 2 if center else total)
    norm = "ortho" if normalized else "backward"
    geometry = (n_fft, hop, win, n_frames, start, end, total)
    if end == start or 0 in tuple(spec.shape[:-2]):
        # nothing to compute (and torch.istft fails on both: an empty NOLA check, MKL on an
        # empty batch)
        out_dtype = spec.dtype if return_complex else real_dtype
        return xp.zeros((*spec.shape[:-2], end - start), dtype=out_dtype, device=_device(spec))

    if _is_dask(spec):
        return _istft_dask(xp, spec, window, norm, onesided, return_complex, real_dtype, geometry)
    fast = _ISTFT_PATHS.get(backend)
    if fast is not None:
        return fast(xp, spec, window, center, norm, onesided, length, return_complex, real_dtype,
                    geometry)  # fmt: skip
    # The check reads the window in numpy: a concrete window (a jax array closed over by a
    # jitted function included, whose operations would be traced) or none (ones, known
    # statically). The values of a lazy window (a jax tracer...) cannot be read: mark NaN.
    lazy = window is not None and not _is_concrete(window)
    if not lazy:
        env = _envelope_numpy(window, geometry)
        _check_nola_static(func, backend, env, start, min(end, total))
    return _istft_generic(
        xp, spec, window, norm, onesided, return_complex, real_dtype, geometry, lazy_nola=lazy
    )


def _w2_numpy(window: Any, n_fft: int, win: int) -> Any:
    """The squared window, zero-padded (centred) to ``n_fft``, in float64 numpy."""
    import numpy as np

    w2 = np.zeros(n_fft)
    left = (n_fft - win) // 2
    w2[left : left + win] = 1.0 if window is None else np.asarray(window, dtype=np.float64) ** 2
    return w2


def _envelope_numpy(window: Any, geometry: tuple[int, ...]) -> Any:
    """Overlap-added squared (padded) window in float64 numpy, for numpy and static checks."""
    n_fft, hop, win, n_frames, _, _, _ = geometry
    return _envelope(_enp(), _w2_numpy(window, n_fft, win), n_frames, hop, "cpu")


def _ola_numpy(frames: Any, hop: int, total: int) -> Any:
    """In-place overlap-add for numpy (see :func:`_overlap_add` for the block layout)."""
    import numpy as np

    *batch, n_frames, n = frames.shape
    r = -(-n // hop)
    y = np.zeros((*batch, (n_frames + r - 1) * hop), dtype=frames.dtype)
    if r <= n_frames:
        if r * hop != n:
            frames = np.concatenate(
                (frames, np.zeros((*batch, n_frames, r * hop - n), dtype=frames.dtype)), axis=-1
            )
        blocks = frames.reshape(*batch, n_frames, r, hop)
        for j in range(r):
            y[..., j * hop : (j + n_frames) * hop] += blocks[..., j, :].reshape(
                *batch, n_frames * hop
            )
    else:
        for t in range(n_frames):
            y[..., t * hop : t * hop + n] += frames[..., t, :]
    return y[..., :total]


def _check_nola_static(func: str, backend: str, env: Any, start: int, stop: int) -> None:
    seg = env[start:stop]
    if seg.size and seg.min() < _NOLA_EPS:
        raise ValueError(_nola_message(func, backend, float(seg.min())))


def _istft_numpy(
    xp: ModuleType,
    spec: Any,
    window: Any,
    center: bool,
    norm: str,
    onesided: bool,
    length: int | None,
    return_complex: bool,
    real_dtype: Any,
    geometry: tuple[int, ...],
) -> Any:
    import numpy as np

    n_fft, hop, win, _, start, end, total = geometry
    fft = _numpy_fft()
    spec_t = np.swapaxes(spec, -1, -2)
    if onesided:
        frames = fft.irfft(spec_t, n=n_fft, axis=-1, norm=norm)
    elif return_complex:
        frames = fft.ifft(spec_t, n=n_fft, axis=-1, norm=norm)
    else:
        frames = fft.irfft(spec_t[..., : n_fft // 2 + 1], n=n_fft, axis=-1, norm=norm)
    w = _pad_window(_enp(), window, win, n_fft, real_dtype, "cpu")
    if w is not None:
        frames *= w
    y = _ola_numpy(frames, hop, total)
    env = _envelope_numpy(window, geometry)
    stop = min(end, total)
    _check_nola_static("istft", "numpy", env, start, stop)
    y = y[..., start:stop] / env[start:stop].astype(real_dtype)
    if end > total:
        y = np.concatenate((y, np.zeros((*y.shape[:-1], end - total), dtype=y.dtype)), axis=-1)
    return y


def _istft_torch(
    xp: ModuleType,
    spec: Any,
    window: Any,
    center: bool,
    norm: str,
    onesided: bool,
    length: int | None,
    return_complex: bool,
    real_dtype: Any,
    geometry: tuple[int, ...],
) -> Any:
    import torch

    n_fft, hop, win, _, _, end, total = geometry
    # torch.istft warns when window is None; ember's documented default is rectangular.
    w = torch.ones(win, dtype=real_dtype, device=spec.device) if window is None else window
    if w.dtype != real_dtype:
        w = w.to(real_dtype)
    shape = tuple(spec.shape)
    # torch.istft takes (n_freqs, n_frames) or one batch dimension only.
    spec_b = spec.reshape(-1, *shape[-2:]) if spec.ndim > 3 else spec
    try:
        with warnings.catch_warnings():
            if end > total:
                # torch warns when it zero-pads up to ``length``; that padding is documented here.
                warnings.filterwarnings("ignore", "The length of signal is shorter")
            y = torch.istft(
                spec_b,
                n_fft,
                hop_length=hop,
                win_length=win,
                window=w,
                center=center,
                normalized=norm == "ortho",
                onesided=onesided,
                length=length,
                return_complex=return_complex,
            )
    except RuntimeError as exc:
        if "window overlap add min" not in str(exc):
            raise
        # torch reports the NOLA failure as a RuntimeError; ember raises ValueError everywhere.
        raise ValueError(_nola_message("istft", "torch", None)) from exc
    if spec.ndim > 3:
        y = y.reshape(*shape[:-2], y.shape[-1])
    return y


def _istft_mlx(
    xp: ModuleType,
    spec: Any,
    window: Any,
    center: bool,
    norm: str,
    onesided: bool,
    length: int | None,
    return_complex: bool,
    real_dtype: Any,
    geometry: tuple[int, ...],
) -> Any:
    import mlx.core as mx

    n_fft, hop, win, _, start, end, total = geometry
    if window is None:
        # The window is ones: its envelope is known without touching mlx, so check as torch does.
        # (With a window array the check would evaluate it: see _mark_nola_nan.)
        env = _envelope_numpy(None, geometry)
        _check_nola_static("istft", "mlx", env, start, min(end, total))
    if return_complex:
        # mx.fft.istft has no complex output: take the generic path, lazily.
        return _istft_generic(
            xp, spec, window, norm, onesided, return_complex, real_dtype, geometry,
            lazy_nola=window is not None,
        )  # fmt: skip
    if not onesided:
        # mx.fft.istft takes a two-sided spec as real(ifft(spec)); torch (return_complex=False)
        # uses irfft of the first n_fft // 2 + 1 rows. They differ for a non-Hermitian spec:
        # follow torch.
        spec = spec[..., : n_fft // 2 + 1, :]
    if window is not None and window.dtype != real_dtype:
        window = window.astype(real_dtype)
    y = mx.fft.istft(
        spec,
        n_fft=n_fft,
        hop_length=hop,
        win_length=win,
        window=window,
        center=center,
        norm=norm,
        onesided=True,
        length=length,
    )
    if window is None:
        return y  # the NOLA condition was checked statically by istft
    # mx.fft.istft silently returns 0 where the envelope vanishes; checking would force
    # evaluation, so mark those samples NaN instead (lazily).
    return _mark_nola_nan(xp, y, window, real_dtype, geometry)


def _mark_nola_nan(
    xp: ModuleType, y: Any, window: Any, real_dtype: Any, geometry: tuple[int, ...]
) -> Any:
    """``y`` with NaN where the envelope is below the NOLA threshold (no evaluation)."""
    n_fft, hop, win, n_frames, start, end, total = geometry
    dev = _device(y)
    stop = min(end, total)
    w = _pad_window(xp, window, win, n_fft, real_dtype, dev)
    assert w is not None  # only called with a window
    env = _envelope(xp, w * w, n_frames, hop, dev)[start:stop]
    factor = _nan_factor(xp, env)
    if end > total:
        factor = xp.concat((factor, xp.ones((end - total,), dtype=real_dtype, device=dev)))
    return y * factor


def _nan_factor(xp: ModuleType, env: Any) -> Any:
    """1-d: NaN where ``env`` fails the NOLA threshold, else 1.

    Multiplying the (batched) output by it is exact elsewhere, sign of zero included, and on
    mlx about 3x cheaper than a broadcasting ``where`` over the whole output.
    """
    return xp.where(env < _NOLA_EPS, xp.full_like(env, math.nan), xp.ones_like(env))


def _istft_generic(
    xp: ModuleType,
    spec: Any,
    window: Any,
    norm: str,
    onesided: bool,
    return_complex: bool,
    real_dtype: Any,
    geometry: tuple[int, ...],
    *,
    lazy_nola: bool = False,
) -> Any:
    """The pure-standard inverse STFT (arguments already checked).

    ``lazy_nola``: mark samples that fail the NOLA condition NaN instead of raising, for
    windows that must not be evaluated (mlx, jax tracers). With ``window=None`` the caller has
    checked the condition statically.
    """
    n_fft, hop, win, n_frames, start, end, total = geometry
    dev = _device(spec)
    spec_t = xp.moveaxis(spec, -1, -2)
    if onesided:
        frames = xp.fft.irfft(spec_t, n=n_fft, axis=-1, norm=norm)
    elif return_complex:
        frames = xp.fft.ifft(spec_t, n=n_fft, axis=-1, norm=norm)
    else:
        frames = xp.fft.irfft(spec_t[..., : n_fft // 2 + 1], n=n_fft, axis=-1, norm=norm)
    w = _pad_window(xp, window, win, n_fft, real_dtype, dev)
    if w is not None:
        frames = frames * w
    y = _overlap_add(xp, frames, hop, dev)
    stop = min(end, total)
    y = y[..., start:stop]
    w2 = xp.ones((n_fft,), dtype=real_dtype, device=dev) if w is None else w * w
    env = _envelope(xp, w2, n_frames, hop, dev)[start:stop]
    y = y / env
    if lazy_nola:
        # y / env is inf or NaN where env vanishes; times NaN it is NaN. (Otherwise the
        # callers checked the NOLA condition on the concrete, or absent, window in numpy.)
        y = y * _nan_factor(xp, env)
    if end > total:
        tail = xp.zeros((*y.shape[:-1], end - total), dtype=y.dtype, device=dev)
        y = xp.concat((y, tail), axis=-1)
    return y


#: backend -> its inverse-STFT fast path; other namespaces take :func:`_istft_generic`.
_ISTFT_PATHS: dict[str, Callable[..., Any]] = {
    "numpy": _istft_numpy,
    "torch": _istft_torch,
    "mlx": _istft_mlx,
}


# --------------------------------------------------------------------------------------------
# frame


def frame(x: Any, frame_length: int, hop_length: int, *, axis: int = -1) -> Any:
    """Overlapping frames of ``x`` along ``axis``, ``hop_length`` samples apart.

    Follows ``torch.Tensor.unfold``: ``axis`` (of length ``n``) is replaced by the frame index
    (``n_frames = 1 + (n - frame_length) // hop_length``) and the samples of each frame form a
    new last axis. For ``x`` of shape ``(..., n)`` and ``axis=-1`` the result is
    ``(..., n_frames, frame_length)``.

    Parameters
    ----------
    x
        Array of any dtype.
    frame_length
        Samples per frame, ``1 <= frame_length <= x.shape[axis]``.
    hop_length
        Samples between the starts of successive frames, ``>= 1``.
    axis
        The axis to frame.

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
    """
    func = "frame"
    xp = _signal_namespace(func, x, None)
    backend = _backend_name(xp)
    frame_length = _int(func, backend, "frame_length", frame_length, 1)
    hop = _int(func, backend, "hop_length", hop_length, 1)
    axis = _int(func, backend, "axis", axis, -sys.maxsize)
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
    if _is_dask(x):
        return _frame_dask(x, frame_length, hop, axis)
    fast = _FRAME_PATHS.get(backend, _frame_generic)
    return fast(xp, x, frame_length, hop, axis)


def _frame_torch(xp: ModuleType, x: Any, frame_length: int, hop: int, axis: int) -> Any:
    return x.unfold(axis, frame_length, hop)


def _frame_numpy(xp: ModuleType, x: Any, frame_length: int, hop: int, axis: int) -> Any:
    import numpy as np
    from numpy.lib.stride_tricks import sliding_window_view

    x = np.asarray(x)
    view = sliding_window_view(x, frame_length, axis=axis)
    return view[(slice(None),) * axis + (slice(None, None, hop),)]


def _frame_mlx(xp: ModuleType, x: Any, frame_length: int, hop: int, axis: int) -> Any:
    # Not mx.as_strided (a view): it has no vmap rule in mlx 0.32.4, so mx.vmap(frame) failed.
    return _frame_generic(xp, x, frame_length, hop, axis)


def _frame_generic(xp: ModuleType, x: Any, frame_length: int, hop: int, axis: int) -> Any:
    moved = xp.moveaxis(x, axis, -1) if axis != x.ndim - 1 else x
    out = _frames_generic(xp, moved, frame_length, hop, _device(x))
    return xp.moveaxis(out, -2, axis) if axis != x.ndim - 1 else out


#: backend -> its framing fast path (a view where the backend has one); others: a gather.
_FRAME_PATHS: dict[str, Callable[..., Any]] = {
    "numpy": _frame_numpy,
    "torch": _frame_torch,
    "mlx": _frame_mlx,
}


# --------------------------------------------------------------------------------------------
# dask: blockwise along the time axis
#
# Every chunk of a dask signal gives the frames that start inside it. Those need up to
# ``frame_length - 1`` samples of the next chunk (``n_fft - hop`` when the chunk boundaries are
# multiples of hop), which ``dask.array.overlap`` appends; the frames are then cut and
# transformed by the numpy path, one task per chunk. istft runs the other way: each chunk of
# frames overlap-adds into a segment ``n_fft - hop`` samples longer than its share of the
# output, and that tail is added onto the next chunk's segment. Graphs stay O(chunks), and the
# chunks are numpy arrays (the blocks are computed with numpy and scipy.fft).


def _merge_chunks(chunks: tuple[int, ...], minimum: int) -> tuple[int, ...]:
    """``chunks`` with neighbours merged until each is at least ``minimum`` (and not empty).

    Only boundaries are removed (a chunk too small at the end joins the one before), so a
    merge-only rechunk is ``O(chunks)`` tasks, and the frames a chunk needs never grow.
    """
    minimum = max(minimum, 1)
    out: list[int] = []
    acc = 0
    for c in chunks:
        acc += c
        if acc >= minimum:
            out.append(acc)
            acc = 0
    if acc:
        if out:
            out[-1] += acc
        else:
            out.append(acc)
    return tuple(out) if out else (0,)


def _frame_plan(
    chunks: tuple[int, ...], length: int, hop: int, n_frames: int
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Per chunk: offset of its first frame, its number of frames; and the overlap needed.

    A chunk ``[a, b)`` holds the frames that start in it, ``t = ceil(a / hop) ..
    min(ceil(b / hop), n_frames) - 1``; the last of them ends ``(t_hi - 1) * hop + length - b``
    samples past ``b``, the depth the next chunk must lend.
    """
    offsets, counts = [], []
    depth = 0
    a = 0
    for c in chunks:
        b = a + c
        t_lo = -(-a // hop)
        t_hi = min(-(-b // hop), n_frames)
        f = max(0, t_hi - t_lo)
        offsets.append(t_lo * hop - a if f else 0)
        counts.append(f)
        if f:
            depth = max(depth, (t_hi - 1) * hop + length - b)
        a = b
    return tuple(offsets), tuple(counts), depth


def _dask_framed(x: Any, length: int, hop: int) -> tuple[Any, tuple[int, ...], tuple[int, ...]]:
    """``x`` (time last) with each chunk extended by the samples its frames need, and the plan.

    Chunks smaller than the needed overlap are merged first, so each overlap comes from one
    neighbour (dask's ``overlap`` requires that).
    """
    import dask.array as da

    ax = x.ndim - 1
    chunks = x.chunks[ax]
    n_frames = 1 + (x.shape[ax] - length) // hop
    _, _, depth = _frame_plan(chunks, length, hop, n_frames)
    merged = _merge_chunks(chunks, depth)
    if merged != chunks:
        x = x.rechunk({ax: merged})
    # merging removes boundaries only, so the depth can only shrink: still <= every chunk
    offsets, counts, depth = _frame_plan(merged, length, hop, n_frames)
    if depth:
        x = da.overlap.overlap(
            x, depth={ax: (0, depth)}, boundary={ax: "none"}, allow_rechunk=False
        )
    return x, offsets, counts


def _block_frames(blk: Any, length: int, hop: int, offset: int, count: int) -> Any:
    """The ``count`` frames of an overlapped block, ``(..., count, length)`` (a numpy view)."""
    import numpy as np
    from numpy.lib.stride_tricks import sliding_window_view

    seg = np.asarray(blk)[..., offset : offset + (count - 1) * hop + length]
    return sliding_window_view(seg, length, axis=-1)[..., ::hop, :]


def _frame_block(
    blk: Any,
    length: int,
    hop: int,
    offsets: tuple[int, ...],
    counts: tuple[int, ...],
    block_id: tuple[int, ...] | None = None,
) -> Any:
    import numpy as np

    assert block_id is not None  # passed by map_blocks
    k = block_id[-2]  # output (..., frames, length): the frame axis is the chunked one
    if not counts[k]:
        return np.empty((*blk.shape[:-1], 0, length), dtype=blk.dtype)
    return _block_frames(blk, length, hop, offsets[k], counts[k])


def _frame_dask(x: Any, frame_length: int, hop: int, axis: int) -> Any:
    """:func:`frame` of a dask array: one task per chunk of ``axis`` (plus the overlap)."""
    import dask.array as da
    from dask.array.utils import meta_from_array

    last = x.ndim - 1
    moved = da.moveaxis(x, axis, -1) if axis != last else x
    xo, offsets, counts = _dask_framed(moved, frame_length, hop)
    out = da.map_blocks(
        _frame_block,
        xo,
        length=frame_length,
        hop=hop,
        offsets=offsets,
        counts=counts,
        dtype=x.dtype,
        chunks=(*xo.chunks[:-1], counts, (frame_length,)),
        new_axis=[x.ndim],
        meta=meta_from_array(x, ndim=x.ndim + 1),
    )
    return da.moveaxis(out, -2, axis) if axis != last else out


def _stft_block(
    blk: Any,
    window: Any,
    n_fft: int,
    hop: int,
    win: int,
    norm: str,
    onesided: bool,
    real_dtype: Any,
    offsets: tuple[int, ...],
    counts: tuple[int, ...],
    block_id: tuple[int, ...] | None = None,
) -> Any:
    import numpy as np

    assert block_id is not None  # passed by map_blocks
    k = block_id[-1]
    if not counts[k]:
        n_freqs = n_fft // 2 + 1 if onesided else n_fft
        dt = np.result_type(blk.dtype, np.complex64)
        return np.empty((*blk.shape[:-1], n_freqs, 0), dtype=dt)
    seg = np.asarray(blk)[..., offsets[k] : offsets[k] + (counts[k] - 1) * hop + n_fft]
    # numpy's path on exactly this block's frames (already padded: center=False)
    return _stft_numpy(seg, n_fft, hop, win, window, False, "constant", norm, onesided, real_dtype)


def _stft_dask(
    x: Any,
    n_fft: int,
    hop: int,
    win: int,
    window: Any,
    center: bool,
    pad_mode: PadMode,
    norm: str,
    onesided: bool,
    real_dtype: Any,
) -> Any:
    """:func:`stft` of a dask array, blockwise along time (arguments already checked)."""
    import dask.array as da
    import numpy as np
    from dask.array.utils import meta_from_array

    if center:
        p = n_fft // 2
        if x.shape[-1] == 0:
            # only constant padding gets here (stft rejects the others); da.pad fails on it
            x = da.zeros((*x.shape[:-1], 2 * p), dtype=x.dtype, chunks=(*x.chunks[:-1], -1))
        else:
            # dask's pad is numpy's (reflect, constant, edge); its small edge chunks are merged
            x = da.pad(x, [(0, 0)] * (x.ndim - 1) + [(p, p)], mode=pad_mode)
    xo, offsets, counts = _dask_framed(x, n_fft, hop)
    n_freqs = n_fft // 2 + 1 if onesided else n_fft
    dtype = np.result_type(x.dtype, np.complex64)  # complex64 or complex128, as numpy's path
    return da.map_blocks(
        _stft_block,
        xo,
        # a dask window in kwargs reaches every task as one numpy array (a single dependency)
        window=window,
        n_fft=n_fft,
        hop=hop,
        win=win,
        norm=norm,
        onesided=onesided,
        real_dtype=real_dtype,
        offsets=offsets,
        counts=counts,
        dtype=dtype,
        chunks=(*xo.chunks[:-1], (n_freqs,), counts),
        new_axis=[x.ndim - 1],
        meta=meta_from_array(x, ndim=x.ndim + 1, dtype=dtype),
    )


def _envelope_range_numpy(w2: Any, n_frames: int, hop: int, lo: int, hi: int) -> Any:
    """``_envelope(w2, n_frames, hop)[lo:hi]`` (float64 numpy) without the whole envelope.

    The envelope is made of ``hop``-sample blocks: prefix sums of the window's blocks at the
    head, their full sum in the middle and suffix sums at the tail (see :func:`_envelope`);
    the same sums are picked here for the blocks of ``[lo, hi)`` only, so values are equal.
    """
    import numpy as np

    n = w2.shape[0]
    r = -(-n // hop)
    if r > n_frames:
        # fewer frames than a window overlaps: the whole envelope is under 2 * (n + hop)
        return _envelope(_enp(), w2, n_frames, hop, "cpu")[lo:hi]
    blocks = np.concatenate((w2, np.zeros(r * hop - n))).reshape(r, hop)
    prefix = np.cumsum(blocks, axis=0)
    suffix = np.flip(np.cumsum(np.flip(blocks, axis=0), axis=0), axis=0)
    b0, b1 = lo // hop, -(-hi // hop)
    b = np.arange(b0, b1)
    rows = prefix[np.minimum(b, r - 1)]
    tail = b >= n_frames
    if tail.any():
        rows[tail] = suffix[b[tail] - n_frames + 1]
    return rows.reshape(-1)[lo - b0 * hop : hi - b0 * hop]


def _nola_min_numpy(w2: Any, n_frames: int, hop: int, start: int, stop: int) -> float | None:
    """The envelope's minimum over ``[start, stop)`` in ``O(n_fft)``; None when empty.

    Away from both ends the envelope repeats with period ``hop``: the ``(r + 1) * hop`` samples
    at either end and one period between them hold every value.
    """
    if stop <= start:
        return None
    r = -(-w2.shape[0] // hop)
    k = (r + 1) * hop
    if stop - start <= 3 * k:
        return float(_envelope_range_numpy(w2, n_frames, hop, start, stop).min())
    parts = (
        _envelope_range_numpy(w2, n_frames, hop, start, start + k),
        _envelope_range_numpy(w2, n_frames, hop, start + k, start + k + hop),
        _envelope_range_numpy(w2, n_frames, hop, stop - k, stop),
    )
    return min(float(p.min()) for p in parts)


def _istft_segment_block(
    blk: Any,
    window: Any,
    n_fft: int,
    hop: int,
    win: int,
    norm: str,
    onesided: bool,
    return_complex: bool,
    real_dtype: Any,
) -> Any:
    """Overlap-add of one chunk of ``F`` frames: ``F * hop + n_fft - hop`` samples."""
    import numpy as np

    fft = _numpy_fft()
    spec_t = np.swapaxes(np.asarray(blk), -1, -2)
    if onesided:
        frames = fft.irfft(spec_t, n=n_fft, axis=-1, norm=norm)
    elif return_complex:
        frames = fft.ifft(spec_t, n=n_fft, axis=-1, norm=norm)
    else:
        frames = fft.irfft(spec_t[..., : n_fft // 2 + 1], n=n_fft, axis=-1, norm=norm)
    w = _pad_window(_enp(), window, win, n_fft, real_dtype, "cpu")
    if w is not None:
        frames *= w
    n_frames = frames.shape[-2]
    return _ola_numpy(frames, hop, n_fft + hop * (n_frames - 1))


def _istft_join_block(
    blk: Any,
    window: Any,
    n_fft: int,
    hop: int,
    win: int,
    n_frames: int,
    counts: tuple[int, ...],
    real_dtype: Any,
    lazy_nola: bool,
    block_id: tuple[int, ...] | None = None,
) -> Any:
    """One chunk of output: its segment's head plus the previous segment's tail, over env."""
    import numpy as np

    assert block_id is not None  # passed by map_blocks
    k = block_id[-1]
    o = n_fft - hop
    blk = np.asarray(blk)
    # the overlap put the previous segment's o-sample tail in front of every block but the first
    prev, cur = (blk[..., :o], blk[..., o:]) if k and o else (None, blk)
    size = counts[k] * hop + (o if k == len(counts) - 1 else 0)
    out = np.array(cur[..., :size])  # a copy: the overlapped block may be shared
    if prev is not None:
        out[..., :o] += prev
    g0 = sum(counts[:k]) * hop
    env = _envelope_range_numpy(_w2_numpy(window, n_fft, win), n_frames, hop, g0, g0 + size)
    # outside [start, stop) the envelope may vanish (those samples are cut off afterwards)
    with np.errstate(divide="ignore", invalid="ignore"):
        out /= env.astype(real_dtype)
    if lazy_nola:
        out[..., env < _NOLA_EPS] = math.nan
    return out


def _istft_dask(
    xp: ModuleType,
    spec: Any,
    window: Any,
    norm: str,
    onesided: bool,
    return_complex: bool,
    real_dtype: Any,
    geometry: tuple[int, ...],
) -> Any:
    """:func:`istft` of a dask array, blockwise along the frame axis (arguments checked)."""
    import dask.array as da
    import numpy as np

    n_fft, hop, win, n_frames, start, end, total = geometry
    stop = min(end, total)
    # A numpy window (or None) is checked now, in O(n_fft); a dask window's values are not
    # read while the graph is built: the failing samples come out NaN instead.
    lazy_nola = window is not None and not _is_concrete(window)
    if not lazy_nola:
        lo = _nola_min_numpy(_w2_numpy(window, n_fft, win), n_frames, hop, start, stop)
        if lo is not None and lo < _NOLA_EPS:
            raise ValueError(_nola_message("istft", _backend_name(xp), lo))
    ax = spec.ndim - 1
    o = n_fft - hop
    # the FFT needs whole frequency columns; each chunk (but the last) must have at least
    # o samples of its own for the previous tail to land on
    spec = spec.rechunk({ax - 1: -1})
    merged = _merge_chunks(spec.chunks[ax], -(-o // hop))
    if merged != spec.chunks[ax]:
        spec = spec.rechunk({ax: merged})
    counts = merged
    dtype = np.dtype(spec.dtype if return_complex else real_dtype)
    batch = spec.chunks[:-2]
    seg = da.map_blocks(
        _istft_segment_block,
        spec,
        window=window,
        n_fft=n_fft,
        hop=hop,
        win=win,
        norm=norm,
        onesided=onesided,
        return_complex=return_complex,
        real_dtype=real_dtype,
        dtype=dtype,
        chunks=(*batch, tuple(f * hop + o for f in counts)),
        drop_axis=ax - 1,
        meta=np.empty((0,) * ax, dtype=dtype),  # a real meta from complex spec would warn
    )
    if o:
        seg = da.overlap.overlap(
            seg, depth={ax - 1: (o, 0)}, boundary={ax - 1: "none"}, allow_rechunk=False
        )
    sizes = (*(f * hop for f in counts[:-1]), counts[-1] * hop + o)
    y = da.map_blocks(
        _istft_join_block,
        seg,
        window=window,
        n_fft=n_fft,
        hop=hop,
        win=win,
        n_frames=n_frames,
        counts=counts,
        real_dtype=real_dtype,
        lazy_nola=lazy_nola,
        dtype=dtype,
        chunks=(*batch, sizes),
        meta=np.empty((0,) * ax, dtype=dtype),  # a real meta from complex spec would warn
    )
    y = y[..., start:stop]
    if end > total:
        tail = da.zeros((*y.shape[:-1], end - total), dtype=dtype, chunks=(*batch, -1))
        y = da.concatenate((y, tail), axis=-1)
    return y


# --------------------------------------------------------------------------------------------
# windows


def _resolve_xp(func: str, xp: Any) -> ModuleType:
    """A namespace module from ``xp=``: None (numpy), a backend name, or a module."""
    from ._dispatch import resolve_xp

    return resolve_xp(xp, func, default="numpy")


def _cosine_window(
    func: str,
    coeffs: tuple[float, ...],
    n: int,
    periodic: bool,
    dtype: Any,
    device: Any,
    xp: Any,
) -> Any:
    """``sum_k (-1)**k coeffs[k] cos(2 pi k i / N)``, ``N = n`` if periodic else ``n - 1``."""
    ns = _resolve_xp(func, xp)
    backend = _backend_name(ns)
    n = _int(func, backend, "n", n, 0)
    periodic = _bool(func, backend, "periodic", periodic)
    if dtype is None:
        dtype = ns.__array_namespace_info__().default_dtypes(device=device)["real floating"]
    elif not (dtype == ns.float32 or dtype == ns.float64):
        raise TypeError(
            f"{func} [{backend}]: dtype must be a real floating dtype (float32 or float64), "
            f"got {dtype}"
        )
    fast = _WINDOW_PATHS.get(backend)
    if fast is not None:
        return fast(ns, func, coeffs, n, periodic, dtype, device)
    if n <= 1:
        # torch: an empty window for 0 and [1.] for 1 (the cosine formula would divide by 0).
        return ns.ones((n,), dtype=dtype, device=device)
    period = n if periodic else n - 1
    phase = ns.arange(n, dtype=dtype, device=device) * (2.0 * math.pi / period)
    acc: Any = None
    for k, c in enumerate(coeffs[1:], start=1):
        term = ((-1) ** k * c) * ns.cos(phase if k == 1 else phase * float(k))
        acc = term if acc is None else acc + term
    return acc + coeffs[0]


def _window_torch(
    ns: ModuleType,
    func: str,
    coeffs: tuple[float, ...],
    n: int,
    periodic: bool,
    dtype: Any,
    device: Any,
) -> Any:
    torch = sys.modules["torch"]
    kw: dict[str, Any] = {"periodic": periodic, "dtype": dtype, "device": device}
    if func == "hann_window":
        return torch.hann_window(n, **kw)
    if func == "hamming_window":
        return torch.hamming_window(n, alpha=coeffs[0], beta=coeffs[1], **kw)
    return torch.blackman_window(n, **kw)


def _window_numpy(
    ns: ModuleType,
    func: str,
    coeffs: tuple[float, ...],
    n: int,
    periodic: bool,
    dtype: Any,
    device: Any,
) -> Any:
    if n <= 1:
        # torch: an empty window for 0 and [1.] for 1 (the cosine formula would divide by 0).
        return ns.ones((n,), dtype=dtype, device=device)
    import numpy as np

    # computed in float64, then rounded once to the requested dtype
    phase = np.arange(n) * (2.0 * math.pi / (n if periodic else n - 1))
    w = np.full(n, coeffs[0])
    for k, c in enumerate(coeffs[1:], start=1):
        w += (-1) ** k * c * np.cos(k * phase)
    return w.astype(dtype, copy=False)


#: backend -> its window fast path (torch's own window functions; numpy in float64); others
#: evaluate the cosine sum in the namespace.
_WINDOW_PATHS: dict[str, Callable[..., Any]] = {"numpy": _window_numpy, "torch": _window_torch}


def hann_window(
    n: int,
    *,
    periodic: bool = True,
    dtype: Any = None,
    device: Any = None,
    xp: ModuleType | str | None = None,
) -> Any:
    """Hann window, ``0.5 - 0.5 cos(2 pi i / N)``, as ``torch.hann_window``.

    Parameters
    ----------
    n
        Window length (0 gives an empty window, 1 gives ``[1.0]``).
    periodic
        True (default, as torch): ``N = n``, the window for spectral analysis (the first ``n``
        points of a symmetric window of ``n + 1``). False: symmetric, ``N = n - 1``.
    dtype
        float32 or float64 of the namespace; default the namespace's default real floating dtype
        (numpy float64, torch's default dtype, mlx float32).
    device
        Device of the namespace (as its creation functions take it).
    xp
        The namespace: a module (``ember_array.torch``, ``torch``, ``mlx.core``,
        ``array_api_strict``...) or a backend name ``"numpy" | "torch" | "mlx"``; default numpy.

    Returns
    -------
    array
        Shape ``(n,)``.
    """
    return _cosine_window("hann_window", (0.5, 0.5), n, periodic, dtype, device, xp)


def hamming_window(
    n: int,
    *,
    periodic: bool = True,
    dtype: Any = None,
    device: Any = None,
    xp: ModuleType | str | None = None,
) -> Any:
    """Hamming window, ``0.54 - 0.46 cos(2 pi i / N)``, as ``torch.hamming_window``.

    Parameters and return value as :func:`hann_window`.
    """
    return _cosine_window("hamming_window", (0.54, 0.46), n, periodic, dtype, device, xp)


def blackman_window(
    n: int,
    *,
    periodic: bool = True,
    dtype: Any = None,
    device: Any = None,
    xp: ModuleType | str | None = None,
) -> Any:
    """Blackman window, ``0.42 - 0.5 cos(2 pi i / N) + 0.08 cos(4 pi i / N)``, as torch's.

    Parameters and return value as :func:`hann_window`.
    """
    return _cosine_window("blackman_window", (0.42, 0.5, 0.08), n, periodic, dtype, device, xp)

"""Argument checks, shared by every path: every backend rejects the same input the same way.

:func:`check_stft` and :func:`check_istft` end in a frozen dataclass of the checked,
normalised arguments (:class:`StftArgs`, :class:`IstftArgs`), which the paths of the layers
above take instead of long positional lists. Nothing here imports from the rest of the package.
"""

from __future__ import annotations

import contextlib
import math
import operator
import sys
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Literal

from .._backends import BY_NAME, backend_of_module, backend_of_type
from .._common._scalars import scalar_value
from .._dispatch import namespace_module
from .._helpers import is_numpy_array
from .._remembered import PLAIN_TYPES, remembered

PadMode = Literal["reflect", "constant", "edge"]

_PAD_MODES: tuple[str, ...] = ("reflect", "constant", "edge")


def backend_name(xp: ModuleType) -> str:
    """The registry's name for ember's namespaces (``"numpy"``...), else the namespace's name."""
    name = getattr(xp, "__name__", type(xp).__name__)
    return backend_of_module(name) or name


def _namespace(func: str, *arrays: Any) -> ModuleType:
    try:
        return namespace_module(*arrays)
    except TypeError as exc:
        raise TypeError(f"{func}: {exc}") from None


def is_dask(x: Any) -> bool:
    """Whether ``x`` is a chunked (dask) array: the one test that selects the blockwise paths."""
    row = BY_NAME.get(backend_of_type(type(x)) or "")
    return row is not None and row.chunked


def signal_namespace(func: str, x: Any, window: Any) -> ModuleType:
    """The namespace of ``x`` (and ``window``).

    A numpy window is accepted with a dask signal, as dask takes numpy operands anywhere; it is
    also the one kind of window whose NOLA check can run while a dask graph is built.
    """
    dask = is_dask(x)
    if window is None or (dask and is_numpy_array(window)):
        ns = _namespace(func, x)
    else:
        ns = _namespace(func, x, window)
    if dask and any(math.isnan(s) for s in x.shape):
        # the paths below plan their tasks from the chunk sizes
        raise ValueError(
            f"{func} [{backend_name(ns)}]: the dask array has unknown chunk sizes (shape "
            f"{tuple(x.shape)}); call x.compute_chunk_sizes() first"
        )
    return ns


def is_concrete(a: Any) -> bool:
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


def check_int(func: str, backend: str, name: str, value: Any, minimum: int) -> int:
    if isinstance(value, bool):
        raise TypeError(f"{func} [{backend}]: {name} must be an int, got {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(
            f"{func} [{backend}]: {name} must be an int, got {value!r} of type "
            f"{type(value).__name__}"
        ) from None
    if number < minimum:
        raise ValueError(f"{func} [{backend}]: {name} must be >= {minimum}, got {number}")
    return number


def _float_kind(func: str, xp: ModuleType, backend: str, x: Any, what: str) -> tuple[Any, bool]:
    """(real dtype of ``x``'s precision, whether ``x`` is real) or TypeError for other dtypes."""
    dt = x.dtype
    if dt == xp.float32:
        return xp.float32, True
    if dt == xp.float64:
        return xp.float64, True
    if dt == xp.complex64:
        return xp.float32, False
    if _has_complex128(backend) and dt == xp.complex128:  # noqa: EA502 (guarded: has it)
        return xp.float64, False
    raise TypeError(
        f"{func} [{backend}]: {what} must have dtype float32, float64, complex64 or complex128, "
        f"got {dt}"
    )


def _has_complex128(backend: str) -> bool:
    """Whether the backend has complex128 (the registry's fact; other namespaces: yes)."""
    row = BY_NAME.get(backend)
    return row is None or row.has_complex128


def complex_of(xp: ModuleType, real_dtype: Any) -> Any:
    # complex128 only for float64 input, which mlx callers reject first (_check_complex128)
    return xp.complex64 if real_dtype == xp.float32 else xp.complex128  # noqa: EA502


def _check_complex128(func: str, backend: str, real_dtype: Any, xp: ModuleType) -> None:
    # mlx: mx.fft.stft silently computes float64 input in complex64 (no upstream issue found)
    # A float64 user expects float64 precision, so refuse instead of downcasting.
    if real_dtype == xp.float64 and not _has_complex128(backend):
        raise TypeError(
            f"{func} [{backend}]: float64 input would need complex128, which {backend} lacks; "
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
    n_fft = check_int(func, backend, "n_fft", n_fft, 1)
    if hop_length is None:
        hop = n_fft // 4
        if hop == 0:
            raise ValueError(
                f"{func} [{backend}]: hop_length defaults to n_fft // 4 = 0 for n_fft={n_fft}; "
                "pass a positive hop_length"
            )
    else:
        hop = check_int(func, backend, "hop_length", hop_length, 1)
    if win_length is None:
        win = n_fft
    else:
        win = check_int(func, backend, "win_length", win_length, 1)
        if win > n_fft:
            raise ValueError(f"{func} [{backend}]: win_length must be <= n_fft={n_fft}, got {win}")
    return n_fft, hop, win


def check_bool(func: str, backend: str, name: str, value: Any) -> bool:
    if type(value) is bool:
        return value
    # a numpy bool or a 0-d boolean array of the backend (read), as numpy reads them
    with contextlib.suppress(TypeError):
        value = scalar_value(func, backend, name, value)
    if type(value) is not bool:
        raise TypeError(f"{func} [{backend}]: {name} must be a bool, got {value!r}")
    return value


# --------------------------------------------------------------------------------------------
# the checked arguments of stft and istft


@dataclass(frozen=True)
class _Args:
    """Checked, normalised arguments shared by ``stft`` and ``istft`` (and their paths)."""

    backend: str
    n_fft: int
    hop: int
    win: int
    center: bool
    #: the FFT's ``norm``: ``"ortho"`` if normalized, else ``"backward"``
    norm: str
    return_complex: bool
    #: the namespace's real dtype of the input's precision (the window is cast to it)
    real_dtype: Any


@dataclass(frozen=True)
class StftArgs(_Args):
    """The checked arguments of ``stft``."""

    onesided: bool
    #: frames of the (padded) signal
    n_frames: int
    #: used when ``center``
    pad_mode: PadMode

    @property
    def n_freqs(self) -> int:
        """Rows of the spectrum: ``n_fft // 2 + 1`` if onesided, else ``n_fft``."""
        return self.n_fft // 2 + 1 if self.onesided else self.n_fft


@dataclass(frozen=True)
class IstftArgs(_Args):
    """The checked arguments of ``istft``, with the output's place in the overlap-added frames.

    The frames overlap-add into ``total`` samples, of which ``[start, end)`` is the output;
    past ``total`` (``length`` longer than the frames) it is zero-filled.
    """

    onesided: bool
    #: frames of the spectrum
    n_frames: int
    length: int | None
    #: samples the overlap-added frames span, ``n_fft + hop * (n_frames - 1)``
    total: int
    start: int
    end: int

    @property
    def stop(self) -> int:
        """The end of the output's computed part, ``min(end, total)``."""
        return min(self.end, self.total)


def _check_shared(
    func: str,
    xp: ModuleType,
    window: Any,
    real_dtype: Any,
    *,
    n_fft: Any,
    hop_length: Any,
    win_length: Any,
    center: Any,
    normalized: Any,
    return_complex: Any,
) -> dict[str, Any]:
    """The checks ``stft`` and ``istft`` share, in their order: lengths, window, flags.

    ``istft`` also needs ``hop_length <= win_length``. Returns the fields of :class:`_Args`
    (a dict, not an instance: each frozen dataclass built costs microseconds).
    """
    backend = backend_name(xp)
    n_fft, hop, win = _lengths(func, backend, n_fft, hop_length, win_length)
    if func == "istft" and hop > win:
        raise ValueError(
            f"{func} [{backend}]: hop_length must be <= win_length={win}, got {hop} (frames "
            "would leave gaps that cannot be inverted)"
        )
    _check_window(func, xp, backend, window, win)
    center = check_bool(func, backend, "center", center)
    normalized = check_bool(func, backend, "normalized", normalized)
    return_complex = check_bool(func, backend, "return_complex", return_complex)
    return {
        "backend": backend,
        "n_fft": n_fft,
        "hop": hop,
        "win": win,
        "center": center,
        "norm": "ortho" if normalized else "backward",
        "return_complex": return_complex,
        "real_dtype": real_dtype,
    }


def _stft_key(xp: ModuleType, x: Any, window: Any, *args: Any) -> tuple[Any, ...] | None:
    """What :func:`check_stft` reads: dtypes, ``ndim``, the signal's length, plain arguments
    (``args``, each with its type: ``True == 1`` as a key, not as ``center``)."""
    types = tuple(map(type, args))
    if not PLAIN_TYPES.issuperset(types):
        return None
    shape = x.shape
    win = None if window is None else (type(window), window.dtype, window.shape)
    return (xp, type(x), x.dtype, len(shape), shape[-1:], win, types, args)


@remembered(_stft_key)
def check_stft(
    xp: ModuleType,
    x: Any,
    window: Any,
    n_fft: Any,
    hop_length: Any,
    win_length: Any,
    center: Any,
    pad_mode: Any,
    normalized: Any,
    onesided: Any,
    return_complex: Any,
) -> StftArgs:
    """The checked arguments of ``stft(x, ...)`` on namespace ``xp``, or the error it raises.

    Checked once per combination of dtypes, ``ndim``, signal length and plain arguments
    (~5 us a call less on numpy and torch); positional, as a keyword call costs ~1 us more.
    """
    shared = {
        "n_fft": n_fft,
        "hop_length": hop_length,
        "win_length": win_length,
        "center": center,
        "normalized": normalized,
        "return_complex": return_complex,
    }
    func = "stft"
    backend = backend_name(xp)
    real_dtype, is_real = _float_kind(func, xp, backend, x, "x")
    _check_complex128(func, backend, real_dtype, xp)
    if x.ndim < 1:
        raise ValueError(f"{func} [{backend}]: x must have at least one dimension, got a 0-d array")
    common = _check_shared(func, xp, window, real_dtype, **shared)
    if pad_mode not in _PAD_MODES:
        hint = ' (torch\'s "replicate" is "edge" here)' if pad_mode == "replicate" else ""
        raise ValueError(
            f"{func} [{backend}]: pad_mode must be one of {_PAD_MODES}, got {pad_mode!r}{hint}"
        )
    if onesided is None:
        onesided = is_real
    elif check_bool(func, backend, "onesided", onesided) and not is_real:
        raise ValueError(
            f"{func} [{backend}]: onesided=True needs real input, got dtype {x.dtype}; "
            "pass onesided=False (the default for complex input)"
        )
    n_fft, center = common["n_fft"], common["center"]
    n = x.shape[-1]
    padded = n
    if center:
        p = n_fft // 2
        padded = n + 2 * p
        # torch raises here.
        # mlx: mx.fft.stft silently mirrors the signal again and again when the reflect pad is
        # longer than it (no upstream issue found)
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
    n_frames = 1 + (padded - n_fft) // common["hop"]
    return StftArgs(**common, onesided=onesided, n_frames=n_frames, pad_mode=pad_mode)


def check_istft(
    xp: ModuleType, spec: Any, window: Any, *, onesided: Any, length: Any, **shared: Any
) -> IstftArgs:
    """The checked arguments of ``istft(spec, ...)`` (``shared`` as :func:`check_stft` says)."""
    func = "istft"
    backend = backend_name(xp)
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
    common = _check_shared(func, xp, window, real_dtype, **shared)
    n_fft, hop, center = common["n_fft"], common["hop"], common["center"]
    n_freqs, n_frames = spec.shape[-2], spec.shape[-1]
    if onesided is None:
        onesided = n_freqs != n_fft
    onesided = check_bool(func, backend, "onesided", onesided)
    want = n_fft // 2 + 1 if onesided else n_fft
    if n_freqs != want:
        side = "onesided" if onesided else "two-sided"
        raise ValueError(
            f"{func} [{backend}]: a {side} spec for n_fft={n_fft} needs {want} frequencies "
            f"(axis -2), got shape {tuple(spec.shape)}"
        )
    if common["return_complex"] and onesided:
        raise ValueError(
            f"{func} [{backend}]: return_complex=True needs a two-sided spec (onesided=False)"
        )
    if n_frames < 1:
        raise ValueError(f"{func} [{backend}]: spec has no frames (shape {tuple(spec.shape)})")
    if length is not None:
        length = check_int(func, backend, "length", length, 0)
    total = n_fft + hop * (n_frames - 1)
    start = n_fft // 2 if center else 0
    # torch's defaults: drop the centring pad at both ends, or keep everything
    end = start + length if length is not None else (total - n_fft // 2 if center else total)
    return IstftArgs(
        **common,
        onesided=onesided,
        n_frames=n_frames,
        length=length,
        total=total,
        start=start,
        end=end,
    )

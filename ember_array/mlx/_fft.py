"""The ``fft`` extension over ``mlx.core.fft``.

mlx has no complex128, so transforms that would produce complex128 (float64 inputs) raise
``TypeError`` instead of silently computing in complex64.  ``hfft``/``ihfft`` are written here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import mlx.core as mx

from .._common._scalars import as_numpy_reads
from .._markers import wraps_native
from .._spec import FFT
from ._defaults import DEFAULTS
from ._devices import stream_for
from ._dtype_objects import native
from ._helpers import check_shape, no_complex128

__all__ = list(FFT)

_NORMS = ("backward", "ortho", "forward")


def _check(x: mx.array, norm: str | None, func: str, size: Any = None) -> str:
    """Check the arguments; the norm to pass on (``None``: ``"backward"``, as numpy, torch and
    dask read it, where ``mx.fft`` refuses None)."""
    if size is not None:
        # mlx: mx.fft with n/s beyond int32 or memory aborts the process (SIGABRT)
        # (no upstream issue found)
        check_shape(size, func, mx.complex64)
    if norm not in _NORMS and norm is not None:
        raise ValueError(f"{func}: norm must be one of {_NORMS}, got {norm!r}")
    # mlx: mx.fft silently computes float64 input in complex64, it has no complex128
    # (no upstream issue found)
    no_complex128(x, func)
    return norm or "backward"


def _bool_n(n: Any) -> int | None:
    """A bool ``n`` as its int, as numpy reads it, once the check has refused it; None for
    anything else (the caller re-raises the refusal)."""
    fixed = as_numpy_reads(ints={"n": n})
    return None if fixed is None else int(fixed["n"])


def _nd(f: Any, x: mx.array, s: Any, axes: Any, norm: str) -> mx.array:
    """``f`` (``mx.fft.fftn``/``ifftn``); a 0-d array over no axes gives the value itself as
    complex, as numpy does."""
    try:
        out: mx.array = f(x, s=_seq(s), axes=_seq(axes), norm=norm)
        return out
    except ValueError:
        # mlx: mx.fft.fftn of a 0-d array raises "Requires array with at least one dimension"
        # (no upstream issue found)
        if x.ndim or s or axes:
            raise
        return x.astype(mx.complex64)


def _one_axis(
    native: Callable[..., mx.array], name: str, doc: str, *, bool_n: bool = False
) -> Callable[..., mx.array]:
    """The transform ``name`` along one axis: ``native`` (``mx.fft.<name>``) after the checks;
    ``bool_n``: ``n=True`` read as 1 once the check has refused it, as numpy's real transforms
    read it (numpy's complex ones refuse it, as mlx does)."""

    @wraps_native()
    def transform(
        x: mx.array, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"
    ) -> mx.array:
        try:
            checked = _check(x, norm, name, n)
        except TypeError:
            m = _bool_n(n) if bool_n else None
            if m is None:
                raise
            return transform(x, n=m, axis=axis, norm=norm)
        return native(x, n=n, axis=axis, norm=checked)

    transform.__name__ = transform.__qualname__ = name
    transform.__doc__ = doc
    return transform


def _many_axes(
    native: Callable[..., mx.array], name: str, doc: str, *, scalar: bool = False
) -> Callable[..., mx.array]:
    """The transform ``name`` over axes: ``native`` (``mx.fft.<name>``) after the checks;
    ``scalar``: a 0-d array over no axes gives the value itself as complex (:func:`_nd`)."""

    @wraps_native()
    def transform(
        x: mx.array,
        /,
        *,
        s: Sequence[int] | None = None,
        axes: Sequence[int] | None = None,
        norm: str = "backward",
    ) -> mx.array:
        norm = _check(x, norm, name, s)
        if scalar:
            return _nd(native, x, s, axes, norm)
        return native(x, s=_seq(s), axes=_seq(axes), norm=norm)

    transform.__name__ = transform.__qualname__ = name
    transform.__doc__ = doc
    return transform


fft = _one_axis(mx.fft.fft, "fft", "One-dimensional discrete Fourier transform.")
ifft = _one_axis(mx.fft.ifft, "ifft", "One-dimensional inverse discrete Fourier transform.")
rfft = _one_axis(
    mx.fft.rfft,
    "rfft",
    "One-dimensional transform of real input (non-negative frequencies).",
    bool_n=True,
)
irfft = _one_axis(mx.fft.irfft, "irfft", "Inverse of :func:`rfft` (real output).")
fftn = _many_axes(mx.fft.fftn, "fftn", "N-dimensional discrete Fourier transform.", scalar=True)
ifftn = _many_axes(
    mx.fft.ifftn, "ifftn", "N-dimensional inverse discrete Fourier transform.", scalar=True
)
rfftn = _many_axes(mx.fft.rfftn, "rfftn", "N-dimensional transform of real input.")
irfftn = _many_axes(mx.fft.irfftn, "irfftn", "Inverse of :func:`rfftn`.")


_SWAP = {"backward": "forward", "forward": "backward", "ortho": "ortho"}


def hfft(
    x: mx.array, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"
) -> mx.array:
    """Transform of a Hermitian-symmetric signal (real output); mlx has no hfft.

    ``hfft(x, n) = irfft(conj(x), n)`` with the normalization direction swapped.
    """
    norm = _check(x, norm, "hfft", n)
    if n is None:
        n = 2 * (x.shape[axis] - 1)
    return mx.fft.irfft(mx.conj(x), n=n, axis=axis, norm=_SWAP[norm])


def ihfft(
    x: mx.array, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"
) -> mx.array:
    """Inverse of :func:`hfft`; mlx has no ihfft: ``conj(rfft(x, n))`` with the norm swapped."""
    try:
        norm = _check(x, norm, "ihfft", n)
    except TypeError:
        m = _bool_n(n)
        if m is None:
            raise
        return ihfft(x, n=m, axis=axis, norm=norm)
    return mx.conj(mx.fft.rfft(x, n=n, axis=axis, norm=_SWAP[norm]))


def fftfreq(n: int, /, *, d: float = 1.0, dtype: Any = None, device: Any = None) -> mx.array:
    """Sample frequencies of :func:`fft` (``dtype=``/``device=`` which mlx lacks)."""
    dt = native(dtype, "fftfreq") or DEFAULTS.real
    s = stream_for(device, dt, "fftfreq")
    check_shape(n, "fftfreq", mx.int64)
    k = mx.arange(n, dtype=mx.int64, stream=s)
    k = mx.where(k < (n + 1) // 2, k, k - n)
    return (k.astype(dt) / _spacing(d, n, dt)).astype(dt)


def _spacing(d: float, n: int, dt: mx.Dtype) -> mx.array:
    # mlx converts a Python int through int64: d * n beyond it raised std::bad_cast (no
    # upstream issue found); numpy, torch and dask read an int d as a float
    scale = d * n
    return mx.array(float(scale) if type(scale) is int else scale, dtype=dt)


def rfftfreq(n: int, /, *, d: float = 1.0, dtype: Any = None, device: Any = None) -> mx.array:
    """Sample frequencies of :func:`rfft` (``dtype=``/``device=`` which mlx lacks)."""
    dt = native(dtype, "rfftfreq") or DEFAULTS.real
    s = stream_for(device, dt, "rfftfreq")
    check_shape(n, "rfftfreq", mx.int64)
    k = mx.arange(n // 2 + 1, dtype=mx.int64, stream=s)
    return (k.astype(dt) / _spacing(d, n, dt)).astype(dt)


@wraps_native()
def fftshift(x: mx.array, /, *, axes: int | Sequence[int] | None = None) -> mx.array:
    """Shift the zero-frequency component to the centre."""
    return mx.fft.fftshift(x, axes=_seq(axes))


@wraps_native()
def ifftshift(x: mx.array, /, *, axes: int | Sequence[int] | None = None) -> mx.array:
    """Inverse of :func:`fftshift`."""
    return mx.fft.ifftshift(x, axes=_seq(axes))


def _seq(v: Any) -> Any:
    if v is None or isinstance(v, int):
        return [v] if isinstance(v, int) else None
    return list(v)

"""The ``fft`` extension for torch arrays (array-api-compat's, unchanged where it conforms)."""

import sys as _sys
from collections.abc import Callable as _Callable
from collections.abc import Sequence as _Sequence
from typing import Any as _Any

import array_api_compat.torch.fft as _compat
import torch as _torch

from .._markers import wraps_native as _wraps_native
from .._namespace import populate as _populate
from .._spec import FFT as _FFT

#: array-api-compat's torch.fft, whose stubs declare no return types
_compat_any: _Any = _compat


# torch: fft.fftshift/ifftshift raise "`shifts` required" for dim=() (no upstream issue found)
@_wraps_native()
def fftshift(x: _torch.Tensor, /, *, axes: "int | _Sequence[int] | None" = None) -> _torch.Tensor:
    """Shift the zero-frequency term to the centre; ``axes=()`` shifts nothing.

    torch.fft.fftshift raises "`shifts` required" for ``dim=()``.
    """
    if axes is not None and not isinstance(axes, int) and len(axes) == 0:
        return x.clone()
    return _compat.fftshift(x, axes=axes)


@_wraps_native()
def ifftshift(x: _torch.Tensor, /, *, axes: "int | _Sequence[int] | None" = None) -> _torch.Tensor:
    """Inverse of :func:`fftshift`; ``axes=()`` shifts nothing (torch raises for ``dim=()``)."""
    if axes is not None and not isinstance(axes, int) and len(axes) == 0:
        return x.clone()
    return _compat.ifftshift(x, axes=axes)


# torch: fft.ihfft returns a lazily conjugated view (is_conj()) that .numpy() and DLPack
# reject (no upstream issue found)
@_wraps_native()
def ihfft(
    x: _torch.Tensor, /, *, n: "int | None" = None, axis: int = -1, norm: str = "backward"
) -> _torch.Tensor:
    """Inverse of :func:`hfft`, as a plain tensor.

    torch.fft.ihfft returns a lazily conjugated view (``is_conj()``): ``.numpy()`` and DLPack
    reject it, so the conjugation is materialised (``resolve_conj``).
    """
    out: _torch.Tensor = _compat_any.ihfft(x, n=n, axis=axis, norm=norm)
    return out.resolve_conj()


def _empty_batches(f: _Callable[..., _torch.Tensor], name: str) -> _Callable[..., _torch.Tensor]:
    """``f(x, n=, axis=, norm=)``; an empty batch (a zero-length axis other than ``axis``)
    gives the empty result numpy gives: only once torch has refused it."""

    @_wraps_native(name)
    def transform(
        x: _torch.Tensor, /, *, n: "int | None" = None, axis: int = -1, norm: str = "backward"
    ) -> _torch.Tensor:
        try:
            return f(x, n=n, axis=axis, norm=norm)
        except TypeError:
            # torch: a bool axis or n is refused ("must be int, not bool"); numpy reads it
            # as the int it is (no upstream issue found)
            if type(axis) is not bool and type(n) is not bool:
                raise
            return transform(x, n=None if n is None else int(n), axis=int(axis), norm=norm)
        except RuntimeError:
            # torch: an FFT over an empty batch fails to plan ("MKL FFT error: Intel oneMKL
            # DFTI ERROR: Inconsistent configuration parameters") (no upstream issue found)
            if not isinstance(x, _torch.Tensor) or x.numel() or x.ndim < 2 or not x.shape[axis]:
                raise
            # the transform of one batch of zeros, then its empty batch axes cut to length 0
            out = f(x.new_zeros([d or 1 for d in x.shape]), n=n, axis=axis, norm=norm)
            for i, d in enumerate(x.shape):
                if d == 0:
                    out = out.narrow(i, 0, 0)
            return out

    transform.__name__ = transform.__qualname__ = name
    transform.__doc__ = f"``torch.fft.{name}``; an empty batch gives an empty result."
    return transform


fft = _empty_batches(_compat_any.fft, "fft")
ifft = _empty_batches(_compat_any.ifft, "ifft")
rfft = _empty_batches(_compat_any.rfft, "rfft")
irfft = _empty_batches(_compat_any.irfft, "irfft")
hfft = _empty_batches(_compat_any.hfft, "hfft")
ihfft = _empty_batches(ihfft, "ihfft")


#: array-api-compat's irfftn (``torch.fft.irfftn`` with the standard's keywords)
_compat_irfftn: _Callable[..., _torch.Tensor] = _compat_any.irfftn


# torch: on CUDA, irfftn with two or more axes and an output length of 1 on its real (last
# listed) axis returns wrong values (5 of 26 random such cases, torch 2.11 + CUDA 13 on an
# H200; every other case right, the CPU right; no upstream issue found). Off the CPU that case
# is computed as what it is: a real transform of length 1 keeps the real part of the first
# entry (its scale is 1 in every norm), after the complex inverse over the other axes.
@_wraps_native()
def irfftn(
    x: _torch.Tensor,
    /,
    *,
    s: "_Sequence[int] | None" = None,
    axes: "_Sequence[int] | None" = None,
    norm: str = "backward",
) -> _torch.Tensor:
    """``torch.fft.irfftn``; off the CPU, an output of length 1 on the real axis is computed
    as the real part of the other axes' inverse transform."""
    if x.is_cpu or s is None or len(s) < 2 or s[-1] != 1:
        return _compat_irfftn(x, s=s, axes=axes, norm=norm)
    return _irfftn_real_length_one(x, s, axes, norm)


def _irfftn_real_length_one(
    x: _torch.Tensor, s: "_Sequence[int]", axes: "_Sequence[int] | None", norm: str
) -> _torch.Tensor:
    """``irfftn`` for ``s[-1] == 1`` as ``Re(ifftn)`` of the first entry along the real axis
    (invalid axes go to torch as they are, for its error)."""
    ndim = x.ndim
    if axes is None:
        axes = list(range(ndim - len(s), ndim))
    if (
        len(axes) != len(s)
        or any(type(a) is not int or not -ndim <= a < ndim for a in axes)
        or len({a % ndim for a in axes}) != len(axes)
    ):
        return _compat_irfftn(x, s=s, axes=axes, norm=norm)
    real = axes[-1] % ndim
    if x.shape[real]:
        first = x.narrow(real, 0, 1)
    else:  # irfftn pads an empty axis with zeros
        first = x.new_zeros([1 if i == real else d for i, d in enumerate(x.shape)])
    out = _torch.fft.ifftn(first, s=list(s[:-1]), dim=list(axes[:-1]), norm=norm)
    return _torch.real(out).contiguous()


def _check_n(func: str, n: object) -> None:
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"{func}() [torch]: n must be an int, got {type(n).__name__}")
    if n < 1:
        # torch: fft.rfftfreq(-1) returns one sample, fftfreq(-1) raises RuntimeError
        # (no upstream issue found)
        raise ValueError(f"{func}() [torch]: n must be >= 1, got {n}")


def _frequencies(name: str, what: str) -> _Callable[..., _torch.Tensor]:
    """``fftfreq``/``rfftfreq`` (array-api-compat's), with ``n`` checked first."""
    compat: _Callable[..., _torch.Tensor] = getattr(_compat_any, name)

    @_wraps_native()
    def frequencies(
        n: int, /, *, d: float = 1.0, dtype: "_torch.dtype | None" = None, device: object = None
    ) -> _torch.Tensor:
        _check_n(name, n)
        return compat(n, d=d, dtype=dtype, device=device)

    frequencies.__name__ = frequencies.__qualname__ = name
    frequencies.__doc__ = f"Sample frequencies of an ``n``-point {what} (``n >= 1``)."
    return frequencies


fftfreq = _frequencies("fftfreq", "FFT")
rfftfreq = _frequencies("rfftfreq", "real FFT")


__all__ = _populate(globals(), _compat, _sys.modules[__name__], _FFT)

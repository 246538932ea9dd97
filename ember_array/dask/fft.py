"""The ``fft`` extension for dask arrays.

dask's FFTs (which array-api-compat passes through) raise unless every transformed axis is
one chunk. Here the transformed axes are rechunked to one chunk first; the other axes keep
their chunks, so the transform runs in parallel over them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from numbers import Real
from types import ModuleType as _ModuleType
from typing import Any

import array_api_compat.dask.array.fft as _compat
import dask.array as da

from .._markers import wraps_native as _wraps_native
from .._namespace import populate as _populate
from .._spec import FFT as _FFT
from ._checks import integer, python_scalars
from ._native import DA as _DA

_ONE_AXIS = ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft")
_N_AXES = ("fftn", "ifftn", "rfftn", "irfftn")


def _check(func: str, x: Any) -> None:
    if not isinstance(x, da.Array):
        raise TypeError(f"{func}() [dask]: expected a dask array, got {type(x).__name__}")


def _named(run: Callable[..., da.Array], name: str, doc: str) -> Callable[..., da.Array]:
    """``run`` as this namespace's function ``name``, a fix of dask's (for the report)."""
    run.__name__ = run.__qualname__ = name
    run.__doc__ = doc
    run.__module__ = __name__
    return _wraps_native()(run)


# dask: FFTs raise unless every transformed axis is one chunk;
# https://github.com/dask/dask/issues/2620
def _one_axis(name: str) -> Callable[..., Any]:
    native: Callable[..., da.Array] = getattr(_compat, name)

    def run(
        x: da.Array, /, *, n: int | None = None, axis: int = -1, norm: str = "backward"
    ) -> da.Array:
        _check(name, x)
        if not -x.ndim <= axis < x.ndim:
            raise IndexError(f"{name}() [dask]: axis {axis} out of range for {x.ndim}-d x")
        return native(_DA.rechunk(x, {axis % x.ndim: -1}), n=n, axis=axis, norm=norm)

    return _named(run, name, f"``{name}`` along ``axis``, which is made one chunk first.")


def _n_axes(name: str) -> Callable[..., Any]:
    native: Callable[..., da.Array] = getattr(_compat, name)

    def run(
        x: da.Array,
        /,
        *,
        s: Sequence[int] | None = None,
        axes: Sequence[int] | None = None,
        norm: str = "backward",
    ) -> da.Array:
        _check(name, x)
        chosen: Sequence[int]
        if axes is None:
            chosen = range(x.ndim) if s is None else range(x.ndim - len(s), x.ndim)
        else:
            chosen = axes
        for a in chosen:
            if not -x.ndim <= a < x.ndim:
                raise IndexError(f"{name}() [dask]: axis {a} out of range for {x.ndim}-d x")
        x = _DA.rechunk(x, {a % x.ndim: -1 for a in chosen})
        return native(x, s=s, axes=axes, norm=norm)

    return _named(run, name, f"``{name}`` over ``axes``, which are made one chunk first.")


def _frequencies(name: str) -> Callable[..., Any]:
    native: Callable[..., da.Array] = getattr(_compat, name)

    # dask: fftfreq/rfftfreq take n="1" and d="1", and read a dask array d with float(),
    # computing the graph while it is built (no upstream issue found)
    def run(n: int, /, *, d: float = 1.0, dtype: Any = None, device: Any = None) -> da.Array:
        n = integer(name, "n", n)
        if n < 0:  # dask (as numpy) returns for n=-1; torch and mlx raise
            raise ValueError(f"{name}() [dask]: n must be >= 0, got {n}")
        python_scalars(name, d=d)
        if not isinstance(d, Real):
            raise TypeError(f"{name}() [dask]: d must be a real number, got {type(d).__name__}")
        return native(n, d=d, dtype=dtype, device=device)

    return _named(run, name, f"``{name}`` of an int ``n`` and a real ``d``.")


_fixes = _ModuleType(__name__ + "._fixes")
for _name in ("fftfreq", "rfftfreq"):
    setattr(_fixes, _name, _frequencies(_name))
for _name in _ONE_AXIS:
    setattr(_fixes, _name, _one_axis(_name))
for _name in _N_AXES:
    setattr(_fixes, _name, _n_axes(_name))

__all__ = _populate(globals(), _compat, _fixes, _FFT)

"""The ``fft`` extension: transforms, frequencies and shifts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from .._backends import D
from .._compare import Tol
from .._strategies import COMPLEX, FLOAT, REAL_FLOAT, array
from ._registry import Call, add_case
from ._shared import magnitude

FFT_TOL = Tol(ulps=16, atol=16)


def _fft_draw(kind: str, multi: bool) -> Callable[[st.DrawFn, str], Call]:
    """Draw for one fft function: ``kind`` is "c2c", "r2c" or "c2r"."""

    def draw(d: st.DrawFn, dtype: str) -> Call:
        shape = d(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=5))
        x = (
            array(d, dtype, shape, lo=-10, hi=10, specials=False)
            if dtype in REAL_FLOAT
            else (array(d, dtype, shape, hi=10))
        )
        norm = d(st.sampled_from(["backward", "ortho", "forward"]))
        if multi:
            axes = d(st.lists(st.integers(-x.ndim, x.ndim - 1), min_size=1, max_size=x.ndim,
                              unique_by=lambda a: a % x.ndim))  # fmt: skip
            kwargs: dict[str, Any] = {"axes": tuple(axes), "norm": norm}
            if d(st.booleans()):
                kwargs["s"] = tuple(d(st.integers(1, 6)) for _ in axes)
        else:
            kwargs = {"axis": d(st.integers(-x.ndim, x.ndim - 1)), "norm": norm}
            if d(st.booleans()) or (kind == "c2r" and x.shape[kwargs["axis"]] < 2):
                kwargs["n"] = d(st.integers(1 if kind != "c2r" else 2, 8))
        if kind == "c2r" and multi and "s" not in kwargs:
            kwargs["s"] = tuple(max(x.shape[a], 2) for a in kwargs["axes"])
        return Call((x,), kwargs, scale=magnitude(x))

    return draw


for _name, _kind, _multi, _dtypes in (
    ("fft", "c2c", False, COMPLEX),
    ("ifft", "c2c", False, COMPLEX),
    ("fftn", "c2c", True, COMPLEX),
    ("ifftn", "c2c", True, COMPLEX),
    ("rfft", "r2c", False, REAL_FLOAT),
    ("rfftn", "r2c", True, REAL_FLOAT),
    ("ihfft", "r2c", False, REAL_FLOAT),
    ("irfft", "c2r", False, COMPLEX),
    ("irfftn", "c2r", True, COMPLEX),
    ("hfft", "c2r", False, COMPLEX),
):
    add_case(f"fft.{_name}", _dtypes, _fft_draw(_kind, _multi), tol=FFT_TOL)


for _name in ("fft.fftfreq", "fft.rfftfreq"):

    def _freq(d: st.DrawFn, dtype: str) -> Call:
        n = d(st.integers(1, 10))
        return Call((n,), {"d": d(st.sampled_from([1.0, 0.5, 2.0])), "dtype": D(dtype)})

    add_case(_name, REAL_FLOAT, _freq, tol=Tol(ulps=2))


for _name in ("fft.fftshift", "fft.ifftshift"):

    def _shift(d: st.DrawFn, dtype: str) -> Call:
        x = array(d, dtype, d(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0)))
        some = st.lists(st.integers(0, x.ndim - 1), unique=True).map(tuple)
        axes = d(st.one_of(st.none(), st.integers(-x.ndim, x.ndim - 1), some))
        return Call((x,), {"axes": axes})

    add_case(_name, FLOAT, _shift)

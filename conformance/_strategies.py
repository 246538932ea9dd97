"""Hypothesis strategies: dtypes by the standard's categories, shapes and values.

Floating-point draws mix ordinary values with the ones implementations get wrong: signed
zeros, infinities, NaN, the largest finite and the smallest subnormal values.  Complex draws
stay finite: the special cases of complex functions are array-api-tests' ground, and a NaN
component makes the sign of the other component unspecified.
"""

from __future__ import annotations

import math
from typing import Any, Literal

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

BOOL = ("bool",)
SIGNED = ("int8", "int16", "int32", "int64")
UNSIGNED = ("uint8", "uint16", "uint32", "uint64")
INT = SIGNED + UNSIGNED
REAL_FLOAT = ("float32", "float64")
COMPLEX = ("complex64", "complex128")
FLOAT = REAL_FLOAT + COMPLEX
REAL = INT + REAL_FLOAT
NUMERIC = REAL + COMPLEX
ALL = BOOL + NUMERIC

SHAPES = hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4)
NONEMPTY = hnp.array_shapes(min_dims=0, max_dims=3, min_side=1, max_side=4)


def special_floats(dtype: str) -> list[float]:
    """The values every floating-point draw may include."""
    fi = np.finfo(dtype)
    return [
        0.0,
        -0.0,
        math.inf,
        -math.inf,
        math.nan,
        float(fi.max),
        -float(fi.max),
        float(fi.smallest_subnormal),
        1.0,
        -1.0,
    ]


def elements(
    dtype: str,
    *,
    lo: float | None = None,
    hi: float | None = None,
    specials: bool = True,
) -> st.SearchStrategy[Any]:
    """Scalars of ``dtype``: within ``[lo, hi]`` (clipped to the dtype), plus the specials.

    For complex dtypes ``hi`` bounds the modulus and there are no specials.
    """
    if dtype == "bool":
        return st.booleans()
    if dtype in INT:
        ii = np.iinfo(dtype)
        low = ii.min if lo is None else max(ii.min, math.ceil(lo))
        high = ii.max if hi is None else min(ii.max, math.floor(hi))
        return st.integers(int(low), int(high))
    if dtype in COMPLEX:
        cwidth: Literal[64, 128] = 64 if dtype == "complex64" else 128
        return st.complex_numbers(
            max_magnitude=1e3 if hi is None else hi,
            width=cwidth,
            allow_nan=False,
            allow_infinity=False,
        )
    width: Literal[32, 64] = 32 if dtype == "float32" else 64
    fi = np.finfo(dtype)
    flo = -float(fi.max) if lo is None else max(lo, -float(fi.max))
    fhi = float(fi.max) if hi is None else min(hi, float(fi.max))
    finite = st.floats(flo, fhi, width=width, allow_subnormal=specials)
    if not specials:
        return finite
    extra = [v for v in special_floats(dtype) if math.isnan(v) or math.isinf(v) or flo <= v <= fhi]
    return st.one_of(finite, st.sampled_from(extra))


def array(draw: st.DrawFn, dtype: str, shape: tuple[int, ...], **bounds: Any) -> np.ndarray:
    """One numpy array of ``dtype`` and ``shape`` drawn from :func:`elements`."""
    return draw(hnp.arrays(np.dtype(dtype), shape, elements=elements(dtype, **bounds)))


def axis_for(draw: st.DrawFn, ndim: int, *, none: bool = True, tuples: bool = False) -> Any:
    """A valid ``axis`` argument for an array of ``ndim`` dimensions (negative ones too)."""
    options: list[st.SearchStrategy[Any]] = []
    if none:
        options.append(st.none())
    if ndim:
        options.append(st.integers(-ndim, ndim - 1))
        if tuples:
            options.append(
                st.lists(st.integers(0, ndim - 1), unique=True, max_size=ndim).map(tuple)
            )
    return draw(st.one_of(*options)) if options else None

"""Portable code as a library author writes it: mypy --strict and pyright pass it unchanged.

tests/test_typing.py type-checks this file (no errors allowed) and runs it on numpy and
torch arrays; the typing guide (docs/guides/typing.md) shows it.
"""

from __future__ import annotations

from typing import Any, TypeVar

import mlx.core as mx
import numpy as np
import numpy.typing as npt
import torch
from typing_extensions import assert_type

import ember_array
from ember_array.typing import ArrayNamespace, CommonArray

# A portable function is generic in the array type: what comes in goes out. CommonArray
# (operators, shape, dtype, mT ...) is what numpy, torch and mlx arrays all have.
T = TypeVar("T", bound=CommonArray)


def standardize(x: T) -> T:
    xp = ember_array.namespace(x)
    mu = xp.mean(x, axis=0)
    return (x - mu) / xp.std(x, axis=0, correction=1)


def softmax(x: T, axis: int = -1) -> T:
    xp = ember_array.namespace(x)
    shifted = x - xp.max(x, axis=axis, keepdims=True)
    e = xp.exp(shifted)
    return e / xp.sum(e, axis=axis, keepdims=True)


def pairwise_distances(a: T, b: T) -> T:
    xp = ember_array.namespace(a, b)
    diff = a[:, xp.newaxis, :] - b[xp.newaxis, :, :]
    return xp.linalg.vector_norm(diff, axis=-1)


def solve_and_check(a: T, b: T) -> tuple[T, float]:
    xp = ember_array.namespace(a, b)
    x = xp.linalg.solve(a, b)
    residual = xp.linalg.matrix_norm(a @ x - b, ord="fro")
    return x, float(residual)


def lowpass(signal: T, keep: int) -> T:
    xp = ember_array.namespace(signal)
    spectrum = xp.fft.rfft(signal, axis=-1)
    n, m = signal.shape[-1], spectrum.shape[-1]
    # The standard allows unknown (None) sizes on lazy backends: the checkers insist.
    assert n is not None
    assert m is not None
    mask = xp.arange(m, device=ember_array.device(signal)) < keep
    return xp.fft.irfft(xp.where(mask, spectrum, 0.0), n=n, axis=-1)


def as_float(x: T) -> T:
    xp = ember_array.namespace(x)
    if xp.isdtype(x.dtype, "real floating"):
        return x
    info = xp.__array_namespace_info__()
    dtype = info.default_dtypes(device=ember_array.device(x))["real floating"]
    return xp.astype(x, dtype)


def phase(x: T, *, scale: float = 1.0) -> T:
    xp = ember_array.namespace(x, scale)
    eps = xp.finfo(x.dtype).eps
    return xp.atan2(xp.sin(x * xp.pi), xp.cos(x) + eps) * scale


def bounded(x: T) -> T:
    xp = ember_array.namespace(x)
    hi = xp.asarray(xp.inf, dtype=xp.float32, device=ember_array.device(x))
    return xp.clip(xp.where(xp.isnan(x), 0.0, x), max=hi)


# A concretely typed caller gets a namespace over its own array type.
def torch_column_sums(t: torch.Tensor) -> torch.Tensor:
    xp = ember_array.namespace(t)
    assert_type(xp, ArrayNamespace[torch.Tensor])
    return xp.sum(t, axis=0)


def numpy_cumsum(a: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    xp = ember_array.namespace(a, 0.5, None)  # Python scalars and None are ignored
    assert_type(xp, ArrayNamespace[npt.NDArray[np.float64]])
    return xp.cumulative_sum(a, axis=0, include_initial=True)


# The 2026.12 draft's view adds top_k (values and indices of the arrays' own type).
def largest_three(x: T) -> tuple[T, T]:
    xp = ember_array.namespace(x, api_version="2026.12")
    return xp.top_k(x, 3, axis=-1, mode="largest")


# Compiled, a portable function keeps its signature: the same arrays in, the same type out.
compiled_standardize = ember_array.compile(standardize)


@ember_array.compile(static_argnames=("axis",))
def compiled_softmax(x: T, axis: int = -1) -> T:
    return softmax(x, axis)


# Callers pass their own arrays to the portable functions and get the same type back.
def callers(t: torch.Tensor, a: npt.NDArray[Any], m: mx.array) -> None:
    assert_type(standardize(t), torch.Tensor)
    assert_type(softmax(a, axis=0), npt.NDArray[Any])
    assert_type(pairwise_distances(m, m), mx.array)
    assert_type(compiled_standardize(t), torch.Tensor)
    assert_type(compiled_softmax(a, axis=0), npt.NDArray[Any])

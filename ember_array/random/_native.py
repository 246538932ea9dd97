"""The engines of ``Generator(impl="native")``: each backend's own generator object.

``np.random.Generator(PCG64(seed))``, a seeded ``torch.Generator``, or an mlx key advanced
with ``mx.random.split``; none touches a library's global random state. Where the native call
cannot give the asked result exactly, the portable transform runs on bits from the native
stream.
"""

from __future__ import annotations

import abc
import operator
from typing import Any

from ._core import bits
from ._discrete import integers, integers_from_words, words_per_integer
from ._dists import normal, scale_uniform, uniform
from ._params import is_array
from ._words import BITS_DTYPES, Words, dtype_name, map_blocks, size_of

__all__ = ["NATIVE_ENGINES", "make_native"]


def _scaled(low: Any, high: Any) -> bool:
    """Whether bounds other than ``[0, 1)`` need :func:`scale_uniform`."""
    return is_array(low) or is_array(high) or low != 0.0 or high != 1.0


class _Native(abc.ABC):
    """Common part of the native engines: a backend and a device."""

    def __init__(self, be: Words, seed: int, device: Any) -> None:
        self.be = be
        self.device = device

    def bits_name(self, dtype: Any) -> str:
        """The name of the unsigned ``dtype`` of :meth:`bits` (default uint32)."""
        name = "uint32" if dtype is None else dtype_name(self.be, dtype, BITS_DTYPES)
        if name is None:
            raise TypeError(f"bits(): dtype must be an unsigned integer dtype, got {dtype}")
        return name

    def key(self) -> Any:
        """A threefry key drawn from the native stream (for the shared transforms)."""
        b = self.bits((2,), None)
        return b

    def permutation(self, x: Any, axis: int) -> Any:
        xp = self.be.xp
        if hasattr(x, "shape"):
            n = x.shape[operator.index(axis)]
            return xp.take(x, self.perm(n), axis=axis)
        n = operator.index(x)
        if n < 0:
            raise ValueError(f"permutation(): n must be >= 0, got {n}")
        return self.perm(n)

    @abc.abstractmethod
    def bits(self, shp: tuple[int, ...], dtype: Any) -> Any:
        """Random unsigned bits of ``dtype`` (default uint32) from the native stream."""

    @abc.abstractmethod
    def uniform(self, shp: tuple[int, ...], name: str, low: Any, high: Any) -> Any:
        """Uniform floats of dtype ``name`` in ``[low, high)``."""

    @abc.abstractmethod
    def normal(self, shp: tuple[int, ...], name: str) -> Any:
        """Standard normals of dtype ``name``."""

    @abc.abstractmethod
    def integers(self, lo: int, hi: int, shp: tuple[int, ...], name: str) -> Any:
        """Integers in ``[lo, hi)`` of dtype ``name``."""

    @abc.abstractmethod
    def perm(self, n: int) -> Any:
        """A permutation of ``arange(n)``."""

    def integers_portable(self, lo: int, hi: int, shp: tuple[int, ...], name: str) -> Any:
        """Multiply-shift integers from 128 native random bits per value (exact range)."""
        n = size_of(shp)
        be = self.be
        m = words_per_integer(lo, hi)
        w = self.bits((m * n,), None)
        u = be.xp.astype(w, be.xp.int64)
        parts = [u[i * n : (i + 1) * n] for i in range(m)]
        out = map_blocks(be, lambda ps: integers_from_words(be, ps, lo, hi, name), parts)
        return be.xp.reshape(out, shp)


class _NumpyNative(_Native):
    def __init__(self, be: Words, seed: int, device: Any) -> None:
        super().__init__(be, seed, device)
        import numpy as np

        self.np = np
        self.rng = np.random.Generator(np.random.PCG64(seed))

    def bits(self, shp: tuple[int, ...], dtype: Any) -> Any:
        np = self.np
        name = self.bits_name(dtype)
        dt = np.dtype(name)
        return self.rng.integers(0, 2 ** (8 * dt.itemsize), size=shp, dtype=dt)

    def uniform(self, shp: tuple[int, ...], name: str, low: Any, high: Any) -> Any:
        np = self.np
        dt = np.float64 if name == "float64" else np.float32
        u = self.rng.random(shp, dtype=dt)
        if name not in ("float32", "float64"):
            u = u.astype(name)
        if _scaled(low, high):
            u = scale_uniform(self.be, u, low, high, u.dtype, "cpu")
        return u

    def normal(self, shp: tuple[int, ...], name: str) -> Any:
        np = self.np
        dt = np.float64 if name == "float64" else np.float32
        z = self.rng.standard_normal(shp, dtype=dt)
        return z if name in ("float32", "float64") else z.astype(name)

    def integers(self, lo: int, hi: int, shp: tuple[int, ...], name: str) -> Any:
        return self.rng.integers(lo, hi, size=shp, dtype=self.np.dtype(name))

    def perm(self, n: int) -> Any:
        return self.rng.permutation(n)


class _TorchNative(_Native):
    def __init__(self, be: Words, seed: int, device: Any) -> None:
        super().__init__(be, seed, device)
        import torch

        self.torch = torch
        self.dev = torch.device("cpu") if device is None else torch.device(device)
        self.gen = torch.Generator(device=self.dev)
        # torch seeds are 64-bit; manual_seed takes the value modulo 2**64 as uint64.
        self.gen.manual_seed(seed)

    def _u32(self, n: int) -> Any:
        torch = self.torch
        return torch.randint(0, 2**32, (n,), generator=self.gen, dtype=torch.int64, device=self.dev)

    def bits(self, shp: tuple[int, ...], dtype: Any) -> Any:
        torch = self.torch
        name = self.bits_name(dtype)
        n = size_of(shp)
        if name == "uint64":
            w = self._u32(2 * n)
            v = (w[:n] << 32) | w[n:]
        else:
            v = self._u32(n)
            if name != "uint32":
                v = v & ((1 << (8 if name == "uint8" else 16)) - 1)
        return v.to(getattr(torch, name)).reshape(shp)

    def uniform(self, shp: tuple[int, ...], name: str, low: Any, high: Any) -> Any:
        torch = self.torch
        dt = getattr(torch, name)
        u = torch.rand(shp, generator=self.gen, dtype=dt, device=self.dev)
        if _scaled(low, high):
            u = scale_uniform(self.be, u, low, high, dt, self.dev)
        return u

    def normal(self, shp: tuple[int, ...], name: str) -> Any:
        torch = self.torch
        return torch.randn(shp, generator=self.gen, dtype=getattr(torch, name), device=self.dev)

    def integers(self, lo: int, hi: int, shp: tuple[int, ...], name: str) -> Any:
        torch = self.torch
        if hi - lo <= 2**32 and lo >= -(2**63) and hi <= 2**63 - 1:
            out = torch.randint(lo, hi, shp, generator=self.gen, dtype=torch.int64, device=self.dev)
            return out if name == "int64" else out.to(getattr(torch, name))
        # torch: randint cannot take high = 2**63 (and reduces 64-bit draws modulo the range);
        # https://github.com/pytorch/pytorch/issues/81446
        # Wide ranges use the portable multiply-shift on torch's own bits instead.
        return self.integers_portable(lo, hi, shp, name)

    def perm(self, n: int) -> Any:
        return self.torch.randperm(n, generator=self.gen, device=self.dev)


class _MlxNative(_Native):
    def __init__(self, be: Words, seed: int, device: Any) -> None:
        super().__init__(be, seed, device)
        import mlx.core as mx

        from ..mlx._devices import stream_for

        self.mx = mx
        self.stream = stream_for(device, None, "Generator")
        self.state = mx.random.key(seed)

    def _next(self) -> Any:
        self.state, sub = self.mx.random.split(self.state, stream=self.stream)
        return sub

    def key(self) -> Any:
        return self._next()

    def bits(self, shp: tuple[int, ...], dtype: Any) -> Any:
        # mlx: mx.random has no Python ``bits`` (no upstream issue found); its
        # ``split(key, m)`` *is* RandomBits of 2m words.
        name = self.bits_name(dtype)
        if name != "uint32":
            return bits(self._next(), shp, dtype=dtype)
        n = size_of(shp)
        w = self.mx.random.split(self._next(), (n + 1) // 2, stream=self.stream)
        return w.reshape(-1)[:n].reshape(shp)

    def uniform(self, shp: tuple[int, ...], name: str, low: Any, high: Any) -> Any:
        mx = self.mx
        if name == "float64":
            # mlx: mx.random.uniform has no float64 (no upstream issue found)
            # Use the portable mapping on an mlx key.
            return uniform(self._next(), shp, dtype=mx.float64, low=low, high=high)
        return mx.random.uniform(
            low, high, shp, dtype=getattr(mx, name), key=self._next(), stream=self.stream
        )

    def normal(self, shp: tuple[int, ...], name: str) -> Any:
        mx = self.mx
        if name == "float64":
            return normal(self._next(), shp, dtype=mx.float64)
        return mx.random.normal(shp, dtype=getattr(mx, name), key=self._next(), stream=self.stream)

    def integers(self, lo: int, hi: int, shp: tuple[int, ...], name: str) -> Any:
        mx = self.mx
        if lo >= -(2**24) and hi <= 2**24:
            return mx.random.randint(
                lo, hi, shp, dtype=getattr(mx, name), key=self._next(), stream=self.stream
            )
        # mlx: mx.random.randint maps a float32 uniform, so beyond 2**24 most integers are
        # never drawn; https://github.com/ml-explore/mlx/issues/3926
        # There the portable multiply-shift on an mlx key is exact and stays lazy.
        return integers(self._next(), lo, hi, shp, dtype=getattr(mx, name))

    def perm(self, n: int) -> Any:
        return self.be.xp.astype(
            self.mx.random.permutation(n, key=self._next(), stream=self.stream), self.mx.int64
        )


#: backend -> the engine of ``impl="native"`` (the support matrix reads this registry).
NATIVE_ENGINES: dict[str, type[_Native]] = {
    "numpy": _NumpyNative,
    "torch": _TorchNative,
    "mlx": _MlxNative,
}


def make_native(be: Words, seed: int, device: Any) -> _Native:
    engine = NATIVE_ENGINES.get(be.name)
    if engine is not None:
        return engine(be, seed, device)
    raise ValueError(
        f"Generator(): impl='native' supports numpy, torch and mlx, not {be.name}; "
        "use impl='portable'"
    )

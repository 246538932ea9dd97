"""Argument recipes: picklable descriptions of one call's inputs, built in the worker.

A case never holds arrays: it holds recipes (:class:`Arr`, :class:`DT`, :class:`Dev`,
:class:`Foreign`) that :class:`Materializer` turns into the objects of the library under test
and, for the referee, into array-api-strict objects meaning the same thing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

#: Specials written at the start of an array by the ``specials`` kinds.
SPECIALS: dict[str, tuple[float, ...]] = {
    "nan": (math.nan,),
    "inf": (math.inf, -math.inf),
    "negzero": (-0.0, 0.0),
    "mixed": (math.nan, math.inf, -math.inf, -0.0),
}


@dataclass(frozen=True)
class Arr:
    """An array: dtype name, shape, value pattern, and how the array is laid out.

    ``values``: ``"small"`` (1..7 for integers, in (0, 1] for floats), ``"spd"`` (a symmetric
    positive definite stack of matrices), ``"sorted"`` (increasing), ``"index"`` (valid indices
    into an axis of length ``bound``), ``"oob"`` (an index beyond ``bound``), ``"negoob"``,
    ``"key"`` (a random key), or a :data:`SPECIALS` name. ``view``: ``""`` (contiguous),
    ``"strided"`` (every second row of a larger array), ``"transposed"`` (a transposed view),
    ``"reversed"`` (a negative-stride view where the library has one).
    """

    dtype: str
    shape: tuple[int, ...]
    values: str = "small"
    view: str = ""
    bound: int = 0


@dataclass(frozen=True)
class DT:
    """The dtype ``name`` of the library under test (array-api-strict's for the referee)."""

    name: str


@dataclass(frozen=True)
class Dev:
    """A device: ``"default"`` (the library's own), ``"strict"`` (array-api-strict's
    ``Device('device1')``: a device of another library), ``"gpu"`` (the library's GPU object),
    ``"meta"`` (torch's meta device)."""

    kind: str


@dataclass(frozen=True)
class Foreign:
    """``arr`` as an array of another library: ``"numpy"``, ``"strict"`` or ``"list"``.

    The referee receives the same values as its own array.
    """

    lib: str
    arr: Arr


@dataclass(frozen=True)
class Xp:
    """The namespace under test itself (shims take ``xp=``); the referee gets array-api-strict.

    ``strict=True``: array-api-strict's namespace for both (a namespace of another library).
    """

    strict: bool = False


def numpy_values(a: Arr) -> np.ndarray:
    """The values of ``a`` as a contiguous numpy array of ``a.dtype``."""
    n = math.prod(a.shape)
    k = np.arange(n, dtype=np.float64)
    dt = np.dtype(a.dtype)
    if a.values == "spd" and len(a.shape) >= 2 and a.shape[-1] == a.shape[-2]:
        base = np.eye(a.shape[-1]) * 2.0 + 0.25
        return np.broadcast_to(base, a.shape).astype(dt)
    if a.values == "sorted":
        return np.arange(n, dtype=np.float64).reshape(a.shape).astype(dt)
    if a.values == "index":
        return (np.arange(n) % max(a.bound, 1)).reshape(a.shape).astype(dt)
    if a.values in ("oob", "negoob"):
        idx = np.arange(n) % max(a.bound, 1)
        if n:
            idx[-1] = a.bound + 7 if a.values == "oob" else -(a.bound + 7)
        return idx.reshape(a.shape).astype(dt)
    if a.values == "key":  # mx.random.key(42) / ember_array.random.key(42): [0, 42]
        return (np.arange(n) * 42).reshape(a.shape).astype(dt)
    if dt.kind == "b":
        bools: np.ndarray = (k % 2 == 0).reshape(a.shape)
        return bools
    if dt.kind in "iu":
        ints: np.ndarray = (k % 7 + 1).reshape(a.shape).astype(dt)
        return ints
    v: Any = (k % 7 + 1) / 8
    if dt.kind == "c":
        v = v + 1j * ((k % 5) / 8)
    out: np.ndarray = v.astype(dt)
    if a.values in SPECIALS:
        sp = SPECIALS[a.values]
        flat = out.reshape(-1)
        for i, s in enumerate(sp[: flat.size]):
            flat[i] = s
        out = flat.reshape(a.shape)
    return out.reshape(a.shape)


def _view_source(a: Arr) -> tuple[np.ndarray, str]:
    """The numpy array to convert, and the view op to apply after conversion."""
    v = numpy_values(a)
    if a.view == "strided" and v.ndim >= 1:
        big = np.repeat(v, 2, axis=0)  # rows 0, 2, 4... are v
        return big, "strided"
    if a.view == "transposed" and v.ndim >= 2:
        return np.ascontiguousarray(np.swapaxes(v, -1, -2)), "transposed"
    if a.view == "reversed" and v.ndim >= 1:
        return np.ascontiguousarray(v[::-1]), "reversed"
    return v, ""


class Materializer:
    """Builds recipes into one library's objects.

    ``lib``: ``"numpy"``, ``"torch"``, ``"mlx"`` (through ember_array's namespace of it) or
    ``"strict"`` (array-api-strict, the referee).
    """

    def __init__(self, lib: str, xp: Any) -> None:
        self.lib = lib
        self.xp = xp
        self.created: list[tuple[Any, np.ndarray]] = []  # (array, its values): mutation check

    def _convert(self, src: np.ndarray) -> Any:
        """A contiguous numpy array as this library's array, same values and dtype."""
        if self.lib == "torch":
            import torch

            return torch.from_numpy(src.copy())  # exact values, uint16/32/64 included
        if self.lib == "mlx":
            import mlx.core as mx

            return mx.array(
                src, dtype=getattr(mx, "bool_" if src.dtype == bool else src.dtype.name)
            )
        return src if self.lib == "numpy" else self.xp.asarray(src)

    def _transpose(self, x: Any) -> Any:
        """``x`` with its last two axes swapped, as a view where the library has views."""
        if self.lib == "torch":
            return x.transpose(-1, -2)
        if self.lib == "mlx":
            import mlx.core as mx

            return mx.swapaxes(x, -1, -2)
        if self.lib == "numpy":
            return np.swapaxes(x, -1, -2)
        axes = list(range(x.ndim))
        axes[-1], axes[-2] = axes[-2], axes[-1]
        return self.xp.permute_dims(x, tuple(axes))

    def array(self, a: Arr, *, track: bool = True) -> Any:
        src, view = _view_source(a)
        out = self._convert(src)
        # full index tuples: array-api-strict refuses x[::2] on a 2-D array
        if view == "strided":
            out = out[::2, ...]
        elif view == "transposed":
            out = self._transpose(out)
        elif view == "reversed":
            # torch has no negative strides
            out = out.flip(0) if self.lib == "torch" else out[::-1, ...]
        if track:
            self.created.append((out, numpy_values(a)))
        return out

    def build(self, obj: Any) -> Any:
        """Recipes -> objects, recursively through lists, tuples and dicts."""
        if isinstance(obj, Arr):
            return self.array(obj)
        if isinstance(obj, DT):
            return getattr(self.xp, obj.name)
        if isinstance(obj, Dev):
            return self.device(obj)
        if isinstance(obj, Foreign):
            if self.lib == "strict":
                # the referee gets the same values as its own array; a list stays a list
                if obj.lib == "list":
                    return numpy_values(obj.arr).tolist()
                return self.array(obj.arr, track=False)
            if obj.lib == "list":
                return numpy_values(obj.arr).tolist()
            if obj.lib == "numpy":
                src, view = _view_source(obj.arr)
                return src[::-1] if view == "reversed" else numpy_values(obj.arr)
            import array_api_strict

            return array_api_strict.asarray(numpy_values(obj.arr))
        if isinstance(obj, Xp):
            if obj.strict:
                import array_api_strict

                return array_api_strict
            return self.xp
        if isinstance(obj, list):
            return [self.build(o) for o in obj]
        if isinstance(obj, tuple):
            return tuple(self.build(o) for o in obj)
        if isinstance(obj, dict):
            return {k: self.build(v) for k, v in obj.items()}
        return obj

    def device(self, d: Dev) -> Any:
        if d.kind == "default":
            return self.xp.__array_namespace_info__().default_device()
        if d.kind == "strict":
            import array_api_strict

            return array_api_strict.Device("device1")
        if d.kind == "gpu":
            if self.lib == "torch":
                import torch

                return torch.device("cuda")
            if self.lib == "mlx":
                import mlx.core as mx

                return mx.gpu
            return "gpu"
        if d.kind == "meta":
            if self.lib == "torch":
                import torch

                return torch.device("meta")
            return "meta"
        raise ValueError(d.kind)

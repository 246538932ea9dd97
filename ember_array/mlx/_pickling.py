"""Pickling ``mx.array`` without losing float64 (installed by ``ember_array.mlx.install``).

mlx pickles an array as a numpy copy of its data and rebuilds it with ``mx.array(data)``, whose
default turns a float64 numpy array into float32: a float64 array comes back float32, silently
(mlx 0.32.4). A float64 array is pickled here as ``mlx.core.array(data, mlx.core.float64)``,
which needs nothing but numpy and mlx to load; every other dtype keeps mlx's own pickling.
"""

from __future__ import annotations

import importlib
from typing import Any

import mlx.core as mx
import numpy as np


class _Module:
    """Pickles as ``importlib.import_module(name)``."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (importlib.import_module, (self.name,))


class _Attribute:
    """Pickles as ``getattr(owner, name)`` (how an ``mx.Dtype``, which has no pickling of its
    own, reaches the pickle)."""

    __slots__ = ("name", "owner")

    def __init__(self, owner: Any, name: str) -> None:
        self.owner = owner
        self.name = name

    def __reduce__(self) -> tuple[Any, tuple[Any, str]]:
        return (getattr, (self.owner, self.name))


def reduce_ex(self: mx.array, protocol: int) -> Any:
    """``mx.array.__reduce_ex__`` keeping float64 arrays float64 (see the module docstring)."""
    if self.dtype == mx.float64:
        # mlx: unpickling a float64 array gives a float32 one (its __setstate__ converts the
        # saved numpy data with mx.array's float32 default) (no upstream issue found)
        data = np.array(self, copy=True)  # pickling reads the data, as mlx's own does
        return (mx.array, (data, _Attribute(_Module("mlx.core"), "float64")))
    return object.__reduce_ex__(self, protocol)

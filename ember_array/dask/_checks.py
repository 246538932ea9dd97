"""Argument checks shared by the dask namespace's functions (creation, manipulation, fft).

dask takes many arguments numpy rejects (``arange(start=x)`` of a dask array, ``k=1.5``,
shapes of more elements than any graph holds); these raise what numpy raises, naming the
function.
"""

from __future__ import annotations

import math
import operator
from typing import Any

import array_api_compat.dask.array as _compat_module
import dask.array as da

__all__ = ["MAX_ELEMENTS", "check_device", "check_graph_size", "integer", "python_scalars"]

_compat: Any = _compat_module


def check_device(func: str, device: Any) -> None:
    """``ValueError`` for a device the dask namespace does not have."""
    if device is not None and device not in _compat.__array_namespace_info__().devices():
        raise ValueError(f"{func}() [dask]: unknown device {device!r}")


#: The most elements of one array: 2**48 (2 PiB of float64, 16 million of dask's 128 MiB
#: blocks). dask builds a graph of a larger shape for minutes (``full((2**31,) * 3, 1.0)``:
#: 15 s, ``eye(2**31)``: over a minute) before any computation (no upstream issue found).
MAX_ELEMENTS = 1 << 48


def check_graph_size(func: str, shape: tuple[int, ...]) -> None:
    """``ValueError`` for a shape of more than :data:`MAX_ELEMENTS` elements."""
    n = math.prod(shape)
    if n > MAX_ELEMENTS:
        raise ValueError(
            f"{func}() [dask]: shape {shape} has {n} elements, more than one dask array holds "
            f"({MAX_ELEMENTS})"
        )


def integer(func: str, name: str, value: Any) -> int:
    """``value`` as an int; ``TypeError`` naming ``func`` for anything else (``1.5``, ``"0"``),
    where dask's functions take it."""
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(
            f"{func}() [dask]: {name} must be an int, got {type(value).__name__}"
        ) from None


def python_scalars(func: str, **values: Any) -> None:
    """``TypeError`` for a dask array where a Python scalar goes (``arange(start=x)``)."""
    # dask: arange/linspace/fftfreq read a dask array given for a scalar with float(), which
    # computes the graph while it is built (no upstream issue found)
    for name, v in values.items():
        if isinstance(v, da.Array):
            raise TypeError(
                f"{func}() [dask]: {name} must be a Python scalar, got a dask array (reading "
                "its value would compute the graph)"
            )

"""The framing paths, one per backend (arguments already checked by ``frame``).

:data:`FRAME_PATHS` maps a backend to its fast path (a view where the backend has one); other
namespaces take :func:`frame_generic`.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from .._helpers import device as _device
from ._blocks import Framing, frames_generic, frames_strided, mlx_traced


def _frame_torch(xp: ModuleType, x: Any, frame_length: int, hop: int, axis: int) -> Any:
    return x.unfold(axis, frame_length, hop)


def _frame_numpy(xp: ModuleType, x: Any, frame_length: int, hop: int, axis: int) -> Any:
    import numpy as np
    from numpy.lib.stride_tricks import sliding_window_view

    x = np.asarray(x)
    view = sliding_window_view(x, frame_length, axis=axis)
    return view[(slice(None),) * axis + (slice(None, None, hop),)]


def _frame_mlx(xp: ModuleType, x: Any, frame_length: int, hop: int, axis: int) -> Any:
    # mx.as_strided (a view) only where no transform traces x:
    # mlx: as_strided has no vmap rule in mlx 0.32.4, so mx.vmap(frame) failed
    # (no upstream issue found)
    framing = frames_generic if mlx_traced(x) else frames_strided
    return frame_generic(xp, x, frame_length, hop, axis, framing)


def frame_generic(
    xp: ModuleType,
    x: Any,
    frame_length: int,
    hop: int,
    axis: int,
    framing: Framing = frames_generic,
) -> Any:
    moved = xp.moveaxis(x, axis, -1) if axis != x.ndim - 1 else x
    out = framing(xp, moved, frame_length, hop, _device(x))
    return xp.moveaxis(out, -2, axis) if axis != x.ndim - 1 else out


#: backend -> its framing fast path (a view where the backend has one); others: a gather.
FRAME_PATHS: dict[str, Callable[[ModuleType, Any, int, int, int], Any]] = {
    "numpy": _frame_numpy,
    "torch": _frame_torch,
    "mlx": _frame_mlx,
}

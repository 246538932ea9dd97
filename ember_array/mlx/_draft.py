"""The 2026.12 draft's additions for mlx arrays (see :mod:`ember_array._versions`)."""

from __future__ import annotations

from typing import Any

import mlx.core as mx

from .. import mlx as _xp
from .._boundary import guard
from .._common._device_dtypes import checked_creation, draft_info
from .._common._top_k import Kernels, make_top_k
from ._devices import device_kind

__all__ = ["INFO", "NAMES"]


def _kind(device: Any) -> str:
    """``"cpu"`` or ``"gpu"``: where mlx runs (its memory is unified)."""
    return device_kind(device)


def _top(y: Any, k: int, largest: bool) -> Any:
    """The ``k`` best values of each row by ``mx.topk`` (largest only) or ``mx.partition``
    (NaN the greatest in both), in no order.

    mlx: ``mx.topk`` gives no indices and ``mx.argpartition`` is slower than it, so
    ``top_k_last`` finds the indices with ``mx.topk`` on a unique integer key instead.
    """
    if largest:
        return mx.topk(y, k, axis=-1)
    return mx.partition(y, k - 1, axis=-1)[..., :k]


#: What the 2026.12 view puts over :mod:`ember_array.mlx`: top_k and the creation functions
#: that refuse a dtype their device cannot hold.
#: mlx: no vjp through a gather's indices ("Cannot calculate VJP with respect to indices"), so
#: the indices are found on mx.stop_gradient(x) (by design: mlx's gather differentiates the
#: values only; no upstream issue).
NAMES: dict[str, Any] = {
    **checked_creation(_xp, "mlx", _kind),
    "top_k": guard(
        make_top_k(
            _xp,
            Kernels(top=_top, block=16),
            native=("topk", "partition"),
            constant=mx.stop_gradient,
        ),
        "top_k",
        "mlx",
    ),
}


#: The 2026.12 view's inspection class: dtypes and default dtypes per device.
INFO = draft_info(_xp.__array_namespace_info__, "mlx", _kind)

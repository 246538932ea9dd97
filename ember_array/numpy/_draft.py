"""The 2026.12 draft's additions for numpy arrays (see :mod:`ember_array._versions`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import numpy as _xp
from .._boundary import guard
from .._common._device_dtypes import checked_creation, draft_info
from .._common._top_k import Kernels, always, make_top_k

__all__ = ["INFO", "KERNELS", "NAMES"]


def _kind(device: Any) -> str:
    """numpy computes on the CPU only."""
    return "cpu"


def _pick(y: Any, k: int, largest: bool) -> Any:
    """``k`` best elements of each row by ``np.argpartition`` (NaN sorts last there)."""
    n = y.shape[-1]
    if largest:
        return np.argpartition(y, n - k, axis=-1)[..., n - k :]
    return np.argpartition(y, k - 1, axis=-1)[..., :k]


def _top(y: Any, k: int, largest: bool) -> Any:
    """The ``k`` best values of each row by ``np.partition`` (NaN sorts last there)."""
    n = y.shape[-1]
    if largest:
        return np.partition(y, n - k, axis=-1)[..., n - k :]
    return np.partition(y, k - 1, axis=-1)[..., :k]


#: numpy's kernels (dask's chunks use them too).
KERNELS = Kernels(top=_top, pick=_pick)


#: What the 2026.12 view puts over :mod:`ember_array.numpy`: top_k and the creation functions
#: that refuse a dtype their device cannot hold. numpy computes eagerly, so
#: top_k reads one boolean to skip the repair of ties when none straddles the cut.
NAMES: dict[str, Any] = {
    **checked_creation(_xp, "numpy", _kind),
    "top_k": guard(
        make_top_k(_xp, KERNELS, native=("argpartition", "partition"), eager=always),
        "top_k",
        "numpy",
    ),
}


#: The 2026.12 view's inspection class: dtypes and default dtypes per device.
INFO = draft_info(
    getattr(_xp, "__array_namespace_info__"),  # noqa: B009  # mypy: numpy's assignment is untyped
    "numpy",
    _kind,
)

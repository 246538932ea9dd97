"""The 2026.12 draft's additions for torch tensors (see :mod:`ember_array._versions`)."""

from __future__ import annotations

from typing import Any

import torch

from .. import torch as _xp
from .._boundary import guard
from .._common._device_dtypes import checked_creation, draft_info
from .._common._top_k import Kernels, make_top_k, sort_pick, sort_top
from .._helpers import is_eager_cpu_tensor
from ._device_rules import resolve

__all__ = ["INFO", "NAMES"]


def _kind(device: Any) -> str:
    """The torch device type (``"cpu"``, ``"cuda"``, ``"mps"``) of any spelling ember accepts."""
    return resolve(device, "__array_namespace_info__()").type


#: torch: topk has no kernel for uint16/uint32/uint64 ("topk_cpu" not implemented for
#: 'UInt32'; https://github.com/pytorch/pytorch/issues/58734): ember's sort covers them.
_NO_TOPK = frozenset({torch.uint16, torch.uint32, torch.uint64})
_sorted_top = sort_top(_xp)
_sorted_pick = sort_pick(_xp)


def _pick(y: Any, k: int, largest: bool) -> Any:
    """``k`` best elements of each row by ``torch.topk`` (NaN the greatest there; which of
    equal values it keeps is unspecified: ``top_k_last`` settles that)."""
    if y.dtype in _NO_TOPK:
        return _sorted_pick(y, k, largest)
    return torch.topk(y, k, dim=-1, largest=largest, sorted=False).indices


def _top(y: Any, k: int, largest: bool) -> Any:
    """The ``k`` best values of each row by ``torch.topk`` (NaN the greatest there)."""
    if y.dtype in _NO_TOPK:
        return _sorted_top(y, k, largest)
    return torch.topk(y, k, dim=-1, largest=largest, sorted=False).values


#: What the 2026.12 view puts over :mod:`ember_array.torch`: top_k and the creation functions
#: that refuse a dtype their device cannot hold.
NAMES: dict[str, Any] = {
    **checked_creation(_xp, "torch", _kind),
    "top_k": guard(
        make_top_k(
            _xp,
            Kernels(top=_top, pick=_pick, block=64),
            native=("topk",),
            place=lambda y: y.device,
            eager=is_eager_cpu_tensor,
        ),
        "top_k",
        "torch",
    ),
}


#: The 2026.12 view's inspection class: dtypes and default dtypes per device.
INFO = draft_info(_xp.__array_namespace_info__, "torch", _kind)

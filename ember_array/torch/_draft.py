"""The 2026.12 draft's additions for torch tensors (see :mod:`ember_array._versions`)."""

from __future__ import annotations

from typing import Any

import torch

from .. import torch as _xp
from .._boundary import guard
from .._common._top_k import make_top_k, sort_select

__all__ = ["NAMES"]

#: torch: topk has no kernel for uint16/uint32/uint64 ("topk_cpu" not implemented for
#: 'UInt32'; https://github.com/pytorch/pytorch/issues/58734): ember's argsort covers them.
_NO_TOPK = frozenset({torch.uint16, torch.uint32, torch.uint64})
_sorted = sort_select(_xp)


def _select(y: Any, k: int, largest: bool) -> Any:
    """``k`` best elements of each row by ``torch.topk`` (NaN the greatest there; which of
    equal values it keeps is unspecified: ``top_k_last`` repairs that)."""
    if y.dtype in _NO_TOPK:
        return _sorted(y, k, largest)
    return torch.topk(y, k, dim=-1, largest=largest, sorted=False).indices


#: The names the 2026.12 view adds to :mod:`ember_array.torch`.
NAMES: dict[str, Any] = {
    "top_k": guard(make_top_k(_xp, _select, place=lambda y: y.device), "top_k", "torch")
}

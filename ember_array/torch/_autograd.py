"""Derivatives torch lacks or gets wrong, and the tests of whether one may be taken.

``nextafter`` and ``floor_divide`` of the namespace (:mod:`._elementwise`) compute through
:func:`nextafter_differentiable` and :func:`floor_divide_differentiable`; ``unique_*``
(:mod:`._set`) gather their values differentiably where :func:`tracked` says a derivative may
be taken.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

__all__ = [
    "floor_divide_differentiable",
    "is_compiling",
    "nextafter_differentiable",
    "tracked",
    "transforming",
]

is_compiling = torch.compiler.is_compiling
_forward_ad = torch.autograd.forward_ad
_functorch_level = torch._C._functorch.maybe_current_level


def transforming() -> bool:
    """Whether forward AD or a ``torch.func`` transform is active (not under dynamo)."""
    return _forward_ad._current_level >= 0 or _functorch_level() is not None


def tracked(x: torch.Tensor) -> bool:
    """Whether a derivative may be taken through ``x``: autograd, forward AD or a
    ``torch.func`` transform (grad, jvp, vmap) sees it. Cheap (~0.2 µs untracked)."""
    if is_compiling():  # dynamo cannot trace the functorch level
        return x.requires_grad
    return transforming() or x.requires_grad


# torch: nextafter's derivative with respect to x1 is 0 where x1 == x2 (1 elsewhere), and
# torch.func.grad gives it; https://github.com/pytorch/pytorch/issues/148814
class _NextAfter(torch.autograd.Function):
    """``torch.nextafter`` with the derivatives 1 (``x1``) and 0 (``x2``) everywhere.

    ``nextafter(x1, x2)`` is ``x1`` moved by one unit in the last place: as a function of
    real numbers, ``x1`` itself (central finite differences give 1 at a tie too, where torch's
    formula gives 0). ``setup_context`` and ``generate_vmap_rule`` make it a function that
    ``torch.func`` (grad, vjp, jvp, vmap) and ``torch.compile`` go through.
    """

    generate_vmap_rule = True

    @staticmethod
    def forward(x1: torch.Tensor, x2: torch.Tensor) -> torch.Tensor:
        return torch.nextafter(x1, x2)

    @staticmethod
    def setup_context(ctx: Any, inputs: tuple[Any, ...], output: torch.Tensor) -> None:
        ctx.shape, ctx.out_shape = inputs[0].shape, output.shape

    @staticmethod
    def backward(ctx: Any, grad: torch.Tensor) -> tuple[torch.Tensor, None]:
        # x1 was broadcast against x2: its gradient sums over the broadcast axes
        return grad.sum_to_size(ctx.shape), None


# torch: dynamo cannot trace an autograd.Function with a custom jvp ("Unsupported custom jvp")
# (no upstream issue found)
# The forward-mode rule is a subclass, used outside torch.compile only.
class _NextAfterForward(_NextAfter):
    """:class:`_NextAfter` with its forward-mode rule (``torch.func.jvp``, forward AD)."""

    @staticmethod
    def jvp(ctx: Any, t1: torch.Tensor, t2: torch.Tensor) -> torch.Tensor:
        # x1 was broadcast against x2: so is its tangent
        return t1 if t1.shape == ctx.out_shape else t1.expand(ctx.out_shape)


#: ``Function.apply`` is untyped in torch: typed here once
_apply: Callable[..., torch.Tensor] = _NextAfter.apply
_apply_forward: Callable[..., torch.Tensor] = _NextAfterForward.apply


def nextafter_differentiable(x1: torch.Tensor, x2: torch.Tensor) -> torch.Tensor:
    """``torch.nextafter`` of two tensors of one dtype, through :class:`_NextAfter` wherever a
    derivative may be taken (``Function.apply`` costs ~15 µs, torch.nextafter ~1 µs)."""
    if is_compiling():  # dynamo traces no custom jvp (nor the functorch level)
        return _apply(x1, x2)
    if transforming() or x1.requires_grad or x2.requires_grad:
        return _apply_forward(x1, x2)
    return torch.nextafter(x1, x2)


# torch: floor_divide has no derivative ("derivative for aten::floor_divide is not
# implemented"); https://github.com/pytorch/pytorch/issues/43327
# torch.div(rounding_mode="floor") runs the same kernel (bit-identical values, the infinite and
# signed-zero cases included) and has one: zero, as jax and mlx give.
def floor_divide_differentiable(x1: Any, x2: Any) -> torch.Tensor:
    """``floor_divide``, with torch.div's (zero) derivative."""
    return torch.div(x1, x2, rounding_mode="floor")

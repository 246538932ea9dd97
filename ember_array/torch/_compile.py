"""A buffer boundary for inductor: the one place ember_array.torch registers a custom op."""

from __future__ import annotations

import torch

__all__ = ["compile_barrier"]


@torch.library.custom_op("ember_array::compile_barrier", mutates_args=())
def _copy(x: torch.Tensor) -> torch.Tensor:
    return x.clone()


@_copy.register_fake
def _(x: torch.Tensor) -> torch.Tensor:
    return torch.empty_like(x)


# torch: a portable random key made inside a compiled function is a constant, so the whole
# threefry hash becomes one expression with no memory read, which inductor's operation count
# recurses through exponentially (over 200 s to compile uniform(key(5), (8,)); a key passed in
# compiles in 10 s) (no upstream issue found)
def compile_barrier(x: torch.Tensor) -> torch.Tensor:
    """``x``; under ``torch.compile``, a copy by an opaque custom op, which inductor must hold in
    a buffer (the hash then reads its key words from memory, as it does a key passed in)."""
    if torch.compiler.is_compiling():
        copied: torch.Tensor = _copy(x)  # a custom op: untyped
        return copied
    return x

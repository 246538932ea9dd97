"""Mistakes the checkers must catch: each marked line is an error, no other line is.

``# E: <code>`` gives the mypy error code; tests/test_typing.py checks that mypy --strict
and pyright flag exactly the marked lines.
"""

from __future__ import annotations

from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt
import torch

import ember_array
from ember_array.typing import CommonArray

T = TypeVar("T", bound=CommonArray)


def mistakes(x: T) -> T:
    xp = ember_array.namespace(x)
    xp.median(x)  # E: attr-defined
    xp.sum(x, dim=0)  # E: call-arg
    xp.sum(x, axis="0")  # E: arg-type
    xp.sum(x, 0)  # E: call-arg
    xp.linalg.norm(x)  # E: attr-defined
    xp.fft.rfft(x, 8)  # E: call-arg
    xp.unique(x)  # E: attr-defined
    xp.argsort(x, stable="yes")  # E: arg-type
    xp.asarray([1, 2], copy="never")  # E: arg-type
    xp.concat(x, axis=0)  # E: arg-type
    print(xp.float128)  # E: attr-defined
    xp.pi = 3.0  # E: misc
    return x


def draft_only(t: torch.Tensor) -> None:
    ember_array.namespace(t).top_k(t, 3)  # E: attr-defined


def concrete(t: torch.Tensor) -> npt.NDArray[Any]:
    xp = ember_array.namespace(t)
    return xp.sum(t, axis=0)  # E: return-value


def mixed(t: torch.Tensor) -> torch.Tensor:
    return ember_array.namespace(t).matmul(t, np.ones(3))  # E: arg-type


@ember_array.compile(static_argnames=("axis",))
def compiled_total(x: T, axis: int = 0) -> T:
    return ember_array.namespace(x).sum(x, axis=axis)


def compiled_misuse(t: torch.Tensor) -> None:
    compiled_total(t, axis="0")  # E: arg-type

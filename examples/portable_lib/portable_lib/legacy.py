"""The same kind of functions, written the way that works on numpy only.

Each has one defect the test kit reports: a numpy call that hands back a numpy array, a
``float()`` that evaluates a lazy array, an in-place write into an input, and a function the
standard does not have.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import ember_array

__all__ = ["center", "robust_center", "scale_by_total", "zero_diagonal"]


def center(x: Any) -> Any:
    """Subtract the column means -- through numpy, so any input comes back as numpy."""
    a = np.asarray(x)
    return a - np.mean(a, axis=0)


def scale_by_total(x: Any) -> Any:
    """Divide by the total -- read back as a Python float, which evaluates lazy arrays."""
    xp = ember_array.namespace(x)
    return x / float(xp.sum(x))


def zero_diagonal(x: Any) -> Any:
    """Set the diagonal to zero -- in place, writing into the caller's array."""
    for i in range(min(x.shape)):
        x[i, i] = 0
    return x


def robust_center(x: Any) -> Any:
    """Subtract the column medians -- ``median`` is not in the array API standard."""
    xp = ember_array.namespace(x)
    return x - xp.median(x, axis=0)

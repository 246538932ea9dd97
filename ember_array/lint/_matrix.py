"""What the linter knows of the project's backends: shipped facts, never the environment.

- dtypes a target backend lacks: from the support matrix (:mod:`._facts`), and the registry's
  float64 rule for a target on a device (``mlx-gpu``);
- the standard's parameter names per function: from array-api-strict's signatures (the
  reference implementation), also shipped in the facts.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from .._backends import BY_NAME
from .._spec import DTYPES
from ._facts import facts
from ._rules import TARGET_DEVICES

_FROM_MATRIX = "the support matrix lists it as missing (python -m ember_array matrix)"


def lacking_dtypes(targets: Iterable[str]) -> dict[str, dict[str, str]]:
    """``{target: {dtype: reason}}`` for the dtypes each target cannot hold."""
    missing = facts()["missing"]
    out: dict[str, dict[str, str]] = {}
    for t in targets:
        base, kind = TARGET_DEVICES.get(t, (t, ""))
        merged = {n: _FROM_MATRIX for n in missing.get(base, ()) if n in DTYPES}
        row = BY_NAME.get(base)
        if row is not None and kind and not row.holds_float64(kind):
            for n in ("float64", "complex128"):
                merged.setdefault(n, f"{base} cannot compute {n} on its {kind} device")
        if merged:
            out[t] = merged
    return out


@functools.cache
def standard_parameters() -> dict[str, frozenset[str] | None]:
    """``{"sum": {"x", "axis", "dtype", "keepdims"}, "linalg.svd": {...}}`` (None: the
    function takes ``**kwargs``)."""
    return {
        name: None if params is None else frozenset(params)
        for name, params in facts()["parameters"].items()
    }

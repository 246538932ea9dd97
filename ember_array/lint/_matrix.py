"""What the linter reads from the running environment, computed once per process.

- dtypes a target backend lacks: from the project's support matrix
  (:func:`ember_array._report.classify`), for the backends installed here;
- the standard's parameter names per function: from array-api-strict's signatures (the
  reference implementation), when it is installed.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Iterable

from .. import _spec
from .._backends import names
from . import _rules as rules

#: Targets that are a backend of the registry under another name (mlx on a GPU stream).
_BASES = {"mlx-gpu": "mlx"}


@functools.cache
def _matrix_lacking() -> dict[str, dict[str, str]]:
    from .. import _report

    out: dict[str, dict[str, str]] = {}
    for backend in _report.backends():
        if backend.namespace is None:
            continue
        for name in _spec.DTYPES:
            if _report.classify(backend, name) == _report.MISSING:
                out.setdefault(backend.name, {})[name] = (
                    "the support matrix lists it as missing (python -m ember_array matrix)"
                )
    return out


def lacking_dtypes(targets: Iterable[str]) -> dict[str, dict[str, str]]:
    """``{target: {dtype: reason}}`` for the dtypes each target cannot hold."""
    bases = {t: _BASES.get(t, t) for t in targets}
    matrix = _matrix_lacking() if any(b in names() for b in bases.values()) else {}
    out: dict[str, dict[str, str]] = {}
    for t, base in bases.items():
        merged = {**matrix.get(base, {}), **rules.EXTRA_LACKING.get(t, {})}
        if merged:
            out[t] = merged
    return out


@functools.cache
def standard_parameters() -> dict[str, frozenset[str] | None]:
    """``{"sum": {"x", "axis", "dtype", "keepdims"}, "linalg.svd": {...}}``; empty when
    array-api-strict is not installed (then only known numpy/torch keywords are flagged)."""
    try:
        import array_api_strict as strict
    except ImportError:
        return {}
    out: dict[str, frozenset[str] | None] = {}
    for qualname in _spec.all_names():
        obj: object = strict
        for part in qualname.split("."):
            obj = getattr(obj, part, None)
        if not callable(obj) or isinstance(obj, type):
            continue
        try:
            params = inspect.signature(obj).parameters.values()
        except (TypeError, ValueError):
            continue
        if any(p.kind is p.VAR_KEYWORD for p in params):
            out[qualname] = None
        else:
            out[qualname] = frozenset(p.name for p in params)
    return out

"""The facts the linter takes from the project, shipped with it: ``facts.json``.

The linter reads source only, so its findings must not depend on which backends are installed
where it runs. What it needs from the support matrix (the standard names and dtypes each backend
lacks or evaluates to answer) and from array-api-strict (the
standard's parameter names) is computed once, where every backend is installed, and shipped:

    python -m ember_array.lint._facts   # rewrites ember_array/lint/facts.json

``tests/test_lint_facts.py`` regenerates it and compares, where every backend is installed.
"""

from __future__ import annotations

import functools
import inspect
import json
from pathlib import Path
from typing import TypedDict

from .._backends import BY_NAME
from .._spec import DUNDERS, all_names

__all__ = ["FACTS_FILE", "Facts", "build", "facts", "write"]

#: The shipped facts.
FACTS_FILE = Path(__file__).with_name("facts.json")


class Facts(TypedDict):
    """The content of :data:`FACTS_FILE`."""

    #: backend -> the standard names (dtypes included) it lacks
    missing: dict[str, list[str]]
    #: backend -> the standard names that evaluate lazy data or synchronize a device
    forces: dict[str, list[str]]
    #: standard function -> its parameter names (None: it takes ``**kwargs``)
    parameters: dict[str, list[str] | None]


@functools.cache
def facts() -> Facts:
    """The shipped facts (read once)."""
    loaded: Facts = json.loads(FACTS_FILE.read_text(encoding="utf-8"))
    return loaded


def _parameters() -> dict[str, list[str] | None]:
    import array_api_strict as strict

    out: dict[str, list[str] | None] = {}
    for qualname in all_names():
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
            out[qualname] = sorted(p.name for p in params)
    return out


def build() -> Facts:
    """The facts computed here, from the support matrix and array-api-strict.

    Raises
    ------
    RuntimeError
        If a backend of the registry (or array-api-strict) is not installed here.
    """
    from .._report import FORCES, MISSING, backends, classify

    missing: dict[str, list[str]] = {}
    forces: dict[str, list[str]] = {}
    for backend in backends():
        if backend.namespace is None:
            raise RuntimeError(f"lint facts: {backend.name} is needed ({backend.problem})")
        row = BY_NAME[backend.name]
        # an eager backend without devices of its own (numpy) has nothing to force
        evaluates = row.lazy or bool(row.device_types)
        label = {n: classify(backend, n) for n in all_names()}
        missing[backend.name] = [n for n in all_names() if label[n] == MISSING]
        forces[backend.name] = [
            n for n in all_names() if evaluates and label[n] == FORCES and n not in DUNDERS
        ]
    return Facts(missing=missing, forces=forces, parameters=_parameters())


def write() -> None:
    """Rewrite :data:`FACTS_FILE` from :func:`build`."""
    text = json.dumps(build(), indent=1, sort_keys=True) + "\n"
    FACTS_FILE.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write()

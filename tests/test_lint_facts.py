"""The linter's shipped facts (ember_array/lint/facts.json) are the project's current ones."""

from __future__ import annotations

import importlib.util
import json

import pytest

from ember_array._backends import BACKENDS
from ember_array.lint._facts import FACTS_FILE, build, facts

_NEEDED = (*(b.native for b in BACKENDS), "array_api_strict")


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def test_the_facts_cover_every_backend() -> None:
    shipped = facts()
    for b in BACKENDS:
        assert b.name in shipped["missing"], b.name
        assert b.name in shipped["forces"], b.name
    assert shipped["parameters"], "no standard parameters"


@pytest.mark.skipif(
    not all(_installed(m) for m in _NEEDED), reason="needs every backend and array-api-strict"
)
def test_the_shipped_facts_are_current() -> None:
    """Regenerate with ``python -m ember_array.lint._facts``."""
    assert json.loads(FACTS_FILE.read_text(encoding="utf-8")) == json.loads(json.dumps(build()))

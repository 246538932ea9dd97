"""ember_array._patch.Patcher: record, restore in reverse order, and leave nothing behind."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator

import pytest

from ember_array._patch import MISSING, Patcher


@pytest.fixture
def lib() -> Iterator[types.ModuleType]:
    """A fake library ``fakelib`` with a helper that its submodule binds by name."""

    def helper() -> str:
        return "original"

    class Thing:
        def method(self) -> str:
            return "original"

    pkg = types.ModuleType("fakelib")
    pkg.helper, pkg.Thing = helper, Thing  # type: ignore[attr-defined]
    sub = types.ModuleType("fakelib.sub")
    sub.helper = helper  # type: ignore[attr-defined]  # from fakelib import helper
    sys.modules.update({"fakelib": pkg, "fakelib.sub": sub})
    yield pkg
    for name in ("fakelib", "fakelib.sub", "fakelib.late"):
        sys.modules.pop(name, None)


def test_restore_is_exact_and_newest_first(lib: types.ModuleType) -> None:
    original, method = lib.helper, vars(lib.Thing)["method"]
    p = Patcher()
    assert not p
    assert p.set(lib, "helper", lambda: "first") is original
    second = p.set(lib, "helper", lambda: "second")
    assert second() == "first"  # the original of the second patch is the first patch
    assert p.set(lib.Thing, "method", lambda self: "patched") is method
    assert p.set(lib.Thing, "added", 1) is MISSING
    assert p.set(lib.Thing, "__repr__", lambda self: "x") is MISSING  # inherited, not own
    calls: list[str] = []
    p.on_restore(lambda: calls.append(lib.Thing().method()))
    assert p.describe() == [
        "fakelib.helper",
        "fakelib.helper",
        f"{lib.Thing.__module__}.{lib.Thing.__qualname__}.method",
        f"{lib.Thing.__module__}.{lib.Thing.__qualname__}.added",
        f"{lib.Thing.__module__}.{lib.Thing.__qualname__}.__repr__",
    ]
    p.restore()
    assert calls == ["patched"]  # undone in reverse order: the callback ran first
    assert lib.helper is original
    assert vars(lib.Thing)["method"] is method
    assert "added" not in vars(lib.Thing)
    assert "__repr__" not in vars(lib.Thing)
    assert not p
    assert p.describe() == []


def test_replace_everywhere_and_copies_made_while_patched(lib: types.ModuleType) -> None:
    original = lib.helper

    def new() -> str:
        return "new"

    lib.enabled = False  # type: ignore[attr-defined]
    p = Patcher()
    p.replace_everywhere("fakelib", original, new)
    p.set(lib, "enabled", True)
    assert lib.helper is new
    assert sys.modules["fakelib.sub"].helper is new
    late = types.ModuleType("fakelib.late")
    late.helper = lib.helper  # type: ignore[attr-defined]  # imported while patched
    late.flag = True  # type: ignore[attr-defined]  # True is everyone's: not a copy of ours
    sys.modules["fakelib.late"] = late
    p.restore()
    assert lib.helper is original
    assert sys.modules["fakelib.sub"].helper is original
    assert late.helper is original  # type: ignore[attr-defined]
    assert late.flag is True  # type: ignore[attr-defined]
    assert lib.enabled is False  # type: ignore[attr-defined]

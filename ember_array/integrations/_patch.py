"""A reversible set of attribute replacements, shared by the sklearn and scipy integrations."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

__all__ = ["Patches", "replace_everywhere"]

_MISSING = object()


@dataclass
class Patches:
    """Attribute replacements applied in order and undone in reverse order.

    Each entry keeps the original object, so :meth:`restore` puts back the very
    same object (``getattr(owner, name) is original`` afterwards).
    """

    applied: list[tuple[object, str, Any]] = field(default_factory=list)

    def set(self, owner: object, name: str, value: Any) -> None:
        """Replace ``owner.name`` by ``value``, remembering the original."""
        self.applied.append((owner, name, getattr(owner, name, _MISSING)))
        setattr(owner, name, value)

    def restore(self) -> None:
        """Undo every replacement, newest first."""
        while self.applied:
            owner, name, original = self.applied.pop()
            if original is _MISSING:
                delattr(owner, name)
            else:
                setattr(owner, name, original)

    def describe(self) -> list[str]:
        """``module.attr`` for every replacement currently applied."""
        out = []
        for owner, name, _ in self.applied:
            if isinstance(owner, ModuleType):
                label = owner.__name__
            elif isinstance(owner, type):
                label = f"{owner.__module__}.{owner.__qualname__}"
            else:
                label = repr(owner)
            out.append(f"{label}.{name}")
        return out


def replace_everywhere(
    patches: Patches, package: str, original: Callable[..., Any], new: Callable[..., Any]
) -> None:
    """Replace ``original`` by ``new`` in every imported module of ``package``.

    Libraries import helpers by name (``from ._array_api import _is_xp_namespace``), so
    patching the defining module alone leaves the copies bound in already-imported modules.
    Modules imported later copy the defining module's (patched) attribute.
    """
    prefix = package + "."
    for mod_name, mod in list(sys.modules.items()):
        if mod is None or not (mod_name == package or mod_name.startswith(prefix)):
            continue
        for attr, value in list(vars(mod).items()):
            if value is original:
                patches.set(mod, attr, new)

"""Reversible attribute replacements: the one monkeypatch mechanism of ember_array.

:func:`ember_array.mlx.install` (the ``mx.array`` and ``mx.Dtype`` classes) and the
scikit-learn and scipy integrations (library internals) change other libraries' objects
through a :class:`Patcher`, which records ``(owner, name, original)`` for each replacement and
undoes them all, newest first, so that every replaced attribute is the very same object again
(``is``) and every added one is gone.

Libraries bind functions by name (``from ._array_api import _is_xp_namespace``): a module of the
patched library imported while a patch is in effect copies the replacement. :meth:`restore`
therefore also puts the original back wherever a module of that library still holds one of the
replacements, so nothing of ember_array's is left behind.

Nothing here imports another module of ember_array.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

__all__ = ["MISSING", "ClassPatches", "Patcher"]

#: The original of an attribute that did not exist (restoring deletes it).
MISSING: Any = object()

#: Values that may be shared by unrelated attributes (``None``, small ints, interned strings):
#: a module holding one is not holding a copy of a replacement.
_SHARED = (type(None), bool, int, float, complex, str, bytes, tuple, frozenset)


def _own(owner: object, name: str) -> Any:
    """``owner``'s own attribute ``name`` (not an inherited one), or :data:`MISSING`."""
    try:
        return vars(owner).get(name, MISSING)
    except TypeError:  # no __dict__ (slots): whatever getattr finds
        return getattr(owner, name, MISSING)


def _label(owner: object) -> str:
    if isinstance(owner, ModuleType):
        return owner.__name__
    if isinstance(owner, type):
        return f"{owner.__module__}.{owner.__qualname__}"
    return repr(owner)


class Patcher:
    """Attribute replacements applied in order and undone in reverse order."""

    def __init__(self) -> None:
        # (owner, name, original, replacement); an undo callback has owner None
        self._applied: list[tuple[object, str, Any, Any]] = []

    def __bool__(self) -> bool:
        return bool(self._applied)

    def set(self, owner: object, name: str, value: Any) -> Any:
        """Replace ``owner.name`` by ``value``; return the original (or :data:`MISSING`)."""
        original = _own(owner, name)
        setattr(owner, name, value)
        self._applied.append((owner, name, original, value))
        return original

    def replace_everywhere(self, package: str, original: Any, new: Any) -> None:
        """Replace ``original`` by ``new`` in every imported module of ``package``.

        Libraries import helpers by name, so patching the defining module alone leaves the
        copies bound in already-imported modules. Modules imported later copy the defining
        module's (patched) attribute, and :meth:`restore` finds those copies too.
        """
        for mod in _modules(lambda name: name == package or name.startswith(package + ".")):
            for attr, value in list(vars(mod).items()):
                if value is original:
                    self.set(mod, attr, new)

    def on_restore(self, undo: Callable[[], object]) -> None:
        """Call ``undo`` when :meth:`restore` reaches this point (in reverse order)."""
        self._applied.append((None, "", undo, None))

    def restore(self) -> None:
        """Undo every replacement, newest first, and the copies modules made of them."""
        copies: dict[int, tuple[Any, Any]] = {}  # id(replacement) -> (replacement, original)
        packages: set[str] = set()
        while self._applied:
            owner, name, original, value = self._applied.pop()
            if owner is None:
                original()
                continue
            if original is MISSING:
                with contextlib.suppress(AttributeError):
                    delattr(owner, name)
            else:
                setattr(owner, name, original)
            if (
                isinstance(owner, ModuleType)
                and original is not MISSING
                and not isinstance(value, _SHARED)
            ):
                copies[id(value)] = (value, original)
                packages.add(owner.__name__.partition(".")[0])
        if copies:
            _restore_copies(packages, copies)

    def describe(self) -> list[str]:
        """``owner.attr`` for every replacement currently applied."""
        return [f"{_label(o)}.{n}" for o, n, _, _ in self._applied if o is not None]


def _modules(wanted: Callable[[str], bool]) -> list[ModuleType]:
    """The imported modules whose names are ``wanted``."""
    return [
        mod
        for name, mod in list(sys.modules.items())
        if isinstance(mod, ModuleType) and wanted(name)
    ]


def _restore_copies(packages: set[str], copies: dict[int, tuple[Any, Any]]) -> None:
    """Put the original back wherever a module of ``packages`` holds a replacement."""
    for mod in _modules(lambda name: name.partition(".")[0] in packages):
        for attr, value in list(vars(mod).items()):
            found = copies.get(id(value))
            if found is not None and found[0] is value:
                setattr(mod, attr, found[1])


class ClassPatches:
    """An ``install()``/``uninstall()`` pair of methods set on classes: idempotent, exactly undone.

    ``methods()`` gives ``(class, name, value)`` triples; before any is set, every class's own
    attribute of that name is recorded in :attr:`saved` (``None`` where it has none), so the
    replacements can call the originals they replace. ``on_install``/``on_restore`` run after
    installing and while undoing (mlx's stream sharing).
    """

    def __init__(
        self,
        methods: Callable[[], list[tuple[type, str, Any]]],
        on_install: Callable[[], object] | None = None,
        on_restore: Callable[[], object] | None = None,
    ) -> None:
        self._methods = methods
        self._on_install = on_install
        self._on_restore = on_restore
        self._patcher: Patcher | None = None
        #: (class, name) -> the class's own attribute before install()
        self.saved: dict[tuple[type, str], Any] = {}

    def installed(self) -> bool:
        """Whether :meth:`install` is in effect."""
        return self._patcher is not None

    def install(self) -> None:
        """Set every method (a second call does nothing)."""
        if self._patcher is not None:
            return
        patcher = Patcher()
        methods = self._methods()
        self.saved.update({(cls, name): vars(cls).get(name) for cls, name, _ in methods})
        for cls, name, value in methods:
            patcher.set(cls, name, value)
        if self._on_install is not None:
            self._on_install()
        if self._on_restore is not None:
            patcher.on_restore(self._on_restore)
        self._patcher = patcher

    def uninstall(self) -> None:
        """Undo :meth:`install` exactly (attributes it added are removed)."""
        if self._patcher is None:
            return
        patcher, self._patcher = self._patcher, None
        patcher.restore()
        self.saved.clear()

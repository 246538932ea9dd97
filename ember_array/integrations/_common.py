"""Pieces shared by the scikit-learn and scipy integrations.

mlx installation bookkeeping, the revision of the standard a consumer's vendored
array-api-compat speaks, and recognition of ember_array's namespaces by a vendored
``is_<backend>_namespace`` helper.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import importlib.util
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any, NamedTuple, Protocol

from .._backends import BY_NAME, TooOldError
from .._patch import Patcher
from .._spec import SUPPORTED_VERSIONS
from .._versions import module_view

__all__ = [
    "Enable",
    "Enabled",
    "Integration",
    "Lifecycle",
    "install_mlx",
    "mark_wrapped",
    "mlx_available",
    "native_names_view",
    "plugin_header",
    "recognising",
    "vendored_api_version",
]


def vendored_api_version(compat: ModuleType) -> str | None:
    """The revision of the standard a consumer's vendored array-api-compat implements.

    A consumer's code is written against the revision its own copy of array-api-compat speaks
    (scipy 1.17 vendors array-api-compat 1.13: 2024.12, whose ``devices()`` is a list it
    concatenates with ``[None]``), so its namespaces are asked for in that revision. ``None``
    when the copy's revision is not one ember_array supports (ember_array's newest then).
    """
    try:
        version = importlib.import_module(f"{compat.__name__}.numpy").__array_api_version__
    except (ImportError, AttributeError):
        return None
    return version if version in SUPPORTED_VERSIONS else None


def mark_wrapped(wrapper: Callable[..., Any], original: Callable[..., Any]) -> None:
    """Set ``wrapper.__wrapped__`` to ``original`` (``inspect.unwrap`` finds the consumer's
    function), keeping the wrapper's own name and docstring."""
    functools.update_wrapper(wrapper, original, assigned=(), updated=())


def recognising(original: Callable[[Any], bool], backend: str) -> Callable[[Any], bool]:
    """A vendored ``is_<backend>_namespace`` that also answers for ``ember_array.<backend>``.

    Consumers branch on these helpers (``is_torch(xp)``: flip instead of a negative step,
    ``.cpu().numpy()``); they compare the namespace's ``__name__`` with the library's and
    array-api-compat's wrapper's, so they take ember_array's namespaces (and their version
    views, which keep the name) for an unknown library without this.
    """
    ours = BY_NAME[backend].namespace

    def is_namespace(xp: Any) -> bool:
        return getattr(xp, "__name__", None) == ours or original(xp)

    is_namespace.__name__ = is_namespace.__qualname__ = original.__name__
    is_namespace.__doc__ = original.__doc__
    mark_wrapped(is_namespace, original)
    return is_namespace


def native_names_view(
    ns: ModuleType,
    recognised: tuple[str, ...],
    cache: dict[int, ModuleType],
    *,
    enabled: bool = True,
) -> ModuleType:
    """``ns`` with the native library's own names behind the standard's, kept in ``cache``.

    Only for the ``recognised`` backends' namespaces (a consumer that takes one for its library's
    own reaches for that library's names); any other namespace, or any at all unless
    ``enabled``, is ``ns`` itself.
    """
    view = cache.get(id(ns))
    if view is not None:
        return view
    backend = next((b for b in recognised if BY_NAME[b].namespace == ns.__name__), None)
    if backend is None or not enabled:
        view = ns
    else:
        native = importlib.import_module(BY_NAME[backend].native)

        def __getattr__(name: str) -> Any:
            # PEP 562: asked only for names the namespace does not have
            return getattr(native, name)

        view = module_view(ns, {"__getattr__": __getattr__})
    cache[id(ns)] = view
    return view


def plugin_header(plugin: str, control: bool, patched: list[str]) -> str:
    """A pytest plugin's line in the run's header: what it patched, or that it is the control."""
    if control:
        return f"{plugin}: not enabled (the array-api-compat control)"
    return f"{plugin}: " + ", ".join(patched)


def mlx_available() -> bool:
    """Whether ``mlx.core`` can be imported (without importing it when it cannot)."""
    try:
        return importlib.util.find_spec(BY_NAME["mlx"].native) is not None
    except ModuleNotFoundError:
        return False


def install_mlx(mlx: bool | None, patches: Patcher) -> None:
    """Install ember_array's ``mx.array`` additions, undone with ``patches``.

    ``mlx=None`` installs them when mlx is importable and not older than the registry's floor,
    ``True`` requires mlx (an older one raises :class:`ember_array._backends.TooOldError`),
    ``False`` leaves the ``mx.array`` class alone. Already-installed additions are left as they
    are, and ``patches`` uninstalls only what this call installed.
    """
    if mlx is False or (mlx is None and not mlx_available()):
        return
    if not mlx_available():
        raise ModuleNotFoundError("mlx=True was asked for, but mlx.core cannot be imported")
    try:
        import ember_array.mlx as emx
    except TooOldError:
        if mlx:  # asked for: the ImportError names the installed and the required version
            raise
        return  # an mlx older than the floor is left alone, as a missing one is
    from ember_array.mlx._array import installed

    if installed():
        return
    emx.install()
    patches.on_restore(emx.uninstall)


class Integration:
    """The state of one consumer's integration: its patches, ``None`` while disabled.

    One mechanism for every consumer: :meth:`enable` applies a consumer's patches (and the
    mlx additions) all or nothing, :meth:`functions` makes the consumer module's public
    ``is_enabled``, ``patched_attributes``, ``disable`` and ``enabled``.
    """

    def __init__(self, module: str, consumer: str, library: str) -> None:
        self.module = module  # ember_array.integrations.<consumer>
        self.consumer = consumer  # the consumer's import name: "scipy", "sklearn"
        self.library = library  # its name in prose: "SciPy", "scikit-learn"
        self.patches: Patcher | None = None

    def installed_version(
        self, tested: tuple[str, ...]
    ) -> tuple[str, Callable[[str], RuntimeError]]:
        """The installed consumer's version, and the error for a missing piece of its
        internals (naming that version and the ``tested`` ones).

        Raises
        ------
        ModuleNotFoundError
            If the consumer is not installed.
        """
        try:
            consumer = importlib.import_module(self.consumer)
        except ModuleNotFoundError:
            raise ModuleNotFoundError(
                f"{self.module} needs {self.library}, which is not installed"
            ) from None
        version = str(getattr(consumer, "__version__", "unknown"))
        checked = ", ".join(f"{v}.x" for v in tested)

        def missing(what: str) -> RuntimeError:
            return RuntimeError(
                f"{self.module}: {self.library} {version} does not have {what}; this "
                f"integration patches {self.library} internals and was checked against "
                f"{self.library} {checked}"
            )

        return version, missing

    def internals(
        self, tested: tuple[str, ...], *modules: str, entry: str
    ) -> tuple[str, Callable[[str], RuntimeError], list[ModuleType]]:
        """:meth:`installed_version`, and the consumer's internal ``modules`` imported.

        ``entry`` is the dotted name of the function in one of them that the patch replaces.

        Raises
        ------
        ModuleNotFoundError
            If the consumer is not installed.
        RuntimeError
            Naming the installed version, if one of ``modules`` cannot be imported or
            ``entry`` is not a function.
        """
        version, missing = self.installed_version(tested)
        try:
            found = [importlib.import_module(name) for name in modules]
        except ImportError as exc:
            raise missing(f"the module it patches ({exc})") from None
        module, _, name = entry.rpartition(".")
        if not callable(getattr(importlib.import_module(module), name, None)):
            raise missing(entry)
        return version, missing, found

    def is_enabled(self) -> bool:
        """Whether the patches are in effect."""
        return self.patches is not None

    def enable(self, prepare: Callable[[], Callable[[Patcher], None]], mlx: bool | None) -> None:
        """Unless enabled: ``prepare()`` (which checks the consumer's internals and gives the
        function that patches them), then its patches and the mlx additions, or none of them
        on an error."""
        if self.is_enabled():
            return
        install = prepare()
        patches = Patcher()
        try:
            install(patches)
            install_mlx(mlx, patches)
        except BaseException:
            patches.restore()
            raise
        self.patches = patches

    def disable(self) -> None:
        """Undo the patches (the mlx additions too, if :meth:`enable` installed them)."""
        patches, self.patches = self.patches, None
        if patches is not None:
            patches.restore()

    def functions(
        self,
        prepare: Callable[[], Callable[[Patcher], None]],
        *,
        summary: str,
        attribute: str,
        mlx_note: str = "",
        warns: str = "",
        enabled_examples: str = "",
    ) -> Lifecycle:
        """The consumer module's public functions, documented.

        ``prepare`` is as for :meth:`enable`. ``summary`` is ``enable``'s first line,
        ``mlx_note`` ends its ``mlx=False`` entry and ``warns`` is its Warns section;
        ``attribute`` is a dotted name ``enable`` patches (for ``patched_attributes``'s
        example); ``enabled_examples`` replaces ``enabled``'s default examples.
        """

        def enable(*, mlx: bool | None = None) -> None:
            self.enable(prepare, mlx)

        def is_enabled() -> bool:
            return self.is_enabled()

        def patched_attributes() -> list[str]:
            return [] if self.patches is None else self.patches.describe()

        def disable() -> None:
            self.disable()

        @contextlib.contextmanager
        def enabled(*, mlx: bool | None = None) -> Iterator[None]:
            was_enabled = self.is_enabled()
            enable(mlx=mlx)
            try:
                yield
            finally:
                if not was_enabled:
                    self.disable()

        alias = f"ember_{self.consumer}"
        words = {
            "alias": alias,
            "attribute": attribute,
            "import": f"from ember_array.integrations import {self.consumer} as {alias}",
            "library": self.library,
        }
        parts = {
            "{summary}": summary,
            "{mlx_note}": mlx_note,
            "{warns}": warns,
            "{examples}": enabled_examples or _ENABLED_EXAMPLES,
            "{examples_import}": "Examples\n    --------\n    >>> {import}",
        }
        for f in (enable, is_enabled, patched_attributes, disable, enabled):
            f.__module__ = self.module
            f.__qualname__ = f.__name__
            doc = _DOCS[f.__name__]
            for key, text in parts.items():
                doc = doc.replace(key, text)
            f.__doc__ = doc.format(**words)
        return Lifecycle(enable, disable, enabled, is_enabled, patched_attributes)


class Enable(Protocol):
    """An integration's ``enable``."""

    def __call__(self, *, mlx: bool | None = None) -> None: ...


class Enabled(Protocol):
    """An integration's ``enabled``."""

    def __call__(self, *, mlx: bool | None = None) -> contextlib.AbstractContextManager[None]: ...


class Lifecycle(NamedTuple):
    """The public functions of an integration module."""

    enable: Enable
    disable: Callable[[], None]
    enabled: Enabled
    is_enabled: Callable[[], bool]
    patched_attributes: Callable[[], list[str]]


_ENABLED_EXAMPLES = """>>> {import}
    >>> with {alias}.enabled(mlx=False):
    ...     {alias}.is_enabled()
    True
    >>> {alias}.is_enabled()
    False"""

#: The docstrings of :meth:`Integration.functions`, in numpydoc; ``{summary}``, ``{mlx_note}``,
#: ``{warns}`` and ``{examples}`` are filled in first, then the words (``{alias}`` ...).
_DOCS = {
    "enable": """{summary}

    Idempotent: a second call while enabled does nothing.

    Parameters
    ----------
    mlx : bool or None, optional
        ``None`` (default): install ember_array's ``mx.array`` additions
        (:func:`ember_array.mlx.install`) when mlx is importable. ``True``: require mlx.
        ``False``: leave the ``mx.array`` class untouched{mlx_note}.

    Raises
    ------
    ModuleNotFoundError
        If {library} is not installed, or ``mlx=True`` and mlx is not.
    RuntimeError
        If the installed {library}'s internals are not where they are expected (the
        message names its version).
{warns}
    See Also
    --------
    enabled : the same as a context manager.
    disable, is_enabled, patched_attributes

    {examples_import}
    >>> {alias}.enable(mlx=False)
    >>> {alias}.is_enabled()
    True
    >>> {alias}.disable()
    """,
    "is_enabled": """Whether :func:`enable` is in effect.

    Returns
    -------
    bool
        True between :func:`enable` and :func:`disable` (or inside :func:`enabled`).

    See Also
    --------
    enable, patched_attributes

    {examples_import}
    >>> {alias}.is_enabled()
    False
    >>> with {alias}.enabled(mlx=False):
    ...     {alias}.is_enabled()
    True
    """,
    "patched_attributes": (
        "``module.attribute`` for every attribute currently replaced (empty when disabled)."
        """

    Returns
    -------
    list of str
        The dotted names of the {library} attributes that :func:`enable` replaced.

    See Also
    --------
    enable, is_enabled

    {examples_import}
    >>> with {alias}.enabled(mlx=False):
    ...     "{attribute}" in {alias}.patched_attributes()
    True
    >>> {alias}.patched_attributes()
    []
    """
    ),
    "disable": """Undo :func:`enable`: every replaced attribute is the original object again.

    The ``mx.array`` additions are uninstalled only if :func:`enable` installed them.
    Does nothing when not enabled.

    Returns
    -------
    None

    See Also
    --------
    enable, enabled

    {examples_import}
    >>> {alias}.enable(mlx=False)
    >>> {alias}.disable()
    >>> {alias}.is_enabled(), {alias}.patched_attributes()
    (False, [])
    """,
    "enabled": """Context manager form of :func:`enable`; on exit, disables only if it enabled.

    Parameters
    ----------
    mlx : bool or None, optional
        As for :func:`enable`.

    Yields
    ------
    None
        Inside the ``with`` block, :func:`is_enabled` is True.

    Raises
    ------
    ModuleNotFoundError, RuntimeError
        As :func:`enable`.

    See Also
    --------
    enable, disable

    Examples
    --------
    {examples}
    """,
}

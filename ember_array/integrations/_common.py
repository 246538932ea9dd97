"""Pieces shared by the scikit-learn and scipy integrations.

mlx installation bookkeeping, the revision of the standard a consumer's vendored
array-api-compat speaks, and recognition of ember_array's namespaces by a vendored
``is_<backend>_namespace`` helper.
"""

from __future__ import annotations

import contextlib
import importlib.util
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

from .._backends import BY_NAME
from .._patch import Patcher
from .._spec import SUPPORTED_VERSIONS

__all__ = [
    "enabled_context",
    "install_mlx",
    "mlx_available",
    "recognising",
    "restore_state",
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
    is_namespace.__wrapped__ = original  # type: ignore[attr-defined]
    return is_namespace


def mlx_available() -> bool:
    """Whether ``mlx.core`` can be imported (without importing it when it cannot)."""
    try:
        return importlib.util.find_spec(BY_NAME["mlx"].native) is not None
    except ModuleNotFoundError:
        return False


def install_mlx(mlx: bool | None, patches: Patcher) -> None:
    """Install ember_array's ``mx.array`` additions, undone with ``patches``.

    ``mlx=None`` installs them when mlx is importable, ``True`` requires mlx, ``False``
    leaves the ``mx.array`` class alone. Already-installed additions are left as they are, and
    ``patches`` uninstalls only what this call installed.
    """
    if mlx is False or (mlx is None and not mlx_available()):
        return
    if not mlx_available():
        raise ModuleNotFoundError("mlx=True was asked for, but mlx.core cannot be imported")
    import ember_array.mlx as emx
    from ember_array.mlx._array import installed

    if installed():
        return
    emx.install()
    patches.on_restore(emx.uninstall)


def restore_state(state: dict[str, Any]) -> None:
    """Undo the patches recorded in ``state`` (the mlx additions too, if they were installed)."""
    patches = state["patches"]
    if patches is None:
        return
    state["patches"] = None
    patches.restore()


@contextlib.contextmanager
def enabled_context(
    enable: Callable[..., None],
    disable: Callable[[], None],
    is_enabled: Callable[[], bool],
    mlx: bool | None,
) -> Iterator[None]:
    """Enable for the block; on exit, disable only if this block enabled."""
    was_enabled = is_enabled()
    enable(mlx=mlx)
    try:
        yield
    finally:
        if not was_enabled:
            disable()

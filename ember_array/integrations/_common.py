"""Pieces shared by the scikit-learn and scipy integrations: mlx installation bookkeeping."""

from __future__ import annotations

import contextlib
import importlib.util
from collections.abc import Callable, Iterator
from typing import Any

from .._backends import BY_NAME
from .._patch import Patcher

__all__ = ["enabled_context", "install_mlx", "mlx_available", "restore_state"]


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

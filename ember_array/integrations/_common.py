"""Pieces shared by the scikit-learn and scipy integrations: mlx installation bookkeeping."""

from __future__ import annotations

import contextlib
import importlib.util
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["enabled_context", "install_mlx", "mlx_available", "restore_state", "uninstall_mlx"]


def mlx_available() -> bool:
    """Whether ``mlx.core`` can be imported (without importing it when it cannot)."""
    try:
        return importlib.util.find_spec("mlx.core") is not None
    except ModuleNotFoundError:
        return False


def install_mlx(mlx: bool | None) -> bool:
    """Install ember_array's ``mx.array`` additions; return True if this call installed them.

    ``mlx=None`` installs them when mlx is importable, ``True`` requires mlx, ``False``
    leaves the ``mx.array`` class alone. Already-installed additions are left as they are and
    reported as not installed by this call, so the caller never uninstalls what it did not add.
    """
    if mlx is False or (mlx is None and not mlx_available()):
        return False
    if not mlx_available():
        raise ModuleNotFoundError("mlx=True was asked for, but mlx.core cannot be imported")
    import ember_array.mlx as emx
    from ember_array.mlx._array import installed

    if installed():
        return False
    emx.install()
    return True


def uninstall_mlx() -> None:
    """Undo :func:`install_mlx` (called only when that call returned True)."""
    import ember_array.mlx as emx

    emx.uninstall()


def restore_state(state: dict[str, Any]) -> None:
    """Restore the patches recorded in ``state`` and uninstall mlx if enabling installed it."""
    patches = state["patches"]
    if patches is None:
        return
    patches.restore()
    state["patches"] = None
    if state["mlx_installed"]:
        state["mlx_installed"] = False
        uninstall_mlx()


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

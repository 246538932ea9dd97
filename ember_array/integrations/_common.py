"""Pieces shared by the scikit-learn and scipy integrations: mlx installation bookkeeping."""

from __future__ import annotations

import importlib.util

__all__ = ["mlx_available", "install_mlx", "uninstall_mlx"]


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

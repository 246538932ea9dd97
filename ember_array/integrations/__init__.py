"""Drop-in integrations: scikit-learn's and scipy's array-API code paths on ember_array.

- :mod:`ember_array.integrations.sklearn`: ``enable()``, ``disable()``, ``enabled()``.
- :mod:`ember_array.integrations.scipy`: ``enable()``, ``disable()``, ``enabled()``.

Each submodule's docstring (and ``docs/guides/integrations.md``) lists exactly which attributes it
replaces. Nothing is patched on import; importing this package imports neither library.
"""

from __future__ import annotations

__all__ = ["scipy", "sklearn"]


def __getattr__(name: str) -> object:
    # Lazy, so that ``import ember_array.integrations`` costs nothing.
    if name in __all__:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

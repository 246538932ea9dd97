"""The ember_array version, derived from the git tag when the package is built.

setuptools-scm writes ``_scm_version.py`` into the package at build and install time
(``pip install .``, ``pip install -e .``, ``python -m build``); see docs/releasing.md. A source
tree used without installing it (``PYTHONPATH=.``) falls back to the installed distribution's
metadata, then to ``0+unknown``.
"""

from __future__ import annotations

__all__ = ["__version__"]


def _version() -> str:
    try:
        from ._scm_version import __version__ as scm
    except ImportError:
        pass
    else:
        return str(scm)
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("ember-array")
    except PackageNotFoundError:
        return "0+unknown"


__version__: str = _version()

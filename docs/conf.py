"""Sphinx configuration of the ember_array documentation.

Build (warnings are errors)::

    python -m sphinx -W -b html docs docs/_build/html
    python -m sphinx -W -b doctest docs docs/_build/doctest

or ``nox -s docs``, which also runs the docstring examples with pytest.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
# Document this checkout's ember_array, not another installed copy.
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(DOCS))

import plots  # noqa: E402  (docs/plots.py)

import ember_array  # noqa: E402

project = "ember_array"
author = "ember_array developers"
copyright = "ember_array developers"
release = ember_array.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.doctest",
    "numpydoc",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
# generated/benchmarks/run.md is included by benchmarks.md, not a page of its own
exclude_patterns = ["_build", "_data", "generated/benchmarks", "Thumbs.db", ".DS_Store"]
templates_path = ["_templates"]

# -- Markdown ---------------------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# -- API reference ----------------------------------------------------------------------------
autosummary_generate = True
# A module's members are its __all__, so a new public name shows up without editing the docs
# (and ember_array.signal is documented the same whether it is a module or a package).
autosummary_ignore_module_all = False
autosummary_imported_members = False
autodoc_typehints = "none"  # the numpydoc Parameters sections give the types
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False

# -- doctest builder (the guide's testcode blocks; docstring examples run under pytest) -------
doctest_global_setup = """
try:
    import torch
except ImportError:
    torch = None
try:
    import mlx.core as mx
except ImportError:
    mx = None
"""
# Docstring examples are run by ``pytest --doctest-modules ember_array`` (nox -s docs), which
# also covers modules the reference does not show; here only the explicit test blocks run.
doctest_test_doctest_blocks = ""

# -- HTML -------------------------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = f"ember_array {release}"
html_static_path: list[str] = []
html_theme_options = {
    "navbar_align": "left",
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
}
html_show_sourcelink = False


def _draw_plots(app: Any) -> None:
    plots.main(["--out", str(DOCS / "generated" / "benchmarks")])


def setup(app: Any) -> None:
    app.connect("builder-inited", _draw_plots)

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
# X.Y in the title: a development version (0.2.dev3+g1a2b3c4) would crowd the navbar
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.doctest",
    "numpydoc",
    "sphinx_design",
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
# The signature shows the annotations; the numpydoc Parameters sections give the types in words.
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
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


def _icon_links() -> list[dict[str, str]]:
    """The repository link of the navbar, from ``[project.urls]`` in pyproject.toml (none there:
    no link rather than a guessed one)."""
    try:
        import tomllib
    except ImportError:  # Python 3.10
        return []

    urls = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"].get("urls", {})
    url = urls.get("Repository") or urls.get("Source")
    if not url:
        return []
    return [
        {"name": "Repository", "url": url, "icon": "fa-brands fa-github", "type": "fontawesome"}
    ]


html_theme = "pydata_sphinx_theme"
html_title = f"ember_array {version}"
html_theme_options = {
    "navbar_align": "left",
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
    "header_links_before_dropdown": 5,
    "icon_links": _icon_links(),
}
# Pages without children have nothing to show in a "Section Navigation" sidebar.
html_sidebars = {
    page: []
    for page in (
        "index",
        "install",
        "getting-started",
        "migrating",
        "backends",
        "changelog",
        "license",
    )
}
html_static_path = ["_static"]
html_css_files = ["ember.css"]
html_show_sourcelink = False


def _draw_plots(app: Any) -> None:
    plots.main(["--out", str(DOCS / "generated" / "benchmarks")])


def setup(app: Any) -> None:
    app.connect("builder-inited", _draw_plots)

"""One case per function of the 2025.12 standard: how to draw its inputs, how to compare.

A :class:`Case` names the function, the dtypes it is checked at (the standard's categories
for that function), a hypothesis draw of its arguments, and the tolerance or a custom check.
``test_oracle.py`` runs every case on every backend against array-api-strict, and
``test_consistency.py`` runs each across the backends.  ``test_coverage.py`` fails when a
standard name has no case.

The cases live in one module per section of the standard, named as ember_array's own
namespaces name theirs (``ember_array/mlx/_<section>.py``); importing a section registers its
cases in :data:`CASES`.  ``_registry`` defines a case, ``_shared`` holds the draws several
sections use.

Tolerances (see ``_compare.Tol``): integer/bool results and the correctly rounded IEEE
operations (``+ - * /``, ``sqrt``, rounding, comparisons, ``nextafter``, ``copysign``) are
exact; transcendental functions allow ``elementwise.TRANSCENDENTAL`` ULPs; sums, products,
norms and factorizations allow an absolute error in units of ``eps * magnitude * n``.
"""

from __future__ import annotations

import importlib

from ._registry import CASES, Call, Case, add_case, case

__all__ = ["CASES", "SECTIONS", "Call", "Case", "add_case", "case", "promotable"]

#: The sections, in the order their cases are registered (the order of the tests).
SECTIONS = (
    "elementwise",
    "creation",
    "data_types",
    "manipulation",
    "searching",
    "set",
    "sorting",
    "statistical",
    "utility",
    "indexing",
    "linear_algebra",
    "linalg",
    "fft",
)

for _section in SECTIONS:
    importlib.import_module(f"{__name__}.{_section}")

from .data_types import promotable  # noqa: E402  (registered above, in order)

"""Hypothesis profiles shared by ``tests/`` and ``conformance/``.

``ci`` (the default) keeps the whole default test run within the CI budget;
``thorough`` is what the nox sessions load (``HYPOTHESIS_PROFILE=thorough``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

#: Examples per hypothesis test in each profile.
MAX_EXAMPLES = {"ci": 25, "thorough": 500}
#: Examples per (backend, function, dtype) test of the conformance suite, which has ~6,000 of
#: them: 10 keep the default run within the CI budget, ``thorough`` (nox) draws 200.
CONFORMANCE_EXAMPLES = {"ci": 10, "thorough": 200}


def conformance_examples() -> int:
    """Examples per conformance test under the current ``HYPOTHESIS_PROFILE``."""
    return CONFORMANCE_EXAMPLES[os.environ.get("HYPOTHESIS_PROFILE", "ci")]


def load_profile() -> str:
    """Register both profiles and load the one ``HYPOTHESIS_PROFILE`` names (``ci`` by default)."""
    for name, examples in MAX_EXAMPLES.items():
        settings.register_profile(
            name,
            max_examples=examples,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
            print_blob=True,
            # ci draws the same examples every run, so a strict xfail cannot flip by chance
            derandomize=name == "ci",
            # ci skips shrinking: expected failures (xfails) would shrink on every run
            phases=[p for p in Phase if p != Phase.shrink or name != "ci"],
        )
    profile = os.environ.get("HYPOTHESIS_PROFILE", "ci")
    settings.load_profile(profile)
    return profile

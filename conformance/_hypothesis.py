"""Hypothesis profiles shared by ``tests/`` and ``conformance/``.

``ci`` (the default) keeps the whole default test run within the CI budget;
``thorough`` is what the nox sessions load (``HYPOTHESIS_PROFILE=thorough``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

#: Examples per hypothesis test in each profile.
MAX_EXAMPLES = {"ci": 25, "thorough": 500}


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

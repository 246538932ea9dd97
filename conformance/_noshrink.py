"""Pytest plugin that disables Hypothesis' shrink phase.

Load it with ``-p conformance._noshrink``. After every other
``pytest_configure`` hook has run (in particular the one in the
array-api-tests ``conftest.py``, which registers and loads its own
``array-api-tests`` profile), it registers a profile derived from the
currently active Hypothesis settings with :attr:`hypothesis.Phase.shrink`
removed from ``phases``, and loads it.

Shrinking is what makes failing Hypothesis tests slow; for triage runs the
unshrunk falsifying example is good enough, and the set of failing tests is
the same.
"""

from __future__ import annotations

import pytest
from hypothesis import Phase, settings

PROFILE_NAME = "ember-array-noshrink"


def noshrink_settings(base: settings | None = None) -> settings:
    """Return a copy of ``base`` without the shrink phase.

    Parameters
    ----------
    base : hypothesis.settings, optional
        Settings to derive from. Defaults to the currently loaded profile
        (``hypothesis.settings.default``).

    Returns
    -------
    hypothesis.settings
        Settings identical to ``base`` except that :attr:`Phase.shrink` is
        not in ``phases`` and there is no example database.
    """
    if base is None:
        base = settings()  # a copy of settings.default, the loaded profile
    phases = tuple(p for p in base.phases if p is not Phase.shrink)
    # no example database: a replayed failure from an earlier run would change what a fixed
    # seed measures, and the suite's folder may be read-only (CI's pinned copy)
    return settings(base, phases=phases, database=None)


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """Register and load a no-shrink profile derived from the active one.

    Parameters
    ----------
    config : pytest.Config
        The pytest configuration object (unused).
    """
    settings.register_profile(PROFILE_NAME, noshrink_settings())
    settings.load_profile(PROFILE_NAME)


def pytest_report_header(config: pytest.Config) -> str:
    """Announce in the pytest header that shrinking is disabled.

    Parameters
    ----------
    config : pytest.Config
        The pytest configuration object (unused).

    Returns
    -------
    str
        A one-line header note.
    """
    phases = ", ".join(p.name for p in settings().phases)  # the loaded profile's
    return f"conformance._noshrink: hypothesis profile {PROFILE_NAME!r}, phases: {phases}"

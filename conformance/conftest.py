"""The conformance suite's pytest set-up: hypothesis profile and per-backend xfail files.

``conformance/xfails/<backend>.txt`` lists the tests a backend fails for a reason ember_array
cannot fix, one ``<test id>  # <reason> — <link>`` a line (the format and parser of
``_xfails.py``, shared with the array-api-tests runner).  They are marked ``xfail(strict=True)``:
one that starts passing fails the run.  A line that matches no test fails the run too (when the
whole suite is collected), so the files cannot rot.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance import _xfails
from conformance._backends import selected
from conformance._hypothesis import load_profile
from conformance._xfails import Xfail

load_profile()

XFAIL_DIR = Path(__file__).parent / "xfails"


def read_xfails(backend: str) -> dict[str, Xfail]:
    """``{test id: entry}`` of ``xfails/<backend>.txt`` (a format error is a usage error)."""
    try:
        return _xfails.read(XFAIL_DIR / f"{backend}.txt")
    except _xfails.XfailFormatError as exc:
        raise pytest.UsageError(str(exc)) from None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the listed tests xfail(strict); fail on listed ids no test has."""
    xfails: dict[str, Xfail] = {}
    for backend in selected():
        xfails.update(read_xfails(backend))
    seen = set()
    for item in items:
        key = f"{Path(str(item.path)).name}::{item.name}"
        if key in xfails:
            seen.add(key)
            item.add_marker(pytest.mark.xfail(reason=xfails[key].marker_reason, strict=True))
    whole_suite = (
        not config.option.keyword
        and not config.option.markexpr
        and not any("::" in str(a) for a in config.args)
    )
    ours = [i for i in items if Path(str(i.path)).parent == Path(__file__).parent]
    stale = sorted(
        k for k in set(xfails) - seen if k.split("::")[0] in {Path(str(i.path)).name for i in ours}
    )
    if whole_suite and ours and stale:
        raise pytest.UsageError(
            "conformance/xfails lists tests that do not exist:\n  " + "\n  ".join(stale)
        )

"""The one format of every expected-failure list, and its parser.

Both lists of expected failures use it: ``conformance/xfails/<backend>.txt`` (this project's
conformance suite, read by ``conformance/conftest.py``) and ``conformance/<backend>-xfails.txt``
(data-apis/array-api-tests, read by ``conformance/array_api_tests.py``); the strict xfail
markers of ``tests/`` write their reason the same way (:func:`marker_reason`).  One entry a
line::

    <test id>  # <reason> — <link>

* ``<test id>``: the test's node id as its runner writes it;
* two spaces and ``#`` end the id (ids may contain single spaces and ``#`` does not occur in
  them);
* ``<reason>``: why the backend fails it and why ember_array leaves it;
* `` — `` (an em dash between spaces), then ``<link>``: the upstream issue of the native
  library (``https://github.com/<owner>/<repo>/issues/<n>`` or ``.../pull/<n>``), or the words
  ``link: none found`` where no upstream issue was found.

Blank lines and lines starting with ``#`` are comments.  Every listed test is a *strict*
expected failure: one that passes fails the run.  The one exception is a reason that starts
with ``on some draws:`` (:data:`DRAWS`): the test fails only for inputs that a short
Hypothesis run may not draw (a uint64 mask, a negative step), so its pass is reported, not
failed.  Use it only where the failing input is a draw, never for a failure on every input.

Only the standard library is used here: the array-api-tests runner imports this module too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "DRAWS",
    "NO_LINK",
    "Xfail",
    "XfailFormatError",
    "format_entry",
    "marker_reason",
    "parse",
    "read",
]

#: What an entry says when no upstream issue was found.
NO_LINK = "link: none found"
#: Starts the reason of an entry that fails only on some Hypothesis draws (not strict).
DRAWS = "on some draws:"
#: Ends the test id.
ID_END = "  # "
#: Separates the reason from the link.
LINK_SEP = " — "
_LINK = re.compile(r"https://github\.com/[\w.-]+/[\w.-]+/(?:issues|pull)/\d+")


class XfailFormatError(ValueError):
    """A line of an xfail list that does not follow the format."""


@dataclass(frozen=True)
class Xfail:
    """One expected failure: the test, why it fails, the upstream issue."""

    test_id: str
    reason: str
    link: str

    @property
    def draw_dependent(self) -> bool:
        """The test fails only on some draws: a pass is reported, not a failure."""
        return self.reason.startswith(DRAWS)

    @property
    def marker_reason(self) -> str:
        """The reason an ``xfail`` marker carries: ``<reason> — <link>``."""
        return marker_reason(self.reason, self.link)


def _check_link(link: str) -> str:
    if link != NO_LINK and not _LINK.fullmatch(link):
        raise XfailFormatError(
            f"the link must be a GitHub issue or pull request URL or {NO_LINK!r}: {link!r}"
        )
    return link


def marker_reason(reason: str, link: str) -> str:
    """``<reason> — <link>``, after checking both (the reason of every strict xfail)."""
    if not reason.strip() or LINK_SEP in reason:
        raise XfailFormatError(f"an xfail needs a reason without {LINK_SEP!r}: {reason!r}")
    return f"{reason.strip()}{LINK_SEP}{_check_link(link)}"


def format_entry(test_id: str, reason: str, link: str) -> str:
    """One line of an xfail list."""
    return f"{test_id}{ID_END}{marker_reason(reason, link)}"


def parse(text: str, source: str = "<xfails>") -> dict[str, Xfail]:
    """``{test id: Xfail}`` of an xfail list; :class:`XfailFormatError` names a bad line."""
    entries: dict[str, Xfail] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip() or raw.startswith("#"):
            continue
        where = f"{source}:{number}"
        test_id, sep, rest = raw.partition(ID_END)
        reason, dash, link = rest.rpartition(LINK_SEP)
        if not sep or not dash or test_id != test_id.strip() or not test_id:
            raise XfailFormatError(
                f"{where}: expected '<test id>{ID_END}<reason>{LINK_SEP}<link>': {raw!r}"
            )
        if test_id in entries:
            raise XfailFormatError(f"{where}: {test_id!r} is listed twice")
        try:
            marker_reason(reason, link.strip())
        except XfailFormatError as exc:
            raise XfailFormatError(f"{where}: {exc}") from None
        entries[test_id] = Xfail(test_id, reason.strip(), link.strip())
    return entries


def read(path: Path) -> dict[str, Xfail]:
    """The entries of the xfail list at ``path`` (none when the file does not exist)."""
    if not path.is_file():
        return {}
    return parse(path.read_text(encoding="utf-8"), str(path))

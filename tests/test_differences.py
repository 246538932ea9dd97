"""docs/conformance.md's table of known differences is generated from the xfail lists."""

from __future__ import annotations

from pathlib import Path

from conformance import differences

PAGE = Path(__file__).resolve().parent.parent / "docs" / "conformance.md"


def test_page_is_current() -> None:
    page = PAGE.read_text()
    assert differences.BEGIN in page, (
        "run: python -m conformance.differences --markdown docs/conformance.md"
    )
    assert differences.rewrite(page) == page, (
        "stale: python -m conformance.differences --markdown docs/conformance.md"
    )


def test_every_row_names_a_cause() -> None:
    rows = [r for r in differences.section().splitlines() if r.startswith("| ") and "---" not in r]
    assert len(rows) > 5
    for row in rows[1:]:
        cells = [c.strip() for c in row.strip("|").split(" | ")]
        assert int(cells[2]) >= 1
        assert len(cells[3]) > 20  # a reason, not a placeholder
        assert cells[4].startswith(("https://github.com/", "_none found_"))

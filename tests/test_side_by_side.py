"""conformance/side_by_side.py: the table, and re-running some targets keeps the other cells."""

from __future__ import annotations

from conformance import side_by_side as sbs


def _counts(failed: int, passed: int) -> dict[str, int]:
    return {"passed": passed, "failed": failed, "error": 0, "skipped": 0}


def test_table_and_partial_rerun() -> None:
    first = sbs.table({("ember_array.numpy", "2025.12"): _counts(12, 1367)}, ["2025.12"], 1000)
    page = sbs.rewrite("# Conformance\n", first)
    assert "| ember_array.numpy | 12 / 1367 |" in page
    assert "| ember_array.torch | not run |" in page
    kept = sbs.previous(page)
    assert kept == {("ember_array.numpy", "2025.12"): "12 / 1367"}
    second = sbs.table(
        {("ember_array.torch", "2025.12"): _counts(4, 1373)}, ["2025.12"], 1000, kept
    )
    page = sbs.rewrite(page, second)
    assert "| ember_array.numpy | 12 / 1367 |" in page
    assert "| ember_array.torch | 4 / 1373 |" in page
    assert page.count(sbs.BEGIN) == 1


def test_a_new_revision_keeps_the_other_column() -> None:
    first = sbs.table({("ember_array.numpy", "2025.12"): _counts(12, 1367)}, ["2025.12"], 1000)
    page = sbs.rewrite("", first)
    second = sbs.table(
        {("ember_array.numpy", "2024.12"): _counts(11, 1300)}, ["2024.12"], 1000, sbs.previous(page)
    )
    assert "| ember_array.numpy | 12 / 1367 | 11 / 1300 |" in second

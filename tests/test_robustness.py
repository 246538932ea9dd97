"""A slice of the bad-input sweep (``conformance/robustness``) in the default test run.

About 1 case in 100 of ``python -m conformance.robustness`` (``--slice small``: a stable
selection by case id) and every case that crashed, hung or answered wrong before issue 12's
fixes (``conformance/robustness/regressions.txt``), on every backend installed and selected
by ``EMBER_BACKENDS``. The cases
run in worker processes, so a crash or a hang fails its test instead of ending the run. A
case may end as a right answer, an accepted result or a clean or unclean error; a crash, a
hang or a wrong answer fails. ``nox -s robustness`` runs the whole sweep.
"""

from __future__ import annotations

import importlib.util

import pytest

from conformance.robustness import GROUPS, generate, known_failures, run
from conformance.robustness._result import Result
from tests._helpers import native_name, selected


def _groups() -> tuple[str, ...]:
    """The sweep's groups whose backend is selected and installed."""
    chosen = selected()
    return tuple(
        g
        for g in GROUPS
        if g.split("+")[0] in chosen and importlib.util.find_spec(native_name(g.split("+")[0]))
    )


CASES = generate(_groups(), slice_="small")

#: Slice cases the code still fails (``conformance/robustness/known-failures.txt``, written by
#: ``python -m conformance.robustness --slice small --write-known``): strict xfails, so a fix
#: flips them.
KNOWN = known_failures()


@pytest.fixture(scope="module")
def results() -> dict[str, Result]:
    return {r.case.id: r for r in run(CASES, jobs=2, timeout=10.0)}


def test_slice_is_meaningful() -> None:
    """The slice reaches every group, and both the namespace and the operators."""
    targets = {c.target.split(".")[0] for c in CASES}
    assert {c.group for c in CASES} == set(_groups())
    assert len(CASES) >= 100 * len(_groups()) or not _groups()
    assert {"op", "shim"} <= targets or not _groups()


@pytest.mark.parametrize(
    "case_id",
    [
        pytest.param(c.id, marks=pytest.mark.xfail(reason=KNOWN[c.id].marker_reason, strict=True))
        if c.id in KNOWN
        else c.id
        for c in CASES
    ],
)
def test_case(case_id: str, results: dict[str, Result]) -> None:
    r = results[case_id]
    assert r.outcome not in ("crash", "hang", "wrong"), f"{r.outcome}: {r.detail}"


def test_a_crash_is_recorded_and_the_worker_resumes() -> None:
    """Case by case attribution: a case that kills its worker is a ``crash`` with the signal,
    and the cases after it run in a fresh worker. ``x[::0]`` on a plain mlx array (ember_array
    not involved) divides by zero in mlx 0.32 (SIGFPE)."""
    pytest.importorskip("mlx.core")
    from conformance.robustness._generate import Case
    from conformance.robustness._inputs import Arr
    from conformance.robustness._pool import run as run_plain

    x = Arr("float32", (12,))
    cases = [
        Case("mlx", "op.getitem", (x, 0), {}, "key", "[0]"),
        Case("mlx", "op.getitem", (x, slice(None, None, 0)), {}, "key", "[::0]"),
        Case("mlx", "op.getitem", (x, 1), {}, "key", "[1]"),
    ]
    got = run_plain(cases, jobs=1, timeout=20.0)
    assert [r.outcome for r in got] == ["right", "crash", "right"], got
    assert "SIGFPE" in got[1].detail


def test_the_judge_raises_no_false_alarm_on_the_referee_itself() -> None:
    """The control: array-api-strict judged against itself (``--backend strict``). A wrong
    answer there would be the sweep's own false alarm; only the referee's fixes (array-api-strict
    2.6.1's ``isin`` ignoring ``invert=``, numpy's ``inf`` for std/var with M - correction <= 0)
    may differ, and the slice holds none of them."""
    from conformance.robustness import CONTROL

    cases = generate((CONTROL,), slice_="small")
    assert len(cases) > 100
    got = run(cases, jobs=2, timeout=10.0)
    bad = [(r.case.id, r.outcome, r.detail) for r in got if r.outcome in ("wrong", "crash")]
    assert not bad, bad

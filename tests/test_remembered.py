"""ember_array._remembered: checks run once per key, errors and unkept answers every time."""

from __future__ import annotations

import pytest

from ember_array._remembered import PLAIN, remembered


def test_checks_run_once_per_key_and_errors_every_time() -> None:
    calls: list[object] = []

    def key(x: object) -> tuple[object, ...] | None:
        return (type(x), x) if type(x) in (*PLAIN, list) else None

    @remembered(key, keep=lambda r: r != "global")
    def check(x: object) -> str:
        calls.append(x)
        if x == -1:
            raise ValueError("negative")
        return "global" if x == 7 else f"ok {x!r}"

    assert check(1) == check(1) == "ok 1"
    assert check(True) == "ok True"  # True == 1, but another key
    assert calls == [1, True]
    for _ in range(2):
        with pytest.raises(ValueError, match="negative"):
            check(-1)
    check(7)
    check(7)  # an answer not kept is checked again
    check(1.0)
    check(1.0)  # no key: checked every time
    assert calls == [1, True, -1, -1, 7, 7, 1.0, 1.0]
    assert check([1]) == check([1]) == "ok [1]"  # an unhashable key: checked every time
    assert calls[-2:] == [[1], [1]]


def test_lookup_fills_once_and_steps_aside_for_unhashable_keys() -> None:
    from ember_array._remembered import lookup

    table: dict[object, int] = {}
    calls: list[int] = []

    def compute(key: object) -> int:
        calls.append(1)
        return 5

    assert lookup(table, ("a", 1), compute) == lookup(table, ("a", 1), compute) == 5
    assert table == {("a", 1): 5}
    assert len(calls) == 1
    assert lookup(table, ("a", [1]), compute) == 5  # unhashable: computed, not kept
    assert len(calls) == 2
    assert len(table) == 1


def test_caches_step_aside_while_dynamo_traces() -> None:
    """Under torch.compile the checks run on every trace and no table is read or written (a
    module or dtype key breaks Dynamo's graph, issue 39)."""
    torch = pytest.importorskip("torch")
    from ember_array._remembered import lookup, tracing

    assert not tracing()
    table: dict[object, float] = {}
    calls: list[int] = []

    @remembered(lambda x: (torch, x.dtype))
    def check(x: object) -> float:
        calls.append(1)
        return 2.0

    def f(x: torch.Tensor) -> torch.Tensor:
        assert tracing()
        return x * check(x) + lookup(table, (torch, x.dtype), lambda k: 1.0)

    torch._dynamo.reset()
    out = torch.compile(f, fullgraph=True, backend="eager")(torch.ones(2))
    torch.testing.assert_close(out, torch.full((2,), 3.0))
    assert table == {}
    assert calls == [1]

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

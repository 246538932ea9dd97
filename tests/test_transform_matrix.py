"""A slice of the transform matrix (``conformance/transforms``) and its page.

A handful of functions per backend under every transform of that backend, in worker
processes as ``python -m conformance.transforms`` runs them: no cell may be a ``mismatch``
(a silent wrong answer). ``nox -s transforms`` runs the whole matrix and rewrites
``docs/transforms.md``, whose counts table is checked here too.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from conformance.transforms import MISMATCH, OK, OUTCOMES, TRANSFORMS, cells, run
from conformance.transforms._apply import Lib, differ, run_cell
from conformance.transforms._cases import present
from ember_array._backends import BY_NAME

PAGE = Path(__file__).resolve().parent.parent / "docs" / "transforms.md"

#: The slice: a few functions per backend (elementwise, reduction, selection, linalg, shims,
#: a mix of shims; torch's mix is tests/test_transforms.py's, without inductor's minutes).
SLICE = {
    "torch": ["sin", "sum", "where", "scatter.segment_sum"],
    "mlx": [
        "sin",
        "sum",
        "take",
        "linalg.inv",
        "scatter.segment_max",
        "signal.stft",
        "mix.stft+uniform+segment_sum+std",
    ],
    "jax": ["scatter.segment_sum", "signal.frame", "mix.normal+segment_mean+linalg"],
}


def _groups() -> tuple[str, ...]:
    raw = os.environ.get("EMBER_BACKENDS", "")
    chosen = {b.strip() for b in raw.split(",") if b.strip()}
    out = []
    for g in SLICE:
        if g == "jax":  # not a backend of EMBER_BACKENDS: with the default selection only
            wanted = not chosen and importlib.util.find_spec("jax") is not None
        else:
            wanted = (not chosen or g in chosen) and importlib.util.find_spec(BY_NAME[g].native)
        if wanted and present(g):
            out.append(g)
    return tuple(out)


CELLS = [c for g in _groups() for c in cells((g,), SLICE[g])]


@pytest.fixture(scope="module")
def results() -> dict[str, tuple[str, str]]:
    return {r.case.id: (r.outcome, r.detail) for r in run(CELLS, jobs=2)}


@pytest.mark.skipif(not CELLS, reason="no backend of the slice selected and installed")
def test_slice_has_no_mismatch(results: dict[str, tuple[str, str]]) -> None:
    assert len(results) == len(CELLS)
    assert {o for o, _ in results.values()} <= set(OUTCOMES)
    bad = {k: d for k, (o, d) in results.items() if o == MISMATCH}
    assert bad == {}
    # sin is differentiable, batchable and compilable everywhere: the harness itself works
    for g in _groups():
        if "sin" in SLICE[g]:
            for t in TRANSFORMS[g]:
                assert results[f"{g}:sin:{t}"][0] == OK, (t, results[f"{g}:sin:{t}"])


def test_a_wrong_gradient_is_a_mismatch(monkeypatch: pytest.MonkeyPatch) -> None:
    """The judge finds a silent wrong answer: ``sin`` with a vjp off by a factor of two."""
    mx = pytest.importorskip("mlx.core")
    import ember_array.mlx as xp

    @mx.custom_function
    def wrong_sin(x):  # type: ignore[no-untyped-def]
        return mx.sin(x)

    @wrong_sin.vjp
    def _(primals, cotangent, output):  # type: ignore[no-untyped-def]
        return (2 * cotangent * mx.cos(primals[0]),)

    monkeypatch.setattr(xp, "sin", wrong_sin)
    lib = Lib("mlx")
    verdicts = {c.transform: run_cell(c, lib)[0] for c in cells(("mlx",), ["sin"])}
    assert verdicts == {
        "mx.compile": OK,
        "mx.grad": MISMATCH,
        "mx.vjp": MISMATCH,
        "mx.jvp": OK,
        "mx.vmap": OK,
    }


def test_differ() -> None:
    import numpy as np

    a = np.array([1.0, 2.0, np.nan], dtype=np.float32)
    assert differ([a], [a.copy()], "value") is None
    assert differ([a], [a + np.float32(1e-6)], "value") is None
    assert differ([a], [a * 2], "value") is not None
    assert differ([a], [a.astype(np.float64)], "value") is not None  # dtype
    assert differ([a], [a[::-1].copy()], "value") is not None  # NaN moved
    assert differ([a], [a[::-1].copy()], "sorted") is None
    assert differ([a], [np.zeros(3, np.float32)], "shape") is None


def test_page_has_the_counts_table() -> None:
    text = PAGE.read_text()
    header = "| backend | transform | functions | " + " | ".join(OUTCOMES) + " |"
    assert header in text
    for g, transforms in TRANSFORMS.items():
        for t in transforms:
            assert f"| {g} | `{t}` |" in text, t
    assert "## Every function" in text

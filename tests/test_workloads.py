"""The workloads of ``benchmarks/workloads.py`` compute the same thing three ways.

The benchmark compares the portable function (through ember_array and through
array-api-compat) with its native forms; here, at the small size and untimed, all of them
must agree, so that no ratio compares two different computations.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests._helpers import load_backend

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
workloads = pytest.importorskip("workloads")


def _numpy(out: Any) -> list[np.ndarray]:
    outs = out if isinstance(out, tuple) else (out,)
    return [np.asarray(o, dtype=np.float64) for o in outs]


@pytest.mark.parametrize("name", list(workloads.BY_NAME))
def test_portable_native_and_compat_agree(backend: str, name: str) -> None:
    if backend not in workloads.BACKENDS:
        pytest.skip(f"no workloads on {backend}")
    load_backend(backend)
    w = workloads.BY_NAME[name]
    be = workloads.make_backend(backend, threads=1)
    args = workloads.inputs(w, be, "small")
    results = {k: f() for k, f in workloads.variants(w, be, args).items()}
    assert "ember" in results
    assert "native" in results
    if w.compat and backend != "mlx":
        assert "compat" in results
    want = _numpy(results["native"])
    for kind, out in results.items():
        got = _numpy(out)
        assert [g.shape for g in got] == [v.shape for v in want], (kind, name)
        for g, v in zip(got, want):
            if w.up_to_sign:
                g, v = np.abs(g), np.abs(v)
            np.testing.assert_allclose(g, v, rtol=2e-4, atol=2e-4, err_msg=f"{kind} {name}")

"""ember_array.dask: what the conformance suite cannot see.

The conformance suite runs every function against array-api-strict on 2-element chunks.
Here: dispatch, laziness (nothing computes while a graph is built), the fixes the namespace
exists for (cholesky's factor, FFT along a chunked axis, batched linalg), and a pipeline on a
``dask.distributed`` LocalCluster of worker processes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

da = pytest.importorskip("dask.array")
dask = pytest.importorskip("dask")

import ember_array  # noqa: E402
import ember_array.dask as xp  # noqa: E402
from ember_array import _spec  # noqa: E402


def _chunked(a: np.ndarray, chunks: Any = 2) -> Any:
    return da.from_array(a, chunks=chunks)


def test_namespace_dispatch() -> None:
    x = da.ones((4,), chunks=2)
    assert ember_array.namespace(x) is xp
    assert ember_array.namespace(x, x + 1) is xp


def test_only_standard_names() -> None:
    public = {n for n in dir(xp) if not n.startswith("_")}
    assert public == set(_spec.MAIN) | set(_spec.EXTRA_DTYPES) | {"fft", "linalg"}
    assert not hasattr(xp, "median")
    assert {n for n in dir(xp.linalg) if not n.startswith("_")} >= set(_spec.LINALG)


@pytest.mark.parametrize("upper", [False, True])
def test_cholesky_factor(upper: bool) -> None:
    # array-api-compat 1.16 returned dask's default, the upper factor, for upper=False
    rng = np.random.default_rng(0)
    a = rng.standard_normal((3, 5, 5))
    spd = a @ np.swapaxes(a, -1, -2) + 5 * np.eye(5)
    got = xp.linalg.cholesky(_chunked(spd, (1, 5, 5)), upper=upper).compute()
    want = np.linalg.cholesky(spd)
    if upper:
        want = np.swapaxes(want, -1, -2)
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


def test_batched_linalg_keeps_batch_chunks() -> None:
    rng = np.random.default_rng(1)
    a = rng.standard_normal((8, 4, 4)) + 4 * np.eye(4)
    x = _chunked(a, (2, 2, 2))
    det = xp.linalg.det(x)
    assert det.numblocks[0] >= 4  # the batch axis stays chunked: matrices run in parallel
    np.testing.assert_allclose(det.compute(), np.linalg.det(a), rtol=1e-10)
    res = xp.linalg.svd(x)
    assert type(res).__name__ == "SVDResult"
    u, s, vh = (p.compute() for p in res)
    np.testing.assert_allclose(u * s[..., None, :] @ vh, a, atol=1e-10)
    sign, logdet = xp.linalg.slogdet(x)
    np.testing.assert_allclose(sign.compute() * np.exp(logdet.compute()), np.linalg.det(a))


def test_fft_along_a_chunked_axis() -> None:
    rng = np.random.default_rng(2)
    a = rng.standard_normal((6, 64))
    x = _chunked(a, (3, 8))
    got = xp.fft.rfft(x, axis=-1)
    assert got.chunks[0] == (3, 3)  # the other axis keeps its chunks
    np.testing.assert_allclose(got.compute(), np.fft.rfft(a, axis=-1), atol=1e-12)
    np.testing.assert_allclose(
        xp.fft.fftn(x, axes=(0, 1)).compute(), np.fft.fftn(a, axes=(0, 1)), atol=1e-10
    )


def _builders() -> list[tuple[str, Callable[[Any], Any]]]:
    idx = _chunked(np.array([[2, 0], [1, 3], [0, 0]]), 1)
    sq = _chunked(np.eye(4)[None].repeat(3, axis=0) * 2.0, (1, 2, 2))
    return [
        ("take_along_axis", lambda x: xp.take_along_axis(x[:3, :4], idx, axis=1)),
        ("reshape", lambda x: xp.reshape(x, (5, 3, 2))),
        ("concat(axis=None)", lambda x: xp.concat([x, x], axis=None)),
        ("repeat(array)", lambda x: xp.repeat(x[0], xp.astype(x[0] > 0, xp.int64))),
        ("nonzero", lambda x: xp.nonzero(x > 0)),
        ("unique_values", lambda x: xp.unique_values(x)),
        ("unique_all", lambda x: xp.unique_all(x)),
        ("searchsorted", lambda x: xp.searchsorted(xp.sort(x[0]), x)),
        ("eye", lambda x: xp.eye(5, 7, k=2)),
        ("linspace complex", lambda x: xp.linspace(0, 1j, 9)),
        ("fft.fft", lambda x: xp.fft.fft(x, axis=0)),
        ("linalg.solve", lambda x: xp.linalg.solve(sq, sq[..., :1])),
        ("linalg.eigh", lambda x: xp.linalg.eigh(sq)),
        ("linalg.pinv", lambda x: xp.linalg.pinv(x[None, :4, :4])),
        ("linalg.matrix_norm nuc", lambda x: xp.linalg.matrix_norm(sq, ord="nuc")),
        ("linalg.cross", lambda x: xp.linalg.cross(x[:, :3], x[:, 3:])),
        ("var", lambda x: xp.var(x, correction=1)),
        ("diff", lambda x: xp.diff(x, n=2**40)),
    ]


@pytest.mark.parametrize(("name", "build"), _builders(), ids=[n for n, _ in _builders()])
def test_lazy_while_building(name: str, build: Callable[[Any], Any], no_compute: None) -> None:
    x = _chunked(np.arange(30.0).reshape(5, 6) % 7 - 2.0, 2)
    out = build(x)
    parts = out if isinstance(out, tuple) else (out,)
    assert all(isinstance(p, da.Array) for p in parts)


def test_reshape_across_uneven_chunks() -> None:
    a = np.arange(60).reshape(5, 12)
    x = _chunked(a, (2, 5))
    # dask.array.reshape raises NotImplementedError for this chunking
    np.testing.assert_array_equal(xp.reshape(x, (3, 20)).compute(), a.reshape(3, 20))
    np.testing.assert_array_equal(xp.reshape(x, (-1,)).compute(), a.reshape(-1))
    with pytest.raises(ValueError, match=r"reshape\(\) \[dask\]"):
        xp.reshape(x, (7, -1))


def test_unique_keeps_every_nan() -> None:
    x = _chunked(np.array([1.0, np.nan, 1.0, np.nan, 0.5]), 2)
    np.testing.assert_array_equal(xp.unique_values(x).compute(), [0.5, 1.0, np.nan, np.nan])
    _values, counts = xp.unique_counts(x)
    np.testing.assert_array_equal(counts.compute(), [1, 2, 1, 1])
    inv = xp.unique_inverse(x).inverse_indices
    assert inv.shape == (5,)
    np.testing.assert_array_equal(inv.compute(), [1, 2, 1, 3, 0])


def test_small_int_products_keep_dtype() -> None:
    a = np.array([[100, 100]], dtype=np.int8)
    got = xp.matmul(_chunked(a, 1), _chunked(a.T, 1))
    assert got.dtype == np.int8
    np.testing.assert_array_equal(got.compute(), a @ a.T)  # wraps as int8 arithmetic does


def test_take_along_axis_out_of_range_raises() -> None:
    x = _chunked(np.arange(6.0).reshape(2, 3), 1)
    out = xp.take_along_axis(x, _chunked(np.array([[0], [3]]), 1), axis=1)
    with pytest.raises(IndexError, match="take_along_axis"):
        out.compute()


def test_pipeline_on_local_cluster() -> None:
    """standardize -> matmul -> segment_sum, random and stft, computed by worker processes."""
    distributed = pytest.importorskip("distributed")
    import ember_array.random as er
    from ember_array import scatter, signal

    rng = np.random.default_rng(3)
    a = rng.standard_normal((400, 6))
    w = rng.standard_normal((6, 3))
    labels = rng.integers(0, 5, size=400)

    def pipeline(x: Any, w: Any, labels: Any) -> Any:
        ns = ember_array.namespace(x)
        z = (x - ns.mean(x, axis=0)) / ns.std(x, axis=0)
        return scatter.segment_sum(z @ w, labels, num_segments=5)

    want = pipeline(a, w, labels)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster),
    ):
        got = pipeline(_chunked(a, (100, 6)), _chunked(w, -1), _chunked(labels, 100))
        assert isinstance(got, da.Array)
        np.testing.assert_allclose(got.compute(), want, rtol=1e-12, atol=1e-12)
        # portable random and stft computed by the workers: the same values as in-process
        noise = er.normal(er.key(5, xp="dask"), (4000,), chunks=500)
        np.testing.assert_array_equal(noise.compute(), er.normal(er.key(5), (4000,)))
        win = signal.hann_window(64, xp="numpy", dtype=np.float64)
        spec = signal.stft(noise.astype(np.float64), 64, 16, window=da.from_array(win))
        want_spec = signal.stft(er.normal(er.key(5), (4000,)).astype(np.float64), 64, 16,
                                window=win)  # fmt: skip
        np.testing.assert_allclose(spec.compute(), want_spec, atol=1e-12)


def test_no_compute_fixture_refuses(no_compute: None) -> None:
    # the laziness tests rely on this fixture: it must make any computation fail
    with pytest.raises(AssertionError, match="computed while it was being built"):
        da.ones(3).sum().compute()
    with pytest.raises(AssertionError, match="computed while it was being built"):
        bool(da.ones(3).sum() > 0)

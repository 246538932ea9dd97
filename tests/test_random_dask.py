"""Portable random streams on dask: bit-identical to numpy whatever the chunking, lazy."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

da = pytest.importorskip("dask.array")
dask = pytest.importorskip("dask")

import ember_array.random as er  # noqa: E402

SAMPLERS: list[tuple[str, Callable[..., Any]]] = [
    ("bits", lambda k, shp, **kw: er.bits(k, shp, **kw)),
    ("bits uint8", lambda k, shp, **kw: er.bits(k, shp, dtype=_ns(k).uint8, **kw)),
    ("bits uint64", lambda k, shp, **kw: er.bits(k, shp, dtype=_ns(k).uint64, **kw)),
    ("uniform", lambda k, shp, **kw: er.uniform(k, shp, **kw)),
    ("uniform float64", lambda k, shp, **kw: er.uniform(k, shp, dtype=_ns(k).float64, **kw)),
    ("uniform bounds", lambda k, shp, **kw: er.uniform(k, shp, low=-2.0, high=3.0, **kw)),
    ("normal", lambda k, shp, **kw: er.normal(k, shp, **kw)),
    ("normal float64", lambda k, shp, **kw: er.normal(k, shp, dtype=_ns(k).float64, **kw)),
    ("integers", lambda k, shp, **kw: er.integers(k, -5, 1000, shp, **kw)),
    (
        "integers int64",
        lambda k, shp, **kw: er.integers(k, 0, 2**40, shp, dtype=_ns(k).int64, **kw),
    ),
    ("bernoulli", lambda k, shp, **kw: er.bernoulli(k, 0.3, shp, **kw)),
    ("truncated_normal", lambda k, shp, **kw: er.truncated_normal(k, -1.0, 2.0, shp, **kw)),
]


def _ns(k: Any) -> Any:
    import ember_array

    return ember_array.namespace(k)


def _same_bits(a: np.ndarray, b: np.ndarray) -> None:
    assert a.dtype == b.dtype
    assert a.shape == b.shape
    np.testing.assert_array_equal(a.view(np.uint8), b.view(np.uint8))


@pytest.mark.parametrize(("name", "sample"), SAMPLERS, ids=[n for n, _ in SAMPLERS])
@pytest.mark.parametrize(
    ("shape", "chunks"),
    [((1001,), 100), ((1001,), (300, 701)), ((37, 11), (5, 4)), ((6, 5, 4), (4, 2, 3))],
    ids=["1d", "uneven", "2d", "3d"],
)
def test_bit_identical_to_numpy(
    name: str, sample: Callable[..., Any], shape: tuple[int, ...], chunks: Any
) -> None:
    want = sample(er.key(7), shape)
    got = sample(er.key(7, xp="dask"), shape, chunks=chunks)
    assert isinstance(got, da.Array)
    assert got.chunks == da.core.normalize_chunks(chunks, shape)
    if got.size > 100:
        assert got.npartitions > 1
    _same_bits(got.compute(), want)
    # the default chunking gives the same stream
    _same_bits(sample(er.key(7, xp="dask"), shape).compute(), want)


def test_split_and_fold_in_keys_stay_lazy(no_compute: None) -> None:
    k = er.key(3, xp="dask")
    keys = er.split(k, 4)
    sub = er.fold_in(keys[2], 11)
    out = er.normal(sub, (10_000,), chunks=1000)
    assert isinstance(out, da.Array)
    assert out.npartitions == 10


def test_split_matches_numpy() -> None:
    kd = er.fold_in(er.split(er.key(3, xp="dask"), 4)[2], 11)
    kn = er.fold_in(er.split(er.key(3), 4)[2], 11)
    _same_bits(er.uniform(kd, (50,), chunks=7).compute(), er.uniform(kn, (50,)))


def test_graph_grows_with_chunks(no_compute: None) -> None:
    sizes = [
        len(er.uniform(er.key(0, xp="dask"), (n,), chunks=n // 8).__dask_graph__())
        for n in (80_000, 800_000)
    ]
    assert sizes[0] == sizes[1]


def test_chunks_only_for_dask() -> None:
    with pytest.raises(TypeError, match=r"uniform\(\): chunks= is for dask keys only"):
        er.uniform(er.key(0), (10,), chunks=5)
    with pytest.raises(ValueError, match=r"normal\(\): chunks"):
        er.normal(er.key(0, xp="dask"), (10,), chunks=(3, 3))

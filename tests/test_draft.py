"""The 2026.12 draft view: ``top_k`` (data-apis/array-api#722) on every backend.

The reference is a Python sort of (rank, index) pairs: largest first for ``"largest"``,
smallest first for ``"smallest"``, equal values by lower index, NaN the greatest (as ``sort``
orders it).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

import ember_array
from ember_array import _spec
from tests._helpers import from_numpy, load_backend, to_numpy

DRAFT = _spec.DRAFT_VERSION


def _reference_row(row: np.ndarray, k: int, largest: bool) -> list[int]:
    def rank(i: int) -> tuple[int, float, int]:
        v = row[i].item()  # a Python int for integers: exact beyond 2**53
        if isinstance(v, float) and math.isnan(v):
            return (0 if largest else 1, 0.0, i)
        return (1 if largest else 0, -v if largest else v, i)

    return sorted(range(row.shape[0]), key=rank)[:k]


def _reference(a: np.ndarray, k: int, axis: int | None, largest: bool) -> np.ndarray:
    y = a.reshape(-1) if axis is None else np.moveaxis(a, axis, -1)
    rows = y.reshape(-1, y.shape[-1])
    idx = np.array([_reference_row(r, k, largest) for r in rows], dtype=np.int64)
    idx = idx.reshape(*y.shape[:-1], k)
    return idx if axis is None else np.moveaxis(idx, -1, axis)


def _inputs() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(0)
    floats = rng.standard_normal((5, 7)).astype(np.float32)
    floats[1, 2] = floats[3, 4] = np.nan
    floats[0, :4] = 1.5  # ties across the cut
    floats[:, 5] = floats[:, 6] = floats[:, 0]
    ints = rng.integers(-3, 4, size=(5, 7)).astype(np.int32)  # many ties
    return {"float32": floats, "int32": ints}


def _draft(backend: str, x: Any) -> Any:
    load_backend(backend)
    return ember_array.namespace(x, api_version=DRAFT)


@pytest.mark.parametrize("dtype", ["float32", "int32"])
def test_top_k_matches_reference(backend: str, dtype: str) -> None:
    a = _inputs()[dtype]
    x = from_numpy(backend, a) if backend != "dask" else _dask(a)
    xp = _draft(backend, x)
    for axis in (None, 0, -1):
        n = a.size if axis is None else a.shape[axis]
        for k in sorted({0, 1, 3, n}):
            for mode in ("largest", "smallest"):
                values, idx = xp.top_k(x, k, axis=axis, mode=mode)
                want = _reference(a, k, axis, mode == "largest")
                got = to_numpy(_computed(idx))
                where = f"{backend} {dtype} axis={axis} k={k} {mode}"
                assert got.dtype == np.int64, where
                np.testing.assert_array_equal(got, want, err_msg=where)
                flat = a.reshape(-1) if axis is None else a
                ax = -1 if axis is None else axis
                np.testing.assert_array_equal(
                    to_numpy(_computed(values)), np.take_along_axis(flat, want, axis=ax), where
                )


def _dask(a: np.ndarray) -> Any:
    da = pytest.importorskip("dask.array")
    return da.from_array(a, chunks=(2, 3))


def _computed(x: Any) -> Any:
    return x.compute() if hasattr(x, "dask") else x


def test_only_the_draft_has_top_k(backend: str) -> None:
    xp = load_backend(backend)[1]
    x = xp.ones(3)
    draft = ember_array.namespace(x, api_version=DRAFT)
    assert draft.__array_api_version__ == DRAFT
    assert draft.__name__ == xp.__name__
    assert draft is ember_array.namespace(x, api_version=DRAFT)
    assert draft.add is xp.add
    for version in ("2024.12", "2025.12"):
        assert not hasattr(ember_array.namespace(x, api_version=version), "top_k")


@pytest.mark.parametrize(
    ("k", "kwargs", "error", "match"),
    [
        (4, {}, ValueError, r"top_k\(\) \[\w+\].*k must be in \[0, 3\]"),
        (-1, {}, ValueError, r"top_k\(\) \[\w+\].*got -1"),
        (1, {"mode": "max"}, ValueError, "mode"),
        (1, {"axis": 2}, ValueError, "axis 2"),
        (1.0, {}, TypeError, "k must be an int"),
    ],
)
def test_top_k_refuses(
    backend: str, k: Any, kwargs: dict[str, Any], error: type, match: str
) -> None:
    xp = load_backend(backend)[1]
    x = xp.asarray([1.0, 2.0, 3.0])
    with pytest.raises(error, match=match) as info:
        _draft(backend, x).top_k(x, k, **kwargs)
    assert backend in str(info.value) or error is TypeError


def test_top_k_refuses_bool(backend: str) -> None:
    xp = load_backend(backend)[1]
    x = xp.asarray([True, False])
    with pytest.raises(TypeError, match=rf"top_k\(\) \[{backend}\].*dtype"):
        _draft(backend, x).top_k(x, 1)


def test_top_k_grad_torch() -> None:
    torch = pytest.importorskip("torch")
    x = torch.tensor([0.5, 3.0, -1.0, 2.0, 2.0])
    xp = ember_array.namespace(x, api_version=DRAFT)
    g = torch.func.grad(lambda t: xp.sum(xp.top_k(t, 2)[0]))(x)
    assert g.tolist() == [0.0, 1.0, 0.0, 1.0, 0.0]  # the tie goes to the lower index


def test_top_k_grad_mlx() -> None:
    mx = pytest.importorskip("mlx.core")
    pytest.importorskip("ember_array.mlx")
    x = mx.array([0.5, 3.0, -1.0, 2.0, 2.0])
    xp = ember_array.namespace(x, api_version=DRAFT)
    g = mx.grad(lambda t: xp.sum(xp.top_k(t, 2)[0]))(x)
    assert g.tolist() == [0.0, 1.0, 0.0, 1.0, 0.0]


def test_top_k_dask_stays_lazy_without_a_full_sort(no_compute: None) -> None:
    da = pytest.importorskip("dask.array")
    x = da.random.default_rng(1).standard_normal((3, 4000), chunks=(3, 250))
    xp = ember_array.namespace(x, api_version=DRAFT)
    values, idx = xp.top_k(x, 5, axis=-1, mode="smallest")
    assert values.shape == idx.shape == (3, 5)
    assert idx.chunks[-1] == (5,)
    from dask.core import get_dependencies

    graph = dict(idx.__dask_graph__())
    names = {str(key[0] if isinstance(key, tuple) else key) for key in graph}
    assert not any("sort" in name for name in names), sorted(names)
    # a tree: 16 chunks' candidates merged a few at a time (split_every), then ranked
    layers = {name.rpartition("-")[0] for name in names if name.startswith("top_k")}
    assert {"top_k-partial", "top_k-aggregate"} <= layers, sorted(names)
    merges = [key for key in graph if str(key[0]).startswith("top_k")]
    assert max(len(get_dependencies(graph, key)) for key in merges) < 16


@pytest.mark.parametrize("dtype", ["float32", "int32"])
def test_top_k_dask_matches_reference_across_many_chunks(dtype: str) -> None:
    # 14 chunks on the searched axis: a tree of two levels; ties and NaN cross the chunks
    pytest.importorskip("dask.array")
    rng = np.random.default_rng(2)
    a = rng.integers(-2, 3, size=(3, 40)).astype(dtype)
    if dtype == "float32":
        a[0, ::7] = np.nan
    x = _dask(a)
    xp = ember_array.namespace(x, api_version=DRAFT)
    for axis in (None, -1):
        n = a.size if axis is None else a.shape[-1]
        for k in (1, 3, n):
            for mode in ("largest", "smallest"):
                values, idx = xp.top_k(x, k, axis=axis, mode=mode)
                want = _reference(a, k, axis, mode == "largest")
                where = f"dask {dtype} axis={axis} k={k} {mode}"
                np.testing.assert_array_equal(idx.compute(), want, err_msg=where)
                flat = a.reshape(-1) if axis is None else a
                np.testing.assert_array_equal(
                    values.compute(), np.take_along_axis(flat, want, axis=-1), where
                )


@pytest.mark.parametrize("dtype", ["float16", "float64", "int8", "uint32", "int64"])
def test_top_k_without_a_data_read_matches_reference(dtype: str) -> None:
    # the lazy path (mlx; torch under compile, vmap, torch.func) on numpy's kernels: the
    # unique key alone, with extremes, NaN, -0.0 and ties at the cut
    from ember_array import numpy as nxp
    from ember_array._common._top_k import top_k_last
    from ember_array.numpy._draft import KERNELS

    rng = np.random.default_rng(3)
    if dtype.startswith("float"):
        pool = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 2.5])
    else:
        info = np.iinfo(dtype)
        pool = np.array([info.min, info.min + 1, 0, 1, info.max - 1, info.max], dtype=dtype)
    for _ in range(40):
        a = rng.choice(pool, size=(2, int(rng.integers(2, 12)))).astype(dtype)
        k = int(rng.integers(1, a.shape[-1]))
        for largest in (True, False):
            got = top_k_last(nxp, a, k, largest, KERNELS)
            np.testing.assert_array_equal(got, _reference(a, k, -1, largest), f"{a} {k}")


@pytest.mark.parametrize("dtype", ["float32", "int16"])
def test_top_k_by_blocks_matches_reference(
    backend: str, dtype: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a long axis is read once, by blocks: ties and NaN in many blocks, a last partial block,
    # both modes; k = 300 is too many candidates for blocks (one selection instead)
    from ember_array._common import _top_k

    calls: list[int] = []
    blocked = _top_k._blocked

    def spy(*args: Any, **kwargs: Any) -> Any:
        calls.append(args[2])
        return blocked(*args, **kwargs)

    monkeypatch.setattr(_top_k, "_blocked", spy)
    rng = np.random.default_rng(4)
    n = _top_k.BLOCKED_FROM + 3
    if dtype == "float32":
        a = rng.choice(np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan]), (2, n))
        a[1] = np.nan
        a[1, rng.integers(0, n, 40)] = np.inf
    else:
        a = rng.integers(-2, 3, size=(2, n))
    a = a.astype(dtype)
    x = from_numpy(backend, a)
    xp = _draft(backend, x)
    for mode in ("largest", "smallest"):
        order = _reference_fast(a, n, mode == "largest")
        for k in (1, 3, 16, 300):
            idx = to_numpy(xp.top_k(x, k, axis=-1, mode=mode)[1])
            np.testing.assert_array_equal(idx, order[:, :k], f"{backend} {dtype} k={k} {mode}")
    assert sorted(set(calls)) == [1, 3, 16], calls


def _reference_fast(a: np.ndarray, k: int, largest: bool) -> np.ndarray:
    """The last axis's ``top_k`` indices by numpy's stable sort (NaN last, as sort puts it)."""
    if not largest:
        return np.argsort(a, axis=-1, kind="stable")[..., :k]
    n = a.shape[-1]
    return (n - 1 - np.argsort(a[..., ::-1], axis=-1, kind="stable")[..., ::-1])[..., :k]


def test_top_k_by_blocks_under_grad_vmap_and_compile() -> None:
    torch = pytest.importorskip("torch")
    mx = pytest.importorskip("mlx.core")
    pytest.importorskip("ember_array.mlx")
    from ember_array._common._top_k import BLOCKED_FROM

    n = BLOCKED_FROM + 5  # read by blocks
    a = np.zeros(n, dtype=np.float32)
    a[[7, 4000, n - 1]] = [2.0, 3.0, 2.0]  # the tie at the cut goes to index 7
    indicator = np.zeros(n, dtype=np.float32)
    indicator[[7, 4000]] = 1.0
    t = torch.from_numpy(a)
    xp = ember_array.namespace(t, api_version=DRAFT)
    g = torch.func.grad(lambda y: xp.sum(xp.top_k(y, 2)[0]))(t)
    np.testing.assert_array_equal(g.numpy(), indicator)
    batch = torch.stack([t, t.flip(0)])
    assert torch.func.vmap(lambda r: xp.top_k(r, 2)[1])(batch).tolist() == [
        [4000, 7],
        [n - 4001, 0],  # flipped: the tie is at n - 8 and 0
    ]
    m = mx.array(a)
    xm = ember_array.namespace(m, api_version=DRAFT)
    np.testing.assert_array_equal(
        np.array(mx.grad(lambda y: xm.sum(xm.top_k(y, 2)[0]))(m)), indicator
    )
    assert mx.compile(lambda y: xm.top_k(y, 2)[1])(m).tolist() == [4000, 7]


def test_dtypes_per_device(backend: str) -> None:
    xp = load_backend(backend)[1]
    info = ember_array.namespace(xp.ones(1), api_version=DRAFT).__array_namespace_info__()
    for device in info.devices():
        found = info.dtypes(device=device)
        assert "float32" in found, device
        defaults = info.default_dtypes(device=device)
        assert defaults["real floating"] in found.values(), device
        assert defaults["indexing"] in found.values(), device


def test_a_device_without_float64_through_the_registry(
    backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a stand-in: the registry row says the CPU cannot hold float64 (as mlx's GPU, torch's MPS)
    import dataclasses

    from ember_array import _backends

    xp = load_backend(backend)[1]
    draft = ember_array.namespace(xp.ones(1), api_version=DRAFT)
    info = draft.__array_namespace_info__()
    cpu = info.devices()[0]
    assert "float64" in info.dtypes(device=cpu)
    row = _backends.BY_NAME[backend]
    monkeypatch.setitem(
        _backends.BY_NAME, backend, dataclasses.replace(row, no_float64=(*row.no_float64, "cpu"))
    )
    found = info.dtypes(device=cpu)
    assert "float64" not in found
    assert "complex128" not in found
    assert "float32" in found
    assert info.default_dtypes(device=cpu)["real floating"] == xp.float32
    with pytest.raises(TypeError, match=rf"zeros\(\) \[{backend}\].*cannot hold dtype float64"):
        draft.zeros(2, dtype=xp.float64, device=cpu)
    with pytest.raises(TypeError, match=r"asarray\(\).*float64"):
        draft.asarray(np.ones(2), device=cpu)
    single = xp.ones(2, dtype=xp.float32)
    with pytest.raises(TypeError, match=r"astype\(\).*cannot hold dtype float64"):
        draft.astype(single, xp.float64, device=cpu)
    assert draft.astype(single, xp.float32, device=cpu).dtype == xp.float32
    with pytest.raises(TypeError, match=r"from_dlpack\(\).*float64"):
        draft.from_dlpack(xp.ones(2, dtype=xp.float64), device=cpu)
    assert draft.zeros(2, dtype=xp.float32, device=cpu).dtype == xp.float32
    assert xp.zeros(2, dtype=xp.float64, device=cpu).dtype == xp.float64  # 2025.12: unchanged


def test_dlpack_c_exchange_api_is_the_native_types() -> None:
    # data-apis/array-api#984: a type attribute; ember leaves it where the native type has it
    torch = pytest.importorskip("torch")
    x = torch.ones(2)
    assert ember_array.namespace(x, api_version=DRAFT).asarray(x) is x
    native = getattr(torch.Tensor, "__dlpack_c_exchange_api__", None)
    if native is None:
        pytest.skip("this torch has no __dlpack_c_exchange_api__ (torch 2.13 has)")
    assert type(x).__dlpack_c_exchange_api__ is native


def test_top_k_under_vmap_and_mx_compile() -> None:
    # no host read on the traced paths (torch.compile(fullgraph=True) too, checked by hand:
    # it costs seconds)
    torch = pytest.importorskip("torch")
    mx = pytest.importorskip("mlx.core")
    pytest.importorskip("ember_array.mlx")
    a = np.asarray([[0.5, 3.0, -1.0, 2.0, 2.0], [1.0, 1.0, 1.0, 0.0, 5.0]], dtype=np.float32)
    want = [[1, 3], [4, 0]]
    t = torch.from_numpy(a)
    xp = ember_array.namespace(t, api_version=DRAFT)
    assert torch.func.vmap(lambda r: xp.top_k(r, 2)[1])(t).tolist() == want
    m = mx.array(a)
    xm = ember_array.namespace(m, api_version=DRAFT)
    assert mx.compile(lambda y: xm.top_k(y, 2, axis=-1)[1])(m).tolist() == want
    assert mx.vmap(lambda r: xm.top_k(r, 2)[1])(m).tolist() == want

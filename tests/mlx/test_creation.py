"""Creation functions: device=, copy semantics, defaults, against array-api-strict."""

from __future__ import annotations

import numpy as np
import pytest

mx = pytest.importorskip("mlx.core")
strict = pytest.importorskip("array_api_strict")

import ember_array.mlx as xp  # noqa: E402

from .conftest import assert_like_strict  # noqa: E402


def test_asarray_copy_semantics():
    x = mx.array([1.0, 2.0])
    assert xp.asarray(x) is x
    assert xp.asarray(x, copy=False) is x
    assert xp.asarray(x, dtype=xp.float32, copy=False) is x
    assert xp.asarray(x, copy=True) is not x
    with pytest.raises(ValueError, match="copy"):
        xp.asarray(x, dtype=xp.int32, copy=False)
    with pytest.raises(ValueError, match="copy"):
        xp.asarray(np.ones(2), copy=False)


def test_asarray_big_uint64_and_overflow():
    x = xp.asarray([2**64 - 1], dtype=xp.uint64)
    assert np.asarray(x)[0] == 2**64 - 1
    with pytest.raises(OverflowError):
        xp.asarray([2**63])


def test_zero_size_from_numpy_reduces_without_hanging():
    x = xp.asarray(np.zeros((0, 3)))
    assert xp.sum(x).item() == 0.0
    assert xp.sum(x, axis=0).shape == (3,)


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
@pytest.mark.parametrize(
    "args", [(-5, 5, 21), (0, 1, 4, False), (1e-3, 7.3, 13), (2, 2, 1), (0.1, 0.7, 1000)]
)
def test_linspace_matches_numpy_bit_for_bit(args, dtype):
    # mx.linspace interpolates in float32: linspace(-5, 5, 21)[12] was 1.0000001, so savgol's
    # symmetric grid was not symmetric (scipy.signal test_sg_filter_interp_edges_3d)
    start, stop, num, *endpoint = args
    kw = {"endpoint": endpoint[0]} if endpoint else {}
    got = xp.linspace(start, stop, num, dtype=getattr(xp, dtype), **kw)
    assert got.dtype == getattr(xp, dtype)
    np.testing.assert_array_equal(np.asarray(got), np.linspace(start, stop, num, dtype=dtype, **kw))


@pytest.mark.parametrize("device", [None, "cpu", xp.__array_namespace_info__().devices()[0]])
@pytest.mark.parametrize(
    "call",
    [
        lambda ns, d: ns.zeros((2, 3), device=d),
        lambda ns, d: ns.ones(3, dtype=ns.int8, device=d),
        lambda ns, d: ns.empty((1,), device=d),
        lambda ns, d: ns.full((2,), 7, device=d),
        lambda ns, d: ns.full((2,), True, device=d),
        lambda ns, d: ns.arange(5, device=d),
        lambda ns, d: ns.arange(1, 2, 0.25, device=d),
        lambda ns, d: ns.arange(5, 1, device=d),
        lambda ns, d: ns.eye(3, 4, k=1, device=d),
        lambda ns, d: ns.eye(3, k=10**30, device=d),
        lambda ns, d: ns.linspace(0, 1, 5, device=d),
        lambda ns, d: ns.linspace(0, 1, 4, endpoint=False, device=d),
        lambda ns, d: ns.asarray([[1, 2], [3, 4]], device=d),
        lambda ns, d: ns.asarray([1, 2.5], device=d),
    ],
)
def test_creation_matches_strict(call, device):
    got = call(xp, device)
    want = call(strict, None)
    assert_like_strict(got, want, defaults=True)


def test_like_functions_and_tri():
    x = xp.asarray([[1, 2, 3], [4, 5, 6]], dtype=xp.int16)
    s = strict.asarray([[1, 2, 3], [4, 5, 6]], dtype=strict.int16)
    assert_like_strict(xp.zeros_like(x), strict.zeros_like(s))
    assert_like_strict(xp.ones_like(x, dtype=xp.float32), strict.ones_like(s, dtype=strict.float32))
    assert_like_strict(xp.full_like(x, 9), strict.full_like(s, 9))
    assert xp.empty_like(x).shape == (2, 3)
    assert_like_strict(xp.tril(x, k=-1), strict.tril(s, k=-1))
    assert_like_strict(xp.triu(x, k=1), strict.triu(s, k=1))


def test_meshgrid_returns_tuple():
    a, b = xp.asarray([1, 2]), xp.asarray([3, 4, 5])
    out = xp.meshgrid(a, b, indexing="ij")
    assert isinstance(out, tuple)
    assert out[0].shape == (2, 3)
    assert isinstance(xp.broadcast_arrays(a, a), tuple)

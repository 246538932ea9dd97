"""The GPU-only paths of ember_array.torch, run on the CPU (CI has no GPU).

On a GPU, torch's gathers trip a device-side assert on an out-of-range index, which ends every
later CUDA call of the process; ember_array.torch then takes a masked gather instead (out-of-range
positions hold NaN, the integer dtype's minimum (signed) or maximum (unsigned), or False, as on
mlx). ``tests/test_cuda.py`` runs the same on a GPU; here the masked functions are called on CPU
tensors and compared with the CPU path, which raises ``IndexError`` out of range.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

torch = pytest.importorskip("torch")

from ember_array.torch import _indexing  # noqa: E402

DTYPES = ["float32", "float64", "int8", "int16", "int64", "uint8", "uint16", "uint32", "uint64",
          "bool", "complex64"]  # fmt: skip
FILL = {"float32": np.nan, "float64": np.nan, "complex64": np.nan, "bool": False, "int8": -128,
        "int16": -(2**15), "int64": -(2**63), "uint8": 255, "uint16": 2**16 - 1,
        "uint32": 2**32 - 1, "uint64": 2**64 - 1}  # fmt: skip


def _x(dtype: str, shape: tuple[int, ...]) -> torch.Tensor:
    return (torch.arange(int(np.prod(shape)), dtype=torch.int64).reshape(shape) % 7).to(
        getattr(torch, dtype)
    )


def _list(t: torch.Tensor) -> list:
    return [complex(v) if t.dtype.is_complex else v for v in t.reshape(-1).tolist()]


def _same(a: torch.Tensor, b: torch.Tensor) -> bool:
    return a.dtype == b.dtype and a.shape == b.shape and _list(a) == _list(b)


@pytest.mark.parametrize("dtype", DTYPES)
@given(
    shape=st.lists(st.integers(1, 4), min_size=1, max_size=3).map(tuple),
    data=st.data(),
)
def test_masked_take_equals_take_in_range(dtype: str, shape: tuple, data: st.DataObject) -> None:
    x = _x(dtype, shape)
    axis = data.draw(st.integers(0, len(shape) - 1))
    n = shape[axis]
    idx = torch.tensor(data.draw(st.lists(st.integers(-n, n - 1), max_size=5)), dtype=torch.int64)
    want = _indexing.take(x, idx, axis=axis)
    assert _same(_indexing._take_masked(x, idx, axis), want)
    along = data.draw(st.lists(st.integers(-n, n - 1), min_size=1, max_size=3))
    ishape = list(shape)
    ishape[axis] = len(along)
    ia = torch.tensor(along).reshape([len(along) if i == axis else 1 for i in range(len(shape))])
    ia = ia.expand(ishape)
    want_along = _indexing.take_along_axis(x, ia, axis=axis)
    assert _same(_indexing._take_along_masked(x, ia, axis), want_along)


@pytest.mark.parametrize("dtype", DTYPES)
def test_masked_take_fills_out_of_range(dtype: str) -> None:
    x = _x(dtype, (2, 4))
    idx = torch.tensor([1, 4, -5, 2**40, -1])
    got = _indexing._take_masked(x, idx, 1)
    with pytest.raises(IndexError):  # the CPU path: torch's own bounds check
        _indexing.take(x, idx, axis=1)
    fill = FILL[dtype]
    for row in range(2):
        vals = _list(got[row])
        assert vals[0] == _list(x[row])[1]
        assert vals[4] == _list(x[row])[3]
        for v in vals[1:4]:
            assert (v != v) if isinstance(fill, float) else v == fill
    along = _indexing._take_along_masked(x, torch.tensor([[0, 9], [-9, 3]]), 1)
    assert _list(along)[0] == _list(x)[0]
    assert _list(along)[3] == _list(x[1])[3]


def test_masked_take_of_an_empty_axis_is_all_fill() -> None:
    got = _indexing._take_masked(torch.zeros((2, 0)), torch.tensor([0, 1, 2]), 1)
    assert got.shape == (2, 3)
    assert bool(torch.isnan(got).all())
    zeros = torch.zeros((2, 3), dtype=torch.int64)
    along = _indexing._take_along_masked(torch.zeros((2, 0)), zeros, 1)
    assert along.shape == (2, 3)
    assert bool(torch.isnan(along).all())


def test_masked_take_rejects_what_take_rejects() -> None:
    x = torch.zeros((2, 3))
    with pytest.raises(ValueError, match="axis is required"):
        _indexing._take_masked(x, torch.tensor([0]), None)
    with pytest.raises(TypeError, match="integer dtype"):
        _indexing._take_masked(x, torch.tensor([0.5]), 1)


@pytest.mark.parametrize("reduce", ["sum", "mean"])
@pytest.mark.parametrize("axis", [0, 1])
def test_complex_scatter_through_real_pairs(
    monkeypatch: pytest.MonkeyPatch, reduce: str, axis: int
) -> None:
    """CUDA's scatter_reduce has no complex kernel: sums and means go through (re, im) pairs."""
    import ember_array.scatter as es
    import ember_array.scatter._torch as scatter_torch

    rng = np.random.default_rng(3)
    v = torch.asarray(rng.standard_normal((6, 5)) + 1j * rng.standard_normal((6, 5)))
    ids = torch.asarray(rng.integers(-2, 6, v.shape[axis]))
    kwargs = {"axis": axis, "reduce": reduce, "fill_value": 2 - 1j}
    want = es.scatter(v, ids, 4, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(scatter_torch, "_complex_unscatterable", lambda t: bool(t.is_complex()))
    got = es.scatter(v, ids, 4, **kwargs)  # type: ignore[arg-type]
    torch.testing.assert_close(got, want, rtol=1e-12, atol=1e-12)

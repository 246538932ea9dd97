"""Dtypes: float64 preservation, complex128, equality with anything, promotion tables."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

mx = pytest.importorskip("mlx.core")
strict = pytest.importorskip("array_api_strict")

import ember_array.mlx as xp  # noqa: E402

from .conftest import dtype_name  # noqa: E402

NAMES = [
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float32", "float64", "complex64",
]  # fmt: skip


def test_dtype_compares_with_none_and_anything():
    for name in NAMES:
        dt = getattr(xp, name)
        assert (dt == None) is False  # noqa: E711
        assert (dt != None) is True  # noqa: E711
        assert (dt == None) is False  # noqa: E711
        assert dt != "float32"
        assert dt != 1.5


def test_dtype_equals_native_both_ways_and_hashes_alike():
    x = mx.zeros((2,), dtype=mx.float64)
    assert x.dtype == xp.float64
    assert xp.float64 == x.dtype
    assert (x.dtype != xp.float64) is False
    assert {xp.float64: 1}[x.dtype] == 1
    assert {x.dtype: 1}[xp.float64] == 1
    assert x.dtype in (xp.int8, xp.float64)
    assert xp.float32 != xp.float64


def test_dtypes_work_as_native_dtype_arguments():
    for name in NAMES:
        assert mx.zeros((1,), dtype=getattr(xp, name)).dtype == getattr(xp, name)
        assert mx.array([1], dtype=getattr(xp, name)).dtype == getattr(xp, name)


def test_complex128_is_a_clear_type_error():
    assert xp.complex128 == xp.complex128
    assert xp.complex128 != xp.complex64
    assert (xp.complex128 == None) is False  # noqa: E711
    with pytest.raises(TypeError, match="mlx has no complex128"):
        xp.zeros((2,), dtype=xp.complex128)
    with pytest.raises(TypeError, match="complex128"):
        xp.asarray([1j], dtype=xp.complex128)
    with pytest.raises(TypeError, match="complex128"):
        xp.astype(xp.ones(2), xp.complex128)
    info = xp.__array_namespace_info__()
    assert "complex128" not in info.dtypes()
    assert "complex128" not in info.dtypes(kind="complex floating")


@pytest.mark.parametrize(
    "make",
    [
        lambda: xp.asarray(np.array([0.1, 1e-300])),
        lambda: xp.asarray([0.1, 1e-300], dtype=xp.float64),
        lambda: xp.asarray(0.1, dtype=xp.float64),
        lambda: xp.asarray(np.float64(0.1)),
        lambda: xp.from_dlpack(np.array([0.1, 1e-300])),
        lambda: xp.asarray(np.array([0.1, 1e-300]).tolist(), dtype=xp.float64),
        lambda: xp.full((2,), 0.1, dtype=xp.float64),
        lambda: xp.linspace(0.1, 1e-300, 2, dtype=xp.float64),
    ],
)
def test_float64_preserved_at_entry_points(make):
    x = make()
    assert x.dtype == xp.float64
    assert np.asarray(x).ravel()[0] == 0.1


def test_float64_from_torch_dlpack():
    torch = pytest.importorskip("torch")
    t = torch.tensor([0.1, 2.0], dtype=torch.float64)
    for x in (xp.from_dlpack(t), xp.asarray(t)):
        assert x.dtype == xp.float64
        assert np.asarray(x)[0] == 0.1


def test_float64_on_gpu_is_an_error():
    with pytest.raises(ValueError, match=r"float64.*gpu"):
        xp.zeros((2,), dtype=xp.float64, device="gpu")


def test_default_dtypes():
    assert xp.asarray(1).dtype == xp.int64
    assert xp.asarray(1.0).dtype == xp.float32
    assert xp.asarray(1j).dtype == xp.complex64
    assert xp.asarray(True).dtype == xp.bool
    assert xp.arange(3).dtype == xp.int64
    d = xp.__array_namespace_info__().default_dtypes()
    assert d["integral"] == d["indexing"] == xp.int64
    assert d["real floating"] == xp.float32


def _sdt(name):
    return getattr(strict, name)


def _kind(name):
    return 0 if name == "bool" else 2 if name.startswith(("float", "complex")) else 1


@pytest.mark.parametrize(("a", "b"), list(itertools.product(NAMES, NAMES)))
def test_result_type_and_can_cast_match_strict(a, b):
    try:
        want = strict.result_type(_sdt(a), _sdt(b))
    except TypeError:
        if _kind(a) != _kind(b):  # across kinds: mlx's answer (test_promotion_defaults.py)
            assert xp.result_type(getattr(xp, a), getattr(xp, b)) in (
                getattr(xp, a),
                getattr(xp, b),
            )
        else:
            with pytest.raises(TypeError):
                xp.result_type(getattr(xp, a), getattr(xp, b))
    else:
        assert xp.result_type(getattr(xp, a), getattr(xp, b)) == getattr(xp, dtype_name(want))
    assert xp.can_cast(getattr(xp, a), getattr(xp, b)) == strict.can_cast(_sdt(a), _sdt(b))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("scalar", [True, 1, 1.5, 1j])
def test_result_type_with_python_scalars_matches_strict(name, scalar):
    try:
        want = strict.result_type(_sdt(name), scalar)
    except TypeError:
        if isinstance(scalar, (float, complex)):  # the default dtype: test_promotion_defaults.py
            assert xp.isdtype(xp.result_type(getattr(xp, name), scalar), "numeric")
        else:
            with pytest.raises(TypeError):
                xp.result_type(getattr(xp, name), scalar)
    else:
        got = xp.result_type(xp.zeros(1, dtype=getattr(xp, name)), scalar)
        assert got == getattr(xp, dtype_name(want))


@pytest.mark.parametrize("name", ["float32", "float64", "complex64"])
def test_finfo_matches_strict(name):
    got = xp.finfo(getattr(xp, name))
    want = strict.finfo(_sdt(name))
    for attr in ("bits", "eps", "max", "min", "smallest_normal"):
        assert getattr(got, attr) == pytest.approx(getattr(want, attr), rel=1e-6)
    assert dtype_name(got.dtype) == dtype_name(want.dtype)
    assert xp.finfo(xp.zeros(1, dtype=getattr(xp, name))).bits == want.bits


@pytest.mark.parametrize("name", [n for n in NAMES if "int" in n])
def test_iinfo_matches_strict(name):
    got = xp.iinfo(xp.zeros(1, dtype=getattr(xp, name)))
    want = strict.iinfo(_sdt(name))
    assert (got.bits, got.min, got.max) == (want.bits, want.min, want.max)


def test_isdtype():
    assert xp.isdtype(xp.int8, "signed integer")
    assert xp.isdtype(xp.uint8, ("bool", "integral"))
    assert not xp.isdtype(xp.float64, "integral")
    assert xp.isdtype(xp.complex64, "numeric")
    assert xp.isdtype(xp.float32, xp.float32)
    with pytest.raises(ValueError, match="unknown kind"):
        xp.isdtype(xp.int8, "nope")


def test_astype_rules():
    x = xp.asarray([1.5, -2.5])
    assert xp.astype(x, xp.float32, copy=False) is x
    assert xp.astype(x, xp.float32) is not x
    assert xp.astype(x, xp.int64).dtype == xp.int64
    with pytest.raises(TypeError, match="astype"):
        xp.astype(xp.asarray([1j]), xp.float32)

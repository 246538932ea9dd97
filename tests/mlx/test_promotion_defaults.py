"""The switchable default floating dtype (``set_default_dtype``) and promotion across kinds."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

mx = pytest.importorskip("mlx.core")

import ember_array.mlx as xp  # noqa: E402

NAMES = [
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64",
]  # fmt: skip
_KIND = {"bool": 0, "float16": 2, "float32": 2, "float64": 2, "complex64": 2}


def _kind(name: str) -> int:
    return _KIND.get(name, 1)


def _dt(name: str):  # type: ignore[no-untyped-def]
    return getattr(xp, name) if name != "float16" else mx.float16


def _native(name: str):  # type: ignore[no-untyped-def]
    return getattr(mx, "bool_" if name == "bool" else name)


@pytest.fixture(autouse=True)
def _restore_default() -> Iterator[None]:
    before = xp.get_default_dtype()
    yield
    xp.set_default_dtype(before)


# --- promotion across kinds: mlx's answer (the standard leaves it undefined) -----------------


@pytest.mark.parametrize(
    ("a", "b"), [p for p in itertools.product(NAMES, NAMES) if _kind(p[0]) != _kind(p[1])]
)
def test_result_type_across_kinds_is_mlx_s(a: str, b: str) -> None:
    got = xp.result_type(_dt(a), _dt(b))
    assert got == mx.result_type(_native(a), _native(b))
    # arrays too, and what mlx's own add computes
    x, y = mx.zeros((1,), dtype=_native(a)), mx.zeros((1,), dtype=_native(b))
    assert xp.result_type(x, y) == (x + y).dtype


def test_result_type_across_kinds_examples() -> None:
    assert xp.result_type(xp.int32, xp.float32) == xp.float32
    assert xp.result_type(xp.int64, xp.float64) == xp.float64
    assert xp.result_type(xp.int64, xp.float32) == xp.float32  # mlx's (and torch's) answer
    assert xp.result_type(xp.int32, xp.complex64) == xp.complex64
    assert xp.result_type(xp.bool, xp.int8) == xp.int8
    assert xp.can_cast(xp.int32, xp.float32) is False  # can_cast keeps the standard's table


def test_within_a_kind_the_standard_s_table_holds() -> None:
    with pytest.raises(TypeError, match="int8 and uint64"):
        xp.result_type(xp.int8, xp.uint64)  # mlx: float32
    # float64 with complex: complex128, which mlx lacks (mlx computes complex64)
    assert xp.result_type(xp.float64, xp.complex64) == xp.complex128
    with pytest.raises(TypeError, match="complex128"):
        xp.concat([xp.ones(1, dtype=xp.float64), xp.ones(1, dtype=xp.complex64)])


def test_functions_that_promote_follow_result_type_across_kinds() -> None:
    i, f = xp.asarray([1, 2], dtype=xp.int32), xp.asarray([0.5], dtype=xp.float32)
    out = xp.concat([i, f])
    assert out.dtype == xp.float32
    assert out.tolist() == [1.0, 2.0, 0.5]
    assert xp.stack([i, xp.asarray([1j, 2j], dtype=xp.complex64)]).dtype == xp.complex64
    assert xp.add(i, f).dtype == xp.result_type(i, f)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("scalar", [1.5, 1j])
def test_python_float_and_complex_with_bool_or_integer(name: str, scalar: complex) -> None:
    got = xp.result_type(xp.zeros(1, dtype=_dt(name)), scalar)
    if _kind(name) == 2:
        return  # the standard's table (tests/mlx/test_dtypes.py)
    want = xp.float32 if isinstance(scalar, float) else xp.complex64
    assert got == want
    assert (mx.zeros((1,), dtype=_native(name)) + scalar).dtype == want  # what mlx computes
    xp.set_default_dtype(xp.float64)
    got = xp.result_type(xp.zeros(1, dtype=_dt(name)), scalar)
    assert got == (xp.float64 if isinstance(scalar, float) else xp.complex128)


def test_bool_with_python_int_still_raises() -> None:
    with pytest.raises(TypeError, match="Python int with bool"):
        xp.result_type(xp.bool, 1)


# --- the default floating dtype -----------------------------------------------------------------


def test_default_is_float32() -> None:
    assert xp.get_default_dtype() == xp.float32
    assert xp.__array_namespace_info__().default_dtypes()["real floating"] == xp.float32
    assert xp.__array_namespace_info__().default_dtypes()["complex floating"] == xp.complex64


def test_float64_default_reaches_every_creation_function() -> None:
    xp.set_default_dtype(xp.float64)
    assert xp.get_default_dtype() == xp.float64
    f64 = xp.float64
    assert xp.asarray(1.5).dtype == f64
    assert xp.asarray([1, 2.5]).dtype == f64
    assert xp.asarray([[0.5], [1.0]]).tolist() == [[0.5], [1.0]]
    assert xp.asarray(0.1).item() == 0.1  # float64 exactly, not float32's 0.10000000149
    for made in (xp.zeros(2), xp.ones(2), xp.empty(2), xp.eye(2), xp.full(2, 0.5)):
        assert made.dtype == f64
    assert xp.linspace(0, 1, 3).dtype == f64
    assert xp.arange(0.0, 1.0, 0.5).dtype == f64
    assert xp.fft.fftfreq(4).dtype == f64
    assert xp.fft.rfftfreq(4).dtype == f64
    # not floats: unchanged
    assert xp.asarray(1).dtype == xp.int64
    assert xp.arange(3).dtype == xp.int64
    assert xp.asarray(True).dtype == xp.bool
    # explicit dtypes and *_like keep theirs
    assert xp.zeros(2, dtype=xp.float32).dtype == xp.float32
    x32 = xp.ones(2, dtype=xp.float32)
    for like in (xp.zeros_like, xp.ones_like, xp.empty_like):
        assert like(x32).dtype == xp.float32
    assert xp.full_like(x32, 0.5).dtype == xp.float32
    info = xp.__array_namespace_info__().default_dtypes()
    assert info["real floating"] == f64
    assert info["integral"] == xp.int64


def test_float64_default_reaches_integer_promotion_of_linalg() -> None:
    a = xp.asarray([[2, 1], [1, 3]])
    assert xp.linalg.inv(a).dtype == xp.float32
    assert xp.linalg.vector_norm(xp.asarray([3, 4])).dtype == xp.float32
    xp.set_default_dtype(xp.float64)
    assert xp.linalg.inv(a).dtype == xp.float64
    assert xp.linalg.vector_norm(xp.asarray([3, 4])).dtype == xp.float64
    assert xp.hypot(xp.asarray([3]), 4).dtype == xp.float64


def test_float64_default_refuses_the_complex128_default() -> None:
    xp.set_default_dtype(xp.float64)
    assert xp.__array_namespace_info__().default_dtypes()["complex floating"] == xp.complex128
    for make in (
        lambda: xp.asarray(1j),
        lambda: xp.asarray([1.0, 2j]),
        lambda: xp.full(2, 1j),
        lambda: xp.linspace(0, 1j, 3),
    ):
        with pytest.raises(TypeError, match=r"\[mlx\]: the default complex dtype is complex128"):
            make()
    assert xp.asarray(1j, dtype=xp.complex64).dtype == xp.complex64


def test_back_to_float32() -> None:
    xp.set_default_dtype(xp.float64)
    xp.set_default_dtype(mx.float32)  # the native object works too
    assert xp.asarray(1.5).dtype == xp.float32
    assert xp.asarray(1j).dtype == xp.complex64


@pytest.mark.parametrize("bad", [xp.int32, xp.complex64, xp.complex128, "float64", float, None])
def test_only_float32_or_float64(bad: object) -> None:
    with pytest.raises(TypeError, match=r"set_default_dtype \[mlx\]: the default must be"):
        xp.set_default_dtype(bad)
    assert xp.get_default_dtype() == xp.float32


def test_float64_default_is_refused_on_a_gpu_default_device(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(mx, "default_device", lambda: mx.Device(mx.gpu))
    with pytest.raises(ValueError, match=r"float64 cannot be the default .* 'gpu'"):
        xp.set_default_dtype(xp.float64)
    assert xp.get_default_dtype() == xp.float32
    xp.set_default_dtype(xp.float32)  # float32 is fine anywhere

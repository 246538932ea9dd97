"""torch on a CUDA device: the shims' one meaning there, and no poisoned context.

Skipped where torch sees no CUDA device (CI has none); the device check of a session with a
GPU runs this file, and the conformance suite and the shim tests with
``EMBER_TORCH_DEVICE=cuda`` (see ``docs/guides/devices.md``).  What is specific to a GPU:

* the portable random streams are bit-identical to numpy's on the device too (the CPU path
  hashes on the host; the device path runs the same threefry in torch);
* the scatter shims take out-of-range and negative segment ids on the device without a
  device-side assert, which would poison the process's CUDA context for every later call;
* every result stays on the input's device.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from typing import Any

import numpy as np
import pytest

torch = pytest.importorskip("torch")
if not torch.cuda.is_available():
    pytest.skip("torch sees no CUDA device", allow_module_level=True)

import ember_array  # noqa: E402
import ember_array.numpy as enp  # noqa: E402
import ember_array.random as er  # noqa: E402
import ember_array.scatter as es  # noqa: E402
import ember_array.signal as esig  # noqa: E402
import ember_array.torch as et  # noqa: E402
from tests._helpers import to_numpy  # noqa: E402

CUDA = torch.device("cuda", torch.cuda.current_device())


def _on_cuda(*arrays: Any) -> None:
    for a in arrays:
        assert a.device.type == "cuda", a.device


def _bits_equal(got: Any, want: np.ndarray) -> None:
    g = to_numpy(got)
    assert g.dtype == want.dtype, (g.dtype, want.dtype)
    assert g.shape == want.shape
    assert np.array_equal(g.view(np.uint8), np.ascontiguousarray(want).view(np.uint8))


def _ulps_close(got: Any, want: np.ndarray, ulps: int = 4) -> None:
    """Normals agree to a few ULP across backends (docs/guides/random.md): log differs by device."""
    g = to_numpy(got)
    assert g.dtype == want.dtype
    assert g.shape == want.shape
    np.testing.assert_array_max_ulp(g, want, maxulp=ulps)


#: samplers whose values go through log/sqrt: equal to a few ULP, not bit for bit
APPROXIMATE = {"normal32", "normal64", "truncated_normal"}

SAMPLERS = [
    ("bits", lambda k, xp: er.bits(k, (1000,))),
    ("uniform32", lambda k, xp: er.uniform(k, (1000,), dtype=xp.float32)),
    ("uniform64", lambda k, xp: er.uniform(k, (1000,), dtype=xp.float64)),
    ("normal32", lambda k, xp: er.normal(k, (1000,), dtype=xp.float32)),
    ("normal64", lambda k, xp: er.normal(k, (1000,), dtype=xp.float64)),
    ("integers64", lambda k, xp: er.integers(k, -(2**40), 2**40, (1000,))),
    ("integers32", lambda k, xp: er.integers(k, 0, 7, (1000,), dtype=xp.int32)),
    ("bernoulli", lambda k, xp: er.bernoulli(k, 0.3, (1000,))),
    ("truncated_normal", lambda k, xp: er.truncated_normal(k, -1.0, 2.0, (1000,))),
    ("split", lambda k, xp: er.split(k, 5)),
    ("fold_in", lambda k, xp: er.fold_in(k, 12345)),
]


@pytest.mark.parametrize(("name", "draw"), SAMPLERS, ids=[s[0] for s in SAMPLERS])
def test_random_streams_bit_identical_on_cuda(name: str, draw: Any) -> None:
    want = to_numpy(draw(er.key(2026, xp="numpy"), enp))
    got = draw(er.key(2026, xp="torch", device="cuda"), et)
    _on_cuda(got)
    (_ulps_close if name in APPROXIMATE else _bits_equal)(got, want)


def test_random_array_arguments_on_cuda() -> None:
    logits = np.linspace(-2.0, 2.0, 24, dtype=np.float32).reshape(4, 6)
    want_c = to_numpy(er.categorical(er.key(5, xp="numpy"), logits))
    got_c = er.categorical(er.key(5, xp="torch", device="cuda"), torch.asarray(logits, device=CUDA))
    _on_cuda(got_c)
    assert np.array_equal(to_numpy(got_c), want_c)
    x = np.arange(50, dtype=np.float32)
    want_p = to_numpy(er.permutation(er.key(6, xp="numpy"), x))
    got_p = er.permutation(er.key(6, xp="torch", device="cuda"), torch.asarray(x, device=CUDA))
    _on_cuda(got_p)
    assert np.array_equal(to_numpy(got_p), want_p)


def test_generator_on_cuda() -> None:
    g_np = er.Generator(7, xp="numpy")
    g_t = er.Generator(7, xp="torch", device="cuda")
    for _ in range(3):
        got = g_t.normal((64,))
        _on_cuda(got)
        _ulps_close(got, to_numpy(g_np.normal((64,))))
    _bits_equal(g_t.uniform((64,)), to_numpy(g_np.uniform((64,))))


REDUCES = ["sum", "mean", "max", "min", "prod"]


@pytest.mark.parametrize("reduce", REDUCES)
@pytest.mark.parametrize("width", [None, 3])
@pytest.mark.parametrize("dtype", ["float32", "float64", "int32"])
def test_scatter_out_of_range_ids_on_cuda(reduce: str, width: int | None, dtype: str) -> None:
    rng = np.random.default_rng(0)
    n, segs = 400, 9
    shape = (n,) if width is None else (n, width)
    values = (rng.standard_normal(shape) * 10).astype(dtype)
    ids = rng.integers(-4, segs + 4, n)  # negative and too-large ids: dropped
    want = to_numpy(es.scatter(values, ids, segs, reduce=reduce))  # type: ignore[arg-type]
    got = es.scatter(
        torch.asarray(values, device=CUDA),
        torch.asarray(ids, device=CUDA),
        segs,
        reduce=reduce,  # type: ignore[arg-type]
    )
    _on_cuda(got)
    torch.cuda.synchronize()  # a device-side assert would surface here
    if reduce in ("max", "min") or (dtype == "int32" and reduce != "mean"):
        assert np.array_equal(to_numpy(got), want)
    else:  # (the mean of integers is the namespace's default float: float32 on torch)
        np.testing.assert_allclose(to_numpy(got), want, rtol=1e-5, atol=1e-4)


def test_index_reduce_out_of_range_on_cuda() -> None:
    x = np.zeros((5, 2), np.float32)
    idx = np.array([0, 7, -1, 4, 4])
    v = np.ones((5, 2), np.float32)
    want = to_numpy(es.index_reduce(x, idx, v))
    got = es.index_reduce(*(torch.asarray(a, device=CUDA) for a in (x, idx, v)))
    _on_cuda(got)
    torch.cuda.synchronize()
    assert np.array_equal(to_numpy(got), want)


def test_stft_istft_on_cuda() -> None:
    rng = np.random.default_rng(1)
    sig = rng.standard_normal((2, 4000)).astype(np.float32)
    win = esig.hann_window(256, xp="torch", device="cuda")
    _on_cuda(win)
    spec = esig.stft(torch.asarray(sig, device=CUDA), 256, 64, window=win)
    _on_cuda(spec)
    want = to_numpy(esig.stft(sig, 256, 64, window=esig.hann_window(256, xp="numpy")))
    np.testing.assert_allclose(to_numpy(spec), want, rtol=1e-4, atol=1e-3)
    back = esig.istft(spec, 256, 64, window=win, length=4000)
    _on_cuda(back)
    np.testing.assert_allclose(to_numpy(back), sig, rtol=1e-4, atol=1e-4)


INF = np.inf
SPECIALS = [
    ("floor_divide", [INF, -INF, 5.0, -5.0, 0.0, -0.0], [2.0, 3.0, INF, -INF, INF, 1.0]),
    ("remainder", [0.0, -0.0, 4.0, -4.0, 3.0, INF], [3.0, -3.0, 2.0, -2.0, INF, 2.0]),
    ("maximum", [-0.0, np.nan, -1.0, 3.0, 0.0, INF], [0.0, 0.0, 0.0, 0.0, -0.0, 1.0]),
]


@pytest.mark.parametrize(("name", "a", "b"), SPECIALS, ids=[s[0] for s in SPECIALS])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_special_cases_on_cuda_equal_numpy(name: str, a: list, b: list, dtype: str) -> None:
    x1, x2 = np.array(a, dtype), np.array(b, dtype)
    want = np.asarray(getattr(enp, name)(x1, x2))
    got = getattr(et, name)(torch.asarray(x1, device=CUDA), torch.asarray(x2, device=CUDA))
    _on_cuda(got)
    g = to_numpy(got)
    assert g.dtype == want.dtype
    assert np.array_equal(np.isnan(g), np.isnan(want))  # a NaN's sign and payload are free
    both = ~np.isnan(want)
    assert np.array_equal(g[both], want[both])
    if name != "maximum":  # the standard leaves the order of signed zeros in maximum open
        assert np.array_equal(np.signbit(g[both]), np.signbit(want[both]))


@pytest.mark.parametrize("name", ["expm1", "log1p", "tanh", "acos", "sqrt"])
def test_complex_special_values_on_cuda(name: str) -> None:
    vals = [complex(np.inf, 2.0), complex(1.0, np.inf), complex(0.0, 0.0), complex(-0.0, 0.0)]
    x = np.array(vals, np.complex128)
    want = getattr(enp, name)(x)
    got = getattr(et, name)(torch.asarray(x, device=CUDA))
    _on_cuda(got)
    np.testing.assert_allclose(to_numpy(got), want, rtol=1e-12, atol=0, equal_nan=True)


def test_to_device_round_trip() -> None:
    x = torch.arange(5.0)
    y = ember_array.to_device(x, "cuda")
    _on_cuda(y)
    assert ember_array.device_name(y.device) == f"cuda:{CUDA.index}"
    assert ember_array.same_device("gpu", y.device)
    z = ember_array.to_device(y, "cpu")
    assert z.device.type == "cpu"
    assert torch.equal(z, x)


def test_mixed_devices_raise_cleanly() -> None:
    a = torch.ones(3, device=CUDA)
    b = torch.ones(3)
    with pytest.raises((ValueError, TypeError)) as info:
        et.concat([a, b])
    assert "concat" in str(info.value)


def test_take_out_of_range_does_not_poison_the_context() -> None:
    """Out-of-range indices on the device: whatever ``take`` answers, the process's CUDA
    context survives (run in a child: a device-side assert is unrecoverable there)."""
    code = textwrap.dedent(
        """
        import torch, ember_array.torch as et
        x = torch.arange(10.0, device="cuda")
        idx = torch.tensor([1, 12, -30], device="cuda")
        for f in (lambda: et.take(x, idx), lambda: et.take_along_axis(x, idx, axis=0)):
            try:
                f()
                torch.cuda.synchronize()
            except (IndexError, ValueError) as e:
                print("clean", type(e).__name__)
        print("alive", float(torch.ones(2, device="cuda").sum()))
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "alive 2.0" in out.stdout, out.stdout + out.stderr


def test_take_out_of_range_masks_on_cuda() -> None:
    """On the device an out-of-range index is masked (NaN for floats), never another row."""
    x = torch.arange(6.0, device=CUDA).reshape(3, 2)
    got = et.take(x, torch.tensor([0, 9], device=CUDA), axis=0)
    _on_cuda(got)
    g = to_numpy(got)
    assert np.array_equal(g[0], [0.0, 1.0])
    assert np.isnan(g[1]).all(), g
    along = to_numpy(et.take_along_axis(x, torch.tensor([[0, 5]], device=CUDA), axis=0))
    assert along[0, 0] == 0.0
    assert np.isnan(along[0, 1]), along


def test_astype_complex_to_real_raises_on_cuda() -> None:
    z = torch.ones(3, dtype=torch.complex64, device=CUDA)
    with pytest.raises(TypeError, match="astype"):
        et.astype(z, et.float32)


@pytest.mark.parametrize("dtype", ["uint16", "uint32", "uint64"])
def test_unsigned_linspace_and_floor_divide_on_cuda(dtype: str) -> None:
    """torch has no uint16/32/64 kernels for these; ember_array computes them on the device."""
    dt = getattr(et, dtype)
    r = et.linspace(0, 10, 6, dtype=dt, device=CUDA)
    _on_cuda(r)
    assert r.dtype == dt
    assert to_numpy(r).tolist() == np.linspace(0, 10, 6).astype(dtype).tolist()
    a = et.asarray([7, 9, 200], dtype=dt, device=CUDA)
    b = et.asarray([2, 4, 7], dtype=dt, device=CUDA)
    q = et.floor_divide(a, b)
    _on_cuda(q)
    assert to_numpy(q).tolist() == [3, 2, 28]


def test_testing_kit_checks_the_device() -> None:
    """``assert_close`` passes on equal tensors of the device and names both devices otherwise."""
    from ember_array.testing import assert_close

    x = torch.linspace(0, 1, 5, device=CUDA)
    assert_close(et.sin(x), torch.sin(x), xp=et)
    with pytest.raises(AssertionError, match="cuda"):
        assert_close(et.sin(x), torch.sin(x).cpu(), xp=et)


def test_info_lists_the_device() -> None:
    info = et.__array_namespace_info__()
    assert any(getattr(d, "type", None) == "cuda" for d in info.devices())
    assert info.default_dtypes(device=CUDA)["real floating"] == et.float32


@pytest.mark.parametrize(
    ("shape", "axes", "s"),
    [
        ((1, 4), [-1, 0], (3, 1)),
        ((1, 5, 4), [2, 0], (4, 1)),
        ((4, 2, 4), [1, 0, 2], (1, 3, 1)),
        ((3, 1, 5), [2, 0, 1], (2, 4, 1)),
        ((2, 5, 4), [2, 0, 1], (1, 3, 1)),
    ],
)
def test_irfftn_of_real_length_one_on_cuda(shape: Any, axes: Any, s: Any) -> None:
    """CUDA's irfftn gave wrong values for an output of length 1 on its real axis (these
    cases, measured on torch 2.11 + CUDA 13)."""
    rng = np.random.default_rng(1)
    x = rng.standard_normal(shape) + 1j * rng.standard_normal(shape)
    for norm in ("backward", "ortho", "forward"):
        got = et.fft.irfftn(torch.from_numpy(x).to(CUDA), s=s, axes=axes, norm=norm)
        _on_cuda(got)
        want = np.fft.irfftn(x, s=s, axes=axes, norm=norm)
        np.testing.assert_allclose(to_numpy(got), want, atol=1e-12)

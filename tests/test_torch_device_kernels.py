"""Integer kernels torch's CUDA build lacks (``ember_array/torch/_device_kernels.py``), on the CPU.

torch's CUDA build has no integer matmul (``"addmm_cuda" not implemented for 'Long'``) and no
uint16/32/64 ``where``, ``sort``, ``roll``, ``any``, ``all``; ember_array.torch computes them
another way there. Here the CPU plays that device: :func:`_cuda_like` makes
``needs_int_fallback`` answer yes and, through a ``TorchDispatchMode``, makes every aten op that
CUDA lacks for a dtype raise as CUDA does. Every result must then equal the CPU's native one bit
for bit (wraparound included), with the same dtype and shape. On a machine with CUDA the last
test also compares the device's results with the CPU's.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

_CHOSEN = [b.strip() for b in os.environ.get("EMBER_BACKENDS", "").split(",") if b.strip()]
pytestmark = pytest.mark.skipif(
    bool(_CHOSEN) and "torch" not in _CHOSEN, reason="torch not selected by EMBER_BACKENDS"
)
torch = pytest.importorskip("torch")
xp = pytest.importorskip("ember_array.torch")

from torch.utils._python_dispatch import TorchDispatchMode  # noqa: E402

from ember_array.torch import _device_kernels as dk  # noqa: E402

SIGNED = {"int8": 8, "int16": 16, "int32": 32, "int64": 64}
UINTS = {"uint16": "int16", "uint32": "int32", "uint64": "int64"}
INTEGERS = [*SIGNED, "uint8", *UINTS]
WIDTH = {**SIGNED, "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64}

#: aten ops torch's CUDA build lacks for integer dtypes (cuBLAS has no integer GEMM)
_NO_INT_KERNEL = {"mm", "bmm", "addmm", "addmv", "mv", "dot", "vdot", "baddbmm", "addbmm"}
#: aten ops torch's CUDA build lacks for uint16/32/64
_NO_UINT_KERNEL = {"where", "sort", "argsort", "roll", "any", "all"}


def _dtypes(args: Any) -> Iterator[Any]:
    for a in args:
        if isinstance(a, torch.Tensor):
            yield a.dtype
        elif isinstance(a, list | tuple):
            yield from _dtypes(a)


class _NoCudaKernels(TorchDispatchMode):  # type: ignore[misc]
    """Raise, as torch's CUDA build does, for the aten ops it has no kernel for."""

    def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        name = func.overloadpacket.__name__
        dtypes = set(_dtypes(args)) | set(_dtypes((kwargs or {}).values()))
        if name in _NO_INT_KERNEL and dtypes & set(dk.INTEGERS):
            raise NotImplementedError(f'"{name}_cuda" not implemented for {dtypes}')
        if name in _NO_UINT_KERNEL and dtypes & {torch.uint16, torch.uint32, torch.uint64}:
            raise NotImplementedError(f'"{name}_cuda" not implemented for {dtypes}')
        return func(*args, **(kwargs or {}))


@contextmanager
def _cuda_like(chunk: int | None = None) -> Iterator[None]:
    """Inside, the CPU answers as CUDA: the fallbacks are taken, CUDA's missing kernels raise;
    ``chunk`` (if given) bounds the fallback's intermediates to that many elements."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(dk, "needs_int_fallback", lambda x: True)
        mp.setattr(dk, "uint_views_needed", lambda x: True)
        if chunk is not None:
            mp.setattr(dk, "CHUNK", chunk)
        with _NoCudaKernels():
            yield


def _ints(seed: int, shape: tuple[int, ...], name: str, few: bool = False) -> Any:
    """Bits over the whole range of ``name`` (or ``few`` patterns: 0, 1, the top bit, all ones,
    for ties), drawn from a seeded generator."""
    g = torch.Generator().manual_seed(seed)
    bits = torch.randint(-(2**63), 2**63 - 1, shape, generator=g, dtype=torch.int64)
    if few:
        pool = torch.tensor([0, 1, -(1 << (WIDTH[name] - 1)), -1], dtype=torch.int64)
        bits = pool[torch.randint(0, 4, shape, generator=g)]
    if name in UINTS:
        return bits.to(getattr(torch, UINTS[name])).view(getattr(torch, name))
    return bits.to(getattr(torch, name))


def _same(got: Any, want: Any) -> None:
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    assert got.shape == want.shape, (got.shape, want.shape)
    assert got.device == want.device
    assert torch.equal(_bits(got), _bits(want)), (got, want)


def _bits(x: Any) -> Any:
    names = {torch.uint16: torch.int16, torch.uint32: torch.int32, torch.uint64: torch.int64}
    return x.view(names[x.dtype]) if x.dtype in names else x


def _check(f: Callable[..., Any], *args: Any, chunk: int | None = None) -> None:
    want = f(*args)  # the CPU's native kernels
    with _cuda_like(chunk):
        got = f(*args)
    _same(got, want)


# ------------------------------------------------------------------------------------------
# matmul, tensordot, vecdot

_dtype = st.sampled_from(INTEGERS)
_seed = st.integers(0, 2**32 - 1)
_chunk = st.sampled_from([None, 1, 2, 3, 7, 64])


def _batch(draw: Any, batch: list[int]) -> list[int]:
    """A batch shape broadcastable to ``batch``: leading dimensions dropped, some made 1."""
    kept = batch[draw(st.integers(0, len(batch))) :]
    return [d if draw(st.booleans()) else 1 for d in kept]


@st.composite
def _matmul_shapes(draw: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    n, k, m = draw(st.integers(0, 4)), draw(st.integers(0, 6)), draw(st.integers(0, 4))
    batch = draw(st.lists(st.integers(0, 3), max_size=3))
    one1, one2 = draw(st.booleans()), draw(st.booleans())
    s1 = (k,) if one1 and draw(st.booleans()) else (*_batch(draw, batch), n, k)
    s2 = (k,) if one2 and draw(st.booleans()) else (*_batch(draw, batch), k, m)
    return s1, s2


@given(_matmul_shapes(), _dtype, _seed, st.booleans(), _chunk)
@settings(max_examples=60, deadline=None)
def test_matmul(shapes: Any, name: str, seed: int, linalg: bool, chunk: int | None) -> None:
    x1, x2 = _ints(seed, shapes[0], name), _ints(seed + 1, shapes[1], name)
    f = xp.linalg.matmul if linalg else xp.matmul
    _check(f, x1, x2, chunk=chunk)


@given(_dtype, st.sampled_from(["int8", "int64", "uint8", "int16"]), _seed)
@settings(max_examples=20, deadline=None)
def test_matmul_mixed_dtypes(name1: str, name2: str, seed: int) -> None:
    if name1 == "uint64" and name2 in SIGNED:
        return  # uint64 with a signed type: no promotion
    x1, x2 = _ints(seed, (2, 3), name1), _ints(seed + 1, (3, 4), name2)
    _check(xp.matmul, x1, x2)
    _check(lambda a, b: xp.tensordot(a, b, axes=1), x1, x2)


@st.composite
def _tensordot_case(draw: Any) -> tuple[tuple[int, ...], tuple[int, ...], Any]:
    """Two shapes and ``axes``: an int (the last axes of x1 against the first of x2) or two
    sequences of axes in any order, negative ones too; a contracted size may be 1 on one side
    (torch broadcasts it)."""
    c = draw(st.integers(0, 2))
    sizes = draw(st.lists(st.integers(0, 3), min_size=c, max_size=c))
    free1 = draw(st.lists(st.integers(0, 3), max_size=2))
    free2 = draw(st.lists(st.integers(0, 3), max_size=2))
    if draw(st.booleans()):
        return (*free1, *sizes), (*sizes, *free2), c
    s1, s2 = list(sizes), list(sizes)
    if c and draw(st.booleans()):
        (s1 if draw(st.booleans()) else s2)[0] = 1
    order1 = draw(st.permutations(range(len(free1) + c)))
    order2 = draw(st.permutations(range(len(free2) + c)))
    dims1, dims2 = [*free1, *s1], [*s2, *free2]
    shape1 = tuple(dims1[i] for i in order1)
    shape2 = tuple(dims2[i] for i in order2)
    # the position in shape1 of dims1's entry len(free1) + i, and in shape2 of dims2's i
    ax1 = [order1.index(len(free1) + i) for i in range(c)]
    ax2 = [order2.index(i) for i in range(c)]
    if draw(st.booleans()):
        ax1 = [a - len(shape1) for a in ax1]
    return shape1, shape2, (tuple(ax1), tuple(ax2))


@given(_tensordot_case(), _dtype, _seed, st.booleans(), _chunk)
@settings(max_examples=60, deadline=None)
def test_tensordot(case: Any, name: str, seed: int, linalg: bool, chunk: int | None) -> None:
    s1, s2, axes = case
    x1, x2 = _ints(seed, s1, name), _ints(seed + 1, s2, name)
    f = xp.linalg.tensordot if linalg else xp.tensordot
    _check(lambda a, b: f(a, b, axes=axes), x1, x2, chunk=chunk)


@st.composite
def _vecdot_case(draw: Any) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    k = draw(st.integers(0, 5))
    batch = draw(st.lists(st.integers(0, 3), max_size=3))
    b1, b2 = _batch(draw, batch), _batch(draw, batch)
    after = draw(st.integers(0, min(len(b1), len(b2))))  # the vector axis, from the end
    s1 = (*b1[: len(b1) - after], k, *b1[len(b1) - after :])
    s2 = (*b2[: len(b2) - after], k, *b2[len(b2) - after :])
    return s1, s2, -1 - after


@given(_vecdot_case(), _dtype, _seed, st.booleans(), _chunk)
@settings(max_examples=60, deadline=None)
def test_vecdot(case: Any, name: str, seed: int, linalg: bool, chunk: int | None) -> None:
    s1, s2, axis = case
    x1, x2 = _ints(seed, s1, name), _ints(seed + 1, s2, name)
    f = xp.linalg.vecdot if linalg else xp.vecdot
    _check(lambda a, b: f(a, b, axis=axis), x1, x2, chunk=chunk)


def test_wraparound() -> None:
    """int64 and int8 products and sums wrap as the CPU's integer GEMM does."""
    big = torch.tensor([[2**62, 2**62 + 1], [-(2**63), 3]], dtype=torch.int64)
    _check(xp.matmul, big, big)
    small = torch.tensor([[100, 100], [-128, 127]], dtype=torch.int8)
    _check(xp.matmul, small, small)
    _check(xp.vecdot, small, small)


def _raised(f: Callable[[], Any]) -> BaseException:
    try:
        f()
    except Exception as e:
        return e
    raise AssertionError("no exception")


def test_errors_match_the_native_ones() -> None:
    x = torch.ones((2, 3), dtype=torch.int32)
    for f in (
        lambda: xp.matmul(x, x),
        lambda: xp.matmul(x[0, 0], x),
        lambda: xp.tensordot(x, x, axes=3),
        lambda: xp.tensordot(x, x, axes=([0], [1])),
        lambda: xp.vecdot(x, torch.ones((2, 4), dtype=torch.int32)),
        lambda: xp.linalg.vecdot(x, torch.ones((2, 4), dtype=torch.int32)),
    ):
        native = _raised(f)
        with _cuda_like():
            fallback = _raised(f)
        assert isinstance(native, ValueError)
        assert type(fallback) is type(native), (fallback, native)


def test_predicate_and_float_path() -> None:
    """CPU tensors keep torch's kernels; another device (meta here) takes the fallback, which
    gives the standard's shapes; floating inputs never ask the predicate."""
    a = torch.ones((2, 3, 4), dtype=torch.int64)
    assert not dk.needs_int_fallback(a)
    meta = torch.empty((5, 1, 3, 4), dtype=torch.int64, device="meta")
    assert dk.needs_int_fallback(meta)
    assert xp.matmul(meta, torch.empty((4, 2), dtype=torch.int64, device="meta")).shape == (
        5,
        1,
        3,
        2,
    )
    f = torch.ones((3, 4), dtype=torch.float32)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(dk, "needs_int_fallback", None)  # calling it would raise
        xp.matmul(f, f.T)
        xp.tensordot(f, f, axes=2)
        xp.vecdot(f, f)
        xp.linalg.vecdot(f, f)


# ------------------------------------------------------------------------------------------
# uint16/uint32/uint64: where, sort, argsort, roll, any, all

_uint = st.sampled_from(list(UINTS))
_shape = st.lists(st.integers(0, 4), min_size=1, max_size=3).map(tuple)


@given(_uint, _shape, _seed, st.booleans())
@settings(max_examples=40, deadline=None)
def test_where(name: str, shape: Any, seed: int, scalar: bool) -> None:
    cond = _ints(seed, shape, "int8") > 0
    x1, x2 = _ints(seed + 1, shape, name), _ints(seed + 2, shape[1:], name)
    _check(lambda a, b: xp.where(cond, a, b), x1, x2)
    if scalar:
        ones = torch.full_like(_bits(x1), -1).view(x1.dtype)  # 2**n - 1
        want = xp.where(cond, x1, ones)  # torch's own where where the CPU build has a kernel
        with _cuda_like():
            _same(xp.where(cond, x1, (1 << WIDTH[name]) - 1), want)


@given(_shape, _seed)
@settings(max_examples=10, deadline=None)
def test_where_promoted(shape: Any, seed: int) -> None:
    cond = _ints(seed, shape, "int8") > 0
    x1, x2 = _ints(seed + 1, shape, "uint16"), _ints(seed + 2, shape, "uint32")
    want = xp.where(cond, x1.to(torch.uint32), x2)  # (torch 2.11's CPU has no uint where)
    with _cuda_like():
        _same(xp.where(cond, x1, x2), want)


@given(_uint, _shape, _seed, st.booleans(), st.booleans(), st.data())
@settings(max_examples=40, deadline=None)
def test_sort_argsort(
    name: str, shape: Any, seed: int, descending: bool, few: bool, data: Any
) -> None:
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    x = _ints(seed, shape, name, few=few)
    kw = {"axis": axis, "descending": descending}
    _check(lambda a: xp.sort(a, **kw), x)
    _check(lambda a: xp.argsort(a, **kw), x)  # stable: ties keep their order


@given(_uint, _shape, _seed, st.data())
@settings(max_examples=40, deadline=None)
def test_roll(name: str, shape: Any, seed: int, data: Any) -> None:
    x = _ints(seed, shape, name)
    axes = st.integers(-len(shape), len(shape) - 1)
    axis = data.draw(st.one_of(st.none(), axes, st.just(()), st.tuples(axes, axes)))
    shift: Any = data.draw(st.integers(-5, 5))
    if isinstance(axis, tuple) and axis:
        shift = (shift, data.draw(st.integers(-5, 5)))
    want = x.clone() if axis == () else torch.roll(x, shift, dims=axis)
    with _cuda_like():
        _same(xp.roll(x, shift, axis=axis), want)


@given(_uint, _shape, _seed, st.booleans(), st.booleans(), st.data())
@settings(max_examples=40, deadline=None)
def test_any_all(name: str, shape: Any, seed: int, keepdims: bool, few: bool, data: Any) -> None:
    x = _ints(seed, shape, name, few=few)
    axes = st.integers(-len(shape), len(shape) - 1)
    axis = data.draw(st.one_of(st.none(), axes))
    for ours, theirs in ((xp.any, torch.any), (xp.all, torch.all)):
        if axis is None:
            want = theirs(_bits(x) != 0)
            if keepdims:
                want = want.reshape((1,) * x.ndim)
        else:
            want = theirs(_bits(x) != 0, dim=axis, keepdim=keepdims)
        with _cuda_like():
            _same(ours(x, axis=axis, keepdims=keepdims), want)


@pytest.mark.parametrize("cpu_has_kernels", [True, False])
def test_uint_routes_on_the_cpu(monkeypatch: pytest.MonkeyPatch, cpu_has_kernels: bool) -> None:
    """On a CPU build with the kernels (torch 2.13), uint16/32/64 where, sort, argsort, roll,
    any and all are torch's own (the mode that forbids those kernels raises); on one without
    them (torch 2.11 has no CPU ``where`` for uint16) they go through the signed views."""
    if cpu_has_kernels and not dk._cpu_has_uint_kernels():
        pytest.skip("this torch's CPU build lacks uint16/32/64 kernels")
    monkeypatch.setattr(dk, "_cpu_has_uint_kernels", lambda: cpu_has_kernels)
    x = torch.tensor([3, 1, 2], dtype=torch.uint32)
    for f in (
        lambda: xp.sort(x),
        lambda: xp.argsort(x),
        lambda: xp.roll(x, 1),
        lambda: xp.any(x),
        lambda: xp.all(x),
        lambda: xp.where(torch.tensor([True, False, True]), x, x),
    ):
        if cpu_has_kernels:
            with _NoCudaKernels(), pytest.raises(NotImplementedError):
                f()
        else:
            with _NoCudaKernels():
                f()


# ------------------------------------------------------------------------------------------
# on a real device


@pytest.mark.skipif(not torch.cuda.is_available(), reason="torch sees no CUDA device")
@pytest.mark.parametrize("name", INTEGERS)
def test_on_cuda_equals_cpu(name: str) -> None:
    cases: list[tuple[Callable[..., Any], tuple[tuple[int, ...], ...]]] = [
        (xp.matmul, ((3, 5), (5, 4))),
        (xp.matmul, ((2, 1, 3, 5), (4, 5, 2))),
        (xp.matmul, ((5,), (5,))),
        (xp.linalg.matmul, ((5,), (2, 5, 3))),
        (lambda a, b: xp.tensordot(a, b, axes=([0, 2], [2, 0])), ((3, 4, 5), (5, 2, 3))),
        (lambda a, b: xp.linalg.tensordot(a, b, axes=1), ((3, 4), (4, 2))),
        (lambda a, b: xp.vecdot(a, b, axis=0), ((4, 3), (4, 1))),
        (xp.linalg.vecdot, ((2, 3, 4), (3, 4))),
    ]
    for i, (f, shapes) in enumerate(cases):
        args = [_ints(i + j, s, name) for j, s in enumerate(shapes)]
        want = f(*args)
        got = f(*(a.cuda() for a in args))
        assert got.device.type == "cuda"
        _same(got.cpu(), want)
    if name in UINTS:
        x = _ints(7, (4, 6), name, few=True)
        cond = torch.arange(24).reshape(4, 6) % 3 == 0
        for g in (
            lambda a, c: xp.sort(a, axis=0),
            lambda a, c: xp.argsort(a, descending=True),
            lambda a, c: xp.roll(a, 2, axis=1),
            lambda a, c: xp.any(a, axis=1),
            lambda a, c: xp.all(a),
            lambda a, c: xp.where(c, a, a[:1]),
        ):
            got = g(x.cuda(), cond.cuda())
            assert got.device.type == "cuda"
            _same(got.cpu(), g(x, cond))

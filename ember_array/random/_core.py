"""Backends, 32-bit words and the threefry2x32-20 counter-based hash.

Everything here is written once against the array API standard (elementwise ``+``, ``^``,
``|``, ``&``, shifts, ``astype``, ``concat``, ``arange``) and runs on any namespace. The only
per-backend choice is the *word type* that holds 32-bit values:

* numpy, mlx and any other namespace with full ``uint32`` arithmetic: ``uint32``, whose ``+``
  wraps modulo 2**32 and whose ``>>`` is logical.
* torch: ``int32``. torch's ``uint32`` has no ``add``, shifts or comparisons on the CPU
  (``NotImplementedError: "add_stub" not implemented for 'UInt32'`` in torch 2.13). ``int32``
  add wraps modulo 2**32 (the bit pattern is the uint32 result) and ``<<`` is done on the
  unsigned bit pattern; only ``>>`` is arithmetic, so a logical shift masks the sign bits off.
  The known-answer tests guard this.

Bits are laid out exactly as mlx's ``RandomBits`` primitive (mlx/backend/cpu/primitives.cpp)
and JAX's ``threefry_random_bits`` lay them out, so keys, ``split`` and bits agree with both.
"""

from __future__ import annotations

import inspect
import math
import operator
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from functools import wraps
from types import ModuleType
from typing import Any

from .._backends import backend_of_module
from .._dispatch import ember_namespace, namespace_module, resolve_xp
from .._helpers import device as _device_of
from .._helpers import is_eager_host

__all__ = [
    "Words",
    "backend_for",
    "backend_of_key",
    "bits",
    "fold_in",
    "key",
    "split",
    "threefry2x32",
    "words",
]

MASK32 = 0xFFFFFFFF
_ROTATIONS = ((13, 15, 26, 6), (17, 29, 16, 24))
_PARITY = 0x1BD11BDA  # threefry's key-schedule parity constant
#: The largest number of 32-bit words one call may produce (counters are 32-bit).
MAX_WORDS = 2**31 - 1


@dataclass(frozen=True)
class Words:
    """One array namespace as the random module sees it: its 32-bit word type.

    Attributes
    ----------
    name
        ``"numpy"``, ``"torch"``, ``"mlx"`` or the module name of another namespace.
    xp
        The array API namespace (``ember_array.numpy`` ...).
    word
        The dtype that holds 32-bit words (``uint32``, or ``int32`` on torch).
    signed
        Whether ``word`` is signed (``>>`` then needs masking to be logical).
    """

    name: str
    xp: ModuleType
    word: Any
    signed: bool

    def to_u64(self, w: Any) -> Any:
        """Words as ``int64`` holding the unsigned value in ``[0, 2**32)``."""
        # jax without jax_enable_x64 turns int64 into int32 (with a warning only): the
        # unsigned word values would wrap, and comparisons with 2**31 overflow
        out = None if self.narrow() else self.xp.astype(w, self.xp.int64)
        if out is None or out.dtype != self.xp.int64:
            raise TypeError(
                f"ember_array.random [{self.name}]: this sampler needs 64-bit integers, which "
                "the namespace does not provide (for jax, set jax_enable_x64)"
            )
        return out & MASK32 if self.signed else out

    def default_int(self) -> Any:
        """The namespace's default integer dtype: int64, or int32 for jax without
        ``jax_enable_x64`` (the dtype the standard's ``default_dtypes()`` reports)."""
        if self.name in _WIDE:
            return self.xp.int64
        return self.xp.__array_namespace_info__().default_dtypes()["integral"]

    def narrow(self) -> bool:
        """Whether 64-bit integers are unavailable (jax without ``jax_enable_x64``).

        The samplers then compute 32-bit-or-smaller outputs with ``uint32`` arithmetic only.
        Asked on every call: jax's flag can change at run time (``jax.enable_x64``).
        """
        if self.name in _WIDE:
            return False
        return bool(self.xp.iinfo(self.default_int()).bits < 64) and not self.signed

    def to_uint32(self, w: Any) -> Any:
        """Words as a ``uint32`` array (the key and ``bits`` dtype on every backend)."""
        return w if not self.signed else self.xp.astype(w, self.xp.uint32)


_BY_NAME: dict[str, Words] = {}
#: Backends whose namespaces always compute int64 (no need to ask them).
_WIDE = frozenset({"numpy", "torch", "mlx", "dask"})


def _make(name: str, xp: ModuleType) -> Words:
    # torch: uint32 has no add, shifts or comparisons on the CPU ("add_stub" not implemented
    # for 'UInt32'); https://github.com/pytorch/pytorch/pull/176356
    if name == "torch":
        return Words(name, xp, xp.int32, True)
    return Words(name, xp, xp.uint32, False)


def _load(name: str) -> Words:
    be = _BY_NAME.get(name)
    if be is None:
        xp = ember_namespace(name)
        be = _BY_NAME[name] = _make(name, xp)
    return be


def backend_for(xp: Any, func: str) -> Words:
    """Resolve an ``xp=`` argument (:func:`ember_array._dispatch.resolve_xp`: a namespace
    module, a library module, a backend name or an array) to its word type."""
    return _load_generic(resolve_xp(xp, func))


def backend_of_key(k: Any, func: str) -> Words:
    """The backend of key ``k``, after checking it is a ``(2,)`` ``uint32`` array."""
    try:
        ns = namespace_module(k)
    except TypeError:
        raise TypeError(
            f"{func}(): key must be an array made by ember_array.random.key(), "
            f"got {type(k).__module__}.{type(k).__qualname__}"
        ) from None
    be = _load_generic(ns)
    if tuple(k.shape) != (2,) or k.dtype != be.xp.uint32:
        raise ValueError(
            f"{func}(): expected a key of shape (2,) and dtype uint32 on {be.name}, "
            f"got shape {tuple(k.shape)} and dtype {k.dtype}"
        )
    return be


def _load_generic(ns: ModuleType) -> Words:
    name = backend_of_module(ns.__name__)
    if name is not None:
        return _load(name)
    be = _BY_NAME.get(ns.__name__)
    if be is None:
        be = _BY_NAME[ns.__name__] = _make(ns.__name__, ns)
    return be


def key_words(be: Words, k: Any) -> tuple[Any, Any]:
    """The two key words of ``k`` as 1-element arrays of the word type.

    Not 0-d: numpy turns 0-d results into scalars, whose wrapping ``+`` warns of overflow.
    """
    kw = be.xp.astype(k, be.word) if be.signed else k
    if be.name == "torch":
        kw = be.xp._compile_barrier(kw)  # a buffer under torch.compile (see there)
    return kw[0:1], kw[1:2]


def threefry2x32(be: Words, k0: Any, k1: Any, x0: Any, x1: Any) -> tuple[Any, Any]:
    """Threefry-2x32 with 20 rounds (Salmon et al. 2011), elementwise over counter arrays.

    ``k0, k1`` are the key words, ``x0, x1`` the counter words (arrays of ``be.word``,
    broadcastable). Returns the two output words. Matches Random123's ``threefry2x32_20``
    and mlx's ``threefry2x32_hash`` (mlx/backend/cpu/threefry.cpp).

    The rounds use the standard's in-place operators (``+=``, ``<<=``, ...) on arrays this
    function owns: numpy and torch then reuse two buffers instead of allocating ~130 temporary
    arrays (3-5x faster); mlx rebinds, which is the same computation.
    """
    k2 = k0 ^ k1 ^ _PARITY
    ks = (k0, k1, k2)
    # Key injection after every 4 rounds; the counter i + 1 keeps rounds distinct.
    inject = [(ks[(i + 1) % 3], ks[(i + 2) % 3] + (i + 1)) for i in range(5)]
    x0 = x0 + k0
    x1 = x1 + k1
    for i in range(5):
        for r in _ROTATIONS[i % 2]:
            x0 += x1
            # x1 = rotl(x1, r) ^ x0, in place.
            t = x1 >> (32 - r)
            if be.signed:
                t &= (1 << r) - 1  # int32 >> copies the sign bit: keep the r shifted-in bits
            x1 <<= r
            x1 |= t
            x1 ^= x0
        x0 += inject[i][0]
        x1 += inject[i][1]
    return x0, x1


def _check_count(n: int, func: str) -> None:
    if n > MAX_WORDS:
        raise ValueError(f"{func}(): at most {MAX_WORDS} 32-bit words per call, asked for {n}")


def words(be: Words, k: Any, n: int, func: str) -> Any:
    """``n`` random 32-bit words from key ``k``, a 1-D array of ``be.word``.

    The layout is mlx's ``RandomBits`` (and JAX's ``threefry_random_bits``): with
    ``h = n // 2`` and ``o = n % 2``, counter pair ``(j, j + h + o)`` for ``j < h`` gives words
    ``j`` and ``j + h + o``; for odd ``n`` the pair ``(h, 0)`` gives word ``h``.
    """
    _check_count(n, func)
    if be.name == "dask":
        return _dask_words(k, n)
    host = host_key(be, k)
    if host is not None:
        return _from_host(be, _words_numpy(host, n))
    if be.name == "mlx" and n > 1:
        return _words_mlx(be, k, n)
    xp = be.xp
    dev = _device_of(k)
    k0, k1 = key_words(be, k)
    half, odd = divmod(n, 2)
    m = half + odd
    c0 = xp.arange(m, dtype=be.word, device=dev)
    c1 = xp.arange(m, n, dtype=be.word, device=dev)
    if odd:
        c1 = xp.concat([c1, xp.zeros(1, dtype=be.word, device=dev)])
    block = cache_block(be, c0)
    if block is None or m <= block:
        y0, y1 = threefry2x32(be, k0, k1, c0, c1)
    else:
        # Blocks that fit in L2 cache: the ~130 passes over the counters then run from cache
        # (measured 3-4x faster on torch at 2**20 words than one pass per round over the
        # whole array). mlx is lazy and evaluates whole arrays, so it takes one block.
        parts = [
            threefry2x32(be, k0, k1, c0[i : i + block], c1[i : i + block])
            for i in range(0, m, block)
        ]
        y0 = xp.concat([p[0] for p in parts])
        y1 = xp.concat([p[1] for p in parts])
    if half == m:
        return xp.concat([y0, y1])
    return xp.concat([y0, y1[:half]])


def _words_mlx(be: Words, k: Any, n: int) -> Any:
    """:func:`words` through mlx's own ``RandomBits`` kernel (``mx.random.split``).

    ``split(key, h)`` is the ``2h``-word stream, one fused native kernel instead of ~130
    graph nodes (the hash written with the standard's operators runs at a quarter of mlx's
    own generator). For odd ``n = 2h + 1`` the stream is the ``2h + 2``-word one with word
    ``h`` taken from counter pair ``(h, 0)`` instead of ``(h, 2h + 1)`` and the last word
    dropped, so one extra hash of a single pair makes it.
    """
    import mlx.core as mx

    half, odd = divmod(n, 2)
    w = mx.reshape(mx.random.split(k, half + odd), (-1,))
    if not odd:
        return w
    k0, k1 = key_words(be, k)
    c = mx.array([half, 0], dtype=mx.uint32)
    middle, _ = threefry2x32(be, k0, k1, c[0:1], c[1:2])
    return mx.concatenate([w[:half], middle, w[half + 1 : n]])


#: The rotation amounts as numpy uint32 scalars ``(r, 32 - r)``, made on first use.
_SHIFTS: tuple[tuple[tuple[Any, Any], ...], ...] = ()


def host_key(be: Words, k: Any) -> Any:
    """Key ``k`` as a numpy array when its stream may be hashed by the numpy code, else None.

    numpy keys, and eager torch keys on the CPU: torch's ``int32`` ops run the hash at a
    third of numpy's speed (each round needs an extra mask for its arithmetic ``>>``), and a
    CPU tensor shares memory with the numpy result (``torch.from_numpy``, no copy). Not while
    torch traces (``torch.compile``) or transforms (``torch.func``), where the key is no
    plain host value and the standard-form hash keeps the graph whole.
    """
    if be.name not in ("numpy", "torch") or not is_eager_host(k):
        return None
    return k if be.name == "numpy" else k.numpy()


def _from_host(be: Words, a: Any) -> Any:
    """A numpy result of the host path as an array of ``be`` (torch words as ``int32``)."""
    if be.name == "numpy":
        return a
    import numpy as np
    import torch

    return torch.from_numpy(a.view(np.int32) if a.dtype == np.uint32 else a)


#: Counter pairs per block of the numpy hash: three uint32 buffers of this length
#: (the two words and a shift temporary) stay in a 1 MiB L2 cache.
_NUMPY_BLOCK = 2**15


def _threefry_numpy_inplace(k0: int, k1: int, x0: Any, x1: Any, t: Any) -> None:
    """:func:`threefry2x32` on numpy uint32 counter arrays, overwriting them with the output.

    Every step writes into ``x0``, ``x1`` or the scratch ``t`` (the ufuncs' positional
    ``out``, the cheapest call): no temporaries, so the ~110 passes run from cache at about
    twice the speed of the operator form, which allocates the shifted copy each round.
    """
    import numpy as np

    u32 = np.uint32
    k2 = k0 ^ k1 ^ _PARITY
    ks = (k0, k1, k2)
    add, lsh, rsh = np.add, np.left_shift, np.right_shift
    bor, bxor = np.bitwise_or, np.bitwise_xor
    add(x0, u32(k0), x0)
    add(x1, u32(k1), x1)
    for i in range(5):
        for r, rr in _SHIFTS[i % 2]:
            add(x0, x1, x0)
            rsh(x1, rr, t)
            lsh(x1, r, x1)
            bor(x1, t, x1)
            bxor(x1, x0, x1)
        add(x0, u32(ks[(i + 1) % 3]), x0)
        add(x1, u32((ks[(i + 2) % 3] + i + 1) & MASK32), x1)


def _numpy_shifts() -> tuple[tuple[tuple[Any, Any], ...], ...]:
    import numpy as np

    return tuple(tuple((np.uint32(r), np.uint32(32 - r)) for r in rots) for rots in _ROTATIONS)


def _numpy_blocks(k: Any, n: int, start: int, stop: int, sink: Callable[..., None]) -> None:
    """Hash counter pairs ``start:stop`` of the ``n``-word stream of numpy key ``k`` block by
    block, handing each block to ``sink(s, e, y0, y1)``: pairs ``s:e`` with their first words
    ``y0`` and second words ``y1`` (scratch arrays, reused for the next block).

    A sink that consumes the block while it is in cache (a copy, a conversion to floats)
    avoids another pass over the whole output.
    """
    import numpy as np

    global _SHIFTS
    if not _SHIFTS:
        _SHIFTS = _numpy_shifts()
    half, odd = divmod(n, 2)
    m = half + odd
    k0, k1 = int(k[0]), int(k[1])
    size = min(_NUMPY_BLOCK, max(stop - start, 0))
    x0, x1, t = (np.empty(size, dtype=np.uint32) for _ in range(3))
    for s in range(start, stop, _NUMPY_BLOCK):
        e = min(s + _NUMPY_BLOCK, stop)
        y0, y1 = x0[: e - s], x1[: e - s]
        y0[...] = np.arange(s, e, dtype=np.uint32)
        y1[...] = np.arange(s + m, e + m, dtype=np.uint32)
        if odd and s <= half < e:
            y1[half - s] = 0  # the middle word of an odd stream comes from pair (h, 0)
        _threefry_numpy_inplace(k0, k1, y0, y1, t[: e - s])
        sink(s, e, y0, y1)


def _words_numpy(k: Any, n: int) -> Any:
    """:func:`words` on numpy: each hashed block copied into its two places of the output."""
    import numpy as np

    half, odd = divmod(n, 2)
    m = half + odd
    out = np.empty(2 * m, dtype=np.uint32)

    def sink(s: int, e: int, y0: Any, y1: Any) -> None:
        out[s:e] = y0
        out[m + s : m + e] = y1

    _numpy_blocks(k, n, 0, m, sink)
    # Words are y0 then y1 (minus the odd stream's last word), so the buffer's prefix.
    return out[:n]


def uniform32_numpy(k: Any, n: int) -> Any:
    """``n`` float32 uniforms in ``[0, 1)`` on numpy, converted from each block in cache.

    The same values as the generic ``min(float32(w) * 2**-32, nextbelow(1))`` over
    :func:`words` (mlx's ``uniform``), without a pass over a word array.
    """
    import numpy as np

    half, odd = divmod(n, 2)
    m = half + odd
    out = np.empty(2 * m, dtype=np.float32)
    scale = np.float32(2.0**-32)
    below_one = np.nextafter(np.float32(1), np.float32(0))

    def sink(s: int, e: int, y0: Any, y1: Any) -> None:
        for dst in (out[s:e], out[m + s : m + e]):
            # One pass: the loop casts uint32 -> float32 (rounded to nearest) and scales.
            np.multiply(y0, scale, out=dst, dtype=np.float32, casting="unsafe")
            np.minimum(dst, below_one, out=dst)
            y0 = y1

    _numpy_blocks(k, n, 0, m, sink)
    return out[:n]


def pairs_at(k: Any, n: int, start: int, stop: int) -> Any:
    """Counter pairs ``start:stop`` of the ``n``-word stream of the numpy key ``k``.

    Returns a ``(2, stop - start)`` numpy uint32 array: row 0 holds words ``start:stop``,
    row 1 words ``start + m:stop + m`` (``m = ceil(n / 2)``), as :func:`words` lays them out
    (pair ``j`` is ``(j, j + m)``, and ``(h, 0)`` for the middle word of an odd ``n``). Any
    range of pairs is computed on its own, which lets dask draw each chunk independently.
    """
    import numpy as np

    out = np.empty((2, max(stop - start, 0)), dtype=np.uint32)

    def sink(s: int, e: int, y0: Any, y1: Any) -> None:
        out[0, s - start : e - start] = y0
        out[1, s - start : e - start] = y1

    _numpy_blocks(k, n, start, stop, sink)
    return out


#: Words per dask chunk while a sampler called with ``chunks=`` builds its graph.
_WORDS_PER_CHUNK: ContextVar[int | None] = ContextVar("ember_random_words", default=None)


def with_chunks(f: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``chunks=`` (dask keys only) to a sampler ``f(key, ...)``.

    The sampler is built once to learn the output shape, then (when the requested chunks
    hold a different number of elements than dask's default) again with the word stream cut
    into chunks of that many words, so each output chunk comes from about one word chunk;
    finally the output is rechunked to exactly ``chunks``. Building is lazy and cheap.
    """
    name = f.__name__
    sig = inspect.signature(f)
    extra = inspect.Parameter("chunks", inspect.Parameter.KEYWORD_ONLY, default=None)

    @wraps(f)
    def run(key: Any, *args: Any, chunks: Any = None, **kwargs: Any) -> Any:
        if chunks is None:
            return f(key, *args, **kwargs)
        be = backend_of_key(key, name)
        if be.name != "dask":
            raise TypeError(f"{name}(): chunks= is for dask keys only, got a {be.name} key")
        import dask.array as da

        out = f(key, *args, **kwargs)
        try:
            normal = da.core.normalize_chunks(chunks, out.shape, dtype=out.dtype)
        except (TypeError, ValueError) as exc:
            raise ValueError(
                f"{name}(): chunks {chunks!r} do not fit shape {out.shape}: {exc}"
            ) from None
        per_chunk = math.prod(c[0] if c else 1 for c in normal)
        if math.prod(out.shape) <= per_chunk:
            return out.rechunk(normal)
        token = _WORDS_PER_CHUNK.set(per_chunk)
        try:
            out = f(key, *args, **kwargs)
        finally:
            _WORDS_PER_CHUNK.reset(token)
        return out.rechunk(normal)

    # the sampler's own docstring documents ``chunks=`` (a Parameters entry)
    run.__doc__ = f.__doc__
    run.__signature__ = sig.replace(  # type: ignore[attr-defined]
        parameters=[*sig.parameters.values(), extra]
    )
    return run


def _dask_pairs_block(bounds: Any, k: Any, n: int) -> Any:
    return pairs_at(k, n, int(bounds[0, 0]), int(bounds[0, 1]))


def _dask_words(k: Any, n: int) -> Any:
    """The ``n``-word stream as a chunked dask array: one task per chunk, the key its input.

    Each chunk hashes its own range of counter pairs (:func:`pairs_at`) once, giving a chunk
    of the stream's first half and one of its second half; the two halves are joined by
    concatenation, which moves no data. The words, and everything computed from them
    element by element, are bit-identical to numpy's whatever the chunking. The key stays
    lazy (it may itself come from a dask ``split``).
    """
    import dask.array as da
    import numpy as np

    half, odd = divmod(n, 2)
    m = half + odd
    if m == 0:
        return da.zeros((0,), dtype=np.uint32)
    per_chunk = _WORDS_PER_CHUNK.get()
    (sizes,) = da.core.normalize_chunks(
        "auto" if per_chunk is None else max(per_chunk, 1), (m,), dtype=np.uint64
    )
    stops = np.cumsum(sizes, dtype=np.int64)
    bounds = np.stack([stops - np.asarray(sizes, dtype=np.int64), stops], axis=1)
    pairs = da.blockwise(
        _dask_pairs_block,
        "pi",
        da.from_array(bounds, chunks=(1, 2)),
        "ix",
        k,
        "j",
        n=n,
        new_axes={"p": 2},
        adjust_chunks={"i": sizes},
        concatenate=True,
        dtype=np.uint32,
        meta=np.empty((0, 0), np.uint32),
    )
    return da.concatenate([pairs[0], pairs[1, :half]])


#: Counter pairs (or samples) per block for backends that compute eagerly on the CPU.
_BLOCK: dict[str, int] = {"numpy": 2**16, "torch": 2**16}


def cache_block(be: Words, x: Any) -> int | None:
    """The block length for :data:`_BLOCK`'s cache blocking of ``x``, or None: not blocked.

    Only arrays on the CPU are blocked. On a GPU each block is ~130 kernel launches, so blocks
    multiply the launch cost (measured on an H100: 10M float32 uniforms took 149 ms in 64K
    blocks); one pass over the whole array is the fast form there.
    """
    block = _BLOCK.get(be.name)
    if block is None:
        return None
    dev = getattr(x, "device", None)  # numpy: the string "cpu"
    return block if getattr(dev, "type", "cpu") == "cpu" else None


def map_blocks(be: Words, fn: Callable[[list[Any]], Any], parts: list[Any]) -> Any:
    """``fn(parts)`` for 1-D arrays of equal length, in cache-sized blocks on eager backends.

    Elementwise transforms of words (inverse CDFs, multiply-shift) run ~30-60 passes over
    their inputs; as for the hash, blocks that stay in cache are several times faster on
    numpy and torch. The result is the same as one call on the whole arrays.
    """
    n = parts[0].shape[0]
    block = cache_block(be, parts[0])
    if block is None or n <= block:
        return fn(parts)
    return be.xp.concat([fn([p[i : i + block] for p in parts]) for i in range(0, n, block)])


def _seed_value(seed: Any, func: str) -> int:
    if isinstance(seed, bool):
        raise TypeError(f"{func}(): seed must be an integer, got bool")
    try:
        s = operator.index(seed)
    except TypeError:
        raise TypeError(f"{func}(): seed must be an integer, got {type(seed).__name__}") from None
    if not 0 <= s < 2**64:
        raise ValueError(f"{func}(): seed must be in [0, 2**64), got {s}")
    return s


def key(seed: int, *, xp: Any = None, device: Any = None) -> Any:
    """A random key: the ``(2,)`` ``uint32`` array ``[seed >> 32, seed & 0xFFFFFFFF]``.

    The same key as ``mx.random.key(seed)`` and ``jax.random.PRNGKey(seed)`` (threefry).

    Parameters
    ----------
    seed : int
        An integer in ``[0, 2**64)``.
    xp : module, str or None, optional
        The backend: an ember namespace (``ember_array.torch``), the library module (``torch``)
        or its name (``"numpy"``, ``"torch"``, ``"mlx"``, ``"dask"``). Default ``"numpy"``.
    device : device object or str, optional
        Where the key (and every array drawn from it) lives; default the backend's default.

    Returns
    -------
    array
        The key, a ``(2,)`` ``uint32`` array of ``xp``.

    Raises
    ------
    TypeError
        If ``seed`` is not an integer or ``xp`` is not a namespace.
    ValueError
        If ``seed`` is out of range or ``xp`` names an unknown backend.

    See Also
    --------
    split, fold_in, Generator

    Examples
    --------
    >>> import ember_array.random as er
    >>> er.key(42)
    array([ 0, 42], dtype=uint32)
    >>> er.key(42, xp="torch")
    tensor([ 0, 42], dtype=torch.uint32)
    """
    s = _seed_value(seed, "key")
    be = backend_for("numpy" if xp is None else xp, "key")
    if be.signed:
        # torch.compile: inductor cannot build a uint32 tensor from a list ("Promotion for
        # uint16, uint32, uint64 types is not supported") (no upstream issue found); an int64
        # one cast to uint32 compiles
        w = be.xp.asarray([s >> 32, s & MASK32], dtype=be.xp.int64, device=device)
        return be.to_uint32(w)
    return be.xp.asarray([s >> 32, s & MASK32], dtype=be.xp.uint32, device=device)


def split(key: Any, num: int = 2) -> Any:
    """Split a key into ``num`` new keys, an array of shape ``(num, 2)``.

    Identical to ``mx.random.split(key, num)`` and JAX's ``random.split`` (threefry,
    non-partitionable): the keys are ``bits(key, (num, 2))``.

    Parameters
    ----------
    key : array
        A key from :func:`key`, :func:`split` or :func:`fold_in`.
    num : int, optional
        How many keys, ``>= 0`` (default 2).

    Returns
    -------
    array
        ``(num, 2)`` ``uint32``; each row is a key.

    Raises
    ------
    ValueError
        If ``key`` is not a ``(2,)`` ``uint32`` array or ``num`` is negative.

    See Also
    --------
    key, fold_in

    Examples
    --------
    >>> import ember_array.random as er
    >>> k1, k2 = er.split(er.key(42))
    >>> k1
    array([2465931498, 3679230171], dtype=uint32)
    >>> er.split(er.key(42), 3).shape
    (3, 2)
    """
    be = backend_of_key(key, "split")
    n = operator.index(num)
    if n < 0:
        raise ValueError(f"split(): num must be >= 0, got {n}")
    w = words(be, key, 2 * n, "split")
    return be.xp.reshape(be.to_uint32(w), (n, 2))


def fold_in(key: Any, data: int) -> Any:
    """A new key from ``key`` and the integer ``data`` in ``[0, 2**32)``.

    ``threefry2x32(key, (0, data))``, as JAX's ``random.fold_in`` does for threefry keys.
    Use it to derive per-step or per-worker keys: ``fold_in(k, step)``.

    Parameters
    ----------
    key : array
        A key from :func:`key`, :func:`split` or :func:`fold_in`.
    data : int
        The integer folded in, in ``[0, 2**32)``.

    Returns
    -------
    array
        A ``(2,)`` ``uint32`` key of ``key``'s namespace and device.

    Raises
    ------
    ValueError
        If ``key`` is not a key or ``data`` is out of range.

    See Also
    --------
    key, split

    Examples
    --------
    >>> import ember_array.random as er
    >>> er.fold_in(er.key(42), 7)
    array([2547012911, 1371500959], dtype=uint32)
    """
    be = backend_of_key(key, "fold_in")
    if isinstance(data, bool):
        raise TypeError("fold_in(): data must be an integer, got bool")
    try:
        d = operator.index(data)
    except TypeError:
        raise TypeError(f"fold_in(): data must be an integer, got {type(data).__name__}") from None
    if not 0 <= d <= MASK32:
        raise ValueError(f"fold_in(): data must be in [0, 2**32), got {d}")
    xp = be.xp
    dev = _device_of(key)
    k0, k1 = key_words(be, key)
    # torch's int32 word holds d >= 2**31 as its two's-complement bit pattern.
    dw = d - 2**32 if be.signed and d >= 2**31 else d
    c = xp.asarray([0, dw], dtype=be.word, device=dev)
    y0, y1 = threefry2x32(be, k0, k1, c[0:1], c[1:2])
    return be.to_uint32(xp.concat([y0, y1]))


_BITS_DTYPES = ("uint8", "uint16", "uint32", "uint64")


def _shape(shape: Any, func: str) -> tuple[int, ...]:
    if isinstance(shape, int) and not isinstance(shape, bool):
        shape = (shape,)
    try:
        out = tuple(operator.index(d) for d in shape)
    except TypeError:
        raise TypeError(f"{func}(): shape must be a tuple of integers, got {shape!r}") from None
    if any(d < 0 for d in out):
        raise ValueError(f"{func}(): negative dimensions are not allowed, got shape {out}")
    return out


def _size(shape: tuple[int, ...]) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


def _dtype_name(be: Words, dtype: Any, names: tuple[str, ...]) -> str | None:
    for name in names:
        cand = getattr(be.xp, name, None)
        if cand is not None and dtype == cand:
            return name
    return None


@with_chunks
def bits(key: Any, shape: Any = (), *, dtype: Any = None) -> Any:
    """Random bits: an unsigned integer array of ``shape``.

    Parameters
    ----------
    key : array
        A key from :func:`key`, :func:`split` or :func:`fold_in`.
    shape : int or tuple of int, optional
        Output shape (default ``()``).
    dtype : dtype, optional
        ``uint32`` (default), ``uint8``, ``uint16`` or ``uint64`` of the key's namespace.
        ``uint32`` is mlx's ``RandomBits`` (``mx.random.split(key, n)`` is ``bits(key, (n, 2))``);
        ``uint8``/``uint16`` are the little-endian bytes of those words, truncated (mlx's layout
        for width 1 and 2); ``uint64`` is JAX's: ``2n`` words, the first ``n`` the high halves.
    chunks : dask chunk specification, optional
        dask keys only: the output's chunks (any ``chunks=`` of ``dask.array``); the values do
        not depend on it. Other backends raise ``TypeError`` for it.

    Returns
    -------
    array
        Bits on the key's device, identical on every backend.

    Raises
    ------
    TypeError
        If ``dtype`` is not one of the unsigned dtypes above.

    See Also
    --------
    integers, uniform, Generator.bits

    Examples
    --------
    >>> import ember_array.random as er
    >>> er.bits(er.key(42), (3,))
    array([2465931498,  430176367,  255383827], dtype=uint32)
    >>> er.bits(er.key(42, xp="torch"), (3,))  # the same bits on torch
    tensor([2465931498,  430176367,  255383827], dtype=torch.uint32)
    """
    be = backend_of_key(key, "bits")
    shp = _shape(shape, "bits")
    xp = be.xp
    name = "uint32" if dtype is None else _dtype_name(be, dtype, _BITS_DTYPES)
    if name is None:
        raise TypeError(
            f"bits(): dtype must be one of {', '.join(_BITS_DTYPES)} on {be.name}, got {dtype}"
        )
    n = _size(shp)
    if name == "uint32":
        return xp.reshape(be.to_uint32(words(be, key, n, "bits")), shp)
    if name == "uint64":
        w = be.to_u64(words(be, key, 2 * n, "bits"))
        # (hi << 32) | lo wraps into int64's sign bit; astype(uint64) keeps the bit pattern.
        v = (w[:n] << 32) | w[n:]
        return xp.reshape(xp.astype(v, xp.uint64), shp)
    width = 1 if name == "uint8" else 2
    nwords = -(-n * width // 4)
    w = words(be, key, nwords, "bits")
    # Without 64-bit integers the uint32 words are split as they are (the same bytes).
    w = w if be.narrow() else be.to_u64(w)
    per = 4 // width
    step = 8 * width
    parts = [(w >> (step * i)) & ((1 << step) - 1) for i in range(per)]
    flat = xp.reshape(xp.stack(parts, axis=-1), (nwords * per,))[:n]
    return xp.reshape(xp.astype(flat, getattr(xp, name)), shp)

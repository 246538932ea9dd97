"""32-bit words and the threefry2x32-20 counter-based hash, written in the array API standard.

Everything here runs on any namespace (elementwise ``+``, ``^``, ``|``, ``&``, shifts,
``astype``, ``concat``, ``arange``). The one per-backend fact is the *word type* that holds
32-bit values, the registry's :attr:`ember_array._backends.Backend.random_word`:

* ``uint32`` (numpy, mlx, dask and any other namespace with full ``uint32`` arithmetic), whose
  ``+`` wraps modulo 2**32 and whose ``>>`` is logical;
* ``int32`` (torch, whose ``uint32`` lacks arithmetic on the CPU): ``int32`` add wraps modulo
  2**32 (the bit pattern is the uint32 result) and ``<<`` is done on the unsigned bit
  pattern; only ``>>`` is arithmetic, so a logical shift masks the sign bits off. The
  known-answer tests guard this.

Bits are laid out exactly as mlx's ``RandomBits`` primitive (mlx/backend/cpu/primitives.cpp)
and JAX's ``threefry_random_bits`` lay them out, so keys, ``split`` and bits agree with both.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from .._backends import BY_NAME, backend_of_module
from .._dispatch import ember_namespace, namespace_module, resolve_xp

__all__ = [
    "BITS_DTYPES",
    "MASK32",
    "MAX_WORDS",
    "ROTATIONS",
    "PARITY",
    "Words",
    "backend_for",
    "backend_of_key",
    "cache_block",
    "check_count",
    "check_shape",
    "dtype_name",
    "key_words",
    "map_blocks",
    "size_of",
    "threefry2x32",
]

MASK32 = 0xFFFFFFFF
ROTATIONS = ((13, 15, 26, 6), (17, 29, 16, 24))
PARITY = 0x1BD11BDA  # threefry's key-schedule parity constant
#: The largest number of 32-bit words one call may produce (counters are 32-bit).
MAX_WORDS = 2**31 - 1
BITS_DTYPES = ("uint8", "uint16", "uint32", "uint64")


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
        The dtype that holds 32-bit words (the registry's ``random_word``; ``uint32``
        elsewhere).
    signed
        Whether ``word`` is signed (``>>`` then needs masking to be logical).
    wide
        Whether the namespace always computes int64 (a backend of the registry; others,
        such as jax without ``jax_enable_x64``, are asked).
    barrier
        The registry's compile barrier for key words, or None.
    """

    name: str
    xp: ModuleType
    word: Any
    signed: bool
    wide: bool = False
    barrier: Callable[[Any], Any] | None = None

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
        if self.wide:
            return self.xp.int64
        return self.xp.__array_namespace_info__().default_dtypes()["integral"]

    def narrow(self) -> bool:
        """Whether 64-bit integers are unavailable (jax without ``jax_enable_x64``).

        The samplers then compute 32-bit-or-smaller outputs with ``uint32`` arithmetic only.
        Asked on every call: jax's flag can change at run time (``jax.enable_x64``).
        """
        if self.wide:
            return False
        return bool(self.xp.iinfo(self.default_int()).bits < 64) and not self.signed

    def to_uint32(self, w: Any) -> Any:
        """Words as a ``uint32`` array (the key and ``bits`` dtype on every backend)."""
        return w if not self.signed else self.xp.astype(w, self.xp.uint32)


_BY_NAME: dict[str, Words] = {}


def _make(name: str, xp: ModuleType) -> Words:
    row = BY_NAME.get(name)
    if row is None:
        return Words(name, xp, xp.uint32, False)
    signed = row.random_word.startswith("int")
    return Words(name, xp, getattr(xp, row.random_word), signed, True, row.barrier())


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
    if be.barrier is not None:
        kw = be.barrier(kw)  # a buffer under the library's compiler (see the registry)
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
    k2 = k0 ^ k1 ^ PARITY
    ks = (k0, k1, k2)
    # Key injection after every 4 rounds; the counter i + 1 keeps rounds distinct.
    inject = [(ks[(i + 1) % 3], ks[(i + 2) % 3] + (i + 1)) for i in range(5)]
    x0 = x0 + k0
    x1 = x1 + k1
    for i in range(5):
        for r in ROTATIONS[i % 2]:
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


def check_count(n: int, func: str) -> None:
    """Refuse streams longer than the 32-bit counters reach."""
    if n > MAX_WORDS:
        raise ValueError(f"{func}(): at most {MAX_WORDS} 32-bit words per call, asked for {n}")


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


def check_shape(shape: Any, func: str) -> tuple[int, ...]:
    """``shape`` (an int or a sequence of ints) as a tuple of non-negative ints."""
    if isinstance(shape, int) and not isinstance(shape, bool):
        shape = (shape,)
    try:
        out = tuple(operator.index(d) for d in shape)
    except TypeError:
        raise TypeError(f"{func}(): shape must be a tuple of integers, got {shape!r}") from None
    if any(d < 0 for d in out):
        raise ValueError(f"{func}(): negative dimensions are not allowed, got shape {out}")
    return out


def size_of(shape: tuple[int, ...]) -> int:
    """The number of elements of an array of ``shape``."""
    return math.prod(shape)


def dtype_name(be: Words, dtype: Any, names: tuple[str, ...]) -> str | None:
    """The name in ``names`` of ``dtype`` in ``be``'s namespace, or None."""
    for name in names:
        cand = getattr(be.xp, name, None)
        if cand is not None and dtype == cand:
            return name
    return None

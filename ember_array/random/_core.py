"""The functional core: keys, ``split``, ``fold_in``, ``bits`` and the word stream.

The hash and the word type are in :mod:`._words`; the stream takes a backend's native form
where one is registered (:data:`._streams.NATIVE_WORDS`: mlx's kernel, dask's chunks) or the
host path (:mod:`._host`: numpy, eager torch on the CPU), else the standard form.
"""

from __future__ import annotations

import operator
from typing import Any

from .._helpers import device as _device_of
from ._host import from_host, host_key, words_numpy
from ._streams import NATIVE_WORDS, with_chunks
from ._words import (
    BITS_DTYPES,
    MASK32,
    Words,
    backend_for,
    backend_of_key,
    cache_block,
    check_count,
    check_shape,
    dtype_name,
    key_words,
    size_of,
    threefry2x32,
)

__all__ = ["bits", "fold_in", "key", "seed_value", "split", "words"]


def words(be: Words, k: Any, n: int, func: str) -> Any:
    """``n`` random 32-bit words from key ``k``, a 1-D array of ``be.word``.

    The layout is mlx's ``RandomBits`` (and JAX's ``threefry_random_bits``): with
    ``h = n // 2`` and ``o = n % 2``, counter pair ``(j, j + h + o)`` for ``j < h`` gives words
    ``j`` and ``j + h + o``; for odd ``n`` the pair ``(h, 0)`` gives word ``h``.
    """
    check_count(n, func)
    native = NATIVE_WORDS.get(be.name)
    if native is not None:
        out = native(be, k, n)
        if out is not None:
            return out
    host = host_key(be, k)
    if host is not None:
        return from_host(be, words_numpy(host, n))
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


def seed_value(seed: Any, func: str) -> int:
    """``seed`` checked: an integer in ``[0, 2**64)``."""
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
    s = seed_value(seed, "key")
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
    fold_in : one new key from an integer (a step or a worker number).
    key

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
    shp = check_shape(shape, "bits")
    xp = be.xp
    name = "uint32" if dtype is None else dtype_name(be, dtype, BITS_DTYPES)
    if name is None:
        raise TypeError(
            f"bits(): dtype must be one of {', '.join(BITS_DTYPES)} on {be.name}, got {dtype}"
        )
    n = size_of(shp)
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

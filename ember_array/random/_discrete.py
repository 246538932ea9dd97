"""Discrete samplers: integers over any range (multiply-shift) and permutations (sort keys)."""

from __future__ import annotations

import operator
from typing import Any

from .._helpers import device as _device_of
from ._core import fold_in, words
from ._params import int_bounds, is_array
from ._streams import with_chunks
from ._words import MASK32, Words, backend_of_key, check_shape, map_blocks, size_of

__all__ = [
    "integers",
    "integers_from_words",
    "integers_from_words32",
    "mul32",
    "permutation",
    "sort_order",
    "words_per_integer",
]


def words_per_integer(lo: int, hi: int) -> int:
    """32-bit words drawn per integer: 3 when ``hi - lo <= 2**32``, else 4.

    Either way the relative bias of multiply-shift is at most ``2**-64``.
    """
    return 3 if hi - lo <= 2**32 else 4


def integers_from_words(be: Words, u: list[Any], lo: int, hi: int, name: str) -> Any:
    """Integers in ``[lo, hi)`` as ``floor(r * U / 2**(32 m)) + lo`` (``r = hi - lo``).

    ``u`` holds the ``m`` (3 or 4) 32-bit words of ``U``, most significant first, as int64
    arrays in ``[0, 2**32)``. This is Lemire's multiply-shift without the rejection step, on
    ``32 m >= 96`` bits with ``r <= 2**(32 (m - 2))``: exact for power-of-two ``r``;
    otherwise each value's probability is within a relative ``r / 2**(32 m) <= 2**-64`` of
    ``1 / r``, far below anything a test can detect. The 32x32-bit products wrap in int64, so
    only their bit pattern is used (``& MASK32``, and ``>> 32`` then ``& MASK32``).
    """
    xp = be.xp
    r = hi - lo
    m = len(u)
    if r == 2**64:
        out = (u[0] << 32) | u[1]
    else:
        r1, r0 = r >> 32, r & MASK32
        v = u[::-1]  # least significant first: column c of the product r * U

        def lo32(p: Any) -> Any:
            return p & MASK32

        def hi32(p: Any) -> Any:
            return (p >> 32) & MASK32

        p0 = [vj * r0 for vj in v]
        p1 = [vj * r1 for vj in v] if r1 else []
        carry: Any = 0
        top: list[Any] = []
        # Column sums (each < 2**35, no overflow); column 0 (lo32(p0[0])) never carries.
        for c in range(1, m + 2):
            terms = []
            if c < m:
                terms.append(lo32(p0[c]))
            if c - 1 < m:
                terms.append(hi32(p0[c - 1]))
            if p1 and c - 1 < m:
                terms.append(lo32(p1[c - 1]))
            if p1 and 0 <= c - 2 < m:
                terms.append(hi32(p1[c - 2]))
            s = carry
            for t in terms:
                s = s + t
            if c < m:
                carry = s >> 32
            elif c == m:
                top.append(s & MASK32)
                carry = s >> 32
            else:
                top.append(s)
        # The result < r < 2**64 sits in columns m (low word) and m + 1 (high word).
        out = top[0] if not p1 else (top[1] << 32) | top[0]
    # int64 arithmetic wraps, so lo as a wrapped int64 gives the right bit pattern for uint64.
    lo_w = lo - 2**64 if lo >= 2**63 else lo
    out = out + lo_w
    return out if name == "int64" else xp.astype(out, getattr(xp, name))


def mul32(a: Any, b: int) -> tuple[Any, Any]:
    """The high and low words of ``a * b`` (``uint32`` words ``a``, an integer ``0 <= b <
    2**32``) in 32-bit arithmetic: 16-bit limbs, whose products fit a word."""
    a1, a0 = a >> 16, a & 0xFFFF
    b1, b0 = b >> 16, b & 0xFFFF
    ll = a0 * b0
    mid = (ll >> 16) + a1 * b0  # < 2**32: (2**16 - 1) ** 2 + 2**16
    if not b1:
        return mid >> 16, (mid << 16) | (ll & 0xFFFF)
    lh = a0 * b1
    mid_lo = (mid & 0xFFFF) + (lh & 0xFFFF)  # < 2**17
    low = (mid_lo << 16) | (ll & 0xFFFF)
    high = a1 * b1 + (mid >> 16) + (lh >> 16) + (mid_lo >> 16)
    return high, low


def integers_from_words32(be: Words, u: list[Any], lo: int, hi: int, name: str) -> Any:
    """:func:`integers_from_words` for outputs of at most 32 bits, in ``uint32`` arithmetic.

    For namespaces without 64-bit integers (jax without ``jax_enable_x64``). ``u`` holds the
    3 ``uint32`` words of ``U``, most significant first, and ``r = hi - lo <= 2**32``; the
    result is the same ``floor(r * U / 2**96) + lo``, bit for bit.
    """
    xp = be.xp
    r = hi - lo
    if r == 2**32:
        out = u[0]  # floor(2**32 * U / 2**96) is the top word
    else:
        # r * U by 32-bit columns, least significant first: (l2), h2 + l1, h1 + l0, h0. The
        # result r * U >> 96 < r is column 3 plus the carries out of columns 1 and 2 (each
        # 0 or 1); column 0 never carries. An unsigned sum wrapped iff it is below a term.
        h2, _ = mul32(u[2], r)
        h1, l1 = mul32(u[1], r)
        h0, l0 = mul32(u[0], r)
        c1 = xp.astype(l1 + h2 < h2, be.word)
        t = h1 + l0
        t2 = t + c1
        out = h0 + xp.astype((t < l0) | (t2 < t), be.word)
    if lo & MASK32:
        # Modulo 2**32: the two's complement bits of the value. An array, not a Python int:
        # jax without x64 reads Python ints >= 2**31 as int32 and overflows.
        out = out + xp.asarray(lo & MASK32, dtype=be.word, device=_device_of(out))
    if name.startswith("uint"):
        return out if name == "uint32" else xp.astype(out, getattr(xp, name))
    # To a signed dtype without an out-of-range cast (implementation-defined in the standard):
    # t = v + 2**31 is in [0, 2**32), and v = 2 * (t >> 1) - 2**31 + (t & 1) never overflows.
    half = (out >> 1) ^ 2**30  # t >> 1, as t = out ^ 2**31
    v = (xp.astype(half, xp.int32) - 2**30) * 2 + xp.astype(out & 1, xp.int32)
    return v if name == "int32" else xp.astype(v, getattr(xp, name))


@with_chunks
def integers(key: Any, low: int, high: int, shape: Any = (), *, dtype: Any = None) -> Any:
    """Uniform integers in ``[low, high)``, over the full range of ``dtype``.

    Parameters
    ----------
    key : array
        A key from :func:`key`, :func:`split` or :func:`fold_in`.
    low, high : int
        Python integers, ``low < high``; ``high`` may be ``iinfo(dtype).max + 1``.
    shape : int or tuple of int, optional
        Output shape.
    dtype : dtype, optional
        An integer dtype of the key's namespace, default the namespace's default integer
        dtype (int64; int32 for jax without ``jax_enable_x64``, where 64-bit dtypes raise
        ``TypeError``).

    Returns
    -------
    array
        Built from 96 (``high - low <= 2**32``) or 128 random bits per value by
        multiply-shift: no float rounding (``mx.random.randint`` goes through float32 and
        cannot reach most integers above 2**24), exact for power-of-two ranges, bias below
        2**-64 otherwise. Identical on every backend (32-bit dtypes also without 64-bit
        integers).

    Raises
    ------
    TypeError
        If ``low``/``high`` are not integers or ``dtype`` is not an integer dtype.
    ValueError
        If ``low >= high`` or the range does not fit ``dtype``.

    See Also
    --------
    bits, permutation, Generator.integers

    Examples
    --------
    >>> import ember_array.random as er
    >>> er.integers(er.key(42), 0, 10, (5,))
    array([2, 4, 0, 8, 0])
    >>> er.integers(er.key(42, xp="torch"), 0, 10, (5,))
    tensor([2, 4, 0, 8, 0])
    """
    be = backend_of_key(key, "integers")
    shp = check_shape(shape, "integers")
    name, lo, hi = int_bounds(be, dtype, low, high, "integers")
    narrow = be.narrow()
    if narrow and name in ("int64", "uint64"):
        raise TypeError(
            f"ember_array.random [{be.name}]: integers(): dtype {name} needs 64-bit integers, "
            "which the namespace does not provide (for jax, set jax_enable_x64)"
        )
    n = size_of(shp)
    m = words_per_integer(lo, hi)
    w = words(be, key, m * n, "integers")
    parts = [w[i * n : (i + 1) * n] for i in range(m)]
    if narrow:
        out = map_blocks(be, lambda ps: integers_from_words32(be, ps, lo, hi, name), parts)
    else:
        out = map_blocks(
            be,
            lambda ps: integers_from_words(be, [be.to_u64(q) for q in ps], lo, hi, name),
            parts,
        )
    return be.xp.reshape(out, shp)


# ----------------------------------------------------------------------- permutation


def sort_order(be: Words, hi: Any, lo: Any, narrow: bool) -> Any:
    """The stable argsort of the unsigned 64-bit keys ``hi:lo`` (two arrays of words).

    ``narrow`` (no 64-bit integers): a stable sort by ``lo``, then a stable sort by ``hi``
    of that order, which is the same order (equal ``hi`` keep ``lo``'s order, equal pairs
    the index order) with indices of the default index dtype.
    """
    xp = be.xp
    if narrow:
        by_lo = xp.argsort(lo, stable=True)
        return xp.take(by_lo, xp.argsort(xp.take(hi, by_lo), stable=True))
    hi, lo = be.to_u64(hi), be.to_u64(lo)
    # (hi - 2**31) * 2**32 + lo orders as the unsigned 64-bit hi:lo and fits int64.
    return xp.argsort(((hi - 2**31) << 32) | lo, stable=True)


def permutation(key: Any, x: Any, *, axis: int = 0) -> Any:
    """A random permutation of ``arange(x)`` (``x`` an int) or of ``x`` along ``axis``.

    The order is a stable argsort of 64-bit keys whose high halves are
    ``bits(key, (n,))`` - mlx's ``permutation`` sorts exactly those, so the two agree
    whenever they have no ties - and whose low halves come from ``fold_in(key, 1)``, which
    makes ties (and so any bias) practically impossible.

    Parameters
    ----------
    key : array
        A key from :func:`key`, :func:`split` or :func:`fold_in`.
    x : int or array
        ``n`` for a permutation of ``0 .. n - 1``, or an array to shuffle.
    axis : int, optional
        The axis of ``x`` to shuffle (default 0).

    Returns
    -------
    array
        The permuted indices (the namespace's default index dtype; int32 for jax without x64)
        or ``x`` with its slices along ``axis`` permuted. Identical on every backend.

    Raises
    ------
    ValueError
        If ``x`` is a negative integer or ``axis`` is out of range.

    See Also
    --------
    integers, Generator.permutation

    Examples
    --------
    >>> import numpy as np
    >>> import ember_array.random as er
    >>> er.permutation(er.key(42), 5)
    array([4, 2, 3, 0, 1])
    >>> er.permutation(er.key(42), np.asarray([10, 20, 30]))
    array([30, 20, 10])
    """
    be = backend_of_key(key, "permutation")
    xp = be.xp
    if is_array(x):
        if x.ndim == 0:
            raise ValueError("permutation(): cannot permute a 0-d array")
        ax = operator.index(axis)
        if not -x.ndim <= ax < x.ndim:
            raise ValueError(f"permutation(): axis {ax} out of range for {x.ndim}-d array")
        n = x.shape[ax]
    else:
        if isinstance(x, bool):
            raise TypeError("permutation(): x must be an integer or an array, got bool")
        try:
            n = operator.index(x)
        except TypeError:
            raise TypeError(
                f"permutation(): x must be an integer or an array, got {type(x).__name__}"
            ) from None
        if n < 0:
            raise ValueError(f"permutation(): n must be >= 0, got {n}")
    hi = words(be, key, n, "permutation")
    lo = words(be, fold_in(key, 1), n, "permutation")
    order = sort_order(be, hi, lo, be.narrow())
    if not is_array(x):
        return order
    return xp.take(x, order, axis=ax)

"""The host path: numpy's hash of the threefry stream, in place and in cache-sized blocks.

numpy keys, and eager torch keys on the CPU, are hashed here: torch's ``int32`` ops run the
hash at a third of numpy's speed (each round needs an extra mask for its arithmetic ``>>``),
and a CPU tensor shares memory with the numpy result. The values are those of
:func:`ember_array.random._words.threefry2x32`; ``tests/test_random.py`` compares them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .._helpers import is_eager_host
from ._words import MASK32, PARITY, ROTATIONS, Words

__all__ = ["NUMPY_BLOCK", "from_host", "host_key", "pairs_at", "uniform32_numpy", "words_numpy"]


def _same(a: Any) -> Any:
    return a


def _torch_key(k: Any) -> Any:
    return k.numpy()


def _torch_result(a: Any) -> Any:
    import numpy as np
    import torch

    # torch's word type is int32 (the registry's random_word): uint32 words keep their bits
    return torch.from_numpy(a.view(np.int32) if a.dtype == np.uint32 else a)


#: backend -> (its key as a numpy array, a numpy result as its array): the backends whose
#: eager CPU arrays share memory with numpy (``torch.from_numpy``, no copy).
_HOST: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {
    "numpy": (_same, _same),
    "torch": (_torch_key, _torch_result),
}


def host_key(be: Words, k: Any) -> Any:
    """Key ``k`` as a numpy array when its stream may be hashed by the numpy code, else None.

    Not while torch traces (``torch.compile``) or transforms (``torch.func``), where the key
    is no plain host value and the standard-form hash keeps the graph whole.
    """
    host = _HOST.get(be.name)
    if host is None or not is_eager_host(k):
        return None
    return host[0](k)


def from_host(be: Words, a: Any) -> Any:
    """A numpy result of the host path as an array of ``be`` (torch words as ``int32``)."""
    return _HOST[be.name][1](a)


#: The rotation amounts as numpy uint32 scalars ``(r, 32 - r)``, made on first use.
_SHIFTS: tuple[tuple[tuple[Any, Any], ...], ...] = ()

#: Counter pairs per block of the numpy hash: three uint32 buffers of this length
#: (the two words and a shift temporary) stay in a 1 MiB L2 cache.
NUMPY_BLOCK = 2**15


def _threefry_numpy_inplace(k0: int, k1: int, x0: Any, x1: Any, t: Any) -> None:
    """:func:`threefry2x32` on numpy uint32 counter arrays, overwriting them with the output.

    Every step writes into ``x0``, ``x1`` or the scratch ``t`` (the ufuncs' positional
    ``out``, the cheapest call): no temporaries, so the ~110 passes run from cache at about
    twice the speed of the operator form, which allocates the shifted copy each round.
    """
    import numpy as np

    u32 = np.uint32
    k2 = k0 ^ k1 ^ PARITY
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

    return tuple(tuple((np.uint32(r), np.uint32(32 - r)) for r in rots) for rots in ROTATIONS)


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
    size = min(NUMPY_BLOCK, max(stop - start, 0))
    x0, x1, t = (np.empty(size, dtype=np.uint32) for _ in range(3))
    for s in range(start, stop, NUMPY_BLOCK):
        e = min(s + NUMPY_BLOCK, stop)
        y0, y1 = x0[: e - s], x1[: e - s]
        y0[...] = np.arange(s, e, dtype=np.uint32)
        y1[...] = np.arange(s + m, e + m, dtype=np.uint32)
        if odd and s <= half < e:
            y1[half - s] = 0  # the middle word of an odd stream comes from pair (h, 0)
        _threefry_numpy_inplace(k0, k1, y0, y1, t[: e - s])
        sink(s, e, y0, y1)


def words_numpy(k: Any, n: int) -> Any:
    """``words()`` on numpy: each hashed block copied into its two places of the output."""
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
    ``words()`` (mlx's ``uniform``), without a pass over a word array.
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
    row 1 words ``start + m:stop + m`` (``m = ceil(n / 2)``), as ``words()`` lays them out
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

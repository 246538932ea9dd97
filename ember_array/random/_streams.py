"""The word streams of lazy backends, native: mlx's ``RandomBits`` kernel and dask's chunks.

``words()`` takes these where :data:`NATIVE_WORDS` registers one
for the key's backend; the values are the standard-form stream's (``tests/test_random.py``).
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from contextvars import ContextVar
from functools import wraps
from typing import Any

from .._backends import BY_NAME
from ._host import pairs_at
from ._words import Words, backend_of_key, key_words, threefry2x32

__all__ = ["NATIVE_WORDS", "with_chunks"]


def _words_mlx(be: Words, k: Any, n: int) -> Any:
    """``words()`` through mlx's own ``RandomBits`` kernel (``mx.random.split``).

    ``split(key, h)`` is the ``2h``-word stream, one fused native kernel instead of ~130
    graph nodes (the hash written with the standard's operators runs at a quarter of mlx's
    own generator). For odd ``n = 2h + 1`` the stream is the ``2h + 2``-word one with word
    ``h`` taken from counter pair ``(h, 0)`` instead of ``(h, 2h + 1)`` and the last word
    dropped, so one extra hash of a single pair makes it.
    """
    if n <= 1:
        return None  # the standard form: one pair
    import mlx.core as mx

    half, odd = divmod(n, 2)
    w = mx.reshape(mx.random.split(k, half + odd), (-1,))
    if not odd:
        return w
    k0, k1 = key_words(be, k)
    c = mx.array([half, 0], dtype=mx.uint32)
    middle, _ = threefry2x32(be, k0, k1, c[0:1], c[1:2])
    return mx.concatenate([w[:half], middle, w[half + 1 : n]])


def _dask_array() -> Any:
    """``dask.array``, untyped (its functions have no annotations)."""
    import dask.array

    return dask.array


#: Words per dask chunk while a sampler called with ``chunks=`` builds its graph.
_WORDS_PER_CHUNK: ContextVar[int | None] = ContextVar("ember_random_words", default=None)


#: The numpydoc entry of the ``chunks=`` parameter that :func:`with_chunks` adds.
_CHUNKS_DOC = """
    chunks : dask chunk specification, optional
        dask keys only: the output's chunks (any ``chunks=`` of ``dask.array``); the values do
        not depend on it. Other backends raise ``TypeError`` for it."""


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
        if not _chunked(be.name):
            raise TypeError(f"{name}(): chunks= is for dask keys only, got a {be.name} key")
        da = _dask_array()
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

    # the parameter this adds is documented here, as the last of the sampler's Parameters
    parameters, returns, rest = (f.__doc__ or "").partition("\n\n    Returns\n")
    run.__doc__ = parameters + _CHUNKS_DOC + returns + rest
    wrapper: Any = run  # a function object takes a __signature__ (inspect reads it)
    wrapper.__signature__ = sig.replace(parameters=[*sig.parameters.values(), extra])
    return run


def _dask_pairs_block(bounds: Any, k: Any, n: int) -> Any:
    return pairs_at(k, n, int(bounds[0, 0]), int(bounds[0, 1]))


def _dask_words(be: Words, k: Any, n: int) -> Any:
    """The ``n``-word stream as a chunked dask array: one task per chunk, the key its input.

    Each chunk hashes its own range of counter pairs (:func:`pairs_at`) once, giving a chunk
    of the stream's first half and one of its second half; the two halves are joined by
    concatenation, which moves no data. The words, and everything computed from them
    element by element, are bit-identical to numpy's whatever the chunking. The key stays
    lazy (it may itself come from a dask ``split``).
    """
    import numpy as np

    da = _dask_array()

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


def _chunked(name: str) -> bool:
    row = BY_NAME.get(name)
    return row is not None and row.chunked


#: backend -> its native stream of ``n`` words from a key (None: take the standard form);
#: dask's is chunked (the values do not depend on the chunks; ``chunks=`` sets them).
NATIVE_WORDS: dict[str, Callable[[Words, Any, int], Any]] = {
    "mlx": _words_mlx,
    "dask": _dask_words,
}

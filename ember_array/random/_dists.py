"""Continuous distributions and draws from them (``impl="portable"``), in standard operations.

Every function turns threefry words (:func:`ember_array.random._core.words`) into samples
with elementwise integer and floating-point operations only, so the same key gives the same
uniforms on every backend; normals go through ``log``/``sqrt``, whose last bit may differ
between libraries, so they agree to a few ULP. Integers and permutations are in
:mod:`._discrete`.
"""

from __future__ import annotations

import operator
from typing import Any

from .._helpers import device as _device_of
from ._core import words
from ._host import from_host, host_key, uniform32_numpy
from ._params import (
    as_float,
    bernoulli_setup,
    broadcast_shapes,
    check_broadcast,
    check_uniform_bounds,
    float_dtype,
    is_array,
    words_per,
)
from ._special import ndtr, ndtri, ndtri_lower
from ._streams import with_chunks
from ._words import Words, backend_of_key, check_shape, map_blocks, size_of

__all__ = [
    "bernoulli",
    "categorical",
    "normal",
    "normal_from_words",
    "scale_uniform",
    "truncated_normal",
    "uniform",
    "uniform_from_words",
]

# ----------------------------------------------------------------------- uniform floats


def uniform_from_words(be: Words, w: Any, n: int, name: str) -> Any:
    """Uniform ``[0, 1)`` floats of dtype ``name`` from words (1-D), as mlx makes them.

    float32/16: ``min(float32(w) / 2**32, nextbelow(1))`` then cast, mlx's ``uniform``
    (mlx/random.cpp), one word each. float64: ``(bits64 >> 11) * 2**-53`` from two words
    (the high halves first), which mlx cannot compute.
    """
    xp = be.xp
    if name == "float64":
        u = be.to_u64(w)
        hi, lo = u[:n], u[n:]
        return xp.astype(hi, xp.float64) * 2.0**-32 + xp.astype(lo >> 11, xp.float64) * 2.0**-53
    # torch's int32 words hold values >= 2**31 as negatives: convert their unsigned value.
    src = be.to_u64(w) if be.signed else w
    f = xp.astype(src, xp.float32) * 2.0**-32
    dt = getattr(xp, name)
    below_one = 1.0 - float(xp.finfo(dt).eps) / 2
    f = xp.minimum(f, xp.asarray(below_one, dtype=xp.float32, device=_device_of(f)))
    return f if name == "float32" else xp.astype(f, dt)


@with_chunks
def uniform(
    key: Any,
    shape: Any = (),
    *,
    dtype: Any = None,
    low: Any = 0.0,
    high: Any = 1.0,
) -> Any:
    """Uniform floats in ``[low, high)``.

    Parameters
    ----------
    key : array
        A key from :func:`key`, :func:`split` or :func:`fold_in`.
    shape : int or tuple of int, optional
        Output shape; ``low``/``high`` arrays must broadcast to it.
    dtype : dtype, optional
        A real floating dtype of the key's namespace, default float32.
    low, high : float or array, optional
        Bounds, Python numbers or arrays of the key's namespace (default 0 and 1).

    Returns
    -------
    array
        ``low + (high - low) * u`` in ``dtype``. For float32 this is bit for bit
        ``mx.random.uniform(low, high, shape, key=key)``, on every backend.

    Raises
    ------
    TypeError
        If ``dtype`` is not a real floating dtype of the backend.
    ValueError
        If the device cannot hold ``dtype``, or for scalar bounds with ``low > high``.

    See Also
    --------
    normal, integers, Generator.uniform

    Examples
    --------
    >>> import ember_array.random as er
    >>> er.uniform(er.key(42), (3,))
    array([0.5741444 , 0.10015824, 0.05946118], dtype=float32)
    >>> import torch
    >>> er.uniform(er.key(42, xp="torch"), (3,))  # bit for bit the same on torch
    tensor([0.5741, 0.1002, 0.0595])
    """
    be = backend_of_key(key, "uniform")
    shp = check_shape(shape, "uniform")
    dev = _device_of(key)
    name = float_dtype(be, dtype, dev, "uniform")
    xp = be.xp
    dt = getattr(xp, name)
    check_uniform_bounds(be, shp, low, high)
    n = size_of(shp)
    host = host_key(be, key) if name == "float32" else None
    if host is not None:
        u = from_host(be, uniform32_numpy(host, n))  # the same values, converted in cache
    else:
        u = uniform_from_words(be, words(be, key, words_per(name) * n, "uniform"), n, name)
    u = xp.reshape(u, shp)
    if not is_array(low) and not is_array(high) and float(low) == 0.0 and float(high) == 1.0:
        return u
    return scale_uniform(be, u, low, high, dt, dev)


def scale_uniform(be: Words, u: Any, low: Any, high: Any, dt: Any, dev: Any) -> Any:
    """``(high - low) * u + low`` computed in ``dt``, the operation order of mlx."""
    xp = be.xp
    lo = xp.astype(low, dt) if is_array(low) else xp.asarray(low, dtype=dt, device=dev)
    hi = xp.astype(high, dt) if is_array(high) else xp.asarray(high, dtype=dt, device=dev)
    return (hi - lo) * u + lo


# ----------------------------------------------------------------------------- normal


def normal_from_words(be: Words, parts: list[Any], name: str, narrow: bool = False) -> Any:
    """Standard normals of dtype ``name`` from words, by inverse CDF with a sign bit.

    One word per float32 (sign bit + 31 bits: ``p = (2k + 1) / 2**33`` in ``(0, 0.5)``), two
    per float64 (sign + 52 bits: ``p = (2k + 1) / 2**54``); ``z = ±ndtri(p)``. The symmetric
    form keeps full relative precision in both tails (|z| up to 6.1 and 8.3). ``parts`` is
    ``[words]`` or, for float64, ``[high words, low words]``. ``narrow``: the words are
    ``uint32`` and the namespace has no 64-bit integers (the same values in 32-bit arithmetic).
    """
    xp = be.xp
    if name == "float64":
        hi, lo = be.to_u64(parts[0]), be.to_u64(parts[1])
        negative = hi >= 2**31
        odd = ((hi & 0xFFFFF) << 33) | (lo << 1) | 1
        p = xp.astype(odd, xp.float64) * 2.0**-54
    elif narrow:
        # 2k + 1 < 2**32 fits the uint32 word; uint32 -> float32 rounds as int64 -> float32.
        # No Python integer >= 2**31 in the operations: jax without x64 takes them as int32.
        u = parts[0]
        negative = (u >> 31) == 1
        p = xp.astype(((u & 0x7FFFFFFF) << 1) | 1, xp.float32) * 2.0**-33
    else:
        u = be.to_u64(parts[0])
        negative = u >= 2**31
        p = xp.astype(((u & 0x7FFFFFFF) << 1) | 1, xp.float32) * 2.0**-33
    z = ndtri_lower(xp, p, name == "float64")
    z = xp.where(negative, -z, z)
    if name in ("float16", "bfloat16"):
        z = xp.astype(z, getattr(xp, name))
    return z


@with_chunks
def normal(
    key: Any,
    shape: Any = (),
    *,
    dtype: Any = None,
    loc: Any = 0.0,
    scale: Any = 1.0,
) -> Any:
    """Normal samples ``loc + scale * z``.

    Parameters
    ----------
    key : array
        A key from :func:`key`, :func:`split` or :func:`fold_in`.
    shape : int or tuple of int, optional
        Output shape; ``loc``/``scale`` arrays must broadcast to it.
    dtype : dtype, optional
        A real floating dtype, default float32.
    loc, scale : float or array, optional
        Mean and standard deviation, Python numbers or arrays (default 0 and 1).

    Returns
    -------
    array
        Samples that agree across backends to a few ULP (the inverse CDF uses ``log``).

    Raises
    ------
    TypeError
        If ``dtype`` is not a real floating dtype of the backend.

    See Also
    --------
    truncated_normal, uniform, Generator.normal

    Examples
    --------
    >>> import ember_array.random as er
    >>> er.normal(er.key(42), (3,))
    array([ 1.4456022, -1.2806504, -1.5593129], dtype=float32)
    """
    be = backend_of_key(key, "normal")
    shp = check_shape(shape, "normal")
    dev = _device_of(key)
    name = float_dtype(be, dtype, dev, "normal")
    check_broadcast(be, shp, [loc, scale], "normal")
    n = size_of(shp)
    w = words(be, key, words_per(name) * n, "normal")
    parts = [w[:n], w[n:]] if name == "float64" else [w]
    narrow = name != "float64" and be.narrow()
    z = map_blocks(be, lambda ps: normal_from_words(be, ps, name, narrow), parts)
    z = be.xp.reshape(z, shp)
    return shift_scale(be, z, loc, scale, getattr(be.xp, name))


def shift_scale(be: Words, z: Any, loc: Any, scale: Any, dt: Any) -> Any:
    """``loc + scale * z`` in ``dt`` (skipped for the defaults)."""
    xp = be.xp
    if is_array(scale):
        z = xp.astype(scale, dt) * z
    elif float(scale) != 1.0:
        z = z * as_float(scale, "scale", "normal")
    if is_array(loc):
        z = xp.astype(loc, dt) + z
    elif float(loc) != 0.0:
        z = z + as_float(loc, "loc", "normal")
    return z


# ------------------------------------------------------------------------- bernoulli


@with_chunks
def bernoulli(key: Any, p: Any = 0.5, shape: Any = None) -> Any:
    """Booleans that are True with probability ``p``.

    Parameters
    ----------
    key : array
        A key from :func:`key`, :func:`split` or :func:`fold_in`.
    p : float or array, optional
        Probability, a Python number in ``[0, 1]`` or a real floating array (entries outside
        ``[0, 1]`` act as clipped; checking them would force evaluation on mlx). Default 0.5.
    shape : int or tuple of int, optional
        Output shape, default ``p``'s shape.

    Returns
    -------
    array
        ``uniform(key, shape) < p`` (uniform in float64 when ``p`` is a float64 array),
        identical on every backend; with float32 this is ``mx.random.bernoulli``.

    Raises
    ------
    ValueError
        If a Python number ``p`` is outside ``[0, 1]``.

    See Also
    --------
    uniform, categorical, Generator.bernoulli

    Examples
    --------
    >>> import ember_array.random as er
    >>> er.bernoulli(er.key(42), 0.5, (4,))
    array([False, False,  True,  True])
    """
    be = backend_of_key(key, "bernoulli")
    shp, name = bernoulli_setup(be, p, shape, "bernoulli")
    n = size_of(shp)
    u = uniform_from_words(be, words(be, key, words_per(name) * n, "bernoulli"), n, name)
    return be.xp.reshape(u, shp) < p


# ----------------------------------------------------------------------- categorical


def categorical(key: Any, logits: Any, *, axis: int = -1, shape: Any = None) -> Any:
    """Indices drawn from the categorical distributions ``softmax(logits, axis)``.

    Gumbel-max: ``argmax(logits + g, axis)`` with ``g = -log(-log(u))``, as mlx does.

    Parameters
    ----------
    key : array
        A key from :func:`key`, :func:`split` or :func:`fold_in`.
    logits : array
        Unnormalised log-probabilities, a real floating array.
    axis : int, optional
        The category axis (default the last).
    shape : tuple of int, optional
        Output shape, which the batch shape (``logits`` without ``axis``) must broadcast to;
        default the batch shape.

    Returns
    -------
    array
        int64 indices (the namespace's default index dtype).

    Raises
    ------
    TypeError
        If ``logits`` is not a real floating array.

    See Also
    --------
    bernoulli, Generator.categorical

    Examples
    --------
    >>> import numpy as np
    >>> import ember_array.random as er
    >>> logits = np.log(np.asarray([0.1, 0.2, 0.7]))
    >>> er.categorical(er.key(42), logits, shape=(5,))
    array([1, 2, 0, 2, 2])
    """
    be = backend_of_key(key, "categorical")
    xp = be.xp
    if not is_array(logits) or not xp.isdtype(logits.dtype, "real floating"):
        raise TypeError("categorical(): logits must be a real floating array")
    nd = logits.ndim
    ax = operator.index(axis)
    if not -nd <= ax < nd:
        raise ValueError(f"categorical(): axis {axis} out of range for {nd}-d logits")
    ax %= nd
    batch = tuple(logits.shape[:ax]) + tuple(logits.shape[ax + 1 :])
    shp = batch if shape is None else check_shape(shape, "categorical")
    if broadcast_shapes(shp, batch) != shp:
        raise ValueError(
            f"categorical(): shape {shp} does not broadcast with the batch shape {batch}"
        )
    offset = ax + len(shp) - nd + 1
    gshape = (*shp[:offset], logits.shape[ax], *shp[offset:])
    name = "float64" if logits.dtype == xp.float64 else "float32"
    n = size_of(gshape)
    u = uniform_from_words(be, words(be, key, words_per(name) * n, "categorical"), n, name)
    g = -xp.log(-xp.log(xp.reshape(u, gshape)))
    return xp.argmax(g + xp.astype(logits, getattr(xp, name)), axis=offset)


# ------------------------------------------------------------------ truncated normal


def truncated_transform(be: Words, u: Any, lower: Any, upper: Any, dt: Any) -> Any:
    """Map uniforms ``u`` in ``[0, 1)`` to standard normals truncated to ``[lower, upper]``.

    Inverse CDF between ``ndtr(lower)`` and ``ndtr(upper)``. Intervals in the right tail are
    reflected to the left tail first, where the CDF keeps its relative precision (JAX and
    mlx use ``erf`` directly and lose the far right tail in float32).
    """
    xp = be.xp
    dev = _device_of(u)
    lo = xp.astype(lower, dt) if is_array(lower) else xp.asarray(lower, dtype=dt, device=dev)
    hi = xp.astype(upper, dt) if is_array(upper) else xp.asarray(upper, dtype=dt, device=dev)
    flip = (lo + hi) > 0
    a = xp.where(flip, -hi, lo)
    b = xp.where(flip, -lo, hi)
    pa = ndtr(xp, a)
    pb = ndtr(xp, b)
    z = ndtri(xp, pa + u * (pb - pa))
    z = xp.minimum(xp.maximum(z, a), b)
    return xp.where(flip, -z, z)


@with_chunks
def truncated_normal(
    key: Any, lower: Any, upper: Any, shape: Any = None, *, dtype: Any = None
) -> Any:
    """Standard normal samples truncated to ``[lower, upper]``.

    Parameters
    ----------
    key : array
        A key from :func:`key`, :func:`split` or :func:`fold_in`.
    lower, upper : float or array
        Bounds, Python numbers (``lower < upper``, infinities allowed) or arrays.
    shape : int or tuple of int, optional
        Output shape, default the broadcast shape of the bounds.
    dtype : dtype, optional
        A real floating dtype, default float32.

    Returns
    -------
    array
        Samples by inverse CDF; the CDF has relative error below 1.2e-7, which bounds how
        far the float64 distribution may be from the exact one.

    Raises
    ------
    ValueError
        If scalar bounds have ``lower >= upper``.

    See Also
    --------
    normal, Generator.truncated_normal

    Examples
    --------
    >>> import ember_array.random as er
    >>> er.truncated_normal(er.key(42), -1.0, 1.0, (3,))
    array([ 0.12722181, -0.7486562 , -0.8443075 ], dtype=float32)
    """
    be = backend_of_key(key, "truncated_normal")
    xp = be.xp
    dev = _device_of(key)
    name = float_dtype(be, dtype, dev, "truncated_normal")
    arrays = [a for a in (lower, upper) if is_array(a)]
    if not arrays:
        lo_f = as_float(lower, "lower", "truncated_normal")
        hi_f = as_float(upper, "upper", "truncated_normal")
        if not lo_f < hi_f:
            raise ValueError(
                f"truncated_normal(): lower must be < upper, got lower={lo_f}, upper={hi_f}"
            )
    if shape is None:
        bshape = broadcast_shapes(*[tuple(a.shape) for a in arrays])
        if bshape is None:
            raise ValueError(
                "truncated_normal(): lower and upper shapes "
                f"{[tuple(a.shape) for a in arrays]} do not broadcast"
            )
        shp = bshape
    else:
        shp = check_shape(shape, "truncated_normal")
    check_broadcast(be, shp, arrays, "truncated_normal")
    n = size_of(shp)
    u = uniform_from_words(be, words(be, key, words_per(name) * n, "truncated_normal"), n, name)
    return truncated_transform(be, xp.reshape(u, shp), lower, upper, getattr(xp, name))

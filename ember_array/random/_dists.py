"""Distributions drawn from keys (``impl="portable"``), in standard array API operations.

Every function turns threefry words (``_core.words``) into samples with elementwise integer
and floating-point operations only, so the same key gives the same bits, integers,
permutations and uniforms on every backend; normals go through ``log``/``sqrt``, whose last
bit may differ between libraries, so they agree to a few ULP.
"""

from __future__ import annotations

import math
import operator
from typing import Any

from .._helpers import device as _device_of
from ._core import (
    MASK32,
    Words,
    _dtype_name,
    _from_host,
    _shape,
    _size,
    backend_of_key,
    host_key,
    map_blocks,
    uniform32_numpy,
    with_chunks,
    words,
)

__all__ = [
    "bernoulli",
    "categorical",
    "integers",
    "ndtr",
    "ndtri",
    "normal",
    "permutation",
    "truncated_normal",
    "uniform",
]

_FLOATS = ("float32", "float64", "float16", "bfloat16")
_INTS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")


# --------------------------------------------------------------------------- validation


def _float_dtype(be: Words, dtype: Any, dev: Any, func: str) -> str:
    """Name of the real floating ``dtype`` (default float32); raise if the device lacks it."""
    name = "float32" if dtype is None else _dtype_name(be, dtype, _FLOATS)
    if name is None:
        raise TypeError(
            f"{func}(): dtype must be a real floating dtype of {be.name} "
            f"(float32, float64), got {dtype}"
        )
    if name == "float64":
        _check_float64(be, dev, func)
    return name


def _check_float64(be: Words, dev: Any, func: str) -> None:
    """float64 where the device cannot compute it is an error, never a silent downcast."""
    if be.name == "mlx":
        from ..mlx._devices import device_kind

        target = dev if dev is not None else be.xp.__array_namespace_info__().default_device()
        if device_kind(target) == "gpu":
            # mlx arrays carry no device: operations run on the default device.
            # mlx: float64 runs on the CPU only, and the GPU rejects it only when the graph is
            # evaluated; https://github.com/ml-explore/mlx/issues/1905
            # Fail now instead.
            raise ValueError(
                f"{func}(): mlx cannot compute float64 on the gpu device (the default device "
                "here); use float32 or mx.set_default_device(mx.cpu)"
            )
    elif be.name == "torch" and getattr(dev, "type", None) == "mps":
        # torch: the MPS device has no float64; https://github.com/pytorch/pytorch/issues/122602
        raise ValueError(f"{func}(): torch cannot hold float64 on the mps device")


def _float(x: Any, name: str, func: str) -> float:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise TypeError(f"{func}(): {name} must be a Python number or an array, got {x!r}")
    return float(x)


def _is_array(x: Any) -> bool:
    return hasattr(x, "shape") and hasattr(x, "dtype")


def _broadcast_shapes(*shapes: tuple[int, ...]) -> tuple[int, ...] | None:
    """The broadcast shape of ``shapes``, or None if they do not broadcast.

    In Python rather than ``xp.broadcast_shapes``, which only 2025.12 namespaces have.
    """
    # torch.compile: dynamo does not trace max(..., default=) ("Encountered TypeError when
    # trying to handle op max") (no upstream issue found)
    nd = max([0, *[len(s) for s in shapes]])
    out = []
    for i in range(nd):
        dims = {s[len(s) - nd + i] for s in shapes if len(s) - nd + i >= 0} - {1}
        if len(dims) > 1:
            return None
        out.append(dims.pop() if dims else 1)
    return tuple(out)


def _check_broadcast(be: Words, shp: tuple[int, ...], arrays: list[Any], func: str) -> None:
    shapes = [tuple(a.shape) for a in arrays if _is_array(a)]
    if not shapes:
        return
    if _broadcast_shapes(shp, *shapes) != shp:
        raise ValueError(
            f"{func}(): parameter shapes {shapes} do not broadcast to shape {shp} on {be.name}"
        )


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


def _words_per(name: str) -> int:
    return 2 if name == "float64" else 1


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
    chunks : dask chunk specification, optional
        dask keys only: the output's chunks (any ``chunks=`` of ``dask.array``); the values do
        not depend on it. Other backends raise ``TypeError`` for it.

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
    shp = _shape(shape, "uniform")
    dev = _device_of(key)
    name = _float_dtype(be, dtype, dev, "uniform")
    xp = be.xp
    dt = getattr(xp, name)
    check_uniform_bounds(be, shp, low, high)
    n = _size(shp)
    host = host_key(be, key) if name == "float32" else None
    if host is not None:
        u = _from_host(be, uniform32_numpy(host, n))  # the same values, converted in cache
    else:
        u = uniform_from_words(be, words(be, key, _words_per(name) * n, "uniform"), n, name)
    u = xp.reshape(u, shp)
    if not _is_array(low) and not _is_array(high) and float(low) == 0.0 and float(high) == 1.0:
        return u
    return scale_uniform(be, u, low, high, dt, dev)


def check_uniform_bounds(be: Words, shp: tuple[int, ...], low: Any, high: Any) -> None:
    """Shapes of array bounds must broadcast to ``shp``; scalar bounds need ``low <= high``."""
    _check_broadcast(be, shp, [low, high], "uniform")
    if not _is_array(low) and not _is_array(high):
        lo_f, hi_f = _float(low, "low", "uniform"), _float(high, "high", "uniform")
        if lo_f > hi_f:
            raise ValueError(f"uniform(): low must be <= high, got low={lo_f}, high={hi_f}")


def scale_uniform(be: Words, u: Any, low: Any, high: Any, dt: Any, dev: Any) -> Any:
    """``(high - low) * u + low`` computed in ``dt``, the operation order of mlx."""
    xp = be.xp
    lo = xp.astype(low, dt) if _is_array(low) else xp.asarray(low, dtype=dt, device=dev)
    hi = xp.astype(high, dt) if _is_array(high) else xp.asarray(high, dtype=dt, device=dev)
    return (hi - lo) * u + lo


# ------------------------------------------------------------------- special functions

# Cephes ``ndtri`` (S. L. Moshier, 3-clause BSD), as in torch's ATen/native/Math.h.
_S2PI = 2.50662827463100050242
_EXP_M2 = 0.13533528323661269189
_P0 = (-5.99633501014107895267e1, 9.80010754185999661536e1, -5.66762857469070293439e1,
       1.39312609387279679503e1, -1.23916583867381258016e0)  # fmt: skip
_Q0 = (1.0, 1.95448858338141759834e0, 4.67627912898881538453e0, 8.63602421390890590575e1,
       -2.25462687854119370527e2, 2.00260212380060660359e2, -8.20372256168333339912e1,
       1.59056225126211695515e1, -1.18331621121330003142e0)  # fmt: skip
_P1 = (4.05544892305962419923e0, 3.15251094599893866154e1, 5.71628192246421288162e1,
       4.40805073893200834700e1, 1.46849561928858024014e1, 2.18663306850790267539e0,
       -1.40256079171354495875e-1, -3.50424626827848203418e-2,
       -8.57456785154685413611e-4)  # fmt: skip
_Q1 = (1.0, 1.57799883256466749731e1, 4.53907635128879210584e1, 4.13172038254672030440e1,
       1.50425385692907503408e1, 2.50464946208309415979e0, -1.42182922854787788574e-1,
       -3.80806407691578277194e-2, -9.33259480895457427372e-4)  # fmt: skip
_P2 = (3.23774891776946035970e0, 6.91522889068984211695e0, 3.93881025292474443415e0,
       1.33303460815807542389e0, 2.01485389549179081538e-1, 1.23716634817820021358e-2,
       3.01581553508235416007e-4, 2.65806974686737550832e-6, 6.23974539184983293730e-9)  # fmt: skip
_Q2 = (1.0, 6.02427039364742014255e0, 3.67983563856160859403e0, 1.37702099489081330271e0,
       2.16236993594496635890e-1, 1.34204006088543189037e-2, 3.28014464682127739104e-4,
       2.89247864745380683936e-6, 6.79019408009981274425e-9)  # fmt: skip


def _polevl(x: Any, coefs: tuple[float, ...]) -> Any:
    acc = x * 0 + coefs[0]
    for c in coefs[1:]:
        acc = acc * x + c
    return acc


def _ndtri_lower(xp: Any, p: Any, tail64: bool) -> Any:
    """Cephes ``ndtri`` for ``p`` in ``(0, 0.5]`` (the result is <= 0)."""
    y = p - 0.5
    y2 = y * y
    central = (y + y * (y2 * _polevl(y2, _P0) / _polevl(y2, _Q0))) * _S2PI
    x = xp.sqrt(-2.0 * xp.log(p))
    x0 = x - xp.log(x) / x
    z = 1.0 / x
    x1 = z * _polevl(z, _P1) / _polevl(z, _Q1)
    if tail64:
        # Only reached for p < exp(-32) = 1.3e-14, which float32 inputs here never are.
        x1 = xp.where(x < 8.0, x1, z * _polevl(z, _P2) / _polevl(z, _Q2))
    return xp.where(p > _EXP_M2, central, x1 - x0)


def ndtri(xp: Any, p: Any) -> Any:
    """Inverse of the standard normal CDF for ``p`` in ``(0, 1)``, in ``p``'s dtype."""
    tail64 = p.dtype == xp.float64
    tiny = float(xp.finfo(p.dtype).smallest_normal)
    lower = xp.maximum(xp.where(p > 0.5, 1.0 - p, p), tiny)
    z = _ndtri_lower(xp, lower, tail64)
    return xp.where(p > 0.5, -z, z)


def ndtr(xp: Any, x: Any) -> Any:
    """Standard normal CDF, relative error below 1.2e-7 (Numerical Recipes' ``erfcc``).

    ``0.5 * erfc(-x / sqrt(2))`` with the Chebyshev fit of erfc, accurate in both tails
    (the standard has no ``erf``).
    """
    a = xp.abs(x) * (1.0 / math.sqrt(2.0))
    t = 1.0 / (1.0 + 0.5 * a)
    poly = _polevl(
        t,
        (0.17087277, -0.82215223, 1.48851587, -1.13520398, 0.27886807, -0.18628806,
         0.09678418, 0.37409196, 1.00002368, -1.26551223),
    )  # fmt: skip
    erfc_a = t * xp.exp(poly - a * a)
    # erfc(-x/sqrt2) = erfc(a) for x < 0, 2 - erfc(a) for x >= 0.
    return xp.where(x < 0, 0.5 * erfc_a, 1.0 - 0.5 * erfc_a)


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
    z = _ndtri_lower(xp, p, name == "float64")
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
    chunks : dask chunk specification, optional
        dask keys only: the output's chunks (any ``chunks=`` of ``dask.array``); the values do
        not depend on it. Other backends raise ``TypeError`` for it.

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
    shp = _shape(shape, "normal")
    dev = _device_of(key)
    name = _float_dtype(be, dtype, dev, "normal")
    _check_broadcast(be, shp, [loc, scale], "normal")
    n = _size(shp)
    w = words(be, key, _words_per(name) * n, "normal")
    parts = [w[:n], w[n:]] if name == "float64" else [w]
    narrow = name != "float64" and be.narrow()
    z = map_blocks(be, lambda ps: normal_from_words(be, ps, name, narrow), parts)
    z = be.xp.reshape(z, shp)
    return shift_scale(be, z, loc, scale, getattr(be.xp, name))


def shift_scale(be: Words, z: Any, loc: Any, scale: Any, dt: Any) -> Any:
    """``loc + scale * z`` in ``dt`` (skipped for the defaults)."""
    xp = be.xp
    if _is_array(scale):
        z = xp.astype(scale, dt) * z
    elif float(scale) != 1.0:
        z = z * _float(scale, "scale", "normal")
    if _is_array(loc):
        z = xp.astype(loc, dt) + z
    elif float(loc) != 0.0:
        z = z + _float(loc, "loc", "normal")
    return z


# --------------------------------------------------------------------------- integers


def _int_bounds(be: Words, dtype: Any, low: Any, high: Any, func: str) -> tuple[str, int, int]:
    # The default is the namespace's default integer dtype, as for the standard's arange:
    # int64, or int32 for jax without jax_enable_x64.
    name = _dtype_name(be, be.default_int() if dtype is None else dtype, _INTS)
    if name is None:
        raise TypeError(f"{func}(): dtype must be an integer dtype of {be.name}, got {dtype}")
    vals = []
    for label, v in (("low", low), ("high", high)):
        if isinstance(v, bool) or _is_array(v):
            raise TypeError(f"{func}(): {label} must be a Python integer, got {v!r}")
        try:
            vals.append(operator.index(v))
        except TypeError:
            raise TypeError(f"{func}(): {label} must be a Python integer, got {v!r}") from None
    lo, hi = vals
    if lo >= hi:
        raise ValueError(f"{func}(): low must be < high, got low={lo}, high={hi}")
    info = be.xp.iinfo(getattr(be.xp, name))
    if lo < int(info.min) or hi > int(info.max) + 1:
        raise ValueError(
            f"{func}(): [{lo}, {hi}) does not fit {name} ([{int(info.min)}, {int(info.max)}])"
        )
    return name, lo, hi


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


def _mul32(a: Any, b: int) -> tuple[Any, Any]:
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
        h2, _ = _mul32(u[2], r)
        h1, l1 = _mul32(u[1], r)
        h0, l0 = _mul32(u[0], r)
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
    chunks : dask chunk specification, optional
        dask keys only: the output's chunks (any ``chunks=`` of ``dask.array``); the values do
        not depend on it. Other backends raise ``TypeError`` for it.

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
    shp = _shape(shape, "integers")
    name, lo, hi = _int_bounds(be, dtype, low, high, "integers")
    narrow = be.narrow()
    if narrow and name in ("int64", "uint64"):
        raise TypeError(
            f"ember_array.random [{be.name}]: integers(): dtype {name} needs 64-bit integers, "
            "which the namespace does not provide (for jax, set jax_enable_x64)"
        )
    n = _size(shp)
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


# ------------------------------------------------------------------------- bernoulli


def _bernoulli_setup(be: Words, p: Any, shape: Any, func: str) -> tuple[tuple[int, ...], str]:
    if _is_array(p):
        if not be.xp.isdtype(p.dtype, "real floating"):
            raise TypeError(f"{func}(): p must be a real floating array, got dtype {p.dtype}")
        shp = tuple(p.shape) if shape is None else _shape(shape, func)
        _check_broadcast(be, shp, [p], func)
        return shp, ("float64" if p.dtype == be.xp.float64 else "float32")
    pf = _float(p, "p", func)
    if not 0.0 <= pf <= 1.0:
        raise ValueError(f"{func}(): p must be in [0, 1], got {pf}")
    return (() if shape is None else _shape(shape, func)), "float32"


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
    chunks : dask chunk specification, optional
        dask keys only: the output's chunks (any ``chunks=`` of ``dask.array``); the values do
        not depend on it. Other backends raise ``TypeError`` for it.

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
    shp, name = _bernoulli_setup(be, p, shape, "bernoulli")
    n = _size(shp)
    u = uniform_from_words(be, words(be, key, _words_per(name) * n, "bernoulli"), n, name)
    return be.xp.reshape(u, shp) < p


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
    from ._core import fold_in

    be = backend_of_key(key, "permutation")
    xp = be.xp
    if _is_array(x):
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
    if not _is_array(x):
        return order
    return xp.take(x, order, axis=ax)


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
    if not _is_array(logits) or not xp.isdtype(logits.dtype, "real floating"):
        raise TypeError("categorical(): logits must be a real floating array")
    nd = logits.ndim
    ax = operator.index(axis)
    if not -nd <= ax < nd:
        raise ValueError(f"categorical(): axis {axis} out of range for {nd}-d logits")
    ax %= nd
    batch = tuple(logits.shape[:ax]) + tuple(logits.shape[ax + 1 :])
    shp = batch if shape is None else _shape(shape, "categorical")
    if _broadcast_shapes(shp, batch) != shp:
        raise ValueError(
            f"categorical(): shape {shp} does not broadcast with the batch shape {batch}"
        )
    offset = ax + len(shp) - nd + 1
    gshape = (*shp[:offset], logits.shape[ax], *shp[offset:])
    name = "float64" if logits.dtype == xp.float64 else "float32"
    n = _size(gshape)
    u = uniform_from_words(be, words(be, key, _words_per(name) * n, "categorical"), n, name)
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
    lo = xp.astype(lower, dt) if _is_array(lower) else xp.asarray(lower, dtype=dt, device=dev)
    hi = xp.astype(upper, dt) if _is_array(upper) else xp.asarray(upper, dtype=dt, device=dev)
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
    chunks : dask chunk specification, optional
        dask keys only: the output's chunks (any ``chunks=`` of ``dask.array``); the values do
        not depend on it. Other backends raise ``TypeError`` for it.

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
    name = _float_dtype(be, dtype, dev, "truncated_normal")
    arrays = [a for a in (lower, upper) if _is_array(a)]
    if not arrays:
        lo_f = _float(lower, "lower", "truncated_normal")
        hi_f = _float(upper, "upper", "truncated_normal")
        if not lo_f < hi_f:
            raise ValueError(
                f"truncated_normal(): lower must be < upper, got lower={lo_f}, upper={hi_f}"
            )
    if shape is None:
        bshape = _broadcast_shapes(*[tuple(a.shape) for a in arrays])
        if bshape is None:
            raise ValueError(
                "truncated_normal(): lower and upper shapes "
                f"{[tuple(a.shape) for a in arrays]} do not broadcast"
            )
        shp = bshape
    else:
        shp = _shape(shape, "truncated_normal")
    _check_broadcast(be, shp, arrays, "truncated_normal")
    n = _size(shp)
    u = uniform_from_words(be, words(be, key, _words_per(name) * n, "truncated_normal"), n, name)
    return truncated_transform(be, xp.reshape(u, shp), lower, upper, getattr(xp, name))

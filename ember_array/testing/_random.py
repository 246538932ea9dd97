"""``random_array``: the same input values on every backend."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from .. import random as _random
from .._dispatch import resolve_xp

__all__ = ["random_array"]

#: Integers are drawn in [low, high): small values, so sums and products of a few of them
#: stay exact in every integer dtype.
_SIGNED_RANGE = (-10, 10)
_UNSIGNED_RANGE = (0, 20)


def random_array(
    xp: ModuleType | str,
    shape: tuple[int, ...] | int,
    *,
    dtype: Any = None,
    seed: int = 0,
    device: Any = None,
) -> Any:
    """An array of seeded random values that are the same on every backend.

    The values come from :mod:`ember_array.random`'s portable generator (threefry2x32-20
    written in standard operations), whose bits, integers and uniforms are identical on
    every backend: a test can compare backends against each other on the same input.

    Parameters
    ----------
    xp : module or str
        The namespace (the ``xp`` fixture) or a backend name.
    shape : tuple of int or int
        The array's shape.
    dtype : dtype or str, optional
        A dtype of ``xp`` or its standard name (``"float32"``); default the namespace's
        default real floating dtype.
    seed : int, optional
        The seed; the same seed gives the same values on every backend.
    device : optional
        Where to make the array (a device of ``xp`` or a name: ``"cpu"``, ``"gpu"``...).

    Returns
    -------
    array
        Real floating: uniform in ``[-1, 1)``; complex: real and imaginary parts uniform in
        ``[-1, 1)``; signed integers in ``[-10, 10)``; unsigned in ``[0, 20)``; booleans
        True with probability 1/2.

    Raises
    ------
    TypeError
        If ``dtype`` is not a dtype of ``xp``.
    ValueError
        If the device cannot hold ``dtype`` (float64 on the mlx GPU or torch MPS).

    See Also
    --------
    ember_array.random.uniform : the generator behind it.

    Examples
    --------
    >>> from ember_array.testing import random_array
    >>> a = random_array("numpy", (2, 3), dtype="float32", seed=1)
    >>> b = random_array("torch", (2, 3), dtype="float32", seed=1)
    >>> bool((a == b.numpy()).all())
    True
    """
    ns = resolve_xp(xp, "random_array")
    shp = (shape,) if isinstance(shape, int) else tuple(shape)
    if dtype is None:
        dtype = ns.__array_namespace_info__().default_dtypes(device=device)["real floating"]
    elif isinstance(dtype, str):
        found = getattr(ns, dtype, None)
        if found is None:
            raise TypeError(f"random_array(): {ns.__name__} has no dtype {dtype!r}")
        dtype = found
    key = _random.key(seed, xp=ns, device=device)
    if ns.isdtype(dtype, "bool"):
        return _random.bernoulli(key, 0.5, shp)
    if ns.isdtype(dtype, "signed integer"):
        return _random.integers(key, *_SIGNED_RANGE, shp, dtype=dtype)
    if ns.isdtype(dtype, "unsigned integer"):
        return _random.integers(key, *_UNSIGNED_RANGE, shp, dtype=dtype)
    if ns.isdtype(dtype, "real floating"):
        return _random.uniform(key, shp, dtype=dtype, low=-1.0, high=1.0)
    if ns.isdtype(dtype, "complex floating"):
        # the standard's finfo of a complex dtype describes its real part
        real = ns.float64 if ns.finfo(dtype).bits == 64 else ns.float32
        keys = (key, _random.fold_in(key, 1))  # the imaginary part from a key of its own
        parts = (_random.uniform(k, shp, dtype=real, low=-1.0, high=1.0) for k in keys)
        re, im = (ns.astype(p, dtype) for p in parts)
        return re + im * 1j
    raise TypeError(f"random_array(): {dtype!r} is not a dtype of {ns.__name__}")

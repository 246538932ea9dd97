"""Data type objects of the mlx namespace.

mlx's own ``mx.Dtype`` raises ``TypeError`` on ``dtype == None`` (nanobind rejects ``None`` for
its ``object`` argument), which breaks consumer code such as ``if dtype == None``.  Patching
``mx.Dtype.__eq__`` globally is only done by :func:`ember_array.mlx.install`.  Without it, the
namespace exposes *equality-safe* dtype objects: instances of :class:`Dtype`, a Python subclass of
``mx.Dtype`` whose C++ payload is copied from the native dtype.  They

* are accepted by every ``mlx.core`` function as ``dtype=`` (they *are* ``mx.Dtype`` instances),
* compare equal to the native dtype in both directions (``x.dtype == xp.float32`` calls the
  subclass's reflected ``__eq__`` first) and hash like it,
* compare unequal (never raise) with any other object, ``None`` included.

The payload copy relies on nanobind's instance layout; it is verified at import and, should a
future nanobind change it, the namespace falls back to the plain native dtype objects (then only
``install()`` makes ``dtype == None`` work).  ``complex128`` does not exist in mlx: the namespace
exposes :data:`complex128` as an :class:`UnsupportedDtype` marker that every ``dtype=`` argument of
the namespace rejects with ``TypeError``.
"""

from __future__ import annotations

import ctypes
from typing import Any

import mlx.core as mx

from .._spec import DTYPES as STANDARD_DTYPES
from .._spec import EXTRA_DTYPES

__all__ = [
    "DTYPES",
    "NATIVE_DTYPES",
    "Dtype",
    "UnsupportedDtype",
    "complex128",
    "from_native",
    "name_of",
    "native",
]


# mlx: mx.Dtype raises TypeError on ``dtype == None`` (nanobind rejects None for its object
# argument) (no upstream issue found)
class Dtype(mx.Dtype):
    """An ``mx.Dtype`` that compares with any object (``xp.float32 == None`` is ``False``)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, mx.Dtype) and mx.Dtype.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = mx.Dtype.__hash__

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_by_name, (name_of(self),))


class UnsupportedDtype:
    """Marker for a standard dtype mlx does not have (``complex128``).

    It compares equal only to itself; any namespace function given it as ``dtype=`` raises
    ``TypeError``.
    """

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"ember_array.mlx.{self.name} (not supported by mlx)"

    def __eq__(self, other: object) -> bool:
        return other is self

    def __ne__(self, other: object) -> bool:
        return other is not self

    def __hash__(self) -> int:
        return hash(("ember_array.mlx.unsupported", self.name))


#: mlx's dtypes: the standard's but complex128, and float16, bfloat16 outside it.
_NAMES = (*(n for n in STANDARD_DTYPES if n != "complex128"), *EXTRA_DTYPES, "bfloat16")
#: Every mlx dtype, by name: the native objects.
NATIVE_DTYPES: dict[str, mx.Dtype] = {n: getattr(mx, "bool_" if n == "bool" else n) for n in _NAMES}


def _layout_ok(src: mx.Dtype, dst: Dtype) -> bool:
    """Check that ``src`` and ``dst`` share nanobind's inline-instance layout."""
    n = mx.Dtype.__basicsize__
    if n != 32 or type(dst).__basicsize__ < n:
        return False
    a = ctypes.string_at(id(src), n)
    b = ctypes.string_at(id(dst), n)
    # bytes 16..20: offset of the C++ payload; 20..24: flags (state "ready" = 2 in bits 0-1)
    return a[16:20] == b[16:20] == (24).to_bytes(4, "little") and a[20] & 3 == 2 and b[20] & 3 == 0


def _safe_copy(src: mx.Dtype) -> mx.Dtype:
    """Return a :class:`Dtype` carrying ``src``'s payload, or ``src`` if that is not safe."""
    try:
        dst = Dtype.__new__(Dtype)
        if not _layout_ok(src, dst):
            return src
        ctypes.memmove(id(dst) + 20, id(src) + 20, 12)  # flags word + payload (Val, size)
        ok = (
            mx.Dtype.__eq__(dst, src)
            and hash(dst) == hash(src)
            and dst.size == src.size
            and mx.zeros((1,), dtype=dst).dtype == src
        )
        return dst if ok else src
    except Exception:  # any surprise: keep the native object
        return src


_SAFE = {n: _safe_copy(d) for n, d in NATIVE_DTYPES.items()}
#: True when the namespace dtypes are the equality-safe subclass (see module docstring).
SAFE_DTYPES = all(isinstance(d, Dtype) for d in _SAFE.values())
if not SAFE_DTYPES:  # all or nothing
    _SAFE = dict(NATIVE_DTYPES)

complex128 = UnsupportedDtype("complex128")
#: Python's types as ``dtype=``, read as numpy and torch read them (``complex``: complex128).
_PYTHON_TYPES: dict[type, mx.Dtype] = {
    bool: NATIVE_DTYPES["bool"],
    int: NATIVE_DTYPES["int64"],
    float: NATIVE_DTYPES["float64"],
}

#: The standard's dtypes, by name, as the namespace exposes them.
DTYPES: dict[str, mx.Dtype] = {n: _SAFE[n] for n in STANDARD_DTYPES if n != "complex128"}
_BY_KEY = {mx.Dtype.__hash__(d): n for n, d in NATIVE_DTYPES.items()}


def _by_name(name: str) -> Any:
    return _SAFE[name]


def name_of(dtype: Any) -> str:
    """Return the standard name of a dtype (native or namespace object)."""
    if isinstance(dtype, UnsupportedDtype):
        return dtype.name
    return _BY_KEY[mx.Dtype.__hash__(dtype)]


def from_native(dtype: mx.Dtype) -> Any:
    """Map a native ``mx.Dtype`` (e.g. ``x.dtype``) to the namespace's dtype object."""
    return _SAFE[_BY_KEY[mx.Dtype.__hash__(dtype)]]


def native(dtype: Any, func: str) -> mx.Dtype | None:
    """Validate a ``dtype=`` argument of namespace function ``func``.

    Returns the dtype (``None`` passes through); raises ``TypeError`` naming ``func`` and mlx for
    ``complex128`` and for anything that is not a dtype.
    """
    if dtype is None or isinstance(dtype, mx.Dtype):
        return dtype
    if type(dtype) is type and dtype in _PYTHON_TYPES:
        # Python's bool/int/float as dtype= (scipy: ``xp.zeros(shape, dtype=bool)``), as numpy
        # and torch read them
        return _PYTHON_TYPES[dtype]
    if type(dtype) is type and dtype is complex:
        dtype = complex128
    if isinstance(dtype, UnsupportedDtype):
        raise TypeError(
            f"{func}: mlx has no {dtype.name} dtype; use complex64 "
            "(see __array_namespace_info__().dtypes())"
        )
    raise TypeError(f"{func}: expected an mlx dtype, got {dtype!r} of type {type(dtype).__name__}")

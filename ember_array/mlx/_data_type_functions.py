"""Data type functions: ``astype``, ``can_cast``, ``finfo``, ``iinfo``, ``isdtype``,
``result_type`` and the broadcasting helpers, following the standard's promotion table (and
mlx's own promotion across kinds, which the standard leaves undefined)."""

from __future__ import annotations

from typing import Any

import mlx.core as mx

from .._boundary import UNCLEAN, translate, translates_errors
from .._common._data_types import (
    BITS,
    COMPLEX,
    REAL_FLOAT,
    SIGNED,
    UNSIGNED,
    complex_to_real,
    finfo_object,
    iinfo_object,
    promote_names,
)
from .._common._manipulation import broadcast_shapes as _broadcast_shapes
from .._markers import wraps_native
from .._spec import DATA_TYPE_FUNCTIONS
from ._defaults import DEFAULTS
from ._devices import float64_needs_cpu_stream, stream_for
from ._dtype_objects import DTYPES, NATIVE_DTYPES, UnsupportedDtype, from_native, name_of, native
from ._helpers import check_shape

__all__ = list(DATA_TYPE_FUNCTIONS)

_SIGNED, _UNSIGNED, _REAL_FLOAT, _COMPLEX, _BITS = SIGNED, UNSIGNED, REAL_FLOAT, COMPLEX, BITS
#: mlx's float16, beyond the standard's dtypes: a real floating dtype below float32, as numpy and
#: torch treat it (SciPy's tests parametrize over ``getattr(xp, "float16")``)
_HALF = "float16"
_FLOATS = (_HALF, *_REAL_FLOAT)
_KINDS = {
    "bool": ("bool",),
    "signed integer": _SIGNED,
    "unsigned integer": _UNSIGNED,
    "integral": _SIGNED + _UNSIGNED,
    "real floating": _FLOATS,
    "complex floating": _COMPLEX,
    "numeric": _SIGNED + _UNSIGNED + _FLOATS + _COMPLEX,
}


#: kinds the standard's table does not promote across: bool < integer < floating (real and
#: complex floating promote within the table: float64 with complex64 is complex128)
_RANK = {
    "bool": 0,
    **dict.fromkeys(_SIGNED + _UNSIGNED, 1),
    **dict.fromkeys(_FLOATS + _COMPLEX, 2),
}


def _table(a: str, b: str) -> str:
    """The standard's promotion table on dtype names; ``TypeError`` across kinds.

    float16 (not a standard dtype) promotes with the real and complex floating dtypes as in numpy
    and torch: to the other one (float16 with float16 stays float16).
    """
    if _HALF in (a, b):
        other = b if a == _HALF else a
        if other == _HALF or other in _REAL_FLOAT + _COMPLEX:
            return other
    return promote_names(a, b, "mlx")


def _promote_names(a: str, b: str) -> str:
    """:func:`_table`; across kinds, mlx's own answer.

    The standard leaves promotion across kinds (bool, integer, floating) undefined; there every
    ember namespace gives its library's answer (numpy: int32 + float32 is float64, torch:
    float32), so mlx gives ``mx.result_type``'s: the dtype of the higher kind (int64 + float32
    is float32, int32 + complex64 is complex64). Within a kind the standard's table holds
    (int8 + uint64 raises; mlx would give float32).
    """
    ra, rb = _RANK.get(a), _RANK.get(b)
    if ra is not None and rb is not None and ra != rb:
        # mx.result_type across kinds is the higher-kind operand's dtype (checked for every
        # pair in tests/mlx/test_promotion_defaults.py)
        return a if ra > rb else b
    return _table(a, b)


def _dtype_name(x: Any, func: str) -> str:
    """Name of a dtype or of an array's dtype; ``TypeError`` otherwise."""
    if isinstance(x, mx.array):
        return name_of(x.dtype)
    if isinstance(x, (mx.Dtype, UnsupportedDtype)):
        return name_of(x)
    raise TypeError(f"{func}: expected an mlx array or dtype, got {type(x).__name__}")


def _as_dtype(name: str) -> Any:
    if name == "complex128":
        from ._dtype_objects import complex128

        return complex128
    if name == _HALF:
        return from_native(mx.float16)
    return DTYPES[name]


def promoted(func: str, *arrays: Any) -> mx.Dtype:
    """:func:`result_type` for ``func``'s operands, ``TypeError`` where mlx has no such dtype
    (float64 with complex64 promotes to complex128)."""
    dt = result_type(*arrays)
    if not isinstance(dt, mx.Dtype):
        names = " and ".join(sorted({name_of(a.dtype) for a in arrays}))
        raise TypeError(
            f"{func}: mlx arrays of {names} promote to {name_of(dt)}, which mlx does not have"
        )
    return dt


def result_type(*arrays_and_dtypes: Any) -> Any:
    """Return the dtype that results from the standard's type promotion rules.

    Parameters
    ----------
    *arrays_and_dtypes
        Arrays, dtypes and (2024.12+) Python scalars; at least one array or dtype.

    Returns
    -------
    dtype
        The promoted dtype. Within a kind, the standard's table (``mx.result_type`` has a wider
        one: int8 + uint64 is float32 there, an error here). Across kinds, which the standard
        leaves undefined, mlx's answer: the higher kind's dtype (int32 + float32 is float32,
        int64 + complex64 is complex64); a Python float with a bool or integer dtype gives the
        default real floating dtype (see ``set_default_dtype``), a Python complex the default
        complex one. A result of complex128 (float64 with complex64) is returned as the
        ``complex128`` marker, which every ``dtype=`` refuses: mlx would compute complex64.
    """
    names: list[str] = []
    scalars: list[Any] = []
    for a in arrays_and_dtypes:
        if isinstance(a, (bool, int, float, complex)):
            scalars.append(a)
        else:
            names.append(_dtype_name(a, "result_type"))
    if not names:
        raise ValueError("result_type: mlx needs at least one array or dtype")
    res = names[0]
    for n in names[1:]:
        res = _promote_names(res, n)
    for s in scalars:
        if isinstance(s, bool):
            ok = res == "bool"
        elif isinstance(s, int):
            ok = res != "bool"
        elif isinstance(s, float):
            ok = True
            if res not in _FLOATS + _COMPLEX:  # bool or integer: the default real floating
                res = name_of(DEFAULTS.real)
        else:
            ok = True
            if res not in _FLOATS + _COMPLEX:  # the default complex (complex128 with float64)
                res = name_of(DEFAULTS.complex)
            elif res in _FLOATS:
                res = "complex128" if res == "float64" else "complex64"
        if not ok:
            raise TypeError(f"result_type: mlx cannot promote Python {type(s).__name__} with {res}")
    return _as_dtype(res)


def can_cast(from_: Any, to: Any, /) -> bool:
    """Return whether ``from_`` can be cast to ``to`` under the standard's promotion rules.

    ``mx.can_cast`` follows numpy's looser rules (e.g. int64 -> float32 is allowed there).
    """
    a = _dtype_name(from_, "can_cast")
    b = _dtype_name(to, "can_cast")
    try:  # the standard's table only, as on every ember namespace (int32 -> float32: False)
        return _table(a, b) == b
    except TypeError:
        return False


@wraps_native()
def finfo(type: Any, /) -> finfo_object:
    """Machine limits for a floating-point dtype or array.

    ``mx.finfo`` rejects arrays; for complex64 the limits are those of float32 and ``dtype`` is
    float32, as the standard says.
    """
    name = _dtype_name(type, "finfo")
    if name == "complex128":
        native(_as_dtype(name), "finfo")
    real = {"complex64": "float32"}.get(name, name)
    if real not in _FLOATS:
        raise TypeError(f"finfo: mlx dtype {name} is not a floating-point dtype")
    dt = _as_dtype(real)
    f = mx.finfo(dt)
    tiny = {"float16": 6.103515625e-05, "float32": 1.1754943508222875e-38}.get(
        real, 2.2250738585072014e-308
    )
    return finfo_object(_BITS.get(real, 16), float(f.eps), float(f.max), float(f.min), tiny, dt)


@wraps_native()
def iinfo(type: Any, /) -> iinfo_object:
    """Machine limits for an integer dtype or array (``mx.iinfo`` has no ``bits``, rejects
    arrays)."""
    name = _dtype_name(type, "iinfo")
    if name not in _SIGNED + _UNSIGNED:
        raise TypeError(f"iinfo: mlx dtype {name} is not an integer dtype")
    i = mx.iinfo(DTYPES[name])
    return iinfo_object(_BITS[name], int(i.max), int(i.min), DTYPES[name])


def isdtype(dtype: Any, kind: Any) -> bool:
    """Return whether ``dtype`` is of the given ``kind`` (a dtype, a kind name, or a tuple)."""
    name = _dtype_name(dtype, "isdtype")
    if isinstance(kind, tuple):
        return any(isdtype(dtype, k) for k in kind)
    if isinstance(kind, str):
        if kind not in _KINDS:
            raise ValueError(f"isdtype: unknown kind {kind!r}")
        return name in _KINDS[kind]
    if isinstance(kind, (mx.Dtype, UnsupportedDtype)):
        return name == name_of(kind)
    raise TypeError(f"isdtype: kind must be a dtype, a str or a tuple, got {type(kind).__name__}")


def _fast_casts() -> dict[Any, dict[mx.Dtype, mx.Dtype]]:
    """target dtype -> {source dtype whose cast :func:`astype` may hand to ``x.astype`` as it
    is: the target's native object}: every source but the target itself (``copy=`` decides) and
    complex64 for a real target (refused).

    Keyed by both the native and the namespace dtype objects (an identity hit for either); float64
    targets stay out when a GPU exists (they need the CPU stream, see ``stream_for``).
    """
    out: dict[Any, dict[mx.Dtype, mx.Dtype]] = {}
    complex_ = mx.complex64
    for name, dt in NATIVE_DTYPES.items():
        if name == "float64" and float64_needs_cpu_stream():
            continue
        srcs = {
            s: dt for s in NATIVE_DTYPES.values() if s != dt and (s != complex_ or dt == complex_)
        }
        out[dt] = out[from_native(dt)] = srcs
    return out


_FAST_CASTS = _fast_casts()


@wraps_native()
@translates_errors
def astype(x: mx.array, dtype: Any, /, *, copy: bool = True, device: Any = None) -> mx.array:
    """Copy ``x`` to ``dtype`` (``mx.array.astype`` has no ``copy=``/``device=``).

    Complex to real casts raise ``TypeError`` as the standard says; complex128 raises
    ``TypeError``.
    """
    try:
        if device is None:
            # hot path: a dtype change that needs no check (two lookups, no isinstance chain)
            try:
                target = _FAST_CASTS[dtype][x.dtype]
            except (KeyError, TypeError, AttributeError):
                # not a fast cast; TypeError: an unhashable dtype, or an mx.Dtype compared with a
                # foreign object of the same hash; AttributeError: no array
                pass
            else:
                return x.astype(target)
        dt = native(dtype, "astype")
        if not isinstance(dt, mx.Dtype):
            raise TypeError(f"astype: mlx needs a dtype, got {dtype!r}")
        if mx.issubdtype(x.dtype, mx.complexfloating) and not mx.issubdtype(dt, mx.complexfloating):
            raise complex_to_real("mlx", x.dtype, dt)
        stream = stream_for(device, dt, "astype")
        if x.dtype == dt:
            return mx.array(x) if copy else x
        return x.astype(dt, stream=stream)
    except UNCLEAN as e:
        raise translate(e, "astype", "mlx", (x, dtype), {"copy": copy, "device": device}) from e


@wraps_native()
def broadcast_arrays(*arrays: mx.array) -> tuple[mx.array, ...]:
    """Broadcast arrays against each other (``mx.broadcast_arrays`` returns a list)."""
    return tuple(mx.broadcast_arrays(*arrays))


broadcast_to = mx.broadcast_to


def broadcast_shapes(*shapes: tuple[int, ...]) -> tuple[int, ...]:
    """Broadcast shapes to a single shape (``mx.broadcast_shapes`` needs at least one shape)."""
    if not shapes:
        return ()
    # mlx: mx.broadcast_shapes aborts the process on dimensions beyond int32
    # (no upstream issue found)
    # Broadcast in Python.
    out = _broadcast_shapes(*shapes)
    return check_shape(tuple(int(d) for d in out if d is not None), "broadcast_shapes")

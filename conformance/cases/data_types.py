"""Data type functions: ``astype``, ``broadcast_*``, ``can_cast``, ``finfo``/``iinfo``,
``isdtype``, ``result_type``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from .._backends import D
from .._strategies import ALL, COMPLEX, FLOAT, INT, REAL_FLOAT, SHAPES, array
from ._registry import Call, case


def _cast_bounds(src: str, dst: str) -> dict[str, Any]:
    """Values of ``src`` that ``dst`` represents: out-of-range casts are undefined."""
    if dst in INT and src != "bool":
        ii = np.iinfo(dst)
        lo, hi = float(ii.min), float(ii.max)
        if src in REAL_FLOAT:  # stay clear of the rounding at the integer limits
            lo, hi = max(lo, -(2.0**24)), min(hi, 2.0**24)
        return {"lo": lo, "hi": hi, "specials": False} if src not in INT else {"lo": lo, "hi": hi}
    return {}


def _castable(src: str, dst: str) -> bool:
    """The standard's astype domain: complex does not cast to real or bool."""
    return not (src in COMPLEX and dst not in COMPLEX)


@case("astype", ALL)
def _astype(d: st.DrawFn, dtype: str) -> Call:
    dst = d(st.sampled_from([t for t in ALL if _castable(dtype, t)]))
    x = array(d, dtype, d(SHAPES), **_cast_bounds(dtype, dst))
    return Call((x, D(dst)), {"copy": d(st.booleans())})


@case("broadcast_arrays", ALL)
def _broadcast_arrays(d: st.DrawFn, dtype: str) -> Call:
    n = d(st.integers(1, 3))
    shapes = d(hnp.mutually_broadcastable_shapes(num_shapes=n, max_dims=3, max_side=3))
    return Call(tuple(array(d, dtype, s) for s in shapes.input_shapes))


@case("broadcast_shapes")
def _broadcast_shapes(d: st.DrawFn, dtype: str) -> Call:
    n = d(st.integers(0, 3))
    shapes = d(hnp.mutually_broadcastable_shapes(num_shapes=max(n, 1), max_dims=4, max_side=3))
    return Call(tuple(shapes.input_shapes[:n]))


@case("broadcast_to", ALL)
def _broadcast_to(d: st.DrawFn, dtype: str) -> Call:
    shapes = d(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=3))
    return Call((array(d, dtype, shapes.input_shapes[0]), shapes.result_shape))


@case("can_cast", ALL)
def _can_cast(d: st.DrawFn, dtype: str) -> Call:
    src: Any = D(dtype) if d(st.booleans()) else array(d, dtype, (1,))
    return Call((src, D(d(st.sampled_from(ALL)))))


def _info_fields(actual: Any, expected: Any, call: Call, dtype: str) -> None:
    """finfo/iinfo: every field of the standard, exact."""
    assert isinstance(actual, dict), actual
    assert actual.keys() == expected.keys(), f"fields {sorted(actual)}, expected {sorted(expected)}"
    for key in expected:
        a, e = actual[key], expected[key]
        assert type(a) is type(e), f"{key}: got {a!r}, expected {e!r}"
        assert a == e, f"{key}: got {a!r}, expected {e!r}"


@case("finfo", FLOAT, check=_info_fields)
def _finfo(d: st.DrawFn, dtype: str) -> Call:
    return Call((D(dtype) if d(st.booleans()) else array(d, dtype, (2,)),))


@case("iinfo", INT, check=_info_fields)
def _iinfo(d: st.DrawFn, dtype: str) -> Call:
    return Call((D(dtype) if d(st.booleans()) else array(d, dtype, (2,)),))


_KINDS = ("bool", "signed integer", "unsigned integer", "integral", "real floating",
          "complex floating", "numeric")  # fmt: skip


@case("isdtype", ALL)
def _isdtype(d: st.DrawFn, dtype: str) -> Call:
    kind = d(
        st.one_of(
            st.sampled_from(_KINDS),
            st.sampled_from(ALL).map(D),
            st.lists(st.one_of(st.sampled_from(_KINDS), st.sampled_from(ALL).map(D)),
                     min_size=1, max_size=3).map(tuple),
        )
    )  # fmt: skip
    return Call((D(dtype), kind))


def promotable(*dtypes: str) -> bool:
    import array_api_strict as strict

    try:
        strict.result_type(*(getattr(strict, t) for t in dtypes))
    except TypeError:
        return False
    return True


@case("result_type", ALL)
def _result_type(d: st.DrawFn, dtype: str) -> Call:
    others = d(st.lists(st.sampled_from(ALL), max_size=2))
    others = [o for o in others if promotable(dtype, o)]
    if not promotable(dtype, *others):
        others = []
    args: list[Any] = [D(dtype)] + [array(d, o, (1,)) if d(st.booleans()) else D(o) for o in others]
    kind_scalar = {"bool": True, "i": 1, "u": 1, "f": 1.5, "c": 1j}
    if d(st.booleans()):
        k = "bool" if dtype == "bool" else np.dtype(dtype).kind
        args.append(kind_scalar[k])
    return Call(tuple(args))

"""The standard's type promotion table, every dtype pair, for functions and operators.

For each pair of dtypes the table defines (array-api-strict's ``result_type`` is the oracle;
pairs it rejects, such as int64 with uint64 or any mixed kind, are not in the table), every
binary element-wise function that accepts both dtypes must return the promoted dtype, and so
must every binary operator on arrays; an in-place operator keeps the left operand's dtype
where the table allows it.  Python scalars promote to the array's dtype.
"""

from __future__ import annotations

import importlib
import operator
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from ._backends import BACKENDS, NamespaceUnderTest, load, oracle
from ._strategies import ALL, BOOL, COMPLEX, INT, REAL_FLOAT
from .cases import promotable

#: Binary element-wise functions of the standard (all follow the promotion table).
FUNCTIONS = (
    "add", "atan2", "bitwise_and", "bitwise_left_shift", "bitwise_or", "bitwise_right_shift",
    "bitwise_xor", "copysign", "divide", "equal", "floor_divide", "greater", "greater_equal",
    "hypot", "less", "less_equal", "logaddexp", "logical_and", "logical_or", "logical_xor",
    "maximum", "minimum", "multiply", "nextafter", "not_equal", "pow", "remainder", "subtract",
)  # fmt: skip
OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "%": operator.mod, "**": operator.pow, "&": operator.and_,
    "|": operator.or_, "^": operator.xor, "<<": operator.lshift, ">>": operator.rshift,
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
    ">": operator.gt, ">=": operator.ge, "@": operator.matmul,
}  # fmt: skip
INPLACE: dict[str, Callable[[Any, Any], Any]] = {
    "+=": operator.iadd, "-=": operator.isub, "*=": operator.imul, "/=": operator.itruediv,
    "//=": operator.ifloordiv, "%=": operator.imod, "**=": operator.ipow, "&=": operator.iand,
    "|=": operator.ior, "^=": operator.ixor, "<<=": operator.ilshift, ">>=": operator.irshift,
}  # fmt: skip

PAIRS = [(a, b) for a in ALL for b in ALL]


@pytest.fixture
def array_class(request: pytest.FixtureRequest) -> Iterator[None]:
    """Operators belong to the array class: on mlx, run them with ember_array's additions.

    ``ember_array.mlx.install()`` is the supported way to get standard operators on
    ``mx.array`` (the namespace cannot change the class otherwise); numpy and torch arrays
    are used as they are.
    """
    if request.node.callspec.params["backend"] != "mlx":
        yield
        return
    mlx_ns = load("mlx").xp
    was = importlib.import_module("ember_array.mlx._array").installed()
    mlx_ns.install()
    try:
        yield
    finally:
        if not was:
            mlx_ns.uninstall()


def _ones(be: NamespaceUnderTest, dtype: str) -> Any:
    """A 2 x 2 array of ones: valid for every operator (shifts by 1, 1 / 1, 1 @ 1)."""
    return be.xp.asarray(np.ones((2, 2), dtype=dtype))


def _dtype(be: NamespaceUnderTest, out: Any) -> str:
    return be.dtype_name(out.dtype)


def _apply(be: NamespaceUnderTest, fn: Callable[..., Any], *args: Any) -> str | None:
    """The result dtype name of ``fn(*args)``, or None if the backend raises TypeError."""
    try:
        return _dtype(be, fn(*args))
    except TypeError:
        return None


Pair = tuple[Callable[..., Any], Callable[..., Any]]


def _mismatches(
    be: NamespaceUnderTest, ref: NamespaceUnderTest, d1: str, d2: str, ops: dict[str, Pair]
) -> list[str]:
    """``name: got X, expected Y`` for every op whose result dtype differs from the oracle's.

    ``ops`` maps a name to (the backend's callable, the oracle's callable).
    """
    bad = []
    # the dtype the operands are computed in: a comparison returns bool, but comparing float64
    # with complex64 in complex64 loses the float64 operand's precision all the same
    promoted = ref.dtype_name(ref.xp.result_type(_ones(ref, d1), _ones(ref, d2)))
    for name, (fn, ref_fn) in ops.items():
        expected = _apply(ref, ref_fn, _ones(ref, d1), _ones(ref, d2))
        if expected is None:
            continue  # not defined for these dtypes by the standard
        try:
            got: str | None = _dtype(be, fn(_ones(be, d1), _ones(be, d2)))
        except Exception as exc:
            got = f"{type(exc).__name__}: {str(exc)[:60]}"
        if be.skip_reason(expected) or be.skip_reason(promoted):  # mlx complex128
            if not str(got).startswith("TypeError"):
                bad.append(f"{name}: got {got}, expected TypeError ({expected} unrepresentable)")
        elif got != expected:
            bad.append(f"{name}: got {got}, expected {expected}")
    return bad


def _skip_unrepresentable(be: NamespaceUnderTest, *dtypes: str) -> None:
    for d in dtypes:
        reason = be.skip_reason(d)
        if reason:
            pytest.skip(reason)


def _params(kind: str) -> list[Any]:
    return [
        pytest.param(b, d1, d2, id=f"{b}-{kind}-{d1}-{d2}")
        for b in BACKENDS
        for d1, d2 in PAIRS
        if promotable(d1, d2)
    ]


def _assert_promotes(
    backend: str,
    d1: str,
    d2: str,
    ops: Callable[[NamespaceUnderTest, NamespaceUnderTest], dict[str, Pair]],
) -> None:
    """No op of ``ops(backend, oracle)`` (name -> (callable, oracle callable)) mismatches."""
    be, ref = load(backend), oracle()
    _skip_unrepresentable(be, d1, d2)
    bad = _mismatches(be, ref, d1, d2, ops(be, ref))
    assert not bad, f"{backend} {d1} with {d2}: " + "; ".join(bad)


@pytest.mark.parametrize(("backend", "d1", "d2"), _params("functions"))
def test_functions(backend: str, d1: str, d2: str) -> None:
    """Every binary function accepting ``d1`` and ``d2`` returns the promoted dtype."""
    _assert_promotes(
        backend, d1, d2, lambda be, ref: {n: (be.func(n), ref.func(n)) for n in FUNCTIONS}
    )


@pytest.mark.usefixtures("array_class")
@pytest.mark.parametrize(("backend", "d1", "d2"), _params("operators"))
def test_operators(backend: str, d1: str, d2: str) -> None:
    """``x1 <op> x2`` on the backend's own arrays returns the promoted dtype."""
    _assert_promotes(backend, d1, d2, lambda be, ref: {k: (f, f) for k, f in OPERATORS.items()})


@pytest.mark.usefixtures("array_class")
@pytest.mark.parametrize(("backend", "d1", "d2"), _params("inplace"))
def test_inplace_operators(backend: str, d1: str, d2: str) -> None:
    """``x1 <op>= x2`` keeps ``x1``'s dtype where the table promotes to it."""
    _assert_promotes(backend, d1, d2, lambda be, ref: {k: (f, f) for k, f in INPLACE.items()})


SCALARS: dict[str, tuple[Any, ...]] = {
    "bool": (True,),
    "int": (1,),
    "float": (1.5,),
    "complex": (1j,),
}


def _scalar_kinds(dtype: str) -> tuple[str, ...]:
    """Python scalar kinds the standard lets combine with an array of ``dtype``."""
    if dtype in BOOL:
        return ("bool",)
    if dtype in INT:
        return ("int",)
    if dtype in REAL_FLOAT:
        return ("int", "float")
    assert dtype in COMPLEX
    return ("int", "float", "complex")


@pytest.mark.usefixtures("array_class")
@pytest.mark.parametrize(
    ("backend", "dtype", "kind"),
    [
        pytest.param(b, d, k, id=f"{b}-{d}-{k}")
        for b in BACKENDS
        for d in ALL
        for k in _scalar_kinds(d)
    ],
)
def test_python_scalars(backend: str, dtype: str, kind: str) -> None:
    """``array <op> scalar`` and ``scalar <op> array`` keep the array's dtype (comparisons:
    bool), for operators and functions."""
    be, ref = load(backend), oracle()
    _skip_unrepresentable(be, dtype)
    (scalar,) = SCALARS[kind]
    bad = []
    cases: dict[str, Callable[[Any, Any], Any]] = {k: v for k, v in OPERATORS.items() if k != "@"}
    for name, fn in cases.items():
        for side in ("right", "left"):
            args: Callable[[Any], tuple[Any, Any]] = (
                (lambda x: (x, scalar)) if side == "right" else (lambda x: (scalar, x))
            )
            expected = _apply(ref, fn, *args(_ones(ref, dtype)))
            if expected is None:
                continue
            try:
                got: str | None = _dtype(be, fn(*args(_ones(be, dtype))))
            except Exception as exc:
                got = f"{type(exc).__name__}: {str(exc)[:60]}"
            if got != expected:
                bad.append(f"x {name} {scalar!r} ({side}): got {got}, expected {expected}")
    for name in FUNCTIONS:
        expected = _apply(ref, ref.func(name), _ones(ref, dtype), scalar)
        if expected is None:
            continue
        try:
            got = _dtype(be, be.func(name)(_ones(be, dtype), scalar))
        except Exception as exc:
            got = f"{type(exc).__name__}: {str(exc)[:60]}"
        if got != expected:
            bad.append(f"{name}(x, {scalar!r}): got {got}, expected {expected}")
    assert not bad, f"{backend} {dtype} with Python {kind}: " + "; ".join(bad)

"""hypothesis' ``make_strategies_namespace`` on each of ember_array's namespaces.

A library that tests itself with hypothesis builds its strategies from the namespace it is
given (``xps = make_strategies_namespace(xp)``). Every strategy must draw on ember_array's
namespaces, and the arrays drawn must be arrays ``ember_array.namespace`` answers with that same
namespace. Few examples each: this checks that the strategies work, not the functions.

The consumers' runner (``python -m conformance.consumers --wrappers hypothesis``) runs this
file with array-api-compat's namespaces in place of ember_array's (the control), through
:mod:`conformance.consumers._swap`, which replaces the ``xp`` parameter.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.array_api import make_strategies_namespace

import ember_array
from conformance._backends import requested
from ember_array._backends import BY_NAME

BACKENDS = ("numpy", "torch", "mlx", "dask")
#: The strategies that draw a dtype.
DTYPES = (
    "scalar_dtypes",
    "boolean_dtypes",
    "numeric_dtypes",
    "real_dtypes",
    "integer_dtypes",
    "unsigned_integer_dtypes",
    "floating_dtypes",
    "complex_dtypes",
)
SHAPES = st.tuples(*[st.integers(0, 3)] * 2).flatmap(lambda s: st.sampled_from([(), s[:1], s]))


def _load(xp: ModuleType | str) -> ModuleType:
    """The namespace under test: ``ember_array.<xp>``, or the module the consumers' run gives."""
    if isinstance(xp, ModuleType):
        return xp
    if xp not in requested(BACKENDS):
        pytest.skip(f"{xp} not selected by EMBER_BACKENDS")
    pytest.importorskip(BY_NAME[xp].native)
    return importlib.import_module(f"ember_array.{xp}")


def _dtypes(ns: ModuleType) -> list[Any]:
    """The dtypes ``ns``'s inspection API says it has."""
    return list(ns.__array_namespace_info__().dtypes().values())


def _check_array(ns: ModuleType, x: Any, dtype: Any = None) -> None:
    """``x`` is an array of ``ns``: ``ember_array.namespace`` answers (ember's: ``ns`` itself)."""
    found = ember_array.namespace(x)
    if ns.__name__.startswith("ember_array."):
        assert found is ns, (found, ns)
    if dtype is not None:
        assert x.dtype == dtype, (x.dtype, dtype)


@pytest.mark.parametrize("strategy", DTYPES)
@pytest.mark.parametrize("xp", BACKENDS)
@settings(max_examples=5, deadline=None)
@given(data=st.data())
def test_dtype_strategies_draw_arrays(xp: ModuleType | str, strategy: str, data: Any) -> None:
    """Each dtype strategy draws a dtype of ``xp``; ``arrays`` of it are ``xp``'s arrays."""
    ns = _load(xp)
    xps = make_strategies_namespace(ns)
    dtype = data.draw(getattr(xps, strategy)(), label="dtype")
    if ns.__name__.startswith("ember_array.") and dtype not in _dtypes(ns):
        # hypothesis takes every dtype name the namespace has: ember_array.mlx.complex128
        # names the dtype mlx lacks, and using it must raise the standard's TypeError naming it
        with pytest.raises(TypeError, match=str(dtype).split(".")[-1].split(" ")[0]):
            data.draw(xps.arrays(dtype, ()), label="x")
        return
    x = data.draw(xps.arrays(dtype, data.draw(SHAPES, label="shape")), label="x")
    _check_array(ns, x, dtype)
    scalar = data.draw(xps.from_dtype(dtype), label="scalar")
    _check_array(ns, ns.asarray(scalar, dtype=dtype), dtype)


NEGATIVE_STEP = pytest.mark.xfail(
    strict=True,
    reason="torch.Tensor slicing rejects negative steps (ValueError: step must be greater than "
    "zero), which xps.indices draws: https://github.com/pytorch/pytorch/issues/59786",
)


@pytest.mark.parametrize(
    "xp", [b if b != "torch" else pytest.param(b, marks=NEGATIVE_STEP) for b in BACKENDS]
)
@settings(max_examples=5, deadline=None)
@given(data=st.data())
def test_shape_strategies_draw(xp: ModuleType | str, data: Any) -> None:
    """The shape, axis and index strategies draw, and their draws index ``xp``'s arrays."""
    ns = _load(xp)
    xps = make_strategies_namespace(ns)
    shape = data.draw(xps.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=3))
    x = data.draw(xps.arrays(ns.float32, shape, elements={"allow_nan": False}), label="x")
    _check_array(ns, x, ns.float32)
    axes = data.draw(xps.valid_tuple_axes(len(shape)), label="axes")
    _check_array(ns, ns.sum(x, axis=axes), ns.float32)
    other = data.draw(xps.broadcastable_shapes(shape, max_side=3), label="other")
    y = ns.broadcast_to(x, ns.broadcast_shapes(shape, other))
    _check_array(ns, y, ns.float32)
    shapes = data.draw(xps.mutually_broadcastable_shapes(2, base_shape=shape, max_side=3))
    assert len(shapes.input_shapes) == 2
    index = data.draw(xps.indices(shape, allow_newaxis=True), label="index")
    _check_array(ns, x[index])

"""Wrapper libraries (masked, unit, labelled arrays) over ember's namespaces: the data model.

A wrapper class holds an array of ``xp`` and relies on Python's operator protocol: an array's
operator that does not know the other operand returns ``NotImplemented``, so the wrapper's
reflected method runs (numpy's ``__array_ufunc__ = None`` and ``__array_priority__`` say the
same to numpy). numpy and torch do this natively; mlx's operators raise ``ValueError`` and do
after :func:`ember_array.mlx.install`.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import operator
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from ember_array._backends import BY_NAME

# (operator, the method Python calls on the right operand when the left one defers)
BINARY: list[tuple[str, Callable[[Any, Any], Any], str]] = [
    ("+", operator.add, "__radd__"),
    ("-", operator.sub, "__rsub__"),
    ("*", operator.mul, "__rmul__"),
    ("/", operator.truediv, "__rtruediv__"),
    ("//", operator.floordiv, "__rfloordiv__"),
    ("%", operator.mod, "__rmod__"),
    ("**", operator.pow, "__rpow__"),
    ("@", operator.matmul, "__rmatmul__"),
    ("&", operator.and_, "__rand__"),
    ("|", operator.or_, "__ror__"),
    ("^", operator.xor, "__rxor__"),
    ("<<", operator.lshift, "__rlshift__"),
    (">>", operator.rshift, "__rrshift__"),
    ("<", operator.lt, "__gt__"),
    ("<=", operator.le, "__ge__"),
    (">", operator.gt, "__lt__"),
    (">=", operator.ge, "__le__"),
    ("==", operator.eq, "__eq__"),
    ("!=", operator.ne, "__ne__"),
]
INPLACE: list[tuple[str, Callable[[Any, Any], Any], str]] = [
    ("+=", operator.iadd, "__radd__"),
    ("-=", operator.isub, "__rsub__"),
    ("*=", operator.imul, "__rmul__"),
    ("/=", operator.itruediv, "__rtruediv__"),
    ("//=", operator.ifloordiv, "__rfloordiv__"),
    ("%=", operator.imod, "__rmod__"),
    ("**=", operator.ipow, "__rpow__"),
    ("@=", operator.imatmul, "__rmatmul__"),
    ("&=", operator.iand, "__rand__"),
    ("|=", operator.ior, "__ror__"),
    ("^=", operator.ixor, "__rxor__"),
    ("<<=", operator.ilshift, "__rlshift__"),
    (">>=", operator.irshift, "__rrshift__"),
]


class Called:
    """What a wrapper's method returns: which method ran, with which operand."""

    def __init__(self, method: str, other: Any) -> None:
        self.method = method
        self.other = other


def _method(name: str) -> Callable[[Any, Any], Called]:
    def method(self: Any, other: Any) -> Called:
        return Called(name, other)

    method.__name__ = name
    return method


class PriorityWrapper:
    """A minimal wrapper relying on ``__array_priority__`` alone (numpy's legacy rule)."""

    __array_priority__ = 10**6
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, data: Any) -> None:
        self.data = data
        self.shape = (7, 7)  # a shape no operand broadcasts with: it must never be read

    def __array_namespace__(self, api_version: str | None = None) -> Any:
        return self.data.__array_namespace__(api_version=api_version)


for _, _, _name in BINARY:
    setattr(PriorityWrapper, _name, _method(_name))


class UfuncWrapper(PriorityWrapper):
    """A wrapper that also opts out of numpy's ufuncs (NEP 13: ``__array_ufunc__ = None``)."""

    __array_ufunc__ = None


class MaskedLikeWrapper(PriorityWrapper):
    """marray's shape: ``__array_priority__ = 1`` (above ``ndarray``'s 0, below the 1000 that
    mlx arrays carry after install()) and ``__dlpack__``, through which mlx would convert it
    and drop the wrapper (a masked array's mask)."""

    __array_priority__ = 1

    def __dlpack__(self, **kwargs: Any) -> Any:
        return self.data.__dlpack__(**kwargs)

    def __dlpack_device__(self) -> Any:
        return self.data.__dlpack_device__()


BACKENDS = ["numpy", "torch", "mlx"]
#: the module of the backend's install()/uninstall()/installed()
PATCHED = {"torch": "tensor", "mlx": "array"}


@pytest.fixture(params=BACKENDS)
def array(request: pytest.FixtureRequest) -> Iterator[Any]:
    """A 2 x 2 int32 array of the backend, with ember's patches installed where it has them."""
    name = request.param
    pytest.importorskip(BY_NAME[name].native)
    xp = importlib.import_module(f"ember_array.{name}")
    patches = (
        importlib.import_module(f"ember_array.{name}._{PATCHED[name]}") if name in PATCHED else None
    )
    was = patches is None or patches.installed()
    if patches is not None:
        patches.install()
    try:
        yield xp.reshape(xp.arange(4, dtype=xp.int32), (2, 2))
    finally:
        if not was:
            patches.uninstall()


WRAPPERS = [PriorityWrapper, UfuncWrapper, MaskedLikeWrapper]


@pytest.mark.parametrize("wrapper", WRAPPERS)
def test_operators_defer_to_a_wrapper(array: Any, wrapper: type) -> None:
    w = wrapper(array)
    for symbol, op, reflected in BINARY:
        out = op(array, w)
        assert isinstance(out, Called), f"x {symbol} w gave {type(out).__name__}"
        assert (out.method, out.other is array) == (reflected, True), symbol


@pytest.mark.parametrize("wrapper", WRAPPERS)
def test_inplace_operators_defer_to_a_wrapper(array: Any, wrapper: type) -> None:
    numpy_nep13 = type(array).__module__ == "numpy" and wrapper is UfuncWrapper
    for symbol, op, reflected in INPLACE:
        x = array
        if numpy_nep13:
            # numpy's in-place operators refuse an operand with __array_ufunc__ = None (NEP 13);
            # torch's and (after install()) mlx's defer, so x op= w rebinds x to w's result
            with pytest.raises(TypeError, match="__array_ufunc__"):
                op(x, wrapper(array))
            continue
        out = op(x, wrapper(array))
        assert isinstance(out, Called), f"x {symbol} w gave {type(out).__name__}"
        assert (out.method, out.other is array) == (reflected, True), symbol


def test_unknown_operand_raises_python_type_error(array: Any) -> None:
    # an operand nobody knows: Python's TypeError naming both types, as numpy and torch give
    if type(array).__module__ == "numpy":
        pytest.skip("numpy makes an object array of any operand")
    with pytest.raises(TypeError, match="unsupported operand"):
        array + object()
    with pytest.raises(TypeError, match="not supported between"):
        array < object()  # noqa: B015
    assert (array == object()) is False or not bool((array == object()).any())


def test_known_operands_keep_their_results(array: Any) -> None:
    import numpy as np

    # the deferral never changes what an array, a Python scalar or a numpy value gives
    xp = array.__array_namespace__()
    assert bool(xp.all((array + 1) == xp.add(array, 1)))
    assert bool(xp.all((array < array) == xp.less(array, array)))
    assert bool(xp.all((array // 2) == xp.floor_divide(array, 2)))
    if type(array).__module__.startswith("mlx"):
        assert bool(xp.all((array + np.int32(1)) == xp.add(array, 1)))
        with pytest.raises(ValueError, match=r"__lt__ \[mlx\]"):
            array < 2**70  # noqa: B015  (mlx's std::bad_cast, translated)


def test_reflected_methods_called_directly_with_an_array(array: Any) -> None:
    # wrappers call the wrapped array's reflected method themselves (marray: data.__rand__(y)
    # for y & w): numpy's and torch's take an array there, mlx's (after install()) too
    xp = array.__array_namespace__()
    other = xp.asarray([[3, 1], [0, 2]], dtype=xp.int32)
    for name, op in [
        ("__rand__", xp.bitwise_and),
        ("__ror__", xp.bitwise_or),
        ("__rxor__", xp.bitwise_xor),
        ("__rlshift__", xp.bitwise_left_shift),
        ("__rrshift__", xp.bitwise_right_shift),
        ("__rmod__", xp.remainder),
    ]:
        x = array + 1  # no zero divisor: torch raises ZeroDivisionError for integer % 0
        out = getattr(x, name)(other)
        assert bool(xp.all(out == op(other, x))), name


def test_mlx_defers_to_a_namespace_wrapper_without_priority() -> None:
    # an array-API wrapper that says nothing to numpy (no priority, no __array_ufunc__) still
    # gets its reflected method from mlx, which would otherwise convert it through __dlpack__
    pytest.importorskip("mlx.core")
    import ember_array.mlx as xp
    from ember_array.mlx import _array

    class Plain:
        def __init__(self, data: Any) -> None:
            self.data = data

        def __array_namespace__(self, api_version: str | None = None) -> Any:
            return xp

        def __dlpack__(self, **kwargs: Any) -> Any:
            return self.data.__dlpack__(**kwargs)

        def __radd__(self, other: Any) -> Called:
            return Called("__radd__", other)

    was = _array.installed()
    xp.install()
    try:
        x = xp.asarray([1.0, 2.0])
        out = x + Plain(x)
        assert isinstance(out, Called)
        assert out.other is x
    finally:
        if not was:
            xp.uninstall()


def test_mlx_and_jax_operands_give_a_clean_type_error() -> None:
    # after install() mlx defers to a jax array (it carries __array_namespace__ and priority
    # 100), and jax declines an mlx array: Python's TypeError for every operator; == and !=
    # answered False/True by identity, never an elementwise answer
    pytest.importorskip("mlx.core")
    jnp = pytest.importorskip("jax.numpy")
    import ember_array.mlx as xp
    from ember_array.mlx import _array

    was = _array.installed()
    xp.install()
    try:
        x = xp.asarray([1.0, 2.0])
        j = jnp.asarray([1.0, 4.0])
        for _, op, _ in BINARY:
            for a, b in ((x, j), (j, x)):
                with pytest.raises(TypeError, match="jax"):
                    op(a, b)
        with pytest.raises(TypeError, match=r"__eq__ \[mlx\].*jax"):
            x == j  # noqa: B015
        # a wrapper's own == still answers (the reflected method, as Python calls it)
        assert isinstance(x == PriorityWrapper(x), Called)
    finally:
        if not was:
            xp.uninstall()


def _error_of(op: Callable[[Any, Any], Any], a: Any, b: Any) -> str | None:
    """The message of the clean error ``op(a, b)`` raises, None where it gives a result."""
    try:
        op(a, b)
    except (TypeError, ValueError, IndexError) as e:
        return str(e)
    return None


@pytest.mark.parametrize("name", ["torch", "mlx"])
def test_installed_operators_raise_named_errors(name: str) -> None:
    # after install(), an operator the dtypes do not allow raises TypeError/ValueError/
    # IndexError naming the operator, the backend and the dtypes, never a raw native error
    # (torch: NotImplementedError "div_floor_cpu" for bool // bool; mlx: an unnamed ValueError
    # "Floating point types not allowed with bitwise and.")
    pytest.importorskip(BY_NAME[name].native)
    xp = importlib.import_module(f"ember_array.{name}")
    patches = importlib.import_module(f"ember_array.{name}._{PATCHED[name]}")
    was = patches.installed()
    xp.install()
    try:
        arrays = {
            dt: xp.asarray([1, 0], dtype=getattr(xp, dt))
            for dt in ("bool", "int32", "float32", "complex64")
        }
        unnamed = []
        for symbol, op, _ in BINARY:
            for (da, a), (db, b) in itertools.product(arrays.items(), repeat=2):
                # the operator or the namespace function it goes to: "__and__ [mlx]: ...",
                # "subtract [torch]: ..."
                message = _error_of(op, a, b)
                if message is not None and f"[{name}]:" not in message:
                    unnamed.append((symbol, da, db, message))
        assert unnamed == []
        for dt in ("uint32", "float32"):  # torch's uint32 went to matmul(): its own words
            square = xp.ones((2, 2), dtype=getattr(xp, dt))
            with pytest.raises(TypeError, match="unsupported operand"):
                square @ 2
            with pytest.raises(TypeError, match="unsupported operand"):
                2 @ square
        if name == "torch":  # mlx gives numpy's int8 (test_mlx_bool_arithmetic_...)
            with pytest.raises(TypeError, match=r"__floordiv__ \[torch\].*'Bool'"):
                arrays["bool"] // arrays["bool"]
        with pytest.raises(TypeError, match=rf"(__and__|bitwise_and) \[{name}\].*(F|f)loat"):
            arrays["float32"] & arrays["int32"]
    finally:
        if not was:
            xp.uninstall()


def test_mlx_half_precision_sign_bits() -> None:
    # signbit viewed float16/bfloat16 as int32: 4 values gave 2 answers, copysign and the
    # remainder of floats (which reads the divisor's sign) then failed on the shapes
    import numpy as np

    mx = pytest.importorskip("mlx.core")
    import ember_array.mlx as xp

    x = np.asarray([-1.0, 2.0, -0.0, 3.0], dtype=np.float16)
    for dt in (mx.float16, mx.bfloat16):
        a = mx.array(x).astype(dt)
        assert np.asarray(xp.signbit(a)).tolist() == [True, False, True, False]
        signs = xp.copysign(xp.ones_like(a), a).astype(mx.float32)
        assert np.asarray(signs).tolist() == [-1.0, 1.0, -1.0, 1.0]
        rem = xp.remainder(a, 2).astype(mx.float32)
        assert np.asarray(rem).tolist() == [1.0, 0.0, 0.0, 1.0]
    assert bool(xp.signbit(mx.array(-0.0, dtype=mx.float16)))


# -- scalars: numpy scalars and 0-d arrays where the standard says int | float -------------

SCALAR_BACKENDS = ["numpy", "torch", "mlx", "dask"]


@pytest.fixture(params=SCALAR_BACKENDS)
def sxp(request: pytest.FixtureRequest) -> Any:
    name = request.param
    pytest.importorskip(BY_NAME[name].native)
    return importlib.import_module(f"ember_array.{name}")


def _own_zero_d(xp: Any, value: float) -> Any:
    return xp.asarray(value, dtype=xp.float32)


def test_fill_values_take_numpy_scalars_and_zero_d_arrays(sxp: Any) -> None:
    import numpy as np

    x = sxp.asarray([1.0, 2.0, 3.0], dtype=sxp.float32)
    givens = [np.float64(2.5), np.int64(2), np.asarray(2.5)]
    if sxp.__name__ != "ember_array.dask":  # dask's full() of a dask array computes it
        givens.append(_own_zero_d(sxp, 2.5))
    for given in givens:
        want = float(given)
        out = sxp.full_like(x, given)
        assert np.asarray(out).tolist() == [want] * 3, (type(given), out)
        assert out.dtype == x.dtype
        assert np.asarray(sxp.full((2,), given, dtype=sxp.float32)).tolist() == [want] * 2
    with pytest.raises(TypeError, match="fill_value"):
        sxp.full_like(x, "1")


def test_scalar_parameters_take_numpy_scalars_and_zero_d_numpy_arrays(sxp: Any) -> None:
    import numpy as np

    # torch's own functions refuse a 0-d numpy array ("must be Number, not numpy.ndarray"),
    # dask's arange takes its truth: each is retried with the Python value (a host value)
    x = sxp.asarray([1.0, 2.0, 3.0], dtype=sxp.float32)

    def numpy_scalar(v: Any) -> Any:
        return np.float64(v) if isinstance(v, float) else np.int64(v)

    for w in (np.asarray, numpy_scalar):
        outs = {
            "clip": (sxp.clip(x, min=w(1.5), max=w(2.5)), [1.5, 2.0, 2.5]),
            "arange": (sxp.arange(w(1), w(7), w(2)), [1, 3, 5]),
            "linspace": (sxp.linspace(w(0.0), w(1.0), w(3)), [0.0, 0.5, 1.0]),
            "where": (sxp.where(x > 1.5, w(0.0), x), [1.0, 0.0, 0.0]),
            "pow": (sxp.pow(x, w(2.0)), [1.0, 4.0, 9.0]),
            "full": (sxp.full(w(2), w(0.5), dtype=sxp.float32), [0.5, 0.5]),
            "diff": (sxp.diff(x, n=w(1)), [1.0, 1.0]),
        }
        for name, (out, want) in outs.items():
            assert np.asarray(out).tolist() == want, (name, w)
    with pytest.raises(TypeError):
        sxp.full((2,), "1")


def test_scatter_fill_value_takes_numpy_scalars_and_zero_d_arrays(sxp: Any) -> None:
    import numpy as np

    from ember_array.scatter import scatter

    values = sxp.asarray([1.0, 2.0], dtype=sxp.float32)
    index = sxp.asarray([0, 0])
    for given in (np.float64(-1.0), np.int64(-1), np.asarray(-1.0), _own_zero_d(sxp, -1.0)):
        if sxp.__name__ == "ember_array.dask" and not isinstance(given, np.generic | np.ndarray):
            with pytest.raises(TypeError, match="compute the graph"):
                scatter(values, index, 2, fill_value=given)
            continue
        out = scatter(values, index, 2, fill_value=given)
        assert np.asarray(out).tolist() == [3.0, -1.0], type(given)
    with pytest.raises(TypeError, match="fill_value"):
        scatter(values, index, 2, fill_value="0")


def test_window_flags_take_numpy_bools(sxp: Any) -> None:
    import numpy as np

    from ember_array.signal import hann_window

    plain = np.asarray(hann_window(np.int64(8), periodic=True, xp=sxp))
    assert np.array_equal(np.asarray(hann_window(8, periodic=np.bool_(True), xp=sxp)), plain)
    with pytest.raises(TypeError, match="periodic"):
        hann_window(8, periodic="yes", xp=sxp)


def test_mlx_compiled_functions_take_numpy_ints() -> None:
    import numpy as np

    mx = pytest.importorskip("mlx.core")
    import ember_array.mlx as xp

    x = xp.reshape(xp.arange(12, dtype=xp.float32), (3, 4))
    # a numpy int reached mx.compile: "[compile] Function arguments must be trees of arrays
    # or constants ... received type int64"
    out = xp.take(x, mx.array([0, 3, 1]), axis=np.int64(1))
    assert np.asarray(out).tolist() == np.asarray(xp.take(x, mx.array([0, 3, 1]), axis=1)).tolist()
    idx = mx.zeros((3, 1), dtype=mx.int32)
    assert xp.take_along_axis(x, idx, axis=np.int64(1)).shape == (3, 1)


@pytest.mark.filterwarnings("ignore::RuntimeWarning", "ignore::UserWarning")
def test_var_correction_takes_a_numpy_int(sxp: Any) -> None:
    # N - correction <= 0 gives NaN (the standard), for a numpy int as for a Python one
    import numpy as np

    x = sxp.asarray([1.0], dtype=sxp.float32)
    assert bool(np.isnan(np.asarray(sxp.var(x, correction=np.int64(1)))))


def _integers(xp: Any) -> list[Any]:
    """2 as a numpy integer, a 0-d numpy array and a 0-d array of the backend."""
    import numpy as np

    return [np.int64(2), np.asarray(2), xp.asarray(2)]


def test_shapes_take_zero_d_integer_arrays(sxp: Any) -> None:
    # numpy reads a shape's entries through __index__; torch's full(), mlx's creation
    # functions and dask's zeros(a) refused a 0-d array of their own library (the result's
    # shape depends on it: it is read, as numpy reads it); dask's tile multiplied by it
    import numpy as np

    x = sxp.reshape(sxp.arange(6, dtype=sxp.float32), (2, 3))
    for n in _integers(sxp):
        shapes = {
            "zeros": (sxp.zeros(n), (2,)),
            "zeros tuple": (sxp.zeros((n, 3)), (2, 3)),
            "ones": (sxp.ones((n,)), (2,)),
            "empty": (sxp.empty((n, 3)), (2, 3)),
            "full": (sxp.full(n, 1.5), (2,)),
            "full tuple": (sxp.full((3, n), 1.5), (3, 2)),
            "reshape": (sxp.reshape(x, (3, n)), (3, 2)),
            "broadcast_to": (sxp.broadcast_to(sxp.asarray([1, 2, 3]), (n, 3)), (2, 3)),
            "tile": (sxp.tile(sxp.asarray([1, 2]), (n,)), (4,)),
        }
        for name, (out, want) in shapes.items():
            assert tuple(out.shape) == want, (name, type(n), out.shape)
        assert np.asarray(shapes["tile"][0]).tolist() == [1, 2, 1, 2], type(n)
        assert np.asarray(shapes["full"][0]).tolist() == [1.5, 1.5], type(n)
    with pytest.raises(TypeError):
        sxp.zeros((sxp.asarray(2.0), 3))  # a floating array is no index, as in numpy


def test_diff_n_takes_zero_d_integer_arrays(sxp: Any) -> None:
    # the result's length depends on n: a 0-d array of the backend is read, as numpy reads it
    import numpy as np

    x = sxp.asarray([1.0, 2.0, 4.0, 8.0], dtype=sxp.float32)
    for n in _integers(sxp):
        assert np.asarray(sxp.diff(x, n=n)).tolist() == [1.0, 2.0], type(n)
    with pytest.raises(TypeError, match="n must be an int"):
        sxp.diff(x, n=sxp.asarray(1.0))


#: one call per function of the standard with an integer parameter (axes, lengths, offsets),
#: given that parameter's value 1
INDEX_CALLS: dict[str, Callable[[Any, Any, Any], Any]] = {
    "sum": lambda xp, x, a: xp.sum(x, axis=a),
    "prod": lambda xp, x, a: xp.prod(x, axis=a),
    "mean": lambda xp, x, a: xp.mean(x, axis=a),
    "std": lambda xp, x, a: xp.std(x, axis=a),
    "max": lambda xp, x, a: xp.max(x, axis=a),
    "all": lambda xp, x, a: xp.all(x, axis=a),
    "argmax": lambda xp, x, a: xp.argmax(x, axis=a),
    "count_nonzero": lambda xp, x, a: xp.count_nonzero(x, axis=a),
    "cumulative_sum": lambda xp, x, a: xp.cumulative_sum(x, axis=a),
    "cumulative_prod": lambda xp, x, a: xp.cumulative_prod(x, axis=a),
    "expand_dims": lambda xp, x, a: xp.expand_dims(x, axis=a),
    "squeeze": lambda xp, x, a: xp.squeeze(xp.expand_dims(x, axis=1), axis=a),
    "flip": lambda xp, x, a: xp.flip(x, axis=a),
    "roll": lambda xp, x, a: xp.roll(x, 1, axis=a),
    "sort": lambda xp, x, a: xp.sort(x, axis=a),
    "argsort": lambda xp, x, a: xp.argsort(x, axis=a),
    "concat": lambda xp, x, a: xp.concat([x, x], axis=a),
    "stack": lambda xp, x, a: xp.stack([x, x], axis=a),
    "unstack": lambda xp, x, a: xp.stack(xp.unstack(x, axis=a)),
    "take": lambda xp, x, a: xp.take(x, xp.asarray([0, 2]), axis=a),
    "take_along_axis": lambda xp, x, a: xp.take_along_axis(
        x, xp.zeros((2, 1), dtype=xp.int64), axis=a
    ),
    "moveaxis": lambda xp, x, a: xp.moveaxis(x, a, 0),
    "permute_dims": lambda xp, x, a: xp.permute_dims(x, (a, 0)),
    "diff": lambda xp, x, a: xp.diff(x, axis=a),
    "repeat": lambda xp, x, a: xp.repeat(x, 2, axis=a),
    "vecdot": lambda xp, x, a: xp.vecdot(x, x, axis=a),
    "tensordot": lambda xp, x, a: xp.tensordot(x, xp.matrix_transpose(x), axes=a),
    "tril": lambda xp, x, a: xp.tril(x, k=a),
    "eye": lambda xp, x, a: xp.eye(3, k=a),
    "linalg.vector_norm": lambda xp, x, a: xp.linalg.vector_norm(x, axis=a),
    "linalg.diagonal": lambda xp, x, a: xp.linalg.diagonal(x, offset=a),
    "linalg.matrix_power": lambda xp, x, a: xp.linalg.matrix_power(xp.eye(2) * 2, a),
    "fft.fft": lambda xp, x, a: xp.fft.fft(xp.astype(x, xp.complex64), n=a),
    "fft.rfftn": lambda xp, x, a: xp.fft.rfftn(x, axes=(a,)),
    "fft.fftshift": lambda xp, x, a: xp.fft.fftshift(x, axes=a),
    "fft.fftfreq": lambda xp, x, a: xp.fft.fftfreq(a + 2) if type(a) is int else None,
}


def test_integer_parameters_take_numpy_ints_and_zero_d_arrays(sxp: Any) -> None:
    # torch's functions refused numpy ints (ember's axis == () read an empty array's truth),
    # mlx's take and fft, dask's reductions a 0-d array; numpy reads each through __index__
    import numpy as np

    x = sxp.reshape(sxp.arange(6, dtype=sxp.float32), (2, 3))
    for name, call in INDEX_CALLS.items():
        want = np.asarray(call(sxp, x, 1))
        for given in (np.int64(1), np.asarray(1), sxp.asarray(1)):
            before = np.asarray(given).copy()
            got = call(sxp, x, given)
            if got is None:
                continue
            assert np.array_equal(np.asarray(got), want), (name, type(given))
            assert np.asarray(given) == before, (name, "changed its argument")  # matrix_power


@pytest.mark.parametrize("given", [1.0, "1"], ids=["float", "str"])
def test_integer_parameters_refuse_other_types_naming_the_function(sxp: Any, given: Any) -> None:
    name = sxp.__name__.rpartition(".")[2]
    x = sxp.reshape(sxp.arange(6, dtype=sxp.float32), (2, 3))
    for call in ("sum", "cumulative_sum", "take", "moveaxis", "linalg.matrix_power", "fft.fft"):
        match = rf"{call} \[{name}\]: \w+ must be an int" if name != "numpy" else None
        with pytest.raises(TypeError, match=match):
            INDEX_CALLS[call](sxp, x, given)


def test_roll_shift_takes_zero_d_numpy_arrays(sxp: Any) -> None:
    import numpy as np

    x = sxp.asarray([1, 2, 3])
    for shift in (np.int64(1), np.asarray(1), (np.asarray(1),)):
        axis = (0,) if isinstance(shift, tuple) else None
        assert np.asarray(sxp.roll(x, shift, axis=axis)).tolist() == [3, 1, 2], shift
    if sxp.__name__ == "ember_array.dask":
        with pytest.raises(TypeError, match=r"roll\(\) \[dask\].*compute the graph"):
            sxp.roll(x, sxp.asarray(1))
    else:
        assert np.asarray(sxp.roll(x, sxp.asarray(1))).tolist() == [3, 1, 2]


def test_vector_norm_ord_takes_zero_d_arrays(sxp: Any) -> None:
    # torch's vector_norm refused a 0-d numpy array ("must be Number, not numpy.ndarray")
    import numpy as np

    x = sxp.asarray([3.0, -4.0], dtype=sxp.float32)
    for ord, want in ((np.asarray(2.0), 5.0), (np.asarray(np.inf), 4.0), (np.asarray(1), 7.0)):
        assert float(np.asarray(sxp.linalg.vector_norm(x, ord=ord))) == want, ord
        assert float(np.asarray(sxp.linalg.vector_norm(x, ord=np.float64(ord)))) == want
    assert float(np.asarray(sxp.linalg.vector_norm(x, ord=sxp.asarray(1.0)))) == 7.0


# -- namespace predicates: how a wrapper tells which backend it holds ----------------------

PREDICATES = {
    "numpy": ["numpy", "array_api_compat.numpy", "ember_array.numpy"],
    "torch": ["torch", "array_api_compat.torch", "ember_array.torch"],
    "mlx": ["mlx.core", "ember_array.mlx"],
    "dask": ["dask.array", "array_api_compat.dask.array", "ember_array.dask"],
    "jax": ["jax.numpy"],
    "array_api_strict": ["array_api_strict"],
}


def test_namespace_predicates() -> None:
    import array_api_compat

    import ember_array

    modules = {}
    for library, names in PREDICATES.items():
        for modname in names:
            try:
                modules[modname] = (library, importlib.import_module(modname))
            except ImportError:
                continue
    assert len(modules) >= 8
    for modname, (library, module) in modules.items():
        for other in PREDICATES:
            predicate = getattr(ember_array, f"is_{other}_namespace")
            assert predicate(module) is (other == library), (modname, other)
            compat = getattr(array_api_compat, f"is_{other}_namespace", None)
            if compat is not None and not modname.startswith("ember_array"):
                # array-api-compat's answer for the modules it knows (mlx: not one of them)
                assert compat(module) is predicate(module) or other == "mlx", (modname, other)
    assert not ember_array.is_numpy_namespace(object())
    assert not ember_array.is_torch_namespace("torch")  # a name is no namespace


def test_namespace_predicates_on_versioned_views_and_dask_arrays() -> None:
    import numpy as np

    import ember_array

    old = ember_array.namespace(np.zeros(2), api_version="2024.12")
    assert ember_array.is_numpy_namespace(old)
    da = pytest.importorskip("dask.array")
    assert ember_array.is_dask_array(da.zeros(2))
    assert not ember_array.is_dask_array(np.zeros(2))
    assert ember_array.is_dask_namespace(ember_array.namespace(da.zeros(2)))


def test_mlx_operators_read_a_huge_python_int_as_a_float_for_floating_arrays() -> None:
    import numpy as np

    pytest.importorskip("mlx.core")
    import ember_array.mlx as xp
    from ember_array.mlx import _array

    was = _array.installed()
    xp.install()
    try:
        x = xp.asarray([1.0, 2.0], dtype=xp.float32)
        # mlx converts every Python int to int64 first: std::bad_cast; numpy (NEP 50) reads a
        # Python int as the floating array's dtype
        want = np.asarray([1.0, 2.0], dtype=np.float32)
        assert np.asarray(x < 2**70).tolist() == (want < 2**70).tolist()
        assert np.allclose(np.asarray(x + 2**70), want + 2**70)
        assert (x * 2**70).dtype == xp.float32
        with pytest.raises(ValueError, match=r"__add__ \[mlx\]"):
            xp.asarray([1], dtype=xp.int32) + 2**70
    finally:
        if not was:
            xp.uninstall()


@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")
def test_hypothesis_strategies_namespace_draws_ember_arrays(sxp: Any) -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis.extra.array_api import make_strategies_namespace

    import ember_array

    xps = make_strategies_namespace(sxp)
    dtypes = xps.scalar_dtypes()
    if not BY_NAME[sxp.__name__.rpartition(".")[2]].has_complex128:
        # xp.complex128 is the marker every dtype= refuses (mlx has no complex128): hypothesis
        # draws every dtype the namespace names, so a test on mlx asks for complex64 only
        dtypes = (
            xps.boolean_dtypes()
            | xps.integer_dtypes()
            | xps.unsigned_integer_dtypes()
            | xps.floating_dtypes()
            | xps.complex_dtypes(sizes=64)
        )
    drawn = []

    @settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
    @given(xps.arrays(dtype=dtypes, shape=xps.array_shapes(max_dims=2, max_side=3)))
    def check(a: Any) -> None:
        assert ember_array.namespace(a) is sxp
        drawn.append(a.dtype)

    check()
    assert drawn


# -- mlx: what numpy computes where mlx raised, wrapped or kept the wrong dtype --------------


def test_mlx_python_ints_beyond_int64_take_the_array_dtype() -> None:
    import numpy as np

    pytest.importorskip("mlx.core")
    import ember_array.mlx as xp

    u = xp.asarray([1, 2**64 - 1], dtype=xp.uint64)
    x = xp.asarray([1.0, 2.0], dtype=xp.float32)
    # mlx converts every Python int to int64 first: RuntimeError std::bad_cast
    assert np.asarray(xp.equal(u, 2**64 - 1)).tolist() == [False, True]
    assert np.asarray(xp.less(u, 2**64 - 1)).tolist() == [True, False]
    assert np.asarray(xp.greater(2**64 - 1, u)).tolist() == [True, False]
    assert np.asarray(xp.less(x, 2**70)).tolist() == [True, True]
    assert xp.maximum(u, 2**63).dtype == xp.uint64
    with pytest.raises(ValueError, match=r"less \[mlx\].*out of range for .*int32"):
        xp.less(xp.asarray([1], dtype=xp.int32), 2**70)
    from ember_array.mlx import _array

    was = _array.installed()
    xp.install()
    try:
        v = xp.asarray([1, 2, 3], dtype=xp.uint64)
        v[v > 1] = 2**64 - 1
        assert np.asarray(v).tolist() == [1, 2**64 - 1, 2**64 - 1]
    finally:
        if not was:
            xp.uninstall()


def test_mlx_integer_input_of_floating_functions_follows_a_float64_default() -> None:
    mx = pytest.importorskip("mlx.core")
    import ember_array.mlx as xp
    from ember_array.mlx import _array

    i = xp.asarray([1, 2, 3], dtype=xp.int32)
    funcs = {
        "divide": lambda: xp.divide(i, i),
        "/": lambda: i / 2,
        "2 /": lambda: 2 / i,
        "mean": lambda: xp.mean(i),
        "var": lambda: xp.var(i),
        "std": lambda: xp.std(i),
        "atan2": lambda: xp.atan2(i, i),
        "logaddexp": lambda: xp.logaddexp(i, i),
        "hypot": lambda: xp.hypot(i, i),
    }
    was = _array.installed()
    xp.install()
    device = mx.default_device()
    try:
        # float32 default: mlx's own float32 from integers
        assert {k: f().dtype for k, f in funcs.items()} == dict.fromkeys(funcs, xp.float32)
        mx.set_default_device(mx.cpu)
        xp.set_default_dtype(xp.float64)
        # mlx computes float32 from integers whatever the default; numpy and torch (with a
        # float64 default, as marray's and SciPy's suites set it) give float64
        assert {k: f().dtype for k, f in funcs.items()} == dict.fromkeys(funcs, xp.float64)
        f32 = xp.asarray([1.0], dtype=xp.float32)
        assert (f32 / 2).dtype == xp.mean(f32).dtype == xp.float32
    finally:
        xp.set_default_dtype(xp.float32)
        mx.set_default_device(device)
        if not was:
            xp.uninstall()


@pytest.mark.parametrize("name", ["numpy", "torch", "mlx", "dask"])
def test_bool_arange_follows_numpy(name: str) -> None:
    import numpy as np

    pytest.importorskip(BY_NAME[name].native)
    xp = importlib.import_module(f"ember_array.{name}")
    assert np.asarray(xp.arange(2, dtype=xp.bool)).tolist() == [False, True]
    assert np.asarray(xp.arange(1, 3, dtype=xp.bool)).tolist() == [True, True]
    assert np.asarray(xp.arange(0, dtype=xp.bool)).tolist() == []
    # torch counted on ([False, True, True]), mlx refused every length
    with pytest.raises(TypeError, match="at most length 2"):
        xp.arange(3, dtype=xp.bool)


def test_mlx_integer_remainder_and_shifts_as_numpy() -> None:
    import numpy as np

    pytest.importorskip("mlx.core")
    import ember_array.mlx as xp

    a = np.asarray([5, -5, 3, 7], dtype=np.int16)
    b = np.asarray([-1, -3, 20, 0], dtype=np.int16)
    x, y = xp.asarray(a), xp.asarray(b)
    with np.errstate(divide="ignore"):
        want_mod = np.remainder(a, b)
    # mlx: x % 0 gives x (numpy 0), a negative shift count wraps (numpy shifts all out)
    assert np.asarray(xp.remainder(x, y)).tolist() == want_mod.tolist()
    assert np.asarray(xp.bitwise_left_shift(x, y)).tolist() == (a << b).tolist()
    assert np.asarray(xp.bitwise_right_shift(x, y)).tolist() == (a >> b).tolist()


def test_mlx_real_floating_functions_promote_integers() -> None:
    import numpy as np

    pytest.importorskip("mlx.core")
    import ember_array.mlx as xp

    i = xp.asarray([3, -4], dtype=xp.int32)
    # mlx kept copysign's integers (uint results wrapped) and nextafter stepped their bits
    out = xp.copysign(xp.asarray([3, 4], dtype=xp.uint32), i)
    assert out.dtype == xp.get_default_dtype()
    assert np.asarray(out).tolist() == [3.0, -4.0]
    assert xp.nextafter(i, xp.asarray([3, 4], dtype=xp.uint8)).shape == (2,)
    with pytest.raises(TypeError, match=r"nextafter \[mlx\].*complex64"):
        xp.nextafter(xp.asarray([1j], dtype=xp.complex64), 1.0)


def test_mlx_dtype_refusals_name_function_backend_and_dtype() -> None:
    pytest.importorskip("mlx.core")
    import ember_array.mlx as xp

    c = xp.asarray([1 + 1j], dtype=xp.complex64)
    # mlx: ValueError "[ceil] Not supported for complex64" (no backend, the wrong kind)
    for name, call in [
        ("ceil", lambda: xp.ceil(c)),
        ("floor", lambda: xp.floor(c)),
        ("trunc", lambda: xp.trunc(c)),
        ("remainder", lambda: xp.remainder(c, c)),
        ("atan2", lambda: xp.atan2(c, c)),
        ("negative", lambda: xp.negative(xp.asarray([True]))),
    ]:
        with pytest.raises(TypeError, match=rf"{name} \[mlx\]: Only .* dtypes are allowed"):
            call()
    with pytest.raises(ValueError, match="broadcast"):  # other ValueErrors stay as they are
        xp.atan2(xp.ones((2, 3)), xp.ones((4,)))
    # mlx computes these (a bool xor, a complex floor), the standard and numpy refuse them
    b = xp.asarray([True, False])
    with pytest.raises(TypeError, match=r"subtract \[mlx\]: Only numeric dtypes"):
        xp.subtract(b, b)
    with pytest.raises(TypeError, match=r"floor_divide \[mlx\]: Only real numeric dtypes"):
        xp.floor_divide(c, c)


def test_mlx_mod_operator_refusal_names_the_operator() -> None:
    # x % y refuses complex as array-api-strict words it ("... allowed in __mod__"), which
    # wrapper libraries match (marray's tests); xp.remainder names itself
    pytest.importorskip("mlx.core")
    import ember_array.mlx as xp
    from ember_array.mlx import _array

    c = xp.asarray([1 + 1j], dtype=xp.complex64)
    was = _array.installed()
    xp.install()
    try:
        for name, call in [("__mod__", lambda: c % c), ("__rmod__", lambda: c.__rmod__(c))]:
            with pytest.raises(TypeError, match=rf"{name} \[mlx\]: .* allowed in {name}, got"):
                call()
    finally:
        if not was:
            xp.uninstall()


def test_mlx_bool_arithmetic_takes_numpy_dtypes() -> None:
    import numpy as np

    pytest.importorskip("mlx.core")
    import ember_array.mlx as xp
    from ember_array.mlx import _array

    a = np.asarray([True, False])
    b = xp.asarray(a)
    was = _array.installed()
    xp.install()
    try:
        # mlx: a bool array with a Python int is int32, and //, %, ** of two bools are bool
        with np.errstate(divide="ignore"):
            cases = [
                (b + 2, a + 2),
                (2 * b, 2 * a),
                (b // b, a // a),
                (b % 3, a % 3),
                (3 % b, 3 % a),
                (b**b, a**a),
                (xp.floor_divide(b, b), np.floor_divide(a, a)),
                (xp.pow(b, b), np.power(a, a)),
                (xp.add(b, 2), np.add(a, 2)),
                (xp.remainder(b, b), np.remainder(a, a)),
                (xp.bitwise_left_shift(b, b), np.left_shift(a, a)),
                (xp.bitwise_right_shift(b, b), np.right_shift(a, a)),
            ]
        for got, want in cases:
            assert str(got.dtype).rpartition(".")[2] == str(want.dtype)
            assert np.asarray(got).tolist() == want.tolist()
        c = xp.asarray([True])
        with pytest.raises(TypeError, match="same_kind"):  # as numpy's UFuncTypeError
            c += 2
    finally:
        if not was:
            xp.uninstall()


def test_mlx_integer_negative_exponents_cut_toward_zero() -> None:
    import numpy as np

    pytest.importorskip("mlx.core")
    import ember_array.mlx as xp

    base = xp.asarray([2, 1, -1, -1, 3], dtype=xp.int32)
    exponent = xp.asarray([-1, -2, -3, -2, 2], dtype=xp.int32)
    # mlx gives 0 for every negative exponent (1 ** -2 == 0); torch the exact result cut
    # toward zero, which this is (numpy raises)
    want = [0, 1, -1, 1, 9]
    assert np.asarray(xp.pow(base, exponent)).tolist() == want
    assert np.asarray(xp.pow(base, -1)).tolist() == [0, 1, -1, -1, 0]


def test_linspace_bounds_refuse_strings(sxp: Any) -> None:
    # mlx converted linspace("1", 2, 3) into numbers; numpy and array-api-strict refuse it
    for start, stop in (("1", 2.0), (1.0, "2")):
        with pytest.raises(TypeError):
            sxp.linspace(start, stop, 3)


@pytest.mark.parametrize(
    "axis", [[0], True, None, (0, 0)], ids=["list", "bool", "none", "repeated"]
)
def test_integer_parameter_retry_never_loops(sxp: Any, axis: Any) -> None:
    # the retries call the function again only with a changed argument: an axis the reading
    # leaves as it is (a list, True) recursed until RecursionError in torch's sort, std, max
    x = sxp.reshape(sxp.arange(6, dtype=sxp.float32), (2, 3))
    for call in (sxp.sort, sxp.argsort, sxp.std, sxp.var, sxp.max, sxp.min, sxp.sum):
        # a clean refusal is fine; a RecursionError (a RuntimeError) fails the test
        with contextlib.suppress(TypeError, ValueError, IndexError):
            call(x, axis=axis)

"""The error boundary (ember_array._boundary): native errors leave as TypeError/ValueError/
IndexError that name the function, the backend and the arguments, and stay catchable as the
native class."""

from __future__ import annotations

import importlib
import inspect
import types

import numpy as np
import pytest

import ember_array
from ember_array import _boundary, _spec
from ember_array._signatures import SIGNATURE_ONLY
from tests._helpers import BACKENDS

NAMESPACES = {name: importlib.import_module(f"ember_array.{name}") for name in (*BACKENDS, "dask")}


def _entries(ns: types.ModuleType) -> list[tuple[str, object]]:
    out = [(n, getattr(ns, n)) for n in _spec.MAIN if hasattr(ns, n)]
    out += [(f"linalg.{n}", getattr(ns.linalg, n)) for n in _spec.LINALG]
    out += [(f"fft.{n}", getattr(ns.fft, n)) for n in _spec.FFT]
    return out


@pytest.mark.parametrize("backend", list(NAMESPACES))
def test_every_wrapper_is_behind_the_boundary(backend: str) -> None:
    """Every Python function of ember_array or array-api-compat in a namespace translates
    errors (a guard or its own ``try``); native functions are the backend's objects."""
    unguarded = [
        name
        for name, obj in _entries(NAMESPACES[backend])
        if isinstance(obj, types.FunctionType)
        and _boundary._WRAPPER_FILE.search(obj.__code__.co_filename)
        and not getattr(obj, _boundary.GUARDED, False)
        and not _native_shown(obj)
    ]
    assert unguarded == []


def _native_shown(obj: types.FunctionType) -> bool:
    """Whether ``obj`` only shows the standard's signature of a native function."""
    if not getattr(obj, SIGNATURE_ONLY, False):
        return False
    native = obj.__wrapped__  # type: ignore[attr-defined]  # set by the wrapper
    return not (
        isinstance(native, types.FunctionType)
        and _boundary._WRAPPER_FILE.search(native.__code__.co_filename)
    )


def test_native_entries_are_not_wrapped() -> None:
    import torch

    assert NAMESPACES["numpy"].add is np.add
    # a native function without the standard's signature is only shown with it (test_signatures)
    assert _native_shown(NAMESPACES["torch"].sin)
    assert NAMESPACES["torch"].sin.__wrapped__ is torch.sin
    dask_array = pytest.importorskip("dask.array")
    # dask's own functions with an axis read it before the graph is built (reads_indices: a
    # 0-d array or a float there failed only at compute time); the native runs underneath
    assert inspect.unwrap(NAMESPACES["dask"].squeeze) is dask_array.squeeze


def test_torch_runtime_error_becomes_value_error_and_stays_runtime_error() -> None:
    import torch

    xp = NAMESPACES["torch"]
    with pytest.raises(ValueError, match=r"^add \[torch\]: ") as info:
        xp.add(torch.ones(3), torch.ones(2))
    e = info.value
    assert isinstance(e, RuntimeError)  # user code catching torch's class still catches it
    assert isinstance(e.__cause__, RuntimeError)
    assert not isinstance(e.__cause__, ValueError)
    text = str(e)
    assert text.startswith("add [torch]: ")
    assert "float32 (3,)" in text
    assert "float32 (2,)" in text


def test_missing_kernel_is_type_error() -> None:
    import torch

    with pytest.raises(TypeError, match=r"bitwise_and \[torch\].*float32"):
        NAMESPACES["torch"].bitwise_and(torch.ones(3), torch.ones(3))


@pytest.mark.parametrize("backend", ["torch", "mlx"])
def test_non_array_is_type_error(backend: str) -> None:
    """A string where an array is expected: compat and ember code read ``.dtype`` of it
    (numpy's argmax reads a string as a 0-d array)."""
    xp = NAMESPACES[backend]
    with pytest.raises(TypeError, match="argmax") as info:
        xp.argmax("not an array")
    assert "argmax" in str(info.value)


def test_shim_names_the_backend_of_its_arguments() -> None:
    import torch

    e = _boundary.translate(RuntimeError("boom"), "scatter.segment_sum", None, (torch.ones(2),))
    assert str(e).startswith("scatter.segment_sum [torch]: boom")
    assert isinstance(e, ValueError)
    assert isinstance(e, RuntimeError)


@pytest.mark.parametrize(
    ("exc", "kind"),
    [
        (RuntimeError("index 7 is out of bounds for dimension 0 with size 3"), IndexError),
        (NotImplementedError("\"lshift_cpu\" not implemented for 'Float'"), TypeError),
        (RuntimeError("std::bad_cast"), ValueError),  # mlx: a Python int out of range
        (RuntimeError("The size of tensor a (3) must match the size of tensor b (2)"), ValueError),
        (OverflowError("Python int too large to convert to C long"), ValueError),
        (MemoryError("Unable to allocate 8.00 TiB"), ValueError),
        (AttributeError("'list' object has no attribute 'dtype'"), TypeError),
        (KeyError("float16"), TypeError),
    ],
)
def test_kinds(exc: BaseException, kind: type[Exception]) -> None:
    out = _boundary.translate(exc, "f", "numpy", (np.ones((2, 3), dtype=np.int8),), {"axis": 1})
    assert isinstance(out, kind)
    assert isinstance(out, type(exc))
    assert "f [numpy]" in str(out)
    assert "int8 (2, 3)" in str(out)
    assert "axis=1" in str(out)


def test_clean_and_recursion_errors_pass_through() -> None:
    for exc in (ValueError("v"), TypeError("t"), IndexError("i"), RecursionError("r")):
        assert _boundary.translate(exc, "f", "numpy") is exc


def test_clean_errors_named_on_request() -> None:
    # clean=True: a backend's own TypeError/ValueError is named and typed by its message (mlx's
    # operators: "Floating point types not allowed with bitwise and." is a dtype refusal)
    refusal = ValueError("Floating point types not allowed with bitwise and.")
    out = _boundary.translate(refusal, "__and__", "mlx", (np.ones(2),), clean=True)
    assert isinstance(out, TypeError)
    assert isinstance(out, ValueError)
    assert str(out).startswith("__and__ [mlx]: Floating point types")
    shapes = ValueError("Shapes (2) and (3) cannot be broadcast.")
    out = _boundary.translate(shapes, "__add__", "mlx", clean=True)
    assert type(out).__mro__[1] is ValueError
    assert "__add__ [mlx]" in str(out)
    # an error that names the backend already (ember's own) stays as it is
    named = TypeError("remainder [mlx]: Only real numeric dtypes are allowed")
    assert _boundary.translate(named, "__mod__", "mlx", clean=True) is named
    assert _boundary.translate(RecursionError("r"), "f", "mlx", clean=True).args == ("r",)


def test_guard_hands_arguments_on_unchanged() -> None:
    seen: list[tuple[tuple[object, ...], dict[str, object]]] = []
    scope: dict[str, object] = {"seen": seen}
    source = "def f(*args, **kwargs):\n    seen.append((args, kwargs))\n    return 1\n"
    # only functions of ember_array's (or array-api-compat's) files are wrapped
    exec(compile(source, "/site/ember_array/fake.py", "exec"), scope)
    f = scope["f"]
    g = _boundary.guard(f, "f", "numpy")
    assert g is not f
    assert g.__wrapped__ is f
    assert g(1, axis=None) == 1
    assert seen == [((1,), {"axis": None})]
    assert _boundary.guard(g, "f", "numpy") is g  # never twice
    assert _boundary.guard(np.sum, "sum", "numpy") is np.sum  # numpy's own Python function


def test_guard_keeps_markers_for_the_support_matrix() -> None:
    from ember_array._markers import marks

    unique = NAMESPACES["mlx"].unique_values
    assert getattr(unique, _boundary.GUARDED, False)
    assert marks(unique).forces


def test_shim_errors_are_translated() -> None:
    """A shim's native failure (mlx: ``std::bad_cast`` for a Python int out of range)."""
    mx = pytest.importorskip("mlx.core")
    with pytest.raises(ValueError, match="segment_sum") as info:
        ember_array.scatter.segment_sum(mx.ones(3), mx.array([0, 1, 2]), num_segments=2**63)
    assert str(info.value).startswith("scatter.segment_sum [mlx]: ")
    assert isinstance(info.value, RuntimeError)


def test_native_class_with_its_own_constructor() -> None:
    """numpy's _ArrayMemoryError takes (shape, dtype) and formats them in __str__."""
    with pytest.raises(ValueError, match="Unable to allocate") as info:
        NAMESPACES["numpy"].zeros((2**40,))
    assert isinstance(info.value, MemoryError)
    assert str(info.value).startswith("zeros [numpy]: Unable to allocate")


def test_description_never_evaluates() -> None:
    """Arrays inside a list or tuple are described by dtype and shape, never by repr (which
    would evaluate a lazy mlx array or a dask graph)."""

    class Lazy:
        dtype = np.dtype("float32")
        shape = (2,)

        def __repr__(self) -> str:
            raise AssertionError("evaluated")

    assert _boundary.describe((Lazy(), [Lazy()], 3)) == (
        "(Lazy float32 (2,), [Lazy float32 (2,)], 3)"
    )

"""Private helpers shared by the mlx namespace modules."""

from __future__ import annotations

import math
import os
import shutil
from collections.abc import Callable, Sequence
from operator import attrgetter
from threading import get_ident, main_thread
from typing import Any

import mlx.core as mx
import numpy as np

from .._common._scalars import index_value
from ._dtype_objects import DTYPES

#: The namespace's default integer dtypes (mlx's own default integer is int32; the standard's
#: index results and the default-int rule use int64 here). The default floating dtypes can be
#: switched: they live in ``_defaults.DEFAULTS`` (float32 unless ``set_default_dtype``).
DEFAULT_INT = DTYPES["int64"]
DEFAULT_UINT = DTYPES["uint64"]
INDEX = DTYPES["int64"]

_NP_TO_NAME = {
    "bool": "bool", "int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64",
    "uint8": "uint8", "uint16": "uint16", "uint32": "uint32", "uint64": "uint64",
    "float32": "float32", "float64": "float64", "complex64": "complex64",
}  # fmt: skip


def np_dtype(dtype: mx.Dtype) -> np.dtype:
    """The numpy dtype matching an mlx dtype."""
    from ._dtype_objects import name_of

    return np.dtype(name_of(dtype))


def mx_dtype_of_numpy(dt: np.dtype, func: str) -> mx.Dtype:
    """The mlx dtype matching a numpy dtype; ``TypeError`` where mlx has none."""
    name = _NP_TO_NAME.get(np.dtype(dt).name)
    if name is None:
        hint = "; pass dtype=complex64 to convert" if np.dtype(dt) == np.complex128 else ""
        raise TypeError(f"{func}: mlx has no dtype matching numpy {np.dtype(dt).name}{hint}")
    return DTYPES[name]


def from_numpy(a: np.ndarray, dtype: mx.Dtype | None = None, func: str = "asarray") -> mx.array:
    """Build an mlx array from a numpy array without a silent float64 -> float32 downcast.

    ``mx.array(np_float64)`` becomes float32 unless the dtype is passed; zero-size arrays are built
    with ``mx.zeros`` because reducing a zero-size array imported from numpy hangs in mlx 0.32.4.
    """
    dt = mx_dtype_of_numpy(a.dtype, func) if dtype is None else dtype
    if a.size == 0:
        return mx.zeros(a.shape, dtype=dt)
    if a.dtype.kind == "c" and dt == mx.complex64 and a.dtype != np.complex64:
        a = a.astype(np.complex64)
    if any(st < 0 for st in a.strides):
        # mlx: mx.array rejects negative strides (a[::-1]): "Cannot convert DLPack arrays with
        # negative strides" (no upstream issue found)
        # The data is copied anyway, so copy it contiguous first.
        a = np.ascontiguousarray(a)
    return mx.array(a, dtype=dt)


def as_array(x: Any, like: mx.array | None = None) -> mx.array:
    """Turn a Python scalar into a 0-d array of ``like``'s dtype (or the default dtype)."""
    if isinstance(x, mx.array):
        return x
    if like is not None:
        return mx.array(x, dtype=like.dtype)
    return mx.array(x)


def normalize_axis(axis: int, ndim: int, func: str) -> int:
    """Normalize a possibly negative axis; ``IndexError`` naming ``func`` when out of range."""
    if not -ndim <= axis < max(ndim, 1) or (ndim == 0 and axis not in (0, -1)):
        raise IndexError(f"{func}: axis {axis} is out of range for an mlx array of ndim {ndim}")
    return axis % ndim if ndim else 0


_INT = frozenset(getattr(mx, n) for n in ("int8", "int16", "int32", "int64")) | frozenset(
    getattr(mx, n) for n in ("uint8", "uint16", "uint32", "uint64")
)
_FLOAT = frozenset((mx.float16, mx.bfloat16, mx.float32, mx.float64))
#: dtype -> result dtype of sum/prod/cumulative_*/trace without dtype= (the default-int rule)
_ACCUMULATE = {
    mx.bool_: DEFAULT_INT,
    **{getattr(mx, n): DEFAULT_INT for n in ("int8", "int16", "int32", "int64")},
    **{getattr(mx, n): DEFAULT_UINT for n in ("uint8", "uint16", "uint32", "uint64")},
}


def is_int(dtype: mx.Dtype) -> bool:
    """Whether ``dtype`` is a (signed or unsigned) integer dtype (a set lookup: fast)."""
    return dtype in _INT


def is_float(dtype: mx.Dtype) -> bool:
    """Whether ``dtype`` is a real floating dtype."""
    return dtype in _FLOAT


def is_complex(dtype: mx.Dtype) -> bool:
    """Whether ``dtype`` is complex64 (mlx's only complex dtype)."""
    return dtype == mx.complex64


def accumulation_dtype(x: mx.array, dtype: Any, func: str) -> mx.Dtype:
    """The result dtype of ``sum``/``prod``/``cumulative_*``/``trace``: the default-int rule.

    mlx keeps small integer dtypes (int8 sums wrap around); the standard widens signed integers
    and bool to the default integer (int64) and unsigned integers to uint64.
    """
    if dtype is None:
        return _ACCUMULATE.get(x.dtype, x.dtype)
    from ._dtype_objects import native

    out = native(dtype, func)
    assert out is not None  # dtype is not None here
    return out


def dense_if_empty(x: mx.array) -> mx.array:
    """Replace a zero-size array by a fresh ``mx.zeros`` of the same shape and dtype.

    mlx 0.32.4 can spin for a minute or forever reducing zero-size arrays that come from numpy or
    from views (e.g. an empty ``mx.diagonal``); ``mx.zeros`` ones reduce instantly.  The check is
    on the static shape: lazy.
    """
    return mx.zeros(x.shape, dtype=x.dtype) if x.size == 0 else x


def scalar(value: Any, dtype: mx.Dtype) -> mx.array:
    """A 0-d array of ``dtype`` (``mx.array(2**64 - 1, dtype=uint64)`` raises std::bad_cast)."""
    if isinstance(value, int) and not isinstance(value, bool) and value > 2**63 - 1:
        return mx.array(np.asarray(value, dtype=np_dtype(dtype)), dtype=dtype)
    return mx.array(value, dtype=dtype)


# mlx: every dimension is an int32, larger sizes overflow and crash;
# https://github.com/ml-explore/mlx/issues/460
#: mlx stores every dimension as an int32.
MAX_DIM = 2**31 - 1


def _memory_bytes() -> int:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):  # pragma: no cover - not POSIX
        return 2**48


#: No array can outgrow the machine's memory (mlx's memory is unified with the host's).
MAX_BYTES = _memory_bytes()


def check_shape(
    shape: int | Sequence[int], func: str, dtype: mx.Dtype | None = None
) -> tuple[int, ...]:
    """``shape`` as a tuple of Python ints, checked against what mlx can hold (with ``dtype``,
    the allocation too).

    mlx does no checks of its own (https://github.com/ml-explore/mlx/issues/2130): a dimension
    beyond int32 or an allocation beyond memory ends the process (SIGSEGV/SIGABRT). The checks
    read only the static shape, so they cost no evaluation; a shape given as 0-d integer arrays
    is read (an mlx array is evaluated), as numpy reads one: the result's shape depends on it.
    """
    if type(shape) is tuple:
        # hot path: a tuple of in-range Python ints, what the namespace's own calls pass
        for d in shape:
            if type(d) is not int or not 0 <= d <= MAX_DIM:
                break
        else:
            if dtype is None or math.prod(shape) * dtype.size <= MAX_BYTES:
                return shape
    # numpy integers and 0-d integer arrays (in a tuple too) as Python ints, as numpy takes them
    shape = index_value(shape)
    if isinstance(shape, (int, np.integer)) and not isinstance(shape, bool):
        dims: tuple[Any, ...] = (shape,)
    elif isinstance(shape, Sequence) and not isinstance(shape, str):
        dims = tuple(shape)
    else:
        raise TypeError(f"{func} [mlx]: shape must be an int or a tuple of ints, got {shape!r}")
    out = []
    for d in dims:
        if isinstance(d, bool) or not isinstance(d, (int, np.integer)):
            raise TypeError(f"{func} [mlx]: shape entries must be ints, got {d!r} in {shape!r}")
        if d < 0:
            raise ValueError(f"{func} [mlx]: negative dimension {d} in shape {shape!r}")
        if d > MAX_DIM:
            raise ValueError(
                f"{func} [mlx]: dimension {d} in shape {shape!r} exceeds mlx's limit {MAX_DIM}"
            )
        out.append(int(d))
    if dtype is not None:
        nbytes = math.prod(out) * dtype.size
        if nbytes > MAX_BYTES:
            name = str(dtype).rpartition(".")[2]
            raise ValueError(
                f"{func} [mlx]: shape {tuple(out)} of {name} needs {nbytes} bytes, more than "
                f"this machine's memory ({MAX_BYTES} bytes)"
            )
    return tuple(out)


# mlx: a function made by mx.compile and called from several threads ends the process at exit
# ("terminate called without an active exception", SIGABRT; mlx 0.32.4, 8 threads calling
# ember's exp: 2 runs of 5) (no upstream issue found)
#: The thread whose calls take the compiled function; any other calls the function itself
#: (the same operations unfused: the same bits).
_MAIN_THREAD = main_thread().ident

_SHAPE = attrgetter("shape")

#: How many input shapes a :class:`Compiled` function keeps traced before it starts afresh.
COMPILED_SHAPES = 64


class Compiled:
    """``mx.compile(fn)`` whose trace cache is bounded.

    Compiled with shapes (not ``shapeless=True``): a shapeless trace puts a ``Broadcast`` node on
    every operand of every binary op (``broadcast_arrays`` under ``in_dynamic_tracing``, mlx
    0.32), and mlx's fusion, which stops at depth 11 and at shared nodes, then splits an exp into
    11 kernels instead of 2 (1.8x mx.exp's time at 1000 elements instead of 1.15x); a shapeless
    kernel also takes the per-axis maximum of its input shapes as its output shape, (0, 3) with
    (1, 3) giving (1, 3) (``Compiled::output_shapes``, mlx/compile.cpp). mlx keeps one
    trace per input shape and scans them all at each call; after :data:`COMPILED_SHAPES`
    distinct shapes the compiled function is made anew (mlx drops a function's traces with it).
    Under a transform the inputs are tracers, and mlx's compiled function just calls ``fn``
    (``compile.cpp``: "If the inputs are tracers, trace the original graph").
    """

    __slots__ = ("compiled", "fn", "shapes")

    def __init__(self, fn: Callable[..., mx.array]) -> None:
        self.fn = fn
        self.compiled = mx.compile(fn)
        self.shapes: set[Any] = set()

    def _seen(self, key: Any) -> None:
        shapes = self.shapes
        if len(shapes) >= COMPILED_SHAPES:
            shapes.clear()
            self.compiled = mx.compile(self.fn)
        shapes.add(key)

    def __call__(self, *args: Any) -> mx.array:
        if get_ident() != _MAIN_THREAD:
            return self.fn(*args)  # see _MAIN_THREAD
        if len(args) == 1:
            key: Any = args[0].shape
        elif len(args) == 2:
            key = (args[0].shape, args[1].shape)
        elif len(args) == 3 and type(args[2]) is int:  # two arrays and an axis
            key = (args[0].shape, args[1].shape, args[2])
        else:  # arrays by shape, constants (ints, None) as they are
            if any(isinstance(a, np.generic) for a in args):
                # mlx: a compiled function takes trees of arrays and Python constants only
                # ("[compile] Function arguments must be trees of arrays or constants ...
                # received type int64"; no upstream issue found): a numpy scalar (an axis a
                # wrapper computed with numpy) as its Python value, a host value
                args = tuple(a.item() if isinstance(a, np.generic) else a for a in args)
            key = tuple(a.shape if isinstance(a, mx.array) else a for a in args)
        if key not in self.shapes:
            self._seen(key)
        out: mx.array = self.compiled(*args)
        return out

    def arrays(self, *args: mx.array) -> mx.array:
        """``self(*args)`` for arguments that are all arrays (``ember_array.compile``'s hot path:
        the shapes read in C, no scan for numpy scalars)."""
        if get_ident() != _MAIN_THREAD:
            return self.fn(*args)
        key = tuple(map(_SHAPE, args))
        if key not in self.shapes:
            self._seen(key)
        out: mx.array = self.compiled(*args)
        return out

    def pair(self, a: mx.array, b: mx.array, a_shape: Any) -> mx.array:
        """``self(a, b)`` for two arrays, ``a``'s shape already read (the hot path of ``take``:
        no argument tuple, one attribute read fewer)."""
        if get_ident() != _MAIN_THREAD:
            return self.fn(a, b)
        key = (a_shape, b.shape)
        if key not in self.shapes:
            self._seen(key)
        out: mx.array = self.compiled(a, b)
        return out


#: Calls of :func:`_count_call`, mx.compile's Python body of :data:`_TRACER_PROBE`
_PROBE_CALLS = [0]


def _count_call(x: mx.array) -> mx.array:
    _PROBE_CALLS[0] += 1
    return x


#: An identity compiled without shapes: mlx calls its Python body again for tracer inputs only
#: (and on its first call per dtype and ndim); see :func:`traced`
_TRACER_PROBE = mx.compile(_count_call, shapeless=True)


def traced(x: mx.array) -> bool:
    """Whether ``x`` may be a tracer of an mlx transform (``vmap``, ``grad``, ``compile``...).

    mlx has no public test for it, but a compiled function calls its Python body again
    whenever an input is a tracer ("If the inputs are tracers, trace the original graph",
    ``mlx/compile.cpp``) and otherwise replays its cached graph: a compiled identity that counts
    its calls tells the two apart (~0.8 us, no graph node, nothing evaluated). True, the safe
    answer, also on the first call per dtype and ndim, off the main thread (see
    :data:`_MAIN_THREAD`) and with compilation disabled. For operations that lack a transform
    rule (``as_strided`` has no vmap rule): take them only where this is False.
    """
    if get_ident() != _MAIN_THREAD:
        return True
    before = _PROBE_CALLS[0]
    _TRACER_PROBE(x)
    return _PROBE_CALLS[0] != before


def on_cpu() -> bool:
    """Whether operations run on the CPU now (mlx's default device)."""
    return bool(mx.default_device().type == mx.cpu)


def jit_available() -> bool:
    """Whether ``mx.compile`` fuses here: mlx fuses on a GPU, and on the CPU only where ``g++``
    runs (``JitCompiler::available``); otherwise it calls the function unchanged."""
    if os.environ.get("MLX_DISABLE_COMPILE"):
        return False
    return mx.default_device().type == mx.gpu or shutil.which("g++") is not None


def no_complex128(x: mx.array, func: str) -> None:
    """``TypeError`` for a float64 ``x`` whose result would be complex128 (FFTs, ``eig``): mlx
    has no complex128 and would compute complex64."""
    if x.dtype == mx.float64:
        raise TypeError(f"{func}: float64 input would give complex128, which mlx lacks")

"""Checks of Python-scalar arguments, written once.

Native functions coerce what the standard does not allow: numpy turns ``full(2, "1")`` into a
string array and ``repeat(x, "1")``/``roll(x, "1")``/``clip(x, "1")`` into numbers, torch
reads ``isdtype(dt, 1)`` as a kind. Each check raises ``TypeError`` naming the function, the
backend and what was given.
"""

from __future__ import annotations

import builtins
import functools
import inspect
import operator
from collections.abc import Callable, Mapping
from numbers import Integral, Number
from typing import Any

from .._backends import BY_NAME, backend_of_type
from .._boundary import describe
from .._markers import transparent, wraps_native
from .._signatures import standard_signature

__all__ = [
    "SCALAR_PARAMETERS",
    "SHAPE_PARAMETERS",
    "bool_arange",
    "host_value",
    "index_value",
    "INDEX_PARAMETERS",
    "index_argument",
    "index_parameters",
    "index_retry",
    "is_host",
    "reads_indices",
    "read_host_scalars",
    "reads_host_scalars",
    "scalar_value",
    "check_bound",
    "check_fill",
    "check_int_or_array",
    "check_int_or_ints",
    "diagonal_offset",
    "triangle",
    "int_truthy",
    "keepdims_as_numpy",
    "INT_FLAGS",
    "as_numpy_reads",
    "reduced_shift",
    "truthy",
]


_PY_SCALARS = frozenset({bool, int, float, complex})
#: the values a flag is read as the truth of: never an array (its truth would evaluate it)
_FLAG_VALUES = frozenset({type(None), int, float, complex, str})
#: those of them numpy's ufunc reductions and ``count_nonzero`` read (``keepdims=None`` or 1)
INT_FLAGS = frozenset({type(None), int})


def _got(value: Any) -> str:
    return f"got {type(value).__module__}.{type(value).__qualname__}"


def _zero_d(value: Any, backend: str | None) -> str | None:
    """The backend of ``value`` if it is a 0-d array of ``backend`` (of any backend where
    ``backend`` is None) or of a host library (numpy: eager, no devices, so its value is a
    host value as its scalars' are), else None."""
    owner = backend_of_type(type(value))
    if owner is None or getattr(value, "ndim", None) != 0:
        return None
    return owner if backend is None or owner == backend or is_host(owner) else None


def is_host(backend: str) -> bool:
    """Whether ``backend``'s arrays hold host values (eager, no devices: numpy's)."""
    row = BY_NAME[backend]
    return not row.lazy and not row.device_types


def scalar_value(func: str, backend: str | None, name: str, value: Any) -> Any:
    """A scalar parameter as a Python scalar: the one mechanism for "a number where the
    standard says ``int | float``" (fill values, bounds, window parameters, constants that reach
    an ``mx.compile``'d function).

    A Python scalar comes back as it is (one type test: the fast path). What wrappers pass
    instead, as numpy and array-api-compat accept it: a numpy scalar gives its Python value (a
    host value: nothing is evaluated), as does a 0-d numpy array; a 0-d array of ``backend``
    (of any backend where None) is read, which evaluates a lazy mlx array and waits for a
    torch device: callers take this path only where the backend itself refused the array, or
    where they need the value on the host anyway. A dask array is never read (that would
    compute the graph while it is built). Anything else (a string, a 1-d array, another
    library's 0-d array) raises ``TypeError`` naming the function, the backend and the
    parameter.
    """
    if type(value) in _PY_SCALARS:
        return value
    if isinstance(value, Number) and not isinstance(value, (str, bytes)):
        item = getattr(value, "item", None)  # numpy scalars; other Numbers are Python values
        return item() if callable(item) else value
    owner = _zero_d(value, backend)
    if owner is not None and not BY_NAME[owner].chunked:
        return value.item()
    where = f" [{backend}]" if backend else ""
    reason = (
        " (reading a dask array's value would compute the graph)"
        if owner is not None
        else ", " + _got(value)
    )
    raise TypeError(
        f"{func}(){where}: {name} must be a Python scalar, a numpy scalar or a 0-d array of "
        f"{backend or 'the backend'}{reason}"
    )


def host_value(value: Any) -> Any:
    """``value`` with what is a host value made a Python one: a numpy scalar or a 0-d numpy
    array gives its Python scalar, a tuple gives its items so (a shape of numpy ints); anything
    else (a Python scalar, an array of a backend, a lazy array) comes back as it is. Nothing is
    evaluated: numpy holds its values on the host."""
    if type(value) in _PY_SCALARS:
        return value
    if isinstance(value, tuple):
        items = tuple(host_value(v) for v in value)
        return items if any(a is not b for a, b in zip(items, value, strict=True)) else value
    if isinstance(value, Number):
        item = getattr(value, "item", None)  # numpy scalars; other Numbers are Python values
        return item() if callable(item) else value
    owner = _zero_d(value, None)
    return value.item() if owner is not None and is_host(owner) else value


def _is_bool(dtype: Any) -> bool:
    # numpy's bool, torch.bool, mlx.core.bool: each library's name for it ends so
    return str(dtype).rpartition(".")[2] in ("bool", "bool_")


def index_value(value: Any) -> Any:
    """A shape (an int or a tuple of them) or a count as numpy reads it: :func:`host_value`,
    and a 0-d integer array of any backend (in a tuple too) read as its int through
    ``operator.index``, as numpy reads a shape.

    Reading evaluates a lazy mlx array, waits for a torch device and computes a dask graph:
    only for parameters on whose value the result's shape depends (``shape``, ``diff``'s
    ``n``), and only once the backend has refused the array. A bool array stays as it is
    (numpy refuses it as an index; torch and dask would read it as 0 or 1), as does anything
    ``operator.index`` refuses (a floating array): the backend's own error stands.
    """
    if type(value) is int:
        return value
    if isinstance(value, (tuple, list)):
        items = tuple(index_value(v) for v in value)
        changed = any(a is not b for a, b in zip(items, value, strict=True))
        return items if changed else value
    if _zero_d(value, None) is not None and not _is_bool(value.dtype):
        try:
            return operator.index(value)
        except TypeError:
            return value
    return host_value(value)


#: The scalar parameters of the standard's functions (``int | float`` there, or a shape), by
#: function: where a backend refuses a numpy scalar or a 0-d numpy array in one of them, the
#: call is retried with its Python value (:func:`reads_host_scalars`). Parameters that take
#: an array as well keep a 0-d array of the backend as it is (torch takes its own natively).
#: A parameter of :data:`SHAPE_PARAMETERS` is retried with :func:`index_value`: a 0-d
#: integer array of the backend too is read there, since the result's shape depends on it.
SCALAR_PARAMETERS: Mapping[str, tuple[str, ...]] = {
    "arange": ("start", "stop", "step"),
    "clip": ("min", "max"),
    "empty": ("shape",),
    "eye": ("n_rows", "n_cols", "k"),
    "full": ("shape", "fill_value"),
    "full_like": ("fill_value",),
    "linspace": ("start", "stop", "num"),
    "ones": ("shape",),
    "pow": ("x2",),
    "std": ("correction",),
    "var": ("correction",),
    "where": ("x1", "x2"),
    "zeros": ("shape",),
}
#: The parameters of :data:`SCALAR_PARAMETERS` that give the result's shape.
SHAPE_PARAMETERS = frozenset({"shape"})


def _rebound(
    signature: inspect.Signature,
    names: tuple[str, ...],
    args: Any,
    kwargs: Any,
    convert: Callable[[str, Any], Any],
) -> inspect.BoundArguments | None:
    """The arguments with ``convert(name, value)`` for each of ``names`` given; None when
    none changes (or they do not bind: the function's own error stands)."""
    try:
        bound = signature.bind(*args, **kwargs)
    except TypeError:
        return None
    changed = False
    for name in names:
        if name in bound.arguments:
            value = bound.arguments[name]
            new = convert(name, value)
            if new is not value:
                bound.arguments[name] = new
                changed = True
    return bound if changed else None


def _host_or_index(name: str, value: Any) -> Any:
    return index_value(value) if name in SHAPE_PARAMETERS else host_value(value)


def _hosted(
    signature: inspect.Signature, names: tuple[str, ...], args: Any, kwargs: Any
) -> inspect.BoundArguments | None:
    """The arguments with :func:`host_value` of each of ``names`` (:func:`index_value` for a
    shape); None when none changes (or they do not bind)."""
    return _rebound(signature, names, args, kwargs, _host_or_index)


def reads_host_scalars(
    f: Callable[..., Any], func: str, names: tuple[str, ...]
) -> Callable[..., Any]:
    """``f``, retried once it has raised ``TypeError`` with the numpy scalars and 0-d numpy
    arrays among its parameters ``names`` as Python values (:func:`host_value`; a shape's
    0-d integer arrays of any backend too, :func:`index_value`: the result's shape depends on
    them, so reading them is needed).

    torch's functions refuse them (``full(): argument 'fill_value' must be Number, not
    numpy.ndarray``; dask's ``arange`` takes a 0-d array's truth) where numpy, mlx and
    array-api-compat's numpy accept them, and wrappers (masked, unit arrays) pass them. A call
    with proper types costs one ``try``; the signature is read on the failing path only.
    """
    try:
        signature: inspect.Signature | None = inspect.signature(f)
    except (TypeError, ValueError):  # a builtin (torch's full_like): the standard's signature
        signature = standard_signature(func)
    if signature is None:
        return f
    sig = signature

    @functools.wraps(f)
    def retried(*args: Any, **kwargs: Any) -> Any:
        try:
            return f(*args, **kwargs)
        except (TypeError, ValueError):  # dask's arange: ValueError (a 0-d array's truth)
            hosted = _hosted(sig, names, args, kwargs)
            if hosted is None:
                raise
        return f(*hosted.args, **hosted.kwargs)

    return transparent(retried)


def read_host_scalars(globals_: dict[str, Any], names: Any) -> None:
    """Each function of :data:`SCALAR_PARAMETERS` among ``names`` in a namespace's
    ``globals_`` made :func:`reads_host_scalars` (``populate``'s ``before_guard``)."""
    for name in names:
        params = SCALAR_PARAMETERS.get(name)
        if params is not None and callable(globals_.get(name)):
            globals_[name] = reads_host_scalars(globals_[name], name, params)


#: The standard's integer parameters: axes (``axis``, ``axes``, ``source``, ``destination``),
#: lengths (``n``, ``s``) and diagonal offsets (``k``, ``offset``), in every function that has
#: them (read from the standard's signatures: :func:`index_parameters`).
INDEX_PARAMETERS = frozenset({"axis", "axes", "source", "destination", "n", "s", "k", "offset"})


class _NotAnIndexError(Exception):
    """An integer parameter holds what no library reads as an int (a bool, a float...)."""

    def __init__(self, value: Any) -> None:
        self.value = value


def _index_argument(value: Any) -> Any:
    """``value`` (an integer parameter's argument) read as :func:`index_value` reads a shape
    (numpy integers and 0-d integer arrays of any backend as Python ints), in tuples and lists
    too, which keep their type.

    Raises :class:`_NotAnIndexError` for what that leaves other than an int: a numpy bool or a
    0-d bool array (numpy refuses them), a float, a traced array. A Python bool stays as it
    is: numpy reads ``axis=True`` as 1 in some functions and refuses it in others, which
    :func:`as_numpy_reads` follows function by function.
    """
    if value is None or type(value) is int or type(value) is bool:
        return value
    if isinstance(value, (tuple, list)):
        items = [_index_argument(v) for v in value]
        changed = any(a is not b for a, b in zip(items, value, strict=True))
        return type(value)(items) if changed else value
    read = index_value(value)
    if type(read) is not int:
        raise _NotAnIndexError(value)
    return read


def index_argument(value: Any, func: str, backend: str, name: str = "axis") -> Any:
    """An integer parameter's argument with numpy integers and 0-d integer arrays read as
    Python ints (:func:`_index_argument`), for a hot function's slower branch (the fast one
    takes ``type(axis) is int``); ``TypeError`` naming the function, the backend and the
    parameter for a bool, a float or a traced array."""
    if value is None or type(value) is int:
        return value
    try:
        return _index_argument(value)
    except _NotAnIndexError as bad:
        kind = "an int" if name in ("n", "k", "offset") else "an int or a tuple of ints"
        inner = f" in {describe(value)}" if bad.value is not value else ""
        raise TypeError(
            f"{func} [{backend}]: {name} must be {kind}, got {describe(bad.value)}{inner}"
        ) from None


def _read_indices(
    func: str, backend: str, signature: inspect.Signature, names: tuple[str, ...],
    args: Any, kwargs: Any,
) -> inspect.BoundArguments | None:  # fmt: skip
    """The arguments with each of ``names`` through :func:`index_argument`; None when none
    changes or they do not bind (the function's own error stands). A numpy bool, a float or
    a traced array there raises ``TypeError`` naming the function, the backend and the
    parameter."""
    return _rebound(
        signature, names, args, kwargs, lambda n, v: index_argument(v, func, backend, n)
    )


def index_parameters(qualname: str) -> tuple[inspect.Signature | None, tuple[str, ...]]:
    """The standard's signature of ``qualname`` (``"fft.fft"``) and its integer parameters
    (:data:`INDEX_PARAMETERS`); ``(None, ())`` for a name without them."""
    signature = standard_signature(qualname)
    if signature is None:
        return None, ()
    names = tuple(p for p in signature.parameters if p in INDEX_PARAMETERS)
    return (signature, names) if names else (None, ())


def index_retry(
    func: str, backend: str, signature: inspect.Signature, names: tuple[str, ...]
) -> Callable[[Exception, tuple[Any, ...], dict[str, Any]], Any]:
    """The hook :func:`ember_array._boundary.guard` calls once a function of ``backend`` has
    raised: the arguments with the numpy integers and 0-d integer arrays among its integer
    parameters ``names`` read as Python ints, or None when there are none; a bool, a float
    or a traced array there raises ``TypeError`` naming the function, the backend and the
    parameter (from the function's own error).

    What wrappers and shape arithmetic pass (``axis=np.int64(1)``, ``np.argmax(shape)``, a
    0-d array) is an int to numpy, array-api-compat's numpy and ``operator.index``, where
    torch's functions (and code before them: ``axis == ()`` with a 0-d numpy array is an
    empty array's truth), mlx's and dask's refuse it with their own words. Reading a lazy
    or device array happens on this failing path only, where it is needed anyway: an axis or
    a length gives the result's shape.
    """

    def retry(e: Exception, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        try:
            read = _read_indices(func, backend, signature, names, args, kwargs)
        except TypeError as refused:
            raise refused from e
        return None if read is None else (read.args, read.kwargs)

    return retry


def reads_indices(
    f: Callable[..., Any], func: str, backend: str, signature: inspect.Signature,
    names: tuple[str, ...],
) -> Callable[..., Any]:  # fmt: skip
    """``f`` with :func:`index_retry`, for what :func:`ember_array._boundary.guard` does not
    wrap (a backend's own functions: torch's ``moveaxis``, dask's reductions).

    A chunked backend's (dask's) arguments are read and checked before the call: dask takes
    a 0-d array, a bool or a float as an axis while it builds the graph and fails only when
    the graph is computed, and a call that builds a graph costs far more than binding the
    arguments.
    """
    early = BY_NAME[backend].chunked
    retry = index_retry(func, backend, signature, names)

    @functools.wraps(f)
    def retried(*args: Any, **kwargs: Any) -> Any:
        if early:
            read = _read_indices(func, backend, signature, names, args, kwargs)
            if read is not None:
                args, kwargs = read.args, read.kwargs
        try:
            return f(*args, **kwargs)
        except Exception as e:
            again = retry(e, args, kwargs)
            if again is None:
                raise
        return f(*again[0], **again[1])

    return transparent(retried)


def bool_arange(backend: str, start: Any, stop: Any, step: Any) -> list[bool]:
    """The values of ``arange(start, stop, step, dtype=bool)`` as numpy gives them: a bool
    result has at most two elements (``start`` and ``start + step``, as their truth), a longer
    one raises ``TypeError`` with numpy's words (array-api-strict's too), naming the backend.

    torch counts on (``[False, True, True]`` for ``arange(3)``), mlx refuses every length
    ("bool not supported for arange"). The bounds are Python numbers (the callers' own
    conversion of 0-d arrays has run): nothing is evaluated.
    """
    if stop is None:
        start, stop = 0, start
    if step == 0:
        raise ValueError(f"arange [{backend}]: step must not be zero")
    span = (stop - start) / step
    n = builtins.max(0, -int(-span // 1))  # ceil, as the length of every arange
    if n > 2:
        raise TypeError(
            f"arange [{backend}]: arange() is only supported for booleans when the result has "
            f"at most length 2 (numpy's rule; this one has {n})"
        )
    return [bool(start + i * step) for i in range(n)]


def check_fill(func: str, backend: str, value: Any) -> None:
    """``fill_value``: a Python or numpy scalar, or a 0-d array of the backend or of numpy
    (passed on as it is: numpy and dask fill with it as numpy does), never a string or another
    object (:func:`scalar_value`'s rule, without reading the value)."""
    # exact Python types first: isinstance against the numbers ABCs costs ~0.3 µs
    if type(value) in _PY_SCALARS:
        return
    if not isinstance(value, Number) and _zero_d(value, backend) is None:
        raise TypeError(
            f"{func}() [{backend}]: fill_value must be a bool, int, float or complex (or a "
            "numpy scalar or a 0-d array of the backend), " + _got(value)
        )


def check_bound(func: str, backend: str, name: str, value: Any, is_array: Any) -> None:
    """``min``/``max`` of clip: None, a real number or an array of the backend."""
    if value is None or is_array(value):
        return
    if isinstance(value, complex) or not isinstance(value, Number):
        raise TypeError(
            f"{func}() [{backend}]: {name} must be None, an int, a float or an array, "
            + _got(value)
        )


def check_int_or_array(func: str, backend: str, name: str, value: Any, is_array: Any) -> None:
    """An int (not a bool) or an array of the backend (``repeat``'s ``repeats``)."""
    if type(value) is int or is_array(value):
        return
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise TypeError(f"{func}() [{backend}]: {name} must be an int or an array, " + _got(value))


def check_int_or_ints(func: str, backend: str, name: str, value: Any) -> None:
    """An int or a tuple of ints (``roll``'s ``shift``); a bool is read as its int, as numpy
    and dask read it (torch and mlx do once they have refused it: :func:`reduced_shift`), a
    0-d integer numpy array as its int, as numpy reads it."""
    items = value if isinstance(value, tuple) else (value,)
    for v in items:
        if not isinstance(v, Integral) and not isinstance(host_value(v), Integral):
            raise TypeError(
                f"{func}() [{backend}]: {name} must be an int or a tuple of ints, " + _got(value)
            )


def truthy(**flags: Any) -> dict[str, bool] | None:
    """Boolean keywords given another value (``keepdims=1``, ``descending="yes"``), as bools;
    None when every one is a bool already (the backend refused something else).

    Called only once a backend has raised ``TypeError``: torch and mlx refuse a non-bool where
    numpy and dask read the value's truth, so the refusing backend retries with the truth and
    every backend gives the same result, at no cost to a call given bools.
    """
    if all(type(v) is bool for v in flags.values()):
        return None
    return {k: bool(v) for k, v in flags.items()}


def int_truthy(**flags: Any) -> dict[str, bool] | None:
    """:func:`truthy` of int values only (``keepdims=1``): numpy's ufunc reductions (``sum``,
    ``max``...) take an int for a bool and refuse ``1.5``, ``"yes"`` and None, as torch and mlx
    do; None when any value is not an int or all are bools."""
    if any(type(v) not in (bool, int) for v in flags.values()):
        return None
    return truthy(**flags)


def keepdims_as_numpy(error: TypeError, keepdims: Any) -> bool:
    """In ``except TypeError as error`` of a reduction: an int ``keepdims`` read as its truth,
    as numpy's reductions read it (``keepdims=1``); ``error`` raised again for anything else."""
    flags = int_truthy(keepdims=keepdims)
    if flags is None:
        raise error
    return flags["keepdims"]


def diagonal_offset(k: Any, rows: int, cols: int) -> int | None:
    """``tril``/``triu``'s ``k`` as numpy reads it, for a backend that refused it: a bool is an
    int, and an int up to 2**63 beyond the matrix is clamped to ``[-rows, cols]`` (the same
    triangle); None for an int already in that range or anything else (a float stays refused:
    numpy's triangle of ``k=1.5`` is no triangle; beyond 2**63 numpy overflows too)."""
    if not isinstance(k, int) or not -(1 << 63) <= k <= 1 << 63:
        return None
    clamped = builtins.min(builtins.max(int(k), -rows), cols)
    return None if type(k) is int and clamped == k else clamped


def triangle(call: Any, name: str, refusals: tuple[type[Exception], ...]) -> Any:
    """``tril``/``triu`` over ``call(x, k)``; a ``k`` the backend refuses with one of
    ``refusals`` is read as numpy reads it (:func:`diagonal_offset`), only once it has refused."""

    def tri(x: Any, /, *, k: int = 0) -> Any:
        try:
            return call(x, k)
        except refusals:
            offset = diagonal_offset(k, *x.shape[-2:]) if getattr(x, "ndim", 0) >= 2 else None
            if offset is None:
                raise
            return call(x, offset)

    tri.__name__ = tri.__qualname__ = name
    tri.__doc__ = f"The {'lower' if name == 'tril' else 'upper'} triangle of the last two axes."
    return wraps_native()(tri)


def as_numpy_reads(
    flags: Mapping[str, Any] | None = None,
    ints: Mapping[str, Any] | None = None,
    *,
    reads: frozenset[type] = _FLAG_VALUES,
) -> dict[str, Any] | None:
    """Keywords as numpy reads them, for a backend that refused them (torch and mlx type their
    keywords strictly): each of ``flags`` (``keepdims=None``, ``copy=1``, ``endpoint=None``)
    as its truth, and a bool in ``ints`` (``axis=True``, ``n=True``, ``k=True``, also inside a
    tuple) as its int. All the keywords given, converted, or None when nothing changes (the
    backend refused something else: the caller re-raises). ``reads``: the types of flag value
    numpy reads in that function (:data:`INT_FLAGS` where it refuses ``"yes"`` and 1.5).

    Called on the failing path only (once the native call has raised), so a call given proper
    types costs nothing extra; an array is never read (its truth would evaluate it).
    """
    out: dict[str, Any] = {}
    changed = False
    for k, v in (flags or {}).items():
        if type(v) in reads and type(v) is not bool:
            v, changed = bool(v), True
        out[k] = v
    for k, v in (ints or {}).items():
        if type(v) is bool:
            v, changed = int(v), True
        elif type(v) is tuple and any(type(i) is bool for i in v):
            v, changed = tuple(int(i) if type(i) is bool else i for i in v), True
        out[k] = v
    return out if changed else None


def reduced_shift(shift: Any, axis: Any, shape: tuple[int, ...]) -> tuple[Any, Any] | None:
    """``roll``'s ``shift`` and ``axis`` as numpy reads them, for a backend that refused them:
    a bool as its int, a shift beyond the backend's range reduced modulo the length it rolls
    (the same roll), and one shift for several axes repeated for each; None when nothing
    changes (the caller re-raises). A numpy integer or a 0-d numpy array is a shift too (its
    Python value: a host value, nothing is evaluated)."""
    hosted = host_value(shift)
    changed = hosted is not shift
    shift = hosted
    fixed = as_numpy_reads(ints={"axis": axis})
    if fixed is not None:
        axis = fixed["axis"]
    size = 1
    for d in shape:
        if type(d) is not int:  # dask's unknown (NaN) lengths
            return None
        size *= d
    axes = axis if isinstance(axis, tuple) else (axis,)
    if isinstance(shift, tuple):
        shifts = shift
    elif isinstance(axis, tuple):
        shifts = (shift,) * len(axis)
    else:
        shifts = (shift,)
    if len(shifts) != len(axes) or not all(isinstance(s, int) for s in shifts):
        return None
    if not all(a is None or (type(a) is int and -len(shape) <= a < len(shape)) for a in axes):
        return None
    lengths = [size if a is None else shape[a] for a in axes]
    out = tuple(int(s) % n if n else 0 for s, n in zip(shifts, lengths, strict=True))
    if not isinstance(shift, tuple) and not isinstance(axis, tuple):
        if fixed is None and not changed and type(shift) is int and out[0] == shift:
            return None
        return out[0], axis
    return out, axis

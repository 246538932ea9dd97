"""The sweep's cases, generated from the standard's signatures, one perturbation at a time.

Every function of the standard (``ember_array._spec``) is called through its
array-api-strict signature (``inspect.signature``): each parameter has a *role*, found from
its name (``x``/``x1`` arrays, ``axis``, ``dtype``, ``shape``...), a valid base value, and a
list of perturbations for that role. A case is the base call with one argument perturbed
(or with every array at one dtype). The array operators, ``__array_namespace_info__`` and the
shims (random, scatter, signal, device helpers; ``inspect.signature`` of the shim itself) go
through the same roles. Which functions exist on a backend is the support matrix's call
(:func:`ember_array._report.classify`: ``missing`` names are not swept).
"""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from ember_array import _spec
from ember_array._common._data_types import promote_names

from ._inputs import DT, Arr, Dev, Foreign, Xp

DTYPES = _spec.DTYPES
FLOATS = ("float32", "float64", "complex64", "complex128")


@dataclass(frozen=True)
class Obj:
    """A plain ``object()`` (built in the worker: ``object()`` itself does not pickle equal)."""


@dataclass(frozen=True)
class NpDT:
    """numpy's dtype ``name``: a dtype of another library (for torch and mlx)."""

    name: str


@dataclass(frozen=True)
class Case:
    """One call: ``target(*args, **kwargs)`` on ``group``'s namespace, one thing perturbed.

    ``target``: a standard name (``"sum"``, ``"linalg.svd"``, ``"info.dtypes"``), an operator
    (``"op.add"``, ``"op.getitem"``, ``"op.setitem"``, ``"op.iadd"``, ``"attr.mT"``) or a shim
    (``"shim.random.uniform"``). ``must_raise``: the standard requires an error here (an
    out-of-range Python index or axis, a negative size, a string where a number goes), so a
    result where array-api-strict raises is a wrong answer, not leniency. ``compare``:
    ``"value"``, ``"sorted"`` (order unspecified), ``"shape"`` (values unspecified:
    ``empty``, decompositions), ``"none"`` (devices, info dicts: only crash/error matter).
    """

    group: str
    target: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any] = field(default_factory=dict)
    param: str = ""
    label: str = "base"
    must_raise: bool = False
    compare: str = "value"
    #: the standard requires a result here (``asarray`` of a numpy array or a nested list):
    #: a clean error is a wrong answer too
    must_work: bool = False
    #: what the perturbation varies, for the agreement table: ``"arrays"`` (only the arrays'
    #: dtype, shape, values or layout, the dtypes still combined by the standard's promotion
    #: table), ``"mixed"`` (arrays of kinds the table does not combine: int with float) or
    #: ``"keyword"`` (a Python type, a keyword's value, another library's array)
    varies: str = "keyword"

    @property
    def id(self) -> str:
        return f"{self.group}:{self.target}:{self.param or '-'}={self.label}"

    @property
    def backend(self) -> str:
        return self.group.split("+")[0]


# ------------------------------------------------------------------------------------------
# roles of parameters, by name

ROLES: dict[str, str] = {
    "x": "array",
    "x1": "array",
    "x2": "array",
    "condition": "array",
    "prepend": "array",
    "append": "array",
    "indices": "indices",
    "sorter": "indices",
    "axis": "axis",
    "source": "axis",
    "destination": "axis",
    "axes": "axes",
    "s": "fftshape",
    "dtype": "dtype",
    "device": "device",
    "shape": "shape",
    "repetitions": "shape",
    "keepdims": "bool",
    "copy": "bool",
    "descending": "bool",
    "stable": "bool",
    "endpoint": "bool",
    "include_initial": "bool",
    "invert": "bool",
    "upper": "bool",
    "full_matrices": "bool",
    "n": "int",
    "k": "int",
    "num": "int",
    "offset": "int",
    "shift": "int",
    "repeats": "int",
    "n_rows": "int",
    "n_cols": "int",
    "fill_value": "scalar",
    "start": "scalar",
    "stop": "scalar",
    "step": "scalar",
    "min": "scalar",
    "max": "scalar",
    "rtol": "scalar",
    "correction": "scalar",
    "d": "scalar",
    "norm": "string",
    "side": "string",
    "indexing": "string",
    "mode": "string",
    "ord": "ord",
    "kind": "kind",
    "type": "dtype_or_array",
    "from_": "dtype_or_array",
    "to": "dtype",
    "obj": "obj",
    "arrays": "arrays",
    "shapes": "shapes",
    "arrays_and_dtypes": "arrays_and_dtypes",
}

#: Functions whose matrices must be square and well conditioned.
_SQUARE = {
    "linalg.cholesky",
    "linalg.det",
    "linalg.eig",
    "linalg.eigh",
    "linalg.eigvals",
    "linalg.eigvalsh",
    "linalg.inv",
    "linalg.matrix_power",
    "linalg.slogdet",
    "linalg.solve",
    "linalg.matrix_rank",
    "linalg.pinv",
    "linalg.qr",
    "linalg.svd",
    "linalg.svdvals",
    "linalg.matrix_norm",
    "linalg.trace",
    "linalg.diagonal",
}
#: Results whose values are not unique (signs, phases, order): only shapes and dtypes compare.
_SHAPE_ONLY = {
    "empty",
    "empty_like",
    "linalg.eig",
    "linalg.eigh",
    "linalg.qr",
    "linalg.svd",
}
_SORTED = {"linalg.eigvals", "unique_values", "unique_counts", "unique_all", "unique_inverse"}


def _dtype_pref(name: str) -> str:
    """The base dtype of ``name``: float32 where the standard allows it, else its first."""
    from conformance.cases import CASES  # the dtype categories of each function

    case = CASES.get(name)
    allowed = case.dtypes if case is not None else ("float32",)
    for d in ("float32", "int64", "bool", "complex64"):
        if d in allowed:
            return d
    return allowed[0] or "float32"


@dataclass(frozen=True)
class Ctx:
    """What a perturbation needs to know about the call it perturbs."""

    group: str
    target: str
    ndim: int  # ndim of the main array argument
    dtype: str  # dtype of the main array argument
    shape: tuple[int, ...]


def _base_array(name: str, dtype: str) -> Arr:
    if name in _SQUARE:
        return Arr(dtype, (3, 3), "spd")
    if name.startswith("fft."):
        return Arr(dtype, (4, 4))
    return Arr(dtype, (3, 4))


def _base_call(name: str, sig: inspect.Signature) -> tuple[list[tuple[str, Any, str]], str]:
    """(param, value, kind) for each parameter of the base call; kind is ``"pos"``,
    ``"kw"``, ``"var"`` or ``"opt"`` (optional: left out of the base call)."""
    dt = _dtype_pref(name)
    if name in ("fft.irfft", "fft.hfft", "fft.irfftn"):
        dt = "complex64"
    if name in ("fft.rfft", "fft.ihfft", "fft.rfftn"):
        dt = "float32"
    x = _base_array(name, dt)
    special: dict[str, Any] = {
        "matmul": {"x2": Arr(dt, (4, 2))},
        "linalg.matmul": {"x2": Arr(dt, (4, 2))},
        "tensordot": {"x2": Arr(dt, (4, 2)), "axes": 1},
        "linalg.tensordot": {"x2": Arr(dt, (4, 2)), "axes": 1},
        "linalg.outer": {"x1": Arr(dt, (3,)), "x2": Arr(dt, (4,))},
        "linalg.cross": {"x1": Arr(dt, (2, 3)), "x2": Arr(dt, (2, 3), "sorted")},
        "linalg.solve": {"x2": Arr(dt, (3, 2))},
        "linalg.matrix_power": {"n": 2},
        "searchsorted": {"x1": Arr(dt, (6,), "sorted"), "x2": Arr(dt, (3,))},
        # 1-D, so that an index dtype read as a boolean mask changes the result
        "take": {"x": Arr(dt, (6,)), "indices": Arr("int64", (6,), "index", bound=6), "axis": 0},
        "cumulative_sum": {"axis": 1},
        "cumulative_prod": {"axis": 1},
        "take_along_axis": {"indices": Arr("int64", (3, 2), "index", bound=4)},
        "where": {"condition": Arr("bool", (3, 4))},
        "squeeze": {"x": Arr(dt, (3, 1)), "axis": 1},
        "expand_dims": {"axis": 0},
        "broadcast_to": {"shape": (2, 3, 4)},
        "reshape": {"shape": (4, 3)},
        "zeros": {"shape": (2, 3)},
        "ones": {"shape": (2, 3)},
        "empty": {"shape": (2, 3)},
        "full": {"shape": (2, 3), "fill_value": 1.5},
        "full_like": {"fill_value": 1},
        "arange": {"start": 0, "stop": 5},
        "linspace": {"start": 0.0, "stop": 1.0, "num": 5},
        "eye": {"n_rows": 3},
        "fft.fftfreq": {"n": 4},
        "fft.rfftfreq": {"n": 4},
        "astype": {"dtype": DT("float64")},
        "finfo": {"type": DT("float32")},
        "iinfo": {"type": DT("int32")},
        "can_cast": {"from_": DT("int32"), "to": DT("float64")},
        "isdtype": {"dtype": DT("float32"), "kind": "real floating"},
        "moveaxis": {"source": 0, "destination": 1},
        "permute_dims": {"axes": (1, 0)},
        "roll": {"shift": 1},
        "repeat": {"repeats": 2},
        "tile": {"repetitions": (2, 1)},
        "asarray": {"obj": [[1.0, 2.0], [3.0, 4.0]]},
        "from_dlpack": {"x": Arr("float32", (3, 4))},
        "concat": {"arrays": [x, x]},
        "stack": {"arrays": [x, x]},
        "broadcast_arrays": {"arrays": (Arr(dt, (3, 1)), Arr(dt, (1, 4)))},
        "meshgrid": {"arrays": (Arr(dt, (3,)), Arr(dt, (4,)))},
        "broadcast_shapes": {"shapes": ((3, 1), (1, 4))},
        "result_type": {"arrays_and_dtypes": (Arr("int32", (2,)), DT("float32"))},
        "clip": {"min": 0.25, "max": 0.75},
        "isin": {"x2": Arr(dt, (5,))},
        "bitwise_left_shift": {"x2": Arr(dt, (3, 4), "index", bound=3)},
        "bitwise_right_shift": {"x2": Arr(dt, (3, 4), "index", bound=3)},
    }.get(name, {})  # type: ignore[assignment]
    out: list[tuple[str, Any, str]] = []
    for p in sig.parameters.values():
        role = ROLES.get(p.name, "?")
        if p.kind is p.VAR_POSITIONAL:
            out.append((p.name, special.get(p.name, (x, x)), "var"))
            continue
        if p.name in special:
            value = special[p.name]
        elif role == "array" and p.default is p.empty:
            value = x
        elif p.default is not p.empty:
            out.append((p.name, p.default, "opt"))
            continue
        else:
            raise LookupError(f"{name}: no base value for {p.name}")
        kind = "pos" if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) else "kw"
        if p.kind is p.POSITIONAL_OR_KEYWORD and p.default is not p.empty:
            kind = "kw"
        out.append((p.name, value, kind))
    return out, dt


# ------------------------------------------------------------------------------------------
# perturbations per role: (label, value, must_raise)

P = tuple[str, Any, bool]
_HUGE = (2**40, 2**62, 2**63, 2**64)


def _array_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    a = base if isinstance(base, Arr) else Arr(ctx.dtype, ctx.shape)
    for d in DTYPES:
        if d != a.dtype:
            yield f"dtype={d}", replace(a, dtype=d), False
    # a dtype outside the standard that every backend has (the referee cannot build it)
    yield "dtype=float16", replace(a, dtype="float16"), False
    yield "0-d", Arr(a.dtype, (), "small" if a.values == "spd" else a.values, bound=a.bound), False
    shapes = {(0,)} | {(*a.shape[:i], 0, *a.shape[i + 1 :]) for i in range(len(a.shape))}
    if a.values == "spd":
        shapes = {(0, 0), (2, 0, 0)}
    for s in sorted(shapes):
        yield f"shape={s}", replace(a, shape=s), False
    if len(a.shape) >= 1:
        yield f"shape={a.shape[-1:]}", replace(a, shape=a.shape[-1:]), False
    yield f"shape={(2, *a.shape)}", replace(a, shape=(2, *a.shape)), False
    fdt = a.dtype if a.dtype in FLOATS else "float32"
    for sp in ("nan", "inf", "negzero", "mixed"):
        yield f"values={sp}", Arr(fdt, a.shape, sp), False
    if a.shape:
        yield "view=strided", replace(a, view="strided"), False
        yield "view=reversed", replace(a, view="reversed"), False
    if len(a.shape) >= 2:
        yield "view=transposed", replace(a, view="transposed"), False
    if ctx.group != "numpy":
        yield "numpy-array", Foreign("numpy", a), False
        if a.shape:
            yield "numpy-reversed", Foreign("numpy", replace(a, view="reversed")), False
    yield "strict-array", Foreign("strict", a), False
    yield "list", Foreign("list", a), False
    for label, v in (("1.5", 1.5), ("int", 1), ("bool", True), ("complex", 1j), ("None", None)):
        yield f"python={label}", v, False
    # numpy turns anything into an (object) array: accepting these is leniency, not a wrong answer
    yield "str", "a", False
    yield "object", Obj(), False


def _axis_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    v: Any
    n = ctx.ndim
    for v in (n, -n - 1, 2**40, 2**63, -(2**63) - 1, (0, 0), (0, n)):
        yield f"axis={v}", v, True
    yield "axis=1.5", 1.5, True
    yield "axis='0'", "0", True
    for v in (None, True, [0], (), -1):
        yield f"axis={v!r}", v, False


def _axes_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    v: Any
    n = ctx.ndim
    for v in ((0, 0), (0, n), (n,), tuple(range(n + 1))):
        yield f"axes={v}", v, True
    for v in (None, 0, (1.5,), (), [1, 0], "0"):
        yield f"axes={v!r}", v, False


def _fftshape_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    for v in ((2**40,), (2**40, 2**40), (-1,), (0,), (1.5,), (4, 4, 4, 4), None, (2**63,)):
        yield f"s={v!r}", v, v in ((-1,), (1.5,))


def _int_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    for v in (-1, 0, 1, 2**31, 2**40, 2**63, -(2**63), 2**64, 1.5, True, None):
        yield f"{v!r}", v, False
    yield "'1'", "1", True
    yield "object", Obj(), True


def _shape_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    v: Any
    for v in ((-1,), (2, -3), (2**63,), (2**64,), (1.5,), ((2,),)):
        yield f"shape={v!r}", v, True
    for v in ((2**40,), (2**20, 2**20), (2**62,), (2**32, 2**32), (2**31, 2**31, 2**31)):
        yield f"shape={v!r}", v, False
    for v in (3, (), (0,), (0, 3), (True, 2), [2, 3], None):
        yield f"shape={v!r}", v, False
    yield "shape='3'", "3", True


def _dtype_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    for d in DTYPES:
        yield f"dtype={d}", DT(d), False
    yield "dtype=None", None, False
    yield "dtype='float32'", "float32", False
    yield "dtype=float", float, False
    yield "dtype=numpy.float32", NpDT("float32"), False
    yield "dtype=1", 1, False
    yield "dtype=object", Obj(), True


def _device_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    yield "device=default", Dev("default"), False
    yield "device=None", None, False
    yield "device='cpu'", "cpu", False
    yield "device=gpu", Dev("gpu"), False
    yield "device=strict", Dev("strict"), False
    yield "device='bogus'", "bogus", True
    yield "device=object", Obj(), True
    if ctx.group.startswith("torch"):
        yield "device=meta", Dev("meta"), False


def _bool_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    for v in (True, False, None, 1, 1.5, "yes"):
        yield f"{v!r}", v, False


def _scalar_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    for v in (
        math.nan,
        math.inf,
        -math.inf,
        -0.0,
        0,
        2**63,
        2**64,
        -(2**65),
        1e308,
        1j,
        True,
        None,
    ):
        yield f"{v!r}", v, False
    yield "0-d array", Arr("float32", ()), False
    yield "array(2,)", Arr("float32", (2,)), False  # results of these compare loosely (LOOSE)
    yield "'1'", "1", True
    yield "object", Obj(), True


def _string_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    yield "'bogus'", "bogus", True
    for v in (None, 1, "", "ortho", "forward", "right", "ij", "complete", "FORWARD"):
        yield f"{v!r}", v, False


def _ord_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    for v in ("fro", "nuc", 0, 1, 2, -1, -2, math.inf, -math.inf, 3, 1.5, None):
        yield f"ord={v!r}", v, False
    yield "ord='bogus'", "bogus", True


def _kind_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    for v in ("bool", "signed integer", "integral", "numeric", ("bool", "real floating")):
        yield f"kind={v!r}", v, False
    yield "kind=float32", DT("float32"), False
    yield "kind='bogus'", "bogus", True
    yield "kind=1", 1, True
    yield "kind=None", None, True


def _dtype_or_array_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    yield from _dtype_perturbations(base, ctx)
    for d in DTYPES:
        yield f"array[{d}]", Arr(d, (2,)), False


def _indices_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    a = base if isinstance(base, Arr) else Arr("int64", (2,), "index", bound=3)
    yield "oob", replace(a, values="oob"), False
    yield "negative-oob", replace(a, values="negoob"), False
    yield "negative", replace(a, values="negoob", bound=-5), False
    for d in DTYPES:
        if d != a.dtype:
            yield f"dtype={d}", replace(a, dtype=d), False
    yield "empty", replace(a, shape=(0,) * len(a.shape)), False
    yield "0-d", replace(a, shape=()), False
    yield "list", Foreign("list", a), False
    if ctx.group != "numpy":
        yield "numpy-array", Foreign("numpy", a), False
    yield "python=1", 1, False
    yield "None", None, False


def _obj_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    a = Arr("float32", (3, 4))
    yield from ((label, v, False) for label, v, _ in _array_perturbations(a, ctx))
    for label, v in (
        ("ragged", [[1.0], [1.0, 2.0]]),
        ("2**64", 2**64),
        ("-2**63-1", -(2**63) - 1),
        ("[1, 2.5, 1j]", [1, 2.5, 1j]),
        ("[True, 2]", [True, 2]),
        ("[]", []),
        ("[[]]", [[]]),
        ("bytes", bytearray(8)),
        ("nested-arrays", [a, a]),
    ):
        yield label, v, label == "ragged"


def _arrays_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    seq = list(base) if isinstance(base, list | tuple) else []
    a = seq[0] if seq and isinstance(seq[0], Arr) else Arr(ctx.dtype, ctx.shape)
    wrap = tuple if isinstance(base, tuple) else list
    yield "empty", wrap([]), False
    yield "one", wrap([a]), False
    for d in DTYPES:
        if d != a.dtype:
            yield f"second dtype={d}", wrap([a, replace(a, dtype=d)]), False
    yield "mismatched shape", wrap([a, Arr(a.dtype, (5, 6, 7))]), True
    yield "0-d", wrap([Arr(a.dtype, ()), Arr(a.dtype, ())]), False
    yield "empty arrays", wrap([Arr(a.dtype, (0,)), Arr(a.dtype, (0,))]), False
    yield "strided", wrap([replace(a, view="strided"), a]), False
    if ctx.group != "numpy":
        yield "numpy element", wrap([a, Foreign("numpy", a)]), False
    yield "strict element", wrap([a, Foreign("strict", a)]), False
    yield "python float element", wrap([a, 1.5]), False
    yield "None", None, False


def _shapes_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    for v in ((2**40,), (2**62, 2**62), (-1,), (1.5,), (3,), ((2,),), "3", None, (2**64,)):
        yield f"second={v!r}", ((3, 1), v), v not in ((2**40,), None, (2**62, 2**62))
    yield "none", (), False
    yield "many", ((1,),) * 40, False


def _arrays_and_dtypes_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    yield "none", (), False
    for d in DTYPES:
        yield f"int32,{d}", (DT("int32"), DT(d)), False
    for v in (1, 1.5, 1j, True):
        yield f"scalar {v!r}", (DT("float32"), v), False
    yield "scalar only", (1.5,), False
    yield "object", (DT("float32"), Obj()), True
    yield "strict dtype", (Foreign("strict", Arr("float32", (2,))),), False


PERTURB: dict[str, Callable[[Any, Ctx], Iterator[P]]] = {
    "array": _array_perturbations,
    "indices": _indices_perturbations,
    "axis": _axis_perturbations,
    "axes": _axes_perturbations,
    "fftshape": _fftshape_perturbations,
    "int": _int_perturbations,
    "shape": _shape_perturbations,
    "dtype": _dtype_perturbations,
    "device": _device_perturbations,
    "bool": _bool_perturbations,
    "scalar": _scalar_perturbations,
    "string": _string_perturbations,
    "ord": _ord_perturbations,
    "kind": _kind_perturbations,
    "dtype_or_array": _dtype_or_array_perturbations,
    "obj": _obj_perturbations,
    "arrays": _arrays_perturbations,
    "shapes": _shapes_perturbations,
    "arrays_and_dtypes": _arrays_and_dtypes_perturbations,
}


def _role(target: str, param: str) -> str:
    if param == "repeats" and target == "repeat":
        return "int"
    if param == "axes" and target in ("tensordot", "linalg.tensordot"):
        return "int"
    if param == "shift":
        return "int"
    return ROLES.get(param, "?")


def _recipe(v: Any) -> bool:
    """Whether ``v`` is an array recipe of this library, or a non-empty sequence of them."""
    if isinstance(v, list | tuple):
        return bool(v) and all(isinstance(o, Arr) for o in v)
    return isinstance(v, Arr)


#: Parameters whose arrays the standard promotes together (``condition`` and indices are not).
_PROMOTED = ("x", "x1", "x2", "prepend", "append", "arrays")


def _varies(role: str, v: Any, params: list[tuple[str, Any, str]], override: dict[str, Any]) -> str:
    """What a perturbation ``v`` of a parameter of ``role`` varies (:attr:`Case.varies`)."""
    arrays = role in ("array", "indices", "arrays")
    if arrays and any(isinstance(o, Foreign) for o in (v if isinstance(v, list | tuple) else (v,))):
        return "foreign"
    if not arrays or not _recipe(v):
        return "keyword"
    names: list[str] = []
    for n, value, _ in params:
        if n in _PROMOTED:
            value = override.get(n, value)
            for o in value if isinstance(value, list | tuple) else (value,):
                if isinstance(o, Arr):
                    names.append(o.dtype)
    try:
        functools.reduce(lambda a, b: promote_names(a, b, "standard"), names, names[0])
    except (TypeError, KeyError):
        return "mixed"
    except IndexError:  # no promoted arrays (a shim's values and indices)
        pass
    return "arrays"


# ------------------------------------------------------------------------------------------
# assembling calls


def _assemble(
    params: list[tuple[str, Any, str]], override: dict[str, Any]
) -> tuple[tuple[Any, ...], dict[str, Any]]:
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for name, value, kind in params:
        v = override.get(name, value)
        if kind == "opt":
            if name in override:
                kwargs[name] = v
            continue
        if kind == "pos":
            args.append(v)
        elif kind == "var":
            args.extend(v if isinstance(v, tuple | list) else (v,))
        else:
            kwargs[name] = v
    return tuple(args), kwargs


def _strict_signature(name: str) -> inspect.Signature:
    import array_api_strict

    obj: Any = array_api_strict
    for part in name.split("."):
        obj = getattr(obj, part)
    return inspect.signature(obj)


def _function_cases(
    group: str,
    name: str,
    sig: inspect.Signature,
    target: str | None = None,
    compare: str | None = None,
) -> Iterator[Case]:
    target = target or name
    params, dt = _base_call(name, sig)
    main = next((v for _, v, k in params if isinstance(v, Arr)), None)
    if main is None:
        main = next(
            (
                v[0]
                for _, v, k in params
                if isinstance(v, list | tuple) and v and isinstance(v[0], Arr)
            ),
            None,
        )
    ctx = Ctx(
        group,
        target,
        len(main.shape) if main else 2,
        main.dtype if main else dt,
        main.shape if main else (3, 4),
    )
    how = compare or ("shape" if name in _SHAPE_ONLY else "sorted" if name in _SORTED else "value")
    args, kwargs = _assemble(params, {})
    yield Case(group, target, args, kwargs, compare=how)
    # every array argument at one dtype: the natural dtype sweep
    arrays = [n for n, v, _ in params if isinstance(v, Arr) and ROLES.get(n) == "array"]
    if arrays:
        for d in DTYPES:
            over = {n: replace(v, dtype=d) for n, v, _ in params if n in arrays}
            a, k = _assemble(params, over)
            yield Case(group, target, a, k, "*", f"all dtype={d}", compare=how, varies="arrays")
    if len(arrays) >= 2 and main is not None:
        # every array argument at one edge shape (solve of two (0, 0) operands...)
        square = main.values == "spd"
        for shape in ((0, 0), (2, 0, 0)) if square else ((), (0,), (0, *main.shape[1:])):
            over = {n: replace(v, shape=shape) for n, v, _ in params if n in arrays}
            if name == "linalg.solve" and square:
                over["x2"] = replace(over["x2"], shape=shape[:-1])
            a, k = _assemble(params, over)
            yield Case(group, target, a, k, "*", f"all shape={shape}", compare=how, varies="arrays")
    for pname, value, _kind in params:
        role = _role(name, pname)
        gen = PERTURB.get(role)
        if gen is None:
            continue
        for label, v, must in gen(value, ctx):
            a, k = _assemble(params, {pname: v})
            work = (name, label) in MUST_WORK
            varies = _varies(role, v, params, {pname: v})
            yield Case(group, target, a, k, pname, label, must, how, work, varies)
    for label, over in JOINT.get(name, ()):
        a, k = _assemble(params, over)
        yield Case(group, target, a, k, "+", label, compare=how)


#: Perturbations of several arguments at once, where one at a time cannot reach the edge:
#: integers beyond float64's 53-bit mantissa must stay exact.
JOINT: dict[str, tuple[tuple[str, dict[str, Any]], ...]] = {
    "arange": (
        ("[2**53, 2**53 + 10) int64", {"start": 2**53, "stop": 2**53 + 10, "dtype": DT("int64")}),
        ("[2**53, 2**53 + 10)", {"start": 2**53, "stop": 2**53 + 10}),
        (
            "[-2**62, -2**62 + 5) int64",
            {"start": -(2**62), "stop": -(2**62) + 5, "dtype": DT("int64")},
        ),
    ),
    "full": (("2**53 + 1 int64", {"fill_value": 2**53 + 1, "dtype": DT("int64")}),),
    "linspace": (
        ("[2**53, 2**53 + 4] int64", {"start": 2**53, "stop": 2**53 + 4, "dtype": DT("int64")}),
    ),
}


#: (function, perturbation) pairs the standard requires to succeed: ``asarray`` of a numpy
#: array in any layout (buffer protocol / DLPack) or of a nested list.
MUST_WORK = frozenset(
    ("asarray", label)
    for label in (
        "numpy-array",
        "numpy-reversed",
        "list",
        "view=strided",
        "view=reversed",
        "view=transposed",
    )
)


def namespace_cases(group: str, available: Callable[[str], bool]) -> Iterator[Case]:
    """Cases for every standard function ``available`` on the backend."""
    for name in _spec.all_names():
        if name in _spec.DTYPES or name in _spec.CONSTANTS or not available(name):
            continue
        yield from _function_cases(group, name, _strict_signature(name))


def info_cases(group: str) -> Iterator[Case]:
    """``__array_namespace_info__()``'s methods, each parameter perturbed."""
    import array_api_strict

    info = array_api_strict.__array_namespace_info__()
    for m in _spec.INFO:
        sig = inspect.signature(getattr(info, m))
        params: list[tuple[str, Any, str]] = [
            (p.name, p.default, "opt") for p in sig.parameters.values()
        ]
        target = f"info.{m}"
        yield Case(group, target, (), {}, compare="none")
        ctx = Ctx(group, target, 2, "float32", (3, 4))
        for pname, value, _ in params:
            gen = PERTURB[_role(target, pname)]
            for label, v, must in gen(value, ctx):
                a, k = _assemble(params, {pname: v})
                yield Case(group, target, a, k, pname, label, must, "none")


# ------------------------------------------------------------------------------------------
# operators

BINARY = (
    "add",
    "sub",
    "mul",
    "truediv",
    "floordiv",
    "mod",
    "pow",
    "matmul",
    "and_",
    "or_",
    "xor",
    "lshift",
    "rshift",
    "lt",
    "le",
    "gt",
    "ge",
    "eq",
    "ne",
)
INPLACE = (
    "iadd",
    "isub",
    "imul",
    "itruediv",
    "ifloordiv",
    "imod",
    "ipow",
    "iand",
    "ior",
    "ixor",
    "ilshift",
    "irshift",
)
UNARY = ("neg", "pos", "abs", "invert", "bool", "int", "float", "complex", "index", "len")
ATTR_SHAPES: tuple[tuple[int, ...], ...] = ((), (4,), (3, 4), (2, 3, 4))
ATTRS = ("mT", "T", "device", "shape", "ndim", "size", "dtype", "__array_namespace__", "to_device")

_INT_OPS = {
    "and_",
    "or_",
    "xor",
    "lshift",
    "rshift",
    "invert",
    "iand",
    "ior",
    "ixor",
    "ilshift",
    "irshift",
    "index",
}


def _keys(n: int) -> Iterator[tuple[str, Any, bool]]:
    """Indexing keys for a 1-D array of length ``n``: (label, key, must_raise)."""
    k: Any
    for v in (0, -1, n - 1, -n):
        yield f"[{v}]", v, False
    for v in (n, -n - 1, 2 * n, -2 * n, 2**40, 2**63, -(2**63) - 1):
        yield f"[{v}]", v, True
    for label, k in (
        ("[::-1]", slice(None, None, -1)),
        ("[100:]", slice(100, None)),
        ("[::2**40]", slice(None, None, 2**40)),
        ("[2**63:]", slice(2**63, None)),
        ("[-2**63:2**63]", slice(-(2**63), 2**63)),
        ("[...]", Ellipsis),
        ("[None]", None),
        ("[()]", ()),
        ("[mask]", Arr("bool", (n,))),
        ("[int array]", Arr("int64", (3,), "index", bound=n)),
        ("[int32 array]", Arr("int32", (3,), "index", bound=n)),
        ("[uint8 array]", Arr("uint8", (3,), "index", bound=n)),
        ("[0-d int array]", Arr("int64", (), "index", bound=n)),
    ):
        yield label, k, False
    for label, k in (
        ("[::0]", slice(None, None, 0)),
        ("[1.5]", 1.5),
        ("['a']", "a"),
        ("[0, 0]", (0, 0)),
        ("[..., ...]", (Ellipsis, Ellipsis)),
        ("[short mask]", Arr("bool", (n - 1,))),
        ("[float array]", Arr("float32", (3,))),
    ):
        yield label, k, True
    for label, k in (
        ("[oob int array]", Arr("int64", (3,), "oob", bound=n)),
        ("[neg oob int array]", Arr("int64", (3,), "negoob", bound=n)),
    ):
        yield label, k, False


def _operands(dt: str, group: str) -> Iterator[tuple[str, Any, bool]]:
    for d in DTYPES:
        yield f"{d} array", Arr(d, (3, 4)), False
    for s in ("nan", "mixed"):
        yield f"values={s}", Arr("float32", (3, 4), s), False
    yield "0-d", Arr(dt, ()), False
    yield "(4,)", Arr(dt, (4,)), False
    yield "(2,3,4)", Arr(dt, (2, 3, 4)), False
    yield "(5,)", Arr(dt, (5,)), True
    yield "(4,2)", Arr(dt, (4, 2)), False
    yield "empty (0,4)", Arr(dt, (0, 4)), False
    yield "transposed", Arr(dt, (3, 4), view="transposed"), False
    yield "strided", Arr(dt, (3, 4), view="strided"), False
    if group != "numpy":
        yield "numpy-array", Foreign("numpy", Arr(dt, (3, 4))), False
    yield "strict-array", Foreign("strict", Arr(dt, (3, 4))), False
    for label, v in (
        ("1", 1),
        ("1.5", 1.5),
        ("True", True),
        ("1j", 1j),
        ("nan", math.nan),
        ("2**64", 2**64),
        ("-2**63-1", -(2**63) - 1),
        ("None", None),
        ("list", [1.0, 2.0, 3.0, 4.0]),
    ):
        yield label, v, False
    yield "'a'", "a", True


def operator_cases(group: str) -> Iterator[Case]:
    """Python operators, indexing, item assignment and array attributes of the backend's array."""
    for op in BINARY:
        dt = "int64" if op in _INT_OPS else "float32"
        x = Arr(dt, (3, 4))
        for label, y, must in _operands(dt, group):
            if op == "matmul" and isinstance(y, Arr) and y.shape == (3, 4):
                y = replace(y, shape=(4, 3))
            yield Case(group, f"op.{op}", (x, y), {}, "other", label, must)
            if not isinstance(y, Arr | Foreign):  # the reflected operator: scalar op array
                yield Case(group, f"op.{op}", (y, x), {}, "self", label, must)
    for op in INPLACE:
        dt = "int64" if op in _INT_OPS else "float32"
        for label, y, must in _operands(dt, group):
            grows = isinstance(y, Arr) and len(y.shape) > 2
            yield Case(group, f"op.{op}", (Arr(dt, (3, 4)), y), {}, "other", label, must or grows)
    for op in UNARY:
        dt = "int64" if op in _INT_OPS else "float32"
        for shape in ((), (1,), (3, 4), (0,)):
            must = op in ("bool", "int", "float", "complex", "index") and math.prod(shape) != 1
            must = must or (op == "len" and shape == ())
            yield Case(group, f"op.{op}", (Arr(dt, shape),), {}, "self", f"shape={shape}", must)
        for d in DTYPES:
            yield Case(group, f"op.{op}", (Arr(d, ()),), {}, "self", f"0-d {d}", False)
        for sp in ("nan", "inf"):
            yield Case(
                group,
                f"op.{op}",
                (Arr("float32", (), sp),),
                {},
                "self",
                f"0-d {sp}",
                op in ("int", "index"),
            )
    for n in (12,):
        for label, key, must in _keys(n):
            for shape, lbl in (((n,), ""), ((3, 4), " of (3, 4)")):
                if shape != (n,) and isinstance(key, Arr) and key.dtype == "bool":
                    continue
                k_must = (
                    must
                    if shape == (n,)
                    else (must or (isinstance(key, int) and not -3 <= key < 3))
                )
                yield Case(
                    group,
                    "op.getitem",
                    (Arr("float32", shape), key),
                    {},
                    "key",
                    label + lbl,
                    k_must,
                )
                yield Case(
                    group,
                    "op.setitem",
                    (Arr("float32", shape), key, 1.0),
                    {},
                    "key",
                    label + lbl,
                    k_must,
                )
        x = Arr("float32", (n,))
        for label, v, must in (
            ("value 2**64", 2**64, False),
            ("value nan", math.nan, False),
            ("value 1j", 1j, False),
            ("value 'a'", "a", True),
            ("value (5,)", Arr("float32", (5,)), True),
            ("value int64 array", Arr("int64", (1,)), False),
            ("value float64 array", Arr("float64", (1,)), False),
            ("value strict-array", Foreign("strict", Arr("float32", (1,))), False),
        ):
            yield Case(group, "op.setitem", (x, slice(0, 1), v), {}, "value", label, must)
    for attr in ATTRS:
        for ashape in ATTR_SHAPES:
            must = attr == "mT" and len(ashape) < 2
            args: tuple[Any, ...] = (Arr("float32", ashape),)
            if attr == "to_device":
                args = (Arr("float32", ashape), Dev("default"))
            yield Case(
                group,
                f"attr.{attr}",
                args,
                {},
                "self",
                f"shape={ashape}",
                must,
                "none" if attr in ("device", "__array_namespace__", "dtype") else "value",
            )
    for label, dev, must in _device_perturbations(
        None, Ctx(group, "attr.to_device", 2, "float32", (3, 4))
    ):
        yield Case(
            group, "attr.to_device", (Arr("float32", (3, 4)), dev), {}, "device", label, must
        )


# ------------------------------------------------------------------------------------------
# shims

_SHIM_BASE: dict[str, dict[str, Any]] = {
    "random.key": {"seed": 42, "xp": Xp()},
    "random.split": {"key": Arr("uint32", (2,), "key")},
    "random.fold_in": {"key": Arr("uint32", (2,), "key"), "data": 3},
    "random.bits": {"key": Arr("uint32", (2,), "key"), "shape": (3, 4)},
    "random.uniform": {"key": Arr("uint32", (2,), "key"), "shape": (3, 4)},
    "random.normal": {"key": Arr("uint32", (2,), "key"), "shape": (3, 4)},
    "random.integers": {"key": Arr("uint32", (2,), "key"), "low": 0, "high": 10, "shape": (3, 4)},
    "random.bernoulli": {"key": Arr("uint32", (2,), "key"), "shape": (3, 4)},
    "random.permutation": {"key": Arr("uint32", (2,), "key"), "x": Arr("float32", (5, 2))},
    "random.categorical": {"key": Arr("uint32", (2,), "key"), "logits": Arr("float32", (3, 4))},
    "random.truncated_normal": {
        "key": Arr("uint32", (2,), "key"),
        "lower": -1.0,
        "upper": 1.0,
        "shape": (3, 4),
    },
    "random.Generator": {"seed": 0, "xp": Xp()},
    "scatter.scatter": {
        "values": Arr("float32", (6, 2)),
        "index": Arr("int64", (6,), "index", bound=3),
        "num_segments": 3,
    },
    "scatter.index_reduce": {
        "x": Arr("float32", (3, 2)),
        "index": Arr("int64", (6,), "index", bound=3),
        "values": Arr("float32", (6, 2)),
    },
    "signal.stft": {"x": Arr("float32", (64,)), "n_fft": 16},
    "signal.istft": {"spec": Arr("complex64", (9, 17)), "n_fft": 16},
    "signal.frame": {"x": Arr("float32", (20,)), "frame_length": 4, "hop_length": 2},
    "signal.hann_window": {"n": 8, "xp": Xp()},
    "devices.device": {"x": Arr("float32", (3, 4))},
    "devices.to_device": {"x": Arr("float32", (3, 4)), "device": Dev("default")},
    "devices.size": {"x": Arr("float32", (3, 4))},
    "devices.default_device": {"xp": Xp()},
    "devices.devices": {"xp": Xp()},
    "devices.same_device": {"a": Arr("float32", (3, 4)), "b": Arr("float32", (2,))},
}
for _seg in ("segment_sum", "segment_mean", "segment_max", "segment_min", "segment_prod"):
    _SHIM_BASE[f"scatter.{_seg}"] = _SHIM_BASE["scatter.scatter"]
for _w in ("hamming_window", "blackman_window"):
    _SHIM_BASE[f"signal.{_w}"] = _SHIM_BASE["signal.hann_window"]

_SHIM_ROLES: dict[str, str] = {
    "seed": "int",
    "num": "int",
    "data": "int",
    "low": "scalar",
    "high": "scalar",
    "p": "scalar",
    "loc": "scalar",
    "scale": "scalar",
    "lower": "scalar",
    "upper": "scalar",
    "logits": "array",
    "key": "array",
    "values": "array",
    "index": "indices",
    "num_segments": "int",
    "reduce": "string",
    "include_self": "bool",
    "spec": "array",
    "n_fft": "int",
    "hop_length": "int",
    "win_length": "int",
    "window": "array",
    "center": "bool",
    "pad_mode": "string",
    "normalized": "bool",
    "onesided": "bool",
    "length": "int",
    "return_complex": "bool",
    "frame_length": "int",
    "periodic": "bool",
    "impl": "string",
    "xp": "xp",
    "a": "array",
    "b": "array",
    "stream": "?",
}


def _xp_perturbations(base: Any, ctx: Ctx) -> Iterator[P]:
    yield "xp='numpy'", "numpy", False
    yield "xp='bogus'", "bogus", True
    yield "xp=None", None, False
    yield "xp=object", Obj(), True
    yield "xp=strict-array", Foreign("strict", Arr("float32", ())), False  # not a namespace
    yield "xp=array_api_strict", Xp(strict=True), False  # another library's namespace


PERTURB["xp"] = _xp_perturbations


def shim_objects() -> dict[str, Any]:
    """Every shim function by name, from the support matrix's shim rows."""
    from ember_array import _report

    out: dict[str, Any] = {}
    for _title, entries in _report._shim_rows():
        for name, obj in entries:
            out[name if "." in name else f"devices.{name}"] = obj
    return out


#: A keyword of ``random.Generator.<method>`` cases: the namespace the Generator is built on.
GENERATOR_XP = "__generator_xp__"


def _generator_methods() -> dict[str, Any]:
    """``random.Generator``'s drawing methods, by ``random.Generator.<name>``."""
    from ember_array.random import Generator

    return {
        f"random.Generator.{n}": f
        for n, f in inspect.getmembers(Generator, inspect.isfunction)
        if not n.startswith("_")
    }


def _as_strict(v: Any) -> Any:
    """An array recipe as array-api-strict's array (for a Generator built on its namespace)."""
    return Foreign("strict", v) if isinstance(v, Arr) else v


def shim_cases(group: str) -> Iterator[Case]:
    """Every shim in the support matrix (and ``Generator(0, xp=xp)``'s methods), its parameters
    perturbed one at a time."""
    objects = {**shim_objects(), **_generator_methods()}
    for name, obj in objects.items():
        method = name.startswith("random.Generator.")
        base = _SHIM_BASE.get(name.replace("Generator.", "") if method else name)
        if base is None:
            continue
        sig = inspect.signature(obj)
        params: list[tuple[str, Any, str]] = []
        for p in list(sig.parameters.values())[1 if method else 0 :]:  # not self
            if p.name in base:
                positional = p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
                kind = "pos" if positional and p.default is p.empty else "kw"
                params.append((p.name, base[p.name], kind))
            elif p.default is not p.empty:
                params.append((p.name, p.default, "opt"))
            else:
                raise LookupError(f"{name}: no base value for {p.name}")
        target = f"shim.{name}"
        compare = "none" if name.startswith("devices.") or name == "random.Generator" else "value"
        args, kwargs = _assemble(params, {})
        yield Case(group, target, args, kwargs, compare=compare)
        if method:  # a Generator of another library's namespace must draw too, from its arrays
            on_strict = {k: _as_strict(v) for k, v in kwargs.items()}
            strict_kw = {**on_strict, GENERATOR_XP: Xp(strict=True)}
            strict_args = tuple(_as_strict(a) for a in args)
            yield Case(
                group, target, strict_args, strict_kw, "xp", "array_api_strict", must_work=True
            )
        main = next(
            (v for _, v, _ in params if isinstance(v, Arr) and v.values != "key"),
            Arr("float32", (3, 4)),
        )
        ctx = Ctx(group, target, len(main.shape), main.dtype, main.shape)
        for pname, value, _ in params:
            role = _SHIM_ROLES.get(pname) or ROLES.get(pname, "?")
            gen = PERTURB.get(role)
            if gen is None:
                continue
            for label, v, must in gen(value, ctx):
                a, k = _assemble(params, {pname: v})
                varies = _varies(role, v, params, {pname: v})
                yield Case(group, target, a, k, pname, label, must, compare, varies=varies)


# ------------------------------------------------------------------------------------------

#: The worker groups: a backend, and mlx once more with ``ember_array.mlx.install()``.
GROUPS = ("numpy", "torch", "mlx", "mlx+install", "dask")
#: The control group, not swept by default: array-api-strict judged against itself. Any
#: ``wrong`` there is the sweep's own false alarm (or a referee fix, as std/var's correction).
CONTROL = "strict"


def _has(available: Callable[[str, str], bool] | None, backend: str, name: str) -> bool:
    return available is None or available(backend, name)


def all_cases(
    groups: tuple[str, ...] = GROUPS, available: Callable[[str, str], bool] | None = None
) -> list[Case]:
    """Every case of ``groups``; ``available(backend, name)`` says whether a name exists."""
    out: list[Case] = []
    for g in groups:
        backend = g.split("+")[0]
        if g.endswith("+install"):
            out += operator_cases(g)
            continue
        if g == CONTROL:  # the referee's own namespace: every name, no shims or operators
            out += namespace_cases(g, lambda name: True)
            out += info_cases(g)
            continue
        out += namespace_cases(g, functools.partial(_has, available, backend))
        out += info_cases(g)
        out += operator_cases(g)
        out += shim_cases(g)
    seen: set[str] = set()
    unique = []
    for c in out:
        if c.id in seen:  # a perturbation equal to the base value gives the same label twice
            continue
        seen.add(c.id)
        unique.append(c)
    return unique

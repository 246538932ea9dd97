"""What ``python -m ember_array`` prints: backends found and the support matrix.

Every cell of the matrix is computed from the namespace modules and the code behind them, never
from a hand-kept table of names and categories:

``missing``
    The namespace has no such name, or only a placeholder the backend cannot back (a dtype that
    is not one of the backend's dtypes, as mlx's ``complex128``).
``forces-evaluation``
    The output shape depends on the data. On mlx the function carries the
    :func:`ember_array._helpers.forces_evaluation` marker (``tests/test_support_matrix.py``
    checks every marked function fails under ``mx.compile`` and every other one traces lazily).
    On torch the function's code reaches an ATen operator that torch itself tags
    ``dynamic_output_shape`` (``nonzero``, ``_unique2``, ``repeat_interleave``...): on a CUDA or
    MPS device it synchronizes the host with the device. numpy computes every result before
    returning, so the label does not apply to it.
``native``
    The namespace entry *is* the backend's own object (identity; for constants, equality).
``wrapped``
    The entry is a function that calls the backend's function of the same meaning: the same
    name or the standard's rename of it (``acos`` -> ``arccos``, ``concat`` -> ``concatenate``,
    see ``_ALIASES``), found in the names its code (and the code it calls) loads.
``written``
    The entry is implemented from other operations.

Shims (``ember_array.random``, ``.scatter``, ``.signal`` and the device helpers) are
``wrapped`` on a backend when they dispatch through a *fast-path registry* that has an entry for
it: a module-level ``dict`` from backend names to the function (or class) serving that backend,
named by the shim's code or by a private helper of its module that it calls (``scatter._NATIVE``,
``signal._stft._STFT_PATHS``, ``random._generator._NATIVE_ENGINES``...); elsewhere they are
``written`` (the pure-standard implementation).
"""

from __future__ import annotations

import builtins
import dis
import functools
import importlib
import importlib.metadata
import math
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from . import _spec
from ._backends import BACKENDS as REGISTRY
from ._backends import BY_NAME
from ._helpers import FORCES_EVALUATION
from ._version import __version__

__all__ = [
    "CATEGORIES",
    "Backend",
    "backends",
    "classify",
    "classify_shim",
    "markdown",
    "matrix_lines",
    "report_lines",
    "sections",
]

NATIVE = "native"
WRAPPED = "wrapped"
WRITTEN = "written"
FORCES = "forces-evaluation"
MISSING = "missing"
#: The labels of the matrix, in the order of the legend.
CATEGORIES = (NATIVE, WRAPPED, WRITTEN, FORCES, MISSING)

# ember backend -> (distribution name, native module), from the registry
_NATIVE = {b.name: (b.distribution, b.native) for b in REGISTRY}

#: The standard's renames of the traditional (numpy/torch) function names: a wrapper that calls
#: one of these calls the backend's function of the same meaning.
_ALIASES: dict[str, tuple[str, ...]] = {
    "acos": ("arccos",),
    "acosh": ("arccosh",),
    "asarray": ("array",),
    "asin": ("arcsin",),
    "asinh": ("arcsinh",),
    "astype": ("to",),
    "atan": ("arctan",),
    "atan2": ("arctan2",),
    "atanh": ("arctanh",),
    "bitwise_invert": ("invert", "bitwise_not"),
    "bitwise_left_shift": ("left_shift",),
    "bitwise_right_shift": ("right_shift",),
    "broadcast_arrays": ("broadcast_tensors",),
    "clip": ("clamp",),
    "concat": ("concatenate", "cat"),
    "cumulative_prod": ("cumprod",),
    "cumulative_sum": ("cumsum",),
    "equal": ("eq",),
    "expand_dims": ("unsqueeze",),
    "greater": ("gt",),
    "greater_equal": ("ge",),
    "isdtype": ("issubdtype",),
    "less": ("lt",),
    "less_equal": ("le",),
    "matrix_norm": ("norm",),
    "matrix_transpose": ("mT", "swapaxes"),
    "max": ("amax",),
    "min": ("amin",),
    "not_equal": ("ne",),
    "permute_dims": ("transpose", "permute"),
    "pow": ("power",),
    "take": ("index_select",),
    "take_along_axis": ("take_along_dim",),
    "unique_all": ("unique",),
    "unique_counts": ("unique",),
    "unique_inverse": ("unique",),
    "unique_values": ("unique",),
    "unstack": ("unbind",),
    "vector_norm": ("norm",),
}

#: Method names of Python's own containers: an attribute load of one of these says nothing
#: about which library is called (``tuple.index`` is not ``torch.ops.aten.index``).
_CONTAINER_METHODS = frozenset(
    n for t in (list, tuple, dict, set, str, bytes) for n in dir(t) if not n.startswith("_")
)

INFO = "__array_namespace_info__"

LEGEND: dict[str, str] = {
    NATIVE: "the namespace entry is the backend's own object (function, dtype or constant)",
    WRAPPED: (
        "a wrapper that calls the backend's function of the same meaning, under its name or the "
        "standard's rename of it (array-api-compat's wrapper or ember_array's fix; for mlx "
        "dtypes, ember_array's equality-safe copies of mlx's); for a shim, a fast path written "
        "for this backend (its fast-path registry has an entry for it)"
    ),
    WRITTEN: (
        "implemented by ember_array (or array-api-compat) from other operations, even where the "
        "backend has a function of that name; for a shim, the implementation shared by every "
        "namespace (pure standard for random, scatter and signal)"
    ),
    FORCES: (
        "the output shape depends on the data: mlx evaluates the input; torch synchronizes a "
        "CUDA/MPS device (its ATen operator is tagged `dynamic_output_shape`); numpy is eager, "
        "so the label is not used for it"
    ),
    MISSING: (
        "not in the namespace, or only a placeholder the backend cannot back (mlx's "
        "`complex128`, which every `dtype=` rejects)"
    ),
}


@dataclass(frozen=True)
class Backend:
    """One backend as found in this environment."""

    name: str
    version: str | None
    native: ModuleType | None
    namespace: ModuleType | None
    problem: str | None
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)


def _version(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def backends() -> list[Backend]:
    """Each backend ember_array knows, with what imports and what does not."""
    found = []
    for name, (dist, modname) in _NATIVE.items():
        version = _version(dist)
        native = ns = None
        problem = None
        try:
            native = importlib.import_module(modname)
        except ImportError as exc:
            problem = f"not installed ({exc})"
        if native is not None:
            try:
                ns = importlib.import_module(f"ember_array.{name}")
            except ModuleNotFoundError as exc:
                if exc.name != f"ember_array.{name}":
                    raise
                problem = "namespace not available in this version of ember_array"
        found.append(Backend(name, version, native, ns, problem))
    return found


# ------------------------------------------------------------------------------------------
# looking names up

_ABSENT: Any = object()


def _resolve(module: object, qualname: str) -> Any:
    """``module.<qualname>``; ``__array_namespace_info__.x`` is looked up on an instance."""
    obj: Any = module
    for part in qualname.split("."):
        if obj is _ABSENT:
            return _ABSENT
        if callable(obj) and getattr(obj, "__name__", "") == INFO:
            try:
                obj = obj()
            except Exception:
                return _ABSENT
        obj = getattr(obj, part, _ABSENT)
    return getattr(obj, "__func__", obj)  # bound method -> function


def _native_places(backend: Backend, qualname: str) -> list[Any]:
    """Where the backend's own counterpart of ``qualname`` may live."""
    native = backend.native
    section, _, _ = qualname.rpartition(".")
    if native is None:
        return []
    if section == INFO:
        info = _resolve(native, INFO + ".__class__")
        return [] if info is _ABSENT else [info]
    if section:
        places = [_resolve(native, section), native]
    else:
        places = [native, _resolve(native, "linalg")]  # matmul, vecdot... live in both
    entry = BY_NAME.get(backend.name)
    if entry is not None:
        array_type = entry.array_types[0]
        if isinstance(getattr(native, array_type, None), type):
            places.append(getattr(native, array_type))
    return [p for p in places if p is not _ABSENT]


def _native_ids(backend: Backend) -> frozenset[int]:
    """``id`` of every public object of the backend's main, ``linalg`` and ``fft`` modules."""
    if "ids" not in backend._cache:
        ids: set[int] = set()
        for sub in ("", "linalg", "fft"):
            mod = _resolve(backend.native, sub) if sub else backend.native
            if isinstance(mod, ModuleType):
                ids.update(id(v) for k, v in vars(mod).items() if not k.startswith("_"))
        for m in _spec.INFO:
            obj = _resolve(backend.native, f"{INFO}.{m}")
            if obj is not _ABSENT:
                ids.add(id(obj))
        backend._cache["ids"] = frozenset(ids)
    return backend._cache["ids"]  # type: ignore[no-any-return]


@functools.cache
def _router_code() -> types.CodeType | None:
    """Code of mlx's float64 stream router (a transparent wrapper on GPU machines)."""
    try:
        from .mlx._devices import cpu_for_float64
    except ImportError:
        return None
    return getattr(cpu_for_float64(len), "__code__", None)


def _unrouted(obj: Any) -> Any:
    code = _router_code()
    while code is not None and getattr(obj, "__code__", None) is code:
        obj = obj.__wrapped__
    return obj


# ------------------------------------------------------------------------------------------
# reading code


@dataclass
class _Reach:
    """What a function's code, and the code it calls, loads."""

    attrs: set[str] = field(default_factory=set)  # attribute and imported names
    objects: list[Any] = field(default_factory=list)  # globals, closure cells, wrapped objects


def _codes(code: types.CodeType) -> Iterator[types.CodeType]:
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _codes(const)


_ATTR_OPS = frozenset({"LOAD_ATTR", "LOAD_METHOD", "IMPORT_FROM", "LOAD_SUPER_ATTR"})
_GLOBAL_OPS = frozenset({"LOAD_GLOBAL", "LOAD_NAME"})


def _reach(
    root: Any,
    lookup: ModuleType | None = None,
    *,
    module: str | None = None,
    skip: frozenset[int] = frozenset(),
) -> _Reach:
    """Walk ``root``'s code and every Python function it loads, transitively.

    ``root`` may be a class (its methods are walked). Functions are followed through globals,
    closure cells and ``__wrapped__``, and through attributes of ``lookup`` (the backend module,
    so that ``torch.unique``'s own Python code is read). ``module`` keeps the walk inside one
    module; objects whose ``id`` is in ``skip`` are not entered.
    """
    out = _Reach()
    seen: set[int] = set()
    todo: list[Any] = [root]
    if isinstance(root, type):
        todo = [getattr(v, "__func__", v) for v in vars(root).values()]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or id(obj) in skip:
            continue
        seen.add(id(obj))
        if isinstance(obj, functools.partial):
            todo.append(obj.func)
            continue
        if not isinstance(obj, types.FunctionType):
            continue
        if module is not None and obj.__module__ != module:
            continue
        if hasattr(obj, "__wrapped__"):
            out.objects.append(obj.__wrapped__)
            todo.append(obj.__wrapped__)
        for cell in obj.__closure__ or ():
            try:
                value = cell.cell_contents
            except ValueError:  # an empty cell
                continue
            out.objects.append(value)
            todo.append(value)
        for code in _codes(obj.__code__):
            after_self = False
            for ins in dis.get_instructions(code):
                on_self, after_self = after_self, ins.opname == "LOAD_FAST" and ins.argval == "self"
                if not isinstance(ins.argval, str) or on_self:
                    continue  # ``self.x``: the class's own method, not the backend's
                if ins.opname in _ATTR_OPS:
                    out.attrs.add(ins.argval)
                    if lookup is not None:
                        todo.append(vars(lookup).get(ins.argval))
                elif ins.opname in _GLOBAL_OPS:
                    value = obj.__globals__.get(ins.argval, _ABSENT)
                    if value is _ABSENT:
                        value = getattr(builtins, ins.argval, _ABSENT)
                    if value is not _ABSENT:
                        out.objects.append(value)
                        todo.append(value)
    return out


def _is_backend_object(backend: Backend, obj: Any) -> bool:
    if id(obj) in _native_ids(backend):
        return True
    root = getattr(backend.native, "__name__", "?").partition(".")[0]
    module = getattr(obj, "__module__", None)
    return isinstance(module, str) and module.partition(".")[0] == root


def _called_names(backend: Backend, reach: _Reach) -> set[str]:
    """Names the walked code calls on the backend: attributes it loads (``mx.clip``,
    ``x.astype``), and the names of the backend's callables it holds (``native = torch.add``)."""
    names = set(reach.attrs)
    for obj in reach.objects:
        name = getattr(obj, "__name__", None)
        if isinstance(name, str) and callable(obj) and _is_backend_object(backend, obj):
            names.add(name)
    return names


# ------------------------------------------------------------------------------------------
# data-dependent output shapes


def _forces_evaluation(backend: Backend, obj: Any, skip: frozenset[int] = frozenset()) -> bool:
    """Whether calling ``obj`` on ``backend`` needs the data to know the output's shape."""
    if getattr(obj, FORCES_EVALUATION, False):
        return True
    probe = _DYNAMIC_SHAPE_PROBES.get(backend.name)
    return probe is not None and probe(backend, obj, skip)


@functools.cache
def _torch_dynamic_shape(name: str) -> bool:
    """Whether ``torch.ops.aten.<name>`` has an overload tagged ``dynamic_output_shape``."""
    import torch

    try:
        packet = getattr(torch.ops.aten, name)
    except (AttributeError, RuntimeError):
        return False
    if not isinstance(packet, torch._ops.OpOverloadPacket):
        return False
    tag = torch.Tag.dynamic_output_shape
    return any(tag in getattr(packet, o).tags for o in packet.overloads())


def _torch_probe(backend: Backend, obj: Any, skip: frozenset[int]) -> bool:
    names = _called_names(backend, _reach(obj, backend.native, skip=skip)) - _CONTAINER_METHODS
    return any(_torch_dynamic_shape(n) for n in sorted(names))


_DYNAMIC_SHAPE_PROBES: dict[str, Callable[[Backend, Any, frozenset[int]], bool]] = {
    "torch": _torch_probe,
}


# ------------------------------------------------------------------------------------------
# standard names


def _same_value(a: Any, b: Any) -> bool:
    if a is b:
        return True
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    return False


def _classify_dtype(backend: Backend, name: str, obj: Any) -> str:
    own = getattr(backend.native, name, _ABSENT)
    if own is _ABSENT:
        own = getattr(backend.native, name + "_", _ABSENT)  # mx.bool_
    if obj is own:
        return NATIVE
    try:
        equal = own is not _ABSENT and isinstance(obj, type(own)) and bool(obj == own)
    except Exception:
        equal = False
    return WRAPPED if equal else MISSING


def classify(backend: Backend, qualname: str) -> str:
    """The label of one standard name (``"linalg.svd"``, ``"__array_namespace_info__.dtypes"``)
    on ``backend``: one of :data:`CATEGORIES`."""
    obj = _resolve(backend.namespace, qualname)
    if obj is _ABSENT:
        return MISSING
    if qualname in _spec.DTYPES:
        return _classify_dtype(backend, qualname, obj)
    if qualname in _spec.CONSTANTS:
        own = getattr(backend.native, qualname, _ABSENT)
        return NATIVE if _same_value(obj, own) else WRITTEN
    obj = _unrouted(obj)
    if _forces_evaluation(backend, obj):
        return FORCES
    name = qualname.rpartition(".")[2]
    candidates = (name, *_ALIASES.get(name, ()))
    places = _native_places(backend, qualname)
    if id(obj) in _native_ids(backend) or any(
        obj is getattr(p, c, _ABSENT) for p in places for c in candidates
    ):
        return NATIVE
    called = _called_names(backend, _reach(obj, backend.native))
    if any(c in called and any(hasattr(p, c) for p in places) for c in candidates):
        return WRAPPED
    return WRITTEN


# ------------------------------------------------------------------------------------------
# shims


def _registries(obj: Any) -> list[dict[str, Any]]:
    """The fast-path registries a shim dispatches through (see the module docstring)."""
    module = getattr(obj, "__module__", None)
    known = set(_NATIVE)
    found: list[dict[str, Any]] = []
    for value in _reach(obj, module=module).objects:
        if (
            isinstance(value, dict)
            and value
            and set(value) <= known
            and all(callable(v) for v in value.values())
            and all(v is not value for v in found)
        ):
            found.append(value)
    return found


def classify_shim(backend: Backend, obj: Any) -> str:
    """The label of one shim function (or class) on ``backend``."""
    if backend.namespace is None:
        return MISSING
    registries = _registries(obj)
    others = frozenset(id(f) for r in registries for b, f in r.items() if b != backend.name)
    if _forces_evaluation(backend, obj, others):
        return FORCES
    return WRAPPED if any(backend.name in r for r in registries) else WRITTEN


def _shim_rows() -> list[tuple[str, list[tuple[str, Any]]]]:
    from . import _devices, random, scatter, signal

    out = []
    for title, module, prefix in (
        ("random", random, "random."),
        ("scatter", scatter, "scatter."),
        ("signal", signal, "signal."),
        ("devices", _devices, ""),
    ):
        out.append((title, [(prefix + n, getattr(module, n)) for n in module.__all__]))
    return out


# ------------------------------------------------------------------------------------------
# the matrix


@dataclass(frozen=True)
class Section:
    """One table of the matrix: a title and its rows (name, label per backend)."""

    title: str
    standard: bool
    rows: tuple[tuple[str, tuple[str, ...]], ...]


def _available() -> list[Backend]:
    return [b for b in backends() if b.namespace is not None]


def sections(available: list[Backend] | None = None) -> list[Section]:
    """The whole matrix: standard sections (as in ``_spec``), then the shims."""
    bs = _available() if available is None else available
    standard = {
        **{title: names for title, names in _spec.SECTIONS.items()},
        "linalg": tuple(f"linalg.{n}" for n in _spec.LINALG),
        "fft": tuple(f"fft.{n}" for n in _spec.FFT),
        "inspection": tuple(f"{INFO}.{n}" for n in _spec.INFO),
    }
    out = [
        Section(title, True, tuple((n, tuple(classify(b, n) for b in bs)) for n in names))
        for title, names in standard.items()
    ]
    for title, entries in _shim_rows():
        rows = tuple((n, tuple(classify_shim(b, obj) for b in bs)) for n, obj in entries)
        out.append(Section(title, False, rows))
    return out


def _counts(labels: list[str]) -> str:
    return ", ".join(f"{labels.count(c)} {c}" for c in CATEGORIES[:-1])


def report_lines() -> list[str]:
    """The lines of ``python -m ember_array``."""
    lines = [f"ember_array {__version__}: array API standard {_spec.API_VERSION}"]
    names = _spec.all_names()
    for b in backends():
        if b.namespace is None:
            lines.append(f"  {b.name:<6} {b.version or '-':<12} {b.problem}")
            continue
        kinds = [classify(b, n) for n in names]
        have = len(names) - kinds.count(MISSING)
        spec = getattr(b.namespace, "__array_api_version__", "?")
        lines.append(
            f"  {b.name:<6} {b.version or '-':<12} ember_array.{b.name} (spec {spec}): "
            f"{have}/{len(names)} standard names ({_counts(kinds)})"
        )
    lines.append(
        "`python -m ember_array matrix` prints the support matrix, one row per name "
        "(`--markdown`: docs/support-matrix.md)."
    )
    return lines


def matrix_lines() -> list[str]:
    """One row per standard name and shim function, one column per available backend."""
    available = _available()
    secs = sections(available)
    width = max(len(n) for s in secs for n, _ in s.rows) + 2
    header = f"{'name':<{width}}" + "".join(f"{b.name:<19}" for b in available)
    lines = [header.rstrip(), "-" * len(header.rstrip())]
    for s in secs:
        kind = "standard" if s.standard else "shim"
        lines.append(f"[{kind}: {s.title}]")
        for name, labels in s.rows:
            lines.append((f"{name:<{width}}" + "".join(f"{x:<19}" for x in labels)).rstrip())
    return lines


#: The command that writes ``docs/support-matrix.md``.
REGENERATE = "python -m ember_array matrix --markdown > docs/support-matrix.md"


def versions(available: list[Backend] | None = None) -> dict[str, str]:
    """The versions the matrix depends on: each available backend and array-api-compat."""
    bs = _available() if available is None else available
    out = {b.name: b.version or "?" for b in bs}
    out["array-api-compat"] = _version("array-api-compat") or "?"
    return out


def markdown(available: list[Backend] | None = None) -> str:
    """``docs/support-matrix.md``: title, legend, versions, one table per section."""
    bs = _available() if available is None else available
    secs = sections(bs)
    names = [b.name for b in bs]
    header_versions = ", ".join(f"{k} {v}" for k, v in versions(bs).items())
    out = [
        "# Support matrix",
        "",
        f"<!-- Generated by `{REGENERATE}`; do not edit by hand. -->",
        "",
        f"How each name of the array API standard ({_spec.API_VERSION}) and each ember_array "
        "shim is implemented on each backend, computed from the namespaces themselves "
        "(`ember_array/_report.py` explains how). Regenerate with:",
        "",
        f"    {REGENERATE}",
        "",
        "`tests/test_support_matrix.py` fails when this page is stale.",
        "",
        f"Generated with: {header_versions}.",
        "",
        "## Legend",
        "",
        "| label | meaning |",
        "|---|---|",
        *(f"| `{c}` | {LEGEND[c]} |" for c in CATEGORIES),
        "",
        "For shims, `wrapped` means the backend has a fast path of its own: "
        "`scatter` uses `ufunc.at` (numpy), `index_add_`/`scatter_reduce_` (torch) and "
        "`x.at[idx]` (mlx); `signal` uses `torch.stft`/`istft`/`unfold`/`*_window`, "
        "`mx.fft.stft`/`istft`/`as_strided`, and numpy's `sliding_window_view` and "
        '`scipy.fft`; `random.Generator` is `wrapped` for `impl="native"` (the backend\'s own '
        'generator), while the functional API and `impl="portable"` (the default) are the '
        "same threefry code on every backend.",
        "",
        "## Summary",
        "",
        "| backend | part | " + " | ".join(CATEGORIES) + " |",
        "|---|---|" + "---|" * len(CATEGORIES),
    ]
    for i, name in enumerate(names):
        for part, standard in (("standard", True), ("shims", False)):
            # a name listed in two sections (broadcast_to...) counts once
            by_name = {n: labels[i] for s in secs if s.standard is standard for n, labels in s.rows}
            tally = list(by_name.values())
            counts = " | ".join(str(tally.count(c)) for c in CATEGORIES)
            out.append(f"| {name} | {part} ({len(by_name)}) | {counts} |")
    for s in secs:
        title = f"Standard: {s.title}" if s.standard else f"Shims: {s.title}"
        out += ["", f"## {title}", "", "| name | " + " | ".join(names) + " |"]
        out.append("|---|" + "---|" * len(names))
        out += [f"| `{n}` | " + " | ".join(labels) + " |" for n, labels in s.rows]
    return "\n".join(out) + "\n"

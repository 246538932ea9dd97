"""What ``python -m ember_array`` prints: backends found and the support matrix.

Every cell of the matrix is computed from the namespace modules and the markers of
:mod:`ember_array._markers`, declared where each function is written (never by reading the
functions' bytecode, whose instructions change between Python versions):

``missing``
    The namespace has no such name, or only a placeholder the backend cannot back (a dtype that
    is not one of the backend's dtypes, as mlx's ``complex128``).
``forces-evaluation``
    The output shape depends on the data: the function, or a function it wraps, carries the
    :func:`ember_array._markers.forces_evaluation` marker (array-api-compat's functions:
    declared with :func:`ember_array._markers.borrow`). On mlx such a function evaluates its
    input (``tests/test_support_matrix.py`` checks every marked function fails under
    ``mx.compile`` and every other one traces lazily); on torch it reaches an ATen operator
    tagged ``dynamic_output_shape`` (``nonzero``, ``_unique2``, ``repeat_interleave``...), which
    synchronizes the host with a CUDA or MPS device (the tests check each marked function fails
    on fake tensors). numpy computes every result before returning, so the label is not used
    for it.
``native``
    The namespace entry *is* the backend's own object (identity; for constants, equality).
``wrapped``
    The entry is marked :func:`ember_array._markers.wraps_native` (or declared so with
    ``borrow``), and the backend has the function it names: by default the same name or the
    standard's rename of it (``acos`` -> ``arccos``, ``concat`` -> ``concatenate``, see
    ``_ALIASES``). An unmarked :func:`functools.wraps` wrapper (a guard around another
    function) takes the label of the function it wraps, a native one making it ``wrapped``; a
    wrapper marked :func:`ember_array._markers.transparent` (mlx's float64 stream router) is
    not counted at all: it takes the label of the function it wraps, unchanged.
``written``
    Anything else: implemented from other operations.

Shims (``ember_array.random``, ``.scatter``, ``.signal`` and the device helpers) are
``wrapped`` on a backend when they dispatch through a *fast-path registry* that has an entry for
it: a module-level ``dict`` from backend names to the function (or class) serving that backend,
which the shim declares with :func:`ember_array._markers.dispatches_through`; elsewhere they are
``written`` (the pure-standard implementation).
"""

from __future__ import annotations

import importlib
import importlib.metadata
import math
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any

from . import _spec, scatter
from ._backends import BACKENDS as REGISTRY
from ._backends import BY_NAME, TooOldError, names
from ._markers import fast_paths, marks
from ._version import __version__
from ._versions import versioned

__all__ = [
    "CATEGORIES",
    "ProbedBackend",
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
class ProbedBackend:
    """One backend of the registry as found in this environment: its version, its native
    module and ember_array namespace where they import, else the ``problem``."""

    name: str
    version: str | None
    native: ModuleType | None
    namespace: ModuleType | None
    problem: str | None
    #: ``"ids"``: :func:`_native_ids`, computed once
    _cache: dict[str, frozenset[int]] = field(default_factory=dict, compare=False, repr=False)


def _version(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def backends() -> list[ProbedBackend]:
    """Each backend ember_array knows, with what imports and what does not (a library older
    than the registry's floor is a ``problem``, ``"too old (mlx 0.25.2 < 0.32.3)"``)."""
    found = []
    for entry in REGISTRY:
        version = _version(entry.distribution)
        native = ns = None
        problem = None
        try:
            native = importlib.import_module(entry.native)
        except ImportError as exc:
            problem = f"not installed ({exc})"
        if native is not None:
            try:
                ns = importlib.import_module(entry.namespace)
            except TooOldError as exc:
                problem = f"too old ({exc.short})"
            except ModuleNotFoundError as exc:
                if exc.name != entry.namespace:
                    raise
                problem = "namespace not available in this version of ember_array"
        found.append(ProbedBackend(entry.name, version, native, ns, problem))
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


def _native_places(backend: ProbedBackend, qualname: str) -> list[Any]:
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


def _native_ids(backend: ProbedBackend) -> frozenset[int]:
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
    return backend._cache["ids"]


def _unrouted(obj: Any) -> Any:
    """``obj`` without its :func:`ember_array._markers.transparent` wrappers (mlx's float64
    stream router on GPU machines)."""
    while marks(obj).transparent:
        obj = obj.__wrapped__
    return obj


# ------------------------------------------------------------------------------------------
# markers


def _chain(obj: Any) -> list[Any]:
    """``obj`` and the functions it wraps (``__wrapped__``, set by :func:`functools.wraps`)."""
    out = [obj]
    while True:
        inner = getattr(out[-1], "__wrapped__", None)
        if inner is None or any(inner is o for o in out):
            return out
        out.append(inner)


def _forces_evaluation(obj: Any) -> bool:
    """Whether ``obj``, or a function it wraps, is marked as needing the data for its shape."""
    return any(marks(o).forces for o in _chain(obj))


# ------------------------------------------------------------------------------------------
# standard names


def _same_value(a: Any, b: Any) -> bool:
    if a is b:
        return True
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    return False


def _classify_dtype(backend: ProbedBackend, name: str, obj: Any) -> str:
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


def classify(backend: ProbedBackend, qualname: str) -> str:
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
    if _forces_evaluation(obj):
        return FORCES
    name = qualname.rpartition(".")[2]
    candidates = (name, *_ALIASES.get(name, ()))
    places = _native_places(backend, qualname)
    for depth, o in enumerate(_chain(obj)):
        if id(o) in _native_ids(backend) or any(
            o is getattr(p, c, _ABSENT) for p in places for c in candidates
        ):
            return WRAPPED if depth else NATIVE
        m = marks(o)
        if m.wraps is not None:
            called = m.wraps or candidates
            return WRAPPED if any(hasattr(p, c) for p in places for c in called) else WRITTEN
        if m.declared:
            return WRITTEN
    return WRITTEN


# ------------------------------------------------------------------------------------------
# shims


def _registries(obj: Any) -> list[dict[str, Any]]:
    """The fast-path registries a shim dispatches through, as it declares them
    (:func:`ember_array._markers.dispatches_through`; ``tests/test_support_matrix.py`` checks
    that each one is consulted at call time)."""
    found: list[dict[str, Any]] = []
    for value in fast_paths(obj):
        if not (isinstance(value, dict) and set(value) <= set(names())):
            raise AssertionError(f"{obj!r}: {value!r} is not a fast-path registry")
        found.append(value)
    return found


def classify_shim(backend: ProbedBackend, obj: Any) -> str:
    """The label of one shim function (or class) on ``backend``."""
    if backend.namespace is None:
        return MISSING
    if _forces_evaluation(obj):
        return FORCES
    return WRAPPED if any(backend.name in r for r in _registries(obj)) else WRITTEN


def _shim_rows() -> list[tuple[str, list[tuple[str, Any]]]]:
    from . import _devices, random, signal

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
    #: the names of the draft's view (counted in no summary: not in the revision implemented)
    draft: bool = False


def _draft(b: ProbedBackend) -> ProbedBackend:
    """``b`` with its namespace's 2026.12 draft view (:mod:`ember_array._versions`)."""
    assert b.namespace is not None
    return replace(b, namespace=versioned(b.namespace, _spec.DRAFT_VERSION), _cache={})


def _available() -> list[ProbedBackend]:
    return [b for b in backends() if b.namespace is not None]


def sections(available: list[ProbedBackend] | None = None) -> list[Section]:
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
    draft = [_draft(b) for b in bs]
    out.append(
        Section(
            f"{_spec.DRAFT_VERSION} draft (api_version={_spec.DRAFT_VERSION!r})",
            True,
            tuple((n, tuple(classify(b, n) for b in draft)) for n in _spec.NEW_IN_DRAFT),
            draft=True,
        )
    )
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
    drafts = [b.name for b in _available()]
    lines.append(
        f"  api_version: {', '.join(_spec.SUPPORTED_VERSIONS)}; {_spec.DRAFT_VERSION} is the "
        f"draft (adds {', '.join(_spec.NEW_IN_DRAFT)}, dtypes per device), available on "
        f"{', '.join(drafts) or 'no backend'}"
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


def versions(available: list[ProbedBackend] | None = None) -> dict[str, str]:
    """The versions the matrix depends on: each available backend and array-api-compat."""
    bs = _available() if available is None else available
    out = {b.name: b.version or "?" for b in bs}
    out["array-api-compat"] = _version("array-api-compat") or "?"
    return out


def markdown(available: list[ProbedBackend] | None = None) -> str:
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
        "`mx.fft.rfft`/`mx.fft.istft`/`mx.as_strided`, and numpy's `sliding_window_view` and "
        '`scipy.fft`; `random.Generator` is `wrapped` for `impl="native"` (the backend\'s own '
        'generator), while the functional API and `impl="portable"` (the default) are the '
        "same threefry code on every backend.",
        "",
        "How close each element-wise function comes to the exact result on each backend (and "
        "which ones ember_array corrects for accuracy) is on [the accuracy page](accuracy.md).",
        "",
        "## Summary",
        "",
        "| backend | part | " + " | ".join(CATEGORIES) + " |",
        "|---|---|" + "---|" * len(CATEGORIES),
    ]
    for i, name in enumerate(names):
        for part, standard in (("standard", True), ("shims", False)):
            # a name listed in two sections (broadcast_to...) counts once
            by_name = {
                n: labels[i]
                for s in secs
                if s.standard is standard and not s.draft
                for n, labels in s.rows
            }
            tally = list(by_name.values())
            counts = " | ".join(str(tally.count(c)) for c in CATEGORIES)
            out.append(f"| {name} | {part} ({len(by_name)}) | {counts} |")
    for s in secs:
        title = f"Standard: {s.title}" if s.standard else f"Shims: {s.title}"
        out += ["", f"## {title}", "", "| name | " + " | ".join(names) + " |"]
        out.append("|---|" + "---|" * len(names))
        out += [f"| `{n}` | " + " | ".join(labels) + " |" for n, labels in s.rows]
    return "\n".join(out) + "\n"

"""The support matrix: its classifier, the markers it reads, and docs/support-matrix.md.

The page is compared with a fresh rendering only where it can be reproduced: all three backends
installed, at the versions recorded in the page's ``Generated with:`` line (array-api-compat
included). Elsewhere the test skips and says why; the versions are part of the page, so a
version bump shows up as a skip naming the command to run, never as a silent pass.
"""

from __future__ import annotations

import difflib
import functools
import re
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ember_array import _report, _spec
from ember_array.__main__ import main
from ember_array._markers import FORCES_EVALUATION, borrow, forces_evaluation, marks, wraps_native
from tests._helpers import BACKENDS, load_file

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "support-matrix.md"


def _backend(name: str) -> _report.ProbedBackend:
    for b in _report.backends():
        if b.name == name:
            if b.namespace is None:
                pytest.skip(f"{name}: {b.problem}")
            return b
    raise AssertionError(name)


# ------------------------------------------------------------------------------------------
# the page


def test_page_is_current() -> None:
    absent = [f"{b.name} ({b.problem})" for b in _report.backends() if b.namespace is None]
    if absent:
        pytest.skip(f"the page lists numpy, torch and mlx; not available here: {', '.join(absent)}")
    text = PAGE.read_text()
    found = re.search(r"^Generated with: (.*)\.$", text, re.MULTILINE)
    assert found, f"no 'Generated with:' line in {PAGE}; regenerate with: {_report.REGENERATE}"
    recorded = dict(part.rsplit(" ", 1) for part in found.group(1).split(", "))
    installed = _report.versions()
    if recorded != installed:
        pytest.skip(
            f"docs/support-matrix.md was generated with {recorded}, this environment has "
            f"{installed}; to update it: {_report.REGENERATE}"
        )
    fresh = _report.markdown()
    if fresh != text:
        diff = "".join(
            list(
                difflib.unified_diff(
                    text.splitlines(keepends=True),
                    fresh.splitlines(keepends=True),
                    "docs/support-matrix.md",
                    "regenerated",
                )
            )[:60]
        )
        pytest.fail(f"docs/support-matrix.md is stale; regenerate it with\n\n    "
                    f"{_report.REGENERATE}\n\n{diff}")  # fmt: skip


def test_page_is_linked_from_project_quality() -> None:
    index = (ROOT / "docs" / "quality.md").read_text()
    assert "(support-matrix.md)" in index
    assert _report.REGENERATE in " ".join(index.split())


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["matrix", "--markdown"]) == 0
    page = capsys.readouterr().out
    assert page.startswith("# Support matrix\n")
    for c in _report.CATEGORIES:
        assert f"| `{c}` |" in page
    for title in [*_spec.SECTIONS, "linalg", "fft", "inspection"]:
        assert f"## Standard: {title}\n" in page
    for title in ("random", "scatter", "signal", "devices"):
        assert f"## Shims: {title}\n" in page
    assert main(["matrix"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = {line.split()[0] for line in lines[2:] if not line.startswith("[")}
    assert set(_spec.all_names()) <= rows
    assert {f"__array_namespace_info__.{n}" for n in _spec.INFO} <= rows
    assert {"random.uniform", "scatter.segment_sum", "signal.stft", "to_device"} <= rows
    assert main(["matrix", "--bogus"]) == 2


def test_report_counts_the_new_categories(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert re.search(r"numpy .*192/192 standard names \(\d+ native, \d+ wrapped, \d+ written", out)


# ------------------------------------------------------------------------------------------
# the classifier on fake backends


def _fake(**ns_attrs: Any) -> _report.ProbedBackend:
    native = types.ModuleType("fakelib")

    def arccos(x: Any) -> Any:
        return x

    def sin(x: Any) -> Any:
        return x

    native.arccos = arccos  # type: ignore[attr-defined]
    native.sin = sin  # type: ignore[attr-defined]
    native.float32 = "f4"  # type: ignore[attr-defined]
    ns = types.ModuleType("ember_fakelib")
    for k, v in ns_attrs.items():
        setattr(ns, k, v)
    return _report.ProbedBackend("fake", "0", native, ns, None)


def test_fake_missing() -> None:
    assert _report.classify(_fake(), "nonzero") == "missing"
    assert _report.classify(_fake(), "linalg.svd") == "missing"
    assert _report.classify(_fake(), "__array_namespace_info__.devices") == "missing"


def test_fake_native_wrapped_written() -> None:
    b = _fake()
    lib: Any = b.native

    @wraps_native()  # calls the backend's own function under the old name
    def acos(x: Any) -> Any:
        return lib.arccos(x)

    def cos(x: Any) -> Any:  # built from other operations
        return lib.sin(x + 1.5707963267948966)

    b.namespace.sin = lib.sin  # type: ignore[union-attr]
    b.namespace.acos = acos  # type: ignore[union-attr]
    b.namespace.cos = cos  # type: ignore[union-attr]
    assert _report.classify(b, "sin") == "native"
    assert _report.classify(b, "acos") == "wrapped"
    assert _report.classify(b, "cos") == "written"


def test_fake_wrappers_and_declarations() -> None:
    b = _fake()
    lib: Any = b.native

    @functools.wraps(lib.sin)
    def sin(x: Any) -> Any:  # a guard around the native function: its label, made wrapped
        return lib.sin(x)

    @wraps_native("tan")  # names a function the backend does not have
    def tan(x: Any) -> Any:
        return lib.sin(x) / lib.sin(x + 1.5707963267948966)

    def cosh(x: Any) -> Any:  # stands for a function of array-api-compat's
        return x

    def sinh(x: Any) -> Any:
        return x

    compat = types.ModuleType("fakecompat")
    compat.cosh, compat.sinh = cosh, sinh  # type: ignore[attr-defined]
    borrow(compat, wrapped="cosh", forces="sinh")
    lib.cosh = lib.sinh = lib.sin
    for name in ("sin", "tan", "cosh", "sinh"):
        setattr(b.namespace, name, locals()[name])
    assert _report.classify(b, "sin") == "wrapped"
    assert _report.classify(b, "tan") == "written"
    assert _report.classify(b, "cosh") == "wrapped"
    assert _report.classify(b, "sinh") == "forces-evaluation"
    assert marks(cosh).declared
    assert not marks(lambda x: x).declared
    with pytest.raises(ValueError, match="declared as"):
        borrow(compat, written="cosh")
    with pytest.raises(ValueError, match="does not exist"):
        borrow(compat, wrapped="nothing")


def test_fake_marker_and_dtypes() -> None:
    @forces_evaluation
    def nonzero(x: Any) -> Any:
        return x

    b = _fake(nonzero=nonzero, float32="f4", float64=object())
    assert getattr(nonzero, FORCES_EVALUATION) is True
    assert _report.classify(b, "nonzero") == "forces-evaluation"
    assert _report.classify(b, "float32") == "native"
    assert _report.classify(b, "float64") == "missing"  # a placeholder the backend lacks


# ------------------------------------------------------------------------------------------
# the classifier on the real backends


@pytest.mark.parametrize(
    ("backend", "name", "label"),
    [
        ("numpy", "add", "native"),
        ("numpy", "expm1", "wrapped"),  # ember's fix around np.expm1
        ("numpy", "acos", "native"),  # numpy 2 has acos itself
        ("numpy", "nonzero", "wrapped"),  # eager: never forces-evaluation
        ("numpy", "broadcast_shapes", "written"),
        ("torch", "add", "wrapped"),  # same-dtype fast path around torch.add
        ("torch", "std", "wrapped"),
        ("torch", "sin", "native"),
        # torch.take for 1-d int64 indices, else indexing (x[..., idx])
        ("torch", "take", "wrapped"),
        ("torch", "isdtype", "written"),
        ("torch", "nonzero", "forces-evaluation"),
        ("torch", "unique_values", "forces-evaluation"),
        ("torch", "repeat", "forces-evaluation"),
        ("mlx", "nonzero", "forces-evaluation"),
        ("mlx", "repeat", "forces-evaluation"),
        ("mlx", "copysign", "written"),
        ("mlx", "abs", "native"),
        ("mlx", "acos", "native"),  # mx.arccos itself
        ("mlx", "concat", "wrapped"),  # around mx.concatenate
        ("mlx", "float32", "wrapped"),  # equality-safe copy of mx.float32
        ("mlx", "complex128", "missing"),  # a placeholder: mlx has no complex128
        ("mlx", "linalg.inv", "wrapped"),
    ],
)
def test_classify(backend: str, name: str, label: str) -> None:
    assert _report.classify(_backend(backend), name) == label


def _shim(qualname: str) -> Any:
    import ember_array

    obj: Any = ember_array
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


@pytest.mark.parametrize(
    ("backend", "name", "label"),
    [
        ("numpy", "scatter.segment_sum", "wrapped"),
        ("torch", "scatter.index_reduce", "wrapped"),
        ("mlx", "scatter.scatter", "wrapped"),
        ("torch", "signal.stft", "wrapped"),
        ("mlx", "signal.hann_window", "written"),  # the cosine sum in standard functions
        ("numpy", "random.uniform", "written"),  # portable threefry everywhere
        ("mlx", "random.Generator", "wrapped"),  # impl="native": mx.random
        ("torch", "devices", "written"),
    ],
)
def test_classify_shim(backend: str, name: str, label: str) -> None:
    assert _report.classify_shim(_backend(backend), _shim(name)) == label


def test_borrowed_functions_are_declared() -> None:
    """Every standard function array-api-compat implements for a namespace (taken unchanged, or
    inside one of ember_array's functools.wraps guards) is declared there with borrow()."""
    import ember_array

    own = str(Path(ember_array.__file__).parent)
    undeclared = []
    for b in _report.backends():
        if b.namespace is None:
            continue
        for name in _spec.all_names():
            for obj in _report._chain(_report._unrouted(_report._resolve(b.namespace, name))):
                code = getattr(obj, "__code__", None)
                mine = code is not None and code.co_filename.startswith(own)
                if mine and not marks(obj).declared:
                    continue  # an unmarked guard of ember_array's: what it wraps decides
                module = str(getattr(obj, "__module__", ""))
                if module.startswith("array_api_compat") and not marks(obj).declared:
                    undeclared.append(f"{b.name}: {name}")
                break
    assert undeclared == []


def test_the_float64_router_is_transparent() -> None:
    """mlx's float64 stream router (installed on GPU machines) is marked transparent: a routed
    namespace gets the labels of the unrouted one, native functions staying ``native``."""
    pytest.importorskip("mlx.core")
    from ember_array.mlx import _devices

    mlx = _backend("mlx")
    names = ("abs", "sum", "concat", "nonzero", "sin")
    routed = types.ModuleType("routed")
    routed.__dict__.update(vars(mlx.namespace))
    # every name wrapped, native ones too (route_float64 leaves out what is not a routine)
    routed.__dict__.update({n: _devices.cpu_for_float64(getattr(routed, n)) for n in names})
    fake = _report.ProbedBackend("mlx", mlx.version, mlx.native, routed, None)
    labels = [_report.classify(mlx, n) for n in names]
    assert _report.NATIVE in labels
    assert [_report.classify(fake, n) for n in names] == labels


# ------------------------------------------------------------------------------------------
# the fast-path registries are the ones the shims dispatch through


def _calls(name: str, xp: Any) -> Callable[[], Any]:
    """A call of shim ``name`` on namespace ``xp`` that reaches its dispatch."""
    from ember_array import random, scatter, signal

    v = xp.asarray([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], dtype=xp.float32)
    i = xp.asarray([0, 1, 0, 2, 1, 1, 0, 2])
    table: dict[str, Callable[[], Any]] = {
        **{
            f"scatter.{n}": (lambda n=n: getattr(scatter, n)(v, i, 3))
            for n in scatter.__all__
            if n not in ("scatter", "index_reduce")
        },
        "scatter.scatter": lambda: scatter.scatter(v, i, 3),
        "scatter.index_reduce": lambda: scatter.index_reduce(v, i, v),
        "signal.stft": lambda: signal.stft(v, 4, center=False),
        "signal.istft": lambda: signal.istft(
            xp.astype(xp.ones((3, 2)), xp.complex64), 4, center=False
        ),
        "signal.frame": lambda: signal.frame(v, 4, 2),
        "signal.hann_window": lambda: signal.hann_window(8, xp=xp),
        "signal.hamming_window": lambda: signal.hamming_window(8, xp=xp),
        "signal.blackman_window": lambda: signal.blackman_window(8, xp=xp),
        "random.Generator": lambda: random.Generator(0, xp=xp, impl="native"),
    }
    return table[name]


_REGISTRY_USERS = [
    "scatter.scatter",
    "scatter.segment_sum",
    "scatter.segment_mean",
    "scatter.segment_max",
    "scatter.segment_min",
    "scatter.segment_prod",
    "scatter.index_reduce",
    "signal.stft",
    "signal.istft",
    "signal.frame",
    "signal.hann_window",
    "signal.hamming_window",
    "signal.blackman_window",
    "random.Generator",
]


class _SpyError(Exception):
    pass


@pytest.mark.parametrize("name", _REGISTRY_USERS)
@pytest.mark.parametrize("backend", BACKENDS)
def test_registry_is_what_the_shim_calls(
    backend: str, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each registry the matrix reads is consulted at call time: replacing this backend's
    entry by a spy makes the call reach the spy; a backend without an entry never does."""
    b = _backend(backend)
    registries = _report._registries(_shim(name))
    assert registries, f"{name}: no fast-path registry found"

    def spy(*args: Any, **kwargs: Any) -> Any:
        raise _SpyError

    present = [r for r in registries if backend in r]
    for r in present:
        monkeypatch.setitem(r, backend, spy)
    call = _calls(name, b.namespace)
    if present:
        with pytest.raises(_SpyError):
            call()
    else:
        call()  # the shared implementation, untouched by the spies


def test_every_shim_is_in_the_matrix_and_dispatch_table() -> None:
    rows = {n for _, entries in _report._shim_rows() for n, _ in entries}
    with_registry = {n for _, e in _report._shim_rows() for n, o in e if _report._registries(o)}
    assert with_registry == set(_REGISTRY_USERS)
    import ember_array
    from ember_array import _devices, random, scatter, signal

    expected = {f"random.{n}" for n in random.__all__} | {f"scatter.{n}" for n in scatter.__all__}
    expected |= {f"signal.{n}" for n in signal.__all__} | set(_devices.__all__)
    assert rows == expected
    assert all(hasattr(ember_array, n) for n in _devices.__all__)


# ------------------------------------------------------------------------------------------
# forces-evaluation markers are honest


def _load_lazy_table() -> types.ModuleType:
    return load_file(ROOT / "tests" / "mlx" / "test_lazy.py", "_ember_test_lazy_table")


#: A data-dependent call of every mlx function marked forces-evaluation (v: float32 (4,)).
MLX_FORCED: dict[str, Callable[[Any, Any], Any]] = {
    "nonzero": lambda xp, v: xp.nonzero(v)[0],
    "unique_all": lambda xp, v: xp.unique_all(v).values,
    "unique_counts": lambda xp, v: xp.unique_counts(v).counts,
    "unique_inverse": lambda xp, v: xp.unique_inverse(v).values,
    "unique_values": lambda xp, v: xp.unique_values(v),
    "repeat": lambda xp, v: xp.repeat(v, xp.astype(v, xp.int64)),
}


def test_mlx_markers_match_mx_compile() -> None:
    """Marked mlx functions fail under mx.compile; every other standard function is traced
    lazily by tests/mlx/test_lazy.py (or takes no array)."""
    mx = pytest.importorskip("mlx.core")
    b = _backend("mlx")
    xp = b.namespace
    labels = {n: _report.classify(b, n) for n in _spec.all_names()}
    marked = {n for n, label in labels.items() if label == "forces-evaluation"}
    assert marked == set(MLX_FORCED)
    v = mx.array([1.0, 0.0, 2.0, 2.0])
    for name, call in MLX_FORCED.items():
        assert getattr(_report._resolve(xp, name), FORCES_EVALUATION, False), name
        with pytest.raises(ValueError, match="eval"):
            mx.compile(lambda a, call=call: call(xp, a))(v)
    lazy = _load_lazy_table()
    unmarked = set(_spec.all_names()) - marked
    assert unmarked - set(lazy.CALLS) - lazy.NOT_ARRAY == set()


def _mlx_shim_calls(xp: Any) -> dict[str, Callable[[Any], Any]]:
    import ember_array
    from ember_array import random, scatter, signal

    i = xp.asarray([0, 1, 0, 2])
    key = random.key(0, xp="mlx")
    return {
        **{
            f"scatter.{n}": (lambda v, n=n: getattr(scatter, n)(v, i, 3))
            for n in scatter.__all__
            if n not in ("scatter", "index_reduce")
        },
        "scatter.scatter": lambda v: scatter.scatter(v, i, 3, reduce="max"),
        "scatter.index_reduce": lambda v: scatter.index_reduce(v, i, v),
        "signal.stft": lambda v: xp.real(signal.stft(v, 4, center=False)),
        "signal.istft": lambda v: signal.istft(
            xp.astype(xp.ones((3, 2)), xp.complex64) * v[0], 4, hop_length=2, center=False
        ),
        "signal.frame": lambda v: signal.frame(v, 2, 1),
        "signal.hann_window": lambda v: signal.hann_window(4, xp=xp) * v,
        "signal.hamming_window": lambda v: signal.hamming_window(4, xp=xp) * v,
        "signal.blackman_window": lambda v: signal.blackman_window(4, xp=xp) * v,
        "random.Generator": lambda v: random.Generator(0, xp=xp, impl="native").normal((4,)) + v,
        "random.key": lambda v: random.key(1, xp=xp),
        "random.split": lambda v: random.split(key),
        "random.fold_in": lambda v: random.fold_in(key, 3),
        "random.bits": lambda v: random.bits(key, (4,)),
        "random.uniform": lambda v: random.uniform(key, (4,)) + v,
        "random.normal": lambda v: random.normal(key, (4,)) + v,
        "random.integers": lambda v: random.integers(key, 0, 9, (4,)),
        "random.bernoulli": lambda v: random.bernoulli(key, 0.5, (4,)),
        "random.permutation": lambda v: random.permutation(key, v),
        "random.categorical": lambda v: random.categorical(key, v),
        "random.truncated_normal": lambda v: random.truncated_normal(key, -1.0, 1.0, (4,)),
        "to_device": lambda v: ember_array.to_device(v, "cpu") + v,
    }


def test_mlx_shims_stay_lazy() -> None:
    """No shim carries the marker, and each one that takes or makes arrays traces under
    mx.compile (the device helpers other than to_device take no array)."""
    mx = pytest.importorskip("mlx.core")
    b = _backend("mlx")
    calls = _mlx_shim_calls(b.namespace)
    rows = {n: o for _, entries in _report._shim_rows() for n, o in entries}
    assert set(rows) - set(calls) == {"devices", "default_device", "device_name", "same_device"}
    v = mx.array([1.0, 0.5, 2.0, 3.0])
    for name, call in calls.items():
        assert _report.classify_shim(b, rows[name]) != "forces-evaluation", name
        out = mx.compile(call)(v)
        assert isinstance(out, (mx.array, tuple)), name


#: A data-dependent call of every torch function labelled forces-evaluation.
TORCH_FORCED: dict[str, Callable[[Any, Any, Any], Any]] = {
    "nonzero": lambda xp, x, r: xp.nonzero(x),
    "unique_all": lambda xp, x, r: xp.unique_all(x),
    "unique_counts": lambda xp, x, r: xp.unique_counts(x),
    "unique_inverse": lambda xp, x, r: xp.unique_inverse(x),
    "unique_values": lambda xp, x, r: xp.unique_values(x),
    "repeat": lambda xp, x, r: xp.repeat(x, r),
}


def test_torch_labels_match_fake_tensors() -> None:
    """torch functions labelled forces-evaluation cannot run on fake tensors (shapes without
    data) for data-dependent input; a few unlabelled ones can."""
    torch = pytest.importorskip("torch")
    fake = pytest.importorskip("torch._subclasses.fake_tensor")
    b = _backend("torch")
    xp = b.namespace
    labels = {n: _report.classify(b, n) for n in _spec.all_names()}
    assert {n for n, label in labels.items() if label == "forces-evaluation"} == set(TORCH_FORCED)
    x, r = torch.tensor([1.0, 0.0, 2.0, 2.0]), torch.tensor([1, 2, 0, 1])
    for call in TORCH_FORCED.values():
        with fake.FakeTensorMode() as mode:
            fx, fr = mode.from_tensor(x), mode.from_tensor(r)
            with pytest.raises(fake.DynamicOutputShapeException):
                call(xp, fx, fr)
    with fake.FakeTensorMode() as mode:
        fx, fr = mode.from_tensor(x), mode.from_tensor(r)
        assert xp.repeat(fx, 2).shape == (8,)
        assert xp.take(fx, fr).shape == (4,)
        assert xp.count_nonzero(fx).shape == ()
        assert xp.isin(fx, fx).shape == (4,)

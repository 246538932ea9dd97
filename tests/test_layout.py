"""The layout of ember_array: layers that import downward only, and one backend registry.

Read from the source with ``ast`` (nothing is imported), so these tests run without any
backend installed. The layers, lowest first::

    base        _backends _spec _version _markers _patch typing    (no ember_array imports)
    core        _helpers _dispatch _namespace _boundary _common
    namespaces  numpy torch mlx dask
    shims       random scatter signal _devices
    top         integrations _report lint testing __main__ and the package itself

An import goes to the importing module's own layer or a lower one. Module-level imports form
no cycle; imports inside functions (run on first use) may go up only where
:data:`UPWARD_LAZY` lists them, and with them the graph still has no cycle. The whole
repository (``conformance/``, ``benchmarks/`` and ``tests/`` too) has no import cycle either.

The rules of a house a new maintainer can live in (issue 29), each with a self-test that plants
a violation: no file of ember_array over :data:`MAX_LINES` lines; at most
:data:`NAME_COMPARISONS_ALLOWED` backend-name string comparisons outside the registry
(``be.name == "torch"``: a backend fact belongs on the registry row); no import of an
underscored name from another module of ember_array (a name shared across modules is
package-public in the private module that owns it).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from ember_array._backends import BACKENDS

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ember_array"

LAYERS: dict[str, int] = {
    # _scm_version: written by setuptools-scm at build/install time (docs/releasing.md)
    **dict.fromkeys(
        (
            "_backends",
            "_device_names",
            "_spec",
            "_version",
            "_scm_version",
            "_versions",
            "_markers",
            "_patch",
            "_remembered",
            "_quiet",
            "_signatures",
            "typing",
        ),
        0,
    ),
    **dict.fromkeys(("_helpers", "_dispatch", "_namespace", "_boundary", "_common", "_culprit"), 1),
    **dict.fromkeys(("numpy", "torch", "mlx", "dask"), 2),
    **dict.fromkeys(("random", "scatter", "signal", "_devices", "_compile", "_compile_args"), 3),
    **dict.fromkeys(("integrations", "_report", "lint", "testing", "__main__", ""), 4),
}

#: The imports, inside functions, that go to a higher layer: (importer, imported).
UPWARD_LAZY: dict[tuple[str, str], str] = {
    **{
        ("ember_array._dispatch", f"ember_array.{b.name}"): (
            "ember_namespace() loads a backend's namespace on first use"
        )
        for b in BACKENDS
    },
    ("ember_array._helpers", "ember_array.mlx._devices"): (
        "device() of an mlx array is the mlx namespace's Device (mlx is imported by then)"
    ),
}


@dataclass(frozen=True)
class Import:
    """One import of a module of the repository (of ember_array, for the layers) by another."""

    source: str
    target: str
    lazy: bool  # inside a function
    line: int


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _module_table(*tops: str) -> dict[str, Path]:
    return {
        _module_name(p): p
        for top in tops
        for p in sorted((ROOT / top).rglob("*.py"))
        if "lint_fixtures" not in p.parts  # the linter's test inputs, never imported
    }


MODULES: dict[str, Path] = _module_table("ember_array")
#: Every module of the repository: the package, its conformance suite, benchmarks and tests.
REPO_MODULES: dict[str, Path] = _module_table("ember_array", "conformance", "benchmarks", "tests")
#: Folders of scripts run as ``python benchmarks/x.py``: ``import _timing`` there finds the
#: module beside the script (``sys.path[0]``).
SCRIPT_FOLDERS = ("benchmarks",)
Folders = tuple[str, ...]


def _packages(name: str) -> list[str]:
    """The packages above module ``name``, outermost first (the top one, ``ember_array``,
    left out)."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(2, len(parts))]


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _walk(node: ast.AST, lazy: bool = False) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    for child in ast.iter_child_nodes(node):
        if _type_checking(child):
            continue
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child, lazy
        inner = lazy or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        yield from _walk(child, inner)


def _base(node: ast.ImportFrom, name: str, path: Path) -> str:
    """The module ``from <base> import ...`` names, in module ``name`` (file ``path``)."""
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    if not node.level:
        return node.module or ""
    pkg = here.split(".")[: len(here.split(".")) - node.level + 1]
    return ".".join([*pkg, *([node.module] if node.module else [])])


def _script_sibling(target: str, name: str, modules: dict[str, Path], scripts: Folders) -> str:
    """``target`` as the module beside script ``name`` where the script's folder is on the path."""
    folder = name.rpartition(".")[0]
    sibling = f"{folder}.{target}"
    if folder in scripts and target not in modules and sibling in modules:
        return sibling
    return target


def imports(
    name: str, modules: dict[str, Path] = MODULES, scripts: Folders = SCRIPT_FOLDERS
) -> list[Import]:
    """The imports of ``modules`` in module ``name`` (and the packages they run)."""
    path = modules[name]
    found: list[Import] = []
    for node, lazy in _walk(ast.parse(path.read_text(), str(path))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            base = _base(node, name, path)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                targets.append(sub if sub in modules else base)
        for target in (_script_sibling(t, name, modules, scripts) for t in targets):
            if target not in modules or target == name:
                continue
            # importing a module runs the packages above it first
            for t in (*_packages(target), target):
                if t in modules and t != name and not (name == t or name.startswith(t + ".")):
                    found.append(Import(name, t, lazy, node.lineno))
    return found


ALL = [i for name in MODULES for i in imports(name)]
REPO_ALL = [i for name in REPO_MODULES for i in imports(name, REPO_MODULES)]


def _layer(module: str) -> int:
    parts = module.split(".")
    unit = parts[1] if len(parts) > 1 else ""
    assert unit in LAYERS, f"{module}: add {unit!r} to tests/test_layout.py's LAYERS"
    return LAYERS[unit]


def _cycle(edges: list[Import]) -> list[str] | None:
    graph: dict[str, set[str]] = {}
    for e in edges:
        graph.setdefault(e.source, set()).add(e.target)
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_every_module_has_a_layer() -> None:
    for name in MODULES:
        _layer(name)


def test_no_import_cycle_at_module_level() -> None:
    cycle = _cycle([i for i in ALL if not i.lazy])
    assert cycle is None, "import cycle: " + " -> ".join(cycle or ())


def test_no_import_cycle_with_the_lazy_imports() -> None:
    cycle = _cycle(ALL)
    assert cycle is None, "import cycle (through imports inside functions): " + " -> ".join(
        cycle or ()
    )


def test_no_import_cycle_in_the_repository() -> None:
    """conformance/, benchmarks/ and tests/ as well, with the imports inside functions."""
    cycle = _cycle(REPO_ALL)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or ())


@pytest.mark.parametrize(
    ("files", "cycle"),
    [
        (
            {"pool.py": "from . import judge", "judge.py": "def f():\n    from .pool import run"},
            ["probe.judge", "probe.pool", "probe.judge"],
        ),
        ({"a.py": "import b", "b.py": "import a"}, ["probe.a", "probe.b", "probe.a"]),
        ({"a.py": "from . import b", "b.py": "x = 1"}, None),
    ],
)
def test_the_cycle_check_finds(
    files: dict[str, str], cycle: list[str] | None, tmp_path: Path
) -> None:
    # probe/ as a package, or (plain ``import b``) as a folder of scripts
    (tmp_path / "__init__.py").write_text("")
    for file, source in files.items():
        (tmp_path / file).write_text(source)
    modules = {f"probe.{Path(f).stem}": tmp_path / f for f in files}
    modules["probe"] = tmp_path / "__init__.py"
    edges = [i for name in modules for i in imports(name, modules, ("probe",))]
    assert _cycle(edges) == cycle


def _allowed(i: Import) -> bool:
    if _layer(i.target) <= _layer(i.source):
        return True
    # the allowance for a module covers the packages its import runs
    return i.lazy and any(
        src == i.source and (tgt == i.target or tgt.startswith(i.target + "."))
        for src, tgt in UPWARD_LAZY
    )


def test_imports_go_downward() -> None:
    upward = [
        f"{i.source}:{i.line} imports {i.target}{' (in a function)' if i.lazy else ''}"
        for i in ALL
        if not _allowed(i)
    ]
    assert upward == []


def test_upward_allowances_are_used() -> None:
    used = {(i.source, i.target) for i in ALL if i.lazy}
    assert set(UPWARD_LAZY) <= used, set(UPWARD_LAZY) - used


def test_nothing_reads_bytecode() -> None:
    """The support matrix is computed from markers (ember_array._markers), not bytecode."""
    readers = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import | ast.ImportFrom):
                mods = [a.name for a in node.names] if isinstance(node, ast.Import) else []
                mods.append(getattr(node, "module", None) or "")
                if any(m.partition(".")[0] in ("dis", "opcode") for m in mods):
                    readers.append(f"{name}:{node.lineno}")
    assert readers == []


# ------------------------------------------------------------------------------------------
# one backend registry

#: Module names that only the registry may pair with backend names.
_BACKEND_MODULES = {m for b in BACKENDS for m in (b.native, b.namespace, *b.modules)}
_SCANNED = ("ember_array", "tests", "conformance", "benchmarks")


def _module_aliases(tree: ast.AST) -> set[str]:
    """Names bound to modules by ``import x`` / ``import x as y``."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.asname or a.name.partition(".")[0] for a in node.names)
    return out


def _is_module(value: ast.expr, aliases: set[str]) -> bool:
    if isinstance(value, ast.Constant):
        return value.value in _BACKEND_MODULES
    if isinstance(value, ast.Name):
        return value.id in aliases
    if isinstance(value, ast.Call):
        func = value.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        return called in ("import_module", "__import__", "importorskip")
    return False


def backend_module_maps(source: str, label: str) -> list[str]:
    """Dict literals in ``source`` that map a backend name to a module or module name."""
    tree = ast.parse(source, label)
    aliases = _module_aliases(tree)
    names = {b.name for b in BACKENDS}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and any(
            isinstance(k, ast.Constant) and k.value in names and _is_module(v, aliases)
            for k, v in zip(node.keys, node.values)
        ):
            found.append(f"{label}:{node.lineno}")
    return found


def test_backend_module_maps_live_in_the_registry() -> None:
    """Only ember_array/_backends.py pairs backend names with modules: elsewhere the registry
    (``BY_NAME[name].native``, ``.namespace``, ``.compat``) answers."""
    registry = PACKAGE / "_backends.py"
    found = [
        where
        for top in _SCANNED
        for path in sorted((ROOT / top).rglob("*.py"))
        if path != registry and "lint_fixtures" not in path.parts
        for where in backend_module_maps(path.read_text(), str(path.relative_to(ROOT)))
    ]
    assert found == []


@pytest.mark.parametrize(
    "source",
    [
        'NATIVE = {"numpy": "numpy", "mlx": "mlx.core"}',
        'x = importlib.import_module({"mlx": "mlx.core"}.get(b, b))',
        "import torch\nLIBS = {'torch': torch}",
        "LIBS = {'dask': importlib.import_module('dask.array')}",
    ],
)
def test_the_map_check_finds(source: str) -> None:
    assert backend_module_maps(source, "probe.py") == ["probe.py:" + str(source.count("\n") + 1)]


def test_the_map_check_passes_fast_path_registries() -> None:
    # backend name -> function (the shims' fast-path registries) or -> settings are fine
    source = 'FAST = {"numpy": _numpy, "torch": _torch}\nBLOCK = {"numpy": 2**16}'
    assert backend_module_maps(source, "probe.py") == []


# ------------------------------------------------------------------------------------------
# a house a new maintainer can live in (issue 29)

#: The most lines a file of ember_array may have: a longer one is split by meaning (one module
#: per spec section, or per backend), as mlx's namespace is.
MAX_LINES = 700


def long_files(paths: list[Path], limit: int = MAX_LINES) -> list[str]:
    """``path: N lines`` for each of ``paths`` longer than ``limit`` lines."""
    lengths = {p: len(p.read_text().splitlines()) for p in paths}
    return [
        f"{p.relative_to(ROOT) if p.is_relative_to(ROOT) else p}: {n} lines"
        for p, n in lengths.items()
        if n > limit
    ]


def test_no_file_is_too_long() -> None:
    assert long_files(sorted(PACKAGE.rglob("*.py"))) == []


def test_the_size_check_finds(tmp_path: Path) -> None:
    fits, too_long = tmp_path / "fits.py", tmp_path / "too_long.py"
    fits.write_text("x = 1\n" * MAX_LINES)
    too_long.write_text("x = 1\n" * (MAX_LINES + 1))
    assert long_files([fits, too_long]) == [f"{too_long}: {MAX_LINES + 1} lines"]


#: Backend-name string comparisons allowed outside the registry: a fact about a backend is a
#: field of its row in ember_array/_backends.py (``BY_NAME[name].lazy``), not a name test.
NAME_COMPARISONS_ALLOWED = 3
_NAMES = frozenset(b.name for b in BACKENDS)


def _is_name(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in _NAMES


def _holds_name(node: ast.AST) -> bool:
    return isinstance(node, ast.Tuple | ast.List | ast.Set) and any(map(_is_name, node.elts))


def backend_name_comparisons(source: str, label: str) -> list[str]:
    """Where ``source`` compares with a backend name: ``== "torch"``, ``in ("numpy", "dask")``,
    ``case "mlx":``."""
    found = []
    for node in ast.walk(ast.parse(source, label)):
        if isinstance(node, ast.Compare):
            named = any(map(_is_name, (node.left, *node.comparators))) or any(
                isinstance(op, ast.In | ast.NotIn) and _holds_name(right)
                for op, right in zip(node.ops, node.comparators)
            )
        else:
            named = isinstance(node, ast.MatchValue) and _is_name(node.value)
        if named:
            found.append(f"{label}:{getattr(node, 'lineno', '?')}")
    return found


def test_backend_facts_live_in_the_registry() -> None:
    registry = PACKAGE / "_backends.py"
    found = [
        where
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != registry
        for where in backend_name_comparisons(path.read_text(), str(path.relative_to(ROOT)))
    ]
    assert len(found) <= NAME_COMPARISONS_ALLOWED, found


@pytest.mark.parametrize(
    ("source", "line"),
    [
        ('if be.name == "torch":\n    pass', 1),
        ('ok = "mlx" != name', 1),
        ('lazy = name in ("numpy", "dask")', 1),
        ("eager = name not in {'dask'}", 1),
        ('match name:\n    case "mlx":\n        pass', 2),
    ],
)
def test_the_name_check_finds(source: str, line: int) -> None:
    assert backend_name_comparisons(source, "probe.py") == [f"probe.py:{line}"]


def test_the_name_check_passes_other_strings() -> None:
    source = 'cpu = device == "cpu"\nrow = BY_NAME["torch"]\nfloat64 = dtype in ("float64",)'
    assert backend_name_comparisons(source, "probe.py") == []


def private_imports(name: str, modules: dict[str, Path] = MODULES) -> list[str]:
    """Imports, in module ``name``, of an underscored name of another module of ember_array.

    A private module itself may be imported (``from . import _spec``); a name it shares with
    other modules is package-public there (``from ._checks import check_axis``).
    """
    path = modules[name]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not isinstance(node, ast.ImportFrom) or node.module == "__future__":
            continue
        base = _base(node, name, path)
        if base.partition(".")[0] != "ember_array":
            continue
        found += [
            f"{name}:{node.lineno} imports {a.name} from {base}"
            for a in node.names
            if a.name.startswith("_")
            and not a.name.startswith("__")
            and f"{base}.{a.name}" not in modules
        ]
    return found


def test_no_private_name_crosses_a_module() -> None:
    found = [f for name in MODULES for f in private_imports(name)]
    assert found == []


def test_the_privacy_check_finds(tmp_path: Path) -> None:
    files = {
        "__init__.py": "",
        "_checks.py": "def _check_axis(): pass\ndef check_axis(): pass",
        "user.py": (
            "from __future__ import annotations\n"
            "from numpy import _core\n"  # another library's privates: not ember_array's rule
            "from . import _checks\n"  # a private module: fine
            "from ._checks import check_axis, __doc__\n"
            "from ._checks import _check_axis\n"
        ),
    }
    for file, source in files.items():
        (tmp_path / file).write_text(source)
    modules = {
        "ember_array.probe": tmp_path / "__init__.py",
        "ember_array.probe._checks": tmp_path / "_checks.py",
        "ember_array.probe.user": tmp_path / "user.py",
    }
    found = [f for name in modules for f in private_imports(name, modules)]
    assert found == ["ember_array.probe.user:5 imports _check_axis from ember_array.probe._checks"]

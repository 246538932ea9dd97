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
:data:`UPWARD_LAZY` lists them, and with them the graph still has no cycle.
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
            "typing",
        ),
        0,
    ),
    **dict.fromkeys(("_helpers", "_dispatch", "_namespace", "_boundary", "_common"), 1),
    **dict.fromkeys(("numpy", "torch", "mlx", "dask"), 2),
    **dict.fromkeys(("random", "scatter", "signal", "_devices"), 3),
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
    """One import of a module of ember_array by another."""

    source: str
    target: str
    lazy: bool  # inside a function
    line: int


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _packages(name: str) -> list[str]:
    """The packages above module ``name``, outermost first (``ember_array`` left out)."""
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


def imports(name: str) -> list[Import]:
    """The imports of ember_array modules in module ``name`` (and the packages they run)."""
    path = MODULES[name]
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Import] = []
    for node, lazy in _walk(ast.parse(path.read_text(), str(path))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            base = node.module or ""
            if node.level:
                pkg = here.split(".")[: len(here.split(".")) - node.level + 1]
                base = ".".join([*pkg, *([node.module] if node.module else [])])
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                targets.append(sub if sub in MODULES else base)
        for target in targets:
            if target not in MODULES or target == name:
                continue
            # importing a module runs the packages above it first
            for t in (*_packages(target), target):
                if t != name and not (name == t or name.startswith(t + ".")):
                    found.append(Import(name, t, lazy, node.lineno))
    return found


ALL = [i for name in MODULES for i in imports(name)]


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
    out = set()
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

"""Every namespace function shows the standard's signature (``inspect.signature``).

The reference is the standard's own stubs (``src/array_api_stubs/_2025_12`` of data-apis/array-api,
in the pinned array-api-tests copy: ``$ARRAY_API_TESTS_DIR`` or ``../shared/array-api-tests``),
read with :mod:`ast`, independently of :mod:`ember_array.typing._generated` that the namespaces
take their signatures from. Each parameter of a stub must appear with its name and kind, in its
order; a function may add optional named parameters (numpy's ``out=``), not ``*args`` or
``**kwargs`` the stub lacks.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import os
from inspect import Parameter, Signature
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from ember_array import _signatures, _spec
from ember_array._backends import BY_NAME
from ember_array._versions import versioned

ROOT = Path(__file__).resolve().parents[1]
BACKENDS = ("numpy", "torch", "mlx", "dask")


def _stubs_dir(version: str) -> Path | None:
    suite = os.environ.get("ARRAY_API_TESTS_DIR", "").strip()
    base = Path(suite) if suite else ROOT.parent / "shared" / "array-api-tests"
    path = base / "array-api" / "src" / "array_api_stubs" / f"_{version.replace('.', '_')}"
    return path if path.is_dir() else None


def _signature(node: ast.FunctionDef) -> Signature:
    """The stub's parameters: names, kinds and whether each has a default."""
    a = node.args
    positional = [*a.posonlyargs, *a.args]
    first_default = len(positional) - len(a.defaults)
    params = [
        Parameter(
            arg.arg,
            Parameter.POSITIONAL_ONLY
            if i < len(a.posonlyargs)
            else Parameter.POSITIONAL_OR_KEYWORD,
            default=None if i >= first_default else Parameter.empty,
        )
        for i, arg in enumerate(positional)
    ]
    if a.vararg is not None:
        params.append(Parameter(a.vararg.arg, Parameter.VAR_POSITIONAL))
    params += [
        Parameter(
            arg.arg, Parameter.KEYWORD_ONLY, default=None if d is not None else Parameter.empty
        )
        for arg, d in zip(a.kwonlyargs, a.kw_defaults, strict=True)
    ]
    if a.kwarg is not None:
        params.append(Parameter(a.kwarg.arg, Parameter.VAR_KEYWORD))
    return Signature(params)


def stub_signatures(version: str) -> dict[str, Signature]:
    """``{"sum": ..., "linalg.svd": ...}`` for every function of the standard ``version``
    that ember_array's namespaces expose."""
    folder = _stubs_dir(version)
    if folder is None:
        pytest.skip(
            f"the standard's {version} stubs are not here: set ARRAY_API_TESTS_DIR to the "
            "pinned array-api-tests copy (CI has ../shared/array-api-tests)"
        )
    found: dict[str, Signature] = {}
    for path in sorted(folder.glob("*.py")):
        prefix = {"linalg": "linalg.", "fft": "fft."}.get(path.stem, "")
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                found[prefix + node.name] = _signature(node)
    wanted = set(_spec.all_names())
    return {name: sig for name, sig in found.items() if name in wanted}


def mismatch(func: Any, stub: Signature) -> str | None:
    """What ``func``'s signature lacks of ``stub``, or ``None``."""
    try:
        sig = inspect.signature(func)
    except (TypeError, ValueError) as exc:
        return f"no signature ({exc})"
    have = sig.parameters
    problems = []
    for p in stub.parameters.values():
        q = have.get(p.name)
        if q is None:
            problems.append(f"{p.name} missing")
        elif q.kind != p.kind:
            problems.append(f"{p.name} is {q.kind.description}, not {p.kind.description}")
    shown = [n for n in have if n in stub.parameters]
    if shown != [n for n in stub.parameters if n in have]:
        problems.append(f"order {shown}")
    for q in have.values():
        if q.name not in stub.parameters and (
            q.kind in (Parameter.VAR_POSITIONAL, Parameter.VAR_KEYWORD) or q.default is q.empty
        ):
            problems.append(f"extra {q}")
    return f"{sig}: " + "; ".join(problems) if problems else None


def _lookup(ns: ModuleType, qualname: str) -> Any:
    obj: Any = ns
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


def _namespace(backend: str) -> ModuleType:
    pytest.importorskip(BY_NAME[backend].native)
    return importlib.import_module(f"ember_array.{backend}")


@pytest.mark.parametrize("version", _spec.SUPPORTED_VERSIONS)
@pytest.mark.parametrize("backend", BACKENDS)
def test_every_function_shows_the_standard_signature(backend: str, version: str) -> None:
    stubs = stub_signatures(version)
    ns = versioned(_namespace(backend), version)
    bad = [f"{name}{m}" for name, stub in stubs.items() if (m := mismatch(_lookup(ns, name), stub))]
    if version == _spec.API_VERSION:  # every function of the four namespaces (main, linalg, fft)
        data = {*_spec.DTYPES, *_spec.CONSTANTS}
        assert sorted(stubs) == sorted(n for n in _spec.all_names() if n not in data)
    assert bad == [], (
        f"{len(bad)} of {len(stubs)} functions of ember_array.{backend}:\n"
        + "\n".join(f"  {b}" for b in bad)
    )


def test_generated_signatures_are_the_stubs() -> None:
    """The signatures the namespaces are given are the stubs' (a stale generated package fails)."""
    stubs = stub_signatures(_spec.API_VERSION)
    for name, stub in stubs.items():
        ours = _signatures.standard_signature(name)
        assert ours is not None, name
        assert [(p.name, p.kind) for p in ours.parameters.values()] == [
            (p.name, p.kind) for p in stub.parameters.values()
        ], name


def test_native_functions_are_never_modified() -> None:
    """A native function with another signature is wrapped, never given a ``__signature__``."""
    import ember_array.numpy as xp

    assert xp.add is np.add  # shows the standard's parameters already: no wrapper, no cost
    assert xp.expand_dims is not np.expand_dims
    assert xp.expand_dims.__wrapped__ is np.expand_dims
    assert "__signature__" not in vars(np.expand_dims)
    assert list(inspect.signature(np.expand_dims).parameters) == ["a", "axis"]
    x = np.ones(3)
    assert xp.expand_dims(x, axis=0).shape == (1, 3)


def test_a_function_lacking_a_parameter_keeps_its_own_signature() -> None:
    """The standard's signature is shown only where the function accepts its parameters."""

    def sum(x: Any, /, *, axis: Any = None, keepdims: bool = False) -> Any:  # no dtype
        return x

    def prod(x: Any, /, *args: Any, **kwargs: Any) -> Any:  # a fast path: takes everything
        return x

    sum.__module__ = prod.__module__ = "ember_array.fake"
    globals_: dict[str, Any] = {"__name__": "ember_array.fake", "sum": sum, "prod": prod}
    _signatures.conform(globals_, ["sum", "prod"])
    assert "dtype" not in inspect.signature(globals_["sum"]).parameters
    assert "dtype" in inspect.signature(globals_["prod"]).parameters

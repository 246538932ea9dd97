"""The API reference: every public name has a page, typed Parameters, Returns and an Example
that runs.

The public names are computed from the package, not listed here: every module of
``ember_array`` whose path has no ``_``-prefixed part, each module's ``__all__``, the public
methods of its classes, and the names a namespace module (``ember_array.mlx``,
``ember_array.torch``, ...) adds to the standard's (``install``/``uninstall``). A new module or
a new name fails here until ``docs/api/index.md`` lists it and its docstring has an example.

A Protocol class or a TypedDict (``ember_array.typing.ArrayNamespace``, ``Capabilities``) is
collected itself, but not its members or keys: they are the standard's own signatures
(generated from its stubs), documented by the standard, as a namespace module's standard names
are. A Protocol cannot be instantiated, so its class needs no Parameters section.

``python tests/test_api_docs.py`` prints the coverage table.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import inspect
import pkgutil
import re
import sys
import typing
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

numpydoc_docscrape = pytest.importorskip("numpydoc.docscrape")

import ember_array  # noqa: E402
from ember_array import _spec  # noqa: E402
from ember_array._backends import BACKENDS  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
API_INDEX = ROOT / "docs" / "api" / "index.md"
SECTIONS = ("Examples", "Parameters", "Returns", "Raises", "See Also")


def _public_modules() -> list[ModuleType]:
    """ember_array and every submodule with no private part in its dotted name."""
    found = [ember_array]
    for info in pkgutil.walk_packages(ember_array.__path__, "ember_array."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        try:
            found.append(importlib.import_module(info.name))
        except ImportError:  # a backend namespace whose library is not installed
            continue
    return found


def _in_namespace(module: ModuleType) -> bool:
    """A standard namespace (``ember_array.torch``) or one of its extensions (``.linalg``)."""
    package = sys.modules[module.__name__.rsplit(".", 1)[0]]
    return any(
        m is not ember_array and hasattr(m, "__array_api_version__") for m in (module, package)
    )


def _standard_signatures(cls: type) -> bool:
    """A Protocol or a TypedDict: its members (or keys) are the standard's, not ours."""
    return bool(getattr(cls, "_is_protocol", False)) or typing.is_typeddict(cls)


def public_api() -> dict[str, Any]:
    """Qualified name -> object, for every public function, class and public method (not the
    members of a Protocol or a TypedDict: see the module docstring)."""
    standard = {name.split(".")[-1] for name in _spec.all_names()} | set(_spec.DUNDERS)
    standard |= {"fft", "linalg", *_spec.EXTRA_DTYPES}
    out: dict[str, Any] = {}
    for module in _public_modules():
        names = list(getattr(module, "__all__", []))
        if _in_namespace(module):
            # a namespace's own names are the standard's (documented by the standard)
            names = [n for n in names if n not in standard and not n.startswith("_")]
        for name in names:
            obj = getattr(module, name)
            if inspect.ismodule(obj) or not callable(obj):
                continue
            qualified = f"{module.__name__}.{name}"
            out[qualified] = obj
            if (
                inspect.isclass(obj)
                and obj.__module__.startswith("ember_array")
                and not _standard_signatures(obj)
            ):
                for attr, value in vars(obj).items():
                    if not attr.startswith("_") and inspect.isfunction(value):
                        out[f"{qualified}.{attr}"] = value
    return out


def _listed_in_api_index() -> set[str]:
    """Every name in an autosummary block of the API index."""
    text = API_INDEX.read_text()
    blocks = re.findall(r"\.\. autosummary::\n((?:   .*\n|\n)+)", text)
    return {
        line.strip()
        for block in blocks
        for line in block.splitlines()
        if line.strip() and not line.strip().startswith(":")
    }


def _module_of(name: str) -> str:
    module = name
    while module not in sys.modules or not inspect.ismodule(sys.modules[module]):
        module = module.rsplit(".", 1)[0]
    return module


def _doc(obj: Any) -> Any:
    return numpydoc_docscrape.NumpyDocString(inspect.getdoc(obj) or "")


def _parameters(obj: Any) -> list[str]:
    """The parameter names a docstring must document (``self`` and ``cls`` excepted; none for
    a Protocol, whose ``(*args, **kwargs)`` is Protocol's refusal to be instantiated)."""
    if getattr(obj, "_is_protocol", False):
        return []
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):
        return []
    return [p for p in signature.parameters if p not in ("self", "cls")]


def _documented(doc: Any) -> dict[str, str]:
    """Parameter name -> its type, for each name of each entry (``low, high : float``)."""
    out = {}
    for p in doc["Parameters"]:
        for name in p.name.split(","):
            out[name.strip().lstrip("*")] = p.type
    return out


def _returns_nothing(obj: Any) -> bool:
    if inspect.isclass(obj):
        return True
    try:
        annotation = inspect.signature(obj).return_annotation
    except (TypeError, ValueError):
        return False
    return annotation in (None, "None")


PUBLIC = public_api()


def test_the_public_api_is_found() -> None:
    # the surface of issue 28 at least: namespace helpers, random, scatter, signal, lint,
    # the integrations, Generator's methods, and install()/uninstall() of each installed
    # backend that has them
    assert len(PUBLIC) >= 64
    for name in (
        "ember_array.namespace",
        "ember_array.random.Generator.uniform",
        "ember_array.scatter.segment_sum",
        "ember_array.signal.stft",
        "ember_array.lint.lint_source",
        "ember_array.integrations.sklearn.enable",
    ):
        assert name in PUBLIC


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_every_public_name_has_an_api_page(name: str) -> None:
    """Listed itself, or its module (whose page makes a page per name of ``__all__``)."""
    listed = _listed_in_api_index()
    owner = name.rsplit(".", 1)[0]
    assert name in listed or _module_of(name) in listed or owner in listed, (
        f"{name} has no page: list its module in {API_INDEX.relative_to(ROOT)}"
    )


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_every_public_name_is_documented(name: str) -> None:
    """Examples, See Also, a Returns section, and every parameter documented with a type."""
    obj = PUBLIC[name]
    doc = _doc(obj)
    missing = [s for s in ("Examples", "See Also") if not doc[s]]
    if not _returns_nothing(obj) and not (doc["Returns"] or doc["Yields"]):
        missing.append("Returns")
    assert not missing, f"{name}: no {', '.join(missing)} section"
    assert ">>>" in "\n".join(doc["Examples"]), f"{name}: the Examples section has no >>> example"
    documented = _documented(doc)
    for param in _parameters(obj):
        assert param in documented, f"{name}: parameter {param!r} is not documented"
        assert documented[param], f"{name}: parameter {param!r} has no type"
    for entry in doc["Returns"] + doc["Yields"]:
        assert entry.type or entry.name, f"{name}: a Returns entry has no type"


def _examples(name: str) -> doctest.DocTest:
    obj = PUBLIC[name]
    globs = {"__name__": _module_of(name)}
    return doctest.DocTestParser().get_doctest(
        inspect.getdoc(obj) or "", globs, name, inspect.getsourcefile(inspect.unwrap(obj)), 0
    )


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_examples_run(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The docstring's examples give the output they show (skipped where a library they
    import is not installed)."""
    test = _examples(name)
    if not test.examples:
        pytest.skip("no examples (test_every_public_name_is_documented fails)")
    source = "\n".join(example.source for example in test.examples)
    needed = set(re.findall(r"^\s*(?:import|from) (\w+)", source, re.M))
    # a backend named by its string (``key(42, xp="torch")``) is needed as much as an import
    needed |= {b.native.split(".")[0] for b in BACKENDS if f'"{b.name}"' in source}
    for library in sorted(needed):
        if importlib.util.find_spec(library) is None:
            pytest.skip(f"{library} is not installed")
    # the integrations' examples need scipy's array API mode, as their users do; where an
    # earlier test imported scipy without it, enable() rightly warns, which is not the example's
    monkeypatch.setenv("SCIPY_ARRAY_API", "1")
    warnings.filterwarnings("ignore", "ember_array.integrations.scipy.enable", RuntimeWarning)
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    out: list[str] = []
    runner.run(test, out=out.append)
    assert runner.failures == 0, "".join(out)


def coverage_table(api: dict[str, Any]) -> str:
    """The markdown table of issue 28: how many public callables have each section (and, for
    Parameters and Returns, how many of those that take parameters or return a value)."""
    counts = dict.fromkeys(SECTIONS, 0)
    takes = returns = entries = typed = 0
    for obj in api.values():
        doc = _doc(obj)
        for section in SECTIONS:
            counts[section] += bool(doc[section] or (section == "Returns" and doc["Yields"]))
        takes += bool(_parameters(obj))
        returns += not _returns_nothing(obj)
        entries += len(doc["Parameters"])
        typed += sum(bool(p.type) for p in doc["Parameters"])
    n = len(api)
    cells = {s: f"{counts[s]} of {n}" for s in SECTIONS}
    cells["Parameters"] += f" ({takes} take parameters)"
    cells["Returns"] += f" ({returns} return a value)"
    head = "| section | " + " | ".join(SECTIONS) + " | typed parameter entries |"
    row = "| public callables that have it | " + " | ".join(cells[s] for s in SECTIONS)
    return f"{head}\n|{'---|' * (len(SECTIONS) + 2)}\n{row} | {typed} of {entries} |"


if __name__ == "__main__":
    print(coverage_table(PUBLIC))

"""The generated modules' sources, one function a module, from the standard's stubs.

:func:`render` gives every module of :mod:`ember_array.typing._generated`: the data type
and info objects, the array object, the extensions, one Protocol per section of the main
namespace's functions, and :class:`ArrayNamespace`, which joins them. Each module imports
only the names its body uses.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

from ._class_docs import class_docstring
from ._translate import (
    NOT_COMMON,
    SPEC_ARRAY_RST,
    STUBS,
    VERSION,
    Context,
    annotation,
    dataclass_fields,
    docstring,
    exported_names,
    functions,
    method,
    reflected_operators,
    typed_dicts,
)

__all__ = ["MAIN_MODULES", "SECTION_MODULES", "render"]

#: Stub modules whose ``__all__`` make up the main namespace, in the order of ``__init__.py``.
MAIN_MODULES = (
    "creation_functions",
    "data_type_functions",
    "elementwise_functions",
    "indexing_functions",
    "linear_algebra_functions",
    "manipulation_functions",
    "searching_functions",
    "set_functions",
    "sorting_functions",
    "statistical_functions",
    "utility_functions",
)

#: The generated module of each section's Protocol: the element-wise functions fill one.
SECTION_MODULES = {
    m: "elementwise" if m == "elementwise_functions" else "functions" for m in MAIN_MODULES
}

#: TypedDict keys the stubs spell as before a rename in the standard's text.
#: "max rank" became "max dimensions" (https://github.com/data-apis/array-api/pull/809); the
#: 2025.12 stub still says "max rank", the standard's text and every library "max dimensions".
_RENAMED_KEYS = {"max rank": "max dimensions"}

#: What a generated module may import, by the name its body uses.
_IMPORTS = {
    "builtins": "import builtins",
    "Sequence": "from collections.abc import Sequence",
    "Enum": "from enum import Enum",
    "EllipsisType": "from types import EllipsisType",
}
_TYPING = ("Any", "Literal", "Protocol", "TypedDict", "TypeVar")
#: Only read by type checkers (annotations are strings in the generated modules).
_CHECKER_ONLY = ("Buffer", "Self")


def _section_class(module: str) -> str:
    """``creation_functions`` -> ``CreationFunctions``."""
    return "".join(word.title() for word in module.split("_"))


def _header(doc: str, commit: str) -> list[str]:
    """The docstring of the generated package: what made it, and how to make it again."""
    return [
        f'"""{doc}',
        "",
        "GENERATED FILES, do not edit. Made by ``ember_array/typing/_generate.py`` from the",
        f"standard's stubs (data-apis/array-api, ``{STUBS.as_posix()}``, commit",
        f"{commit}). Regenerate with::",
        "",
        "    python -m ember_array.typing._generate /path/to/array-api --commit <sha>",
        '"""',
    ]


def _module(doc: str, body: list[str], local: dict[str, str]) -> str:
    """A generated module of the package: docstring, the imports ``body`` needs, ``body``.

    ``local`` maps the names the other generated modules define to their module; the names
    used are those of the code (never of a docstring).
    """
    text = "\n".join(body)
    used = {n.id for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Name)}
    head = [
        f'"""{doc}',
        "",
        "GENERATED FILE, do not edit: see :mod:`ember_array.typing._generated`.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
    ]
    checker = [n for n in _CHECKER_ONLY if n in used]
    head += [line for name, line in _IMPORTS.items() if name in used]
    if "Self" in checker:
        head.append("import sys")
    typing = [n for n in _TYPING if n in used]
    if checker:
        typing.insert(0, "TYPE_CHECKING")
    if typing:
        head.append(f"from typing import {', '.join(typing)}")
    head.append("")
    for module in sorted(set(local.values())):
        imported = sorted(n for n, m in local.items() if m == module and n in used)
        if imported:
            head.append(f"from .{module} import {', '.join(imported)}")
    if checker:
        head += ["", "if TYPE_CHECKING:"]
        head.append(
            "    # Self and Buffer are only read by type checkers (annotations are strings here)."
        )
        if "Buffer" in checker:
            head += ["    from typing_extensions import Buffer", ""]
        if "Self" in checker:
            head += [
                "    if sys.version_info >= (3, 11):",
                "        from typing import Self",
                "    else:",
                "        from typing_extensions import Self",
            ]
    return "\n".join([*head, "", "", *body]).rstrip() + "\n"


def _types(stubs: Path, arr: Context) -> tuple[list[str], list[str]]:
    """The data type, device, nested sequence and info objects; and the data type names."""
    types_tree = ast.parse((stubs / "_types.py").read_text())
    # Data type objects: data_types.py specifies ``__eq__`` only.
    dtype_tree = ast.parse((stubs / "data_types.py").read_text())
    if exported_names(dtype_tree) != ["__eq__"]:
        raise ValueError("data_types.py: expected __eq__ only")
    out = [
        "#: The array type of a namespace: ``torch.Tensor`` for ``namespace(t: torch.Tensor)``.",
        'TArray = TypeVar("TArray")',
        '_T_co = TypeVar("_T_co", covariant=True)',
        "",
        "",
        "class DType(Protocol):",
        *class_docstring("DType", "A data type object: the standard specifies equality only."),
        "",
        # ``other: object``, not DType: a narrower parameter would break object.__eq__.
        "    def __eq__(self, other: object, /) -> bool: ...",
        "",
        "",
        "class Device(Protocol):",
        *class_docstring("Device", "A device object: the standard specifies equality only."),
        "",
        "    def __eq__(self, other: object, /) -> bool: ...",
        "",
        "",
        "class NestedSequence(Protocol[_T_co]):",
        *class_docstring(
            "NestedSequence", "A nested sequence (lists of lists ...) of Python scalars or arrays."
        ),
        "",
        "    def __getitem__(self, key: int, /) -> _T_co | NestedSequence[_T_co]: ...",
        "",
        "    def __len__(self, /) -> int: ...",
        "",
        "",
    ]
    for cls, proto in (("finfo_object", "FInfo"), ("iinfo_object", "IInfo")):
        out += [
            f"class {proto}(Protocol):",
            *class_docstring(proto, f"What ``{cls[0]}info`` returns."),
            "",
        ]
        for f in dataclass_fields(types_tree, cls):
            assert isinstance(f.target, ast.Name)
            out += [
                "    @property",
                f"    def {f.target.id}(self) -> {annotation(f.annotation, arr)}: ...",
                "",
            ]
        out.append("")

    dtype_names: list[str] = []
    for name, call in typed_dicts(types_tree):
        fields = call.args[1]
        assert isinstance(fields, ast.Dict)
        keys: list[str] = []
        values: list[str] = []
        for key, value in zip(fields.keys, fields.values):
            assert isinstance(key, ast.Constant)
            assert value is not None
            keys.append(_RENAMED_KEYS.get(str(key.value), str(key.value)))
            values.append(annotation(value, arr))
        if name == "DataTypes":
            dtype_names = keys
        total = [f"{kw.arg}={ast.unparse(kw.value)}" for kw in call.keywords]
        if all(str(k).isidentifier() for k in keys):
            out += [f"class {name}(TypedDict{''.join(', ' + t for t in total)}):"]
            out += [*class_docstring(name), ""]
            out += [f"    {k}: {v}" for k, v in zip(keys, values)] + ["", ""]
        else:
            # Keys with spaces ("real floating") need the functional form, which takes no
            # docstring: it is assigned after.
            items = ", ".join(f"{k!r}: {v}" for k, v in zip(keys, values))
            args = ", ".join([repr(name), "{" + items + "}", *total])
            out += [f"{name} = TypedDict({args})"]
            out += [*class_docstring(name, opening=f'{name}.__doc__ = """'), "", ""]
    return out, dtype_names


def _array(root: Path, arr: Context) -> list[str]:
    """The array object: :class:`CommonArray` and :class:`Array`."""
    array_tree = ast.parse((root / STUBS / "array_object.py").read_text())
    array_cls = next(n for n in array_tree.body if isinstance(n, ast.ClassDef))
    members = [n for n in array_cls.body if isinstance(n, ast.FunctionDef) and n.name != "__init__"]
    by_name = {n.name: n for n in members}
    reflected = reflected_operators(root / SPEC_ARRAY_RST)
    unknown = (set(NOT_COMMON) - set(by_name)) - set(reflected)
    if unknown:
        raise ValueError(f"NOT_COMMON names no array member of the stubs: {sorted(unknown)}")
    common: list[str] = []
    rest: list[str] = []
    for node in members:
        # Array comparisons return arrays, where object's return bool: the override is
        # the standard's, as in numpy's and torch's own stubs.
        ignore = "  # type: ignore[override]" if node.name in ("__eq__", "__ne__") else ""
        (rest if node.name in NOT_COMMON else common).extend(method(node, arr, prefix=ignore))
    for name in reflected:
        # the forward operator's signature; its docstring would describe ``self op other``
        forward = "__" + name[3:]
        doc = f"The reflected :meth:`{forward}`: the same operation with ``other`` on the left."
        lines = method(by_name[forward], arr, name=name, doc=doc)
        (rest if name in NOT_COMMON else common).extend(lines)
    return [
        "class CommonArray(Protocol):",
        *class_docstring(
            "CommonArray",
            "The part of :class:`Array` that numpy, torch and mlx arrays all have.\n\n"
            "The standard's array object less the members that a backend's own type stubs\n"
            "lack or declare otherwise; ``numpy.ndarray`` (``NDArray[Any]``), ``torch.Tensor``\n"
            "and ``mlx.core.array`` satisfy it, so it bounds the type variable of a portable\n"
            "function.",
        ),
        "",
        *common,
        "",
        "class Array(CommonArray, Protocol):",
        *class_docstring(
            "Array", "The array object of the standard (operators, attributes and methods)."
        ),
        "",
        *rest,
    ]


def _extensions(stubs: Path, ns: Context, arr: Context) -> list[str]:
    """The inspection namespace and the ``linalg`` and ``fft`` extensions."""
    out = [
        "class InfoNamespace(Protocol):",
        *class_docstring("InfoNamespace", "What ``__array_namespace_info__()`` returns."),
        "",
    ]
    for node in functions(stubs / "info.py"):
        if node.name != "__array_namespace_info__":
            out += method(node, arr)
    out.append("")
    for proto, module, doc in (
        ("LinalgNamespace", "linalg", "The ``linalg`` extension of a namespace."),
        ("FFTNamespace", "fft", "The ``fft`` extension of a namespace."),
    ):
        out += [f"class {proto}(Protocol[TArray]):", *class_docstring(proto, doc), ""]
        for node in functions(stubs / f"{module}.py"):
            out += method(node, ns)
        out.append("")
    return out


def _sections(stubs: Path, ns: Context, modules: Iterable[str]) -> list[str]:
    """One Protocol per stub module of ``modules``: the functions it adds to the namespace
    (a function several modules export belongs to the first, in :data:`MAIN_MODULES` order)."""
    seen = {
        node.name
        for module in MAIN_MODULES[: MAIN_MODULES.index(next(iter(modules)))]
        for node in functions(stubs / f"{module}.py")
    }
    out: list[str] = []
    for module in modules:
        title = module.replace("_", " ").replace("functions", "functions of the standard")
        out += [f"class {_section_class(module)}(Protocol[TArray]):"]
        out += [*docstring(f"The {title}, as a namespace has them.", indent="    "), ""]
        for node in functions(stubs / f"{module}.py"):
            if node.name not in seen:
                seen.add(node.name)
                out += method(node, ns)
        out.append("")
    return out


def _namespace(stubs: Path, ns: Context, dtype_names: list[str]) -> list[str]:
    """:class:`ArrayNamespace`: the sections' functions, constants, data types, extensions."""
    constants = exported_names(ast.parse((stubs / "constants.py").read_text()))
    # constants.py assigns values, not annotations: their types are the values' types.
    constant_types = {"newaxis": "None"}
    bases = ", ".join(f"{_section_class(m)}[TArray]" for m in MAIN_MODULES)
    out = [
        f"class ArrayNamespace({bases}, Protocol[TArray]):",
        *class_docstring("ArrayNamespace", "An array API namespace whose arrays are ``TArray``."),
        "",
        "    @property",
        "    def __array_api_version__(self) -> str: ...",
        "",
        "    @property",
        "    def linalg(self) -> LinalgNamespace[TArray]: ...",
        "",
        "    @property",
        "    def fft(self) -> FFTNamespace[TArray]: ...",
        "",
    ]
    for name in constants:
        kind = constant_types.get(name, "float")
        out += ["    @property", f"    def {name}(self) -> {kind}: ...", ""]
    for name in dtype_names:
        out += ["    @property", f"    def {name}(self) -> DType: ...", ""]
    info_entry = next(
        n for n in functions(stubs / "info.py") if n.name == "__array_namespace_info__"
    )
    out += method(info_entry, ns)
    return out


def render(root: Path, commit: str) -> dict[str, str]:
    """The generated modules' sources, unformatted, by file name."""
    stubs = root / STUBS
    ns = Context(array="TArray", shadowed=frozenset({"bool"}))
    # Outside the namespaces (array methods, info functions), an array is the object itself.
    arr = Context(array="Self")
    types, dtype_names = _types(stubs, arr)
    bodies = {
        "types": (
            f"The standard's data type, device and info objects (revision {VERSION}).",
            types,
        ),
        "array": ("The standard's array object.", _array(root, arr)),
        "extensions": (
            "The inspection namespace and the linalg and fft extensions.",
            _extensions(stubs, ns, arr),
        ),
    }
    for target in dict.fromkeys(SECTION_MODULES.values()):
        modules = [m for m in MAIN_MODULES if SECTION_MODULES[m] == target]
        doc = f"The main namespace's {target.replace('functions', 'other')} functions, by section."
        bodies[target] = (doc, _sections(stubs, ns, modules))
    bodies["namespace"] = (
        "The array API namespace, joining its sections.",
        _namespace(stubs, ns, dtype_names),
    )
    defined = {
        name: module
        for module, (_, body) in bodies.items()
        for line in body
        if (m := re.match(r"(?:class (\w+)|(\w+) = )", line))
        and not (name := m[1] or m[2]).startswith("_")
    }
    sources = {}
    for module, (doc, body) in bodies.items():
        local = {n: m for n, m in defined.items() if m != module}
        sources[f"{module}.py"] = _module(doc, body, local)
    # The package re-exports every public name (``X as X``: the explicit re-export form).
    sources["__init__.py"] = "\n".join(
        [
            *_header(f"Static types of the Python array API standard, revision {VERSION}.", commit),
            "",
            *(f"from .{m} import {n} as {n}" for n, m in sorted(defined.items())),
            "",
        ]
    )
    return sources

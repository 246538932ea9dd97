"""How the generator spells the standard's stubs: annotations, parameters, docstrings.

The stubs' placeholders (``array``, ``dtype``, ``device`` ...) become the generated
Protocols' types here (see :mod:`ember_array.typing._generate`); the stub modules are read
with :mod:`ast`, never imported.
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "GENERIC",
    "KNOWN",
    "LINE_LENGTH",
    "NOT_COMMON",
    "PLACEHOLDERS",
    "SPEC_ARRAY_RST",
    "STUBS",
    "VERSION",
    "Context",
    "annotation",
    "dataclass_fields",
    "docstring",
    "exported_names",
    "functions",
    "method",
    "parameters",
    "reflected_operators",
    "summary",
    "typed_dicts",
]

VERSION = "2025.12"
LINE_LENGTH = 100
STUBS = Path("src") / "array_api_stubs" / f"_{VERSION.replace('.', '_')}"
SPEC_ARRAY_RST = Path("spec") / VERSION / "API_specification" / "array_object.rst"

#: Placeholder names of ``_types.py`` and what they become.
PLACEHOLDERS = {
    "dtype": "DType",
    "Dtype": "DType",
    "device": "Device",
    "Device": "Device",
    "SupportsBufferProtocol": "Buffer",
    "SupportsDLPack": "Any",
    "PyCapsule": "Any",
    "ellipsis": "EllipsisType",
    "finfo_object": "FInfo",
    "iinfo_object": "IInfo",
    "Info": "InfoNamespace",
    "NestedSequence": "NestedSequence[Any]",
}
#: Names that pass through unchanged.
KNOWN = {
    "Any",
    "Capabilities",
    "DataTypes",
    "DefaultDataTypes",
    "Enum",
    "None",
    "bool",
    "complex",
    "float",
    "int",
    "object",
    "slice",
    "str",
}
#: Array members outside ``CommonArray``: a backend's own stubs lack them or type them
#: otherwise (measured with mypy and pyright on numpy 2.4, torch 2.13, mlx 0.32).
NOT_COMMON = {
    "__array_namespace__": "torch lacks it; numpy narrows api_version to a Literal",
    "__dlpack__": "every backend types stream/dl_device differently",
    "__dlpack_device__": "numpy returns its own enum type",
    "__setitem__": "torch's value excludes complex",
    "size": "a method on torch",
    "device": "mlx lacks it",
    "to_device": "torch and mlx lack it",
    "__rand__": "mlx lacks it",
    "__ror__": "mlx lacks it",
    "__rxor__": "mlx lacks it",
    "__rlshift__": "mlx lacks it",
    "__rrshift__": "mlx lacks it",
    "__rmatmul__": "mlx lacks it",
}
GENERIC = {"Tuple": "tuple", "tuple": "tuple", "List": "list", "Sequence": "Sequence"}


@dataclass
class Context:
    """How to spell the placeholders inside one generated class."""

    array: str
    #: Builtin names a class attribute shadows (``bool`` is also a dtype attribute).
    shadowed: frozenset[str] = field(default_factory=frozenset)


def annotation(node: ast.expr, ctx: Context) -> str:
    """The generated spelling of one stub annotation."""
    return " | ".join(_union_members(node, ctx))


def _union_members(node: ast.expr, ctx: Context) -> list[str]:
    """The members of ``node`` as a flat, de-duplicated union (``Optional`` gives ``None``)."""
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        head = node.value.id
        args = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        if head in ("Union", "Optional"):
            members = [m for a in args for m in _union_members(a, ctx)]
            if head == "Optional":
                members.append("None")
            # None last, as ruff's RUF036 wants it.
            return sorted(dict.fromkeys(members), key=lambda m: m == "None")
        if head == "Literal":
            # ``Literal[inf, -inf]`` names floats, which Literal cannot hold: keep the strings.
            kept = [ast.unparse(a) for a in args if isinstance(a, ast.Constant)]
            return [f"Literal[{', '.join(kept)}]"] if kept else []
        if head in GENERIC:
            inner = ", ".join(
                "..." if isinstance(a, ast.Constant) and a.value is Ellipsis else annotation(a, ctx)
                for a in args
            )
            return [f"{GENERIC[head]}[{inner}]"]
    if isinstance(node, ast.Constant) and node.value is None:
        return ["None"]
    if isinstance(node, ast.Name):
        name = node.id
        if name == "array":
            return [ctx.array]
        if name in PLACEHOLDERS:
            return [PLACEHOLDERS[name]]
        if name in KNOWN:
            return [f"builtins.{name}" if name in ctx.shadowed else name]
    raise ValueError(f"no translation for stub annotation {ast.unparse(node)!r}")


def parameters(args: ast.arguments, ctx: Context, *, method: bool) -> str:
    """A parameter list with the stub's positional-only and keyword-only markers."""
    out = ["self"] if method else []
    positional = args.posonlyargs + args.args
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults))
    defaults += args.defaults
    for i, (arg, default) in enumerate(zip(positional, defaults)):
        if not (i == 0 and arg.arg == "self"):
            out.append(_parameter(arg, default, ctx))
        if i == len(args.posonlyargs) - 1:
            out.append("/")
    if args.vararg is not None:
        out.append("*" + _parameter(args.vararg, None, ctx))
    elif args.kwonlyargs:
        out.append("*")
    for arg, kw_default in zip(args.kwonlyargs, args.kw_defaults):
        out.append(_parameter(arg, kw_default, ctx))
    if args.kwarg is not None:
        raise ValueError("stub with **kwargs: not expected in the standard")
    return ", ".join(out)


def _parameter(arg: ast.arg, default: ast.expr | None, ctx: Context) -> str:
    if arg.annotation is None:
        raise ValueError(f"stub parameter {arg.arg!r} has no annotation")
    text = f"{arg.arg}: {annotation(arg.annotation, ctx)}"
    return text if default is None else f"{text} = {ast.unparse(default)}"


def summary(node: ast.FunctionDef | ast.ClassDef) -> str:
    """The first sentence-paragraph of a stub's docstring, on one line."""
    doc = ast.get_docstring(node) or ""
    first = doc.strip().split("\n\n")[0]
    # Roles point into the standard's own site (``:ref:`type-promotion```): keep the words.
    first = re.sub(r":\w+:`~?(?:array_api\.)?([^`]+)`", lambda m: f"``{m.group(1)}``", first)
    text = " ".join(first.split()).replace("\\", "\\\\").replace('"""', "'''")
    return text.rstrip(".") + "." if text else ""


def method(
    node: ast.FunctionDef,
    ctx: Context,
    *,
    name: str | None = None,
    prefix: str = "",
    doc: str | None = None,
) -> Iterator[str]:
    """One Protocol method generated from one stub function (``doc``: its docstring, instead
    of the stub's first paragraph)."""
    if node.returns is None:
        raise ValueError(f"stub {node.name} has no return annotation")
    for deco in node.decorator_list:
        yield f"    @{ast.unparse(deco)}"
    args = parameters(node.args, ctx, method=True)
    yield f"    def {name or node.name}({args}) -> {annotation(node.returns, ctx)}:{prefix}"
    yield from docstring(summary(node) if doc is None else doc)
    yield ""


def docstring(text: str, indent: str = "        ") -> Iterator[str]:
    """A method's docstring lines, wrapped to the repository's line length."""
    if not text:
        yield f"{indent}..."
    elif len(indent) + len(text) + 6 <= LINE_LENGTH:
        yield f'{indent}"""{text}"""'
    else:
        # Room for both quotes on every line: ruff format joins a one-line body with them.
        lines = textwrap.wrap(text, LINE_LENGTH - len(indent) - 6, break_on_hyphens=False)
        yield f'{indent}"""{lines[0]}'
        yield from (f"{indent}{line}" for line in lines[1:])
        yield f'{indent}"""'


def functions(path: Path) -> list[ast.FunctionDef]:
    """The module-level functions a stub module exports, in ``__all__`` order."""
    tree = ast.parse(path.read_text())
    exported = exported_names(tree)
    found = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    missing = [n for n in exported if n not in found]
    if missing:
        raise ValueError(f"{path.name}: __all__ names without a stub: {missing}")
    return [found[n] for n in exported]


def exported_names(tree: ast.Module) -> list[str]:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            return [str(v) for v in value]
    raise ValueError("stub module without __all__")


def typed_dicts(tree: ast.Module) -> Iterator[tuple[str, ast.Call]]:
    """``Name = TypedDict("Name", {...})`` assignments of ``_types.py``."""
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name)
            and node.value.func.id == "TypedDict"
        ):
            target = node.targets[0]
            assert isinstance(target, ast.Name)
            yield target.id, node.value


def dataclass_fields(tree: ast.Module, name: str) -> list[ast.AnnAssign]:
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            return [n for n in node.body if isinstance(n, ast.AnnAssign)]
    raise ValueError(f"_types.py has no class {name}")


def reflected_operators(rst: Path) -> list[str]:
    """The reflected operators the standard's array-object page lists."""
    text = rst.read_text()
    start = text.index("Reflected Operators")
    section = text[start : text.index("\n---", start)]
    return re.findall(r"``(__r\w+__)``", section)

"""Generate :mod:`ember_array.typing._generated` from the standard's own stubs.

The Python array API standard publishes its signatures as Python stubs in the
data-apis/array-api repository (``src/array_api_stubs/_2025_12``). This script
parses them with :mod:`ast` and writes one module of Protocols, so the types
follow the standard instead of being retyped by hand::

    python -m ember_array.typing._generate /path/to/array-api [--commit SHA] [-o OUT]

The path is the array-api checkout (or its ``src/array_api_stubs/_2025_12``
folder); without it, ``$EMBER_ARRAY_API_REPO`` is used. The output is formatted
with ``ruff format`` when ruff is installed, so a regenerated file compares
equal to the committed one.

What the stubs leave as placeholders becomes, in the generated module:

- ``array`` in a namespace function: the namespace's type parameter ``TArray``;
  ``array`` in an array method: ``Self``.
- ``dtype``/``device``: the ``DType``/``Device`` Protocols (equality only: the
  standard specifies nothing else of them, and each library has its own class).
- ``SupportsBufferProtocol``: ``typing_extensions.Buffer``; ``PyCapsule`` and
  ``SupportsDLPack``: ``Any`` (no portable static type exists).
- ``Literal[inf, -inf, ...]`` (not a valid type): the floats are dropped from
  the ``Literal``; every such union already has ``float``.

The reflected operators (``__radd__`` ...) have no stubs; the standard lists
them in ``spec/<version>/API_specification/array_object.rst``, and each gets
the signature of its forward operator.

A method's docstring is the first paragraph of its stub's; a class's is written
here (``CLASS_DOCS``: its See Also and its Examples, which the API tests run).
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["generate", "main"]

VERSION = "2025.12"
LINE_LENGTH = 100
STUBS = Path("src") / "array_api_stubs" / f"_{VERSION.replace('.', '_')}"
SPEC_ARRAY_RST = Path("spec") / VERSION / "API_specification" / "array_object.rst"

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

#: TypedDict keys the stubs spell as before a rename in the standard's text.
#: "max rank" became "max dimensions" (https://github.com/data-apis/array-api/pull/809); the
#: 2025.12 stub still says "max rank", the standard's text and every library "max dimensions".
_RENAMED_KEYS = {"max rank": "max dimensions"}

#: Each generated class's docstring after the summary ``render`` gives it (a TypedDict, which
#: has none there: all of it), in numpydoc: See Also and Examples, which tests/test_api_docs.py
#: requires of every public class and runs. A class the stubs add without an entry here is an
#: error: its page would have no example.
CLASS_DOCS = {
    "DType": """
        Each library has its own data type objects (``xp.float32`` is ``numpy.float32``,
        ``torch.float32``, ``mlx.core.float32``): compare them with ``==``, or ask
        ``xp.isdtype`` for a kind.

        See Also
        --------
        ArrayNamespace.isdtype : Whether a data type is of a kind (``"real floating"`` ...).
        DataTypes : The data types of a namespace, by name.
        Device : The other object the standard specifies by equality only.

        Examples
        --------
        >>> import numpy as np
        >>> import ember_array
        >>> from ember_array.typing import ArrayNamespace, DType
        >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
        >>> dt: DType = xp.float32
        >>> dt == xp.float32, xp.isdtype(dt, "real floating")
        (True, True)
    """,
    "Device": """
        Each library has its own device objects (numpy: the string ``"cpu"``, torch:
        ``torch.device``, mlx: ``mlx.core.Device``).

        See Also
        --------
        ember_array.device : The device of an array (mlx arrays have no ``device`` attribute).
        InfoNamespace.devices : The devices a namespace can compute on.
        DType : The other object the standard specifies by equality only.

        Examples
        --------
        >>> import numpy as np
        >>> import ember_array
        >>> from ember_array.typing import Device
        >>> x = np.ones(3)
        >>> dev: Device = ember_array.device(x)
        >>> dev == ember_array.namespace(x).__array_namespace_info__().default_device()
        True
    """,
    "NestedSequence": """
        What ``asarray`` accepts besides arrays, scalars and buffers: ``[[1.0, 2.0], [3.0, 4.0]]``
        is a ``NestedSequence[float]``.

        See Also
        --------
        ArrayNamespace.asarray : An array from a nested sequence, a scalar or a buffer.

        Examples
        --------
        >>> import numpy as np
        >>> import ember_array
        >>> from ember_array.typing import ArrayNamespace, NestedSequence
        >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
        >>> rows: NestedSequence[float] = [[1.0, 2.0], [3.0, 4.0]]
        >>> xp.asarray(rows).shape
        (2, 2)
    """,
    "FInfo": """
        See Also
        --------
        IInfo : What ``iinfo`` returns.
        ArrayNamespace.finfo : Machine limits of a floating-point data type.

        Examples
        --------
        >>> import numpy as np
        >>> import ember_array
        >>> from ember_array.typing import ArrayNamespace, FInfo
        >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
        >>> limits: FInfo = xp.finfo(xp.float32)
        >>> limits.bits, limits.eps
        (32, 1.1920928955078125e-07)
    """,
    "IInfo": """
        See Also
        --------
        FInfo : What ``finfo`` returns.
        ArrayNamespace.iinfo : Machine limits of an integer data type.

        Examples
        --------
        >>> import numpy as np
        >>> import ember_array
        >>> from ember_array.typing import ArrayNamespace, IInfo
        >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
        >>> limits: IInfo = xp.iinfo(xp.int8)
        >>> limits.min, limits.max
        (-128, 127)
    """,
    "DefaultDataTypes": """
        What ``default_dtypes()`` returns: the default data type of each kind.

        ``__array_namespace_info__().default_dtypes()`` gives the data type a namespace uses
        for each kind (``"real floating"``, ``"complex floating"``, ``"integral"``,
        ``"indexing"``) where none is asked for.

        See Also
        --------
        DataTypes : What ``dtypes()`` returns.
        InfoNamespace : The inspection namespace.

        Examples
        --------
        >>> import ember_array.numpy as xp
        >>> from ember_array.typing import DefaultDataTypes
        >>> defaults: DefaultDataTypes = xp.__array_namespace_info__().default_dtypes()
        >>> defaults["real floating"] == xp.float64, defaults["indexing"] == xp.int64
        (True, True)
    """,
    "DataTypes": """
        What ``dtypes()`` returns: data type objects by name.

        ``__array_namespace_info__().dtypes()`` gives the data types of the kind asked for,
        so every key is optional.

        See Also
        --------
        DefaultDataTypes : What ``default_dtypes()`` returns.
        InfoNamespace : The inspection namespace.
        DType : A data type object.

        Examples
        --------
        >>> import ember_array.numpy as xp
        >>> from ember_array.typing import DataTypes
        >>> floats: DataTypes = xp.__array_namespace_info__().dtypes(kind="real floating")
        >>> sorted(floats)
        ['float32', 'float64']
    """,
    "Capabilities": """
        What ``capabilities()`` returns: what the library supports.

        ``__array_namespace_info__().capabilities()`` says whether the library supports
        boolean indexing and data-dependent output shapes, and the most dimensions an array
        may have (``None``: no limit).

        The standard's 2025.12 stub still names the last key ``"max rank"``, its name before
        data-apis/array-api#809; the type uses ``"max dimensions"``, as the standard's text and
        the libraries (ember_array's namespaces included) do.

        See Also
        --------
        InfoNamespace : The inspection namespace.
        DataTypes : What ``dtypes()`` returns.

        Examples
        --------
        >>> import ember_array.numpy as xp
        >>> from ember_array.typing import Capabilities
        >>> caps: Capabilities = xp.__array_namespace_info__().capabilities()
        >>> caps["boolean indexing"], caps["data-dependent shapes"]
        (True, True)
        >>> caps["max dimensions"]
        64
    """,
    "CommonArray": """
        See Also
        --------
        Array : The standard's whole array object.
        ember_array.namespace : The namespace of an array, typed by the array's type.

        Examples
        --------
        A portable function is generic in its array type, bounded by ``CommonArray``: what
        comes in goes out.

        >>> from typing import Any, TypeVar
        >>> import numpy as np
        >>> import numpy.typing as npt
        >>> import ember_array
        >>> from ember_array.typing import CommonArray
        >>> T = TypeVar("T", bound=CommonArray)
        >>> def center(x: T) -> T:
        ...     xp = ember_array.namespace(x)
        ...     return x - xp.mean(x)
        >>> x: npt.NDArray[Any] = np.asarray([1.0, 2.0, 3.0])
        >>> center(x)
        array([-1.,  0.,  1.])
    """,
    "Array": """
        numpy's, torch's and mlx's own type stubs declare some of these members otherwise, or
        lack them (``to_device``, ``device``, ``__array_namespace__`` ...): their arrays are
        ``CommonArray`` objects, which portable code is written for.

        See Also
        --------
        CommonArray : The part of ``Array`` that numpy, torch and mlx arrays all have.
        ember_array.device : ``x.device`` for every backend (mlx arrays lack the attribute).
        ember_array.to_device : ``x.to_device(device)`` for every backend.

        Examples
        --------
        >>> from ember_array.typing import Array, CommonArray
        >>> hasattr(Array, "to_device"), hasattr(CommonArray, "to_device")
        (True, False)
        >>> import numpy as np
        >>> import ember_array
        >>> ember_array.device(np.ones(3))
        'cpu'
    """,
    "InfoNamespace": """
        See Also
        --------
        Capabilities : What ``capabilities()`` returns.
        DataTypes : What ``dtypes()`` returns.
        DefaultDataTypes : What ``default_dtypes()`` returns.
        ArrayNamespace : The namespace whose ``__array_namespace_info__()`` this is.

        Examples
        --------
        >>> import numpy as np
        >>> import ember_array
        >>> from ember_array.typing import ArrayNamespace, InfoNamespace
        >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
        >>> info: InfoNamespace = xp.__array_namespace_info__()
        >>> info.devices(), info.default_device()
        (('cpu',), 'cpu')
    """,
    "LinalgNamespace": """
        See Also
        --------
        ArrayNamespace : The namespace whose ``linalg`` this is.
        FFTNamespace : The ``fft`` extension.

        Examples
        --------
        >>> import numpy as np
        >>> import ember_array
        >>> from ember_array.typing import ArrayNamespace, LinalgNamespace
        >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
        >>> linalg: LinalgNamespace[np.ndarray] = xp.linalg
        >>> float(linalg.vector_norm(xp.asarray([3.0, 4.0])))
        5.0
    """,
    "FFTNamespace": """
        See Also
        --------
        ArrayNamespace : The namespace whose ``fft`` this is.
        LinalgNamespace : The ``linalg`` extension.

        Examples
        --------
        >>> import numpy as np
        >>> import ember_array
        >>> from ember_array.typing import ArrayNamespace, FFTNamespace
        >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
        >>> fft: FFTNamespace[np.ndarray] = xp.fft
        >>> fft.fft(xp.asarray([1.0, 0.0, 0.0]))
        array([1.+0.j, 1.+0.j, 1.+0.j])
    """,
    "ArrayNamespace": """
        ``ember_array.namespace(x)`` returns one: a type checker then checks every ``xp.*``
        call against the standard's signatures (a name the standard lacks, ``xp.median``, or
        a keyword it lacks, ``xp.sum(x, dim=0)``, is an error), and knows that the functions
        take and return ``TArray``.

        See Also
        --------
        ember_array.namespace : The namespace of arrays, typed ``ArrayNamespace[type of x]``.
        LinalgNamespace : ``xp.linalg``.
        FFTNamespace : ``xp.fft``.
        InfoNamespace : ``xp.__array_namespace_info__()``.

        Examples
        --------
        >>> import numpy as np
        >>> import ember_array
        >>> from ember_array.typing import ArrayNamespace
        >>> x = np.asarray([1.0, 2.0, 3.0])
        >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(x)
        >>> float(xp.sum(x))
        6.0
    """,
}


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
    node: ast.FunctionDef, ctx: Context, *, name: str | None = None, prefix: str = ""
) -> Iterator[str]:
    """One Protocol method generated from one stub function."""
    if node.returns is None:
        raise ValueError(f"stub {node.name} has no return annotation")
    for deco in node.decorator_list:
        yield f"    @{ast.unparse(deco)}"
    args = parameters(node.args, ctx, method=True)
    yield f"    def {name or node.name}({args}) -> {annotation(node.returns, ctx)}:{prefix}"
    yield from docstring(summary(node))
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


def class_docstring(name: str, summary: str = "", *, opening: str = '    """') -> list[str]:
    """The docstring of a generated class: ``summary``, then its entry of ``CLASS_DOCS``.

    ``opening`` starts the first line: the class body's indentation and the quotes, or, for a
    TypedDict of the functional form (no class body), an assignment to ``Name.__doc__``.
    """
    if name not in CLASS_DOCS:
        raise ValueError(f"{name}: no entry in CLASS_DOCS (its See Also and Examples)")
    body = textwrap.dedent(CLASS_DOCS[name]).strip("\n")
    lines = (f"{summary}\n\n{body}" if summary else body).splitlines()
    indent = " " * (len(opening) - len(opening.lstrip()))
    return [
        opening + lines[0],
        *(f"{indent}{line}" if line else "" for line in lines[1:]),
        f'{indent}"""',
    ]


def functions(path: Path) -> list[ast.FunctionDef]:
    """The module-level functions a stub module exports, in ``__all__`` order."""
    tree = ast.parse(path.read_text())
    exported = _all(tree)
    found = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    missing = [n for n in exported if n not in found]
    if missing:
        raise ValueError(f"{path.name}: __all__ names without a stub: {missing}")
    return [found[n] for n in exported]


def _all(tree: ast.Module) -> list[str]:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            return [str(v) for v in value]
    raise ValueError("stub module without __all__")


def _typed_dicts(tree: ast.Module) -> Iterator[tuple[str, ast.Call]]:
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


def _dataclass_fields(tree: ast.Module, name: str) -> list[ast.AnnAssign]:
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


def render(root: Path, commit: str) -> str:
    """The generated module's source, unformatted."""
    stubs = root / STUBS
    types_tree = ast.parse((stubs / "_types.py").read_text())
    ns = Context(array="TArray", shadowed=frozenset({"bool"}))
    # Outside the namespaces (array methods, info functions), an array is the object itself.
    arr = Context(array="Self")
    out: list[str] = [
        f'"""Static types of the Python array API standard, revision {VERSION}.',
        "",
        "GENERATED FILE, do not edit. Made by ``ember_array/typing/_generate.py`` from the",
        f"standard's stubs (data-apis/array-api, ``{STUBS.as_posix()}``, commit",
        f"{commit}). Regenerate with::",
        "",
        "    python -m ember_array.typing._generate /path/to/array-api --commit <sha>",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "import builtins",
        "import sys",
        "from collections.abc import Sequence",
        "from enum import Enum",
        "from types import EllipsisType",
        "from typing import TYPE_CHECKING, Any, Literal, Protocol, TypedDict, TypeVar",
        "",
        "if TYPE_CHECKING:",
        "    # Self and Buffer are only read by type checkers (annotations are strings here).",
        "    from typing_extensions import Buffer",
        "",
        "    if sys.version_info >= (3, 11):",
        "        from typing import Self",
        "    else:",
        "        from typing_extensions import Self",
        "",
        "#: The array type of a namespace: ``torch.Tensor`` for ``namespace(t: torch.Tensor)``.",
        'TArray = TypeVar("TArray")',
        '_T_co = TypeVar("_T_co", covariant=True)',
        "",
        "",
    ]

    # Data type objects: data_types.py specifies ``__eq__`` only.
    dtype_tree = ast.parse((stubs / "data_types.py").read_text())
    if _all(dtype_tree) != ["__eq__"]:
        raise ValueError("data_types.py: expected __eq__ only")
    out += [
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
        for f in _dataclass_fields(types_tree, cls):
            assert isinstance(f.target, ast.Name)
            out += [
                "    @property",
                f"    def {f.target.id}(self) -> {annotation(f.annotation, arr)}: ...",
                "",
            ]
        out.append("")

    dtype_names: list[str] = []
    for name, call in _typed_dicts(types_tree):
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
    out.append("")

    # The array object.
    array_tree = ast.parse((stubs / "array_object.py").read_text())
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
        lines = method(by_name["__" + name[3:]], arr, name=name)
        (rest if name in NOT_COMMON else common).extend(lines)
    out += [
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
        "",
    ]

    # The inspection namespace.
    info_fns = functions(stubs / "info.py")
    out += [
        "class InfoNamespace(Protocol):",
        *class_docstring("InfoNamespace", "What ``__array_namespace_info__()`` returns."),
        "",
    ]
    for node in info_fns:
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

    constants = _all(ast.parse((stubs / "constants.py").read_text()))
    # constants.py assigns values, not annotations: their types are the values' types.
    constant_types = {"newaxis": "None"}
    out += [
        "class ArrayNamespace(Protocol[TArray]):",
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
    info_entry = next(n for n in info_fns if n.name == "__array_namespace_info__")
    out += method(info_entry, ns)
    seen: set[str] = set()
    for module in MAIN_MODULES:
        for node in functions(stubs / f"{module}.py"):
            if node.name not in seen:
                seen.add(node.name)
                out += method(node, ns)
    return "\n".join(out).rstrip() + "\n"


def _format(source: str) -> str:
    """``ruff format`` the source (with the repository's settings), if ruff is installed."""
    ruff = shutil.which("ruff")
    if ruff is None:
        print("ruff not found: the output is not formatted", file=sys.stderr)
        return source
    repo = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [ruff, "format", "--stdin-filename", str(repo / "ember_array/typing/_generated.py"), "-"],
        input=source,
        capture_output=True,
        text=True,
        check=True,
        cwd=repo,
    )
    return done.stdout


def find_root(path: Path) -> Path:
    """The array-api checkout that holds ``path`` (the checkout or its stubs folder)."""
    for candidate in (path, *path.parents):
        if (candidate / STUBS / "_types.py").is_file():
            return candidate
    raise FileNotFoundError(f"{path}: no {STUBS.as_posix()}/_types.py in it or above it")


def _git_commit(root: Path) -> str | None:
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    return done.stdout.strip()


def generate(path: Path, commit: str | None = None, *, fmt: Callable[[str], str] = _format) -> str:
    """The formatted source of the generated module.

    Parameters
    ----------
    path
        The data-apis/array-api checkout, or its ``src/array_api_stubs/_2025_12`` folder.
    commit
        The checkout's commit, for the header; read with git when None.
    fmt
        The formatter applied to the source.

    Returns
    -------
    str
        The module's source.
    """
    root = find_root(path)
    commit = commit or _git_commit(root) or "unknown"
    return fmt(render(root, commit))


def main(argv: list[str] | None = None) -> int:
    """Command line: write the generated module (``--help`` for the options)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", nargs="?", default=os.environ.get("EMBER_ARRAY_API_REPO"))
    parser.add_argument("--commit", help="the checkout's commit (default: git rev-parse HEAD)")
    parser.add_argument(
        "-o", "--output", type=Path, default=Path(__file__).with_name("_generated.py")
    )
    ns = parser.parse_args(argv)
    if not ns.path:
        parser.error("give the array-api checkout, or set EMBER_ARRAY_API_REPO")
    ns.output.write_text(generate(Path(ns.path), ns.commit))
    print(f"wrote {ns.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Static analysis of one module: where is array code, which names hold arrays, what breaks.

*Array code* is a function that obtains an array API namespace (``xp = namespace(x)``,
``xp, _ = get_namespace(X)``, ``x.__array_namespace__()``) or takes an ``xp`` parameter.
Inside it, a name holds an array when it was passed to the namespace function, or was
assigned from a namespace call, from indexing/arithmetic on an array, or from ``.T``/``.mT``.
Only those names are judged, so ordinary Python and numpy code around array code stays quiet.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from .._spec import API_VERSION, DRAFT_VERSION, NEW_IN_DRAFT
from ._rules import (
    ARRAY_API_HELPER_MODULES,
    ARRAY_ATTRIBUTES,
    ARRAY_METHODS,
    BACKEND_MODULES,
    BACKEND_PREDICATES,
    BACKEND_STRINGS,
    DEVICE_CALLS,
    DEVICE_METHODS,
    GUARD_WORDS,
    GUARDS,
    HOST_METHODS,
    IMMUTABLE_TARGETS,
    KEYWORD_RENAMES,
    NAMESPACE_FUNCTIONS,
    NON_ARRAY_RESULTS,
    NON_STANDARD_DTYPES,
    RENAMES,
    RNG_CALLS,
    STANDARD_SUB,
    STANDARD_TOP,
    not_standard,
    std_hint,
)


@dataclass(frozen=True)
class Finding:
    """One problem at one place, as the linter reports it.

    Parameters
    ----------
    path : str
        The file (as given to :func:`lint_source` or found by :func:`lint_paths`).
    line, col : int
        Where the problem starts (1-based line, 0-based column, as ``ast`` counts).
    code : str
        The rule code (``"EA201"``; ``ember-lint --rules`` lists them).
    message : str
        What is wrong, in words.
    fix : str or None, optional
        How to fix it, when there is one fix (``"use xp.sum"``).

    See Also
    --------
    lint_source, lint_paths, Result

    Examples
    --------
    >>> from ember_array.lint import Settings, lint_source
    >>> source = "import numpy as np, ember_array as ea\\ndef total(x):\\n    xp = ea.namespace(x)"
    >>> (finding,) = lint_source(source + "\\n    return np.sum(x)", "total.py", Settings())
    >>> finding.line, finding.code, finding.fix
    (4, 'EA201', 'use xp.sum')
    """

    path: str
    line: int
    col: int
    code: str
    message: str
    fix: str | None = None


@dataclass
class _Scope:
    """What one function knows: its namespace names and its array names."""

    namespaces: set[str] = field(default_factory=set)
    arrays: set[str] = field(default_factory=set)
    is_array_code: bool = False


_NOT_ARRAY_VALUES = (
    ast.List,
    ast.ListComp,
    ast.Dict,
    ast.DictComp,
    ast.Set,
    ast.SetComp,
    ast.Constant,
    ast.JoinedStr,
    ast.GeneratorExp,
)


def _dotted(node: ast.AST) -> str | None:
    """``a.b.c`` for a chain of attributes on a name, else None."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def _target_names(target: ast.AST) -> list[str]:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [n for elt in target.elts for n in _target_names(elt)]
    if isinstance(target, ast.Starred):
        return _target_names(target.value)
    return []


def _first_target(target: ast.AST) -> str | None:
    if isinstance(target, ast.Name):
        return target.id
    if isinstance(target, (ast.Tuple, ast.List)) and target.elts:
        first = target.elts[0]
        return first.id if isinstance(first, ast.Name) else None
    return None


class _ModuleAliases(ast.NodeVisitor):
    """Import aliases of backend modules: ``np`` -> ``numpy``, ``mx`` -> ``mlx.core``."""

    def __init__(self) -> None:
        self.modules: dict[str, str] = {}
        self.functions: dict[str, str] = {}  # from numpy import mean -> mean: numpy.mean

    def visit_Import(self, node: ast.Import) -> None:
        for a in node.names:
            root = a.name.split(".")[0]
            if root in BACKEND_MODULES:
                if a.asname:
                    self.modules[a.asname] = a.name
                else:
                    self.modules[root] = root

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.module is None or node.level:
            return
        root = node.module.split(".")[0]
        if root not in BACKEND_MODULES:
            return
        for a in node.names:
            name = a.asname or a.name
            full = f"{node.module}.{a.name}"
            # ``from mlx import core as mx`` / ``from scipy import linalg``: a module
            if a.name[:1].islower() and (node.module in BACKEND_MODULES or a.name == "core"):
                self.modules[name] = full
            else:
                self.functions[name] = full


class Analyzer:
    """Lint one parsed module; :meth:`run` yields findings (noqa not yet applied)."""

    def __init__(
        self,
        path: str,
        tree: ast.Module,
        targets: Iterable[str],
        own_package: str | None = None,
        *,
        api_version: str = API_VERSION,
    ) -> None:
        self.path = path
        self.api_version = api_version
        #: the top-level package the file belongs to: its own functions are not backend calls
        #: (scipy's modules calling scipy.special, which dispatches on the array type itself)
        self.own_package = own_package
        self.tree = tree
        self.targets = tuple(targets)
        aliases = _ModuleAliases()
        aliases.visit(tree)
        self.modules = aliases.modules
        self.functions = aliases.functions
        self.findings: list[Finding] = []
        #: Standard names used on a namespace (for --report), qualified.
        self.used: set[str] = set()
        self._lacking: dict[str, dict[str, str]] | None = None

    # -- reporting ------------------------------------------------------------------------

    def _add(self, node: ast.AST, code: str, message: str, fix: str | None = None) -> None:
        self.findings.append(
            Finding(
                self.path,
                getattr(node, "lineno", 1),
                getattr(node, "col_offset", 0) + 1,
                code,
                message,
                fix,
            )
        )

    # -- the walk -------------------------------------------------------------------------

    def run(self) -> list[Finding]:
        self._walk_body(self.tree.body, None)
        return self.findings

    def _walk_body(self, body: list[ast.stmt], outer: _Scope | None) -> None:
        for stmt in body:
            self._visit_defs(stmt, outer)

    def _visit_defs(self, stmt: ast.AST, outer: _Scope | None) -> None:
        """Find function definitions (at any depth outside functions) and lint each."""
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self._function(stmt, outer)
            return
        for child in ast.iter_child_nodes(stmt):
            if isinstance(child, ast.stmt):
                self._visit_defs(child, outer)

    def _function(self, fn: ast.FunctionDef | ast.AsyncFunctionDef, outer: _Scope | None) -> None:
        scope = _Scope()
        if outer is not None:
            scope.namespaces |= outer.namespaces
            scope.arrays |= outer.arrays
            scope.is_array_code = outer.is_array_code
        params = [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs]
        if any(a.arg == "xp" for a in params):
            scope.namespaces.add("xp")
            scope.is_array_code = True
        own = list(fn.body)
        nodes = list(self._own_nodes(own))
        # pass 1: namespace bindings and array names (twice over the body, so a name
        # assigned later in a loop still counts)
        for _ in range(2):
            for node in nodes:
                self._learn(node, scope)
        # a name also bound to a list/dict/str/number, or converted to a backend's own
        # array (np.asarray(y), move_to(y, xp=np)), is ambiguous: leave it unjudged
        for node in nodes:
            if isinstance(node, ast.Assign) and self._not_dispatched(node.value):
                for t in node.targets:
                    if isinstance(t, ast.Name):
                        scope.arrays.discard(t.id)
        if scope.is_array_code:
            guarded = self._guarded(nodes)
            for node in nodes:
                if id(node) not in guarded:
                    self._check(node, scope)
        # nested functions see the enclosing names
        for node in self._own_nodes(own, include_defs=True):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self._function(node, scope)

    def _own_nodes(self, body: list[ast.stmt], include_defs: bool = False) -> Iterator[ast.AST]:
        """The nodes of ``body``, not descending into nested functions or classes."""
        stack: list[ast.AST] = list(reversed(body))
        while stack:
            node = stack.pop()
            nested = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            if nested:
                if include_defs:
                    if isinstance(node, ast.ClassDef):
                        stack.extend(reversed(node.body))
                    else:
                        yield node
                continue
            if not include_defs:
                yield node
            stack.extend(reversed(list(ast.iter_child_nodes(node))))

    def _not_dispatched(self, value: ast.AST) -> bool:
        """A value that is surely no dispatched array: a literal, or a backend's own array."""
        if isinstance(value, _NOT_ARRAY_VALUES):
            return True
        if not isinstance(value, ast.Call):
            return False
        dotted = _dotted(value.func)
        if dotted is not None and dotted.partition(".")[0] in self.modules:
            return True  # np.asarray(x), torch.as_tensor(x): the backend's own array
        return any(
            kw.arg == "xp" and isinstance(kw.value, ast.Name) and kw.value.id in self.modules
            for kw in value.keywords
        )  # move_to(x, xp=np)

    def _is_guard(self, test: ast.AST) -> bool:
        """Whether ``test`` asks which backend/container an object is (``issparse(X)``)."""
        for node in ast.walk(test):
            if isinstance(node, ast.Attribute) and node.attr == "__name__":
                return True
            ident = node.id if isinstance(node, ast.Name) else getattr(node, "attr", None)
            if isinstance(ident, str) and any(w in ident for w in GUARD_WORDS):
                return True  # if is_array_api_compliant: / if X_is_sparse:
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and any(b in node.value for b in BACKEND_STRINGS)
            ):
                return True
            if isinstance(node, ast.Call):
                f = node.func
                name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
                if name in GUARDS:
                    return True
        return False

    def _guarded(self, nodes: list[ast.AST]) -> set[int]:
        """ids of the nodes under a backend guard: ``if issparse(X): ...``, ``a and b``."""
        out: set[int] = set()
        for node in nodes:
            parts: list[ast.AST] = []
            if isinstance(node, (ast.If, ast.While, ast.IfExp)) and self._is_guard(node.test):
                # both branches: `if is_numpy: ... else: ...` is backend-specific either way
                parts = [node.test]
                for branch in (node.body, node.orelse):
                    parts.extend(branch if isinstance(branch, list) else [branch])
            elif isinstance(node, ast.BoolOp) and any(self._is_guard(v) for v in node.values):
                parts = [node]
            for part in parts:
                out.update(id(n) for n in ast.walk(part))
        return out

    # -- learning names -------------------------------------------------------------------

    def _is_namespace_call(self, node: ast.AST) -> ast.Call | None:
        if not isinstance(node, ast.Call):
            return None
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
        return node if name in NAMESPACE_FUNCTIONS else None

    def _learn(self, node: ast.AST, scope: _Scope) -> None:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            value = node.value
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if value is None:
                return
            call = self._is_namespace_call(value)
            if call is not None:
                scope.is_array_code = True
                for t in targets:
                    first = _first_target(t)
                    if first is not None:
                        scope.namespaces.add(first)
                for arg in call.args:
                    if isinstance(arg, ast.Name):
                        scope.arrays.add(arg.id)
                    elif isinstance(arg, ast.Starred) and isinstance(arg.value, ast.Name):
                        pass  # *arrays: a sequence, not an array
                f = call.func
                if (
                    isinstance(f, ast.Attribute)
                    and f.attr == "__array_namespace__"
                    and isinstance(f.value, ast.Name)
                ):
                    scope.arrays.add(f.value.id)  # x.__array_namespace__()
                return
            if self._is_array(value, scope):
                for t in targets:
                    if isinstance(t, ast.Name):
                        scope.arrays.add(t.id)
            elif self._returns_arrays(value, scope):
                for t in targets:
                    scope.arrays.update(_target_names(t))
            # flow-insensitive: a name that ever holds an array is judged as one

    def _ns_attr(self, node: ast.AST, scope: _Scope) -> str | None:
        """``"sum"`` / ``"linalg.svd"`` for ``xp.sum`` / ``xp.linalg.svd``, else None."""
        if not isinstance(node, ast.Attribute):
            return None
        if isinstance(node.value, ast.Name) and node.value.id in scope.namespaces:
            return node.attr
        inner = node.value
        if (
            isinstance(inner, ast.Attribute)
            and inner.attr in STANDARD_SUB
            and isinstance(inner.value, ast.Name)
            and inner.value.id in scope.namespaces
        ):
            return f"{inner.attr}.{node.attr}"
        return None

    def _returns_arrays(self, node: ast.AST, scope: _Scope) -> bool:
        """A namespace call returning a tuple of arrays (``unique_counts``, ``linalg.qr``)."""
        if isinstance(node, ast.Call):
            name = self._ns_attr(node.func, scope)
            return name is not None and name.rpartition(".")[2] not in NON_ARRAY_RESULTS
        return False

    def _is_array(self, node: ast.AST, scope: _Scope) -> bool:
        """Whether ``node`` evaluates to an array, as far as static reading can tell."""
        if isinstance(node, ast.Name):
            return node.id in scope.arrays
        if isinstance(node, ast.Call):
            name = self._ns_attr(node.func, scope)
            if name is not None:
                return name.rpartition(".")[2] not in NON_ARRAY_RESULTS | {
                    "unique_all",
                    "unique_counts",
                    "unique_inverse",
                    "qr",
                    "svd",
                    "eigh",
                    "eig",
                    "slogdet",
                }
            f = node.func
            # a method of an array returning an array (x.astype(...), x.reshape(...))
            return (
                isinstance(f, ast.Attribute)
                and f.attr
                in {
                    "astype",
                    "reshape",
                    "to_device",
                    "copy",
                    "flatten",
                    "ravel",
                    "cuda",
                    "cpu",
                    "to",
                }
                and self._is_array(f.value, scope)
            )
        if isinstance(node, ast.Subscript):
            return self._is_array(node.value, scope)
        if isinstance(node, ast.Attribute):
            return node.attr in {"T", "mT"} and self._is_array(node.value, scope)
        if isinstance(node, ast.BinOp):
            if any(
                isinstance(side, ast.JoinedStr)
                or (isinstance(side, ast.Constant) and isinstance(side.value, (str, bytes)))
                for side in (node.left, node.right)
            ):
                return False  # "%s" % x formats a string
            return self._is_array(node.left, scope) or self._is_array(node.right, scope)
        if isinstance(node, ast.UnaryOp):
            return not isinstance(node.op, ast.Not) and self._is_array(node.operand, scope)
        if isinstance(node, ast.Compare):
            # x > 0 on arrays is an array; `x is None` is not
            if any(isinstance(op, (ast.Is, ast.IsNot, ast.In, ast.NotIn)) for op in node.ops):
                return False
            return any(self._is_array(n, scope) for n in (node.left, *node.comparators))
        return False

    # -- checks -----------------------------------------------------------------------------

    def _check(self, node: ast.AST, scope: _Scope) -> None:
        if isinstance(node, ast.Attribute):
            self._check_ns_name(node, scope)
            self._check_array_attr(node, scope)
        elif isinstance(node, ast.Call):
            self._check_call(node, scope)
        elif isinstance(node, (ast.If, ast.While, ast.IfExp, ast.Assert)):
            if self._is_array(node.test, scope):
                self._add(
                    node.test,
                    "EA402",
                    "an array used as a condition forces evaluation (a host sync): it breaks "
                    "mlx laziness, torch.compile graphs and jax.jit",
                    "keep the decision on the device (xp.where) or document the sync",
                )
        elif isinstance(node, ast.BoolOp):
            for value in node.values:
                if self._is_array(value, scope):
                    self._add(
                        value,
                        "EA402",
                        "`and`/`or` on an array calls bool() on it (a host sync)",
                        "use xp.logical_and/xp.logical_or",
                    )
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            if self._is_array(node.operand, scope):
                self._add(
                    node,
                    "EA402",
                    "`not` on an array calls bool() on it (a host sync)",
                    "use xp.logical_not",
                )
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            self._check_inplace(node, scope)

    def _check_ns_name(self, node: ast.Attribute, scope: _Scope) -> None:
        name = self._ns_attr(node, scope)
        if name is None:
            return
        if "." in name:
            sub, _, attr = name.partition(".")
            if attr in STANDARD_SUB[sub]:
                self.used.add(name)
                return
            hint = RENAMES.get(attr)
            self._add(
                node,
                "EA101",
                f"`xp.{name}` is not in the array API standard's {sub} extension",
                (f"use xp.{hint}" if hint.startswith(f"{sub}.") else f"use xp.{sub}.{hint}")
                if hint
                else None,
            )
            return
        if name in STANDARD_SUB:
            return  # xp.linalg itself; its attribute is judged on its own node
        if name in STANDARD_TOP or (name in NEW_IN_DRAFT and self.api_version == DRAFT_VERSION):
            self.used.add(name)
            self._check_dtype_for_targets(node, name)
            return
        if name.startswith("__") and name.endswith("__"):
            return
        if name in NON_STANDARD_DTYPES:
            hint = RENAMES.get(name)
            self._add(
                node,
                "EA501",
                f"`xp.{name}` is not a dtype of the array API standard",
                f"use xp.{hint}" if hint else "use one of the standard's dtypes",
            )
            return
        self._add(node, "EA101", *not_standard(name, self.api_version))

    def _check_dtype_for_targets(self, node: ast.AST, name: str) -> None:
        lacking = self._lacking_dtypes()
        for target in self.targets:
            why = lacking.get(target, {}).get(name)
            if why is not None:
                self._add(
                    node,
                    "EA502",
                    f"`{name}` is not available on {target}: {why}",
                    "choose the dtype from xp.__array_namespace_info__().dtypes() or "
                    "default_dtypes()",
                )

    def _lacking_dtypes(self) -> dict[str, dict[str, str]]:
        if self._lacking is None:
            from ._matrix import lacking_dtypes

            self._lacking = lacking_dtypes(self.targets)
        return self._lacking

    def _check_array_attr(self, node: ast.Attribute, scope: _Scope) -> None:
        if not self._is_array(node.value, scope):
            return
        attr = node.attr
        if attr.startswith("__") or attr in ARRAY_METHODS:
            return
        if attr in ARRAY_ATTRIBUTES:
            if attr == "T":
                self._add(
                    node,
                    "EA302",
                    "`.T` is defined by the standard for 2-D arrays only",
                    "use x.mT or xp.matrix_transpose(x) for stacks of matrices",
                )
            return
        if attr in HOST_METHODS or attr in DEVICE_METHODS:
            return  # judged at the call (EA403 / EA602)
        hint = std_hint(attr)
        self._add(
            node,
            "EA301",
            f"`.{attr}` is not an attribute of the standard's array object",
            (f"use xp.{hint}" if "(" in hint else f"use xp.{hint}(x, ...)") if hint else None,
        )

    def _check_call(self, node: ast.Call, scope: _Scope) -> None:
        func = node.func
        # keywords of namespace functions
        name = self._ns_attr(func, scope)
        if name is not None:
            self._check_keywords(node, name)
            return
        # host syncs: float(x), int(x), bool(x), complex(x)
        if isinstance(func, ast.Name) and func.id in {"float", "int", "bool", "complex"}:
            if node.args and self._is_array(node.args[0], scope):
                self._add(
                    node,
                    "EA401",
                    f"{func.id}() of an array forces evaluation (a host sync): it breaks mlx "
                    "laziness, torch.compile graphs and jax.jit",
                    "keep the value as a 0-d array, or document the sync",
                )
            return
        if isinstance(func, ast.Attribute):
            if self._is_array(func.value, scope):
                if func.attr in HOST_METHODS:
                    self._add(
                        node,
                        "EA403",
                        f"`.{func.attr}()` copies the array to the host (a sync) and is not "
                        "in the standard",
                        "keep the computation in xp; convert only at the API boundary",
                    )
                elif func.attr in DEVICE_METHODS:
                    self._add(
                        node,
                        "EA602",
                        f"`.{func.attr}()` is a backend's device call",
                        "use ember_array.to_device(x, device) / x.to_device(device)",
                    )
                return
            dotted = _dotted(func)
            if dotted is not None:
                self._check_backend_call(node, dotted, scope)
        elif isinstance(func, ast.Name) and func.id in self.functions:
            self._check_backend_call(node, self.functions[func.id], scope, resolved=True)

    def _check_keywords(self, node: ast.Call, name: str) -> None:
        from ._matrix import standard_parameters

        params = standard_parameters().get(name)
        for kw in node.keywords:
            if kw.arg is None:
                continue
            bad = (kw.arg not in params) if params is not None else kw.arg in KEYWORD_RENAMES
            if bad:
                hint = KEYWORD_RENAMES.get(kw.arg)
                self._add(
                    kw.value,
                    "EA102",
                    f"`xp.{name}` takes no keyword `{kw.arg}` in the standard",
                    f"use {hint}=" if hint and not hint.startswith("(") else hint,
                )

    def _check_backend_call(
        self, node: ast.Call, dotted: str, scope: _Scope, resolved: bool = False
    ) -> None:
        if resolved:
            full = dotted
        else:
            head, _, rest = dotted.partition(".")
            module = self.modules.get(head)
            if module is None or not rest:
                return
            full = f"{module}.{rest}"
        root = full.split(".")[0]
        short = full.rpartition(".")[2]
        if root == self.own_package:
            return
        if self._is_rng(full):
            self._add(
                node,
                "EA601",
                f"`{full}` is a backend's random generator: streams differ per backend and it "
                "does not run on other arrays",
                "use ember_array.random (key/uniform/normal/... or Generator)",
            )
            return
        if (root, short) in DEVICE_CALLS:
            self._add(
                node,
                "EA602",
                f"`{full}` is a backend's device call",
                "use ember_array.device(x) / ember_array.to_device(x, device)",
            )
            return
        if short in BACKEND_PREDICATES or short in NAMESPACE_FUNCTIONS:
            return
        if any(part in ARRAY_API_HELPER_MODULES for part in full.split(".")):
            return
        args = [*node.args, *(kw.value for kw in node.keywords)]
        if any(self._is_array(a, scope) for a in args):
            hint = std_hint(short)
            self._add(
                node,
                "EA201",
                f"`{full}` called with a dispatched array: it works only on one backend (and "
                "may copy to the host)",
                f"use xp.{hint}" if hint else "write it with the namespace's functions",
            )

    @staticmethod
    def _is_rng(full: str) -> bool:
        parts = full.split(".")
        if "random" in parts[1:-1] or full.startswith("jax.random"):
            return True
        return parts[-1] in RNG_CALLS.get(parts[0], ())

    def _check_inplace(self, node: ast.Assign | ast.AugAssign, scope: _Scope) -> None:
        immutable = [t for t in self.targets if t in IMMUTABLE_TARGETS]
        if not immutable:
            return
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for t in targets:
            base = t.value if isinstance(t, ast.Subscript) else t
            if isinstance(node, ast.Assign) and not isinstance(t, ast.Subscript):
                continue
            if isinstance(base, ast.Name) and base.id in scope.arrays:
                self._add(
                    t,
                    "EA701",
                    f"in-place update of an array: {', '.join(immutable)} arrays are immutable",
                    "build a new array (xp.where, or ember_array.scatter) instead",
                )

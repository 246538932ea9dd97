"""The standard's signatures on every namespace function, for ``inspect.signature``.

A namespace entry is often not written with the standard's signature: array-api-compat's
wrappers take ``*args, **kwargs`` on a fast path, numpy's own functions name their first
parameter ``a``, torch's builtins and mlx's nanobind functions have no inspectable signature at
all. :func:`conform` (called by :func:`ember_array._namespace.populate` for every namespace)
makes each entry show the signature of the standard's stub, read from
:mod:`ember_array.typing._generated` (generated from the stubs):

* an entry whose own signature already shows every parameter of the stub, with its name and
  kind, stays as it is (a numpy ufunc keeps its ``out=`` and costs nothing more);
* ember_array's own function (a guard wrapper included) gets ``__signature__``;
* anything else (a native function, a function of array-api-compat or dask) is never modified:
  it gets a thin forwarding wrapper carrying the signature (one Python call, about 0.1 us),
  marked :func:`ember_array._markers.transparent` so the support matrix still reports the
  native function.

Only where the entry really accepts the stub's parameters: its own signature (or, for a native
function without one, the one its docstring opens with) must bind every call the stub allows.
An entry that does not keeps its own signature, and ``tests/test_signatures.py`` names it.
"""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Callable, Iterable
from functools import cache
from inspect import Parameter, Signature
from types import FunctionType
from typing import Any

from ._markers import transparent

__all__ = [
    "SIGNATURE_ONLY",
    "accepts",
    "conform",
    "documented_signature",
    "shows",
    "standard_signature",
]

#: Set on the thin wrapper that only shows a native function's standard signature: it stands
#: for the native function (its cost aside) and, like it, raises the native errors.
SIGNATURE_ONLY = "__ember_signature_only__"

_OWN_FILE = re.compile(r"[\\/]ember_array[\\/]")
_VAR = (Parameter.VAR_POSITIONAL, Parameter.VAR_KEYWORD)


@cache
def _protocols() -> dict[str, type]:
    # imported on first use: the generated Protocols are only needed while namespaces build
    from .typing._generated.extensions import FFTNamespace, LinalgNamespace
    from .typing._generated.namespace import ArrayNamespace

    return {"": ArrayNamespace, "linalg.": LinalgNamespace, "fft.": FFTNamespace}


@cache
def standard_signature(qualname: str) -> Signature | None:
    """The standard's signature of ``qualname`` (``"sum"``, ``"linalg.svd"``), without
    annotations, or ``None`` for a name that is no function (a dtype, a constant)."""
    prefix, _, name = qualname.rpartition(".")
    protocol = _protocols().get(prefix + "." if prefix else "")
    method = getattr(protocol, name, None)
    if not isinstance(method, FunctionType):
        return None
    params = list(inspect.signature(method).parameters.values())[1:]  # self
    return Signature([p.replace(annotation=Parameter.empty) for p in params])


def shows(sig: Signature, std: Signature) -> bool:
    """Whether ``sig`` shows every parameter of ``std``, by name and kind and in its order,
    and adds only optional named parameters (no ``*args``/``**kwargs`` the standard lacks)."""
    have = sig.parameters
    for p in std.parameters.values():
        q = have.get(p.name)
        if q is None or q.kind != p.kind:
            return False
    ordered = [n for n in have if n in std.parameters]
    if ordered != list(std.parameters):
        return False
    return all(
        q.name in std.parameters or (q.kind not in _VAR and q.default is not Parameter.empty)
        for q in have.values()
    )


class _Arg:
    """A placeholder argument (binding checks names and counts only)."""


def accepts(sig: Signature, std: Signature) -> bool:
    """Whether a function of signature ``sig`` accepts every call ``std`` allows: all
    parameters given (positional ones by position, a positional-or-keyword one by keyword
    too), and only the required ones."""
    positional: list[object] = []
    by_name: dict[str, object] = {}
    keywords: dict[str, object] = {}
    required_pos: list[object] = []
    required_kw: dict[str, object] = {}
    for p in std.parameters.values():
        if p.kind is Parameter.VAR_POSITIONAL:
            positional += [_Arg(), _Arg()]
        elif p.kind is Parameter.KEYWORD_ONLY:
            keywords[p.name] = _Arg()
            if p.default is Parameter.empty:
                required_kw[p.name] = _Arg()
        elif p.kind is not Parameter.VAR_KEYWORD:
            positional.append(_Arg())
            if p.kind is Parameter.POSITIONAL_OR_KEYWORD:
                by_name[p.name] = _Arg()
            if p.default is Parameter.empty:
                required_pos.append(_Arg())
    leading: list[object] = [
        _Arg() for p in std.parameters.values() if p.kind is Parameter.POSITIONAL_ONLY
    ]
    calls: list[tuple[list[object], dict[str, object]]] = [
        (positional, keywords),
        (leading, {**by_name, **keywords}),
        (required_pos, required_kw),
    ]
    try:
        for args, kwargs in calls:
            sig.bind(*args, **kwargs)
    except TypeError:
        return False
    return True


# "linalg.matrix_norm(A, ord='fro', ...) -> Tensor", "sin(a: array, /, *, stream: ...) -> array"
_TORCH_ALIASES = {"dim": "axis", "keepdim": "keepdims"}
_DOC_SIGNATURE = re.compile(r"^\s*(?:[\w.]+\.)?(\w+)(\(.*\))\s*(?:->.*)?$")


def documented_signature(obj: Any) -> Signature | None:
    """The signature of ``obj`` from ``inspect``, or else from the first line of its docstring
    (torch's builtins and mlx's nanobind functions have no other), or ``None``."""
    try:
        return inspect.signature(obj)
    except (TypeError, ValueError):
        pass
    first = (getattr(obj, "__doc__", None) or "").strip().partition("\n")[0]
    match = _DOC_SIGNATURE.match(first.replace("\\*", "*"))
    if match is None:
        return None
    try:
        tree = ast.parse(f"def {match[1]}{match[2]}: pass")
    except SyntaxError:
        return None
    node = tree.body[0]
    assert isinstance(node, ast.FunctionDef)
    a = node.args
    params: list[Parameter] = []
    positional = [*a.posonlyargs, *a.args]
    defaults = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
    for i, (arg, default) in enumerate(zip(positional, defaults, strict=True)):
        kind = (
            Parameter.POSITIONAL_ONLY if i < len(a.posonlyargs) else Parameter.POSITIONAL_OR_KEYWORD
        )
        params.append(Parameter(arg.arg, kind, default=_Arg if default else Parameter.empty))
    if a.vararg is not None:
        params.append(Parameter(a.vararg.arg, Parameter.VAR_POSITIONAL))
    # torch documents its optional keyword-only parameters without a default ("*, out: Tensor")
    params += [Parameter(arg.arg, Parameter.KEYWORD_ONLY, default=_Arg) for arg in a.kwonlyargs]
    if str(getattr(obj, "__module__", "")).startswith("torch"):
        # torch's argument parser takes numpy's names for these keywords too, undocumented
        # (numpy_compatibility_arg_names in torch/csrc/utils/python_arg_parser.cpp)
        named = {p.name for p in params}
        params += [
            Parameter(alias, Parameter.KEYWORD_ONLY, default=_Arg)
            for name, alias in _TORCH_ALIASES.items()
            if name in named and alias not in named
        ]
    if a.kwarg is not None:
        params.append(Parameter(a.kwarg.arg, Parameter.VAR_KEYWORD))
    try:
        return Signature(params)
    except ValueError:
        return None


def _forwarder(native: Callable[..., Any], module: str, std: Signature) -> Callable[..., Any]:
    """A thin wrapper of ``native`` showing ``std``: ``native`` itself is never modified."""

    def forward(*args: Any, **kwargs: Any) -> Any:
        return native(*args, **kwargs)

    name = getattr(native, "__name__", "function")
    forward.__name__ = forward.__qualname__ = name
    forward.__doc__ = getattr(native, "__doc__", None)
    forward.__module__ = module
    forward.__wrapped__ = native  # type: ignore[attr-defined]  # read by the support matrix
    forward.__signature__ = std  # type: ignore[attr-defined]  # read by inspect
    setattr(forward, SIGNATURE_ONLY, True)
    return transparent(forward)


def conform(globals_: dict[str, Any], names: Iterable[str]) -> None:
    """Give every standard function among ``names`` the standard's signature, in place.

    ``globals_`` is a namespace module's (``ember_array.<backend>[.linalg|.fft]``); its
    ``__name__`` gives the qualified names looked up in the standard.
    """
    module = globals_["__name__"]
    parts = module.split(".")
    prefix = "".join(p + "." for p in parts[2:])
    for name in names:
        std = standard_signature(prefix + name)
        obj = globals_[name]
        if std is None or not callable(obj):
            continue
        own = documented_signature(obj)
        if own is None or shows(own, std) or not accepts(own, std):
            continue  # shown already, or not accepted: tests/test_signatures.py names it
        if isinstance(obj, FunctionType) and _OWN_FILE.search(obj.__code__.co_filename):
            obj.__signature__ = std  # type: ignore[attr-defined]  # read by inspect
        else:
            globals_[name] = _forwarder(obj, module, std)

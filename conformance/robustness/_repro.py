"""A case as a few lines of Python a developer can paste: the minimal reproducer."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ._generate import GENERATOR_XP, Case, NpDT, Obj
from ._inputs import DT, Arr, Dev, Foreign, Xp, numpy_values

_OPS = {
    "add": "+",
    "sub": "-",
    "mul": "*",
    "truediv": "/",
    "floordiv": "//",
    "mod": "%",
    "pow": "**",
    "matmul": "@",
    "and_": "&",
    "or_": "|",
    "xor": "^",
    "lshift": "<<",
    "rshift": ">>",
    "lt": "<",
    "le": "<=",
    "gt": ">",
    "ge": ">=",
    "eq": "==",
    "ne": "!=",
}
_UNARY = {"neg": "-", "pos": "+", "invert": "~"}


def _lit(v: Any) -> str:
    if isinstance(v, float):
        if math.isnan(v):
            return "float('nan')"
        if math.isinf(v):
            return "float('inf')" if v > 0 else "-float('inf')"
    if isinstance(v, complex):
        return repr(v)
    if isinstance(v, int) and not isinstance(v, bool) and abs(v) >= 2**31:
        exp = int(math.log2(abs(v)))
        if 2**exp == abs(v):
            return f"{'-' if v < 0 else ''}2**{exp}"
        if 2**exp + 1 == abs(v):
            return f"{'-' if v < 0 else ''}(2**{exp} + 1)"
    return repr(v)


def _np(a: Arr) -> str:
    n = math.prod(a.shape)
    if n > 6 and a.values in ("small", "spd"):  # the pattern of numpy_values, not its digits
        if a.values == "spd" and len(a.shape) >= 2 and a.shape[-1] == a.shape[-2]:
            m = a.shape[-1]
            return f"np.broadcast_to(np.eye({m}) * 2 + 0.25, {a.shape}).astype('{a.dtype}')"
        k = f"np.arange({n})"
        expr = {
            "b": f"({k} % 2 == 0)",
            "i": f"({k} % 7 + 1)",
            "u": f"({k} % 7 + 1)",
            "f": f"(({k} % 7 + 1) / 8)",
            "c": f"(({k} % 7 + 1) / 8 + 1j * ({k} % 5) / 8)",
        }[np.dtype(a.dtype).kind]
        return f"{expr}.reshape({a.shape}).astype('{a.dtype}')"
    v = numpy_values(a)
    body = repr(v.tolist()).replace("nan", "np.nan").replace("inf", "np.inf")
    return f"np.asarray({body}, dtype='{a.dtype}')"


def render(obj: Any, group: str) -> str:
    """Python source for a recipe, in a context that defines ``np``, ``xp`` and ``strict``."""
    if isinstance(obj, Arr):
        src = _np(obj)
        if obj.view == "strided":
            return f"xp.asarray(np.repeat({src}, 2, axis=0))[::2]"
        if obj.view == "transposed":
            return (
                f"xp.matrix_transpose(xp.asarray(np.ascontiguousarray(np.swapaxes({src}, -1, -2))))"
            )
        if obj.view == "reversed":
            return (
                f"xp.flip(xp.asarray({src}[::-1].copy()), axis=0)"
                if group.startswith("torch")
                else f"xp.asarray({src}[::-1].copy())[::-1]"
            )
        return f"xp.asarray({src})"
    if isinstance(obj, DT):
        return f"xp.{obj.name}"
    if isinstance(obj, NpDT):
        return f"np.dtype('{obj.name}')"
    if isinstance(obj, Obj):
        return "object()"
    if isinstance(obj, Xp):
        return "xp"
    if isinstance(obj, Dev):
        return {
            "default": "xp.__array_namespace_info__().default_device()",
            "strict": "strict.Device('device1')",
            "gpu": {"torch": "torch.device('cuda')", "mlx": "mx.gpu"}.get(
                group.split("+")[0], "'gpu'"
            ),
            "meta": "torch.device('meta')",
        }[obj.kind]
    if isinstance(obj, Foreign):
        if obj.lib == "list":
            return repr(numpy_values(obj.arr).tolist())
        if obj.lib == "numpy":
            return f"{_np(obj.arr)}[::-1]" if obj.arr.view == "reversed" else _np(obj.arr)
        return f"strict.asarray({_np(obj.arr)})"
    if isinstance(obj, slice):
        parts = (render(obj.start, group), render(obj.stop, group), render(obj.step, group))
        return f"slice({', '.join(parts)})"
    if isinstance(obj, list):
        return "[" + ", ".join(render(o, group) for o in obj) + "]"
    if isinstance(obj, tuple):
        inner = ", ".join(render(o, group) for o in obj)
        return f"({inner},)" if len(obj) == 1 else f"({inner})"
    if obj is Ellipsis:
        return "..."
    if isinstance(obj, type):
        return obj.__name__
    if isinstance(obj, bytearray):
        return f"bytearray({len(obj)})"
    return _lit(obj)


def repro(case: Case) -> str:
    """The case as a standalone snippet."""
    g = case.group
    backend = g.split("+")[0]
    lines = [
        "import numpy as np, array_api_strict as strict",
        f"import ember_array, ember_array.{backend} as xp",
    ]
    if backend == "torch":
        lines.append("import torch")
    if backend == "mlx":
        lines.append("import mlx.core as mx")
    if g.endswith("+install"):
        lines.append("xp.install()")
    args = [render(a, g) for a in case.args]
    kw = [f"{k}={render(v, g)}" for k, v in case.kwargs.items()]
    call_args = ", ".join(args + kw)
    kind, _, name = case.target.partition(".")
    if kind == "op":
        if name == "getitem":
            lines += [f"x = {args[0]}", f"x[{render(case.args[1], g)}]"]
        elif name == "setitem":
            lines += [f"x = {args[0]}", f"x[{render(case.args[1], g)}] = {args[2]}", "x"]
        elif name in _OPS:
            lines += [f"({args[0]}) {_OPS[name]} ({args[1]})"]
        elif (name.startswith("i") and name[1:] in _OPS) or name[1:] + "_" in _OPS:
            op = _OPS.get(name[1:], _OPS.get(name[1:] + "_"))
            lines += [f"x = {args[0]}", f"x {op}= {args[1]}", "x"]
        elif name in _UNARY:
            lines += [f"{_UNARY[name]}({args[0]})"]
        elif name == "index":
            lines += [f"import operator; operator.index({args[0]})"]
        else:
            lines += [f"{name}({args[0]})"]
    elif kind == "attr":
        if name in ("__array_namespace__", "to_device"):  # methods
            lines += [f"({args[0]}).{name}({', '.join(args[1:])})"]
        else:
            lines += [f"({args[0]}).{name}"]
    elif kind == "info":
        lines += [f"xp.__array_namespace_info__().{name}({call_args})"]
    elif kind == "shim":
        mod, _, fn = name.partition(".")
        where = "ember_array" if mod == "devices" else f"ember_array.{mod}"
        if fn.startswith("Generator."):  # a method of Generator(0, xp=xp)
            gxp = "strict" if GENERATOR_XP in case.kwargs else "xp"
            where, fn = f"{where}.Generator(0, xp={gxp})", fn.split(".", 1)[1]
            kw = [k for k in kw if not k.startswith(GENERATOR_XP)]
            call_args = ", ".join(args + kw)
        lines += [f"{where}.{fn}({call_args})"]
    else:
        lines += [f"xp.{case.target}({call_args})"]
    return "\n".join(lines)

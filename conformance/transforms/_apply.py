"""One cell, in the worker: a function's base call eagerly and under one transform, judged.

``compile`` (``torch.compile(fullgraph=True)``, ``mx.compile``, ``jax.jit``): the compiled
function's outputs against the eager call's. ``vmap``: every array argument stacked with a
second valid input of the same recipe (a batch of two), each slice of the batched outputs
against the eager call on that slice's inputs. ``grad`` (of the sum of the floating-point
outputs, real parts of complex ones), ``vjp`` (a fixed random cotangent) and ``jvp`` (a fixed
random tangent): the derivative with respect to the first floating-point array argument (its
real part, when complex), checked against central finite differences of the eager function
(Richardson-extrapolated, in float64 where the function takes float64 input and computes the
same values there) along fixed random directions. The point of differentiation is the base
input made generic (ties and the spd matrix's double eigenvalue broken by a small offset), so
that the function is differentiable there; where the finite differences themselves do not
converge, the cell is ``n/a``.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ember_array._backends import BY_NAME

from ..robustness._generate import GENERATOR_XP, _generator_methods, shim_objects
from ..robustness._inputs import Arr, Materializer, numpy_values
from ..robustness._judge import _plain, _resolve
from ._cases import Cell
from ._mixes import MIXES

OK, ERROR, MISMATCH, NA = "ok", "error", "mismatch", "n/a"
#: The verdicts of a cell, in the counts table's order.
OUTCOMES = (OK, ERROR, MISMATCH, NA)

#: Functions that read one triangle of a symmetric input: differentiated along symmetric
#: directions only (either triangle convention of the gradient then agrees).
SYMMETRIC = frozenset({"linalg.cholesky", "linalg.eigh", "linalg.eigvalsh"})
#: Functions whose values are unspecified: compared by shape and dtype, never differentiated.
UNSPECIFIED = frozenset({"empty", "empty_like"})
#: Functions of dtypes and shapes, whose results hold no array: no transform applies (and
#: their base call may rightly raise: mlx's ``result_type(int8 array, uint64)``).
NO_ARRAYS = frozenset({"broadcast_shapes", "can_cast", "finfo", "iinfo", "isdtype", "result_type"})
#: Shifts of the differentiated input into the function's domain (base values are in (0, 1]).
DOMAIN_SHIFT = {"acosh": 1.0}


class Lib:
    """The library of a worker group (``torch``, ``mlx``, ``jax``) and what the harness needs
    of it: its namespace, array checks, and the transforms themselves."""

    def __init__(self, name: str) -> None:
        self.name = name
        if name == "jax":
            os.environ.setdefault("JAX_PLATFORMS", "cpu")
            self.native: Any = importlib.import_module("jax.numpy")
            self.xp: Any = self.native
        else:
            self.native = importlib.import_module(BY_NAME[name].native)
            self.xp = importlib.import_module(BY_NAME[name].namespace)
        if name == "torch":
            import torch._inductor.config

            torch._inductor.config.compile_threads = 1  # no pool of compile processes

    # arrays --------------------------------------------------------------------------------

    def is_array(self, x: Any) -> bool:
        if self.name == "jax":
            import jax

            return isinstance(x, jax.Array)  # tracers too
        return BY_NAME[self.name].is_array(x)

    def to_numpy(self, x: Any) -> np.ndarray:
        if self.name == "torch":
            host: np.ndarray = x.detach().cpu().resolve_conj().resolve_neg().numpy()
            return host
        return np.asarray(x)

    def from_numpy(self, a: np.ndarray) -> Any:
        a = np.asarray(a)  # np.ascontiguousarray would make a 0-d array 1-d
        return Materializer(self.name, self.xp)._convert(a if a.flags.c_contiguous else a.copy())

    def inexact(self, x: Any) -> bool:
        """Whether ``x`` is floating point or complex (without reading its values)."""
        if self.name == "torch":
            return bool(x.is_floating_point() or x.is_complex())
        if self.name == "mlx":
            return bool(self.native.issubdtype(x.dtype, self.native.inexact))
        return bool(self.native.issubdtype(x.dtype, self.native.inexact))

    def is_complex(self, x: Any) -> bool:
        if self.name == "torch":
            return bool(x.is_complex())
        return bool(self.native.issubdtype(x.dtype, self.native.complexfloating))

    def real(self, x: Any) -> Any:
        return self.native.real(x) if self.is_complex(x) else x

    def make_complex(self, re_: Any, im: Any) -> Any:
        if self.name == "torch":
            return self.native.complex(re_, im)
        if self.name == "jax":
            import jax

            return jax.lax.complex(re_, im)
        return re_ + 1j * im  # mlx: complex64

    def total(self, outs: list[Any]) -> Any:
        s = outs[0].sum()
        for o in outs[1:]:
            s = s + o.sum()
        return s

    # transforms ----------------------------------------------------------------------------

    def compile(self, f: Callable[..., Any]) -> Callable[..., Any]:
        if self.name == "torch":
            import torch

            torch._dynamo.reset()  # a fresh cache: no recompile limit, no stale guards
            return torch.compile(f, fullgraph=True)
        if self.name == "mlx":
            return self.native.compile(f)  # type: ignore[no-any-return]
        import jax

        return jax.jit(f)

    def vmap(self, f: Callable[..., Any]) -> Callable[..., Any]:
        if self.name == "torch":
            import torch.func

            return torch.func.vmap(f)
        if self.name == "mlx":
            return self.native.vmap(f)  # type: ignore[no-any-return]
        import jax

        return jax.vmap(f)

    def grad(self, f: Callable[..., Any]) -> Callable[..., Any]:
        if self.name == "torch":
            import torch.func

            return torch.func.grad(f)
        if self.name == "mlx":
            return self.native.grad(f)  # type: ignore[no-any-return]
        import jax

        return jax.grad(f)

    def release(self) -> None:
        """Frees cached buffers between cells (mlx keeps freed memory)."""
        if self.name == "mlx":
            self.native.clear_cache()


# ------------------------------------------------------------------------------------------
# the call


@dataclass(frozen=True)
class _At:
    """Where the ``i``-th array argument goes in the call."""

    i: int


def _template(obj: Any, mat: Materializer, recipes: list[Arr]) -> Any:
    """The call's arguments with each array recipe replaced by its :class:`_At`."""
    if isinstance(obj, Arr):
        recipes.append(obj)
        return _At(len(recipes) - 1)
    if isinstance(obj, list):
        return [_template(o, mat, recipes) for o in obj]
    if isinstance(obj, tuple):
        return tuple(_template(o, mat, recipes) for o in obj)
    if isinstance(obj, dict):
        return {k: _template(v, mat, recipes) for k, v in obj.items()}
    return _plain(obj, mat)


def _fill(t: Any, arrays: tuple[Any, ...] | list[Any]) -> Any:
    if isinstance(t, _At):
        return arrays[t.i]
    if isinstance(t, list):
        return [_fill(o, arrays) for o in t]
    if isinstance(t, tuple):
        return tuple(_fill(o, arrays) for o in t)
    if isinstance(t, dict):
        return {k: _fill(v, arrays) for k, v in t.items()}
    return t


def _target(cell: Cell, lib: Lib, kwargs: dict[str, Any]) -> Callable[[], Callable[..., Any]]:
    """A factory of the function to call: resolved once, outside any transform (a
    ``random.Generator`` method is bound to a fresh ``Generator(0)`` by each call of the
    factory, so that every evaluation draws the same numbers)."""
    kind, _, name = cell.target.partition(".")
    if kind == "mix":
        mixed = MIXES[cell.target].fn
        return lambda: mixed
    if kind != "shim":
        f = _resolve(lib.xp, cell.target)
        return lambda: f
    if name.startswith("random.Generator."):
        from ember_array.random import Generator

        on = kwargs.pop(GENERATOR_XP, lib.xp)
        method = _generator_methods()[name]
        return lambda: method.__get__(Generator(0, xp=on))
    f = shim_objects()[name]
    return lambda: f


class Call:
    """The base call of a cell on one library, with its array arguments swappable."""

    def __init__(self, cell: Cell, lib: Lib) -> None:
        self.lib = lib
        mat = Materializer(lib.name, lib.xp)
        self.recipes: list[Arr] = []
        args = _template(cell.args, mat, self.recipes)
        kwargs = _template(dict(cell.kwargs), mat, self.recipes)
        self.factory = _target(cell, lib, kwargs)
        self.args, self.kwargs = args, kwargs
        self.arrays = [mat.array(r) for r in self.recipes]

    def function(self) -> Callable[..., Any]:
        """``f(*arrays)``: the call with these array arguments (a fresh target each time)."""
        target = self.factory()
        args, kwargs = self.args, self.kwargs
        return lambda *arrays: target(*_fill(args, arrays), **_fill(kwargs, arrays))

    def leaves(self, res: Any) -> list[Any]:
        """The arrays of a result (tuples and lists flattened; anything else left out)."""
        if isinstance(res, tuple | list):
            return [a for r in res for a in self.leaves(r)]
        return [res] if self.lib.is_array(res) else []

    def flat(self) -> Callable[..., Any]:
        """The call returning the tuple of its output arrays (what every transform takes)."""
        f = self.function()
        return lambda *arrays: tuple(self.leaves(f(*arrays)))

    def numpy(self, outs: Any) -> list[np.ndarray]:
        return [self.lib.to_numpy(o) for o in self.leaves(outs)]


# ------------------------------------------------------------------------------------------
# comparing outputs


def _tol(dt: np.dtype) -> float:
    return 1e-10 if dt in (np.float64, np.complex128) else 1e-4


def _show(a: np.ndarray) -> str:
    text = np.array2string(np.asarray(a).reshape(-1)[:4], precision=4, threshold=4)
    return " ".join(text.split())


def differ(want: list[np.ndarray], got: list[np.ndarray], how: str) -> str | None:
    """Why ``got`` (the transform's outputs) is not ``want`` (eager), or None.

    ``how``: ``"value"``, ``"sorted"`` (order unspecified) or ``"shape"`` (values unspecified:
    ``empty``, decompositions); floats within a dtype tolerance relative to the output's scale,
    NaN and infinities in the same places.
    """
    if len(got) != len(want):
        return f"{len(got)} outputs, eager {len(want)}"
    for i, (w, g) in enumerate(zip(want, got)):
        at = f"output {i}: " if len(want) > 1 else ""
        if g.shape != w.shape:
            return f"{at}shape {g.shape}, eager {w.shape}"
        if g.dtype != w.dtype:
            return f"{at}dtype {g.dtype}, eager {w.dtype}"
        if how == "shape" or w.size == 0:
            continue
        if how == "sorted":
            w, g = np.sort(w.reshape(-1)), np.sort(g.reshape(-1))
        if w.dtype.kind in "biu":
            if not np.array_equal(w, g):
                return f"{at}{_show(g)}, eager {_show(w)}"
            continue
        with np.errstate(all="ignore"):
            w_, g_ = w.astype(np.complex128), g.astype(np.complex128)
            if not np.array_equal(np.isnan(w_), np.isnan(g_)):
                return f"{at}NaN elsewhere: {_show(g)}, eager {_show(w)}"
            inf = np.isinf(w_)
            if not np.array_equal(inf, np.isinf(g_)) or not np.array_equal(w_[inf], g_[inf]):
                return f"{at}infinities differ: {_show(g)}, eager {_show(w)}"
            fin = np.isfinite(w_)
            scale = max(1.0, float(np.max(np.abs(w_[fin]), initial=0.0)))
            err = float(np.max(np.abs(w_[fin] - g_[fin]), initial=0.0))
            if err > _tol(w.dtype) * scale:
                return f"{at}{_show(g)}, eager {_show(w)} (max error {err:.3g})"
    return None


# ------------------------------------------------------------------------------------------
# reasons


def reason(e: BaseException) -> str:
    """A short reason for an exception: its type and the message's telling line."""
    text = str(e).strip()
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    line = lines[0] if lines else ""
    for ln in lines:  # torch._dynamo: the user-level cause is further down
        if ln.startswith(("Developer debug context:", "Explanation:")):
            line = ln.split(":", 1)[1].strip()
            break
    m = re.search(r"raised:\s*$", line)
    if m and len(lines) > 1:  # BackendCompilerFailed: "backend='inductor' raised:" + cause
        line = lines[1]
    name = type(e).__qualname__
    return f"{name}: {line}"[:200].rstrip(": ")


# ------------------------------------------------------------------------------------------
# the cell


def run_cell(cell: Cell, lib: Lib) -> tuple[str, str]:
    """(verdict, detail) of one cell: one of :data:`OUTCOMES` and why."""
    if cell.target in NO_ARRAYS:
        return NA, "no array output"
    try:
        call = Call(cell, lib)
        eager = call.numpy(call.function()(*call.arrays))
    except Exception as e:
        return ERROR, f"eager call: {reason(e)}"  # broken before any transform
    if not eager:
        return NA, "no array output"
    how = "shape" if cell.target in UNSPECIFIED else cell.compare
    kind = cell.kind
    try:
        if kind == "compile":
            got = call.numpy(lib.compile(call.flat())(*call.arrays))
            why = differ(eager, got, how)
            return (MISMATCH, why) if why else (OK, "")
        if kind == "vmap":
            return _vmap(call, eager, how)
        return _derivative(cell, call, kind)
    except Exception as e:
        if cell.dynamic and kind in ("compile", "vmap"):
            return NA, f"output shape depends on the data; raises {reason(e)}"
        return ERROR, reason(e)


def _second(r: Arr) -> np.ndarray:
    """Another valid input of recipe ``r``'s kind: the second element of a vmap batch."""
    v = numpy_values(r)
    if r.values == "key":
        key: np.ndarray = v.copy()
        key.reshape(-1)[-1] += 1
        return key
    if r.values == "index":  # the same indices in another order
        reordered: np.ndarray = v.reshape(-1)[::-1].reshape(v.shape).copy()
        return reordered
    if v.dtype.kind == "b":
        flipped: np.ndarray = ~v
        return flipped
    if v.dtype.kind in "iu":
        ints: np.ndarray = (v + 1 if r.values == "sorted" else 8 - v).astype(v.dtype)
        return ints
    # increasing (keeps sorted input sorted) and keeps an spd matrix spd
    floats: np.ndarray = (v * 0.5 + 0.25).astype(v.dtype)
    return floats


def _vmap(call: Call, eager: list[np.ndarray], how: str) -> tuple[str, str]:
    if not call.recipes:
        return NA, "no array argument"
    lib = call.lib
    seconds = [lib.from_numpy(_second(r)) for r in call.recipes]
    eager2 = call.numpy(call.function()(*seconds))
    stacked = [lib.from_numpy(np.stack([numpy_values(r), _second(r)])) for r in call.recipes]
    got = call.numpy(lib.vmap(call.flat())(*stacked))
    if len(got) != len(eager):
        return MISMATCH, f"{len(got)} outputs, eager {len(eager)}"
    for b, want in enumerate((eager, eager2)):
        sliced = []
        for i, g in enumerate(got):
            if g.ndim == 0 or g.shape[0] != 2:
                return MISMATCH, f"output {i}: shape {g.shape}, no batch of 2 in front"
            sliced.append(g[b])
        why = differ(want, sliced, how)
        if why:
            return MISMATCH, f"batch element {b}: {why}"
    return OK, ""


# derivatives --------------------------------------------------------------------------------


def _generic(v: np.ndarray, r: Arr, target: str, tie: bool = False) -> np.ndarray:
    """The base input made generic (no ties, distinct eigenvalues), in its domain; with
    ``tie``, its first element left as it is (equal to another argument of the same recipe)."""
    if r.values == "spd" and v.ndim >= 2:
        m = v.shape[-1]
        i = np.arange(m)
        offset = np.diag(0.15 * i) + 0.02 * (i[:, None] + i[None, :]) / m
        out = v + offset
    else:
        first = 0 if tie else 1  # not 0: no element equal to another argument's
        out = v + 0.05 * np.arange(first, v.size + first).reshape(v.shape) / (v.size + 1)
    shifted: np.ndarray = (out + DOMAIN_SHIFT.get(target, 0.0)).astype(v.dtype)
    return shifted


class _Derivative:
    """The function of the differentiated argument's real part, and its finite differences."""

    def __init__(self, cell: Cell, call: Call, k: int, tie: bool = False) -> None:
        self.cell, self.call, self.k, self.lib = cell, call, k, call.lib
        r = call.recipes[k]
        x0 = numpy_values(r)
        self.complex = x0.dtype.kind == "c"
        self.real_dtype = x0.real.dtype
        self.x = _generic(x0.real.copy(), r, cell.target, tie)
        self.imag = x0.imag.astype(self.real_dtype) if self.complex else None
        self.hp = False  # finite differences in float64

    def arrays(self, xr: Any, imag: Any) -> list[Any]:
        a = list(self.call.arrays)
        a[self.k] = self.lib.make_complex(xr, imag) if imag is not None else xr
        return a

    def h(self, f: Callable[..., Any], imag: Any) -> Callable[[Any], list[Any]]:
        """``xr -> [real parts of the floating-point outputs]``: the differentiated function."""
        lib = self.lib

        def h(xr: Any) -> list[Any]:
            outs = self.call.leaves(f(*self.arrays(xr, imag)))
            return [lib.real(o) for o in outs if lib.inexact(o)]

        return h

    def start(self) -> tuple[Any, Any]:
        """The point of differentiation and the fixed imaginary part, as library arrays."""
        lib = self.lib
        imag = lib.from_numpy(self.imag) if self.imag is not None else None
        return lib.from_numpy(self.x), imag

    def F(self, xr: np.ndarray, hp: bool | None = None) -> list[np.ndarray]:
        """The eager function at ``xr`` (float64 when ``hp``), outputs as float64 numpy."""
        lib = self.lib
        hp = self.hp if hp is None else hp
        dt = np.float64 if hp else self.real_dtype
        x = lib.from_numpy(xr.astype(dt))
        imag = None if self.imag is None else lib.from_numpy(self.imag.astype(dt))
        a = self.arrays(x, imag)
        if hp and lib.to_numpy(a[self.k]).dtype not in (np.float64, np.complex128):
            raise TypeError("no float64 input here")  # mlx's complex is complex64
        outs = self.h(self.call.function(), imag)(x)
        return [lib.to_numpy(o).astype(np.float64) for o in outs]

    def choose_precision(self) -> list[np.ndarray]:
        """Finite differences in float64 where the function computes the same there."""
        low = self.F(self.x, False)
        try:
            high = self.F(self.x, True)
        except Exception:
            return low
        if len(high) == len(low) and all(
            a.shape == b.shape
            and np.array_equal(np.isnan(a), np.isnan(b))
            and np.allclose(a, b, rtol=1e-3, atol=1e-3 * max(1.0, np.nanmax(np.abs(b), initial=0)))
            for a, b in zip(high, low)
        ):
            self.hp = True
        return low

    def step(self) -> float:
        return (1e-4 if self.hp else 2e-3) * max(1.0, float(np.max(np.abs(self.x), initial=0)))

    def direction(self, seed: int) -> np.ndarray:
        v = np.random.default_rng(seed).standard_normal(self.x.shape)
        if self.cell.target in SYMMETRIC and v.ndim >= 2:
            v = (v + np.swapaxes(v, -1, -2)) / 2
        return v

    def fd(self, v: np.ndarray) -> tuple[list[np.ndarray], list[np.ndarray], float]:
        """(derivative along ``v`` of each output, its error estimate, noise level).

        The estimate adds the change of the central difference when the step halves
        (Richardson's error) and the kink indicator ``2 K(t/2) - K(t)``, where
        ``K(s) = (F(x + sv) + F(x - sv) - 2 F(x)) / s`` is the forward minus the backward
        difference: ``O(s)`` where the function is smooth, a constant at a kink (where the
        central difference is the mean of the one-sided derivatives, with no error to see).
        """
        t = self.step()
        at = self.F(self.x)

        def sided(s: float) -> tuple[list[np.ndarray], list[np.ndarray]]:
            plus, minus = self.F(self.x + s * v), self.F(self.x - s * v)
            central = [(p - m) / (2 * s) for p, m in zip(plus, minus)]
            kink = [(p + m - 2 * a) / s for p, m, a in zip(plus, minus, at)]
            return central, kink

        (d1, k1), (d2, k2) = sided(t), sided(t / 2)
        rich = [(4 * b - a) / 3 for a, b in zip(d1, d2)]
        err = [np.abs(b - a) + np.abs(2 * kb - ka) for a, b, ka, kb in zip(d1, d2, k1, k2)]
        eps = 2.2e-16 if self.hp else float(np.finfo(self.real_dtype).eps)
        size = sum(float(np.nansum(np.abs(o))) for o in at)
        return rich, err, 64 * eps * (size + 1.0) / t

    def rtol(self, grad_dtype: np.dtype) -> float:
        if not self.hp:
            return 3e-2
        return 1e-6 if grad_dtype == np.float64 else 2e-3


def _scalar_check(
    d: _Derivative, lhs: float, rhs: float, scale: float, err: float, noise: float, rtol: float
) -> tuple[str, str] | None:
    """None when ``lhs`` (the transform) agrees with ``rhs`` (finite differences)."""
    if np.isnan(rhs) or np.isinf(rhs):
        if np.isnan(lhs) or lhs == rhs:
            return None
        return NA, f"the function is not finite near the input (transform {lhs:.6g})"
    tol = rtol * (scale + abs(rhs)) + noise
    if np.isfinite(lhs) and abs(lhs - rhs) <= tol:
        return None
    if err > tol:
        return NA, "not differentiable at the input (finite differences do not converge)"
    prec = "float64" if d.hp else str(d.real_dtype)
    return MISMATCH, f"derivative along v {lhs:.6g}, finite differences ({prec}) {rhs:.6g}"


def _derivative(cell: Cell, call: Call, kind: str) -> tuple[str, str]:
    """The derivative at a generic point; where another argument has the same recipe as the
    differentiated one (``hypot(x, x)``), also where the two are equal in one element: a
    function smooth there (``hypot``, ``atan2``) must give its derivative there too, a kink
    (``maximum``) may give any one-sided one."""
    k = next((i for i, r in enumerate(call.recipes) if np.dtype(r.dtype).kind in "fc"), None)
    if k is None:
        return NA, "no floating-point array argument"
    if cell.target in UNSPECIFIED:
        return NA, "values unspecified"
    verdict = _derivative_at(cell, call, kind, k)
    twin = any(r == call.recipes[k] for j, r in enumerate(call.recipes) if j != k)
    if verdict[0] != OK or not twin or call.recipes[k].values == "spd":
        return verdict
    tied = _derivative_at(cell, call, kind, k, tie=True)
    if tied[0] == MISMATCH:
        return MISMATCH, f"where the arguments are equal (element 0): {tied[1]}"
    return verdict


def _derivative_at(cell: Cell, call: Call, kind: str, k: int, tie: bool = False) -> tuple[str, str]:
    lib = call.lib
    d = _Derivative(cell, call, k, tie)
    base = d.choose_precision()
    if not base:
        return NA, "no floating-point output"
    xr, imag = d.start()
    h = d.h(call.function(), imag)
    if kind != "grad":  # the primal outputs of vjp and jvp: the eager ones at that point
        # (a function of its own: a random.Generator method's draws advance its state)
        primal = call.numpy(d.h(call.function(), imag)(xr))
    if kind == "grad":
        g = lib.to_numpy(lib.grad(lambda x: lib.total(h(x)))(xr))
        return _check_covector(d, g, [np.ones_like(b) for b in base])
    rng = np.random.default_rng(1)
    if kind == "vjp":
        cots = [np.asarray(rng.standard_normal(p.shape)).astype(p.dtype) for p in primal]
        outs, vjps = lib.native.vjp(h, [xr], [lib.from_numpy(c) for c in cots])
        why = differ(primal, call.numpy(outs), "value")
        if why:
            return MISMATCH, f"primal outputs: {why}"
        g = lib.to_numpy(vjps[0])
        return _check_covector(d, g, [c.astype(np.float64) for c in cots])
    # jvp: the tangent of every output, element by element
    v = d.direction(2)
    outs, tangents = lib.native.jvp(h, [xr], [lib.from_numpy(v.astype(d.real_dtype))])
    why = differ(primal, call.numpy(outs), "value")
    if why:
        return MISMATCH, f"primal outputs: {why}"
    rich, err, noise = d.fd(v)
    got = call.numpy(tangents)
    if len(got) != len(rich):
        return MISMATCH, f"{len(got)} tangents for {len(rich)} outputs"
    for i, (t, r, e) in enumerate(zip(got, rich, err)):
        if t.shape != r.shape:
            return MISMATCH, f"tangent {i}: shape {t.shape}, output {r.shape}"
        fin = np.isfinite(r)
        if np.any(~np.isfinite(t) & fin):
            return MISMATCH, f"tangent {i}: {_show(t)} not finite, finite differences {_show(r)}"
        t_, r_ = t[fin].astype(np.float64), r[fin]
        scale = max(float(np.max(np.abs(r_), initial=0)), float(np.max(np.abs(t_), initial=0)))
        tol = d.rtol(t.dtype) * scale + noise
        if float(np.max(np.abs(t_ - r_), initial=0)) > tol:
            if float(np.max(e[fin], initial=0)) > tol:
                return NA, "not differentiable at the input (finite differences do not converge)"
            prec = "float64" if d.hp else str(d.real_dtype)
            return MISMATCH, f"tangent {i}: {_show(t)}, finite differences ({prec}) {_show(r)}"
    return OK, ""


def _check_covector(d: _Derivative, g: np.ndarray, weights: list[np.ndarray]) -> tuple[str, str]:
    """A gradient (or vjp) ``g`` against finite differences along two directions ``v``:
    ``g . v`` must be the sum of ``weights`` (ones, or the cotangents) times the derivatives
    of the outputs along ``v``."""
    if g.shape != d.x.shape:
        return MISMATCH, f"gradient of shape {g.shape} for an input of shape {d.x.shape}"
    big = max(float(np.max(np.abs(w), initial=0)) for w in weights)
    for seed in (3, 4):
        v = d.direction(seed)
        rich, err, noise = d.fd(v)
        rhs = sum(float(np.sum(w * r)) for w, r in zip(weights, rich))
        est = sum(float(np.sum(np.abs(w) * e)) for w, e in zip(weights, err))
        noise *= big
        lhs = float(np.sum(g.astype(np.float64) * v))
        scale = float(np.sum(np.abs(g.astype(np.float64) * v)))
        bad = _scalar_check(d, lhs, rhs, scale, est, noise, d.rtol(g.dtype))
        if bad is not None:
            return bad
    return OK, ""

"""mlx's ``mx.custom_function`` helpers: a native call with derivative and vmap rules.

Every custom function of the namespace is built here: :func:`lapack_function` (a LAPACK call
with the matrix-calculus rules), :func:`elementwise_function` (an element-wise function whose
partial derivatives are known in closed form) and :func:`no_vmap` (an identity whose vmap rule
explains why there is none); :func:`make_complex` is one itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import mlx.core as mx

from ._helpers import Compiled, traced

__all__ = [
    "Arrays",
    "LapackFunction",
    "NotDifferentiableError",
    "Tangent",
    "elementwise_function",
    "lapack_function",
    "make_complex",
    "no_vmap",
    "rule_args",
]


def rule_args(x: Any) -> tuple[Any, ...]:
    """A custom-function rule's argument as a tuple (mlx passes a single array bare)."""
    return (x,) if x is None or isinstance(x, (mx.array, int)) else tuple(x)


def _one_array(a: Any) -> mx.array:
    """The array of a one-argument custom rule (mlx passes it bare, or as a 1-tuple)."""
    return a if isinstance(a, mx.array) else a[0]


class NotDifferentiableError(ValueError):
    """Raised by a tangent rule where the derivative is undefined (the reason)."""


#: Arrays of a rule: primals, outputs, tangents or cotangents, one per argument or output.
Arrays = tuple[mx.array, ...]
#: A derivative rule: ``rule(primals, outputs, tangents)``, the tangent of each output.
Tangent = Callable[[Arrays, Arrays, Arrays], Arrays]


class LapackFunction:
    """A LAPACK call: ``plain(*arrays)`` where no mlx transform traces the arrays, else
    ``custom(*arrays)``, the same call as a custom function with derivative and vmap rules.

    Outside transforms the rules are never asked for, and the custom function's nodes (its
    ``CustomTransforms``, a ``StopGradient`` per argument, a :func:`no_vmap` guard) only cost
    time: ~18 us of mlx's 8 x 8 ``solve`` (~90 us evaluated). Telling them apart costs ~0.8 us
    an argument (:func:`~._helpers.traced`).
    """

    __slots__ = ("custom", "plain")

    def __init__(self, custom: Callable[..., Any], plain: Callable[..., Any]) -> None:
        self.custom = custom
        self.plain = plain

    def __call__(self, *arrays: mx.array) -> Any:
        for a in arrays:
            if traced(a):
                return self.custom(*arrays)
        return self.plain(*arrays)


# mlx: the LAPACK primitives have no derivatives ("[Primitive::vjp] Not implemented for
# Inverse / LUF / Cholesky / Eigh / SVD / QRF / Eig") (no upstream issue found)
# The native calls below are custom functions with the standard matrix-calculus rules.
def lapack_function(
    name: str,
    forward: Callable[..., Any],
    tangent: Tangent,
    vjp: Tangent | None = None,
    *,
    plain: Callable[..., Any] | None = None,
) -> LapackFunction:
    """``forward(*arrays)`` (a native LAPACK call) as an ``mx.custom_function`` with derivatives,
    and ``plain`` (default ``forward``: the same call without :func:`no_vmap` guards) outside
    transforms (:class:`LapackFunction`).

    ``tangent(primals, outputs, tangents)`` returns the tangent of each output, linear in
    ``tangents``: it is the jvp rule, and mlx's vjp of it (its transpose) is the vjp rule unless
    ``vjp(primals, outputs, cotangents)`` gives the gradients directly. Quantities computed from
    ``primals`` and ``outputs`` alone are constants of that transpose. The vmap rule moves the
    batch axis to the front: mlx's linalg functions take stacks of matrices.
    """

    def body(*args: mx.array) -> Any:
        # stop_gradient: forward-mode transforms walk into a custom function's body (see
        # make_complex); the derivatives come from the rules.
        return forward(*(mx.stop_gradient(a) for a in args))

    custom = mx.custom_function(body)
    f: Callable[..., Any] = custom

    def rule(kind: str, fn: Tangent, ps: Arrays, os: Arrays, ts: Arrays) -> Arrays:
        try:
            return tuple(fn(ps, os, ts))
        except NotDifferentiableError as e:
            raise ValueError(f"{kind} of {name} [mlx]: {e}") from None

    @custom.jvp
    def _jvp(primals: Any, tangents: Any) -> Any:
        ps, ts = rule_args(primals), rule_args(tangents)
        # an argument with no tangent (jvp with respect to the others) comes as None
        ts = tuple(mx.zeros_like(p) if t is None else t for p, t in zip(ps, ts))
        out = f(*ps)
        got = rule("mx.jvp", tangent, ps, rule_args(out), ts)
        return got[0] if isinstance(out, mx.array) else list(got)

    @custom.vjp
    def _vjp(primals: Any, cotangents: Any, outputs: Any) -> Any:
        ps, os = rule_args(primals), rule_args(outputs)
        cs = tuple(mx.zeros_like(o) if c is None else c for o, c in zip(os, rule_args(cotangents)))
        if vjp is not None:
            grads = rule("mx.grad/mx.vjp", vjp, ps, os, cs)
        else:

            def linear(*ts: mx.array) -> list[mx.array]:
                return list(rule("mx.grad/mx.vjp", tangent, ps, os, ts))

            grads = tuple(mx.vjp(linear, [mx.zeros_like(p) for p in ps], list(cs))[1])
        return grads[0] if len(ps) == 1 else grads

    @custom.vmap
    def _vmap(inputs: Any, axes: Any) -> tuple[Any, Any]:
        xs, axs = rule_args(inputs), rule_args(axes)
        size = next(x.shape[a] for x, a in zip(xs, axs) if a is not None)
        moved = [
            mx.broadcast_to(x, (size, *x.shape)) if a is None else mx.moveaxis(x, a, 0)
            for x, a in zip(xs, axs)
        ]
        out = f(*moved)
        return (out, 0) if isinstance(out, mx.array) else (list(out), [0] * len(out))

    return LapackFunction(f, forward if plain is None else plain)


# mlx: ``view`` has no vjp in mlx 0.32.4 ("[Primitive::vjp] Not implemented for View")
# (no upstream issue found)
def elementwise_function(
    value: Callable[..., mx.array],
    partials: Callable[..., tuple[mx.array, ...]],
    compiled: bool = False,
) -> Callable[..., mx.array]:
    """``value``, an element-wise function, as an ``mx.custom_function`` whose derivatives are
    ``partials(*x, out)``; ``compiled``: wrapped in :class:`~._helpers.Compiled`.

    Some accurate functions below are built from ``view`` (bit tricks), which has no vjp in
    mlx 0.32.4 (``[Primitive::vjp] Not implemented for View``; no upstream issue found), so
    ``mx.grad`` failed through them. Their derivatives are known in closed form: ``partials``
    returns one partial derivative per argument, used by both the vjp and the jvp.

    ``mx.vmap`` does not trace ``value``: an element-wise function maps a batch as it is, so the
    vmap rule calls the function on the batched arrays. Tracing ``value`` also went
    wrong: a bitwise op whose first operand is unbatched takes that operand's shape under vmap
    (``BitwiseBinary::vmap`` uses ``a.shape()``, mlx 0.32.4: ``vmap(lambda k: mx.left_shift(1,
    k))(mx.array([3, 1]))`` gives ``[8]``). The custom function is compiled, not ``value`` inside
    it: the ``CustomTransforms`` node then stays one node (the other way round it adds a
    ``StopGradient`` node, +13% at 1000 elements). The rules call the custom function itself,
    never the compiled one: a transform cannot go through a ``Compiled`` node (``[Compiled]
    Cannot vmap primitive``), and the jvp rule's inputs are no tracers.
    """
    custom = mx.custom_function(value)
    f = cast(Callable[..., mx.array], custom)  # mlx types the call as object

    @custom.vjp
    def _vjp(primals: Any, cotangent: mx.array, output: mx.array) -> Any:
        args = (primals,) if isinstance(primals, mx.array) else tuple(primals)
        grads = tuple(cotangent * d for d in partials(*args, _one_array(output)))
        return grads[0] if len(grads) == 1 else grads

    @custom.jvp
    def _jvp(primals: Any, tangents: Any) -> mx.array:
        args = (primals,) if isinstance(primals, mx.array) else tuple(primals)
        ts = (tangents,) if isinstance(tangents, mx.array) else tuple(tangents)
        out_ = f(*args)
        derivs = partials(*args, out_)
        # an argument with no tangent (jvp with respect to the others) comes as None
        terms = [t * d for t, d in zip(ts, derivs) if t is not None]
        if not terms:
            return mx.zeros_like(out_)
        out: mx.array = terms[0]
        for term in terms[1:]:
            out = out + term
        return out

    # mlx 0.32.4 vmaps a bitwise op to its first operand's shape (no upstream issue found):
    # https://github.com/ml-explore/mlx/blob/846d176227a0ac13d2667e58d2bb68b322109ab0/mlx/primitives.cpp#L793-L804
    @custom.vmap
    def _vmap(inputs: Any, axes: Any) -> tuple[mx.array, int]:
        if isinstance(inputs, mx.array):  # one argument: mlx passes it bare
            return f(inputs), axes
        args, axs = tuple(inputs), tuple(axes)
        if all(a == axs[0] for a in axs) and all(x.ndim == args[0].ndim for x in args):
            return f(*args), axs[0]
        # batch axes to the front, per-item ranks aligned for broadcasting
        rank = max(x.ndim - (a is not None) for x, a in zip(args, axs))
        moved = []
        for x, a in zip(args, axs):
            if a is not None:
                x = mx.moveaxis(x, a, 0)
                if x.ndim - 1 < rank:
                    x = mx.expand_dims(x, list(range(1, 1 + rank - (x.ndim - 1))))
            moved.append(x)
        return f(*moved), 0

    return Compiled(f) if compiled else f


# mlx: LUF and QRF have no vmap rule ("[Primitive::vmap] Not implemented for LUF / QRF")
# (no upstream issue found), and mx.vmap transforms every operation inside a custom function
# (its body's outputs are inputs of the custom function's node) before the function's own vmap
# rule, so no rule can stand in for them. Their inputs pass through a custom function whose
# vmap rule, reached first, says so.
def no_vmap(name: str, primitive: str, what: str) -> Callable[[mx.array], mx.array]:
    """An identity whose ``mx.vmap`` raises ValueError naming ``name`` and the reason."""

    @mx.custom_function
    def guard(x: mx.array) -> mx.array:
        return x

    @guard.vmap
    def _(x: mx.array, axis: int | None) -> tuple[mx.array, int | None]:
        raise ValueError(
            f"mx.vmap of {name} [mlx]: mlx has no vmap rule for its {what} ({primitive}: "
            f"'[Primitive::vmap] Not implemented for {primitive}'), and mx.vmap transforms the "
            f"operations inside a function, custom functions included, before any vmap rule "
            f"of the function; {name} takes stacks of matrices: call it on the stacked batch "
            f"instead"
        )

    return cast(Callable[[mx.array], mx.array], guard)  # mlx types the call as object


def _interleave(re: mx.array, im: mx.array) -> mx.array:
    # mlx: ``view`` has no vjp/jvp in mlx 0.32.4, and forward-mode transforms walk into a
    # custom function's body (no upstream issue found)
    # stop_gradient: the derivatives come from the rules below.
    re, im = mx.broadcast_arrays(
        mx.stop_gradient(re.astype(mx.float32)), mx.stop_gradient(im.astype(mx.float32))
    )
    return mx.stack([re, im], axis=-1).view(mx.complex64).squeeze(-1)


def _make_complex_reference(re: mx.array, im: mx.array) -> mx.array:
    # same derivatives as make_complex (only its NaN/inf values differ)
    return re.astype(mx.float32) + 1j * im.astype(mx.float32)


_make_complex = mx.custom_function(_interleave)
_make_complex_call = cast(Callable[[mx.array, mx.array], mx.array], _make_complex)  # typed: object


@_make_complex.vjp
def _make_complex_vjp(primals: Any, cotangent: mx.array, output: mx.array) -> Any:
    return tuple(mx.vjp(_make_complex_reference, list(primals), [cotangent])[1])


@_make_complex.jvp
def _make_complex_jvp(primals: Any, tangents: Any) -> mx.array:
    return mx.jvp(_make_complex_reference, list(primals), list(tangents))[1][0]


def make_complex(re: mx.array, im: mx.array) -> mx.array:
    """``re + 1j*im`` without NaN/inf contamination (``1j * nan`` is ``nan+nanj`` in mlx).

    Interleaves the parts and reinterprets them with a lazy ``view``; differentiable under
    ``mx.grad/vjp/jvp`` with the derivatives of ``re + 1j*im``.
    """
    return _make_complex_call(re, im)

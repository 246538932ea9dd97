"""``ember_array.compile``: one decorator that compiles portable code with each backend's compiler.

The backend is known only at call time, from the arrays among the arguments (the rule of
:func:`ember_array.namespace`, answered by :func:`~._helpers.backend_of`):

* torch: ``torch.compile(fn, fullgraph=True, dynamic=dynamic)``; Dynamo guards every Python
  value, shape and device itself (its own cache), and marks a size dynamic once it changes
  (``dynamic=None``). Inside ``torch.func`` transforms and inside another compiled function the
  call is ``fn`` itself: ``torch.func.grad`` of a compiled function, called eagerly, is refused
  by torch (https://github.com/pytorch/pytorch/issues/128711) and an outer ``torch.compile``
  traces ``fn`` anyway. Dynamo's guards on ember_array's own module constants are left out
  (:func:`_own_guards_off`): they were most of a portable function's guards.
* mlx: ``mx.compile`` of ``fn`` as a function of its arrays only; every other argument (Python
  numbers, strings, ``None``, static arguments) is a compile-time constant, one compiled
  function per the constants' values (:class:`~.mlx._helpers.Compiled`, which also bounds the
  traces per input shape and runs ``fn`` itself off the main thread, where mlx's compiled
  functions crash at exit).
* jax: ``jax.jit`` of the same function of arrays, the constants closed over.
* numpy, dask, array-api-strict and anything else: ``fn`` itself.

A call the compiler refuses (a host read: ``float()``, ``bool()``, ``.item()``, ``if
xp.any(...)``; a graph break; an unhashable constant) runs ``fn`` eagerly: when that succeeds
the refusal was the compiler's, and it is remembered for the function and backend (a warning
once, or ``TypeError`` with ``fallback="raise"``); when it fails too, its error is the
function's own and propagates.

Per call, the arguments' types are looked up first (:meth:`CompiledFunction.remember`): types
seen before, all arrays of one backend or constants, run the compiled function directly,
without the backend's detection or the split into arrays and constants (on mlx, for constants
of the values seen last: another value takes the full path).
"""

from __future__ import annotations

import functools
import re
import sys
import threading
import types
import warnings
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, Literal, NamedTuple, ParamSpec, TypeVar, overload

from ._compile_args import (
    CONSTANT,
    CONTAINER_NAMES,
    KINDS,
    Call,
    Static,
    UnhashableConstantError,
    arrays_in,
    collect_backends,
    constant_of,
    kind_of,
    pure_of,
    split_call,
    static_of,
)
from ._culprit import find_culprit
from ._dispatch import namespace

__all__ = ["CompileWarning", "CompiledFunction", "compile"]

P = ParamSpec("P")
R = TypeVar("R")

#: Compiled functions one :class:`CompiledFunction` keeps per backend (least recently used
#: dropped first): one per device and set of constant values.
MAX_COMPILED = 32

#: The torch.compile backend (tests trace with ``"aot_eager"``: Dynamo and AOTAutograd as
#: compiled, without inductor's code generation, which takes seconds per function).
TORCH_BACKEND = "inductor"


class CompileWarning(UserWarning):
    """A function given to :func:`ember_array.compile` runs eagerly: its backend's compiler
    refused it (the message names the function, the line and the reason).

    Issued once per function and backend; later calls on that backend run eagerly without it.

    See Also
    --------
    compile : ``fallback="raise"`` raises ``TypeError`` instead.

    Examples
    --------
    >>> import warnings
    >>> import ember_array
    >>> with warnings.catch_warnings():  # an application that has read it, and accepts it
    ...     warnings.simplefilter("ignore", ember_array.CompileWarning)
    >>> issubclass(ember_array.CompileWarning, UserWarning)
    True
    """


# ---------------------------------------------------------------------------------------------
# the compiled function


class CompiledFunction(Generic[P, R]):
    """A function compiled, at call time, by the compiler of its arrays' backend.

    Made by :func:`ember_array.compile`; calls take ``fn``'s arguments and return what it
    returns (``__wrapped__`` is ``fn``).
    """

    def __init__(
        self,
        fn: Callable[P, R],
        static: Static,
        dynamic: bool | None,
        fallback: Literal["eager", "raise"],
    ) -> None:
        self.fn = fn
        self.static = static
        self.dynamic = dynamic
        self.fallback = fallback
        #: backends on which ``fn`` runs eagerly (their compiler refused it)
        self.eager: set[str] = set()
        self._lock = threading.Lock()
        self._torch: Callable[..., Any] | None = None
        self._compiled: OrderedDict[tuple[Any, ...], Callable[..., Any]] = OrderedDict()
        #: argument types -> what runs a call with them (:meth:`remember`)
        self._hot: dict[tuple[type, ...], _Hot] = {}
        functools.update_wrapper(self, fn)

    def __repr__(self) -> str:
        return f"<ember_array.compile of {getattr(self.fn, '__qualname__', self.fn)!r}>"

    def __get__(self, obj: object, objtype: type | None = None) -> Any:
        # a compiled method: bound like a function (``self`` is then a constant argument)
        return self if obj is None else types.MethodType(self, obj)

    def backend(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
        """The backend of a call's arrays ("" when there is none): ``namespace()``'s rule."""
        if not kwargs and not self.static.positions:
            # hot path: positional arrays and scalars of known types, one backend
            found = ""
            for a in args:
                kind = KINDS.get(type(a))
                if kind is None or kind in CONTAINER_NAMES or (kind and found and kind != found):
                    return self.backend_walk(args, kwargs)
                found = kind or found
            return found
        return self.backend_walk(args, kwargs)

    def backend_walk(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
        """:meth:`backend` through containers, keywords and static arguments."""
        found: set[str] = set()
        static = self.static
        for i, a in enumerate(args):
            if i not in static.positions:
                collect_backends(a, found)
        for k, v in kwargs.items():
            if k not in static.names:
                collect_backends(v, found)
        if len(found) == 1:
            return found.pop()
        if found:  # arrays of two libraries: namespace() raises its error naming them
            arrays = [x for a in (*args, *kwargs.values()) for x in arrays_in(a)]
            namespace(*arrays)
        return ""

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        types: tuple[type, ...] | None = None  # what the runner may make hot (None: nothing)
        if not kwargs and not self.static.positions:
            types = tuple(map(type, args))
            hot = self._hot.get(types)  # hot path: these types seen before, one dict lookup
            if hot is not None:
                if hot.run is None:
                    types = None  # seen, and no hot path for them: the full path, as it is
                else:
                    try:
                        out = hot.run(*args)
                    except _RefusedError as exc:
                        return self._refused(hot.backend, exc, args, kwargs)  # type: ignore[no-any-return]
                    if out is not _MISS:
                        return out  # type: ignore[no-any-return]
        backend = self.backend(args, kwargs)
        run = _RUNNERS.get(backend)
        if run is None or backend in self.eager:
            if types is not None:
                self.remember(types, args, backend, lambda: self.fn)
            return self.fn(*args, **kwargs)
        try:
            return run(self, args, kwargs, types)  # type: ignore[no-any-return]
        except _RefusedError as exc:
            refused = exc
        return self._refused(backend, refused, args, kwargs)  # type: ignore[no-any-return]

    def remember(
        self,
        types: tuple[type, ...],
        args: tuple[Any, ...],
        backend: str,
        run: Callable[[], Callable[..., Any]],
    ) -> None:
        """Take the hot path, ``run()``, for calls of positional arguments of these types (none
        static) from now on, where none is a container; the other types are remembered as
        having none (``run`` None). An entry is replaced when its run declined a call (mlx:
        another device, or other values of the constants)."""
        if len(self._hot) >= MAX_COMPILED and types not in self._hot:
            return
        hot = all(kind_of(a) in (backend, CONSTANT) for a in args)
        self._hot[types] = _Hot(backend, run() if hot else None)

    def cached(self, key: tuple[Any, ...], make: Callable[[], Callable[..., Any]]) -> Any:
        """The compiled function under ``key``, made by ``make()`` on first use (LRU-bounded)."""
        with self._lock:
            found = self._compiled.get(key)
            if found is not None:
                self._compiled.move_to_end(key)
                return found
        made = make()  # outside the lock: mx.compile and jax.jit only wrap, but may import
        with self._lock:
            found = self._compiled.setdefault(key, made)
            self._compiled.move_to_end(key)
            while len(self._compiled) > MAX_COMPILED:
                self._compiled.popitem(last=False)
        return found

    def torch_compiled(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Callable[..., Any]:
        """``torch.compile(fn, fullgraph=True, dynamic=...)``, made once."""
        compiled = self._torch
        if compiled is None:
            torch = sys.modules["torch"]  # imported: a tensor was passed
            # namespace()'s type cache filled before Dynamo first traces it: traced empty, it
            # is a guard that the next eager call of any ember function breaks (a recompile,
            # and a compiled function 3x slower on the seven-step workload at 64 x 8)
            namespace(*(x for a in (*args, *kwargs.values()) for x in arrays_in(a)))
            with self._lock:
                if self._torch is None:
                    self._torch = torch.compile(
                        self.fn,
                        fullgraph=True,
                        dynamic=self.dynamic,
                        backend=TORCH_BACKEND,
                        options=_torch_options(torch),
                    )
                compiled = self._torch
        return compiled

    def _refused(
        self, backend: str, refused: _RefusedError, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> Any:
        # The eager call tells the compiler's refusal (eager succeeds) from the function's own
        # error (eager fails too, and its error propagates).
        out = self.fn(*args, **kwargs)
        message = self._message(backend, refused)
        if self.fallback == "raise":
            raise TypeError(message) from refused.error
        with self._lock:
            first = backend not in self.eager
            self.eager.add(backend)
            self._hot.clear()  # its entries for this backend ran the compiled function
        if first:
            warnings.warn(message, CompileWarning, stacklevel=3)
        return out

    def _message(self, backend: str, refused: _RefusedError) -> str:
        name = getattr(self.fn, "__qualname__", repr(self.fn))
        exc = refused.error
        culprit = find_culprit(exc)
        lines = str(exc).strip().splitlines()
        reason = culprit.operation or f"{type(exc).__name__}: {lines[0] if lines else ''}"
        where = f" at {culprit.where}" if culprit.where else ""
        verb = "runs eagerly" if self.fallback == "eager" else "cannot be compiled"
        text = f"ember_array.compile: {name} {verb} on {backend}: {refused.tool} refused it"
        text += f" ({reason}){where}"
        if culprit.operation:
            text += f" [{type(exc).__name__}: {lines[0] if lines else ''}]"
        if self.fallback == "raise":
            text += "; fallback='eager' runs it eagerly instead"
        return text


#: What a hot path's ``run`` returns where the call must take the full path instead
_MISS: Any = object()


class _Hot(NamedTuple):
    """How calls with one tuple of argument types run: ``run(*args)`` on ``backend``, or the
    full path where ``run`` is None."""

    backend: str
    run: Callable[..., Any] | None = None


class _RefusedError(Exception):
    """A compiler refused a call: ``error`` is what it raised."""

    def __init__(self, tool: str, error: BaseException) -> None:
        super().__init__(tool, error)
        self.tool = tool
        self.error = error


# ---------------------------------------------------------------------------------------------
# one runner per backend with a compiler


#: Where Dynamo names a global of ember_array's own modules (and of array-api-compat's, which
#: the torch namespace calls): ``G['__import_ember_array_dot_torch_dot__statistical']``
_OWN_GLOBAL = re.compile(r"G\['__import_(ember_array|array_api_compat)(_dot_|'\])")
#: Values that never change once made: a guard on one of ember's is a guard on a constant
_IMMUTABLE = (
    types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType, frozenset, tuple,
    str, bytes, int, float, complex, bool, type(None),
)  # fmt: skip


def _own_guards_off(entries: Sequence[Any]) -> list[bool]:
    """Dynamo's ``guard_filter_fn``: keep every guard but those on ember_array's own constants.

    Dynamo guards on everything a trace reads, ember's internals included: its modules, their
    functions' closures and defaults, the frozensets of dtypes its checks test, the namespace
    cache's keys. On the seven-step workload that is 120 of 163 guards, checked on every call
    (2-3x the time of the native function's guards). Those values are constants (modules,
    functions, frozensets, numbers) or keys of caches of deterministic answers, so a trace
    that read them stays valid; guards on the arguments, on torch's global state (default
    dtype, grad mode, device) and on the user's own globals are all kept, and so is every guard
    on a mutable value of ember's (a dict, a context variable).
    """
    keep = []
    for e in entries:
        root = _OWN_GLOBAL.search(e.name)
        own = (
            e.is_global
            and root is not None
            and e.name.find("G['") == root.start()  # the guarded chain starts in ember's globals
            and e.has_value
            and isinstance(e.value, _IMMUTABLE)
        )
        keep.append(not own)
    return keep


def _torch_options(torch: Any) -> dict[str, Any] | None:
    """``torch.compile``'s options: the guard filter where this torch takes one (torch >= 2.8,
    which has the filter's helpers, such as ``torch.compiler.skip_guard_on_globals_unsafe``)."""
    if hasattr(torch.compiler, "skip_guard_on_globals_unsafe"):
        return {"guard_filter_fn": _own_guards_off}
    return None


def _torch(
    cf: CompiledFunction[..., Any],
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    types: tuple[type, ...] | None,
) -> Any:
    torch = sys.modules["torch"]
    functorch = torch._C._functorch
    if torch.compiler.is_compiling() or functorch.maybe_current_level() is not None:
        return cf.fn(*args, **kwargs)  # see the module's docstring
    compiled = cf.torch_compiled(args, kwargs)
    try:
        out = compiled(*args, **kwargs)
    except Exception as exc:
        raise _RefusedError("torch.compile(fullgraph=True)", exc) from None
    if types is not None:
        cf.remember(types, args, "torch", lambda: _torch_hot(torch, compiled))
    return out


def _torch_hot(torch: Any, compiled: Callable[..., Any]) -> Callable[..., Any]:
    is_compiling = torch.compiler.is_compiling
    level = torch._C._functorch.maybe_current_level

    def run(*args: Any) -> Any:
        if is_compiling() or level() is not None:
            return _MISS  # fn itself: see the module's docstring
        try:
            return compiled(*args)
        except Exception as exc:
            raise _RefusedError("torch.compile(fullgraph=True)", exc) from None

    return run


def _split_or_refuse(
    cf: CompiledFunction[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], tool: str
) -> Call:
    try:
        return split_call(args, kwargs, cf.static)
    except UnhashableConstantError as exc:
        raise _RefusedError(tool, exc) from None


def _mlx_compiled(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``Compiled(fn)`` (imported on first use: an import statement costs ~0.5 us a call)."""
    make = _LOADED.get("Compiled")
    if make is None:
        from .mlx._helpers import Compiled

        make = _LOADED["Compiled"] = Compiled
    return make(fn)


_LOADED: dict[str, Callable[..., Any]] = {}


def _mlx_defaults() -> Any:
    """ember's mlx defaults (``DEFAULTS.real``): a graph traced under one default dtype creates
    arrays of that dtype, so the default is part of what a compiled function was made for."""
    found = _LOADED.get("defaults")
    if found is None:
        from .mlx._defaults import DEFAULTS

        found = _LOADED["defaults"] = lambda: DEFAULTS
    return found()


def _mlx(
    cf: CompiledFunction[..., Any],
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    types: tuple[type, ...] | None,
) -> Any:
    mx = sys.modules["mlx.core"]
    call = _split_or_refuse(cf, args, kwargs, "mx.compile")
    # the device's type: mx.Device objects hash by identity, one made per default_device() call
    defaults = _mlx_defaults()
    key = ("mlx", mx.default_device().type, defaults.real, call.skeleton)
    compiled = cf.cached(key, lambda: _mlx_compiled(pure_of(cf.fn, call.skeleton)))
    try:
        out = compiled.arrays(*call.arrays)  # mlx arrays only: the call's backend is mlx
    except Exception as exc:
        raise _RefusedError("mx.compile", exc) from None
    if types is not None:
        hot = lambda: _mlx_hot(mx, key[1], defaults, compiled, args)  # noqa: E731
        cf.remember(types, args, "mlx", hot)
    return out


def _mlx_hot(
    mx: Any, device: Any, defaults: Any, compiled: Any, args: tuple[Any, ...]
) -> Callable[..., Any]:
    """The hot path of calls like ``args`` (mlx arrays and constants, no container): the
    compiled function of ``args``' constants, for calls whose constants are the same values
    (:func:`constant_of`: type and value, a float's sign of zero too); any other value takes
    the full path, which remembers it instead."""
    default_device = mx.default_device
    dtype = defaults.real
    constants = tuple((i, constant_of(a)) for i, a in enumerate(args) if not kind_of(a))

    if not constants:

        def run(*args: Any) -> Any:
            # an enum's members are singletons; the default dtype changed: another graph
            if default_device().type is not device or defaults.real is not dtype:
                return _MISS
            try:
                return compiled.arrays(*args)
            except Exception as exc:
                raise _RefusedError("mx.compile", exc) from None

        return run

    at = tuple(i for i, a in enumerate(args) if kind_of(a))  # the arrays' positions

    def run_constants(*args: Any) -> Any:
        if default_device().type is not device or defaults.real is not dtype:
            return _MISS
        for i, c in constants:
            if constant_of(args[i]) != c:  # another value (a NaN never equals one)
                return _MISS
        try:
            return compiled.arrays(*[args[i] for i in at])
        except Exception as exc:
            raise _RefusedError("mx.compile", exc) from None

    return run_constants


def _jax(
    cf: CompiledFunction[..., Any],
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    types: tuple[type, ...] | None,
) -> Any:
    jax = sys.modules["jax"]
    call = _split_or_refuse(cf, args, kwargs, "jax.jit")
    compiled = cf.cached(("jax", call.skeleton), lambda: jax.jit(pure_of(cf.fn, call.skeleton)))
    try:
        return compiled(*call.arrays)
    except Exception as exc:
        raise _RefusedError("jax.jit", exc) from None


#: backend -> how a call on its arrays is compiled (the others call ``fn`` itself): called
#: with the function, the call's arguments and the types the call may make hot
_RUNNERS: dict[
    str,
    Callable[
        [CompiledFunction[..., Any], tuple[Any, ...], dict[str, Any], tuple[type, ...] | None],
        Any,
    ],
] = {
    "torch": _torch,
    "mlx": _mlx,
    "jax": _jax,
}


# ---------------------------------------------------------------------------------------------
# the decorator


@overload
def compile(
    fn: Callable[P, R],
    /,
    *,
    static_argnames: str | Iterable[str] = (),
    dynamic: bool | None = None,
    fallback: Literal["eager", "raise"] = "eager",
) -> CompiledFunction[P, R]: ...
@overload
def compile(
    fn: None = None,
    /,
    *,
    static_argnames: str | Iterable[str] = (),
    dynamic: bool | None = None,
    fallback: Literal["eager", "raise"] = "eager",
) -> Callable[[Callable[P, R]], CompiledFunction[P, R]]: ...
def compile(
    fn: Callable[P, R] | None = None,
    /,
    *,
    static_argnames: str | Iterable[str] = (),
    dynamic: bool | None = None,
    fallback: Literal["eager", "raise"] = "eager",
) -> CompiledFunction[P, R] | Callable[[Callable[P, R]], CompiledFunction[P, R]]:
    """Compile a portable function with the compiler of the backend it is called with.

    The backend is read at each call from the arrays among the arguments (the rule of
    :func:`namespace`): torch tensors go through ``torch.compile(fullgraph=True)``, mlx arrays
    through ``mx.compile``, jax arrays through ``jax.jit``; numpy, dask and array-api-strict
    arrays call ``fn`` itself. Use it as ``@compile`` or ``@compile(static_argnames=...)``.

    Parameters
    ----------
    fn : callable, optional
        The function, written over ``xp = ember_array.namespace(...)``. Without it, a decorator
        with the options given is returned.
    static_argnames : str or iterable of str, optional
        Parameters that are compile-time constants, never searched for arrays: one compiled
        function per their values on mlx and jax (they must be hashable). On mlx and jax every
        argument that is no array (Python numbers, strings, ``None``) is a constant anyway;
        torch guards on Python values itself.
    dynamic : bool or None, optional
        torch's ``dynamic=``: None (the default) compiles for the first shapes and makes a size
        dynamic once it changes; True traces dynamic shapes at once; False specializes on every
        shape. mlx and jax trace once per input shape.
    fallback : {"eager", "raise"}, optional
        What a call the compiler refuses does (a host read such as ``float(x)``, ``bool(x)``,
        ``x.item()`` or ``if xp.any(x):``, or an operation the compiler cannot trace): "eager"
        (the default) runs ``fn`` eagerly, warns once per backend with a :class:`CompileWarning`
        naming the function, the line and the reason, and runs the later calls on that backend
        eagerly;
        "raise" raises ``TypeError`` saying the same.

    Returns
    -------
    CompiledFunction or callable
        The compiled function (its calls take ``fn``'s arguments and return its results), or,
        without ``fn``, a decorator that makes one.

    Raises
    ------
    TypeError
        At a call, with ``fallback="raise"``, if the compiler refuses it; if the call mixes
        arrays of two libraries (as :func:`namespace` does).
    ValueError
        If ``static_argnames`` names no parameter of ``fn``, or ``fallback`` is neither
        "eager" nor "raise".

    See Also
    --------
    namespace

    Notes
    -----
    The body runs when the compiler traces it (the first call per backend, device, constant
    values and, on mlx and jax, input shapes), not at every call: side effects on Python
    objects (appending to a list, printing, counting calls) happen at trace time only. A call
    whose eager run fails too raises the function's own error. Inside ``torch.func``
    transforms and inside an outer ``torch.compile``, torch calls ``fn`` itself; ``mx.grad``,
    ``mx.vmap``, ``jax.grad`` and ``jax.vmap`` of a compiled function trace through it. On
    torch (>= 2.8), Dynamo's guards on ember_array's own module constants are left out: a
    compiled function does not notice a change made to ember_array's internals after it was
    traced; the arguments, torch's global state and your own globals stay guarded.

    Examples
    --------
    >>> import numpy as np
    >>> import ember_array
    >>> @ember_array.compile
    ... def standardize(x):
    ...     xp = ember_array.namespace(x)
    ...     return (x - xp.mean(x, axis=0)) / xp.std(x, axis=0)
    >>> standardize(np.asarray([1.0, 3.0]))  # numpy: the function itself
    array([-1.,  1.])
    >>> @ember_array.compile(static_argnames="n")
    ... def power(x, n):
    ...     return x**n
    >>> power(np.asarray([2.0]), 3)
    array([8.])
    """
    if fallback not in ("eager", "raise"):
        raise ValueError(f"compile(): fallback must be 'eager' or 'raise', got {fallback!r}")

    def decorate(f: Callable[P, R]) -> CompiledFunction[P, R]:
        if not callable(f):
            raise TypeError(f"compile(): expected a function, got {type(f).__name__}")
        return CompiledFunction(f, static_of(f, static_argnames), dynamic, fallback)

    return decorate if fn is None else decorate(fn)

"""``check_lazy``: run a function so that hidden evaluation of its inputs fails loudly.

mlx arrays go through ``mx.compile`` and jax arrays through ``jax.jit`` (both trace their array
arguments and refuse to read a value), dask arrays through a scheduler that refuses to compute,
torch tensors through ``torch.compile(fullgraph=True)`` (a graph break raises).  When the traced
call fails and the eager call succeeds, the failure is the function's hidden evaluation: the
``AssertionError`` names the operation and the line of source that did it.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar, cast

from .._culprit import find_culprit
from ._backends import backend_of

__all__ = ["DATA_DEPENDENT", "allow_data_dependent", "check_lazy"]

_T = TypeVar("_T")

#: Set while a test marked ``@pytest.mark.data_dependent`` runs (see the plugin).
DATA_DEPENDENT: ContextVar[bool] = ContextVar("ember_data_dependent", default=False)

_DATA_DEPENDENT_HINT = (
    "if the function's output shape depends on the data (unique_*, nonzero, a boolean mask), "
    "say so: check_lazy(fn, ..., data_dependent=True) or @pytest.mark.data_dependent"
)


def _message(fn: Callable[..., Any], backend: str, how: str, exc: BaseException) -> str:
    culprit = find_culprit(exc)
    name = getattr(fn, "__qualname__", repr(fn))
    error = str(exc).strip().splitlines()
    first = (
        f"check_lazy: {name} forced evaluation of a {backend} array: {culprit.operation}"
        if culprit.operation
        else f"check_lazy: {name} runs eagerly but fails when {how}"
    )
    lines = [
        first,
        f"  at {culprit.where}" if culprit.where else "",
        f"  ({how}: {type(exc).__name__}: {error[0] if error else ''})",
        f"  {_DATA_DEPENDENT_HINT}" if "data-dependent" in culprit.operation else "",
    ]
    return "\n".join(line for line in lines if line)


# ---------------------------------------------------------------------------------------------
# traced calls: the arrays are the traced inputs, everything else is closed over


@dataclass(frozen=True)
class _Call:
    """A call with its arrays pulled out, so that a tracer gets only arrays as inputs."""

    fn: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    slots: tuple[tuple[str | int, int | None], ...]  # (arg index / kwarg name, item index)

    def arrays(self) -> list[Any]:
        return [self._get(slot) for slot in self.slots]

    def _get(self, slot: tuple[str | int, int | None]) -> Any:
        where, item = slot
        value = self.kwargs[where] if isinstance(where, str) else self.args[where]
        return value if item is None else value[item]

    def pure(self) -> Callable[..., Any]:
        """``fn`` as a function of the arrays only."""

        def run(*arrays: Any) -> Any:
            args, kwargs = list(self.args), dict(self.kwargs)
            for (where, item), array in zip(self.slots, arrays):
                place: Any = kwargs if isinstance(where, str) else args
                if item is None:
                    place[where] = array
                else:
                    items = list(place[where])
                    items[item] = array
                    place[where] = type(place[where])(items)
            return self.fn(*args, **kwargs)

        return run


def _split(
    fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], backend: str
) -> _Call:
    slots: list[tuple[str | int, int | None]] = []
    places: list[tuple[str | int, Any]] = [*enumerate(args), *kwargs.items()]
    for where, value in places:
        if backend_of(value) == backend:
            slots.append((where, None))
        elif isinstance(value, list | tuple):
            slots += [(where, i) for i, v in enumerate(value) if backend_of(v) == backend]
    return _Call(fn, args, kwargs, tuple(slots))


def _traced(
    call: _Call,
    tracer: Callable[[Callable[..., Any]], Callable[..., Any]],
    backend: str,
    how: str,
) -> Any:
    try:
        return tracer(call.pure())(*call.arrays())
    except Exception as exc:
        traced_error = exc
    # The eager call tells a broken function (its own error, raised here) from one that
    # fails only when traced (hidden evaluation).
    call.fn(*call.args, **call.kwargs)
    raise AssertionError(_message(call.fn, backend, how, traced_error)) from traced_error


def _mlx_compile(f: Callable[..., Any]) -> Callable[..., Any]:
    import mlx.core as mx

    compiled: Callable[..., Any] = mx.compile(f)
    return compiled


def _jax_jit(f: Callable[..., Any]) -> Callable[..., Any]:
    import jax

    return jax.jit(f)


@cache
def _torch_compile_error() -> str | None:
    """Why ``torch.compile`` cannot run here (an unsupported Python...), or None."""
    import torch

    try:
        torch.compile(lambda t: t + 1, fullgraph=True, backend="eager")(torch.zeros(1))
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def _torch_compile(f: Callable[..., Any]) -> Callable[..., Any]:
    import torch

    # Each check traces afresh: a cache grown over many checks would reach torch's recompile
    # limit, after which torch runs the function eagerly and the check would prove nothing.
    torch.compiler.reset()
    # backend="eager": Dynamo's tracing (where graph breaks are found) without generating code.
    return torch.compile(f, fullgraph=True, backend="eager")


@dataclass(frozen=True)
class _Tracer:
    """How :func:`check_lazy` traces the functions of one backend."""

    trace: Callable[[Callable[..., Any]], Callable[..., Any]]
    how: str  # how the message says it ran
    tool: str
    data_dependent: bool  # whether it traces a data-dependent output shape
    unavailable: Callable[[], str | None] | None = None  # why it cannot run here, or None


#: backend -> its tracer (numpy and array-api-strict have none: they are eager)
_TRACERS: dict[str, _Tracer] = {
    "mlx": _Tracer(_mlx_compile, "traced by mx.compile", "mx.compile", False),
    "jax": _Tracer(_jax_jit, "traced by jax.jit", "jax.jit", False),
    "torch": _Tracer(
        _torch_compile,
        "traced by torch.compile(fullgraph=True)",
        "torch.compile",
        True,
        _torch_compile_error,
    ),
}


class _ComputeRefusedError(AssertionError):
    """Raised by the refusing dask scheduler."""


@contextmanager
def _dask_refusing(calls: list[int]) -> Iterator[None]:
    import dask

    def refuse(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        raise _ComputeRefusedError("dask: a graph was computed inside check_lazy")

    with dask.config.set(scheduler=refuse):
        yield


def _dask(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    calls: list[int] = []
    how = "with a dask scheduler that refuses to compute"
    try:
        with _dask_refusing(calls):
            out = fn(*args, **kwargs)
    except Exception as exc:
        if calls:
            raise AssertionError(_message(fn, "dask", how, exc)) from exc
        raise
    if calls:  # the function caught the refusal and went on
        name = getattr(fn, "__qualname__", repr(fn))
        raise AssertionError(
            f"check_lazy: {name} computed a dask graph ({len(calls)} time(s)) and caught the "
            "error the refusing scheduler raised"
        )
    return out


#: backend -> how check_lazy runs its functions without a tracer (dask: a refusing scheduler)
_RUNNERS: dict[str, Callable[[Callable[..., Any], tuple[Any, ...], dict[str, Any]], Any]] = {
    "dask": _dask,
}


def _backend(args: tuple[Any, ...], kwargs: dict[str, Any]) -> str | None:
    """The backend of the first array argument (top level or in a list/tuple argument)."""
    for value in (*args, *kwargs.values()):
        for item in value if isinstance(value, list | tuple) else (value,):
            found = backend_of(item)
            if found is not None:
                return found
    return None


def check_lazy(
    fn: Callable[..., _T], /, *args: Any, data_dependent: bool = False, **kwargs: Any
) -> _T:
    """Call ``fn(*args, **kwargs)`` so that hidden evaluation of lazy inputs fails loudly.

    mlx arrays are traced by ``mx.compile``, jax arrays by ``jax.jit``, dask arrays meet a
    scheduler that refuses to compute, and torch tensors go through
    ``torch.compile(fullgraph=True)`` (Dynamo's tracing, no code generation; where it cannot
    run, the call is eager and a warning says so).  numpy and array-api-strict are eager:
    ``fn`` is called as it is.  The arrays are the traced inputs (at the top level of the
    arguments, or in a list or tuple argument); other arguments are constants.

    Parameters
    ----------
    fn : callable
        The function under test.
    *args : Any
        Its positional arguments.
    data_dependent : bool, optional
        ``fn``'s output shape depends on the data (``unique_*``, ``nonzero``, boolean masks):
        mlx and jax, which cannot trace that, call it eagerly (dask and torch still check).
        A test marked ``@pytest.mark.data_dependent`` (with the plugin) sets it too.
    **kwargs : Any
        Its keyword arguments.

    Returns
    -------
    object
        What ``fn`` returns (from the traced call: under ``jax.jit``, Python numbers in the
        result come back as 0-D jax arrays).

    Raises
    ------
    AssertionError
        If ``fn`` forces evaluation: the message names the operation (``float()``,
        ``bool()``, ``.item()``, ``np.asarray``, a data-dependent shape) and the source line.
    Exception
        Whatever ``fn`` raises when called eagerly: a broken function keeps its own error.

    See Also
    --------
    assert_close : to compare the result.

    Examples
    --------
    >>> import numpy as np
    >>> from ember_array.testing import check_lazy
    >>> check_lazy(lambda x: x * 2, np.asarray([1.0, 2.0]))
    array([2., 4.])
    """
    allow = data_dependent or DATA_DEPENDENT.get()
    backend = _backend(args, kwargs) or ""
    run = _RUNNERS.get(backend)
    if run is not None:
        return cast("_T", run(fn, args, kwargs))
    tracer = _TRACERS.get(backend)
    if tracer is None:
        return fn(*args, **kwargs)  # numpy, array-api-strict: eager
    reason = None if tracer.unavailable is None else tracer.unavailable()
    if reason is not None:
        warnings.warn(
            f"check_lazy: {tracer.tool} cannot run here ({reason}); {backend} tensors are "
            "checked eagerly",
            RuntimeWarning,
            stacklevel=2,
        )
        return fn(*args, **kwargs)
    if allow and not tracer.data_dependent:
        return fn(*args, **kwargs)  # mlx and jax cannot trace a data-dependent shape
    traced = _traced(_split(fn, args, kwargs, backend), tracer.trace, backend, tracer.how)
    return cast("_T", traced)  # the traced call returns what fn returns


@contextmanager
def allow_data_dependent() -> Iterator[None]:
    """Inside, :func:`check_lazy` treats every function as ``data_dependent=True``."""
    token = DATA_DEPENDENT.set(True)
    try:
        yield
    finally:
        DATA_DEPENDENT.reset(token)

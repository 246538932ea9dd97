"""pytest plugin: a wrapper library's own tests on one namespace, ember_array's or the control's.

The wrapper libraries (marray, einops' array-API functions, xarray's duck arrays, hypothesis'
strategies) take whatever namespace their tests give them. This plugin gives their tests one
namespace per run, chosen by the environment (``conformance.consumers.wrapper_run`` sets it)::

    EMBER_SWAP_NAMESPACE=torch EMBER_SWAP_HOW=param:xp \\
        pytest --pyargs marray.tests -p conformance.consumers._swap

``EMBER_SWAP_NAMESPACE``
    ``numpy``, ``torch``, ``mlx`` or ``dask``: ``ember_array.<name>``, with its ``install()``
    in effect for the run where it has one (torch, mlx: the array class then has
    ``__array_namespace__`` and ember_array's operators, as a wrapper library's user would
    set it up), or with
    ``EMBER_SWAP_CONTROL=1`` array-api-compat's namespace for the same library (the control;
    array-api-compat has no mlx).
``EMBER_SWAP_HOW``
    how the suite picks its namespace; one of

    ``param:NAME``
        the tests are parametrized over ``NAME`` (marray's ``xp``): its values are replaced by
        the one namespace (test id ``[<name>]``); the tests without that parameter are
        deselected.
    ``global:NAME[,ARRAY]``
        the test modules read a module-level namespace ``NAME`` (xarray's ``xp``, bound to
        array-api-strict) and, optionally, the array type ``ARRAY`` they check results against
        (xarray's ``Array``): both are rebound in every collected test module that has them.
    ``module:MODULE``
        the test modules import their namespace at their top (quantity-array's ``import
        array_api_strict as xp``, and ``pxp = quantity_namespace(xp)`` from it): while pytest
        imports a test module, that module's own ``import MODULE`` gives the namespace (the
        modules it imports keep the real one).
    ``import:MODULE``
        the test functions import their namespace in their body (einops' ``import numpy as
        xp``): in the kept tests ``import MODULE`` gives the namespace. Their guard
        ``if xp.__version__ < "2.0.0": pytest.skip()`` asks numpy whether it has the array
        API; the standard asks a namespace for no ``__version__``: a namespace without one is
        given through a module whose ``__version__`` is its ``__array_api_version__``.
``EMBER_SWAP_DEFAULT_FLOAT``
    optional, ``float32`` or ``float64``: the default real floating dtype of the namespace for
    the run, where ember_array's namespace has a ``set_default_dtype`` (``ember_array.mlx``,
    whose default is mlx's float32; mlx must be on the CPU for float64). marray's tests set
    torch's default to float64 themselves (``torch.set_default_dtype(torch.float64)``: its
    reference is numpy's float64 from integer input); its entry in
    ``conformance.consumers.WRAPPERS`` asks the same of mlx with ``float64``. Undone after the
    run; the control (array-api-compat) and the namespaces without the switch are left as they
    are.

Every test kept counts under the namespace's name; the outcomes go to ``EMBER_CONSUMERS_JSON``
(:mod:`ember_array.integrations._outcomes`), as the other consumers' plugins write them.
"""

from __future__ import annotations

import builtins
import importlib
import os
import types
from typing import Any

import pytest

from ember_array._backends import BY_NAME
from ember_array.integrations._outcomes import Outcomes

NAMES = ("numpy", "torch", "mlx", "dask")

#: the namespace once set up for the run (install(), default float), and how to undo that
_set_up: list[types.ModuleType] = []
_undo: list[Any] = []

FLOATS = ("float32", "float64")


def _name() -> str:
    name = os.environ.get("EMBER_SWAP_NAMESPACE", "")
    if name not in NAMES:
        raise pytest.UsageError(f"EMBER_SWAP_NAMESPACE must be one of {NAMES}: {name!r}")
    return name


def _control() -> bool:
    return os.environ.get("EMBER_SWAP_CONTROL", "0") == "1"


def _how() -> tuple[str, list[str]]:
    kind, _, names = os.environ.get("EMBER_SWAP_HOW", "").partition(":")
    if kind not in ("param", "global", "module", "import") or not names:
        raise pytest.UsageError(
            "EMBER_SWAP_HOW must be param:NAME, global:NAME[,ARRAY], module:MOD or import:MOD"
        )
    return kind, names.split(",")


def _default_float() -> str | None:
    wanted = os.environ.get("EMBER_SWAP_DEFAULT_FLOAT", "") or None
    if wanted not in (None, *FLOATS):
        raise pytest.UsageError(f"EMBER_SWAP_DEFAULT_FLOAT must be one of {FLOATS}: {wanted!r}")
    return wanted


def namespace() -> types.ModuleType:
    """The namespace of this run (module docstring)."""
    name = _name()
    if _control():
        # array-api-compat's namespace for the same library (the registry's ``compat``)
        compat = BY_NAME[name].compat
        if compat is None:
            raise pytest.UsageError(f"array-api-compat has no {name} namespace: no control")
        return importlib.import_module(compat)
    ns = importlib.import_module(BY_NAME[name].namespace)
    if not _set_up:
        _set_up.append(ns)
        if hasattr(ns, "install"):
            ns.install()
            _undo.append(ns.uninstall)
        _set_default_float(ns)
    return ns


def _set_default_float(ns: types.ModuleType) -> None:
    """``EMBER_SWAP_DEFAULT_FLOAT`` made ``ns``'s default (module docstring); undone after."""
    wanted = _default_float()
    if wanted is None or not hasattr(ns, "set_default_dtype"):
        return
    previous = ns.get_default_dtype()
    try:
        ns.set_default_dtype(getattr(ns, wanted))
    except ValueError as e:  # mlx on a GPU: no float64
        raise pytest.UsageError(f"EMBER_SWAP_DEFAULT_FLOAT={wanted}: {e}") from e
    _undo.append(lambda: ns.set_default_dtype(previous))


def _with_version(ns: types.ModuleType) -> types.ModuleType:
    """``ns``'s names in a module that also has a ``__version__`` (module docstring)."""
    if hasattr(ns, "__version__"):
        return ns
    view = types.ModuleType(ns.__name__, ns.__doc__)
    view.__dict__.update({k: v for k, v in vars(ns).items() if not k.startswith("__")})
    view.__version__ = ns.__array_api_version__  # type: ignore[attr-defined]
    return view


def _import_hook(
    module: str, ns: types.ModuleType, importer: str | None = None, real: Any = builtins.__import__
) -> Any:
    """An ``__import__`` whose ``import <module>`` gives ``ns`` (only in the file ``importer``)."""

    def __import__(name: str, *args: Any, **kwargs: Any) -> Any:
        fromlist = args[2] if len(args) > 2 else kwargs.get("fromlist")
        scope = args[0] if args else kwargs.get("globals")
        here = importer is None or (scope or {}).get("__file__") == importer
        if name == module and not fromlist and here:
            return ns
        return real(name, *args, **kwargs)

    return __import__


def _importing(func: types.FunctionType, module: str, ns: types.ModuleType) -> types.FunctionType:
    """``func`` whose ``import <module>`` statements give ``ns`` (through its builtins)."""
    __import__ = _import_hook(module, ns)
    scope = dict(func.__globals__)
    scope["__builtins__"] = {**vars(builtins), "__import__": __import__}
    new = types.FunctionType(
        func.__code__, scope, func.__name__, func.__defaults__, func.__closure__
    )
    new.__dict__.update(func.__dict__)
    return new


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Any:
    """``module:MODULE``: the test module's own ``import MODULE`` gives the namespace."""
    kind, names = _how()
    if kind != "module" or not isinstance(collector, pytest.Module):
        return (yield)
    real = builtins.__import__
    builtins.__import__ = _import_hook(names[0], namespace(), str(collector.path), real)
    try:
        return (yield)
    finally:
        builtins.__import__ = real


@pytest.hookimpl(tryfirst=True)
def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``param:NAME``: the one namespace replaces the values of ``NAME``'s parametrization."""
    kind, names = _how()
    if kind != "param" or names[0] not in metafunc.fixturenames:
        return
    marks = metafunc.definition.own_markers
    for i, mark in enumerate(marks):
        argnames = mark.args[0] if mark.name == "parametrize" and mark.args else None
        if argnames in (names[0], [names[0]], (names[0],)):
            param = pytest.param(namespace(), id=_name())
            marks[i] = pytest.mark.parametrize(names[0], [param]).mark


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Deselect the tests that take no namespace; rebind the ``global:``/``import:`` names."""
    kind, names = _how()
    if kind == "param":
        keep = [i for i in items if names[0] in getattr(getattr(i, "callspec", None), "params", {})]
        drop = [i for i in items if i not in keep]
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = keep
        return
    if kind == "module":
        return
    ns = namespace()
    for item in items:
        if not isinstance(item, pytest.Function):
            continue
        if kind == "global":
            module = item.module
            if hasattr(module, names[0]):
                module.__dict__[names[0]] = ns
            if len(names) > 1 and hasattr(module, names[1]):
                module.__dict__[names[1]] = type(ns.asarray(0.0))
        elif isinstance(item.obj, types.FunctionType):
            item.obj = _importing(item.obj, names[0], _with_version(ns))


_outcomes = Outcomes(lambda nodeid: _name())


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Count each test's outcome under the run's namespace."""
    _outcomes.record(report)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print the outcomes; write them to ``EMBER_CONSUMERS_JSON``."""
    which = "array-api-compat (control)" if _control() else "ember_array"
    _outcomes.write(terminalreporter, f"outcomes on {which}", [_name()])


def pytest_unconfigure(config: pytest.Config) -> None:
    """Undo this run's set-up: ``install()``'s additions, the default float."""
    while _undo:
        _undo.pop()()
    _set_up.clear()

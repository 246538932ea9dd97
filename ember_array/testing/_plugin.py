"""The pytest plugin: the ``xp`` fixture, ``--ember-backends`` and the backend markers.

Opt-in only (``pytest -p ember_array.testing`` or ``pytest_plugins = ["ember_array.testing"]``):
ember_array registers no ``pytest11`` entry point, so installing it changes no other test run.
A project's own ``xp`` fixture (SciPy's, say) overrides this one where its conftest defines it,
and this plugin then leaves that project's tests alone.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pytest

from ._backends import KIT_BACKENDS, backend_of, selection, use
from ._devices import device_dtypes
from ._lazy import allow_data_dependent

# (no __all__: ember_array.testing re-exports the hooks and the fixture, pytest reads them there)

_MARKERS = (
    "skip_backends(*names, reason=''): skip the test on these backends of the xp fixture "
    "(ember_array.testing)",
    "xfail_backends(*names, reason='', strict=True): expect the test to fail on these "
    "backends of the xp fixture (ember_array.testing)",
    "data_dependent: the functions check_lazy runs in this test may have data-dependent "
    "output shapes (ember_array.testing)",
)
_SELECTED = pytest.StashKey[tuple[str, ...]]()
#: The selections of the configs now active (pytester nests runs in one process).
_ACTIVE: list[tuple[str, ...]] = []


@dataclass(frozen=True)
class BackendParam:
    """A parameter of the ``xp`` fixture: the backend's name (also the test id)."""

    name: str

    def __repr__(self) -> str:
        return self.name


_PARAMS = tuple(BackendParam(b.name) for b in KIT_BACKENDS)


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--ember-backends``."""
    group = parser.getgroup("ember_array", "ember_array.testing")
    group.addoption(
        "--ember-backends",
        default=None,
        help="comma-separated backends the xp fixture runs on "
        f"({', '.join(p.name for p in _PARAMS)}); default: EMBER_BACKENDS, else all",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Register the markers and read the backend selection."""
    for line in _MARKERS:
        config.addinivalue_line("markers", line)
    try:
        chosen = selection(config.getoption("--ember-backends"))
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from None
    config.stash[_SELECTED] = chosen
    _ACTIVE.append(chosen)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Forget this run's selection."""
    if _SELECTED in config.stash:
        _ACTIVE.remove(config.stash[_SELECTED])


def _selected() -> tuple[str, ...]:
    return _ACTIVE[-1] if _ACTIVE else selection(None)


@pytest.fixture(params=_PARAMS, ids=[p.name for p in _PARAMS])
def xp(request: pytest.FixtureRequest) -> ModuleType:
    """The array namespace of each backend in turn, with the backend's name as the test id.

    ember_array's namespace for numpy, torch, mlx and dask; ``array_api_strict``;
    ``jax.numpy`` (with ``jax_enable_x64`` on).  A backend that is not installed is skipped
    with the reason; ``--ember-backends`` or ``EMBER_BACKENDS`` picks a subset.  A fixture:
    a test asks for it by its name (``def test_f(xp): ...``) with the plugin loaded.

    Parameters
    ----------
    request : pytest.FixtureRequest
        pytest's request, whose ``param`` is the backend.

    Returns
    -------
    ModuleType
        The backend's array namespace.

    See Also
    --------
    namespace_device_dtype_params : Parameters over every backend, device and dtype.
    random_array : The same values on every backend.
    assert_close : Compare results across backends.

    Examples
    --------
    The test ids, in order (a backend that is not installed is skipped there)::

        def test_sum(xp):  # test_sum[numpy], test_sum[torch], ..., test_sum[jax]
            assert xp.sum(xp.ones(3)) == 3

    >>> from ember_array.testing import BACKEND_NAMES
    >>> BACKEND_NAMES
    ('numpy', 'torch', 'mlx', 'dask', 'array_api_strict', 'jax')
    """
    loaded = use(request.param.name)
    if loaded.xp is None:
        pytest.skip(loaded.reason)
    return loaded.xp


def _backend_of_item(item: pytest.Item) -> tuple[str | None, bool]:
    """(the backend an item runs on, whether it comes from this plugin's ``xp`` fixture)."""
    callspec = getattr(item, "callspec", None)
    value = callspec.params.get("xp") if callspec is not None else None
    if isinstance(value, BackendParam):
        return value.name, True
    if isinstance(value, ModuleType):
        return backend_of(value), False
    return None, False


def _check_names(marker: pytest.Mark, item: pytest.Item) -> None:
    known = {p.name for p in _PARAMS}
    unknown = [n for n in marker.args if n not in known]
    if unknown:
        raise pytest.UsageError(
            f"{item.nodeid}: @pytest.mark.{marker.name} names unknown backends {unknown}; "
            f"known: {', '.join(sorted(known))}"
        )


def _apply_markers(item: pytest.Item, backend: str) -> None:
    for marker in item.iter_markers("skip_backends"):
        _check_names(marker, item)
        if backend in marker.args:
            reason = marker.kwargs.get("reason", "")
            item.add_marker(pytest.mark.skip(reason=f"skip_backends({backend}): {reason}"))
    for marker in item.iter_markers("xfail_backends"):
        _check_names(marker, item)
        if backend in marker.args:
            reason = marker.kwargs.get("reason", "")
            xfail = pytest.mark.xfail(
                reason=f"xfail_backends({backend}): {reason}",
                strict=marker.kwargs.get("strict", True),
                raises=marker.kwargs.get("raises"),
            )
            item.add_marker(xfail)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Deselect the backends not chosen; turn the backend markers into skips and xfails."""
    chosen = config.stash.get(_SELECTED, ())
    kept, dropped = [], []
    for item in items:
        backend, ours = _backend_of_item(item)
        if ours and backend not in chosen:
            dropped.append(item)
            continue
        if backend is not None:
            _apply_markers(item, backend)
        kept.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, Any, Any]:
    """Run a test marked ``data_dependent`` with :func:`check_lazy` allowing such shapes."""
    if item.get_closest_marker("data_dependent") is None:
        return (yield)
    with allow_data_dependent():
        return (yield)


def namespace_device_dtype_params(*, kind: str | tuple[str, ...] | None = None) -> list[Any]:
    """``pytest.param(xp, device, dtype_name)``: every backend, device and dtype it can hold.

    Parametrize a test over ``("xp", "device", "dtype")`` with it (``dtype`` is the standard
    name, ``"float32"``: ``getattr(xp, dtype)`` is the dtype, and :func:`random_array` takes
    the name on any backend): the backends are those
    ``--ember-backends``/``EMBER_BACKENDS`` choose (a missing one gives one skipped case with
    the reason), the devices those present (cpu, cuda, mps, the mlx gpu), and each device only
    with the dtypes it can hold (see :func:`device_dtypes`).  The backend markers apply.

    Parameters
    ----------
    kind : str or tuple of str, optional
        Only dtypes of this kind (``"real floating"``...).

    Returns
    -------
    list
        ``pytest.param`` objects with ids ``"<backend>-<device>-<dtype>"``.

    Raises
    ------
    ValueError
        If ``kind`` is not a kind of the standard.

    See Also
    --------
    device_dtypes : the pairs of one backend.

    Examples
    --------
    >>> from ember_array.testing import namespace_device_dtype_params
    >>> params = namespace_device_dtype_params(kind="real floating")
    >>> "numpy-cpu-float64" in [p.id for p in params]
    True
    """
    params = []
    for name in _selected():
        loaded = use(name)
        if loaded.xp is None:
            skip = pytest.mark.skip(reason=loaded.reason)
            params.append(pytest.param(None, None, None, id=name, marks=skip))
            continue
        for pair in device_dtypes(loaded.xp, kind=kind):
            params.append(
                pytest.param(loaded.xp, pair.device, pair.dtype_name, id=f"{name}-{pair.id}")
            )
    return params

"""Run scikit-learn's array-API code paths on ember_array's namespaces (mlx included).

scikit-learn has no public hook for choosing an array namespace. With
``sklearn.set_config(array_api_dispatch=True)`` it resolves the namespace of its inputs at call
time through one attribute, and recognises numpy and torch namespaces by their module
``__name__``. :func:`enable` replaces exactly these attributes (checked on scikit-learn 1.9.1):

``sklearn.externals.array_api_compat.get_namespace``
    (called as ``array_api_compat.get_namespace(*arrays)`` by
    ``sklearn.utils._array_api.get_namespace`` and by ``sklearn.utils._testing``) becomes a
    function returning ``ember_array.namespace(*arrays)``: ``ember_array.numpy`` for numpy
    arrays, ``ember_array.torch`` for torch tensors, ``ember_array.mlx`` for mlx arrays; other
    compliant arrays (array-api-strict, ...) pass through to their own namespace.
``sklearn.utils._encode.get_namespace``
    (the label/category encoders' copy of ``sklearn.utils._array_api.get_namespace``) becomes
    a wrapper that gives numpy arrays of object, string, bytes or void dtype (outside the
    standard) scikit-learn's numpy wrapper (array-api-compat's numpy) instead of
    ``ember_array.numpy``: ``_check_unknown`` calls ``xp.array``, a numpy function outside the
    standard, on them (``OneHotEncoder(handle_unknown="ignore")`` on strings with unknown
    categories). Everywhere else such arrays get ``ember_array.numpy``, as numeric ones do, so
    an estimator's object-array attributes (``estimators_``) share its namespace.
``sklearn.utils._array_api._NUMPY_NAMESPACE_NAMES``
    becomes a new set with ``"ember_array.numpy"`` added, so ``_is_numpy_namespace`` (the gate
    of every numpy/Cython fast path) accepts our numpy namespace.
``sklearn.utils._array_api._is_xp_namespace``
    (and every already-imported ``sklearn.*`` module's copy of it, bound by
    ``from ... import _is_xp_namespace``) becomes a wrapper that also accepts
    ``ember_array.<name>``, so ``_is_xp_namespace(xp, "torch")`` is true for
    ``ember_array.torch`` (tensor to numpy via ``.cpu().numpy()``, the DLPack stride workaround).
``mlx.core.array`` / ``mlx.core.Dtype``
    get ember_array's array-object additions (``.device``, ``.to_device``, ``.mT``,
    ``__array_namespace__``, boolean-mask indexing, ...) through :func:`ember_array.mlx.install`,
    when mlx is importable and they are not installed already. :func:`disable` uninstalls them
    only if :func:`enable` installed them.

``sklearn.utils._array_api.np_compat``
    ``np_compat``, scikit-learn's numpy default, is ``ember_array.numpy``: with array-API
    dispatch on, inputs that leave no array once sparse matrices, ``None`` and sequences are
    dropped get it, as numpy arrays do (a transformer with sparse output reports its input's
    namespace), and so do numpy inputs with dispatch off, where scikit-learn's numpy paths
    recognise it by name (``_NUMPY_NAMESPACE_NAMES`` above).

``sklearn.utils._array_api._fill_diagonal``
    (and every already-imported copy) becomes a wrapper that, for ``ember_array.numpy``, calls
    ``numpy.fill_diagonal``: scikit-learn's numpy branch calls ``xp.fill_diagonal``, a numpy
    function outside the standard that ``ember_array.numpy`` does not expose.

``sklearn.mixture._gaussian_mixture._estimate_gaussian_covariances_full``
    (the M-step of ``GaussianMixture(covariance_type="full")``) becomes a version that adds
    ``reg_covar`` to each component's covariance before storing it: scikit-learn adds it
    through ``_add_to_diagonal(covariances[k, :, :], ...)``, a write through a view, which the
    standard leaves unspecified. mlx and dask have no views (``x[k, :, :]`` is a new array), so
    there the regularization was lost: covariances ``reg_covar`` off numpy's, and a component
    fitted on one point left with an all-zero covariance whose Cholesky factor is singular.
    numpy namespaces keep scikit-learn's own.

``sklearn.utils.parallel.Parallel.__call__``
    becomes a wrapper that ``mx.eval``-uates the mlx arrays among each task's arguments in the
    thread that dispatches the task. mlx arrays are lazy, and two joblib worker threads
    evaluating the same unevaluated array at once crash mlx (the cross-thread streams of
    :func:`ember_array.mlx.install` leave that to the caller). Other arrays are untouched.

Left alone on purpose: ``sklearn.externals.array_api_compat.is_torch_namespace``. scikit-learn
uses it only in ``_median``, to call ``xp.quantile(x, q=0.5, dim=..., keepdim=...)``, a torch
function that is not part of the standard and so not on ``ember_array.torch``; the portable
fallback (a sort) runs instead and gives the same value.

:func:`disable` puts back every original object (``is``-identical). ``SCIPY_ARRAY_API=1`` must
still be set before scipy/sklearn are imported (scikit-learn checks it), and array-API dispatch
is still switched on by ``sklearn.set_config(array_api_dispatch=True)``.

Examples
--------
>>> import sklearn
>>> from ember_array.integrations import sklearn as ember_sklearn
>>> with ember_sklearn.enabled(), sklearn.config_context(array_api_dispatch=True):
...     pass  # fit estimators on mlx arrays here
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from types import ModuleType
from typing import Any

from .._dispatch import namespace_module
from .._helpers import is_mlx_array
from .._patch import Patcher
from ._common import Integration, mark_wrapped

__all__ = ["enable", "disable", "enabled", "is_enabled", "patched_attributes"]

#: scikit-learn versions whose internals this module was checked against.
TESTED_VERSIONS = ("1.9",)

#: The internal modules the patches reach into: the vendored array-api-compat first.
_INTERNALS = ("sklearn.externals.array_api_compat", "sklearn.utils._array_api")

_integration = Integration(__name__, "sklearn", "scikit-learn")

#: numpy dtype kinds outside the standard (object, bytes, str, void): in the label/category
#: encoders (``sklearn.utils._encode``) arrays of these kinds get scikit-learn's numpy wrapper.
_NON_NUMERIC_KINDS = frozenset("OSUV")


def _internals() -> tuple[str, ModuleType, ModuleType]:
    """(version, vendored array_api_compat, ``sklearn.utils._array_api``), checked."""
    version, missing, (compat, skl_api) = _integration.internals(
        TESTED_VERSIONS, *_INTERNALS, entry=f"{_INTERNALS[0]}.get_namespace"
    )
    names = getattr(skl_api, "_NUMPY_NAMESPACE_NAMES", None)
    if not isinstance(names, (set, frozenset)):
        raise missing("sklearn.utils._array_api._NUMPY_NAMESPACE_NAMES (a set of module names)")
    if not callable(getattr(skl_api, "_is_xp_namespace", None)):
        raise missing("sklearn.utils._array_api._is_xp_namespace")
    # get_namespace must look the attribute up at call time through the module object,
    # otherwise replacing it changes nothing.
    if getattr(skl_api, "array_api_compat", None) is not compat:
        raise missing("sklearn.utils._array_api.array_api_compat (the vendored package)")
    return version, compat, skl_api


def _make_get_namespace(original: Callable[..., ModuleType]) -> Callable[..., ModuleType]:
    def get_namespace(
        *arrays: Any, api_version: str | None = None, use_compat: bool | None = None
    ) -> ModuleType:
        """``ember_array.namespace(*arrays)``, installed by ember_array.integrations.sklearn."""
        if use_compat is not None:
            # use_compat asks array-api-compat for its own (or the bare) namespace: keep
            # its exact meaning rather than guess one.
            return original(*arrays, api_version=api_version, use_compat=use_compat)
        return namespace_module(*arrays, api_version=api_version)

    mark_wrapped(get_namespace, original)
    return get_namespace


def _make_encode_get_namespace(
    original: Callable[..., tuple[Any, bool]], np_compat: ModuleType
) -> Callable[..., tuple[Any, bool]]:
    def get_namespace(*arrays: Any, **kwargs: Any) -> tuple[Any, bool]:
        """scikit-learn's ``get_namespace``; object/string numpy arrays get its numpy wrapper."""
        xp, compliant = original(*arrays, **kwargs)
        if getattr(xp, "__name__", None) == "ember_array.numpy" and any(
            getattr(getattr(a, "dtype", None), "kind", "") in _NON_NUMERIC_KINDS for a in arrays
        ):
            # scikit-learn: the label/category encoders call numpy functions outside the
            # standard on the namespace (``xp.array`` in ``_check_unknown``) for object and
            # string arrays (no upstream issue found)
            # array-api-compat's numpy namespace has them, the standard-only one has not.
            return np_compat, compliant
        return xp, compliant

    mark_wrapped(get_namespace, original)
    return get_namespace


def _evaluated_tasks(tasks: Iterable[Any]) -> Iterator[Any]:
    """``tasks`` (joblib's ``(function, args, kwargs)``), with their mlx array arguments evaluated.

    Evaluation happens in the thread that dispatches the tasks, one task at a time, as joblib
    consumes the iterable.
    """
    for task in tasks:
        if isinstance(task, tuple) and len(task) == 3:
            _, args, kwargs = task
            arrays = [a for a in (*args, *kwargs.values()) if is_mlx_array(a)]
            if arrays:
                import mlx.core as mx

                mx.eval(*arrays)
        yield task


def _make_parallel_call(original: Callable[..., Any]) -> Callable[..., Any]:
    def __call__(self: Any, iterable: Iterable[Any]) -> Any:
        """scikit-learn's ``Parallel.__call__``, mlx arguments evaluated before dispatch."""
        # mlx: two threads evaluating the same unevaluated array at once crash mlx;
        # https://github.com/ml-explore/mlx/issues/2067
        return original(self, _evaluated_tasks(iterable))

    mark_wrapped(__call__, original)
    return __call__


def _make_is_xp_namespace(original: Callable[[Any, str], bool]) -> Callable[[Any, str], bool]:
    def _is_xp_namespace(xp: Any, name: str) -> bool:
        """scikit-learn's check, also true for ``ember_array.<name>``."""
        return original(xp, name) or getattr(xp, "__name__", None) == f"ember_array.{name}"

    mark_wrapped(_is_xp_namespace, original)
    return _is_xp_namespace


def _make_fill_diagonal(original: Callable[..., None]) -> Callable[..., None]:
    def _fill_diagonal(array: Any, value: Any, xp: Any) -> None:
        """scikit-learn's ``_fill_diagonal``, numpy fast path kept for ``ember_array.numpy``."""
        if getattr(xp, "__name__", None) == "ember_array.numpy":
            # scikit-learn: _fill_diagonal's numpy branch calls ``xp.fill_diagonal``, a numpy
            # function outside the standard (no upstream issue found)
            # ember_array.numpy does not expose it; call numpy's own.
            import numpy
            from sklearn.utils._array_api import _validate_diagonal_args

            value, _ = _validate_diagonal_args(array, value, xp)
            numpy.fill_diagonal(array, value, wrap=False)
            return
        original(array, value, xp)

    mark_wrapped(_fill_diagonal, original)
    return _fill_diagonal


def _make_covariances_full(original: Callable[..., Any]) -> Callable[..., Any]:
    def _estimate_gaussian_covariances_full(
        resp: Any, x: Any, nk: Any, means: Any, reg_covar: float, xp: Any = None
    ) -> Any:
        """scikit-learn's full covariances; ``reg_covar`` added before each matrix is stored."""
        from sklearn.utils._array_api import (
            _add_to_diagonal,
            _is_numpy_namespace,
            get_namespace_and_device,
        )

        xp, _, device = get_namespace_and_device(x, xp=xp)
        if _is_numpy_namespace(xp):
            return original(resp, x, nk, means, reg_covar, xp=xp)
        # scikit-learn: _estimate_gaussian_covariances_full adds reg_covar by writing into
        # ``covariances[k, :, :]``, a write through a view, which the standard leaves
        # unspecified (https://data-apis.org/array-api/latest/design_topics/copies_views_and_mutation.html);
        # mlx and dask have no views, so the write was lost. Add it, then store the matrix.
        n_components, n_features = means.shape
        covariances = xp.empty((n_components, n_features, n_features), device=device, dtype=x.dtype)
        for k in range(n_components):
            diff = x - means[k, :]
            covariance = ((resp[:, k] * diff.T) @ diff) / nk[k]
            _add_to_diagonal(covariance, reg_covar, xp)
            covariances[k, :, :] = covariance
        return covariances

    mark_wrapped(_estimate_gaussian_covariances_full, original)
    return _estimate_gaussian_covariances_full


def _gaussian_mixture_module() -> ModuleType | None:
    """``sklearn.mixture._gaussian_mixture`` where it has the full-covariance M-step."""
    try:
        from sklearn.mixture import _gaussian_mixture
    except ImportError:
        return None
    if not callable(getattr(_gaussian_mixture, "_estimate_gaussian_covariances_full", None)):
        return None
    module: ModuleType = _gaussian_mixture  # sklearn is untyped
    return module


def _encode_module() -> ModuleType | None:
    """``sklearn.utils._encode`` where it binds ``get_namespace`` and has ``np_compat``."""
    try:
        from sklearn.utils import _array_api as skl_api
        from sklearn.utils import _encode
    except ImportError:
        return None
    if not callable(getattr(_encode, "get_namespace", None)) or not isinstance(
        getattr(skl_api, "np_compat", None), ModuleType
    ):
        return None
    module: ModuleType = _encode  # sklearn is untyped: its modules read as Any
    return module


def _parallel_class() -> type | None:
    """``sklearn.utils.parallel.Parallel``, or None where this scikit-learn has none."""
    try:
        from sklearn.utils.parallel import Parallel
    except ImportError:
        return None
    parallel: type = Parallel  # sklearn is untyped
    return parallel


def _prepare() -> Callable[[Patcher], None]:
    """Check the installed version's internals; the function that applies the patches."""
    _, compat, skl_api = _internals()

    def install(patches: Patcher) -> None:
        patches.set(compat, "get_namespace", _make_get_namespace(compat.get_namespace))
        patches.set(
            skl_api,
            "_NUMPY_NAMESPACE_NAMES",
            set(skl_api._NUMPY_NAMESPACE_NAMES) | {"ember_array.numpy"},
        )
        original = skl_api._is_xp_namespace
        patches.replace_everywhere("sklearn", original, _make_is_xp_namespace(original))
        if callable(getattr(skl_api, "_fill_diagonal", None)):
            fill = skl_api._fill_diagonal
            patches.replace_everywhere("sklearn", fill, _make_fill_diagonal(fill))
        encode = _encode_module()
        if encode is not None and encode.get_namespace is skl_api.get_namespace:
            patches.set(
                encode,
                "get_namespace",
                _make_encode_get_namespace(skl_api.get_namespace, skl_api.np_compat),
            )
        # scikit-learn: with dispatch on, inputs that leave no array once sparse matrices,
        # None and sequences are dropped get its vendored numpy wrapper (np_compat), where
        # every numpy array gets ember_array.numpy: a transformer with sparse output reported
        # another namespace than its input (no upstream issue: the vendored default)
        import ember_array.numpy as ours

        patches.set(skl_api, "np_compat", ours)
        mixture = _gaussian_mixture_module()
        if mixture is not None:
            full = _make_covariances_full(mixture._estimate_gaussian_covariances_full)
            patches.set(mixture, "_estimate_gaussian_covariances_full", full)
        parallel = _parallel_class()
        if parallel is not None and "__call__" in vars(parallel):
            patches.set(parallel, "__call__", _make_parallel_call(parallel.__call__))

    return install


#: enabled's examples: scikit-learn then answers ember_array's namespace
_ENABLED_EXAMPLES = """>>> import numpy as np
    >>> import sklearn
    >>> from sklearn.utils._array_api import get_namespace
    >>> {import}
    >>> with {alias}.enabled(mlx=False), sklearn.config_context(array_api_dispatch=True):
    ...     xp, _ = get_namespace(np.zeros(3))
    >>> xp.__name__
    'ember_array.numpy'"""

enable, disable, enabled, is_enabled, patched_attributes = _integration.functions(
    _prepare,
    summary="Make scikit-learn resolve array namespaces through :func:`ember_array.namespace`.",
    mlx_note=(
        " (mlx arrays then lack ``.device``\n        and mask indexing, which scikit-learn needs)"
    ),
    attribute="sklearn.externals.array_api_compat.get_namespace",
    enabled_examples=_ENABLED_EXAMPLES,
)

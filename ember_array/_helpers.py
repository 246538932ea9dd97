"""Helpers with array-api-compat's names and meaning.

``device``, ``size`` and the ``is_*`` predicates, so that code written against
array-api-compat switches to ember_array with one import line (``to_device`` is
:func:`ember_array._devices.to_device`). They work on arrays of every backend, mlx
included; which library an array belongs to is the registry's answer
(:mod:`ember_array._backends`).
"""

from __future__ import annotations

import math
import sys
import textwrap
from collections.abc import Callable
from types import ModuleType
from typing import Any

from ._backends import BY_NAME, backend_of_module, backend_of_type, library_of_namespace

__all__ = [
    "device",
    "is_array_api_obj",
    "is_array_api_strict_array",
    "is_array_api_strict_namespace",
    "is_dask_array",
    "is_dask_namespace",
    "is_jax_namespace",
    "is_mlx_array",
    "is_mlx_namespace",
    "is_numpy_array",
    "is_numpy_namespace",
    "is_torch_array",
    "is_torch_namespace",
    "size",
]

#: The ``is_*`` predicates' own docstring parts: summary, what is True, See Also and Examples.
#: The sections they share are in _PREDICATE_DOC.
_PREDICATE_DOCS = {
    "is_numpy_array": (
        "Whether ``x`` is a numpy array or numpy scalar (``np.ndarray``/``np.generic``).",
        "True for ``np.ndarray`` and numpy scalars such as ``np.float64(1.0)``.",
        "is_torch_array, is_mlx_array, is_array_api_obj",
        (
            ">>> import numpy as np",
            ">>> from ember_array import is_numpy_array",
            ">>> is_numpy_array(np.zeros(3)), is_numpy_array(np.float32(1)), is_numpy_array([1.0])",
            "(True, True, False)",
        ),
    ),
    "is_torch_array": (
        "Whether ``x`` is a ``torch.Tensor`` (torch is not imported to answer).",
        "True for ``torch.Tensor`` and its subclasses.",
        "is_numpy_array, is_mlx_array, is_array_api_obj",
        (
            ">>> import numpy as np",
            ">>> import torch",
            ">>> from ember_array import is_torch_array",
            ">>> is_torch_array(torch.zeros(3)), is_torch_array(np.zeros(3))",
            "(True, False)",
        ),
    ),
    "is_mlx_array": (
        "Whether ``x`` is an ``mlx.core.array`` (mlx is not imported to answer).",
        "True for ``mlx.core.array``.",
        "is_numpy_array, is_torch_array, is_array_api_obj",
        (
            ">>> import mlx.core as mx",
            ">>> import numpy as np",
            ">>> from ember_array import is_mlx_array",
            ">>> is_mlx_array(mx.zeros(3)), is_mlx_array(np.zeros(3))",
            "(True, False)",
        ),
    ),
    "is_dask_array": (
        "Whether ``x`` is a ``dask.array.Array`` (dask is not imported to answer).",
        "True for ``dask.array.Array`` and its subclasses.",
        "is_numpy_array, is_dask_namespace, is_array_api_obj",
        (
            ">>> import dask.array as da",
            ">>> import numpy as np",
            ">>> from ember_array import is_dask_array",
            ">>> is_dask_array(da.zeros(3)), is_dask_array(np.zeros(3))",
            "(True, False)",
        ),
    ),
    "is_array_api_strict_array": (
        "Whether ``x`` is an array-api-strict array.",
        "True for arrays of ``array_api_strict``, the standard's reference implementation.",
        "is_array_api_obj, namespace",
        (
            ">>> import array_api_strict",
            ">>> import numpy as np",
            ">>> from ember_array import is_array_api_strict_array",
            ">>> is_array_api_strict_array(array_api_strict.asarray([1.0]))",
            "True",
            ">>> is_array_api_strict_array(np.asarray([1.0]))",
            "False",
        ),
    ),
    "is_array_api_obj": (
        "Whether ``x`` is an array ember_array can give a namespace for.\n\n"
        "True for numpy, torch and mlx arrays and for every object array-api-compat\n"
        "recognises (anything with ``__array_namespace__``, jax, cupy, dask, ...).",
        "True when :func:`namespace` accepts ``x``. Python lists and scalars are not arrays.",
        "namespace, is_numpy_array, is_torch_array, is_mlx_array",
        (
            ">>> import numpy as np",
            ">>> from ember_array import is_array_api_obj",
            ">>> is_array_api_obj(np.zeros(3)), is_array_api_obj([1.0, 2.0]), "
            "is_array_api_obj(1.0)",
            "(True, False, False)",
        ),
    ),
}

_PREDICATE_DOC = """{summary}

Parameters
----------
x : object
    Any object.

Returns
-------
bool
    {true_for}

See Also
--------
{see_also}

Examples
--------
{examples}
"""


def _documented(predicate: Callable[[object], bool]) -> Callable[[object], bool]:
    """Give ``predicate`` its docstring: its _PREDICATE_DOCS row in _PREDICATE_DOC."""
    summary, true_for, see_also, examples = _PREDICATE_DOCS[predicate.__name__]
    doc = _PREDICATE_DOC.format(
        summary=summary, true_for=true_for, see_also=see_also, examples="\n".join(examples)
    )
    # indented as a docstring is written, so inspect.getdoc and numpydoc read it so
    predicate.__doc__ = textwrap.indent(doc, "    ").lstrip()
    return predicate


def _is_array_of(backend: str) -> Callable[[object], bool]:
    """``is_<backend>_array``: the registry row's answer, documented."""
    row = BY_NAME[backend]

    def predicate(x: object) -> bool:
        return row.is_array(x)

    predicate.__name__ = predicate.__qualname__ = f"is_{backend}_array"
    return _documented(predicate)


is_numpy_array = _is_array_of("numpy")
is_torch_array = _is_array_of("torch")
is_mlx_array = _is_array_of("mlx")
is_dask_array = _is_array_of("dask")

_NAMESPACE_DOC = """Whether ``xp`` is a {what} namespace.

True for {modules}: the native module, array-api-compat's wrapper and ember_array's
namespace alike (array-api-compat's predicate of the same name answers for the first
two only). Answered from ``xp.__name__`` by the backend registry.

Parameters
----------
xp : object
    A namespace module (what :func:`ember_array.namespace` returns), or any object.

Returns
-------
bool
    Whether ``xp`` is one of those modules.

See Also
--------
namespace, is_numpy_namespace, is_torch_namespace, is_mlx_namespace

Examples
--------
>>> import numpy as np
>>> import ember_array
>>> from ember_array import {name}
>>> {name}(ember_array.namespace(np.zeros(2))), {name}(np)
{answer}
"""


def _is_namespace_of(library: str, what: str, modules: str) -> Callable[[object], bool]:
    """``is_<library>_namespace``: the registry's answer, documented."""

    def predicate(xp: object) -> bool:
        return library_of_namespace(xp) == library

    name = f"is_{library}_namespace"
    predicate.__name__ = predicate.__qualname__ = name
    answer = "(True, True)" if library == "numpy" else "(False, False)"
    doc = _NAMESPACE_DOC.format(what=what, modules=modules, name=name, answer=answer)
    predicate.__doc__ = textwrap.indent(doc, "    ").lstrip()
    return predicate


is_numpy_namespace = _is_namespace_of(
    "numpy", "NumPy", "``numpy``, ``array_api_compat.numpy`` and ``ember_array.numpy``"
)
is_torch_namespace = _is_namespace_of(
    "torch", "PyTorch", "``torch``, ``array_api_compat.torch`` and ``ember_array.torch``"
)
is_mlx_namespace = _is_namespace_of(
    "mlx", "MLX", "``mlx.core`` (and ``mlx``) and ``ember_array.mlx``"
)
is_dask_namespace = _is_namespace_of(
    "dask",
    "Dask",
    "``dask.array``, ``array_api_compat.dask.array`` and ``ember_array.dask``",
)
is_jax_namespace = _is_namespace_of(
    "jax", "JAX", "``jax.numpy`` and ``jax.experimental.array_api`` (ember has no jax namespace)"
)
is_array_api_strict_namespace = _is_namespace_of(
    "array_api_strict", "array-api-strict", "``array_api_strict``"
)


@_documented
def is_array_api_strict_array(x: object) -> bool:
    # array_api_strict does not export its Array class.
    return type(x).__module__.startswith("array_api_strict")


@_documented
def is_array_api_obj(x: object) -> bool:
    if is_numpy_array(x) or is_torch_array(x) or is_mlx_array(x):
        return True
    import array_api_compat

    return bool(array_api_compat.is_array_api_obj(x))


def device(x: Any, /) -> Any:
    """Return the device ``x`` lives on, as the backend's device object.

    numpy arrays report ``"cpu"`` (as array-api-compat does), torch tensors
    their ``torch.device``, mlx arrays an ``ember_array.mlx`` device.

    Parameters
    ----------
    x : array
        A numpy, torch, mlx or any compliant array.

    Returns
    -------
    device object
        ``"cpu"`` for numpy, a ``torch.device``, an ``ember_array.mlx`` ``Device``, or what the
        array's own ``.device`` gives. Pass it as ``device=`` to a creation function to create
        arrays next to ``x``.

    See Also
    --------
    to_device, device_name, same_device, devices

    Examples
    --------
    >>> import numpy as np
    >>> import ember_array
    >>> ember_array.device(np.zeros(3))
    'cpu'
    >>> import torch
    >>> ember_array.device(torch.zeros(3))
    device(type='cpu')
    >>> import mlx.core as mx
    >>> ember_array.device(mx.zeros(3))
    Device('cpu')
    """
    of = _DEVICE_OF.get(backend_of_type(type(x)))  # one lookup for a known array type
    if of is not None:
        return of(x)
    import array_api_compat

    return array_api_compat.device(x)


def _mlx_device(x: Any) -> Any:
    # upward, on purpose: an mlx array's device is the mlx namespace's Device (mlx is
    # already imported; tests/test_layout.py lists this import)
    from .mlx._devices import device_of

    # the table holds mlx's own function from now on: an import statement costs ~1 us a call
    _DEVICE_OF["mlx"] = device_of
    return device_of(x)


#: backend -> the device of one of its arrays (others: array-api-compat's ``device``)
_DEVICE_OF: dict[str | None, Callable[[Any], Any]] = {
    "numpy": lambda x: "cpu",
    "torch": lambda x: x.device,
    "mlx": _mlx_device,
}


def size(x: Any) -> int | None:
    """Number of elements of ``x``, or None if any dimension is unknown.

    Parameters
    ----------
    x : array
        Any array with a ``shape``.

    Returns
    -------
    int or None
        The product of the shape, or None when a dimension is unknown (``None`` or NaN, as
        in a dask array after boolean indexing).

    See Also
    --------
    device

    Examples
    --------
    >>> import numpy as np
    >>> from ember_array import size
    >>> size(np.zeros((2, 3)))
    6
    >>> import dask.array as da
    >>> x = da.arange(10, chunks=5)
    >>> size(x), size(x[x > 4])
    (10, None)
    """
    shape = x.shape
    if any(d is None or (isinstance(d, float) and math.isnan(d)) for d in shape):
        return None
    n: int = math.prod(shape)  # the shape of an untyped array type reads as Any
    return n


def is_eager_host(x: Any) -> bool:
    """Whether ``x``'s values can be read on the host now, at no cost to laziness or tracing.

    True for numpy arrays, and for torch tensors on the CPU outside ``torch.compile`` and
    ``torch.func`` transforms (where a value read would break the graph or fail). Fast paths
    that branch on data (a range check before a native scatter, the numpy random hash) take
    it only then; elsewhere the data-independent form runs.
    """
    if is_numpy_array(x):
        return True
    return is_torch_array(x) and is_eager_cpu_tensor(x)


def is_eager_cpu_tensor(x: Any) -> bool:
    """:func:`is_eager_host` for an ``x`` known to be a torch tensor."""
    if not x.is_cpu:  # is_cpu: no device object made
        return False
    torch = sys.modules["torch"]  # imported: x is a tensor (an import statement costs ~0.4 us)
    functorch = torch._C._functorch
    # torch: inside a torch.func transform even a plain tensor's .numpy() fails ("Cannot access
    # data pointer of Tensor that doesn't have storage"); https://github.com/pytorch/pytorch/issues/91810
    return not (
        torch.compiler.is_compiling()
        or functorch.maybe_current_level() is not None
        or functorch.is_functorch_wrapped_tensor(x)
    )


def backend_of(obj: Any) -> str | None:
    """The backend of an array or a namespace module, or None: ``"numpy"``, ``"torch"``,
    ``"mlx"``, ``"dask"``, ``"array_api_strict"`` or ``"jax"``.

    The one answer the test kit and :func:`ember_array.compile` share. The registry answers for
    numpy, torch, mlx and dask (arrays and modules); array-api-compat's predicates
    for array-api-strict and jax (whose array class lives in ``jaxlib``).
    """
    import array_api_compat as compat

    if isinstance(obj, ModuleType):
        found = backend_of_module(obj.__name__)
        if found is None and compat.is_array_api_strict_namespace(obj):
            found = "array_api_strict"
        if found is None and compat.is_jax_namespace(obj):
            found = "jax"
        return found
    found = backend_of_type(type(obj))
    if found is None and is_array_api_strict_array(obj):
        found = "array_api_strict"
    if found is None and compat.is_jax_array(obj):
        found = "jax"
    return found

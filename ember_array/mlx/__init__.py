"""``ember_array.mlx``: the Python array API standard (2025.12) over ``mlx.core``.

``import ember_array.mlx as xp`` gives every name of the standard's main namespace, the
``linalg`` and ``fft`` extensions and ``__array_namespace_info__``.  Names point straight at the
native ``mlx.core`` function where it conforms; the others are small wrappers, one module per
section of the standard.  Nothing here evaluates an mlx array except the functions whose output
shape depends on the data (``nonzero``, ``unique_*``, ``repeat`` with array repeats), which say so.

Dtype objects (``xp.float32``...) are ``mx.Dtype`` instances that compare with any object (see
``_dtype_objects``); ``xp.complex128`` is a marker that every ``dtype=`` argument rejects with
``TypeError`` (mlx has no complex128).  The array class itself is untouched until
:func:`install` is called (see ``_array``).

The default real floating dtype is float32, mlx's; :func:`set_default_dtype` switches it to
float64 (CPU only), as ``torch.set_default_dtype`` does (see ``_defaults``).
"""

# The floor check runs first, before any import below touches mlx.
# ruff: noqa: E402
from .._backends import BY_NAME as _BY_NAME

# mlx older than the registry's floor: an ImportError naming both versions (TooOldError) here,
# not an AttributeError from a module below
_BY_NAME["mlx"].require()

from typing import Final as _Final

import mlx.core as _mx

from .._namespace import populate as _populate
from .._namespace import section_exports as _section_exports
from .._spec import API_VERSION as _API_VERSION
from .._spec import DUNDERS as _DUNDERS
from .._spec import EXTRA_DTYPES as _EXTRA_DTYPES
from .._spec import MAIN as _MAIN
from . import fft, linalg
from ._array import install, uninstall
from ._defaults import get_default_dtype, set_default_dtype
from ._devices import float64_needs_cpu_stream as _float64_needs_cpu_stream
from ._devices import route_float64 as _route_float64
from ._dtype_objects import DTYPES as _DTYPES
from ._dtype_objects import complex128 as _complex128
from ._info import __array_namespace_info__ as __array_namespace_info__

__array_api_version__: _Final = _API_VERSION

# every function from the module of its section of the standard (_creation, _elementwise...);
# the constants and the dtype objects
_FIXES = {
    **_section_exports(__name__, skip=("constants", "data types")),
    "e": _mx.e,
    "inf": _mx.inf,
    "nan": _mx.nan,
    "pi": _mx.pi,
    "newaxis": None,
    **_DTYPES,
    "complex128": _complex128,
}
# float64 runs on the CPU stream where the GPU cannot compute it (see _devices.route_float64)
_route = _route_float64 if _float64_needs_cpu_stream() else None

__all__ = _populate(globals(), None, _FIXES, _MAIN, before_guard=_route)
__all__ += _populate(globals(), _mx, None, _EXTRA_DTYPES)  # outside the standard: see _spec
__all__ += [*_DUNDERS, "fft", "linalg", "install", "uninstall"]
__all__ += ["get_default_dtype", "set_default_dtype"]  # float32 (mlx's) or float64, opt-in

from . import _draft as _draft  # the 2026.12 view reads _draft.NAMES (see .._versions)

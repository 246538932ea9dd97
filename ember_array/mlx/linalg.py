"""The ``linalg`` extension over ``mlx.core.linalg``.

Factorizations run on the CPU stream (mlx has them only there); results of ``eigh``, ``qr``,
``slogdet`` and ``svd`` are named tuples.  Names mlx keeps only at top level (``matmul``,
``matrix_transpose``, ``outer``, ``tensordot``, ``vecdot``, ``diagonal``, ``trace``) are provided;
``matrix_power``, ``matrix_rank``, ``svdvals``, ``vector_norm``, ``matrix_norm`` are written here.
"""

from .._namespace import populate as _populate
from .._spec import LINALG as _LINALG
from . import _linalg_functions
from ._devices import float64_needs_cpu_stream as _float64_needs_cpu_stream
from ._devices import route_float64 as _route_float64

__all__ = _populate(globals(), None, _linalg_functions, _LINALG)

if _float64_needs_cpu_stream():  # float64 runs on the CPU stream (see _devices.route_float64)
    _route_float64(globals(), __all__)  # around the guarded functions: the report sees through it

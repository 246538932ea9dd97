"""The ``linalg`` extension over ``mlx.core.linalg``.

Factorizations run on the CPU stream (mlx has them only there); results of ``eigh``, ``qr``,
``slogdet`` and ``svd`` are named tuples.  Names mlx keeps only at top level (``matmul``,
``matrix_transpose``, ``outer``, ``tensordot``, ``vecdot``, ``diagonal``, ``trace``) are provided;
``matrix_power``, ``matrix_rank``, ``svdvals``, ``vector_norm``, ``matrix_norm`` are written here.
"""

from .. import _spec
from .._namespace import guard_names as _guard_names
from ._linalg import (
    cholesky,
    cross,
    det,
    diagonal,
    eig,
    eigh,
    eigvals,
    eigvalsh,
    inv,
    matmul,
    matrix_norm,
    matrix_power,
    matrix_rank,
    matrix_transpose,
    outer,
    pinv,
    qr,
    slogdet,
    solve,
    svd,
    svdvals,
    tensordot,
    trace,
    vecdot,
    vector_norm,
)

__all__ = [
    "cholesky",
    "cross",
    "det",
    "diagonal",
    "eig",
    "eigh",
    "eigvals",
    "eigvalsh",
    "inv",
    "matmul",
    "matrix_norm",
    "matrix_power",
    "matrix_rank",
    "matrix_transpose",
    "outer",
    "pinv",
    "qr",
    "slogdet",
    "solve",
    "svd",
    "svdvals",
    "tensordot",
    "trace",
    "vecdot",
    "vector_norm",
]

_guard_names(globals(), _spec.LINALG)

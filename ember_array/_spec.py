"""The names of the Python array API standard, by section and revision.

This is the single source of truth for "what a namespace must expose": the
namespace modules, ``python -m ember_array``, the support matrix and the
completeness tests all read it.
"""

from __future__ import annotations

from typing import Final

#: The standard revision every ember_array namespace implements.
API_VERSION: Final = "2025.12"
#: The draft of the next revision, offered as a view (``namespace(x, api_version=DRAFT_VERSION)``,
#: :mod:`ember_array._versions`); the default stays :data:`API_VERSION` until its release.
DRAFT_VERSION: Final = "2026.12"
#: Revisions ``namespace(..., api_version=...)`` accepts.
SUPPORTED_VERSIONS: Final = ("2024.12", "2025.12", DRAFT_VERSION)

CONSTANTS: Final = ("e", "inf", "nan", "newaxis", "pi")

DTYPES: Final = (
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float32",
    "float64",
    "complex64",
    "complex128",
)

#: Dtypes outside the standard that every backend has, exposed on each namespace (and listed
#: by no ``__array_namespace_info__().dtypes()``): consumers probe for them (scikit-learn's
#: ``supported_float_dtypes`` accepts float16 "when xp.float16 is defined"). No function's
#: meaning changes: an array of such a dtype is the backend's own.
EXTRA_DTYPES: Final = ("float16",)

CREATION: Final = (
    "arange",
    "asarray",
    "empty",
    "empty_like",
    "eye",
    "from_dlpack",
    "full",
    "full_like",
    "linspace",
    "meshgrid",
    "ones",
    "ones_like",
    "tril",
    "triu",
    "zeros",
    "zeros_like",
)

DATA_TYPE_FUNCTIONS: Final = (
    "astype",
    "broadcast_arrays",
    "broadcast_shapes",
    "broadcast_to",
    "can_cast",
    "finfo",
    "iinfo",
    "isdtype",
    "result_type",
)

ELEMENTWISE: Final = (
    "abs",
    "acos",
    "acosh",
    "add",
    "asin",
    "asinh",
    "atan",
    "atan2",
    "atanh",
    "bitwise_and",
    "bitwise_invert",
    "bitwise_left_shift",
    "bitwise_or",
    "bitwise_right_shift",
    "bitwise_xor",
    "ceil",
    "clip",
    "conj",
    "copysign",
    "cos",
    "cosh",
    "divide",
    "equal",
    "exp",
    "expm1",
    "floor",
    "floor_divide",
    "greater",
    "greater_equal",
    "hypot",
    "imag",
    "isfinite",
    "isinf",
    "isnan",
    "less",
    "less_equal",
    "log",
    "log1p",
    "log2",
    "log10",
    "logaddexp",
    "logical_and",
    "logical_not",
    "logical_or",
    "logical_xor",
    "maximum",
    "minimum",
    "multiply",
    "negative",
    "nextafter",
    "not_equal",
    "positive",
    "pow",
    "real",
    "reciprocal",
    "remainder",
    "round",
    "sign",
    "signbit",
    "sin",
    "sinh",
    "sqrt",
    "square",
    "subtract",
    "tan",
    "tanh",
    "trunc",
)

INDEXING: Final = ("take", "take_along_axis")

LINEAR_ALGEBRA: Final = ("matmul", "matrix_transpose", "tensordot", "vecdot")

MANIPULATION: Final = (
    "broadcast_arrays",
    "broadcast_to",
    "concat",
    "expand_dims",
    "flip",
    "moveaxis",
    "permute_dims",
    "repeat",
    "reshape",
    "roll",
    "squeeze",
    "stack",
    "tile",
    "unstack",
)

SEARCHING: Final = ("argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where")

SET: Final = ("isin", "unique_all", "unique_counts", "unique_inverse", "unique_values")

SORTING: Final = ("argsort", "sort")

STATISTICAL: Final = (
    "cumulative_prod",
    "cumulative_sum",
    "max",
    "mean",
    "min",
    "prod",
    "std",
    "sum",
    "var",
)

UTILITY: Final = ("all", "any", "diff")

#: Sections of the main namespace, in the order of the specification.
SECTIONS: Final[dict[str, tuple[str, ...]]] = {
    "constants": CONSTANTS,
    "data types": DTYPES,
    "creation": CREATION,
    "data type functions": DATA_TYPE_FUNCTIONS,
    "elementwise": ELEMENTWISE,
    "indexing": INDEXING,
    "linear algebra": LINEAR_ALGEBRA,
    "manipulation": MANIPULATION,
    "searching": SEARCHING,
    "set": SET,
    "sorting": SORTING,
    "statistical": STATISTICAL,
    "utility": UTILITY,
}

#: Every function, constant and dtype of the main namespace (extensions excluded).
MAIN: Final[tuple[str, ...]] = tuple(sorted({n for names in SECTIONS.values() for n in names}))

LINALG: Final = (
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
)

FFT: Final = (
    "fft",
    "fftfreq",
    "fftn",
    "fftshift",
    "hfft",
    "ifft",
    "ifftn",
    "ifftshift",
    "ihfft",
    "irfft",
    "irfftn",
    "rfft",
    "rfftfreq",
    "rfftn",
)

INFO: Final = ("capabilities", "default_device", "default_dtypes", "devices", "dtypes")

#: Names new in 2025.12 (absent from a 2024.12 namespace's obligations).
NEW_IN_2025_12: Final = frozenset({"broadcast_shapes", "isin", "linalg.eig", "linalg.eigvals"})

#: Names the 2026.12 draft adds (data-apis/array-api#722), present only in its view.
NEW_IN_DRAFT: Final = ("top_k",)

#: Module-level names every namespace carries besides the functions.
DUNDERS: Final = ("__array_api_version__", "__array_namespace_info__")


def all_names() -> tuple[str, ...]:
    """Every standard name, qualified: ``"sum"``, ``"linalg.svd"``, ``"fft.rfft"``."""
    return MAIN + tuple(f"linalg.{n}" for n in LINALG) + tuple(f"fft.{n}" for n in FFT)

"""``ember_array.mlx``: the Python array API standard (2025.12) over ``mlx.core``.

``import ember_array.mlx as xp`` gives every name of the standard's main namespace, the
``linalg`` and ``fft`` extensions and ``__array_namespace_info__``.  Names point straight at the
native ``mlx.core`` function where it conforms; the others are small wrappers, one module per
section of the standard.  Nothing here evaluates an mlx array except the functions whose output
shape depends on the data (``nonzero``, ``unique_*``, ``repeat`` with array repeats), which say so.

Dtype objects (``xp.float32``...) are ``mx.Dtype`` instances that compare with any object (see
``_dtypes``); ``xp.complex128`` is a marker that every ``dtype=`` argument rejects with
``TypeError`` (mlx has no complex128).  The array class itself is untouched until
:func:`install` is called (see ``_array``).
"""

import mlx.core as _mx

from .. import _spec
from .._namespace import guard_names as _guard_names
from . import fft, linalg
from ._array import install, uninstall
from ._creation import (
    arange,
    asarray,
    empty,
    empty_like,
    eye,
    from_dlpack,
    full,
    full_like,
    linspace,
    meshgrid,
    ones,
    ones_like,
    tril,
    triu,
    zeros,
    zeros_like,
)
from ._data_types import (
    astype,
    broadcast_arrays,
    broadcast_shapes,
    broadcast_to,
    can_cast,
    finfo,
    iinfo,
    isdtype,
    result_type,
)
from ._devices import gpu_available as _gpu_available
from ._devices import route_float64 as _route_float64
from ._dtypes import DTYPES as _DTYPES
from ._dtypes import complex128
from ._elementwise import (
    abs,
    acos,
    acosh,
    add,
    asin,
    asinh,
    atan,
    atan2,
    atanh,
    bitwise_and,
    bitwise_invert,
    bitwise_left_shift,
    bitwise_or,
    bitwise_right_shift,
    bitwise_xor,
    ceil,
    clip,
    conj,
    copysign,
    cos,
    cosh,
    divide,
    equal,
    exp,
    expm1,
    floor,
    floor_divide,
    greater,
    greater_equal,
    hypot,
    imag,
    isfinite,
    isinf,
    isnan,
    less,
    less_equal,
    log,
    log1p,
    log2,
    log10,
    logaddexp,
    logical_and,
    logical_not,
    logical_or,
    logical_xor,
    maximum,
    minimum,
    multiply,
    negative,
    nextafter,
    not_equal,
    positive,
    pow,
    real,
    reciprocal,
    remainder,
    round,
    sign,
    signbit,
    sin,
    sinh,
    sqrt,
    square,
    subtract,
    tan,
    tanh,
    trunc,
)
from ._indexing import take, take_along_axis
from ._info import __array_namespace_info__
from ._linear_algebra import matmul, matrix_transpose, tensordot, vecdot
from ._manipulation import (
    concat,
    expand_dims,
    flip,
    moveaxis,
    permute_dims,
    repeat,
    reshape,
    roll,
    squeeze,
    stack,
    tile,
    unstack,
)
from ._searching import argmax, argmin, count_nonzero, nonzero, searchsorted, where
from ._set import isin, unique_all, unique_counts, unique_inverse, unique_values
from ._sorting import argsort, sort
from ._statistical import (
    cumulative_prod,
    cumulative_sum,
    max,
    mean,
    min,
    prod,
    std,
    sum,
    var,
)
from ._utility import all, any, diff

__array_api_version__ = "2025.12"

if _gpu_available():  # float64 runs on the CPU stream (see _devices.route_float64)
    _route_float64(globals(), _spec.MAIN)
    _route_float64(vars(linalg), _spec.LINALG)
    _route_float64(vars(fft), _spec.FFT)

e = _mx.e
inf = _mx.inf
nan = _mx.nan
pi = _mx.pi
newaxis = None

bool = _DTYPES["bool"]
int8 = _DTYPES["int8"]
int16 = _DTYPES["int16"]
int32 = _DTYPES["int32"]
int64 = _DTYPES["int64"]
uint8 = _DTYPES["uint8"]
uint16 = _DTYPES["uint16"]
uint32 = _DTYPES["uint32"]
uint64 = _DTYPES["uint64"]
float32 = _DTYPES["float32"]
float64 = _DTYPES["float64"]
complex64 = _DTYPES["complex64"]
#: outside the standard (ember_array._spec.EXTRA_DTYPES)
float16 = _mx.float16

__all__ = [
    "__array_api_version__", "__array_namespace_info__", "abs", "acos", "acosh", "add", "all",
    "any", "arange", "argmax", "argmin", "argsort", "asarray", "asin", "asinh", "astype", "atan",
    "atan2", "atanh", "bitwise_and", "bitwise_invert", "bitwise_left_shift", "bitwise_or",
    "bitwise_right_shift", "bitwise_xor", "bool", "broadcast_arrays", "broadcast_shapes",
    "broadcast_to", "can_cast", "ceil", "clip", "complex64", "complex128", "concat", "conj",
    "copysign", "cos", "cosh", "count_nonzero", "cumulative_prod", "cumulative_sum", "diff",
    "divide", "e", "empty", "empty_like", "equal", "exp", "expand_dims", "expm1", "eye", "fft",
    "finfo", "flip", "float32", "float64", "floor", "floor_divide", "from_dlpack", "full",
    "full_like", "greater", "greater_equal", "hypot", "iinfo", "imag", "inf", "install", "int8",
    "int16", "int32", "int64", "isdtype", "isfinite", "isin", "isinf", "isnan", "less",
    "less_equal", "linalg", "linspace", "log", "log1p", "log2", "log10", "logaddexp",
    "logical_and", "logical_not", "logical_or", "logical_xor", "matmul", "matrix_transpose", "max",
    "maximum", "mean", "meshgrid", "min", "minimum", "moveaxis", "multiply", "nan", "negative",
    "newaxis", "nextafter", "nonzero", "not_equal", "ones", "ones_like", "permute_dims", "pi",
    "positive", "pow", "prod", "real", "reciprocal", "remainder", "repeat", "reshape",
    "result_type", "roll", "round", "searchsorted", "sign", "signbit", "sin", "sinh", "sort",
    "sqrt", "square", "squeeze", "stack", "std", "subtract", "sum", "take", "take_along_axis",
    "tan", "tanh", "tensordot", "tile", "tril", "triu", "trunc", "uint8", "uint16", "uint32",
    "uint64", "uninstall", "unique_all", "unique_counts", "unique_inverse", "unique_values",
    "unstack", "var", "vecdot", "where", "zeros", "zeros_like",
]  # fmt: skip
__all__ += list(_spec.EXTRA_DTYPES)  # outside the standard: see ember_array._spec

_guard_names(globals(), _spec.MAIN)

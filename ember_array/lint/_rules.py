"""The linter's rules: codes, messages, fix suggestions, and the name tables they read.

The standard's names come from :mod:`ember_array._spec` (the project's single source of
truth); only the *non*-standard spellings users reach for (numpy's and torch's) are listed
here, each with the standard's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .._spec import CONSTANTS, DRAFT_VERSION, DTYPES, DUNDERS, FFT, LINALG, MAIN, NEW_IN_DRAFT


@dataclass(frozen=True)
class Rule:
    """One rule: its code, a short name, and whether it runs without ``--select``."""

    code: str
    name: str
    summary: str
    default: bool = True


RULES: Final = {
    r.code: r
    for r in (
        Rule("EA001", "syntax-error", "the file could not be parsed"),
        Rule("EA101", "non-standard-name", "a name used on the namespace that the standard lacks"),
        Rule("EA102", "non-standard-keyword", "a keyword the standard's function does not take"),
        Rule("EA201", "backend-call", "a backend library function given a dispatched array"),
        Rule("EA301", "non-standard-method", "an array method or attribute the standard lacks"),
        Rule(
            "EA302",
            "transpose-attribute",
            "`.T` (the standard defines it for 2-D arrays only)",
            default=False,
        ),
        Rule("EA401", "host-sync-conversion", "float()/int()/bool()/complex() of an array"),
        Rule("EA402", "host-sync-branch", "an array used as a condition (if/while/assert/and/or)"),
        Rule("EA403", "host-sync-method", "`.item()`/`.tolist()`/`.numpy()` on an array"),
        Rule("EA501", "non-standard-dtype", "a dtype the standard lacks, or a dtype given as str"),
        Rule("EA502", "backend-dtype", "a dtype one of the target backends cannot hold"),
        Rule("EA601", "backend-rng", "a backend's random generator in array code"),
        Rule("EA602", "backend-device", "a backend's device call on an array"),
        Rule("EA701", "in-place-update", "an in-place update, on a target backend without them"),
    )
}

#: Modules whose functions must not receive dispatched arrays, by import name.
BACKEND_MODULES: Final = ("numpy", "torch", "mlx", "jax", "scipy", "cupy", "dask")

#: Module path parts of array-API helper libraries (vendored or private): their functions
#: take any array by design, so calling them is not a backend call.
ARRAY_API_HELPER_MODULES: Final = frozenset(
    {"_lib", "_array_api", "array_api_compat", "array_api_extra", "_array_api_override"}
)

#: Functions that obtain a namespace; the first assignment target gets it.
NAMESPACE_FUNCTIONS: Final = frozenset(
    {
        "namespace",  # ember_array.namespace
        "array_namespace",  # array_api_compat / ember_array alias
        "get_namespace",  # scikit-learn
        "get_namespace_and_device",  # scikit-learn
        "__array_namespace__",  # x.__array_namespace__()
    }
)

STANDARD_FUNCTIONS: Final = frozenset(n for n in MAIN if n not in DTYPES and n not in CONSTANTS)
STANDARD_TOP: Final = frozenset(MAIN) | frozenset(DUNDERS) | {"linalg", "fft"}
STANDARD_SUB: Final = {"linalg": frozenset(LINALG), "fft": frozenset(FFT)}

#: numpy's / torch's spelling -> the standard's (a call or a short hint).
RENAMES: Final = {
    "concatenate": "concat",
    "cat": "concat",
    "power": "pow",
    "arccos": "acos",
    "arcsin": "asin",
    "arctan": "atan",
    "arctan2": "atan2",
    "arccosh": "acosh",
    "arcsinh": "asinh",
    "arctanh": "atanh",
    "absolute": "abs",
    "fabs": "abs",
    "invert": "bitwise_invert",
    "bitwise_not": "bitwise_invert",
    "left_shift": "bitwise_left_shift",
    "right_shift": "bitwise_right_shift",
    "transpose": "permute_dims",
    "permute": "permute_dims",
    "swapaxes": "permute_dims",
    "amax": "max",
    "amin": "min",
    "clamp": "clip",
    "conjugate": "conj",
    "true_divide": "divide",
    "around": "round",
    "cumsum": "cumulative_sum",
    "cumprod": "cumulative_prod",
    "unique": "unique_values (or unique_all/unique_counts/unique_inverse)",
    "array": "asarray",
    "copy": "asarray(x, copy=True)",
    "ravel": "reshape(x, (-1,))",
    "flatten": "reshape(x, (-1,))",
    "dot": "matmul, vecdot or tensordot",
    "inner": "vecdot",
    "norm": "linalg.vector_norm or linalg.matrix_norm",
    "hstack": "concat(..., axis=1)",
    "vstack": "concat(..., axis=0)",
    "float_": "float64",
    "double": "float64",
    "single": "float32",
    "int_": "int64",
    "intp": "int64",
    "bool_": "bool",
    "cfloat": "complex128",
    "cdouble": "complex128",
    "csingle": "complex64",
    "clongdouble": "complex128",
    "divmod": "floor_divide and remainder",
    "mod": "remainder",
    "fmod": "remainder (sign differs)",
    "rint": "round",
    "atleast_1d": "reshape or expand_dims",
    "numel": "size(x) from ember_array / math.prod(x.shape)",
    "erf": "(none: write it with the standard's functions)",
}

#: Dtype spellings that are not the standard's.
NON_STANDARD_DTYPES: Final = frozenset(
    {
        "float16",
        "half",
        "bfloat16",
        "float128",
        "longdouble",
        "complex256",
        "clongdouble",
        "float_",
        "double",
        "single",
        "int_",
        "intp",
        "uintp",
        "bool_",
        "cfloat",
        "cdouble",
        "csingle",
        "object_",
        "str_",
        "bytes_",
        "longlong",
        "ulonglong",
        "short",
        "ushort",
        "byte",
        "ubyte",
        "intc",
        "uintc",
    }
)

#: Keywords users bring from numpy/torch, with the standard's spelling.
KEYWORD_RENAMES: Final = {
    "a_min": "min",
    "a_max": "max",
    "ddof": "correction",
    "keepdim": "keepdims",
    "dim": "axis",
    "out": "(none: assign the result)",
    "order": "(none: the standard has no memory order)",
    "casting": "(none)",
    "initial": "(none)",
    "where": "(none: use xp.where)",
    "requires_grad": "(none)",
}

#: Attributes and methods of the standard's array object (besides dunders).
ARRAY_ATTRIBUTES: Final = frozenset({"dtype", "device", "mT", "ndim", "shape", "size", "T"})
ARRAY_METHODS: Final = frozenset({"to_device"})

#: Methods that force the array to the host (a sync) and leave array code.
HOST_METHODS: Final = frozenset({"item", "tolist", "numpy", "__float__", "__int__", "__bool__"})

#: Device methods of torch/cupy/jax arrays.
DEVICE_METHODS: Final = frozenset({"cuda", "cpu", "to", "get", "block_until_ready"})

#: Calls that test which backend or container an object is: code they guard is
#: backend-specific on purpose and is not judged.
GUARDS: Final = frozenset(
    {
        "issparse",
        "isspmatrix",
        "isscalar",
        "is_numpy_array",
        "is_numpy_namespace",
        "_is_numpy_namespace",
        "is_torch_array",
        "is_torch_namespace",
        "is_mlx_array",
        "is_jax_array",
        "is_jax_namespace",
        "is_cupy_array",
        "is_cupy_namespace",
        "is_dask_array",
        "is_dask_namespace",
        "is_array_api_strict_namespace",
        "is_pydata_sparse_array",
        "is_writeable_array",
        "is_lazy_array",
        "isinstance",
        "hasattr",
        "callable",
    }
)

#: Words in a flag's name that mark a backend test (``is_array_api_compliant``, ``X_is_sparse``).
GUARD_WORDS: Final = ("array_api", "sparse", "is_numpy", "is_torch", "is_mlx", "is_jax")

#: Library names whose appearance in a string comparison (``xp.__name__ == "cupy"``,
#: ``array_namespace != "sparse"``) marks backend-specific code.
BACKEND_STRINGS: Final = (
    "numpy",
    "torch",
    "mlx",
    "jax",
    "cupy",
    "dask",
    "array_api_strict",
    "sparse",
)

#: Backend functions that only inspect an object's type: harmless on any array.
BACKEND_PREDICATES: Final = frozenset(
    {"issparse", "isspmatrix", "isscalar", "iterable", "is_tensor", "is_floating_point"}
)

#: Namespace functions whose result is not an array.
NON_ARRAY_RESULTS: Final = frozenset(
    {
        "finfo",
        "iinfo",
        "result_type",
        "isdtype",
        "can_cast",
        "broadcast_shapes",
        "__array_namespace_info__",
        "meshgrid",
        "broadcast_arrays",
        "unstack",
    }
)

#: A library's device calls (EA602), as (top-level module, function).
DEVICE_CALLS: Final = frozenset({("torch", "device"), ("torch", "set_default_device")})

#: A library's random generators outside a ``random`` module (EA601): library -> functions.
RNG_CALLS: Final = {
    "torch": frozenset(
        {
            "rand",
            "randn",
            "randint",
            "randperm",
            "manual_seed",
            "normal",
            "bernoulli",
            "multinomial",
            "rand_like",
            "randn_like",
            "randint_like",
        }
    )
}

#: Backends the dtype and in-place rules can target; "mlx-gpu" is mlx on a GPU stream.
TARGETS: Final = ("numpy", "torch", "mlx", "mlx-gpu", "jax", "dask")
DEFAULT_TARGETS: Final = ("numpy", "torch", "mlx")

#: Backends whose arrays cannot be updated in place (jax arrays are immutable:
#: https://docs.jax.dev/en/latest/faq.html, "x.at[idx].set(y)").
IMMUTABLE_TARGETS: Final = frozenset({"jax"})

#: Targets that are a backend of the registry on one kind of device: target -> (backend,
#: device kind), whose dtypes the registry's float64 rule (``Backend.holds_float64``) limits.
TARGET_DEVICES: Final = {"mlx-gpu": ("mlx", "gpu")}


def not_standard(name: str, api_version: str) -> tuple[str, str | None]:
    """EA101's message and fix for ``xp.<name>`` outside revision ``api_version``: a name of
    the 2026.12 draft (``xp.top_k``) is standard only where the project targets the draft."""
    if name in NEW_IN_DRAFT:
        return (
            f"`xp.{name}` is new in the {DRAFT_VERSION} draft, not in the {api_version} "
            "standard this project targets",
            f'set api-version = "{DRAFT_VERSION}" in [tool.ember_array.lint] and take xp from '
            f'namespace(x, api_version="{DRAFT_VERSION}")',
        )
    hint = std_hint(name)
    return f"`xp.{name}` is not in the array API standard", f"use xp.{hint}" if hint else None


def std_hint(name: str) -> str | None:
    """The standard's spelling of a numpy/torch name, if the standard has one."""
    if name in RENAMES:
        return RENAMES[name]
    if name in STANDARD_FUNCTIONS or name in STANDARD_TOP:
        return name
    return None

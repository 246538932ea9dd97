"""The two-argument functions' factory: array-api-compat's meaning without its runtime
promotion calls, and uint16/32/64 promoted by the standard's table (:mod:`._uints`).

The element-wise functions (:mod:`._elementwise`) and ``matmul``'s general case
(:mod:`._linear_algebra`) are built with :func:`binary`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import array_api_compat.torch as _compat
import torch

from .._boundary import UNCLEAN, translate, translates_errors
from .._markers import wraps_native
from ._data_types import SCALARS, scalar_dtype
from ._uints import BINARY as UINT_BINARY
from ._uints import UINTS, promote_dtypes

__all__ = ["binary"]

_Tensor = torch.Tensor
_TORCH_NAMES = {"equal": "eq"}
_REAL_FLOATS = frozenset((torch.float16, torch.bfloat16, torch.float32, torch.float64))


# torch: refuses to promote uint16/uint32/uint64 with other dtypes;
# https://github.com/pytorch/pytorch/issues/58734
def binary(
    name: str,
    scalar_x1: bool,
    scalar_x2: bool,
    native: Callable[..., torch.Tensor] | None = None,
    slow: Callable[..., torch.Tensor] | None = None,
    clamp: Callable[..., torch.Tensor] | None = None,
) -> Callable[..., torch.Tensor]:
    """array-api-compat's two-argument function, without its runtime promotion calls.

    * two tensors of one dtype: nothing to promote, call torch directly (compat computes
      ``result_type`` on every call, ~2 µs, to undo torch's promotion of 0-d tensors);
    * uint16/32/64: torch has no kernels for most functions and refuses to promote them;
      cast to the standard's promoted dtype (TypeError where the table has none) and compute
      with :data:`ember_array.torch._uints.BINARY` (a Python int stays an int there);
    * a Python scalar where torch takes none (``scalar_x1``/``scalar_x2``, compat's flags):
      a 0-d tensor of :func:`scalar_dtype`, so that ``torch.compile(fullgraph=True)`` traces
      ``maximum(x, 0.0)`` without a graph break; a scalar torch takes goes to torch as is;
    * anything else: array-api-compat's wrapper.

    ``native`` and ``slow`` replace torch's function and array-api-compat's wrapper; ``clamp``
    (``maximum``/``minimum``) takes a floating tensor and a Python scalar of its dtype: no
    0-d tensor is made (eager ~2 µs; compiled, ``maximum(d, 0.0)`` then costs what
    ``clamp_min(d, 0.0)`` does), with the same values, NaN and signed zeros included.
    """
    slow = slow or getattr(_compat, name)
    native = native or getattr(torch, _TORCH_NAMES.get(name, name))
    uint: Callable[..., torch.Tensor] = UINT_BINARY.get(name, native)

    def f(x1: Any, x2: Any, /) -> torch.Tensor:
        try:
            if isinstance(x1, _Tensor):
                if isinstance(x2, _Tensor):
                    dtype = x1.dtype
                    if dtype is x2.dtype:  # torch dtypes are singletons
                        if dtype in UINTS:
                            return uint(x1, x2)
                        return native(x1, x2)
                    if dtype in UINTS or x2.dtype in UINTS:
                        dt = promote_dtypes(x1.dtype, x2.dtype)
                        return (uint if dt in UINTS else native)(x1.to(dt), x2.to(dt))
                elif clamp is not None and type(x2) is float and x1.dtype in _REAL_FLOATS:
                    return clamp(x1, x2)  # first: fewer Dynamo guards under torch.compile
                elif isinstance(x2, SCALARS):
                    if x1.dtype in UINTS and type(x2) is int:
                        return uint(x1, x2)
                    if scalar_x2:
                        x2 = torch.tensor(x2, dtype=scalar_dtype(x1.dtype, x2), device=x1.device)
                    return native(x1, x2)
            elif isinstance(x2, _Tensor) and isinstance(x1, SCALARS):
                if x2.dtype in UINTS and type(x1) is int:
                    return uint(x1, x2)
                if scalar_x1:
                    x1 = torch.tensor(x1, dtype=scalar_dtype(x2.dtype, x1), device=x2.device)
                    return native(x1, x2)
            return slow(x1, x2)
        except UNCLEAN as e:  # in this frame: a wrapper would cost ~0.15 us a call
            raise translate(e, name, "torch", (x1, x2)) from e

    f.__name__ = f.__qualname__ = name
    f.__doc__ = slow.__doc__
    f.__module__ = "ember_array.torch"
    return translates_errors(wraps_native()(f))

"""The namespace's default floating dtypes: float32 (mlx's), or float64 on the CPU, opt-in.

:func:`set_default_dtype` is the one switch, read at call time through :data:`DEFAULTS` (one
attribute read on the hot paths). It mirrors ``torch.set_default_dtype``, which SciPy's test
suite sets to float64: ember_array's SciPy pytest plugin does the same for mlx. The setting is
global to the process, as torch's is (not per thread); set it once, before work starts.

The complex default follows the real one as in torch: complex64 with float32, complex128 with
float64. mlx has no complex128, so with a float64 default every place that would pick the
default complex dtype (``asarray(1j)``, ``full(shape, 1j)``, ``linspace`` with complex ends)
raises ``TypeError`` instead of computing complex64 silently; ``dtype=complex64`` still works.
"""

from __future__ import annotations

from typing import Any

import mlx.core as mx

from ._devices import default_device, holds_float64
from ._dtype_objects import DTYPES, UnsupportedDtype, complex128, name_of

__all__ = ["DEFAULTS", "get_default_dtype", "set_default_dtype", "default_complex", "floating"]


class Defaults:
    """The current defaults: ``real`` (float32 or float64) and ``complex`` (complex64, or the
    :data:`complex128` marker where the real default is float64)."""

    __slots__ = ("complex", "ints_to", "real")

    def __init__(self) -> None:
        self.real: mx.Dtype = DTYPES["float32"]
        self.complex: Any = DTYPES["complex64"]
        #: what integer and bool input of a floating function becomes before mlx's kernel
        #: (None: nothing, mlx's kernels compute float32 from integers, the default)
        self.ints_to: mx.Dtype | None = None


#: The one source of the namespace's default floating dtypes, read at call time.
DEFAULTS = Defaults()

_REAL = {"float32": "complex64", "float64": "complex128"}


def get_default_dtype() -> Any:
    """Return the default real floating dtype of :mod:`ember_array.mlx`.

    Returns
    -------
    dtype
        ``float32`` (mlx's own default) unless :func:`set_default_dtype` chose ``float64``.

    See Also
    --------
    set_default_dtype : change it.

    Examples
    --------
    >>> import ember_array.mlx as xp
    >>> xp.get_default_dtype() == xp.float32
    True
    """
    return DEFAULTS.real


def set_default_dtype(dtype: Any, /) -> None:
    """Set the default real floating dtype of :mod:`ember_array.mlx` (``torch``'s switch).

    The default is what the namespace picks where no ``dtype=`` says otherwise: creation
    functions given Python floats or no data (``asarray(1.5)``, ``zeros``, ``ones``, ``empty``,
    ``full``, ``eye``, ``linspace``, ``arange`` with a float bound), ``fft.fftfreq`` and
    ``fft.rfftfreq``, ``result_type`` of an integer array with a Python float, integer input
    promoted by ``linalg`` and ``vector_norm``, and
    ``__array_namespace_info__().default_dtypes()``. ``*_like`` functions keep their input's
    dtype. mlx's own kernels that turn integers into floats (``divide`` of two integer arrays,
    ``sqrt`` of integers, an integer array plus a Python float) still compute float32: they are
    mlx's, and the standard leaves these promotions unspecified.

    The setting is global to the process, as ``torch.set_default_dtype`` is, not per thread.

    Parameters
    ----------
    dtype : dtype
        ``float32`` or ``float64`` of :mod:`ember_array.mlx` (or the ``mlx.core`` objects).
        With float64 the default complex dtype is complex128, which mlx does not have: creation
        functions that would pick it raise ``TypeError`` (pass ``dtype=complex64``).

    Raises
    ------
    TypeError
        ``dtype`` is not float32 or float64.
    ValueError
        ``dtype`` is float64 and mlx's default device is a GPU, which cannot hold float64 (make
        the CPU the default first: ``mx.set_default_device(mx.cpu)``).

    See Also
    --------
    get_default_dtype : read it back.
    ember_array.integrations.scipy.enable : SciPy's ``xp_default_dtype`` answers it.

    Examples
    --------
    >>> import mlx.core as mx
    >>> import ember_array.mlx as xp
    >>> mx.set_default_device(mx.cpu)
    >>> xp.set_default_dtype(xp.float64)
    >>> xp.asarray([0.1, 0.2]).dtype == xp.float64
    True
    >>> xp.set_default_dtype(xp.float32)
    >>> xp.zeros(2).dtype == xp.float32
    True
    """
    name = _real_name(dtype)
    if name == "float64" and not holds_float64(default_device()):
        raise ValueError(
            "set_default_dtype [mlx]: float64 cannot be the default while mlx's default device "
            f"is {default_device().name!r}, which has no float64; call "
            "mx.set_default_device(mx.cpu) first"
        )
    DEFAULTS.real = DTYPES[name]
    DEFAULTS.ints_to = DTYPES[name] if name == "float64" else None
    DEFAULTS.complex = complex128 if _REAL[name] == "complex128" else DTYPES[_REAL[name]]


def _real_name(dtype: Any) -> str:
    if isinstance(dtype, mx.Dtype):
        name = name_of(dtype)
        if name in _REAL:
            return name
    shown = dtype.name if isinstance(dtype, UnsupportedDtype) else repr(dtype)
    raise TypeError(f"set_default_dtype [mlx]: the default must be float32 or float64, got {shown}")


def default_complex(func: str) -> mx.Dtype:
    """The default complex dtype for ``func``; ``TypeError`` where it is complex128 (a float64
    default), which mlx does not have."""
    dt = DEFAULTS.complex
    if isinstance(dt, mx.Dtype):
        return dt
    raise TypeError(
        f"{func} [mlx]: the default complex dtype is complex128 (set_default_dtype(float64)), "
        "which mlx does not have; pass dtype=complex64"
    )


def floating(x: Any) -> Any:
    """``x`` cast to the default real floating dtype where it is an integer or bool mlx array
    and that default is float64; anything else as it is (one attribute read with the float32
    default). For the functions whose result is floating: mlx computes float32 from integers
    whatever the default (``divide``, ``mean``), numpy and torch the default."""
    to = DEFAULTS.ints_to
    if to is None or not isinstance(x, mx.array) or mx.issubdtype(x.dtype, mx.inexact):
        return x
    return x.astype(to)

"""Cosine-sum windows (Hann, Hamming, Blackman) with torch's definitions, on any namespace.

:data:`WINDOW_PATHS` maps a backend to its fast path; other namespaces evaluate the cosine sum
in standard functions. Imports :mod:`._checks` only.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any, Protocol

from .._markers import dispatches_through
from ._checks import backend_name, check_bool, check_int

#: The coefficients of a cosine sum, ``a_0, a_1...`` (the window is ``sum_k (-1)**k a_k cos(...)``).
Coeffs = tuple[float, ...]
#: What ``xp=`` takes: a namespace module, a backend name, or None (numpy).
XP = ModuleType | str | None


def _resolve_xp(func: str, xp: Any) -> ModuleType:
    """A namespace module from ``xp=``: None (numpy), a backend name, or a module."""
    from .._dispatch import resolve_xp

    return resolve_xp(xp, func, default="numpy")


def _cosine_window(
    func: str,
    coeffs: tuple[float, ...],
    n: int,
    periodic: bool,
    dtype: Any,
    device: Any,
    xp: Any,
) -> Any:
    """``sum_k (-1)**k coeffs[k] cos(2 pi k i / N)``, ``N = n`` if periodic else ``n - 1``."""
    ns = _resolve_xp(func, xp)
    backend = backend_name(ns)
    n = check_int(func, backend, "n", n, 0)
    periodic = check_bool(func, backend, "periodic", periodic)
    if dtype is None:
        dtype = ns.__array_namespace_info__().default_dtypes(device=device)["real floating"]
    elif not (dtype == ns.float32 or dtype == ns.float64):
        raise TypeError(
            f"{func} [{backend}]: dtype must be a real floating dtype (float32 or float64), "
            f"got {dtype}"
        )
    fast = WINDOW_PATHS.get(backend)
    if fast is not None:
        return fast(ns, func, coeffs, n, periodic, dtype, device)
    if n <= 1:
        # torch: an empty window for 0 and [1.] for 1 (the cosine formula would divide by 0).
        return ns.ones((n,), dtype=dtype, device=device)
    period = n if periodic else n - 1
    phase = ns.arange(n, dtype=dtype, device=device) * (2.0 * math.pi / period)
    acc: Any = None
    for k, c in enumerate(coeffs[1:], start=1):
        term = ((-1) ** k * c) * ns.cos(phase if k == 1 else phase * float(k))
        acc = term if acc is None else acc + term
    return acc + coeffs[0]


def _window_torch(
    ns: ModuleType, func: str, coeffs: Coeffs, n: int, periodic: bool, dtype: Any, device: Any
) -> Any:
    torch = sys.modules["torch"]
    kw: dict[str, Any] = {"periodic": periodic, "dtype": dtype, "device": device}
    if func == "hann_window":
        return torch.hann_window(n, **kw)
    if func == "hamming_window":
        return torch.hamming_window(n, alpha=coeffs[0], beta=coeffs[1], **kw)
    return torch.blackman_window(n, **kw)


def _window_numpy(
    ns: ModuleType, func: str, coeffs: Coeffs, n: int, periodic: bool, dtype: Any, device: Any
) -> Any:
    if n <= 1:
        # torch: an empty window for 0 and [1.] for 1 (the cosine formula would divide by 0).
        return ns.ones((n,), dtype=dtype, device=device)
    import numpy as np

    # computed in float64, then rounded once to the requested dtype
    phase = np.arange(n) * (2.0 * math.pi / (n if periodic else n - 1))
    w = np.full(n, coeffs[0])
    for k, c in enumerate(coeffs[1:], start=1):
        w += (-1) ** k * c * np.cos(k * phase)
    return w.astype(dtype, copy=False)


#: backend -> its window fast path (torch's own window functions; numpy in float64); others
#: evaluate the cosine sum in the namespace.
WINDOW_PATHS: dict[str, Callable[..., Any]] = {"numpy": _window_numpy, "torch": _window_torch}


#: The docstring of each window function, filled by :func:`_window`.
_WINDOW_DOC = """{summary}

Parameters
----------
n : int
    Window length (0 gives an empty window, 1 gives ``[1.0]``).
periodic : bool, optional
    True (default, as torch): ``N = n``, the window for spectral analysis (the first ``n``
    points of a symmetric window of ``n + 1``). False: symmetric, ``N = n - 1``.
dtype : dtype, optional
    float32 or float64 of the namespace; default the namespace's default real floating dtype
    (numpy float64, torch's default dtype, mlx float32).
device : device object or str, optional
    Device of the namespace (as its creation functions take it).
xp : module or str, optional
    The namespace: a module (``ember_array.torch``, ``torch``, ``mlx.core``,
    ``array_api_strict``...) or a backend name ``"numpy" | "torch" | "mlx"``; default numpy.

Returns
-------
array
    Shape ``(n,)``, of ``xp``.

Raises
------
TypeError
    If ``dtype`` is not a real floating dtype.
ValueError
    If ``n < 0`` or ``xp`` names an unknown backend.

See Also
--------
{others}
stft : takes the window as ``window=``.

Examples
--------
>>> from ember_array import signal
{examples}
"""

#: name -> (coefficients of the cosine sum, summary line, examples after
#: ``from ember_array import signal``)
_WINDOWS: dict[str, tuple[Coeffs, str, str]] = {
    "hann_window": (
        (0.5, 0.5),
        "Hann window, ``0.5 - 0.5 cos(2 pi i / N)``, as ``torch.hann_window``.",
        """
>>> signal.hann_window(4, xp="numpy")
array([0. , 0.5, 1. , 0.5])
>>> signal.hann_window(5, periodic=False, xp="numpy")
array([0. , 0.5, 1. , 0.5, 0. ])
>>> import torch
>>> signal.hann_window(4, xp="torch")
tensor([0.0000, 0.5000, 1.0000, 0.5000])
""",
    ),
    "hamming_window": (
        (0.54, 0.46),
        "Hamming window, ``0.54 - 0.46 cos(2 pi i / N)``, as ``torch.hamming_window``.",
        """
>>> signal.hamming_window(4, xp="numpy")
array([0.08, 0.54, 1.  , 0.54])
""",
    ),
    "blackman_window": (
        (0.42, 0.5, 0.08),
        "Blackman window, ``0.42 - 0.5 cos(2 pi i / N) + 0.08 cos(4 pi i / N)``, as torch's.",
        """
>>> import numpy as np
>>> np.round(signal.blackman_window(4, xp="numpy"), 6) + 0.0
array([0.  , 0.34, 1.  , 0.34])
""",
    ),
}


class _Window(Protocol):
    """The signature of the window functions."""

    def __call__(
        self, n: int, *, periodic: bool = True, dtype: Any = None, device: Any = None, xp: XP = None
    ) -> Any: ...


def _window(name: str) -> _Window:
    """The window function ``name`` (:data:`_WINDOWS`), documented from :data:`_WINDOW_DOC`."""
    coeffs, summary, examples = _WINDOWS[name]

    def window(
        n: int, *, periodic: bool = True, dtype: Any = None, device: Any = None, xp: XP = None
    ) -> Any:
        return _cosine_window(name, coeffs, n, periodic, dtype, device, xp)

    window.__name__ = window.__qualname__ = name
    others = ", ".join(w for w in _WINDOWS if w != name)
    window.__doc__ = _WINDOW_DOC.format(summary=summary, others=others, examples=examples.strip())
    return dispatches_through(WINDOW_PATHS)(window)


hann_window = _window("hann_window")
hamming_window = _window("hamming_window")
blackman_window = _window("blackman_window")

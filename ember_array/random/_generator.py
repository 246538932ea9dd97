"""``Generator``: stateful random numbers, portable (threefry keys) or native.

``impl="portable"`` holds a key and splits it before every draw, exactly as mlx's global
``KeySequence`` does (``key, sub = split(key)``; draw with ``sub``), so it gives the same
numbers on every backend. ``impl="native"`` wraps the backend's own generator object:
``np.random.Generator(PCG64(seed))``, a seeded ``torch.Generator``, or an mlx key advanced
with ``mx.random.split``. Neither touches a library's global random state.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any, TypeVar

from .._helpers import device as _device_of
from .._markers import dispatches_through
from ._core import bits, key, seed_value, split
from ._discrete import integers, permutation
from ._dists import (
    bernoulli,
    categorical,
    normal,
    shift_scale,
    truncated_normal,
    uniform,
)
from ._native import NATIVE_ENGINES, make_native
from ._params import bernoulli_setup, check_broadcast, check_uniform_bounds, float_dtype, int_bounds
from ._words import Words, backend_for, check_shape

__all__ = ["Generator"]

#: Parameters entries more than one method shares.
_SHAPE = ("shape : int or tuple of int, optional", "Output shape.")
_FLOAT_DTYPE = ("dtype : dtype, optional", "A real floating dtype, default float32.")

#: Per method: its Parameters entries, what its array holds, and its example (after
#: ``g = Generator(0, xp="numpy")``). The sections every method shares are in _METHOD_DOC.
_METHOD_DOCS = {
    "bits": (
        [
            _SHAPE,
            (
                "dtype : dtype, optional",
                "``uint32`` (default), ``uint8``, ``uint16`` or ``uint64``.",
            ),
        ],
        "Unsigned integers of ``shape``.",
        ">>> g.bits((2,))\narray([2476266942, 1284935054], dtype=uint32)",
    ),
    "uniform": (
        [
            _SHAPE,
            _FLOAT_DTYPE,
            ("low, high : float or array, optional", "Bounds (default 0 and 1)."),
        ],
        "Floats of ``shape`` and ``dtype``.",
        ">>> g.uniform((2,), low=-1.0, high=1.0).shape\n(2,)",
    ),
    "normal": (
        [
            _SHAPE,
            _FLOAT_DTYPE,
            (
                "loc, scale : float or array, optional",
                "Mean and standard deviation (default 0 and 1).",
            ),
        ],
        "Floats of ``shape`` and ``dtype``.",
        ">>> g.normal((2,)).dtype\ndtype('float32')",
    ),
    "integers": (
        [
            ("low, high : int", "Bounds, ``low < high``."),
            _SHAPE,
            (
                "dtype : dtype, optional",
                "An integer dtype, default the namespace's default integer dtype.",
            ),
        ],
        "Integers of ``shape``.",
        ">>> g.integers(0, 6, (3,))\narray([2, 2, 0])",
    ),
    "bernoulli": (
        [
            ("p : float or array, optional", "Probability in ``[0, 1]`` (default 0.5)."),
            ("shape : int or tuple of int, optional", "Output shape, default ``p``'s shape."),
        ],
        "Booleans.",
        ">>> g.bernoulli(0.5, (3,))\narray([False,  True,  True])",
    ),
    "permutation": (
        [
            (
                "x : int or array",
                "``n`` for a permutation of ``0 .. n - 1``, or an array to shuffle.",
            ),
            ("axis : int, optional", "The axis of ``x`` to shuffle."),
        ],
        "The permuted indices, or ``x`` permuted along ``axis``.",
        ">>> g.permutation(4)\narray([2, 1, 3, 0])",
    ),
    "categorical": (
        [
            ("logits : array", "Unnormalised log-probabilities, a real floating array."),
            ("axis : int, optional", "The category axis."),
            ("shape : tuple of int, optional", "Output shape, default the batch shape."),
        ],
        "Integer indices into ``axis``.",
        ">>> import numpy as np\n>>> g.categorical(np.zeros(3), shape=(2,))\narray([1, 2])",
    ),
    "truncated_normal": (
        [
            ("lower, upper : float or array", "Bounds, ``lower < upper``."),
            (
                "shape : int or tuple of int, optional",
                "Output shape, default the bounds' broadcast shape.",
            ),
            _FLOAT_DTYPE,
        ],
        "Samples in ``[lower, upper]``.",
        ">>> bool(((abs(g.truncated_normal(-1.0, 1.0, (100,)))) <= 1.0).all())\nTrue",
    ),
}

_METHOD_DOC = """{summary}

Parameters
----------
{parameters}

Returns
-------
{returns}

Raises
------
TypeError, ValueError
    For the arguments :func:`ember_array.random.{name}` rejects.

See Also
--------
ember_array.random.{name}

Examples
--------
>>> from ember_array.random import Generator
>>> g = Generator(0, xp="numpy")
{example}
"""

_Method = TypeVar("_Method", bound=Callable[..., Any])


def _documented(method: _Method) -> _Method:
    """Complete ``method``'s one-line docstring: its _METHOD_DOCS row in _METHOD_DOC."""
    parameters, returns, example = _METHOD_DOCS[method.__name__]
    doc = _METHOD_DOC.format(
        summary=method.__doc__,
        parameters="\n".join(f"{entry}\n    {text}" for entry, text in parameters),
        returns=f"array\n    {returns}",
        name=method.__name__,
        example=example,
    )
    # indented as a method's docstring is written, so inspect.getdoc and numpydoc read it so
    method.__doc__ = textwrap.indent(doc, " " * 8).lstrip()
    return method


@dispatches_through(NATIVE_ENGINES)
class Generator:
    """A seeded stream of random numbers on one backend.

    Each method draws from the stream and advances it (the key is split as mlx's
    ``KeySequence`` does); the functional API (:func:`key`, :func:`uniform`...) takes the key
    explicitly instead.

    Parameters
    ----------
    seed : int
        An integer in ``[0, 2**64)``.
    xp : module or str
        The backend: an ember namespace, the library module or ``"numpy"/"torch"/"mlx"``.
    device : device object or str, optional
        Where the samples live (default: the backend's default device).
    impl : {"portable", "native"}, optional
        ``"portable"`` (default): threefry2x32, the same numbers on every backend.
        ``"native"``: the backend's own generator, reproducible on that backend only, with
        that generator's own algorithms: numpy ``PCG64`` (``Generator.random``,
        ``standard_normal``, ``integers``, ``permutation``); torch ``rand``, ``randn``,
        ``randperm`` and ``randint`` (which reduces a 32-bit draw modulo the range for ranges
        up to 2**32, a relative bias up to ``range / 2**32``); mlx ``uniform``, ``normal``,
        ``permutation`` and ``randint`` (float32-based) for bounds within ``±2**24``. Where the
        native call cannot give the asked result exactly (torch ranges above 2**32, mlx
        integers beyond ``±2**24``, mlx float64, ``categorical`` and ``truncated_normal``
        everywhere), the portable transform runs on bits from the native stream.

    Raises
    ------
    TypeError
        If ``seed`` is not an integer or ``xp`` is not a backend.
    ValueError
        If ``seed`` is out of range or ``impl`` is unknown.

    See Also
    --------
    key : the functional API's starting point.

    Examples
    --------
    >>> from ember_array.random import Generator
    >>> g = Generator(0, xp="numpy")
    >>> g.uniform((2,))
    array([0.57655084, 0.29917225], dtype=float32)
    >>> import torch
    >>> Generator(0, xp="torch").uniform((2,))  # the same numbers on torch
    tensor([0.5766, 0.2992])
    """

    def __init__(self, seed: int, *, xp: Any, device: Any = None, impl: str = "portable") -> None:
        if impl not in ("portable", "native"):
            raise ValueError(f"Generator(): impl must be 'portable' or 'native', got {impl!r}")
        self._be: Words = backend_for(xp, "Generator")
        self.impl = impl
        self._key = key(seed, xp=self._be.xp, device=device)
        self.device = _device_of(self._key)
        self._native: Any = None
        if impl == "native":
            self._native = make_native(self._be, seed_value(seed, "Generator"), device)

    @property
    def xp(self) -> Any:
        """The namespace the samples belong to."""
        return self._be.xp

    def __repr__(self) -> str:
        return f"Generator(xp={self._be.name!r}, device={self.device!r}, impl={self.impl!r})"

    def _next_key(self) -> Any:
        """Advance the key like mlx's ``KeySequence.next()``: keep the first, use the second."""
        ks = split(self._key)
        self._key = ks[0, ...]  # a full index: strict arrays refuse x[0] on 2-d
        return ks[1, ...]

    def _float_draw(self, shape: Any, dtype: Any, func: str) -> tuple[tuple[int, ...], str]:
        """The checked shape and floating dtype name of a native draw."""
        return check_shape(shape, func), float_dtype(self._be, dtype, self.device, func)

    # The methods mirror the functional API without the key argument; each docstring is its
    # summary, completed by @_documented from _METHOD_DOCS.

    @_documented
    def bits(self, shape: Any = (), *, dtype: Any = None) -> Any:
        """Random bits from the stream, as :func:`ember_array.random.bits`."""
        if self._native is not None:
            return self._native.bits(check_shape(shape, "bits"), dtype)
        return bits(self._next_key(), shape, dtype=dtype)

    @_documented
    def uniform(
        self, shape: Any = (), *, dtype: Any = None, low: Any = 0.0, high: Any = 1.0
    ) -> Any:
        """Uniform floats in ``[low, high)`` from the stream, as :func:`uniform`."""
        if self._native is not None:
            shp, name = self._float_draw(shape, dtype, "uniform")
            check_uniform_bounds(self._be, shp, low, high)
            return self._native.uniform(shp, name, low, high)
        return uniform(self._next_key(), shape, dtype=dtype, low=low, high=high)

    @_documented
    def normal(
        self, shape: Any = (), *, dtype: Any = None, loc: Any = 0.0, scale: Any = 1.0
    ) -> Any:
        """Normal samples ``loc + scale * z`` from the stream, as :func:`normal`."""
        if self._native is None:
            return normal(self._next_key(), shape, dtype=dtype, loc=loc, scale=scale)
        # the native stream draws standard normals; loc and scale are applied as the portable
        # path applies them
        shp, name = self._float_draw(shape, dtype, "normal")
        check_broadcast(self._be, shp, [loc, scale], "normal")
        z = self._native.normal(shp, name)
        return shift_scale(self._be, z, loc, scale, getattr(self._be.xp, name))

    @_documented
    def integers(self, low: int, high: int, shape: Any = (), *, dtype: Any = None) -> Any:
        """Uniform integers in ``[low, high)`` from the stream (as :func:`integers`)."""
        if self._native is not None:
            name, lo, hi = int_bounds(self._be, dtype, low, high, "integers")
            return self._native.integers(lo, hi, check_shape(shape, "integers"), name)
        return integers(self._next_key(), low, high, shape, dtype=dtype)

    @_documented
    def bernoulli(self, p: Any = 0.5, shape: Any = None) -> Any:
        """Booleans, True with probability ``p``, from the stream (as :func:`bernoulli`)."""
        if self._native is not None:
            shp, name = bernoulli_setup(self._be, p, shape, "bernoulli")
            return self._native.uniform(shp, name, 0.0, 1.0) < p
        return bernoulli(self._next_key(), p, shape)

    @_documented
    def permutation(self, x: Any, *, axis: int = 0) -> Any:
        """A random permutation from the stream, as :func:`ember_array.random.permutation`."""
        if self._native is not None:
            return self._native.permutation(x, axis)
        return permutation(self._next_key(), x, axis=axis)

    @_documented
    def categorical(self, logits: Any, *, axis: int = -1, shape: Any = None) -> Any:
        """Categorical indices from the stream, as :func:`ember_array.random.categorical`."""
        # Gumbel-max needs only uniforms, so native draws them and shares the transform.
        key = self._next_key() if self._native is None else self._native.key()
        return categorical(key, logits, axis=axis, shape=shape)

    @_documented
    def truncated_normal(
        self, lower: Any, upper: Any, shape: Any = None, *, dtype: Any = None
    ) -> Any:
        """Normal samples in ``[lower, upper]`` from the stream (as :func:`truncated_normal`)."""
        key = self._next_key() if self._native is None else self._native.key()
        return truncated_normal(key, lower, upper, shape, dtype=dtype)

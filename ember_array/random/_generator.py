"""``Generator``: stateful random numbers, portable (threefry keys) or native.

``impl="portable"`` holds a key and splits it before every draw, exactly as mlx's global
``KeySequence`` does (``key, sub = split(key)``; draw with ``sub``), so it gives the same
numbers on every backend. ``impl="native"`` wraps the backend's own generator object:
``np.random.Generator(PCG64(seed))``, a seeded ``torch.Generator``, or an mlx key advanced
with ``mx.random.split``. Neither touches a library's global random state.
"""

from __future__ import annotations

import abc
import operator
from typing import Any

from .._helpers import device as _device_of
from .._markers import dispatches_through
from . import _core, _dists
from ._core import Words, _shape, _size, backend_for

__all__ = ["Generator"]


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
        self._key = _core.key(seed, xp=self._be.xp, device=device)
        self.device = _device_of(self._key)
        self._native: Any = None
        if impl == "native":
            self._native = _make_native(self._be, _core._seed_value(seed, "Generator"), device)

    @property
    def xp(self) -> Any:
        """The namespace the samples belong to."""
        return self._be.xp

    def __repr__(self) -> str:
        return f"Generator(xp={self._be.name!r}, device={self.device!r}, impl={self.impl!r})"

    def _next_key(self) -> Any:
        """Advance the key like mlx's ``KeySequence.next()``: keep the first, use the second."""
        ks = _core.split(self._key)
        self._key = ks[0, ...]  # a full index: strict arrays refuse x[0] on 2-d
        return ks[1, ...]

    # The methods below mirror the functional API without the key argument.

    def bits(self, shape: Any = (), *, dtype: Any = None) -> Any:
        """Random bits from the stream, as :func:`ember_array.random.bits`.

        Parameters
        ----------
        shape : int or tuple of int, optional
            Output shape.
        dtype : dtype, optional
            ``uint32`` (default), ``uint8``, ``uint16`` or ``uint64``.

        Returns
        -------
        array
            Unsigned integers of ``shape``.

        Raises
        ------
        TypeError, ValueError
            For the arguments :func:`ember_array.random.bits` rejects.

        See Also
        --------
        ember_array.random.bits

        Examples
        --------
        >>> from ember_array.random import Generator
        >>> g = Generator(0, xp="numpy")
        >>> g.bits((2,))
        array([2476266942, 1284935054], dtype=uint32)
        """
        if self._native is not None:
            return self._native.bits(_shape(shape, "bits"), dtype)
        return _core.bits(self._next_key(), shape, dtype=dtype)

    def uniform(
        self, shape: Any = (), *, dtype: Any = None, low: Any = 0.0, high: Any = 1.0
    ) -> Any:
        """Uniform floats in ``[low, high)`` from the stream, as :func:`ember_array.random.uniform`.

        Parameters
        ----------
        shape : int or tuple of int, optional
            Output shape.
        dtype : dtype, optional
            A real floating dtype, default float32.
        low, high : float or array, optional
            Bounds (default 0 and 1).

        Returns
        -------
        array
            Floats of ``shape`` and ``dtype``.

        Raises
        ------
        TypeError, ValueError
            For the arguments :func:`ember_array.random.uniform` rejects.

        See Also
        --------
        ember_array.random.uniform

        Examples
        --------
        >>> from ember_array.random import Generator
        >>> g = Generator(0, xp="numpy")
        >>> g.uniform((2,), low=-1.0, high=1.0).shape
        (2,)
        """
        if self._native is not None:
            shp = _shape(shape, "uniform")
            name = _dists._float_dtype(self._be, dtype, self.device, "uniform")
            _dists.check_uniform_bounds(self._be, shp, low, high)
            return self._native.uniform(shp, name, low, high)
        return _dists.uniform(self._next_key(), shape, dtype=dtype, low=low, high=high)

    def normal(
        self, shape: Any = (), *, dtype: Any = None, loc: Any = 0.0, scale: Any = 1.0
    ) -> Any:
        """Normal samples ``loc + scale * z`` from the stream, as :func:`ember_array.random.normal`.

        Parameters
        ----------
        shape : int or tuple of int, optional
            Output shape.
        dtype : dtype, optional
            A real floating dtype, default float32.
        loc, scale : float or array, optional
            Mean and standard deviation (default 0 and 1).

        Returns
        -------
        array
            Floats of ``shape`` and ``dtype``.

        Raises
        ------
        TypeError, ValueError
            For the arguments :func:`ember_array.random.normal` rejects.

        See Also
        --------
        ember_array.random.normal

        Examples
        --------
        >>> from ember_array.random import Generator
        >>> g = Generator(0, xp="numpy")
        >>> g.normal((2,)).dtype
        dtype('float32')
        """
        if self._native is not None:
            shp = _shape(shape, "normal")
            name = _dists._float_dtype(self._be, dtype, self.device, "normal")
            _dists._check_broadcast(self._be, shp, [loc, scale], "normal")
            z = self._native.normal(shp, name)
            return _dists.shift_scale(self._be, z, loc, scale, getattr(self._be.xp, name))
        return _dists.normal(self._next_key(), shape, dtype=dtype, loc=loc, scale=scale)

    def integers(self, low: int, high: int, shape: Any = (), *, dtype: Any = None) -> Any:
        """Uniform integers in ``[low, high)`` from the stream (as :func:`integers`).

        Parameters
        ----------
        low, high : int
            Bounds, ``low < high``.
        shape : int or tuple of int, optional
            Output shape.
        dtype : dtype, optional
            An integer dtype, default the namespace's default integer dtype.

        Returns
        -------
        array
            Integers of ``shape``.

        Raises
        ------
        TypeError, ValueError
            For the arguments :func:`ember_array.random.integers` rejects.

        See Also
        --------
        ember_array.random.integers

        Examples
        --------
        >>> from ember_array.random import Generator
        >>> g = Generator(0, xp="numpy")
        >>> g.integers(0, 6, (3,))
        array([2, 2, 0])
        """
        if self._native is not None:
            name, lo, hi = _dists._int_bounds(self._be, dtype, low, high, "integers")
            return self._native.integers(lo, hi, _shape(shape, "integers"), name)
        return _dists.integers(self._next_key(), low, high, shape, dtype=dtype)

    def bernoulli(self, p: Any = 0.5, shape: Any = None) -> Any:
        """Booleans, True with probability ``p``, from the stream (as :func:`bernoulli`).

        Parameters
        ----------
        p : float or array, optional
            Probability in ``[0, 1]`` (default 0.5).
        shape : int or tuple of int, optional
            Output shape, default ``p``'s shape.

        Returns
        -------
        array
            Booleans.

        Raises
        ------
        TypeError, ValueError
            For the arguments :func:`ember_array.random.bernoulli` rejects.

        See Also
        --------
        ember_array.random.bernoulli

        Examples
        --------
        >>> from ember_array.random import Generator
        >>> g = Generator(0, xp="numpy")
        >>> g.bernoulli(0.5, (3,))
        array([False,  True,  True])
        """
        if self._native is not None:
            shp, name = _dists._bernoulli_setup(self._be, p, shape, "bernoulli")
            return self._native.uniform(shp, name, 0.0, 1.0) < p
        return _dists.bernoulli(self._next_key(), p, shape)

    def permutation(self, x: Any, *, axis: int = 0) -> Any:
        """A random permutation from the stream, as :func:`ember_array.random.permutation`.

        Parameters
        ----------
        x : int or array
            ``n`` for a permutation of ``0 .. n - 1``, or an array to shuffle.
        axis : int, optional
            The axis of ``x`` to shuffle.

        Returns
        -------
        array
            The permuted indices, or ``x`` permuted along ``axis``.

        Raises
        ------
        TypeError, ValueError
            For the arguments :func:`ember_array.random.permutation` rejects.

        See Also
        --------
        ember_array.random.permutation

        Examples
        --------
        >>> from ember_array.random import Generator
        >>> g = Generator(0, xp="numpy")
        >>> g.permutation(4)
        array([2, 1, 3, 0])
        """
        if self._native is not None:
            return self._native.permutation(x, axis)
        return _dists.permutation(self._next_key(), x, axis=axis)

    def categorical(self, logits: Any, *, axis: int = -1, shape: Any = None) -> Any:
        """Categorical indices from the stream, as :func:`ember_array.random.categorical`.

        Parameters
        ----------
        logits : array
            Unnormalised log-probabilities, a real floating array.
        axis : int, optional
            The category axis.
        shape : tuple of int, optional
            Output shape, default the batch shape.

        Returns
        -------
        array
            Integer indices into ``axis``.

        Raises
        ------
        TypeError, ValueError
            For the arguments :func:`ember_array.random.categorical` rejects.

        See Also
        --------
        ember_array.random.categorical

        Examples
        --------
        >>> from ember_array.random import Generator
        >>> g = Generator(0, xp="numpy")
        >>> import numpy as np
        >>> g.categorical(np.zeros(3), shape=(2,))
        array([1, 2])
        """
        # Gumbel-max needs only uniforms, so native draws them and shares the transform.
        key = self._next_key() if self._native is None else self._native.key()
        return _dists.categorical(key, logits, axis=axis, shape=shape)

    def truncated_normal(
        self, lower: Any, upper: Any, shape: Any = None, *, dtype: Any = None
    ) -> Any:
        """Normal samples in ``[lower, upper]`` from the stream (as :func:`truncated_normal`).

        Parameters
        ----------
        lower, upper : float or array
            Bounds, ``lower < upper``.
        shape : int or tuple of int, optional
            Output shape, default the bounds' broadcast shape.
        dtype : dtype, optional
            A real floating dtype, default float32.

        Returns
        -------
        array
            Samples in ``[lower, upper]``.

        Raises
        ------
        TypeError, ValueError
            For the arguments :func:`ember_array.random.truncated_normal` rejects.

        See Also
        --------
        ember_array.random.truncated_normal

        Examples
        --------
        >>> from ember_array.random import Generator
        >>> g = Generator(0, xp="numpy")
        >>> bool(((abs(g.truncated_normal(-1.0, 1.0, (100,)))) <= 1.0).all())
        True
        """
        key = self._next_key() if self._native is None else self._native.key()
        return _dists.truncated_normal(key, lower, upper, shape, dtype=dtype)


# ------------------------------------------------------------------------ native engines


class _Native(abc.ABC):
    """Common part of the native engines: a backend and a device."""

    def __init__(self, be: Words, seed: int, device: Any) -> None:
        self.be = be
        self.device = device

    def key(self) -> Any:
        """A threefry key drawn from the native stream (for the shared transforms)."""
        b = self.bits((2,), None)
        return b

    def permutation(self, x: Any, axis: int) -> Any:
        xp = self.be.xp
        if hasattr(x, "shape"):
            n = x.shape[operator.index(axis)]
            return xp.take(x, self.perm(n), axis=axis)
        n = operator.index(x)
        if n < 0:
            raise ValueError(f"permutation(): n must be >= 0, got {n}")
        return self.perm(n)

    @abc.abstractmethod
    def bits(self, shp: tuple[int, ...], dtype: Any) -> Any:
        """Random unsigned bits of ``dtype`` (default uint32) from the native stream."""

    @abc.abstractmethod
    def uniform(self, shp: tuple[int, ...], name: str, low: Any, high: Any) -> Any:
        """Uniform floats of dtype ``name`` in ``[low, high)``."""

    @abc.abstractmethod
    def normal(self, shp: tuple[int, ...], name: str) -> Any:
        """Standard normals of dtype ``name``."""

    @abc.abstractmethod
    def integers(self, lo: int, hi: int, shp: tuple[int, ...], name: str) -> Any:
        """Integers in ``[lo, hi)`` of dtype ``name``."""

    @abc.abstractmethod
    def perm(self, n: int) -> Any:
        """A permutation of ``arange(n)``."""

    def integers_portable(self, lo: int, hi: int, shp: tuple[int, ...], name: str) -> Any:
        """Multiply-shift integers from 128 native random bits per value (exact range)."""
        n = _size(shp)
        be = self.be
        m = _dists.words_per_integer(lo, hi)
        w = self.bits((m * n,), None)
        u = be.xp.astype(w, be.xp.int64)
        parts = [u[i * n : (i + 1) * n] for i in range(m)]
        out = _core.map_blocks(
            be, lambda ps: _dists.integers_from_words(be, ps, lo, hi, name), parts
        )
        return be.xp.reshape(out, shp)


class _NumpyNative(_Native):
    def __init__(self, be: Words, seed: int, device: Any) -> None:
        super().__init__(be, seed, device)
        import numpy as np

        self.np = np
        self.rng = np.random.Generator(np.random.PCG64(seed))

    def bits(self, shp: tuple[int, ...], dtype: Any) -> Any:
        np = self.np
        name = "uint32" if dtype is None else _core._dtype_name(self.be, dtype, _core._BITS_DTYPES)
        if name is None:
            raise TypeError(f"bits(): dtype must be an unsigned integer dtype, got {dtype}")
        dt = np.dtype(name)
        return self.rng.integers(0, 2 ** (8 * dt.itemsize), size=shp, dtype=dt)

    def uniform(self, shp: tuple[int, ...], name: str, low: Any, high: Any) -> Any:
        np = self.np
        dt = np.float64 if name == "float64" else np.float32
        u = self.rng.random(shp, dtype=dt)
        if name not in ("float32", "float64"):
            u = u.astype(name)
        if _dists._is_array(low) or _dists._is_array(high) or low != 0.0 or high != 1.0:
            u = _dists.scale_uniform(self.be, u, low, high, u.dtype, "cpu")
        return u

    def normal(self, shp: tuple[int, ...], name: str) -> Any:
        np = self.np
        dt = np.float64 if name == "float64" else np.float32
        z = self.rng.standard_normal(shp, dtype=dt)
        return z if name in ("float32", "float64") else z.astype(name)

    def integers(self, lo: int, hi: int, shp: tuple[int, ...], name: str) -> Any:
        return self.rng.integers(lo, hi, size=shp, dtype=self.np.dtype(name))

    def perm(self, n: int) -> Any:
        return self.rng.permutation(n)


class _TorchNative(_Native):
    def __init__(self, be: Words, seed: int, device: Any) -> None:
        super().__init__(be, seed, device)
        import torch

        self.torch = torch
        self.dev = torch.device("cpu") if device is None else torch.device(device)
        self.gen = torch.Generator(device=self.dev)
        # torch seeds are 64-bit; manual_seed takes the value modulo 2**64 as uint64.
        self.gen.manual_seed(seed)

    def _u32(self, n: int) -> Any:
        torch = self.torch
        return torch.randint(0, 2**32, (n,), generator=self.gen, dtype=torch.int64, device=self.dev)

    def bits(self, shp: tuple[int, ...], dtype: Any) -> Any:
        torch = self.torch
        name = "uint32" if dtype is None else _core._dtype_name(self.be, dtype, _core._BITS_DTYPES)
        if name is None:
            raise TypeError(f"bits(): dtype must be an unsigned integer dtype, got {dtype}")
        n = _size(shp)
        if name == "uint64":
            w = self._u32(2 * n)
            v = (w[:n] << 32) | w[n:]
        else:
            v = self._u32(n)
            if name != "uint32":
                v = v & ((1 << (8 if name == "uint8" else 16)) - 1)
        return v.to(getattr(torch, name)).reshape(shp)

    def uniform(self, shp: tuple[int, ...], name: str, low: Any, high: Any) -> Any:
        torch = self.torch
        dt = getattr(torch, name)
        u = torch.rand(shp, generator=self.gen, dtype=dt, device=self.dev)
        if _dists._is_array(low) or _dists._is_array(high) or low != 0.0 or high != 1.0:
            u = _dists.scale_uniform(self.be, u, low, high, dt, self.dev)
        return u

    def normal(self, shp: tuple[int, ...], name: str) -> Any:
        torch = self.torch
        return torch.randn(shp, generator=self.gen, dtype=getattr(torch, name), device=self.dev)

    def integers(self, lo: int, hi: int, shp: tuple[int, ...], name: str) -> Any:
        torch = self.torch
        if hi - lo <= 2**32 and lo >= -(2**63) and hi <= 2**63 - 1:
            out = torch.randint(lo, hi, shp, generator=self.gen, dtype=torch.int64, device=self.dev)
            return out if name == "int64" else out.to(getattr(torch, name))
        # torch: randint cannot take high = 2**63 (and reduces 64-bit draws modulo the range);
        # https://github.com/pytorch/pytorch/issues/81446
        # Wide ranges use the portable multiply-shift on torch's own bits instead.
        return self.integers_portable(lo, hi, shp, name)

    def perm(self, n: int) -> Any:
        return self.torch.randperm(n, generator=self.gen, device=self.dev)


class _MlxNative(_Native):
    def __init__(self, be: Words, seed: int, device: Any) -> None:
        super().__init__(be, seed, device)
        import mlx.core as mx

        from ..mlx._devices import stream_for

        self.mx = mx
        self.stream = stream_for(device, None, "Generator")
        self.state = mx.random.key(seed)

    def _next(self) -> Any:
        self.state, sub = self.mx.random.split(self.state, stream=self.stream)
        return sub

    def key(self) -> Any:
        return self._next()

    def bits(self, shp: tuple[int, ...], dtype: Any) -> Any:
        # mlx: mx.random has no Python ``bits`` (no upstream issue found); its
        # ``split(key, m)`` *is* RandomBits of 2m words.
        name = "uint32" if dtype is None else _core._dtype_name(self.be, dtype, _core._BITS_DTYPES)
        if name is None:
            raise TypeError(f"bits(): dtype must be an unsigned integer dtype, got {dtype}")
        if name != "uint32":
            return _core.bits(self._next(), shp, dtype=dtype)
        n = _size(shp)
        w = self.mx.random.split(self._next(), (n + 1) // 2, stream=self.stream)
        return w.reshape(-1)[:n].reshape(shp)

    def uniform(self, shp: tuple[int, ...], name: str, low: Any, high: Any) -> Any:
        mx = self.mx
        if name == "float64":
            # mlx: mx.random.uniform has no float64 (no upstream issue found)
            # Use the portable mapping on an mlx key.
            return _dists.uniform(self._next(), shp, dtype=mx.float64, low=low, high=high)
        return mx.random.uniform(
            low, high, shp, dtype=getattr(mx, name), key=self._next(), stream=self.stream
        )

    def normal(self, shp: tuple[int, ...], name: str) -> Any:
        mx = self.mx
        if name == "float64":
            return _dists.normal(self._next(), shp, dtype=mx.float64)
        return mx.random.normal(shp, dtype=getattr(mx, name), key=self._next(), stream=self.stream)

    def integers(self, lo: int, hi: int, shp: tuple[int, ...], name: str) -> Any:
        mx = self.mx
        if lo >= -(2**24) and hi <= 2**24:
            return mx.random.randint(
                lo, hi, shp, dtype=getattr(mx, name), key=self._next(), stream=self.stream
            )
        # mlx: mx.random.randint maps a float32 uniform, so beyond 2**24 most integers are
        # never drawn; https://github.com/ml-explore/mlx/issues/3926
        # There the portable multiply-shift on an mlx key is exact and stays lazy.
        return _dists.integers(self._next(), lo, hi, shp, dtype=getattr(mx, name))

    def perm(self, n: int) -> Any:
        return self.be.xp.astype(
            self.mx.random.permutation(n, key=self._next(), stream=self.stream), self.mx.int64
        )


#: backend -> the engine of ``impl="native"`` (the support matrix reads this registry).
_NATIVE_ENGINES: dict[str, type[_Native]] = {
    "numpy": _NumpyNative,
    "torch": _TorchNative,
    "mlx": _MlxNative,
}
dispatches_through(_NATIVE_ENGINES)(Generator)  # the class is defined above its engines


def _make_native(be: Words, seed: int, device: Any) -> _Native:
    engine = _NATIVE_ENGINES.get(be.name)
    if engine is not None:
        return engine(be, seed, device)
    raise ValueError(
        f"Generator(): impl='native' supports numpy, torch and mlx, not {be.name}; "
        "use impl='portable'"
    )

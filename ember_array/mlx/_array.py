"""Opt-in patches of the ``mx.array`` class: :func:`install` and :func:`uninstall`.

Some gaps can only be closed on the array class itself.  ``install()`` — explicit, never run on
import, idempotent, fully undone by ``uninstall()`` — sets on ``mx.array``:

* ``device`` (property) and ``to_device(device, /, *, stream=None)``: see ``_devices``;
* ``__array_namespace__(api_version=None)`` returning :mod:`ember_array.mlx` instead of
  ``mlx.core``;
* ``__getitem__`` accepting a boolean mask (``x[mask]``, ``x[mask, ...]``, and one mask among
  integers, slices, None and an ellipsis: ``x[:, mask, 1:3]``, placed as numpy places it): the
  result shape depends on the data, so these **evaluate** the mask; every other key goes to the
  native method;
* ``__getitem__``/``__setitem__`` accepting numpy integer and boolean index arrays
  (``x[np_indices]``, ``x[np_indices, ...] = v``), converted to mlx arrays (torch and numpy
  accept them; mlx raises ``ValueError``);
* ``__setitem__`` ignoring a size-0 value under a boolean mask (``x[mask] = empty``, what
  ``array_api_extra.at(x, mask).set(...)`` does when the mask selects nothing): mlx's own
  ``__setitem__`` aborts the process with SIGFPE there (mlx 0.32.4). Decided from shapes only,
  so nothing is evaluated;
* ``__setitem__`` accepting one boolean mask among integers, slices, None and an ellipsis
  (``x[0, mask] = v``, lazily, through one mask over all of ``x``: ``_mask_assign``; mlx takes
  a mask only as the whole key), and raising ``IndexError`` for keys mlx's scatter cannot take
  (mlx raises an untranslated ``SystemError``); every other assignment goes to the native
  method;
* ``__rand__``, ``__ror__``, ``__rxor__``, ``__rlshift__``, ``__rrshift__`` with a Python scalar
  on the left (mlx has only ``__ror__``), and ``__rmatmul__``;
* ``__mod__``/``__rmod__``/``__imod__``, ``__lshift__``/``__ilshift__`` and
  ``__rshift__``/``__irshift__`` routed through the namespace's ``remainder`` and bit-shift
  functions (mlx gets the sign of zero remainders and shifts by >= the bit width wrong); the
  in-place forms keep the left operand's dtype and update it in place;
* ``__add__``, ``__sub__``, ``__mul__``, ``__truediv__``, ``__pow__`` and their reflected forms
  promote as the namespace functions do: where the standard's result is complex128 (float64
  with a complex operand, ``x + 0j``), they raise ``TypeError`` like ``add`` does, instead of
  mlx's silent complex64. Only complex results are checked, after the native operator;
* the other in-place operators (``+=``, ``-=``, ``*=``, ``/=``, ``//=``, ``**=``, ``&=``,
  ``|=``, ``^=``) keeping the array's shape and dtype: mlx's rebind ``x`` (every alias too) to
  the broadcast, promoted result. A same-kind result is cast back (float32 ``*=`` a float64
  array stays float32, as numpy and torch do), another kind raises ``TypeError``, a broadcast
  that grows ``x`` raises ``ValueError``;
* every binary operator (comparisons, in-place forms and ``@`` included) returning
  ``NotImplemented`` for an operand mlx does not know, so Python calls the other operand's
  reflected method (wrapper classes: masked, unit, labelled arrays), with numpy's rules:
  ``__array_ufunc__ = None`` or a higher ``__array_priority__`` defers before anything is
  tried (:mod:`._operators`); mlx raises ``ValueError`` and ``==`` answers ``False``. An
  operand whose own method declines too (a jax array: it knows numpy's arrays, not mlx's)
  gives Python's ``TypeError``, ``==`` and ``!=`` included (Python would answer by identity);
* ``__reduce_ex__`` pickling float64 arrays as float64 (mlx's own pickling restores them as
  float32: ``_pickling``);
* slices whose bounds are 0-d integer mlx arrays (``x[a:b]``) are converted with ``int()``
  (this evaluates the bounds, as any data-dependent shape must);

and on ``mx.Dtype``: ``__eq__``/``__ne__`` that answer ``False``/``True`` for non-dtypes
(``x.dtype == None``) instead of raising ``TypeError``.

``install()`` also runs :func:`ember_array.mlx._devices.share_streams`: the calling thread and
threads started afterwards get default streams any thread can evaluate, so lazy arrays can move
between threads (thread pools, joblib's threading backend); ``uninstall()`` undoes it.

Everything else (the other arithmetic results, other ``__setitem__`` keys) stays
mlx's own and runs on mlx's default device.  ``mx.array`` already has ``.mT``.

nanobind lets Python set attributes on these classes (checked on mlx 0.32.4).  The classes are
shared by every library in the process, so ``install()`` changes them for all code using mlx;
the functions of ``mlx.core`` are not touched.
"""

from __future__ import annotations

import math
from typing import Any

import mlx.core as mx
import numpy as np

from .._boundary import guard
from .._patch import ClassPatches
from .._spec import SUPPORTED_VERSIONS
from .._versions import versioned
from ._devices import share_streams, unshare_streams
from ._helpers import is_complex, is_int, scalar
from ._mask_assign import assign_with_mask
from ._operators import (
    CONVERTED,
    DEFERRING,
    complex_operator,
    deferring,
    wide_ints,
)
from ._pickling import reduce_ex

__all__ = ["install", "uninstall", "installed"]


def installed() -> bool:
    """Whether :func:`install` is in effect."""
    return _patches.installed()


def _device(self: mx.array) -> Any:
    from ._devices import device_of

    return device_of(self)


def _to_device(self: mx.array, device: Any, /, *, stream: Any = None) -> mx.array:
    from ._devices import to_device

    return to_device(self, device, stream=stream)


def _array_namespace(self: mx.array, /, *, api_version: str | None = None) -> Any:
    if api_version not in (None, *SUPPORTED_VERSIONS):
        raise ValueError(f"ember_array.mlx: unsupported api_version {api_version!r}")
    import ember_array.mlx as xp

    # ember_array.mlx, or its view for an older revision (lists where 2025.12 has tuples)
    return xp if api_version is None else versioned(xp, api_version)


def _is_mask(k: Any) -> bool:
    return isinstance(k, mx.array) and k.dtype == mx.bool_


def _plain_slice(k: Any) -> Any:
    if isinstance(k, slice) and any(isinstance(v, mx.array) for v in (k.start, k.stop, k.step)):
        conv = [
            int(np.asarray(v)) if isinstance(v, mx.array) else v for v in (k.start, k.stop, k.step)
        ]
        return slice(*conv)
    return k


def _index(k: Any) -> Any:
    """One index for mlx: numpy integer/boolean arrays become mlx arrays, slices get ints."""
    if isinstance(k, slice):
        return _plain_slice(k)
    if isinstance(k, np.ndarray) and (k.dtype == np.bool_ or k.dtype.kind in "iu"):
        # mlx: __getitem__/__setitem__ reject numpy index arrays, torch and numpy accept them
        # (no upstream issue found)
        # (scikit-learn's CV splits index X with numpy integer arrays)
        return mx.array(k)
    return k


def _check_key(shape: tuple[int, ...], key: Any, func: str) -> None:
    """Check the Python parts of an index against the static ``shape`` (free: no evaluation).

    mlx does no bounds checks by design (https://github.com/ml-explore/mlx/issues/2130):
    ``x[20]`` on 12 elements reads garbage, ``x[-20]`` segfaults and ``x[::0]`` raises SIGFPE.
    The standard requires an ``IndexError`` for an out-of-range integer index.
    """
    items = key if isinstance(key, tuple) else (key,)
    if sum(k is Ellipsis for k in items) > 1:
        raise IndexError(f"{func} [mlx]: an index can only have a single ellipsis")

    def width(k: Any) -> int:
        if k is None or k is Ellipsis or isinstance(k, bool):
            return 0
        if isinstance(k, mx.array) and k.dtype == mx.bool_:
            return k.ndim  # a 0-d mask adds an axis and consumes none
        return 1

    used = sum(width(k) for k in items)
    if used > len(shape):
        raise IndexError(
            f"{func} [mlx]: too many indices ({used}) for an array of shape {tuple(shape)}"
        )
    axis = 0
    for pos, k in enumerate(items):
        if k is Ellipsis:
            axis = len(shape) - sum(width(r) for r in items[pos + 1 :])
            continue
        if isinstance(k, slice):
            if k.step is not None and not isinstance(k.step, mx.array) and k.step == 0:
                raise ValueError(f"{func} [mlx]: slice step cannot be zero")
        elif isinstance(k, (int, np.integer)) and not isinstance(k, bool):
            n = shape[axis]
            if not -n <= k < n:
                raise IndexError(
                    f"{func} [mlx]: index {int(k)} is out of bounds for axis {axis} with size {n}"
                )
        axis += width(k)


def _gather_axis(key: Any) -> int | None:
    """The axis of ``x[idx]`` / ``x[:, :, idx]`` (one integer array after full slices, an
    optional trailing ellipsis), else None."""
    items = key if isinstance(key, tuple) else (key,)
    for pos, k in enumerate(items):
        if isinstance(k, mx.array) and k.dtype != mx.bool_:
            head, tail = items[:pos], items[pos + 1 :]
            if all(isinstance(h, slice) and h == slice(None) for h in head) and all(
                t is Ellipsis for t in tail
            ):
                return pos
            return None
    return None


def _getitem(self: mx.array, key: Any) -> mx.array:

    native = _saved[(mx.array, "__getitem__")]
    key = tuple(_index(k) for k in key) if isinstance(key, tuple) else _index(key)
    _check_key(tuple(self.shape), key, "__getitem__")
    axis = _gather_axis(key)
    if axis is not None:
        # mlx: gathers read outside the array for out-of-range integer indices (garbage, or a
        # crash); https://github.com/ml-explore/mlx/issues/206
        # The namespace's take clamps them and fills the result there, lazily.
        from ._indexing import take

        return take(self, key[axis] if isinstance(key, tuple) else key, axis=axis)
    if _is_mask(key):
        return _mask_take(self, key, native)
    if isinstance(key, tuple) and any(_is_mask(k) for k in key):
        return _mask_in_key(self, key, native)
    out: mx.array = native(self, key)
    return out


def _setitem(self: mx.array, key: Any, value: Any) -> None:
    native = _saved[(mx.array, "__setitem__")]
    key = tuple(_index(k) for k in key) if isinstance(key, tuple) else _index(key)
    _check_key(tuple(self.shape), key, "__setitem__")
    if type(value) is int and not -(2**63) <= value < 2**63:
        # mlx: a Python int beyond int64 raises std::bad_cast (uint64 x[m] = 2**64 - 1)
        wide = wide_ints("__setitem__", self, value)
        value = value if wide is None else wide[1]
    if (
        isinstance(value, mx.array)
        and value.size == 0
        and (_is_mask(key) or (isinstance(key, tuple) and any(_is_mask(k) for k in key)))
    ):
        # A size-0 value can only match a mask that selects nothing, so there is nothing to
        # write.
        # mlx: the native scatter divides by the (zero) update size and raises SIGFPE
        # (no upstream issue found)
        return
    axis = _gather_axis(key)
    if axis is not None:
        # mlx: scatters write outside the array for out-of-range integer indices (a later
        # free() aborts the process); https://github.com/ml-explore/mlx/issues/2130
        _set_in_range(self, key, axis, value, native)
        return
    # mlx: __setitem__ takes a boolean mask only as the whole key (x[0, mask] = v raises an
    # untranslated SystemError); https://github.com/ml-explore/mlx/issues/2803
    if isinstance(key, tuple) and assign_with_mask(
        self, key, value, _saved[(mx.array, "__getitem__")], native
    ):
        return
    try:
        native(self, key, value)
    except SystemError:
        # mlx: keys its scatter does not take end in a C++ exception that nanobind cannot
        # translate; https://github.com/ml-explore/mlx/issues/2803
        kinds = ", ".join(type(k).__name__ for k in (key if isinstance(key, tuple) else (key,)))
        raise IndexError(
            f"__setitem__ [mlx]: a key of ({kinds}) is not supported for an array of shape "
            f"{tuple(self.shape)}"
        ) from None


def _set_in_range(self: mx.array, key: Any, axis: int, value: Any, native: Any) -> None:
    """``x[..., idx] = v`` writing nothing for out-of-range indices, without evaluating.

    Negative indices count from the end; the others out of range are sent to a spare slot
    appended along ``axis`` and cut off again, so the result is ``x`` with the in-range
    writes done, assigned back into ``x`` (the whole array: a graph of its size).
    """
    items = list(key) if isinstance(key, tuple) else [key]
    idx = items[axis]
    if not mx.issubdtype(idx.dtype, mx.integer):
        raise IndexError(
            f"__setitem__ [mlx]: index arrays must be integer or bool, got {idx.dtype}"
        )
    n = self.shape[axis]
    if idx.dtype in (mx.uint64, mx.int64, mx.uint32):
        idx = idx.astype(mx.int64)
    else:
        idx = idx.astype(mx.int32)
    idx = mx.where(idx < 0, idx + n, idx)
    idx = mx.where((idx < 0) | (idx >= n), n, idx)
    spare = list(self.shape)
    spare[axis] = 1
    ext = mx.concatenate([self, mx.zeros(spare, dtype=self.dtype)], axis=axis)
    items[axis] = idx
    native(ext, tuple(items), value)
    native(self, Ellipsis, mx.take(ext, mx.arange(n), axis=axis))


def _is_basic(k: Any) -> bool:
    return k is None or k is Ellipsis or isinstance(k, (slice, int, np.integer))


def _mask_in_key(x: mx.array, key: tuple[Any, ...], native: Any) -> mx.array:
    """``x[key]`` for a key of one boolean mask among basic indices (**evaluates** the mask).

    mlx indexes with no boolean arrays, so the basic indices are applied first (the mask's
    axes kept as full slices) and the mask then selects along its axes. Where numpy puts the
    selected axis follows numpy's rule for advanced indices, of which the mask and the integer
    indices are: in the mask's place if they are adjacent in the key, first otherwise.
    """
    from ._manipulation import moveaxis

    pos = [i for i, k in enumerate(key) if _is_mask(k)]
    if (
        len(pos) != 1
        or key[pos[0]].ndim == 0
        or not all(_is_basic(k) for k in key if not _is_mask(k))
    ):
        raise IndexError(
            "__getitem__ [mlx]: a boolean mask indexes together with integers, slices, None "
            "and an ellipsis only, one mask of at least one dimension per index"
        )
    at = pos[0]
    mask = key[at]
    k = mask.ndim
    basic = (*key[:at], *(slice(None),) * k, *key[at + 1 :])
    # the axis of y where the mask's first axis lands: what the indices before it produce
    consumed = sum(0 if i is None or i is Ellipsis else 1 for i in basic)
    produced = 0
    for i in key[:at]:
        if i is Ellipsis:
            produced += x.ndim - consumed
        elif i is None or isinstance(i, slice):
            produced += 1
    y = native(x, basic)
    moved = moveaxis(y, tuple(range(produced, produced + k)), tuple(range(k)))
    out = _mask_take(moved, mask, native)
    advanced = [i for i, item in enumerate(key) if _is_mask(item) or not _is_basic(item)]
    advanced += [i for i, item in enumerate(key) if isinstance(item, (int, np.integer))]
    adjacent = max(advanced) - min(advanced) + 1 == len(advanced)
    return out if not adjacent or produced == 0 else moveaxis(out, 0, produced)


def _mask_take(x: mx.array, mask: mx.array, native: Any) -> mx.array:
    """``x[mask]`` for a mask over x's leading axes (**evaluates** ``mask``)."""
    k = mask.ndim
    if k <= x.ndim and 0 in mask.shape and all(m in (s, 0) for m, s in zip(mask.shape, x.shape)):
        return mx.zeros((0, *x.shape[k:]), dtype=x.dtype)  # an empty mask selects nothing
    if tuple(mask.shape) != tuple(x.shape[:k]):
        raise IndexError(f"mlx: boolean mask of shape {mask.shape} does not match {x.shape}")
    idx = np.flatnonzero(np.asarray(mask))
    # an explicit leading size: mlx cannot infer -1 for an empty array (x[True] of shape (0, 3))
    flat = x.reshape((math.prod(x.shape[:k]), *tuple(x.shape[k:])))
    if idx.size == 0:
        return mx.zeros((0, *tuple(x.shape[k:])), dtype=x.dtype)
    return mx.take(flat, mx.array(idx.astype(np.int32)), axis=0)


def _reflected(name: str) -> Any:
    from ._elementwise import (
        bitwise_and,
        bitwise_left_shift,
        bitwise_or,
        bitwise_right_shift,
        bitwise_xor,
    )

    fn = {
        "__rand__": bitwise_and,
        "__ror__": bitwise_or,
        "__rxor__": bitwise_xor,
        "__rlshift__": bitwise_left_shift,
        "__rrshift__": bitwise_right_shift,
        "__rmod__": _remainder,
    }[name]

    def method(self: mx.array, other: Any) -> Any:
        # mlx: mx.array has no reflected bitwise operators and no __rmod__ (1.5 % x raises)
        # (no upstream issue found)
        if type(other) is int and self.dtype in _BOOLS:
            return fn(other, self)  # 3 % bool_x: int64, as the function computes it
        if isinstance(other, (bool, int)) or (name == "__rmod__" and isinstance(other, float)):
            return fn(scalar(other, self.dtype), self)
        if isinstance(other, mx.array):  # called directly, as numpy's and torch's take it
            return fn(other, self)
        return NotImplemented

    method.__name__ = name
    return method


def _remainder(x1: Any, x2: Any) -> Any:
    from ._elementwise import remainder_as

    return remainder_as(x1, x2, "__rmod__")


def _binary(name: str) -> Any:
    from ._elementwise import bitwise_left_shift, bitwise_right_shift, remainder_as

    def _mod(x1: Any, x2: Any) -> Any:
        return remainder_as(x1, x2, "__mod__")  # its errors name the operator

    fn: Any = {
        "__mod__": _mod,
        "__lshift__": bitwise_left_shift,
        "__rshift__": bitwise_right_shift,
    }[name]

    def method(self: mx.array, other: Any) -> Any:
        if isinstance(other, (mx.array, bool, int, float)):
            return fn(self, other)
        return NotImplemented

    method.__name__ = name
    return method


def _inplace(name: str, op: Any = None) -> Any:
    """In-place ``name`` over the out-of-place ``op`` (default: :func:`_binary`'s), keeping the
    array's shape and dtype and returning ``NotImplemented`` where ``op`` does."""
    if op is None:
        op = _binary(name.replace("__i", "__", 1))

    def method(self: mx.array, other: Any) -> Any:
        out = op(self, other)
        if out is NotImplemented:
            return out
        if tuple(out.shape) != tuple(self.shape):
            # mlx: x += y rebinds x to a new (here broadcast) array instead of updating it;
            # https://github.com/ml-explore/mlx/issues/714
            raise ValueError(
                f"{name} [mlx]: the result shape {tuple(out.shape)} differs from the array's "
                f"shape {tuple(self.shape)}; an in-place operation cannot change it"
            )
        if out.dtype != self.dtype:
            _check_same_kind(name, self, other, out)  # as _shape_kept: int32 %= 2.5 raises
            out = out.astype(self.dtype)
        mx.array.__setitem__(self, Ellipsis, out)
        return self

    method.__name__ = name
    return method


_BOOLS = frozenset({mx.bool_})  # set lookups hash the dtype: no Dtype.__eq__


def _kind(dtype: Any) -> int:
    """0 bool, 1 integer, 2 real floating, 3 complex floating."""
    if dtype == mx.bool_:
        return 0
    return 1 if is_int(dtype) else 3 if is_complex(dtype) else 2


def _check_same_kind(name: str, x: mx.array, other: Any, out: mx.array) -> None:
    """``TypeError`` where an in-place result's dtype is of another kind than ``x``'s."""
    if _kind(out.dtype) != _kind(x.dtype):
        other_dtype = getattr(other, "dtype", type(other).__name__)
        # numpy's wording (its same_kind casting rule), which callers match on
        raise TypeError(
            f"{name} [mlx]: cannot cast the result dtype {out.dtype} ({x.dtype} with "
            f"{other_dtype}) to the array's dtype {x.dtype} in place (same_kind casting)"
        )


def _shape_kept(name: str) -> Any:
    """A native in-place operator that keeps the array's shape and dtype.

    mlx's ``x += y`` rebinds ``x`` to the broadcast result: a (3, 4) array plus a (2, 3, 4) one
    silently becomes (2, 3, 4), and a float32 array plus a float64 one becomes float64 (every
    alias of ``x`` included). The standard forbids an in-place operation that changes either.
    A result of another dtype of the same kind is cast back (numpy's and torch's in-place
    ``same_kind`` rule: float32 ``*=`` a float64 array stays float32); one of another kind (a
    float result for an integer array) raises ``TypeError``.
    """
    binary = name.replace("__i", "__", 1)

    def method(self: mx.array, other: Any) -> Any:
        shape = getattr(other, "shape", None) if isinstance(other, CONVERTED) else None
        if shape is not None and tuple(shape) != tuple(self.shape):
            from .._common._manipulation import broadcast_shapes

            if broadcast_shapes(tuple(self.shape), tuple(shape)) != tuple(self.shape):
                raise ValueError(
                    f"{name} [mlx]: an operand of shape {tuple(shape)} would change the array's "
                    f"shape {tuple(self.shape)}; an in-place operation cannot"
                )
        # mlx: x op= y rebinds x to the promoted result (float32 *= float64 makes x float64);
        # https://github.com/ml-explore/mlx/issues/714
        # The lazy out-of-place result tells the dtype without computing anything.
        out = getattr(mx.array, binary)(self, other)
        if out is NotImplemented:  # an operand mlx does not know: its reflected method runs
            return out
        if out.dtype == self.dtype:
            return _saved[(mx.array, name)](self, other)
        _check_same_kind(name, self, other, out)
        _saved[(mx.array, "__setitem__")](self, Ellipsis, out.astype(self.dtype))
        return self

    method.__name__ = name
    return method


# operators whose result may be complex: mlx computes complex64 where the standard says
# complex128 (float64 with complex); no upstream issue, mlx has no complex128 by design
_COMPLEX_CHECKED = (
    "__add__",
    "__radd__",
    "__sub__",
    "__rsub__",
    "__mul__",
    "__rmul__",
    "__truediv__",
    "__rtruediv__",
    "__pow__",
    "__rpow__",
)

_NATIVE_INPLACE = (
    "__iadd__",
    "__isub__",
    "__imul__",
    "__itruediv__",
    "__ifloordiv__",
    "__ipow__",
    "__iand__",
    "__ior__",
    "__ixor__",
)


def _matmul(self: mx.array, other: Any) -> Any:
    from ._linear_algebra import matmul

    # mlx: matmul rejects integer dtypes; https://github.com/ml-explore/mlx/issues/516
    # ember_array.mlx.matmul is exact for them.
    if isinstance(other, mx.array):
        return matmul(self, other)
    return NotImplemented


def _rmatmul(self: mx.array, other: Any) -> Any:
    from ._linear_algebra import matmul

    if isinstance(other, mx.array):
        return matmul(other, self)
    return NotImplemented


def _view(self: mx.array, dtype: Any) -> Any:
    """``x.view(dtype)`` that also takes Python's ``bool``/``int``/``float`` as numpy and torch
    do (scipy's RBFInterpolator calls ``d.view(float)``); ``mx.array.view`` takes mx dtypes only.
    """
    from ._dtype_objects import native

    if type(dtype) is type:
        dtype = native(dtype, "view")
    return _saved[(mx.array, "view")](self, dtype)


def _dtype_eq(self: mx.Dtype, other: object) -> bool:
    if not isinstance(other, mx.Dtype):
        return False
    eq: bool = _saved[(mx.Dtype, "__eq__")](self, other)
    return eq


def _dtype_ne(self: mx.Dtype, other: object) -> bool:
    return not _dtype_eq(self, other)


def _patch_list() -> list[tuple[type, str, Any]]:
    # the operators behind the error boundary: mlx's RuntimeErrors (std::bad_cast for an int
    # out of range, a dtype without the operation) leave as TypeError/ValueError/IndexError
    return [
        (cls, name, guard(fn, name, "mlx") if _guarded(cls, name) and callable(fn) else fn)
        for cls, name, fn in _methods()
    ]


def _guarded(cls: type, name: str) -> bool:
    # the complex-checked operators translate errors in their own frame
    return cls is mx.array and name.startswith("__") and name not in _COMPLEX_CHECKED


_REFLECTED = ("__rand__", "__ror__", "__rxor__", "__rlshift__", "__rrshift__", "__rmod__")


def _methods() -> list[tuple[type, str, Any]]:
    return [
        (mx.array, "device", property(_device)),
        (mx.array, "to_device", _to_device),
        (mx.array, "__array_namespace__", _array_namespace),
        (mx.array, "__getitem__", _getitem),
        (mx.array, "__setitem__", _setitem),
        *((mx.array, n, _reflected(n)) for n in _REFLECTED),
        *((mx.array, n, _binary(n)) for n in ("__mod__", "__lshift__", "__rshift__")),
        *((mx.array, n, _inplace(n)) for n in ("__imod__", "__ilshift__", "__irshift__")),
        *((mx.array, n, _shape_kept(n)) for n in _NATIVE_INPLACE),
        *((mx.array, n, complex_operator(n, _saved)) for n in _COMPLEX_CHECKED),
        *((mx.array, n, deferring(n, _saved)) for n in DEFERRING),
        (mx.array, "__imatmul__", _inplace("__imatmul__", _matmul)),
        (mx.array, "view", _view),
        (mx.array, "__reduce_ex__", reduce_ex),
        # numpy defers its binary operators to the mlx array (as to torch's tensors, which set
        # the same): ``np.int64(3) + x`` and ``ndarray + x`` give an mlx array, not an ndarray
        # through the buffer protocol (scipy's tanhsinh: ``minlevel + res['nit']``)
        (mx.array, "__array_priority__", 1000),
        (mx.array, "__matmul__", _matmul),
        (mx.array, "__rmatmul__", _rmatmul),
        (mx.Dtype, "__eq__", _dtype_eq),
        (mx.Dtype, "__ne__", _dtype_ne),
    ]


_patches = ClassPatches(_patch_list, on_install=share_streams, on_restore=unshare_streams)
#: (class, name) -> the class's own attribute before install(), for the wrappers.
_saved = _patches.saved


def install() -> None:
    """Add what the standard asks of an array object to ``mx.array`` (opt-in, reversible).

    Sets on the ``mx.array`` class: ``device`` and ``to_device()``; ``__array_namespace__()``
    returning :mod:`ember_array.mlx` instead of ``mlx.core``; boolean-mask indexing
    (``x[mask]``, which evaluates the mask) and numpy index arrays; the reflected bitwise
    operators and ``__rmatmul__``; ``%``, ``<<`` and ``>>`` with the standard's results;
    ``view(dtype)`` taking Python's ``bool``/``int``/``float`` too; ``__array_priority__`` so that
    numpy's operators defer to ``mx.array`` (``np.int64(1) + x`` is an mlx array); and on
    ``mx.Dtype`` comparisons with non-dtypes that answer instead of raising. It also gives the
    calling thread (and threads started later) streams any thread can evaluate, so lazy arrays
    can move between threads. Nothing is patched on import; calling it twice is harmless.

    The class is shared by every library in the process, so an application or a test run
    installs it, not a library. The functions of ``mlx.core`` are not touched.

    Returns
    -------
    None

    See Also
    --------
    uninstall : undo it exactly.
    ember_array.torch.install : the same for ``torch.Tensor``.
    ember_array.integrations.sklearn.enable : installs it for scikit-learn.

    Examples
    --------
    >>> import mlx.core as mx
    >>> import ember_array.mlx
    >>> x = mx.array([1.0, 2.0, 3.0])
    >>> hasattr(x, "device")
    False
    >>> ember_array.mlx.install()
    >>> x.device, x.__array_namespace__().__name__
    (Device('cpu'), 'ember_array.mlx')
    >>> x[x > 1.5]  # a boolean mask (this evaluates the mask: the shape depends on it)
    array([2, 3], dtype=float32)
    >>> ember_array.mlx.uninstall()
    >>> hasattr(x, "device")
    False
    """
    _patches.install()


def uninstall() -> None:
    """Undo :func:`install` exactly (attributes it added are removed).

    Returns
    -------
    None

    See Also
    --------
    install

    Examples
    --------
    >>> import mlx.core as mx
    >>> import ember_array.mlx
    >>> ember_array.mlx.install()
    >>> hasattr(mx.zeros(2), "device")
    True
    >>> ember_array.mlx.uninstall()
    >>> hasattr(mx.zeros(2), "device")
    False
    """
    _patches.uninstall()

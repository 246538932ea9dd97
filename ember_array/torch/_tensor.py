"""Opt-in patches of the ``torch.Tensor`` class: :func:`install` and :func:`uninstall`.

``ember_array.torch``'s functions give the standard's answers; ``torch.Tensor``'s own operators
do not always, and ember_array never changes them unless asked. ``install()`` — explicit, never
run on import, idempotent, fully undone by ``uninstall()`` — sets on ``torch.Tensor``:

* ``__array_namespace__(api_version=None)`` returning :mod:`ember_array.torch`, and
  ``to_device(device, /, *, stream=None)`` (torch has neither;
  https://github.com/pytorch/pytorch/issues/58743);
* the arithmetic, bitwise and comparison operators (``+ - * / // % ** & | ^ << >> < <= > >= ==
  != @``, their reflected and in-place forms, ``~`` and unary ``-``): a call that torch gets
  wrong goes to the namespace function of the same meaning, every other call to torch's own
  operator. Wrong in torch 2.13:

  - uint16/uint32/uint64 operands: no CPU kernels and no promotion
    (https://github.com/pytorch/pytorch/issues/58734);
  - two tensors of different dtypes: torch promotes a 0-d tensor like a Python scalar
    (int64 0-d + int8 gives int8; the standard: int64);
  - ``//`` and ``%`` of floating tensors: Python's divmod special cases (``inf // 2`` is nan,
    ``0.0 % -3`` is +0);

  in-place forms compute the same result and write it back (``ValueError`` where it would
  change the tensor's shape); ``abs`` of uint16/uint32/uint64 too;
* ``int()`` and ``operator.index()`` of a uint64 tensor above 2**63 (torch raises an overflow
  error, ``item()`` reads it);

Indexing is left alone: with ``__getitem__`` defined in Python, ``torch.asarray`` of a nested
list of 0-d tensors takes the tensors for sequences and fails (``len() of a 0-d tensor``).

Cost when installed: one Python call and a dtype test on every operator of every tensor in the
process (about 0.2 us); nothing when not installed. The class is shared by all code using
torch, so only an application (or a test run) should install it; a library should not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

from .._boundary import guard
from .._patch import ClassPatches
from ._uints import UINTS, to_bits

__all__ = ["install", "installed", "uninstall"]


#: operator -> the namespace function of the same meaning
_BINARY = {
    "add": "add",
    "sub": "subtract",
    "mul": "multiply",
    "truediv": "divide",
    "floordiv": "floor_divide",
    "mod": "remainder",
    "pow": "pow",
    "and": "bitwise_and",
    "or": "bitwise_or",
    "xor": "bitwise_xor",
    "lshift": "bitwise_left_shift",
    "rshift": "bitwise_right_shift",
    "matmul": "matmul",
}
_COMPARE = {
    "lt": "less",
    "le": "less_equal",
    "gt": "greater",
    "ge": "greater_equal",
    "eq": "equal",
    "ne": "not_equal",
}
#: operators whose floating results torch gets wrong (Python's divmod special cases)
_FLOAT_FIXED = frozenset({"floordiv", "mod"})
_SCALARS = (bool, int, float, complex)


#: looked up once by install() for the wrappers: "xp" (ember_array.torch) and every replaced
#: name -> torch.Tensor's own attribute (inherited ones included), None where it has none
_state: dict[str, Any] = {}


def _ns() -> Any:
    return _state["xp"]


def _needs_ember(op: str, x: torch.Tensor, other: Any) -> bool:
    """Whether torch's own operator would answer ``x <op> other`` differently from the standard."""
    if isinstance(other, torch.Tensor):
        if other.dtype is not x.dtype:
            return True
    elif not isinstance(other, _SCALARS):
        return False  # torch decides (NotImplemented, a numpy array...)
    return x.dtype in UINTS or (op in _FLOAT_FIXED and x.dtype.is_floating_point)


def _tensors_only(op: str, x: torch.Tensor, other: Any) -> bool:
    """:func:`_needs_ember` for ``@``, which takes no Python scalar: torch's own operator
    answers ``NotImplemented`` for one, so Python's ``TypeError`` is the same for every dtype
    (a uint32 tensor went to ``matmul()``: "argument 'other' must be Tensor, not int")."""
    return isinstance(other, torch.Tensor) and _needs_ember(op, x, other)


def _needs(op: str) -> Callable[[str, torch.Tensor, Any], bool]:
    # chosen when the method is made: no cost per call
    return _tensors_only if op == "matmul" else _needs_ember


def _forward(op: str, fname: str) -> Callable[..., Any]:
    name = f"__{op}__"
    needs = _needs(op)

    def method(self: torch.Tensor, other: Any) -> Any:
        if needs(op, self, other):
            return getattr(_ns(), fname)(self, other)
        return _orig(name)(self, other)

    method.__name__ = name
    return method


def _reflected(op: str, fname: str) -> Callable[..., Any]:
    name = f"__r{op}__"
    needs = _needs(op)

    def method(self: torch.Tensor, other: Any) -> Any:
        if needs(op, self, other):
            return getattr(_ns(), fname)(other, self)
        orig = _orig(name)
        return NotImplemented if orig is None else orig(self, other)

    method.__name__ = name
    return method


def _inplace(op: str, fname: str) -> Callable[..., Any]:
    name = f"__i{op}__"
    needs = _needs(op)

    def method(self: torch.Tensor, other: Any) -> Any:
        if not needs(op, self, other):
            orig = _orig(name)
            return NotImplemented if orig is None else orig(self, other)
        out = getattr(_ns(), fname)(self, other)
        if tuple(out.shape) != tuple(self.shape):
            raise ValueError(
                f"{name} [torch]: the result shape {tuple(out.shape)} differs from the tensor's "
                f"shape {tuple(self.shape)}; an in-place operation cannot change it"
            )
        if self.dtype in UINTS:
            to_bits(self).copy_(to_bits(out.to(self.dtype)))
        else:
            self.copy_(out.to(self.dtype))
        return self

    method.__name__ = name
    return method


def _unary(name: str, fname: str) -> Callable[..., Any]:
    def method(self: torch.Tensor) -> Any:
        if self.dtype in UINTS:
            return getattr(_ns(), fname)(self)
        return _orig(name)(self)

    method.__name__ = name
    return method


def _as_int(name: str) -> Callable[..., Any]:
    # torch: int() of a uint64 tensor above 2**63 raises "value cannot be converted to type
    # int64_t without overflow" (item() reads it); https://github.com/pytorch/pytorch/issues/58734
    def method(self: torch.Tensor) -> Any:
        if self.dtype is torch.uint64:
            return int(self.item())
        return _orig(name)(self)

    method.__name__ = name
    return method


def _array_namespace(self: torch.Tensor, /, *, api_version: str | None = None) -> Any:
    if api_version not in (None, "2023.12", "2024.12", "2025.12", "2026.12"):
        raise ValueError(f"ember_array.torch: unsupported api_version {api_version!r}")
    if api_version is None or api_version == "2025.12":
        return _ns()
    from .._versions import versioned

    # 2023.12 and 2024.12 both specify lists where 2025.12 has tuples (see _versions)
    return versioned(_ns(), "2024.12" if api_version == "2023.12" else api_version)


def _to_device(self: torch.Tensor, device: Any, /, *, stream: Any = None) -> torch.Tensor:
    import array_api_compat

    moved: torch.Tensor = array_api_compat.to_device(self, device, stream=stream)
    return moved


def _methods() -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = [
        ("__array_namespace__", _array_namespace),
        ("to_device", _to_device),
        ("__invert__", _unary("__invert__", "bitwise_invert")),
        ("__neg__", _unary("__neg__", "negative")),
        ("__abs__", _unary("__abs__", "abs")),
        ("__int__", _as_int("__int__")),
        ("__index__", _as_int("__index__")),
    ]
    for op, fname in _BINARY.items():
        out += [
            (f"__{op}__", _forward(op, fname)),
            (f"__r{op}__", _reflected(op, fname)),
            (f"__i{op}__", _inplace(op, fname)),
        ]
    out += [(f"__{op}__", _forward(op, fname)) for op, fname in _COMPARE.items()]
    return out


_patches = ClassPatches(
    lambda: [(torch.Tensor, name, guard(fn, name, "torch")) for name, fn in _methods()]
)


def _orig(name: str) -> Any:
    return _state[name]


def install() -> None:
    """Make ``torch.Tensor``'s operators give the standard's answers (opt-in, reversible).

    Sets on the ``torch.Tensor`` class: ``__array_namespace__()`` returning
    :mod:`ember_array.torch` and ``to_device()``; the arithmetic, bitwise and comparison
    operators (with their reflected and in-place forms), where a call torch gets wrong goes to
    the namespace function of the same meaning (uint16/32/64 operands, mixed dtypes with a 0-d
    tensor, ``//`` and ``%`` special cases) and every other call to torch's own operator; ``int()``
    of a uint64 tensor above 2**63. Nothing is patched on import; calling it twice is harmless.

    Cost when installed: about 0.2 us per operator call, on every tensor in the process. The
    class is shared by all code using torch, so an application or a test run installs it, not a
    library.

    Returns
    -------
    None

    See Also
    --------
    uninstall : undo it exactly.
    ember_array.mlx.install : the same for ``mx.array``.

    Examples
    --------
    >>> import torch
    >>> import ember_array.torch
    >>> a = torch.asarray([5], dtype=torch.int8)
    >>> (a + torch.asarray(3)).dtype  # torch promotes a 0-d tensor like a Python scalar
    torch.int8
    >>> ember_array.torch.install()
    >>> (a + torch.asarray(3)).dtype  # the standard's promotion
    torch.int64
    >>> a.__array_namespace__().__name__
    'ember_array.torch'
    >>> ember_array.torch.uninstall()
    >>> (a + torch.asarray(3)).dtype
    torch.int8
    """
    if not _patches.installed():
        import ember_array.torch as xp

        _state["xp"] = xp
        _state.update({name: getattr(torch.Tensor, name, None) for name, _ in _methods()})
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
    >>> import torch
    >>> import ember_array.torch
    >>> ember_array.torch.install()
    >>> hasattr(torch.zeros(2), "__array_namespace__")
    True
    >>> ember_array.torch.uninstall()
    >>> hasattr(torch.zeros(2), "__array_namespace__")
    False
    """
    _patches.uninstall()
    _state.clear()


def installed() -> bool:
    """Whether :func:`install` is in effect."""
    return _patches.installed()

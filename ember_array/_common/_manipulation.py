"""Shape functions written once in pure Python."""

from __future__ import annotations

import operator

__all__ = ["broadcast_shapes"]


# numpy: broadcast_shapes accepts floats, strings and negative sizes and answers nonsense
# (no upstream issue found)
def _check_shape(shape: object) -> None:
    """A shape is a tuple of non-negative ints (or None, unknown); numpy and torch accept
    floats, strings and negative sizes here and answer nonsense."""
    if not isinstance(shape, (tuple, list)):
        raise TypeError(
            f"broadcast_shapes(): a shape must be a tuple of ints, got {type(shape).__name__}"
        )
    for d in shape:
        if d is None:
            continue
        if isinstance(d, bool) or not hasattr(type(d), "__index__"):
            what = "a bool" if isinstance(d, bool) else f"{type(d).__name__}, not an int"
            raise TypeError(f"broadcast_shapes(): shape {shape!r} holds {what}")
        n = operator.index(d)
        if not 0 <= n < 2**63:
            raise ValueError(f"broadcast_shapes(): dimension {n} of shape {shape!r} is invalid")


# torch: broadcast_shapes raises RuntimeError for incompatible shapes, the standard asks for
# ValueError (no upstream issue found)
def broadcast_shapes(*shapes: tuple[int | None, ...]) -> tuple[int | None, ...]:
    """The shape that ``shapes`` broadcast to, following the standard's rules.

    Native versions raise the backend's own error type (torch: RuntimeError);
    the standard asks for ``ValueError`` when the shapes are incompatible.
    """
    for shape in shapes:
        _check_shape(shape)
    ndim = max((len(s) for s in shapes), default=0)
    result: list[int | None] = [1] * ndim
    for shape in shapes:
        for i, d in enumerate(shape, start=ndim - len(shape)):
            r = result[i]
            if d is None or r is None:
                # An unknown dimension stays unknown unless the other is > 1.
                result[i] = r if d == 1 else d if r == 1 else None
            elif r == 1:
                result[i] = d
            elif d != 1 and d != r:
                raise ValueError(
                    f"broadcast_shapes(): shapes {', '.join(map(str, shapes))} do not broadcast "
                    f"(dimension {i - ndim} has sizes {r} and {d})"
                )
    return tuple(result)

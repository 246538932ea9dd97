"""Shape functions written once in pure Python."""

from __future__ import annotations

__all__ = ["broadcast_shapes"]


def broadcast_shapes(*shapes: tuple[int | None, ...]) -> tuple[int | None, ...]:
    """The shape that ``shapes`` broadcast to, following the standard's rules.

    Native versions raise the backend's own error type (torch: RuntimeError);
    the standard asks for ``ValueError`` when the shapes are incompatible.
    """
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

"""The matrix's cells: one per function, backend and transform, built on the sweep's base calls.

Every row is a public function: the standard's names that ``ember_array.torch`` and
``ember_array.mlx`` have (``linalg`` and ``fft`` included) and the shims of ``random``,
``scatter`` and ``signal`` (``random.Generator``'s drawing methods included). Its arguments are
the robustness sweep's *base* call (:mod:`conformance.robustness._generate`): valid inputs
built from array-api-strict's signature, as recipes that the worker turns into arrays. For the
shims a third group, ``jax``, calls them with jax arrays (jax's own array API namespace).
The ``mix.`` rows (:mod:`._mixes`) are portable functions that call several shims and namespace
functions in one graph, on every group.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass

from ember_array import _spec

from ..robustness._generate import Case, _function_cases, _strict_signature, shim_cases
from ._mixes import MIXES

#: The transforms of each worker group, in the table's column order.
TRANSFORMS: dict[str, tuple[str, ...]] = {
    "torch": ("torch.compile", "torch.func.grad", "torch.func.vmap"),
    "mlx": ("mx.compile", "mx.grad", "mx.vjp", "mx.jvp", "mx.vmap"),
    "jax": ("jax.jit", "jax.grad", "jax.vmap"),
}
#: The groups whose rows are the namespace's functions as well as the shims (jax: shims only).
NAMESPACE_GROUPS = ("torch", "mlx")
GROUPS = tuple(TRANSFORMS)

#: What each transform does to the function: ``compile``, ``grad``, ``vjp``, ``jvp``, ``vmap``.
KIND: dict[str, str] = {
    t: t.rsplit(".", 1)[-1].replace("jit", "compile") for g in TRANSFORMS.values() for t in g
}

#: Shims that are no array function (a class, the device helpers): not rows of the matrix.
_NOT_ROWS = ("shim.devices.", "shim.random.Generator")


@dataclass(frozen=True)
class Cell(Case):
    """One cell: ``target``'s base call (a robustness :class:`Case`) under ``transform``.

    ``dynamic``: the support matrix labels the function ``forces-evaluation`` (its output shape
    depends on the data); under compile and vmap an error is then ``n/a``, not ``error``.
    """

    transform: str = ""
    dynamic: bool = False

    @property
    def id(self) -> str:
        return f"{self.group}:{self.target}:{self.transform}"

    @property
    def kind(self) -> str:
        return KIND[self.transform]


def row_name(target: str) -> str:
    """The function's name in the table: ``sin``, ``linalg.svd``, ``random.uniform``,
    ``mix.stft+istft+mean``."""
    return target.removeprefix("shim.")


def _is_row(target: str) -> bool:
    return not target.startswith(("info.", *_NOT_ROWS)) or target.startswith(
        "shim.random.Generator."
    )


def _backend(name: str):  # type: ignore[no-untyped-def]
    from ember_array import _report

    return next((b for b in _report.backends() if b.name == name and b.namespace), None)


def _base_cases(group: str) -> Iterator[tuple[Case, bool]]:
    """(base case, output shape depends on the data) of every row on ``group``."""
    from ember_array import _report

    if group in NAMESPACE_GROUPS:
        b = _backend(group)
        if b is None:
            return
        for name in _spec.all_names():
            if name in _spec.DTYPES or name in _spec.CONSTANTS:
                continue
            kind = _report.classify(b, name)
            if kind == _report.MISSING:
                continue
            yield (
                next(_function_cases(group, name, _strict_signature(name))),
                kind == _report.FORCES,
            )
    # the shims: forces-evaluation does not depend on the backend (the code is shared)
    any_backend = next(b for b in _report.backends() if b.namespace is not None)
    from ..robustness._generate import _generator_methods, shim_objects

    objects = {**shim_objects(), **_generator_methods()}
    for c in shim_cases(group):
        if c.label == "base" and not c.param and _is_row(c.target):
            obj = objects[row_name(c.target)]
            yield c, _report.classify_shim(any_backend, obj) == _report.FORCES
    # the mixes: shims and namespace functions in one function, none data-dependent in shape
    for name, mix in MIXES.items():
        yield Case(group, name, mix.args), False


@functools.cache
def _jax_present() -> bool:
    import importlib.util

    return importlib.util.find_spec("jax") is not None


def present(group: str) -> bool:
    """Whether ``group``'s library is installed (and, for torch and mlx, ember's namespace)."""
    return _jax_present() if group == "jax" else _backend(group) is not None


def cells(groups: tuple[str, ...] = GROUPS, targets: list[str] | None = None) -> list[Cell]:
    """Every cell of ``groups`` (those installed), ``targets`` only when given (row names:
    ``sin``, ``linalg.solve``, ``scatter.segment_sum``)."""
    out: list[Cell] = []
    for group in groups:
        if not present(group):
            continue
        for base, dynamic in _base_cases(group):
            if targets and row_name(base.target) not in targets:
                continue
            for t in TRANSFORMS[group]:
                out.append(
                    Cell(
                        group,
                        base.target,
                        base.args,
                        base.kwargs,
                        compare=base.compare,
                        label=t,
                        transform=t,
                        dynamic=dynamic,
                    )
                )
    return out

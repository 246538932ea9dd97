"""No hidden evaluation (issue 14, item 4): the public mlx functions and the shims, walked.

Every public function of ``ember_array.mlx`` (namespace, ``linalg``, ``fft``) and every shim
of ``random`` (the ``Generator`` methods included), ``scatter`` and ``signal`` is called with
the transform matrix's base arguments (:mod:`conformance.transforms`: the robustness sweep's
valid inputs, the same cells as ``docs/transforms.md``'s ``mx.compile`` column) inside
``mx.compile``, in this process. ``mx.compile`` traces its array arguments, and raises on any
host evaluation of a traced array: ``.item()``, ``bool()``, ``float()``, ``tolist()``,
``np.asarray``, ``mx.eval``. So:

* a function **not** marked :func:`~ember_array._markers.forces_evaluation` must run under it
  (and agree with the eager call: the matrix's judge);
* a marked one (its output shape depends on the data) must fail under it, with mlx's eval
  error: the marker is not a formality (where the base call is the function's data-independent
  form, ``repeat(x, 2)``, that form must run and the data-dependent one fail:
  :data:`DATA_DEPENDENT`).

A function whose call takes no array (``arange``, ``signal.hann_window(8)``, ``random.key(0)``)
has nothing to trace: mlx evaluates constants under ``mx.compile`` without complaint, so this
walk proves nothing about it; those are listed (:data:`NO_ARRAY_ARGUMENT`), so that a new one is
noticed. ``tests/mlx/test_lazy.py`` and ``tests/test_support_matrix.py`` check the same property
with hand-written calls; ``tests/test_transform_matrix.py`` runs a slice of every transform in
worker processes.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

mx = pytest.importorskip("mlx.core")

from conformance.robustness._generate import _generator_methods, shim_objects  # noqa: E402
from conformance.robustness._judge import _resolve  # noqa: E402
from conformance.transforms import OK, Cell, cells, row_name  # noqa: E402
from conformance.transforms._apply import NO_ARRAYS, Call, Lib, run_cell  # noqa: E402
from ember_array._markers import marks  # noqa: E402

#: The rows whose base call takes no array argument: nothing for mx.compile to trace.
NO_ARRAY_ARGUMENT = frozenset(
    {
        "arange", "asarray", "empty", "eye", "full", "linspace", "ones", "zeros",
        "fft.fftfreq", "fft.rfftfreq",
        "random.key",
        "random.Generator.bernoulli", "random.Generator.bits", "random.Generator.integers",
        "random.Generator.normal", "random.Generator.truncated_normal",
        "random.Generator.uniform",
        "signal.blackman_window", "signal.hamming_window", "signal.hann_window",
    }
)  # fmt: skip


#: Marked functions whose base call takes their data-independent form (``repeat`` with an int
#: count): their data-dependent form, called on the base call's first array.
DATA_DEPENDENT = {
    "repeat": lambda xp, x: xp.repeat(x, xp.reshape(xp.astype(x > 0, xp.int64), (-1,))),
}


def _compile_cells() -> list[Cell]:
    # the mixed rows (``mix.``) call several public functions at once: the single-function
    # check here does not apply (tests/test_transforms.py compiles them)
    return [
        c
        for c in cells(("mlx",))
        if c.transform == "mx.compile" and not row_name(c.target).startswith("mix.")
    ]


CELLS = _compile_cells()


@functools.cache
def _lib() -> Lib:
    return Lib("mlx")


def _function(cell: Cell) -> Any:
    """The public object the row calls (the namespace's function, the shim, the method)."""
    kind, _, name = cell.target.partition(".")
    if kind != "shim":
        return _resolve(_lib().xp, cell.target)
    if name.startswith("random.Generator."):
        return _generator_methods()[name]
    return shim_objects()[name]


def test_the_walk_covers_every_public_function() -> None:
    import ember_array.mlx as em
    from ember_array import random, scatter, signal

    rows = {row_name(c.target) for c in CELLS}
    public = {
        n
        for n in em.__all__
        if callable(getattr(em, n))
        and not isinstance(getattr(em, n), type)  # dtypes
        and not n.startswith("__")
        # ember_array.mlx's own switches, no array API
        and n not in ("install", "uninstall", "get_default_dtype", "set_default_dtype")
    }
    public |= {f"linalg.{n}" for n in em.linalg.__all__} | {f"fft.{n}" for n in em.fft.__all__}
    public |= {f"scatter.{n}" for n in scatter.__all__} | {f"signal.{n}" for n in signal.__all__}
    public |= {f"random.{n}" for n in random.__all__ if n != "Generator"}
    assert public - rows == set()
    assert any(r.startswith("random.Generator.") for r in rows)
    assert len(CELLS) > 150


@pytest.mark.parametrize("cell", CELLS, ids=[row_name(c.target) for c in CELLS])
def test_mx_compile_raises_exactly_where_marked(cell: Cell) -> None:
    name = row_name(cell.target)
    forced = marks(_function(cell)).forces
    assert forced == cell.dynamic, "the support matrix's label and the marker disagree"
    if cell.target in NO_ARRAYS:
        return  # dtypes and shapes in, no array out
    call = Call(cell, _lib())
    if not call.recipes:
        assert name in NO_ARRAY_ARGUMENT, f"{name}: no array argument; add it to the list"
        assert not forced
        return
    assert name not in NO_ARRAY_ARGUMENT, f"{name} takes an array now: drop it from the list"
    if forced and name not in DATA_DEPENDENT:
        with pytest.raises(ValueError, match=r"\[eval\]"):
            mx.eval(mx.compile(call.flat())(*call.arrays))
        return
    if forced:
        form = DATA_DEPENDENT[name]
        with pytest.raises(ValueError, match=r"\[eval\]"):
            mx.eval(mx.compile(lambda x: form(_lib().xp, x))(call.arrays[0]))
    verdict, detail = run_cell(cell, _lib())
    assert verdict == OK, f"{name} under mx.compile: {verdict}: {detail}"
    _lib().release()


def test_the_walk_catches_a_hidden_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    """A function that reads a value on the host (``bool()`` of an array) fails the walk."""
    import ember_array.mlx as em

    sin = em.sin

    def eager_sin(x: Any) -> Any:
        return sin(x) if bool(mx.all(x > -10)) else x

    monkeypatch.setattr(em, "sin", eager_sin)
    (cell,) = [c for c in cells(("mlx",), ["sin"]) if c.transform == "mx.compile"]
    verdict, detail = run_cell(cell, Lib("mlx"))
    assert verdict != OK
    assert "eval" in detail

"""Where a traced call forced evaluation: the operation and the user's line of source.

Shared by :func:`ember_array.testing.check_lazy` (whose message names them) and
:func:`ember_array.compile` (whose fallback warning does): both read a compiler's refusal
(``torch.compile``'s graph break, ``mx.compile``'s eval error, ``jax.jit``'s concretization
error) and point at the line of the function that caused it.
"""

from __future__ import annotations

import linecache
import re
import traceback
from dataclasses import dataclass
from types import FrameType, TracebackType

from ._markers import FORCES_EVALUATION

__all__ = ["Culprit", "find_culprit"]

#: Packages whose frames are machinery, not the code under test.
_MACHINERY = frozenset(
    {"jax", "jaxlib", "mlx", "numpy", "torch", "dask", "toolz", "array_api_compat", "contextlib"}
)
_MACHINERY_MODULES = ("ember_array.testing", "ember_array._boundary", "ember_array._compile")

#: Source patterns -> the operation they perform on an array, most specific first.
_OPERATIONS: tuple[tuple[str, str], ...] = (
    (r"\.item\(\s*\)", ".item()"),
    (r"\.tolist\(\s*\)", ".tolist()"),
    (r"\.(compute|persist)\(", ".compute()"),
    (r"\bmx\.eval\(", "mx.eval"),
    (r"\b(np|numpy)\.(asarray|array|asanyarray)\(", "np.asarray"),
    (r"\bfloat\(", "float()"),
    (r"\bint\(", "int()"),
    (r"\bcomplex\(", "complex()"),
    (r"\bbool\(", "bool()"),
    (r"^\s*(if|elif|while|assert)\b|\b(and|or|not)\b", "bool() (a Python condition on an array)"),
    (r"\b(nonzero|unique_\w+)\(", "a data-dependent shape"),
)  # fmt: skip
#: Backend error texts that mean a data-dependent shape (checked before the source line).
_DATA_DEPENDENT_TEXTS: tuple[tuple[str, str], ...] = (
    ("NonConcreteBooleanIndexError", "a boolean mask (a data-dependent shape)"),
    ("size argument of jnp.nonzero", "a data-dependent shape (nonzero)"),
    ("jnp.unique", "a data-dependent shape (unique_*)"),
)
#: Backend error texts -> the operation, where the source line does not tell.
_ERROR_TEXTS: tuple[tuple[str, str], ...] = (
    ("TracerBoolConversionError", "bool()"),
    ("TracerArrayConversionError", "np.asarray"),
    ("TracerIntegerConversionError", "int()"),
    ("item() method", ".item()"),
    ("Data-dependent branching", "bool() (a Python condition on an array)"),
    # the evaluation itself, where neither the line nor the error says which operation
    ("Attempting to eval an array", "an evaluation of the array"),
    ("ConcretizationTypeError", "a concrete value of the traced array"),
    ("a graph was computed", "a computation of the graph"),
)


@dataclass(frozen=True)
class Culprit:
    """Where evaluation was forced: the operation and the line of source."""

    operation: str
    where: str  # "file.py:12 in fn: `return float(x)`", or ""


def _is_machinery(frame: FrameType) -> bool:
    module = str(frame.f_globals.get("__name__", ""))
    return module.partition(".")[0] in _MACHINERY or module.startswith(_MACHINERY_MODULES)


def _frames(tb: TracebackType | None) -> list[FrameType]:
    return [frame for frame, _ in traceback.walk_tb(tb)]


def _marked(frames: list[FrameType]) -> str | None:
    """The ember_array function on the stack declared data-dependent, if any."""
    for frame in frames:
        module = str(frame.f_globals.get("__name__", ""))
        fn = frame.f_globals.get(frame.f_code.co_name)
        if module.startswith("ember_array.") and getattr(fn, FORCES_EVALUATION, False):
            return f"{module.rpartition('.')[0]}.{frame.f_code.co_name}"
    return None


def _user_line(exc: BaseException) -> tuple[str, str]:
    """(location, source) of the innermost frame of the code under test."""
    # torch.compile: the user's frames are on the error (``real_stack``, torch >= 2.5) or in its
    # message ("from user code: File ...")
    real = getattr(exc, "real_stack", None)
    if real:
        last = real[-1]
        source = (last.line or linecache.getline(last.filename, last.lineno or 0)).strip()
        return f"{last.filename}:{last.lineno} in {last.name}", source
    found = re.findall(r'File "([^"]+)", line (\d+), in (\S+)\n\s+(.+)', str(exc))
    if found:
        path, line, name, source = found[-1]
        return f"{path}:{line} in {name}", source.strip()
    steps = [(f, n) for f, n in traceback.walk_tb(exc.__traceback__) if not _is_machinery(f)]
    if not steps:
        return "", ""
    frame, lineno = steps[-1]
    path = frame.f_code.co_filename
    source = linecache.getline(path, lineno).strip()
    return f"{path}:{lineno} in {frame.f_code.co_name}", source


def find_culprit(exc: BaseException) -> Culprit:
    """Which operation forced evaluation, from the stack, the source line and the error."""
    where, source = _user_line(exc)
    location = f"{where}: `{source}`" if source else where
    marked = _marked(_frames(exc.__traceback__))
    if marked is not None:
        return Culprit(f"a data-dependent shape ({marked})", location)
    text = f"{type(exc).__name__}: {exc}"
    for pattern, operation in _DATA_DEPENDENT_TEXTS:
        if pattern in text:
            return Culprit(operation, location)
    for pattern, operation in _OPERATIONS:
        if re.search(pattern, source):
            return Culprit(operation, location)
    for pattern, operation in _ERROR_TEXTS:
        if pattern in text:
            return Culprit(operation, location)
    return Culprit("", location)  # not an evaluation the kit recognises

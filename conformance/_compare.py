"""Comparing a backend's result with the oracle's.

Integers and booleans compare exactly.  Floating-point values compare with a tolerance in
ULPs of the expected value (``ulps``), plus an absolute floor (``atol``, in units of the
dtype's epsilon times a magnitude the case supplies, for sums and factorizations whose
rounding depends on evaluation order).  NaN must meet NaN, an infinity the same infinity.
Complex values compare by modulus of the difference.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Tol:
    """How close a floating-point result must be.

    Parameters
    ----------
    ulps : float
        Allowed error in units in the last place of the expected value.
    atol : float
        Allowed absolute error in units of the result dtype's epsilon times ``scale``
        (the case's magnitude, e.g. ``sum(abs(x))`` for a sum).
    signed_zero : bool
        Whether ``-0.0`` and ``+0.0`` must match.
    """

    ulps: float = 0.0
    atol: float = 0.0
    signed_zero: bool = False


EXACT = Tol()


def _real_dtype(dt: np.dtype[Any]) -> np.dtype[Any]:
    return np.empty(0, dt).real.dtype


def assert_close(actual: Any, expected: Any, tol: Tol = EXACT, *, scale: float = 1.0) -> None:
    """Assert ``actual`` (numpy, read back from a backend) matches ``expected`` (the oracle's).

    Shapes and dtypes must be equal; values as described in the module docstring.
    """
    if isinstance(expected, tuple):
        assert isinstance(actual, tuple), f"expected a tuple, got {type(actual).__name__}"
        assert len(actual) == len(expected), f"{len(actual)} results, expected {len(expected)}"
        if hasattr(expected, "_fields"):
            assert getattr(actual, "_fields", None) == expected._fields, (
                f"fields {getattr(actual, '_fields', None)}, expected {expected._fields}"
            )
        for a, e in zip(actual, expected, strict=True):
            assert_close(a, e, tol, scale=scale)
        return
    if isinstance(expected, list):
        assert isinstance(actual, list | tuple), f"expected a list, got {type(actual).__name__}"
        assert len(actual) == len(expected)
        for a, e in zip(actual, expected, strict=True):
            assert_close(a, e, tol, scale=scale)
        return
    if not isinstance(expected, np.ndarray):
        assert type(actual) is type(expected) or (
            isinstance(actual, int | float) and isinstance(expected, int | float)
        ), f"got {actual!r} ({type(actual).__name__}), expected {expected!r}"
        assert actual == expected or (actual != actual and expected != expected), (
            f"got {actual!r}, expected {expected!r}"
        )
        return
    actual = np.asarray(actual)
    assert actual.shape == expected.shape, f"shape {actual.shape}, expected {expected.shape}"
    assert actual.dtype == expected.dtype, f"dtype {actual.dtype}, expected {expected.dtype}"
    kind = expected.dtype.kind
    if kind not in "fc":
        mismatch = actual != expected
        assert not mismatch.any(), report(actual, expected, mismatch)
        return
    assert_values_close(actual, expected, tol, scale=scale)


def assert_values_close(
    actual: np.ndarray, expected: np.ndarray, tol: Tol = EXACT, *, scale: float = 1.0
) -> None:
    """The floating-point value comparison of :func:`assert_close` (shapes already checked)."""
    a = np.asarray(actual)
    e = np.asarray(expected)
    if e.dtype.kind == "c":
        # Which part of a non-finite complex result is NaN or infinite is left to the
        # implementation (C99 Annex G is a recommendation): non-finite must meet non-finite.
        finite = np.isfinite(e)
        wrong = finite != np.isfinite(a)
        assert not wrong.any(), report(a, e, wrong, "non-finite")
        ar, er = np.where(finite, a, 0), np.where(finite, e, 0)
        with np.errstate(all="ignore"):
            err = np.abs(ar - er)
            mag = np.abs(er)
    else:
        nan_a, nan_e = np.isnan(a), np.isnan(e)
        assert (nan_a == nan_e).all(), report(a, e, nan_a != nan_e, "NaN")
        inf_e = np.isinf(e)
        assert (a[inf_e] == e[inf_e]).all(), report(a, e, inf_e & (a != e), "infinity")
        ok = ~(nan_e | inf_e)
        ar, er = np.where(ok, a, 0), np.where(ok, e, 0)
        with np.errstate(all="ignore"):
            err = np.abs(ar - er)
            mag = np.abs(er)
        if tol.signed_zero:
            zero = ok & (e == 0)
            wrong = zero & (np.signbit(a) != np.signbit(e))
            assert not wrong.any(), report(a, e, wrong, "sign of zero")
    real = _real_dtype(e.dtype)
    finfo = np.finfo(real)
    # ULP of the expected value: spacing of |e| in the result's own precision.
    with np.errstate(all="ignore"):
        ulp = np.spacing(mag.astype(real)).astype(np.float64)
    # spacing(max) is inf: the ULP at the top of the range is that of max / 2, doubled.
    top = 2 * float(np.spacing(real.type(finfo.max / 2)))
    ulp = np.nan_to_num(ulp, nan=top, posinf=top)
    allowed = tol.ulps * ulp
    if tol.atol:
        allowed = allowed + tol.atol * float(finfo.eps) * min(scale, float(finfo.max))
    with np.errstate(all="ignore"):
        wrong = ~(err.astype(np.float64) <= allowed)
    if e.dtype.kind == "f":
        wrong &= ok
    assert not wrong.any(), report(a, e, wrong, f"beyond {tol}")


def report(a: np.ndarray, e: np.ndarray, wrong: Any, what: str = "value") -> str:
    idx = np.argwhere(np.asarray(wrong))
    n = len(idx)
    shown = [tuple(int(i) for i in ix) for ix in idx[:5]]
    pairs = ", ".join(f"{ix}: got {a[ix]!r} expected {e[ix]!r}" for ix in shown)
    return f"{n} of {e.size} elements differ ({what}): {pairs}"

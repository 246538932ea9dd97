"""What the standard leaves to each library, recorded per backend instead of skipped.

Each row names a behaviour the standard calls implementation-defined or unspecified, and what
every backend does, as measured.  A user writing backend-agnostic code reads this table to see
where results may differ; the test fails when a backend changes, so the table stays true.
``strict`` (array-api-strict) is listed for reference.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from ._backends import BACKENDS, NamespaceUnderTest, load

RAISES = "raises"


def _list(be: NamespaceUnderTest, x: Any) -> Any:
    return be.to_numpy(x).tolist()


#: behaviour -> (why it may differ, how to observe it, {backend: what it does}).
BEHAVIOURS: dict[str, tuple[str, Callable[[NamespaceUnderTest], Any], dict[str, Any]]] = {
    "default real floating dtype": (
        "the standard lets each library choose (info.default_dtypes())",
        lambda be: be.dtype_name(be.xp.asarray(1.0).dtype),
        {
            "numpy": "float64",
            "dask": "float64",
            "torch": "float32",
            "mlx": "float32",
            "strict": "float64",
        },
    ),
    "default complex floating dtype": (
        "the standard lets each library choose (info.default_dtypes())",
        lambda be: be.dtype_name(be.xp.asarray(1j).dtype),
        {
            "numpy": "complex128",
            "dask": "complex128",
            "torch": "complex64",
            "mlx": "complex64",
            "strict": "complex128",
        },
    ),
    "integer floor_divide by zero": (
        "integer division by zero is unspecified",
        lambda be: _list(be, be.xp.floor_divide(be.xp.asarray([7, -7]), be.xp.asarray([0, 0]))),
        {"numpy": [0, 0], "dask": [0, 0], "torch": RAISES, "mlx": [0, 0], "strict": [0, 0]},
    ),
    "integer remainder by zero": (
        "integer division by zero is unspecified",
        lambda be: _list(be, be.xp.remainder(be.xp.asarray([7, -7]), be.xp.asarray([0, 0]))),
        {"numpy": [0, 0], "dask": [0, 0], "torch": RAISES, "mlx": [0, 0], "strict": [0, 0]},
    ),
    "integer pow with a negative exponent": (
        "the standard leaves negative integer exponents unspecified",
        lambda be: _list(be, be.xp.pow(be.xp.asarray([2]), be.xp.asarray([-1]))),
        {"numpy": RAISES, "dask": RAISES, "torch": [0], "mlx": [0], "strict": RAISES},
    ),
    "maximum(-0.0, +0.0)": (
        "the sign of a zero result of maximum is unspecified",
        lambda be: str(
            np.signbit(be.to_numpy(be.xp.maximum(be.xp.asarray(-0.0), be.xp.asarray(0.0))))
        ),
        {"numpy": "False", "dask": "False", "torch": "True", "mlx": "False", "strict": "False"},
    ),
    "float to int32 cast of NaN and out-of-range values": (
        "casting a value the target cannot represent is unspecified",
        lambda be: _list(be, be.xp.astype(be.xp.asarray([float("nan"), 1e20]), be.xp.int32)),
        {b: [-(2**31), -(2**31)] for b in BACKENDS},
    ),
    "signed integer overflow (int8 127 + 1)": (
        "integer overflow is unspecified",
        lambda be: _list(
            be,
            be.xp.add(be.xp.asarray([127], dtype=be.xp.int8), be.xp.asarray([1], dtype=be.xp.int8)),
        ),
        {b: [-128] for b in BACKENDS},
    ),
    "unsigned integer wrap-around (uint8 0 - 1)": (
        "integer overflow is unspecified",
        lambda be: _list(
            be,
            be.xp.subtract(
                be.xp.asarray([0], dtype=be.xp.uint8), be.xp.asarray([1], dtype=be.xp.uint8)
            ),
        ),
        {b: [255] for b in BACKENDS},
    ),
    "unique_values order": (
        "the order of unique_values is unspecified",
        lambda be: _list(be, be.xp.unique_values(be.xp.asarray([3.0, 1.0, 2.0, 1.0]))),
        {b: [1.0, 2.0, 3.0] for b in BACKENDS},
    ),
}


@pytest.mark.parametrize("behaviour", list(BEHAVIOURS))
@pytest.mark.parametrize("backend", BACKENDS)
def test_implementation_defined(backend: str, behaviour: str) -> None:
    """``backend`` does what the table records for ``behaviour``."""
    be = load(backend)
    why, observe, table = BEHAVIOURS[behaviour]
    try:
        got = observe(be)
    except Exception:
        got = RAISES
    assert got == table[backend], (
        f"{backend}: {behaviour} ({why}) is now {got!r}; the table says {table[backend]!r}"
    )


def test_table_covers_every_backend() -> None:
    """Every row records every backend: nothing is skipped silently."""
    for behaviour, (_, _, table) in BEHAVIOURS.items():
        assert set(table) == set(BACKENDS), behaviour

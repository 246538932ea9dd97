"""Bad input gives a clear TypeError/ValueError naming the function and mlx, never a crash."""

from __future__ import annotations

import pytest

mx = pytest.importorskip("mlx.core")

import ember_array.mlx as xp  # noqa: E402

CASES = [
    (TypeError, r"take: mlx indices must have an integer dtype",
     lambda: xp.take(xp.ones(3), xp.ones(2))),
    (ValueError, r"tril: mlx array of shape \(3,\)", lambda: xp.tril(xp.ones(3))),
    (ValueError, r"matmul: mlx arrays must be at least 1-d",
     lambda: xp.matmul(xp.asarray(1.0), xp.ones(2))),
    (TypeError, r"finfo: mlx dtype int32", lambda: xp.finfo(xp.int32)),
    (TypeError, r"iinfo: mlx dtype float32", lambda: xp.iinfo(xp.float32)),
    (ValueError, r"cumulative_sum: axis is required for an mlx array of ndim 2",
     lambda: xp.cumulative_sum(xp.ones((2, 2)))),
    (ValueError, r"squeeze: axis 0 of mlx array shape \(2,\)", lambda: xp.squeeze(xp.ones(2), 0)),
    (TypeError, r"rfft: float64", lambda: xp.fft.rfft(xp.ones(2, dtype=xp.float64))),
    (TypeError, r"eigvals: .*float64", lambda: xp.linalg.eigvals(xp.eye(2, dtype=xp.float64))),
    (TypeError, r"mlx: expected a device", lambda: xp.zeros(2, device=3.5)),
    (TypeError, r"astype: mlx has no complex128", lambda: xp.astype(xp.ones(2), xp.complex128)),
    (TypeError, r"result_type: mlx cannot promote Python int with bool",
     lambda: xp.result_type(xp.bool, 1)),
    (TypeError, r"mlx: int8 and uint64 have no common dtype",
     lambda: xp.result_type(xp.int8, xp.uint64)),
    (IndexError, r"take: index out of range for an mlx axis of size 3",
     lambda: xp.take(xp.ones(3), [3])),
    (ValueError, r"vecdot: mlx shapes", lambda: xp.vecdot(xp.ones(3), xp.ones((2, 1)))),
    (ValueError, r"qr: mode must be", lambda: xp.linalg.qr(xp.eye(2), mode="r")),
    (ValueError, r"nonzero: mlx array must have at least one dimension",
     lambda: xp.nonzero(xp.asarray(1))),
    (ValueError, r"asarray: mlx cannot import ndarray without a copy",
     lambda: xp.asarray(__import__("numpy").ones(2), copy=False)),
    # a vector or a scalar where matrices are needed: not "not enough values to unpack"
    *[
        (ValueError, rf"{name}: mlx needs ndim >= 2, got shape \({shape}\)",
         lambda name=name, x=x: getattr(xp.linalg, name)(x))
        for name in ("matrix_rank", "pinv", "qr", "svd", "svdvals", "matrix_norm")
        for shape, x in (("3,", xp.ones(3)), ("", xp.asarray(1.0)))
    ],
]  # fmt: skip


@pytest.mark.parametrize(("exc", "pattern", "call"), CASES)
def test_clear_errors(exc, pattern, call):
    with pytest.raises(exc, match=pattern):
        call()

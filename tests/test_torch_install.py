"""ember_array.torch.install()/uninstall(): explicit, reversible patches of torch.Tensor."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

torch = pytest.importorskip("torch")

import ember_array.torch as xp  # noqa: E402
from ember_array.torch import _tensor  # noqa: E402


@pytest.fixture
def installed() -> Iterator[None]:
    xp.install()
    try:
        yield
    finally:
        xp.uninstall()


def test_not_installed_on_import_and_round_trip() -> None:
    assert not _tensor.installed()
    before = {k: v for k, v in vars(torch.Tensor).items()}
    xp.install()
    xp.install()  # idempotent
    assert torch.ones(1).__array_namespace__() is xp
    xp.uninstall()
    assert not hasattr(torch.ones(1), "__array_namespace__")
    assert dict(vars(torch.Tensor)) == before


@pytest.mark.usefixtures("installed")
def test_unsigned_operators() -> None:
    a = torch.tensor([1, 2, 3], dtype=torch.uint16)
    b = torch.tensor([5, 6, 7], dtype=torch.uint64)
    assert (a + b).dtype == torch.uint64
    assert (a + b).tolist() == [6, 8, 10]
    assert (a * 2).tolist() == [2, 4, 6]
    assert (1 - a).tolist() == [0, 65535, 65534]  # wraps as uint16
    assert (a < b).tolist() == [True, True, True]
    assert (~a).tolist() == [65534, 65533, 65532]
    assert (b // 2).tolist() == [2, 3, 3]
    c = a.clone()
    c += 2
    assert c.dtype == torch.uint16
    assert c.tolist() == [3, 4, 5]


@pytest.mark.usefixtures("installed")
def test_promotion_and_special_cases() -> None:
    # torch promotes a 0-d tensor like a Python scalar: int32 0-d + uint8 gives uint8 there
    out = torch.tensor(-60, dtype=torch.int32) + torch.tensor([10], dtype=torch.uint8)
    assert out.dtype == torch.int32
    assert out.tolist() == [-50]
    inf = float("inf")
    got = (torch.tensor([inf, -5.0, 5.0]) // torch.tensor([2.0, inf, -inf])).numpy()
    np.testing.assert_array_equal(got, [inf, -0.0, -0.0])
    assert np.signbit(got[1:]).all()
    assert np.signbit((torch.tensor([0.0]) % -3.0).numpy()).all()


@pytest.mark.usefixtures("installed")
def test_inplace_cannot_change_shape_and_plain_ops_stay_torch() -> None:
    x = torch.ones(3, dtype=torch.uint16)
    with pytest.raises(ValueError, match="shape"):
        x += torch.ones((2, 3), dtype=torch.uint32)
    y = torch.ones(3)
    y += 1  # same dtype: torch's own operator
    assert y.tolist() == [2.0, 2.0, 2.0]
    assert torch.Tensor.__add__(y, y).tolist() == [4.0, 4.0, 4.0]
    # nested 0-d tensors still convert (indexing is not patched)
    assert torch.asarray([[torch.tensor(1.0), torch.tensor(2.0)]]).shape == (1, 2)


@pytest.mark.usefixtures("installed")
def test_to_device() -> None:
    x = torch.ones(2)
    assert x.to_device("cpu").device.type == "cpu"


@pytest.mark.usefixtures("installed")
def test_unsigned_abs_and_int() -> None:
    assert abs(torch.tensor([5], dtype=torch.uint16)).tolist() == [5]
    big = torch.tensor(2**64 - 1315, dtype=torch.uint64)
    assert int(big) == 2**64 - 1315  # torch: "cannot be converted to type int64_t"
    assert int(torch.tensor(3.7)) == 3
    assert [1, 2, 3][torch.tensor(1)] == 2

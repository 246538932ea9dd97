"""``ember_array.testing``: test a library on every backend, with a pytest plugin.

Opt in with ``pytest -p ember_array.testing`` or ``pytest_plugins = ["ember_array.testing"]``
in a conftest (installing ember_array loads nothing by itself).  Then::

    from ember_array.testing import assert_close, check_lazy, random_array

    def test_standardize(xp):                      # once per installed backend
        x = random_array(xp, (20, 3))
        out = check_lazy(standardize, x)           # no hidden float()/bool()/.item()
        assert_close(out, standardize_numpy(x), xp=xp)

* fixture ``xp``: one parameter per installed backend among numpy, torch, mlx, dask,
  array_api_strict and jax (test ids are the names); ``--ember-backends=numpy,torch`` or
  ``EMBER_BACKENDS`` picks a subset; a missing backend is skipped with the reason;
* markers ``@pytest.mark.skip_backends(*names, reason=...)``,
  ``@pytest.mark.xfail_backends(*names, reason=..., strict=True)`` and
  ``@pytest.mark.data_dependent`` (for :func:`check_lazy`);
* :func:`assert_close`, :func:`assert_equal`, :func:`random_array`, :func:`check_lazy`,
  :func:`device_dtypes` and :func:`namespace_device_dtype_params`.

This module needs pytest (``import ember_array`` does not import it).
"""

from __future__ import annotations

from ._assert import assert_close, assert_equal
from ._backends import KIT_BACKENDS
from ._devices import DeviceDtype, device_dtypes
from ._lazy import check_lazy
from ._plugin import namespace_device_dtype_params, xp

# The plugin's hooks: pytest finds them on this module (``-p ember_array.testing``); they are
# not part of the API a test calls, so __all__ leaves them out.
from ._plugin import pytest_addoption as pytest_addoption
from ._plugin import pytest_collection_modifyitems as pytest_collection_modifyitems
from ._plugin import pytest_configure as pytest_configure
from ._plugin import pytest_runtest_call as pytest_runtest_call
from ._plugin import pytest_unconfigure as pytest_unconfigure
from ._random import random_array

#: The backends the ``xp`` fixture knows, in test-id order.
BACKEND_NAMES: tuple[str, ...] = tuple(b.name for b in KIT_BACKENDS)

__all__ = [
    "BACKEND_NAMES",
    "DeviceDtype",
    "assert_close",
    "assert_equal",
    "check_lazy",
    "device_dtypes",
    "namespace_device_dtype_params",
    "random_array",
    "xp",
]

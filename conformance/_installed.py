"""pytest plugin: run ``ember_array.<backend>.install()`` before the array-api-tests suite.

``python -m conformance.array_api_tests BACKEND --install`` loads it (``-p``) with
``EMBER_ARRAY_INSTALL=BACKEND``: the suite then also checks the backend's array class as
``install()`` patches it (operators, ``__array_namespace__``, ``to_device``).
"""

from __future__ import annotations

import importlib
import os
from typing import Any


def pytest_configure(config: Any) -> None:
    backend = os.environ.get("EMBER_ARRAY_INSTALL")
    if backend:
        importlib.import_module(f"ember_array.{backend}").install()

"""Run metadata the benchmark scripts save with their JSON: library versions and the machine.

The scripts run as files (``python benchmarks/<name>.py``), so this module is imported from the
script's own directory as ``_meta``.
"""

from __future__ import annotations

import importlib.metadata
import os
import platform
import socket
from collections.abc import Iterable
from typing import Any


def versions(dists: Iterable[str], ember_version: str) -> dict[str, str | None]:
    """Python's version, each installed distribution's (``None`` when absent) and ember_array's."""
    out: dict[str, str | None] = {"python": platform.python_version()}
    for dist in dists:
        try:
            out[dist] = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            out[dist] = None
    out["ember_array"] = ember_version
    return out


def machine() -> dict[str, Any]:
    """Host name, OS, CPU model (from ``/proc/cpuinfo`` where there is one) and logical CPUs."""
    cpu = platform.processor() or None
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "hostname": socket.gethostname(),
        "platform": platform.platform(),
        "cpu": cpu,
        "logical_cpus": os.cpu_count(),
    }

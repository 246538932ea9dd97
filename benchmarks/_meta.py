"""What the benchmark scripts record about a run: versions, the machine, the backends at hand.

The scripts run as files (``python benchmarks/<name>.py``), so this module is imported from the
script's own directory as ``_meta``. Importing it makes ``import ember_array`` work from a
checkout that is not installed (the repository root goes on ``sys.path``); nothing is imported
until a function needs it, so a script can still set thread variables before numpy loads.
"""

from __future__ import annotations

import datetime
import importlib
import importlib.metadata
import importlib.util
import os
import platform
import socket
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

if importlib.util.find_spec("ember_array") is None:  # a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _version(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def versions(dists: Iterable[str]) -> dict[str, str | None]:
    """Python's version, each distribution's (``None`` when absent) and ember_array's.

    Keys are the distribution names with ``-`` written ``_`` (``array_api_compat``);
    ember_array's version is the imported package's, so a checkout reports its own.
    """
    out: dict[str, str | None] = {
        "python": platform.python_version(),
        "python_implementation": platform.python_implementation(),
    }
    out.update({dist.replace("-", "_"): _version(dist) for dist in dists})
    try:
        import ember_array

        out["ember_array"] = ember_array.__version__
    except Exception:  # a package under construction may fail in any way
        out["ember_array"] = _version("ember-array")
    return out


def machine() -> dict[str, Any]:
    """Host name, OS, architecture, CPU model (from ``/proc/cpuinfo`` where there is one), the
    logical CPUs and those this process may use."""
    cpu = platform.processor() or None
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
    return {
        "hostname": socket.gethostname(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu": cpu,
        "logical_cpus": os.cpu_count(),
        "cpus_usable": usable,
    }


def describe(dists: Iterable[str]) -> dict[str, Any]:
    """The head of a results file: ``date`` (UTC, now), ``versions`` and ``machine``."""
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
        "versions": versions(dists),
        "machine": machine(),
    }


def backends(spec: str | Iterable[str]) -> tuple[list[str], dict[str, str]]:
    """The backends of ``spec`` (names, or one comma-separated string) whose library imports.

    Each library is the registry's module (``ember_array._backends.BY_NAME[name].native``).
    Returns the importable names, in order, and ``{name: why}`` for the others.
    """
    from ember_array._backends import BY_NAME

    names = spec.split(",") if isinstance(spec, str) else spec
    found: list[str] = []
    skipped: dict[str, str] = {}
    for name in (n.strip() for n in names):
        if not name:
            continue
        if name not in BY_NAME:
            skipped[name] = f"unknown backend (known: {', '.join(BY_NAME)})"
            continue
        try:
            importlib.import_module(BY_NAME[name].native)
        except ImportError as exc:
            skipped[name] = f"not installed: {exc}"
            continue
        found.append(name)
    return found, skipped

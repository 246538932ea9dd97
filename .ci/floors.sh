#!/usr/bin/env bash
# The oldest supported releases (issue 39): `nox -s floors` in a fresh virtualenv and a fresh
# nox environment. It installs the lowest release of numpy, array-api-compat, mlx, dask and
# scipy at or above pyproject.toml's bounds (the backend registry's floors) that the index
# offers, ember_array without dependencies, and runs the namespace, shim and conformance tests
# on numpy, mlx and dask. Needs only pip access to the package index. Any failure fails it.
# Called from .ci/run; runs by hand too: `bash .ci/floors.sh`.
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet nox packaging
"$work/venv/bin/nox" --envdir "$work/nox" --no-reuse-existing-virtualenvs -s floors

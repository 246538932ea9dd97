#!/usr/bin/env bash
# The release artifacts as a user gets them (docs/releasing.md): build the sdist and the wheel,
# `twine check` them, install the wheel into a fresh virtualenv with numpy alone and run the
# report and a smoke test, then add each extra (torch, mlx, dask) and smoke-test that backend.
# Called from .ci/run; runs by hand too: `bash .ci/wheel_smoke.sh`.
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python -m pip install --quiet build twine
python -m build --outdir "$work/dist" . >"$work/build.log" 2>&1 || {
    cat "$work/build.log" >&2
    exit 1
}
python -m twine check --strict "$work"/dist/*
wheel="$(ls "$work"/dist/*.whl)"
echo "== built: $(cd "$work/dist" && ls)"

python -m venv "$work/venv"
py="$work/venv/bin/python"
"$py" -m pip install --quiet --upgrade pip
"$py" -m pip install --quiet "$wheel"

smoke() {
    # run outside the checkout, so that the installed wheel is imported, not ./ember_array
    (cd "$work" && "$py" - "$@") <<'EOF'
import sys

import numpy as np

import ember_array

assert not ember_array.__file__.startswith(sys.argv[1]), ember_array.__file__
assert ember_array.__version__ not in ("", "0+unknown"), ember_array.__version__


def standardize(x):
    xp = ember_array.namespace(x)
    return (x - xp.mean(x, axis=0)) / xp.std(x, axis=0)


x = np.asarray([[1.0, 2.0], [3.0, 6.0]])
expected = np.asarray([[-1.0, -1.0], [1.0, 1.0]])
for backend in sys.argv[2:]:
    if backend == "numpy":
        got = standardize(x)
    elif backend == "torch":
        import torch

        got = standardize(torch.asarray(x)).numpy()
    elif backend == "mlx":
        import mlx.core as mx

        got = np.asarray(standardize(mx.array(x.astype(np.float32))))
    elif backend == "dask":
        import dask.array as da

        got = standardize(da.from_array(x, chunks=1)).compute()
    np.testing.assert_allclose(got, expected, rtol=1e-6)
    print(f"wheel smoke test: {backend} ok (ember_array {ember_array.__version__})")
EOF
}

echo "== the wheel with numpy alone"
report="$(cd "$work" && "$py" -m ember_array)"
echo "$report" | head -3
smoke "$PWD" numpy
"$py" -m pip list --format=freeze | grep -Eiv "^(pip|setuptools|numpy|array.api.compat|ember.array)=="  && {
    echo "CI: the numpy-only install pulled more than numpy and array-api-compat" >&2
    exit 1
}

# The CPU build of torch on disk first; an unpinned torch would pull a multi-GB CUDA build.
echo "== [torch]"
"$py" -m pip install --quiet "torch==2.13.0"
"$py" -m pip install --quiet "$wheel[torch]"
smoke "$PWD" numpy torch
echo "== [mlx]"
"$py" -m pip install --quiet "$wheel[mlx]"
smoke "$PWD" mlx
echo "== [dask]"
"$py" -m pip install --quiet "$wheel[dask]"
smoke "$PWD" dask
report="$(cd "$work" && "$py" -m ember_array)"
echo "$report" | head -6

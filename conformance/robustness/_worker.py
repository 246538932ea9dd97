"""A worker process: runs the cases of one group from a pickle file, reporting each.

Protocol on the inherited stdout (the library's own prints go to stderr): ``S <i>`` before
case ``i`` starts, ``R <json>`` when it ends. The pool reads ``S`` without ``R`` as a crash
or hang of case ``i``.
"""

from __future__ import annotations

import importlib
import json
import os
import pickle
import sys
import warnings

from ember_array._backends import BY_NAME

from ._generate import CONTROL


def main() -> None:
    path, group, start = sys.argv[1], sys.argv[2], int(sys.argv[3])
    proto = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)  # library prints go to the worker's log, not the protocol
    warnings.simplefilter("ignore")
    backend = group.split("+")[0]
    if backend == "dask":
        import dask

        # one thread: the graph is computed where the case runs (a hang is the case's)
        dask.config.set(scheduler="synchronous")
    # CONTROL: array-api-strict against itself, which proves the cases and the judge
    xp = importlib.import_module(
        "array_api_strict" if group == CONTROL else BY_NAME[backend].namespace
    )
    if group.endswith("+install"):
        xp.install()
    import array_api_strict

    from ._judge import judge

    info = xp.__array_namespace_info__()
    defaults = {k: str(v).rsplit(".", 1)[-1] for k, v in info.default_dtypes().items()}
    # mlx keeps freed buffers in a cache; under the worker's address-space cap a case would
    # otherwise fail with MemoryError because of the cases before it
    release = (
        importlib.import_module(BY_NAME["mlx"].native).clear_cache if backend == "mlx" else None
    )
    with open(path, "rb") as f:
        cases = pickle.load(f)
    for i in range(start, len(cases)):
        proto.write(f"S {i}\n")
        outcome, detail, referee = judge(cases[i], backend, xp, array_api_strict, defaults)
        rec = {"i": i, "outcome": outcome, "detail": detail, "referee": referee}
        proto.write("R " + json.dumps(rec) + "\n")
        if release is not None:
            release()
    proto.write("D\n")


if __name__ == "__main__":
    main()

"""A worker process of the transform matrix: runs the cells of one group from a pickle file.

The robustness sweep's protocol (:mod:`conformance.robustness._worker`): ``S <i>`` before cell
``i``, ``R <json>`` after it, ``D`` at the end, on the inherited stdout; the library's own
prints (torch.compile's warnings) go to stderr.
"""

from __future__ import annotations

import json
import os
import pickle
import sys
import warnings

from ._apply import Lib, run_cell


def main() -> None:
    path, group, start = sys.argv[1], sys.argv[2], int(sys.argv[3])
    proto = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    warnings.simplefilter("ignore")
    lib = Lib(group)
    with open(path, "rb") as f:
        cells = pickle.load(f)
    for i in range(start, len(cells)):
        proto.write(f"S {i}\n")
        outcome, detail = run_cell(cells[i], lib)
        proto.write("R " + json.dumps({"i": i, "outcome": outcome, "detail": detail}) + "\n")
        lib.release()
    proto.write("D\n")


if __name__ == "__main__":
    main()

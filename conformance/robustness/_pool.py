"""Running cases in worker processes: a crash or hang is a result, never the sweep's end.

Cases are split per group (a backend, or mlx after ``install()``) into chunks; each chunk is
pickled to a file and run by one worker process (``python -m conformance.robustness._worker``)
that reports ``S i`` before and ``R {...}`` after each case. When a worker dies between the
two, case ``i`` crashed (its exit status or signal is recorded, with the tail of its stderr);
when no report comes within the timeout, case ``i`` hung and the worker is killed. Either way a
fresh worker resumes at ``i + 1``. A crash is then re-run alone in a fresh process: if it does
not crash there, the earlier cases of that worker corrupted its state (mlx writes outside an
array's memory), and the case is recorded as ``crash`` with ``detail`` saying so.
"""

from __future__ import annotations

import contextlib
import json
import os
import pickle
import resource
import select
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from ._deviations import memory_unsafe
from ._generate import Case
from ._result import Result


def _limit_memory(gb: float) -> Callable[[], None]:
    def apply() -> None:
        os.setsid()  # its own process group: a hang is killed with everything it started
        if gb > 0:
            n = int(gb * (1 << 30))
            resource.setrlimit(resource.RLIMIT_AS, (n, n))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    return apply


def _describe_exit(code: int) -> str:
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"process exited with status {code}"


#: The worker's entry point: ``ember_array`` from ``EMBER_SWEEP_ROOT`` (another checkout) is
#: loaded before anything imports it, so that the sweep's own modules (this checkout's
#: ``conformance`` package) test that checkout's library.
_BOOT = """
import importlib.util, os, sys
root = os.environ.get("EMBER_SWEEP_ROOT")
if root:
    pkg = os.path.join(root, "ember_array")
    spec = importlib.util.spec_from_file_location(
        "ember_array", os.path.join(pkg, "__init__.py"), submodule_search_locations=[pkg]
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules["ember_array"] = module
    spec.loader.exec_module(module)
from {worker} import main
main()
"""

#: The worker module of the robustness sweep (``run(..., worker=...)`` names another).
WORKER = "conformance.robustness._worker"


class _Worker:
    def __init__(
        self, path: str, group: str, start: int, root: str, mem_gb: float, worker: str = WORKER
    ) -> None:
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (closed by _run_chunk)
        here = str(Path(__file__).resolve().parents[2])
        env = dict(
            os.environ,
            PYTHONPATH=os.pathsep.join(filter(None, [here, os.environ.get("PYTHONPATH", "")])),
            EMBER_SWEEP_ROOT=root,
        )
        env.setdefault("OMP_NUM_THREADS", "1")
        env.setdefault("MKL_NUM_THREADS", "1")
        env.setdefault("OPENBLAS_NUM_THREADS", "1")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _BOOT.format(worker=worker), path, group, str(start)],
            stdout=subprocess.PIPE,
            stderr=self.log,
            stdin=subprocess.DEVNULL,
            env=env,
            preexec_fn=_limit_memory(mem_gb),
        )
        self.buf = b""

    def lines(self, timeout: Callable[[], float]) -> Iterator[str | None]:
        """Protocol lines; ``None`` when ``timeout()`` seconds pass with none; ends at EOF."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while True:
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                yield line.decode()
            ready, _, _ = select.select([fd], [], [], timeout())
            if not ready:
                yield None
                continue
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return
            self.buf += chunk

    def stderr_tail(self) -> str:
        self.log.seek(0, 2)
        size = self.log.tell()
        self.log.seek(max(0, size - 600))
        text = self.log.read().decode(errors="replace").strip().splitlines()
        return " | ".join(line.strip() for line in text[-3:])[:300]

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()


def _run_chunk(
    path: str,
    cases: list[Case],
    root: str,
    timeout: float,
    mem_gb: float,
    isolate: bool,
    startup: float = 120.0,
    worker: str = WORKER,
) -> Iterator[Result]:
    """Run one pickled chunk to the end, restarting the worker after each crash or hang."""
    group = cases[0].group
    start = 0
    while start < len(cases):
        w = _Worker(path, group, start, root, mem_gb, worker)
        current: int | None = None
        done = False
        try:
            # the wait depends on the state: a worker importing torch, or a case running
            for line in w.lines(lambda: startup if current is None else timeout):  # noqa: B023
                if line is None:  # no report in time
                    if current is None:
                        raise RuntimeError(f"worker for {group} did not start: {w.stderr_tail()}")
                    w.kill()
                    yield Result(cases[current], "hang", f"no result after {timeout:g} s")
                    start = current + 1
                    break
                tag, _, rest = line.partition(" ")
                if tag == "S":
                    current = int(rest)
                elif tag == "R":
                    rec = json.loads(rest)
                    yield Result(
                        cases[rec["i"]], rec["outcome"], rec["detail"], rec.get("referee", "")
                    )
                    current = None
                elif tag == "D":
                    done = True
            else:
                code = w.proc.wait()
                if done:
                    return
                if current is None:
                    raise RuntimeError(f"worker for {group} ended unexpectedly: {w.stderr_tail()}")
                detail = f"{_describe_exit(code)}: {w.stderr_tail()}".rstrip(": ")
                if isolate and current > start:
                    again = _alone(cases[current], root, timeout, mem_gb, worker)
                    if again.outcome not in ("crash", "hang"):
                        # an earlier case of this worker broke its memory (mlx writes out of
                        # bounds); the case just before is the first suspect
                        detail = (
                            f"{detail} (in a worker after {current - start} other cases, the "
                            f"last {cases[current - 1].id}; alone: {again.outcome} {again.detail})"
                        )
                yield Result(cases[current], "crash", detail)
                start = current + 1
        finally:
            if w.proc.poll() is None:
                w.kill()
            w.log.close()


def _alone(case: Case, root: str, timeout: float, mem_gb: float, worker: str = WORKER) -> Result:
    with tempfile.NamedTemporaryFile(suffix=".pkl", delete=False) as f:
        pickle.dump([case], f)
    try:
        chunk = _run_chunk(f.name, [case], root, timeout, mem_gb, isolate=False, worker=worker)
        return next(iter(chunk))
    finally:
        os.unlink(f.name)


def run(
    cases: Sequence[Case],
    *,
    root: str | None = None,
    jobs: int = 2,
    timeout: float = 10.0,
    mem_gb: float = 3.0,
    chunk: int = 2500,
    progress: Callable[[Result], None] | None = None,
    worker: str = WORKER,
) -> list[Result]:
    """Run ``cases`` in worker processes, ``jobs`` at a time; results in case order.

    ``root`` is the checkout whose ``ember_array`` the workers test (default: this one);
    ``mem_gb`` caps each worker's address space, so that a huge size fails
    instead of taking the machine's memory. ``worker``: the module whose ``main()`` runs a
    chunk (the transform matrix, ``conformance.transforms``, has its own).
    """
    import threading
    from concurrent.futures import ThreadPoolExecutor

    root = str(Path(root or Path(__file__).resolve().parents[2]).resolve())
    by_group: dict[str, list[Case]] = {}
    for c in cases:
        by_group.setdefault(c.group, []).append(c)
    chunks = []
    for g in by_group.values():
        # a native operation that writes outside an array's memory gets a worker of its own
        chunks += [[c] for c in g if memory_unsafe(c)]
        rest = [c for c in g if not memory_unsafe(c)]
        chunks += [rest[i : i + chunk] for i in range(0, len(rest), chunk)]
    tmp = tempfile.mkdtemp(prefix="ember-sweep-")
    lock = threading.Lock()
    out: dict[str, Result] = {}

    def work(ch: list[Case], k: int) -> None:
        path = os.path.join(tmp, f"chunk{k}.pkl")
        with open(path, "wb") as f:
            pickle.dump(ch, f)
        for r in _run_chunk(path, ch, root, timeout, mem_gb, isolate=True, worker=worker):
            with lock:
                out[r.case.id] = r
                if progress is not None:
                    progress(r)
        os.unlink(path)

    t0 = time.monotonic()
    with ThreadPoolExecutor(max_workers=jobs) as ex:
        for f in [ex.submit(work, ch, k) for k, ch in enumerate(chunks)]:
            f.result()
    os.rmdir(tmp)
    del t0
    return [out[c.id] for c in cases if c.id in out]

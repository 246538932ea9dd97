"""Run the external ``data-apis/array-api-tests`` suite against an ember_array namespace.

Usage::

    python -m conformance.array_api_tests BACKEND [--max-examples N] [--module MODULE]
        [--no-xfails] [--report PATH] [--seed SEED] [-- EXTRA_PYTEST_ARGS...]

``BACKEND`` is one of ``numpy``, ``torch``, ``mlx`` or ``dask``; the namespace under test is
``ember_array.<BACKEND>`` unless ``--module`` names another importable namespace
(e.g. ``--module array_api_compat.numpy`` to measure a baseline).

The suite is *not* vendored. Its location is read from the ``ARRAY_API_TESTS_DIR``
environment variable; when that is unset, the pinned copy beside the checkout
(``../shared/array-api-tests``, see its PINNED.txt) is used if it exists. That directory must
contain the suite's ``array_api_tests/`` package and the spec repository checked out as
``array-api/`` (a git submodule upstream). Without it, the runner prints how to get the suite
and exits with 0.

The suite is copied to a temporary directory first (it is ~4 MB), and pytest runs there: the
run writes no ``__pycache__``, ``.pytest_cache`` or Hypothesis example database into the
suite's folder, which may be read-only (CI's shared copy is), and a replayed database never
changes a measurement.

The runner starts ``python -m pytest`` in that copy with:

* ``ARRAY_API_TESTS_MODULE`` set to the namespace and ``ARRAY_API_TESTS_VERSION``
  set to ``2025.12`` (``--api-version``);
* the repository root prepended to ``PYTHONPATH``, so that ``ember_array`` and
  ``conformance`` import;
* ``-p conformance._noshrink`` (Hypothesis' shrink phase removed, much faster);
* ``--max-examples N`` (default 100) and ``--hypothesis-seed SEED`` (default 0);
* ``--xfails-file`` with the test ids of ``conformance/<BACKEND>-xfails.txt`` when that
  file lists at least one test and ``--no-xfails`` is not given (the list is in the format of
  ``conformance/_xfails.py``, shared with the project's own suite; the suite reads bare ids,
  so the runner writes them to a file next to the report);
* ``--json-report --json-report-file=PATH``, ``--rootdir=.`` and ``-q``.

Afterwards it reads the JSON report, prints the outcome counts and the sorted list
of failing test node ids, and writes that list next to the report as
``<report stem>.failures.txt``. The xfails are strict: a listed test that passes (``xpassed``)
is reported and fails the run. The exit code is pytest's, except that exit code 5 (no tests
collected) becomes 1, as does 0 when a listed test passed.

Only the standard library is used here; the suite itself needs ``pytest``,
``pytest-json-report``, ``hypothesis`` and ``ndindex``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from conformance import _xfails

__all__ = [
    "BACKENDS",
    "DEFAULT_SKIP_DTYPES",
    "DEFAULT_API_VERSION",
    "DEFAULT_MAX_EXAMPLES",
    "build_command",
    "build_env",
    "copy_suite",
    "failing_node_ids",
    "find_suite",
    "main",
    "strict_xpasses",
    "summarize_report",
    "write_suite_xfails",
    "xfails_file_for",
]

BACKENDS: tuple[str, ...] = ("numpy", "torch", "mlx", "dask")

#: dtypes each backend skips unless ``--all-dtypes``: mlx has no complex128 at all
#: (ember_array.mlx raises TypeError for it). torch skips none: ember_array.torch computes
#: uint16/32/64, for which torch has few kernels (ember_array/torch/_uints.py).
DEFAULT_SKIP_DTYPES: dict[str, str] = {"mlx": "complex128"}
DEFAULT_API_VERSION = "2025.12"
DEFAULT_MAX_EXAMPLES = 100
ENV_SUITE_DIR = "ARRAY_API_TESTS_DIR"
REPO_ROOT = Path(__file__).resolve().parent.parent
#: The pinned copy beside the checkout (data-apis/array-api-tests with the standard's stubs,
#: PINNED.txt names the commits), used when ARRAY_API_TESTS_DIR is unset.
PINNED_SUITE = REPO_ROOT.parent / "shared" / "array-api-tests"
CONFORMANCE_DIR = Path(__file__).resolve().parent
SUITE_REQUIREMENTS: tuple[tuple[str, str], ...] = (
    ("pytest", "pytest"),
    ("hypothesis", "hypothesis"),
    ("pytest_jsonreport", "pytest-json-report"),
    ("ndindex", "ndindex"),
)
_OPTIONS_WITH_VALUE = frozenset(
    {"--deselect", "--ignore", "--ignore-glob", "-k", "-m", "--xfails-file", "--skips-file"}
)
OUTCOMES: tuple[str, ...] = ("passed", "failed", "error", "skipped", "xfailed", "xpassed")

HOW_TO_GET_SUITE = f"""\
The array-api-tests suite was not found ({ENV_SUITE_DIR} is {{state}}).

The suite is not vendored in this repository. To run it:

  1. Get the test suite and the spec it pins (the spec is a git submodule
     that must end up in the suite's array-api/ folder):

       git clone https://github.com/data-apis/array-api-tests.git
       cd array-api-tests
       git submodule update --init        # fills array-api/ with data-apis/array-api

     (Without git submodules: clone https://github.com/data-apis/array-api.git
     into array-api-tests/array-api and check out the commit shown by
     `git ls-tree HEAD array-api` in array-api-tests.)

  2. Install the suite's extra requirement: pip install ndindex
     (pytest, hypothesis and pytest-json-report are needed too).

  3. Point the runner at the checkout and run it, e.g.:

       export {ENV_SUITE_DIR}=/path/to/array-api-tests
       python -m conformance.array_api_tests numpy

Nothing was run.
"""


def find_suite(
    env: Mapping[str, str] | None = None, pinned: Path = PINNED_SUITE
) -> tuple[Path | None, str]:
    """Locate the array-api-tests checkout from the environment, else the pinned copy.

    Parameters
    ----------
    env : mapping, optional
        Environment to read ``ARRAY_API_TESTS_DIR`` from. Defaults to
        :data:`os.environ`. Set to an empty string, it turns the pinned copy off.
    pinned : pathlib.Path, optional
        The copy used when ``ARRAY_API_TESTS_DIR`` is unset (default: :data:`PINNED_SUITE`).

    Returns
    -------
    path : pathlib.Path or None
        The suite directory, or None when it is not usable.
    state : str
        A short description of why the suite is unusable (empty when usable).
    """
    if env is None:
        env = os.environ
    if ENV_SUITE_DIR not in env and (pinned / "array_api_tests").is_dir():
        raw = str(pinned)
    else:
        raw = env.get(ENV_SUITE_DIR, "").strip()
    if not raw:
        return None, f"not set, and there is no pinned copy at {pinned}"
    path = Path(raw).expanduser().resolve()
    if not (path / "array_api_tests").is_dir():
        return None, f"{raw!r}, which has no array_api_tests/ folder"
    spec = path / "array-api"
    if not spec.is_dir() or not any(spec.iterdir()):
        return None, f"{raw!r}, whose array-api/ spec folder is missing or empty"
    return path, ""


def xfails_file_for(backend: str, *, install: bool = False) -> Path | None:
    """Return the backend's xfails file if it lists at least one test.

    Parameters
    ----------
    backend : str
        One of :data:`BACKENDS`.
    install : bool
        The run calls ``ember_array.<backend>.install()`` first: the list is
        ``conformance/<backend>+install-xfails.txt`` where it exists.

    Returns
    -------
    pathlib.Path or None
        ``conformance/<backend>-xfails.txt`` when it exists and has an entry (a line
        ``<test id>  # <reason> — <link>``, see ``conformance/_xfails.py``), else None.
    """
    path = CONFORMANCE_DIR / f"{backend}-xfails.txt"
    if install and (CONFORMANCE_DIR / f"{backend}+install-xfails.txt").exists():
        path = CONFORMANCE_DIR / f"{backend}+install-xfails.txt"
    return path if _xfails.read(path) else None


def write_suite_xfails(xfails: Path, dest: Path) -> Path:
    """Write the test ids of the xfails file ``xfails`` to ``dest``, one a line.

    The suite's ``--xfails-file`` takes each whole line as a test id, so it gets the ids
    without their reasons and links.

    Parameters
    ----------
    xfails : pathlib.Path
        An xfails file in the format of ``conformance/_xfails.py``.
    dest : pathlib.Path
        Where to write the ids.

    Returns
    -------
    pathlib.Path
        ``dest``.
    """
    dest.write_text("".join(f"{i}\n" for i in _xfails.read(xfails)), encoding="utf-8")
    return dest


def strict_xpasses(report: dict[str, Any], listed: Mapping[str, _xfails.Xfail]) -> list[str]:
    """Return the sorted ids of listed tests that passed (``xpassed``): strict xfail failures.

    A test is listed when its node id, or its node id without the ``[...]`` parameter, is
    in ``listed`` (as the suite matches them; a file or folder entry is not checked). An entry
    whose failure depends on the draws (:attr:`conformance._xfails.Xfail.draw_dependent`) is
    not strict: its pass is left out.

    Parameters
    ----------
    report : dict
        A parsed pytest-json-report report.
    listed : mapping of str to Xfail
        The entries of the xfails file.

    Returns
    -------
    list of str
        The node ids of the listed tests whose outcome in ``report`` is ``xpassed``.
    """
    ids = {i for i, entry in listed.items() if not entry.draw_dependent}
    return sorted(
        t["nodeid"]
        for t in report.get("tests", [])
        if t.get("outcome") == "xpassed"
        and (t["nodeid"] in ids or t["nodeid"].partition("[")[0] in ids)
    )


def build_env(
    module: str, api_version: str, base: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Build the environment for the pytest subprocess.

    Parameters
    ----------
    module : str
        Importable name of the namespace under test (``ARRAY_API_TESTS_MODULE``).
    api_version : str
        Standard revision to test against (``ARRAY_API_TESTS_VERSION``).
    base : mapping of str to str, optional
        Environment to start from. Defaults to a copy of :data:`os.environ`.

    Returns
    -------
    dict of str to str
        The environment, with the repository root first on ``PYTHONPATH``.
    """
    env = dict(os.environ if base is None else base)
    env["ARRAY_API_TESTS_MODULE"] = module
    env["ARRAY_API_TESTS_VERSION"] = api_version
    paths = [str(REPO_ROOT)]
    if env.get("PYTHONPATH"):
        paths.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    return env


def build_command(
    report: Path,
    max_examples: int,
    seed: int | None,
    xfails: Path | None,
    extra: Sequence[str] = (),
) -> list[str]:
    """Build the pytest command line (run with the suite directory as cwd).

    ``--rootdir=.`` pins the rootdir (and so the node ids, which the xfails file
    matches against) to the suite directory, whatever extra arguments are given.

    Parameters
    ----------
    report : pathlib.Path
        Where pytest-json-report writes its JSON report.
    max_examples : int
        Hypothesis ``max_examples`` (the suite's ``--max-examples``).
    seed : int or None
        Value for ``--hypothesis-seed``; None leaves Hypothesis randomized.
    xfails : pathlib.Path or None
        Xfails file for the suite's ``--xfails-file``, if any.
    extra : sequence of str, optional
        Extra pytest arguments, appended last. When one of them starts with
        ``array_api_tests`` (a test path or node id), the default
        ``array_api_tests/`` path is left out so that only those tests run.

    Returns
    -------
    list of str
        The argument vector, starting with :data:`sys.executable`.
    """
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "conformance._noshrink",
        # no .pytest_cache (and _noshrink keeps no Hypothesis database): each run is the same
        "-p",
        "no:cacheprovider",
        "-q",
        "--rootdir=.",
        # The suite's 800 ms deadline turns a busy machine into spurious failures.
        "--disable-deadline",
        f"--max-examples={max_examples}",
        "--json-report",
        f"--json-report-file={report}",
    ]
    if not _has_test_paths(extra):
        # Only default to the whole suite when no test path/node id was given.
        cmd.append("array_api_tests/")
    if seed is not None:
        cmd.append(f"--hypothesis-seed={seed}")
    if xfails is not None:
        # "=" form: a separate value token would be taken for a test path while pytest
        # determines its rootdir (the option is only known once conftest.py is loaded).
        cmd.append(f"--xfails-file={xfails}")
    cmd += list(extra)
    return cmd


def copy_suite(suite: Path, dest: Path) -> Path:
    """Copy the suite to ``dest`` without caches, so that a run writes nothing into ``suite``.

    Parameters
    ----------
    suite : pathlib.Path
        The array-api-tests checkout (with its ``array-api/`` spec folder).
    dest : pathlib.Path
        A path that does not exist yet.

    Returns
    -------
    pathlib.Path
        ``dest``, writable whatever the source's permissions.
    """
    shutil.copytree(
        suite,
        dest,
        ignore=shutil.ignore_patterns("__pycache__", ".hypothesis", ".pytest_cache", ".git"),
        copy_function=shutil.copyfile,
    )
    for path in (dest, *dest.rglob("*")):
        path.chmod(path.stat().st_mode | 0o700)
    return dest


def _has_test_paths(extra: Sequence[str]) -> bool:
    """Return whether ``extra`` names suite tests positionally (``array_api_tests...``)."""
    previous = ""
    for arg in extra:
        if arg.startswith("array_api_tests") and previous not in _OPTIONS_WITH_VALUE:
            return True
        previous = arg
    return False


def failing_node_ids(report: dict[str, Any]) -> list[str]:
    """Return the sorted node ids of failed or errored tests and collectors.

    Parameters
    ----------
    report : dict
        A parsed pytest-json-report report.

    Returns
    -------
    list of str
        Sorted, de-duplicated node ids whose outcome is ``failed`` or ``error``
        (including collection failures).
    """
    ids = {t["nodeid"] for t in report.get("tests", []) if t.get("outcome") in ("failed", "error")}
    ids |= {
        c["nodeid"] or "<collection>"
        for c in report.get("collectors", [])
        if c.get("outcome") in ("failed", "error")
    }
    return sorted(ids)


def summarize_report(report: dict[str, Any]) -> dict[str, int]:
    """Extract outcome counts from a pytest-json-report report.

    Parameters
    ----------
    report : dict
        A parsed pytest-json-report report.

    Returns
    -------
    dict of str to int
        Counts for ``total`` and each of :data:`OUTCOMES` (missing ones are 0).
    """
    summary = report.get("summary", {})
    counts = {"total": int(summary.get("total", 0))}
    for outcome in OUTCOMES:
        counts[outcome] = int(summary.get(outcome, 0))
    return counts


def _failures_path(report: Path) -> Path:
    """Return the path of the failure list written next to ``report``."""
    if report.suffix == ".json":
        return report.with_suffix(".failures.txt")
    return report.with_name(report.name + ".failures.txt")


def _missing_requirements() -> list[str]:
    """Return the pip names of suite requirements that cannot be imported."""
    return [pip for mod, pip in SUITE_REQUIREMENTS if importlib.util.find_spec(mod) is None]


def _parse_args(argv: Sequence[str]) -> tuple[argparse.Namespace, list[str]]:
    """Split ``argv`` at ``--`` and parse the runner's own options."""
    argv = list(argv)
    extra: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1 :]
    parser = argparse.ArgumentParser(
        prog="python -m conformance.array_api_tests",
        description="Run data-apis/array-api-tests against an ember_array namespace. "
        "Arguments after `--` go to pytest unchanged.",
    )
    parser.add_argument("backend", choices=BACKENDS, help="backend to test")
    parser.add_argument(
        "--max-examples",
        type=int,
        default=DEFAULT_MAX_EXAMPLES,
        help=f"hypothesis max_examples (default {DEFAULT_MAX_EXAMPLES})",
    )
    parser.add_argument(
        "--module",
        default=None,
        help="namespace to test instead of ember_array.BACKEND (e.g. array_api_compat.numpy)",
    )
    parser.add_argument(
        "--no-xfails",
        action="store_true",
        help="do not pass the ids of conformance/BACKEND-xfails.txt to the suite",
    )
    parser.add_argument(
        "--report",
        type=Path,
        default=None,
        help="JSON report path (default: a new temporary directory)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        help="--hypothesis-seed value (default 0; negative to leave hypothesis randomized)",
    )
    parser.add_argument(
        "--all-dtypes",
        action="store_true",
        help="also test the dtypes skipped by default for this backend (mlx: complex128)",
    )
    parser.add_argument(
        "--install",
        action="store_true",
        help="call ember_array.BACKEND.install() first (torch, mlx): the suite then checks the "
        "array class as install() patches it; the xfail list is then BACKEND+install-xfails.txt "
        "when it exists",
    )
    parser.add_argument(
        "--api-version",
        default=DEFAULT_API_VERSION,
        help=f"ARRAY_API_TESTS_VERSION (default {DEFAULT_API_VERSION})",
    )
    return parser.parse_args(argv), extra


def main(argv: Sequence[str] | None = None) -> int:
    """Run the suite and print a summary.

    Parameters
    ----------
    argv : sequence of str, optional
        Command-line arguments (without the program name). Defaults to
        ``sys.argv[1:]``.

    Returns
    -------
    int
        pytest's exit code (5, "no tests collected", is turned into 1); 0 when the
        suite is not available; 2 when the suite's requirements are missing.
    """
    args, extra = _parse_args(sys.argv[1:] if argv is None else argv)

    suite, state = find_suite()
    if suite is None:
        print(HOW_TO_GET_SUITE.format(state=state))
        return 0
    missing = _missing_requirements()
    if missing:
        print(
            "The array-api-tests suite needs these packages, which are not importable: "
            + ", ".join(missing)
            + f"\nInstall them (pip install {' '.join(missing)}) and run again.",
            file=sys.stderr,
        )
        return 2

    module = args.module or f"ember_array.{args.backend}"
    listed = None if args.no_xfails else xfails_file_for(args.backend, install=args.install)
    if args.report is None:
        report_dir = Path(tempfile.mkdtemp(prefix="ember-array-tests-"))
        report = report_dir / f"{args.backend}-report.json"
    else:
        report = args.report.expanduser().resolve()
        report.parent.mkdir(parents=True, exist_ok=True)
    if report.exists():
        report.unlink()
    xfails = None
    if listed is not None:
        xfails = write_suite_xfails(listed, report.with_name(f"{report.stem}.xfail-ids.txt"))

    seed = args.seed if args.seed >= 0 else None
    if args.install:
        extra = ["-p", "conformance._installed", *extra]
    cmd = build_command(report, args.max_examples, seed, xfails, extra)
    env = build_env(module, args.api_version)
    if args.install:
        env["EMBER_ARRAY_INSTALL"] = args.backend
    skipped = DEFAULT_SKIP_DTYPES.get(args.backend)
    if skipped and not args.all_dtypes and "ARRAY_API_TESTS_SKIP_DTYPES" not in env:
        env["ARRAY_API_TESTS_SKIP_DTYPES"] = skipped
    print(f"skipped dtypes: {env.get('ARRAY_API_TESTS_SKIP_DTYPES') or '(none)'}")
    print(f"suite:   {suite}")
    print(f"module:  {module} (ARRAY_API_TESTS_VERSION={args.api_version})")
    print(f"xfails:  {listed if listed is not None else '(none)'}")
    print(f"command: {' '.join(cmd)}", flush=True)

    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="array-api-tests-") as tmp:
        copy = copy_suite(suite, Path(tmp) / "array-api-tests")
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        returncode = subprocess.call(cmd, cwd=copy, env=env)
    elapsed = time.monotonic() - start

    print()
    print(f"=== array-api-tests summary: {module} ===")
    print(f"wall time: {elapsed:.1f} s, pytest exit code {returncode}")
    if report.is_file():
        data = json.loads(report.read_text(encoding="utf-8"))
        counts = summarize_report(data)
        print(", ".join(f"{k}={v}" for k, v in counts.items()))
        failures = failing_node_ids(data)
        failures_file = _failures_path(report)
        failures_file.write_text("".join(f"{f}\n" for f in failures), encoding="utf-8")
        print(f"failing tests ({len(failures)}):")
        for nodeid in failures:
            print(f"  {nodeid}")
        print(f"report:   {report}")
        print(f"failures: {failures_file}")
        entries = _xfails.read(listed) if listed is not None else {}
        xpassed = strict_xpasses(data, entries)
        drawn = sorted(t["nodeid"] for t in data.get("tests", []) if t.get("outcome") == "xpassed")
        drawn = [i for i in drawn if i not in xpassed]
        if drawn:
            print(f"passed on these draws (listed '{_xfails.DRAWS}', not strict):")
            for nodeid in drawn:
                print(f"  {nodeid}")
        if xpassed and listed is not None:
            print(f"listed in {listed.name} but passed (strict xfails: remove them):")
            for nodeid in xpassed:
                print(f"  {nodeid}")
            if returncode == 0:
                returncode = 1
    else:
        print(f"no JSON report was written ({report})")

    if returncode == 5:
        print("pytest collected no tests (exit code 5); treating this as a failure.")
        return 1
    return returncode


if __name__ == "__main__":
    sys.exit(main())

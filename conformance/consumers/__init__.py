"""The consumers' own test suites, run with ember_array plugged in and without it (the control).

SciPy's array-API tests (``-m array_api_backends``, per module and backend), scikit-learn's
(``-k array_api``) and array-api-extra's whole suite (``--pyargs array_api_extra.tests``) run in
child processes, outside this repository, through the plugins of
:mod:`ember_array.integrations` (``_scipy_pytest``, ``_sklearn_pytest``, ``_xtra_pytest``).
Each run is done twice in the same invocation: on ember_array, and on the array-api-compat the
consumer vendors (the control). The counts and the failures go to
``docs/_data/consumers.json``, which ``docs/consumers.md`` is generated from; each remaining
failure is classified by ``known-failures.txt`` (a message pattern, its cause, whose behaviour
it is, the upstream link).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "KNOWN",
    "Run",
    "Wrapper",
    "classify",
    "load",
    "markdown",
    "run",
    "save",
    "scipy_run",
    "sklearn_run",
    "wrapper_run",
    "xtra_run",
]

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "_data" / "consumers.json"
KNOWN = Path(__file__).with_name("known-failures.txt")
MODES = ("control", "ember")


@dataclass(frozen=True)
class Run:
    """One suite on one backend: the pytest arguments and the environment it needs."""

    consumer: str  # "scipy" or "scikit-learn"
    suite: str  # "scipy.signal", "sklearn"
    backend: str  # the consumer's backend id ("torch", "numpy", "mlx", ...)
    args: tuple[str, ...]
    env: tuple[tuple[str, str], ...]
    plugin: str
    control_env: str

    @property
    def key(self) -> str:
        return f"{self.suite} / {self.backend}"


def scipy_run(module: str, backend: str, *extra: str) -> Run:
    """SciPy's array-API tests of ``scipy.<module>`` on SciPy's backend id ``backend``."""
    return Run(
        "scipy",
        f"scipy.{module}",
        backend,
        ("--pyargs", f"scipy.{module}", "-m", "array_api_backends", *extra),
        (("SCIPY_ARRAY_API", json.dumps([backend])),),
        "ember_array.integrations._scipy_pytest",
        "EMBER_SCIPY_CONTROL",
    )


def sklearn_run(*extra: str) -> Run:
    """scikit-learn's array-API tests (every namespace it yields: numpy, torch, strict, mlx)."""
    return Run(
        "scikit-learn",
        "sklearn",
        "all",
        ("--pyargs", "sklearn", "-k", "array_api", *extra),
        (("SCIPY_ARRAY_API", "1"),),
        "ember_array.integrations._sklearn_pytest",
        "EMBER_SKLEARN_CONTROL",
    )


#: array-api-extra's backends the consumers' run covers (its test ids), mlx added by the plugin.
XTRA_BACKENDS = ("numpy", "numpy:readonly", "torch", "dask", "mlx")


def xtra_run(backends: tuple[str, ...] = XTRA_BACKENDS, *extra: str) -> Run:
    """array-api-extra's own suite (shipped in its wheel as ``array_api_extra.tests``)."""
    return Run(
        "array-api-extra",
        "array_api_extra",
        "all",
        ("--pyargs", "array_api_extra.tests", *extra),
        (("EMBER_XTRA_BACKENDS", ",".join(backends)),),
        "ember_array.integrations._xtra_pytest",
        "EMBER_XTRA_CONTROL",
    )


#: The namespaces the wrappers' suites run on by default (the control has no mlx).
WRAPPER_BACKENDS = ("numpy", "torch", "mlx")


@dataclass(frozen=True)
class Wrapper:
    """A wrapper library's own suite: where its tests are, how they take their namespace."""

    consumer: str  # the distribution
    args: tuple[str, ...]  # pytest's arguments that select the tests
    how: str  # EMBER_SWAP_HOW (:mod:`conformance.consumers._swap`)
    env: tuple[tuple[str, str], ...] = ()  # what else the suite's set-up reads
    backends: tuple[str, ...] = WRAPPER_BACKENDS  # the namespaces it runs on by default


#: The wrapper libraries' suites (``wrapper_run``).
WRAPPERS = {
    # marray's tests are parametrized over ``xp`` (numpy, array-api-strict, compat torch)
    # (marray/tests is no package: its file is found in the installed distribution); they
    # expect numpy's float64 from integer input and make it torch's default
    # (``torch.set_default_dtype(torch.float64)`` at their top): mlx runs with the same default
    "marray": Wrapper(
        "marray",
        ("-c", "pytest.ini", "pkg:marray/tests/test_marray.py"),
        "param:xp",
        (("EMBER_SWAP_DEFAULT_FLOAT", "float64"),),
    ),
    # einops' four array-API tests ``import numpy as xp`` in their body; its test package
    # refuses to import without the list of (native) backends its other tests run on
    "einops": Wrapper(
        "einops",
        ("--pyargs", "einops.tests", "-k", "array_api"),
        "import:numpy",
        (("EINOPS_TEST_BACKENDS", "numpy"),),
    ),
    # xarray's test_array_api.py binds ``xp`` (array-api-strict) and ``Array`` at module level
    "xarray": Wrapper("xarray", ("--pyargs", "xarray.tests.test_array_api"), "global:xp,Array"),
    # quantity-array's wheel has no tests: tests/test_array.py of its sdist, which imports
    # ``array_api_strict as xp`` and builds ``pxp = quantity_namespace(xp)`` at its top
    "quantity-array": Wrapper(
        "quantity-array",
        ("-c", "pytest.ini", "sdist:quantity-array/tests/test_array.py"),
        "module:array_api_strict",
    ),
    # hypothesis' make_strategies_namespace, through this repository's own test file (with
    # the runner's empty ini: this repository's pyproject would otherwise be found above it)
    "hypothesis": Wrapper(
        "hypothesis",
        ("-c", "pytest.ini", str(ROOT / "conformance" / "test_hypothesis_strategies.py")),
        "param:xp",
        backends=(*WRAPPER_BACKENDS, "dask"),
    ),
}


#: where ``sdist:`` arguments unpack the consumers' source distributions
SDISTS = Path(os.environ.get("EMBER_CONSUMERS_SDISTS", Path.home() / ".cache" / "ember-consumers"))


def _sdist_file(distribution: str, path: str) -> str:
    """``path`` in the source distribution of the installed ``distribution`` (its wheel ships
    no tests): downloaded with pip once, unpacked under :data:`SDISTS`."""
    import importlib.metadata
    import tarfile

    version = importlib.metadata.version(distribution)
    root = SDISTS / f"{distribution}-{version}"
    if not root.exists():
        SDISTS.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            pip = [sys.executable, "-m", "pip", "download", "--no-deps", "--dest", tmp]
            pip += ["--no-binary", distribution, f"{distribution}=={version}"]
            subprocess.run(pip, check=True, capture_output=True, timeout=600)
            (archive,) = Path(tmp).glob("*.tar.gz")
            with tarfile.open(archive) as tar:
                tar.extractall(tmp, filter="data")
            (unpacked,) = (d for d in Path(tmp).iterdir() if d.is_dir())
            unpacked.rename(root)
    return str(root / path)


def _installed_file(arg: str) -> str:
    """``pkg:<package>/<path>``: the path of that file in the installed package;
    ``sdist:<distribution>/<path>``: in its source distribution (:func:`_sdist_file`); else
    ``arg``."""
    if arg.startswith("sdist:"):
        return _sdist_file(*arg[6:].split("/", 1))
    if not arg.startswith("pkg:"):
        return arg
    package, _, path = arg[4:].partition("/")
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError(f"{package} is not installed: its tests cannot run")
    return str(Path(next(iter(spec.submodule_search_locations))) / path)


def wrapper_run(suite: str, backend: str, *extra: str) -> Run:
    """A wrapper library's own tests (a key of :data:`WRAPPERS`) on one namespace."""
    wrapper = WRAPPERS[suite]
    return Run(
        wrapper.consumer,
        suite,
        backend,
        (*map(_installed_file, wrapper.args), *extra),
        (("EMBER_SWAP_NAMESPACE", backend), ("EMBER_SWAP_HOW", wrapper.how), *wrapper.env),
        "conformance.consumers._swap",
        "EMBER_SWAP_CONTROL",
    )


def run(spec: Run, mode: str, *, timeout: float = 3600) -> dict[str, Any]:
    """Run ``spec`` on ember_array (``mode="ember"``) or the control; return its counts."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "outcomes.json"
        # an empty ini: this repository's pytest settings (--strict-markers, ...) are not theirs
        (Path(tmp) / "pytest.ini").write_text("[pytest]\n")
        env = {
            **os.environ,
            **dict(spec.env),
            "EMBER_CONSUMERS_JSON": str(out),
            spec.control_env: "1" if mode == "control" else "0",
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        }
        cmd = [sys.executable, "-m", "pytest", *spec.args, "-q", "-p", "no:cacheprovider"]
        # native tracebacks: pytest's own formats parse each frame's source (seconds a
        # failure on scipy.signal's ~12,000 complex128 failures on mlx); the message kept is
        # the exception's last line either way
        cmd += ["-p", spec.plugin, "-W", "ignore", "--tb=native"]
        proc = subprocess.run(
            cmd, cwd=tmp, env=env, capture_output=True, text=True, timeout=timeout, check=False
        )
        if not out.exists():
            tail = (proc.stdout + proc.stderr)[-2000:]
            raise RuntimeError(f"{spec.key} ({mode}): no outcomes written; pytest said:\n{tail}")
        outcomes = dict(json.loads(out.read_text()))
        if not outcomes["counts"]:
            tail = (proc.stdout + proc.stderr)[-2000:]
            raise RuntimeError(f"{spec.key} ({mode}): no test ran; pytest said:\n{tail}")
        return outcomes


def load(path: Path = DATA) -> dict[str, Any]:
    """The recorded results: ``{"<suite> / <backend>": {"control": ..., "ember": ...}}``."""
    return dict(json.loads(path.read_text())) if path.exists() else {}


def save(results: dict[str, Any], path: Path = DATA) -> None:
    """Write ``results`` (merged over what ``path`` holds: a run updates only its rows)."""
    merged = {**load(path), **results}
    path.write_text(json.dumps(merged, indent=1, sort_keys=True) + "\n")


def _known() -> list[tuple[re.Pattern[str], str, str, str]]:
    rows = []
    for line in KNOWN.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            pattern, cause, owner, link = (part.strip() for part in line.split("|"))
            rows.append((re.compile(pattern), cause, owner, link))
    return rows


def classify(message: str, test: str = "", exception: str = "") -> tuple[str, str, str]:
    """(cause, whose behaviour, upstream link) of a failure, from ``known-failures.txt``.

    A pattern is searched in the message, then in the exception's line (where the message is
    the tail of a long text: an assertion's diff, hypothesis' note), then in the test's id
    (``file::Class::test[...]``): where a message is too generic to tell the cause (an
    assertion on values), the line names the tests.
    """
    for pattern, cause, owner, link in _known():
        if any(text and pattern.search(text) for text in (message, exception, test)):
            return cause, owner, link
    # long numbers (marray's assertions carry their random seed) would make a class per test
    return "unclassified: " + re.sub(r"\d{7,}", "…", exception or message)[:120], "?", ""


#: the cause (``known-failures.txt``, after the refusals) the issue counts apart
COMPLEX128 = "mlx has no complex128"
#: how the causes of ember_array's refusals of what the standard forbids start
REFUSAL = "ember_array refuses"
#: the policy page those refusals link (relative to docs/consumers.md)
POLICY = "guides/one-behaviour.md#wrapper-authors-masked-unit-and-labelled-arrays"
#: the causes counted apart in a row: (how the cause starts, what the cell calls them)
APART = (
    (COMPLEX128, "need complex128"),
    (REFUSAL, f"[refused]({POLICY}) as the standard forbids"),
)


def _cell(counts: dict[str, int], apart: dict[str, int] | None = None) -> str:
    """Passed and failed-or-errors; with failures of causes counted apart (``APART``: mlx's
    missing complex128, ember_array's refusals), those apart and the share of the others among
    the tests that ran without them."""
    bad = counts.get("failed", 0) + counts.get("error", 0)
    cell = f"{counts.get('passed', 0)} passed, **{bad}** failed or errors"
    apart = {label: n for label, n in (apart or {}).items() if n}
    if apart:
        ran = counts.get("passed", 0) + bad - sum(apart.values())
        share = 100.0 * (bad - sum(apart.values())) / ran if ran else 0.0
        parts = [f"{n} {label}" for label, n in apart.items()]
        cell += f" ({'; '.join(parts)}; others {share:.1f} %)"
    return cell


def apart_of(cause: str) -> str | None:
    """The label under which a failure of ``cause`` is counted apart, if it is."""
    return next((label for start, label in APART if cause.startswith(start)), None)


def markdown(results: dict[str, Any]) -> str:
    """``docs/consumers.md``: counts per suite and backend, and the remaining failures."""
    lines = [
        "# Consumers' own test suites",
        "",
        "<!-- generated by `python -m conformance.consumers --markdown docs/consumers.md`;",
        "     do not edit -->",
        "",
        "SciPy's and scikit-learn's own array-API tests and array-api-extra's whole suite,",
        "run with ember_array plugged in (`ember_array.integrations.{scipy,sklearn}.enable()`,",
        "through the pytest plugins `ember_array.integrations._scipy_pytest`, `._sklearn_pytest`",
        "and `._xtra_pytest`) and, in the same",
        "invocation, without it: on the array-api-compat the consumer vendors (the control).",
        "The wrapper libraries' own tests (marray's masked arrays, einops' array-API functions,",
        "xarray's `test_array_api.py`, quantity-array's units (the tests of its sdist), and",
        "hypothesis' `make_strategies_namespace` through",
        "`conformance/test_hypothesis_strategies.py`) take the namespace they are given: they run",
        "once on `ember_array.<backend>` (after its `install()` where it has one) and once on",
        "array-api-compat's namespace for the same library (plugin",
        "`conformance/consumers/_swap.py`).",
        "marray's tests make float64 torch's default floating dtype",
        "(`torch.set_default_dtype(torch.float64)`, as numpy's reference computes); on mlx they",
        "run with ember_array.mlx's float64 default in the same way",
        "(`ember_array.mlx.set_default_dtype(float64)`, mlx on the CPU;",
        "`EMBER_SWAP_DEFAULT_FLOAT` in the plugin).",
        "The promise is never below the control. Failures and errors per namespace; on mlx",
        "the failures that need complex128 (which mlx lacks: ember_array raises the standard's",
        "TypeError there) are counted apart, and so are ember_array's refusals of what the",
        f"standard forbids ([the policy]({POLICY})), with the share of the other failures among",
        "the tests that do not need them:",
        "",
        "| suite | backend | array-api-compat (control) | ember_array |",
        "|---|---|---|---|",
    ]
    failures: Counter[tuple[str, str, str, str]] = Counter()
    for key in sorted(results):
        row = results[key]
        suite, _, _ = key.partition(" / ")
        ours = row["ember"]["counts"]
        theirs = row.get("control", {"counts": {}})["counts"]  # none for mlx
        apart: dict[str, Counter[str]] = {}
        for failure in row["ember"]["failures"]:
            cause, owner, link = classify(
                failure["message"], failure.get("test", ""), failure.get("exception", "")
            )
            failures[(suite, failure["namespace"], cause, f"{owner} | {link}")] += 1
            label = apart_of(cause)
            if label:
                apart.setdefault(failure["namespace"], Counter())[label] += 1
        for namespace in sorted(set(ours) | set(theirs)):
            if namespace == "other":
                continue
            # a namespace the control lacks (array-api-compat has no mlx): nothing to compare
            control = _cell(theirs[namespace]) if namespace in theirs else "— (not in the control)"
            ember = _cell(ours.get(namespace, {}), apart.get(namespace))
            lines.append(f"| {suite} | {namespace} | {control} | {ember} |")
    lines += ["", "## What remains", ""]
    if not failures:
        lines.append("No failure or error remains in the suites above.")
    else:
        lines += [
            "Each class of failure on ember_array, with its cause, whose behaviour it is, and",
            "the upstream link (from `conformance/consumers/known-failures.txt`):",
            "",
            "| suite | backend | tests | cause | whose | link |",
            "|---|---|---:|---|---|---|",
        ]
        for (suite, namespace, cause, rest), n in sorted(failures.items()):
            lines.append(f"| {suite} | {namespace} | {n} | {cause} | {rest} |")
    lines += [
        "",
        "Rerun with `nox -s consumers` (all suites) or",
        "`python -m conformance.consumers --scipy signal --backend torch` (one row),",
        "`python -m conformance.consumers --wrappers marray --namespace mlx` (one wrapper row).",
        "",
    ]
    return "\n".join(lines)

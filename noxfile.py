"""nox sessions: tests per backend, conformance, array-api-tests, benchmarks, docs, lint.

``nox -s "tests(numpy)"``      unit tests on one backend (also tests(torch), tests(mlx), ...)
``nox -s conformance``         conformance/ against array-api-strict, thorough profile
``nox -s array_api_tests -- numpy [pytest args]``   the external data-apis suite
``nox -s array_api_tests_table``  the suite for every namespace and anchor, 1000 examples,
                              2025.12 and 2024.12: the table of docs/conformance.md
``nox -s robustness``          the bad-input sweep (conformance/robustness), every backend
``nox -s transforms``          the transform matrix (conformance/transforms): docs/transforms.md
``nox -s benchmarks``          overhead tables (benchmarks/overhead.py, benchmarks/compiled.py) and
                              the workloads over their goal (benchmarks/workloads.py --check)
``nox -s docs``                the Sphinx site (docs/_build/html, -W) and every example in the docs
``nox -s sklearn``             scikit-learn's array-API tests through ember_array
``nox -s lint``                ruff check + ruff format --check
``nox -s typecheck``           mypy --strict and pyright over ember_array (pyproject.toml)
``nox -s floors``              the tests on the oldest supported numpy, array-api-compat, mlx,
                              dask and scipy (pyproject's lower bounds; .ci/floors.sh in CI)
"""

from __future__ import annotations

import sys
from pathlib import Path

import nox

nox.options.default_venv_backend = "venv"
nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = [
    "tests(numpy)",
    "tests(torch)",
    "tests(mlx)",
    "tests(dask)",
    "lint",
    "typecheck",
]

# The CPU build of torch; an unpinned torch pulls a multi-GB CUDA build.
TORCH = "torch==2.13.0"
BACKEND_DEPS = {
    "numpy": [],
    "torch": [TORCH],
    "mlx": ["mlx[cpu]"],
    "dask": ["dask[array]", "distributed"],
}


def _install(session: nox.Session, *backends: str) -> None:
    deps = [d for b in backends for d in BACKEND_DEPS[b]]
    if deps:
        session.install(*deps)
    session.install("-e", ".[test]")


@nox.session(name="tests")
@nox.parametrize("backend", list(BACKEND_DEPS), ids=list(BACKEND_DEPS))
def tests(session: nox.Session, backend: str) -> None:
    """Unit tests with one backend selected (EMBER_BACKENDS)."""
    _install(session, backend)
    # dask has its own test files, and the conformance suite runs every function on it
    default = (
        [
            "tests/test_dask.py",
            "tests/test_scatter_dask.py",
            "tests/test_random_dask.py",
            "tests/test_signal_dask.py",
            "conformance",
        ]
        if backend == "dask"
        else ["tests"]
    )
    session.run(
        "pytest",
        *(session.posargs or default),
        env={"EMBER_BACKENDS": backend, "HYPOTHESIS_PROFILE": "thorough"},
    )


@nox.session
def conformance(session: nox.Session) -> None:
    """conformance/ (every backend against array-api-strict) with the thorough profile."""
    _install(session, "numpy", "torch", "mlx", "dask")
    session.run("pytest", "conformance", *session.posargs, env={"HYPOTHESIS_PROFILE": "thorough"})


@nox.session
def robustness(session: nox.Session) -> None:
    """The whole bad-input sweep: every function and operator, one bad argument at a time.

    Fails on a crash, a hang or a wrong answer. Extra arguments go to the sweep:
    ``nox -s robustness -- --markdown docs/robustness.md`` rewrites the outcome page,
    ``nox -s robustness -- --backend mlx --findings findings.md`` writes every failure group
    with a reproducer.
    """
    _install(session, "numpy", "torch", "mlx", "dask")
    session.run("python", "-m", "conformance.robustness", *session.posargs)


@nox.session
def transforms(session: nox.Session) -> None:
    """The transform support matrix: every function under torch.compile, torch.func.grad/vmap,
    mx.compile/grad/vjp/jvp/vmap and (the shims) jax.jit/grad/vmap; rewrites docs/transforms.md.

    Extra arguments go to the matrix instead (``nox -s transforms -- --backend mlx --target
    sin``, which leaves the page alone).
    """
    _install(session, "numpy", "torch", "mlx")
    session.install("jax[cpu]")
    args = session.posargs or ["--markdown", "docs/transforms.md"]
    session.run("python", "-m", "conformance.transforms", *args)


@nox.session
def array_api_tests(session: nox.Session) -> None:
    """data-apis/array-api-tests against one backend: ``nox -s array_api_tests -- numpy``."""
    if not session.posargs:
        session.error("usage: nox -s array_api_tests -- numpy|torch|mlx|dask [runner options]")
    backend = session.posargs[0]
    _install(session, backend)
    session.install("pytest-json-report", "ndindex")
    session.run("python", "-m", "conformance.array_api_tests", *session.posargs)


@nox.session
def array_api_tests_table(session: nox.Session) -> None:
    """data-apis/array-api-tests for ember_array's namespaces (with and without ``install()``),
    array-api-compat's and array-api-strict, side by side: the table in docs/conformance.md."""
    _install(session, "numpy", "torch", "mlx")
    session.install("pytest-json-report", "ndindex")
    session.run(
        "python", "-m", "conformance.side_by_side", "--max-examples", "1000",
        "--api-version", "2025.12", "--api-version", "2024.12",
        "--markdown", "docs/conformance.md", *session.posargs,
    )  # fmt: skip


@nox.session
def benchmarks(session: nox.Session) -> None:
    """Overhead of ember_array against native calls and array-api-compat, of compiled
    ember_array code against compiled plain code, and the workloads (whole functions) over
    their goal (``-- --quick`` shortens all three)."""
    _install(session, "numpy", "torch", "mlx", "dask")
    session.run("python", "benchmarks/overhead.py", *session.posargs)
    quick = ["--quick"] if "--quick" in session.posargs else []
    session.run("python", "benchmarks/compiled.py", *quick)
    # the portability tax on whole functions: prints only the functions over their goal
    session.run("python", "benchmarks/workloads.py", "--check", *quick)


@nox.session
def docs(session: nox.Session) -> None:
    """Build the docs site and test it as a reader sees it.

    The report runs and every docs page linked from README exists; Sphinx builds
    docs/_build/html with warnings as errors; the doctest builder runs the test blocks of the
    pages (docs/getting-started.md, docs/guides/portable-code.md); pytest runs the docstring
    examples of every module that has one, checks every internal link of the built site and
    that every public name has its API page, and, where Chromium is installed, renders the
    front page at 1400 and 400 px (install commands and example visible) and every page at
    400 px (nothing past the right edge outside a code block or table's own scroll box).
    ``EMBER_SITE_SCREENSHOTS=folder`` keeps the screenshots.
    """
    _install(session, "numpy", "torch", "mlx", "dask")
    session.install("-e", ".[docs]")
    session.run("python", "-m", "ember_array")
    session.run("pytest", "tests/test_docs.py", "tests/test_api_docs.py")
    html = "docs/_build/html"
    session.run("python", "-m", "sphinx", "-W", "-b", "html", "docs", html)
    session.run("python", "-m", "sphinx", "-W", "-b", "doctest", "docs", "docs/_build/doctest")
    # SCIPY_ARRAY_API=1: the sklearn integration's example needs it before scipy is imported
    examples = sorted(
        str(path)
        for path in Path("ember_array").rglob("*.py")
        if ">>> " in path.read_text(encoding="utf-8")
    )
    session.run(
        "pytest",
        "--doctest-modules",
        "-p",
        "no:cacheprovider",
        *examples,
        env={"SCIPY_ARRAY_API": "1"},
    )
    session.run("pytest", "-ra", "tests/test_site.py", env={"EMBER_DOCS_SITE": html})


@nox.session
def lint(session: nox.Session) -> None:
    """ruff check and ruff format --check."""
    session.install("ruff")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict over ember_array (pyproject.toml's [tool.mypy]), then pyright in basic
    mode ([tool.pyright]; not gating yet), with the backends installed so their types are seen.
    """
    _install(session, "numpy", "torch", "mlx", "dask")
    session.install("mypy", "pyright")
    session.run("mypy")
    # not gating until ember_array is pyright-clean (issue 29); .ci/run does the same
    session.run("pyright", success_codes=[0, 1])


@nox.session
def sklearn(session: nox.Session) -> None:
    """scikit-learn's array-API tests with ember_array plugged in (numpy, torch, mlx).

    The whole ``-k array_api`` selection of the installed scikit-learn, once; the plugin prints
    the outcomes per namespace at the end. ``EMBER_SKLEARN_MLX=0`` leaves mlx out; extra
    arguments go to pytest (``nox -s sklearn -- -k "array_api and ember_array.mlx"``).
    """
    _install(session, "numpy", "torch", "mlx", "dask")
    session.install("scikit-learn", "scipy", "array-api-strict")
    # run outside the repository, under an empty ini: this repository's pytest settings
    # (--strict-markers, --import-mode) are not scikit-learn's
    tmp = session.create_tmp()
    with open(f"{tmp}/pytest.ini", "w") as ini:
        ini.write("[pytest]\n")
    session.chdir(tmp)
    session.run(
        "pytest",
        "-c",
        "pytest.ini",
        "--pyargs",
        "sklearn",
        "-k",
        "array_api",
        "-q",
        "-p",
        "no:cacheprovider",
        "-p",
        "ember_array.integrations._sklearn_pytest",
        *session.posargs,
        env={"SCIPY_ARRAY_API": "1"},
    )


@nox.session
def consumers(session: nox.Session) -> None:
    """The consumers' own suites on ember_array and the control.

    Every SciPy module with array-API tests on torch, and scikit-learn's ``-k array_api``
    selection (numpy, torch, array-api-strict, mlx), and array-api-extra's whole suite (numpy,
    numpy:readonly, torch, dask, mlx), each run twice in this session: with
    ember_array plugged in, and on the array-api-compat the consumer vendors (the control).
    The wrapper libraries' own tests (marray, einops, xarray, hypothesis' strategies) on
    ember_array's numpy, torch and mlx namespaces and on array-api-compat's.
    Writes ``docs/_data/consumers.json`` and regenerates ``docs/consumers.md``. Arguments go to
    ``python -m conformance.consumers`` (``nox -s consumers -- --scipy signal --backend torch``).
    """
    _install(session, "numpy", "torch", "mlx", "dask")
    session.install("scikit-learn", "scipy", "array-api-strict")
    # array-api-extra ships its tests in its wheel; they need hypothesis (and typing_extensions)
    session.install("array-api-extra==0.11.1", "hypothesis", "typing_extensions")
    # the wrapper libraries, at the releases the page was measured with (their wheels ship the
    # tests run: marray/tests/test_marray.py, einops.tests, xarray.tests.test_array_api)
    # quantity-array's wheel has none: the runner unpacks its sdist's tests (pip download)
    session.install("marray==0.0.12", "einops==0.8.2", "xarray==2026.9.0", "pandas")
    session.install("quantity-array==0.0.1", "pint")
    args = session.posargs or [
        *("--scipy", "all", "--backend", "torch", "--sklearn", "--xtra"),
        *("--wrappers", "all"),
    ]
    session.run("python", "-m", "conformance.consumers", *args, "--markdown", "docs/consumers.md")


#: The distributions ``floors`` installs at the lowest release at/above pyproject's bound.
FLOOR_DISTRIBUTIONS = ("numpy", "array-api-compat", "mlx", "dask", "distributed", "scipy")
#: What ``floors`` runs: namespaces, shims, and the conformance suite at the dtypes that
#: every backend has (a third of it, so the session takes a few minutes on 2 cores).
FLOOR_TESTS = [
    "tests/test_floors.py",
    "tests/test_namespaces.py",
    "tests/test_random.py",
    "tests/test_scatter.py",
    "tests/test_signal.py",
    "conformance/test_oracle.py",
    "-k",
    "not test_oracle or float32 or int64 or bool",
]


def _floors() -> dict[str, str]:
    """Distribution -> its ``>=`` bound in pyproject.toml (dependencies and extras)."""
    import tomllib
    from packaging.requirements import Requirement

    project = tomllib.loads(Path("pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"].values()
    lines = [*project["dependencies"], *(line for extra in extras for line in extra)]
    found = {}
    for line in lines:
        req = Requirement(line)
        if req.marker is not None and not req.marker.evaluate():
            continue
        for spec in req.specifier:
            if spec.operator == ">=":
                found[req.name] = spec.version
    return found


def _lowest_at_or_above(session: nox.Session, name: str, floor: str) -> str:
    """The lowest release of ``name`` the index offers that is at least ``floor``."""
    from packaging.version import InvalidVersion, Version

    out = session.run("python", "-m", "pip", "index", "versions", name, silent=True)
    listed = next(line for line in str(out).splitlines() if "Available versions:" in line)
    versions = []
    for text in listed.split(":", 1)[1].split(","):
        try:
            versions.append(Version(text.strip()))
        except InvalidVersion:  # old non-PEP-440 uploads ("0.8.1.macosx-10.5-x86_64")
            continue
    return str(min(v for v in versions if v >= Version(floor)))


@nox.session
def floors(session: nox.Session) -> None:
    """The oldest supported releases: for each of :data:`FLOOR_DISTRIBUTIONS`, the lowest
    release at or above pyproject's bound (the backend registry's ``floor``), then ember_array
    without dependencies, then :data:`FLOOR_TESTS` on numpy, mlx and dask."""
    bounds = _floors()
    pins = [
        f"{name}=={_lowest_at_or_above(session, name, bounds[name])}"
        for name in FLOOR_DISTRIBUTIONS
    ]
    pins = [p.replace("mlx==", "mlx[cpu]==") if "linux" in sys.platform else p for p in pins]
    pins = [p.replace("dask==", "dask[array]==") for p in pins]
    session.log("floors: " + " ".join(pins))
    session.install(*pins, "array-api-strict", "hypothesis", "pytest", "pytest-xdist", "packaging")
    session.install("--no-deps", ".")
    session.run("python", "-m", "pip", "check")
    session.run(
        "pytest",
        "-p",
        "no:cacheprovider",
        *(session.posargs or FLOOR_TESTS),
        env={"EMBER_BACKENDS": "numpy,mlx,dask", "HYPOTHESIS_PROFILE": "ci"},
    )

"""ember_array.typing: the generated Protocols, and what mypy and pyright make of them.

The checker tests run ``mypy --strict`` and pyright (strict) on the samples in
``tests/typecheck``: ``pass_portable.py`` must be clean, and ``fail_portable.py`` must be
flagged on exactly its lines marked ``# E: <mypy code>``. Regenerating the Protocols needs a
data-apis/array-api checkout: set ``EMBER_ARRAY_API_REPO`` to it.
"""

from __future__ import annotations

import ast
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import numpy as np
import pytest

import ember_array
from ember_array import _spec
from ember_array.typing import _generate, _generated
from tests._helpers import load_file

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "tests" / "typecheck"
PASS = SAMPLES / "pass_portable.py"
FAIL = SAMPLES / "fail_portable.py"


def declared(cls: type) -> dict[str, object]:
    """What a generated Protocol class declares: its own members and those of the generated
    Protocols it joins (``ArrayNamespace``: one per section), not object's or Protocol's."""
    out: dict[str, object] = {}
    for base in reversed(cls.__mro__):
        if base.__module__.startswith(_generated.__name__):
            out.update(vars(base))
    return out


def members(cls: type) -> set[str]:
    """The names a Protocol class declares (its own, not object's or Protocol's)."""
    return {n for n in declared(cls) if not n.startswith("_") or n.startswith("__array")}


def test_namespace_names_are_the_standards() -> None:
    ns = members(_generated.ArrayNamespace)
    assert ns == set(_spec.MAIN) | set(_spec.DUNDERS) | {"linalg", "fft"}
    assert members(_generated.LinalgNamespace) == set(_spec.LINALG)
    assert members(_generated.FFTNamespace) == set(_spec.FFT)
    assert members(_generated.InfoNamespace) == set(_spec.INFO)


def test_array_object_members() -> None:
    everything = set(dir(_generated.Array))
    for name in ("__add__", "__radd__", "__rmatmul__", "__getitem__", "__setitem__", "mT", "T"):
        assert name in everything
    for name in ("__array_namespace__", "to_device", "device", "size", "__dlpack__"):
        assert name in everything
        assert name not in dir(_generated.CommonArray), name
    assert set(_generate.NOT_COMMON) <= everything


def test_signatures_keep_the_parameter_kinds() -> None:
    # The markers are what make ``xp.sum(x, dim=0)`` and ``xp.sum(x, 0)`` errors.
    kinds = {
        name: p.kind
        for name, p in inspect.signature(_generated.ArrayNamespace.sum).parameters.items()
    }
    assert kinds == {
        "self": inspect.Parameter.POSITIONAL_ONLY,
        "x": inspect.Parameter.POSITIONAL_ONLY,
        "axis": inspect.Parameter.KEYWORD_ONLY,
        "dtype": inspect.Parameter.KEYWORD_ONLY,
        "keepdims": inspect.Parameter.KEYWORD_ONLY,
    }
    meshgrid = inspect.signature(_generated.ArrayNamespace.meshgrid).parameters
    assert meshgrid["arrays"].kind is inspect.Parameter.VAR_POSITIONAL
    assert meshgrid["indexing"].kind is inspect.Parameter.KEYWORD_ONLY


@pytest.mark.parametrize("backend", ["numpy", "torch", "mlx"])
def test_protocol_parameters_match_the_namespaces(backend: str) -> None:
    """Every keyword the Protocol gives a function, ember's namespace accepts."""
    xp = pytest.importorskip(f"ember_array.{backend}")
    for proto, where in (
        (_generated.ArrayNamespace, xp),
        (_generated.LinalgNamespace, xp.linalg),
        (_generated.FFTNamespace, xp.fft),
    ):
        for name, fn in declared(proto).items():
            if not inspect.isfunction(fn) or name.startswith("__"):
                continue
            try:
                native = inspect.signature(getattr(where, name))
            except (TypeError, ValueError):
                continue  # a builtin without a signature: nothing to compare
            params = native.parameters.values()
            if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
                continue
            accepted = {p.name for p in params}
            wanted = {
                n
                for n, p in inspect.signature(fn).parameters.items()
                if p.kind is inspect.Parameter.KEYWORD_ONLY
            }
            assert wanted <= accepted, (backend, name, wanted - accepted)


def test_namespace_is_unchanged_at_run_time() -> None:
    # The overloads exist for type checkers only: one function, one module per library.
    x = np.ones(3)
    assert ember_array.namespace(x) is ember_array.namespace(x, 1.0, None)
    assert ember_array.array_namespace is ember_array.namespace
    assert ember_array.namespace.__name__ == "namespace"


def test_typing_imports_no_backend() -> None:
    code = (
        "import sys, ember_array.typing; print(sorted({'torch', 'mlx', 'jax'} & set(sys.modules)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.stdout.strip() == "[]"


def test_pass_sample_runs() -> None:
    # The checked sample is real code: run it on numpy and torch.
    pytest.importorskip("torch")
    pytest.importorskip("mlx.core")
    sample = load_file(PASS, "pass_portable")
    rng = np.random.default_rng(0)
    a = rng.standard_normal((5, 3))
    np.testing.assert_allclose(sample.standardize(a).mean(axis=0), 0, atol=1e-12)
    np.testing.assert_allclose(sample.softmax(a).sum(axis=-1), 1)
    dist = sample.pairwise_distances(a, a)
    np.testing.assert_allclose(np.diag(dist), 0, atol=1e-12)
    _, residual = sample.solve_and_check(a[:3] + 3 * np.eye(3), np.ones((3, 2)))
    assert residual < 1e-10
    low = sample.lowpass(np.cos(np.arange(16.0)), keep=3)
    assert low.shape == (16,)
    assert sample.as_float(np.arange(3)).dtype == np.float64
    assert sample.phase(a).shape == a.shape
    assert sample.largest_three(a)[1].shape == (5, 3)
    assert np.isfinite(sample.bounded(np.array([np.nan, 1.0]))).all()
    import torch

    t = torch.ones(4, 2)
    assert torch.equal(sample.torch_column_sums(t), torch.full((2,), 4.0))
    assert sample.numpy_cumsum(np.ones(3)).tolist() == [0, 1, 2, 3]
    assert isinstance(sample.standardize(t), torch.Tensor)


def expected_errors(path: Path) -> dict[int, str]:
    """Line number -> mypy error code, from the ``# E: code`` marks."""
    marks = {}
    for number, line in enumerate(path.read_text().splitlines(), 1):
        match = re.search(r"#\s*E:\s*([\w-]+)", line)
        if match:
            marks[number] = match.group(1)
    return marks


def test_fail_sample_has_marks() -> None:
    marks = expected_errors(FAIL)
    assert len(marks) >= 10
    assert {"attr-defined", "call-arg", "arg-type"} <= set(marks.values())
    assert expected_errors(PASS) == {}


def _env() -> dict[str, str]:
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    return {**os.environ, "PYTHONPATH": path}


@cache
def mypy_errors() -> dict[str, dict[int, str]]:
    """File name -> {line: error code} from one mypy --strict run over the samples."""
    pytest.importorskip("mypy")
    pytest.importorskip("torch")
    pytest.importorskip("mlx.core")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-incremental",
            "--cache-dir",
            os.devnull,
            "--show-error-codes",
            "--no-error-summary",
            str(PASS),
            str(FAIL),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=_env(),
    )
    found: dict[str, dict[int, str]] = {PASS.name: {}, FAIL.name: {}}
    for line in done.stdout.splitlines():
        match = re.match(r"(.+?):(\d+): error: .*\[([\w-]+)\]$", line)
        if match:
            found.setdefault(Path(match.group(1)).name, {})[int(match.group(2))] = match.group(3)
        elif ": error:" in line:
            pytest.fail(f"unparsed mypy error: {line}")
    if done.returncode not in (0, 1):
        pytest.fail(f"mypy crashed:\n{done.stdout}\n{done.stderr}")
    return found


def test_mypy_passes_portable_code() -> None:
    assert mypy_errors()[PASS.name] == {}


def test_mypy_flags_the_mistakes() -> None:
    assert mypy_errors()[FAIL.name] == expected_errors(FAIL)


@cache
def pyright_errors(workdir: str) -> dict[str, set[int]]:
    """File name -> lines with a pyright (strict mode) error."""
    pytest.importorskip("torch")
    pytest.importorskip("mlx.core")
    exe = shutil.which("pyright")
    if exe is None:
        pytest.skip("pyright is not installed (pip install pyright)")
    config = Path(workdir) / "pyrightconfig.json"
    config.write_text(json.dumps({"typeCheckingMode": "strict", "extraPaths": [str(ROOT)]}))
    files = [str(PASS), str(FAIL)]
    try:
        done = subprocess.run(
            [exe, "--outputjson", "--pythonpath", sys.executable, "-p", str(config), *files],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=_env(),
            timeout=600,
        )
    except subprocess.TimeoutExpired:
        pytest.skip("pyright did not finish in 10 minutes")
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:
        # The PyPI wrapper fetches node and pyright on first use: no network, no pyright.
        pytest.skip(f"pyright could not start: {(done.stderr or done.stdout)[-500:]}")
    found: dict[str, set[int]] = {PASS.name: set(), FAIL.name: set()}
    for diag in report["generalDiagnostics"]:
        if diag["severity"] == "error":
            found.setdefault(Path(diag["file"]).name, set()).add(diag["range"]["start"]["line"] + 1)
    return found


def test_pyright_passes_portable_code(tmp_path_factory: pytest.TempPathFactory) -> None:
    assert pyright_errors(str(tmp_path_factory.getbasetemp()))[PASS.name] == set()


def test_pyright_flags_the_mistakes(tmp_path_factory: pytest.TempPathFactory) -> None:
    found = pyright_errors(str(tmp_path_factory.getbasetemp()))[FAIL.name]
    assert found == set(expected_errors(FAIL))


def _array_api_repo() -> Path:
    repo = os.environ.get("EMBER_ARRAY_API_REPO")
    if not repo:
        pytest.skip("set EMBER_ARRAY_API_REPO to a data-apis/array-api checkout to regenerate")
    return Path(repo)


def test_generated_module_is_up_to_date(tmp_path: Path) -> None:
    repo = _array_api_repo()
    if shutil.which("ruff") is None:
        pytest.skip("ruff formats the generated module")
    package = Path(_generated.__file__).parent
    committed = {p.name: p.read_text() for p in package.glob("*.py")}
    commit = re.search(r"commit\s+([0-9a-f]{40})", committed["__init__.py"])
    assert commit is not None, "the generated header names its commit"
    out = tmp_path / "_generated"
    assert _generate.main([str(repo), "--commit", commit.group(1), "-o", str(out)]) == 0
    assert {p.name: p.read_text() for p in out.glob("*.py")} == committed


def test_generator_translates_annotations() -> None:
    def spell(text: str) -> str:
        return _generate.annotation(ast.parse(text, mode="eval").body, ctx)

    ctx = _generate.Context(array="TArray", shadowed=frozenset({"bool"}))
    assert spell("Optional[Union[int, array]]") == "int | TArray | None"
    assert (
        spell("Union[None, bool, Tuple[dtype, ...]]") == "builtins.bool | tuple[DType, ...] | None"
    )
    assert spell("Literal[inf, -inf, 'fro']") == "Literal['fro']"
    with pytest.raises(ValueError, match="no translation"):
        spell("Frobnicate[int]")

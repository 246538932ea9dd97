"""Settings: defaults, ``[tool.ember_array.lint]`` in pyproject.toml, then the command line."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .._spec import API_VERSION, SUPPORTED_VERSIONS
from ._rules import DEFAULT_TARGETS, RULES, TARGETS

DEFAULT_EXCLUDE = (
    ".git",
    ".hg",
    ".venv",
    "venv",
    ".nox",
    ".tox",
    "__pycache__",
    "build",
    "dist",
    "node_modules",
)


class UsageError(Exception):
    """A bad option or configuration value (exit status 2)."""


@dataclass(frozen=True)
class Settings:
    """The checked settings of one run; ``Settings()`` is the defaults.

    Parameters
    ----------
    select : frozenset of str, optional
        The rule codes that run (default: every rule on by default).
    targets : tuple of str, optional
        The backends the code must run on (default numpy, torch and mlx).
    exclude : tuple of str, optional
        Folder names :func:`lint_paths` does not enter (``.git``, ``.venv``, ``build``...).
    api_version : str, optional
        The revision of the standard the code targets (default 2025.12); with the draft
        ``"2026.12"``, its names (``xp.top_k``) are standard too.

    See Also
    --------
    settings : the settings of ``pyproject.toml`` and the command line.

    Examples
    --------
    >>> from ember_array.lint import Settings
    >>> Settings().targets
    ('numpy', 'torch', 'mlx')
    >>> Settings().enabled("EA201")
    True
    """

    select: frozenset[str] = field(
        default_factory=lambda: frozenset(c for c, r in RULES.items() if r.default)
    )
    targets: tuple[str, ...] = DEFAULT_TARGETS
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE
    api_version: str = API_VERSION

    def enabled(self, code: str) -> bool:
        """Whether the rule ``code`` runs.

        Parameters
        ----------
        code : str
            A rule code (``"EA201"``).

        Returns
        -------
        bool
            True when ``code`` is selected.

        See Also
        --------
        settings : the selection from pyproject.toml and the command line.

        Examples
        --------
        >>> from ember_array.lint import Settings
        >>> Settings(select=frozenset({"EA201"})).enabled("EA402")
        False
        """
        return code in self.select


def _codes(values: Iterable[str], what: str) -> set[str]:
    """Expand ``EA4`` / ``EA40`` / ``ALL`` prefixes to the rule codes they name."""
    out: set[str] = set()
    for raw in values:
        v = raw.strip().upper()
        if not v:
            continue
        matched = set(RULES) if v == "ALL" else {c for c in RULES if c.startswith(v)}
        if not matched:
            raise UsageError(f"{what}: unknown rule code {raw!r} (see `ember-lint --rules`)")
        out |= matched
    return out


def _read_pyproject(start: Path) -> tuple[dict[str, Any], Path | None]:
    for folder in (start, *start.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            if sys.version_info >= (3, 11):
                import tomllib
            else:  # pragma: no cover - Python 3.10
                try:
                    import tomli as tomllib
                except ImportError:
                    return {}, None
            try:
                data = tomllib.loads(candidate.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise UsageError(f"{candidate}: cannot read it: {exc}") from None
            section = data.get("tool", {}).get("ember_array", {}).get("lint", {})
            if not isinstance(section, dict):
                raise UsageError(f"{candidate}: [tool.ember_array.lint] must be a table")
            return section, candidate
    return {}, None


def _str_list(section: dict[str, Any], key: str, where: str) -> list[str] | None:
    value = section.get(key)
    if value is None:
        return None
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise UsageError(f"{where}: `{key}` must be a list of strings")
    return value


def _targets(values: Sequence[str], where: str) -> tuple[str, ...]:
    bad = [v for v in values if v not in TARGETS]
    if bad:
        raise UsageError(f"{where}: unknown target backend(s) {bad}; known: {', '.join(TARGETS)}")
    return tuple(values)


def _api_version(value: object, where: str) -> str:
    if not isinstance(value, str) or value not in SUPPORTED_VERSIONS:
        raise UsageError(
            f"{where}: api-version must be one of {', '.join(SUPPORTED_VERSIONS)}, got {value!r}"
        )
    return value


def settings(
    *,
    start: Path,
    config: Path | None = None,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    extend_select: Sequence[str] | None = None,
    targets: Sequence[str] | None = None,
    isolated: bool = False,
    api_version: str | None = None,
) -> Settings:
    """Defaults, overridden by pyproject.toml, overridden by the command line.

    Parameters
    ----------
    start : pathlib.Path
        Where to look for ``pyproject.toml`` (this folder and its parents; its
        ``[tool.ember_array.lint]`` table).
    config : pathlib.Path or None, optional
        A ``pyproject.toml`` to read instead of searching from ``start``.
    select, ignore, extend_select : sequence of str, optional
        Rule codes or prefixes (``"EA4"``, ``"ALL"``), as ruff's options of the same names.
    targets : sequence of str, optional
        The backends the code must run on (``"numpy"``, ``"torch"``, ``"mlx"``...).
    isolated : bool, optional
        Ignore ``pyproject.toml``.
    api_version : str or None, optional
        The revision of the standard the code targets (``"2025.12"``, the draft
        ``"2026.12"``); pyproject's ``api-version``.

    Returns
    -------
    Settings
        The checked settings.

    Raises
    ------
    UsageError
        An unknown rule code or target, or an unreadable configuration (the command line
        exits with status 2).

    See Also
    --------
    Settings, lint_paths

    Examples
    --------
    >>> from pathlib import Path
    >>> from ember_array.lint import settings
    >>> s = settings(start=Path("."), select=["EA2"], isolated=True)
    >>> sorted(s.select)
    ['EA001', 'EA201']
    """
    s = Settings()
    section: dict[str, Any] = {}
    where = "configuration"
    if config is not None:
        section, found = (
            _read_pyproject(config.parent) if config.name == "pyproject.toml" else ({}, None)
        )
        if found is None:
            raise UsageError(f"--config {config}: no pyproject.toml there")
        where = str(found)
    elif not isolated:
        section, found = _read_pyproject(start)
        where = str(found) if found else where
    unknown = set(section) - {
        "select",
        "ignore",
        "extend-select",
        "targets",
        "exclude",
        "extend-exclude",
        "api-version",
    }
    if unknown:
        raise UsageError(f"{where}: unknown keys in [tool.ember_array.lint]: {sorted(unknown)}")
    chosen = set(s.select)
    if (v := _str_list(section, "select", where)) is not None:
        chosen = _codes(v, where)
    if (v := _str_list(section, "extend-select", where)) is not None:
        chosen |= _codes(v, where)
    if (v := _str_list(section, "ignore", where)) is not None:
        chosen -= _codes(v, where)
    if (v := _str_list(section, "targets", where)) is not None:
        s = replace(s, targets=_targets(v, where))
    if (v := _str_list(section, "exclude", where)) is not None:
        s = replace(s, exclude=tuple(v))
    if (v := _str_list(section, "extend-exclude", where)) is not None:
        s = replace(s, exclude=(*s.exclude, *v))
    version = section.get("api-version")
    if version is not None:
        s = replace(s, api_version=_api_version(version, where))
    if api_version is not None:
        s = replace(s, api_version=_api_version(api_version, "--api-version"))
    if select:
        chosen = _codes(select, "--select")
    if extend_select:
        chosen |= _codes(extend_select, "--extend-select")
    if ignore:
        chosen -= _codes(ignore, "--ignore")
    if targets:
        s = replace(s, targets=_targets(targets, "--targets"))
    return replace(s, select=frozenset(chosen | {"EA001"}))

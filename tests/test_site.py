"""The built docs site as a reader sees it: internal links, API pages, and a headless browser.

These tests read a built site: ``EMBER_DOCS_SITE`` (``nox -s docs`` sets it) or
``docs/_build/html``; without one they skip, so the default test run stays fast. The browser
check needs Chromium (``chromium`` or ``chromium-browser`` on PATH, or ``EMBER_CHROMIUM``) and
skips without it. ``EMBER_SITE_SCREENSHOTS=folder`` also saves what the browser drew.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("EMBER_DOCS_SITE", ROOT / "docs" / "_build" / "html"))
FRONT = "index.html"
API_PAGE = "api/generated/ember_array.scatter.segment_sum.html"
INSTALL = "pip install ember-array"
EXAMPLE = "xp = ember_array.namespace(x)"
# desktop and phone widths (CSS pixels), and the height of the first screen
WIDTHS = {"desktop": (1400, 900), "phone": (400, 850)}

needs_site = pytest.mark.skipif(
    not (SITE / FRONT).is_file(),
    reason=f"no built site at {SITE} (nox -s docs builds one; or set EMBER_DOCS_SITE)",
)


def _chromium() -> str | None:
    found = os.environ.get("EMBER_CHROMIUM")
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = found or shutil.which(name)
    return found


def _pages() -> list[Path]:
    return sorted(SITE.rglob("*.html"))


_ATTR = re.compile(r"""\b(?:href|src)="([^"]*)\"""")
_ID = re.compile(r"""\bid="([^"]+)\"""")


@needs_site
def test_internal_links_resolve() -> None:
    """Every relative href/src of every page names a file of the site, and its #fragment an
    id on that page."""
    ids: dict[Path, set[str]] = {}

    def ids_of(page: Path) -> set[str]:
        if page not in ids:
            ids[page] = set(_ID.findall(page.read_text(encoding="utf-8", errors="replace")))
        return ids[page]

    broken = []
    checked = 0
    for page in _pages():
        if page.relative_to(SITE).parts[0] == "_static":
            continue  # the theme's own templates, not pages
        for raw in _ATTR.findall(page.read_text(encoding="utf-8", errors="replace")):
            link = html.unescape(raw)
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//") or not link:
                continue  # external, or not a link
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            checked += 1
            if not target.is_file():
                broken.append(f"{page.relative_to(SITE)}: {link} (no such file)")
            elif (
                parts.fragment
                and target.suffix == ".html"
                and unquote(parts.fragment) not in ids_of(target)
            ):
                broken.append(f"{page.relative_to(SITE)}: {link} (no such anchor)")
    assert checked > 500, f"only {checked} internal links: is {SITE} a full build?"
    assert not broken, f"{len(broken)} of {checked} internal links are broken:\n" + "\n".join(
        broken[:40]
    )


@needs_site
def test_every_public_name_has_a_page() -> None:
    sys.path.insert(0, str(ROOT / "tests"))
    try:
        from test_api_docs import PUBLIC
    finally:
        sys.path.pop(0)
    generated = SITE / "api" / "generated"
    missing = []
    for name in PUBLIC:
        # a method is documented on its class's page
        owner = name.rsplit(".", 1)[0]
        if not (generated / f"{name}.html").is_file() and not (
            (generated / f"{owner}.html").is_file()
            and f'id="{name}"' in (generated / f"{owner}.html").read_text()
        ):
            missing.append(name)
    assert not missing, f"no API page for {missing}"


@needs_site
def test_user_navigation_holds_no_test_report() -> None:
    """The reports sit under Project quality, not among the user pages."""
    reports = (
        "support-matrix",
        "conformance",
        "robustness",
        "transforms",
        "accuracy",
        "workarounds",
    )
    index = (ROOT / "docs" / "index.md").read_text()
    toctree = index.split("```{toctree}")[1].split("```")[0]
    assert "quality" in toctree
    assert not [r for r in reports if r in toctree]
    quality = (ROOT / "docs" / "quality.md").read_text()
    assert all(f"\n{r}\n" in quality for r in reports)


# -- the browser ------------------------------------------------------------------------------

_PROBE = """
<script>
window.addEventListener("load", () => {
  const find = (needle) => {
    for (const el of document.querySelectorAll("pre")) {
      if (el.textContent.includes(needle)) {
        const r = el.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                scrollWidth: el.scrollWidth, clientWidth: el.clientWidth};
      }
    }
    return null;
  };
  const out = {innerWidth: window.innerWidth, innerHeight: window.innerHeight,
               scrollWidth: document.documentElement.scrollWidth,
               install: find(%(install)s), example: find(%(example)s)};
  window.parent.postMessage(JSON.stringify(out), "*");
});
</script>
"""

# Headless Chromium will not make a window narrower than 500 px, so a page is measured (and
# drawn) in an iframe of exactly the width asked for; the page posts what it measured here.
_FRAME = """<!DOCTYPE html>
<html><body style="margin:0">
<iframe src="%(src)s" width="%(width)d" height="%(height)d" style="border:0;display:block">
</iframe>
<script>
window.addEventListener("message", (event) => {
  const pre = document.createElement("pre");
  pre.id = "ember-probe";
  pre.textContent = event.data;
  pre.style.display = "none";
  document.body.appendChild(pre);
});
</script>
</body></html>
"""


@pytest.fixture(scope="module")
def site_copy() -> Iterator[Path]:
    """A scratch copy of the site, where the probe script can be added to a page."""
    if not (SITE / FRONT).is_file():
        pytest.skip(f"no built site at {SITE}")
    if _chromium() is None:
        pytest.skip("Chromium is not installed")
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "site"
        shutil.copytree(SITE, copy)
        yield copy


def _chromium_args(width: int, height: int, profile: str) -> list[str]:
    return [
        str(_chromium()),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        f"--user-data-dir={profile}",
        f"--window-size={width},{height}",
        "--virtual-time-budget=5000",
    ]


def _render(site: Path, page: str, width: int, height: int) -> dict[str, object]:
    """Load ``page`` at ``width`` x ``height`` and return what the probe measured."""
    original = site / page
    probe = original.with_name(f"_probe_{original.name}")
    needles = {"install": json.dumps(INSTALL), "example": json.dumps(EXAMPLE)}
    text = original.read_text(encoding="utf-8")
    probe.write_text(text.replace("</body>", _PROBE % needles + "</body>"), encoding="utf-8")
    frame = original.with_name(f"_frame_{original.name}")
    frame.write_text(_FRAME % {"src": probe.name, "width": width, "height": height})
    with tempfile.TemporaryDirectory() as profile:
        args = _chromium_args(max(width, 500), height, profile)
        dom = subprocess.run(
            [*args, "--dump-dom", frame.as_uri()],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        ).stdout
        shots = os.environ.get("EMBER_SITE_SCREENSHOTS")
        if shots:
            Path(shots).mkdir(parents=True, exist_ok=True)
            name = f"{original.stem}-{width}.png"
            subprocess.run(
                [*args, f"--screenshot={Path(shots).resolve() / name}", frame.as_uri()],
                capture_output=True,
                timeout=120,
                check=True,
            )
    found = re.search(r'<pre id="ember-probe"[^>]*>(.*?)</pre>', dom, re.S)
    assert found, "the probe did not run"
    measured: dict[str, object] = json.loads(html.unescape(found.group(1)))
    return measured


@pytest.mark.parametrize("width", list(WIDTHS))
def test_front_page_shows_install_and_example(site_copy: Path, width: str) -> None:
    w, h = WIDTHS[width]
    m = _render(site_copy, FRONT, w, h)
    assert m["innerWidth"] == w
    assert m["scrollWidth"] <= w, f"the front page overflows horizontally at {w} px: {m}"
    for what in ("install", "example"):
        box = m[what]
        assert isinstance(box, dict), f"no code block with the {what} at {w} px"
        # inside the screen horizontally
        assert box["left"] >= 0, (what, box)
        assert box["right"] <= w, (what, box)
        if width == "desktop":
            # above the fold, with no line cut off
            assert box["top"] >= 0, f"{what} above the screen: {box}"
            assert box["bottom"] <= h, f"{what} below the fold: {box}"
            assert box["scrollWidth"] <= box["clientWidth"], f"{what} lines cut off: {box}"
    # the install command itself fits a phone's screen
    install = m["install"]
    assert isinstance(install, dict)
    assert install["scrollWidth"] <= install["clientWidth"], install


@pytest.mark.parametrize("width", list(WIDTHS))
def test_api_page_does_not_overflow(site_copy: Path, width: str) -> None:
    w, h = WIDTHS[width]
    m = _render(site_copy, API_PAGE, w, h)
    assert m["scrollWidth"] <= w, f"{API_PAGE} overflows horizontally at {w} px: {m}"

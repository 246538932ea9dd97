"""The built docs site as a reader sees it: internal links, API pages, and a headless browser.

These tests read a built site: ``EMBER_DOCS_SITE`` (``nox -s docs`` sets it) or
``docs/_build/html``; without one they skip, so the default test run stays fast. The browser
check needs Chromium (``chromium`` or ``chromium-browser`` on PATH, or ``EMBER_CHROMIUM``) and
skips without it. ``EMBER_SITE_SCREENSHOTS=folder`` also saves what the browser drew.

Every page is measured at a phone's width in one Chromium process (a harness page loads the
pages one after another into an iframe of that width), so the check costs seconds, not a
browser start per page.
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
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("EMBER_DOCS_SITE", ROOT / "docs" / "_build" / "html"))
FRONT = "index.html"
API_PAGE = "api/generated/ember_array.scatter.segment_sum.html"
INSTALL = "pip install ember-array"
# what installs today, before the first release is on PyPI (docs/install.md)
NOW = 'pip install ".[all]"'
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
               now: find(%(now)s), install: find(%(install)s), example: find(%(example)s)};
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


def _chromium_args(width: int, height: int, profile: str, budget_ms: int = 5000) -> list[str]:
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
        f"--virtual-time-budget={budget_ms}",
    ]


def _render(site: Path, page: str, width: int, height: int) -> dict[str, object]:
    """Load ``page`` at ``width`` x ``height`` and return what the probe measured."""
    original = site / page
    probe = original.with_name(f"_probe_{original.name}")
    needles = {
        "now": json.dumps(NOW),
        "install": json.dumps(INSTALL),
        "example": json.dumps(EXAMPLE),
    }
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
    for what in ("now", "install", "example"):
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
    # what installs today comes first, and the install commands fit a phone's screen
    now, install = m["now"], m["install"]
    assert isinstance(now, dict)
    assert isinstance(install, dict)
    assert now["bottom"] <= install["top"], (now, install)
    for box in (now, install):
        assert box["scrollWidth"] <= box["clientWidth"], box


def test_api_page_does_not_overflow_a_desktop(site_copy: Path) -> None:
    """(At a phone's width every page is checked below.)"""
    w, h = WIDTHS["desktop"]
    m = _render(site_copy, API_PAGE, w, h)
    assert m["scrollWidth"] <= w, f"{API_PAGE} overflows horizontally at {w} px: {m}"


# -- every page at a phone's width --------------------------------------------------------------

# What a reader cannot reach counts as overflow: the page scrolling sideways, or any element
# running past the right edge, even where a layout box (the theme's article container, the
# prev/next links) clips or scrolls it instead. Code blocks and tables are meant to scroll
# inside their own box, so what is inside one of those is left out; the box itself must fit.
_OWN_BOX = "pre, table, .highlight"

_ALL_PAGES = """<!DOCTYPE html>
<html><body style="margin:0">
<iframe id="page" width="%(width)d" height="%(height)d" style="border:0;display:block"></iframe>
<script>
const pages = %(pages)s;
const results = [];
const frame = document.getElementById("page");
const measure = (name) => {
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  const width = win.innerWidth;
  const past = [];
  for (const el of doc.body.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.right <= width + 0.5) continue;
    if (el.parentElement.closest(%(own_box)s)) continue;
    if (win.getComputedStyle(el).visibility !== "visible") continue;
    const cls = typeof el.className === "string" ? el.className : "";
    const tag = el.tagName.toLowerCase() + (cls ? "." + cls.trim().split(/\\s+/).join(".") : "");
    const text = JSON.stringify(el.textContent.trim().slice(0, 50));
    past.push(`${tag} to ${Math.round(box.right)} px: ${text}`);
  }
  results.push({page: name, innerWidth: width,
                scrollWidth: doc.documentElement.scrollWidth, past: past.slice(0, 5)});
};
let next = 0;
const open = () => {
  if (next === pages.length) {
    const pre = document.createElement("pre");
    pre.id = "ember-probe";
    pre.textContent = JSON.stringify(results);
    document.body.appendChild(pre);
    return;
  }
  frame.src = pages[next];
};
frame.addEventListener("load", () => {
  measure(pages[next]);
  next += 1;
  open();
});
open();
</script>
</body></html>
"""


def _site_pages(site: Path) -> list[str]:
    """Every page of a built site, relative to it (the theme's templates under _static are
    not pages)."""
    return [
        page.relative_to(site).as_posix()
        for page in sorted(site.rglob("*.html"))
        if page.relative_to(site).parts[0] != "_static"
    ]


def test_no_page_overflows_a_phone(site_copy: Path) -> None:
    """Every page at 400 px: nothing runs past the right edge outside a code block or table,
    which scroll in their own box."""
    w, h = WIDTHS["phone"]
    pages = _site_pages(SITE)  # the copy holds the other tests' probe pages too
    assert len(pages) > 100, f"only {len(pages)} pages: is {SITE} a full build?"
    harness = site_copy / "_all_pages.html"
    harness.write_text(
        _ALL_PAGES
        % {"width": w, "height": h, "pages": json.dumps(pages), "own_box": json.dumps(_OWN_BOX)},
        encoding="utf-8",
    )
    with tempfile.TemporaryDirectory() as profile:
        dom = subprocess.run(
            [
                # generous: the harness writes its result only once every page has loaded
                *_chromium_args(max(w, 500), h, profile, budget_ms=60_000),
                # the harness reads each page's layout through the iframe: file:// pages are
                # one origin only with this switch
                "--allow-file-access-from-files",
                "--dump-dom",
                harness.as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=300,
            check=True,
        ).stdout
    found = re.search(r'<pre id="ember-probe"[^>]*>(.*?)</pre>', dom, re.S)
    assert found, "the harness did not finish: no measurements came back"
    results: list[dict[str, Any]] = json.loads(html.unescape(found.group(1)))
    assert [r["page"] for r in results] == pages, "not every page was measured"
    assert all(r["innerWidth"] == w for r in results), results[:3]
    overflowing = [
        f"{r['page']}: page {r['scrollWidth']} px wide; " + "; ".join(r["past"])
        for r in results
        if r["past"] or r["scrollWidth"] > w
    ]
    assert not overflowing, f"{len(overflowing)} of {len(pages)} pages overflow at {w} px:\n" + (
        "\n".join(overflowing)
    )

"""Every page type of the site laid out in a real browser, at a phone's width
(390 x 844) and a desktop's (1280 x 900): nothing wider than the screen,
no two sibling boxes on top of each other, the print and PDF links in view,
a table that scrolls sideways says so; and the contestant's way from the
home page to a TV card in at most three clicks.

The site is built once from the shipped word lists and a spread of the
committed trees chosen by a rule (:func:`_spread`): for every LINGO set-up
with sheets and both rules, the human scheme's letter whose tree file is
largest (its sheet is the longest), the largest free-rule sheet of all
(the "fewest words" scheme's, the longest page of the site), an adaptive
tree for the lookup, and one tree of Wordle, Mastermind and Hangman each
for their pages. Cards are printed (Chromium), so the PDF links exist.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from generator.core.catalog import setups as catalog_setups
from generator.output import site
from generator.runs.site import printer

CHECKOUT = Path(__file__).resolve().parents[1]
TREES = CHECKOUT / "trees"
WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}

pytestmark = pytest.mark.browser


def _largest(folder: Path) -> str:
    """The tree file of ``folder`` with the most bytes (the longest sheet), as a path under trees/."""
    files = [p for p in folder.glob("*.json") if p.name != "index.json"]
    return str(max(files, key=lambda p: (p.stat().st_size, p.name)).relative_to(TREES))


def _spread() -> list[str]:
    """The committed trees the test site is built from (see the module's docstring)."""
    chosen = []
    for sid, setup in catalog_setups().items():
        if setup.game.name != "lingo" or not (TREES / sid).is_dir() or not setup.tables:
            continue
        for rule in ("same-start", "free"):
            if (TREES / sid / rule / "human").is_dir():
                chosen.append(_largest(TREES / sid / rule / "human"))
    shared = [TREES / sid / "free" / "shared" for sid in catalog_setups() if (TREES / sid / "free" / "shared").is_dir()]
    chosen.append(max((_largest(f) for f in shared), key=lambda rel: (TREES / rel).stat().st_size))
    chosen.append(_largest(TREES / "nl-ij" / "same-start" / "scm"))
    for folder in ("wordle/free/optimal", "mastermind/4x6/knuth"):
        if (TREES / folder).is_dir():
            chosen.append(_largest(TREES / folder))
    hangman = sorted((TREES / "hangman").glob("*/*/*/*.json"))
    chosen += [str(p.relative_to(TREES)) for p in hangman if p.name != "index.json"][:1]
    return chosen


@pytest.fixture(scope="module")
def served(serve: Any, tmp_path_factory: pytest.TempPathFactory, chromium: str) -> Iterator[tuple[str, Path]]:
    import os
    import shutil

    root = tmp_path_factory.mktemp("layout")
    project = root / "project"
    project.mkdir()
    os.symlink(CHECKOUT / "wordlists", project / "wordlists")
    for rel in _spread():
        (project / "trees" / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(TREES / rel, project / "trees" / rel)
    mp = pytest.MonkeyPatch()
    try:
        mp.setenv("LINGO_TREES_ROOT", str(project))
        # the cards printed, by Chromiums of their own (this process drives the tests' browser)
        site.build_site(project / "trees", root / "site", progress=lambda _: None, print_many=printer(2, None))
    finally:
        mp.undo()
    with serve(root / "site") as url:
        yield url, root / "site"


def _page_types(built: Path) -> dict[str, list[str]]:
    """The pages to lay out, by type (URLs relative to the site root)."""
    letters = sorted(str(p.relative_to(built)) for p in built.glob("*/*/*/*.html") if ".rows-" not in p.name)
    rows = sorted(str(p.relative_to(built)) for p in built.glob("*/*/*/*.rows-*.html"))
    folders = sorted(str(p.relative_to(built)) for p in built.glob("*/*/*.html"))
    setups = sorted(p.name for p in built.glob("*.html") if (built / p.stem).is_dir() and p.stem not in ("trees",))
    shows = sorted(p.name for p in built.glob("*-on-tv*.html"))
    fixed = [name for name in ("index.html", "lingo-nl.html", "lingo-en.html", "method.html", "lookup.html",
                               "helper.html", "practice.html", "hangman.html", "404.html") if (built / name).exists()]
    return {"letter sheet": letters, "rows of a long sheet": rows, "strategy": folders, "set-up": setups,
            "show": shows, "other": fixed}


#: sibling boxes that must not overlap: (what is checked, the parents' selector, the children's)
SIBLINGS = [
    ("sheet row", ".sheet .groups tr", ":scope > td, :scope > th"),
    ("sheet head", ".sheet-head", ":scope > *"),
    ("buttons", ".sheet-links, .show-links, .length-links", ":scope > .md-button"),
    ("letter links", ".letter-links", ":scope > a"),
    ("table row", ".letters-table tr", ":scope > td, :scope > th"),
]

LAYOUT = """(siblings) => {
  const width = document.documentElement.clientWidth, bad = [];
  if (document.documentElement.scrollWidth > window.innerWidth) bad.push('page scrolls sideways: ' + document.documentElement.scrollWidth);
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
                            Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  for (const [what, parents, children] of siblings) {
    let n = 0;
    for (const parent of document.querySelectorAll(parents)) {
      if (n++ > 400) break;  // the first rows of a long sheet show the layout
      const boxes = [...parent.querySelectorAll(children)].map(e => e.getBoundingClientRect()).filter(r => r.width && r.height);
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++)
          if (overlap(boxes[i], boxes[j])) { bad.push(what + ' overlaps: ' + parent.textContent.slice(0, 60)); break; }
    }
  }
  for (const el of document.querySelectorAll('.sheet .strip')) {  // a strip inside its cell, inside the screen
    const r = el.getBoundingClientRect();
    if (r.right > width + 0.5) { bad.push('strip past the screen: ' + el.textContent); break; }
  }
  for (const box of document.querySelectorAll('.letters-table, .card-screen'))
    if (box.scrollWidth > box.clientWidth + 1 && !box.classList.contains('scrolls')) bad.push('a table scrolls and does not say so');
  for (const th of document.querySelectorAll('.letters-table th')) {  // the number a contestant came for: on screen
    if (th.textContent.trim() !== 'words to learn') continue;
    const box = th.closest('.letters-table').getBoundingClientRect(), r = th.getBoundingClientRect();
    if (r.right > Math.min(box.right, width) + 0.5) { bad.push('words to learn off screen'); break; }
  }
  const print = document.querySelector('.sheet-links .print-sheet, .sheet-links a[href$=".pdf"]');
  if (document.querySelector('.md-content .sheet .groups') && !print) bad.push('no print link above the sheet');
  if (print) {
    const r = print.getBoundingClientRect();
    if (r.right > width || r.left < 0) bad.push('print link out of view');
  }
  return bad;
}"""


@pytest.mark.parametrize("width", list(WIDTHS))
def test_every_page_type_is_laid_out_within_the_screen(browser: Any, served: tuple[str, Path], width: str) -> None:
    url, built = served
    w, h = WIDTHS[width]
    context = browser.new_context(viewport={"width": w, "height": h}, is_mobile=width == "phone",
                                  has_touch=width == "phone")
    page = context.new_page()
    problems, counts = [], {}
    try:
        for kind, pages in _page_types(built).items():
            counts[kind] = len(pages)
            for rel in pages:
                page.goto(f"{url}/{rel}")
                page.wait_for_load_state("load")
                # the theme has run (the clue helper loads it after its first result, later on a busy machine)
                page.wait_for_function("!document.documentElement.classList.contains('no-js')")
                page.wait_for_timeout(50)  # site.js marks tables that scroll
                problems += [f"{rel}: {p}" for p in page.evaluate(LAYOUT, SIBLINGS)]
    finally:
        context.close()
    assert counts["letter sheet"] >= 20 and counts["show"] >= 1 and counts["strategy"] >= 20, counts
    assert problems == [], "\n".join(problems)


def test_a_long_sheet_loads_its_other_rows_and_prints_them_all(browser: Any, served: tuple[str, Path]) -> None:
    url, built = served
    rows = sorted(built.glob("*/*/*/*.rows-2.html"))
    assert rows, "no sheet of the spread is long enough to be split"
    sheet = rows[0].with_name(rows[0].name.split(".rows-")[0] + ".html")
    rel = sheet.relative_to(built).as_posix()
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{url}/{rel}")
        first = page.locator(".sheet .groups tbody > tr:not(.parts)").count()
        total = int(page.locator(".sheet-more").get_attribute("data-total") or 0)
        page.evaluate("() => { window.print = () => { window.printed = true; }; }")
        page.click("button.print-sheet")
        page.wait_for_function("window.printed === true")
        assert page.locator(".sheet-more").count() == 0
        assert page.locator(".sheet .groups tbody > tr:not(.parts)").count() == total > first
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    finally:
        context.close()


def test_a_failed_load_of_rows_can_be_tried_again(browser: Any, served: tuple[str, Path]) -> None:
    url, built = served
    rows = sorted(built.glob("*/*/*/*.rows-2.html"))[0]
    rel = rows.with_name(rows.name.split(".rows-")[0] + ".html").relative_to(built).as_posix()
    # the service worker would fetch the rows past the route
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = context.new_page()
    try:
        failed: list[str] = []
        page.route("**/*.rows-2.html", lambda route: (failed.append(route.request.url), route.abort()))
        page.goto(f"{url}/{rel}")
        page.evaluate("() => { window.print = () => { window.printed = true; }; }")
        page.click("button.print-sheet")
        page.wait_for_selector(".sheet-more .sheet-error")
        assert failed and page.evaluate("window.printed") is None  # not printed without its rows
        page.unroute("**/*.rows-2.html")
        page.click("button.print-sheet")  # a second try loads them and prints
        page.wait_for_function("window.printed === true")
        assert page.locator(".sheet-more").count() == 0
    finally:
        context.close()


def test_the_404_page_leads_back_in(browser: Any, served: tuple[str, Path]) -> None:
    url, _ = served
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(f"{url}/404.html")
        links = page.locator("article a[href]").evaluate_all("els => els.map(a => a.href)")
        assert len(links) >= 4
        for link in links:
            assert page.request.get(link).ok, link
    finally:
        context.close()


STYLED = "() => [...document.styleSheets].some(s => (s.href || '').includes('/assets/stylesheets/main.') && s.cssRules.length > 0)"


@pytest.mark.parametrize(("base", "visit_first"), [("/", False), ("/lingo/", False), ("/games/lingo/", True)])
def test_the_404_page_has_its_style_under_any_base_path(browser: Any, served: tuple[str, Path], base: str,
                                                        visit_first: bool) -> None:
    """A server shows 404.html at any missing address of the site, at any
    depth, wherever the site is served from: its style and links still come
    from the site's root (a site one folder down on a first visit; deeper
    once a page of the site was visited)."""
    _, built = served

    def handle(route: Any) -> None:
        path = urlparse(route.request.url).path
        rel = path[len(base):] if path.startswith(base) else None
        if rel is not None and (built / (rel or "index.html")).is_file():
            route.fulfill(path=built / (rel or "index.html"))
        else:
            route.fulfill(status=404, path=built / "404.html")

    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    context.route("http://lingo.test/**", handle)
    page = context.new_page()
    try:
        if visit_first:
            page.goto(f"http://lingo.test{base}index.html")
            page.wait_for_load_state("load")
        page.goto(f"http://lingo.test{base}nl/free/no-such-page.html")
        page.wait_for_function(STYLED, timeout=10_000)
        assert page.locator("h1").first.text_content() == "Page not found"
        home = page.locator("article a[href]").first.evaluate("a => a.href")
        assert home == f"http://lingo.test{base}index.html"
    finally:
        context.close()


def test_a_contestant_reaches_a_tv_card_in_three_clicks(browser: Any, served: tuple[str, Path]) -> None:
    """Home, the show, the card: the card's PDF is the second click; a
    letter's sheet of the show's five letters is the second click too."""
    url, _ = served
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{url}/index.html")
        page.get_by_role("link", name="the TV cards and letter sheets of every length").first.click()  # 1
        page.wait_for_load_state("load")
        assert page.url.endswith("-on-tv.html")
        card = page.get_by_role("link", name="TV card (PDF, print on A4)").first  # 2
        href = card.get_attribute("href")
        assert href and href.endswith("-tv-card.pdf")
        response = page.request.get(f"{url}/{href}")
        assert response.ok and response.body().startswith(b"%PDF")
        first = page.locator(".letter-links a").first  # 2: a letter's sheet
        first.click()
        page.wait_for_load_state("load")
        assert page.locator(".sheet .groups").count() == 1 and "TV rules" in page.title()
    finally:
        context.close()

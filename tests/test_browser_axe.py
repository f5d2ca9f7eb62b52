"""Every page type of the real site passes axe-core: no serious or critical violation.

The site is built once from the committed trees and shipped word lists (no
PDFs) and served; axe-core, the npm package the README's test command
installs (``npm ci``: ``node_modules/axe-core/axe.min.js``), is injected into
each page type after its scripts have drawn it, in its starting state and
after a move where it has one, at desktop and phone width. The violations of
every impact are written to ``tests/golden-mismatch/axe.txt`` to be read.

Skipped when Chromium or axe-core is absent, except under CI (``CI=true``),
where a missing axe-core fails.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

CHECKOUT = Path(__file__).resolve().parents[1]
AXE = CHECKOUT / "node_modules" / "axe-core" / "axe.min.js"
REPORT = CHECKOUT / "tests" / "golden-mismatch" / "axe.txt"
BLOCKING = ("serious", "critical")

pytestmark = pytest.mark.browser


def _do_nothing(page: Any) -> None:
    pass


def _lookup_move(page: Any) -> None:
    """Mark the first tile yellow and submit: the lookup's second position."""
    page.locator("#tiles button").first.click()
    page.click("#submit")
    page.wait_for_selector("#history li")


def _pegs_move(page: Any) -> None:
    page.select_option("#pegs-black", "1")
    page.select_option("#pegs-white", "1")
    page.click("#submit")
    page.wait_for_selector("#history li")


def _practice_move(page: Any) -> None:
    """Type the secret of the URL: the game is won and the trees' play shown."""
    page.keyboard.type("boten")
    page.keyboard.press("Enter")
    page.wait_for_function("window.lingoPractice.summary !== null")


# page type -> (URL from the site root, what the page waits for, a move)
PAGES: dict[str, tuple[str, str, Callable[[Any], None]]] = {
    "home": ("index.html", "h1", _do_nothing),
    "LINGO overview": ("nl.html", "table", _do_nothing),
    "strategy page": ("nl/free/human.html", "table", _do_nothing),
    "letter sheet": ("nl/free/human/b.html", ".sheet, table", _do_nothing),
    "Wordle overview": ("wordle.html", "table", _do_nothing),
    "Mastermind overview": ("mastermind.html", "table", _do_nothing),
    "lookup (LINGO)": ("lookup.html?setup=nl&rule=free&strategy=scm&letter=b", "#tiles button", _lookup_move),
    "lookup (Wordle)": ("lookup.html?setup=wordle&rule=hard&strategy=optimal-salet&letter=all",
                        "#tiles button", _lookup_move),
    "lookup (pegs)": ("lookup.html?setup=mastermind&rule=4x6&strategy=knuth&letter=all", "#pegs-black",
                      _pegs_move),
    "clue helper": ("helper.html?wordlist=nl-basis&length=5&letter=b&clue=boten=G.Y..", "#candidates li",
                    _do_nothing),
    "practice": ("practice.html?setup=nl&rule=free&mode=random&word=boten", "#board", _practice_move),
    "Hangman": ("hangman.html?list=en-enable&length=5&strategy=optimal&path=__e__", "#hangman[data-state]",
                _do_nothing),
    "method": ("method.html", "h1", _do_nothing),
}


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        message = f"axe-core is not installed ({AXE.relative_to(CHECKOUT)}): run npm ci"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return AXE.read_text(encoding="utf-8")


#: every page type of :data:`PAGES`, from a few committed trees of each family
TREES = ([f"nl/free/{strategy}/{letter}.json" for strategy in ("human", "scm") for letter in ("b", "q")]
         + ["wordle/hard/optimal-salet/all.json", "mastermind/4x6/knuth/all.json",
            "hangman/en-enable/6/optimal/5.json"])


@pytest.fixture(scope="module")
def real_site(serve: Any, shipped_site: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(shipped_site(tmp_path_factory.mktemp("axe"), TREES)) as url:
        yield url


@pytest.fixture(scope="module")
def report() -> Iterator[list[str]]:
    lines: list[str] = []
    yield lines
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _axe(page: Any, source: str) -> list[dict[str, Any]]:
    page.add_script_tag(content=source)
    result = page.evaluate("""() => axe.run(document, {
        runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
        resultTypes: ["violations"]})""")
    return list(result["violations"])


@pytest.mark.parametrize("width", [1200, 390], ids=["desktop", "phone"])
@pytest.mark.parametrize("kind", list(PAGES))
def test_page_type_has_no_serious_violation(real_site: str, browser: Any, axe_source: str,
                                            report: list[str], kind: str, width: int) -> None:
    url, ready, move = PAGES[kind]
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{real_site}/{url}")
        page.wait_for_selector(ready)
        states = [("start", _axe(page, axe_source))]
        if move is not _do_nothing:
            move(page)
            states.append(("after a move", _axe(page, axe_source)))
    finally:
        context.close()
    blocking = []
    for state, violations in states:
        counts = {impact: sum(1 for v in violations if v["impact"] == impact)
                  for impact in ("minor", "moderate", "serious", "critical")}
        report.append(f"{kind} ({width} px, {state}): " + ", ".join(f"{n} {k}" for k, n in counts.items())
                      + "".join(f"\n    {v['impact']}: {v['id']}: {v['help']} ({len(v['nodes'])} nodes: "
                                f"{v['nodes'][0]['target']})" for v in violations))
        blocking += [f"{state}: {v['id']} ({v['impact']}): {v['help']}: {v['nodes'][0]['target']}"
                     for v in violations if v["impact"] in BLOCKING]
    assert blocking == [] and errors == []

"""The clue helper (helper.html) in a real browser, against ``lingo-trees solve``.

A small site is built from the shipped word lists (the helper's data; two
trees for the rest of the site) and served on 127.0.0.1. Random clue sets on
Dutch and English lists of lengths 4 to 12 must give the same words that fit
(count, and the first 200 most common first), the letters known at each
place, those that must occur and those that do not as
:func:`generator.search.clues.solve`; the best next guess
must have the least expected group size; contradictory clues name the clue
that cannot hold; tiles clicked and keys pressed change the clue and the URL.
With the server stopped, the pages visited still work (the service worker).
On a phone (390 x 844), light and dark, after real clues, the page does not
scroll sideways, no tile or column lies over another and the marks are 11 px
or more; the lists have plain names. The site's Dutch TV-rules tree shows
the lookup opening on the show's own game.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from generator.core.catalog import load_list, setup
from generator.core.feedback import feedback
from generator.core.scoring import expected_size
from generator.core.tree import play
from generator.core.words import Letters, WordList
from generator.output.treefile import read_tree
from generator.search.clues import (
    Clue,
    best_guesses,
    describe_absent,
    describe_counts,
    describe_known,
    frequency_order,
    solve,
)

pytestmark = pytest.mark.browser



@pytest.fixture(scope="module")
def lists_site_dir(tmp_path_factory: pytest.TempPathFactory, shipped_site: Any) -> Path:
    """A site of the shipped lists, two Dutch trees and one under TV rules (no PDFs)."""
    return shipped_site(tmp_path_factory.mktemp("helper"), [f"nl/free/scm/{x}.json" for x in ("q", "x")] +
                        ["nl-ij/same-start/human/q.json"])


@pytest.fixture(scope="module")
def lists_site(serve: Any, lists_site_dir: Path) -> Iterator[str]:
    """That site served; its base URL."""
    with serve(lists_site_dir) as url:
        yield url


def helper_url(base: str, wordlist: str, length: int, clues: list[Clue], letter: str | None = None) -> str:
    url = f"{base}/helper.html?wordlist={wordlist}&length={length}"
    if letter:
        url += f"&letter={letter}"
    return url + "".join(f"&clue={quote(c.guess)}={quote(c.pattern)}" for c in clues)


def open_helper(page: Any, url: str) -> dict[str, Any]:
    page.goto(url)
    page.wait_for_function("window.lingoHelper && window.lingoHelper.firstResult !== null")
    return {
        "count": int(page.text_content("#candidate-count")),
        "shown": page.locator("#candidates li").all_text_contents(),
        "known": page.text_content("#known"),
        "must": page.text_content("#must"),
        "absent": page.text_content("#absent"),
        "status": page.text_content("#status"),
    }


def random_clues(words: WordList, rnd: random.Random) -> tuple[list[Clue], str | None]:
    """One to three guesses of the list against a random secret, and sometimes its first letter."""
    secret = rnd.choice(words.words)
    clues = []
    for _ in range(rnd.randint(1, 3)):
        guess = rnd.choice(words.words)
        letters = words.alphabet.spell(guess)
        clues.append(Clue(guess, feedback(letters, words.alphabet.spell(secret)), letters))
    letter = words.alphabet.spell(secret)[0] if rnd.random() < 0.4 else None
    return clues, letter


CASES = [("nl-all", n) for n in range(4, 13)] + [("en-enable", n) for n in range(4, 13)] + \
        [("nl-basis", 7), ("nl-all-5-ij", 5), ("wordle-answers", 5), ("wordle-allowed", 5)]


def test_the_helper_finds_what_solve_finds(lists_site: str, page: Any) -> None:
    rnd = random.Random(2026)
    for wordlist, length in CASES:
        words = load_list(wordlist)
        words = words if words.length else words.with_length(length)
        for _ in range(2):
            clues, letter = random_clues(words, rnd)
            found = solve(words, clues, letter)
            got = open_helper(page, helper_url(lists_site, wordlist, length, clues, letter))
            where = f"{wordlist}/{length} {' '.join(map(str, clues))} letter={letter}"
            ranked = [w for w, _ in frequency_order(found.candidate_words(), words.language)]
            assert got["count"] == len(ranked), where
            assert got["shown"] == ranked[:200], where
            assert got["known"] == describe_known(found.constraints), where
            assert "must contain: " + got["must"] == describe_counts(found.constraints), where
            assert got["absent"] == describe_absent(found.constraints), where
    assert page.errors == []


def test_the_best_guess_has_the_least_expected_group(lists_site: str, page: Any) -> None:
    words = load_list("wordle-allowed")
    clues = [Clue("crane", "..GY.", tuple("crane")), Clue("moist", "...Y.", tuple("moist"))]
    found = solve(words, clues)
    open_helper(page, helper_url(lists_site, "wordle-allowed", 5, clues))
    page.wait_for_function("window.lingoHelper.bestResult !== null")
    first = page.locator("#best tr").first.locator("td").all_text_contents()
    best = best_guesses(words, found.candidate_words(), expected_size, top=len(words)).moves
    least = min(m.expected for m in best)
    assert float(first[1]) == pytest.approx(least, abs=0.005)
    assert {m.word: m.expected for m in best}[first[0]] == pytest.approx(least)


def test_contradictory_clues_name_the_clue(lists_site: str, page: Any) -> None:
    clues = [Clue("crane", "GG...", tuple("crane")), Clue("crumb", "GGGGG", tuple("crumb")),
             Clue("crust", ".....", tuple("crust"))]
    got = open_helper(page, helper_url(lists_site, "en-enable", 5, clues))
    found = solve(load_list("en-enable").with_length(5), clues)
    assert found.contradiction is not None and found.contradiction.clue == 2
    assert got["count"] == 0
    assert "clue 3 (crust .....) cannot hold" in got["status"], got["status"]


def test_bad_clues_in_the_url_are_named_and_ignored(lists_site: str, page: Any) -> None:
    got = open_helper(page, f"{lists_site}/helper.html?wordlist=en-enable&length=5"
                            "&clue=toolong=G....&clue=crane=GGX..&clue=<b>x</b>=.....")
    assert got["count"] == len(load_list("en-enable").with_length(5))
    assert "Clue 1 is ignored" in got["status"]
    assert page.locator("#clues b").count() == 0
    assert page.errors == []


def test_tiles_and_keys_set_the_feedback(lists_site: str, page: Any) -> None:
    open_helper(page, f"{lists_site}/helper.html?wordlist=wordle-answers&length=5")
    page.fill("#guess-input", "crane")
    page.press("#guess-input", "Enter")
    tiles = page.locator("#clues .tile")
    tiles.nth(2).click()  # . -> Y
    tiles.nth(2).click()  # Y -> G
    page.locator("#clues .tile").nth(3).focus()
    page.keyboard.press("y")
    page.wait_for_function("location.search.includes('crane')")
    assert "clue=crane=..GY." in page.evaluate("location.search")
    words = load_list("wordle-answers")
    found = solve(words, [Clue("crane", "..GY.", tuple("crane"))])
    assert int(page.text_content("#candidate-count")) == len(found.candidates)
    page.locator("#clues .remove").first.click()
    assert int(page.text_content("#candidate-count")) == len(words)
    assert page.errors == []


def test_under_tv_rules_the_helper_suggests_words_of_the_letter(lists_site: str, page: Any) -> None:
    """With the first letter shown, a guess that begins with it has its first
    tile green, no error before anything is marked, and the next guesses all
    begin with the letter (TV rules, said in the note); with TV rules off,
    any word of the list, and the URL says so."""
    open_helper(page, helper_url(lists_site, "nl-all", 5, [], "k"))
    page.fill("#guess-input", "kaart")
    page.press("#guess-input", "Enter")
    assert page.locator("#clues .tile").first.get_attribute("data-mark") == "G"
    assert page.get_attribute("#status", "class") != "error", page.text_content("#status")
    assert page.text_content("#known") == "K _ _ _ _"
    page.wait_for_function("window.lingoHelper.bestResult !== null")
    page.wait_for_function("document.querySelectorAll('#best tr').length > 0")
    tv = page.locator("#best tr td:first-child").all_text_contents()
    assert tv and all(w.startswith("k") for w in tv), tv
    assert "TV rules: only words that begin with K" in page.text_content("#best-note")
    words = load_list("nl-all").with_length(5)
    found = solve(words, [Clue("kaart", "G....", tuple("kaart"))], "k")
    ranked = best_guesses(words, found.candidate_words(), expected_size, top=len(words)).moves
    of_k = min(m.expected for m in ranked if m.word.startswith("k"))
    assert {m.word: m.expected for m in ranked}[tv[0]] == pytest.approx(of_k)
    page.uncheck("#tv-rule")
    page.wait_for_function("location.search.includes('rule=free')")
    page.wait_for_function("!document.getElementById('best-note').textContent.startsWith('TV rules')")
    page.wait_for_function("document.querySelectorAll('#best tr').length > 0")
    free = page.locator("#best tr td:first-child").all_text_contents()
    assert not all(w.startswith("k") for w in free), free
    assert page.errors == []


def test_the_theme_starts_after_the_first_result(lists_site: str, page: Any) -> None:
    """The helper page loads the theme's script after its words are on screen
    (site/overrides/main.html): it still runs, and its search opens by key."""
    html = page.request.get(f"{lists_site}/helper.html").text()
    assert 'type="text/plain" data-deferred-src="assets/javascripts/bundle.' in html
    lookup = page.request.get(f"{lists_site}/lookup.html").text()
    assert "data-deferred-src" not in lookup and '<script src="assets/javascripts/bundle.' in lookup
    open_helper(page, helper_url(lists_site, "nl-all", 10, []))
    page.wait_for_function("document.documentElement.classList.contains('js')")
    page.keyboard.press("/")
    page.wait_for_function("document.activeElement && document.activeElement.matches('[data-md-component=search-query]')")


def test_the_site_works_offline_after_a_visit(serve: Any, lists_site_dir: Path, page: Any) -> None:
    clues = [Clue("crane", "..GY.", tuple("crane"))]
    with serve(lists_site_dir) as url:
        helper = helper_url(url, "wordle-answers", 5, clues)
        lookup = f"{url}/lookup.html?setup=nl&rule=free&strategy=scm&letter=q"
        online = open_helper(page, helper)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        page.goto(lookup)
        page.wait_for_function("document.getElementById('next-guess').textContent.length > 0")
        first_guess = page.text_content("#next-guess")
        page.goto(f"{url}/index.html")
    # the server is gone: every page and file visited comes from the service worker
    assert open_helper(page, helper) == online
    page.goto(lookup)
    page.wait_for_function("document.getElementById('next-guess').textContent.length > 0")
    assert page.text_content("#next-guess") == first_guess
    page.goto(url + "/")
    assert "LINGO" in page.title() or page.locator("h1").count() == 1


# -- a phone, plain names ---------------------------------------------------------

#: JavaScript: the pairs of sibling elements under the selectors whose boxes overlap, as "A / B" texts
OVERLAPS = (Path(__file__).resolve().parent / "data" / "overlaps.js").read_text(encoding="utf-8")

#: JavaScript: the computed font sizes (px) of the marks (G / Y / .) drawn on the helper's tiles
MARK_SIZES = "sel => Array.from(document.querySelectorAll(sel)).map(t => parseFloat(getComputedStyle(t, '::after').fontSize))"

def feedback_of(guess: str, secret: str) -> str:
    """The feedback of a guess for a secret, 'ij' one letter (the nl-ij set-up's)."""
    spell = Letters(("ij",)).spell
    return feedback(spell(guess), spell(secret))


GRAMMAR = re.compile(r"\b1 (words|turns|guesses|letters|groups)\b|\b(0|[2-9]|\d\d+) (word|turn|guess|letter)\b")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_phone_after_real_clues(lists_site: str, browser: Any, scheme: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, color_scheme=scheme)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    open_helper(page, f"{lists_site}/helper.html?wordlist=wordle-answers&length=5")
    page.fill("#guess-input", "crane")
    page.press("#guess-input", "Enter")
    page.locator("#clues .tile").nth(2).click()
    page.locator("#clues .tile").nth(2).click()  # . -> Y -> G
    page.fill("#guess-input", "moist")
    page.press("#guess-input", "Enter")
    page.keyboard.press(".")  # the focus is on the new clue's first tile
    page.keyboard.press(".")
    page.keyboard.press(".")
    page.keyboard.press("y")
    page.wait_for_function("location.search.includes('moist=...Y.')")
    page.select_option("#pick-from", "candidates")  # every best guess fits: the last column is filled
    page.wait_for_function("document.querySelectorAll('#best tr').length > 1")
    assert page.locator("#best td", has_text="fits").count() == page.locator("#best tr").count()
    found = solve(load_list("wordle-answers"), [Clue("crane", "..G..", tuple("crane")),
                                                Clue("moist", "...Y.", tuple("moist"))])
    assert int(page.text_content("#candidate-count")) == len(found.candidates)
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"the helper is {width} px wide on a {inner} px screen"
    assert page.evaluate(OVERLAPS, ["#clues li", "#clues .row", "#best tr", "thead tr", ".pickers", "#add-clue",
                                    "#candidates"]) == []
    sizes = page.evaluate(MARK_SIZES, "#clues .tile")
    assert len(sizes) == 10 and min(sizes) >= 11, sizes
    # the table of best guesses fits the screen, or its box scrolls and says so
    box = page.evaluate("""() => { const b = document.getElementById('best-box');
      return [b.scrollWidth > b.clientWidth + 1, b.classList.contains('scrolls'),
              document.querySelector('table.best').getBoundingClientRect().right, window.innerWidth,
              getComputedStyle(document.querySelector('.scroll-note')).display]; }""")
    scrolls, said, right, inner, note = box
    assert said == scrolls and (note != "none") == scrolls
    assert scrolls or right <= inner, box
    assert not GRAMMAR.search(page.inner_text("#helper")), page.inner_text("#helper")
    desk = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    big = desk.new_page()
    open_helper(big, page.url)
    big.wait_for_function("window.lingoHelper.bestResult !== null")
    assert big.evaluate("document.documentElement.scrollWidth") <= 1280
    desk.close()
    context.close()
    assert errors == []


def test_a_wide_table_scrolls_in_its_box_and_says_so(lists_site: str, browser: Any) -> None:
    """Fifteen-letter guesses on a 320 px screen: the table of best guesses is
    wider than the screen, its box scrolls and says so, the page does not."""
    context = browser.new_context(viewport={"width": 320, "height": 700})
    page = context.new_page()
    open_helper(page, f"{lists_site}/helper.html?wordlist=nl-all&length=15&clue=zzzzzzzzzzzzzzz=...............")
    page.select_option("#pick-from", "candidates")
    page.wait_for_function("window.lingoHelper.bestResult !== null && document.querySelectorAll('#best tr').length > 1")
    assert page.evaluate("document.getElementById('best-box').scrollWidth > document.getElementById('best-box').clientWidth")
    assert page.get_attribute("#best-box", "class") == "scroll-box scrolls"
    assert page.is_visible(".scroll-note") and "Scroll the table sideways" in page.inner_text(".scroll-note")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()


def test_lists_have_plain_names_and_no_commands(lists_site: str, page: Any) -> None:
    open_helper(page, f"{lists_site}/helper.html?wordlist=wordle-answers&length=5")
    names = page.locator("#pick-list option").all_text_contents()
    assert "Wordle's 2,315 answers (2022)" in names and "English, every ENABLE word" in names, names
    for name in names:
        assert not re.search(r"\(([a-z]+-)+[a-z0-9]+\)|none:|: ", name), name  # no list ids, no filter jargon
    assert page.input_value("#pick-list") == "wordle-answers"  # the id stays in the URL and the value
    article = page.inner_text("article")
    assert "lingo-trees" not in article and "--" not in article, article  # a player sees no command line
    assert page.locator("button.palette-switch").count() == 1
    page.click("button.palette-switch")
    assert page.evaluate("document.documentElement.getAttribute('data-lt-palette')") == "contrast"
    assert page.errors == []


def test_the_lookup_opens_on_the_shows_game(lists_site: str, page: Any) -> None:
    """No choice in the URL and none made before: Dutch, five letters, TV
    rules, the human scheme; the first letter is given on every turn."""
    page.goto(f"{lists_site}/lookup.html")
    page.wait_for_function("document.getElementById('next-guess').textContent.length > 0")
    assert [page.input_value(f"#pick-{k}") for k in ("setup", "rule", "strategy", "letter")] == \
        ["nl-ij", "same-start", "human", "q"]
    pickers = page.inner_text(".pickers")
    assert "nl-ij" not in pickers and "nl-basis" not in pickers and "(nl" not in pickers, pickers
    chosen = [page.locator(f"#pick-{k} option:checked").text_content() for k in ("setup", "rule", "strategy")]
    assert chosen == [setup("nl-ij").title,
                      "TV rules (every guess begins with the letter shown)",
                      "Human scheme"], chosen
    page.select_option("#pick-setup", "nl")
    page.wait_for_function("location.search.indexOf('setup=nl&') >= 0")
    strategies = page.locator("#pick-strategy option").all_text_contents()
    assert strategies == ["Paper's rule"], strategies
    page.select_option("#pick-setup", "nl-ij")
    page.wait_for_function("location.search.indexOf('setup=nl-ij&') >= 0")
    tree = read_tree(Path(__file__).resolve().parent.parent / "trees/nl-ij/same-start/human/q.json")
    secret = max(tree.secrets, key=lambda w: len(play(tree.root, w, feedback_of)))
    for guess in play(tree.root, secret, feedback_of)[:-1]:  # every turn but the last, by clicks
        assert page.text_content("#next-guess") == guess
        first = page.locator("#tiles .tile").first
        assert first.get_attribute("data-given") == "true" and first.text_content().startswith("q")
        buttons = page.locator("#tiles button")
        for k, mark in enumerate(feedback_of(guess, secret)[1:]):
            for _ in range(".YG".index(mark)):
                buttons.nth(k).click()
        page.click("#submit")
    assert page.text_content("#next-guess") == secret
    assert page.locator("#history li").count() == len(play(tree.root, secret, feedback_of)) - 1
    assert page.locator("#history li").count() >= 1
    assert page.errors == []

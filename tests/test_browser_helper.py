"""The clue helper (helper.html) in a real browser, against ``lingo-trees solve``.

A small site is built from the shipped word lists (the helper's data; two
trees for the rest of the site) and served on 127.0.0.1. Random clue sets on
Dutch and English lists of lengths 4 to 12 must give the same words that fit
(count, and the first 200 most common first), regular expression and letters
that must occur as :func:`generator.search.clues.solve`; the best next guess
must have the least expected group size; contradictory clues name the clue
that cannot hold; tiles clicked and keys pressed change the clue and the URL.
With the server stopped, the pages visited still work (the service worker).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from generator.core.catalog import load_list
from generator.core.feedback import feedback
from generator.core.scoring import expected_size
from generator.core.words import WordList
from generator.search.clues import Clue, best_guesses, describe_counts, frequency_order, solve

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def lists_site_dir(tmp_path_factory: pytest.TempPathFactory, shipped_site: Any) -> Path:
    """A site of the shipped lists and two Dutch trees (no PDFs)."""
    return shipped_site(tmp_path_factory.mktemp("helper"), [f"nl/free/scm/{x}.json" for x in ("q", "x")])


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
        "pattern": page.text_content("#pattern"),
        "must": page.text_content("#must"),
        "status": page.text_content("#status"),
    }


def random_clues(words: WordList, rnd: random.Random) -> tuple[list[Clue], str | None]:
    """One to three guesses of the list against a random secret, and sometimes its first letter."""
    secret = rnd.choice(words.words)
    clues = []
    for _ in range(rnd.randint(1, 3)):
        guess = rnd.choice(words.words)
        letters = words.alphabet.split(guess)
        clues.append(Clue(guess, feedback(letters, words.alphabet.split(secret)), letters))
    letter = words.alphabet.split(secret)[0] if rnd.random() < 0.4 else None
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
            assert got["pattern"] == found.regex, where
            assert "must contain: " + got["must"] == describe_counts(found.constraints), where
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

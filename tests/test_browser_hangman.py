"""The Hangman lookup (hangman.html) in a real browser, against the trees.

A small site is built from a temp project: the shipped word lists, one
LINGO tree for the rest of the site, and a few Hangman trees (English
lengths 3, with the risk rule too, and 6; Dutch 4), served on 127.0.0.1.
Sampled secrets are played through the lookup by clicking the places of
each letter called, to the end: the letters called must be the tree's and
the words still possible exactly the tree's secrets that give every mask
so far. Also: the position is kept in the URL (reload, back, restart, a
strategy picked), the misses are counted past 6 and 9, the places can be
marked by keyboard alone, nothing is wider than a phone, the page works
offline after a visit, and no page logs an error.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.core.catalog import CHECKOUT
from generator.core.kinds import mask, replay_calls
from generator.core.tree import GameTree, Node
from generator.output.hangmanpage import masks_of
from generator.output.treefile import read_tree

pytestmark = pytest.mark.browser

#: (list, strategy, length) of the Hangman trees of the test site
TREES = [("en-enable", "optimal", 3), ("en-enable", "risk", 3), ("en-enable", "optimal", 6),
         ("nl-basis", "optimal", 4)]
STATES = "['play', 'leaf', 'solved', 'error']"


def tree_of(wordlist: str, strategy: str, length: int) -> GameTree:
    return read_tree(CHECKOUT / "trees" / "hangman" / wordlist / "6" / strategy / f"{length}.json")


@pytest.fixture(scope="module")
def hangman_site_dir(tmp_path_factory: pytest.TempPathFactory, shipped_site: Any) -> Path:
    """A site of one LINGO tree and the Hangman trees of :data:`TREES` (no PDFs)."""
    return shipped_site(tmp_path_factory.mktemp("hangman"),
                        ["nl/free/scm/q.json"] + [f"hangman/{w}/6/{s}/{n}.json" for w, s, n in TREES])


@pytest.fixture(scope="module")
def hangman_site(serve: Any, hangman_site_dir: Path) -> Iterator[str]:
    with serve(hangman_site_dir) as url:
        yield url


def open_lookup(page: Any, url: str) -> str:
    """Open the lookup and wait until it shows a position; its state."""
    page.goto(url)
    page.wait_for_function(f"{STATES}.includes(document.getElementById('hangman').getAttribute('data-state'))")
    return str(page.get_attribute("#hangman", "data-state"))


def lookup(base: str, wordlist: str, strategy: str, length: int, path: tuple[str, ...] = ()) -> str:
    url = f"{base}/hangman.html?list={wordlist}&length={length}&strategy={strategy}"
    return url + (f"&path={','.join(path)}" if path else "")


def left(tree: GameTree, calls: list[tuple[str, str]]) -> int:
    """The tree's secrets that give every (letter, mask) called."""
    return sum(all(mask(w, letter) == m for letter, m in calls) for w in tree.secrets)


def answer(page: Any, secret: str, letter: str, calls: int) -> None:
    """Click the places of ``letter`` in ``secret``, submit, and wait for the next position."""
    for k, c in enumerate(secret):
        if c == letter:
            page.click(f'#hangman-tiles [data-i="{k}"]')
    page.click("#hangman-submit")
    page.wait_for_function(f"document.getElementById('hangman').getAttribute('data-calls') === '{calls}'")


def play(page: Any, base: str, wordlist: str, strategy: str, length: int, tree: GameTree, secret: str) -> None:
    """Play ``secret`` to the end, checking every position on the way."""
    assert open_lookup(page, lookup(base, wordlist, strategy, length)) in ("play", "leaf")
    node, calls, misses = tree.root, [], 0
    while True:
        where = f"{wordlist}/{strategy}/{length} {secret} after {[m for _, m in calls]}"
        assert int(page.text_content("#hangman-count")) == left(tree, calls), where
        assert page.text_content("#hangman-misses").startswith(f"{misses}"), where
        if isinstance(node, str):
            assert node == secret and page.get_attribute("#hangman", "data-state") == "leaf", where
            assert page.locator("#hangman-words li").all_text_contents() == [secret], where
            return
        assert page.text_content("#hangman-letter") == node.guess, where
        answer(page, secret, node.guess, len(calls) + 1)
        calls.append((node.guess, mask(secret, node.guess)))
        misses += node.guess not in secret
        if set(secret) <= {letter for letter, _ in calls}:
            assert page.get_attribute("#hangman", "data-state") == "solved", where
            assert int(page.text_content("#hangman-count")) == 1, where
            assert page.locator("#hangman-tiles .tile").all_text_contents() == list(secret), where
            return
        node = node.next[calls[-1][1]]


def test_the_site_has_the_hangman_trees(hangman_site_dir: Path) -> None:
    names = {str(p.relative_to(hangman_site_dir)) for p in (hangman_site_dir / "trees").rglob("*.gz")}
    for wordlist, strategy, length in TREES:
        assert f"trees/hangman/{wordlist}/6/{strategy}/{length}.json.gz" in names
    assert "trees/nl/free/scm/q.json.gz" in names


def test_sampled_secrets_play_to_the_end(hangman_site: str, page: Any) -> None:
    rnd = random.Random(2026)
    trees = {key: tree_of(*key) for key in TREES}
    for _ in range(20):
        key = rnd.choice(TREES)
        tree = trees[key]
        play(page, hangman_site, *key, tree, rnd.choice(tree.secrets))
    assert page.errors == []


def test_the_url_keeps_the_position(hangman_site: str, page: Any) -> None:
    tree = tree_of("en-enable", "optimal", 6)
    secret = tree.secrets[len(tree.secrets) // 2]
    path = masks_of(tree.root, secret)[:3]
    open_lookup(page, lookup(hangman_site, "en-enable", "optimal", 6))
    node = tree.root
    for i, m in enumerate(path):
        assert isinstance(node, Node)
        answer(page, secret, node.guess, i + 1)
        node = node.next[m]
    assert f"path={','.join(path)}" in page.evaluate("location.search")
    count, letter = page.text_content("#hangman-count"), page.text_content("#hangman-letter")
    open_lookup(page, page.evaluate("location.href"))  # reloaded: the same position
    assert (page.text_content("#hangman-count"), page.text_content("#hangman-letter")) == (count, letter)
    assert page.locator("#hangman-called li").all_text_contents() == _letters(tree, path)
    page.click("#hangman-back")
    assert f"path={','.join(path[:2])}" in page.evaluate("location.search")
    page.click("#hangman-restart")
    assert "path=" not in page.evaluate("location.search")
    assert page.text_content("#hangman-letter") == tree.root.guess  # type: ignore[union-attr]
    assert page.is_disabled("#hangman-back")
    assert page.errors == []


def _letters(tree: GameTree, path: tuple[str, ...]) -> list[str]:
    node, out = tree.root, []
    for m in path:
        assert isinstance(node, Node)
        out.append(node.guess)
        node = node.next[m]
    return out


def test_pickers_choose_the_tree(hangman_site: str, page: Any) -> None:
    open_lookup(page, lookup(hangman_site, "en-enable", "optimal", 3, ("_a_",)))
    assert page.locator("#hangman-strategy option").all_text_contents() == ["risk", "optimal"]
    page.select_option("#hangman-strategy", "risk")
    page.wait_for_function("location.search.includes('strategy=risk')")
    page.wait_for_function("document.getElementById('hangman').getAttribute('data-calls') === '0'")
    assert page.text_content("#hangman-letter") == tree_of("en-enable", "risk", 3).root.guess  # type: ignore[union-attr]
    page.select_option("#hangman-list", "nl-basis")
    page.wait_for_function("location.search.includes('list=nl-basis')")
    assert page.locator("#hangman-length option").count() == 1
    assert int(page.text_content("#hangman-count")) == len(tree_of("nl-basis", "optimal", 4).secrets)
    assert page.is_hidden("#hangman-built-pick")  # one choice of misses: no picker
    assert page.errors == []


def test_misses_are_counted_past_6_and_9(hangman_site: str, page: Any) -> None:
    tree = tree_of("en-enable", "optimal", 3)
    path = masks_of(tree.root, "zax")  # one of the hardest words: 16 misses in the committed tree
    total = replay_calls(tree.root, "zax", 6).misses
    misses = [i + 1 for i, m in enumerate(path) if set(m) == {"_"}]  # the calls that miss
    seven, ten = misses[6], misses[9]
    open_lookup(page, lookup(hangman_site, "en-enable", "optimal", 3, path[:seven]))
    assert page.text_content("#hangman-misses") == "7: lost at 6 misses, keep going for 9"
    open_lookup(page, lookup(hangman_site, "en-enable", "optimal", 3, path[:ten]))
    assert page.text_content("#hangman-misses") == "10: lost at 6 and at 9 misses, keep going to find the word"
    assert page.locator("#hangman-called li.miss").count() == 10
    assert open_lookup(page, lookup(hangman_site, "en-enable", "optimal", 3, path)) in ("leaf", "solved")
    assert total > 10 and page.text_content("#hangman-misses").startswith(f"{total}: ")
    assert "zax" in page.text_content("#hangman-status")
    assert page.errors == []


def test_a_bad_path_stops_where_it_cannot_be(hangman_site: str, page: Any) -> None:
    tree = tree_of("en-enable", "optimal", 3)
    path = masks_of(tree.root, "cat")
    bad = path[:1] + ("zzz", "<b>x</b>") + path[1:]
    open_lookup(page, lookup(hangman_site, "en-enable", "optimal", 3, bad))
    assert page.get_attribute("#hangman", "data-calls") == "1"
    assert "cannot be" in page.text_content("#hangman-status")
    assert page.locator("#hangman b").count() == 0
    assert page.errors == []


def test_places_are_marked_by_keyboard(hangman_site: str, page: Any) -> None:
    tree = tree_of("nl-basis", "optimal", 4)
    assert isinstance(tree.root, Node)
    letter = tree.root.guess
    secret = next(w for w in tree.secrets if w.count(letter) == 1)
    open_lookup(page, lookup(hangman_site, "nl-basis", "optimal", 4))
    page.focus('#hangman-tiles [data-i="0"]')
    for k, c in enumerate(secret):
        if c == letter:
            page.keyboard.press("Space" if k % 2 else "Enter")
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "hangman-submit"
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('hangman').getAttribute('data-calls') === '1'")
    assert f"path={mask(secret, letter)}" in page.evaluate("location.search")
    assert page.errors == []


def test_nothing_is_wider_than_a_phone(hangman_site: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    try:
        tree = tree_of("en-enable", "optimal", 6)
        open_lookup(pg, lookup(hangman_site, "en-enable", "optimal", 6, masks_of(tree.root, tree.secrets[-1])[:4]))
        for details in pg.locator("details").all():
            details.evaluate("d => d.open = true")
        assert pg.evaluate("document.documentElement.scrollWidth") <= 390
        assert pg.evaluate("document.body.scrollWidth") <= 390
    finally:
        context.close()
    assert errors == []


def test_the_page_is_in_the_nav_and_works_offline(serve: Any, hangman_site_dir: Path, page: Any) -> None:
    assert 'href="hangman.html"' in (hangman_site_dir / "index.html").read_text(encoding="utf-8")
    assert '"hangman.html"' in (hangman_site_dir / "sw.js").read_text(encoding="utf-8")
    with serve(hangman_site_dir) as url:
        where = lookup(url, "en-enable", "optimal", 3, ("_a_",))
        open_lookup(page, where)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        open_lookup(page, where)  # the tree is fetched through the worker now
        online = page.text_content("#hangman-count"), page.text_content("#hangman-letter")
        page.goto(f"{url}/index.html")
    assert open_lookup(page, where) == "play"  # the server is gone
    assert (page.text_content("#hangman-count"), page.text_content("#hangman-letter")) == online

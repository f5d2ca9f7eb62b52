"""The built site in a real browser: Playwright driving Debian's Chromium.

The site of the tiny test project (tests/golden/tiny) and of a word list
with <, & and quotes is built once, served by http.server on 127.0.0.1 in a
thread, and played: whole games by clicking tiles, ``path=`` URLs, the
keyboard, a phone-width screen, console errors. Screenshots are written to
``tests/golden-mismatch/screenshots/`` (git-ignored) to be looked at.

Skipped only when ``/usr/bin/chromium`` is absent (``.ci/run`` installs it);
browsers are never downloaded (no ``playwright install``).
"""

from __future__ import annotations

import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.core.feedback import replier
from generator.core.kinds import kind_of
from generator.core.tree import Node, play
from generator.core.words import Letters
from generator.output import site
from generator.output.treefile import read_tree

TINY = Path(__file__).resolve().parent / "golden" / "tiny"
SHOTS = Path(__file__).resolve().parent / "golden-mismatch" / "screenshots"

pytestmark = pytest.mark.browser


ROOT: list[Path] = []  # where the module's sites and the evil project are


@pytest.fixture(scope="module")
def served(evil_project: Any, serve: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The tiny site and the evil site, built and served; yields the base URL."""
    mp = pytest.MonkeyPatch()
    root = tmp_path_factory.mktemp("sites")
    ROOT[:] = [root]
    try:
        mp.setenv("LINGO_TREES_ROOT", str(TINY))
        site.build_site(TINY / "trees", root / "tiny", pdf=False, progress=lambda _: None)
        mp.setenv("LINGO_TREES_ROOT", str(root / "evil-project"))
        trees = evil_project(root / "evil-project")
        site.build_site(trees, root / "evil", pdf=False, progress=lambda _: None)
    finally:
        mp.undo()
    with serve(root) as url:
        yield url


def _open(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_function("document.getElementById('next-guess').textContent.length > 0")


def _lookup(base: str, setup: str, rule: str, strategy: str, letter: str, path: str = "") -> str:
    from urllib.parse import quote

    url = f"{base}/lookup.html?setup={quote(setup)}&rule={rule}&strategy={strategy}&letter={quote(letter)}"
    return url + (f"&path={path}" if path else "")


def _set_feedback(page: Any, pattern: str, by_keyboard: bool) -> None:
    tiles = page.locator("#tiles button")
    assert tiles.count() == len(pattern)
    for i, mark in enumerate(pattern):
        tile = tiles.nth(i)
        if by_keyboard:
            tile.focus()
            page.keyboard.press({"G": "g", "Y": "y", ".": "."}[mark])
        else:  # clicks cycle . -> Y -> G -> . (the last word left starts all green)
            order = ".YG"
            for _ in range((order.index(mark) - order.index(tile.get_attribute("data-mark"))) % 3):
                tile.click()
        assert tile.get_attribute("data-mark") == mark


def _play_game(page: Any, tree_file: Path, secret: str, by_keyboard: bool = False) -> list[str]:
    """Play ``secret`` through the lookup; returns the words played."""
    tree = read_tree(tree_file)
    reply = replier(Letters(tree.game.digraphs).split)
    played: list[str] = []
    patterns: list[str] = []
    for _ in range(12):
        guess = page.text_content("#next-guess")
        played.append(guess)
        candidates = page.locator("#candidates li").all_text_contents()
        assert candidates == sorted(w for w in tree.secrets
                                    if all(reply(g, w) == p for g, p in zip(played[:-1], patterns)))
        pattern = reply(guess, secret)
        patterns.append(pattern)
        _set_feedback(page, pattern, by_keyboard)
        if by_keyboard:
            page.keyboard.press("Enter")
        else:
            page.click("#submit")
        if guess == secret:
            page.wait_for_function("document.getElementById('status').className === 'done'")
            assert "Solved" in page.text_content("#status")
            assert page.locator("#candidates li").all_text_contents() == [secret]
            assert played == play(tree.root, secret, reply)
            return played
    raise AssertionError(f"{secret} not reached")


@pytest.mark.parametrize(("rule", "strategy", "letter", "secrets"), [
    ("free", "human", "b", 4), ("same-start", "human-lookup", "ij", 3), ("free", "scm", "b", 3),
])
def test_whole_games_reach_the_answer(served: str, page: Any, rule: str, strategy: str, letter: str,
                                      secrets: int) -> None:
    tree_file = TINY / "trees" / "tiny" / rule / strategy / f"{letter}.json"
    tree = read_tree(tree_file)
    chosen = [tree.secrets[i * len(tree.secrets) // secrets] for i in range(secrets)] + [tree.secrets[-1]]
    for n, secret in enumerate(chosen):
        _open(page, _lookup(f"{served}/tiny", "tiny", rule, strategy, letter))
        played = _play_game(page, tree_file, secret, by_keyboard=n % 2 == 1)
        # the URL holds the position: reloading it shows the same solved game
        _open(page, page.url)
        assert "Solved" in page.text_content("#status") and page.text_content("#next-guess") == secret
        assert len(page.url.split("path=")[1].split(",")) == len(played)
    assert page.errors == []


def test_path_url_shows_the_next_guess(served: str, page: Any) -> None:
    tree_file = TINY / "trees" / "tiny" / "free" / "human" / "b.json"
    tree = read_tree(tree_file)
    checked = 0
    for path, node in _positions(tree.root):
        if not path or checked >= 6:
            continue
        _open(page, _lookup(f"{served}/tiny", "tiny", "free", "human", "b", ",".join(path)))
        want = node if isinstance(node, str) else node.guess
        assert page.text_content("#next-guess") == want
        left = page.locator("#candidates li").all_text_contents()
        assert want in left or not isinstance(node, str)
        checked += 1
    assert checked == 6
    # an impossible pattern stops the lookup where it was, with a message, not an error
    _open(page, _lookup(f"{served}/tiny", "tiny", "free", "human", "b", "GGGGY"))
    assert page.text_content("#next-guess") == tree.root.guess  # type: ignore[union-attr]
    assert "cannot occur" in page.text_content("#status")
    # names every object has are no feedback either (a plain object's prototype)
    for name in ("constructor", "__proto__", "toString", "hasOwnProperty"):
        _open(page, _lookup(f"{served}/tiny", "tiny", "free", "human", "b", name))
        assert page.text_content("#next-guess") == tree.root.guess, name  # type: ignore[union-attr]
        assert "cannot occur" in page.text_content("#status"), name
    assert page.errors == []


def _positions(tree: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    yield path, tree
    if isinstance(tree, Node):
        for p in sorted(tree.next):
            yield from _positions(tree.next[p], path + (p,))


def test_digraph_is_one_tile(served: str, page: Any) -> None:
    _open(page, _lookup(f"{served}/tiny", "tiny", "same-start", "human", "ij"))
    assert page.locator("#tiles button").count() == 5
    assert page.locator("#tiles button").first.text_content().startswith("ij")


def test_pickers_change_the_tree(served: str, page: Any) -> None:
    _open(page, _lookup(f"{served}/tiny", "tiny", "free", "human", "b"))
    page.select_option("#pick-letter", "ij")
    page.wait_for_function("location.search.indexOf('letter=ij') >= 0")
    root = read_tree(TINY / "trees/tiny/free/human/ij.json").root
    assert page.text_content("#next-guess") == (root if isinstance(root, str) else root.guess)
    assert page.errors == []


def test_phone_width_and_screenshots(served: str, browser: Any) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=1)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tree = read_tree(TINY / "trees/tiny/free/human/b.json")
    first = next(iter(sorted(tree.root.next))) if isinstance(tree.root, Node) else ""
    _open(pg, _lookup(f"{served}/tiny", "tiny", "free", "human", "b", first))
    width = pg.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the lookup is {width} px wide on a 360 px screen"
    pg.screenshot(path=str(SHOTS / "lookup-phone.png"), full_page=True)
    pg.goto(f"{served}/tiny/tiny.html")
    pg.screenshot(path=str(SHOTS / "setup-phone.png"), full_page=True)
    context.close()
    assert errors == []


def test_pages_have_no_console_errors(served: str, page: Any) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for path in ("tiny/index.html", "tiny/tiny.html", "tiny/method.html", "tiny/tiny/free/human/b.html",
                 "tiny/tiny/same-start/scm/ij.html"):
        page.goto(f"{served}/{path}")
        page.wait_for_load_state("load")
    page.goto(f"{served}/tiny/tiny/free/human/b.html")
    page.screenshot(path=str(SHOTS / "letter-desktop.png"))
    assert page.errors == []


def test_evil_words_are_text_in_the_lookup(served: str, page: Any) -> None:
    for letter in ("a", "b"):
        _open(page, _lookup(f"{served}/evil", "evil", "free", "human", letter))
        words = page.locator("#candidates li").all_text_contents()
        assert words and all(len(Letters().split(w)) == 5 for w in words)
        assert page.locator("#candidates b, #candidates script, #next-guess b").count() == 0
        assert page.evaluate("window.__pwned === undefined")
    evil_tree = ROOT[0] / "evil-project/trees/evil/free/human/a.json"
    for secret in ("a<b>x", 'a"q"x', "a&amp"):
        _open(page, _lookup(f"{served}/evil", "evil", "free", "human", "a"))
        _play_game(page, evil_tree, secret)
    page.goto(f"{served}/evil/evil.html")
    assert page.evaluate("window.__pwned === undefined")
    assert page.errors == []


def test_helper_reads_a_digraph_as_one_letter(served: str, page: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.core.catalog import load_list
    from generator.search.clues import parse_clue, solve

    monkeypatch.setenv("LINGO_TREES_ROOT", str(TINY))
    words = load_list("tiny-5-ij")
    clue = parse_clue("ijsbad=G....", words.alphabet, 5)
    page.goto(f"{served}/tiny/helper.html?wordlist=tiny-5-ij&length=5&clue=ijsbad=G....")
    page.wait_for_function("window.lingoHelper && window.lingoHelper.firstResult !== null")
    found = solve(words, [clue])
    assert page.locator("#clues .tile").count() == 5
    assert sorted(page.locator("#candidates li").all_text_contents()) == sorted(found.candidate_words())
    assert page.text_content("#pattern") == found.regex
    assert page.errors == []


def test_evil_words_are_text_in_the_helper(served: str, page: Any) -> None:
    page.goto(f"{served}/evil/helper.html?wordlist=evil-5&length=5&clue=a<b>x=G....&letter=a")
    page.wait_for_function("window.lingoHelper && window.lingoHelper.firstResult !== null")
    words = page.locator("#candidates li").all_text_contents()
    assert words and all(w.startswith("a") for w in words)
    assert page.locator("#helper b, #helper img, #helper script:not([type]):not([src])").count() == 0
    assert "<img" in page.locator("#pick-list option").first.text_content()  # the title, as text
    assert page.evaluate("window.__pwned === undefined")
    assert page.errors == []


# -- games of pegs: Mastermind and Bulls and Cows in the lookup ----------------------

MASTERMIND = Path(__file__).resolve().parent.parent / "trees" / "mastermind"


@pytest.fixture(scope="module")
def mastermind_site(serve: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A site of two committed Mastermind trees (classic and Bulls and Cows)."""
    root = tmp_path_factory.mktemp("pegs")
    for variant in ("4x6", "bulls-and-cows"):
        folder = root / "trees" / "mastermind" / variant / "knuth"
        folder.mkdir(parents=True)
        shutil.copy(MASTERMIND / variant / "knuth" / "all.json", folder)
    site.build_site(root / "trees", root / "site", pdf=False, progress=lambda _: None)
    with serve(root / "site") as url:
        yield url


@pytest.mark.parametrize("variant", ["4x6", "bulls-and-cows"])
def test_peg_lookup_reaches_sampled_codes(mastermind_site: str, page: Any, variant: str) -> None:
    tree_file = MASTERMIND / variant / "knuth" / "all.json"
    tree = read_tree(tree_file)
    reply = kind_of(tree.game).reply()
    for secret in random.Random(variant).sample(tree.secrets, 6):
        _open(page, _lookup(mastermind_site, "mastermind", variant, "knuth", "all"))
        assert "black pegs" in page.text_content("#tiles")
        played: list[str] = []
        while True:
            guess = page.text_content("#next-guess")
            played.append(guess)
            left = page.locator("#candidates li").all_text_contents()
            assert left == sorted(s for s in tree.secrets
                                  if all(reply(g, s) == reply(g, secret) for g in played[:-1]))
            black, white = re.fullmatch(r"(\d)B(\d)W", reply(guess, secret)).groups()  # type: ignore[union-attr]
            page.select_option("#pegs-black", black)
            page.select_option("#pegs-white", white)
            page.click("#submit")
            if guess == secret:
                break
            assert len(played) < 10
        assert "Solved" in page.text_content("#status")
        assert played == play(tree.root, secret, reply)
        assert page.url.endswith("path=" + ",".join(reply(g, secret) for g in played))
    # pegs no code gives are refused, by name
    _open(page, _lookup(mastermind_site, "mastermind", variant, "knuth", "all"))
    page.select_option("#pegs-black", "3")
    page.select_option("#pegs-white", "1")
    page.click("#submit")
    assert "No code still possible gives 3 black, 1 white" in page.text_content("#status")
    assert page.errors == []


def test_peg_pickers_work_by_keyboard(mastermind_site: str, page: Any) -> None:
    _open(page, _lookup(mastermind_site, "mastermind", "4x6", "knuth", "all", "1B1W"))
    assert page.locator("#history li").count() == 1
    page.focus("#pegs-black")
    page.keyboard.press("ArrowDown")  # 0 -> 1 black
    page.keyboard.press("Enter")
    assert page.locator("#history li").count() == 2 and page.url.endswith("path=1B1W,1B0W")
    assert page.errors == []

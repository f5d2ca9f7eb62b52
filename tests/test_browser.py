"""The built site in a real browser: Playwright driving Debian's Chromium.

The site of the tiny test project (tests/golden/tiny) and of a word list
with <, & and quotes is built once, served by http.server on 127.0.0.1 in a
thread, and played: whole games by clicking tiles, ``path=`` URLs, the
keyboard, a phone-width screen, console errors.

Skipped only when ``/usr/bin/chromium`` is absent (``.ci/run`` installs it);
browsers are never downloaded (no ``playwright install``).
"""

from __future__ import annotations

import itertools
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
        site.build_site(TINY / "trees", root / "tiny", pdf="none", progress=lambda _: None)
        mp.setenv("LINGO_TREES_ROOT", str(root / "evil-project"))
        trees = evil_project(root / "evil-project")
        site.build_site(trees, root / "evil", pdf="none", progress=lambda _: None)
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
    """Mark the tiles; a first letter the game shows is green already and not a button."""
    tiles = page.locator("#tiles .tile")
    assert tiles.count() == len(pattern)
    for i, mark in enumerate(pattern):
        tile = tiles.nth(i)
        if tile.get_attribute("data-given"):
            assert i == 0 and mark == "G" and tile.get_attribute("data-mark") == "G"
            assert tile.evaluate("t => t.tagName") == "SPAN"
            continue
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
    reply = replier(Letters(tree.game.digraphs).spell)
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
    assert page.locator("#tiles .tile").count() == 5
    assert page.locator("#tiles .tile").first.text_content().startswith("ij")


def test_pickers_change_the_tree(served: str, page: Any) -> None:
    _open(page, _lookup(f"{served}/tiny", "tiny", "free", "human", "b"))
    page.select_option("#pick-letter", "ij")
    page.wait_for_function("location.search.indexOf('letter=ij') >= 0")
    root = read_tree(TINY / "trees/tiny/free/human/ij.json").root
    assert page.text_content("#next-guess") == (root if isinstance(root, str) else root.guess)
    assert page.errors == []


#: JavaScript: the pairs of sibling elements under the selectors whose boxes overlap, as "A / B" texts
OVERLAPS = (Path(__file__).resolve().parent / "data" / "overlaps.js").read_text(encoding="utf-8")

#: JavaScript: the smallest computed font size (px) of the marks (G / Y / .) on the tiles under a selector
SMALLEST_MARK = """(sel) => {
  const sizes = [];
  for (const t of document.querySelectorAll(sel)) {
    const mark = t.querySelector('.mark');
    if (mark) sizes.push(parseFloat(getComputedStyle(mark).fontSize));
    else if (t.hasAttribute('data-show')) sizes.push(parseFloat(getComputedStyle(t, '::after').fontSize));
  }
  return sizes.length ? Math.min(...sizes) : 0;
}"""


#: JavaScript: [background, text colour, class] of each tile under a selector, as [r, g, b] lists
TILE_COLOURS = """(sel) => Array.from(document.querySelectorAll(sel)).map(t => {
  const s = getComputedStyle(t), rgb = c => c.match(/[0-9.]+/g).slice(0, 3).map(Number);
  return [rgb(s.backgroundColor), rgb(s.color), ['g', 'y', 'n'].find(c => t.classList.contains(c)) || ''];
})"""


def luminance(rgb: list[float]) -> float:
    """WCAG's relative luminance of an sRGB colour."""
    def lin(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: list[float], b: list[float]) -> float:
    """WCAG's contrast ratio of two colours."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def phone_checks(pg: Any, overlaps: list[str], tiles: str) -> None:
    """No sideways page scroll, no sibling boxes over each other, marks of 11 px or more."""
    width, inner = pg.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"the page is {width} px wide on a {inner} px screen"
    assert pg.evaluate(OVERLAPS, overlaps) == []
    assert pg.evaluate(SMALLEST_MARK, tiles) >= 11


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_phone_width(served: str, browser: Any, scheme: str) -> None:
    """A phone (390 x 844) after two turns: nothing wider than the screen, no
    tile over another, marks that can be read; light and dark."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, color_scheme=scheme)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tree_file = TINY / "trees/tiny/same-start/human/b.json"
    tree = read_tree(tree_file)
    reply = replier(Letters(tree.game.digraphs).spell)
    secret = next(s for s in tree.secrets if len(play(tree.root, s, reply)) >= 3)
    _open(pg, _lookup(f"{served}/tiny", "tiny", "same-start", "human", "b"))
    for _ in range(2):  # two turns played by clicking the tiles
        _set_feedback(pg, reply(pg.text_content("#next-guess"), secret), by_keyboard=False)
        pg.click("#submit")
    assert pg.locator("#history li").count() == 2
    phone_checks(pg, ["#tiles", "#history .row", "#history", ".pickers", ".buttons", "#candidates"],
                 "#tiles .tile, #history .tile")
    # the tiles take the palette's colours: dark grey tiles on a dark page, light ones on a light page,
    # and every tile's letter readable on its colour
    colours = pg.evaluate(TILE_COLOURS, "#tiles .tile, #history .tile")
    assert {cls for _, _, cls in colours} >= {"g", "n"}
    for bg, _, cls in colours:
        if cls == "n":
            assert (luminance(bg) < 0.2) if scheme == "dark" else (luminance(bg) > 0.6), (scheme, bg)
    low = sorted({(cls, round(contrast(bg, fg), 2)) for bg, fg, cls in colours if contrast(bg, fg) < 4.5})
    desk = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    big = desk.new_page()
    _open(big, pg.url)
    assert big.evaluate("document.documentElement.scrollWidth") <= 1280
    desk.close()
    context.close()
    assert errors == []
    assert low == [], f"tile letters under 4.5:1 contrast: {low}"


def test_tv_rules_first_tile_is_given(served: str, page: Any) -> None:
    """Under TV rules every guess starts with the letter shown: its tile is
    green already, not a button, and a game is played marking the others only."""
    tree_file = TINY / "trees/tiny/same-start/human/ij.json"
    tree = read_tree(tree_file)
    reply = replier(Letters(tree.game.digraphs).spell)
    secret = max(tree.secrets, key=lambda s: len(play(tree.root, s, reply)))
    _open(page, _lookup(f"{served}/tiny", "tiny", "same-start", "human", "ij"))
    turns = 0
    while "Solved" not in page.text_content("#status"):
        first = page.locator("#tiles .tile").first
        assert first.get_attribute("data-given") == "true" and first.get_attribute("data-mark") == "G"
        assert first.evaluate("t => t.tagName") == "SPAN" and first.text_content().startswith("ij")
        assert "given" in first.get_attribute("aria-label")
        first.click()  # nothing happens: it stays green
        assert first.get_attribute("data-mark") == "G"
        assert page.locator("#tiles button").count() == 4  # the player marks four tiles of five
        pattern = reply(page.text_content("#next-guess"), secret)
        for i, mark in enumerate(pattern[1:], start=1):  # never the first tile
            tile = page.locator("#tiles .tile").nth(i)
            for _ in range((".YG".index(mark) - ".YG".index(tile.get_attribute("data-mark"))) % 3):
                tile.click()
            assert tile.get_attribute("data-mark") == mark
        page.click("#submit")
        turns += 1
        assert turns <= 6
    assert turns == len(play(tree.root, secret, reply))
    assert page.text_content("#next-guess") == secret
    assert "the game shows that letter" in page.text_content("#hint")
    assert page.errors == []


def test_a_contradictory_marking_says_why(served: str, page: Any) -> None:
    """Marks no word still possible gives: the status names the tile and why,
    or the one-tile changes that would fit, never a bare refusal."""
    tree = read_tree(TINY / "trees/tiny/free/human/b.json")
    assert isinstance(tree.root, Node)
    spell = Letters(tree.game.digraphs).spell
    reply = replier(spell)
    guess, letters = tree.root.guess, spell(tree.root.guess)
    possible = {reply(guess, s) for s in tree.secrets}
    # a mark no word still possible gives that tile (a Y where no word has that letter elsewhere)
    marks = {k: {p[k] for p in possible} for k in range(len(letters))}
    k, mark = next((k, m) for k in range(1, len(letters)) for m in "YG." if m not in marks[k])
    _open(page, _lookup(f"{served}/tiny", "tiny", "free", "human", "b"))
    _set_feedback(page, "G" + "".join(mark if i == k else "." for i in range(1, len(letters))), by_keyboard=False)
    page.click("#submit")
    status = page.text_content("#status")
    tiles = page.locator("#tiles .tile")
    assert page.locator("#status").get_attribute("class") == "error"
    assert status.startswith(f"No word still possible gives this feedback for {guess}."), status
    said = {"G": f"right place (G), but no word still possible has {letters[k].upper()} there",
            "Y": f"elsewhere (Y), but no word still possible has {letters[k].upper()} in another place",
            ".": f"absent (·), but every word still possible has {letters[k].upper()}"}[mark]
    assert f"You marked letter {k + 1} ({letters[k].upper()}) {said}" in status, status
    assert tiles.nth(k).get_attribute("aria-invalid") == "true"
    assert page.locator("#history li").count() == 0  # nothing was played
    tiles.nth(k).click()  # a change: the flag goes
    assert tiles.nth(k).get_attribute("aria-invalid") is None
    # every tile's mark alone occurs, but not together: the changes of one tile that fit are offered
    wrong = next(p for p in ("".join(c) for c in itertools.product(".YG", repeat=len(letters)))
                 if p[0] == "G" and p not in possible and all(p[k] in marks[k] for k in range(len(p))))
    _open(page, _lookup(f"{served}/tiny", "tiny", "free", "human", "b"))
    _set_feedback(page, wrong, by_keyboard=False)
    page.click("#submit")
    status = page.text_content("#status")
    fixes = [f"letter {k + 1} ({letters[k].upper()}) as" for k in range(len(wrong)) for m in ".YG"
             if m != wrong[k] and wrong[:k] + m + wrong[k + 1:] in possible]
    if fixes:
        assert "Did you mean " + fixes[0] in status, status
    else:
        assert "Check the tiles you marked" in status, status
    assert page.errors == []


def test_plain_names_and_the_last_choice_is_remembered(served: str, page: Any) -> None:
    """The pickers name things in plain words (ids stay in the URL); with no
    choice in the URL the page opens on TV rules and the human scheme, then
    on the player's last choice; a URL's choice wins."""
    page.goto(f"{served}/tiny/lookup.html")
    page.wait_for_function("document.getElementById('next-guess').textContent.length > 0")
    assert [page.input_value(f"#pick-{k}") for k in ("setup", "rule", "strategy")] == ["tiny", "same-start", "human"]
    options = " | ".join(page.locator("#lookup select option").all_text_contents())
    assert "TV rules (every guess begins with the letter shown)" in options
    assert "Human scheme | Sheet at hand | Paper's rule" in options and "Free rule (" in options
    assert "(tiny)" not in options and "same-start" not in options and ": " not in options, options
    assert "/" not in page.inner_text("#lookup")  # no file or tree names in the text
    page.select_option("#pick-rule", "free")
    page.select_option("#pick-strategy", "scm")
    page.select_option("#pick-letter", "ij")
    page.wait_for_function("location.search.indexOf('letter=ij') >= 0 && location.search.indexOf('scm') >= 0")
    page.goto(f"{served}/tiny/lookup.html")
    page.wait_for_function("document.getElementById('next-guess').textContent.length > 0")
    assert [page.input_value(f"#pick-{k}") for k in ("rule", "strategy", "letter")] == ["free", "scm", "ij"]
    assert "rule=free&strategy=scm&letter=ij" in page.url
    page.reload()
    page.wait_for_function("document.getElementById('next-guess').textContent.length > 0")
    assert page.input_value("#pick-strategy") == "scm"
    _open(page, _lookup(f"{served}/tiny", "tiny", "same-start", "human-lookup", "b"))
    assert [page.input_value(f"#pick-{k}") for k in ("rule", "strategy", "letter")] == ["same-start", "human-lookup", "b"]
    assert page.errors == []


def test_no_grammar_slips(served: str, page: Any) -> None:
    """One turn, one word: "Solved in 1 turn", never "1 turns"."""
    tree = read_tree(TINY / "trees/tiny/free/human/b.json")
    assert isinstance(tree.root, Node)
    _open(page, _lookup(f"{served}/tiny", "tiny", "free", "human", "b"))
    page.click("#won")
    status = page.text_content("#status")
    assert status == f"Solved in 1 turn: {tree.root.guess}.", status
    assert not re.search(r"\b1 (turns|words|guesses|letters)\b", page.inner_text("#lookup"))
    assert page.errors == []


def test_pages_have_no_console_errors(served: str, page: Any) -> None:
    for path in ("tiny/index.html", "tiny/tiny.html", "tiny/method.html", "tiny/tiny/free/human/b.html",
                 "tiny/tiny/same-start/human/ij.html"):  # scm: no letter pages (its sheet is the lookup)
        page.goto(f"{served}/{path}")
        page.wait_for_load_state("load")
    assert page.errors == []


def test_evil_words_are_text_in_the_lookup(served: str, page: Any) -> None:
    for letter in ("a", "b"):
        _open(page, _lookup(f"{served}/evil", "evil", "free", "human", letter))
        words = page.locator("#candidates li").all_text_contents()
        assert words and all(len(Letters().spell(w)) == 5 for w in words)
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
    assert page.text_content("#known") == "IJ _ _ _ _"
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
    site.build_site(root / "trees", root / "site", pdf="none", progress=lambda _: None)
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

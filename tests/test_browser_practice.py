"""The practice game (practice.html) in a real browser, against the trees.

A small site is built from the shipped word lists and the human and optimal
trees of a few letters (Dutch q and x under both rules, Dutch with ``ij`` as
one letter: ij), and today's Wordle (``wordle-2023``: the optimal trees from
TARSE and SALET and the greedy one, normal and hard mode), and served on
127.0.0.1. Games are won by typing the optimal
tree's moves and lost by tapping five wrong words on the on-screen keyboard;
after each the page must show the guesses and turns the human and optimal
trees play for that word (as :func:`generator.core.tree.play` replays them).
Unknown words and (TV rules) words with another first letter are refused and
cost no turn; the word of the day is :func:`~generator.output.practicedata.day_index`
of the date; words with ``<`` and quotes stay text; with the server stopped a
game visited still plays. Wordle: six turns, no letter shown, every accepted
guess counts, repeated letters get the feedback of
:func:`generator.core.feedback.feedback`, hard mode refuses what
:func:`generator.core.rules.hard_mode_violation` refuses (saying why) and
the TV colours' switch is hidden.

On a phone (390 x 844, touch): a first visit plays the index's default game
(:func:`~generator.output.practicedata.default_game`), its board and keyboard
in the first screen, the letter shown as large as the others; games won and
lost by tapping end with the result and "Play again" in view (also on a phone
held sideways, where the page must scroll to it); nothing scrolls sideways.
The player's last set-up and rule are remembered (a link's still win); the
pickers say names, not ids; the text keeps its contrast in the light, dark
and high-contrast palettes.
"""

from __future__ import annotations

import gzip
import random
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from generator.core.catalog import CHECKOUT, load_list, setup
from generator.core.feedback import feedback, replier
from generator.core.rules import hard_mode_violation
from generator.core.tree import play
from generator.output import practicedata, site
from generator.output.i18n import js_messages
from generator.output.practicedata import RULE_NAMES, day_index, default_game, practice_setups
from generator.output.sitenames import short_setup_title
from generator.output.treefile import read_tree

pytestmark = pytest.mark.browser

TREES = {("nl", "free"): ("q", "x"), ("nl", "same-start"): ("q", "x"), ("nl-ij", "free"): ("ij",),
         ("fr-10", "same-start"): ("w",), ("sutom-9", "same-start"): ("j",), ("nl-ij-8", "same-start"): ("j",)}
STRATEGIES = ("human", "optimal")
#: today's Wordle: the summary's trees (practicedata.summary, the catalog's [site]) of each rule; no SALET tree in hard mode (none within six)
WORDLE = "wordle-2023"
WORDLE_TREES = {"free": ("optimal-tarse", "optimal-salet", "expected-salet"),
                "hard": ("optimal-tarse", "expected-salet")}
WORDLE_STRATEGIES = WORDLE_TREES["free"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "has_touch": True, "is_mobile": True}
SIDEWAYS = {**PHONE, "viewport": {"width": 844, "height": 390}}


@pytest.fixture(scope="module")
def practice_site_dir(tmp_path_factory: pytest.TempPathFactory, evil_project: Any, shipped_site: Any) -> Path:
    """A site of the shipped lists with the human and optimal trees of :data:`TREES`
    (``<root>/site``), and the evil project's site (``<root>/evil``)."""
    root = tmp_path_factory.mktemp("practice")
    shipped_site(root, [f"{sid}/{rule}/{strategy}/{letter}.json" for (sid, rule), letters in TREES.items()
                        for strategy in STRATEGIES for letter in letters] +
                 [f"{WORDLE}/{rule}/{strategy}/all.json" for rule, names in WORDLE_TREES.items() for strategy in names])
    mp = pytest.MonkeyPatch()
    try:
        mp.setenv("LINGO_TREES_ROOT", str(root / "evil-project"))
        trees = evil_project(root / "evil-project")
        # the evil words are no English in common use: taken as common here, so that practice draws them
        mp.setattr(practicedata, "common_mask", lambda words: np.ones(len(words), dtype=bool))
        site.build_site(trees, root / "evil", pdf="none", progress=lambda _: None)
    finally:
        mp.undo()
    return root


@pytest.fixture(scope="module")
def served(serve: Any, practice_site_dir: Path) -> Iterator[str]:
    """Both sites served; the base URL (``/site``, ``/evil``)."""
    with serve(practice_site_dir) as url:
        yield url


@pytest.fixture(scope="module")
def answers(practice_site_dir: Path) -> dict[str, list[str]]:
    """The possible secrets of each set-up, as the page reads them."""
    return {sid: gzip.decompress((practice_site_dir / "site" / "practice" / sid / "answers.txt.gz").read_bytes()).decode().splitlines()
            for sid in ("nl", "nl-ij", WORDLE)}


def reply(sid: str) -> Any:
    return replier(load_list(setup(sid).answers).alphabet.spell)


def tree_play(sid: str, rule: str, strategy: str, secret: str) -> list[tuple[str, str]]:
    """The guesses a committed tree plays for ``secret``, with their feedback
    (LINGO: the tree of its first letter; Wordle: the one tree, ``all.json``)."""
    spell = load_list(setup(sid).answers).alphabet.spell
    letter = spell(secret)[0] if setup(sid).game.reveals_first_letter else "all"
    tree = read_tree(CHECKOUT / "trees" / sid / rule / strategy / f"{letter}.json")
    return [(w, reply(sid)(w, secret)) for w in play(tree.root, secret, reply(sid))]


def game_url(base: str, sid: str, rule: str, word: int | str) -> str:
    return f"{base}/site/practice.html?setup={sid}&rule={rule}&mode=random&word={word}"


def open_game(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_function("window.lingoPractice && window.lingoPractice.ready")


def played(page: Any, where: str = "#board") -> list[tuple[str, str]]:
    """The rows played: each word with its tiles' marks."""
    rows = page.locator(f"{where} .row[data-word]")
    return [(rows.nth(i).get_attribute("data-word"),
             "".join(t.get_attribute("data-mark") for t in rows.nth(i).locator(".tile").all()))
            for i in range(rows.count())]


def type_word(page: Any, word: str) -> None:
    page.keyboard.type(word)
    page.keyboard.press("Enter")


def tap_word(page: Any, word: str, spell: Any) -> None:
    for letter in spell(word):
        page.click(f'#keyboard [data-key="{letter}"]')
    page.click('#keyboard [data-key="Enter"]')


def check_summary(page: Any, sid: str, rule: str, secret: str, strategies: tuple[str, ...] = STRATEGIES,
                  turn: str = "turn") -> None:
    """The trees' play shown after the game is that of the tree files (``turn``: the page's word for it)."""
    page.wait_for_function("window.lingoPractice.summary !== null")
    assert page.text_content("#summary-word") == secret
    summary = page.evaluate("window.lingoPractice.summary")
    assert [s["strategy"] for s in summary] == list(strategies)
    for s in summary:
        want = tree_play(sid, rule, s["strategy"], secret)
        assert s["words"] == [w for w, _ in want] and s["turns"] == len(want), (s, want)
        box = f'#summary-trees section[data-strategy="{s["strategy"]}"]'
        assert played(page, box) == want
        turns = page.text_content(f"{box} .turns")
        assert turns.startswith(f"{len(want)} {turn}")


def test_a_game_won_by_typing_the_optimal_moves(served: str, page: Any, answers: dict[str, list[str]]) -> None:
    words = answers["nl"]
    assert words and all(w[0] in "qx" for w in words)
    # the word the optimal tree takes longest to find
    at = max(range(len(words)), key=lambda i: (len(tree_play("nl", "free", "optimal", words[i])), -i))
    secret = words[at]
    moves = tree_play("nl", "free", "optimal", secret)
    assert len(moves) >= 2
    open_game(page, game_url(served, "nl", "free", at))
    for word, _ in moves:
        type_word(page, word)
    assert played(page) == moves
    assert page.text_content("#status") == f"Won in {len(moves)} turns: the word is {secret}."
    check_summary(page, "nl", "free", secret)
    assert "word=" + str(at) in page.url and secret not in page.url
    page.reload()  # the same word again
    page.wait_for_function("window.lingoPractice && window.lingoPractice.ready")
    assert page.evaluate("window.lingoPractice.index") == at and played(page) == []
    assert page.errors == []


def test_a_game_lost_by_tapping_the_keys(served: str, page: Any, answers: dict[str, list[str]]) -> None:
    at = answers["nl"].index("xenon")
    wrong = ["alert", "quark", "kamer", "boten", "xeres"]
    assert all(w in load_list("nl-all-5") for w in wrong)
    open_game(page, game_url(served, "nl", "free", at))
    for word in wrong:
        tap_word(page, word, tuple)
    assert played(page) == [(w, reply("nl")(w, "xenon")) for w in wrong]
    assert "Out of turns: the word was xenon." in page.text_content("#status")
    assert page.locator("#keyboard button:disabled").count() == page.locator("#keyboard button").count()
    page.keyboard.type("n")  # a key after the game changes nothing (nor goes to the next page)
    assert "practice.html" in page.url and len(played(page)) == 5
    check_summary(page, "nl", "free", "xenon")
    assert page.text_content("#summary .you") == "You: not found in 5 turns."
    assert page.errors == []


def test_unknown_words_and_other_first_letters_are_refused(served: str, page: Any,
                                                           answers: dict[str, list[str]]) -> None:
    at = answers["nl"].index("quark")
    open_game(page, game_url(served, "nl", "same-start", at))
    assert page.locator("#board .row.current .tile.shown").first.text_content() == "q"  # shown, as on TV
    type_word(page, "qqqqq")
    assert "qqqqq is not in the word list" in page.text_content("#status") and played(page) == []
    assert page.get_attribute("#status", "class") == "error"
    for _ in range(5):
        page.keyboard.press("Backspace")
    type_word(page, "alert")  # a word, but not one that begins with q
    status = page.text_content("#status")
    assert "Under TV rules every guess begins with Q" in status and "alert" in status and played(page) == []
    for _ in range(5):
        page.keyboard.press("Backspace")
    type_word(page, "qua")
    assert "5 letters" in page.text_content("#status") and played(page) == []
    page.keyboard.type("rkxn")  # a full row takes no more letters; the theme's keys (n: next page) see none
    assert page.locator("#board .row.current .tile.typed").all_text_contents() == list("quark")
    assert "practice.html" in page.url
    page.keyboard.press("Enter")
    assert played(page) == [("quark", "GGGGG")]
    assert page.text_content("#status") == "Won in 1 turn: the word is quark."
    # under the free rule the same word, and alert counts
    page.select_option("#pick-rule", "free")
    page.wait_for_function("location.search.indexOf('rule=free') >= 0")
    assert page.evaluate("window.lingoPractice.index") == at and played(page) == []
    type_word(page, "alert")
    assert played(page) == [("alert", reply("nl")("alert", "quark"))]
    assert page.errors == []


def test_the_word_of_the_day_is_the_documented_one(served: str, page: Any, answers: dict[str, list[str]]) -> None:
    n = len(answers["nl"])
    for day in ("2026-11-23", "2027-02-28"):
        open_game(page, f"{served}/site/practice.html?setup=nl&rule=free&mode=day&date={day}")
        assert page.evaluate("window.lingoPractice.index") == day_index(day, "nl", n)
        assert f"Word of the day, {day}" in page.text_content("#game-title")
        page.reload()
        page.wait_for_function("window.lingoPractice && window.lingoPractice.ready")
        assert page.evaluate("window.lingoPractice.index") == day_index(day, "nl", n)
        assert "word=" not in page.url
    rnd = random.Random(16)
    cases = [((date(2024, 1, 1) + timedelta(days=rnd.randrange(3000))).isoformat(),
              rnd.choice(["nl", "nl-ij", "en", "x"]), rnd.choice([1, 2, 12, 3274, 8636, 100_003]))
             for _ in range(300)]
    got = page.evaluate("cases => cases.map(c => window.lingoPractice.dayIndex(c[0], c[1], c[2]))", cases)
    assert got == [day_index(*c) for c in cases]
    assert page.errors == []


def test_the_word_of_the_day_follows_the_clock(served: str, page: Any, answers: dict[str, list[str]]) -> None:
    if not hasattr(page, "clock"):
        pytest.skip("this Playwright has no clock")
    page.clock.set_fixed_time("2026-11-23T12:00:00Z")  # the same date from UTC-11 to UTC+11
    n = len(answers["nl"])
    open_game(page, game_url(served, "nl", "free", 0))
    page.click("#new-day")
    assert page.evaluate("window.lingoPractice.index") == day_index("2026-11-23", "nl", n)
    assert "mode=day" in page.url and "date=" not in page.url
    open_game(page, f"{served}/site/practice.html?setup=nl&rule=free&mode=day")
    assert page.evaluate("window.lingoPractice.index") == day_index("2026-11-23", "nl", n)
    page.click("#new-random")
    page.wait_for_function("location.search.indexOf('mode=random') >= 0")
    at = page.evaluate("window.lingoPractice.index")
    assert f"word={at}" in page.url
    assert page.evaluate("document.activeElement.id") == "board"  # typing plays at once
    assert page.errors == []


def test_ij_is_one_tile_and_one_key(served: str, page: Any, answers: dict[str, list[str]]) -> None:
    words = answers["nl-ij"]
    assert words and all(w.startswith("ij") for w in words)
    at = max(range(len(words)), key=lambda i: (len(tree_play("nl-ij", "free", "optimal", words[i])), -i))
    secret = words[at]
    moves = tree_play("nl-ij", "free", "optimal", secret)
    open_game(page, game_url(served, "nl-ij", "free", at))
    assert page.locator('#keyboard [data-key="ij"]').count() == 1
    page.keyboard.type("ij")
    assert page.locator("#board .row.current .tile.typed").all_text_contents() == ["ij"]
    page.keyboard.press("Backspace")  # takes the whole letter back
    assert page.locator("#board .row.current .tile.typed").count() == 0
    page.click('#keyboard [data-key="ij"]')
    assert page.locator("#board .row.current .tile.typed").all_text_contents() == ["ij"]
    page.keyboard.press("Backspace")
    spell = load_list("nl-basis-5-ij").alphabet.spell
    for i, (word, _) in enumerate(moves):
        if i % 2:
            tap_word(page, word, spell)
        else:
            type_word(page, word)
    assert played(page) == moves
    assert page.locator("#board .row[data-word]").last.locator(".tile").first.text_content().startswith("ij")
    assert page.text_content("#status").startswith(f"Won in {len(moves)} turn")
    check_summary(page, "nl-ij", "free", secret)
    assert page.errors == []


def new_page(browser: Any, **options: Any) -> Any:
    """A page of a new context (its own localStorage) whose ``errors`` collects
    console errors and uncaught exceptions; close it with ``page.context.close()``."""
    pg = browser.new_context(**options).new_page()
    pg.errors = []
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    return pg


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A 390 x 844 touch screen."""
    pg = new_page(browser, **PHONE)
    yield pg
    pg.context.close()


SIDEWAYS_SCROLL = "document.documentElement.scrollWidth - window.innerWidth"
#: where an element is on the screen: its box, the viewport and the bottom of the theme's header (it stays on top)
WHERE = """sel => {
  const r = document.querySelector(sel).getBoundingClientRect(), header = document.querySelector(".md-header");
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height,
          screen: window.innerHeight, wide: window.innerWidth, scrolled: window.scrollY,
          under: header ? header.getBoundingClientRect().bottom : 0};
}"""
IN_VIEW = f"sel => {{ const w = ({WHERE})(sel); " \
    "return w.height > 0 && w.top >= w.under && w.bottom <= w.screen && w.left >= 0 && w.right <= w.wide; }"


def where(pg: Any, selector: str) -> dict[str, float]:
    found: dict[str, float] = pg.evaluate(WHERE, selector)
    return found


def assert_in_view(pg: Any, selector: str) -> None:
    """``selector`` wholly on the screen, below the header (the page may be scrolling to it)."""
    pg.wait_for_function(IN_VIEW, arg=selector)
    w = where(pg, selector)
    assert w["top"] >= w["under"] and w["bottom"] <= w["screen"] and 0 <= w["left"] and w["right"] <= w["wide"], w


def tap_word_on(pg: Any, word: str, spell: Any = tuple) -> None:
    for letter in spell(word):
        pg.tap(f'#keyboard [data-key="{letter}"]')
    pg.tap('#keyboard [data-key="Enter"]')


def assert_game_over_in_view(pg: Any, status: str) -> None:
    """The result and its "Play again" where the player looks; nothing scrolls sideways."""
    assert status in pg.text_content("#status")
    assert pg.is_visible("#play-again") and pg.text_content("#play-again") == "Play again"
    assert_in_view(pg, "#result")
    assert_in_view(pg, "#play-again")
    assert where(pg, "#play-again")["top"] >= where(pg, "#status")["top"]  # beside the result, not elsewhere
    assert pg.evaluate(SIDEWAYS_SCROLL) <= 0


def tile_boxes(pg: Any, selector: str) -> list[tuple[float, float, str]]:
    return [(b["width"], b["height"], f) for b, f in pg.eval_on_selector_all(
        selector, "ts => ts.map(t => [t.getBoundingClientRect().toJSON(), getComputedStyle(t).fontSize])")]


def test_a_first_visit_on_a_phone_plays_the_default_game_in_the_first_screen(served: str, phone: Any) -> None:
    want = default_game(practice_setups({sid: {rule: {s: list(letters) for s in STRATEGIES}
                                               for (sid2, rule), letters in TREES.items() if sid2 == sid}
                                         for sid, _ in TREES}))
    assert want == ("nl-ij", "free")  # the show's set-up; this site has no TV-rules trees for it
    open_game(phone, f"{served}/site/practice.html")
    assert phone.evaluate("JSON.parse(document.getElementById('practice-index').textContent).default") == \
        {"setup": want[0], "rule": want[1]}
    assert (phone.input_value("#pick-setup"), phone.input_value("#pick-rule")) == want
    assert f"setup={want[0]}&rule={want[1]}&mode=day" in phone.url
    # names, not ids
    assert phone.locator("#pick-setup option").all_text_contents() == [
        short_setup_title(setup(sid).title) for sid in ("nl-ij", "nl", "nl-ij-8", "sutom-9", "fr-10", WORDLE)]  # LINGO first
    assert phone.locator("#pick-rule option").all_text_contents() == [RULE_NAMES["free"]]
    # labels a phone reads, and a picker as wide as the page (its label above it)
    assert phone.evaluate("parseFloat(getComputedStyle(document.querySelector('.pickers')).fontSize)") >= 13
    assert where(phone, "#pick-setup")["width"] >= 300
    assert "nl-ij" not in phone.text_content("#practice")
    # the board and the keyboard in the first screen
    assert phone.evaluate("window.scrollY") == 0
    for part in ("#board", "#keyboard", "#status"):
        w = where(phone, part)
        assert w["top"] >= w["under"] and w["bottom"] <= w["screen"], (part, w)
    assert phone.evaluate(SIDEWAYS_SCROLL) <= 0
    # the letter shown is a tile like the others
    shown = tile_boxes(phone, "#board .row.current .tile.shown")
    assert len(shown) == 1 and phone.text_content("#board .tile.shown") == "ij"
    others = tile_boxes(phone, "#board .tile:not(.shown)")
    assert len(others) == 24 and set(others) == {shown[0]}, (shown, set(others))
    assert phone.errors == []


def test_a_game_won_by_tapping_on_a_phone(served: str, phone: Any, answers: dict[str, list[str]]) -> None:
    words = answers["nl"]
    at = max(range(len(words)), key=lambda i: (len(tree_play("nl", "free", "optimal", words[i])), -i))
    secret = words[at]
    moves = tree_play("nl", "free", "optimal", secret)
    open_game(phone, game_url(served, "nl", "free", at))
    assert phone.is_hidden("#again") and phone.is_hidden("#summary")
    for i, (word, _) in enumerate(moves):
        tap_word_on(phone, word)
        assert played(phone) == moves[:i + 1]
        tiles = tile_boxes(phone, "#board .tile")  # played, typed, shown and empty: one size
        assert len(set(t[:2] for t in tiles)) == 1, set(tiles)
    marks = phone.eval_on_selector_all("#board .tile .mark", "ms => ms.map(m => parseFloat(getComputedStyle(m).fontSize))")
    assert len(marks) == 5 * len(moves) and min(marks) >= 11
    keys = phone.eval_on_selector_all("#keyboard .key[data-show]",
                                      "ks => ks.map(k => parseFloat(getComputedStyle(k, '::after').fontSize))")
    assert keys and min(keys) >= 11  # the keys' marks too
    assert_game_over_in_view(phone, f"Won in {len(moves)} turns: the word is {secret}.")
    check_summary(phone, "nl", "free", secret)
    assert_in_view(phone, "#play-again")  # the trees' play came in below it
    phone.tap("#play-again")  # a new random word, the board in view
    phone.wait_for_function("window.lingoPractice.ready && window.lingoPractice.summary === null")
    assert played(phone) == [] and phone.is_hidden("#again") and phone.is_hidden("#summary")
    assert "mode=random" in phone.url and phone.text_content("#status").startswith("Turn 1 of 5")
    assert_in_view(phone, "#board")
    assert phone.errors == []


@pytest.mark.parametrize("held", ["upright", "sideways"])
def test_a_game_lost_by_tapping_on_a_phone(served: str, browser: Any, answers: dict[str, list[str]], held: str) -> None:
    pg = new_page(browser, **(PHONE if held == "upright" else SIDEWAYS))
    try:
        at = answers["nl"].index("xenon")
        wrong = ["alert", "quark", "kamer", "boten", "xeres"]
        open_game(pg, game_url(served, "nl", "free", at))
        for word in wrong:
            tap_word_on(pg, word)
        assert played(pg) == [(w, reply("nl")(w, "xenon")) for w in wrong]
        if held == "sideways":  # the last tap was on the keyboard, below the result: the page came back up
            assert where(pg, "#result")["bottom"] < where(pg, "#keyboard")["top"]
        assert_game_over_in_view(pg, "Out of turns: the word was xenon.")
        check_summary(pg, "nl", "free", "xenon")
        assert pg.text_content("#summary .you") == "You: not found in 5 turns."
        assert pg.errors == []
    finally:
        pg.context.close()


def test_the_last_choice_is_remembered(served: str, page: Any) -> None:
    def picked() -> tuple[str, str]:
        return page.input_value("#pick-setup"), page.input_value("#pick-rule")

    practice = f"{served}/site/practice.html"
    open_game(page, practice)
    assert picked() == ("nl-ij", "free")
    page.select_option("#pick-setup", "nl")
    page.wait_for_function("location.search.indexOf('setup=nl&') >= 0 && window.lingoPractice.ready")
    page.select_option("#pick-rule", "same-start")
    page.wait_for_function("location.search.indexOf('rule=same-start') >= 0 && window.lingoPractice.ready")
    assert page.locator("#pick-rule option:checked").text_content() == RULE_NAMES["same-start"]
    open_game(page, practice)  # the next visit
    assert picked() == ("nl", "same-start") and "setup=nl&rule=same-start" in page.url
    page.reload()
    page.wait_for_function("window.lingoPractice && window.lingoPractice.ready")
    assert picked() == ("nl", "same-start")
    open_game(page, f"{practice}?setup=nl-ij&rule=free&mode=day")  # a link still wins ...
    assert picked() == ("nl-ij", "free")
    open_game(page, practice)  # ... and changes no choice
    assert picked() == ("nl", "same-start")
    open_game(page, f"{practice}?setup=nl")  # a link with a set-up: the rule chosen for it
    assert picked() == ("nl", "same-start")
    page.select_option("#pick-setup", "nl-ij")  # no TV-rules trees here: the free rule ...
    page.wait_for_function("location.search.indexOf('setup=nl-ij&rule=free') >= 0 && window.lingoPractice.ready")
    page.select_option("#pick-setup", "nl")  # ... and back: the rule the player chose
    page.wait_for_function("location.search.indexOf('setup=nl&rule=same-start') >= 0 && window.lingoPractice.ready")
    page.evaluate("localStorage.setItem('lingo-trees.practice', '{\"setup\": \"nosuch\"}')")
    open_game(page, practice)  # a choice this site cannot play: the default
    assert picked() == ("nl-ij", "free")
    assert page.errors == []


#: every text in the practice game whose contrast with what is behind it is below WCAG AA
LOW_CONTRAST = r"""() => {
  const rgba = s => { const m = s.match(/[\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const over = (top, below) => top.slice(0, 3).map((c, i) => c * top[3] + below[i] * (1 - top[3])).concat([1]);
  const behind = e => {  // the colour behind e: its backgrounds and its ancestors', blended
    const layers = [];
    for (let x = e; x; x = x.parentElement) {
      const c = rgba(getComputedStyle(x).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    return layers.reverse().reduce((below, c) => over(c, below), [255, 255, 255, 1]);
  };
  const lum = c => { const [r, g, b] = c.slice(0, 3).map(v => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const low = [];
  let seen = 0;
  for (const e of document.querySelectorAll("#practice *")) {
    const own = Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
    if (!(own || e.tagName === "SELECT") || !e.getClientRects().length || e.closest(":disabled, [hidden]")) continue;
    const st = getComputedStyle(e);
    if (st.visibility === "hidden") continue;
    if (e.closest("details:not([open])") && !e.closest("summary")) continue;
    seen++;
    const bg = behind(e), fg = over(rgba(st.color), bg), size = parseFloat(st.fontSize);
    const large = size >= 24 || (size >= 18.66 && parseInt(st.fontWeight, 10) >= 700);
    const r = ratio(fg, bg);
    if (r < (large ? 3 : 4.5)) low.push([e.tagName, e.className, e.textContent.slice(0, 30), st.color, bg.join(","), r.toFixed(2)]);
  }
  return {seen, low};
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_colours_are_the_site_s_palettes(served: str, browser: Any, answers: dict[str, list[str]],
                                             scheme: str) -> None:
    pg = new_page(browser, **PHONE, color_scheme=scheme)
    try:
        open_game(pg, f"{served}/site/practice.html?setup=nl&rule=free&mode=random&word=0")
        slate = pg.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
        assert slate == (scheme == "dark")
        pg.keyboard.type("qua")  # typed tiles, the letter shown, empty ones
        found = pg.evaluate(LOW_CONTRAST)
        assert found["seen"] > 40 and found["low"] == [], found["low"]
        pg.keyboard.press("Backspace")
        pg.keyboard.press("Backspace")
        pg.keyboard.press("Backspace")
        secret = answers["nl"][0]
        for word in ("alert", "boten", "kamer", "xeres", "quark"):
            if word != secret:
                type_word(pg, word)
        if not pg.evaluate("window.lingoPractice.summary !== null"):
            type_word(pg, secret)
        pg.wait_for_function("window.lingoPractice.summary !== null")
        assert {m for _, marks in played(pg) for m in marks} == {"G", "Y", "."}
        found = pg.evaluate(LOW_CONTRAST)
        assert found["seen"] > 80 and found["low"] == [], sorted({tuple(x[:2] + x[3:]) for x in found["low"]})
        assert pg.evaluate(TILE_COLOURS) == pg.evaluate(SITE_COLOURS)  # the site's palette
        assert pg.errors == []
    finally:
        pg.context.close()


#: the colours of a green and a yellow tile and a green key
TILE_COLOURS = "() => ['#board .tile.g', '#board .tile.y', '#keyboard .key.g']" \
    ".map(s => getComputedStyle(document.querySelector(s)).backgroundColor)"
#: the site's colours for them (site.css: --lt-g, --lt-y), as the page's body has them
SITE_COLOURS = "() => ['--lt-g', '--lt-y', '--lt-g'].map(v => { const d = document.createElement('div');" \
    " d.style.background = 'var(' + v + ')'; document.body.appendChild(d);" \
    " const c = getComputedStyle(d).backgroundColor; d.remove(); return c; })"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_high_contrast_colours_are_one_tap_away(served: str, browser: Any, answers: dict[str, list[str]],
                                                   scheme: str) -> None:
    pg = new_page(browser, **PHONE, color_scheme=scheme)
    try:
        quota = game_url(served, "nl", "free", answers["nl"].index("quota"))
        open_game(pg, quota)
        type_word(pg, "quark")  # a green and a yellow tile at least
        type_word(pg, "xenon")
        assert {"G", "Y"} <= {m for _, marks in played(pg) for m in marks}, played(pg)
        before = pg.evaluate(TILE_COLOURS)
        assert before == pg.evaluate(SITE_COLOURS)
        assert pg.text_content("#practice .palette-switch") == "High-contrast colours: off"
        pg.tap("#practice .palette-switch")
        assert pg.evaluate("document.documentElement.getAttribute('data-lt-palette')") == "contrast"
        assert pg.text_content("#practice .palette-switch") == "High-contrast colours: on"
        found = pg.evaluate(LOW_CONTRAST)
        assert found["low"] == [], found["low"]
        after = pg.evaluate(TILE_COLOURS)
        assert after == pg.evaluate(SITE_COLOURS) and after != before
        open_game(pg, quota)  # the choice stays
        assert pg.evaluate("document.documentElement.getAttribute('data-lt-palette')") == "contrast"
        assert pg.errors == []
    finally:
        pg.context.close()


def test_the_tv_look_is_one_tap_away(served: str, browser: Any, answers: dict[str, list[str]]) -> None:
    """The shows' look: a red square for the right place, a yellow circle for elsewhere."""
    pg = new_page(browser, **PHONE)
    try:
        open_game(pg, game_url(served, "nl", "free", answers["nl"].index("quota")))
        type_word(pg, "quark")  # a green and a yellow tile at least
        type_word(pg, "xenon")
        before = pg.evaluate(TILE_COLOURS)
        assert pg.text_content("#practice .tv-switch") == "TV colours: off"
        pg.tap("#practice .tv-switch")
        assert pg.evaluate("document.documentElement.getAttribute('data-lt-palette')") == "tv"
        assert pg.text_content("#practice .tv-switch") == "TV colours: on"
        after = pg.evaluate(TILE_COLOURS)
        assert after == pg.evaluate(SITE_COLOURS) and after[0] != before[0] and after[1] == before[1]
        assert pg.evaluate("getComputedStyle(document.querySelector('#board .tile.g')).backgroundColor") == "rgb(198, 40, 40)"
        assert pg.evaluate(LOW_CONTRAST)["low"] == []
        pg.tap("#practice .palette-switch")  # one look turned on turns the other off
        assert pg.evaluate("document.documentElement.getAttribute('data-lt-palette')") == "contrast"
        assert pg.text_content("#practice .tv-switch") == "TV colours: off"
        pg.tap("#practice .palette-switch")
        assert pg.evaluate("document.documentElement.getAttribute('data-lt-palette')") is None
        assert pg.evaluate(TILE_COLOURS) == before
        assert pg.errors == []
    finally:
        pg.context.close()


def test_evil_words_are_text(served: str, page: Any) -> None:
    open_game(page, f"{served}/evil/practice.html?setup=evil&rule=free&mode=random&word=a<b>x")
    assert "word=" in page.url and "a<b>x" not in page.url and "a%3Cb%3Ex" not in page.url
    for word in ('a"q"x', "a<b>x"):
        type_word(page, word)
    assert [w for w, _ in played(page)] == ['a"q"x', "a<b>x"]
    page.wait_for_function("window.lingoPractice.summary !== null")
    assert page.text_content("#summary-word") == "a<b>x"
    assert page.locator("#practice b, #practice script").count() == 0
    assert page.evaluate("window.__pwned === undefined")
    assert page.errors == []


def test_a_game_plays_offline_after_a_visit(serve: Any, practice_site_dir: Path, page: Any,
                                           answers: dict[str, list[str]]) -> None:
    at = answers["nl"].index("xenon")
    with serve(practice_site_dir) as url:
        game = game_url(url, "nl", "free", at)
        open_game(page, game)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        open_game(page, game)  # now through the service worker
        type_word(page, "xenon")
        page.wait_for_function("window.lingoPractice.summary !== null")
        sw = (practice_site_dir / "site" / "sw.js").read_text()
        assert '"practice.html"' in sw and "assets/practice.js" in sw
    # the server is gone: the page, its words and the trees come from the service worker
    open_game(page, game)
    type_word(page, "xenon")
    check_summary(page, "nl", "free", "xenon")
    assert page.errors == []


# -- Wordle ---------------------------------------------------------------------------------------------------------


def test_a_wordle_game_won_by_typing_the_optimal_moves(served: str, page: Any, answers: dict[str, list[str]]) -> None:
    words = answers[WORDLE]
    assert words == list(load_list("wordle-2023-answers").words)  # every answer of today's Wordle, none dropped
    # the word the optimal tree from TARSE takes longest to find: all six turns
    at = max(range(len(words)), key=lambda i: (len(tree_play(WORDLE, "free", "optimal-tarse", words[i])), -i))
    secret = words[at]
    moves = tree_play(WORDLE, "free", "optimal-tarse", secret)
    assert len(moves) == 6 and moves[0][0] == "tarse"
    assert any(w not in words for w, _ in moves[1:-1])  # guesses that are no answer count as turns
    open_game(page, game_url(served, WORDLE, "free", at))
    assert page.locator("#pick-rule option").all_text_contents() == [
        "Normal mode (any accepted word may be guessed)",
        "Hard mode (greens stay in place, every letter found is played again)"]
    assert page.locator("#board .row").count() == 6 and page.locator("#board .tile.shown").count() == 0
    assert page.text_content("#status") == "Turn 1 of 6."  # no letter shown
    for i, (word, _) in enumerate(moves):
        type_word(page, word)
        assert played(page) == moves[:i + 1]
        if i < 5:
            assert page.text_content("#status").endswith(f"Turn {i + 2} of 6.")
    assert page.text_content("#status") == f"Won in 6 turns: the word is {secret}."
    check_summary(page, WORDLE, "free", secret, WORDLE_STRATEGIES)
    assert page.text_content("#summary .you") == "You: 6 turns."
    titles = page.locator("#summary-trees h3").all_text_contents()
    assert len(titles) == 3 and "tarse" in titles[0] and "salet" in titles[1] and titles[2].startswith("Greedy")
    assert page.errors == []


def test_wordle_accepts_every_guess_of_today_s_list(served: str, page: Any, answers: dict[str, list[str]]) -> None:
    allowed = list(load_list("wordle-2023-allowed").words)
    assert len(allowed) == 14_855
    open_game(page, game_url(served, WORDLE, "free", answers[WORDLE].index("geese")))
    assert page.evaluate("words => words.filter(w => !window.lingoPractice.accepts(w))", allowed) == []
    assert page.evaluate("words => words.filter(w => window.lingoPractice.accepts(w))",
                         ["qqqqq", "geeses", "gees", "GEESE", "zzzzz", "x"]) == []
    rare = ["aahed", "zymic", "xylyl"]  # accepted, never the secret
    assert not set(rare) & set(answers[WORDLE]) and set(rare) <= set(allowed)
    for word in rare:
        type_word(page, word)
    assert played(page) == [(w, feedback(w, "geese")) for w in rare]
    type_word(page, "qqqqq")
    assert "qqqqq is not in the word list" in page.text_content("#status") and len(played(page)) == len(rare)
    assert page.errors == []


#: guesses whose letters repeat, against a secret whose letters repeat: yellows and greys that the rule decides
REPEATED = ("eerie", "emcee", "sense", "levee", "tepee", "esses")


def test_a_wordle_game_of_repeated_letters_lost_on_a_phone(served: str, phone: Any,
                                                           answers: dict[str, list[str]]) -> None:
    at = answers[WORDLE].index("geese")
    open_game(phone, game_url(served, WORDLE, "free", at))
    # the board of six rows and the keyboard in the first screen of a 390 px phone
    assert phone.evaluate("window.scrollY") == 0
    for part in ("#board", "#keyboard", "#status"):
        w = where(phone, part)
        assert w["top"] >= w["under"] and w["bottom"] <= w["screen"], (part, w)
    assert phone.evaluate(SIDEWAYS_SCROLL) <= 0
    assert phone.is_hidden("#practice .tv-switch") and phone.is_visible("#practice .palette-switch")
    for word in REPEATED:
        tap_word_on(phone, word)
    want = [(w, feedback(w, "geese")) for w in REPEATED]
    assert want[0] == ("eerie", "YG..G") and want[5] == ("esses", "YY.Y.")  # one e of three is yellow, ...
    assert played(phone) == want  # ... as the Python rule says, word by word
    assert phone.locator("#keyboard .key[data-key='e']").get_attribute("data-show") == "G"
    assert_game_over_in_view(phone, "Out of turns: the word was geese.")
    check_summary(phone, WORDLE, "free", "geese", WORDLE_STRATEGIES)
    assert phone.text_content("#summary .you") == "You: not found in 6 turns."
    assert phone.evaluate(SIDEWAYS_SCROLL) <= 0
    assert phone.errors == []


def hard_case(words: list[str], allowed: list[str]) -> tuple[str, str, str, str, str]:
    """A secret for which TARSE shows a green and a yellow, a word hard mode
    refuses for moving the green, and one for leaving out the yellow."""
    for secret in words:
        pattern = feedback("tarse", secret)
        if "G" in pattern and "Y" in pattern:
            why = {w: hard_mode_violation("tarse", pattern, w) or "" for w in allowed}
            moved = next(w for w in allowed if "stay in place" in why[w])
            missing = next(w for w in allowed if "played again" in why[w])
            return secret, moved, why[moved], missing, why[missing]
    raise AssertionError("no such secret")


def test_hard_mode_refuses_what_the_python_rule_refuses(served: str, page: Any, answers: dict[str, list[str]]) -> None:
    allowed = list(load_list("wordle-2023-allowed").words)
    secret, moved, why_moved, missing, why_missing = hard_case(answers[WORDLE], allowed)
    moves = tree_play(WORDLE, "hard", "optimal-tarse", secret)
    assert moves[0][0] == "tarse" and len(moves) >= 3
    open_game(page, game_url(served, WORDLE, "hard", answers[WORDLE].index(secret)))
    type_word(page, "tarse")
    assert "Hard mode: greens stay in place" in page.text_content("#status")
    for word, why in ((moved, why_moved), (missing, why_missing)):
        type_word(page, word)
        assert page.text_content("#status") == \
            f"{word} breaks hard mode: {why}. Try another word (this does not count as a turn)."
        assert page.get_attribute("#status", "class") == "error" and len(played(page)) == 1
        for _ in range(5):
            page.keyboard.press("Backspace")
    for word, _ in moves[1:]:  # the hard-mode tree's moves keep the rule
        type_word(page, word)
    assert played(page) == moves
    assert page.text_content("#status") == f"Won in {len(moves)} turns: the word is {secret}."
    page.wait_for_function("window.lingoPractice.summary !== null")
    summary = {s["strategy"]: s for s in page.evaluate("window.lingoPractice.summary")}
    assert list(summary) == list(WORDLE_STRATEGIES)
    assert summary["optimal-salet"]["turns"] is None  # no such tree in hard mode
    assert page.text_content('#summary-trees section[data-strategy="optimal-salet"] p') == \
        "This site has no such tree under this rule."
    for name in WORDLE_TREES["hard"]:
        assert summary[name]["words"] == [w for w, _ in tree_play(WORDLE, "hard", name, secret)]
    # under normal mode the same word, and a refused word counts
    page.select_option("#pick-rule", "free")
    page.wait_for_function("location.search.indexOf('rule=free') >= 0 && window.lingoPractice.ready")
    type_word(page, "tarse")
    type_word(page, moved)
    assert [w for w, _ in played(page)] == ["tarse", moved]
    assert page.errors == []


def test_the_word_of_the_day_of_wordle(served: str, page: Any, answers: dict[str, list[str]]) -> None:
    n = len(answers[WORDLE])
    assert n == 3158
    for day in ("2026-11-23", "2027-02-28"):
        open_game(page, f"{served}/site/practice.html?setup={WORDLE}&rule=free&mode=day&date={day}")
        assert page.evaluate("window.lingoPractice.index") == day_index(day, WORDLE, n)
        assert f"Word of the day, {day}" in page.text_content("#game-title")
    assert page.errors == []


def test_wordle_keeps_its_colours_under_the_tv_look(served: str, browser: Any, answers: dict[str, list[str]]) -> None:
    pg = new_page(browser, **PHONE)
    try:
        open_game(pg, game_url(served, "nl", "free", answers["nl"].index("quota")))
        type_word(pg, "quark")
        pg.tap("#practice .tv-switch")  # the TV look, on a LINGO game
        assert pg.evaluate("document.documentElement.getAttribute('data-lt-palette')") == "tv"
        assert pg.evaluate("getComputedStyle(document.querySelector('#board .tile.g')).backgroundColor") == \
            "rgb(198, 40, 40)"
        pg.select_option("#pick-setup", WORDLE)  # Wordle: no TV look, no switch
        pg.wait_for_function("location.search.indexOf('setup=wordle-2023') >= 0 && window.lingoPractice.ready")
        assert pg.is_hidden("#practice .tv-switch")
        secret = answers[WORDLE][pg.evaluate("window.lingoPractice.index")]
        pg.focus("#board")  # from the picker back to the game
        type_word(pg, secret)
        assert pg.evaluate("getComputedStyle(document.querySelector('#board .tile.g')).backgroundColor") == \
            "rgb(46, 125, 50)"  # Wordle's green, site.css's --lt-g
        pg.tap("#practice .palette-switch")  # high contrast still works here
        assert pg.evaluate("getComputedStyle(document.querySelector('#board .tile.g')).backgroundColor") == \
            "rgb(245, 121, 58)"
        assert pg.evaluate(LOW_CONTRAST)["low"] == []
        pg.select_option("#pick-setup", "nl")  # back to LINGO: the switch again
        pg.wait_for_function("location.search.indexOf('setup=nl&') >= 0 && window.lingoPractice.ready")
        assert pg.is_visible("#practice .tv-switch")
        assert pg.errors == []
    finally:
        pg.context.close()


@pytest.mark.parametrize(("sid", "width"), [("fr-10", 390), ("sutom-9", 360), ("nl-ij-8", 360)])
def test_long_words_fit_a_phone(served: str, browser: Any, sid: str, width: int) -> None:
    """The board's tiles shrink to fit a phone's width: ten letters at 390 px,
    nine and eight at 360; nothing scrolls sideways, and a letter stays 14 px
    or more."""
    pg = new_page(browser, **{**PHONE, "viewport": {"width": width, "height": 780}})
    try:
        open_game(pg, game_url(served, sid, "same-start", 0))
        assert f"setup={sid}" in pg.url
        board = where(pg, "#board")
        assert board["left"] >= 0 and board["right"] <= board["wide"], board
        assert pg.evaluate(SIDEWAYS_SCROLL) <= 0
        tiles = pg.locator("#board .row").first.locator(".tile")
        assert tiles.count() == load_list(setup(sid).answers).length
        last = tiles.last.bounding_box()
        assert last["x"] + last["width"] <= min(board["right"], width), (last, board)
        assert pg.evaluate("parseFloat(getComputedStyle(document.querySelector('#board .tile')).fontSize)") >= 14
        assert pg.errors == []
    finally:
        pg.context.close()


def test_a_game_over_gives_a_result_to_share(served: str, browser: Any, answers: dict[str, list[str]]) -> None:
    """After a game, Wordle players share their grid: squares per guess and
    the turns taken, never the letters."""
    pg = new_page(browser, **PHONE)
    try:
        secret = answers[WORDLE][7]
        open_game(pg, game_url(served, WORDLE, "free", 7))
        guesses = ["tarse", secret]
        for word in guesses:
            tap_word_on(pg, word)
        pg.tap("#share-result")
        grid = pg.text_content("#share-grid").split("\n")
        squares = {"G": "\U0001F7E9", "Y": "\U0001F7E8", ".": "\u2B1B"}
        turns = 1 if secret == "tarse" else 2
        assert grid[0].endswith(f" {turns}/6") and grid[0].startswith("Wordle")
        assert grid[1:] == ["".join(squares[m] for m in feedback(w, secret)) for w in guesses[-turns:]]
        assert secret not in pg.text_content("#share-grid")
        assert pg.errors == []
    finally:
        pg.context.close()


def test_a_game_kept_for_offline_plays_every_word_without_the_network(
        serve: Any, practice_site_dir: Path, browser: Any, answers: dict[str, list[str]]) -> None:
    """'Keep this game for offline' stores the game's words and every tree
    its summary shows: with the server gone, another word of the same game
    plays to its summary; a page never opened says plainly that it needs the
    network, not that the site must be served."""
    pg = new_page(browser, **PHONE)
    try:
        with serve(practice_site_dir) as url:
            open_game(pg, game_url(url, "nl", "free", 0))
            pg.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
            pg.tap("#keep-offline")
            pg.wait_for_function("document.getElementById('keep-status').textContent.startsWith('Kept:')")
            assert "every word and letter" in pg.text_content("#keep-status")
        pg.context.set_offline(True)
        secret = answers["nl"][-1]  # a word never played online: its letter's trees were kept
        open_game(pg, game_url(url, "nl", "free", len(answers["nl"]) - 1))
        type_word(pg, secret)
        check_summary(pg, "nl", "free", secret)
        pg.goto(f"{url}/site/practice.html?setup=nl-ij&rule=free&mode=random&word=0")  # not kept
        pg.wait_for_function("document.getElementById('status').className === 'error'")
        assert "You are offline and it was not kept on this device" in pg.text_content("#status")
        assert "Serve the site" not in pg.text_content("#status")
    finally:
        pg.context.close()


@pytest.mark.parametrize(("lang", "sid"), [("nl", "nl-ij-8"), ("fr", "sutom-9")])
def test_a_game_in_the_players_own_language(served: str, page: Any, practice_site_dir: Path, lang: str,
                                           sid: str) -> None:
    """The Dutch and French practice pages play their own set-ups, and every
    message the game shows is the catalogue's, in the page's language."""
    words = gzip.decompress((practice_site_dir / "site" / "practice" / sid / "answers.txt.gz").read_bytes()).decode().splitlines()
    at = next(i for i, w in enumerate(words) if w.startswith("j"))
    secret, messages = words[at], js_messages(lang)
    moves = tree_play(sid, "same-start", "optimal", secret)
    open_game(page, f"{served}/site/{lang}/practice.html?setup={sid}&rule=same-start&mode=random&word={at}")
    assert page.get_attribute("html", "lang") == lang
    offered = page.eval_on_selector_all("#pick-setup option", "os => os.map(o => o.value)")
    assert offered and all(setup(s).game.length and load_list(setup(s).answers).language == lang for s in offered)
    for word, _ in moves:
        type_word(page, word)
    assert played(page) == moves
    won = messages["Won in {n} turn: the word is {word}."][len(moves) > 1 if lang == "nl" else len(moves) >= 2]
    assert page.text_content("#status") == won.replace("{n}", str(len(moves))).replace("{word}", secret)
    check_summary(page, sid, "same-start", secret, turn={"nl": "beurt", "fr": "essai"}[lang])
    you = messages["You: {n} turn."][1].replace("{n}", str(len(moves)))
    assert page.text_content("#summary .you") == you
    assert page.text_content("h1") != "Practice LINGO" and page.text_content("#new-random") != "New random word"
    assert page.errors == []


@pytest.mark.parametrize(("lang", "sid"), [("nl", "nl-ij-8"), ("fr", "sutom-9")])
def test_the_lookup_in_the_players_own_language(served: str, page: Any, lang: str, sid: str) -> None:
    """The Dutch and French lookup plays a whole game of its own set-up by
    tapping the tiles, and says so in the page's language."""
    tree = read_tree(CHECKOUT / "trees" / sid / "same-start" / "human" / "j.json")
    secret = max(tree.secrets, key=lambda w: (len(play(tree.root, w, reply(sid))), w))
    page.goto(f"{served}/site/{lang}/lookup.html?setup={sid}&rule=same-start&strategy=human&letter=j")
    page.wait_for_function("document.getElementById('next-guess').textContent.length > 0")
    assert page.get_attribute("html", "lang") == lang
    offered = page.eval_on_selector_all("#pick-setup option", "os => os.map(o => o.value)")
    assert sid in offered and all(load_list(setup(s).answers).language == lang for s in offered)
    moves = play(tree.root, secret, reply(sid))
    for guess in moves:
        assert page.text_content("#next-guess") == guess
        tiles = page.locator("#tiles .tile")
        for i, mark in enumerate(reply(sid)(guess, secret)):
            tile = tiles.nth(i)
            while tile.get_attribute("data-mark") != mark:
                tile.click()
        page.click("#submit")
    page.wait_for_function("document.getElementById('status').className === 'done'")
    solved = js_messages(lang)["Solved in {n} turn: {word}."][len(moves) > 1 if lang == "nl" else len(moves) >= 2]
    assert page.text_content("#status") == solved.replace("{n}", str(len(moves))).replace("{word}", secret)
    assert page.text_content("#submit") not in ("", "Next word") and page.text_content("h1") != "Lookup: what to play next"
    assert page.errors == []


def test_the_home_page_opens_in_the_readers_language(served: str, browser: Any) -> None:
    """A first visit opens the home page in the browser's language where the
    site has it; the language chosen in the header is kept for the next
    visit; the 404 page speaks the language of the address."""
    french = browser.new_context(locale="fr-FR")
    page = french.new_page()
    page.goto(f"{served}/site/index.html")
    page.wait_for_url("**/site/fr/index.html")
    assert page.get_attribute("html", "lang") == "fr"
    page.click(".md-header .md-select button")  # the language switch, then English
    page.click('.md-select__link[hreflang="en"]')
    page.wait_for_url("**/site/index.html")
    page.goto(f"{served}/site/index.html")  # the choice is kept: no redirect
    assert page.get_attribute("html", "lang") == "en" and page.url.endswith("/site/index.html")
    french.close()
    dutch = browser.new_context(locale="nl-NL")
    page = dutch.new_page()
    page.goto(f"{served}/site/404.html")
    page.wait_for_function("document.documentElement.lang === 'nl'")
    visible = page.locator(".not-found:not([hidden])")
    assert visible.count() == 1 and visible.get_attribute("lang") == "nl"
    dutch.close()


def test_the_search_index_loads_only_when_the_reader_searches(served: str, page: Any) -> None:
    """A page does not fetch the search index (every page's text, 1.6 MB) until the search is opened."""
    def fetched() -> bool:
        return bool(page.evaluate("performance.getEntriesByType('resource')"
                                  ".some(e => e.name.endsWith('search/search_index.json'))"))

    page.goto(f"{served}/site/index.html")
    page.wait_for_load_state("networkidle")
    assert not fetched()
    page.click("input.md-search__input")  # the search box of a wide screen (a phone's opens from its icon)
    page.fill("input.md-search__input", "practice")
    page.wait_for_function("performance.getEntriesByType('resource')"
                           ".some(e => e.name.endsWith('search/search_index.json'))")
    page.wait_for_selector(".md-search-result__item")
    assert page.errors == []

"""The practice game (practice.html) in a real browser, against the trees.

A small site is built from the shipped word lists and the human and optimal
trees of a few letters (Dutch q and x under both rules, Dutch with ``ij`` as
one letter: ij) and served on 127.0.0.1. Games are won by typing the optimal
tree's moves and lost by tapping five wrong words on the on-screen keyboard;
after each the page must show the guesses and turns the human and optimal
trees play for that word (as :func:`generator.core.tree.play` replays them).
Unknown words and (TV rules) words with another first letter are refused and
cost no turn; the word of the day is :func:`~generator.output.practicedata.day_index`
of the date; the page fits a 390 px phone; words with ``<`` and quotes stay
text; with the server stopped a game visited still plays.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from generator.core.catalog import CHECKOUT, load_list, setup
from generator.core.feedback import replier
from generator.core.tree import play
from generator.output import site
from generator.output.practicedata import day_index
from generator.output.treefile import read_tree

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parent / "golden-mismatch" / "screenshots"
TREES = {("nl", "free"): ("q", "x"), ("nl", "same-start"): ("q", "x"), ("nl-ij", "free"): ("ij",)}
STRATEGIES = ("human", "optimal")


@pytest.fixture(scope="module")
def practice_site_dir(tmp_path_factory: pytest.TempPathFactory, evil_project: Any, shipped_site: Any) -> Path:
    """A site of the shipped lists with the human and optimal trees of :data:`TREES`
    (``<root>/site``), and the evil project's site (``<root>/evil``)."""
    root = tmp_path_factory.mktemp("practice")
    shipped_site(root, [f"{sid}/{rule}/{strategy}/{letter}.json" for (sid, rule), letters in TREES.items()
                        for strategy in STRATEGIES for letter in letters])
    mp = pytest.MonkeyPatch()
    try:
        mp.setenv("LINGO_TREES_ROOT", str(root / "evil-project"))
        trees = evil_project(root / "evil-project")
        site.build_site(trees, root / "evil", pdf=False, progress=lambda _: None)
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
    return {sid: (practice_site_dir / "site" / "practice" / sid / "answers.txt").read_text().splitlines()
            for sid in ("nl", "nl-ij")}


def reply(sid: str) -> Any:
    return replier(load_list(setup(sid).answers).alphabet.split)


def tree_play(sid: str, rule: str, strategy: str, secret: str) -> list[tuple[str, str]]:
    """The guesses a committed tree plays for ``secret``, with their feedback."""
    split = load_list(setup(sid).answers).alphabet.split
    tree = read_tree(CHECKOUT / "trees" / sid / rule / strategy / f"{split(secret)[0]}.json")
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


def tap_word(page: Any, word: str, split: Any) -> None:
    for letter in split(word):
        page.click(f'#keyboard [data-key="{letter}"]')
    page.click('#keyboard [data-key="Enter"]')


def check_summary(page: Any, sid: str, rule: str, secret: str) -> None:
    """The trees' play shown after the game is that of the tree files."""
    page.wait_for_function("window.lingoPractice.summary !== null")
    assert page.text_content("#summary-word") == secret
    summary = page.evaluate("window.lingoPractice.summary")
    assert [s["strategy"] for s in summary] == list(STRATEGIES)
    for s in summary:
        want = tree_play(sid, rule, s["strategy"], secret)
        assert s["words"] == [w for w, _ in want] and s["turns"] == len(want), (s, want)
        box = f'#summary-trees section[data-strategy="{s["strategy"]}"]'
        assert played(page, box) == want
        turns = page.text_content(f"{box} .turns")
        assert turns.startswith(f"{len(want)} turn")


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
    assert page.locator("#board .row.current .tile.hint").first.text_content() == "q"  # shown, as on TV
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
    split = load_list("nl-basis-5-ij").alphabet.split
    for i, (word, _) in enumerate(moves):
        if i % 2:
            tap_word(page, word, split)
        else:
            type_word(page, word)
    assert played(page) == moves
    assert page.locator("#board .row[data-word]").last.locator(".tile").first.text_content().startswith("ij")
    assert page.text_content("#status").startswith(f"Won in {len(moves)} turn")
    check_summary(page, "nl-ij", "free", secret)
    assert page.errors == []


def test_phone_width(served: str, browser: Any, answers: dict[str, list[str]]) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, has_touch=True)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    open_game(pg, game_url(served, "nl-ij", "free", 0))
    width = pg.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the practice page is {width} px wide on a 390 px screen"
    pg.screenshot(path=str(SHOTS / "practice-phone-start.png"), full_page=True)
    wrong = ("alert", "kamer", "boten", "tafel", "lepel")
    assert all(w in load_list("nl-all-5-ij") for w in wrong)
    for word in wrong:
        for letter in word:
            pg.tap(f'#keyboard [data-key="{letter}"]')
        pg.tap('#keyboard [data-key="Enter"]')
    pg.wait_for_function("window.lingoPractice.summary !== null")
    width = pg.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the practice page is {width} px wide after a game"
    pg.screenshot(path=str(SHOTS / "practice-phone-end.png"), full_page=True)
    context.close()
    assert errors == []


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

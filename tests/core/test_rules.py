"""Game rules: presets, the Game value and the guess rules."""

from __future__ import annotations

import pytest

from generator.core.rules import (
    LINGO,
    WORDLE,
    Game,
    GuessRule,
    guess_rule,
    hard_mode_violation,
    inconsistency,
    preset,
    rule_violation,
)
from generator.errors import RulesError


def test_presets() -> None:
    assert (LINGO.length, LINGO.turns, LINGO.revealed, LINGO.reveals_first_letter) == (5, 5, None, True)
    assert (WORDLE.length, WORDLE.turns, WORDLE.revealed, WORDLE.reveals_first_letter) == (5, 6, None, False)
    assert LINGO.guess_rule is WORDLE.guess_rule is GuessRule.FREE
    assert preset("lingo") is LINGO and preset("wordle") is WORDLE


def test_unknown_preset() -> None:
    with pytest.raises(RulesError, match="unknown game 'jotto'"):
        preset("jotto")


def test_for_letter_and_with_rule() -> None:
    game = LINGO.for_letter("q").with_rule("same-start")
    assert game.revealed == "q" and game.guess_rule is GuessRule.SAME_START
    assert LINGO.revealed is None  # values, not mutated
    assert WORDLE.with_rule(GuessRule.HARD).guess_rule is GuessRule.HARD


@pytest.mark.parametrize("text, rule", [("free", GuessRule.FREE), ("same-start", GuessRule.SAME_START),
                                        ("hard", GuessRule.HARD), (GuessRule.HARD, GuessRule.HARD)])
def test_guess_rule_parses(text: str, rule: GuessRule) -> None:
    assert guess_rule(text) is rule
    assert str(rule) == rule.value


def test_guess_rule_unknown() -> None:
    with pytest.raises(RulesError, match=r"unknown guess rule 'easy' \(expected one of: free, same-start, hard, self-hard\)"):
        guess_rule("easy")


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"length": 1}, "word length 1 is outside 2..20"),
        ({"length": 21}, "word length 21 is outside 2..20"),
        ({"turns": 0}, "turns must be at least 1"),
        ({"feedback": "bulls-cows"}, "unknown feedback kind"),
        ({"guess_rule": "easy"}, "unknown guess rule"),
        ({"guess_rule": "same-start"}, "needs a game that reveals the first letter"),
    ],
)
def test_bad_games(kwargs: dict, message: str) -> None:
    args = {"name": "x", "length": 5, "turns": 6} | kwargs
    with pytest.raises(RulesError, match=message):
        Game(**args)


def test_game_parses_rule_names() -> None:
    assert Game("x", 5, 6, guess_rule="hard").guess_rule is GuessRule.HARD  # type: ignore[arg-type]


# -- hard mode -----------------------------------------------------------------


@pytest.mark.parametrize(
    "previous, pattern, guess",
    [
        ("crane", "Y.G..", "scare"),
        ("crane", ".....", "moist"),          # nothing revealed: anything goes
        ("crane", "GGGGG", "crane"),
        ("speed", "..Y.Y", "dense"),          # one 'e' revealed, one 'd'
        ("speed", "..Y.Y", "edged"),
        ("geese", "...GG", "those"),
        ("llama", "YY...", "hello"),          # two 'l's revealed, both played again
        ("eerie", "...YG", "abide"),
        ("abbey", "YYGG.", "babes"),
    ],
)
def test_hard_mode_allows(previous: str, pattern: str, guess: str) -> None:
    assert hard_mode_violation(previous, pattern, guess) is None


@pytest.mark.parametrize(
    "previous, pattern, guess, why",
    [
        # a green must stay in its place
        ("crane", "Y.G..", "salty", "the 'a' must stay in place 3"),
        ("crane", "G....", "scare", "the 'c' must stay in place 1"),
        ("geese", "...GG", "esoht", "the 's' must stay in place 4"),
        # a yellow must be played again
        ("crane", "Y.G..", "blast", "the 'c' must be played again (once)"),
        # revealed twice (two yellows): played twice
        ("llama", "YY...", "lucky", "the 'l' must be played again (2 times)"),
        # revealed twice (green + yellow): played twice, duplicates counted
        ("abbey", "YYGG.", "babex", None),
        ("sassy", "G.G..", "sissy", None),
        ("sassy", "G.G..", "sills", "the 's' must stay in place 3"),
        ("esses", ".YG..", "bossy", None),
        ("esses", "YYG..", "bossy", "the 'e' must be played again (once)"),
        ("sissy", "G.GG.", "sassy", None),
        ("sissy", "G.GY.", "sasis", None),  # a yellow may move
        ("sissy", "G.GY.", "sasty", "the 's' must be played again (3 times)"),
        # a grey copy beside a revealed copy does not raise the count
        ("speed", "..Y.Y", "edged", None),
    ],
)
def test_hard_mode_violations(previous: str, pattern: str, guess: str, why: str | None) -> None:
    assert hard_mode_violation(previous, pattern, guess) == why


def test_hard_mode_works_on_letters_with_digraphs() -> None:
    previous = ("ij", "z", "e", "r")
    assert hard_mode_violation(previous, "Y...", ("z", "ij", "n", "s")) is None
    assert hard_mode_violation(previous, "G...", ("i", "j", "z", "e")) == "the 'ij' must stay in place 1"
    assert hard_mode_violation(previous, "Y...", ("z", "i", "j", "s")) == "the 'ij' must be played again (once)"


def test_rule_violation_free_allows_anything() -> None:
    game = WORDLE
    assert rule_violation(game, tuple("salty"), [(tuple("crane"), "Y.G..")]) is None


def test_rule_violation_hard_checks_every_earlier_guess() -> None:
    game = WORDLE.with_rule("hard")
    history = [(tuple("crane"), "..G.."), (tuple("toast"), ".YG..")]
    assert rule_violation(game, tuple("roast"), history) is None
    assert rule_violation(game, tuple("moist"), history) == "the 'a' must stay in place 3"
    assert rule_violation(game, tuple("blast"), history[:1]) is None
    assert rule_violation(game, tuple("blast"), history) == "the 'o' must be played again (once)"
    assert rule_violation(game, tuple("moist"), []) is None


def test_rule_violation_same_start() -> None:
    game = LINGO.for_letter("q").with_rule("same-start")
    assert rule_violation(game, tuple("quark")) is None
    assert rule_violation(game, tuple("crane")) == "must begin with the revealed letter 'q'"
    # the rule holds after any history, and ignores what was revealed
    assert rule_violation(game, tuple("qubit"), [(tuple("quark"), "GG...")]) is None
    ij = LINGO.for_letter("ij").with_rule("same-start")
    assert rule_violation(ij, ("ij", "z", "e", "r")) is None
    assert rule_violation(ij, ("i", "j", "s", "b", "r")) == "must begin with the revealed letter 'ij'"


def test_same_start_without_revealed_letter_allows_anything() -> None:
    assert rule_violation(LINGO.with_rule("same-start"), tuple("crane")) is None


# -- self hard mode ------------------------------------------------------------------


def test_self_hard_mode_plays_only_words_that_agree_with_every_feedback() -> None:
    game = WORDLE.with_rule("self-hard")
    history = [("crane", "G.YY."), ("cabin", "GG.GY")]
    assert inconsistency("crane", "G.YY.", "cabin") is None
    assert rule_violation(game, "canid", history) is None  # would give both patterns
    assert rule_violation(game, "cabin", history) == "it would have given 'cabin' GGGGG (not GG.GY)"
    assert rule_violation(WORDLE.with_rule("hard"), "cabin", history) is None  # hard mode allows it
    assert GuessRule.SELF_HARD.label == "self hard mode: every guess can still be the secret"

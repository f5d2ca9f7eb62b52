"""The greedy builder: the paper's SCM play, guess rules, determinism."""

from __future__ import annotations

import random

import numpy as np
import pytest

from generator.core.catalog import load_list, setup
from generator.core.feedback import feedback, replier
from generator.core.partition import Matrix
from generator.core.rules import WORDLE
from generator.core.scoring import HEURISTICS, scm
from generator.core.tree import Node, play, walk
from generator.core.words import parse_wordlist
from generator.errors import StrategyError
from generator.search.greedy import (
    allowed_rows,
    greedy_tree,
    letter_frequency,
    letter_frequency_tree,
)


def letter(m: Matrix, first: str) -> np.ndarray:
    return np.array([i for i, w in enumerate(m.answers.words) if w[0] == first])


@pytest.mark.parametrize("name", sorted(HEURISTICS))
def test_every_heuristic_builds_a_complete_tree(nl: Matrix, name: str) -> None:
    cols = letter(nl, "u")
    tree = greedy_tree(nl, cols, HEURISTICS[name], setup("nl").game.for_letter("u"))
    reply = replier(nl.answers.alphabet.spell)
    for c in cols:
        assert play(tree, nl.answer_word(int(c)), reply)[-1] == nl.answer_word(int(c))


def test_scm_first_move_is_the_best_by_the_paper_rules(nl: Matrix) -> None:
    cols = letter(nl, "h")
    tree = greedy_tree(nl, cols, scm, setup("nl").game.for_letter("h"))
    assert isinstance(tree, Node)
    s = nl.stats(np.arange(len(nl.guesses)), cols)
    row = nl.guesses.position[tree.guess]
    assert s.largest[row] == s.largest.min()
    tied = s.largest == s.largest.min()
    assert s.parts[row] == s.parts[tied].max()


def test_almost_winning_move_is_played(nl: Matrix) -> None:
    """Two candidates: play one of them (it wins half the time)."""
    cols = np.array([nl.answers.position["quasi"], nl.answers.position["quota"]])
    tree = greedy_tree(nl, cols, scm, setup("nl").game.for_letter("q"))
    assert isinstance(tree, Node) and tree.guess == "quasi"


def test_same_start_only_plays_the_letter(nl: Matrix) -> None:
    game = setup("nl").game.for_letter("k").with_rule("same-start")
    tree = greedy_tree(nl, letter(nl, "k"), scm, game)
    assert all((t if isinstance(t, str) else t.guess)[0] == "k" for _, t in walk(tree))


def test_allowed_rows_hard_mode() -> None:
    words = load_list("wordle-allowed")
    m = Matrix.build(words, load_list("wordle-answers"))
    row = words.position["crane"]
    rows = allowed_rows(WORDLE.with_rule("hard"), m, [(row, "Y.G..")])
    allowed = {words.words[r] for r in rows}
    assert "scare" in allowed and "crane" in allowed and "salty" not in allowed
    assert all(w[2] == "a" and "c" in w for w in allowed)


def test_self_hard_mode_plays_only_the_secrets_left() -> None:
    words = load_list("wordle-allowed")
    m = Matrix.build(words, load_list("wordle-answers"))
    game = WORDLE.with_rule("self-hard")
    history = [(words.position["crane"], "Y.G..")]
    rows = allowed_rows(game, m, history)
    assert {words.words[r] for r in rows} == {m.answer_word(int(c)) for c in m.consistent(history)}
    cols = np.arange(300, dtype=np.int64)
    root = greedy_tree(m, cols, scm, game)
    secrets = {m.answer_word(int(c)) for c in cols}

    def check(t: object, history: list[tuple[str, str]]) -> None:
        guess = t if isinstance(t, str) else t.guess  # type: ignore[attr-defined]
        assert guess in secrets and all(feedback(g, guess) == p for g, p in history)  # it can be the secret
        for pattern, child in getattr(t, "next", {}).items():
            check(child, history + [(guess, pattern)])

    check(root, [])


def test_deterministic(nl: Matrix) -> None:
    game = setup("nl").game.for_letter("i")
    a = greedy_tree(nl, letter(nl, "i"), scm, game)
    b = greedy_tree(nl, letter(nl, "i"), scm, game)
    assert a == b


def test_no_separating_guess_is_an_error(nl: Matrix) -> None:
    cols = letter(nl, "q")
    game = setup("nl").game.for_letter("q")
    with pytest.raises(StrategyError, match="no allowed guess separates"):
        from generator.search.greedy import _grow
        _grow(nl, cols, scm, game, False, np.array([nl.guesses.position["xxxxx"]])
              if "xxxxx" in nl.guesses else np.array([], dtype=np.int64))


# -- the letter-frequency helper


def wordle_sample(seed: int, n: int, extra: int) -> Matrix:
    """A few Wordle answers, guessable, and a few more guesses."""
    rnd = random.Random(seed)
    answers = rnd.sample(load_list("wordle-answers").words, n)
    more = [w for w in rnd.sample(load_list("wordle-allowed").words, extra + n) if w not in answers][:extra]
    return Matrix.build(parse_wordlist(answers + more, id="g"), parse_wordlist(answers, id="a"))


def test_letter_frequency_counts_each_letter_of_a_guess_once() -> None:
    answers = parse_wordlist(["abc", "abd", "xyz"], id="a", length=3)
    guesses = parse_wordlist(["abc", "abd", "xyz", "aab", "qqq"], id="g", length=3)
    m = Matrix.build(guesses, answers)
    scores = letter_frequency(m, np.arange(5), np.arange(3))
    assert scores.tolist() == [5, 5, 3, 4, 0]


@pytest.mark.parametrize("seed", range(3))
def test_letter_frequency_tree_solves_every_secret(seed: int) -> None:
    m = wordle_sample(800 + seed, n=40, extra=10)
    tree = letter_frequency_tree(m, np.arange(40), WORDLE)
    for w in m.answers.words:
        assert play(tree, w, feedback)[-1] == w

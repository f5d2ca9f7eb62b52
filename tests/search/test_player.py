"""Playing along: the advisors (generator/search/player.py)."""

from __future__ import annotations

import numpy as np
import pytest

from generator.core.catalog import load_list, setup
from generator.core.feedback import feedback
from generator.core.partition import Matrix
from generator.core.scoring import scm
from generator.core.tree import GameTree, Node, tree_stats
from generator.core.words import WordList
from generator.errors import PatternError, WordListError
from generator.search.greedy import greedy_tree
from generator.search.player import HeuristicAdvisor, TreeAdvisor, autoplay, tiles


def letter_tree(letter: str = "q", setup_id: str = "en") -> GameTree:
    """A greedy SCM tree for one start letter, built as the trees will be."""
    s = setup(setup_id)
    answers, guesses = load_list(s.answers), load_list(s.guesses)
    words = answers.starting_with(letter)
    sub = WordList(f"{answers.id}/{letter}", words, answers.alphabet, answers.length, answers.language)
    game = s.game.for_letter(letter)
    root = greedy_tree(Matrix.build(guesses, sub), np.arange(len(words)), scm, game)
    tree = GameTree(game, s.answers, s.guesses, words, root, {"scheme": "scm"})
    tree.stats = tree_stats(root, words, feedback)
    return tree


def test_tree_advisor_reaches_every_secret() -> None:
    tree = letter_tree("q")
    for secret in tree.secrets:
        moves = autoplay(TreeAdvisor(tree.root, tree.secrets), secret)
        assert moves[-1].guess == secret and moves[-1].won
        assert [m.pattern for m in moves] == [feedback(m.guess, secret) for m in moves]
        assert moves[-1].left == 1


def test_heuristic_advisor_reaches_every_secret() -> None:
    s = setup("en")
    words = load_list("en-enable-5").starting_with("x")
    answers = WordList("x", words, load_list("en-enable-5").alphabet, 5, "en")
    matrix = Matrix.build(load_list("en-enable-5"), answers)
    for secret in words:
        moves = autoplay(HeuristicAdvisor(matrix, s.game.for_letter("x"), scm), secret)
        assert moves[-1].guess == secret and len(moves) <= 5


def test_typed_feedback_is_validated() -> None:
    t = Node("stoel", {"G..G.": "schep", "G.Y..": "schop", "GG...": "strik"})
    a = TreeAdvisor(t, ("schep", "schop", "strik", "stoel"))
    with pytest.raises(PatternError, match="has 4 marks, expected 5"):
        a.tell("G.Y.")
    with pytest.raises(PatternError, match="'x' is not one of"):
        a.tell("G.x..")
    with pytest.raises(PatternError, match=r"feedback \.\.\.\.\. is impossible for stoel"):
        a.tell(".....")
    assert a.possible() == {"G..G.": 1, "G.Y..": 1, "GG...": 1, "GGGGG": 1}
    assert not a.history
    move = a.tell("gwyww")
    assert (move.guess, move.pattern, move.left) == ("stoel", "G.Y..", 1)
    assert a.guess() == "schop"
    with pytest.raises(PatternError, match="impossible for schop"):
        a.tell("G....")
    a.tell("GGGGG")
    assert a.done
    with pytest.raises(PatternError, match="the game is over"):
        a.tell("GGGGG")


def test_autoplay_unknown_secret() -> None:
    with pytest.raises(WordListError, match="'hater' is not one of the 4 possible secrets"):
        autoplay(TreeAdvisor("x", ("a", "b", "c", "d")), "hater")


def test_tiles() -> None:
    assert tiles("hater", "G.Y..", colour=False) == " H  A  T  E  R   G.Y.."
    coloured = tiles(("ij", "s"), "GY")
    assert "\x1b[" in coloured and " IJ " in coloured and coloured.endswith("  GY")

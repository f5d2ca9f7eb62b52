"""Playing along: the advisors (generator/search/player.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from generator import next_guess, read_tree
from generator.core.catalog import CHECKOUT, load_list, setup
from generator.core.feedback import feedback
from generator.core.kinds import kind_of, mask
from generator.core.partition import Matrix
from generator.core.scoring import scm
from generator.core.tree import GameTree, Node, play, tree_stats
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
    tree = GameTree(game, s.answers, s.guesses, words, root,
                    {"scheme": "scm", "heuristic": "scm", "almost_winning": "none", "tie_breaks": "list order",
                     "moves": "any guess"})
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


#: committed trees of every family: LINGO (TV rules; a digraph), Wordle, Mastermind, Hangman
FAMILIES = ("nl/same-start/human/a.json", "nl-ij/same-start/human/ij.json", "wordle/free/minimax/all.json",
            "mastermind/4x6/knuth/all.json", "hangman/nl-basis/6/optimal/5.json")


@pytest.mark.parametrize("rel", FAMILIES)
def test_next_guess_plays_the_tree(rel: str) -> None:
    """Asked after each feedback, next_guess plays what the tree plays (sampled secrets)."""
    tree = read_tree(CHECKOUT / "trees" / rel)
    reply = kind_of(tree.game).reply(tree.game.digraphs)
    hangman = tree.game.feedback == "mask"
    for secret in random.Random(7).sample(tree.secrets, min(12, len(tree.secrets))):
        said, given = [], []
        while (guess := next_guess(tree, given)) is not None and not (hangman and len(guess) > 1):
            said.append(guess)
            given.append(reply(guess, secret))
        if hangman:  # every place shown, or a leaf: the word
            shown = {i for m in given for i, c in enumerate(m) if c != "_"}
            assert guess == secret if guess else len(shown) == len(secret)
            assert [mask(secret, c) for c in said] == given
        else:
            assert said == play(tree.root, secret, reply)


def test_next_guess_names_what_it_cannot_take() -> None:
    tree = read_tree(CHECKOUT / "trees" / "mastermind" / "4x6" / "knuth" / "all.json")
    assert next_guess(tree) == "1122"
    assert next_guess(tree, ["11"]) == next_guess(tree, ["1b1w"]) == next_guess(tree, ["1B1W"])
    assert next_guess(tree, ["4B0W"]) is None
    with pytest.raises(PatternError, match="feedback 3B1W is impossible for 1122"):
        next_guess(tree, ["3B1W"])
    with pytest.raises(PatternError, match="not a pattern <b>B<w>W of 4 positions"):
        next_guess(tree, ["3B2W"])
    with pytest.raises(PatternError, match="the game is over"):
        next_guess(tree, ["4B0W", "0B0W"])

"""lingo-trees: precomputed strategy trees for word-guessing games.

The package in layers, each importing only those above it in this list
(``tests/test_layers.py`` checks it):

=============  ===============================================================
``core``       the game engine: words, feedback and its kinds, rules, the
               catalog of lists and set-ups, trees and their strategy
               blocks, where tree files are (the layout), partitions
               (their matrices kept in the user's cache), heuristics,
               the verifier
``search``     the searches: greedy, openers, the human scheme, shared
               openers, the exact search, fixed guesses, the clue helper,
               the player
``games``      the games beside LINGO: Mastermind, Hangman
``output``     what is written: tree files, indexes, GraphML, sheets, PDFs,
               the site, the report
``runs``       the searches applied to set-ups and letters, as jobs
``commands``   the ``lingo-trees`` command line (with ``cli``)
=============  ===============================================================

The public API, in the order you meet it:

>>> from generator import feedback, load_list
>>> feedback("ninny", "annex")
'Y.G..'
>>> len(load_list("nl-basis-5"))
3219
"""

from generator.core.catalog import load_list, setup, setups
from generator.core.feedback import (
    GREEN,
    GREY,
    YELLOW,
    Pattern,
    feedback,
    feedback_matrix,
    pattern_code,
    pattern_string,
)
from generator.core.kinds import FeedbackKind, kind_of, mask, pegs
from generator.core.rules import LINGO, WORDLE, Game, GuessRule
from generator.core.tree import GameTree, Node, Stats, Tree, play, tree_stats
from generator.core.verify import Verdict, verify_tree
from generator.core.words import Alphabet, Letter, Word, WordList, parse_wordlist, read_wordlist
from generator.errors import (
    CatalogError,
    LingoTreesError,
    PatternError,
    RulesError,
    StrategyError,
    TreeFormatError,
    WordListError,
)
from generator.output.graph import to_networkx, write_graphml
from generator.output.treefile import dump_tree, load_tree, read_tree, write_tree
from generator.search.player import next_guess

__all__ = [
    "Alphabet", "CatalogError", "FeedbackKind", "GREEN", "GREY", "Game", "GameTree", "GuessRule",
    "LINGO", "Letter", "LingoTreesError", "Node", "Pattern", "PatternError", "RulesError", "Stats",
    "StrategyError", "Tree", "TreeFormatError", "Verdict", "WORDLE", "Word", "WordList",
    "WordListError", "YELLOW", "dump_tree", "feedback", "feedback_matrix", "kind_of", "load_list",
    "load_tree", "mask", "next_guess", "parse_wordlist", "pattern_code", "pattern_string", "pegs", "play",
    "read_tree", "read_wordlist", "setup", "setups", "to_networkx", "tree_stats", "verify_tree",
    "write_graphml", "write_tree",
]

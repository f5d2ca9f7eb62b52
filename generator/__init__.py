"""lingo-trees: precomputed strategy trees for word-guessing games.

The public API, in the order you meet it:

>>> from generator import feedback, load_list
>>> feedback("ninny", "annex")
'Y.G..'
>>> len(load_list("nl-basis-5"))
3274
"""

from generator.core.catalog import load_list, setup, setups
from generator.errors import (
    CatalogError,
    LingoTreesError,
    PatternError,
    RulesError,
    StrategyError,
    TreeFormatError,
    WordListError,
)
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
from generator.output.graph import to_networkx, write_graphml
from generator.core.rules import LINGO, WORDLE, Game, GuessRule
from generator.core.tree import GameTree, Node, Stats, Tree, play, tree_stats
from generator.output.treefile import dump_tree, load_tree, read_tree, write_tree
from generator.core.verify import Verdict, verify_tree
from generator.core.words import Alphabet, Letter, Word, WordList, parse_wordlist, read_wordlist

__all__ = [
    "Alphabet", "CatalogError", "GREEN", "GREY", "Game", "GameTree", "GuessRule", "LINGO",
    "Letter", "LingoTreesError", "Node", "Pattern", "PatternError", "RulesError", "Stats",
    "StrategyError", "Tree", "TreeFormatError", "Verdict", "WORDLE", "Word", "WordList",
    "WordListError", "YELLOW", "dump_tree", "feedback", "feedback_matrix", "load_list",
    "load_tree", "parse_wordlist", "pattern_code", "pattern_string", "play", "read_tree",
    "read_wordlist", "setup", "setups", "to_networkx", "tree_stats", "verify_tree",
    "write_graphml", "write_tree",
]

"""Small trees for the tests, built by a tiny greedy search.

The trees are correct by construction (every guess is a remaining candidate,
so every branch makes progress); the verifier tests break them on purpose.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from collections.abc import Callable, Sequence

from generator.core.catalog import load_list
from generator.core.feedback import GREEN, feedback, replier
from generator.core.rules import LINGO, Game
from generator.core.tree import GameTree, Node, Tree, play, stats_of
from generator.core.words import Alphabet, WordList

Reply = Callable[[str, str], str]


def greedy(candidates: Sequence[str], reply: Reply = feedback) -> Tree:
    """Play the candidate that leaves the smallest largest group (ties: list order)."""
    if len(candidates) == 1:
        return candidates[0]
    best, best_groups = None, None
    for guess in candidates:
        groups: dict[str, list[str]] = {}
        for secret in candidates:
            if secret != guess:
                groups.setdefault(reply(guess, secret), []).append(secret)
        worst = max(len(g) for g in groups.values())
        if best_groups is None or worst < max(len(g) for g in best_groups.values()):
            best, best_groups = guess, groups
    assert best is not None and best_groups is not None
    return Node(best, {p: greedy(g, reply) for p, g in sorted(best_groups.items())})


def finish(game: Game, answers: str, guesses: str, secrets: Sequence[str], root: Tree,
           reply: Reply = feedback, scheme: str = "test-greedy") -> GameTree:
    """A GameTree with the stats and `late` of its replay."""
    turns = {s: len(play(root, s, reply)) for s in secrets}
    late = tuple(s for s in secrets if turns[s] > game.turns)
    return GameTree(game=game, answers=answers, guesses=guesses, secrets=tuple(secrets),
                    root=root, strategy={"scheme": scheme}, late=late, stats=stats_of(turns))


def lingo_tree(letter: str = "q", answers: str = "nl-basis-5", guesses: str = "nl-all-5",
               rule: str = "free") -> GameTree:
    """A greedy LINGO tree for one start letter of a shipped set-up."""
    alist = load_list(answers)
    reply = replier(alist.alphabet.split)
    secrets = alist.starting_with(letter)
    game = replace(LINGO.for_letter(letter).with_rule(rule), digraphs=alist.alphabet.digraphs)
    return finish(game, answers, guesses, secrets, greedy(secrets, reply), reply)


def wordlist(id: str, words: Sequence[str], alphabet: Alphabet | None = None) -> WordList:
    """An in-memory word list (for games not in the catalog)."""
    alphabet = alphabet or Alphabet("abcdefghijklmnopqrstuvwxyz")
    return WordList(id, tuple(words), alphabet, len(alphabet.split(words[0])))


def broken(tree: GameTree) -> GameTree:
    """A deep copy to break."""
    return copy.deepcopy(tree)


def all_green(length: int) -> str:
    return GREEN * length

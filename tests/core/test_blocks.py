"""The strategy blocks: which record a tree's block is, and the checks of a block against it."""

from __future__ import annotations

from typing import Any

import pytest

from generator.core.blocks import (
    BLOCKS,
    GreedyBlock,
    HangmanBlock,
    HangmanOptimalBlock,
    HumanBlock,
    LookupBlock,
    MastermindOptimalBlock,
    OptimalBlock,
    ScmBlock,
    SharedBlock,
    block_problem,
    block_type,
    card_block,
    fields,
    hangman_block,
    opener_of,
    shared_block,
)


@pytest.mark.parametrize("game, feedback, scheme, record", [
    ("lingo", "positional", "human", HumanBlock),
    ("lingo", "positional", "human-lookup", LookupBlock),
    ("lingo", "positional", "shared", SharedBlock),
    ("lingo", "positional", "scm", ScmBlock),
    ("lingo", "positional", "optimal", OptimalBlock),
    ("wordle", "positional", "optimal", OptimalBlock),
    ("wordle", "positional", "scm", GreedyBlock),
    ("mastermind", "pegs", "knuth", GreedyBlock),
    ("bulls-and-cows", "pegs", "entropy", GreedyBlock),
    ("mastermind", "pegs", "optimal-5", MastermindOptimalBlock),
    ("hangman", "mask", "risk", HangmanBlock),
    ("hangman", "mask", "optimal", HangmanOptimalBlock),
    ("lingo", "positional", "minimax", None),
])
def test_block_type(game: str, feedback: str, scheme: str, record: type | None) -> None:
    assert block_type(game, feedback, scheme) is record


def _human() -> dict[str, Any]:
    return {"scheme": "human", "openers": ["plons", "timer"], "k": 2, "words_to_learn": 3,
            "exceptions": [{"feedback": [".....", "G...."], "word": "kabel"}], "largest_group": 4,
            "proved_minimal": False, "lower_bound": 0, "search": "k=2",
            "groups": [{"feedback": [".....", "G...."], "words": ["kabel", "kegel"], "exception": "kabel",
                        "parts": [{"feedback": "G.G.G", "words": ["kegel"]}]}]}


def _without(*path: str | int) -> dict[str, Any]:
    data = _human()
    obj: Any = data
    for key in path[:-1]:
        obj = obj[key]
    del obj[path[-1]]
    return data


def _with(value: Any, *path: str | int) -> dict[str, Any]:
    data = _human()
    obj: Any = data
    for key in path[:-1]:
        obj = obj[key]
    obj[path[-1]] = value
    return data


@pytest.mark.parametrize("block, problem", [
    (_human(), None),
    (_with("openers", "card"), None),
    (_without("scheme"), "strategy: missing 'scheme'"),
    (_with("", "scheme"), "strategy: 'scheme' must be a name"),
    (_without("openers"), "strategy: missing 'openers'"),
    (_without("exceptions", 0, "feedback"), "strategy.exceptions[0]: missing 'feedback'"),
    (_with("plons", "openers"), "strategy.openers: must be a list"),
    (_with([1], "openers"), "strategy.openers[0]: must be a string"),
    (_with(-1, "k"), "strategy.k: must be at least 0"),
    (_with(2.0, "k"), "strategy.k: must be a whole number"),
    (_with(True, "k"), "strategy.k: must be a whole number"),
    (_with(1, "proved_minimal"), "strategy.proved_minimal: must be true or false"),
    (_with("all", "card"), "strategy.card: must be one of 'openers', 'knee'"),
    (_with("x", "rule"), "strategy: unknown key 'rule'"),
    (_without("groups", 0, "parts", 0, "words"), "strategy.groups[0].parts[0]: missing 'words'"),
    (_with(["G.G.G"], "groups", 0, "parts", 0, "feedback"), "strategy.groups[0].parts[0].feedback: must be a string"),
])
def test_block_problem(block: dict[str, Any], problem: str | None) -> None:
    assert block_problem("lingo", "positional", block) == problem


def test_nullable_and_maps() -> None:
    block = {"scheme": "optimal", "method": "m", "objective": "o", "cap": None, "moves": "all", "opener": "1122",
             "opener_fixed": False, "openers_searched": {"1111": None, "1122": 5801}, "openers_at_least": {},
             "proved_minimal": True, "proof": "p"}
    assert block_problem("mastermind", "pegs", block) is None
    assert block_problem("mastermind", "pegs", {**block, "openers_searched": {"1111": "x"}}) == \
        "strategy.openers_searched.1111: must be a whole number of at least 0 or null"
    assert block_problem("mastermind", "pegs", {**block, "cap": -5}) == \
        "strategy.cap: must be a whole number of at least 0 or null"


def test_every_record_names_and_describes_its_fields() -> None:
    for record in BLOCKS:
        known = fields(record)
        assert next(iter(known)) == "scheme" and known["scheme"][2], record
        assert all(text for _, text, _ in list(known.values())[1:]), record


def test_the_narrowing_helpers() -> None:
    human = _human()
    assert card_block(human) is human and shared_block(human) is None and hangman_block(human) is None
    greedy = {"scheme": "minimax", "method": "m", "opener": "raise", "tie_breaks": "t"}
    assert card_block(greedy) is None and opener_of(greedy) == "raise" and opener_of(human) is None

"""The strategy block of a tree: how it was built, one typed record per scheme.

A tree's ``strategy`` is plain data (it is written into the tree file as
it is), and its shape depends on the game and the scheme that built it:

=====================  ==========================================================
block                  trees
=====================  ==========================================================
:class:`HumanBlock`    LINGO's human scheme (``human``; the cards cut from it,
                       ``human-openers`` and ``human-knee``, carry ``card`` and
                       ``sure_late``)
:class:`LookupBlock`   LINGO's sheet at hand (``human-lookup``)
:class:`SharedBlock`   LINGO's openers shared by every letter (``shared``)
:class:`ScmBlock`      LINGO's greedy rule of the 1992 paper (``scm``)
:class:`OptimalBlock`  the exact search of LINGO and Wordle (``optimal``)
:class:`GreedyBlock`   Wordle's greedy rules, Mastermind's Knuth and greedy rules
:class:`MastermindOptimalBlock`  Mastermind's exact search (``optimal``, ``optimal-5``)
:class:`HangmanBlock`  Hangman's greedy rules (``risk``, ``uncertainty``)
:class:`HangmanOptimalBlock`  Hangman's search for fewest words lost (``optimal``)
=====================  ==========================================================

:func:`block_type` says which record a tree's block is (by the game's name,
its feedback kind and the scheme), and :func:`block_problem` checks a block
against it, value by value. Each field's ``Annotated`` text is its
description; :mod:`generator.output.treeschema` makes the JSON Schema's
definitions from these records, so the code and the schema cannot disagree.

>>> block_type("lingo", "positional", "human").__name__
'HumanBlock'
>>> block_type("mastermind", "pegs", "optimal-5").__name__
'MastermindOptimalBlock'
>>> block_problem("lingo", "positional", {"scheme": "human-lookup", "openers": ["plons"]})
"strategy: missing 'k'"
>>> block_problem("hangman", "mask", {"scheme": "risk", "method": "m", "ties": "t", "losses": -1, "total_misses": 3})
'strategy.losses: must be at least 0'
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Mapping
from typing import Annotated, Any, Literal, NotRequired, TypedDict, Union, cast

from generator.core.feedback import Pattern
from generator.core.words import Word

AT_LEAST_0 = "at least 0"  # a marker in a field's Annotated: a whole number of at least 0
Text = Annotated[str, "a sentence for people, not parsed"]
Count = Annotated[int, AT_LEAST_0]


class CardException(TypedDict):
    """An exception move of a card: after this feedback, play this word."""

    feedback: Annotated[list[Pattern], "the feedback of each opener (and exception move) before it, in order"]
    word: Annotated[Word, "the word to play then"]


class GroupPart(TypedDict):
    """What follows an exception move, for one feedback it gets."""

    feedback: Annotated[Pattern, "the exception move's feedback"]
    words: Annotated[list[Word], "the secrets of this part, in playing order"]
    exception: NotRequired[Annotated[Word, "an exception move played first"]]
    parts: NotRequired[Annotated[list[GroupPart], "after the exception move, one per feedback"]]
    late: NotRequired[Annotated[list[Word], "the secrets of this part found after the last turn"]]


class Group(TypedDict):
    """The secrets one feedback of every opener leaves: the card's line."""

    feedback: Annotated[list[Pattern], "the feedback of each opener, in order"]
    words: Annotated[list[Word], "the secrets of the group, in playing order"]
    exception: NotRequired[Annotated[Word, "an exception move played first"]]
    parts: NotRequired[Annotated[list[GroupPart], "after the exception move, one per feedback"]]
    late: NotRequired[Annotated[list[Word], "the secrets of the group found after the last turn"]]


class _Card(TypedDict):
    openers: Annotated[list[Word], "the words played first whatever the feedback, in order"]
    k: Annotated[Count, "the number of openers"]
    words_to_learn: Annotated[Count, "openers and exception moves: what the player learns"]
    exceptions: Annotated[list[CardException], "the exception moves, each with the feedback it answers"]
    largest_group: Annotated[Count, "the most secrets one feedback of the openers leaves"]
    proved_minimal: Annotated[bool, "no card of this scheme needs fewer words to learn (proved by the search)"]
    lower_bound: Annotated[Count, "the fewest words to learn the search proved (0: none proved)"]
    search: Annotated[Text, "what was searched"]
    groups: Annotated[list[Group], "every feedback combination of the openers and how to play it"]
    uncommon: NotRequired[Annotated[list[Word], "words the card asks a player to say that are not in common use"]]


class HumanBlock(_Card):
    """LINGO's human scheme: learn the openers and exception moves, then try the words left."""

    scheme: Literal["human"]
    card: NotRequired[Annotated[Literal["openers", "knee"], "a card cut from the full one: which"]]
    sure_late: NotRequired[Annotated[list[Word], "a cut card: the secrets it counts late"]]


class LookupBlock(_Card):
    """LINGO's sheet at hand: fewer openers, the sheet says what to try next."""

    scheme: Literal["human-lookup"]


class SharedOpeners(TypedDict):
    """The openers and probe words shared by every start letter of a list."""

    openers: Annotated[list[Word], "the openers of every letter"]
    probes: Annotated[list[Word], "the probe words played in large groups"]
    distinct_words: Annotated[Count, "words to learn for the whole list"]


class SharedBlock(_Card):
    """LINGO's fewest words to learn: openers shared by every start letter."""

    scheme: Literal["shared"]
    shared: Annotated[SharedOpeners, "what every letter of the list shares"]


class ScmBlock(TypedDict):
    """LINGO's greedy rule of the 1992 paper: the smallest largest group."""

    scheme: Literal["scm"]
    heuristic: Annotated[Text, "how a move is chosen"]
    almost_winning: Annotated[Text, "which moves are preferred"]
    tie_breaks: Annotated[Text, "how ties are broken"]
    moves: Annotated[Text, "the moves weighed"]


class OptimalBlock(TypedDict):
    """The exact search of LINGO and Wordle: least total turns."""

    scheme: Literal["optimal"]
    objective: Annotated[Text, "what is minimized"]
    search: Annotated[Text, "how"]
    cap: Annotated[Count, "every secret within this many turns, where possible"]
    moves: Annotated[Text, "the moves weighed at each position"]
    top: Annotated[Count | None, "the moves weighed at each position, best first by the heuristic (null: all)"]
    heuristic: Annotated[str, "the heuristic that orders the moves"]
    opener: Annotated[Word | None, "the first guess"]
    opener_fixed: Annotated[bool, "the first guess was given, not searched"]
    proved_minimal: Annotated[bool, "no tree has fewer total turns (every move searched)"]
    proof: Annotated[Text, "what the proof covers"]
    total_turns: Annotated[Count, "the turns over every secret"]


class GreedyBlock(TypedDict):
    """A greedy rule of Wordle or Mastermind (and Knuth's)."""

    scheme: Annotated[str, "the rule's name"]
    method: Annotated[Text, "how a move is chosen"]
    opener: Annotated[Word, "the first guess"]
    tie_breaks: Annotated[Text, "how ties are broken"]
    opener_fixed: NotRequired[Annotated[bool, "the first guess was given, not chosen by the rule"]]
    heuristic: NotRequired[Annotated[str, "the heuristic's name"]]
    published: NotRequired[Annotated[Text, "the published figures this tree is compared with"]]


class MastermindOptimalBlock(TypedDict):
    """Mastermind's exact search: least total guesses (within a cap or not)."""

    scheme: Literal["optimal", "optimal-5"]
    method: Annotated[Text, "how a move is chosen"]
    objective: Annotated[Text, "what is minimized"]
    cap: Annotated[Count | None, "every code within this many guesses (null: no cap)"]
    moves: Annotated[Text, "the moves weighed at each position"]
    opener: Annotated[Word, "the first guess"]
    opener_fixed: Annotated[bool, "the first guess was given, not searched"]
    openers_searched: Annotated[dict[Word, Count | None], "each opener class searched: its least total (null: none within the cap)"]
    openers_at_least: Annotated[dict[Word, Count], "openers left unsearched: the lower bound that ruled each out"]
    proved_minimal: Annotated[bool, "no tree has fewer total guesses"]
    proof: Annotated[Text, "what the proof covers"]
    published: NotRequired[Annotated[Text, "the published figures this tree is compared with"]]


class HangmanBlock(TypedDict):
    """A greedy rule of Hangman."""

    scheme: Annotated[str, "the rule's name"]
    method: Annotated[Text, "how a letter is chosen"]
    ties: Annotated[Text, "how ties are broken"]
    losses: Annotated[Count, "the words lost (more misses than allowed)"]
    total_misses: Annotated[Count, "the misses over every word"]


class HangmanOptimalBlock(HangmanBlock):
    """Hangman's search for the fewest words lost, then the fewest misses."""

    complete: Annotated[bool, "the search ran to its end (no limit on positions was reached)"]
    losses_proved: Annotated[bool, "no tree loses fewer words"]
    losses_at_least: Annotated[Count, "the fewest words any tree loses, as far as proved"]
    search: Annotated[Text, "what was searched"]
    top: Annotated[Count, "the letters weighed at each large position"]
    positions: Annotated[Count, "positions searched"]
    loss_positions: Annotated[Count, "positions searched for fewest losses"]


StrategyBlock = Union[HumanBlock, LookupBlock, SharedBlock, ScmBlock, OptimalBlock, GreedyBlock,
                      MastermindOptimalBlock, HangmanBlock, HangmanOptimalBlock]
BLOCKS: tuple[type, ...] = typing.get_args(StrategyBlock)

#: the LINGO blocks by scheme
LINGO_BLOCKS = {"human": HumanBlock, "human-lookup": LookupBlock, "shared": SharedBlock, "scm": ScmBlock,
                "optimal": OptimalBlock}  # a LINGO tree's schemes, in the order the schema lists them


def block_type(game: str, feedback: str, scheme: str) -> type | None:
    """The record of the strategy block of a tree of ``game`` (its name),
    with ``feedback`` (its kind), built by ``scheme``; None: no scheme of
    that name is known for that game."""
    if feedback == "mask":
        return HangmanOptimalBlock if scheme == "optimal" else HangmanBlock
    if feedback == "pegs":
        return MastermindOptimalBlock if scheme in ("optimal", "optimal-5") else GreedyBlock
    if game == "wordle":
        return OptimalBlock if scheme == "optimal" else GreedyBlock
    return LINGO_BLOCKS.get(scheme)


@functools.cache
def fields(record: type) -> Mapping[str, tuple[Any, str, bool]]:
    """A record's fields in order: name -> (type, description, required)
    (worked out once per record: a card read asks it of every group)."""
    hints = typing.get_type_hints(record, include_extras=True)
    out = {}
    for name, hint in hints.items():
        text, required = "", True
        while True:
            origin = typing.get_origin(hint)
            if origin is NotRequired:  # (the record's __required_keys__ miss it under postponed annotations)
                hint, required = typing.get_args(hint)[0], False
            elif origin is Annotated:
                args = typing.get_args(hint)
                text = text or next((str(a) for a in reversed(args[1:]) if a != AT_LEAST_0), "")
                hint = args[0] if AT_LEAST_0 not in args[1:] else Annotated[args[0], AT_LEAST_0]
                if hint is not args[0]:
                    break
            else:
                break
        out[name] = (hint, text, required)
    # the order of the file: the scheme first, then as declared from the base up
    return types.MappingProxyType(dict(sorted(out.items(), key=lambda kv: kv[0] != "scheme")))


def block_problem(game: str, feedback: str, block: Mapping[str, Any]) -> str | None:
    """What is wrong with a tree's strategy block, or None."""
    if "scheme" not in block:
        return "strategy: missing 'scheme'"
    scheme = block["scheme"]
    if not isinstance(scheme, str) or not scheme:
        return "strategy: 'scheme' must be a name"
    record = block_type(game, feedback, scheme)
    if record is None:
        return f"strategy: no scheme {scheme!r} is known for {game}"
    return _record_problem(record, block, "strategy")


def _record_problem(record: type, value: Any, where: str) -> str | None:
    if not isinstance(value, dict):
        return f"{where}: must be an object"
    known = fields(record)
    for name in value:
        if name not in known:
            return f"{where}: unknown key {name!r}"
    for name, (hint, _, required) in known.items():
        if name not in value:
            if required:
                return f"{where}: missing {name!r}"
            continue
        problem = _value_problem(hint, value[name], f"{where}.{name}")
        if problem:
            return problem
    return None


def _value_problem(hint: Any, value: Any, where: str) -> str | None:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Annotated:
        if AT_LEAST_0 in args[1:] and type(value) is int and value < 0:
            return f"{where}: must be at least 0"
        return _value_problem(args[0], value, where)
    if origin in (Union, types.UnionType):
        if any(_value_problem(a, value, where) is None for a in args):
            return None
        return f"{where}: must be {' or '.join(_name(a) for a in args)}"
    if origin is Literal:
        return None if value in args else f"{where}: must be one of {', '.join(map(repr, args))}"
    if origin is list:
        if not isinstance(value, list):
            return f"{where}: must be a list"
        return next((p for i, v in enumerate(value) if (p := _value_problem(args[0], v, f"{where}[{i}]"))), None)
    if origin is dict:
        if not isinstance(value, dict):
            return f"{where}: must be an object"
        return next((p for k, v in value.items() if (p := _value_problem(args[1], v, f"{where}.{k}"))), None)
    if hint is type(None):
        return None if value is None else f"{where}: must be null"
    if typing.is_typeddict(hint):
        return _record_problem(hint, value, where)
    if hint is bool:
        return None if type(value) is bool else f"{where}: must be true or false"
    if hint is int:
        return None if type(value) is int else f"{where}: must be a whole number"
    if hint is str:
        return None if isinstance(value, str) else f"{where}: must be a string"
    raise TypeError(f"no check for {hint!r}")  # a record uses a type this module does not know


def _name(hint: Any) -> str:
    origin = typing.get_origin(hint)
    if origin is Annotated:
        args = typing.get_args(hint)
        return _name(args[0]) + (" of at least 0" if AT_LEAST_0 in args[1:] else "")
    return {str: "a string", int: "a whole number", bool: "true or false", type(None): "null"}.get(hint, str(hint))


CardBlock = Union[HumanBlock, LookupBlock, SharedBlock]


def card_block(block: StrategyBlock) -> CardBlock | None:
    """The block of a card (openers, groups and exception moves), or None."""
    return cast(CardBlock, block) if "groups" in block and "openers" in block else None


def shared_block(block: StrategyBlock) -> SharedBlock | None:
    """The block of a card whose openers every letter shares, or None."""
    return cast(SharedBlock, block) if "shared" in block else None


def hangman_block(block: StrategyBlock) -> HangmanBlock | HangmanOptimalBlock | None:
    """The block of a Hangman tree (its words lost counted), or None."""
    return cast(HangmanOptimalBlock, block) if "losses" in block else None


def opener_of(block: StrategyBlock) -> Word | None:
    """The first guess a greedy or exact tree's block names, or None."""
    opener = block.get("opener")
    return opener if isinstance(opener, str) else None

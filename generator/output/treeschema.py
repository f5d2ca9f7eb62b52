"""The JSON Schema of the tree format (:mod:`generator.output.treefile`),
published as ``trees/schema.json`` (``lingo-trees schema`` writes it).

Its strategy definitions are made from the typed records of
:mod:`generator.core.blocks`, one per scheme, so that the schema, the
reader's checks and the code that builds the blocks name the same fields:
a field the record requires is ``required`` here, and an object has no key
the record does not name. Which definition a tree's ``strategy`` follows
depends on its game's name, its feedback kind and its scheme, as in
:func:`generator.core.blocks.block_type`; ``_CHOICES`` says it to a validator.

>>> sorted(SCHEMA["$defs"])[:3]
['card-exception', 'greedy', 'group']
>>> SCHEMA["$defs"]["human"]["properties"]["exceptions"]["items"]
{'$ref': '#/$defs/card-exception'}
"""

from __future__ import annotations

import re
import types
import typing
from typing import Any, Literal, Union

from generator.core.blocks import (
    AT_LEAST_0,
    BLOCKS,
    LINGO_BLOCKS,
    GreedyBlock,
    HangmanBlock,
    HangmanOptimalBlock,
    MastermindOptimalBlock,
    OptimalBlock,
    fields,
)
from generator.output.treefile import FORMAT, READS, SCHEMA_ID_PREFIX, VERSION

#: a key of ``next``: a positional pattern, pegs or a Hangman mask
_PATTERN = "^([GY.]+|[0-9]+B[0-9]+W|[_a-z]+)$"


def _def_name(record: type) -> str:
    """The definition's name: ``HumanBlock`` -> ``human``, ``GroupPart`` -> ``group-part``."""
    name = record.__name__.removesuffix("Block")
    return {"Lookup": "human-lookup", "Scm": "scm"}.get(name) or re.sub(r"(?<!^)([A-Z])", r"-\1", name).lower()


def _type_schema(hint: Any) -> dict[str, Any]:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Annotated:
        out = _type_schema(args[0])
        if AT_LEAST_0 in args[1:]:
            out["minimum"] = 0
        return out
    if origin in (Union, types.UnionType):
        kinds = [_type_schema(a) for a in args]
        if all(set(k) <= {"type", "minimum"} for k in kinds):  # e.g. integer or null
            merged: dict[str, Any] = {"type": [k["type"] for k in kinds]}
            return merged | {k: v for kind in kinds for k, v in kind.items() if k != "type"}
        return {"anyOf": kinds}
    if origin is Literal:
        return {"const": args[0]} if len(args) == 1 else {"enum": list(args)}
    if origin is list:
        return {"type": "array", "items": _type_schema(args[0])}
    if origin is dict:
        return {"type": "object", "additionalProperties": _type_schema(args[1])}
    if typing.is_typeddict(hint):
        return {"$ref": f"#/$defs/{_def_name(hint)}"}
    return {"type": {str: "string", int: "integer", bool: "boolean", type(None): "null"}[hint]}


def _record_schema(record: type) -> dict[str, Any]:
    """A record of :mod:`generator.core.blocks` as a JSON Schema object."""
    known = fields(record)
    properties = {}
    for name, (hint, text, _) in known.items():
        properties[name] = _type_schema(hint) | ({"description": text} if text else {})
    return {"description": (record.__doc__ or "").strip().split("\n")[0], "type": "object",
            "required": [n for n, (_, _, required) in known.items() if required],
            "additionalProperties": False, "properties": properties}


def _nested(record: type, seen: dict[str, type]) -> dict[str, type]:
    """``record`` and the records its fields hold, by definition name."""
    if _def_name(record) not in seen:
        seen[_def_name(record)] = record
        for hint, _, _ in fields(record).values():
            for inner in _walk(hint):
                _nested(inner, seen)
    return seen


def _walk(hint: Any) -> list[type]:
    if typing.is_typeddict(hint):
        return [hint]
    return [r for a in typing.get_args(hint) if not isinstance(a, str) for r in _walk(a)]


_ALL_RECORDS: dict[str, type] = {}
for _block in BLOCKS:
    _nested(_block, _ALL_RECORDS)

# which definition a tree's strategy follows: the game (name, feedback kind) and schemes -> definition
_LINGO = {"feedback": {"const": "positional"}, "name": {"not": {"const": "wordle"}}}
_WORDLE = {"feedback": {"const": "positional"}, "name": {"const": "wordle"}}
_CHOICES: list[tuple[tuple[dict[str, Any], dict[str, Any]], type]] = [
    *(((_LINGO, {"const": scheme}), record) for scheme, record in LINGO_BLOCKS.items()),
    ((_WORDLE, {"const": "optimal"}), OptimalBlock),
    ((_WORDLE, {"not": {"const": "optimal"}}), GreedyBlock),
    (({"feedback": {"const": "pegs"}}, {"enum": ["optimal", "optimal-5"]}), MastermindOptimalBlock),
    (({"feedback": {"const": "pegs"}}, {"not": {"enum": ["optimal", "optimal-5"]}}), GreedyBlock),
    (({"feedback": {"const": "mask"}}, {"const": "optimal"}), HangmanOptimalBlock),
    (({"feedback": {"const": "mask"}}, {"not": {"const": "optimal"}}), HangmanBlock),
]
_LINGO_SCHEMES = list(LINGO_BLOCKS)  # a LINGO tree's scheme is one of LINGO's


def _choice(condition: tuple[dict[str, Any], dict[str, Any]], record: type) -> dict[str, Any]:
    game, scheme = condition
    return {"if": {"properties": {"game": {"type": "object", "properties": game},
                                  "strategy": {"type": "object", "properties": {"scheme": scheme}}}},
            "then": {"properties": {"strategy": {"$ref": f"#/$defs/{_def_name(record)}"}}}}


_WORD = {"type": "string", "minLength": 1}

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": f"{SCHEMA_ID_PREFIX}{VERSION}.json",
    "title": f"lingo-trees strategy tree, format version {VERSION} (reads {', '.join(map(str, READS))})",
    "description": "A precomputed decision tree for a word-guessing game. "
    "A node is a word (play it: it is the answer) or {guess, next}: play guess, "
    "then follow next[feedback pattern]. Positional patterns (game.feedback positional) have one "
    "mark per letter: G right place, Y elsewhere in the word, . absent; the all-green pattern is "
    "never a key. Pegs patterns (Mastermind) are <b>B<w>W: b right symbol in the right place, "
    "w right symbol elsewhere. Mask patterns (Hangman: a guess is a letter) are the word with "
    "every letter but the one called as _.",
    "type": "object",
    "required": ["format", "version", "game", "wordlists", "strategy", "stats", "secrets", "root"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": FORMAT},
        "version": {"enum": list(READS)},
        "fingerprint": {
            "description": "What made the tree (version 2; absent in version 1 files): a build keeps a "
            "tree whose digest is the one it would give it, and rebuilds it otherwise.",
            "type": "object",
            "required": ["algorithm", "inputs", "params", "digest"],
            "additionalProperties": False,
            "properties": {
                "algorithm": {"type": "string", "description": "the strategy and the version of its "
                              "algorithm, bumped by every change of its results"},
                "inputs": {"type": "object", "additionalProperties": {"type": "string"},
                           "description": "SHA-256 of the content of each word list used, by role"},
                "params": {"type": "object", "description": "what was asked: set-up, rule, strategy, "
                           "letter, turns, seed and the search's options"},
                "digest": {"type": "string", "pattern": "^[0-9a-f]{64}$",
                           "description": "SHA-256 of algorithm, inputs and params"},
            },
        },
        "game": {
            "type": "object",
            "required": ["name", "feedback", "length", "turns", "revealed", "guess_rule", "digraphs"],
            "additionalProperties": False,
            "properties": {
                "name": {"type": "string"},
                "feedback": {"enum": ["positional", "pegs", "mask"]},
                "length": {"type": "integer", "minimum": 1, "maximum": 63},
                "turns": {"type": "integer", "minimum": 1, "maximum": 1000},
                "revealed": {"type": ["string", "null"], "minLength": 1, "maxLength": 2},
                "guess_rule": {"enum": ["free", "same-start", "hard", "self-hard"]},
                "digraphs": {"type": "array", "items": {"type": "string", "minLength": 2, "maxLength": 2}},
                "symbols": {"type": "string", "minLength": 2},
                "repeats": {"type": "boolean"},
                "misses": {"type": "integer", "minimum": 0},
            },
            "allOf": [
                {
                    "if": {"properties": {"feedback": {"const": "mask"}}},
                    "then": {"required": ["misses"]},
                    "else": {"properties": {"length": {"type": "integer", "minimum": 2, "maximum": 20}}},
                },
                {
                    "if": {"properties": {"feedback": {"const": "pegs"}}},
                    "then": {"required": ["symbols", "repeats"]},
                },
            ],
        },
        "wordlists": {
            "type": "object",
            "required": ["answers", "guesses"],
            "additionalProperties": False,
            "properties": {"answers": {"type": "string"}, "guesses": {"type": "string"}},
        },
        "strategy": {
            "description": "How the tree was built: one of the strategy definitions, chosen by the game's "
            "name, its feedback kind and the scheme (see allOf)",
            "type": "object",
            "required": ["scheme"],
            "properties": {"scheme": {"type": "string", "minLength": 1}},
        },
        "stats": {
            "type": "object",
            "required": ["secrets", "total_turns", "max_turns", "mean_turns", "turns"],
            "additionalProperties": False,
            "properties": {
                "secrets": {"type": "integer", "minimum": 0},
                "total_turns": {"type": "integer", "minimum": 0},
                "max_turns": {"type": "integer", "minimum": 0},
                "mean_turns": {"type": "number", "minimum": 0},
                "turns": {
                    "type": "object",
                    "patternProperties": {"^[1-9][0-9]*$": {"type": "integer", "minimum": 1}},
                    "additionalProperties": False,
                },
                "misses": {
                    "type": "object",
                    "patternProperties": {"^(0|[1-9][0-9]*)$": {"type": "integer", "minimum": 1}},
                    "additionalProperties": False,
                },
            },
        },
        "secrets": {"type": "array", "items": _WORD, "uniqueItems": True},
        "late": {"type": "array", "items": _WORD, "uniqueItems": True,
                 "description": "the secrets the tree solves only after the last turn (Hangman: the words lost)"},
        "root": {"$ref": "#/$defs/node"},
    },
    "allOf": [
        *(_choice(condition, name) for condition, name in _CHOICES),
        {"if": {"properties": {"game": {"type": "object", "properties": _LINGO}}},
         "then": {"properties": {"strategy": {"type": "object", "properties": {"scheme": {"enum": _LINGO_SCHEMES}}}}}},
    ],
    "$defs": {
        **{name: _record_schema(r) for name, r in _ALL_RECORDS.items()},
        "node": {
            "oneOf": [
                _WORD,
                {
                    "type": "object",
                    "required": ["guess", "next"],
                    "additionalProperties": False,
                    "properties": {
                        "guess": _WORD,
                        "next": {
                            "type": "object",
                            "propertyNames": {"pattern": _PATTERN},
                            "additionalProperties": {"$ref": "#/$defs/node"},
                        },
                    },
                },
            ]
        }
    },
}


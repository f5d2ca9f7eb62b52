"""Fingerprints: what made a tree, so that a build reuses what is up to date.

A tree's **fingerprint** names everything its bytes depend on:

* ``inputs``: the SHA-256 of its word lists (the answers and the guesses, as
  shipped; for a code game, of the code list made from the rules);
* ``params``: what was asked (set-up, rule, strategy, letter, seed, search
  limits ...), as plain JSON values;
* ``algorithm``: the strategy's name and version (``lingo/human 1``) from
  :mod:`generator.core.strategies`: a change of the code that changes what a
  strategy builds must bump its version there;
* ``digest``: the SHA-256 of the three above, written canonically.

Two trees with the same digest are the same bytes; a build (``lingo-trees
build``, ``exact``, ``mastermind build``, ``hangman build``) that finds a file
with the digest it would make keeps the file (``--force`` rebuilds it).

>>> f = fingerprint({"answers": "a" * 64, "guesses": "b" * 64}, {"letter": "q"}, "lingo/scm 1")
>>> f["digest"] == fingerprint({"guesses": "b" * 64, "answers": "a" * 64}, {"letter": "q"}, "lingo/scm 1")["digest"]
True
"""

from __future__ import annotations

import hashlib
from functools import cache
from typing import Any

import orjson

from generator.core.catalog import list_spec, load_list
from generator.core.kinds import code_list
from generator.core.rules import Game
from generator.core.sayable import banned_words

Fingerprint = dict[str, Any]


def fingerprint(inputs: dict[str, str], params: dict[str, Any], algorithm: str) -> Fingerprint:
    """The fingerprint of a tree made by ``algorithm`` from ``inputs`` (list
    digests) with ``params``."""
    body = {"algorithm": algorithm, "inputs": dict(sorted(inputs.items())),
            "params": dict(sorted(params.items()))}
    digest = hashlib.sha256(orjson.dumps(body, option=orjson.OPT_SORT_KEYS)).hexdigest()
    return {**body, "digest": digest}


@cache
def list_digest(list_id: str) -> str:
    """The SHA-256 of a shipped word list's file (cached per process)."""
    return hashlib.sha256(list_spec(list_id).path.read_bytes()).hexdigest()


def code_list_digest(game: Game) -> str:
    """The SHA-256 of a code game's list (one code a line), made from its rules."""
    return hashlib.sha256("".join(c + "\n" for c in code_list(game).words).encode()).hexdigest()


def lists_digests(answers: str, guesses: str, game: str) -> dict[str, str]:
    """``inputs`` of a tree of ``game`` (its name) built from two shipped
    lists: their digests, and where some guesses are banned (blocked words
    that are no answer, never played: :mod:`generator.core.sayable`), the
    digest of those."""
    out = {"answers": list_digest(answers), "guesses": list_digest(guesses)}
    banned = banned_words(load_list(answers), load_list(guesses), game)
    if banned:
        out["banned"] = hashlib.sha256("".join(w + "\n" for w in banned).encode()).hexdigest()
    return out

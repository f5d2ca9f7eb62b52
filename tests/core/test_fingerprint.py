"""Fingerprints (generator/core/fingerprint.py): what made a tree, canonically hashed."""

from __future__ import annotations

import hashlib

from generator.core.catalog import list_spec
from generator.core.fingerprint import code_list_digest, fingerprint, list_digest, lists_digests
from generator.games.mastermind import variant

INPUTS = {"answers": "a" * 64, "guesses": "b" * 64}


def test_the_digest_does_not_depend_on_key_order() -> None:
    one = fingerprint(INPUTS, {"letter": "q", "rule": "free"}, "lingo/scm 1")
    two = fingerprint(dict(reversed(INPUTS.items())), {"rule": "free", "letter": "q"}, "lingo/scm 1")
    assert one == two and list(one) == ["algorithm", "inputs", "params", "digest"]
    assert len(one["digest"]) == 64


def test_every_part_changes_the_digest() -> None:
    base = fingerprint(INPUTS, {"letter": "q"}, "lingo/scm 1")["digest"]
    others = [fingerprint({**INPUTS, "answers": "c" * 64}, {"letter": "q"}, "lingo/scm 1"),
              fingerprint(INPUTS, {"letter": "x"}, "lingo/scm 1"),
              fingerprint(INPUTS, {"letter": "q", "seed": 1}, "lingo/scm 1"),
              fingerprint(INPUTS, {"letter": "q"}, "lingo/scm 2")]
    assert len({base, *(f["digest"] for f in others)}) == 5


def test_a_list_digest_is_the_sha256_of_its_file() -> None:
    spec = list_spec("nl-basis-5")
    assert list_digest("nl-basis-5") == hashlib.sha256(spec.path.read_bytes()).hexdigest()
    assert lists_digests("wordle-answers", "wordle-allowed", "wordle") == {
        "answers": list_digest("wordle-answers"), "guesses": list_digest("wordle-allowed")}
    lingo = lists_digests("nl-basis-5", "nl-all-5", "lingo")  # a game said aloud: its banned guesses too
    assert set(lingo) == {"answers", "guesses", "banned"} and lingo["answers"] == list_digest("nl-basis-5")


def test_a_code_list_digest_follows_the_rules() -> None:
    assert code_list_digest(variant("4x6").game) != code_list_digest(variant("4x10-distinct").game)

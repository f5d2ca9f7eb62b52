"""One tree per (set-up, rule, strategy, letter), verified."""

from __future__ import annotations

import pytest

from generator.core.catalog import load_list
from generator.core.verify import verify_tree
from generator.errors import LingoTreesError
from generator.runs.letters import build_tree


@pytest.mark.parametrize("strategy", ["scm", "human", "human-lookup"])
@pytest.mark.parametrize("rule", ["free", "same-start"])
def test_small_letters_verify(strategy: str, rule: str) -> None:
    for setup_id, letter in (("nl", "u"), ("nl-ij", "ij"), ("en", "x")):
        tree = build_tree(setup_id, rule, strategy, letter)
        verdict = verify_tree(tree, load_list(tree.answers), load_list(tree.guesses))
        assert verdict.ok, verdict.problems
        assert tree.strategy["scheme"] == strategy
        assert tree.game.revealed == letter and tree.game.guess_rule.value == rule


def test_any_word_needs_no_more_words_than_common_words_and_marks_the_rare_ones() -> None:
    for letter in ("u", "q"):
        common = build_tree("nl", "free", "human", letter)
        anyword = build_tree("nl", "free", "human-any", letter)
        assert verify_tree(anyword, load_list(anyword.answers), load_list(anyword.guesses)).ok
        assert anyword.strategy["scheme"] == "human"
        assert anyword.strategy["words_to_learn"] <= common.strategy["words_to_learn"]
        said = set(anyword.strategy["openers"]) | {e["word"] for e in anyword.strategy["exceptions"]}
        assert set(anyword.strategy.get("uncommon", [])) <= said  # the rare words it asks for, named


def test_digraph_letter_is_one_letter() -> None:
    tree = build_tree("nl-ij", "same-start", "human", "ij")
    assert all(s.startswith("ij") for s in tree.secrets)
    assert tree.game.digraphs == ("ij",)
    assert all(w.startswith("ij") for w in tree.strategy["openers"])


@pytest.mark.parametrize("args,message", [
    (("xx", "free", "human", "a"), "unknown set-up 'xx'"),
    (("nl", "loose", "human", "a"), "unknown guess rule 'loose'"),
    (("nl", "free", "magic", "a"), "unknown strategy 'magic'"),
    (("nl", "free", "human", "ä"), "no answer of set-up 'nl' begins with 'ä'"),
    (("nl", "free", "shared", "a"), "needs its openers for the whole list"),
])
def test_bad_requests(args: tuple[str, str, str, str], message: str) -> None:
    with pytest.raises(LingoTreesError, match=message):
        build_tree(*args)

"""Mastermind and Bulls and Cows: peg feedback, the published strategies, the
tree files and the verifier, the command."""

from __future__ import annotations

import copy
import itertools
import re
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games import mastermind as mm
from generator.cli import main
from generator.errors import RulesError
from generator.core.tree import Node
from generator.output.treefile import dump_tree, load_tree
from generator.core.verify import game_lists, verify_tree


def brute_pegs(guess: str, secret: str) -> str:
    """The pegs by their definition: blacks are equal places; the whites are
    the largest matching of equal symbols over the other places."""
    rest = [i for i in range(len(guess)) if guess[i] != secret[i]]
    black = len(guess) - len(rest)
    best = 0
    # try every assignment of unmatched guess places to unmatched secret places
    for perm in itertools.permutations(rest):
        best = max(best, sum(guess[i] == secret[j] for i, j in zip(rest, perm)))
    return f"{black}B{best}W"


@pytest.mark.parametrize("guess, secret, pattern", [
    ("1122", "1223", "2B1W"),
    ("1122", "1122", "4B0W"),
    ("1234", "4321", "0B4W"),
    ("1111", "1122", "2B0W"),
    ("1122", "2211", "0B4W"),
    ("1123", "3111", "1B2W"),
    ("5566", "1234", "0B0W"),
    ("1212", "2121", "0B4W"),
    ("0123", "0132", "2B2W"),
])
def test_pegs_pinned(guess: str, secret: str, pattern: str) -> None:
    assert mm.pegs(guess, secret) == pattern
    assert mm.pegs(secret, guess) == pattern  # symmetric


@settings(max_examples=300, deadline=None)
@given(st.text("123456", min_size=4, max_size=4), st.text("123456", min_size=4, max_size=4))
def test_pegs_match_the_brute_force_definition(guess: str, secret: str) -> None:
    assert mm.pegs(guess, secret) == brute_pegs(guess, secret)


@pytest.mark.parametrize("name", ["4x6", "bulls-and-cows", "3x4", "3x5-distinct"])
def test_pegs_matrix_agrees_with_the_scalar_reference(name: str) -> None:
    game = mm.variant(name).game
    m = mm.matrix(game)
    words = m.answers.words
    rng = np.random.default_rng(1)
    for g, s in rng.integers(0, len(words), size=(400, 2)):
        assert m.pattern(int(m.codes[g, s])) == mm.pegs(words[g], words[s])


def test_variants_and_their_code_counts() -> None:
    assert len(mm.code_list(mm.variant("4x6").game)) == 1296
    assert len(mm.code_list(mm.variant("bulls-and-cows").game)) == 5040
    assert mm.code_list(mm.variant("4x6").game).words[:2] == ("1111", "1112")
    assert mm.opener_classes(mm.variant("4x6").game) == ["1111", "1112", "1122", "1123", "1234"]
    with pytest.raises(RulesError, match="unknown Mastermind variant"):
        mm.variant("4by6")
    with pytest.raises(RulesError, match="need"):
        mm.variant("5x3-distinct")


@pytest.fixture(scope="module")
def knuth():  # type: ignore[no-untyped-def]
    tree, _ = mm.build(mm.variant("4x6"), "knuth")
    return tree


def test_knuth_reproduces_worst_case_5_total_5801(knuth) -> None:  # type: ignore[no-untyped-def]
    assert knuth.root.guess == "1122"
    assert knuth.stats.total_turns == 5801
    assert knuth.stats.max_turns == 5
    assert knuth.stats.turns == {1: 1, 2: 6, 3: 62, 4: 533, 5: 694}


@pytest.mark.parametrize("strategy, opener, total, at_six", [
    ("expected", "1123", 5696, 3),    # Irving's rule in Kooi 2005's table
    ("entropy", "1234", 5722, 12),    # Neuwirth's
    ("most-parts", "1123", 5668, 7),  # Kooi's
])
def test_greedy_rules_reproduce_kooi_2005(strategy: str, opener: str, total: int, at_six: int) -> None:
    tree, _ = mm.build(mm.variant("4x6"), strategy)
    assert (tree.root.guess, tree.stats.total_turns, tree.stats.turns.get(6, 0)) == (opener, total, at_six)


def test_exact_search_on_a_small_variant_beats_or_equals_greedy() -> None:
    v = mm.variant("3x3")
    exact, _ = mm.build(v, "optimal", workers=1)
    assert exact.strategy["proved_minimal"]
    for name in ("knuth", "expected", "entropy", "most-parts"):
        greedy, _ = mm.build(v, name)
        assert exact.stats.total_turns <= greedy.stats.total_turns
    capped, _ = mm.build(v, "optimal-5", workers=1)
    assert capped.stats.max_turns <= 5
    assert verify_tree(exact, *game_lists(exact)).ok


def test_opener_pruning_gives_the_totals_of_full_searches() -> None:
    # every opener class searched on its own (no cut) against the pruned search
    v = mm.variant("4x4")
    full = {o: mm.exact_tree(v, o, None, workers=1).total for o in mm.opener_classes(v.game)}
    tree, _ = mm.build(v, "optimal", workers=1)
    assert tree.strategy["openers_at_least"]  # 1111 is cut without a search
    best = min(full.values())
    assert tree.stats.total_turns == best
    assert tree.strategy["opener"] == min(o for o, t in full.items() if t == best)
    for o, at_least in tree.strategy["openers_at_least"].items():
        assert best < at_least <= full[o]
    for o, total in tree.strategy["openers_searched"].items():
        assert total is None or total == full[o]
    assert all(full[o] >= mm.opener_floor(v, o, None) for o in full)


def test_tree_file_round_trip_and_verify(knuth) -> None:  # type: ignore[no-untyped-def]
    raw = dump_tree(knuth)
    again = load_tree(raw)
    assert dump_tree(again) == raw
    assert again.game.feedback == "pegs" and again.game.symbols == "123456" and again.game.repeats
    verdict = verify_tree(again, *game_lists(again))
    assert verdict.ok, verdict.problems
    assert verdict.stats.total_turns == 5801


def _first_node_path(root):  # type: ignore[no-untyped-def]
    for pattern, child in sorted(root.next.items()):
        if isinstance(child, Node):
            return pattern, child
    raise AssertionError


def test_verifier_catches_a_broken_mastermind_tree(knuth) -> None:  # type: ignore[no-untyped-def]
    lists = game_lists(knuth)
    # a branch sent to the wrong subtree
    bad = copy.deepcopy(knuth)
    pattern, child = _first_node_path(bad.root)
    other = sorted(p for p in bad.root.next if p != pattern)[0]
    bad.root.next[pattern] = bad.root.next[other]
    assert not verify_tree(bad, *lists).ok
    # a malformed pattern key, a guess that is no code, wrong stats
    bad = copy.deepcopy(knuth)
    bad.root.next["5B0W"] = "1111"
    assert any("not a pattern <b>B<w>W" in p for p in verify_tree(bad, *lists).problems)
    bad = copy.deepcopy(knuth)
    bad.root.guess = "1127"
    assert any("not in the guesses list" in p for p in verify_tree(bad, *lists).problems)
    bad = copy.deepcopy(knuth)
    bad.stats = mm.game_tree(mm.variant("4x6"), "1111", {}).stats if False else bad.stats
    bad.secrets = bad.secrets[:-1]
    assert any("missing" in p for p in verify_tree(bad, *lists).problems)


def test_verify_rejects_a_wrong_code_list_name(knuth) -> None:  # type: ignore[no-untyped-def]
    bad = copy.deepcopy(knuth)
    bad.answers = "codes-4x7"
    with pytest.raises(RulesError.__mro__[1], match="not the code list"):
        game_lists(bad)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_command_feedback(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "mastermind", "feedback", "1122", "1223") == (0, "2B1W\n", "")
    assert run(capsys, "mastermind", "feedback", "0123", "3210", "--variant", "bulls-and-cows") == (0, "0B4W\n", "")


@pytest.mark.parametrize("argv, message", [
    (["mastermind", "feedback", "1122", "12"], "not a code of 4x6"),
    (["mastermind", "feedback", "1172", "1122"], "not a code"),
    (["mastermind", "build", "--variant", "3x"], "unknown Mastermind variant"),
    (["mastermind", "report", "--variant", "6x8-distinct"], "codes: more than"),
    (["mastermind", "build", "--strategy", "nope"], "invalid choice"),
    (["mastermind", "build", "--variant", "3x3", "--strategy", "optimal", "--opener", "999", "-q"],
     "opener '999' is not a code of 3x3"),
])
def test_command_errors_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    with pytest.raises(SystemExit) if "nope" in argv else _no_raise():
        code, out, err = run(capsys, *argv)
        assert code == 2
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("lingo-trees: error: "), err
        assert re.search(message, lines[0])
    if "nope" in argv:
        err = capsys.readouterr().err
        assert err.startswith("lingo-trees: error: ") and len(err.splitlines()) == 1


class _no_raise:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return False


def test_committed_mastermind_trees_verify() -> None:
    from pathlib import Path

    from generator.output.treefile import read_tree

    root = Path(__file__).resolve().parent.parent / "trees" / "mastermind"
    files = sorted(root.rglob("all.json"))
    assert files
    for path in files:
        tree = read_tree(path)
        verdict = verify_tree(tree, *game_lists(tree))
        assert verdict.ok, (path, verdict.problems)
        assert Counter(tree.secrets) and tree.game.feedback == "pegs"

"""Mastermind trees built: greedy rules against the literature, the exact search over openers (generator/runs/mastermind.py)."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from generator.core.tree import Node
from generator.core.verify import game_lists, verify_tree
from generator.errors import RulesError
from generator.games import mastermind as mm
from generator.output.treefile import dump_tree, load_tree
from generator.runs.jobs import Processes
from generator.runs.mastermind import exact_tree, mastermind_tree, opener_floor


@pytest.fixture(scope="module")
def knuth():  # type: ignore[no-untyped-def]
    tree, _ = mastermind_tree(mm.variant("4x6"), "knuth")
    return tree

def _first_node_path(root):  # type: ignore[no-untyped-def]
    for pattern, child in sorted(root.next.items()):
        if isinstance(child, Node):
            return pattern, child
    raise AssertionError


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
    tree, _ = mastermind_tree(mm.variant("4x6"), strategy)
    assert (tree.root.guess, tree.stats.total_turns, tree.stats.turns.get(6, 0)) == (opener, total, at_six)


def test_exact_search_on_a_small_variant_beats_or_equals_greedy(kit) -> None:
    v = mm.variant("3x3")
    exact, _ = mastermind_tree(v, "optimal", runner=Processes(1))
    assert exact.strategy["proved_minimal"]
    for name in ("knuth", "expected", "entropy", "most-parts"):
        greedy, _ = mastermind_tree(v, name)
        assert exact.stats.total_turns <= greedy.stats.total_turns
    capped, _ = mastermind_tree(v, "optimal-5", runner=Processes(1))
    assert capped.stats.max_turns <= 5
    assert verify_tree(exact, *game_lists(exact)).ok


def test_opener_pruning_gives_the_totals_of_full_searches() -> None:
    # every opener class searched on its own (no cut) against the pruned search
    v = mm.variant("4x4")
    full = {o: exact_tree(v, o, None, runner=Processes(1)).total for o in mm.opener_classes(v.game)}
    tree, _ = mastermind_tree(v, "optimal", runner=Processes(1))
    assert tree.strategy["openers_at_least"]  # 1111 is cut without a search
    best = min(full.values())
    assert tree.stats.total_turns == best
    assert tree.strategy["opener"] == min(o for o, t in full.items() if t == best)
    for o, at_least in tree.strategy["openers_at_least"].items():
        assert best < at_least <= full[o]
    for o, total in tree.strategy["openers_searched"].items():
        assert total is None or total == full[o]
    assert all(full[o] >= opener_floor(v, o, None) for o in full)


def test_tree_file_round_trip_and_verify(knuth) -> None:  # type: ignore[no-untyped-def]
    raw = dump_tree(knuth)
    again = load_tree(raw)
    assert dump_tree(again) == raw
    assert again.game.feedback == "pegs" and again.game.symbols == "123456" and again.game.repeats
    verdict = verify_tree(again, *game_lists(again))
    assert verdict.ok, verdict.problems
    assert verdict.stats.total_turns == 5801


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


def test_committed_mastermind_trees_verify() -> None:
    from pathlib import Path

    from generator.output.treefile import read_tree

    root = Path(__file__).resolve().parents[2] / "trees" / "mastermind"
    files = sorted(root.rglob("all.json"))
    assert files
    for path in files:
        tree = read_tree(path)
        verdict = verify_tree(tree, *game_lists(tree))
        assert verdict.ok, (path, verdict.problems)
        assert Counter(tree.secrets) and tree.game.feedback == "pegs"

"""Trees as plain data: play, walk, statistics."""

from __future__ import annotations

import pytest

from generator.core.feedback import feedback
from generator.core.tree import (
    Node,
    Stats,
    count_nodes,
    depth,
    play,
    stats_of,
    subtree,
    tree_stats,
    walk,
)

#   quant
#   ├─ GG...  query ── GGG..  queue
#   ├─ GGG..  quark ── GGG..  quasi
#   └─ GG..Y  quote
TREE = Node("quant", {
    "GG...": Node("query", {"GGG..": "queue"}),
    "GGG..": Node("quark", {"GGG..": "quasi"}),
    "GG..Y": "quote",
})
SECRETS = ("quant", "query", "queue", "quark", "quasi", "quote")


@pytest.mark.parametrize(
    "secret, guesses",
    [
        ("quant", ["quant"]),
        ("query", ["quant", "query"]),
        ("queue", ["quant", "query", "queue"]),
        ("quasi", ["quant", "quark", "quasi"]),
        ("quote", ["quant", "quote"]),
    ],
)
def test_play(secret: str, guesses: list[str]) -> None:
    assert play(TREE, secret, feedback) == guesses


def test_play_missing_branch_raises_key_error() -> None:
    with pytest.raises(KeyError):
        play(TREE, "quilt", feedback)


def test_play_wrong_leaf_raises() -> None:
    tree = Node("quant", {"GG..Y": "quota"})
    with pytest.raises(ValueError, match="leaf 'quota' is not the secret 'quote'"):
        play(tree, "quote", feedback)


def test_play_limit() -> None:
    loop = Node("quant", {})
    loop.next["GG..."] = loop
    with pytest.raises(ValueError, match="within 10 guesses"):
        play(loop, "query", feedback, limit=10)


def test_a_leaf_alone_is_a_tree() -> None:
    assert play("cigar", "cigar", feedback) == ["cigar"]
    assert depth("cigar") == 1 and count_nodes("cigar") == 0


def test_walk_is_depth_first_in_pattern_order() -> None:
    paths = [path for path, _ in walk(TREE)]
    assert paths == [(), ("GG...",), ("GG...", "GGG.."), ("GG..Y",), ("GGG..",), ("GGG..", "GGG..")]


def test_count_nodes_depth_subtree() -> None:
    assert count_nodes(TREE) == 3
    assert depth(TREE) == 3
    assert subtree(TREE, ("GGG..", "GGG..")) == "quasi"
    assert subtree(TREE, ()) is TREE
    with pytest.raises(KeyError):
        subtree(TREE, ("GG..Y", "GGGGG"))
    with pytest.raises(KeyError):
        subtree(TREE, ("Y....",))


def test_tree_stats() -> None:
    stats = tree_stats(TREE, SECRETS, feedback)
    assert stats == Stats(secrets=6, total_turns=1 + 2 + 3 + 2 + 3 + 2, max_turns=3,
                          turns={1: 1, 2: 3, 3: 2})
    assert stats.mean_turns == round(13 / 6, 4) == 2.1667


def test_stats_of_empty() -> None:
    stats = stats_of({})
    assert stats == Stats(0, 0, 0, {}) and stats.mean_turns == 0.0


def test_repr_is_code() -> None:
    node = Node("quant", {"GG..Y": "quote"})
    assert eval(repr(node)) == node


def test_greedy_helper_builds_correct_trees(kit) -> None:
    tree = kit.lingo_tree("q")
    assert tree.stats is not None and tree.stats.secrets == 10
    assert tree_stats(tree.root, tree.secrets, feedback) == tree.stats
    assert kit.greedy(["cigar"]) == "cigar"

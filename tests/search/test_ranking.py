"""First words ranked (generator/search/ranking.py)."""

from __future__ import annotations

import numpy as np

from generator.core.catalog import load_list
from generator.core.partition import Matrix
from generator.core.scoring import minimax, rank
from generator.search.ranking import OPTIMAL, OpenerRanking, OpenerScore, first_moves, ordered


def test_first_moves_are_the_greedy_choice_order() -> None:
    m = Matrix.build(load_list("wordle-allowed"), load_list("wordle-answers"))
    cols = np.arange(len(m.answers), dtype=np.int64)
    rows = np.arange(0, len(m.guesses), 7, dtype=np.int64)
    best = first_moves(m, rows, cols, minimax)
    assert sorted(best.tolist()) == rows.tolist()
    largest = m.stats(best, cols).largest
    assert (np.diff(largest) >= 0).all()  # minimax: the smallest largest group first
    assert best[0] == rows[rank(m.stats(rows, cols), minimax, rows)[0]]


def test_a_ranking_orders_by_total_then_first_move_place() -> None:
    scores = [OpenerScore("bbbbb", 10, 4, 0, 1), OpenerScore("aaaaa", 9, 5, 1, 3), OpenerScore("ccccc", 10, 4, 0, 2)]
    r = OpenerRanking("answers", "wordle", "free", "minimax", 2, 4, ordered(scores))
    assert [s.word for s in r.scores] == ["aaaaa", "bbbbb", "ccccc"]
    assert r.place("ccccc") == 3 and r.place("zzzzz") is None and r.mean(r.scores[0]) == 2.25


def test_the_optimal_ranking_puts_secrets_past_the_turns_last() -> None:
    scores = [OpenerScore("trace", 8123, 8, 2, 10), OpenerScore("salet", 8122, 6, 0, 8),
              OpenerScore("least", 8127, 6, 0, 29)]
    assert [s.word for s in ordered(scores, OPTIMAL)] == ["salet", "least", "trace"]
    assert [s.word for s in ordered(scores)] == ["salet", "trace", "least"]  # greedy: by total

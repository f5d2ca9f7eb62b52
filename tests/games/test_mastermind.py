"""Mastermind and Bulls and Cows: variants, the peg matrix (generator/games/mastermind.py)."""

from __future__ import annotations

import numpy as np
import pytest

from generator.core.kinds import code_list, pegs
from generator.errors import RulesError
from generator.games import mastermind as mm
from generator.search.exact import INF, Search


@pytest.mark.parametrize("name", ["4x6", "bulls-and-cows", "3x4", "3x5-distinct"])
def test_pegs_matrix_agrees_with_the_scalar_reference(name: str) -> None:
    game = mm.variant(name).game
    m = mm.matrix(game)
    words = m.answers.words
    rng = np.random.default_rng(1)
    for g, s in rng.integers(0, len(words), size=(400, 2)):
        assert m.pattern(int(m.codes[g, s])) == pegs(words[g], words[s])


def test_variants_and_their_code_counts() -> None:
    assert len(code_list(mm.variant("4x6").game)) == 1296
    assert len(code_list(mm.variant("bulls-and-cows").game)) == 5040
    assert code_list(mm.variant("4x6").game).words[:2] == ("1111", "1112")
    assert mm.opener_classes(mm.variant("4x6").game) == ["1111", "1112", "1122", "1123", "1234"]
    with pytest.raises(RulesError, match="unknown Mastermind variant"):
        mm.variant("4by6")
    with pytest.raises(RulesError, match="need"):
        mm.variant("5x3-distinct")


@pytest.mark.parametrize("name", ["3x4", "3x5", "3x5-distinct", "4x4"])
def test_symmetric_search_keeps_costs_and_trees(name: str) -> None:
    v = mm.variant(name)
    m = mm.matrix(v.game)
    every = np.arange(len(m.answers), dtype=np.int64)
    fewer = 0
    for opener in mm.opener_classes(v.game):
        parts = m.split(m.guesses.position[opener], every)
        for code, part in parts.items():
            if code == m.green or len(part) < 3:
                continue
            for turns in (3, 4, 6):
                plain, sym = Search(m, turns=turns), Search(m, turns=turns, symmetric=True)
                cost = plain.solve_root(part)
                assert sym.solve_root(part) == cost
                if cost < INF:
                    assert sym.tree() == plain.tree()
                assert sym.counters.moves <= plain.counters.moves
                fewer += sym.counters.moves < plain.counters.moves
    assert fewer or not v.repeats  # the symmetry did spare moves

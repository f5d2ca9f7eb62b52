"""What a tree costs (generator/search/cost.py): late secrets first, then the total, packed in one integer."""

from __future__ import annotations

from generator.core.catalog import load_list
from generator.core.feedback import feedback
from generator.core.partition import Matrix
from generator.core.tree import play
from generator.core.words import parse_wordlist
from generator.search.cost import INF, LATE_COST, NO_TREE, Cost
from generator.search.exact import Search
from generator.search.learn_kernels import LATE_PRICE, UNCOMMON


def test_a_cost_is_the_secrets_past_the_cap_then_the_total() -> None:
    assert Cost.of(3 * LATE_COST + 17) == Cost(3, 17) and Cost(3, 17).value == 3 * LATE_COST + 17
    assert Cost.of(INF) == NO_TREE and NO_TREE.value == INF and not NO_TREE.found
    assert Cost(0, 900) < Cost(1, 10) < NO_TREE  # fewest late first, then the total
    # the packed integers compare as the costs do
    costs = [Cost(0, 5), Cost(0, 900), Cost(1, 0), Cost(1, 10), Cost(2, 3)]
    assert sorted(costs, key=lambda c: c.value) == sorted(costs)


def test_the_learner_packs_with_its_own_weight() -> None:
    value = 2 * LATE_PRICE + 3 * UNCOMMON + 11  # two late secrets, three uncommon words, eleven words
    cost = Cost.of(value, LATE_PRICE)
    assert cost.late == 2 and divmod(cost.total, UNCOMMON) == (3, 11) and cost.packed(LATE_PRICE) == value


def test_a_fewest_late_search_counts_what_its_tree_solves_late() -> None:
    """The exact search's value read as a Cost: the late secrets are those its tree solves past the cap."""
    words = parse_wordlist(load_list("wordle-answers").words[:60], id="a")
    s = Search(Matrix.build(words, words), turns=2, fewest_late=True)
    cost = Cost.of(s.solve_root())
    tree = s.tree()
    turns = [len(play(tree, w, feedback)) for w in words.words]
    assert cost.late == sum(t > 2 for t in turns) > 0
    assert cost.total == sum(turns)

"""Cards by size: groups tried in order, a card's options, the frontier and its knee (generator/search/cards.py)."""

from __future__ import annotations

import itertools
import random

import pytest

from generator.core.feedback import feedback
from generator.core.tree import play
from generator.search import cards
from generator.search.cards import Option, Point, card_options, combine, frontier, knee, sure_late, try_plan

WORDS = ["stoel", "schep", "schop", "strik", "staal", "stoep", "stier", "sloep"]


def test_a_tried_group_plays_the_first_word_still_possible() -> None:
    plan = try_plan(WORDS, 2, 5, feedback)
    for secret in WORDS:
        said = play(plan.tree, secret, feedback)
        seen: list[tuple[str, str]] = []
        for word in said:  # each word said is the first of the list that fits what was seen before it
            assert word == next(w for w in WORDS if all(feedback(g, w) == p for g, p in seen))
            seen.append((word, feedback(word, secret)))
    turns = {s: 2 + len(play(plan.tree, s, feedback)) for s in WORDS}
    assert plan.total == sum(turns.values())
    assert plan.late == sorted(s for s, t in turns.items() if t > 5)


def test_a_card_counts_as_in_time_only_one_word_a_turn() -> None:
    assert sure_late(WORDS[:4], 3, 5) == WORDS[2:4]
    assert sure_late(WORDS[:2], 3, 5) == []
    assert sure_late(WORDS[:3], 5, 5) == WORDS[:3]


def _card() -> dict[str, object]:
    """A letter's full card: one opener, two groups with exception moves (one inside the other)."""
    weight = {w: 10 * (i + 1) for i, w in enumerate(WORDS)}
    big = {"feedback": ["G...."], "words": WORDS[:6], "exception": "staal",
           "parts": [{"feedback": "GG...", "words": ["stoel", "schep", "schop"], "exception": "schop",
                      "parts": [{"feedback": "G.G..", "words": ["stoel"]}, {"feedback": "GY...", "words": ["schep"]}]},
                     {"feedback": "GGG..", "words": ["strik", "stoep"]}]}
    small = {"feedback": ["GG..."], "words": ["stier", "sloep"]}
    card = {"openers": ["sloop"], "groups": [big, small],
            "exceptions": [{"feedback": ["G...."], "word": "staal"}, {"feedback": ["G....", "GG..."], "word": "schop"}]}
    return {"card": card, "weight": weight}


@pytest.mark.parametrize("weighted", [True, False])
def test_a_cards_options_learn_a_move_only_with_the_move_before_it(weighted: bool) -> None:
    case = _card()
    weight = case["weight"]
    assert isinstance(weight, dict)
    options = card_options(case["card"], 5, weight, weighted, proved=True)  # type: ignore[arg-type]
    assert sorted(options) == [1, 2, 3]
    # nothing learnt: six words with four turns left, tried most common first: the two rarest late
    assert options[1].late == ("schep", "stoel") and not options[1].kept
    # staal alone: three words with three turns left, two with three: all in time
    assert options[2].late == () and options[2].kept == {("G....",)}
    assert options[3].kept == {("G....",), ("G....", "GG...")} and options[3].proved
    assert not options[2].proved  # only the full card is proved


def test_the_frontier_keeps_a_point_only_where_it_leaves_less() -> None:
    def opt(words: int, late: int) -> Option:
        return Option(("a",) * words, frozenset(), words, tuple(f"w{i}" for i in range(late)), late)
    front = frontier([opt(1, 9), opt(2, 9), opt(3, 4), opt(2, 5), opt(4, 4)], weighted=False)
    assert {w: len(o.late) for w, o in front.items()} == {1: 9, 2: 5, 3: 4}


@pytest.mark.parametrize("seed", range(8))
def test_combining_letters_is_exact(seed: int) -> None:
    rng = random.Random(seed)
    letters: dict[str, dict[int, Option]] = {}
    for letter in "abc":
        options = {}
        for words in sorted(rng.sample(range(1, 7), 3)):
            late = rng.randrange(6)
            options[words] = Option((letter,), frozenset(), words, tuple(f"{letter}{i}" for i in range(late)),
                                    rng.randrange(100) * late)
        letters[letter] = options
    points = combine(letters, weighted=True)
    for p in points:  # the least weight of all choices of the same words, by brute force
        best = min(sum(o.weight for o in choice) for choice in itertools.product(*(v.values() for v in letters.values()))
                   if sum(o.words for o in choice) == p.words)
        assert p.weight == best and p.words == sum(o.words for o in p.choice.values())
    assert [p.words for p in points] == sorted(p.words for p in points)
    assert all(a.weight > b.weight for a, b in zip(points, points[1:]))


def test_the_knee_is_the_fewest_words_that_reach_the_share() -> None:
    points = [Point({}, 10, 50, 500), Point({}, 12, 20, 90), Point({}, 15, 0, 0)]
    assert knee(points, 10_000).words == 12  # 99.1 % of the weight in time
    assert knee(points, 1_000).words == 15
    assert cards.KNEE == 0.99

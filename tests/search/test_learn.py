"""Fewest words to learn (generator/search/learn.py): equal to brute force on small letters."""

from __future__ import annotations

import itertools
import random
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import pytest

from generator.core import jit
from generator.core.catalog import load_list
from generator.core.partition import Matrix
from generator.core.words import parse_wordlist
from generator.search import learn
from generator.search.learn import INF, LATE_PRICE, UNCOMMON, Costs, fewest_words

WORDS = load_list("nl-all-5").words


def letter(seed: int, n: int, m: int) -> Matrix:
    """``n`` Dutch secrets of one start letter and ``m`` more words of it
    that may be played (every secret may be played too), as TV rules give."""
    rnd = random.Random(seed)
    first = rnd.choice("bdgklmprstvw")
    pool = [w for w in WORDS if w[0] == first]
    secrets = sorted(rnd.sample(pool, n))
    more = sorted(rnd.sample([w for w in pool if w not in secrets], m))
    return Matrix.build(parse_wordlist(secrets + more, id="g"), parse_wordlist(secrets, id="a"))


def reference(m: Matrix, rows: list[int], price: dict[int, int], late: bool):
    """The least cost of a group by trying every move everywhere."""

    @cache
    def cost(group: tuple[int, ...], t: int) -> int:
        if len(group) <= t:
            return 0
        best = LATE_PRICE * (len(group) - t) if late else INF
        if t <= 1:
            return best
        for r in rows:
            parts: dict[int, list[int]] = {}
            for c in group:
                parts.setdefault(int(m.codes[r, c]), []).append(c)
            total = 1 + price.get(r, 0)
            for code, part in parts.items():
                if code != m.green:
                    total += cost(tuple(part), t - 1)
            best = min(best, total)
        return min(best, INF)

    return cost


def reference_sets(m: Matrix, rows: list[int], price: dict[int, int], late: bool, turns: int = 5,
                   ks: tuple[int, ...] = (1, 2, 3)) -> int:
    """The least cost over every set of ``ks`` openers."""
    cost = reference(m, rows, price, late)
    cols = list(range(len(m.answers)))
    best = INF
    for k in ks:
        for openers in combinations(rows, k):
            groups: dict[tuple[int, ...], list[int]] = {}
            for c in cols:
                if any(m.codes[o, c] == m.green for o in openers):
                    continue  # an opener that is the secret wins
                groups.setdefault(tuple(int(m.codes[o, c]) for o in openers), []).append(c)
            total = k + sum(price.get(o, 0) for o in openers)
            total += sum(cost(tuple(g), turns - k) for g in groups.values())
            best = min(best, total)
    return min(best, INF)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("late", [False, True])
def test_exceptions_of_every_group_equal_brute_force(seed: int, late: bool) -> None:
    m = letter(seed, 26, 8)
    rows = list(range(len(m.guesses)))
    price = {r: UNCOMMON for r in rows[::3]}
    costs = Costs(m, np.arange(len(m.answers)), np.array(rows), 5, np.array(rows[::3]), late)
    ref = reference(m, rows, price, late)
    rnd = random.Random(seed)
    for _ in range(30):
        group = tuple(sorted(rnd.sample(range(len(m.answers)), rnd.randint(3, 14))))
        for t in (2, 3, 4):
            value, move = costs.exceptions(np.array(group), t)
            assert value == ref(group, t), (group, t)
            assert (move >= 0) == (0 < value < LATE_PRICE * (len(group) - t) if late else 0 < value < INF)


@pytest.mark.parametrize("seed", range(4))
def test_a_bound_is_kept_or_the_value_given(seed: int) -> None:
    m = letter(seed + 10, 24, 6)
    rows = np.arange(len(m.guesses))
    costs = Costs(m, np.arange(len(m.answers)), rows, 5)
    exact = Costs(m, np.arange(len(m.answers)), rows, 5)
    group = np.arange(len(m.answers))
    value = exact.exceptions(group, 4)[0]
    for ub in range(1, 8):
        got = costs.exceptions(group, 4, ub)[0]
        assert got == value if value < ub else got in (ub, INF)


@pytest.mark.parametrize("seed", range(5))
def test_fewest_words_equal_brute_force_over_every_set(seed: int) -> None:
    m = letter(seed + 20, 18, 5)
    rows = list(range(len(m.guesses)))
    found = fewest_words(Costs(m, np.arange(len(m.answers)), np.array(rows), 5), 3)
    assert found.cost == reference_sets(m, rows, {}, False)
    if found.cost < INF:
        assert found.proved and found.lower_bound == found.words
        assert Costs(m, np.arange(len(m.answers)), np.array(rows), 5).cost(found.openers) == found.cost


@pytest.mark.parametrize("seed", range(3))
def test_words_outside_common_use_come_only_where_needed(seed: int) -> None:
    m = letter(seed + 30, 18, 6)
    rows = list(range(len(m.guesses)))
    uncommon = rows[1::2]
    found = fewest_words(Costs(m, np.arange(len(m.answers)), np.array(rows), 5, np.array(uncommon), True), 3)
    assert found.cost == reference_sets(m, rows, {r: UNCOMMON for r in uncommon}, True)
    assert found.words + found.uncommon * UNCOMMON + found.late * LATE_PRICE == found.cost


def test_no_opener_where_the_turns_suffice() -> None:
    m = letter(1, 5, 3)
    found = fewest_words(Costs(m, np.arange(5), np.arange(len(m.guesses)), 5), 3)
    assert (found.openers, found.words, found.proved) == ((), 0, True)


def test_where_triples_are_too_many_every_pair_is_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    m = letter(45, 60, 2)  # four turns: six words to learn, more than three openers
    rows = list(range(len(m.guesses)))
    monkeypatch.setattr(learn, "SETS_MOST", comb(len(rows), 2))  # pairs searched, triples too many
    costs = Costs(m, np.arange(len(m.answers)), np.array(rows), 4)
    found = fewest_words(costs, 3)
    assert found.words > 3 and found.cost == costs.cost(found.openers)
    assert reference_sets(m, rows, {}, False, 4) <= found.cost <= reference_sets(m, rows, {}, False, 4, ks=(2,))
    assert found.lower_bound == 3 and not found.proved  # as many as the openers of a triple
    assert found.notes[-1].startswith("every single opener below 3 words, every pair of 62 words searched;")


def test_the_scans_of_pairs_give_the_same_on_any_number_of_threads() -> None:
    m = letter(50, 26, 8)
    rows = np.arange(len(m.guesses))
    found = []
    for n in (1, 2, 3):
        jit.use_threads(n)
        try:
            costs = Costs(m, np.arange(len(m.answers)), rows, 5)
            found.append([costs.best_sets(2, ub) for ub in (3, 5, 8, INF)])
        finally:
            jit.use_threads(jit.thread_limit())
    assert found[0] == found[1] == found[2] and found[0][-1]


def test_a_scan_whose_cores_come_and_go_gives_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a build's worker the threads of a scan follow the cores its job
    may use (jit.threads_now), which change as the other jobs end."""
    m = letter(50, 26, 8)
    rows = np.arange(len(m.guesses))
    alone = [Costs(m, np.arange(len(m.answers)), rows, 5).best_sets(2, ub) for ub in (3, 5, 8, INF)]
    shares = itertools.cycle([1, 3, 2, 1, 1, 3])
    monkeypatch.setattr(jit, "_share", lambda: next(shares))
    monkeypatch.setattr(learn, "LANE_WAIT", 0.001)
    assert jit.threads_at_most() == max(jit.threads(), jit.available_cores())  # every core a lane
    shared = [Costs(m, np.arange(len(m.answers)), rows, 5).best_sets(2, ub) for ub in (3, 5, 8, INF)]
    monkeypatch.undo()
    jit.use_threads(jit.threads() if jit._threads is not None else jit.thread_limit())
    assert shared == alone and alone[-1]


def squares(m: Matrix, openers: tuple[int, ...]) -> int:
    """The sum of squared sizes of the groups the openers leave, the secrets they win among them."""
    sizes: dict[tuple[int, ...], int] = {}
    for c in range(len(m.answers)):
        key = tuple(int(m.codes[o, c]) for o in openers)
        sizes[key] = sizes.get(key, 0) + 1
    return sum(s * s for s in sizes.values())


@pytest.mark.parametrize("k", [2, 3])
@pytest.mark.parametrize("seed", range(3))
def test_a_scan_finds_the_first_best_set_whatever_order_it_takes(k: int, seed: int) -> None:
    """The best set of ``k`` openers by cost, then squares, then its words
    sorted: the same from the scan in its order of promise, in the words'
    order and in the reverse (each set is scanned from the first of its words
    in the order taken, and ties are broken as if in the words' order)."""
    m = letter(seed + 40, 16, 8)
    rows = np.arange(len(m.guesses))
    cols = np.arange(len(m.answers))
    ref = Costs(m, cols, rows, 5)
    sets = sorted((ref.cost(o), squares(m, o), o) for o in combinations(range(len(rows)), k))
    expected = [(sets[0][0], -k, sets[0][1], sets[0][2])]
    assert sets[1][:2] == sets[0][:2] or seed, "a tie to break in one case at least"
    for order in (None, rows, rows[::-1].copy()):
        costs = Costs(m, cols, rows, 5)
        if order is not None:
            costs.__dict__["_promise"] = order
        assert costs.best_sets(k, INF) == expected

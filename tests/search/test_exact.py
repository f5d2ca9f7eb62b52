"""The exact search (generator/search/exact.py): equal to brute force on small games, caps, hard mode, fewest late."""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import pytest

from generator.core.catalog import load_list
from generator.core.context import context
from generator.core.feedback import feedback
from generator.core.partition import Matrix
from generator.core.rules import WORDLE, Game, GuessRule, rule_violation
from generator.core.scoring import HEURISTICS
from generator.core.tree import Node, Tree, play, walk
from generator.core.words import parse_wordlist
from generator.search.exact import ALL_SHORTCUTS, INF, LATE_COST, Position, Search, Shortcut
from generator.search.exact_kernels import parts_kernel
from generator.search.greedy import allowed_rows, greedy_tree

ANSWERS = load_list("wordle-answers").words

GUESSES = load_list("wordle-allowed").words

def tiny(seed: int, n: int, extra: int) -> Matrix:
    """A few Wordle answers, guessable, and a few more guesses."""
    rnd = random.Random(seed)
    answers = rnd.sample(ANSWERS, n)
    more = [w for w in rnd.sample(GUESSES, extra + n) if w not in answers][:extra]
    return Matrix.build(parse_wordlist(answers + more, id="g"), parse_wordlist(answers, id="a"))

def brute(m: Matrix, turns: int, hard: bool, late_cost: int | None = None) -> int:
    """The least total turns by trying every guess everywhere (no bounds, no memo
    tricks beyond caching positions): the reference the search must equal."""
    game = Game("wordle", 5, turns, guess_rule=GuessRule.HARD if hard else GuessRule.FREE)

    @cache
    def cost(cols: tuple[int, ...], r: int, history: tuple[tuple[str, str], ...]) -> int:
        if len(cols) == 1:
            return 1 if r >= 1 else (INF if late_cost is None else 1 + late_cost)
        if r <= 1 and late_cost is None:
            return INF
        best = INF
        for g, word in enumerate(m.guesses.words):
            if hard and rule_violation(game, word, history):
                continue
            parts: dict[int, list[int]] = {}
            for c in cols:
                parts.setdefault(int(m.codes[g, c]), []).append(c)
            if len(parts) == 1 and m.green not in parts:
                continue
            total = len(cols) + (late_cost if late_cost and r <= 0 and m.green in parts else 0)
            for code, part in parts.items():
                if code != m.green:
                    total += cost(tuple(part), r - 1, history + ((word, m.pattern(code)),))
            best = min(best, total)
        return best

    return cost(tuple(range(len(m.answers))), turns, ())

def replay(m: Matrix, tree: Tree) -> tuple[int, int]:
    turns = [len(play(tree, w, feedback)) for w in m.answers.words]
    return sum(turns), max(turns)


@pytest.mark.parametrize("seed", range(12))
def test_equal_to_brute_force(seed: int) -> None:
    m = tiny(seed, n=6 + seed % 3, extra=5)
    s = Search(m, turns=6)
    assert s.solve_root() == brute(m, 6, hard=False)


SIX = load_list("nl-basis-6").words


@pytest.mark.parametrize("seed", range(6))
def test_six_letters_equal_to_brute_force(seed: int) -> None:
    """Six letters make 729 patterns, more than a byte holds: every kernel
    must keep the codes whole (the win is code 728)."""
    rnd = random.Random(seed)
    first = rnd.choice("bdklmpst")
    answers = rnd.sample([w for w in SIX if w[0] == first], 7)
    more = [w for w in rnd.sample(SIX, 20) if w not in answers][:5]
    m = Matrix.build(parse_wordlist(answers + more, id="g", length=6),
                     parse_wordlist(answers, id="a", length=6))
    assert m.green > 255
    s = Search(m, turns=6)
    cost = s.solve_root()
    assert cost == brute(m, 6, hard=False)
    assert replay(m, s.tree())[0] == cost


@pytest.mark.parametrize("seed", range(8))
def test_hard_mode_equal_to_brute_force(seed: int) -> None:
    m = tiny(100 + seed, n=6, extra=6)
    s = Search(m, turns=6, hard=True)
    assert s.solve_root() == brute(m, 6, hard=True)


@pytest.mark.parametrize("seed", range(8))
def test_cap_equal_to_brute_force(seed: int) -> None:
    m = tiny(200 + seed, n=8, extra=3)
    for turns in (2, 3, 4):
        assert Search(m, turns=turns).solve_root() == brute(m, turns, hard=False)


@pytest.mark.parametrize("seed", range(6))
def test_fewest_late_equal_to_brute_force(seed: int) -> None:
    m = tiny(300 + seed, n=7, extra=2)
    for turns in (2, 3):
        got = Search(m, turns=turns, fewest_late=True).solve_root()
        assert got == brute(m, turns, hard=False, late_cost=LATE_COST)
        strict = Search(m, turns=turns).solve_root()
        assert (got < LATE_COST) == (strict < INF)
        if strict < INF:
            assert got == strict


@pytest.mark.parametrize("seed", range(6))
def test_tree_replays_to_its_cost_and_meets_the_cap(seed: int) -> None:
    m = tiny(400 + seed, n=20, extra=10)
    for turns in (3, 4, 6):
        s = Search(m, turns=turns)
        cost = s.solve_root()
        if cost >= INF:
            continue
        total, worst = replay(m, s.tree())
        assert total == cost and worst <= turns


@pytest.mark.parametrize("seed", range(4))
def test_limited_search_is_an_upper_bound_and_top_all_is_exact(seed: int) -> None:
    m = tiny(500 + seed, n=25, extra=15)
    exact = Search(m, turns=6).solve_root()
    for top in (1, 2, 5):
        s = Search(m, turns=6, top=top)
        assert s.solve_root() >= exact
        assert replay(m, s.tree())[0] == s.solve_root()
    assert Search(m, turns=6, top=len(m.guesses)).solve_root() == exact


@pytest.mark.parametrize("seed", range(4))
def test_never_worse_than_greedy(seed: int) -> None:
    m = tiny(600 + seed, n=30, extra=20)
    game = WORDLE
    exact = Search(m, turns=6).solve_root()
    for name, score in HEURISTICS.items():
        total, _ = replay(m, greedy_tree(m, np.arange(len(m.answers)), score, game))
        assert exact <= total, name


@pytest.mark.parametrize("seed", range(4))
def test_hard_mode_trees_keep_the_rule(seed: int) -> None:
    m = tiny(700 + seed, n=30, extra=40)
    game = WORDLE.with_rule("hard")
    s = Search(m, turns=6, hard=True, top=4)
    s.solve_root()
    tree = s.tree()
    seen = 0
    for path, node in walk(tree):
        if not isinstance(node, Node):
            continue
        history, t = [], tree
        for pattern in path:
            assert isinstance(t, Node)
            history.append((t.guess, pattern))
            t = t.next[pattern]
        assert rule_violation(game, node.guess, history) is None
        seen += 1
    assert seen > 1


def test_hard_mode_dead_end_is_reported() -> None:
    answers = parse_wordlist(["bat", "cat", "hat"], id="a", length=3)
    guesses = parse_wordlist(["tab", "chz", "bat", "cat", "hat"], id="g", length=3)
    m = Matrix.build(guesses, answers)
    # after tab (YG. for cat and hat) hard mode keeps only guesses with a 't' and
    # the 'a' in place: none of them tells cat from hat except cat or hat themselves
    m2 = Matrix.build(parse_wordlist(["tab", "chz"], id="g2", length=3), answers)
    s = Search(m2, turns=6, hard=True)
    assert s.solve_root(opener=0) >= INF
    assert s.dead_end and "cat hat" in s.dead_end and "greens .a." in s.dead_end
    assert Search(m2, turns=6, hard=False).solve_root(opener=0) < INF
    assert Search(m, turns=6, hard=True).solve_root(opener=0) < INF


# -- closed forms, narrowed rows, the quick precheck


def reference(m: Matrix, turns: int, hard: bool = False) -> Search:
    """The search without closed forms, narrowed rows nor the quick precheck
    (as it was before them)."""
    return Search(m, turns=turns, hard=hard, shortcuts=Shortcut(0))


@pytest.mark.parametrize("seed", range(10))
def test_closed_forms_equal_brute_force(seed: int) -> None:
    m = tiny(900 + seed, n=3 + seed % 5, extra=4)
    n = len(m.answers)
    for turns in (2, 3, 4):
        s = Search(m, turns=turns)
        closed = s._closed(np.arange(n, dtype=np.int64), turns)
        best = brute(m, turns, hard=False)
        if closed is None:
            assert best >= 2 * n
            continue
        assert closed[0] == best
        if closed[1] >= 0:  # the move the full search keeps
            ref = reference(m, turns)
            ref.solve_root()
            tree = ref.tree()
            assert isinstance(tree, Node) and tree.guess == m.guess_word(closed[1])


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("hard", [False, True])
def test_same_trees_as_the_search_without_closed_forms_and_narrowed_rows(seed: int, hard: bool) -> None:
    m = tiny(1000 + seed, n=30 + 5 * seed, extra=30)
    for turns in (3, 4, 6):
        ref, fast = reference(m, turns, hard), Search(m, turns=turns, hard=hard)
        cost = ref.solve_root()
        assert fast.solve_root() == cost
        if cost < INF:
            assert fast.tree() == ref.tree()
        assert fast.counters.positions <= ref.counters.positions


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("fewest_late", [False, True])
def test_floors_of_the_parts_change_no_cost_nor_tree(seed: int, fewest_late: bool) -> None:
    m = tiny(1100 + seed, n=40 + 5 * seed, extra=30)
    for turns in (3, 4, 6):
        off = Search(m, turns=turns, fewest_late=fewest_late, shortcuts=ALL_SHORTCUTS & ~Shortcut.FLOORS)
        on = Search(m, turns=turns, fewest_late=fewest_late)
        assert on.floors and not off.floors
        cost = off.solve_root()
        assert on.solve_root() == cost
        if cost < INF:
            assert on.tree() == off.tree()
            for beta in (cost - 3, cost, cost + 1):  # cut below the cost: a bound at least the cut
                cut = Search(m, turns=turns, fewest_late=fewest_late)
                got = cut.solve_root(beta=beta)
                assert got == cost if cost < beta else beta <= got <= cost


def test_floors_prove_a_letter_with_fewer_positions() -> None:
    ctx = context("en")
    game = ctx.game("k", "free")
    cols, rows = ctx.cols("k"), allowed_rows(game, ctx.matrix)
    searches = []
    for floors in (False, True):
        s = Search(ctx.matrix, turns=game.turns, rows=rows,
                   shortcuts=ALL_SHORTCUTS if floors else ALL_SHORTCUTS & ~Shortcut.FLOORS)
        searches.append((s.solve_root(cols), repr(s.tree()), s.counters.positions))
    (off_cost, off_tree, off_positions), (on_cost, on_tree, on_positions) = searches
    assert on_cost == off_cost and on_tree == off_tree
    assert on_positions * 3 < off_positions  # 18 and 73


@pytest.mark.parametrize("seed", range(6))
def test_quick_floor_counts_parts_like_the_full_kernel_and_bounds_the_floor(seed: int) -> None:
    m = tiny(1100 + seed, n=40, extra=60)
    rnd = np.random.default_rng(seed)
    s = Search(m, turns=6)
    late = Search(m, turns=3, fewest_late=True)
    rows = np.arange(len(m.guesses), dtype=np.int64)
    for size in (3, 9, 25, 40):
        cols = np.sort(rnd.choice(len(m.answers), size, replace=False)).astype(np.int64)
        stats = m.stats(rows, cols)
        parts, wins = np.empty(len(rows), np.int64), np.empty(len(rows), np.int64)
        parts_kernel(s.moves.by_answer, rows, cols, m.npatterns, m.green, parts, wins)
        assert parts.tolist() == stats.parts.tolist() and wins.tolist() == stats.wins.tolist()
        for r in (2, 3, 4):
            floor = s.moves.scan(cols, r, rows).floor
            assert s.moves.quick_floor(cols, r, rows)[0] <= floor
            for r_late in (0, 1, 2, 3):  # secrets past the cap allowed: the same bound as the full scan's
                assert late.moves.quick_floor(cols, r_late, rows)[0] == late.moves.scan(cols, r_late, rows).floor


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("fewest_late", [False, True])
def test_parts_bounded_in_bulk_cost_what_they_cost_one_by_one(seed: int, fewest_late: bool) -> None:
    # play (move_parts_kernel, then the memo) against the move's turn for every
    # secret plus each part solved alone, for every guess and turns left
    m = tiny(1200 + seed, n=14, extra=10)
    rnd = np.random.default_rng(seed)
    rows = np.arange(len(m.guesses), dtype=np.int64)
    for size in (2, 5, 14):
        cols = np.sort(rnd.choice(len(m.answers), size, replace=False)).astype(np.int64)
        for turns in (1, 2, 3, 4):
            bulk, alone = (Search(m, turns=4, fewest_late=fewest_late) for _ in range(2))
            pos = Position(cols, turns, (), rows)
            for row in rows.tolist():  # (INF or more: no tree within the cap)
                parts = m.split(row, cols)
                if len(parts) == 1 and m.green not in parts:
                    continue  # (a useless guess)
                want = size + (LATE_COST if m.green in parts and turns <= 0 else 0) + sum(
                    alone.solve(Position(part, turns - 1, (), rows), INF) for code, part in parts.items() if code != m.green)
                assert min(bulk.play(row, pos, INF), INF) == min(want, INF), (size, turns, row)


def test_a_narrowed_position_is_scanned_once_and_kept_across_resets(monkeypatch) -> None:
    m = tiny(1300, n=30, extra=30)
    s = Search(m, turns=6)
    pos = Position(np.arange(4, dtype=np.int64), 6, (), s.all_rows)  # few secrets: partitions repeat
    first = s.narrowed(pos).rows
    assert 0 < len(first) < len(s.all_rows)
    s.reset()  # a new job: its memo is fresh, its narrowing the same

    def no_scan(*args, **kwargs):
        raise AssertionError("scanned again")

    monkeypatch.setattr(s.moves, "scan", no_scan)
    assert s.narrowed(pos).rows.tolist() == first.tolist()


def families(seed: int, n: int) -> Matrix:
    """Wordle answers rich in families (words alike but at one place: _atch,
    _ight, _ound, ...), guessable, and a few more guesses."""
    rnd = random.Random(seed)
    alike = [w for w in ANSWERS if w[1:] in ("atch", "ight", "ound", "aunt", "ower") or w[:4] in ("shar", "stor")]
    answers = sorted(set(rnd.sample(alike, min(n, len(alike))) + rnd.sample(ANSWERS, 6)))
    more = [w for w in rnd.sample(GUESSES, 60) if w not in answers][:20]
    return Matrix.build(parse_wordlist(answers + more, id="g"), parse_wordlist(answers, id="a"))


@pytest.mark.parametrize("seed", range(6))
def test_the_family_cut_changes_no_cost_nor_tree_in_hard_mode(seed: int) -> None:
    m = families(1200 + seed, 14 + 2 * seed)
    for turns in (3, 4, 5, 6):
        off = Search(m, turns=turns, hard=True, shortcuts=ALL_SHORTCUTS & ~Shortcut.FAMILIES)
        on = Search(m, turns=turns, hard=True)
        assert on.families is not None and off.families is None
        cost = off.solve_root()
        assert on.solve_root() == cost
        if cost < INF:
            assert on.tree() == off.tree()


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("hard", [False, True])
def test_any_tree_finds_a_tree_exactly_where_the_least_cost_does(seed: int, hard: bool) -> None:
    m = families(1300 + seed, 16 + 2 * seed)
    for turns in (3, 4, 5):
        least = Search(m, turns=turns, hard=hard).solve_root()
        first = Search(m, turns=turns, hard=hard, any_tree=True).solve_root()
        assert (first < INF) == (least < INF)
        assert first >= least


def test_the_family_cut_finds_a_hard_mode_dead_end_without_a_search() -> None:
    # seven _atch words in hard mode: after _atch is green each guess tells
    # one word apart, so four turns cannot find all seven
    atch = ["batch", "catch", "hatch", "latch", "match", "patch", "watch"]
    m = Matrix.build(parse_wordlist(atch, id="g"), parse_wordlist(atch, id="a"))
    for turns, dead in ((4, True), (6, True), (7, False)):
        s = Search(m, turns=turns, hard=True)
        assert (s.solve_root() >= INF) == dead == (brute(m, turns, hard=True) >= INF)
        assert s.counters.positions == 0 or not dead

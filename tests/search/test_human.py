"""The human scheme: group orders, exceptions, the lookup rule, the search."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from generator.core.catalog import setup
from generator.core.context import context
from generator.core.feedback import replier
from generator.core.partition import Matrix
from generator.core.tree import GameTree, Node, play, stats_of
from generator.core.verify import verify_tree
from generator.search.greedy import allowed_rows, sayable_rows
from generator.search.human import GroupOrderer, SchemeBuilder, SchemeKind, best_scheme


def letter(m: Matrix, first: str) -> np.ndarray:
    return np.array([i for i, w in enumerate(m.answers.words) if w[0] == first])


def brute_total(m: Matrix, cols: tuple[int, ...]) -> int:
    """Least total turns of any tree that plays only candidates (exhaustive)."""
    if len(cols) == 1:
        return 1
    best = None
    for c in cols:
        row = int(m.answer_as_guess[c])
        total = len(cols)
        for code, part in m.split(row, np.array(cols)).items():
            if code != m.green:
                total += brute_total(m, tuple(int(x) for x in part))
        best = total if best is None else min(best, total)
    assert best is not None
    return best


def first_still_possible(m: Matrix, order: list[str], secret: str) -> int:
    """Turns to find ``secret`` by playing the first listed word still possible."""
    reply = replier(m.answers.alphabet.spell)
    possible = list(order)
    for turn in itertools.count(1):
        word = possible[0]
        if word == secret:
            return turn
        pattern = reply(word, secret)
        possible = [w for w in possible if w != word and reply(word, w) == pattern]
    raise AssertionError


@pytest.mark.parametrize("first", ["u", "x", "q"])
def test_group_order_is_optimal_and_is_the_sheet_rule(nl: Matrix, first: str) -> None:
    cols = letter(nl, first)
    ordered = GroupOrderer(nl).order(cols, 10)
    assert ordered.total == brute_total(nl, tuple(int(c) for c in cols))
    words = ordered.words()
    assert sorted(words) == sorted(nl.answer_word(int(c)) for c in cols)
    reply = replier(nl.answers.alphabet.spell)
    for c in cols:
        secret = nl.answer_word(int(c))
        assert first_still_possible(nl, words, secret) == len(play(ordered.tree, secret, reply))


def check_scheme(nl: Matrix, scheme, first: str, rule: str = "free") -> GameTree:  # type: ignore[no-untyped-def]
    game = setup("nl").game.for_letter(first).with_rule(rule)
    cols = letter(nl, first)
    root = scheme.tree()
    reply = replier(nl.answers.alphabet.spell)
    secrets = tuple(nl.answer_word(int(c)) for c in cols)
    turns = {s: len(play(root, s, reply)) for s in secrets}
    tree = GameTree(game, "nl-basis-5", "nl-all-5", secrets, root, scheme.strategy_data(),
                    tuple(s for s in secrets if turns[s] > 5), stats_of(turns))
    verdict = verify_tree(tree, nl.answers, nl.guesses)
    assert verdict.ok, verdict.problems
    assert sum(turns.values()) == scheme.total_turns
    return tree


def test_scheme_plays_every_opener_then_tries_the_group(nl: Matrix) -> None:
    cols = letter(nl, "i")
    rows = allowed_rows(setup("nl").game.for_letter("i"), nl)
    builder = SchemeBuilder(nl, cols, rows, 5)
    openers = (nl.guesses.position["dromt"], nl.guesses.position["enkel"])
    scheme = builder.scheme_for(openers)
    assert scheme.openers == ["dromt", "enkel"]
    assert scheme.largest_group <= 3 and scheme.exceptions == 0
    tree = check_scheme(nl, scheme, "i")
    reply = replier(nl.answers.alphabet.spell)
    for s in tree.secrets:
        path = play(tree.root, s, reply)
        assert path[:2] == ["dromt", "enkel"][: len(path)]
        group = next(g for g in scheme.groups if s in g.words)
        assert len(path) <= 2 + len(group.words)


def test_an_oversized_group_gets_an_exception(nl: Matrix) -> None:
    cols = letter(nl, "h")
    rows = allowed_rows(setup("nl").game.for_letter("h"), nl)
    scheme = SchemeBuilder(nl, cols, rows, 5).scheme_for((nl.guesses.position["tenor"],))
    assert scheme.exceptions > 0
    for g in scheme.groups:
        if g.plan.exception:
            assert len(g.words) > 4
            for _, part in g.plan.parts:
                assert len(part.words) <= 3 or part.exception
        else:
            assert len(g.words) <= 4
    data = scheme.strategy_data()
    assert len(data["exceptions"]) == scheme.exceptions
    assert data["words_to_learn"] == 1 + scheme.exceptions
    check_scheme(nl, scheme, "h")


@pytest.mark.parametrize("first,k", [("u", 1), ("x", 0), ("j", 1)])
def test_search_is_proved_minimal_on_small_letters(nl: Matrix, first: str, k: int) -> None:
    cols = letter(nl, first)
    rows = allowed_rows(setup("nl").game.for_letter(first), nl)
    scheme = best_scheme(nl, cols, rows, 5)
    assert scheme.k == k and scheme.exceptions == 0 and scheme.proved
    assert scheme.largest_group <= 5 - k
    check_scheme(nl, scheme, first)


def test_search_with_two_openers_proves_one_is_not_enough(nl: Matrix) -> None:
    cols = letter(nl, "c")
    rows = allowed_rows(setup("nl").game.for_letter("c"), nl)
    scheme = best_scheme(nl, cols, rows, 5)
    assert (scheme.k, scheme.exceptions, scheme.proved, scheme.lower_bound) == (2, 0, True, 2)
    assert scheme.strategy_data()["search"].startswith("exact: every single opener, every pair")
    check_scheme(nl, scheme, "c")


def test_too_many_sets_to_scan_bound_the_words_by_their_count(nl: Matrix, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("generator.search.learn.SETS_MOST", 1000)  # no pair is scanned
    cols = letter(nl, "c")
    rows = allowed_rows(setup("nl").game.for_letter("c"), nl)
    scheme = best_scheme(nl, cols, rows, 5)
    # hill climbing finds the pair; two openers are two words: still proved
    assert (scheme.k, scheme.exceptions, scheme.proved, scheme.lower_bound) == (2, 0, True, 2)
    assert "every pair" not in scheme.strategy_data()["search"]
    check_scheme(nl, scheme, "c")


def test_tv_rules_search_every_set_for_the_fewest_words(nl: Matrix) -> None:
    ctx = context("nl")
    game = ctx.game("l", "same-start")
    cols = letter(nl, "l")
    rows, uncommon = sayable_rows(allowed_rows(game, ctx.matrix), ctx.sayable)
    scheme = best_scheme(nl, cols, rows, 5, uncommon=uncommon)
    assert scheme.proved and scheme.words_to_learn == scheme.lower_bound == 10
    assert not scheme.late and all(w.startswith("l") for w in scheme.openers)
    data = scheme.strategy_data()
    assert data["words_to_learn"] == len(data["openers"]) + len(data["exceptions"])
    assert all(e["word"].startswith("l") for e in data["exceptions"])
    check_scheme(nl, scheme, "l", "same-start")


def test_words_outside_common_use_only_where_no_common_word_reaches_a_secret(nl: Matrix) -> None:
    game = setup("nl").game.for_letter("q").with_rule("same-start")
    cols = letter(nl, "q")
    rows = allowed_rows(game, nl)
    every = best_scheme(nl, cols, rows, 5)
    # every word but the one the scheme used is outside common use: it still takes that one
    used = np.searchsorted(rows, [nl.guesses.position[w] for w in every.openers])
    uncommon = np.setdiff1d(np.arange(len(rows)), used)
    again = best_scheme(nl, cols, rows, 5, uncommon=uncommon)
    assert again.openers == every.openers and again.words_to_learn == every.words_to_learn
    # with every word outside common use, the fewest words still come first
    rare = best_scheme(nl, cols, rows, 5, uncommon=np.arange(len(rows)))
    assert rare.words_to_learn == every.words_to_learn and "outside common use" in rare.notes[0]


def test_lookup_variant_reaches_every_word_in_sheet_order(nl: Matrix) -> None:
    cols = letter(nl, "n")
    rows = allowed_rows(setup("nl").game.for_letter("n"), nl)
    scheme = best_scheme(nl, cols, rows, 5, SchemeKind.LOOKUP)
    assert scheme.k == 1 and not scheme.late
    tree = check_scheme(nl, scheme, "n")
    assert tree.stats is not None and tree.stats.max_turns <= 5
    # the sheet: opener, then the first listed word of the group still possible
    for g in scheme.groups:
        for w in g.words:
            assert first_still_possible(nl, g.words, w) <= 4


def test_same_start_scheme_only_plays_the_letter(nl: Matrix) -> None:
    game = setup("nl").game.for_letter("u").with_rule("same-start")
    cols = letter(nl, "u")
    scheme = best_scheme(nl, cols, allowed_rows(game, nl), 5)
    assert all(w.startswith("u") for w in scheme.openers)
    check_scheme(nl, scheme, "u", "same-start")
    assert isinstance(scheme.tree(), (Node, str))

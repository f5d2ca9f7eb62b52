"""Openers shared by every letter, with probe words from a set cover (generator/search/shared.py)."""

from __future__ import annotations

from generator.core.catalog import load_list
from generator.core.context import context
from generator.core.verify import verify_tree
from generator.search.greedy import allowed_rows, sayable_rows
from generator.search.shared import letter_scheme, shared_openers


def test_shared_openers_and_letter_trees() -> None:
    ctx = context("nl")
    plan = shared_openers(ctx, restarts=1, ks=(3,), seed=2)
    # the openers and probes are words of the guesses list, named by their rows, in common use
    blocked, common = ctx.sayable
    assert all(common[r] and not blocked[r] for r in plan.opener_rows + plan.probe_rows)
    assert len(plan.openers) == 3 and len(set(plan.openers)) == 3
    assert [ctx.matrix.guess_word(r) for r in plan.opener_rows] == list(plan.openers)
    assert [ctx.matrix.guess_word(r) for r in plan.probe_rows] == list(plan.probes)
    assert len(set(plan.probes)) == len(plan.probes) > 0
    # this plan leaves two groups that no single probe splits well enough
    assert plan.unfixable_groups == 2
    assert plan.distinct_words == 3 + len(plan.probes) + 2
    schemes = {}
    for letter in ctx.letters():
        game = ctx.game(letter, "free")
        cols = ctx.letter_cols(letter)
        rows, uncommon = sayable_rows(allowed_rows(game, ctx.matrix), ctx.sayable)
        schemes[letter] = letter_scheme(ctx, cols, rows, uncommon, game, plan)
    # every exception move is a shared probe word, but the unfixable groups' (letters k and r)
    moves = [(letter, e["word"]) for letter, s in schemes.items() for e in s.strategy_data()["exceptions"]]
    assert len(moves) == plan.oversized_groups == 36
    assert [(letter, w) for letter, w in moves if w not in plan.probes] == [("k", "vunze"), ("r", "avond")]
    for letter in ("c", "q", "s"):
        game = ctx.game(letter, "free")
        cols = ctx.letter_cols(letter)
        scheme = schemes[letter]
        assert scheme.openers == list(plan.openers)
        tree = ctx.game_tree(game, cols, scheme.tree(), scheme.strategy_data())
        verdict = verify_tree(tree, load_list(tree.answers), load_list(tree.guesses))
        assert verdict.ok, verdict.problems
        assert not tree.late
        assert tree.strategy["scheme"] == "shared"
        assert tree.strategy["shared"]["distinct_words"] == plan.distinct_words

"""Openers shared by every letter, with probe words from a set cover."""

from __future__ import annotations

import numpy as np

from generator.core.catalog import load_list
from generator.search.greedy import allowed_rows
from generator.search.shared import letter_scheme, shared_plan
from generator.runs.letters import context, finish
from generator.core.verify import verify_tree


def test_shared_plan_and_letter_trees() -> None:
    ctx = context("nl")
    plan = shared_plan(ctx, restarts=1, ks=(3,), seed=2)
    assert len(plan["openers"]) == 3
    assert len(plan["probes"]) == len(set(plan["probes"]))
    for letter in ("c", "q", "s"):
        game = ctx.game(letter, "free")
        cols = ctx.letter_cols(letter)
        scheme = letter_scheme(ctx, cols, allowed_rows(game, ctx.matrix), game, plan)
        assert scheme.openers == plan["openers"]
        if not plan["unfixable_groups"]:  # every exception move is a shared probe word
            assert {e["word"] for e in scheme.strategy_data()["exceptions"]} <= set(plan["probes"])
        tree = finish(ctx, game, cols, scheme.tree(), scheme.strategy_data())
        verdict = verify_tree(tree, load_list(tree.answers), load_list(tree.guesses))
        assert verdict.ok, verdict.problems
        assert not tree.late
        assert tree.strategy["shared"]["distinct_words"] == 3 + len(plan["probes"]) + plan["unfixable_groups"]
    assert np.all(np.array(plan["opener_rows"]) >= 0)

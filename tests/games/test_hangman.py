"""Hangman (generator/games/hangman.py): rules, bounds, the loss search, optimal trees."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from generator.core.kinds import BLANK, mask, replay_calls
from generator.core.strategies import strategy_names
from generator.core.tree import Node, subtree, walk
from generator.core.verify import verify_tree
from generator.core.words import parse_wordlist
from generator.errors import RulesError
from generator.games import hangman as hm
from generator.output.treefile import dump_tree, load_tree

WORDS = ["boat", "mart", "bunt", "bolt", "mint", "hint", "pant", "cart", "dart", "jazz",
         "buzz", "fizz", "yell", "well", "will", "hill", "tall", "toll", "bell", "cell"]

@pytest.fixture(scope="module")
def small():  # type: ignore[no-untyped-def]
    return parse_wordlist(WORDS, id="tiny-4", length=4)

def brute_losses(words: frozenset[str], spare: int) -> int:
    """Fewest words lost, by trying every letter at every position (no bounds)."""
    if spare < 0:
        return len(words)
    if len(words) <= 1:
        return 0
    best = len(words)
    for c in sorted(set("".join(words))):
        parts: dict[str, set[str]] = {}
        for w in words:
            parts.setdefault(mask(w, c), set()).add(w)
        if len(parts) < 2:
            continue
        blank = BLANK * len(next(iter(words)))
        best = min(best, sum(brute_losses(frozenset(p), spare - (k == blank)) for k, p in parts.items()))
    return best


def test_the_posts_example_uncertainty_prefers_a(small) -> None:  # type: ignore[no-untyped-def]
    # the post: of boat, mart, bunt, risk calls t (in all three), uncertainty a
    w = hm.Words.of(["boat", "mart", "bunt"], "abcdefghijklmnopqrstuvwxyz")
    cols = __import__("numpy").arange(3)
    assert w.letters[hm.greedy_letter(w, cols, 0, "risk")] == "t"
    assert w.letters[hm.greedy_letter(w, cols, 0, "uncertainty")] == "a"


@pytest.mark.parametrize("strategy", strategy_names("hangman"))
def test_every_strategy_builds_a_tree_that_verifies(small, strategy: str) -> None:  # type: ignore[no-untyped-def]
    tree = hm.hangman_tree(small, 4, strategy, 2)
    verdict = verify_tree(tree, small, small)
    assert verdict.ok, verdict.problems
    assert set(tree.late) == {s for s in WORDS if replay_calls(tree.root, s, 2).lost}
    again = load_tree(dump_tree(tree))
    assert dump_tree(again) == dump_tree(tree)
    assert again.game.feedback == "mask" and again.game.misses == 2 and again.stats.misses


def test_optimal_is_never_worse_than_the_greedy_rules(kit, small) -> None:  # type: ignore[no-untyped-def]
    for m in (0, 1, 2, 3):
        best = hm.hangman_tree(small, 4, "optimal", m, every_letter_below=100)
        assert best.strategy["complete"]
        for rule in ("risk", "uncertainty"):
            greedy = hm.hangman_tree(small, 4, rule, m)
            key = (len(best.late), best.strategy["total_misses"])
            assert len(best.late) <= len(greedy.late)
            assert key <= (len(greedy.late), greedy.strategy["total_misses"]) or len(best.late) < len(greedy.late)


@pytest.mark.parametrize("misses", [0, 1, 2, 3, 4, 5])
def test_family_bound_is_met_by_the_exact_search_on_a_family(misses: int) -> None:
    words = ["bight", "fight", "light", "might", "night", "right", "sight", "wight"]
    family = parse_wordlist(words + ["tight"], id="ight", length=5)
    tree = hm.hangman_tree(family, 5, "optimal", misses, every_letter_below=100)
    assert tree.strategy["complete"]
    # tight is told apart by t for free; the other eight one miss at a time
    assert len(tree.late) == tree.strategy["losses_at_least"] == max(0, 8 - misses - 1)


def test_family_bound_never_exceeds_an_exact_optimum(small) -> None:  # type: ignore[no-untyped-def]
    for m in (0, 1, 2, 3):
        best = hm.hangman_tree(small, 4, "optimal", m, every_letter_below=100)
        assert best.strategy["complete"]
        assert hm.family_bound(WORDS, m) <= best.strategy["losses_at_least"] <= len(best.late)
        assert best.strategy["losses_proved"]


@pytest.mark.parametrize("seed", range(12))
def test_loss_search_equals_a_search_without_bounds(seed: int) -> None:
    import random
    rng = random.Random(seed)
    letters = "abcdeh"[: 3 + seed % 4]
    words = sorted({"".join(rng.choice(letters) for _ in range(3)) for _ in range(9 + seed)})
    w = hm.Words.of(words, "abcdefghijklmnopqrstuvwxyz")
    search = hm.LossSearch(w)
    for spare in range(4):
        cols = np.arange(len(words))
        value, letter = search.best(cols, spare, 10**6)
        assert value == brute_losses(frozenset(words), spare), (words, spare)
        # the bounds it prunes with are bounds: never above the exact value
        assert search.bound(cols, spare) <= value
        if letter >= 0:
            assert search.letter(cols, spare) == letter
        if letter >= 0:  # the letter it names reaches the value
            parts = hm.split(w, letter, cols)
            assert sum(brute_losses(frozenset(words[j] for j in p), spare - (bit == 0))
                       for bit, p in parts.items()) == value


def test_loss_search_on_a_family_meets_the_family_bound() -> None:
    words = ["bight", "fight", "light", "might", "night", "right", "sight", "wight"]
    w = hm.Words.of(words, "abcdefghijklmnopqrstuvwxyz")
    search = hm.LossSearch(w)
    for spare in range(8):
        assert search.best(np.arange(8), spare, 10**6) == (max(0, 8 - spare - 1), search.best(np.arange(8), spare, 1)[1])


def test_loss_search_gives_up_past_its_budget() -> None:
    words = sorted({a + b + c for a in "abcd" for b in "aeio" for c in "bcdt"})
    search = hm.LossSearch(hm.Words.of(words, "abcdefghijklmnopqrstuvwxyz"))
    assert search.best(np.arange(len(words)), 2, 3) is None


def test_loss_search_starting_afresh_finds_the_same(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    w = hm.Words.of(WIDER, "abcdefghijklmnopqrstuvwxyz")
    parts = [np.arange(len(WIDER)), np.arange(0, len(WIDER), 2), np.arange(1, len(WIDER), 3)]
    kept = hm.LossSearch(w)
    expected = [kept.best(p, 2, 10**6) for p in parts]
    monkeypatch.setattr(hm, "LOSS_KEPT", 0)  # the memo is emptied before every search
    fresh = hm.LossSearch(w)
    assert [fresh.best(p, 2, 10**6) for p in parts] == expected
    assert fresh.kept() < kept.kept()


def test_optimal_losses_are_the_loss_search_minimum(small) -> None:  # type: ignore[no-untyped-def]
    for m in (0, 1, 2):
        tree = hm.hangman_tree(small, 4, "optimal", m, every_letter_below=2)  # limited, but the loss letter is tried
        assert tree.strategy["losses_proved"]
        assert len(tree.late) == brute_losses(frozenset(WORDS), m)


# 40 three-letter words of ENABLE where the best letter of each rule loses 21
# at 2 misses (with every letter tried only at 3 words or fewer), two 19, three 18
WIDER = ["aah", "ain", "ana", "bay", "bit", "coy", "dry", "dui", "fie", "fir", "fog", "got", "hum",
         "jow", "lib", "lum", "mac", "nam", "nan", "nob", "nth", "oca", "old", "oxo", "pug", "rat",
         "ria", "sat", "sau", "sec", "sky", "sod", "sox", "tat", "tel", "ten", "tew", "top", "vug", "xis"]


def _losses_at(w: hm.Words, top: int) -> int:
    opt = hm.Optimal(w, 2, top=top, every_letter_below=3, loss_below=0)
    opt.tree()
    return opt.losses()


def test_optimal_is_widened_while_its_losses_are_not_proved(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(hm, "ROOT_BELOW", 0)  # no loss search covers the start
    words = parse_wordlist(WIDER, id="wider-3", length=3)
    w = hm.words_of_length(words, 3)
    first = _losses_at(w, 1)
    tree = hm.hangman_tree(words, 3, "optimal", 2, every_letter_below=3, loss_below=0, prove=0)
    block = tree.strategy
    assert verify_tree(tree, words, words).ok
    assert block["top"] > 1 and len(tree.late) == _losses_at(w, block["top"]) < first
    assert f"widened from the best 1 (the tree lost {first} words)" in block["search"]
    assert not block["losses_proved"] and block["losses_at_least"] < len(tree.late)
    # no widening allowed, or too little: the first tree (or the last finished) is kept
    narrow = hm.hangman_tree(words, 3, "optimal", 2, every_letter_below=3, loss_below=0, widen=0, prove=0)
    assert len(narrow.late) == first
    tight = hm.hangman_tree(words, 3, "optimal", 2, every_letter_below=3, loss_below=0, widen=50, prove=0)
    assert len(tight.late) == first and tight.strategy["top"] == 1
    assert "widened searches of at most 50 positions together, 50 spent" in tight.strategy["search"]


def test_a_loss_search_at_the_start_proves_the_losses_and_guides_the_tree(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(hm, "ROOT_BELOW", 0)  # no loss search inside the tree's search covers the start
    words = parse_wordlist(WIDER, id="wider-3", length=3)
    fewest = brute_losses(frozenset(WIDER), 2)
    first = _losses_at(hm.words_of_length(words, 3), 1)
    assert fewest < first
    tree = hm.hangman_tree(words, 3, "optimal", 2, every_letter_below=3, loss_below=0, widen=0)
    block = tree.strategy
    assert verify_tree(tree, words, words).ok
    assert len(tree.late) == block["losses_at_least"] == fewest and block["losses_proved"]
    assert f"the fewest losses {fewest} in " in block["search"] and "its letters tried too" in block["search"]
    # too few positions: the tree and its bound are those before
    short = hm.hangman_tree(words, 3, "optimal", 2, every_letter_below=3, loss_below=0, widen=0, prove=50)
    assert len(short.late) == first and not short.strategy["losses_proved"]
    assert short.strategy["losses_at_least"] == hm.LossSearch(hm.words_of_length(words, 3)).bound(np.arange(40), 2)
    assert "of at most 50 positions: gave up" in short.strategy["search"]


def test_a_proved_tree_is_not_widened(small) -> None:  # type: ignore[no-untyped-def]
    tree = hm.hangman_tree(small, 4, "optimal", 1)
    assert tree.strategy["losses_proved"] and tree.strategy["top"] == 1 and "widened" not in tree.strategy["search"]


def test_compact_tree_files_read_back_the_same(small) -> None:  # type: ignore[no-untyped-def]
    tree = hm.hangman_tree(small, 4, "uncertainty", 2)
    compact = dump_tree(tree, compact=True)
    assert b"\n  " not in compact and len(compact) < len(dump_tree(tree))
    assert dump_tree(load_tree(compact), compact=True) == compact
    assert dump_tree(load_tree(compact)) == dump_tree(tree)


def test_verifier_catches_a_broken_hangman_tree(small) -> None:  # type: ignore[no-untyped-def]
    good = hm.hangman_tree(small, 4, "risk", 2)
    # a lost word not listed in late
    bad = copy.deepcopy(good)
    bad.late = bad.late[1:]
    assert any("not in late" in p for p in verify_tree(bad, small, small).problems)
    # a letter called twice on a path
    bad = copy.deepcopy(good)
    child = next(c for c in bad.root.next.values() if isinstance(c, Node))
    child.guess = bad.root.guess
    assert any("called twice" in p for p in verify_tree(bad, small, small).problems)
    # a wrong leaf
    bad = copy.deepcopy(good)
    path, leaf = next((p, t) for p, t in walk(bad.root) if isinstance(t, str))
    subtree(bad.root, path[:-1]).next[path[-1]] = "jazz" if leaf != "jazz" else "buzz"
    assert any("is not the secret" in p for p in verify_tree(bad, small, small).problems)
    # a mask that shows another letter, and wrong stats
    bad = copy.deepcopy(good)
    bad.root.next["q___"] = "jazz"
    assert any("not a mask" in p for p in verify_tree(bad, small, small).problems)
    bad = copy.deepcopy(good)
    bad.stats = type(bad.stats)(bad.stats.secrets, bad.stats.total_turns, bad.stats.max_turns,
                                bad.stats.turns, {0: bad.stats.secrets})
    assert any(p.startswith("stats:") for p in verify_tree(bad, small, small).problems)
    # a strategy block that claims more than the tree shows
    opt = hm.hangman_tree(small, 4, "optimal", 1)
    assert verify_tree(opt, small, small).ok
    bad = copy.deepcopy(opt)
    bad.strategy["losses_at_least"] = len(opt.late) + 1
    assert any("losses_at_least" in p for p in verify_tree(bad, small, small).problems)
    bad = copy.deepcopy(opt)
    bad.strategy["losses_at_least"] = len(opt.late) - 1
    assert any("losses_proved" in p for p in verify_tree(bad, small, small).problems)


def test_a_mask_game_needs_misses() -> None:
    with pytest.raises(RulesError, match="misses"):
        hm.Game("hangman", length=4, turns=4, feedback="mask")
    with pytest.raises(RulesError, match="misses belong"):
        hm.Game("lingo", length=5, turns=5, misses=3)

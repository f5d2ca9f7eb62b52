"""Hangman: mask feedback, the strategies on a small list, tree files, the
verifier counting misses, the command."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import numpy as np
import pytest

from generator.games import hangman as hm
from generator.cli import main
from generator.errors import RulesError
from generator.core.tree import Node, subtree, walk
from generator.output.treefile import dump_tree, load_tree, read_tree
from generator.core.verify import game_lists, verify_tree
from generator.core.words import parse_wordlist

ROOT = Path(__file__).resolve().parent.parent
WORDS = ["boat", "mart", "bunt", "bolt", "mint", "hint", "pant", "cart", "dart", "jazz",
         "buzz", "fizz", "yell", "well", "will", "hill", "tall", "toll", "bell", "cell"]


@pytest.fixture(scope="module")
def small():  # type: ignore[no-untyped-def]
    return parse_wordlist(WORDS, id="tiny-4", length=4)


@pytest.mark.parametrize("word, letter, pattern", [
    ("banana", "a", "_a_a_a"),
    ("banana", "n", "__n_n_"),
    ("banana", "z", "______"),
    ("hollow", "l", "__ll__"),
    ("mm", "m", "mm"),
])
def test_mask_pinned(word: str, letter: str, pattern: str) -> None:
    assert hm.mask(word, letter) == pattern


def test_the_posts_example_uncertainty_prefers_a(small) -> None:  # type: ignore[no-untyped-def]
    # the post: of boat, mart, bunt, risk calls t (in all three), uncertainty a
    w = hm.Words.of(["boat", "mart", "bunt"], "abcdefghijklmnopqrstuvwxyz")
    cols = __import__("numpy").arange(3)
    assert w.letters[hm.greedy_letter(w, cols, 0, "risk")] == "t"
    assert w.letters[hm.greedy_letter(w, cols, 0, "uncertainty")] == "a"


def test_replay_counts_calls_and_misses() -> None:
    tree = Node("a", {"_a__": Node("t", {"___t": "mart"}), "__a_": "boat", "____": "bunt"})
    assert hm.replay(tree, "boat", 6) == hm.Result(turns=4, misses=0, lost=False)
    assert hm.replay(tree, "bunt", 0) == hm.Result(turns=5, misses=1, lost=True)
    # mart: a, t, then m and r after the leaf
    assert hm.replay(tree, "mart", 6).turns == 4


@pytest.mark.parametrize("strategy", list(hm.STRATEGIES))
def test_every_strategy_builds_a_tree_that_verifies(small, strategy: str) -> None:  # type: ignore[no-untyped-def]
    tree = hm.build(small, 4, strategy, 2)
    verdict = verify_tree(tree, small, small)
    assert verdict.ok, verdict.problems
    assert set(tree.late) == {s for s in WORDS if hm.replay(tree.root, s, 2).lost}
    again = load_tree(dump_tree(tree))
    assert dump_tree(again) == dump_tree(tree)
    assert again.game.feedback == "mask" and again.game.misses == 2 and again.stats.misses


def test_optimal_is_never_worse_than_the_greedy_rules(small) -> None:  # type: ignore[no-untyped-def]
    for m in (0, 1, 2, 3):
        best = hm.build(small, 4, "optimal", m, exact_below=100)
        assert best.strategy["exact"]
        for rule in ("risk", "uncertainty"):
            greedy = hm.build(small, 4, rule, m)
            key = (len(best.late), best.strategy["total_misses"])
            assert len(best.late) <= len(greedy.late)
            assert key <= (len(greedy.late), greedy.strategy["total_misses"]) or len(best.late) < len(greedy.late)


@pytest.mark.parametrize("misses", [0, 1, 2, 3, 4, 5])
def test_family_bound_is_met_by_the_exact_search_on_a_family(misses: int) -> None:
    words = ["bight", "fight", "light", "might", "night", "right", "sight", "wight"]
    family = parse_wordlist(words + ["tight"], id="ight", length=5)
    tree = hm.build(family, 5, "optimal", misses, exact_below=100)
    assert tree.strategy["exact"]
    # tight is told apart by t for free; the other eight one miss at a time
    assert len(tree.late) == tree.strategy["losses_at_least"] == max(0, 8 - misses - 1)


def test_family_bound_never_exceeds_an_exact_optimum(small) -> None:  # type: ignore[no-untyped-def]
    for m in (0, 1, 2, 3):
        best = hm.build(small, 4, "optimal", m, exact_below=100)
        assert best.strategy["exact"]
        assert hm.family_bound(WORDS, m) <= best.strategy["losses_at_least"] <= len(best.late)
        assert best.strategy["losses_proved"]


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
            parts.setdefault(hm.mask(w, c), set()).add(w)
        if len(parts) < 2:
            continue
        blank = hm.BLANK * len(next(iter(words)))
        best = min(best, sum(brute_losses(frozenset(p), spare - (k == blank)) for k, p in parts.items()))
    return best


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
        s = search.bitset(cols)
        assert search.bound(s, spare, search.alive(s, search.families)) <= value
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


def test_optimal_losses_are_the_loss_search_minimum(small) -> None:  # type: ignore[no-untyped-def]
    for m in (0, 1, 2):
        tree = hm.build(small, 4, "optimal", m, exact_below=2)  # limited, but the loss letter is tried
        assert tree.strategy["losses_proved"]
        assert len(tree.late) == brute_losses(frozenset(WORDS), m)


def test_compact_tree_files_read_back_the_same(small) -> None:  # type: ignore[no-untyped-def]
    tree = hm.build(small, 4, "uncertainty", 2)
    compact = dump_tree(tree, compact=True)
    assert b"\n  " not in compact and len(compact) < len(dump_tree(tree))
    assert dump_tree(load_tree(compact), compact=True) == compact
    assert dump_tree(load_tree(compact)) == dump_tree(tree)


def test_verifier_catches_a_broken_hangman_tree(small) -> None:  # type: ignore[no-untyped-def]
    good = hm.build(small, 4, "risk", 2)
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
    opt = hm.build(small, 4, "optimal", 1)
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


def test_evaluate_counts_losses_for_several_misses(small) -> None:  # type: ignore[no-untyped-def]
    ev = hm.evaluate(small, "risk", [0, 2, 30], lengths=[4], hardest=3)
    assert ev.words == len(WORDS)
    assert ev.losses[30] == 0 and ev.losses[0] >= ev.losses[2]
    assert len(ev.hardest) == 3 and ev.hardest[0][0] >= ev.hardest[-1][0]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_command_eval_prints_losses_and_hardest_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "hangman", "eval", "--wordlist", "en-enable", "--misses", "6", "9",
                         "--lengths", "2", "--strategy", "risk", "uncertainty")
    assert code == 0, err
    assert re.search(r"^risk\s+[\d,]+\s+[\d,]+", out, re.M)
    assert "hardest for uncertainty" in out and "evaluation time" in out


def test_command_eval_optimal_says_where_losses_are_proved(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "hangman", "eval", "--wordlist", "nl-basis", "--misses", "6",
                         "--lengths", "1", "--strategy", "optimal")
    assert code == 0, err
    # 26 one-letter words, one call each: all but the first seven are lost, and no tree does better
    assert re.search(r"^optimal\s+19\s", out, re.M)
    assert "not proved" not in out and "no strategy loses fewer than" in out and "19 at 6" in out


def test_command_build_writes_compact_trees_per_length(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hangman", "build", "--wordlist", "en-enable", "--lengths", "2,25",
                       "--strategy", "optimal", "--top", "2", "-j", "1", "--out", str(tmp_path))
    assert code == 0 and out.count("lost (at least") == 2
    folder = tmp_path / "hangman" / "en-enable" / "6" / "optimal"
    assert sorted(p.name for p in folder.iterdir()) == ["2.json", "25.json"]
    raw = (folder / "2.json").read_bytes()
    assert b"\n " not in raw
    tree = load_tree(raw)
    assert "the best 2 letters" in tree.strategy["search"]
    # the loss search proves the 96 two-letter words lose at least 41 (the family bound says 16)
    assert tree.strategy["losses_at_least"] == len(tree.late) == 41 and tree.strategy["losses_proved"]
    assert verify_tree(tree, *game_lists(tree)).ok


def test_command_feedback(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "hangman", "feedback", "banana", "a") == (0, "_a_a_a\n", "")


@pytest.mark.parametrize("argv, message", [
    (["hangman", "eval", "--misses", "-1"], "misses must be 0 or more"),
    (["hangman", "build", "--lengths", "3", "--top", "0"], "--top must be 1 or more"),
    (["hangman", "eval", "--wordlist", "xx"], "unknown word list 'xx'"),
    (["hangman", "feedback", "banana", "an"], "not one letter"),
    (["hangman", "eval", "--lengths", "2", "-j", "0"], "-j/--jobs must be 1 or more"),
    (["hangman", "eval", "--wordlist", "en-enable", "--lengths", "40"], "has no words of length 40"),
    (["hangman", "build", "--wordlist", "en-enable", "--lengths", "40"], "has no words of length 40"),
])
def test_command_errors_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("lingo-trees: error: "), err
    assert re.search(message, lines[0])


def test_committed_hangman_trees_verify() -> None:
    # the short lengths here (the CI verifies every tree with `lingo-trees verify`)
    files = sorted(p for p in (ROOT / "trees" / "hangman").rglob("*.json") if int(p.stem) <= 5)
    assert files
    for path in files:
        tree = read_tree(path)
        verdict = verify_tree(tree, *game_lists(tree))
        assert verdict.ok, (path, verdict.problems)

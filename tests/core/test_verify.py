"""The verifier: good trees pass, and each kind of broken tree is caught."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from generator.core.catalog import load_list
from generator.core.feedback import feedback
from generator.core.rules import LINGO, WORDLE
from generator.core.tree import GameTree, Node, Stats
from generator.core.verify import verify_tree, where
from generator.core.words import WordList
from generator.output.treefile import read_tree

NL = ("nl-basis-5", "nl-all-5")


def check(tree: GameTree, answers: WordList | None = None, guesses: WordList | None = None):  # type: ignore[no-untyped-def]
    return verify_tree(tree, answers or load_list(tree.answers), guesses or load_list(tree.guesses))


def assert_problem(verdict, pattern: str) -> None:  # type: ignore[no-untyped-def]
    assert not verdict.ok
    assert any(re.search(pattern, p) for p in verdict.problems), verdict.problems


@pytest.fixture
def q(kit, q_tree: GameTree) -> GameTree:
    """A fresh copy to break."""
    return kit.broken(q_tree)


# -- good trees pass -------------------------------------------------------------


@pytest.mark.parametrize(
    "letter, lists, rule",
    [
        ("q", NL, "free"),
        ("q", NL, "same-start"),
        ("x", NL, "free"),
        ("y", NL, "free"),
        ("z", NL, "free"),          # some secrets take more than 5 turns: listed in late
        ("ij", ("nl-basis-5-ij", "nl-all-5-ij"), "same-start"),
        ("q", ("en-enable-5", "en-enable-5"), "free"),
    ],
)
def test_good_trees_pass(kit, letter: str, lists: tuple[str, str], rule: str) -> None:
    tree = kit.lingo_tree(letter, *lists, rule=rule)
    verdict = check(tree)
    assert verdict.ok, verdict.problems
    assert verdict.stats == tree.stats
    assert verdict.solved == len(tree.secrets) == len(load_list(lists[0]).starting_with(letter))


def test_the_late_tree_really_has_late_secrets(kit) -> None:
    tree = kit.lingo_tree("z")
    assert tree.late and tree.stats is not None and tree.stats.max_turns > 5


def test_a_single_word_tree(kit) -> None:
    tree = kit.lingo_tree("x")
    assert isinstance(tree.root, Node) and len(tree.secrets) == 2
    assert check(tree).ok


def test_where() -> None:
    assert where(()) == "root"
    assert where(("G....", ".Y...")) == "root > G.... > .Y..."


# -- each kind of broken tree is caught ---------------------------------------------


def test_secret_not_solved_missing_branch(q: GameTree) -> None:
    assert isinstance(q.root, Node)
    del q.root.next["GG..Y"]
    verdict = check(q)
    assert_problem(verdict, r"^root: no branch for feedback GG\.\.Y of 'quant' \(secret 'quote'\)$")
    assert verdict.solved == 9


def test_leaf_that_is_not_the_secret(q: GameTree) -> None:
    assert isinstance(q.root, Node)
    q.root.next["GG..Y"] = "quota"
    assert_problem(check(q), r"^root > GG\.\.Y: leaf 'quota' is not the secret 'quote'$")


def test_solved_past_turns_without_late(q: GameTree) -> None:
    q.game = replace(q.game, turns=2)
    verdict = check(q)
    assert_problem(verdict, r"^'queue' takes 3 turns, more than 2, and is not in late$")
    assert len(verdict.problems) == 3  # queue, quasi, quilt


def test_late_tree_without_its_late_list(kit) -> None:
    tree = kit.lingo_tree("z")
    tree.late = ()
    assert_problem(check(tree), r"takes [678] turns, more than 5, and is not in late$")


def test_late_but_solved_in_time(q: GameTree) -> None:
    q.late = ("quark",)
    assert_problem(check(q), r"^late: 'quark' is solved in 2 turns, within 5$")


def test_late_word_that_is_no_secret(q: GameTree) -> None:
    q.late = ("xenon",)
    assert_problem(check(q), r"^late: 'xenon' is not one of the secrets$")


def test_late_word_listed_twice(kit) -> None:
    tree = kit.lingo_tree("z")
    tree.late = tree.late + tree.late[:1]
    assert check(tree).problems == ["late: a word is listed twice"]


def test_guess_not_in_the_guesses_list(q: GameTree) -> None:
    assert isinstance(q.root, Node)
    q.root.next["GG..."] = Node("quxxx", {"GGG..": "queue"})
    assert_problem(check(q), r"^root > GG\.\.\.: guess 'quxxx' is not in the guesses list 'nl-all-5'$")


def test_leaf_not_in_the_guesses_list(q: GameTree) -> None:
    # the tree is right, but checked against a guesses list that lacks 'quote'
    guesses = load_list("nl-all-5")
    fewer = WordList("fewer", tuple(w for w in guesses if w != "quote"), guesses.alphabet, 5)
    assert_problem(check(q, guesses=fewer), r"^root > GG\.\.Y: guess 'quote' is not in the guesses list 'fewer'$")


def _outsider(kit, tree: GameTree, path: str) -> GameTree:
    """``tree`` with the node at ``path`` replaced by a guess not starting with
    the revealed letter that still separates the secrets there."""
    assert isinstance(tree.root, Node)
    node = tree.root.next[path]
    assert isinstance(node, Node)
    secrets = [node.guess] + [leaf for leaf in node.next.values() if isinstance(leaf, str)]
    for word in load_list("nl-all-5"):
        if word[0] != "q" and len({feedback(word, s) for s in secrets}) == len(secrets):
            tree.root.next[path] = Node(word, {feedback(word, s): s for s in secrets})
            return kit.finish(tree.game, tree.answers, tree.guesses, tree.secrets, tree.root)
    raise AssertionError("no outsider word")


def test_same_start_guess_not_starting_with_the_letter(kit, q_tree: GameTree) -> None:
    free = _outsider(kit, kit.broken(q_tree), "GG...")
    assert check(free).ok  # allowed under the free rule
    same_start = kit.broken(free)
    same_start.game = same_start.game.with_rule("same-start")
    assert_problem(check(same_start),
                   r"^root > GG\.\.\.: guess '\w+' breaks the same-start rule: "
                   r"must begin with the revealed letter 'q'$")


def test_same_start_checks_the_first_guess(q: GameTree) -> None:
    q.game = q.game.with_rule("same-start")
    assert check(q).ok
    q.game = replace(q.game, revealed="x")  # now every guess breaks it (and the secrets are wrong)
    assert_problem(check(q), r"^root: guess 'quant' breaks the same-start rule")


# -- a Wordle-like small game in hard mode -----------------------------------------

HARD_SECRETS = ("cigar", "cider", "cinch", "civic", "rebut", "sissy", "humph", "awake", "blush", "focal")


def _wordle_tree(kit, root: object) -> GameTree:
    game = WORDLE.with_rule("hard")
    return kit.finish(game, "tiny-answers", "wordle-allowed", HARD_SECRETS, root)  # type: ignore[arg-type]


def test_hard_mode_tree_of_candidates_passes(kit) -> None:
    tree = _wordle_tree(kit, kit.greedy(HARD_SECRETS))
    verdict = check(tree, kit.wordlist("tiny-answers", HARD_SECRETS), load_list("wordle-allowed"))
    assert verdict.ok, verdict.problems


def test_hard_mode_violation_is_caught(kit) -> None:
    root = kit.greedy(HARD_SECRETS)
    assert isinstance(root, Node)
    tree = _wordle_tree(kit, root)
    answers, guesses = kit.wordlist("tiny-answers", HARD_SECRETS), load_list("wordle-allowed")
    # find a branch with several secrets and replace its guess by a word that
    # separates them but does not play a revealed letter again
    for pattern, child in sorted(root.next.items()):
        if isinstance(child, Node) and "G" in pattern:
            group = [s for s in HARD_SECRETS if feedback(root.guess, s) == pattern]
            break
    else:
        raise AssertionError("no branch to break")
    revealed = {root.guess[i] for i, m in enumerate(pattern) if m == "G"}
    for word in guesses:
        if not revealed & set(word) and len({feedback(word, s) for s in group}) == len(group):
            root.next[pattern] = Node(word, {feedback(word, s): s for s in group})
            break
    tree = _wordle_tree(kit, root)
    free = kit.broken(tree)
    free.game = WORDLE
    assert check(free, answers, guesses).ok
    assert_problem(check(tree, answers, guesses),
                   rf"^root > {re.escape(pattern)}: guess '{word}' breaks the hard rule: "
                   r"the '\w' must stay in place \d$")


@pytest.mark.parametrize("second, ok", [("aab", True), ("dab", False)])
def test_hard_mode_counts_duplicates(kit, second: str, ok: bool) -> None:
    # 'aac' gets YG. from both secrets: two a's are revealed, so the next
    # guess must hold two a's ('aab'), one is not enough ('dab')
    secrets = ("baa", "daa")
    answers = kit.wordlist("mini-answers", secrets)
    guesses = kit.wordlist("mini-guesses", ("aab", "aac", "baa", "daa", "dab"))
    assert {feedback("aac", s) for s in secrets} == {"YG."}
    root = Node("aac", {"YG.": Node(second, {feedback(second, s): s for s in secrets})})
    game = replace(WORDLE.with_rule("hard"), length=3)
    tree = kit.finish(game, "mini-answers", "mini-guesses", secrets, root)
    verdict = check(tree, answers, guesses)
    if ok:
        assert verdict.ok, verdict.problems
    else:
        # (the replay stops there, so the branches below are reported unused too)
        assert verdict.problems[0] == (
            "root > YG.: guess 'dab' breaks the hard rule: the 'a' must be played again (2 times)"
        )


def _spoken(kit, root_guess: str) -> tuple[GameTree, WordList]:
    """A LINGO tree of three ENABLE secrets, one of them blocked (jisms),
    opened by ``root_guess``, and its answers."""
    secrets = ("jilts", "jisms", "jolts")
    answers = kit.wordlist("en-three", secrets)
    rest = [s for s in secrets if s != root_guess]
    root: Node | str = Node(root_guess, {feedback(root_guess, s): s for s in rest})
    game = LINGO.for_letter("j")
    return kit.finish(game, "en-three", "en-enable-5", secrets, root), answers


def test_a_blocked_word_is_played_only_as_the_one_secret_left(kit) -> None:
    tree, answers = _spoken(kit, "jilts")  # jisms is a leaf: said once it is the answer
    assert check(tree, answers=answers).ok
    probe, answers = _spoken(kit, "jisms")  # said to narrow jilts and jolts down
    assert_problem(check(probe, answers=answers),
                   r"^root: guess 'jisms' is on the blocklist of 'en': played only as the one "
                   r"secret left, not on the way to 'jilts'$")
    wordle = replace(probe, game=replace(WORDLE, length=5))  # typed, not said: any word
    assert "blocklist" not in " ".join(check(wordle, answers=answers).problems)


@pytest.fixture
def human_b(tiny: Path) -> GameTree:
    """The tiny project's human-scheme tree of b (its plan: one opener, boxer)."""
    return read_tree(tiny / "tiny" / "free" / "human" / "b.json")


def test_the_plan_of_a_human_scheme_plays_as_its_tree(human_b: GameTree) -> None:
    assert check(human_b).ok


@pytest.mark.parametrize("edit, pattern", [
    (lambda st: st.update(openers=["zzzzz"]), r"^strategy: the plan plays zzzzz .* for 'baard', the tree boxer "),
    (lambda st: st["groups"][1]["words"].reverse(), r"^strategy: the plan plays boxer brand baard for 'baard'"),
    (lambda st: st.update(words_to_learn=0), r"^strategy: words_to_learn is not the plan's \(0 where the groups give 1\)"),
    (lambda st: st.update(largest_group=9), r"^strategy: largest_group is not the plan's"),
    (lambda st: st.update(groups="play zzzzz"), r"^strategy: the openers and groups are not a plan"),
    (lambda st: st["groups"][0]["words"].insert(0, "bb"), r"^strategy: the openers and groups are not a plan"),
    (lambda st: st["groups"][0].update(feedback=["....."]), r"plan plays boxer \(no group for this feedback\) for 'bijvak'"),
    # exception moves that are no list of moves: a verdict, never a traceback
    (lambda st: st.update(exceptions=[1]), r"^strategy: exceptions is not the plan's"),
    (lambda st: st.update(exceptions=None), r"^strategy: exceptions is not the plan's"),
])
def test_a_plan_the_tree_does_not_play_is_caught(human_b: GameTree, edit: Any, pattern: str) -> None:
    edit(human_b.strategy)  # what a sheet would show, while the tree is unchanged
    assert_problem(check(human_b), pattern)


@pytest.mark.parametrize("edit, pattern", [
    # the fourth sweep's lies (issue 60): each printed by a card or counted by index and report
    (lambda st: st.update(proved_minimal="no"), r"^strategy: proved_minimal is not true or false \('no'\)"),
    (lambda st: st.update(proved_minimal=1), r"^strategy: proved_minimal is not true or false"),
    (lambda st: st.update(lower_bound=st["words_to_learn"] + 1), r"^strategy: the lower bound 2 is above the 1 words"),
    (lambda st: st.update(lower_bound=0, proved_minimal=True), r"^strategy: proved minimal, but the lower bound 0"),
    (lambda st: st.update(lower_bound=0.5), r"^strategy: lower_bound is not a whole number \(0.5\)"),
    (lambda st: st.update(k=1.0), r"^strategy: k is not a whole number \(1.0\)"),
    (lambda st: st.update(words_to_learn=True), r"^strategy: words_to_learn is not a whole number"),
    (lambda st: st.update(total_turns=3), r"^strategy: total_turns 3 is not the replay's"),
    (lambda st: st.update(uncommon="boxer"), r"^strategy: uncommon is not a list of words, each once"),
    (lambda st: st.update(uncommon=["boxer", "boxer"]), r"^strategy: uncommon is not a list of words, each once"),
    (lambda st: st.update(uncommon=["<b>bijvak</b>"]), r"^strategy: uncommon names '<b>bijvak</b>', not a word the card says"),
    (lambda st: st.update(uncommon=["baard"]), r"^strategy: uncommon names 'baard'"),
])
def test_a_claim_a_card_prints_is_checked(human_b: GameTree, edit: Any, pattern: str) -> None:
    assert check(human_b).ok
    edit(human_b.strategy)
    assert_problem(check(human_b), pattern)


def test_the_uncommon_words_the_card_says_pass(human_b: GameTree) -> None:
    human_b.strategy["uncommon"] = list(human_b.strategy["openers"])
    assert check(human_b).ok


def test_words_to_say_that_are_no_list_give_a_verdict(human_b: GameTree) -> None:
    human_b.strategy["shared"] = {"openers": 3, "probes": None}  # what a forged file may hold
    assert check(human_b).ok  # no word named to say is blocked: nothing to report, and no traceback


def test_pattern_key_no_secret_can_produce(q: GameTree) -> None:
    assert isinstance(q.root, Node)
    q.root.next["....."] = "quark"
    verdict = check(q)
    assert verdict.problems == ["root: no secret gives feedback ..... to 'quant'"]


def test_all_green_key(q: GameTree) -> None:
    assert isinstance(q.root, Node)
    q.root.next["GGGGG"] = "quant"
    assert check(q).problems == ["root: the all-green pattern is not a branch (the game is over)"]


@pytest.mark.parametrize("key", ["GG..", "GG...Y", "GGxx.", "gg..."])
def test_malformed_pattern_key(q: GameTree, key: str) -> None:
    assert isinstance(q.root, Node)
    q.root.next[key] = "quark"
    assert check(q).problems == [f"root: {key!r} is not a pattern of 5 marks G, Y, ."]


def test_leaf_that_is_not_a_secret(q: GameTree) -> None:
    assert isinstance(q.root, Node)
    q.root.next["Y...."] = "xenon"
    problems = check(q).problems
    assert "root > Y....: leaf 'xenon' is not a secret of this tree" in problems


def test_stats_that_disagree(q: GameTree) -> None:
    assert q.stats is not None
    q.stats = Stats(10, 23, 3, {1: 1, 2: 5, 3: 4})
    assert check(q).problems == [
        "stats: the file says 10 secrets, 23 turns, max 3 (1:1 2:5 3:4), "
        "the replay gives 10 secrets, 22 turns, max 3 (1:1 2:6 3:3)"
    ]


def test_secrets_missing_an_answer(q: GameTree) -> None:
    q.secrets = tuple(s for s in q.secrets if s != "quota")
    assert_problem(check(q), r"^secrets: 1 answers of the game are missing, e\.g\. \['quota'\]$")


def test_secrets_holding_a_non_answer(q: GameTree) -> None:
    q.secrets = q.secrets + ("quits",)
    assert_problem(check(q), r"^secrets: 1 words are not answers of the game, e\.g\. \['quits'\]$")


def test_secrets_listed_twice(q: GameTree) -> None:
    q.secrets = q.secrets + ("quark",)
    assert_problem(check(q), r"^secrets: a word is listed twice$")


def test_game_length_must_match_the_lists(q: GameTree) -> None:
    q.game = replace(q.game, length=6)
    assert_problem(check(q), r"^game: length 6 does not match word list 'nl-basis-5' \(5 letters\)$")


def test_game_digraphs_must_match_the_lists(kit) -> None:
    tree = kit.lingo_tree("ij", "nl-basis-5-ij", "nl-all-5-ij")
    tree.game = replace(tree.game, digraphs=())
    assert_problem(check(tree), r"^game: digraphs \[\] do not match word list 'nl-basis-5-ij' \(\['ij'\]\)$")


def test_problems_are_capped(q: GameTree) -> None:
    assert isinstance(q.root, Node)
    q.root.next.clear()
    verdict = verify_tree(q, load_list("nl-basis-5"), load_list("nl-all-5"), max_problems=3)
    assert len(verdict.problems) == 4 and verdict.problems[-1] == "... more problems not shown"
    assert verdict.solved == 1


# -- self hard mode: every guess can still be the secret -----------------------------


@pytest.mark.parametrize("second, why", [
    ("aab", "it would have given 'aac' GG. (not YG.)"),  # a word that cannot be the secret
    ("faa", "it is not in the answers list 'mini-answers'"),  # agrees, but is no answer
    ("baa", None),
])
def test_self_hard_mode(kit, second: str, why: str | None) -> None:
    secrets = ("aac", "baa", "daa")
    answers = kit.wordlist("mini-answers", secrets)
    guesses = kit.wordlist("mini-guesses", ("aab", "aac", "baa", "daa", "faa"))
    assert {feedback("aac", s) for s in secrets[1:]} == {"YG."}
    below = {"aab": {"YGY": "baa", "YG.": "daa"}, "faa": {".GG": Node("baa", {".GG": "daa"})},
             "baa": {".GG": "daa"}}
    root = Node("aac", {"YG.": Node(second, below[second])})
    game = replace(WORDLE.with_rule("self-hard"), length=3)
    tree = kit.finish(game, "mini-answers", "mini-guesses", secrets, root)
    verdict = check(tree, answers, guesses)
    if why is None:
        assert verdict.ok, verdict.problems
    else:
        assert verdict.problems[0] == f"root > YG.: guess {second!r} breaks the self-hard rule: {why}"

"""The verifier: replay every secret through a tree and check every rule.

A tree passes when

* its game's word length and digraphs are those of its word lists;
* its ``secrets`` are exactly the answers of its game (the answers list, or
  the answers that begin with the revealed letter), each once;
* every secret is solved, within ``game.turns`` unless it is listed in
  ``late`` (and a secret in ``late`` really is solved only after the last turn);
* every guess on the way is in the guesses list and keeps the guess rule
  (same-start, hard mode; in self hard mode it is an answer that agrees with
  every feedback so far), is not banned (a blocked word, played only as the
  one secret left: :mod:`generator.core.sayable`), and every leaf is a secret; no word the
  ``strategy`` block asks a player to say (openers, exception moves, probes)
  is blocked;
* every pattern key is well formed, not the winning one, and produced by some secret;
* its ``stats`` are those of the replay;
* a plan in its ``strategy`` block (the openers and groups a sheet is drawn
  from) plays every secret as the tree does (:func:`_check_plan`), and its
  counts (``k``, ``exceptions``, ``words_to_learn``, ``largest_group``) are
  the plan's; the words a card cut from the full one counts late
  (``sure_late``) hold every word the tree reaches late.

The replay depends on the game's feedback kind (:mod:`generator.core.kinds`):
guess games (``positional``: LINGO, Wordle; ``pegs``: Mastermind, whose codes
are both lists) are replayed by :func:`_replay_guesses`; Hangman (``mask``)
by :func:`_replay_calls`, with :func:`generator.core.kinds.replay_calls`: a
letter at most once, the misses counted, ``late`` exactly the words lost
(more misses than ``game.misses``), the stats (turns: every call; misses)
those of the replay.

:func:`verify_tree` returns a :class:`Verdict` listing every problem found,
each with the place in the tree (``root > G.... > .Y...``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.core.feedback import Pattern
from generator.core.ids import short
from generator.core.kinds import BLANK, MASK, FeedbackKind, ReplayError, kind_of, replay_calls
from generator.core.rules import Game, GuessRule, rule_violation
from generator.core.sayable import banned_words, blocked_words
from generator.core.tree import GameTree, Node, Stats, Tree, stats_of, walk
from generator.core.words import Letters, WordList
from generator.errors import LingoTreesError

ReportProblem = Callable[[str], None]  # records one problem the verifier found (its message)


def where(path: tuple[Pattern, ...]) -> str:
    """Readable place in a tree: ``root > G.... > .Y...``."""
    return " > ".join(("root",) + path)


@dataclass
class Verdict:
    """What the replay found: statistics and problems (empty when all is well)."""

    stats: Stats
    solved: int
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def game_lists(tree: GameTree) -> tuple[WordList, WordList]:
    """The answers and guesses lists of a tree: the shipped lists it names, or
    for a pegs game every code of the game (named ``codes-4x6`` and the like)."""
    return kind_of(tree.game).lists(tree.game, tree.answers, tree.guesses)


def verify_tree(tree: GameTree, answers: WordList, guesses: WordList, max_problems: int = 20) -> Verdict:
    """Replay every secret of ``tree`` and check it against its rules and lists."""
    problems: list[str] = []
    problem = _collector(problems, max_problems)
    kind = kind_of(tree.game)
    if kind is MASK:
        stats, solved = _replay_calls(tree, answers, guesses, problem)
    else:
        stats, solved = _replay_guesses(tree, answers, guesses, kind, problem)
    if solved == len(tree.secrets) and tree.stats is not None and tree.stats != stats:
        problem(f"stats: the file says {_describe(tree.stats)}, the replay gives {_describe(stats)}")
    if solved == len(tree.secrets):
        _check_claims(tree.strategy, stats, problem)
    return Verdict(stats=stats, solved=solved, problems=problems)


# -- checks every game shares ---------------------------------------------------------


#: the strategy block's counts: a whole number each where it is given
_COUNTS = ("k", "largest_group", "words_to_learn", "lower_bound", "total_turns", "late")


def _check_claims(strategy: Mapping[str, Any], stats: Stats, problem: ReportProblem) -> None:
    """What a card or page prints from the strategy block holds: each count
    is a whole number; "proved minimal" is true or false, and true only where
    the lower bound equals the words to learn (or an exact search says so);
    the total is the replay's; each uncommon word is one the card says. (The
    counts of a plan are checked against it by :func:`_check_plan`.)"""
    for key in _COUNTS:
        value = strategy.get(key)
        if key in strategy and (type(value) is not int or value < 0) and not (key == "late" and value is None):
            problem(f"strategy: {key} is not a whole number ({short(repr(value), 40)})")
    proved = strategy.get("proved_minimal")
    if "proved_minimal" in strategy and type(proved) is not bool:
        problem(f"strategy: proved_minimal is not true or false ({short(repr(proved), 40)})")
    bound, learn = strategy.get("lower_bound"), strategy.get("words_to_learn")
    if type(bound) is int and type(learn) is int:
        if bound > learn:
            problem(f"strategy: the lower bound {bound} is above the {learn} words to learn")
        elif proved is True and bound != learn:
            problem(f"strategy: proved minimal, but the lower bound {bound} is below the {learn} words to learn")
    if type(strategy.get("total_turns")) is int and strategy["total_turns"] != stats.total_turns:
        problem(f"strategy: total_turns {strategy['total_turns']} is not the replay's {stats.total_turns}")
    if "uncommon" in strategy:
        _check_uncommon(strategy, problem)


def _check_uncommon(strategy: Mapping[str, Any], problem: ReportProblem) -> None:
    """``uncommon``: words the card says (openers, exception moves), each once."""
    uncommon = strategy["uncommon"]
    if not isinstance(uncommon, list) or not all(isinstance(w, str) for w in uncommon) \
            or len(set(uncommon)) != len(uncommon):
        problem("strategy: uncommon is not a list of words, each once")
        return
    openers, exceptions = (v if isinstance(v, list) else [] for v in (strategy.get("openers"), strategy.get("exceptions")))
    said = {*openers, *(e.get("word") for e in exceptions if isinstance(e, dict))}
    for word in sorted(set(uncommon) - said)[:3]:
        problem(f"strategy: uncommon names {short(word, 40)!r}, not a word the card says")


def _collector(problems: list[str], most: int) -> ReportProblem:
    """A function that records a problem once, at most ``most`` of them (then one line saying so)."""
    def problem(text: str) -> None:
        if text in problems:
            return
        if len(problems) < most:
            problems.append(text)
        elif len(problems) == most:
            problems.append("... more problems not shown")
    return problem


def _check_secrets(tree: GameTree, expected: set[str], what: str, problem: ReportProblem) -> None:
    """The secrets are exactly ``expected``, each once; ``late`` names secrets, each once."""
    if len(set(tree.secrets)) != len(tree.secrets):
        problem("secrets: a word is listed twice")
    missing = sorted(expected - set(tree.secrets))
    extra = sorted(set(tree.secrets) - expected)
    if missing:
        problem(f"secrets: {len(missing)} {what} are missing, e.g. {missing[:5]}")
    if extra:
        problem(f"secrets: {len(extra)} words are not {what}, e.g. {extra[:5]}")
    if len(set(tree.late)) != len(tree.late):
        problem("late: a word is listed twice")


def _check_branches(root: Tree, secret_set: set[str], used: set[tuple[int, Pattern]],
                    bad_pattern: Callable[[Node, Pattern], str | None], problem: ReportProblem) -> None:
    """After the replay: every leaf a secret, every branch key well formed
    (``bad_pattern`` says why not, per game) and reached by some secret."""
    for path, sub in walk(root):
        if isinstance(sub, str):
            if sub not in secret_set:
                problem(f"{where(path)}: leaf {sub!r} is not a secret of this tree")
            continue
        for pattern in sorted(sub.next):
            why = bad_pattern(sub, pattern)
            if why:
                problem(f"{where(path)}: {why}")
            elif (id(sub), pattern) not in used:
                problem(f"{where(path)}: no secret gives feedback {pattern} to {sub.guess!r}")


def _describe(s: Stats) -> str:
    hist = " ".join(f"{k}:{v}" for k, v in s.turns.items())
    text = f"{s.secrets} secrets, {s.total_turns} turns, max {s.max_turns} ({hist})"
    if s.misses is not None:
        text += " misses (" + " ".join(f"{k}:{v}" for k, v in s.misses.items()) + ")"
    return text


# -- guess games: positional and pegs feedback ---------------------------------------


def _replay_guesses(tree: GameTree, answers: WordList, guesses: WordList, kind: FeedbackKind,
                    problem: ReportProblem) -> tuple[Stats, int]:
    """Replay a LINGO, Wordle or Mastermind tree: every secret, every guess."""
    game = tree.game
    _check_lists(game, answers, guesses, problem)
    expected = answers.words if game.revealed is None else answers.starting_with(game.revealed)
    _check_secrets(tree, set(expected), "answers of the game", problem)
    late = set(tree.late)
    for word in sorted(late - set(tree.secrets)):
        problem(f"late: {word!r} is not one of the secrets")
    _check_sayable(tree, guesses, problem)
    replay = _GuessReplay(tree, answers, guesses, kind, problem)
    for secret in tree.secrets:
        if len(replay.spell(secret)) != game.length:
            continue  # not an answer (said above), and no feedback compares words of two lengths
        n = replay.secret(secret)
        if n is None:
            continue
        if n > game.turns and secret not in late:
            problem(f"{secret!r} takes {n} turns, more than {game.turns}, and is not in late")
        if n <= game.turns and secret in late:
            problem(f"late: {secret!r} is solved in {n} turns, within {game.turns}")
    win = kind.win(game.length)

    def bad_pattern(node: Node, pattern: Pattern) -> str | None:
        why = kind.problem(pattern, game.length)
        if why:
            return why
        if pattern == win:
            return "the all-green pattern is not a branch (the game is over)"
        return None

    _check_branches(tree.root, set(tree.secrets), replay.used, bad_pattern, problem)
    _check_plan(tree.strategy, replay.played, replay.reply, problem)
    _check_sure_late(tree, problem)
    return stats_of(replay.turns), len(replay.turns)


def _check_sure_late(tree: GameTree, problem: ReportProblem) -> None:
    """A card cut from the full one counts some secrets late (``sure_late``):
    secrets, each once, and every secret the tree reaches late among them."""
    sure = tree.strategy.get("sure_late")
    if sure is None:
        return
    if not isinstance(sure, list) or not all(isinstance(w, str) for w in sure) or len(set(sure)) != len(sure):
        problem("strategy: sure_late is not a list of words, each once")
        return
    for word in sorted(set(sure) - set(tree.secrets))[:5]:
        problem(f"strategy: sure_late names {short(word, 40)!r}, not a secret")
    for word in sorted(set(tree.late) - set(sure))[:5]:
        problem(f"strategy: {word!r} is late in the tree but not in sure_late")


def _check_plan(strategy: Mapping[str, Any], played: dict[str, list[str]], reply: Callable[[str, str], Pattern],
                problem: ReportProblem) -> None:
    """The plan a sheet shows (``openers``, then the ``groups`` by the openers'
    feedback: an exception move and its parts, or the words to try in order,
    the first one still possible) plays every secret as the tree does, and
    the counts the sheet and the indexes print are the plan's."""
    groups = strategy.get("groups")
    if groups is None:
        return  # no plan: a lookup tree (scm, optimal)
    try:
        openers: list[str] = list(strategy.get("openers", []))
        by_feedback = {tuple(g["feedback"]): g for g in groups}
        moves = [m for g in groups for m in _moves(g, list(g["feedback"]))]
        largest = max((len(g["words"]) for g in groups), default=0)
        sheets = {secret: _sheet_play(openers, by_feedback, secret, reply) for secret in played}
    except (TypeError, KeyError, AttributeError, LingoTreesError):  # (a word of another length, ...)
        problem("strategy: the openers and groups are not a plan (a list of openers; groups of "
                "feedback, words, and an exception move with its parts, words of the game)")
        return
    expected_words = {"human": len(openers) + len(moves), "human-lookup": len(openers)}.get(strategy.get("scheme", ""))
    for key, value in (("k", len(openers)), ("exceptions", moves), ("largest_group", largest),
                       ("words_to_learn", expected_words)):
        if key in strategy and value is not None and strategy[key] != value:
            problem(f"strategy: {key} is not the plan's ({short(str(strategy[key]), 60)} "
                    f"where the groups give {short(str(value), 60)})")
    for secret in sorted(played):
        if sheets[secret] != played[secret]:
            problem(f"strategy: the plan plays {' '.join(sheets[secret])} for {secret!r}, "
                    f"the tree {' '.join(played[secret])}")


def _moves(plan: dict[str, Any], path: list[Pattern]) -> list[dict[str, Any]]:
    """The exception moves of a group's plan, as the ``exceptions`` list names them."""
    if "exception" not in plan:
        return []
    out = [{"feedback": path, "word": plan["exception"]}]
    for part in plan["parts"]:
        out += _moves(part, path + [part["feedback"]])
    return out


def _sheet_play(openers: list[str], by_feedback: dict[tuple[Pattern, ...], dict[str, Any]], secret: str,
                reply: Callable[[str, str], Pattern]) -> list[str]:
    """The words a player following the plan says for ``secret``, in order
    (ending in a note in brackets where the plan has no move for it)."""
    said: list[str] = []
    seen: list[tuple[str, Pattern]] = []

    def say(word: str) -> bool:
        said.append(word)
        seen.append((word, reply(word, secret)))
        return word == secret

    for word in openers:
        if say(word):
            return said
    plan = by_feedback.get(tuple(p for _, p in seen))
    while plan is not None and "exception" in plan:
        if say(plan["exception"]):
            return said
        plan = next((part for part in plan["parts"] if part["feedback"] == seen[-1][1]), None)
    if plan is None:
        return said + ["(no group for this feedback)"]
    for word in plan["words"]:
        if all(reply(g, word) == p for g, p in seen) and say(word):
            return said
    return said + ["(not in its group)"]


def _check_sayable(tree: GameTree, guesses: WordList, problem: ReportProblem) -> None:
    """No word the strategy block names for a player to say is blocked."""
    blocked = blocked_words(guesses.language)

    def listed(block: Any, key: str) -> list[Any]:  # a list the block holds under key ([] where it holds none)
        value = block.get(key) if isinstance(block, dict) else None
        return value if isinstance(value, list) else []

    strategy, shared = tree.strategy, tree.strategy.get("shared")
    named = [*listed(strategy, "openers"), *(e.get("word") for e in listed(strategy, "exceptions") if isinstance(e, dict)),
             *listed(shared, "openers"), *listed(shared, "probes")]
    for word in sorted({w for w in named if isinstance(w, str) and w in blocked}):
        problem(f"strategy: {word!r} is on the blocklist of {guesses.language!r}: never a word to say")


def _check_lists(game: Game, answers: WordList, guesses: WordList, problem: ReportProblem) -> None:
    """The game describes the words of its lists: a program that reads the file
    (splitting words by its ``digraphs``) must replay it as we do."""
    for words in (answers, guesses):
        if words.length and words.length != game.length:
            problem(f"game: length {game.length} does not match word list {words.id!r} "
                    f"({words.length} letters)")
        if tuple(game.digraphs) != tuple(words.alphabet.digraphs):
            problem(f"game: digraphs {list(game.digraphs)} do not match word list {words.id!r} "
                    f"({list(words.alphabet.digraphs)})")


class _GuessReplay:
    """Replays secrets through a guess tree, remembering which branches they used."""

    def __init__(self, tree: GameTree, answers: WordList, guesses: WordList, kind: FeedbackKind,
                 problem: ReportProblem) -> None:
        self.tree, self.answers, self.guesses, self.problem = tree, answers, guesses, problem
        # the lists say how words split into letters (a game that says
        # otherwise is reported by _check_lists, and still replayed)
        self.reply = functools.cache(kind.reply(guesses.alphabet.digraphs))  # the plan replays the same pairs
        self.spell = Letters(guesses.alphabet.digraphs).spell
        self.used: set[tuple[int, Pattern]] = set()
        self.turns: dict[str, int] = {}
        self.played: dict[str, list[str]] = {}  # the guesses of each secret solved
        self.banned = set(banned_words(answers, guesses, tree.game.name))
        self._rule_checked: set[tuple[int, tuple[tuple[str, Pattern], ...]]] = set()

    def secret(self, secret: str) -> int | None:
        """The turns ``secret`` takes, or None (after recording the problem)."""
        node: Tree = self.tree.root
        path: tuple[Pattern, ...] = ()
        history: list[tuple[str, Pattern]] = []
        while True:
            guess = node if isinstance(node, str) else node.guess
            if not self._allowed(node, guess, path, history, secret):
                return None
            if guess == secret:
                self.turns[secret] = len(history) + 1
                self.played[secret] = [g for g, _ in history] + [guess]
                return len(history) + 1
            if isinstance(node, str):
                self.problem(f"{where(path)}: leaf {node!r} is not the secret {secret!r}")
                return None
            pattern = self.reply(guess, secret)
            if pattern not in node.next:
                self.problem(f"{where(path)}: no branch for feedback {pattern} of {guess!r} (secret {secret!r})")
                return None
            self.used.add((id(node), pattern))
            history.append((guess, pattern))
            path += (pattern,)
            node = node.next[pattern]

    def _allowed(self, node: Tree, guess: str, path: tuple[Pattern, ...],
                 history: list[tuple[str, Pattern]], secret: str) -> bool:
        """Whether ``guess`` is in the guesses list and keeps the guess rule
        here, on the way to ``secret``."""
        if guess not in self.guesses:
            self.problem(f"{where(path)}: guess {guess!r} is not in the guesses list {self.guesses.id!r}")
            return False
        if guess in self.banned and guess != secret:
            self.problem(f"{where(path)}: guess {guess!r} is on the blocklist of {self.guesses.language!r}: "
                         f"played only as the one secret left, not on the way to {secret!r}")
            return False
        game = self.tree.game
        key = (id(node), tuple(history))
        if game.guess_rule is not GuessRule.FREE and key not in self._rule_checked:
            self._rule_checked.add(key)
            spell = self.spell
            why = rule_violation(game, spell(guess), [(spell(g), p) for g, p in history])
            if not why and game.guess_rule is GuessRule.SELF_HARD and guess not in self.answers:
                why = f"it is not in the answers list {self.answers.id!r}"
            if why:
                self.problem(f"{where(path)}: guess {guess!r} breaks the {game.guess_rule} rule: {why}")
                return False
        return True


# -- Hangman: mask feedback -----------------------------------------------------------


def _replay_calls(tree: GameTree, answers: WordList, guesses: WordList, problem: ReportProblem) -> tuple[Stats, int]:
    """Replay a Hangman tree: every secret, its calls and misses."""
    game = tree.game
    assert game.misses is not None
    if answers.length == 0:
        answers = answers.with_length(game.length)
    if answers.length != game.length:
        problem(f"game: length {game.length} does not match word list {answers.id!r} ({answers.length} letters)")
    if game.digraphs or answers.alphabet.digraphs:
        problem("game: Hangman trees do not support digraphs")
    _check_secrets(tree, set(answers.words), f"words of {game.length} letters", problem)
    letters = frozenset(guesses.alphabet.letters)
    turns: dict[str, int] = {}
    misses: dict[str, int] = {}
    used: set[tuple[int, Pattern]] = set()
    for secret in tree.secrets:
        try:
            calls = replay_calls(tree.root, secret, game.misses, letters, used)
        except ReplayError as exc:
            problem(f"{where(exc.path)}: {exc}")
            continue
        turns[secret], misses[secret] = calls.turns, calls.misses
    _check_losses(tree, misses, problem)

    def bad_mask(node: Node, pattern: Pattern) -> str | None:
        if len(pattern) != game.length or set(pattern) - {BLANK, node.guess}:
            return f"{pattern!r} is not a mask of {node.guess!r} over {game.length} letters"
        return None

    _check_branches(tree.root, set(tree.secrets), used, bad_mask, problem)
    base = stats_of(turns)
    hist: dict[int, int] = {}
    for n in misses.values():
        hist[n] = hist.get(n, 0) + 1
    return Stats(base.secrets, base.total_turns, base.max_turns, base.turns, dict(sorted(hist.items()))), len(turns)


def _check_losses(tree: GameTree, misses: dict[str, int], problem: ReportProblem) -> None:
    """``late`` lists exactly the words lost; the strategy block claims no more than the tree shows."""
    allowed = tree.game.misses
    assert allowed is not None
    lost = {s for s, m in misses.items() if m > allowed}
    late = set(tree.late)
    for word in sorted(late - lost)[:5]:
        problem(f"late: {word!r} is not lost ({misses.get(word, '?')} misses, {allowed} allowed)")
    for word in sorted(lost - late)[:5]:
        problem(f"{word!r} is lost ({misses[word]} misses, {allowed} allowed) and is not in late")
    floor = tree.strategy.get("losses_at_least")
    if isinstance(floor, int) and floor > len(lost):
        problem(f"strategy: losses_at_least is {floor}, but the tree loses only {len(lost)}")
    if tree.strategy.get("losses_proved") and floor != len(lost):
        problem(f"strategy: losses_proved, but losses_at_least {floor} is not the {len(lost)} lost")

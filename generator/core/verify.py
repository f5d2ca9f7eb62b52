"""The verifier: replay every secret through a tree and check every rule.

A tree passes when

* its game's word length and digraphs are those of its word lists;
* its ``secrets`` are exactly the answers of its game (the answers list, or
  the answers that begin with the revealed letter), each once;
* every secret is solved, within ``game.turns`` unless it is listed in
  ``late`` (and a secret in ``late`` really is solved only after the last turn);
* every guess on the way is in the guesses list and keeps the guess rule
  (same-start, hard mode), every leaf is a secret;
* every pattern key is well formed, not all green, and produced by some secret;
* its ``stats`` are those of the replay.

Games with other feedback (``game.feedback``) are replayed with their own
rules: ``pegs`` (Mastermind) as above with peg patterns ``<b>B<w>W`` and the
codes of the game as both lists (:func:`game_lists`); ``mask`` (Hangman)
calls letters, each at most once, counts the misses, and checks that ``late``
lists exactly the words lost (more misses than ``game.misses``) and that the
stats (turns: every call; misses) are those of the replay.

:func:`verify_tree` returns a :class:`Verdict` listing every problem found,
each with the place in the tree (``root > G.... > .Y...``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from generator.core.feedback import MARKS, GREEN, Pattern, replier
from generator.core.rules import Game, GuessRule, rule_violation
from generator.core.tree import GameTree, Node, Stats, Tree, stats_of, walk
from generator.core.words import WordList


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
    from generator.core.catalog import load_list

    if tree.game.feedback == "pegs":
        from generator.errors import TreeFormatError
        from generator.games.mastermind import code_list

        codes = code_list(tree.game)
        for name in (tree.answers, tree.guesses):
            if name != codes.id:
                raise TreeFormatError(f"wordlists: {name!r} is not the code list of this game ({codes.id!r})")
        return codes, codes
    return load_list(tree.answers), load_list(tree.guesses)


def _expected_secrets(game: Game, answers: WordList) -> tuple[str, ...]:
    if game.revealed is None:
        return answers.words
    return answers.starting_with(game.revealed)


def verify_tree(tree: GameTree, answers: WordList, guesses: WordList, max_problems: int = 20) -> Verdict:
    """Replay every secret of ``tree`` and check it against its rules and lists."""
    game = tree.game
    if game.feedback == "mask":
        return _verify_mask(tree, answers, guesses, max_problems)
    split = guesses.alphabet.split
    reply = replier(split)
    green = GREEN * game.length

    def malformed(pattern: str) -> bool:
        return len(pattern) != game.length or any(c not in MARKS for c in pattern)

    if game.feedback == "pegs":
        from generator.games.mastermind import PEGS, pegs

        reply = pegs  # noqa: F811 (the codes are plain strings)
        green = f"{game.length}B0W"

        def malformed(pattern: str) -> bool:
            m = PEGS.fullmatch(pattern)
            return not m or int(m[1]) + int(m[2]) > game.length

    problems: list[str] = []
    problem = _collector(problems, max_problems)

    # The game must describe the words of its lists, or a program that reads
    # the file (splitting words by its `digraphs`) would replay it wrongly.
    for words in (answers, guesses):
        if words.length and words.length != game.length:
            problem(f"game: length {game.length} does not match word list {words.id!r} "
                    f"({words.length} letters)")
        if tuple(game.digraphs) != tuple(words.alphabet.digraphs):
            problem(f"game: digraphs {list(game.digraphs)} do not match word list {words.id!r} "
                    f"({list(words.alphabet.digraphs)})")

    # The secrets list must be exactly the game's answers.
    expected = _expected_secrets(game, answers)
    if len(set(tree.secrets)) != len(tree.secrets):
        problem("secrets: a word is listed twice")
    missing = sorted(set(expected) - set(tree.secrets))
    extra = sorted(set(tree.secrets) - set(expected))
    if missing:
        problem(f"secrets: {len(missing)} answers of the game are missing, e.g. {missing[:5]}")
    if extra:
        problem(f"secrets: {len(extra)} words are not answers of the game, e.g. {extra[:5]}")
    late_set = set(tree.late)
    if len(late_set) != len(tree.late):
        problem("late: a word is listed twice")
    for word in sorted(late_set - set(tree.secrets)):
        problem(f"late: {word!r} is not one of the secrets")

    # Replay, remembering which branches some secret used.
    used: set[tuple[int, Pattern]] = set()
    rule_checked: set[tuple[int, tuple[tuple[str, Pattern], ...]]] = set()
    turns: dict[str, int] = {}
    secret_set = set(tree.secrets)
    for secret in tree.secrets:
        node: Tree = tree.root
        path: tuple[Pattern, ...] = ()
        history: list[tuple[str, Pattern]] = []
        n = 0
        while True:
            n += 1
            guess = node if isinstance(node, str) else node.guess
            if guess not in guesses:
                problem(f"{where(path)}: guess {guess!r} is not in the guesses list {guesses.id!r}")
                break
            key = (id(node), tuple(history))
            if game.guess_rule is not GuessRule.FREE and key not in rule_checked:
                rule_checked.add(key)
                why = rule_violation(game, split(guess), [(split(g), p) for g, p in history])
                if why:
                    problem(f"{where(path)}: guess {guess!r} breaks the {game.guess_rule} rule: {why}")
                    break
            if guess == secret:
                turns[secret] = n
                break
            if isinstance(node, str):
                problem(f"{where(path)}: leaf {node!r} is not the secret {secret!r}")
                break
            pattern = reply(guess, secret)
            if pattern not in node.next:
                problem(f"{where(path)}: no branch for feedback {pattern} of {guess!r} (secret {secret!r})")
                break
            used.add((id(node), pattern))
            history.append((guess, pattern))
            path += (pattern,)
            node = node.next[pattern]
        if secret in turns:
            if turns[secret] > game.turns and secret not in late_set:
                problem(f"{secret!r} takes {turns[secret]} turns, more than {game.turns}, and is not in late")
            if turns[secret] <= game.turns and secret in late_set:
                problem(f"late: {secret!r} is solved in {turns[secret]} turns, within {game.turns}")

    # Keys and leaves that no secret reaches.
    def bad_pattern(node: Node, pattern: Pattern) -> str | None:
        if malformed(pattern):
            kind = ("pattern <b>B<w>W" if game.feedback == "pegs"
                    else f"pattern of {game.length} marks G, Y, .")
            return f"{pattern!r} is not a {kind}"
        if pattern == green:
            return "the all-green pattern is not a branch (the game is over)"
        return None

    _check_branches(tree.root, secret_set, used, bad_pattern, problem)

    stats = stats_of(turns)
    if len(turns) == len(tree.secrets) and tree.stats is not None and tree.stats != stats:
        problem(f"stats: the file says {_describe(tree.stats)}, the replay gives {_describe(stats)}")
    return Verdict(stats=stats, solved=len(turns), problems=problems)


def _collector(problems: list[str], most: int) -> Callable[[str], None]:
    """A function that records a problem, at most ``most`` of them (then one line saying so)."""
    def problem(text: str) -> None:
        if len(problems) < most:
            problems.append(text)
        elif len(problems) == most:
            problems.append("... more problems not shown")
    return problem


def _check_branches(root: Tree, secret_set: set[str], used: set[tuple[int, Pattern]],
                    bad_pattern: Callable[[Node, Pattern], str | None],
                    problem: Callable[[str], None]) -> None:
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



def _verify_mask(tree: GameTree, answers: WordList, guesses: WordList, max_problems: int) -> Verdict:
    """Replay a Hangman tree: every secret, calls and misses counted."""
    from generator.games.hangman import BLANK, mask

    game = tree.game
    problems: list[str] = []
    problem = _collector(problems, max_problems)

    if answers.length == 0:
        answers = answers.with_length(game.length)
    if answers.length != game.length:
        problem(f"game: length {game.length} does not match word list {answers.id!r} ({answers.length} letters)")
    if game.digraphs or answers.alphabet.digraphs:
        problem("game: Hangman trees do not support digraphs")
    letters = set(guesses.alphabet.letters)
    expected = set(answers.words)
    if len(set(tree.secrets)) != len(tree.secrets):
        problem("secrets: a word is listed twice")
    missing = sorted(expected - set(tree.secrets))
    extra = sorted(set(tree.secrets) - expected)
    if missing:
        problem(f"secrets: {len(missing)} words of {game.length} letters are missing, e.g. {missing[:5]}")
    if extra:
        problem(f"secrets: {len(extra)} words are not words of the list, e.g. {extra[:5]}")
    assert game.misses is not None
    used: set[tuple[int, Pattern]] = set()
    turns: dict[str, int] = {}
    misses: dict[str, int] = {}
    lost: set[str] = set()
    secret_set = set(tree.secrets)
    for secret in tree.secrets:
        node: Tree = tree.root
        path: tuple[Pattern, ...] = ()
        called: set[str] = set()
        need = set(secret)
        miss = 0
        while True:
            if isinstance(node, str):
                if node != secret:
                    problem(f"{where(path)}: leaf {node!r} is not the secret {secret!r}")
                    break
                turns[secret] = len(called) + len(need - called)
                break
            letter = node.guess
            if letter not in letters:
                problem(f"{where(path)}: {letter!r} is not a letter of {guesses.id!r}")
                break
            if letter in called:
                problem(f"{where(path)}: {letter!r} is called twice (secret {secret!r})")
                break
            called.add(letter)
            if letter not in need:
                miss += 1
            if need <= called:
                turns[secret] = len(called)
                break
            pattern = mask(secret, letter)
            if pattern not in node.next:
                problem(f"{where(path)}: no branch for feedback {pattern} of {letter!r} (secret {secret!r})")
                break
            used.add((id(node), pattern))
            path += (pattern,)
            node = node.next[pattern]
        if secret in turns:
            misses[secret] = miss
            if miss > game.misses:
                lost.add(secret)
    late = set(tree.late)
    if len(late) != len(tree.late):
        problem("late: a word is listed twice")
    for word in sorted(late - lost)[:5]:
        problem(f"late: {word!r} is not lost ({misses.get(word, '?')} misses, {game.misses} allowed)")
    for word in sorted(lost - late)[:5]:
        problem(f"{word!r} is lost ({misses[word]} misses, {game.misses} allowed) and is not in late")
    floor = tree.strategy.get("losses_at_least")
    if isinstance(floor, int) and floor > len(lost):
        problem(f"strategy: losses_at_least is {floor}, but the tree loses only {len(lost)}")
    if tree.strategy.get("losses_proved") and floor != len(lost):
        problem(f"strategy: losses_proved, but losses_at_least {floor} is not the {len(lost)} lost")

    def bad_mask(node: Node, pattern: Pattern) -> str | None:
        if len(pattern) != game.length or set(pattern) - {BLANK} - {node.guess}:
            return f"{pattern!r} is not a mask of {node.guess!r} over {game.length} letters"
        return None

    _check_branches(tree.root, secret_set, used, bad_mask, problem)

    base = stats_of(turns)
    hist: dict[int, int] = {}
    for n in misses.values():
        hist[n] = hist.get(n, 0) + 1
    stats = Stats(base.secrets, base.total_turns, base.max_turns, base.turns, dict(sorted(hist.items())))
    if len(turns) == len(tree.secrets) and tree.stats is not None and tree.stats != stats:
        problem(f"stats: the file says {_describe(tree.stats)}, the replay gives {_describe(stats)}")
    return Verdict(stats=stats, solved=len(turns), problems=problems)

"""Wordle trees of the greedy rules, written beside the optimal trees.

Each rule of :mod:`generator.core.scoring` (and the letter-frequency helper)
plays every position after a first guess: by default the optimal trees'
opener ``salet``, so the totals compare with the optimum move for move. The
letter-frequency helper and self hard mode play candidates only, so where
``salet`` can be no secret they open with their own choice. A tree from a
fixed opener lives in ``trees/<tier's set-up>/<rule>/<strategy>-<opener>/all.json``,
one from the rule's own first choice in ``.../<rule>/<strategy>/all.json``.

**Tiers** (:func:`~generator.core.catalog.tiers`): where the secret comes from, each a
set-up of the catalog (its ``tier``; ``exact``: the exact search ranks its first words). On the 2022 lists, with the same 12,972 allowed guesses: the
official answers (``wordle``), the allowed words in common use
(``wordle-common``, wordfreq Zipf >= 2.5) and every allowed word
(``wordle-allowed``). Today's game (``wordle-2023``): the WordleBot's 3,158
answers, the 14,855 guesses the game accepts.

**Openers** (:func:`rank_openers`): the first words of a rule and tier ranked
by the total of the greedy tree each leads to, exact over a shortlist
(:mod:`generator.search.ranking`), with the document's candidates
(:data:`DOCUMENT_OPENERS`) placed among them. :func:`rank_optimal` weighs
every first word by the optimal tree after it (the exact search): the best
proved the best of all.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from generator.core.blocks import GreedyBlock, opener_of
from generator.core.catalog import exact_tiers, load_list, setup, tiers
from generator.core.context import context
from generator.core.fingerprint import Fingerprint, fingerprint, lists_digests
from generator.core.ids import short
from generator.core.layout import ALL, TreeKey, tree_path
from generator.core.rules import GuessRule
from generator.core.scoring import HEURISTICS
from generator.core.strategies import strategy_info
from generator.core.tree import GameTree, Node
from generator.errors import StrategyError
from generator.output.treefile import KEPT, dump_tree
from generator.runs.first_words import Weighed, prove_first_words
from generator.runs.jobs import Processes, Progress, Runner
from generator.runs.keep import build_or_keep, each_a_job
from generator.runs.progress import reporter
from generator.search.exact import INF
from generator.search.greedy import (
    allowed_rows,
    candidate_rows,
    greedy_tree,
    letter_frequency,
    letter_frequency_tree,
)
from generator.search.ranking import OPTIMAL, OpenerBound, OpenerRanking, OpenerScore, first_moves, ordered
from generator.search.traps import BUDGET, Trap, families, worst_case

SETUP = "wordle"
OPENER = "salet"  # the opener of the committed optimal trees
LETTER_FREQUENCY = "letter-frequency"
#: normal mode, hard mode, self hard mode (only words that can still be the secret)
RULES = (GuessRule.FREE.value, GuessRule.HARD.value, GuessRule.SELF_HARD.value)
#: the first words the Wordle solvers' document (seed 002) weighs
DOCUMENT_OPENERS = ("alert", "sonde", "trail")
PLAYERS_OPENERS = ("crane", "adieu", "audio", "raise", "slate", "stare", "roate", "arise")  # first words players like
MODES = {"free": "normal", "hard": "hard", "self-hard": "self hard"}  # a guess rule as Wordle names its mode
COMPACT_SECRETS = 3000  # trees of more secrets are written without indentation (a fifth of the size)


def tier_answers(tier: str) -> frozenset[str]:
    """The secrets of a tier (:func:`~generator.core.catalog.tiers`)."""
    return frozenset(load_list(setup(tiers()[tier]).answers).words)


def candidates_only(rule: str, strategy: str) -> bool:
    """Whether the strategy plays only words that can still be the secret."""
    return strategy == LETTER_FREQUENCY or rule == GuessRule.SELF_HARD.value


def traps(tier: str, top: int, budget: int = BUDGET) -> list[Trap]:
    """The ``top`` largest one-letter families of a tier's words, with their
    worst cases (each search visits at most ``budget`` positions)."""
    allowed = load_list(setup(tiers()[tier]).guesses)
    words = load_list(setup(tiers()[tier]).answers)
    return [Trap(tier, tiers()[tier], f, worst_case(allowed, f.words, f.words, budget=budget),
                 worst_case(allowed, f.words, allowed.words, budget=budget), budget)
            for f in families(words)[:top]]


@dataclass(frozen=True)
class WordleBuild:
    """One greedy Wordle tree to build: a rule of play under a guess rule."""

    rule: str  # free (normal mode), hard or self-hard
    strategy: str  # a heuristic of generator.core.scoring, or letter-frequency
    opener: str | None  # a fixed first guess; None: the strategy's own choice
    tier: str = "answers"  # where the secret comes from (a catalog tier)

    @property
    def setup(self) -> str:
        """The catalog set-up of the tier."""
        return tiers()[self.tier]

    @property
    def folder(self) -> str:
        """The strategy folder's name (``entropy-salet``, ``letter-frequency``)."""
        return self.strategy if self.opener is None else f"{self.strategy}-{self.opener}"

    def fingerprint(self) -> Fingerprint:
        """What the tree depends on (:mod:`generator.core.fingerprint`)."""
        s = setup(self.setup)
        params: dict[str, Any] = {"setup": self.setup, "rule": self.rule, "strategy": self.strategy,
                                  "opener": self.opener}
        return fingerprint(lists_digests(s.answers, s.guesses, s.game.name), params,
                           strategy_info("wordle", self.folder).algorithm)


def _guess_row(word: str, setup_id: str = SETUP) -> int:
    """The row of an allowed Wordle guess; raises :class:`StrategyError` for another word."""
    position = context(setup_id).matrix.guesses.position
    if word not in position:
        raise StrategyError(f"opener {short(word)!r} is not an allowed Wordle guess")
    return int(position[word])


def default_builds(rules: list[str], strategies: list[str], opener: str | None = OPENER,
                   chosen: list[str] | tuple[str, ...] = ("answers",)) -> list[WordleBuild]:
    """The builds of ``strategies`` under ``rules`` for each tier of ``chosen``: from
    ``opener`` (None: each strategy's own first guess); where only candidates
    are played (letter frequency, self hard mode) and the opener can be no
    secret of the tier, the strategy opens with its own choice."""
    out = []
    for tier in chosen:
        if opener is not None:
            _guess_row(opener, tiers()[tier])  # a word that is no guess fails here, before any build
        answers = tier_answers(tier)
        for rule in rules:
            for name in strategies:
                first = None if candidates_only(rule, name) and opener not in answers else opener
                out.append(WordleBuild(rule, name, first, tier))
    return out


def wordle_tree(b: WordleBuild) -> tuple[GameTree, float]:
    """The greedy tree of ``b`` over its tier's secrets, and the seconds it took."""
    ctx = context(b.setup)
    m = ctx.matrix
    game = ctx.game(None, b.rule)
    cols = np.arange(len(ctx.answers), dtype=np.int64)
    row = None
    if b.opener is not None:
        row = _guess_row(b.opener, b.setup)
        if candidates_only(b.rule, b.strategy) and b.opener not in ctx.answers:
            who = LETTER_FREQUENCY if b.strategy == LETTER_FREQUENCY else "self hard mode"
            raise StrategyError(f"{who} plays candidates only, and {b.opener!r} is no secret of the "
                                f"{b.tier} tier")
    info = strategy_info("wordle", b.folder)
    start = time.perf_counter()
    if b.strategy == LETTER_FREQUENCY:
        root = letter_frequency_tree(m, cols, game, opener=row)
    else:
        root = greedy_tree(m, cols, HEURISTICS[b.strategy], game, opener=row)
    seconds = time.perf_counter() - start
    block: GreedyBlock = {
        "scheme": b.strategy,
        "method": info.method,
        "opener": root.guess if isinstance(root, Node) else root,
        "opener_fixed": b.opener is not None,
        "tie_breaks": ("the higher score first, then list order" if b.strategy == LETTER_FREQUENCY else
                       "the heuristic's keys in order, then a candidate first, then list order"),
    }
    tree = ctx.game_tree(game, cols, root, block)
    tree.fingerprint = b.fingerprint()
    return tree, seconds


def _tree_file(b: WordleBuild) -> tuple[bytes, str]:
    """A job: the tree file of ``b`` (without indentation past
    :data:`COMPACT_SECRETS` secrets) and its line."""
    tree, seconds = wordle_tree(b)
    s = tree.stats
    assert s is not None
    return dump_tree(tree, compact=len(tree.secrets) > COMPACT_SECRETS), (
        f"total {s.total_turns}, mean {s.mean_turns:.4f}, max {s.max_turns}, {len(tree.late)} past six, "
        f"opener {opener_of(tree.strategy)}, {seconds:.1f} s")


def build_wordle_trees(builds: list[WordleBuild], root: Path, *, runner: Runner = Processes(), force: bool = False,
                       progress: Progress | None = None) -> Iterator[str]:
    """Build or keep (:mod:`generator.runs.keep`) the tree of each build under
    ``root/<tier's set-up>/<rule>/<folder>/all.json``, each a job; yields a
    line per tree as it is kept or written."""
    report = reporter(progress)

    def build(todo: list[WordleBuild]) -> Iterator[tuple[WordleBuild, bytes, str]]:
        steps = report.steps(len(todo), "Wordle trees")
        try:
            for b, data, line in each_a_job(_tree_file, runner)(todo):  # as they finish
                steps.step(f"{b.tier}, {MODES[b.rule]} mode, {b.folder}")
                yield b, data, line
        finally:
            steps.close()

    for done in build_or_keep(builds, build, path=lambda b: tree_path(root, TreeKey("wordle", b.setup, b.rule, b.folder, ALL)),
                              fingerprint=WordleBuild.fingerprint, workers=runner.workers, report=report, what="wordle",
                              force=force, index_root=root):
        yield f"{done.path}: {KEPT if done.built is None else done.built}"


# -- openers --------------------------------------------------------------------------


def first_words(tier: str, rule: str, strategy: str) -> list[str]:
    """Every word the rule may open with in a tier, best first by the
    strategy's own keys over all the tier's secrets (the letter-frequency
    helper: by its score)."""
    ctx = context(tiers()[tier])
    m = ctx.matrix
    cols = np.arange(len(ctx.answers), dtype=np.int64)
    rows = allowed_rows(ctx.game(None, rule), m)
    if candidates_only(rule, strategy):
        rows = candidate_rows(m, cols, rows)
    if strategy == LETTER_FREQUENCY:
        best = rows[np.argsort(-letter_frequency(m, rows, cols), kind="stable")]
    else:
        best = first_moves(m, rows, cols, HEURISTICS[strategy])
    return [m.guess_word(int(r)) for r in best]


def shortlist(tier: str, rule: str, strategy: str, size: int,
              extra: tuple[str, ...] = (OPENER, *DOCUMENT_OPENERS)) -> list[tuple[str, int]]:
    """The words to rank, each with its first-move place: the ``size`` best
    by the strategy's own keys, the ``size`` best by entropy (the own keys
    alone miss good openers: minimax's largest group says little about the
    tree, and places salet 170th on the answers), then the ``extra`` words the
    rule allows first."""
    moves = first_words(tier, rule, strategy)
    place = {w: i for i, w in enumerate(moves, 1)}
    more = first_words(tier, rule, "entropy") if strategy not in ("entropy", LETTER_FREQUENCY) else []
    words = list(dict.fromkeys(moves[:size] + more[:size] + [w for w in extra if w in place]))
    return [(w, place[w]) for w in words]


def opener_score(job: tuple[WordleBuild, int]) -> OpenerScore:
    """How the tree after one opener does (a job of :func:`rank_openers`)."""
    b, place = job
    tree, _ = wordle_tree(b)
    s = tree.stats
    assert s is not None and b.opener is not None
    return OpenerScore(b.opener, s.total_turns, s.max_turns, len(tree.late), place)


def rank_openers(tier: str, rule: str, strategy: str, words: list[tuple[str, int]], size: int,
                 runner: Runner = Processes(), step: Callable[[str], None] | None = None,
                 asked: tuple[str, ...] = (OPENER, *DOCUMENT_OPENERS)) -> OpenerRanking:
    """``words`` (from :func:`shortlist` of ``size``) ranked by the total of
    the greedy tree each leads to (ties: the first-move order), one job per
    word; ``step(word)`` after each tree; ``asked``: the words to place."""
    jobs = [(WordleBuild(rule, strategy, w, tier), place) for w, place in words]
    scores = []
    for (b, _), score in runner.run(opener_score, jobs):
        scores.append(score)
        if step is not None:
            step(f"{b.opener}: {score.total}")
    built = {w for w, _ in words}
    return OpenerRanking(tier, tiers()[tier], rule, strategy, size, len(tier_answers(tier)), ordered(scores),
                         tuple(w for w in asked if w in built))


#: the rules the exact search plays (self hard mode has greedy trees only)
EXACT_RULES = (GuessRule.FREE.value, GuessRule.HARD.value)


def rank_optimal(tier: str, rule: str, best: int, runner: Runner = Processes(),
                 step: Callable[[Weighed, int], None] | None = None, limit: int | None = None) -> OpenerRanking:
    """Every first word of a tier and mode weighed by the exact search
    (:func:`generator.runs.first_words.prove_first_words`, each word a job
    on ``runner``): the ``best`` least totals, proved the best of all, a
    lower bound for every other word, and the exact totals of the words
    asked for (:data:`OPENER`, :data:`DOCUMENT_OPENERS` and
    :data:`PLAYERS_OPENERS`); each word's first-move place is its place by
    entropy, the search's order. ``step(result, batch)`` after each word;
    ``limit``: weigh only the first so many words in that order (the
    ranking is then not complete, nor its best proved the best of all)."""
    if rule not in EXACT_RULES:
        raise StrategyError(f"the exact search plays {' and '.join(EXACT_RULES)} mode, not {rule}")
    if tier not in exact_tiers():
        raise StrategyError(f"the exact search weighs the first words of the {' and '.join(exact_tiers())} tiers, "
                            f"not {tier}")
    words = first_words(tier, rule, "entropy")
    place = {w: i for i, w in enumerate(words, 1)}
    asked = tuple(w for w in (OPENER, *DOCUMENT_OPENERS, *PLAYERS_OPENERS) if w in place)
    table = prove_first_words(tiers()[tier], rule, words[:limit], best, asked, runner, step)
    scores = [OpenerScore(w.word, w.value, w.max_turns, 0, place[w.word]) for w in table.solved]
    bounds = [OpenerBound(w.word, None if w.value >= INF else w.value)
              for w in sorted(table.bounded, key=lambda w: w.word)]
    return OpenerRanking(tier, tiers()[tier], rule, OPTIMAL, best, len(tier_answers(tier)), ordered(scores, OPTIMAL),
                         asked, tuple(bounds), len(words))

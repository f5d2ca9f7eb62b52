"""One exact search asked for (``lingo-trees exact``), built or kept.

An :class:`ExactAsk` is what the command was given; :func:`build_exact`
checks it, keeps its tree file when up to date (:mod:`generator.runs.keep`)
or runs the search that fits it (:mod:`generator.runs.exact`), checks the
search's total against the tree's replay, and writes the tree under
``<trees>/<setup>/<rule>/optimal[-<opener>]/<letter or all>.json``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from generator.core.catalog import check_setup_letter, setup
from generator.core.context import context
from generator.core.files import check_out_folder
from generator.core.fingerprint import Fingerprint, fingerprint, lists_digests
from generator.core.layout import ALL, TreeKey, tree_path, word_family
from generator.core.rules import GuessRule, guess_rule
from generator.core.strategies import strategy_info
from generator.errors import StrategyError
from generator.output.treefile import KEPT, dump_tree
from generator.runs.exact import ExactResult, choose_opener, letter_proof_params, letter_tree, solve_opener, solve_whole
from generator.runs.jobs import Processes, Progress, Runner
from generator.runs.keep import build_or_keep
from generator.runs.letters import letter_fingerprint
from generator.runs.progress import reporter
from generator.search.exact import ExactError, Options, ordering


@dataclass(frozen=True)
class ExactAsk:
    """An exact search as asked for: the set-up, guess rule and (LINGO) start
    letter; a fixed ``opener`` or ``openers`` to choose from; the search's
    options; ``budget``: the pairs a LINGO letter's proof may score."""

    setup: str
    rule: str = "free"
    letter: str | None = None
    opener: str | None = None
    openers: int | None = None
    top: int | None = None
    heuristic: str = "bound"
    cap: int | None = None
    fewest_late: bool = False
    budget: int | None = None

    @property
    def lingo(self) -> bool:
        return setup(self.setup).game.reveals_first_letter

    @property
    def options(self) -> Options:
        return Options(top=self.top, heuristic=self.heuristic, cap=self.cap, fewest_late=self.fewest_late)

    def checked(self) -> ExactAsk:
        """This ask with its rule and letter in their canonical form; a
        :class:`StrategyError` names what cannot be searched."""
        rule, lingo = guess_rule(self.rule).value, self.lingo
        if rule == GuessRule.HARD and lingo:
            raise StrategyError("hard mode is a Wordle rule; LINGO set-ups take free or same-start")
        if rule == GuessRule.SELF_HARD:
            raise StrategyError("the exact search plays any allowed guess; self hard mode has greedy trees only "
                                "(lingo-trees wordle build --rule self-hard)")
        if rule == GuessRule.SAME_START and not lingo:
            raise StrategyError(f"set-up {self.setup!r} reveals no letter: same-start needs a LINGO set-up")
        if lingo and not self.letter:
            raise StrategyError("LINGO set-ups need --letter L (every letter: lingo-trees build --strategy optimal)")
        if not lingo and self.letter:
            raise StrategyError(f"set-up {self.setup!r} reveals no letter: drop --letter")
        if self.opener and self.openers:
            raise StrategyError("give --opener or --openers, not both")
        ordering(self.heuristic)
        letter = check_setup_letter(self.setup, self.letter) if self.letter else None
        opener = self.opener.lower() if self.opener else None
        return replace(self, rule=rule, letter=letter, opener=opener)

    def path(self, root: Path) -> Path:
        strategy = "optimal" if self.opener is None else f"optimal-{self.opener}"
        return tree_path(root, TreeKey(word_family(self.setup), self.setup, self.rule, strategy, self.letter or ALL))

    @property
    def as_built(self) -> bool:
        """A LINGO letter searched as the optimal strategy builds it (same tree, same fingerprint)."""
        return (self.letter is not None and self.top is None and not self.fewest_late and not self.opener
                and not self.openers and self.cap is None and self.budget is None and self.heuristic == "bound")

    def fingerprint(self) -> Fingerprint:
        """What the tree depends on: as the build's for a LINGO letter searched
        with the defaults, else the options given."""
        if self.letter is not None and self.as_built:
            return letter_fingerprint(self.setup, self.rule, "optimal", self.letter)
        s = setup(self.setup)
        params = {"setup": self.setup, "rule": self.rule, "letter": self.letter, "opener": self.opener,
                  "openers": self.openers, "top": self.top, "heuristic": self.heuristic, "cap": self.cap,
                  "fewest_late": self.fewest_late, "budget": self.budget}
        if self.lingo and self.top is None and not self.fewest_late and not self.opener and not self.openers:
            params.update(letter_proof_params(self.budget))
        return fingerprint(lists_digests(s.answers, s.guesses, s.game.name), params,
                           strategy_info(s.game.name, "optimal").algorithm)


def search(ask: ExactAsk, runner: Runner, progress: Progress | None) -> ExactResult:
    """The search that fits ``ask`` (a checked one)."""
    if ask.opener:
        res = solve_opener(ask.setup, ask.rule, ask.letter, ask.opener, ask.options, runner=runner,
                           progress=progress)
    elif ask.openers:
        res = choose_opener(ask.setup, ask.rule, ask.letter, ask.options, ask.openers, runner=runner,
                            progress=progress)
    elif ask.lingo and ask.top is None and not ask.fewest_late:
        kwargs = {} if ask.budget is None else {"budget": ask.budget}
        res = letter_tree(ask.setup, ask.rule, ask.letter, cap=ask.cap, runner=runner, progress=progress,
                          **kwargs)
    else:
        if not ask.lingo and ask.top is None:
            raise ExactError("an exact search over every Wordle opener is out of reach: "
                             "give --opener WORD, --openers K or --top N")
        res = solve_whole(ask.setup, ask.rule, ask.letter, ask.options)
    if not res.cost.found:
        raise ExactError("no tree found")
    return res


def _tree_file(ask: ExactAsk, runner: Runner, progress: Progress | None) -> tuple[bytes, list[str]]:
    """The tree file of ``ask`` and the lines that tell of it and of its search."""
    res = search(ask, runner, progress)
    ctx = context(ask.setup)
    game = ctx.game(ask.letter, ask.rule)
    block = res.strategy_data(game)
    tree = ctx.game_tree(game, res.cols, res.root, block)
    tree.fingerprint = ask.fingerprint()
    stats = tree.stats
    assert stats is not None
    if stats.total_turns != res.total:
        raise ExactError(f"internal: the search counts {res.total} turns, the replay {stats.total_turns}")
    what = f"{ask.setup} {ask.rule}" + (f" letter {ask.letter}" if ask.letter else "")
    first = f"from {res.opener}" if res.fixed_opener else f"opener {res.opener} (chosen)"
    turns = " ".join(f"{k}:{v}" for k, v in stats.turns.items())
    return dump_tree(tree), [f"{what} {first}: total {stats.total_turns}, mean {stats.mean_turns:.4f}, "
                             f"max {stats.max_turns}, {len(tree.late)} late; turns {turns}",
                             f"search: {block['proof']}; {res.positions} positions; {res.seconds:.1f} s; "
                             f"peak memory {res.peak_mib:.0f} MiB"]


def build_exact(ask: ExactAsk, root: Path | None, *, force: bool = False, runner: Runner = Processes(),
                progress: Progress | None = None) -> Iterator[str]:
    """Search ``ask`` and write its tree under the trees folder ``root``
    (None: print only), unless the file there is up to date; yields the
    lines to print. What was asked, then the folder, are checked before the
    search."""
    ask = ask.checked()
    if root is None:
        yield from _tree_file(ask, runner, progress)[1]
        return
    check_out_folder(root)

    def build(todo: list[ExactAsk]) -> Iterator[tuple[ExactAsk, bytes, list[str]]]:
        for job in todo:
            data, lines = _tree_file(job, runner, progress)
            yield job, data, lines

    for done in build_or_keep([ask], build, path=lambda a: a.path(root), fingerprint=ExactAsk.fingerprint, workers=1,
                              report=reporter(progress), what="exact", force=force, index_root=root):
        if done.built is None:
            yield f"{done.path}: {KEPT}; --force searches again"
        else:
            yield from done.built
            yield f"wrote {done.path}"

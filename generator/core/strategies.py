"""The strategies by name: one registry of names, titles and order.

A strategy is named per game family (``lingo``, ``wordle``, ``mastermind``,
``hangman``); the same name may mean different things in two families
(``optimal`` is least total turns in LINGO, fewest words lost in Hangman).
Build commands take their defaults from here, and the report, the sheets and
the site take titles and order from here, so a new strategy is one entry.

A tree folder may add an opener to the name (``optimal-salet``: the exact
search from the fixed opener ``salet``); :func:`strategy_info` reads that too.

>>> [s.name for s in default_strategies("lingo")]
['human', 'human-openers', 'human-knee', 'human-lookup', 'shared', 'scm']
>>> strategy_info("wordle", "optimal-salet").title
'Optimal: the fewest guesses on average, from salet'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from generator.core.ids import short
from generator.errors import StrategyError


@dataclass(frozen=True)
class StrategyInfo:
    """One strategy of a game family.

    ``title`` heads a page or a sheet, ``short`` fits a table cell, ``method``
    says how moves are chosen (written into tree files as their strategy's
    ``rule``); ``table``: its trees have openers and groups, printed as a
    sheet with a table; ``opt_in``: slow, built only when named; ``rules``:
    the guess rules it is built for (empty: every rule of the game); ``card``:
    cut from the full card of every letter once it is built
    (:mod:`generator.runs.cards`), not built letter by letter.
    """

    family: str
    name: str
    title: str
    short: str
    method: str = ""
    table: bool = False
    opt_in: bool = False
    rules: tuple[str, ...] = ()
    opener: str | None = None  # from a fixed opener (a folder such as optimal-salet)
    card: bool = False  # cut from the set-up's full card (the human scheme) over every letter, after it
    version: int = 1  # bump when a change of the code changes what this strategy builds

    @property
    def base(self) -> str:
        """The name without its opener (``scm`` of ``scm-salet``)."""
        return self.name if self.opener is None else self.name[: -len(self.opener) - 1]

    @property
    def algorithm(self) -> str:
        """The fingerprint's ``algorithm``: ``family/name version`` (without the opener)."""
        return f"{self.family}/{self.base} {self.version}"


def _greedy_rules(family: str, part: str, entropy_source: str, sourced_titles: bool) -> tuple[StrategyInfo, ...]:
    """The greedy rules Wordle and Mastermind share, of the ``part`` of the
    candidates a move leaves ("group" in Wordle, "part" in Mastermind): least
    expected size, most entropy, most parts; each titled ``Greedy: ...`` or,
    with ``sourced_titles``, by the rule and its source."""
    rules = (("expected", f"least expected {part} size", "expected size", "Irving"),
             ("entropy", "most entropy", "entropy", entropy_source),
             ("most-parts", f"most {part}s", f"most {part}s", "Kooi 2005"))
    return tuple(StrategyInfo(family, name, f"{what[0].upper()}{what[1:]} ({source})" if sourced_titles
                              else f"Greedy: {what}", short, f"greedy: {what} ({source})")
                 for name, what, short, source in rules)


REGISTRY: tuple[StrategyInfo, ...] = (
    # LINGO: the order of the site, the report and the build
    StrategyInfo("lingo", "human", "Human scheme: learn the openers, then try the words left",
                 "human scheme", table=True, version=2),  # 2: fewest words searched exactly, common words
    StrategyInfo("lingo", "human-openers", "Openers only: learn the openers, then try the words that fit, "
                 "most common first", "openers only", table=True, rules=("same-start",), card=True),
    StrategyInfo("lingo", "human-knee", "The knee: the smallest card that reaches 99 % of the show's words in time "
                 "(by how common they are)", "the knee", table=True, rules=("same-start",), card=True),
    StrategyInfo("lingo", "human-any", "Human scheme, any word: the fewest words to learn, rare words allowed "
                 "(the 1992 paper's terms)", "human, any word", table=True, opt_in=True, rules=("free",)),
    StrategyInfo("lingo", "human-lookup", "Sheet at hand (home play, not on TV): fewer openers, the sheet says what next",
                 "sheet at hand", table=True, version=2),  # 2: words in common use first
    StrategyInfo("lingo", "shared", "Fewest words to learn: openers shared by every letter",
                 "fewest words", table=True, rules=("free",), version=2),  # 2: words in common use
    StrategyInfo("lingo", "scm", "The 1992 paper's rule (SCM): every move leaves the smallest largest group "
                 "(its Fig. 3)", "paper's rule"),
    StrategyInfo("lingo", "optimal", "Optimal: the fewest turns on average (every move by the feedback)", "optimal",
                 opt_in=True,
                 version=2),  # 2: proofs split into jobs, each with its own budget
    # Wordle
    StrategyInfo("wordle", "optimal", "Optimal: the fewest guesses on average", "optimal", opt_in=True),
    StrategyInfo("wordle", "scm", "The 1992 LINGO paper's rule (SCM): smallest largest group, most groups, least sum "
                 "of squares", "paper's rule", "greedy: the smallest largest group, then most groups, then the least sum of squares "
                 "(the 1992 paper's SCM)"),
    StrategyInfo("wordle", "minimax", "Greedy minimax: the smallest largest group", "minimax",
                 "greedy: the smallest largest group (Knuth's rule)"),
    *_greedy_rules("wordle", "group", "information", sourced_titles=False),
    StrategyInfo("wordle", "letter-frequency", "Letter frequency: the candidate whose letters most candidates hold",
                 "letter frequency", "a candidate whose distinct letters occur in most candidates "
                 "(the Word Mastermind helper's rule)"),
    # Mastermind and Bulls and Cows (the rule texts are written into the tree files)
    StrategyInfo("mastermind", "knuth", "Knuth 1976 (minimax)", "Knuth",
                 "Knuth 1976: open 1122, then the largest part smallest, a possible code first, "
                 "then the smallest code"),
    *_greedy_rules("mastermind", "part", "Neuwirth", sourced_titles=True),
    StrategyInfo("mastermind", "optimal", "Optimal (least total guesses)", "optimal",
                 "exact: least total guesses, no cap (branch and bound)", opt_in=True),
    StrategyInfo("mastermind", "optimal-5", "Optimal within five guesses", "optimal, 5",
                 "exact: least total guesses, every code within 5 guesses (branch and bound)", opt_in=True),
    # Hangman
    StrategyInfo("hangman", "risk", "Risk-minimizing: the letter in most words", "risk",
                 "the letter in most candidates (McLoone; the post's risk-minimizing rule)"),
    StrategyInfo("hangman", "uncertainty", "Uncertainty-minimizing: least expected words left",
                 "uncertainty",
                 "least expected candidates after the call (the post's uncertainty-minimizing rule)"),
    StrategyInfo("hangman", "optimal", "Fewest words lost, then fewest misses", "optimal",
                 "fewest words lost, then fewest misses (depth-first search, memoized)",
                 version=3),  # 2: widened where the losses are not proved; 3: then a loss search at the start
)

FAMILIES = ("lingo", "wordle", "mastermind", "hangman")  # also their order on the site


def family_of(game: str) -> str:
    """The family of a game's name (a tree's ``game.name``): Bulls and Cows is
    a Mastermind variant, a name of no family is LINGO's (a word game)."""
    game = "mastermind" if game == "bulls-and-cows" else game
    return game if game in FAMILIES else "lingo"


def strategies(family: str) -> list[StrategyInfo]:
    """Every strategy of a game family, in display order."""
    return [s for s in REGISTRY if s.family == family]


def default_strategies(family: str) -> list[StrategyInfo]:
    """The strategies a build makes when none is named (not the opt-in ones)."""
    return [s for s in strategies(family) if not s.opt_in]


def strategy_names(family: str) -> list[str]:
    return [s.name for s in strategies(family)]


def strategy_info(family: str, name: str) -> StrategyInfo:
    """The strategy ``name`` of ``family`` (also ``<name>-<opener>``, as
    ``optimal-salet``); raises :class:`StrategyError` for an unknown one."""
    for s in strategies(family):
        if s.name == name:
            return s
    base, _, opener = name.rpartition("-")
    for s in strategies(family):
        if base and s.name == base and opener:
            return replace(s, name=name, title=f"{s.title}, from {opener}", short=f"{s.short} from {opener}",
                           opener=opener)
    names = ", ".join(strategy_names(family))
    raise StrategyError(f"unknown strategy {short(name)!r} (expected one of: {names})")


def strategy_order(family: str, name: str) -> tuple[int, str]:
    """A sort key: registry order, unknown names last (alphabetical)."""
    names = strategy_names(family)
    base = name if name in names else name.rpartition("-")[0]
    return (names.index(base) if base in names else len(names), name)

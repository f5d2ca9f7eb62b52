"""Cards by size: each set-up's frontier and its three cards under TV rules.

After a set-up's human trees under TV rules (its full card, one tree per
letter), :func:`setup_cards` computes the frontier of words to learn against
secrets in time (:mod:`generator.search.cards`) and chooses three cards:

* ``human-openers``: the openers alone, no exception move to learn;
* ``human-knee``: the smallest card whose secrets in time weigh at least
  99 % (:data:`generator.search.cards.KNEE`), each secret weighed by how
  common it is;
* ``human``: the full card, every word in time where any card reaches it.

The first two are written as tree files beside the full card's
(``trees/<setup>/same-start/<card>/<letter>.json``), and the frontier of
every set-up into ``trees/cards.json`` (:mod:`generator.output.cardsfile`).
Their fingerprint holds the full card's trees' digests, so a build keeps
them while those do not change.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import numpy as np

from generator.core.blocks import CardBlock, HumanBlock, card_block
from generator.core.catalog import setup, setup_letters
from generator.core.context import Context, context
from generator.core.feedback import replier
from generator.core.fingerprint import Fingerprint, fingerprint, lists_digests
from generator.core.frequency import zipf
from generator.core.layout import TreeKey, tree_path
from generator.core.strategies import strategies, strategy_info
from generator.core.tree import GameTree
from generator.core.words import Word
from generator.errors import StrategyError
from generator.output.cardsfile import CardsEntry, CardSummary, FrontierPoint, read_cards, write_cards
from generator.output.cardsview import cards_view
from generator.output.treefile import dump_tree, read_fingerprint, read_tree
from generator.runs.keep import build_or_keep
from generator.runs.progress import AnyReporter
from generator.search import cards as search
from generator.search.greedy import allowed_rows, sayable_rows
from generator.search.human import MIN_TRIES

RULE = "same-start"  # cards are for the shows, which play TV rules
FULL = "human"
#: the cards cut from the full card (the registry's strategies marked card)
CARDS = tuple(s.name for s in strategies("lingo") if s.card)  # human-openers, human-knee


def card_setups(setups: list[str]) -> list[str]:
    """The set-ups of ``setups`` that have cards: LINGO set-ups with tables
    built under TV rules."""
    out = []
    for sid in setups:
        s = setup(sid)
        if s.game.name == "lingo" and s.tables and s.plays(RULE):
            out.append(sid)
    return out


def weights(ctx: Context) -> dict[Word, int]:
    """Each secret's weight: its occurrences per billion words (``10^zipf``), at least 1."""
    words = list(ctx.answers.words)
    return {w: max(1, round(10 ** z)) for w, z in zip(words, zipf(words, ctx.answers.language))}


@dataclass(frozen=True)
class CardJob:
    """One card tree: a set-up, a card and a letter."""

    setup: str
    card: str
    letter: str


def _full_cards(root: Path, sid: str) -> dict[str, GameTree]:
    """The full card's tree of every letter; an error where one is missing."""
    out = {}
    for letter in setup_letters(sid):
        path = tree_path(root, TreeKey("lingo", sid, RULE, FULL, letter))
        if not path.exists():
            raise StrategyError(f"the cards of {sid!r} are cut from its full card, and {path} is missing "
                                f"(lingo-trees build --setup {sid} --rule {RULE} --strategy {FULL})")
        out[letter] = read_tree(path)
    return out


def full_card_digest(root: Path, sid: str) -> str:
    """The SHA-256 of the fingerprints of the full card's trees, every letter."""
    full = hashlib.sha256()
    for letter in setup_letters(sid):
        full.update(f"{letter}={read_fingerprint(tree_path(root, TreeKey('lingo', sid, RULE, FULL, letter)))}\n".encode())
    return full.hexdigest()


def card_fingerprint(sid: str, card: str, letter: str, full_card: str) -> Fingerprint:
    """What a card's tree depends on: the lists, the full card's trees
    (``full_card``: :func:`full_card_digest`), the search's parameters."""
    s = setup(sid)
    inputs = {**lists_digests(s.answers, s.guesses, s.game.name), "full_card": full_card}
    params = {"setup": sid, "rule": RULE, "strategy": card, "letter": letter, "knee": search.KNEE,
              "restarts": search.RESTARTS, "seed": search.SEED, "singles": search.SINGLES}
    return fingerprint(inputs, params, strategy_info("lingo", card).algorithm)


@dataclass
class SetupCards:
    """A set-up's frontier, its cards' entry and their trees."""

    entry: CardsEntry
    trees: dict[str, dict[str, GameTree]]  # card -> letter -> tree


def setup_cards(sid: str, root: Path, full_card: str) -> SetupCards:
    """The frontier and the cards of one set-up (see the module's docstring),
    cut from the full card of digest ``full_card`` (:func:`full_card_digest`)."""
    ctx = context(sid)
    full = _full_cards(root, sid)
    weight = weights(ctx)
    reply = replier(ctx.answers.alphabet.spell)
    turns = ctx.setup.game.turns
    frontiers: dict[bool, dict[str, dict[int, search.Option]]] = {True: {}, False: {}}
    openers_only: dict[str, search.Option] = {}
    every: dict[str, search.Option] = {}  # the full card's own option
    for letter, tree in full.items():
        game = ctx.game(letter, RULE)
        cols = ctx.letter_cols(letter)
        rows, uncommon = sayable_rows(allowed_rows(game, ctx.matrix), ctx.sayable)
        common = np.delete(rows, uncommon)
        max_k = min(turns - MIN_TRIES, 3)
        alone = search.openers_options(ctx.matrix, cols, common if len(common) else rows, turns, max_k,
                                       weight) if len(cols) > turns else []
        for weighted in (True, False):
            block = _card(tree)
            card = search.card_options(block, turns, weight, weighted, block["proved_minimal"])
            frontiers[weighted][letter] = search.frontier([*card.values(), *alone], weighted)
            if weighted:
                every[letter] = card[max(card)]
                bare = [o for o in (*card.values(), *alone) if not o.kept]  # fewest late, then fewest words
                openers_only[letter] = min(bare, key=lambda o: (o.key(True)[:2], o.words, o.key(True)[2:]))
    total = sum(weight[w] for t in full.values() for w in t.secrets)
    by_weight = search.combine(frontiers[True], True)
    by_count = search.combine(frontiers[False], False)
    knee = search.knee(by_weight, total)
    chosen: dict[str, dict[str, search.Option]] = {"human-openers": openers_only, "human-knee": knee.choice}
    trees = {card: {letter: _card_tree(ctx, full[letter], option, card, weight, reply)
                    for letter, option in choice.items()} for card, choice in chosen.items()}
    secrets = sum(len(t.secrets) for t in full.values())
    summaries = {card: _summary(choice.values()) for card, choice in chosen.items()}
    summaries[FULL] = _summary(every.values())
    entry = CardsEntry(setup=sid, rule=RULE, secrets=secrets, weight=total, knee=search.KNEE,
                       digest=full_card,
                       by_weight=tuple(_point(p) for p in by_weight), by_count=tuple(_point(p) for p in by_count),
                       cards=summaries)
    return SetupCards(entry, trees)


def _point(p: search.Point) -> FrontierPoint:
    return FrontierPoint(words=p.words, late=p.late, weight=p.weight, proved=p.proved)


def _summary(options: Iterable[search.Option]) -> CardSummary:
    """A card's figures: the sum of its letters' options."""
    chosen = list(options)
    return CardSummary(words=sum(o.words for o in chosen), late=sum(len(o.late) for o in chosen),
                       weight=sum(o.weight for o in chosen), proved=all(o.proved for o in chosen))


def _card_tree(ctx: Context, full: GameTree, option: search.Option, card: str, weight: dict[Word, int],
               reply: search.Reply) -> GameTree:
    letter = full.game.revealed
    assert letter is not None
    cols = ctx.letter_cols(letter)
    block = _card(full)
    scheme = search.option_scheme(option, ctx.matrix, cols, ctx.setup.game.turns, block, reply, weight)
    said = {*scheme.openers, *(e["word"] for g in scheme.groups for e in g.plan.exception_moves(g.feedback))}
    scheme.uncommon = sorted(said.intersection(block.get("uncommon", [])))
    scheme.notes = [f"{strategy_info('lingo', card).short}: cut from the full card ({block['words_to_learn']} "
                    "words); a group whose exception move is left out is tried most common first"]
    # the words the card counts as late: those it does not reach in time whatever the feedback
    data = cast(HumanBlock, scheme.strategy_data())
    data["card"] = "openers" if card == "human-openers" else "knee"
    data["sure_late"] = list(option.late)
    return ctx.game_tree(full.game, cols, scheme.tree(), data)


def _card(tree: GameTree) -> CardBlock:
    """The full card's block of a letter (its tree was read from its file, checked)."""
    block = card_block(tree.strategy)
    if block is None:
        raise StrategyError(f"the {tree.game.revealed!r} tree of the full card has no card in its strategy block")
    return block


def build_cards(setups: list[str], root: Path, *, workers: int | None, force: bool,
                report: AnyReporter) -> tuple[int, int]:
    """Build or keep the cards of ``setups`` (those that have cards): (trees
    built, trees kept). A set-up whose entry in ``trees/cards.json`` is
    missing or stale is built again; the file is written as each set-up is
    built. The kept ones are verified together: one pool of workers, not
    one a set-up."""
    built = kept = 0
    cards_path = root / "cards.json"
    entries = {e.setup: e for e in read_cards(cards_path)}
    digests = {sid: full_card_digest(root, sid) for sid in card_setups(setups)}
    stale = {sid for sid, digest in digests.items() if entries.get(sid) is None or entries[sid].digest != digest}

    def build(todo: list[CardJob]) -> Iterator[tuple[CardJob, bytes, bool]]:
        for sid in dict.fromkeys(job.setup for job in todo):  # (in the order of the set-ups)
            t0 = time.perf_counter()
            result = setup_cards(sid, root, digests[sid])
            report.say(f"[{sid}] frontier and cards: {time.perf_counter() - t0:.1f} s")
            for job in (j for j in todo if j.setup == sid):
                tree = result.trees[job.card][job.letter]
                tree.fingerprint = card_fingerprint(sid, job.card, job.letter, digests[sid])
                yield job, dump_tree(tree), True
            entries[sid] = result.entry
            write_cards(cards_path, list(entries.values()))
            _say(report.say, result.entry)

    for forced in (False, True):
        jobs = [CardJob(sid, card, letter) for sid in digests if (force or sid in stale) == forced
                for card in CARDS for letter in setup_letters(sid)]
        for done in build_or_keep(jobs, build, path=lambda j: tree_path(root, TreeKey("lingo", j.setup, RULE, j.card, j.letter)),
                                  fingerprint=lambda j: card_fingerprint(j.setup, j.card, j.letter, digests[j.setup]),
                                  workers=workers, report=report, what="cards", force=forced, index_root=root):
            if done.built is None:
                kept += 1
            else:
                built += 1
    return built, kept


def _say(say: Callable[[str], None], e: CardsEntry) -> None:
    for c in cards_view(e, {}).choices:
        say(f"[{e.setup}] {c.title}: {c.line}; {c.weighted_line}")

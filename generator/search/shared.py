"""Fewest words to memorize for a whole word list: shared openers and probes.

The paper's scheme needs a player to learn 54 words (53 openers and one
exception). Here the same ``k`` openers serve every start letter; groups still
too large get a **probe** word, and one probe may serve many groups, of any
letter. Choosing the probes is a set cover: every oversized group is covered
by the words that split it into parts small enough to try; the greedy cover
takes the word covering most groups first (ties: fewest turns, then
alphabetical).

The openers come from hill climbing (fixed seed) on the number of oversized
groups over all letters at once: groups are keyed by (start letter, feedback).
Each climb is independent (:func:`shared_starts`, :func:`shared_climb`), so
the build runs them as jobs and combines them (:func:`shared_choice`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from generator.core.context import Context
from generator.core.partition import Matrix
from generator.core.rules import Game
from generator.search.greedy import allowed_rows, sayable_rows
from generator.search.human import Scheme, SchemeBuilder, SchemeKind
from generator.search.openers import Scored, best_optima, climb, dense_keys, random_starts


@dataclass(frozen=True)
class SharedOpeners:
    """Openers shared by every start letter of a list, and the probe words
    (a set cover) for the groups they leave too large."""

    openers: tuple[str, ...]
    opener_rows: tuple[int, ...]
    probes: tuple[str, ...]
    probe_rows: tuple[int, ...]
    oversized_groups: int
    unfixable_groups: int
    notes: tuple[str, ...]

    @property
    def distinct_words(self) -> int:
        """Words to learn for the whole list: openers, probes, and one per unfixable group."""
        return len(self.openers) + len(self.probes) + self.unfixable_groups


def _oversized_groups(matrix: Matrix, openers: tuple[int, ...], cols: np.ndarray, limit: int,
                      base: np.ndarray | None = None) -> list[np.ndarray]:
    """The groups of ``cols`` the openers leave (keyed by ``base`` first) that
    hold more than ``limit`` words, in group-key order."""
    key, _ = dense_keys(matrix, openers, cols, base)
    # opener words that are the secret end the game: they are not in a group
    won = np.zeros(len(cols), dtype=bool)
    for r in openers:
        won |= matrix.codes[r, cols] == matrix.green
    sizes = np.bincount(key[~won], minlength=int(key.max()) + 1)
    return [cols[(key == g) & ~won] for g in np.flatnonzero(sizes > limit)]


def _cover(ctx: Context, groups: list[np.ndarray], rows: np.ndarray, limit: int) -> tuple[list[int], int]:
    """Greedy set cover of the oversized groups by probe rows.

    Returns the probes and the number of groups no single probe can fix.
    """
    m = ctx.matrix
    fixers = []
    for g in groups:
        stats = m.stats(rows, g)
        ok = stats.largest <= limit
        fixers.append(set(int(r) for r in rows[ok]))
    uncovered = set(i for i, f in enumerate(fixers) if f)
    unfixable = sum(1 for f in fixers if not f)
    chosen: list[int] = []
    while uncovered:
        counts: dict[int, int] = {}
        for i in uncovered:
            for r in fixers[i]:
                counts[r] = counts.get(r, 0) + 1
        r = min(counts, key=lambda r: (-counts[r], r))
        chosen.append(r)
        uncovered = {i for i in uncovered if r not in fixers[i]}
    return chosen, unfixable


SHARED_RESTARTS = 12  # random restarts of the hill climbing, per number of openers
SHARED_KS = (2, 3)  # the numbers of shared openers tried


def _inputs(ctx: Context) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """The secrets (every answer), the openers and probes a player may say
    (not blocked, in common use: :mod:`generator.core.sayable`), the base key
    of each secret (its start letter) and the turns: the shared search's problem."""
    game = ctx.game(None, "free")
    spell = ctx.answers.alphabet.spell
    letters = ctx.letters()
    base = np.array([letters.index(spell(w)[0]) for w in ctx.answers.words], dtype=np.int64)
    rows, uncommon = sayable_rows(allowed_rows(game, ctx.matrix), ctx.sayable)
    return np.arange(len(ctx.answers), dtype=np.int64), np.delete(rows, uncommon), base, game.turns


def shared_starts(ctx: Context, *, seed: int = 1, restarts: int = SHARED_RESTARTS,
                  ks: tuple[int, ...] = SHARED_KS) -> list[tuple[int, tuple[int, ...]]]:
    """Every climb of the search: (number of openers, random start)."""
    _, rows, _, _ = _inputs(ctx)
    return [(k, start) for k in ks for start in random_starts(rows, k, restarts, seed)]


def shared_climb(ctx: Context, start: tuple[int, ...]) -> Scored:
    """One climb of the search over all letters at once (groups keyed by the
    start letter, then the openers' feedback): its local optimum."""
    cols, rows, base, turns = _inputs(ctx)
    return climb(ctx.matrix, start, cols, rows, turns - len(start), base)


def shared_choice(ctx: Context, climbs: list[tuple[int, Scored]], *, seed: int = 1,
                  restarts: int = SHARED_RESTARTS) -> SharedOpeners:
    """The openers and probes to keep, from every climb (in the order of
    :func:`shared_starts`): for each number of openers its best four optima,
    each with the probe words of a greedy set cover; the fewest words wins."""
    cols, rows, base, turns = _inputs(ctx)
    best: tuple[tuple[int, int, int], SharedOpeners] | None = None
    notes = []
    for k in sorted({k for k, _ in climbs}):
        limit = turns - k
        found = best_optima([sc for kk, sc in climbs if kk == k], keep=4)
        for sc in found:
            groups = _oversized_groups(ctx.matrix, sc.rows, cols, limit, base)
            probes, unfixable = _cover(ctx, groups, rows, limit - 1)
            key = (unfixable, k + len(probes) + unfixable, sc.squares)
            if best is None or key < best[0]:
                best = (key, SharedOpeners(
                    openers=tuple(ctx.matrix.guess_word(r) for r in sc.rows),
                    opener_rows=tuple(sc.rows),
                    probes=tuple(ctx.matrix.guess_word(r) for r in probes),
                    probe_rows=tuple(probes), oversized_groups=len(groups),
                    unfixable_groups=unfixable, notes=()))
        notes.append(f"k={k}: hill climbing over all letters, {restarts} restarts, seed {seed}; "
                     f"best {found[0].oversized if found else '-'} oversized groups")
    assert best is not None
    return replace(best[1], notes=tuple(notes))


def shared_openers(ctx: Context, *, seed: int = 1, restarts: int = SHARED_RESTARTS,
                   ks: tuple[int, ...] = SHARED_KS) -> SharedOpeners:
    """Search shared openers and probes for the whole answers list (free rule),
    in this process (:mod:`generator.runs.lingo` runs the climbs as jobs)."""
    climbs = [(k, shared_climb(ctx, start)) for k, start in shared_starts(ctx, seed=seed, restarts=restarts, ks=ks)]
    return shared_choice(ctx, climbs, seed=seed, restarts=restarts)


def letter_scheme(ctx: Context, cols: np.ndarray, rows: np.ndarray, uncommon: np.ndarray, game: Game,
                  plan: SharedOpeners) -> Scheme:
    """The scheme of one letter under the shared openers and probes; a group
    no probe fixes gets an exception move of its own from ``rows`` (those at
    the positions ``uncommon`` only where the others leave a secret late)."""
    m = ctx.matrix
    openers = plan.opener_rows
    k = len(openers)
    limit = game.turns - k
    probe_rows = list(plan.probe_rows)
    # the probe for each oversized group of this letter: the first in cover order that fixes it
    probes: dict[tuple[str, ...], int] = {}
    for members in _oversized_groups(m, openers, cols, limit):
        feedback = tuple(m.pattern(int(m.codes[r, members[0]])) for r in openers)
        stats = m.stats(np.array(probe_rows, dtype=np.int64), members)
        ok = np.flatnonzero(stats.largest <= limit - 1)
        if len(ok):
            probes[feedback] = probe_rows[int(ok[0])]
    builder = SchemeBuilder(m, cols, rows, game.turns, SchemeKind.MEMORIZE, uncommon=uncommon, probes=probes)
    scheme = builder.mark_uncommon(builder.scheme_for(openers))
    scheme.kind = SchemeKind.SHARED
    scheme.notes = list(plan.notes)
    scheme.shared = {
        "openers": list(plan.openers), "probes": list(plan.probes),
        "distinct_words": plan.distinct_words,
    }
    return scheme

"""Every first word of Wordle weighed by the exact search: the best proved.

:func:`prove_first_words` gives each word the rule allows first either the
**exact total** of the optimal tree after it, or a **proved lower bound**,
so that the ``best`` words with exact totals are the best of all:

1. the words go in the exact search's order at the root (entropy: the best
   words come early), in **batches**: the first ``best`` words (and any
   word asked for by name), then ``best`` more, and each batch after
   twice as many as the one before (the cut falls fastest early, when the
   batches are small; later ones keep a cluster's workers busy);
2. the first batch is searched exactly; each later batch with the cut one
   above the ``best``-th least total found in the batches before it (the
   **bar**): a word below it gets its exact total, any other the proof
   that it costs at least the bar;
3. while fewer than ``best`` totals are known (hard mode: most good first
   words have no tree within six), the cut is one above the largest total
   so far: a **guess**, which spares the exact totals of the words above
   it (a few proofs end far sooner below a cut, most cost about the same:
   ``benchmarks/RESULTS.md``). Once ``best`` totals are known the bar
   is below every guess made before it, so the guess held; if the words
   end first, the words bounded under a guess are searched again (least
   bound first, in batches as above) with the bar as it then stands,
   until no word's bound is below it;
4. so every word without an exact total costs more than the ``best``-th
   exact one, and the least total is proved the best of all.

Each word is one job (a :class:`~generator.runs.proof_job.ProofJob`, its
whole move played at the root, as one search plays an opener) of a
:data:`~generator.runs.jobs.Runner` (this machine's cores or a Dask
cluster), searched with a fresh memo, so what a job finds
depends only on its word and its batch's cut: the same table on one core,
every core or a cluster. Each result goes at once to a **journal** in the
user's private cache folder (:func:`generator.core.usercache.private_cache`),
named by the set-up's word lists, the rule and the search's version; a run
interrupted (Ctrl-C, a machine gone) resumes where it stopped, and a
finished run asked again reads its table back. The journal is a cache, not a
proof: it holds only what this user's runs wrote (each line signed) and
values the search can give (:class:`Journal`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import os
import secrets
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.core.catalog import setup
from generator.core.files import read_limited, write_atomic
from generator.core.fingerprint import fingerprint, lists_digests
from generator.core.strategies import strategy_info
from generator.core.tree import depth
from generator.core.usercache import private, private_cache
from generator.errors import LingoTreesError, StrategyError
from generator.runs.exact import SetupProblem
from generator.runs.jobs import Processes, Runner
from generator.runs.proof_job import JobResult, ProofJob, Status, run_job
from generator.search.exact import INF, Options

JOURNAL_FOLDER = "first-words"  # in the private cache folder


@dataclass(frozen=True)
class Weighed:
    """What the search found for a first word cut at ``cut``: below it,
    ``value`` is the exact total and ``max_turns`` the worst case of the
    tree; else ``value`` is a lower bound at least the cut (INF: no tree
    keeps every secret within the turns)."""

    word: str
    cut: int
    value: int  # the total if below the cut, else a lower bound at least the cut
    max_turns: int
    seconds: float

    @property
    def solved(self) -> bool:
        """Whether ``value`` is the total (below the cut), not a bound."""
        return self.value < self.cut


def word_job(problem: SetupProblem, row: int, cut: int) -> ProofJob:
    """The job that weighs the first word of guess row ``row`` below ``cut``
    (INF: exactly): the exact search after it, with a fresh memo."""
    return ProofJob(problem, Options(), beta=cut, move=row, opener=True)


def weighed(word: str, job: ProofJob, res: JobResult) -> Weighed:
    """What the job of a first word (:func:`word_job`) found."""
    if res.status is Status.OUT_OF_BUDGET:
        raise StrategyError(f"internal: the job of {word!r} ran out of budget")  # (it has none)
    worst = depth(res.tree) if res.tree is not None else 0
    return Weighed(word, job.beta, res.value, worst, round(res.seconds, 3))


@dataclass(frozen=True)
class FirstWordTable:
    """Every first word weighed (:func:`prove_first_words`): exact totals, the
    least first, and lower bounds for the rest."""

    solved: tuple[Weighed, ...]  # the words with their totals, least first
    bounded: tuple[Weighed, ...]


def batches(words: list[str], best: int, asked: Sequence[str] = ()) -> list[list[str]]:
    """The first ``best`` words and the ``asked`` ones, then the others in
    batches of ``best``, twice that, four times, ..."""
    first = list(dict.fromkeys(words[:best] + list(asked)))
    taken = set(first)
    rest = [w for w in words if w not in taken]
    out, at, size = [first], 0, best
    while at < len(rest):
        out.append(rest[at:at + size])
        at, size = at + size, 2 * size
    return out


def cut_after(done: Iterable[Weighed], best: int, guess: bool = True) -> int:
    """The cut of the next batch: one above the ``best``-th least exact total
    so far; with fewer, one above the largest (``guess``; else INF), and INF
    with none."""
    totals = sorted(w.value for w in done if w.solved)
    if len(totals) >= best:
        return totals[best - 1] + 1
    return totals[-1] + 1 if guess and totals else INF


def bounded_below(done: Iterable[Weighed], bar: int) -> list[Weighed]:
    """The words only bounded, with a bound below the bar: each may cost less (least bound first)."""
    return sorted((w for w in done if not w.solved and w.value < bar), key=lambda w: w.value)


@dataclass(frozen=True)
class Bounds:
    """What a result of the proof can be: a first word of ``words``, and a
    total of at least ``secrets`` turns (one a secret) reached within ``turns``."""

    words: frozenset[str]
    secrets: int
    turns: int

    def check(self, data: object) -> Weighed | None:
        """The result a journal line holds, or None where any value is not
        one the search can give (a forged or damaged line)."""
        if not isinstance(data, dict) or set(data) != {"word", "cut", "value", "max_turns", "seconds"}:
            return None
        word, cut, value, turns, seconds = (data[k] for k in ("word", "cut", "value", "max_turns", "seconds"))
        if not isinstance(word, str) or word not in self.words or not all(type(n) is int for n in (cut, value, turns)):
            return None
        if type(seconds) not in (int, float) or not math.isfinite(seconds) or seconds < 0:
            return None
        if not (self.secrets <= cut <= INF and self.secrets <= value <= INF):
            return None
        if not (1 <= turns <= self.turns if value < cut else turns == 0):  # (a bound has no tree)
            return None
        return Weighed(word, cut, value, turns, float(seconds))


class Journal:
    """The results of one proof so far, a JSON line each (module docstring);
    none kept where the user has no private cache folder.

    A journal is a cache, not a proof: a line is taken only if this user's
    runs wrote it (signed with a key in the private cache folder, made once)
    and every value is one the search can give (:class:`Bounds`); any other
    line, and a journal of another search's version, is searched again."""

    def __init__(self, path: Path | None, identity: dict[str, object], bounds: Bounds) -> None:
        self.path, self.identity = path, identity
        self.found: dict[tuple[str, int], Weighed] = {}
        self._key = None if path is None else _signing_key(path.parent)
        if path is None or self._key is None:
            self.path = None
            return
        for data in self._lines(path):
            w = bounds.check(data)
            if w is not None:
                self.found[w.word, w.cut] = w
        head = json.dumps(identity) + "\n"
        try:
            write_atomic(path, (head + "".join(self._line(w) for w in self.found.values())).encode())
        except (OSError, LingoTreesError):  # a journal that cannot be written: the run goes on without one
            self.path = None

    def _lines(self, path: Path) -> Iterator[object]:
        """The results of the journal on disk whose signature holds (none if
        it is not this user's alone, unreadable, or of another identity)."""
        if not private(path):
            return
        try:
            lines = read_limited(path, MAX_JOURNAL, "journal").decode("utf-8").splitlines()
            if not lines or json.loads(lines[0]) != self.identity:
                return
        except (OSError, ValueError, LingoTreesError):  # (UnicodeDecodeError is a ValueError)
            return
        for line in lines[1:]:
            try:
                data = json.loads(line)
                signed = data.pop("sig")
            except (ValueError, TypeError, AttributeError, KeyError):
                continue  # a line cut short by an interruption
            if isinstance(signed, str) and hmac.compare_digest(signed, self._sign(data)):
                yield data

    def _sign(self, data: dict[str, object]) -> str:
        assert self._key is not None
        text = json.dumps([self.identity, data], sort_keys=True)
        return hmac.new(self._key, text.encode(), hashlib.sha256).hexdigest()

    def _line(self, w: Weighed) -> str:
        data: dict[str, object] = {"word": w.word, "cut": w.cut, "value": w.value, "max_turns": w.max_turns,
                                   "seconds": w.seconds}
        return json.dumps({**data, "sig": self._sign(data)}) + "\n"

    def add(self, w: Weighed) -> None:
        self.found[w.word, w.cut] = w
        if self.path is not None:
            try:
                with self.path.open("a", encoding="utf-8") as f:
                    f.write(self._line(w))
            except OSError:  # (a full disk, say): the run goes on without a journal
                self.path = None


MAX_JOURNAL = 256 << 20  # bytes: a line a word, of every word of every cut


def _signing_key(folder: Path) -> bytes | None:
    """This user's key that signs the journal's lines: 32 random bytes in
    ``folder`` (the journal's, private), made once; None where it cannot be
    made or is not this user's alone."""
    path = folder / "key"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:
        pass
    except OSError:
        return None
    else:
        with os.fdopen(fd, "wb") as f:
            f.write(secrets.token_bytes(32))
    try:
        key = path.read_bytes() if private(path) else b""
    except OSError:
        return None
    return key if len(key) == 32 else None


def journal_path(setup_id: str, rule: str) -> tuple[Path | None, dict[str, object]]:
    """Where the journal of a set-up and rule lives (None: no private cache)
    and what it names: the lists, the rule and the search's version (each
    line's result holds for any ``best``)."""
    s = setup(setup_id)
    identity: dict[str, object] = {"setup": setup_id, "rule": rule,
                                   "search": strategy_info("wordle", "optimal").algorithm}
    key = fingerprint(lists_digests(s.answers, s.guesses, s.game.name), identity, "first-words")["digest"][:16]
    folder = private_cache(JOURNAL_FOLDER)
    return (None if folder is None else folder / f"{setup_id}-{rule}-{key}.jsonl"), identity


def prove_first_words(setup_id: str, rule: str, words: list[str], best: int, asked: Sequence[str] = (),
                      runner: Runner = Processes(),
                      step: Callable[[Weighed, int], None] | None = None) -> FirstWordTable:
    """Every word of ``words`` (the exact search's order at the root) weighed,
    the ``best`` least totals proved the best of all, and the ``asked``
    words exactly (module docstring); ``step(result, batch)`` after each
    word searched (not after those the journal holds)."""
    problem = SetupProblem(setup_id, rule)
    matrix, game, cols, _ = problem.load()
    rows = {w: i for i, w in enumerate(matrix.guesses.words)}
    unknown = [w for w in [*words, *asked] if w not in rows]
    if unknown:
        raise StrategyError(f"not a guess of {setup_id}: {unknown[0]!r}")
    path, identity = journal_path(setup_id, rule)
    journal = Journal(path, identity, Bounds(frozenset(rows), len(cols), game.turns))
    done: dict[str, Weighed] = {}

    def search(batch: list[str], cut: int, b: int) -> None:
        todo = {word_job(problem, rows[w], cut): w for w in batch if (w, cut) not in journal.found}
        for job, res in runner.run(run_job, list(todo)) if todo else ():
            w = weighed(todo[job], job, res)
            journal.add(w)
            if step is not None:
                step(w, b)
        done.update((w, journal.found[w, cut]) for w in batch)

    plan = batches(words, best, asked)
    for b, batch in enumerate(plan):
        search(batch, cut_after(done.values(), best), b)
    size, b = best, len(plan)
    while again := bounded_below(done.values(), bar := cut_after(done.values(), best, guess=False)):
        search([w.word for w in again[:size]], bar, b)  # a guess that did not hold (module docstring, 3.)
        size, b = 2 * size, b + 1
    order = {w: i for i, w in enumerate(dict.fromkeys([*words, *asked]))}
    solved = sorted((w for w in done.values() if w.solved), key=lambda w: (w.value, order[w.word]))
    bounded = [w for w in done.values() if not w.solved]
    return FirstWordTable(tuple(solved), tuple(bounded))

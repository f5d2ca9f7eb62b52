"""The practice page's data: the words of each LINGO set-up, and the word of the day.

The site's practice page (``practice.html``, :mod:`generator.output.site`)
plays a LINGO game in the browser and afterwards walks the set-up's human and
optimal trees (``trees/<setup>/<rule>/<strategy>/<letter>.json``) for the
secret. It reads static files made here, plain text, one word a line:

* ``practice/<setup>/answers.txt``: the words that may be the secret, the
  set-up's answers whose first letter has trees on the site and that are in
  common use and not blocked (:mod:`generator.core.sayable`), in list order.
  A game's word is named by its place in this file (``word=N`` in the page's
  URL), and the word of the day is the one at :func:`day_index`;
* ``practice/<setup>/guesses.txt``: the other words that may be guessed, the
  set-up's guesses that are not in ``answers.txt`` (a rare answer may still
  be guessed). A secret may always be guessed.

The page itself holds :func:`practice_index`: per set-up its title, length,
turns, letters (alphabet and digraphs), word counts, and per rule the start
letters of the human and optimal trees the after-game summary walks; the
rules' names in players' words (:data:`RULE_NAMES`); and the game a first
visit opens (:func:`default_game`: the show's own, Dutch five letters under
TV rules). The page remembers a player's later choice in the browser.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.core.catalog import list_spec, load_list, setups
from generator.core.sayable import blocked_mask, common_mask
from generator.core.words import Word
from generator.output.sheets import render

__all__ = ["DEFAULT_RULE", "DEFAULT_SETUPS", "FORMAT_VERSION", "RULE_NAMES", "PRACTICE_STRATEGIES",
           "PracticeSetup", "day_index", "default_game", "practice_files", "practice_index", "practice_setups",
           "write_practice"]

FORMAT_VERSION = 1
#: the strategies whose play the page shows after a game, in that order
PRACTICE_STRATEGIES = ("human", "optimal")
#: the set-up a first visit plays, the first of these the site has: the show's
#: own (Dutch LINGO, five letters, 'ij' one tile as on TV), else Dutch five letters
DEFAULT_SETUPS = ("nl-ij", "nl")
#: the rule a first visit plays, where the set-up has trees for it: the show's
DEFAULT_RULE = "same-start"
#: the rules as the page's picker names them (a rule not here: the site's title for it)
RULE_NAMES = {
    "same-start": "TV rules (every guess begins with the letter shown)",
    "free": "Free rule (any word may be guessed)",
}
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")

TreeLetters = Mapping[str, Mapping[str, Sequence[str]]]
"""The trees a site has for one set-up: rule -> strategy -> start letters
(``lookup_index(model)["setups"][id]["rules"]``, :mod:`generator.output.sitemodel`)."""


@dataclass(frozen=True)
class PracticeSetup:
    """One set-up as the practice page plays it."""

    id: str
    title: str
    length: int
    turns: int
    alphabet: str
    digraphs: tuple[str, ...]
    answers: tuple[Word, ...]  # the possible secrets (common, not blocked), in list order
    guesses: tuple[Word, ...]  # the other allowed guesses, in list order
    trees: dict[str, dict[str, tuple[str, ...]]]  # rule -> strategy (PRACTICE_STRATEGIES) -> letters


def day_index(date: str, setup: str, count: int) -> int:
    """The place of the word of the day among ``count`` answers: the same for
    everyone on a date (the browser's local date, ``YYYY-MM-DD``).

    It is FNV-1a (32 bits) of the ASCII text ``"<date> <setup>"``, then
    MurmurHash3's 32-bit finalizer (so that the next day's word is anywhere
    in the list, not a fixed step further), modulo ``count``. ``practice.js``
    computes the same (``dayIndex``).

    >>> day_index("2026-11-23", "nl", 3274)
    1837
    >>> day_index("2026-11-24", "nl", 3274)
    1755
    """
    if not DATE.fullmatch(date):
        raise ValueError(f"date {date!r} is not YYYY-MM-DD")
    if count < 1:
        raise ValueError(f"no words to choose from (count {count})")
    h = 0x811C9DC5
    for byte in f"{date} {setup}".encode("ascii"):
        h = ((h ^ byte) * 0x01000193) & 0xFFFFFFFF
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & 0xFFFFFFFF
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & 0xFFFFFFFF
    h ^= h >> 16
    return h % count


def practice_setups(trees: Mapping[str, TreeLetters]) -> list[PracticeSetup]:
    """The set-ups the page offers: those of ``trees`` (set-up -> its
    :data:`TreeLetters`) that are LINGO games of the catalog (the first
    letter shown), in that order."""
    known = setups()
    out = []
    for sid, rules in trees.items():
        s = known.get(sid)
        if s is None or not s.game.reveals_first_letter or s.game.feedback != "positional":
            continue
        answers, guesses = load_list(s.answers), load_list(s.guesses)
        letters = {letter for strategies in rules.values() for found in strategies.values() for letter in found}
        drawn = common_mask(answers) & ~blocked_mask(answers)
        secrets = tuple(w for w, ok in zip(answers.words, drawn) if ok and answers.split(w)[0] in letters)
        taken = set(secrets)
        spec = list_spec(s.answers)
        out.append(PracticeSetup(
            id=sid, title=s.title, length=s.game.length, turns=s.game.turns, alphabet=spec.alphabet,
            digraphs=tuple(spec.digraphs), answers=secrets,
            guesses=tuple(w for w in guesses.words if w not in taken),
            trees={rule: {name: tuple(strategies[name]) for name in PRACTICE_STRATEGIES if name in strategies}
                   for rule, strategies in rules.items()},
        ))
    return out


def _words_file(words: Sequence[Word]) -> bytes:
    return "".join(f"{w}\n" for w in words).encode()


def practice_files(offered: Sequence[PracticeSetup]) -> Iterator[tuple[str, bytes]]:
    """Every word file as ``(path under the site root, bytes)``."""
    for s in offered:
        yield f"practice/{s.id}/answers.txt", _words_file(s.answers)
        yield f"practice/{s.id}/guesses.txt", _words_file(s.guesses)


def default_game(offered: Sequence[PracticeSetup]) -> tuple[str, str]:
    """The set-up and rule a first visit plays: the first of
    :data:`DEFAULT_SETUPS` offered (else the first offered), under
    :data:`DEFAULT_RULE` if the set-up has trees for it (else its first rule)."""
    if not offered:
        raise ValueError("no set-up to play")
    ids = [s.id for s in offered]
    chosen = offered[ids.index(next((sid for sid in DEFAULT_SETUPS if sid in ids), ids[0]))]
    rules = list(chosen.trees)
    return chosen.id, DEFAULT_RULE if DEFAULT_RULE in rules or not rules else rules[0]


def _rule_name(rule: str, rule_titles: Mapping[str, str]) -> str:
    if rule in RULE_NAMES:
        return RULE_NAMES[rule]
    title = rule_titles.get(rule, rule)
    return title[:1].upper() + title[1:]


def practice_index(offered: Sequence[PracticeSetup], rule_titles: Mapping[str, str],
                   strategy_titles: Mapping[str, str]) -> dict[str, Any]:
    """What the page holds: the set-ups, their letters and files, the trees of
    the summary, the rules' names (:data:`RULE_NAMES`, else ``rule_titles``)
    and the game a first visit plays (:func:`default_game`)."""
    first_setup, first_rule = default_game(offered) if offered else ("", "")
    return {
        "format": "lingo-trees.practice-index", "version": FORMAT_VERSION,
        "default": {"setup": first_setup, "rule": first_rule},
        "rule_titles": {rule: _rule_name(rule, rule_titles) for s in offered for rule in s.trees},
        "strategy_titles": {name: strategy_titles.get(name, name) for name in PRACTICE_STRATEGIES},
        "setups": [{
            "id": s.id, "title": s.title, "length": s.length, "turns": s.turns,
            "alphabet": s.alphabet, "digraphs": list(s.digraphs),
            "answers": {"file": f"practice/{s.id}/answers.txt", "count": len(s.answers)},
            "guesses": {"file": f"practice/{s.id}/guesses.txt", "count": len(s.guesses)},
            "trees": {rule: {name: list(letters) for name, letters in by.items()} for rule, by in s.trees.items()},
        } for s in offered],
    }


def write_practice(docs: Path, lookup: Mapping[str, Any]) -> None:
    """Write the practice page (``practice.md``) and its word files into a
    site's ``docs`` folder; ``lookup`` is the lookup's index of the site's
    trees (:func:`~generator.output.sitemodel.lookup_index`). No LINGO
    set-up, no page."""
    offered = practice_setups({sid: s["rules"] for sid, s in lookup["setups"].items()})
    if not offered:
        return
    for rel, data in practice_files(offered):
        (docs / rel).parent.mkdir(parents=True, exist_ok=True)
        (docs / rel).write_bytes(data)
    titles = {name: title for s in offered for name, title in lookup["setups"][s.id]["strategy_titles"].items()}
    index = practice_index(offered, lookup["rule_titles"], titles)
    (docs / "practice.md").write_text(render("site/practice.md.j2", index=index), encoding="utf-8")

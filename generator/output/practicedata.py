"""The practice page's data: the words of each set-up played, and the word of the day.

The site's practice page (``practice.html``, :mod:`generator.output.site`)
plays a game of LINGO or Wordle in the browser and afterwards walks the
set-up's trees (``trees/<setup>/<rule>/<strategy>/<letter>.json``) for the
secret: LINGO's human and optimal trees of the secret's first letter,
Wordle's optimal trees and a greedy one (``all.json``): the catalog's
``[site]`` ``practice`` and ``wordle_practice`` (:func:`summary`).
It reads static files made here, plain text, one word a line:

* ``practice/<setup>/answers.txt``: the words that may be the secret, in list
  order. For LINGO, the set-up's answers whose first letter has trees on the
  site and that are in common use and not blocked
  (:mod:`generator.core.sayable`). For Wordle, the set-up's answers whole:
  they are the game's own, chosen by its editors, and the common-use rule
  would drop a fifth of today's (636 of the WordleBot's 3,158: *acrid*,
  *amble*, *ashen*, ...), while the blocklist is for the games said aloud
  (:data:`~generator.core.sayable.SPOKEN_GAMES`). A game's word is named by
  its place in this file (``word=N`` in the page's URL), and the word of the
  day is the one at :func:`day_index`;
* ``practice/<setup>/guesses.txt``: the other words that may be guessed, the
  set-up's guesses that are not in ``answers.txt`` (a rare answer may still
  be guessed). A secret may always be guessed: every word of both files is
  accepted, for ``wordle-2023`` the 14,855 guesses today's Wordle accepts.

The Wordle set-ups played are those whose secrets are the game's own answer
lists (the catalog's ``[site]`` ``wordle``: today's, then 2022's); ``wordle-common`` and
``wordle-allowed`` draw theirs from the allowed guesses, a test bed for the
search, not a game anyone plays.

The page itself holds :func:`practice_index`: per set-up its game, title (and short title),
length, turns, whether the first letter is shown, letters (alphabet and
digraphs), the keyboard its players know (:data:`KEYBOARDS`), word counts,
its rules in players' words (:data:`RULE_NAMES`,
:data:`WORDLE_RULE_NAMES`: only the rules the page enforces,
:data:`PLAYED_RULES`), the strategies the after-game summary walks and per
rule their start letters; and the game a first visit opens
(:func:`default_game`: the catalog's ``[site]`` ``setups`` and ``rule``, the show's own,
Dutch five letters under TV rules).
The page remembers a player's later choice in the browser.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.core.catalog import list_spec, load_list, setups
from generator.core.catalog_games import site_defaults
from generator.core.files import gzipped
from generator.core.sayable import blocked_mask, common_mask
from generator.core.words import Word
from generator.output.i18n import N_, _
from generator.output.sheets import render
from generator.output.sitenames import short_setup_title

__all__ = ["FORMAT_VERSION", "KEYBOARDS", "PLAYED_RULES", "RULE_NAMES", "WHOLE", "WORDLE_RULE_NAMES", "PracticeSetup",
           "day_index", "default_game", "practice_files", "practice_index", "practice_setups", "summary", "write_practice"]

#: the index's format (the page's ``#practice-index``)
#:
#: * 1: the LINGO set-ups, one ``rule_titles`` and ``strategy_titles`` for all
#: * 2: Wordle too; per set-up its ``game``, ``first_letter_shown``,
#:   ``rule_titles`` (the top-level one is gone) and ``strategies`` (the
#:   summary's, in order); later, compatible: ``short``, the title a
#:   phone's picker has room for
FORMAT_VERSION = 2
#: the rules the page enforces (self hard mode is a solver's rule, not the game's)
PLAYED_RULES = ("free", "same-start", "hard")
#: the tree of a game that shows no letter (``trees/<setup>/<rule>/<strategy>/all.json``)
WHOLE = "all"
#: LINGO's rules as the page's picker names them (a rule not here: the site's title for it)
RULE_NAMES = {
    "same-start": N_("TV rules (every guess begins with the letter shown)"),
    "free": N_("Free rule (any word may be guessed)"),
}
#: Wordle's, in its players' words
WORDLE_RULE_NAMES = {
    "free": N_("Normal mode (any accepted word may be guessed)"),
    "hard": N_("Hard mode (greens stay in place, every letter found is played again)"),
}
_NAMES = {"lingo": RULE_NAMES, "wordle": WORDLE_RULE_NAMES}
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")

TreeLetters = Mapping[str, Mapping[str, Sequence[str]]]
"""The trees a site has for one set-up: rule -> strategy -> start letters
(``lookup_index(model)["setups"][id]["rules"]``, :mod:`generator.output.sitemodel`)."""


#: the rows of the on-screen keyboard by language: French players type on AZERTY
KEYBOARDS = {"": ("qwertyuiop", "asdfghjkl", "zxcvbnm"), "fr": ("azertyuiop", "qsdfghjklm", "wxcvbn")}


@dataclass(frozen=True)
class PracticeSetup:
    """One set-up as the practice page plays it."""

    id: str
    title: str
    length: int
    turns: int
    alphabet: str
    digraphs: tuple[str, ...]
    answers: tuple[Word, ...]  # the possible secrets, in list order (LINGO: common, not blocked)
    guesses: tuple[Word, ...]  # the other allowed guesses, in list order
    trees: dict[str, dict[str, tuple[str, ...]]]  # rule (PLAYED_RULES) -> strategy (summary) -> letters
    game: str = "lingo"  # the game's name: lingo or wordle
    first_letter_shown: bool = True
    keyboard: tuple[str, ...] = KEYBOARDS[""]  # the on-screen keys' rows
    strategies: tuple[str, ...] = ("human", "optimal")  # the summary's, in order (summary("lingo"))


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


def summary(game: str) -> tuple[str, ...]:
    """The strategies the summary walks after a game of ``game`` (lingo or
    wordle), in that order (a Wordle set-up shows those it has trees of):
    the catalog's ``[site]`` ``practice`` and ``wordle_practice``."""
    site = site_defaults()
    return site.practice if game == "lingo" else site.wordle_practice


def practice_setups(trees: Mapping[str, TreeLetters]) -> list[PracticeSetup]:
    """The set-ups the page offers: those of ``trees`` (set-up -> its
    :data:`TreeLetters`) that are LINGO games of the catalog (the first
    letter shown), in that order, then the Wordle ones of the catalog's
    ``[site]`` ``wordle`` that have trees, in that order. Only the rules of
    :data:`PLAYED_RULES` are kept, each with the trees of :func:`summary`."""
    known = setups()
    played = site_defaults().wordle
    lingo, wordle = [], []
    for sid, rules in trees.items():
        s = known.get(sid)
        if s is None or s.game.feedback != "positional":
            continue
        if s.game.reveals_first_letter:
            lingo.append(_played_setup(sid, rules))
        elif s.game.name == "wordle" and sid in played and set(rules) & set(PLAYED_RULES):
            wordle.append(_played_setup(sid, rules))
    return lingo + sorted(wordle, key=lambda p: played.index(p.id))


def _kept(rules: TreeLetters, strategies: Sequence[str]) -> dict[str, dict[str, tuple[str, ...]]]:
    """The rules the page plays, each with the summary's trees."""
    return {rule: {name: tuple(found[name]) for name in strategies if name in found}
            for rule, found in rules.items() if rule in PLAYED_RULES}


def _played_setup(sid: str, rules: TreeLetters) -> PracticeSetup:
    """One set-up as the page plays it. LINGO's secrets are its answers in
    common use, not blocked, of a first letter with trees; Wordle's are its
    answers whole (the module's docstring says why)."""
    s = setups()[sid]
    answers, guesses = load_list(s.answers), load_list(s.guesses)
    lingo = s.game.reveals_first_letter
    if lingo:
        letters = {letter for strategies in rules.values() for found in strategies.values() for letter in found}
        drawn = common_mask(answers) & ~blocked_mask(answers)
        secrets = tuple(w for w, ok in zip(answers.words, drawn) if ok and answers.spell(w)[0] in letters)
    else:
        secrets = answers.words
    taken = set(secrets)
    spec = list_spec(s.answers)
    walked = summary("lingo" if lingo else "wordle")
    kept = _kept(rules, walked)
    have = {name for found in kept.values() for name in found}
    return PracticeSetup(
        id=sid, title=_(s.title), length=s.game.length, turns=s.game.turns, alphabet=spec.alphabet,
        digraphs=tuple(spec.digraphs), answers=secrets, guesses=tuple(w for w in guesses.words if w not in taken),
        trees=kept, game="lingo" if lingo else "wordle", first_letter_shown=lingo,
        keyboard=KEYBOARDS.get(spec.language, KEYBOARDS[""]),
        strategies=walked if lingo else tuple(n for n in walked if n in have))


def _words_file(words: Sequence[Word]) -> bytes:
    """The words one a line, gzipped (the page gunzips them)."""
    return gzipped("".join(f"{w}\n" for w in words).encode())


def practice_files(offered: Sequence[PracticeSetup]) -> Iterator[tuple[str, bytes]]:
    """Every word file as ``(path under the site root, bytes)``."""
    for s in offered:
        yield f"practice/{s.id}/answers.txt.gz", _words_file(s.answers)
        yield f"practice/{s.id}/guesses.txt.gz", _words_file(s.guesses)


def default_game(offered: Sequence[PracticeSetup]) -> tuple[str, str]:
    """The set-up and rule a first visit plays: the first of the catalog's
    ``[site]`` ``setups`` offered (else the first offered), under its
    ``rule`` if the set-up has trees for it (else its first rule)."""
    if not offered:
        raise ValueError("no set-up to play")
    site = site_defaults()
    ids = [s.id for s in offered]
    chosen = offered[ids.index(next((sid for sid in site.setups if sid in ids), ids[0]))]
    rules = list(chosen.trees)
    return chosen.id, site.rule if site.rule in rules or not rules else rules[0]


def _rule_name(rule: str, game: str, rule_titles: Mapping[str, str]) -> str:
    if rule in _NAMES.get(game, {}):
        return _(_NAMES[game][rule])
    title = rule_titles.get(rule, rule)
    return title[:1].upper() + title[1:]


def practice_index(offered: Sequence[PracticeSetup], rule_titles: Mapping[str, str],
                   strategy_titles: Mapping[str, str]) -> dict[str, Any]:
    """What the page holds: the set-ups, their letters and files, their
    rules' names (:data:`RULE_NAMES`, :data:`WORDLE_RULE_NAMES`, else
    ``rule_titles``), the trees of the summary with their titles
    (``strategy_titles``) and the game a first visit plays (:func:`default_game`)."""
    first_setup, first_rule = default_game(offered) if offered else ("", "")
    return {
        "format": "lingo-trees.practice-index", "version": FORMAT_VERSION,
        "default": {"setup": first_setup, "rule": first_rule},
        "strategy_titles": {name: strategy_titles.get(name, name)
                            for name in dict.fromkeys(n for s in offered for n in s.strategies)},
        "setups": [{
            "id": s.id, "game": s.game, "title": s.title, "short": short_setup_title(s.title),
            "length": s.length, "turns": s.turns,
            "first_letter_shown": s.first_letter_shown, "alphabet": s.alphabet, "digraphs": list(s.digraphs),
            "keyboard": list(s.keyboard),
            "answers": {"file": f"practice/{s.id}/answers.txt.gz", "count": len(s.answers)},
            "guesses": {"file": f"practice/{s.id}/guesses.txt.gz", "count": len(s.guesses)},
            "rule_titles": {rule: _rule_name(rule, s.game, rule_titles) for rule in s.trees},
            "strategies": list(s.strategies),
            "trees": {rule: {name: list(letters) for name, letters in by.items()} for rule, by in s.trees.items()},
        } for s in offered],
    }


def write_practice(docs: Path, lookup: Mapping[str, Any], page: str = "practice.md", root: str = "",
                   accents: bool = False) -> None:
    """Write the practice page (``page``, below the site's root by
    ``root``) and its word files into a site's ``docs`` folder; ``lookup``
    is the lookup's index of the site's trees
    (:func:`~generator.output.sitemodel.lookup_index`). No set-up to play
    (:func:`practice_setups`), no page. ``accents``: the page says that words
    may be typed with or without accents (French)."""
    offered = practice_setups({sid: s["rules"] for sid, s in lookup["setups"].items()})
    if not offered:
        return
    for rel, data in practice_files(offered):
        if not (docs / rel).exists():  # a page in another language plays the same words
            (docs / rel).parent.mkdir(parents=True, exist_ok=True)
            (docs / rel).write_bytes(data)
    titles = {name: title for s in offered for name, title in lookup["setups"][s.id]["strategy_titles"].items()}
    index = practice_index(offered, lookup["rule_titles"], titles)
    wordle = any(s.game == "wordle" for s in offered)
    (docs / page).write_text(render("site/practice.md.j2", index=index, root=root, wordle=wordle,
                                    turns=offered[0].turns, accents=accents),
                             encoding="utf-8")

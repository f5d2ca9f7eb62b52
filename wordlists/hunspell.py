"""Expand a Hunspell dictionary (``.dic`` stems with affix flags, ``.aff``
rules) into its words, as Hunspell would accept them.

What the French dictionary (Grammalecte 7.0) needs, and no more:

* ``FLAG long``: a flag is two characters;
* ``SFX`` and ``PFX`` rules: strip, add, continuation flags, condition;
  a prefix and a suffix combine where both say ``Y`` (cross product), a
  suffix's continuation prefixes apply to the suffixed word (French: the
  elisions *l'*, *d'*, ...) and a prefix's continuation suffixes to the
  prefixed word (*kilo* + *mètre* + *s*);
* ``NEEDAFFIX``: a stem, or an affixed word, carrying that flag is no word
  by itself, only with a further affix;
* ``FORBIDDENWORD``: such a stem is left out.

Compounding and two suffixes in a row are not handled: the French dictionary
uses neither.

>>> aff = "FLAG long\\nNEEDAFFIX ()\\nSFX S. Y 2\\nSFX S. 0 0 .\\nSFX S. 0 s [^sxz]\\n"
>>> sorted(words("2\\nchat/S.()\\nsouris\\n", aff))
['chat', 'chats', 'souris']
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["words", "forms_by_stem"]


@dataclass(frozen=True)
class Rule:
    strip: str
    add: str
    continuation: tuple[str, ...]
    condition: re.Pattern[str] | None


@dataclass(frozen=True)
class Affix:
    suffix: bool
    cross: bool
    rules: tuple[Rule, ...]

    def apply(self, word: str) -> Iterator[tuple[str, tuple[str, ...]]]:
        """Each word this affix makes of ``word``, with its continuation flags."""
        for r in self.rules:
            if r.condition is not None and not r.condition.search(word):
                continue
            if self.suffix:
                if word.endswith(r.strip):
                    yield word[: len(word) - len(r.strip)] + r.add, r.continuation
            elif word.startswith(r.strip):
                yield r.add + word[len(r.strip):], r.continuation


def _flags(text: str, long: bool) -> tuple[str, ...]:
    if not long:
        return tuple(text)
    return tuple(text[i:i + 2] for i in range(0, len(text), 2))


def _parse_aff(text: str) -> tuple[dict[str, Affix], str, str, bool]:
    long = False
    need = forbidden = ""
    headers: dict[str, tuple[bool, bool]] = {}
    rules: dict[str, list[Rule]] = {}
    for line in text.splitlines():
        f = line.split()
        if not f:
            continue
        if f[0] == "FLAG":
            long = f[1] == "long"
        elif f[0] == "NEEDAFFIX":
            need = f[1]
        elif f[0] == "FORBIDDENWORD":
            forbidden = f[1]
        elif f[0] in ("SFX", "PFX") and len(f) >= 4:
            flag = f[1]
            if flag not in headers:
                headers[flag] = (f[0] == "SFX", f[2] == "Y")
                rules[flag] = []
                continue
            suffix = headers[flag][0]
            add, _, cont = f[3].partition("/")
            condition = f[4] if len(f) > 4 else "."
            rules[flag].append(Rule(
                strip="" if f[2] == "0" else f[2],
                add="" if add == "0" else add,
                continuation=_flags(cont, long),
                condition=None if condition == "." else re.compile(condition + "$" if suffix else "^" + condition),
            ))
    affixes = {flag: Affix(suffix, cross, tuple(rules[flag])) for flag, (suffix, cross) in headers.items()}
    return affixes, need, forbidden, long


def forms_by_stem(dic: str, aff: str) -> Iterator[tuple[str, set[str]]]:
    """Each stem of ``dic`` (its text) with the words it makes under ``aff``."""
    affixes, need, forbidden, long = _parse_aff(aff)

    def alone(flags: tuple[str, ...]) -> bool:
        """Whether a word carrying ``flags`` is a word by itself (not NEEDAFFIX)."""
        return not (need and need in flags)

    def further(word: str, flags: tuple[str, ...], suffix: bool) -> Iterator[tuple[str, tuple[str, ...]]]:
        """The words the suffixes (else the prefixes) among ``flags`` make of ``word``."""
        for flag in flags:
            a = affixes.get(flag)
            if a is not None and a.suffix == suffix:
                yield from a.apply(word)

    for line in dic.splitlines()[1:]:  # the first line is the stem count
        fields = line.split()
        if not fields:
            continue
        stem, _, flag_text = fields[0].partition("/")
        flags = _flags(flag_text, long)
        if forbidden and forbidden in flags:
            continue
        out = {stem} if alone(flags) else set()
        suffixed = []  # (word, continuation) of the suffixes that combine with a prefix
        for flag in flags:
            a = affixes.get(flag)
            if a is None or not a.suffix:
                continue
            for word, cont in a.apply(stem):
                if a.cross:
                    suffixed.append(word)
                if alone(cont):
                    out.add(word)
                # the suffixed word's own prefixes (French: the elisions)
                out.update(w for w, _ in further(word, cont, suffix=False))
        for flag in flags:
            a = affixes.get(flag)
            if a is None or a.suffix:
                continue
            for word, cont in a.apply(stem):
                if alone(cont):
                    out.add(word)
                # the prefixed word's own suffixes (kilo + metre + s)
                out.update(w for w, c2 in further(word, cont, suffix=True) if alone(c2))
            if a.cross:  # prefix and suffix: each has its further affix
                out.update(w for word in suffixed for w, _ in a.apply(word))
        yield stem, out


def words(dic: str, aff: str) -> set[str]:
    """Every word the dictionary accepts (affixes expanded)."""
    out: set[str] = set()
    for _, forms in forms_by_stem(dic, aff):
        out |= forms
    return out

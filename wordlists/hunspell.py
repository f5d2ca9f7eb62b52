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
uses neither. Anything else it cannot read as Hunspell would is a
:class:`HunspellError` naming the file and line: another ``FLAG`` type or
flag aliases (``AF``), a condition that is not letters, ``.`` and ``[...]``,
a rule count that does not match, a ``.dic`` without its count line, text
that is not UTF-8, or a stem that makes more than :data:`MAX_FORMS` words.
Words are taken composed (Unicode NFC), as the lists hold them.

>>> aff = "FLAG long\\nNEEDAFFIX ()\\nSFX S. Y 2\\nSFX S. 0 0 .\\nSFX S. 0 s [^sxz]\\n"
>>> sorted(words("2\\nchat/S.()\\nsouris\\n", aff))
['chat', 'chats', 'souris']
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

__all__ = ["HunspellError", "MAX_FORMS", "read", "words", "forms_by_stem"]

#: the most words one stem may make (the French dictionary's most is a few hundred)
MAX_FORMS = 20_000


class HunspellError(ValueError):
    """A dictionary this expander cannot read as Hunspell would: the file and line, and why."""


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


def read(path: Path) -> str:
    """A dictionary file's text (UTF-8, as ``SET UTF-8`` says), or an error naming its line."""
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise HunspellError(f"{path}:{line}: not UTF-8 text (byte {exc.start}: {exc.reason})") from None


def _flags(text: str, long: bool) -> tuple[str, ...]:
    if not long:
        return tuple(text)
    return tuple(text[i:i + 2] for i in range(0, len(text), 2))


#: a condition: letters, ``.`` (any), ``[abc]`` or ``[^abc]`` (one of, none of), as Hunspell reads it
_LITERAL = r"[^\[\]^.\\()+*?{}|$]"  # (a regular expression's operators are surely a mistake)
_CONDITION = re.compile(rf"(?:{_LITERAL}|\.|\[\^?{_LITERAL}+\])+")


def _condition(text: str, suffix: bool) -> re.Pattern[str] | None:
    """The pattern of a rule's condition (None: ``.``, any word); raises
    ValueError for one that is not a Hunspell condition (a regular expression
    such as ``(a+)+b`` would take for ever on some words)."""
    if text == ".":
        return None
    if not _CONDITION.fullmatch(text):
        raise ValueError(f"condition {text[:40]!r} is not letters, '.' and [...] or [^...]")
    parts = re.findall(r"\[\^?[^\]]+\]|.", text)
    body = "".join(p if p == "." or p.startswith("[") else re.escape(p) for p in parts)
    return re.compile(body + "$" if suffix else "^" + body)


def _parse_aff(text: str, name: str = "the .aff file") -> tuple[dict[str, Affix], str, str, bool]:
    long = False
    need = forbidden = ""
    headers: dict[str, tuple[bool, bool, int, int]] = {}  # flag -> (suffix, cross, rules declared, line)
    rules: dict[str, list[Rule]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        f = unicodedata.normalize("NFC", line).split()
        if not f or f[0].startswith("#"):
            continue
        try:
            if f[0] in ("FLAG", "NEEDAFFIX", "FORBIDDENWORD") and len(f) < 2:
                raise ValueError(f"{f[0]} names no flag")
            if f[0] == "FLAG":
                if f[1] not in ("long", "UTF-8"):
                    raise ValueError(f"FLAG {f[1][:20]} is not read here (one-character flags, or FLAG long)")
                long = f[1] == "long"
            elif f[0] in ("AF", "AM"):
                raise ValueError(f"{f[0]} (aliases) is not read here: write the flags themselves")
            elif f[0] == "NEEDAFFIX":
                need = f[1]
            elif f[0] == "FORBIDDENWORD":
                forbidden = f[1]
            elif f[0] in ("SFX", "PFX"):
                _affix_line(f, headers, rules, long, number)
        except ValueError as exc:
            raise HunspellError(f"{name}:{number}: {exc}") from None
    for flag, (_, _, declared, number) in headers.items():
        if len(rules[flag]) != declared:
            raise HunspellError(f"{name}:{number}: affix {flag} declares {declared} rules and has {len(rules[flag])}")
    affixes = {flag: Affix(suffix, cross, tuple(rules[flag])) for flag, (suffix, cross, _, _) in headers.items()}
    return affixes, need, forbidden, long


def _affix_line(f: list[str], headers: dict[str, tuple[bool, bool, int, int]], rules: dict[str, list[Rule]],
                long: bool, number: int) -> None:
    """One ``SFX``/``PFX`` line: an affix's header (``SFX S. Y 2``), then its rules."""
    if len(f) < 4:
        raise ValueError(f"{f[0]} needs a flag and three fields")
    flag = f[1]
    if flag not in headers:
        if f[2] not in ("Y", "N") or not f[3].isdigit():
            raise ValueError(f"{f[0]} {flag} header: Y or N, then the number of rules")
        headers[flag] = (f[0] == "SFX", f[2] == "Y", int(f[3]), number)
        rules[flag] = []
        return
    suffix = headers[flag][0]
    if suffix != (f[0] == "SFX"):
        raise ValueError(f"affix {flag} is both a suffix and a prefix")
    add, _, cont = f[3].partition("/")
    rules[flag].append(Rule(
        strip="" if f[2] == "0" else f[2],
        add="" if add == "0" else add,
        continuation=_flags(cont, long),
        condition=_condition(f[4] if len(f) > 4 else ".", suffix),
    ))


class _Forms(set[str]):
    """The words of one stem, at most :data:`MAX_FORMS` of them."""

    def __init__(self, where: str) -> None:
        super().__init__()
        self.where = where

    def take(self, words: Iterable[str]) -> None:
        for w in words:
            self.add(w)
            if len(self) > MAX_FORMS:
                raise HunspellError(f"{self.where}: the stem makes more than {MAX_FORMS} words")


def forms_by_stem(dic: str, aff: str, dic_name: str = "the .dic file",
                  aff_name: str = "the .aff file") -> Iterator[tuple[str, set[str]]]:
    """Each stem of ``dic`` (its text) with the words it makes under ``aff``
    (``dic_name``, ``aff_name``: the files, as errors name them)."""
    affixes, need, forbidden, long = _parse_aff(aff, aff_name)

    def alone(flags: tuple[str, ...]) -> bool:
        """Whether a word carrying ``flags`` is a word by itself (not NEEDAFFIX)."""
        return not (need and need in flags)

    def further(word: str, flags: tuple[str, ...], suffix: bool) -> Iterator[tuple[str, tuple[str, ...]]]:
        """The words the suffixes (else the prefixes) among ``flags`` make of ``word``."""
        for flag in flags:
            a = affixes.get(flag)
            if a is not None and a.suffix == suffix:
                yield from a.apply(word)

    lines = dic.splitlines()
    if not lines or not lines[0].strip().isdigit():
        raise HunspellError(f"{dic_name}:1: the first line is not the number of stems")
    for number, line in enumerate(lines[1:], 2):
        fields = unicodedata.normalize("NFC", line).split()
        if not fields:
            continue
        stem, _, flag_text = fields[0].partition("/")
        flags = _flags(flag_text, long)
        if forbidden and forbidden in flags:
            continue
        out = _Forms(f"{dic_name}:{number}")
        out.take([stem] if alone(flags) else [])
        suffixed = []  # (word, continuation) of the suffixes that combine with a prefix
        for flag in flags:
            a = affixes.get(flag)
            if a is None or not a.suffix:
                continue
            for word, cont in a.apply(stem):
                if a.cross:
                    suffixed.append(word)
                if alone(cont):
                    out.take([word])
                # the suffixed word's own prefixes (French: the elisions)
                out.take(w for w, _ in further(word, cont, suffix=False))
        for flag in flags:
            a = affixes.get(flag)
            if a is None or a.suffix:
                continue
            for word, cont in a.apply(stem):
                if alone(cont):
                    out.take([word])
                # the prefixed word's own suffixes (kilo + metre + s)
                out.take(w for w, c2 in further(word, cont, suffix=True) if alone(c2))
            if a.cross:  # prefix and suffix: each has its further affix
                out.take(w for word in suffixed for w, _ in a.apply(word))
        yield stem, set(out)


def words(dic: str, aff: str) -> set[str]:
    """Every word the dictionary accepts (affixes expanded)."""
    out: set[str] = set()
    for _, forms in forms_by_stem(dic, aff):
        out |= forms
    return out

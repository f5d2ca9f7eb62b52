"""Derive the shipped word lists from the raw sources in ``wordlists/sources/``.

Run from the repository root:  ``python wordlists/derive.py``  (``--check`` only
compares and exits 1 on a difference; the test suite runs that check).

Every derived list is plain text, one word a line, sorted as stated below.
The filters are the whole truth about how a list was made:

=================  ==========================================================
list               filter
=================  ==========================================================
nl-basis-N         OpenTaal basiswoorden-gekeurd: lines matching ^[a-z]{N}$,
                   for N = 4 to 8 (the lengths the TV show plays), less the
                   words of blocklist-nl (the secrets of the show's set-ups)
nl-all-N           the same over basiswoorden-gekeurd + flexies-ongekeurd
nl-basis-N-ij      basiswoorden-gekeurd, ^[a-z]+$, N letters when every
                   'ij' counts as one letter (so 'bijna' is out of the
                   five-letter list, 'fijnst' is in), less blocklist-nl
nl-all-N-ij        the same over basiswoorden + flexies
nl-common-N-ij     the words of nl-basis-N-ij that a Dutch show asks (the
                   secrets of the Dutch show's set-ups): Zipf frequency
                   (wordfreq's Dutch) at least COMMON_ZIPF, as in English
                   and French, less the English words seen in Dutch text
                   (is_english: an ENABLE word rare in Dutch, Zipf under
                   ENGLISH_RARE, and at least ENGLISH_MARGIN higher in
                   English, three times as common: dizzy, actor, wants;
                   the words of both languages keep their place: water,
                   hotel, brand, sport), and less names-nl
nl-basis           basiswoorden-gekeurd, ^[a-z]+$, every length
nl-all             basiswoorden + flexies, ^[a-z]+$, every length
en-enable-N        ENABLE (enable1.txt): lines of N letters, N = 4 to 8
en-common-N        the words of en-enable-N in common use: Zipf frequency
                   (wordfreq, English, the version pinned in COMMON_WORDFREQ)
                   at least COMMON_ZIPF = 2.5, i.e. seen about three times
                   in a million words of running text or more, less the
                   words of blocklist-en and names-en (one threshold at
                   every length: whether a contestant knows a word does
                   not depend on its length)
en-enable          not derived: sources/enable1.txt is used as it is (every
                   line is already a lowercase a-z word, sorted, no duplicates)
blocklist-L        the words a player is never asked to say, nor given as a
                   show's secret, in language L (nl, en): every single word
                   (a-z) of the npm package naughty-words (sources/
                   naughty-words-L.json, CC-BY-4.0) that blocklist-review.tsv
                   marks "block", and the words the review adds (slurs and
                   vulgar words of our lists that the package lacks). The
                   review gives each entry of the package a decision and
                   every row a one-line reason: an entry it lacks, or a row
                   that names an entry wrongly, stops the derivation
names-L            the words of language L that blocklist-review.tsv marks
                   "name": names first (a person, a place, a brand) whose
                   sense as a word few players know, so that wordfreq,
                   which counts a word however it is written, rates them
                   common (tate, kirk, ruth). No show's secret; a human
                   scheme says one only where no common word does
wordle-answers     answers.txt as it is, in the game's original order
wordle-allowed     answers + allowed-extra, sorted
wordle-common      the words of wordle-allowed in common use: Zipf frequency
                   at least COMMON_ZIPF (as en-common-5, names kept: no
                   one says a Wordle word); 4066 words, the middle tier
                   of Wordle's secrets (answers, common, allowed)
wordle-2023-answers  Wordle's answers as the New York Times' WordleBot has
                   them since 2023 (3,158 words): Alex Selby's wordlist_hidden
                   (github.com/alex1770/wordle at 8fd3f1b, MIT; sources/
                   selby-wordlist_hidden.txt) as it is, sorted
wordle-2023-allowed  the 14,855 guesses the game accepts: his wordlist_all
                   (sources/selby-wordlist_all.txt) as it is, sorted; it
                   holds every word of wordle-allowed and wordle-2023-answers
fr-all-N           the French dictionary Grammalecte 7.0 (sources/
                   grammalecte-fr.dic and .aff, MPL-2.0) expanded with its
                   affix rules (hunspell.py): every word without capitals,
                   hyphens, apostrophes or digits, accents removed and
                   ligatures spelt out as Motus and Sutom write words on
                   tiles (élève -> eleve, cœur -> coeur), of N letters,
                   N = 4 to 10
fr-all             the same, every length (the clue helper's French)
fr-common-N        the words of fr-all-N in common use: Zipf frequency at
                   least COMMON_ZIPF (wordfreq's French, every spelling a
                   word stands for counted: peche is pêche, péché and
                   pèche), less blocklist-fr and names-fr
fr-sutom-N         the words of fr-common-N that Sutom may give, N = 6 to 9
                   (its lengths): none begins with K, Q, W, X, Y or Z
                   (SUTOM_NEVER_FIRST), letters its daily word never starts
                   with
blocklist-fr       as blocklist-L, and every word the dictionary makes of a
                   blocked stem (chier blocks chie, chions, chierait):
                   French inflects a word in dozens of forms; a word the
                   review keeps stays (gerber blocks its forms, not gerbe)
=================  ==========================================================

The Dutch and ENABLE lists are sorted with plain code-point order
(``sorted()``), so a rebuild gives byte-identical files.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from generator.core.frequency import COMMON_ZIPF, zipf
from generator.core.words import unaccented

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import hunspell  # noqa: E402 - beside this script

SOURCES = HERE / "sources"
AZ = re.compile(r"^[a-z]+$")
LINGO_LENGTHS = range(4, 9)
FRENCH_LENGTHS = range(4, 11)
#: the lengths of Sutom's daily words, and the letters none of them begins with
SUTOM_LENGTHS = range(6, 10)
SUTOM_NEVER_FIRST = "kqwxyz"
#: the French dictionary's words as they are written (accents, ligatures)
FRENCH = re.compile(r"^[a-zàâäéèêëîïôöùûüÿçœæ]+$")
#: the wordfreq release that rates the words in common use (COMMON_ZIPF; another
#: release rates words a little differently: pinned)
COMMON_WORDFREQ = "3.1.1"
#: an English word seen in Dutch text: rarer in Dutch than this (Zipf), and at
#: least this much more common in English (0.5: three times as common)
ENGLISH_RARE = 3.0
ENGLISH_MARGIN = 0.5


def _read(name: str) -> list[str]:
    text = (SOURCES / name).read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip()]


def _units(word: str) -> int:
    """Number of letters when 'ij' counts as one letter."""
    return len(word) - word.count("ij")


def is_english(words: list[str], enable: set[str]) -> set[str]:
    """The words of a Dutch list that are English words seen in Dutch text
    (see the table above): every Dutch speaker's words are rated common in
    Dutch, and a word of both languages (water, hotel) about as common in
    each."""
    nl, en = zipf(words, "nl"), zipf(words, "en")
    return {w for w, a, b in zip(words, nl, en) if w in enable and a < ENGLISH_RARE and b - a >= ENGLISH_MARGIN}


def _common(words: list[str], language: str = "en") -> list[str]:
    """The words rated at least ``COMMON_ZIPF`` by the pinned wordfreq."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        installed = version("wordfreq")
    except PackageNotFoundError:
        installed = "none"
    if installed != COMMON_WORDFREQ:
        sys.exit(f"the common-word lists are derived with wordfreq {COMMON_WORDFREQ}, installed: {installed} "
                 f"(pip install wordfreq=={COMMON_WORDFREQ})")
    return [w for w, z in zip(words, zipf(words, language)) if z >= COMMON_ZIPF]


REVIEW = HERE / "blocklist-review.tsv"
REVIEW_HEADER = ["language", "word", "decision", "source", "reason"]
DECISIONS = ("block", "keep", "name")
BLOCKLIST_LANGUAGES = ("nl", "en", "fr")


def _reviewed() -> tuple[dict[str, list[str]], dict[str, set[str]]]:
    """Each language's blocked words and names (``blocklist-L``, ``names-L``),
    from naughty-words and the review (see the table above), and the words
    it keeps; a review that does not cover the package exits."""
    lines = REVIEW.read_text(encoding="utf-8").splitlines()
    if not lines or lines[0].split("\t") != REVIEW_HEADER:
        sys.exit(f"{REVIEW.name}: the first line must be the header {' '.join(REVIEW_HEADER)}")
    rows: dict[tuple[str, str], tuple[str, str]] = {}
    for number, line in enumerate(lines[1:], start=2):
        fields = line.split("\t")
        if len(fields) != 5 or fields[2] not in DECISIONS or not fields[4].strip():
            sys.exit(f"{REVIEW.name}:{number}: expected language, word, block, keep or name, source and a reason")
        language, word, decision, source, _ = fields
        if language not in BLOCKLIST_LANGUAGES or not AZ.match(word) or (language, word) in rows:
            sys.exit(f"{REVIEW.name}:{number}: {language} {word!r}: unknown language, not a-z, or given twice")
        rows[language, word] = (decision, source)
    out, kept = {}, {}
    for language in BLOCKLIST_LANGUAGES:
        package = json.loads((SOURCES / f"naughty-words-{language}.json").read_text(encoding="utf-8"))
        # phrases are never one game word; French words lose their accents, as on tiles
        entries = {w for w in (unaccented(e.lower()) for e in package) if AZ.match(w)}
        reviewed = {w for (lang, w) in rows if lang == language}
        unreviewed = sorted(entries - reviewed)
        if unreviewed:
            sys.exit(f"{REVIEW.name}: naughty-words-{language} entries without a decision: {' '.join(unreviewed)}")
        wrong = sorted(w for w in reviewed if (rows[language, w][1] == "naughty-words") != (w in entries))
        if wrong:
            sys.exit(f"{REVIEW.name}: {language} rows whose source is wrong (naughty-words or added): {' '.join(wrong)}")
        out[f"blocklist-{language}"] = sorted(w for w in reviewed if rows[language, w][0] == "block")
        names = sorted(w for w in reviewed if rows[language, w][0] == "name")
        if names:
            out[f"names-{language}"] = names
        kept[language] = {w for w in reviewed if rows[language, w][0] == "keep"}
    return out, kept


def _french(reviewed: dict[str, list[str]], kept: set[str]) -> dict[str, list[str]]:
    """fr-all-N, fr-common-N, fr-sutom-N, fr-all and blocklist-fr (with the blocked words'
    inflections, less the words the review keeps: gerber blocks je gerbe,
    not the sheaf gerbe)."""
    dic_path, aff_path = SOURCES / "grammalecte-fr.dic", SOURCES / "grammalecte-fr.aff"
    dic, aff = hunspell.read(dic_path), hunspell.read(aff_path)
    reviewed_blocked = set(reviewed["blocklist-fr"])
    blocked = set(reviewed_blocked)
    every: set[str] = set()
    for stem, forms in hunspell.forms_by_stem(dic, aff, str(dic_path), str(aff_path)):
        tiles = {unaccented(w) for w in forms if FRENCH.match(w)}
        every |= tiles
        if unaccented(stem) in reviewed_blocked:
            blocked |= tiles - kept
    left_out = blocked | set(reviewed.get("names-fr", ()))
    lists = {}
    for n in FRENCH_LENGTHS:
        lists[f"fr-all-{n}"] = sorted(w for w in every if len(w) == n)
        lists[f"fr-common-{n}"] = [w for w in _common(lists[f"fr-all-{n}"], "fr") if w not in left_out]
    for n in SUTOM_LENGTHS:
        lists[f"fr-sutom-{n}"] = [w for w in lists[f"fr-common-{n}"] if w[0] not in SUTOM_NEVER_FIRST]
    return lists | {"fr-all": sorted(every), "blocklist-fr": sorted(blocked)}


def derive() -> dict[str, list[str]]:
    reviewed, kept = _reviewed()
    nl_blocked = set(reviewed["blocklist-nl"])
    nl_names = set(reviewed.get("names-nl", ()))
    en_left_out = set(reviewed["blocklist-en"]) | set(reviewed.get("names-en", ()))
    basis = [w for w in _read("opentaal-basiswoorden-gekeurd.txt") if AZ.match(w)]
    flexies = [w for w in _read("opentaal-flexies-ongekeurd.txt") if AZ.match(w)]
    every = sorted(set(basis) | set(flexies))
    basis = sorted(set(basis))
    enable = sorted(set(_read("enable1.txt")))
    answers = _read("wordle-answers.txt")
    extra = _read("wordle-allowed-extra.txt")
    lists = {}
    english = set(enable)
    for n in LINGO_LENGTHS:
        lists[f"nl-basis-{n}"] = [w for w in basis if len(w) == n and w not in nl_blocked]
        lists[f"nl-all-{n}"] = [w for w in every if len(w) == n]
        lists[f"nl-basis-{n}-ij"] = [w for w in basis if _units(w) == n and w not in nl_blocked]
        lists[f"nl-all-{n}-ij"] = [w for w in every if _units(w) == n]
        common = _common(lists[f"nl-basis-{n}-ij"], "nl")
        lists[f"nl-common-{n}-ij"] = sorted(set(common) - is_english(common, english) - nl_names)
    for n in LINGO_LENGTHS:
        lists[f"en-enable-{n}"] = [w for w in enable if len(w) == n]
        lists[f"en-common-{n}"] = [w for w in _common(lists[f"en-enable-{n}"]) if w not in en_left_out]
    return lists | reviewed | _french(reviewed, kept["fr"]) | {
        "nl-basis": basis,
        "nl-all": every,
        "wordle-answers": answers,
        "wordle-allowed": sorted(set(answers) | set(extra)),
        "wordle-common": _common(sorted(set(answers) | set(extra))),
        "wordle-2023-answers": _read("selby-wordlist_hidden.txt"),
        "wordle-2023-allowed": _read("selby-wordlist_all.txt"),
    }


def main(argv: list[str]) -> int:
    check = "--check" in argv
    differ = []
    try:
        lists = derive()
    except hunspell.HunspellError as exc:
        print(f"derive.py: {exc}", file=sys.stderr)
        return 2
    for name, words in lists.items():
        path = HERE / f"{name}.txt"
        text = "".join(w + "\n" for w in words)
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                differ.append(name)
            continue
        tmp = path.with_suffix(".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
        print(f"{name}: {len(words)} words")
    if differ:
        print("out of date: " + ", ".join(differ) + " (run python wordlists/derive.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

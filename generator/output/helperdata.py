"""The clue helper's data: the words of each offered list, by length, most
common first.

The site's clue helper (``helper.html``, :mod:`generator.output.site`) runs in
the browser on static files made here:

* ``helper/index.json``: the lists offered (catalog lists with
  ``helper = true``) with their plain names (:func:`list_title`), letters
  and digraphs (so that the page reads the words the way ``lingo-trees
  solve`` does), lengths and word counts;
* ``helper/<list>/<length>.txt``: the words of that length, one a line,
  most common first (Zipf frequency, :mod:`generator.core.frequency`; equal
  ones in list order). Plain text: the browser splits it several times
  faster than it parses the same words as JSON.

Only lengths 4 to 15 are offered (the lengths the games use); a list of one
length offers that one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import orjson

from generator.core.catalog import LANGUAGE_NAMES, ListSpec, helper_lists, load_list
from generator.core.files import gzipped
from generator.core.frequency import by_frequency, wordfreq_version
from generator.core.words import WordList
from generator.output.i18n import N_, _, number

__all__ = ["FORMAT_VERSION", "LENGTHS", "HelperList", "helper_files", "list_title"]

FORMAT_VERSION = 1
LENGTHS = range(4, 16)

#: what a player calls the shipped lists; ``{words}``: the list's word count
#: (2,315). A list not named here is called by its language and filter.
PLAIN_TITLES = {
    "nl-basis-5-ij": N_("Dutch, approved base words of five letters, 'ij' as one letter"),
    "nl-all-5-ij": N_("Dutch, every word and inflection of five letters, 'ij' as one letter"),
    "nl-basis": N_("Dutch, approved base words (OpenTaal)"),
    "nl-all": N_("Dutch, every word and inflection (OpenTaal)"),
    "en-enable": N_("English, every ENABLE word"),
    "fr-all": N_("French, every word and inflection (Grammalecte, Sutom's dictionary)"),
    "wordle-answers": N_("Wordle's {words} answers (2022)"),
    "wordle-allowed": N_("Wordle's {words} allowed guesses (2022, answers included)"),
    "wordle-2023-answers": N_("Wordle's {words} answers today (the WordleBot's, 2023)"),
    "wordle-2023-allowed": N_("Wordle's {words} guesses accepted today (answers included)"),
}


@dataclass(frozen=True)
class HelperList:
    """One list as the helper offers it: its catalog entry, title and words per length."""

    spec: ListSpec
    title: str
    counts: dict[int, int]


def list_title(spec: ListSpec, words: int) -> str:
    """What the helper's list picker shows, in plain words and without the
    list's id (which stays in the URL): ``Wordle's 2,315 answers (2022)``;
    ``words`` is the list's word count.

    >>> from dataclasses import replace
    >>> from generator.core.catalog import catalog
    >>> list_title(catalog()[0]["wordle-answers"], 2315)
    "Wordle's 2,315 answers (2022)"
    >>> list_title(replace(catalog()[0]["en-enable"], id="en-x", filter="none: the file as it is"), 9)
    'English, the file as it is'
    """
    if spec.id in PLAIN_TITLES:
        return _(PLAIN_TITLES[spec.id]).format(words=number(words))
    language = LANGUAGE_NAMES.get(spec.language, spec.language)
    what = spec.filter.removeprefix("none: ").removeprefix("none")
    return f"{language}, {what.strip() or spec.source}"


def _lengths(words: WordList) -> dict[int, WordList]:
    if words.length:
        return {words.length: words} if words.length in LENGTHS else {}
    return {n: group for n, group in words.by_length().items() if n in LENGTHS}


def helper_files() -> Iterator[tuple[str, bytes]]:
    """Every helper file as ``(path under the site root, bytes)``, the index last."""
    offered: list[HelperList] = []
    for spec in sorted(helper_lists(), key=lambda s: s.length != 0):  # every-length lists first
        words = load_list(spec.id)
        counts: dict[int, int] = {}
        for n, group in _lengths(words).items():
            counts[n] = len(group)
            text = "".join(f"{w}\n" for w in by_frequency(group.words, spec.language))
            yield f"helper/{spec.id}/{n}.txt.gz", gzipped(text.encode())  # the page gunzips it
        if counts:
            offered.append(HelperList(spec, list_title(spec, len(words)), counts))
    index = {
        "format": "lingo-trees.helper-index", "version": FORMAT_VERSION,
        "frequencies": f"wordfreq {wordfreq_version()}",
        "lists": [{"id": h.spec.id, "title": h.title, "language": h.spec.language,
                   "alphabet": h.spec.alphabet, "digraphs": list(h.spec.digraphs),
                   "lengths": {str(n): c for n, c in sorted(h.counts.items())}} for h in offered],
    }
    yield "helper/index.json", orjson.dumps(index, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS)

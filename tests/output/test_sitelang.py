"""The pages of the players' own languages (generator/output/sitelang.py):
each language has its players' path, in its language, with no English left."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from generator.output import i18n

#: a Dutch show's set-up and a French one, with the TV card folder of a few letters
TREES = [f"nl-ij/same-start/human/{x}.json" for x in ("j", "q")] + \
        [f"sutom-6/same-start/human/{x}.json" for x in ("j", "v")] + \
        [f"nl-ij/free/human/{x}.json" for x in ("j", "q")]
SHOWS = {"nl": ("dutch-lingo-on-tv.html",), "fr": ("sutom-web.html",)}
CARDS = {"nl": "nl-ij/same-start/human", "fr": "sutom-6/same-start/human"}

#: English words no Dutch or French sentence has, as a page's text would show them
#: (not "is", "letters", "page" or "rule": Dutch or French words too)
ENGLISH = {"the", "and", "with", "you", "your", "words", "word", "play", "played", "shown", "guess", "every",
           "which", "this", "that", "card", "sheet", "turns", "turn", "rules", "openers", "learn", "lookup", "helper",
           "practice", "loading", "search", "print", "colours", "there", "are"}
#: what a page shows that is not text of ours: game words (tiles, word lists), code, the language names
_NOT_TEXT = re.compile(
    r"<(script|style|code|pre|template)\b.*?</\1>"
    r'|<(span|td|div|p|u|b) class="(?:words?|mono|fb|strip|word strip|o|n|x|xe|p|l|tiles?)[^"]*"[^>]*>.*?</\2>'
    r'|<a [^>]*class="md-select__link"[^>]*>.*?</a>', re.S)
#: what a reader is told of an element: a screen reader's label, a tooltip, a field's hint
_SAID = re.compile(r'(?:aria-label|title|placeholder)="([^"]*)"')


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, shipped_site: Callable[[Path, Sequence[str]], Path]) -> Path:
    return shipped_site(tmp_path_factory.mktemp("languages"), TREES)


def _text(page: str) -> str:
    """What a reader reads or hears of a page: its text and labels, no game words."""
    body = _NOT_TEXT.sub(" ", page[page.index("<body"):])
    return html.unescape(" ".join([re.sub(r"<[^>]+>", " ", body), *_SAID.findall(body)]))


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_each_language_has_its_players_pages(built: Path, lang: str) -> None:
    card = CARDS[lang]
    pages = ["index.html", "practice.html", "lookup.html", "helper.html", *SHOWS[lang], f"{card}.html", f"{card}/j.html"]
    for page in pages:
        text = (built / lang / page).read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in text, page
    assert not (built / lang / "method.html").exists()  # not on a player's path: English only
    assert not (built / lang / "nl-ij/free/human.html").exists()


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_no_english_is_left_on_a_players_page(built: Path, lang: str) -> None:
    english = sorted({m.id for m in i18n.catalogue(lang) if isinstance(m.id, str) and len(m.id.split()) >= 3
                      and not re.search(r"%\(|\{|<", m.id)}, key=len, reverse=True)
    found: dict[str, Any] = {}
    for path in sorted((built / lang).rglob("*.html")):
        text = _text(path.read_text(encoding="utf-8"))
        words = {w for w in re.findall(r"[A-Za-z]+", text.lower()) if w in ENGLISH}
        messages = [m for m in english if m in text and i18n.catalogue(lang)[m].string != m]
        if words or messages:
            found[str(path.relative_to(built))] = (sorted(words), messages[:3])
    assert not found, found


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_a_page_links_its_language_and_english_elsewhere(built: Path, lang: str) -> None:
    card = (built / lang / f"{CARDS[lang]}.html").read_text(encoding="utf-8")
    setup = CARDS[lang].split("/")[0]
    assert f'href="../../../{setup}.html"' in card  # the overview: English only
    switch = re.findall(r'<a href="([^"]*)" hreflang="(\w+)"[^>]*class="md-select__link"', card)
    assert {ln: href for href, ln in switch}["en"] == f"../../../{CARDS[lang]}.html"
    assert all(not href.startswith("/") for href, _ in switch)  # any base path


def test_the_404_page_speaks_every_language(built: Path) -> None:
    page = (built / "404.html").read_text(encoding="utf-8")
    for lang in i18n.LANGUAGES:
        assert f'<div class="not-found" lang="{lang}">' in page
    with i18n.speaking("fr"):
        assert html.escape(i18n.gettext("Page not found"), quote=False) in page


def test_the_english_pages_of_set_up_nl_stay_english(tmp_path_factory: pytest.TempPathFactory,
                                                    shipped_site: Callable[[Path, Sequence[str]], Path]) -> None:
    """Set-up nl's English pages are in nl/ too, beside the Dutch pages: their sheets stay English."""
    built = shipped_site(tmp_path_factory.mktemp("nl-folder"), TREES + ["nl/free/human/q.json"])
    sheet = (built / "nl/free/human/q.html").read_text(encoding="utf-8")
    assert '<html lang="en"' in sheet and '<p class="openers">Play ' in sheet
    assert '<p class="openers">Speel ' in (built / "nl/nl-ij/same-start/human/j.html").read_text(encoding="utf-8")

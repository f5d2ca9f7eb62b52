"""The pages of the players' own languages: Dutch for the players of the
Dutch show, French for those of Motus and Sutom.

Beside the English site, which has every page, each language has the
pages of its players' path: its home page (``site/docs/index.<lang>.md``,
written in that language), its shows' pages, the pages of their TV cards
and of the cards cut from them, with their letter sheets, and practice,
the lookup, the clue helper and the Learn page, each offering the
language's own set-ups and word lists. They are ``<page>.<lang>.md`` in
the docs folder; the MkDocs plugin ``mkdocs-static-i18n`` builds them
into ``<lang>/`` with the theme in that language. A page links the other
pages of its language, and the English ones where its language has none
(:func:`generator.output.i18n.link`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

from generator.core.catalog import catalog
from generator.output.drill import write_learn
from generator.output.helperdata import PLAIN_TITLES
from generator.output.i18n import LANGUAGES, _, speaking
from generator.output.practicedata import write_practice
from generator.output.sheets import LetterSheet, OpenersCard, environment, heading_text, render
from generator.output.sitemodel import FolderView, SetupView, SiteModel, lookup_index

__all__ = ["PLAYER_LANGUAGES", "card_folders", "language_pages", "language_setups",
           "show_languages", "write_language"]

#: the languages with pages of their own beside the English ones
PLAYER_LANGUAGES = tuple(lang for lang in LANGUAGES if lang != "en")

#: the pages every language has, from the site's root
TOOLS = ("index.html", "practice.html", "learn.html", "helper.html", "lookup.html")


def show_languages() -> dict[str, str]:
    """The player's language of each show's set-up that has pages of its own
    (``nl-ij``: ``nl``): its TV cards are printed in it too."""
    lists, setups = catalog()
    return {sid: lists[s.answers].language for sid, s in setups.items()
            if s.show and s.answers in lists and lists[s.answers].language in PLAYER_LANGUAGES}


def language_setups(model: SiteModel, lang: str) -> tuple[SetupView, ...]:
    """The set-ups of ``lang``'s shows that have a TV card."""
    return tuple(s for show, setups in model.shows.items() for s in setups if s.language == lang)


def card_folders(s: SetupView) -> list[FolderView]:
    """The folders of a show's set-up whose pages are its cards: the TV card and the ones cut from it."""
    pages = {c.page for c in s.cards.choices} if s.cards else set()
    return [f for f in s.folders if f is s.tv or f.page in pages]


def language_pages(model: SiteModel, lang: str) -> frozenset[str]:
    """Every page ``lang`` has, from the site's root (``nl-ij/same-start/human.html``);
    none when it has no show's set-up."""
    setups = language_setups(model, lang)
    if not setups:
        return frozenset()
    pages = set(TOOLS) | {model.show_pages[s.show].replace(".md", ".html") for s in setups}
    for s in setups:
        for f in card_folders(s):
            pages |= {f.page, *(r.page for r in f.letters if r.page), *([f.card_pdf] if f.card_pdf else [])}
    return frozenset(pages)


def _source(page: str, lang: str) -> str:
    """The docs file of a page in ``lang``: ``practice.html`` -> ``practice.nl.md``."""
    return str(Path(page).with_suffix(f".{lang}.md"))


def write_language(project: Path, model: SiteModel, lang: str, docs: Path,
                   cards: dict[str, tuple[OpenersCard, list[str]]], helper_index: dict[str, Any],
                   letter_sheets: dict[str, LetterSheet]) -> list[Any]:
    """Write the pages of ``lang`` into ``docs``; ``model`` is the site's
    model made in that language, ``cards`` the TV cards of the Learn page
    and ``helper_index`` the clue helper's index of every list. Returns
    the language's nav and adds its letter pages to ``letter_sheets``
    (by their path in the built site, ``nl/...``)."""
    pages = language_pages(model, lang)
    setups = language_setups(model, lang)
    write = _writer(docs, lang)
    with speaking(lang, pages):
        lookup = lookup_index(model, {s.id for s in setups})
        (docs / "assets" / f"lookup-index-{lang}.json").write_bytes(orjson.dumps(lookup))
        write("lookup.html", render("site/lookup.md.j2", root="../", index_file=f"assets/lookup-index-{lang}.json"))
        write("helper.html", render("site/helper.md.j2", root="../", index=_helper_index(helper_index, lang)))
        write_practice(docs, lookup, page=_source("practice.html", lang), root="../", accents=lang == "fr")
        own = {cid: c for cid, c in cards.items() if c[0].setup in {s.id for s in setups}}
        first = setups[0].tv  # the show's main round first: five letters
        default = Path(first.card_deck).stem if first is not None and first.card_deck else next(iter(own), "")
        write_learn(docs, own, default=default, page=_source("learn.html", lang), root="../")
        for show in dict.fromkeys(s.show for s in setups):
            write(model.show_pages[show].replace(".md", ".html"),
                  render("site/show.md.j2", show=show, setups=model.shows[show]))
        for s in setups:
            for f in card_folders(s):
                write(f.page, render("site/folder.md.j2", setup=s, f=f, files=(), root="../../"))
                for r in (r for r in f.letters if r.page):
                    sheet = letter_sheets[r.page]
                    letter_sheets[f"{lang}/{r.page}"] = sheet
                    write(r.page, render("site/letter.md.j2", sheet=sheet, row=r, folder=f, root="../../../"))
        home = project / "docs" / f"index.{lang}.md"
        text = environment().from_string(home.read_text(encoding="utf-8")).render(
            site=model, setups=setups, shows={show: model.shows[show] for show in dict.fromkeys(s.show for s in setups)})
        write("index.html", text)
        return _nav(model, setups, docs, lang)


def _writer(docs: Path, lang: str) -> Callable[[str, str], None]:
    def write(page: str, text: str) -> None:
        path = docs / _source(page, lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return write


def _helper_index(index: dict[str, Any], lang: str) -> dict[str, Any]:
    """The clue helper's index with the lists of ``lang`` alone, named in it."""
    lists = [dict(entry, title=_(PLAIN_TITLES[entry["id"]]) if entry["id"] in PLAIN_TITLES else entry["title"])
             for entry in index["lists"] if entry["language"] == lang]
    return dict(index, lists=lists)


def _nav(model: SiteModel, setups: tuple[SetupView, ...], docs: Path, lang: str) -> list[Any]:
    """The language's nav: home, its shows, the tools, then each length's cards."""
    def md(page: str) -> str:
        return str(Path(page).with_suffix(".md"))

    nav: list[Any] = [{_("Home"): "index.md"}]
    shows = dict.fromkeys(s.show for s in setups)
    nav.append({_("Shows"): [{heading_text(_(show)): model.show_pages[show]} for show in shows]})
    tools = [(_("Practice"), "practice.html"), (_("Learn a card"), "learn.html"), (_("Clue helper"), "helper.html"),
             (_("Lookup"), "lookup.html")]
    nav += [{name: md(page)} for name, page in tools if (docs / _source(page, lang)).exists()]
    for show in shows:  # each show's cards by length
        nav.append({heading_text(_(show)): [{heading_text(_("%(n)d letters") % {"n": s.length}): [
            {heading_text(f.short[:1].upper() + f.short[1:]): md(f.page)} for f in card_folders(s)]}
            for s in setups if s.show == show]})
    return nav


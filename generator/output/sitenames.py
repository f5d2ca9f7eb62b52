"""The site's names: the path of every page and file of a folder, the PDF
and deck names a player reads, and the short titles a tab or a picker has
room for. Pure functions of the ids and the catalog's titles.
"""

from __future__ import annotations

from pathlib import Path

from generator.core.catalog import setups as catalog_setups
from generator.core.ids import short
from generator.core.strategies import family_of
from generator.errors import SiteError
from generator.output.cardsfile import CARD_NAMES
from generator.output.i18n import _
from generator.output.sheets import rule_title, strategy_short


def setup_title(setup_id: str) -> str:
    known = catalog_setups()
    return known[setup_id].title if setup_id in known else setup_id


def short_setup_title(title: str) -> str:
    """A set-up's title as a browser tab has room for: no note in brackets,
    no "common words" (``Dutch LINGO, five letters, 'ij' one tile``).

    >>> short_setup_title("Sutom, six letters, common words (any dictionary word may be guessed)")
    'Sutom, six letters'
    """
    return ", ".join(p for p in title.split(" (")[0].split(", ") if p not in ("common words", _("common words")))


def folder_page(setup: str, rule: str, strategy: str) -> str:
    return f"{setup}/{rule}/{strategy}.html"


def letter_page(setup: str, rule: str, strategy: str, letter: str) -> str:
    return f"{setup}/{rule}/{strategy}/{letter}.html"


def _pdf_words(setup: str, rule: str, strategy: str) -> str:
    """A PDF's name in the words a player reads (``nl-tv-rules-human-scheme``),
    not the rule's and strategy's ids.

    >>> _pdf_words("nl", "same-start", "human-lookup")
    'nl-tv-rules-sheet-at-hand'
    """
    family = family_of(catalog_setups()[setup].game.name) if setup in catalog_setups() else "lingo"
    return f"{setup}-{slug(short_rule(rule_title(rule, family)))}-{slug(strategy_short(family, strategy))}"


def short_rule(title: str) -> str:
    """A rule's title to its first ``:`` or ``(``: ``TV rules``, ``free rule``."""
    return title.split(":")[0].split(" (")[0].rstrip()  # French writes "règle télé : ..."


def slug(text: str) -> str:
    """Words as a file name: ``Dutch LINGO on TV`` is ``dutch-lingo-on-tv``."""
    return "-".join("".join(c if c.isalnum() else " " for c in text.lower()).split())


def check_show_pages(pages: dict[str, str], taken: set[str]) -> None:
    """Each show's page (``show: "dutch-lingo-on-tv.md"``) is a name of its
    own: not empty, not one the site's root has otherwise (``taken``: its
    pages and folders, ``practice.md``, ``nl.md``, ``trees``), and not another
    show's; else a :class:`SiteError` naming the show.

    >>> check_show_pages({"Practice": "practice.md"}, {"practice.md"})
    Traceback (most recent call last):
    ...
    generator.errors.SiteError: the show 'Practice' of the catalogue would be the page practice.md, which the site has already: give the show another name
    """
    seen: dict[str, str] = {}
    for show, page in pages.items():
        if page == ".md":
            raise SiteError(f"the show {short(show)!r} of the catalogue has no letter or digit to name its page")
        if page in taken or Path(page).stem in taken:
            raise SiteError(f"the show {short(show)!r} of the catalogue would be the page {page}, which the "
                            "site has already: give the show another name")
        if page in seen:
            raise SiteError(f"the shows {short(seen[page])!r} and {short(show)!r} of the catalogue would both "
                            f"be the page {page}: give one another name")
        seen[page] = show


def pdf_name(setup: str, rule: str, strategy: str, letter: str) -> str:
    return f"pdf/{_pdf_words(setup, rule, strategy)}-{letter}.pdf"


def card_pdf_name(setup: str, rule: str, strategy: str) -> str:
    """The PDF of a folder's openers card; the TV card (TV rules, human scheme) is ``<setup>-tv-card.pdf``,
    the cards cut from it ``<setup>-tv-card-openers.pdf`` and ``<setup>-tv-card-knee.pdf``."""
    if rule == "same-start" and strategy in CARD_NAMES:
        return f"pdf/{_tv_card(setup, strategy)}.pdf"
    return f"pdf/{_pdf_words(setup, rule, strategy)}-openers.pdf"


def card_deck_name(setup: str, rule: str, strategy: str) -> str | None:
    """The Anki deck of a TV card (``deck/<setup>-tv-card.apkg``); None for another folder."""
    return f"deck/{_tv_card(setup, strategy)}.apkg" if rule == "same-start" and strategy in CARD_NAMES else None


def _tv_card(setup: str, strategy: str) -> str:
    return f"{setup}-tv-card" + ("" if strategy == "human" else f"-{strategy.removeprefix('human-')}")

"""The MkDocs build of a site's rendered pages: the English pages and each
player's language (``mkdocs-static-i18n``, :mod:`generator.output.sitelang`),
each with its nav and the theme's words in its language, the letter sheets
put in as MkDocs writes them (:mod:`generator.output.sitepages`), the 404
page in every language and the browser code's messages.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

from generator.errors import SiteError
from generator.output.i18n import LANGUAGES, N_, js_messages, speaking, term
from generator.output.sheets import LetterSheet, render

__all__ = ["THEME_WORDS", "not_found", "run_mkdocs"]

#: the words of site/mkdocs.yml that pages show, translated at build time (:func:`run_mkdocs`)
THEME_WORDS = (N_("Strategy tables for LINGO, computed, verified and printable"), N_("Dark mode"), N_("Light mode"))


def run_mkdocs(project: Path, docs: Path, site: Path, navs: dict[str, list[Any]],
               letter_sheets: dict[str, LetterSheet]) -> float:
    """MkDocs builds the pages of ``docs`` into ``site`` with our nav of
    each language (``navs``; a language without one is not built), the
    letter sheets put in their pages as it writes them
    (:mod:`generator.output.sitepages`); the seconds it took."""
    t0 = time.perf_counter()
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    from generator.output.sitepages import SitePages

    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    try:
        # strict: a warning (a link to a page that is not there) fails the build, nothing is published
        config = load_config(str(project / "mkdocs.yml"), docs_dir=str(docs), site_dir=str(site), nav=navs["en"],
                             strict=True)
        for language in config.plugins["i18n"].config.languages:
            language.build = language.locale in navs
            language.nav = navs.get(language.locale)
            if language.build and language.locale != "en":  # the theme's words in its language
                with speaking(language.locale):
                    language.site_description = term(config.site_description or "")
                    language.theme = {"palette": [dict(p, toggle=dict(p["toggle"], name=term(p["toggle"]["name"])))
                                                  for p in config.theme["palette"]]}
        built = [lang for lang in LANGUAGES if lang in navs]
        config.extra["languages"] = built[1:]  # the home page's choice (site/overrides/main.html)
        config.extra["messages"] = {lang: js_messages(lang) for lang in built[1:]}
        config.extra["not_found"] = [{"lang": lang, "html": not_found(lang)} for lang in built]
        config.plugins["lingo-trees"] = SitePages(letter_sheets)
        mkdocs_build(config)
    except MkDocsException as exc:
        raise SiteError(f"mkdocs build failed: {exc}") from None
    return time.perf_counter() - t0


def not_found(lang: str) -> str:
    """The 404 page's text in ``lang`` (``site/overrides/404.html`` shows the reader's)."""
    with speaking(lang):
        return render("site/404.html.j2", root="" if lang == "en" else f"{lang}/")

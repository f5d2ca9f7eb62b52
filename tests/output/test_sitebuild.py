"""The MkDocs build's words in each language (generator/output/sitebuild.py)."""

from __future__ import annotations

import html

from generator.output import i18n
from generator.output.sitebuild import THEME_WORDS, not_found


def test_the_404_text_of_each_language_leads_to_its_own_pages() -> None:
    for lang in i18n.LANGUAGES:
        text = not_found(lang)
        with i18n.speaking(lang):
            assert f"<h1>{html.escape(i18n.gettext('Page not found'), quote=False)}</h1>" in text
        root = "" if lang == "en" else f"{lang}/"
        assert f'href="{root}practice.html"' in text and f'href="{root}index.html"' in text


def test_the_theme_s_words_are_translated() -> None:
    for lang in ("nl", "fr"):
        with i18n.speaking(lang):
            assert all(i18n.term(w) != w for w in THEME_WORDS)

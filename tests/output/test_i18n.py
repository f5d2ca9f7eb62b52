"""The message catalogues: up to date with the messages used, every one
translated, each translation with the placeholders and markup of its message."""

from __future__ import annotations

import re

import pytest

from generator.output import i18n

PLAYER_LANGUAGES = [lang for lang in i18n.LANGUAGES if lang != "en"]

#: what a translation must keep of its message: each %(name)s and {name} placeholder as often, and the
#: kinds of HTML tags and Markdown bold (a translation may bold a word more)
_PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%%|\{\w+\}")
_MARKUP = re.compile(r"</?[a-z]+\b|\*\*")


def _kept(text: str) -> tuple[list[str], set[str]]:
    return sorted(_PLACEHOLDER.findall(text)), set(_MARKUP.findall(text))


def _ids(catalog: object) -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", PLAYER_LANGUAGES)
def test_a_catalogue_holds_every_message_used_and_no_other(lang: str) -> None:
    used, held = _ids(i18n.extract()), _ids(i18n.catalogue(lang))
    assert not used - held, f"run python -m generator.output.i18n: new messages {sorted(used - held)[:5]}"
    assert not held - used, f"run python -m generator.output.i18n: messages no longer used {sorted(held - used)[:5]}"


@pytest.mark.parametrize("lang", PLAYER_LANGUAGES)
def test_every_message_is_translated(lang: str) -> None:
    missing = i18n.untranslated(lang)
    assert not missing, f"{len(missing)} messages of locale/{lang}.po have no translation, such as {missing[:3]}"


@pytest.mark.parametrize("lang", PLAYER_LANGUAGES)
def test_a_translation_keeps_the_placeholders_and_markup_of_its_message(lang: str) -> None:
    wrong = []
    for m in i18n.catalogue(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        want = _kept(ids[-1])
        for s in strings:
            got = _kept(s or "")
            # a plural's singular may say "one" instead of its number
            if got != want and not (len(strings) > 1 and set(got[0]) <= set(want[0]) and got[1] == want[1]):
                wrong.append((ids[0], s))
    assert not wrong, f"{len(wrong)} translations change placeholders or markup, such as {wrong[:2]}"


def test_the_page_language_translates_and_english_is_the_message() -> None:
    message = "Loading ..."
    assert i18n.gettext(message) == message
    with i18n.speaking("nl"):
        assert i18n.language() == "nl"
        assert i18n.gettext(message) != message
    assert i18n.language() == "en"


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="no such language: 'de'"):
        with i18n.speaking("de"):
            pass


def test_the_browser_code_gets_the_messages_of_its_files_only() -> None:
    messages = i18n.js_messages("fr")
    assert messages and i18n.js_messages("en") == {}
    template_only = {m.id for m in i18n.catalogue("fr")
                     if isinstance(m.id, str) and all(not p.startswith("static/") for p, _ in m.locations)}
    assert not template_only & set(messages)


def test_numbers_are_written_as_the_language_writes_them() -> None:
    assert i18n.decimal(4.1072, 3) == "4.107"
    with i18n.speaking("nl"):
        assert i18n.decimal(4.1072, 3) == "4,107"


def test_a_page_links_its_own_language_else_english() -> None:
    with i18n.speaking("fr", frozenset({"practice.html"})):
        assert i18n.link("practice.html?setup=fr-7#x", "../") == "../practice.html?setup=fr-7#x"
        assert i18n.link("method.html") == "../method.html"
    assert i18n.link("method.html", "../") == "../method.html"

"""The Hunspell expander (wordlists/hunspell.py) that makes the French lists."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

WORDLISTS = Path(__file__).resolve().parents[2] / "wordlists"


def _module(name: str):  # noqa: ANN202 - a script folder's module, loaded by path
    spec = importlib.util.spec_from_file_location(name, WORDLISTS / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


hunspell = _module("hunspell")

AFF = """SET UTF-8
FLAG long
NEEDAFFIX ()
FORBIDDENWORD {}
SFX S. Y 2
SFX S. 0 0 .
SFX S. 0 s [^sxz]
SFX X. Y 2
SFX X. al aux al
SFX X. 0 0 .
SFX V. Y 3
SFX V. er ons [^g]er
SFX V. r ons ger
SFX V. er ait er
PFX Um Y 2
PFX Um 0 0/S. .
PFX Um 0 kilo/S.() .
PFX L' Y 1
PFX L' 0 l' .
"""
DIC = """8
chat/S.()
cheval/X.()
manger/V.L'
metre/Um()
souris
faux/{}
ami/S.L'
"""


def test_suffixes_prefixes_and_their_further_affixes() -> None:
    words = hunspell.words(DIC, AFF)
    assert {"chat", "chats", "cheval", "chevaux", "souris", "ami", "amis"} <= words
    assert {"manger", "mangeons", "mangait"} <= words  # each rule's condition: mange-ons
    assert {"metre", "metres", "kilometre", "kilometres"} <= words  # a prefix's own suffixes
    assert "l'ami" in words and "l'amis" in words  # prefix and suffix cross


def test_a_stem_that_needs_an_affix_or_is_forbidden_is_no_word_alone() -> None:
    words = hunspell.words(DIC, AFF)
    assert "faux" not in words  # FORBIDDENWORD
    assert "kilo" not in words and "chevals" not in words and "mangons" not in words
    assert "chat" in words  # by its empty suffix, not as the bare stem


def test_every_stem_with_its_words() -> None:
    forms = dict(hunspell.forms_by_stem(DIC, AFF))
    assert forms["cheval"] == {"cheval", "chevaux"}
    assert forms["metre"] == {"metre", "metres", "kilometre", "kilometres"}
    assert "faux" not in forms  # a forbidden stem makes nothing


@pytest.fixture(scope="module")
def french() -> set[str]:
    sources = WORDLISTS / "sources"
    return hunspell.words((sources / "grammalecte-fr.dic").read_text(encoding="utf-8"),
                          (sources / "grammalecte-fr.aff").read_text(encoding="utf-8"))


def test_the_french_dictionary_gives_the_forms_players_know(french: set[str]) -> None:
    assert {"mangeons", "mangeassions", "finissions", "chevaux", "belles", "nouvel", "élève", "cœur",
            "kilomètre", "kilomètres", "hertz", "kilohertz"} <= french
    assert "Paris" in french and "l'amour" in french  # the lists drop capitals and elisions, not the expander

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


# -- what it refuses: one line naming the file and line (issue 60, item 11) ---------------


def _aff(rule: str) -> str:
    return f"FLAG long\nSFX S. Y 1\n{rule}\n"


@pytest.mark.parametrize("aff, message", [
    (_aff("SFX S. 0 s (a+)+b"), r"^a\.aff:3: condition '\(a\+\)\+b' is not letters, '\.' and \[\.\.\.\]"),
    (_aff("SFX S. 0 s ["), r"^a\.aff:3: condition '\[' is not letters"),
    (_aff("SFX S. 0 s [^sx"), r"^a\.aff:3: condition '\[\^sx' is not letters"),
    ("FLAG\n", r"^a\.aff:1: FLAG names no flag"),
    ("FLAG num\n", r"^a\.aff:1: FLAG num is not read here"),
    ("FLAG long\nAF 2\nAF S.\n", r"^a\.aff:2: AF \(aliases\) is not read here"),
    ("NEEDAFFIX\n", r"^a\.aff:1: NEEDAFFIX names no flag"),
    ("FLAG long\nSFX S. Y 2\nSFX S. 0 s .\n", r"^a\.aff:2: affix S\. declares 2 rules and has 1"),
    ("FLAG long\nSFX S. maybe 1\n", r"^a\.aff:2: SFX S\. header: Y or N"),
    ("FLAG long\nSFX S. Y 1\nPFX S. 0 s .\n", r"^a\.aff:3: affix S\. is both a suffix and a prefix"),
])
def test_an_affix_file_it_cannot_read_as_hunspell_is_one_line(aff: str, message: str) -> None:
    with pytest.raises(hunspell.HunspellError, match=message):
        list(hunspell.forms_by_stem("1\nchat/S.\n", aff, "a.dic", "a.aff"))


def test_a_condition_is_letters_dots_and_brackets_and_never_hangs() -> None:
    import time

    t0 = time.monotonic()
    words = hunspell.words("2\n" + "a" * 30 + "/S.\nchat/S.\n", _aff("SFX S. 0 s [^sxz]at"))
    assert words == {"a" * 30, "chat", "chats"} and time.monotonic() - t0 < 1


def test_a_dic_without_its_count_line_is_refused_not_read_short() -> None:
    with pytest.raises(hunspell.HunspellError, match=r"^a\.dic:1: the first line is not the number of stems"):
        list(hunspell.forms_by_stem("chat/S.\nchien\n", _aff("SFX S. 0 s ."), "a.dic", "a.aff"))


def test_a_file_that_is_not_utf8_names_its_line(tmp_path) -> None:
    path = tmp_path / "latin.dic"
    path.write_bytes("2\nchat\nélève\n".encode("latin-1"))
    with pytest.raises(hunspell.HunspellError, match=rf"^{path}:3: not UTF-8 text"):
        hunspell.read(path)


def test_decomposed_words_are_taken_composed() -> None:
    nfd = "e\u0301le\u0300ve"  # élève written as letters and combining accents
    assert hunspell.words(f"1\n{nfd}/S.\n", _aff("SFX S. 0 s .")) == {"élève", "élèves"}


def test_a_stem_that_makes_too_many_words_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    # 3,000 prefixes by 3,000 suffixes once made 9 million words (1.3 GB) of one stem
    n = 120
    aff = "FLAG long\n" + f"SFX S. Y {n}\n" + "".join(f"SFX S. 0 s{i} .\n" for i in range(n))
    aff += f"PFX P. Y {n}\n" + "".join(f"PFX P. 0 p{i} .\n" for i in range(n))
    monkeypatch.setattr(hunspell, "MAX_FORMS", 5_000)
    with pytest.raises(hunspell.HunspellError, match=r"^a\.dic:2: the stem makes more than 5000 words"):
        list(hunspell.forms_by_stem("1\nchat/S.P.\n", aff, "a.dic", "a.aff"))

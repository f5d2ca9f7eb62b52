"""The shipped word lists, the catalog and the set-ups."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.core.catalog import (
    exact_tiers,
    list_spec,
    load_list,
    project_root,
    setup,
    setups,
    tiers,
    wordlists_dir,
)
from generator.core.catalog_games import CodeSetup, HangmanSetup, code_setups, hangman_setups, site_defaults
from generator.core.rules import GuessRule
from generator.core.sayable import blocked_words
from generator.errors import CatalogError

ROOT = Path(__file__).resolve().parents[2]

COUNTS = {
    "nl-basis-5": 3219,  # less the blocklist
    "nl-all-5": 5414,
    "nl-basis-5-ij": 3374,
    "nl-all-5-ij": 5673,
    "en-enable-5": 8636,
    "en-common-5": 3477,
    "wordle-common": 4066,
    "wordle-answers": 2315,
    "wordle-allowed": 12972,
    "wordle-2023-answers": 3158,
    "wordle-2023-allowed": 14855,
}


@pytest.mark.parametrize("list_id, count", sorted(COUNTS.items()))
def test_shipped_lists_load_with_their_counts(list_id: str, count: int) -> None:
    words = load_list(list_id)
    assert len(words) == count
    assert words.id == list_id
    assert words.length == 5
    assert words.codes.shape == (count, 5)


#: the show's other lengths (Dutch, OpenTaal 2.20.23): (answers, guesses) per length
DUTCH = {4: (2088, 2706), 6: (5947, 11242), 7: (9087, 18476), 8: (14586, 26478)}
DUTCH_IJ = {4: (2122, 2785), 6: (6235, 11721), 7: (9737, 19313), 8: (14950, 27175)}
#: the lengths with a set-up (trees built and committed); seven and eight letters: the lists alone so far
WITH_SETUP = (4, 6)


@pytest.mark.parametrize("n", sorted(DUTCH))
def test_every_length_of_the_show(n: int) -> None:
    for counts, suffix in ((DUTCH[n], ""), (DUTCH_IJ[n], "-ij")):
        answers, guesses = load_list(f"nl-basis-{n}{suffix}"), load_list(f"nl-all-{n}{suffix}")
        assert (len(answers), len(guesses)) == counts
        assert set(answers) <= set(guesses)
        assert all(len(answers.spell(w)) == n for w in answers.words[:200])
        if n in WITH_SETUP:
            s = setup(f"nl-{n}" if not suffix else f"nl-ij-{n}")
            # the show's set-up ('ij' one tile) asks the words in common use; its twin the whole list
            secrets = f"nl-common-{n}-ij" if suffix else answers.id
            assert (s.answers, s.guesses) == (secrets, guesses.id)
            assert s.game.length == n and s.game.turns == 5 and s.game.reveals_first_letter


#: the Dutch show's secrets, every length: words in common use, less English words seen in Dutch text and names
DUTCH_COMMON = {4: 1453, 5: 1852, 6: 2696, 7: 2830, 8: 3177}


@pytest.mark.parametrize("n", sorted(DUTCH_COMMON))
def test_the_dutch_show_asks_dutch_words_in_common_use(n: int) -> None:
    common = load_list(f"nl-common-{n}-ij")
    assert len(common) == DUTCH_COMMON[n] and common.length == n and common.alphabet.digraphs == ("ij",)
    assert set(common) <= set(load_list(f"nl-basis-{n}-ij"))
    assert setup("nl-ij" if n == 5 else f"nl-ij-{n}").answers == common.id


def test_dutch_common_words_keep_every_speakers_words_and_drop_the_rest() -> None:
    common = set(load_list("nl-common-5-ij"))
    # words every Dutch speaker knows, and words of both languages about as common in each
    assert {"fiets", "kaars", "brood", "kamer", "regen", "water", "hotel", "brand", "sport", "tafel"} <= common
    # words no show asks (the K card's kamig, kaffa, krimi) and English words seen in Dutch text
    assert not {"kamig", "kaffa", "krimi", "dizzy", "actor", "mayor", "nurse"} & common


def test_english_common_words_are_enable_words_guessing_any() -> None:
    common = load_list("en-common-5")
    assert {"house", "apple", "world"} <= set(common) and "abaci" not in common
    assert set(common) <= set(load_list("en-enable-5"))


#: English Lingo's lengths: (common answers, ENABLE guesses), one Zipf threshold for all
ENGLISH = {4: (2111, 3903), 5: (3477, 8636), 6: (4844, 15232), 7: (5567, 23109), 8: (5327, 28420)}
#: English set-ups by length; no show plays seven or eight letters
ENGLISH_SETUPS = {4: "en-common-4", 5: "en-common", 6: "en-common-6", 7: "en-common-7", 8: "en-common-8"}


@pytest.mark.parametrize("n", sorted(ENGLISH))
def test_english_common_words_at_every_length(n: int) -> None:
    answers, guesses = load_list(f"en-common-{n}"), load_list(f"en-enable-{n}")
    assert (len(answers), len(guesses)) == ENGLISH[n]
    assert answers.length == guesses.length == n
    assert set(answers) <= set(guesses) and not set(answers) & blocked_words("en")


@pytest.mark.parametrize("n", sorted(ENGLISH_SETUPS))
def test_english_setups_play_common_words_guessing_any(n: int) -> None:
    s = setup(ENGLISH_SETUPS[n])
    assert (s.answers, s.guesses) == (f"en-common-{n}", f"en-enable-{n}")
    assert s.game.length == n and s.game.turns == 5 and s.game.reveals_first_letter
    shown = n <= 6
    assert (s.show, bool(s.played)) == (("English Lingo on TV (ITV, CBS)", True) if shown else ("", False))


def test_every_show_set_up_says_where_the_show_plays_it() -> None:
    """A show page tells its lengths apart by where each is played: Dutch,
    English and French alike."""
    shows = [s for s in setups().values() if s.show]
    assert {s.id for s in shows} >= {"nl-ij", "nl-ij-4", "nl-ij-6", "nl-ij-7", "nl-ij-8", "en-common", "sutom-6"}
    assert all(s.played for s in shows), [s.id for s in shows if not s.played]
    assert "SBS6" in setup("nl-ij-6").played and "not on SBS6" in setup("nl-ij-8").played


def test_wordle_answers_keep_the_original_order() -> None:
    assert load_list("wordle-answers").words[:3] == ("cigar", "rebut", "sissy")


@pytest.mark.parametrize("list_id", ["nl-basis-5", "nl-all-5", "en-enable-5", "wordle-allowed"])
def test_derived_lists_are_sorted(list_id: str) -> None:
    words = load_list(list_id).words
    assert list(words) == sorted(words)


def test_digraph_lists_split_ij() -> None:
    words = load_list("nl-all-5-ij")
    assert words.alphabet.digraphs == ("ij",)
    assert "fijnst" in words and "bijna" not in words
    assert all(len(words.spell(w)) == 5 for w in words)


@pytest.mark.parametrize(
    "small, large", [("nl-basis-5", "nl-all-5"), ("nl-basis-5-ij", "nl-all-5-ij"),
                     ("wordle-answers", "wordle-allowed")]
)
def test_answers_are_allowed_guesses(small: str, large: str) -> None:
    assert set(load_list(small)) <= set(load_list(large))


def test_setups() -> None:
    assert list(setups()) == ["nl", "nl-ij", "en", "nl-4", "nl-ij-4", "nl-6", "nl-ij-6", "nl-7", "nl-ij-7",
                              "nl-8", "nl-ij-8", "en-common", "en-common-4", "en-common-6",
                              "en-common-7", "en-common-8", "fr-6", "fr-7", "fr-8", "fr-9", "fr-10", "sutom-6", "sutom-7", "sutom-8",
                              "sutom-9", "wordle", "wordle-common", "wordle-allowed", "wordle-2023"]
    nl = setup("nl")
    assert (nl.answers, nl.guesses) == ("nl-basis-5", "nl-all-5")
    assert nl.game.name == "lingo" and nl.game.turns == 5 and nl.game.reveals_first_letter
    assert setup("nl-ij").game.digraphs == ("ij",)
    assert (setup("en").answers, setup("en").guesses) == ("en-enable-5", "en-enable-5")
    wordle = setup("wordle")
    assert (wordle.answers, wordle.guesses) == ("wordle-answers", "wordle-allowed")
    assert wordle.game.turns == 6 and wordle.game.revealed is None
    assert wordle.game.guess_rule is GuessRule.FREE
    # the tiers of Wordle's secrets: the same guesses, more secrets
    assert [setup(t).answers for t in ("wordle-common", "wordle-allowed")] == ["wordle-common", "wordle-allowed"]
    assert {setup(t).guesses for t in ("wordle-common", "wordle-allowed")} == {"wordle-allowed"}
    # today's game: the WordleBot's answers, every guess the game accepts (the 2022 ones among them)
    today = setup("wordle-2023")
    assert (today.answers, today.guesses) == ("wordle-2023-answers", "wordle-2023-allowed")
    assert set(load_list("wordle-allowed").words) <= set(load_list(today.guesses).words)
    assert set(load_list(today.answers).words) <= set(load_list(today.guesses).words)
    # Sutom: Motus's words less those of the letters it never starts with; six turns, TV rules alone
    for n in range(6, 10):
        sutom, motus = setup(f"sutom-{n}"), setup(f"fr-{n}")
        words = load_list(sutom.answers).words
        assert set(words) == {w for w in load_list(motus.answers).words if w[0] not in "kqwxyz"}
        assert sutom.guesses == motus.guesses and sutom.game.turns == motus.game.turns == 6
        assert sutom.rules == ("same-start",) and motus.rules == ()


def test_every_list_has_its_provenance() -> None:
    for list_id in COUNTS:
        spec = list_spec(list_id)
        assert spec.path.exists()
        assert spec.source and spec.version and spec.licence and spec.filter
        if spec.licence_file:
            assert (wordlists_dir() / spec.licence_file).exists()


def test_project_root_is_the_checkout() -> None:
    assert project_root().resolve() == ROOT


@pytest.mark.parametrize("call", [load_list, list_spec])
def test_unknown_list_id(call) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CatalogError, match=r"unknown word list 'nl-basis-9' \(known: .*nl-basis-5"):
        call("nl-basis-9")


def test_unknown_setup_id() -> None:
    with pytest.raises(CatalogError, match=r"unknown set-up 'fr' \(known: nl, nl-ij, en, nl-4, .*, wordle-allowed, wordle-2023\)"):
        setup("fr")


def _catalog_root(tmp_path: Path, catalog: str, files: dict[str, str]) -> Path:
    (tmp_path / "wordlists").mkdir()
    (tmp_path / "wordlists" / "catalog.toml").write_text(catalog, encoding="utf-8")
    for name, text in files.items():
        (tmp_path / "wordlists" / name).write_text(text, encoding="utf-8")
    return tmp_path


LIST = """
[lists.demo]
language = "en"
length = 5
alphabet = "abcdefghijklmnopqrstuvwxyz"
digraphs = []
file = "demo.txt"
source = "test"
version = "1"
licence = "none"
licence_file = ""
filter = "none"
"""


@pytest.mark.parametrize(
    "text, message",
    [
        ("cigar\nrebut\ncigar\n", r"demo\.txt:3: duplicate word 'cigar' \(first on line 1\)"),
        ("cigar\nrebus\nabc\n", r"demo\.txt:3: 'abc' has 3 letters, expected 5"),
        ("cigar\nreb!t\n", r"demo\.txt:2: 'reb!t': character '!' is not in the alphabet"),
        ("\n\n", r"demo\.txt: the word list is empty"),
    ],
)
def test_broken_shipped_list_names_file_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, message: str
) -> None:
    root = _catalog_root(tmp_path, LIST, {"demo.txt": text})
    monkeypatch.setenv("LINGO_TREES_ROOT", str(root))
    with pytest.raises(Exception, match=message) as info:
        load_list("demo")
    assert type(info.value).__name__ == "WordListError"


def test_catalog_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LINGO_TREES_ROOT", str(tmp_path))
    with pytest.raises(CatalogError, match="no word-list catalog here"):
        load_list("demo")
    _catalog_root(tmp_path, "[lists.demo\n", {})
    with pytest.raises(CatalogError, match="not valid TOML"):
        load_list("demo")


def test_catalog_entry_lacking_keys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _catalog_root(tmp_path, '[lists.demo]\nlanguage = "en"\n', {})
    monkeypatch.setenv("LINGO_TREES_ROOT", str(root))
    with pytest.raises(CatalogError, match="list 'demo' lacks length, alphabet"):
        load_list("demo")


@pytest.mark.parametrize("extra, message", [
    ('[setups.x]\ngame = "lingo"\nanswers = "demo"\nguesses = "demo"\nturn = 6\n',
     r"set-up 'x': unknown key 'turn' \(known: title, show, played, game, answers, guesses, turns"),
    ('[lists.demo2]\nlanguage = "en"\nlenght = 5\n', r"list 'demo2': unknown key 'lenght' \(known: language, length"),
    ('[setup.x]\ngame = "lingo"\n', r"the catalog: unknown key 'setup' \(known: lists, setups, mastermind, hangman, site\)"),
])
def test_a_misspelt_catalog_key_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extra: str,
                                         message: str) -> None:
    root = _catalog_root(tmp_path, LIST + "\n" + extra, {"demo.txt": "cigar\n"})
    monkeypatch.setenv("LINGO_TREES_ROOT", str(root))
    with pytest.raises(CatalogError, match=message):
        setups()


def test_setup_naming_an_unknown_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = LIST + '\n[setups.x]\ngame = "lingo"\nanswers = "demo"\nguesses = "nope"\n'
    root = _catalog_root(tmp_path, text, {"demo.txt": "cigar\n"})
    monkeypatch.setenv("LINGO_TREES_ROOT", str(root))
    with pytest.raises(CatalogError, match="set-up 'x' names unknown list 'nope'"):
        setup("x")


@pytest.mark.parametrize("turns, message", [("0", "turns 0 is not 1 to 20"), ('"six"', "turns must be a whole number")])
def test_setup_turns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, turns: str, message: str) -> None:
    text = LIST + f'\n[setups.x]\ngame = "lingo"\nanswers = "demo"\nguesses = "demo"\nturns = {turns}\n'
    root = _catalog_root(tmp_path, text, {"demo.txt": "cigar\n"})
    monkeypatch.setenv("LINGO_TREES_ROOT", str(root))
    with pytest.raises(CatalogError, match=message):
        setup("x")


def test_setup_may_set_its_turns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = LIST + '\n[setups.x]\ngame = "lingo"\nanswers = "demo"\nguesses = "demo"\nturns = 6\n'
    root = _catalog_root(tmp_path, text, {"demo.txt": "cigar\n"})
    monkeypatch.setenv("LINGO_TREES_ROOT", str(root))
    assert setup("x").game.turns == 6


def test_setup_may_name_the_rules_it_is_built_under(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = LIST + '\n[setups.x]\ngame = "lingo"\nanswers = "demo"\nguesses = "demo"\nrules = ["same-start"]\n'
    root = _catalog_root(tmp_path, text, {"demo.txt": "cigar\n"})
    monkeypatch.setenv("LINGO_TREES_ROOT", str(root))
    x = setup("x")
    assert x.rules == ("same-start",) and x.plays("same-start") and not x.plays("free")
    monkeypatch.delenv("LINGO_TREES_ROOT")
    assert setup("nl").rules == () and setup("nl").plays("free") and setup("nl").plays("same-start")


@pytest.mark.parametrize("game, rules", [("lingo", '["hard"]'), ("lingo", "[]"), ("lingo", '["free", "free"]'),
                                         ("lingo", '"same-start"'), ("wordle", '["free"]'),
                                         # a list or a table in the list: no TypeError (issue 60, item 9)
                                         ("lingo", '[["free"]]'), ("lingo", "[{ a = 1 }]"),
                                         ("lingo", '["free", ["free"]]')])
def test_setup_rules_must_be_lingo_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str,
                                         rules: str) -> None:
    text = LIST + f'\n[setups.x]\ngame = "{game}"\nanswers = "demo"\nguesses = "demo"\nrules = {rules}\n'
    root = _catalog_root(tmp_path, text, {"demo.txt": "cigar\n"})
    monkeypatch.setenv("LINGO_TREES_ROOT", str(root))
    with pytest.raises(CatalogError, match="set-up 'x': rules must be"):
        setup("x")


def test_derive_check_passes() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "wordlists" / "derive.py"), "--check"],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("entry, message", [
    ('answers = ["demo"]\nguesses = "demo"', "set-up 'x' names unknown list \\['demo'\\]"),
    ('answers = "demo"\nguesses = { a = 1 }', "set-up 'x' names unknown list \\{'a': 1\\}"),
    ('answers = "demo"\nguesses = "demo"\nrules = [["free"]]', "set-up 'x': rules must be"),
])
def test_a_list_or_table_where_a_name_goes_is_one_line_for_every_command(
        tmp_path: Path, entry: str, message: str) -> None:
    root = _catalog_root(tmp_path, LIST + f'\n[setups.x]\ngame = "lingo"\n{entry}\n', {"demo.txt": "cigar\n"})
    proc = subprocess.run([sys.executable, "-m", "generator", "wordlists"], capture_output=True, text=True,
                          cwd=ROOT, timeout=60, env={**os.environ, "LINGO_TREES_ROOT": str(root)})
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
    assert re.search(message, proc.stderr), proc.stderr


@pytest.mark.parametrize("language", ["NL", "nl ", "<b>nl</b>", "de", "", "dutch"])
def test_a_list_s_language_is_one_of_the_known_tags(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    language: str) -> None:
    # "NL" was taken, and dropped the blocklist and the names (issue 60, item 10)
    root = _catalog_root(tmp_path, LIST.replace('language = "en"', f"language = {language!r}"), {"demo.txt": "cigar\n"})
    monkeypatch.setenv("LINGO_TREES_ROOT", str(root))
    with pytest.raises(CatalogError, match=r"list 'demo': language .* is not one of nl, en, fr"):
        load_list("demo")


@pytest.mark.parametrize("key, most", [("title", 120), ("show", 120), ("played", 600)])
def test_a_text_field_has_a_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, key: str, most: int) -> None:
    # a 400 KB title made a 33 MB site (issue 60)
    text = LIST + f'\n[setups.x]\ngame = "lingo"\nanswers = "demo"\nguesses = "demo"\n{key} = "{"x" * (most + 1)}"\n'
    root = _catalog_root(tmp_path, text, {"demo.txt": "cigar\n"})
    monkeypatch.setenv("LINGO_TREES_ROOT", str(root))
    with pytest.raises(CatalogError, match=rf"set-up 'x': {key} is {most + 1:,} characters long; at most {most}$"):
        setup("x")


def test_a_list_s_note_has_a_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _catalog_root(tmp_path, LIST.replace('source = "test"', f'source = "{"s" * 601}"'), {"demo.txt": "cigar\n"})
    monkeypatch.setenv("LINGO_TREES_ROOT", str(root))
    with pytest.raises(CatalogError, match=r"list 'demo': source is 601 characters long; at most 600$"):
        load_list("demo")


# -- the other families and the site's defaults (catalog_games) ---------------------------


def test_every_family_s_set_ups_are_in_the_catalog() -> None:
    assert tiers() == {"answers": "wordle", "common": "wordle-common", "allowed": "wordle-allowed",
                       "today": "wordle-2023"}
    assert exact_tiers() == ("answers", "today")
    assert code_setups()["4x6"] == CodeSetup("4x6", "Mastermind (4 positions, 6 colours, repeats allowed)", 4, 6, True,
                                             aliases=("mastermind", "classic"))
    assert code_setups()["bulls-and-cows"].codes == 5040
    assert hangman_setups()["en-enable"] == HangmanSetup("en-enable", 6, (), (("risk", (2, 3, 4)),
                                                                             ("uncertainty", (2, 3, 4))))
    assert hangman_setups()["en-enable"].lengths_of("optimal") is None
    site = site_defaults()
    assert (site.setups, site.rule, site.strategy, site.practice) == (("nl-ij", "nl"), "same-start", "human",
                                                                      ("human", "optimal"))
    assert site.wordle == ("wordle-2023", "wordle")


def test_a_catalog_without_the_other_tables_has_their_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LINGO_TREES_ROOT", str(_catalog_root(tmp_path, LIST, {"demo.txt": "cigar\n"})))
    assert code_setups() == {} and hangman_setups() == {}
    assert site_defaults().setups == () and site_defaults().rule == "same-start"


SETUP_X = '\n[setups.x]\ngame = "lingo"\nanswers = "demo"\nguesses = "demo"\n'
WORDLE_X = '\n[setups.w]\ngame = "wordle"\nanswers = "demo"\nguesses = "demo"\n'


@pytest.mark.parametrize("extra, message", [
    # Wordle tiers: a field of the Wordle set-ups
    (SETUP_X + 'tier = "answers"\n', r"set-up 'x': tier must be a short name .* of a Wordle set-up, not 'answers'"),
    (WORDLE_X + 'exact = true\n', r"set-up 'w': tier must be .*, which exact needs, not ''"),
    (WORDLE_X + 'tier = "Big Tier"\n', r"set-up 'w': tier must be a short name"),
    (WORDLE_X + 'tier = "a"\n' + WORDLE_X.replace(".w]", ".v]") + 'tier = "a"\n',
     r"set-up 'v': tier 'a' is set-up 'w''s already"),
    # Mastermind
    ('[mastermind.m]\npositions = 4\nsymbols = 6\n', r"Mastermind variant 'm' lacks repeats$"),
    ('[mastermind.m]\npositions = 9\nsymbols = 6\nrepeats = true\n', r"Mastermind variant 'm': positions 9 is not 2 to 8$"),
    ('[mastermind.m]\npositions = 4\nsymbols = "6"\nrepeats = true\n', r"'m': symbols must be a whole number, not '6'$"),
    ('[mastermind.m]\npositions = 5\nsymbols = 4\nrepeats = false\n', r"'m': 5 positions without repeats need 5"),
    ('[mastermind.m]\npositions = 6\nsymbols = 10\nrepeats = true\n', r"'m' has 1000000 codes: more than"),
    ('[mastermind.3x4]\npositions = 3\nsymbols = 3\nrepeats = true\n', r"'3x4': an id of the form PxC must be .* \(3x3\)"),
    ('[mastermind.m]\npositions = 3\nsymbols = 3\nrepeats = true\ncolors = 3\n', r"'m': unknown key 'colors'"),
    ('[mastermind.m]\npositions = 3\nsymbols = 3\nrepeats = true\nstrategies = ["knuth", "best"]\n',
     r"'m': strategies must be some of knuth, .*, each once"),
    ('[mastermind.m]\npositions = 3\nsymbols = 3\nrepeats = true\nturns = 0\n', r"'m': turns 0 is not 1 to 20$"),
    ('[mastermind.m]\npositions = 3\nsymbols = 3\nrepeats = true\n[mastermind.n]\npositions = 3\nsymbols = 4\n'
     'repeats = true\naliases = ["m"]\n', r"Mastermind variant name 'm' is given twice"),
    ('[mastermind]\nm = 3\n', r"Mastermind variant 'm' is not a table$"),
    # Hangman
    ('[hangman.nope]\nmisses = 6\n', r"Hangman list 'nope' names unknown list 'nope'"),
    ('[hangman.demo]\nmisses = -1\n', r"Hangman list 'demo': misses -1 is not 0 to 25$"),
    ('[hangman.demo]\nlengths = { risk = [2, 2] }\n', r"Hangman list 'demo': lengths must name strategies of .*'risk' = \[2, 2\]$"),
    ('[hangman.demo]\nlengths = { best = [2] }\n', r"Hangman list 'demo': lengths must name strategies"),
    ('[hangman.demo]\nlengths = [2, 3]\n', r"Hangman list 'demo': lengths must be a table, not \[2, 3\]$"),
    ('[hangman.demo]\nmiss = 6\n', r"Hangman list 'demo': unknown key 'miss'"),
    # the site's defaults
    (SETUP_X + '[site]\nsetups = ["x", "nope"]\n', r"site: setups must be some of x, each once, not \['x', 'nope'\]$"),
    (SETUP_X + '[site]\nwordle = ["x"]\n', r"site: wordle must be some of , each once"),
    ('[site]\nrule = "hard"\n', r"site: rule must be one of free, same-start, not 'hard'$"),
    ('[site]\nstrategy = "best"\n', r"site: strategy must be one of human, .*, not 'best'$"),
    ('[site]\nhangman_strategy = 3\n', r"site: hangman_strategy must be text, not 3$"),
    ('[site]\nsetup = ["x"]\n', r"site: unknown key 'setup' \(known: setups, rule"),
    ('site = 3\n', r"the catalog: site must be a table, not 3$"),
])
def test_bad_entries_of_every_family_are_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extra: str,
                                                   message: str) -> None:
    text = ("" if extra.startswith("site =") else LIST) + "\n" + extra + ("\n" + LIST if extra.startswith("site =") else "")
    root = _catalog_root(tmp_path, text, {"demo.txt": "cigar\n"})
    monkeypatch.setenv("LINGO_TREES_ROOT", str(root))
    with pytest.raises(CatalogError, match=message) as info:
        setups(), code_setups(), hangman_setups(), site_defaults()
    assert "\n" not in str(info.value)


def test_bad_game_tables_are_one_line_for_the_wordlists_command(tmp_path: Path) -> None:
    root = _catalog_root(tmp_path, LIST + '\n[mastermind.m]\npositions = 1\nsymbols = 3\nrepeats = true\n',
                         {"demo.txt": "cigar\n"})
    proc = subprocess.run([sys.executable, "-m", "generator", "wordlists"], capture_output=True, text=True,
                          cwd=ROOT, timeout=60, env={**os.environ, "LINGO_TREES_ROOT": str(root)})
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
    assert "Mastermind variant 'm': positions 1 is not 2 to 8" in proc.stderr

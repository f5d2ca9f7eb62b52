"""The practice page's data: the words of each LINGO and Wordle set-up, the word of the day."""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

import numpy as np
import pytest

from generator.core.catalog import load_list, setup, setups
from generator.core.sayable import blocked_mask, common_mask
from generator.core.words import WordList
from generator.output import practicedata
from generator.output.practicedata import (
    FORMAT_VERSION,
    KEYBOARDS,
    RULE_NAMES,
    WORDLE_RULE_NAMES,
    PracticeSetup,
    day_index,
    default_game,
    practice_files,
    practice_index,
    practice_setups,
    write_practice,
)

EVERY = {"free": {"human": list("abcdefghijklmnopqrstuvwxyz"), "optimal": list("abcdefghijklmnopqrstuvwxyz"),
                  "scm": ["a"]}}


def test_the_word_of_the_day_is_pinned() -> None:
    # practice.js computes the same (tests/test_browser_practice.py compares them)
    assert day_index("2026-11-23", "nl", 3274) == 1837
    assert day_index("2026-11-23", "en", 8636) == 8052
    assert day_index("2026-11-23", "nl", 1) == 0


def test_the_word_of_the_day_moves_anywhere_from_day_to_day() -> None:
    first = date(2026, 1, 1)
    days = [(first + timedelta(days=n)).isoformat() for n in range(365)]
    picked = [day_index(d, "nl", 3274) for d in days]
    assert all(0 <= i < 3274 for i in picked)
    assert len(set(picked)) > 300  # a year repeats few words
    steps = {(b - a) % 3274 for a, b in zip(picked, picked[1:], strict=False)}
    assert len(steps) > 300  # not a fixed step through the list
    assert day_index("2026-11-23", "nl", 3274) != day_index("2026-11-23", "nl-ij", 3274)


@pytest.mark.parametrize("bad", ["2026-1-23", "23-11-2026", "2026-11-23 ", "", "2026/11/23"])
def test_the_date_must_be_year_month_day(bad: str) -> None:
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        day_index(bad, "nl", 10)


def test_no_words_no_word_of_the_day() -> None:
    with pytest.raises(ValueError, match="no words"):
        day_index("2026-11-23", "nl", 0)


def test_the_answers_are_those_of_the_letters_with_trees() -> None:
    (nl,) = practice_setups({"nl": {"free": {"human": ["q", "x"], "optimal": ["q"]},
                                    "same-start": {"scm": ["x"]}}})
    answers, guesses = load_list("nl-basis-5"), load_list("nl-all-5")
    common = set(zipf_common(answers))
    assert nl.answers == tuple(w for w in answers.words if w[0] in "qx" and w in common)
    assert len(nl.answers) < len([w for w in answers.words if w[0] in "qx"])
    assert set(nl.guesses).isdisjoint(nl.answers)
    assert set(nl.guesses) | set(nl.answers) == set(guesses.words) | set(nl.answers)
    assert nl.trees == {"free": {"human": ("q", "x"), "optimal": ("q",)}, "same-start": {}}
    assert (nl.length, nl.turns, nl.digraphs) == (5, 5, ())


def zipf_common(words: WordList) -> list[str]:
    return [w for w, ok in zip(words.words, common_mask(words) & ~blocked_mask(words)) if ok]


def test_every_secret_is_a_common_word_that_is_not_blocked() -> None:
    # the secrets (rare English words, a rare Dutch one) may be typed, never drawn
    lingo = [sid for sid, s in setups().items() if s.game.reveals_first_letter and s.game.feedback == "positional"]
    assert {"nl", "nl-ij", "nl-4", "en"} <= set(lingo)
    every = list("abcdefghijklmnopqrstuvwxyz") + ["ij"]
    offered = {s.id: s for s in practice_setups({sid: {"free": {"human": every}} for sid in lingo})}
    assert sorted(offered) == sorted(lingo)
    for sid, s in offered.items():
        answers = load_list(setups()[sid].answers)
        assert s.answers == tuple(zipf_common(answers)), sid
        assert s.answers and (sid.startswith(("nl-ij", "en-common", "fr-", "sutom-"))  # the shows': common already
                              or len(s.answers) < len(answers.words)), sid
    for sid, rare in (("en", ["goral", "vatic", "oxeye", "wheep"]), ("nl-4", ["zijp"])):
        assert all(w in load_list(setups()[sid].answers).words for w in rare)
        assert not set(rare) & set(offered[sid].answers), sid
        assert set(rare) <= set(offered[sid].guesses), sid


def test_french_is_played_in_six_turns_on_the_keyboard_its_players_know() -> None:
    (fr, en) = practice_setups({"fr-7": {"same-start": {"human": ["a"]}}, "en-common": {"free": {"human": ["a"]}}})
    assert (fr.turns, fr.keyboard, en.turns, en.keyboard) == (6, KEYBOARDS["fr"], 5, KEYBOARDS[""])
    assert fr.answers and all(w.startswith("a") for w in fr.answers)
    for keyboard in KEYBOARDS.values():
        assert sorted("".join(keyboard)) == list("abcdefghijklmnopqrstuvwxyz")


def test_a_digraph_is_a_start_letter() -> None:
    (ij,) = practice_setups({"nl-ij": {"free": {"human": ["ij"], "optimal": ["ij"]}}})
    assert ij.answers and all(w.startswith("ij") for w in ij.answers)
    assert ij.digraphs == ("ij",)
    (i,) = practice_setups({"nl-ij": {"free": {"human": ["i"]}}})
    assert i.answers and not any(w.startswith("ij") for w in i.answers)


def test_only_lingo_and_the_game_s_own_wordle_set_ups_are_played() -> None:
    found = practice_setups({"wordle": {"free": {"optimal-salet": ["all"]}}, "mastermind": {"4x6": {"knuth": ["all"]}},
                             "wordle-common": {"free": {"expected-salet": ["all"]}},
                             "wordle-allowed": {"free": {"expected-salet": ["all"]}},
                             "wordle-2023": {"free": {"optimal-tarse": ["all"]}},
                             "nosuch": {"free": {"human": ["q"]}}, "en": {"free": {"human": ["x"]}}})
    assert [s.id for s in found] == ["en", "wordle-2023", "wordle"]  # LINGO first, then today's Wordle
    assert [s.game for s in found] == ["lingo", "wordle", "wordle"]
    # a Wordle set-up with no rule the page can enforce (self hard mode) is not played
    assert practice_setups({"wordle": {"self-hard": {"scm": ["all"]}}}) == []


WORDLE_2023 = {"free": {"optimal-tarse": ["all"], "optimal-salet": ["all"], "expected-salet": ["all"], "scm": ["all"]},
               "hard": {"optimal-tarse": ["all"], "expected-salet": ["all"]}, "self-hard": {"expected": ["all"]}}


def test_today_s_wordle_accepts_every_guess_and_draws_from_every_answer() -> None:
    (w,) = practice_setups({"wordle-2023": WORDLE_2023})
    answers, allowed = load_list("wordle-2023-answers"), load_list("wordle-2023-allowed")
    # the game's answers whole, in list order: the common-use rule would drop real answers
    assert w.answers == answers.words and len(w.answers) == 3158
    assert {"acrid", "amble", "ashen"} <= set(w.answers)
    assert not {"acrid", "amble", "ashen"} & set(zipf_common(answers))
    assert set(w.guesses).isdisjoint(w.answers) and len(set(w.guesses)) == len(w.guesses)
    accepted = set(w.answers) | set(w.guesses)
    assert len(accepted) == len(w.answers) + len(w.guesses) == 14_855 and accepted == set(allowed.words)
    assert (w.length, w.turns, w.first_letter_shown, w.game) == (5, 6, False, "wordle")
    # normal and hard mode, each with the summary's trees; self hard mode is not played
    assert w.trees == {"free": {"optimal-tarse": ("all",), "optimal-salet": ("all",), "expected-salet": ("all",)},
                       "hard": {"optimal-tarse": ("all",), "expected-salet": ("all",)}}
    assert w.strategies == practicedata.summary("wordle") == ("optimal-tarse", "optimal-salet", "expected-salet")


def test_2022_wordle_plays_its_own_answers_with_the_trees_it_has() -> None:
    (w,) = practice_setups({"wordle": {"free": {"optimal-salet": ["all"], "expected-salet": ["all"]},
                                       "hard": {"optimal-salet": ["all"]}}})
    assert w.answers == load_list("wordle-answers").words and w.answers[0] == "cigar"
    assert len(w.answers) + len(w.guesses) == len(load_list("wordle-allowed").words) == 12_972
    assert w.strategies == ("optimal-salet", "expected-salet")  # no TARSE tree for 2022


def test_the_index_names_wordle_s_rules_and_trees() -> None:
    offered = practice_setups({"nl": {"free": {"human": ["q"]}, "same-start": {"optimal": ["q"]}},
                               "wordle-2023": WORDLE_2023})
    titles = {"human": "Human", "optimal": "Optimal", "optimal-tarse": "Optimal, from tarse",
              "optimal-salet": "Optimal, from salet", "expected-salet": "Greedy, from salet"}
    index = practice_index(offered, {"free": "free rule: any word", "hard": "hard mode: it"}, titles)
    assert index["version"] == FORMAT_VERSION == 2
    assert index["default"] == {"setup": "nl", "rule": "same-start"}
    assert index["strategy_titles"] == titles  # each once, LINGO's first
    nl, wordle = index["setups"]
    assert (nl["game"], nl["first_letter_shown"], nl["strategies"]) == ("lingo", True, ["human", "optimal"])
    assert nl["rule_titles"] == {"free": RULE_NAMES["free"], "same-start": RULE_NAMES["same-start"]}
    assert (wordle["game"], wordle["first_letter_shown"], wordle["turns"]) == ("wordle", False, 6)
    assert wordle["rule_titles"] == {"free": WORDLE_RULE_NAMES["free"], "hard": WORDLE_RULE_NAMES["hard"]}
    assert wordle["rule_titles"]["free"].startswith("Normal mode") and wordle["rule_titles"]["hard"].startswith("Hard")
    assert wordle["strategies"] == ["optimal-tarse", "optimal-salet", "expected-salet"]
    assert wordle["trees"]["hard"] == {"optimal-tarse": ["all"], "expected-salet": ["all"]}
    assert wordle["answers"]["count"] + wordle["guesses"]["count"] == 14_855


def test_the_word_of_the_day_of_wordle_is_the_same_rule() -> None:
    (w,) = practice_setups({"wordle-2023": WORDLE_2023})
    at = day_index("2026-11-23", "wordle-2023", len(w.answers))
    assert 0 <= at < 3158 and at != day_index("2026-11-23", "wordle", len(w.answers))


def words_of(data: bytes) -> list[str]:
    """The words of a gzipped word file, one a line."""
    text = gzip.decompress(data).decode()
    assert text == "" or text.endswith("\n")
    return text.splitlines()


def test_the_word_files_are_small_plain_text() -> None:
    offered = practice_setups({"nl": EVERY, "nl-ij": EVERY, "en": EVERY})
    files = dict(practice_files(offered))
    assert sorted(files) == sorted(f"practice/{s}/{kind}.txt.gz" for s in ("en", "nl", "nl-ij")
                                   for kind in ("answers", "guesses"))
    for s in offered:
        assert words_of(files[f"practice/{s.id}/answers.txt.gz"]) == list(s.answers)
        assert words_of(files[f"practice/{s.id}/guesses.txt.gz"]) == list(s.guesses)
    assert len(words_of(files["practice/nl/answers.txt.gz"])) == 1874  # nl-basis-5 in common use, names not
    assert len(words_of(files["practice/nl/answers.txt.gz"])) + len(words_of(files["practice/nl/guesses.txt.gz"])) == 5414
    en = words_of(files["practice/en/answers.txt.gz"])
    assert "bitch" in load_list("en-enable-5").words and "bitch" not in en  # blocked: never the secret
    assert "bitch" in words_of(files["practice/en/guesses.txt.gz"])  # but a player may type it
    sizes = {s.id: sum(len(files[f"practice/{s.id}/{k}.txt.gz"]) for k in ("answers", "guesses")) for s in offered}
    assert sizes["nl"] < 40_000 and sizes["nl-ij"] < 40_000 and sizes["en"] < 60_000, sizes


def test_the_index_names_files_counts_and_trees() -> None:
    offered = practice_setups({"nl": {"free": {"human": ["q"], "optimal": ["q", "x"], "scm": ["q"]}}})
    index = practice_index(offered, {"free": "free rule"}, {"human": "Human", "optimal": "Optimal", "scm": "SCM"})
    assert index["strategy_titles"] == {"human": "Human", "optimal": "Optimal"}
    (nl,) = index["setups"]
    assert nl["rule_titles"] == {"free": "Free rule (any word may be guessed)"}
    assert nl["answers"] == {"file": "practice/nl/answers.txt.gz", "count": len(offered[0].answers)}
    assert nl["trees"] == {"free": {"human": ["q"], "optimal": ["q", "x"]}}
    assert nl["alphabet"] == "abcdefghijklmnopqrstuvwxyz" and nl["turns"] == 5


TV_AND_FREE = {"free": {"human": ["q"]}, "same-start": {"human": ["q"]}}


@pytest.mark.parametrize(("trees", "want"), [
    ({"nl-4": TV_AND_FREE, "nl": TV_AND_FREE, "nl-ij": TV_AND_FREE, "en": TV_AND_FREE}, ("nl-ij", "same-start")),
    ({"nl-4": TV_AND_FREE, "en": TV_AND_FREE, "nl": TV_AND_FREE}, ("nl", "same-start")),
    ({"nl-4": TV_AND_FREE, "nl-ij": {"free": {"human": ["q"]}}}, ("nl-ij", "free")),  # no TV trees: its own rule
    ({"nl-4": TV_AND_FREE, "en": TV_AND_FREE}, ("nl-4", "same-start")),  # neither: the first set-up
])
def test_a_first_visit_plays_the_show_s_own_game(trees: dict[str, dict[str, dict[str, list[str]]]],
                                                 want: tuple[str, str]) -> None:
    offered = practice_setups(trees)
    assert default_game(offered) == want
    index = practice_index(offered, {"free": "free rule: any word", "same-start": "TV rules: ..."}, {})
    assert index["default"] == {"setup": want[0], "rule": want[1]}
    with pytest.raises(ValueError, match="no set-up"):
        default_game([])


def test_rules_and_set_ups_have_players_names() -> None:
    offered = practice_setups({"nl-ij": {"free": {"human": ["q"]}, "same-start": {"human": ["q"]},
                                         "hard": {"human": ["q"]}}})
    index = practice_index(offered, {"free": "free rule: any word", "hard": "hard mode: every guess uses it"}, {})
    assert index["setups"][0]["rule_titles"] == {"free": RULE_NAMES["free"], "same-start": RULE_NAMES["same-start"],
                                                 "hard": "Hard mode: every guess uses it"}
    assert RULE_NAMES["same-start"] == "TV rules (every guess begins with the letter shown)"
    assert RULE_NAMES["free"].startswith("Free rule")
    assert index["setups"][0]["title"] == setup("nl-ij").title  # the catalog's: a player's name of the game


def lookup(setups: dict[str, dict[str, dict[str, list[str]]]]) -> dict[str, object]:
    return {"rule_titles": {"free": "free rule"},
            "setups": {sid: {"title": sid, "digraphs": [], "rules": rules, "strategy_titles": {"human": "Human"}}
                       for sid, rules in setups.items()}}


def test_the_page_holds_the_index(tmp_path: Path) -> None:
    write_practice(tmp_path, lookup({"nl": {"free": {"human": ["q", "x"]}}}))
    page = (tmp_path / "practice.md").read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="practice-index">(.*?)</script>', page)
    assert found is not None
    index = json.loads(found.group(1))
    assert [s["id"] for s in index["setups"]] == ["nl"]
    answers = words_of((tmp_path / "practice/nl/answers.txt.gz").read_bytes())
    assert len(answers) == index["setups"][0]["answers"]["count"] and answers[0].startswith("q")
    assert '<script type="module" src="assets/practice.js">' in page  # it imports wordgame.js and dom.js


def test_no_set_up_to_play_no_page(tmp_path: Path) -> None:
    write_practice(tmp_path, lookup({"wordle-common": {"free": {"human": ["all"]}}, "mastermind": {"4x6": {}}}))
    assert list(tmp_path.iterdir()) == []


def test_a_wordle_page_has_every_accepted_word(tmp_path: Path) -> None:
    write_practice(tmp_path, lookup({"wordle-2023": WORDLE_2023}))
    page = (tmp_path / "practice.md").read_text(encoding="utf-8")
    assert page.startswith("# Practice LINGO and Wordle")
    files = {kind: words_of((tmp_path / f"practice/wordle-2023/{kind}.txt.gz").read_bytes())
             for kind in ("answers", "guesses")}
    assert files["answers"] == list(load_list("wordle-2023-answers").words)
    assert sorted(files["answers"] + files["guesses"]) == list(load_list("wordle-2023-allowed").words)


def test_words_and_titles_are_escaped(tmp_path: Path, evil_project: Callable[[Path], Path],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LINGO_TREES_ROOT", str(tmp_path / "evil"))
    evil_project(tmp_path / "evil")
    # the evil words are no English in common use: taken as common here, so that practice draws them
    monkeypatch.setattr(practicedata, "common_mask", lambda words: np.ones(len(words), dtype=bool))
    docs = tmp_path / "docs"
    docs.mkdir()
    write_practice(docs, lookup({"evil": {"free": {"human": ["a", "b"]}}}))
    page = (docs / "practice.md").read_text(encoding="utf-8")
    assert "<script>alert" not in page and "<b>" not in page
    index = json.loads(re.search(r'id="practice-index">(.*?)</script>', page).group(1))  # type: ignore[union-attr]
    assert index["setups"][0]["title"].startswith("Evil <script>")
    assert "a<b>x" in words_of((docs / "practice/evil/answers.txt.gz").read_bytes())


def test_a_practice_set_up_is_plain_data() -> None:
    (s,) = practice_setups({"en": {"free": {"human": ["x"]}}})
    assert isinstance(s, PracticeSetup) and all(w.startswith("x") for w in s.answers)

"""Every Wordle first word weighed by the exact search (generator/runs/first_words.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

import generator.runs.first_words as first_words
from generator.runs.first_words import Weighed, batches, cut_after, prove_first_words
from generator.search.exact import INF

SELBY = Path(__file__).resolve().parent.parent / "data" / "selby"


def published(name: str) -> dict[str, int]:
    """Alex Selby's proven totals (``tests/data/selby/``): word -> total."""
    return {w: int(t) for w, t in (line.split() for line in (SELBY / name).read_text().splitlines())}


def test_the_first_batch_holds_the_best_and_the_words_asked_then_batches_twice_as_large() -> None:
    words = list("abcdefghijk")
    assert batches(words, 2, ("e", "zz")) == [["a", "b", "e", "zz"], ["c", "d"], ["f", "g", "h", "i"], ["j", "k"]]


def test_a_batch_is_cut_one_above_the_best_th_exact_total_before_it() -> None:
    done = [Weighed("a", INF, 10, 3, 0), Weighed("b", INF, 7, 3, 0), Weighed("c", 9, 9, 0, 0)]
    assert cut_after(done, 2) == 11  # 7 and 10 exact; c reached its cut: a bound
    assert cut_after(done, 3) == INF  # fewer than three exact totals


# quick first words of the published tables (under two seconds each on one core)
NORMAL = ["salet", "reast", "slate", "roate", "raise", "nails", "qajaq"]


@pytest.mark.slow
def test_the_best_of_a_few_first_words_proved_with_selby_s_totals(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    table = prove_first_words("wordle", "free", NORMAL, 3, asked=("nails",), workers=1)
    known = published("normal.top105.proven") | published("normal.some3593.every40th")
    exact = {w.word: w.value for w in table.exact}
    assert [w.word for w in table.exact][:3] == ["salet", "reast", "slate"]
    assert {w: known[w] for w in exact if w in known} == {w: t for w, t in exact.items() if w in known}
    assert {"salet", "reast", "slate", "nails"} <= set(exact)  # the three best and the one asked for
    bar = min(w.value for w in table.bounded)  # no other first word costs less: the three best are proved
    assert sorted(exact.values())[:3] == [exact["salet"], exact["reast"], exact["slate"]] and bar > exact["slate"]
    assert len(table.exact) + len(table.bounded) == len(NORMAL)


@pytest.mark.slow
def test_hard_mode_from_salet_is_selby_s_8122(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    table = prove_first_words("wordle", "hard", ["salet"], 1, workers=1)
    assert [(w.word, w.value) for w in table.exact] == [("salet", published("hard.top101.proven")["salet"])]


@pytest.mark.slow
def test_a_proof_stopped_resumes_from_its_journal(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    words = ["salet", "slate", "nails", "qajaq", "fuzzy"]
    searched: list[str] = []

    def stop_after_two(w: Weighed, batch: int) -> None:
        searched.append(w.word)
        if len(searched) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        prove_first_words("wordle", "free", words, 2, workers=1, step=stop_after_two)
    again: list[str] = []
    resumed = prove_first_words("wordle", "free", words, 2, workers=1, step=lambda w, _: again.append(w.word))
    assert not set(again) & set(searched[:2]) and sorted(again + searched[:2]) == sorted(words)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "fresh"))
    whole = prove_first_words("wordle", "free", words, 2, workers=1)
    assert found(whole) == found(resumed)


def found(table: first_words.FirstWordTable) -> list[tuple[str, int, int, int]]:
    """What a proof found, without the times it took."""
    return [(w.word, w.cut, w.value, w.max_turns) for w in table.exact + table.bounded]

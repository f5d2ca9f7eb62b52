"""Every Wordle first word weighed by the exact search (generator/runs/first_words.py)."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

import pytest

import generator.runs.first_words as first_words
from generator.core.tree import Node
from generator.runs.first_words import Bounds, Weighed, batches, cut_after, journal_path, prove_first_words
from generator.runs.jobs import Processes
from generator.runs.proof_job import JobResult, ProofJob, Status
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
    assert cut_after(done, 3) == 11  # fewer than three exact totals: a guess, one above the largest
    assert cut_after(done, 3, guess=False) == INF
    assert cut_after(done[2:], 1) == INF  # no exact total: nothing to guess from


def true_totals(seed: int, n: int) -> dict[str, int]:
    """Made-up first words and their totals, most without a tree (INF), as in hard mode."""
    rng = random.Random(seed)
    return {f"w{i:03}": INF if rng.random() < 0.7 else rng.randrange(100, 400) for i in range(n)}


@pytest.mark.parametrize("seed", range(12))
def test_the_best_are_proved_whether_or_not_the_guessed_cut_holds(monkeypatch, tmp_path, seed) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    truth = true_totals(seed, 120)
    searched = fake_search(monkeypatch, truth)
    table = prove_first_words("wordle", "hard", list(truth), 4, asked=("w119",), runner=Processes(1))
    best = sorted((t, w) for w, t in truth.items() if t < INF)[:4]
    assert [(w.value, w.word) for w in table.solved][:4] == best
    assert all(truth[w.word] == w.value for w in table.solved)
    assert all(w.value > best[-1][0] for w in table.bounded)  # every other word proved to cost more
    assert sorted(w.word for w in table.solved + table.bounded) == sorted(truth)
    assert ("w119", INF) in searched  # the word asked for: searched to the end
    assert sum(cut == INF for _, cut in searched) < len(truth)  # the guess spared exact searches


def test_the_words_bounded_under_a_guess_that_did_not_hold_are_searched_again(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    truth = {"a": 100, "b": INF, "c": 160, "d": INF, "e": 150, "f": 170}
    searched = fake_search(monkeypatch, truth)
    table = prove_first_words("wordle", "hard", list(truth), 2, runner=Processes(1))
    assert [(w.word, w.value) for w in table.solved] == [("a", 100), ("e", 150), ("c", 160)]
    assert [w.word for w in table.bounded] == ["b", "d", "f"] and table.bounded[-1].value == 161
    # the second batch cut at the guess 101 left one total below it: c and d
    # (the least bounds, in order) searched again to the end gave the bar 161,
    # and e and f were searched again under it
    assert searched == [("a", INF), ("b", INF), ("c", 101), ("d", 101), ("e", 101), ("f", 101),
                        ("c", INF), ("d", INF), ("e", 161), ("f", 161)]


def fake_search(monkeypatch, truth: dict[str, int]) -> list[tuple[str, int]]:
    """The search, as the jobs see it (exact below the cut, else bounded at
    it) over made-up totals; the words and cuts searched, in order (the runs
    must run their jobs in this process: ``runner=Processes(1)``)."""
    searched: list[tuple[str, int]] = []
    words = list(truth)

    def run(job: ProofJob) -> JobResult:
        assert job.move is not None and job.codes is None and job.opener and not job.path
        word = words[job.move]
        searched.append((word, job.beta))
        if truth[word] < job.beta:
            return JobResult(Status.SOLVED, truth[word], ((-1, Node(word, {"xxxxx": word})),))
        return JobResult(Status.CUT, job.beta)

    monkeypatch.setattr(first_words, "run_job", run)
    monkeypatch.setattr(first_words, "SetupProblem", lambda *_: Rows(words))
    return searched


class Rows:
    """A stand-in for a set-up's problem: its guesses, no matrix to load."""

    def __init__(self, words: list[str]) -> None:
        self.words = words

    def load(self):
        matrix = SimpleNamespace(guesses=SimpleNamespace(words=self.words))
        return matrix, SimpleNamespace(turns=6), list(range(SECRETS)), None


SECRETS = 50  # the secrets of the stand-in: every total is at least this


def journal_file(tmp_path: Path) -> Path:
    path, _ = journal_path("wordle", "hard")
    assert path is not None and path.is_relative_to(tmp_path)
    return path


FORGED = [
    '{"word": "b", "cut": %d, "value": 1, "max_turns": 1, "seconds": 0}' % INF,  # the sweep's line
    '{"word": "b", "cut": %d, "value": 90, "max_turns": 3, "seconds": 0, "sig": "00"}' % INF,
]


@pytest.mark.parametrize("line", FORGED)
def test_a_line_this_user_s_runs_did_not_write_is_searched_again(monkeypatch, tmp_path, line: str) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    truth = {"a": 100, "b": INF, "c": 160}
    fake_search(monkeypatch, truth)
    prove_first_words("wordle", "hard", list(truth), 1, runner=Processes(1))
    with journal_file(tmp_path).open("a") as f:
        f.write(line + "\n")
    searched = fake_search(monkeypatch, truth)
    table = prove_first_words("wordle", "hard", list(truth), 1, runner=Processes(1))
    assert [(w.word, w.value) for w in table.solved] == [("a", 100)]  # not b in one turn
    assert searched == []  # (the lines this user's runs wrote are still read)


@pytest.mark.parametrize("journal", [b"not json\n", b"\xff\xfe\n", b'{"setup": 3}\n', b"[]\n" + b"x" * 10,
                                     b'{"setup": "wordle", "rule": "hard"}\n'])
def test_a_damaged_or_old_journal_is_searched_again_without_a_traceback(monkeypatch, tmp_path,
                                                                         journal: bytes) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    truth = {"a": 100, "b": INF}
    path = journal_file(tmp_path)
    path.write_bytes(journal)  # the last: a journal of no search version (before the search was named)
    searched = fake_search(monkeypatch, truth)
    table = prove_first_words("wordle", "hard", list(truth), 1, runner=Processes(1))
    assert [(w.word, w.value) for w in table.solved] == [("a", 100)] and len(searched) == 2


def test_a_journal_others_may_write_is_not_read(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    truth = {"a": 100, "b": INF}
    fake_search(monkeypatch, truth)
    prove_first_words("wordle", "hard", list(truth), 1, runner=Processes(1))
    journal_file(tmp_path).chmod(0o666)
    searched = fake_search(monkeypatch, truth)
    prove_first_words("wordle", "hard", list(truth), 1, runner=Processes(1))
    assert len(searched) == 2


def test_a_journal_that_cannot_be_written_leaves_the_run_going_without_one(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    truth = {"a": 100, "b": INF}
    journal_file(tmp_path).mkdir()  # (a folder where the file goes: unwritable, even for root)
    fake_search(monkeypatch, truth)
    table = prove_first_words("wordle", "hard", list(truth), 1, runner=Processes(1))
    assert [(w.word, w.value) for w in table.solved] == [("a", 100)]


BOUNDS = Bounds(frozenset({"salet", "crane"}), secrets=2315, turns=6)


@pytest.mark.parametrize("values", [
    {"value": 1}, {"value": -5}, {"value": 8000.0}, {"value": float("nan")}, {"value": "7920"}, {"value": True},
    {"value": INF + 1}, {"max_turns": 0}, {"max_turns": 7}, {"max_turns": 3.0}, {"word": "zzzzz"},
    {"word": ["salet"]}, {"cut": 0}, {"cut": 7000}, {"seconds": float("inf")}, {"seconds": -1}, {"extra": 1},
])
def test_a_result_holds_only_values_the_search_can_give(values: dict[str, object]) -> None:
    good = {"word": "salet", "cut": INF, "value": 7920, "max_turns": 5, "seconds": 2.5}
    assert BOUNDS.check(good) == Weighed("salet", INF, 7920, 5, 2.5)
    assert BOUNDS.check({"word": "crane", "cut": 7000, "value": 7000, "max_turns": 0, "seconds": 1}) is not None
    assert BOUNDS.check({"word": "crane", "cut": INF, "value": INF, "max_turns": 0, "seconds": 1}) is not None
    assert BOUNDS.check({**good, **values}) is None
    assert BOUNDS.check(None) is None and BOUNDS.check([1, 2]) is None


# quick first words of the published tables (under two seconds each on one core)
NORMAL = ["salet", "reast", "slate", "roate", "raise", "nails", "qajaq"]


@pytest.mark.slow
def test_the_best_of_a_few_first_words_proved_with_selby_s_totals(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    table = prove_first_words("wordle", "free", NORMAL, 3, asked=("nails",), runner=Processes(1))
    known = published("normal.top105.proven") | published("normal.some3593.every40th")
    exact = {w.word: w.value for w in table.solved}
    assert [w.word for w in table.solved][:3] == ["salet", "reast", "slate"]
    assert {w: known[w] for w in exact if w in known} == {w: t for w, t in exact.items() if w in known}
    assert {"salet", "reast", "slate", "nails"} <= set(exact)  # the three best and the one asked for
    bar = min(w.value for w in table.bounded)  # no other first word costs less: the three best are proved
    assert sorted(exact.values())[:3] == [exact["salet"], exact["reast"], exact["slate"]] and bar > exact["slate"]
    assert len(table.solved) + len(table.bounded) == len(NORMAL)


@pytest.mark.slow
def test_hard_mode_from_salet_is_selby_s_8122(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    table = prove_first_words("wordle", "hard", ["salet"], 1, runner=Processes(1))
    assert [(w.word, w.value) for w in table.solved] == [("salet", published("hard.top101.proven")["salet"])]


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
        prove_first_words("wordle", "free", words, 2, runner=Processes(1), step=stop_after_two)
    again: list[str] = []
    resumed = prove_first_words("wordle", "free", words, 2, runner=Processes(1), step=lambda w, _: again.append(w.word))
    assert not set(again) & set(searched[:2]) and sorted(again + searched[:2]) == sorted(words)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "fresh"))
    whole = prove_first_words("wordle", "free", words, 2, runner=Processes(1))
    assert found(whole) == found(resumed)


def found(table: first_words.FirstWordTable) -> list[tuple[str, int, int, int]]:
    """What a proof found, without the times it took."""
    return [(w.word, w.cut, w.value, w.max_turns) for w in table.solved + table.bounded]

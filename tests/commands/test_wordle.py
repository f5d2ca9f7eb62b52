"""The wordle command (generator/commands/wordle.py)."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from generator.output.rankingfile import read_rankings


def test_build_writes_verified_trees_and_keeps_them(cli, tmp_path: Path) -> None:
    argv = ("wordle", "build", "--tier", "answers", "--rule", "hard", "--strategy", "most-parts", "-q",
            "--out", str(tmp_path))
    code, out, _ = cli(*argv)
    path = tmp_path / "wordle" / "hard" / "most-parts-salet" / "all.json"
    assert code == 0 and "total 8150" in out and "6 past six" in out and "opener salet" in out
    raw = path.read_bytes()
    tree = orjson.loads(raw)
    assert tree["strategy"]["opener"] == "salet" and tree["strategy"]["opener_fixed"] is True
    assert tree["game"]["guess_rule"] == "hard" and tree["fingerprint"]["params"]["strategy"] == "most-parts"
    index = orjson.loads((path.parent / "index.json").read_bytes())
    assert index["totals"]["total_turns"] == 8150
    assert any(f["path"] == "wordle/hard/most-parts-salet" for f in orjson.loads(
        (tmp_path / "index.json").read_bytes())["folders"])
    code, out, _ = cli(*argv)
    assert code == 0 and "up to date (its fingerprint matches, it verifies), kept" in out and path.read_bytes() == raw
    code, out, _ = cli(*argv, "--force")
    assert code == 0 and "total 8150" in out and path.read_bytes() == raw  # deterministic


def test_own_opener_and_letter_frequency(cli, tmp_path: Path) -> None:
    code, out, _ = cli("wordle", "build", "--tier", "answers", "--rule", "free", "--strategy",
                       "entropy,letter-frequency", "--own-opener", "-q", "--out", str(tmp_path))
    assert code == 0
    assert "wordle/free/entropy/all.json: total 8020" in out and "opener soare" in out
    assert "wordle/free/letter-frequency/all.json: total 8528" in out and "22 past six" in out
    # from salet by default, letter-frequency still opens with a candidate (salet is no answer)
    code, out, _ = cli("wordle", "build", "--tier", "answers", "--rule", "free", "--strategy",
                       "letter-frequency", "-q", "--out", str(tmp_path))
    assert code == 0 and "letter-frequency/all.json: up to date" in out


def test_self_hard_mode_plays_only_words_that_can_still_be_the_secret(cli, tmp_path: Path) -> None:
    code, out, _ = cli("wordle", "build", "--tier", "answers", "--rule", "self-hard", "--strategy", "entropy",
                       "-q", "--out", str(tmp_path))
    # salet can be no answer, so self hard mode opens with its own choice
    assert code == 0 and "wordle/self-hard/entropy/all.json" in out and "opener salet" not in out
    path = tmp_path / "wordle" / "self-hard" / "entropy" / "all.json"
    assert orjson.loads(path.read_bytes())["game"]["guess_rule"] == "self-hard"
    code, out, _ = cli("verify", str(path))
    assert code == 0


def test_report_lists_the_committed_trees_by_tier_and_mode(cli) -> None:
    code, out, _ = cli("wordle", "report")
    assert code == 0
    lines = [" ".join(x.split()) for x in out.splitlines()]
    assert "mode strategy opener total min mean max >6 proved" in lines
    assert "normal optimal-salet salet 7920 2 3.4212 5 0 yes" in lines
    assert "hard optimal-salet salet 8122 2 3.5084 6 0 yes" in lines
    assert any(x.split()[:4] == ["normal", "entropy-salet", "salet", "7947"] for x in lines)
    # every tier, every mode
    for tier in ("answers:", "common:", "allowed:"):
        assert any(x.startswith(tier) for x in lines)
    assert any(x.startswith("self hard entropy ") for x in lines)


def test_openers_ranks_first_words_and_the_report_shows_them(cli, tmp_path: Path) -> None:
    trees = tmp_path / "trees"
    code, out, _ = cli("wordle", "build", "--tier", "answers", "--rule", "free", "--strategy", "minimax",
                       "-q", "--out", str(trees))
    assert code == 0
    argv = ("wordle", "openers", "--tier", "answers", "--strategy", "minimax", "--shortlist", "2",
            "-j", "1", "-q", "--out", str(trees))
    code, out, _ = cli(*argv)
    assert code == 0 and "(the 2 best first moves by its own keys and by entropy, salet, alert, sonde, trail)" in out
    rows = [x.split() for x in out.splitlines() if x.strip()[:1].isdigit()]
    # minimax's two best (arise, raise), entropy's two best (soare, roate), and the four asked for
    assert {r[1] for r in rows} == {"arise", "raise", "soare", "roate", "salet", "alert", "sonde", "trail"}
    assert [int(r[0]) for r in rows] == list(range(1, 9))
    assert [int(r[2]) for r in rows] == sorted(int(r[2]) for r in rows)  # best total first
    path = trees / "openers.json"
    raw = path.read_bytes()
    assert orjson.loads(raw)["rankings"][0]["asked"] == ["salet", "alert", "sonde", "trail"]
    code, out, _ = cli(*argv)
    assert code == 0 and path.read_bytes() == raw  # deterministic
    code, out, _ = cli("wordle", "report", "--tier", "answers", "--trees", str(trees))
    assert code == 0 and "openers, normal mode, minimax: " in out and "(placed: salet " in out


def test_the_optimal_ranking_proves_the_best_first_words(cli, user_error, monkeypatch, tmp_path: Path) -> None:
    import generator.runs.wordle as wordle_runs

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(wordle_runs, "first_words", lambda tier, rule, strategy: ["slate", "salet", "reast", "qajaq"])
    trees = tmp_path / "trees"
    argv = ("wordle", "openers", "--strategy", "optimal", "--tier", "answers", "--exact-top", "1", "-j", "1", "-q",
            "--out", str(trees))
    code, _, err = cli(*argv, "--rule", "self-hard")
    user_error(code, err, "the exact search plays free and hard mode, not self hard mode")
    code, _, err = cli(*argv, "--tier", "common")
    user_error(code, err, "optimal: the exact search weighs the first words of the answers and today tiers only")
    assert not trees.exists()
    code, out, _ = cli(*argv)
    rows = [x.split()[:3] for x in out.splitlines() if x.split()[1:2] in (["salet"], ["slate"])]
    # slate is asked for: its exact total, its place not known (reast has only a bound, below it or not)
    assert code == 0 and rows == [["1", "salet", "7920"], ["?", "slate", "7928"]]
    assert "2 of the 4 first words weighed have exact totals; each of the other 2 costs at least" in out
    assert "the 1 best are the best of all (proved)" in out
    ranking = next(r for r in read_rankings(trees / "openers.json") if r.strategy == "optimal")
    assert ranking.asked == ("salet", "slate") and ranking.shortlist == 1 and ranking.proved_best
    assert {b.word for b in ranking.bounds} == {"reast", "qajaq"} and ranking.first_words == 4
    # a shorter run: the first two words and those asked for, from the journal, not proved
    code, out, _ = cli(*argv, "--weigh", "2")
    assert code == 0 and "the 1 best of those weighed; 2 words not weighed" in out
    ranking = next(r for r in read_rankings(trees / "openers.json") if r.strategy == "optimal")
    assert not ranking.complete and not ranking.proved_best


def test_traps_are_written_and_the_report_shows_them(cli, tmp_path: Path) -> None:
    trees = tmp_path / "trees"
    code, _, _ = cli("wordle", "build", "--tier", "answers", "--rule", "free", "--strategy", "minimax",
                     "-q", "--out", str(trees))
    argv = ("wordle", "traps", "--tier", "answers", "--families", "2", "--out", str(trees))
    code, out, _ = cli(*argv, "--no-write")
    rows = [x.split() for x in out.splitlines() if x.startswith("_")]
    # the largest families of the answers: nine words one by one, three with a probe word
    assert code == 0 and rows == [["_ight", "9", "lnmewsfrt", "9", "3", "ferms"],
                                  ["_ound", "8", "prfmsbwh", "8", "3", "barfs"]]
    assert not (trees / "traps.json").exists()
    code, out, _ = cli(*argv)
    raw = (trees / "traps.json").read_bytes()
    assert code == 0 and [t["pattern"] for t in orjson.loads(raw)["traps"]] == ["_ight", "_ound"]
    code, out, _ = cli(*argv)
    assert code == 0 and (trees / "traps.json").read_bytes() == raw  # deterministic
    code, out, _ = cli("wordle", "report", "--tier", "answers", "--trees", str(trees))
    assert code == 0 and "traps (traps.json), guesses one by one / with a probe: _ight 9/3, _ound 8/3" in out
    (trees / "traps.json").write_text('{"format": "lingo-trees.traps", "version": 1, "traps": [{}]}')
    code, _, err = cli("wordle", "report", "--trees", str(trees))
    assert code != 0 and "traps.json: malformed trap" in err


@pytest.mark.parametrize("argv, message", [
    (["wordle", "traps", "--tier", "everything"], "invalid choice"),
    (["wordle", "traps", "--families", "0"], "must be 1 or more"),
    (["wordle", "traps", "--positions", "0"], "must be 1 or more"),
    (["wordle", "build", "--strategy", "nope"], "invalid choice"),
    (["wordle", "build", "--rule", "same-start"], "invalid choice"),
    (["wordle", "build", "--opener", "sa<et"], "is not a five-letter word"),
    (["wordle", "build", "--opener", "zzzzz", "--strategy", "scm"], "opener 'zzzzz' is not an allowed Wordle guess"),
    (["wordle", "build", "--opener", "salet", "--own-opener"], "not allowed with argument"),
    (["wordle", "report", "--trees", "/nonexistent/trees"], "nonexistent"),
    (["wordle", "build", "--tier", "rare"], "invalid choice"),
    (["wordle", "openers", "--shortlist", "0"], "must be 1 or more"),
    (["wordle", "openers", "--rule", "same-start"], "invalid choice"),
])
def test_errors_are_one_line(cli, user_error, tmp_path: Path, argv: list[str], message: str) -> None:
    code, _, err = cli(*argv, *(["--out", str(tmp_path)] if argv[1] == "build" else []))
    assert code != 0
    user_error(code, err, message)
    assert not list(tmp_path.rglob("*.json"))  # nothing written


def test_a_corrupt_openers_file_is_one_line(cli, user_error, tmp_path: Path) -> None:
    trees = tmp_path / "trees"
    code, _, _ = cli("wordle", "build", "--tier", "answers", "--rule", "free", "--strategy", "minimax",
                     "-q", "--out", str(trees))
    (trees / "openers.json").write_text('{"format": "lingo-trees.openers", "version": 1, "rankings": [{}]}')
    code, _, err = cli("wordle", "report", "--trees", str(trees))
    user_error(code, err, "openers.json: malformed ranking")

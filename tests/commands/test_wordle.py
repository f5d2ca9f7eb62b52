"""The wordle command (generator/commands/wordle.py)."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest


def test_build_writes_verified_trees_and_keeps_them(cli, tmp_path: Path) -> None:
    argv = ("wordle", "build", "--rule", "hard", "--strategy", "most-parts", "-q", "--out", str(tmp_path))
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
    assert code == 0 and "up to date (its fingerprint matches), kept" in out and path.read_bytes() == raw
    code, out, _ = cli(*argv, "--force")
    assert code == 0 and "total 8150" in out and path.read_bytes() == raw  # deterministic


def test_own_opener_and_letter_frequency(cli, tmp_path: Path) -> None:
    code, out, _ = cli("wordle", "build", "--rule", "free", "--strategy", "entropy,letter-frequency",
                       "--own-opener", "-q", "--out", str(tmp_path))
    assert code == 0
    assert "wordle/free/entropy/all.json: total 8020" in out and "opener soare" in out
    assert "wordle/free/letter-frequency/all.json: total 8528" in out and "22 past six" in out
    # from salet by default, letter-frequency still opens with a candidate (salet is no answer)
    code, out, _ = cli("wordle", "build", "--rule", "free", "--strategy", "letter-frequency", "-q",
                       "--out", str(tmp_path))
    assert code == 0 and "letter-frequency/all.json: up to date" in out


def test_report_lists_the_committed_trees(cli) -> None:
    code, out, _ = cli("wordle", "report")
    assert code == 0
    lines = out.splitlines()
    assert lines[1].split() == ["mode", "strategy", "opener", "total", "mean", "max", ">6", "proved"]
    assert "normal optimal-salet salet 7920 3.4212 5 0 yes" in [" ".join(x.split()) for x in lines]
    assert "hard optimal-salet salet 8122 3.5084 6 0 yes" in [" ".join(x.split()) for x in lines]
    assert any(x.split()[:4] == ["normal", "entropy-salet", "salet", "7947"] for x in lines[2:])


def test_traps_of_the_answers(cli) -> None:
    code, out, _ = cli("wordle", "traps", "--tier", "answers", "--top", "3")
    assert code == 0
    rows = [x.split() for x in out.splitlines() if x.startswith("_")]
    assert rows[0] == ["_ight", "9", "lnmewsfrt", "9", "3", "ferms"]  # night, light, ... one by one: 9
    assert len(rows) == 3 and "answers (wordle-answers)" in out


@pytest.mark.parametrize("argv, message", [
    (["wordle", "traps", "--tier", "everything"], "invalid choice"),
    (["wordle", "traps", "--top", "0"], "must be 1 or more"),
    (["wordle", "build", "--strategy", "nope"], "invalid choice"),
    (["wordle", "build", "--rule", "same-start"], "invalid choice"),
    (["wordle", "build", "--opener", "sa<et"], "is not a five-letter word"),
    (["wordle", "build", "--opener", "zzzzz", "--strategy", "scm"], "opener 'zzzzz' is not an allowed Wordle guess"),
    (["wordle", "build", "--opener", "salet", "--own-opener"], "not allowed with argument"),
    (["wordle", "report", "--trees", "/nonexistent/trees"], "nonexistent"),
])
def test_errors_are_one_line(cli, user_error, tmp_path: Path, argv: list[str], message: str) -> None:
    code, _, err = cli(*argv, *(["--out", str(tmp_path)] if argv[1] == "build" else []))
    assert code != 0
    user_error(code, err, message)
    assert not list(tmp_path.rglob("*.json"))  # nothing written

"""The openers ranking file (generator/output/rankingfile.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import TreeFormatError
from generator.output.rankingfile import dump_rankings, load_rankings, read_rankings, write_rankings
from generator.search.ranking import OpenerBound, OpenerRanking, OpenerScore


def ranking(strategy: str, total: int = 10) -> OpenerRanking:
    return OpenerRanking("answers", "wordle", "free", strategy, 1, 4, (OpenerScore("salet", total, 4, 0, 1),))


def test_round_trip_and_deterministic() -> None:
    optimal = OpenerRanking("answers", "wordle", "free", "optimal", 1, 4, (OpenerScore("salet", 10, 4, 0, 1),), (),
                            (OpenerBound("xylyl", None), OpenerBound("qajaq", 12)), 3)
    rankings = [ranking("scm"), ranking("entropy"), optimal]
    raw = dump_rankings(rankings)
    loaded = load_rankings(raw)
    assert [r.bounds for r in loaded] == [(), (OpenerBound("qajaq", 12), OpenerBound("xylyl", None)), ()]
    assert [r.key for r in loaded] == sorted(r.key for r in rankings)
    assert dump_rankings(list(reversed(rankings))) == raw and raw.endswith(b"\n")
    assert b'"bounds": {\n        "qajaq": 12,\n        "xylyl": null\n      }' in raw  # a word a line, in order


def test_a_version_1_file_is_read_without_bounds() -> None:
    raw = (b'{"format": "lingo-trees.openers", "version": 1, "rankings": [{"tier": "answers", "setup": "wordle", '
           b'"rule": "free", "strategy": "scm", "shortlist": 1, "secrets": 4, "asked": [], "scores": '
           b'[{"word": "salet", "total": 10, "max_turns": 4, "late": 0, "first_move_place": 1}]}]}')
    assert load_rankings(raw) == [ranking("scm")]


def test_write_replaces_the_same_ranking_and_keeps_the_others(tmp_path: Path) -> None:
    path = tmp_path / "wordle" / "openers.json"
    assert read_rankings(path) == []
    write_rankings(path, [ranking("scm"), ranking("entropy")])
    write_rankings(path, [ranking("scm", 12)])
    got = {r.strategy: r.scores[0].total for r in read_rankings(path)}
    assert got == {"scm": 12, "entropy": 10}
    assert [p.name for p in path.parent.iterdir()] == ["openers.json"]  # no temp file left


@pytest.mark.parametrize("raw, message", [
    (b"{", "not JSON"),
    (b'{"format": "lingo-trees.tree"}', "not an openers file"),
    (b'{"format": "lingo-trees.openers", "version": 9}', "version 9 is not 2"),
    (b'{"format": "lingo-trees.openers", "version": 2, "rankings": [{"tier": "answers"}]}', "malformed ranking"),
    (b'{"format": "lingo-trees.openers", "version": 2, "rankings": [{"tier": "a", "setup": "wordle", "rule": "free", "strategy": "s", '
     b'"shortlist": 1, "secrets": 1, "asked": [], "bounds": {}, "scores": [{"word": "x", "total": -1, "max_turns": 1, '
     b'"late": 0, "first_move_place": 1}]}]}', "malformed ranking"),
    (b'{"format": "lingo-trees.openers", "version": 2, "rankings": [{"tier": "a", "setup": "wordle", "rule": "free", "strategy": "s", '
     b'"shortlist": 1, "secrets": 1, "asked": [], "bounds": {"x": "many"}, "scores": []}]}', "malformed ranking"),
])
def test_bad_files_are_one_line_errors(raw: bytes, message: str) -> None:
    with pytest.raises(TreeFormatError, match=message):
        load_rankings(raw, "openers.json")

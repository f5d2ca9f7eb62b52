"""The one-letter traps file (generator/output/trapsfile.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import TreeFormatError
from generator.output.trapsfile import dump_traps, load_traps, read_traps, write_traps
from generator.search.traps import Family, Trap, WorstCase

ATCH = Family(0, "_atch", ("batch", "hatch", "latch", "match"))
IGHT = Family(0, "_ight", ("fight", "light", "might", "night", "right"))


def trap(tier: str, family: Family, probe: WorstCase = WorstCase(3, "blimp", 3)) -> Trap:
    return Trap(tier, f"wordle-{tier}", family, WorstCase(len(family.words), family.words[0], len(family.words)),
                probe, 5000)


def test_round_trip_and_deterministic() -> None:
    traps = [trap("common", ATCH), trap("answers", ATCH), trap("answers", IGHT, WorstCase(4, "flirt", 3))]
    raw = dump_traps(traps)
    got = load_traps(raw)
    # by tier (answers, common, allowed), then the largest family first
    assert got == [traps[2], traps[1], traps[0]]
    assert got[0].with_probe.proved is False and got[1].with_probe.proved is True
    assert dump_traps(list(reversed(traps))) == raw and raw.endswith(b"\n")


def test_write_replaces_a_tier_and_keeps_the_others(tmp_path: Path) -> None:
    path = tmp_path / "trees" / "traps.json"
    assert read_traps(path) == []
    write_traps(path, [trap("answers", ATCH), trap("common", IGHT)])
    write_traps(path, [trap("answers", IGHT)])
    assert [(t.tier, t.family.pattern) for t in read_traps(path)] == [("answers", "_ight"), ("common", "_ight")]
    assert [p.name for p in path.parent.iterdir()] == ["traps.json"]  # no temp file left


GOOD = (b'{"tier": "answers", "setup": "wordle", "pattern": "_atch", "place": 0, "words": ["batch", "hatch"], '
        b'"budget": 5000, "one_by_one": {"guesses": 2, "first": "batch", "at_least": 2}, ')


@pytest.mark.parametrize("raw, message", [
    (b"{", "not JSON"),
    (b'{"format": "lingo-trees.openers"}', "not a traps file"),
    (b'{"format": "lingo-trees.traps", "version": 9}', "version 9 is not 1"),
    (b'{"format": "lingo-trees.traps", "version": 1, "traps": [{"tier": "answers"}]}', "malformed trap"),
    (b'{"format": "lingo-trees.traps", "version": 1, "traps": [' + GOOD
     + b'"with_probe": {"guesses": 2, "first": "batch", "at_least": 3}}]}', "malformed trap"),  # at least > found
    (b'{"format": "lingo-trees.traps", "version": 1, "traps": ['
     + GOOD.replace(b'"hatch"', b'"hitch"') + b'"with_probe": {"guesses": 2, "first": "batch", "at_least": 2}}]}',
     "not of the family _atch"),
])
def test_bad_files_are_one_line_errors(raw: bytes, message: str) -> None:
    with pytest.raises(TreeFormatError, match=message):
        load_traps(raw, "traps.json")


def test_a_good_record_loads() -> None:
    raw = (b'{"format": "lingo-trees.traps", "version": 1, "traps": [' + GOOD
           + b'"with_probe": {"guesses": 2, "first": "batch", "at_least": 2}}]}')
    (t,) = load_traps(raw)
    assert t.family == Family(0, "_atch", ("batch", "hatch")) and t.setup == "wordle" and t.with_probe.proved

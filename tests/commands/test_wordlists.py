"""The wordlists command (generator/commands/wordlists.py)."""

from __future__ import annotations

import pytest

from generator.core.catalog import list_spec


def test_wordlists_lists_every_id_with_its_count(cli, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli("wordlists")
    assert code == 0 and err == ""
    lists, setups = out.split("\n\n")  # the lists, then the set-ups (an id may name one of each)
    rows = {line.split()[0]: line.split() for line in lists.splitlines()}
    for list_id, count in [("nl-basis-5", 3219), ("nl-all-5", 5414), ("nl-basis-5-ij", 3374),
                           ("nl-all-5-ij", 5673), ("en-enable-5", 8636), ("wordle-answers", 2315),
                           ("wordle-allowed", 12972)]:
        assert rows[list_id][3] == str(count), rows[list_id]
        assert list_spec(list_id).version in out
    assert rows["nl-basis-5-ij"][4] == "ij"
    rows = {line.split()[0]: line.split() for line in setups.splitlines()}
    for setup in ("nl", "nl-ij", "en", "wordle", "wordle-common", "wordle-allowed"):
        assert setup in rows
    assert rows["wordle"][1:4] == ["wordle", "wordle-answers", "wordle-allowed"]
    assert rows["wordle-common"][1:4] == ["wordle", "wordle-common", "wordle-allowed"]

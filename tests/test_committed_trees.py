"""The committed trees are what the code builds now (a rebuild shows no diff),
and they are complete: every letter of every set-up, rule and strategy."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from generator.runs.lingo import build, trees_dir
from generator.runs.letters import LINGO_RULES, context

TREES = trees_dir()


@pytest.mark.parametrize("setup,rule,strategy,letter", [
    ("nl", "free", "human", "c"),
    ("nl", "free", "scm", "h"),
    ("nl", "same-start", "human", "u"),
    ("nl-ij", "same-start", "human-lookup", "ij"),
    ("en", "free", "human-lookup", "q"),
])
def test_rebuild_gives_the_committed_bytes(tmp_path: Path, setup: str, rule: str, strategy: str, letter: str) -> None:
    build([setup], [rule], [strategy], [letter], root=tmp_path, workers=1, progress=lambda _: None)
    name = f"{setup}/{rule}/{strategy}/{letter}.json"
    assert (tmp_path / name).read_bytes() == (TREES / name).read_bytes(), name


@pytest.mark.parametrize("setup", ["nl", "nl-ij", "en"])
def test_every_letter_has_its_trees(setup: str) -> None:
    letters = set(context(setup).letters())
    for rule in LINGO_RULES:
        strategies = ["scm", "human", "human-lookup"] + (["shared"] if rule == "free" else [])
        for strategy in strategies:
            folder = TREES / setup / rule / strategy
            assert {p.stem for p in folder.glob("*.json")} - {"index"} == letters, folder
            index = orjson.loads((folder / "index.json").read_bytes())
            assert set(index["letters"]) == letters

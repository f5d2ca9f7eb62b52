"""Build or keep (generator/runs/keep.py): the one way every family writes its trees."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest

from generator.core.files import FileError
from generator.core.fingerprint import Fingerprint
from generator.runs.keep import Done, build_or_keep
from generator.runs.progress import reporter

TREES = Path(__file__).resolve().parents[2] / "trees"
LETTERS = ["x", "y"]  # two small committed trees: nl/free/scm/x.json and y.json


def _source(letter: str) -> Path:
    return TREES / "nl" / "free" / "scm" / f"{letter}.json"


def _fingerprint(letter: str) -> Fingerprint:
    found: Fingerprint = orjson.loads(_source(letter).read_bytes())["fingerprint"]
    return found


def _run(root: Path, built: list[str], *, force: bool = False,
         index: bool = True) -> list[Done[str, str]]:
    def build(todo: list[str]) -> Iterator[tuple[str, bytes, str]]:
        for letter in todo:
            built.append(letter)
            yield letter, _source(letter).read_bytes(), f"built {letter}"

    return list(build_or_keep(LETTERS, build, path=lambda x: root / "nl" / "free" / "scm" / f"{x}.json",
                              fingerprint=_fingerprint, workers=1, report=reporter(None), what="test",
                              force=force, index_root=root if index else None))


def test_what_is_missing_is_built_then_kept_and_the_indexes_follow(tmp_path: Path) -> None:
    built: list[str] = []
    done = _run(tmp_path, built)
    assert built == LETTERS and [d.built for d in done] == ["built x", "built y"]
    for letter in LETTERS:
        assert (tmp_path / "nl/free/scm" / f"{letter}.json").read_bytes() == _source(letter).read_bytes()
    index = orjson.loads((tmp_path / "nl/free/scm/index.json").read_bytes())
    assert sorted(index["letters"]) == LETTERS
    assert (tmp_path / "index.json").is_file()

    built.clear()
    done = _run(tmp_path, built)
    assert built == [] and [(d.job, d.built) for d in done] == [("x", None), ("y", None)]
    _run(tmp_path, built, force=True)
    assert built == LETTERS


def test_a_kept_file_of_an_older_version_is_written_again_in_this_one(tmp_path: Path) -> None:
    """A version 2 file (the strategy block's old names) is kept, not rebuilt,
    and written again as the build writes it now."""
    built: list[str] = []
    _run(tmp_path, built)
    path = tmp_path / "nl/free/scm/x.json"
    old = orjson.loads(path.read_bytes())
    old["version"] = 2
    old["strategy"] = {("tie_break" if k == "tie_breaks" else k): v for k, v in old["strategy"].items()}
    path.write_bytes(orjson.dumps(old, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE))
    built.clear()
    _run(tmp_path, built)
    assert built == [] and path.read_bytes() == _source("x").read_bytes()


def test_a_file_that_no_longer_verifies_is_built_again(tmp_path: Path) -> None:
    built: list[str] = []
    _run(tmp_path, built)
    path = tmp_path / "nl/free/scm/y.json"
    data = orjson.loads(path.read_bytes())
    data["stats"]["total_turns"] += 1  # the same fingerprint, an edited tree
    path.write_bytes(orjson.dumps(data))
    built.clear()
    _run(tmp_path, built)
    assert built == ["y"] and path.read_bytes() == _source("y").read_bytes()


def test_every_target_is_checked_before_anything_is_built(tmp_path: Path) -> None:
    folder = tmp_path / "nl/free/scm"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "y.json")
    built: list[str] = []
    with pytest.raises(FileError):
        _run(tmp_path, built, index=False)
    assert built == [] and not (folder / "x.json").exists()

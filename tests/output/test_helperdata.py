"""The clue helper's data files: lists offered, lengths, most common first."""

from __future__ import annotations

import gzip
from pathlib import Path

import orjson

from generator.core.catalog import helper_lists, load_list
from generator.core.frequency import zipf
from generator.output.helperdata import LENGTHS, helper_files


def test_the_tiny_project_offers_its_list(tiny: Path) -> None:
    files = dict(helper_files())
    index = orjson.loads(files["helper/index.json"])
    assert [lst["id"] for lst in index["lists"]] == ["tiny-5-ij"]
    entry = index["lists"][0]
    assert entry["digraphs"] == ["ij"] and entry["lengths"] == {"5": len(load_list("tiny-5-ij"))}
    words = gzip.decompress(files["helper/tiny-5-ij/5.txt.gz"]).decode().splitlines()
    assert sorted(words) == sorted(load_list("tiny-5-ij").words)
    assert list(files)[-1] == "helper/index.json"


def test_shipped_lists_most_common_first_and_lengths_4_to_15() -> None:
    offered = {spec.id for spec in helper_lists()}
    assert {"nl-all", "nl-basis", "en-enable", "wordle-answers", "wordle-allowed"} <= offered
    files = dict(helper_files())
    index = orjson.loads(files["helper/index.json"])
    ids = [lst["id"] for lst in index["lists"]]
    assert ids[:3] == ["nl-basis", "nl-all", "en-enable"]  # every-length lists first
    for lst in index["lists"]:
        for n, count in lst["lengths"].items():
            assert int(n) in LENGTHS
            words = gzip.decompress(files[f"helper/{lst['id']}/{n}.txt.gz"]).decode().splitlines()
            assert len(words) == count
    words = gzip.decompress(files["helper/en-enable/7.txt.gz"]).decode().splitlines()
    z = zipf(words, "en")
    assert z == sorted(z, reverse=True)
    assert sorted(words) == sorted(load_list("en-enable").with_length(7).words)
    assert files == dict(helper_files())  # deterministic


def test_lists_have_plain_names() -> None:
    """The helper's picker names each list in plain words: no list id, no filter jargon."""
    index = orjson.loads(dict(helper_files())["helper/index.json"])
    titles = {lst["id"]: lst["title"] for lst in index["lists"]}
    assert titles["wordle-answers"] == "Wordle's 2,315 answers (2022)"
    assert titles["wordle-allowed"] == f"Wordle's {len(load_list('wordle-allowed')):,} allowed guesses (2022, answers included)"
    assert titles["en-enable"] == "English, every ENABLE word"
    assert len(set(titles.values())) == len(titles)
    for lid, title in titles.items():
        assert lid not in title and "none" not in title and ":" not in title, title


def test_a_list_without_a_plain_name_is_called_by_its_language_and_filter(tiny: Path) -> None:
    index = orjson.loads(dict(helper_files())["helper/index.json"])
    assert [lst["title"] for lst in index["lists"]] == ["Dutch, a sample for tests"]

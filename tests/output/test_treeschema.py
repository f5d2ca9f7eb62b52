"""The JSON Schema: made from the strategy records, valid, documented, and
choosing for each tree the definition the reader checks it against."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import orjson
import pytest

from generator.core.blocks import BLOCKS, fields
from generator.errors import TreeFormatError
from generator.output.treefile import load_tree
from generator.output.treeschema import SCHEMA, _def_name

ROOT = Path(__file__).resolve().parents[2]
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def test_the_schema_is_valid() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("record", BLOCKS, ids=lambda r: r.__name__)
def test_every_record_is_a_definition_with_its_fields(record: type) -> None:
    definition = SCHEMA["$defs"][_def_name(record)]
    known = fields(record)
    assert list(definition["properties"]) == list(known)
    assert definition["required"] == [name for name, (_, _, required) in known.items() if required]
    assert definition["additionalProperties"] is False


def test_docs_name_every_definition() -> None:
    text = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    for record in BLOCKS:
        assert f"| `{_def_name(record)}` |" in text, f"docs/format.md does not name {_def_name(record)}"


#: committed trees of each definition: another definition's block under their scheme fails
TREES = {
    "human": "trees/nl/free/human/k.json",
    "scm": "trees/nl/free/scm/a.json",
    "optimal": "trees/wordle/free/optimal-salet/all.json",
    "greedy": "trees/wordle/free/scm/all.json",
    "mastermind-optimal": "trees/mastermind/4x6/optimal-5/all.json",
}


@pytest.mark.parametrize("mine, other", [("human", "scm"), ("greedy", "optimal"), ("optimal", "greedy"),
                                         ("mastermind-optimal", "greedy"), ("scm", "greedy")])
def test_a_block_of_another_definition_fails_both_checks(mine: str, other: str) -> None:
    data = orjson.loads((ROOT / TREES[mine]).read_bytes())
    assert VALIDATOR.is_valid(data)
    block = orjson.loads((ROOT / TREES[other]).read_bytes())["strategy"]
    data["strategy"] = block | {"scheme": data["strategy"]["scheme"]}
    assert not VALIDATOR.is_valid(data)
    with pytest.raises(TreeFormatError, match="^strategy"):
        load_tree(orjson.dumps(data))

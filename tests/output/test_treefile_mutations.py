"""The tree reader against random mutations of real tree files
(generator/output/treefile.py, and the whole check of generator/runs/verify.py):
truncation, bytes changed, types changed, deep nesting, huge numbers, odd
Unicode. Every mutation gives a valid tree or one clean error, never a
traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.core.catalog import trees_dir
from generator.errors import LingoTreesError
from generator.output.treefile import load_tree
from generator.runs.verify import check_file

SAMPLES = [trees_dir() / p for p in (
    "nl/free/human/q.json", "nl-ij/same-start/scm/q.json", "mastermind/4x6/knuth/all.json",
    "hangman/en-enable/6/risk/2.json", "en/free/optimal/x.json")]
ODD = ["\ud800", "\x00", "\u202e", "😀", "ij\u0301", "\ufeff", "<script>", "../..", " ", "", "GGGGG", "5B0W"]
VALUES: list[Any] = [None, True, 0, -1, 10**30, 1e308, -1e308, 0.5, "", "x", [], {}, [1], {"a": 1}] + ODD


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data[:5]):
            out += _paths(v, path + (i,))
    return out


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    data[path[0]] = _set(data[path[0]], path[1:], value)
    return data


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    raw = SAMPLES[draw(st.integers(0, len(SAMPLES) - 1))].read_bytes()
    how = draw(st.sampled_from(["truncate", "bytes", "value", "key", "nest", "numbers"]))
    if how == "truncate":
        return raw[: draw(st.integers(0, len(raw) - 1))]
    if how == "bytes":
        i = draw(st.integers(0, len(raw) - 1))
        return raw[:i] + draw(st.binary(min_size=1, max_size=4)) + raw[i + 1:]
    data = orjson.loads(raw)
    paths = _paths(data)
    where = paths[draw(st.integers(0, len(paths) - 1))]
    if how == "value":
        data = _set(data, where, draw(st.sampled_from(VALUES)))
    elif how == "key" and where and isinstance(where[-1], str):
        parent = _set(data, (), data)
        for step in where[:-1]:
            parent = parent[step]
        parent[draw(st.sampled_from(ODD))] = parent.pop(where[-1])
    elif how == "nest":
        depth = draw(st.integers(1, 3000))
        text = json.dumps(data["root"])
        text = '{"guess": "x", "next": {"G....": ' * depth + text + "}}" * depth
        return orjson.dumps(data).replace(orjson.dumps(data["root"]), text.encode(), 1)
    else:
        data["stats"][draw(st.sampled_from(["secrets", "total_turns", "max_turns", "mean_turns"]))] = \
            draw(st.sampled_from([10**19, -10**19, 2**63, 1e308, float("nan") if False else 1.5, -0.0]))
    return json.dumps(data, ensure_ascii=draw(st.booleans())).encode("utf-8", "surrogatepass")


@settings(max_examples=500, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_a_mutated_tree_is_valid_or_one_clean_error(raw: bytes) -> None:
    try:
        load_tree(raw, strict=True)
    except LingoTreesError as exc:
        assert "\n" not in str(exc) and str(exc)


@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_verifying_a_mutated_file_never_raises(tmp_path_factory: Any, raw: bytes) -> None:
    path = Path(tmp_path_factory.mktemp("m")) / "t.json"
    path.write_bytes(raw)
    verdict = check_file(path)  # a verdict, whatever the file holds
    assert verdict.ok or verdict.problems

"""The tree file format: round trip, determinism, every corruption, the schema (generator/output/treefile.py)."""

from __future__ import annotations

import copy
import os
import stat
from pathlib import Path
from typing import Any

import jsonschema
import orjson
import pytest

from generator.core.files import FileError
from generator.core.tree import GameTree, Stats
from generator.errors import TreeFormatError
from generator.output.treefile import (
    FORMAT,
    VERSION,
    dump_tree,
    load_tree,
    read_tree,
    tree_data,
    write_atomic,
    write_tree,
)
from generator.output.treeschema import SCHEMA

DATA = Path(__file__).resolve().parents[1] / "data"

ROOT = Path(__file__).resolve().parents[2]

@pytest.fixture(scope="module")
def z_tree(kit) -> GameTree:
    """A tree with secrets past the last turn, so with ``late``."""
    return kit.lingo_tree("z")

@pytest.fixture(scope="module")
def ij_tree(kit) -> GameTree:
    return kit.lingo_tree("ij", "nl-basis-5-ij", "nl-all-5-ij")

def _set(path: str | tuple[str, ...], value: Any) -> Any:
    """A mutation of the parsed JSON: set (or with ... delete) a dotted path
    (a tuple of keys where a key holds dots)."""

    def mutate(data: dict[str, Any]) -> None:
        *parents, last = path.split(".") if isinstance(path, str) else path
        obj = data
        for key in parents:
            obj = obj[key]
        if value is ...:
            del obj[last]
        else:
            obj[last] = value

    return mutate

CORRUPTIONS = [
    # wrong format or version
    ("format", _set("format", "lingo-trees.graph"), r"^format: expected 'lingo-trees.tree', found 'lingo-trees.graph'$"),
    ("no format", _set("format", ...), r"^format: expected 'lingo-trees.tree', found None$"),
    ("version 4", _set("version", 4), r"^version: this program reads versions 1, 2 and 3, the file is version 4$"),
    ("version '1'", _set("version", "1"), r"^version: .* the file is version '1'$"),
    ("version true", _set("version", True), r"^version: .* the file is version True$"),
    ("no version", _set("version", ...), r"^version: .* the file is version None$"),
    # missing keys
    ("no game", _set("game", ...), r"^missing 'game'$"),
    ("no wordlists", _set("wordlists", ...), r"^missing 'wordlists'$"),
    ("no strategy", _set("strategy", ...), r"^missing 'strategy'$"),
    ("no scheme", _set("strategy.scheme", ...), r"^strategy: missing 'scheme'$"),
    ("no stats", _set("stats", ...), r"^missing 'stats'$"),
    ("no secrets", _set("secrets", ...), r"^missing 'secrets'$"),
    ("no root", _set("root", ...), r"^missing 'root'$"),
    ("no answers", _set("wordlists.answers", ...), r"^wordlists: missing 'answers'$"),
    ("no guess_rule", _set("game.guess_rule", ...), r"^game: missing 'guess_rule'$"),
    ("no revealed", _set("game.revealed", ...), r"^game: missing 'revealed'"),
    ("no turns", _set("game.turns", ...), r"^game: missing 'turns'$"),
    ("no total", _set("stats.total_turns", ...), r"^stats: missing 'total_turns'$"),
    ("no mean", _set("stats.mean_turns", ...), r"^stats: missing 'mean_turns'$"),
    # unknown keys (the schema forbids them; a typo must not hide data)
    ("extra top", _set("lates", ["quark"]), r"^unknown keys \['lates'\]$"),
    ("extra game", _set("game.colour", "red"), r"^game: unknown keys \['colour'\]$"),
    ("extra lists", _set("wordlists.extra", "x"), r"^wordlists: unknown keys \['extra'\]$"),
    ("extra stats", _set("stats.median", 2), r"^stats: unknown keys \['median'\]$"),
    # wrong types
    ("game list", _set("game", []), r"^'game' must be an object, not an array$"),
    ("wordlists str", _set("wordlists", "nl"), r"^'wordlists' must be an object, not a string$"),
    ("answers int", _set("wordlists.answers", 3), r"^wordlists: 'answers' must be a string, not 3$"),
    ("strategy str", _set("strategy", "greedy"), r"^'strategy' must be an object, not a string$"),
    ("scheme int", _set("strategy.scheme", 1), r"^strategy: 'scheme' must be a name$"),
    ("scheme unknown", _set("strategy.scheme", "magic"), r"^strategy: no scheme 'magic' is known for lingo$"),
    ("scm without moves", _set("strategy.moves", ...), r"^strategy: missing 'moves'$"),
    ("scm extra key", _set("strategy.rule", "x"), r"^strategy: unknown key 'rule'$"),
    ("length str", _set("game.length", "5"), r"^game: 'length' must be a whole number, not a string$"),
    ("length bool", _set("game.length", True), r"^game: 'length' must be a whole number, not true or false$"),
    ("length float", _set("game.length", 5.0), r"^game: 'length' must be a whole number, not 5.0$"),
    ("length 1", _set("game.length", 1), r"^game: word length 1 is outside 2..20$"),
    ("turns 0", _set("game.turns", 0), r"^game: 'turns' must be 1 to 1000, not 0$"),
    ("revealed int", _set("game.revealed", 7), r"^game: 'revealed' must be a letter .* or null, not 7$"),
    ("revealed empty", _set("game.revealed", ""), r"^game: 'revealed' must be a letter .* or null, not ''$"),
    ("revealed path", _set("game.revealed", "../../x"), r"^game: 'revealed' must be a letter .*, not '../../x'$"),
    ("turns huge", _set("game.turns", 1e30), r"^game: 'turns' must be a whole number, not 1e\+30$"),
    ("rule", _set("game.guess_rule", "easy"), r"^game: unknown guess rule 'easy'"),
    ("feedback", _set("game.feedback", "jotto"), r"^game: unknown feedback kind 'jotto'$"),
    ("digraphs str", _set("game.digraphs", "ij"), r"^game: 'digraphs' must be an array, not a string$"),
    ("digraphs int", _set("game.digraphs", [1]), r"^game: 'digraphs' must be a list of two-letter"),
    ("digraphs long", _set("game.digraphs", ["ijk"]), r"^game: 'digraphs' must be a list of two-letter"),
    ("same-start, no letter", lambda d: d["game"].update(revealed=None, guess_rule="same-start"),
     r"^game: the same-start rule needs a game that reveals the first letter$"),
    ("secrets str", _set("secrets", "quark"), r"^'secrets' must be an array, not a string$"),
    ("secrets ints", _set("secrets", ["quark", 3]), r"^secrets: must be a list of words$"),
    ("secrets empty word", _set("secrets", ["quark", ""]), r"^secrets: must be a list of words$"),
    ("late str", _set("late", "quark"), r"^late: must be a list of words$"),
    ("stats list", _set("stats", [1]), r"^'stats' must be an object, not an array$"),
    ("stats secrets str", _set("stats.secrets", "10"), r"^stats: 'secrets' must be a whole number, not a string$"),
    ("stats max float", _set("stats.max_turns", 3.0), r"^stats: 'max_turns' must be a whole number, not 3.0$"),
    ("turns list", _set("stats.turns", [1, 6, 3]), r"^stats: 'turns' must be an object, not an array$"),
    ("turns key", _set("stats.turns", {"two": 6}), r"^stats: 'turns' must map turn numbers to counts$"),
    ("turns key 0", _set("stats.turns", {"02": 6}), r"^stats: 'turns' must map turn numbers to counts$"),
    ("turns value str", _set("stats.turns", {"2": "6"}), r"^stats: 'turns' must map turn numbers"),
    ("turns value float", _set("stats.turns", {"2": 6.5}), r"^stats: 'turns' must map turn numbers"),
    ("turns value 0", _set("stats.turns", {"2": 0}), r"^stats: 'turns' must map turn numbers"),
    # bad mean
    ("mean str", _set("stats.mean_turns", "2.2"), r"^stats: 'mean_turns' must be a number, not a string$"),
    ("mean bool", _set("stats.mean_turns", True), r"^stats: 'mean_turns' must be a number, not true or false$"),
    ("mean wrong", _set("stats.mean_turns", 2.3),
     r"^stats: mean_turns 2.3 disagrees with total_turns/secrets = 2.2$"),
    # bad nodes
    ("root int", _set("root", 3), r"^root: a node must be a word or an object, not int$"),
    ("root empty", _set("root", ""), r"^root: empty word$"),
    ("root list", _set("root", ["quant"]), r"^root: a node must be a word or an object, not list$"),
    ("no next", _set("root.next", ...), r"^root: missing 'next'$"),
    ("no guess", _set("root.guess", ...), r"^root: missing 'guess'$"),
    ("next list", _set("root.next", []), r"^root: 'next' must be an object, not an array$"),
    ("node extra", _set("root.size", 10), r"^root: unknown node keys \['size'\]$"),
    ("bad pattern", _set(("root", "next", "GQ..."), "quark"), r"^root: 'GQ...' is not a feedback pattern"),
    ("lower pattern", _set(("root", "next", "gg..."), "quark"), r"^root: 'gg...' is not a feedback pattern"),
    ("empty pattern", _set(("root", "next", ""), "quark"), r"^root: '' is not a feedback pattern"),
    ("deep guess", _set(("root", "next", "GG...", "guess"), 5), r"^root > GG...: 'guess' must be a string, not 5$"),
    ("deep leaf", _set(("root", "next", "GG...", "next", "GGG.."), None), r"^root > GG... > GGG..: a node must be"),
    ("deep pattern", _set(("root", "next", "GGG..", "next", "GGGx."), "quasi"),
     r"^root > GGG..: 'GGGx.' is not a feedback pattern"),
]

LOADER_ONLY = ("mean wrong", "same-start, no letter", "revealed empty", "length float", "stats max float")


def test_layout(q_tree: GameTree) -> None:
    data = orjson.loads(dump_tree(q_tree))
    assert list(data) == ["format", "version", "game", "wordlists", "strategy", "stats", "secrets", "root"]
    assert data["format"] == FORMAT == "lingo-trees.tree" and data["version"] == VERSION == 3
    assert data["game"] == {"name": "lingo", "feedback": "positional", "length": 5, "turns": 5,
                            "revealed": "q", "guess_rule": "free", "digraphs": []}
    assert data["stats"] == {"secrets": 10, "total_turns": 22, "max_turns": 3, "mean_turns": 2.2,
                             "turns": {"1": 1, "2": 6, "3": 3}}
    assert "late" not in data


@pytest.mark.parametrize("name", ["q_tree", "z_tree", "ij_tree"])
def test_round_trip_is_byte_identical(name: str, request: pytest.FixtureRequest) -> None:
    tree = request.getfixturevalue(name)
    raw = dump_tree(tree)
    again = load_tree(raw)
    assert dump_tree(again) == raw
    assert again.root == tree.root and again.secrets == tree.secrets and again.late == tree.late
    assert again.stats == tree.stats and again.strategy == tree.strategy
    assert again.game == tree.game
    assert raw.endswith(b"}\n") and raw.startswith(b'{\n  "format"')


def test_late_is_written_only_when_needed(z_tree: GameTree) -> None:
    assert z_tree.late
    data = orjson.loads(dump_tree(z_tree))
    assert data["late"] == list(z_tree.late)
    assert list(data)[-2:] == ["late", "root"]


def test_digraph_words_are_plain_text(ij_tree: GameTree) -> None:
    data = orjson.loads(dump_tree(ij_tree))
    assert data["game"]["digraphs"] == ["ij"] and data["game"]["revealed"] == "ij"
    assert all(w.startswith("ij") for w in data["secrets"])


def test_deterministic_same_tree_same_bytes(kit) -> None:
    assert dump_tree(kit.lingo_tree("q")) == dump_tree(kit.lingo_tree("q"))


def test_next_is_sorted_whatever_the_build_order(q_tree: GameTree) -> None:
    shuffled = copy.deepcopy(q_tree)
    assert not isinstance(shuffled.root, str)
    shuffled.root.next = dict(reversed(list(shuffled.root.next.items())))
    assert dump_tree(shuffled) == dump_tree(q_tree)


def test_committed_fixture_is_what_the_helper_builds(q_tree: GameTree) -> None:
    """tests/data/nl-q.json: a small good tree (regenerate with write_tree if the format changes)."""
    assert (DATA / "nl-q.json").read_bytes() == dump_tree(q_tree)


def test_dump_needs_stats(q_tree: GameTree) -> None:
    no_stats = copy.copy(q_tree)
    no_stats.stats = None
    with pytest.raises(TreeFormatError, match="compute them first"):
        dump_tree(no_stats)


def test_write_and_read(tmp_path: Path, q_tree: GameTree) -> None:
    path = tmp_path / "deep" / "er" / "q.json"
    write_tree(path, q_tree)
    assert path.read_bytes() == dump_tree(q_tree)
    assert dump_tree(read_tree(path)) == dump_tree(q_tree)
    assert [p.name for p in path.parent.iterdir()] == ["q.json"]


def test_written_files_get_the_usual_mode(tmp_path: Path, q_tree: GameTree) -> None:
    """Not mkstemp's private 0600: other users (a web server) can read the trees."""
    mask = os.umask(0o022)
    try:
        write_tree(tmp_path / "q.json", q_tree)
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "q.json").stat().st_mode) == 0o644


def test_write_tree_leaves_no_temp_file_on_error(tmp_path: Path, q_tree: GameTree) -> None:
    target = tmp_path / "q.json"
    target.mkdir()  # a folder is never replaced by a file
    with pytest.raises(FileError, match="is a folder, not a file"):
        write_tree(target, q_tree)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["q.json"]
    assert list(target.iterdir()) == []


def test_write_atomic_keeps_the_old_file_when_writing_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "x.json"
    target.write_bytes(b"old")

    def fail(*args: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("os.replace", fail)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def test_write_tree_without_stats_writes_nothing(tmp_path: Path, q_tree: GameTree) -> None:
    no_stats = copy.copy(q_tree)
    no_stats.stats = None
    with pytest.raises(TreeFormatError):
        write_tree(tmp_path / "q.json", no_stats)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("mutate, message", [c[1:] for c in CORRUPTIONS], ids=[c[0] for c in CORRUPTIONS])
def test_corrupt_tree_gives_tree_format_error(q_tree: GameTree, mutate: Any, message: str) -> None:
    data = tree_data(q_tree)
    data = orjson.loads(orjson.dumps(data))
    mutate(data)
    with pytest.raises(TreeFormatError, match=message):
        load_tree(orjson.dumps(data))


@pytest.mark.parametrize(
    "raw, message",
    [
        (b"", r"^not valid JSON"),
        (b"{", r"^not valid JSON"),
        (b"\xff\xfe{}", r"^not valid JSON"),
        (b'{"format": "lingo-trees.tree",}', r"^not valid JSON"),
        (b"[]", r"^a tree file holds a JSON object$"),
        (b"null", r"^a tree file holds a JSON object$"),
        (b'"quark"', r"^a tree file holds a JSON object$"),
        (b"{}", r"^format: expected"),
    ],
)
def test_not_a_tree(raw: bytes, message: str) -> None:
    with pytest.raises(TreeFormatError, match=message):
        load_tree(raw)


def test_read_tree_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"format": "lingo-trees.tree", "version": 4}')
    with pytest.raises(TreeFormatError, match=rf"^{bad}: version: this program reads versions 1, 2 and 3"):
        read_tree(bad)
    with pytest.raises(TreeFormatError, match=rf"^{tmp_path / 'none.json'}: no such file$"):
        read_tree(tmp_path / "none.json")
    with pytest.raises(TreeFormatError, match=rf"^{tmp_path}: is a folder, not a tree file$"):
        read_tree(tmp_path)


def test_read_tree_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "locked.json"
    path.write_bytes(b"{}")

    def denied(self: Path, *args: object, **kwargs: object) -> bytes:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "open", denied)
    with pytest.raises(TreeFormatError, match=rf"^{path}: cannot be read \(Permission denied\)$"):
        read_tree(path)


def test_schema_is_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("name", ["q_tree", "z_tree", "ij_tree"])
def test_trees_validate_against_the_schema(name: str, request: pytest.FixtureRequest) -> None:
    published = orjson.loads((ROOT / "trees" / "schema.json").read_bytes())
    data = orjson.loads(dump_tree(request.getfixturevalue(name)))
    jsonschema.validate(data, published, cls=jsonschema.Draft202012Validator)


@pytest.mark.parametrize("name, mutate", [c[:2] for c in CORRUPTIONS if c[0] not in LOADER_ONLY])
def test_the_schema_rejects_what_the_loader_rejects(q_tree: GameTree, name: str, mutate: Any) -> None:
    data = orjson.loads(dump_tree(q_tree))
    mutate(data)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, SCHEMA, cls=jsonschema.Draft202012Validator)


def test_stats_with_no_secrets_round_trip(q_tree: GameTree) -> None:
    empty = copy.copy(q_tree)
    empty.secrets = ()
    empty.stats = Stats(0, 0, 0, {})
    empty.root = "quark"
    assert dump_tree(load_tree(dump_tree(empty))) == dump_tree(empty)


def test_a_version_1_file_is_still_read(q_tree: GameTree) -> None:
    old = load_tree((DATA / "nl-q-v1.json").read_bytes())
    assert old.root == q_tree.root and old.secrets == q_tree.secrets and old.stats == q_tree.stats
    assert old.fingerprint is None
    assert dump_tree(old) == (DATA / "nl-q.json").read_bytes()  # written as version 2


def test_the_fingerprint_round_trips_and_is_checked(q_tree: GameTree, tmp_path: Path) -> None:
    from generator.core.fingerprint import fingerprint
    from generator.output.treefile import read_fingerprint

    made = copy.copy(q_tree)
    made.fingerprint = fingerprint({"answers": "a" * 64}, {"letter": "q"}, "lingo/scm 1")
    raw = dump_tree(made)
    assert list(orjson.loads(raw))[:3] == ["format", "version", "fingerprint"]
    assert load_tree(raw).fingerprint == made.fingerprint and dump_tree(load_tree(raw)) == raw
    path = tmp_path / "q.json"
    path.write_bytes(raw)
    assert read_fingerprint(path) == made.fingerprint["digest"]
    path.write_bytes(raw.replace(b'"letter": "q"', b'"letter": "x"'))  # edited: not trusted
    assert read_fingerprint(path) is None
    assert read_fingerprint(DATA / "nl-q-v1.json") is None and read_fingerprint(tmp_path / "none.json") is None
    data = orjson.loads(raw)
    data["fingerprint"]["digest"] = "xyz"
    with pytest.raises(TreeFormatError, match="'digest' must be 64 hex digits"):
        load_tree(orjson.dumps(data))
    data = orjson.loads(raw)
    data["version"] = 1
    with pytest.raises(TreeFormatError, match="a version 1 file has no fingerprint"):
        load_tree(orjson.dumps(data))

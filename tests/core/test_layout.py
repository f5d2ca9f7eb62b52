"""The layout of tree files: every family's shape round-trips, names that fit
no shape are refused, and every committed tree file sits where its key says
(its key agreeing with the game in its header)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from generator.core.catalog import trees_dir
from generator.core.layout import (
    FolderKey,
    TreeKey,
    folder_key,
    folder_path,
    folder_trees,
    tree_folders,
    tree_key,
    tree_path,
)
from generator.core.strategies import family_of
from generator.errors import LayoutError, TreeFormatError

ROOT = Path("trees")

SHAPES = [
    (TreeKey("lingo", "nl", "free", "human", "a"), "nl/free/human/a.json"),
    (TreeKey("lingo", "nl-ij", "same-start", "optimal", "ij"), "nl-ij/same-start/optimal/ij.json"),
    (TreeKey("lingo", "not-in-the-catalog", "free", "optimal", "all"), "not-in-the-catalog/free/optimal/all.json"),
    (TreeKey("wordle", "wordle", "hard", "entropy", "all"), "wordle/hard/entropy/all.json"),
    (TreeKey("wordle", "wordle-2023", "self-hard", "scm", "all"), "wordle-2023/self-hard/scm/all.json"),
    (TreeKey.mastermind("4x6", "knuth"), "mastermind/4x6/knuth/all.json"),
    (TreeKey.mastermind("bulls-and-cows", "most-parts"), "mastermind/bulls-and-cows/most-parts/all.json"),
    (TreeKey.hangman("nl-basis", 6, "optimal", 17), "hangman/nl-basis/6/optimal/17.json"),
    (TreeKey.hangman("en-enable", 0, "risk", 2), "hangman/en-enable/0/risk/2.json"),
]


@pytest.mark.parametrize(("key", "rel"), SHAPES, ids=[rel for _, rel in SHAPES])
def test_every_family_s_shape_round_trips(key: TreeKey, rel: str) -> None:
    path = tree_path(ROOT, key)
    assert path == ROOT / rel
    assert tree_key(ROOT, path) == key
    assert folder_path(ROOT, key.folder) == path.parent
    assert folder_key(ROOT, path.parent) == key.folder
    assert key.folder.tree(key.part) == key
    assert "/".join(key.folder.names) == str(Path(rel).parent.as_posix())


def test_a_mastermind_variant_is_a_set_up_not_a_rule() -> None:
    key = tree_key(ROOT, ROOT / "mastermind/4x6/knuth/all.json")
    assert (key.family, key.setup, key.rule) == ("mastermind", "4x6", "free")
    with pytest.raises(LayoutError, match="rule is free"):
        TreeKey("mastermind", "mastermind", "4x6", "knuth", "all")


@pytest.mark.parametrize(("rel", "match"), [
    ("nl/free/human.json", "fits no tree file's place"),
    ("nl/free/human/a/b.json", "fits no tree file's place"),
    ("hangman/nl-basis/optimal/7.json", "fits no tree file's place"),
    ("mastermind/4x6/knuth/x/all.json", "fits no tree file's place"),
    ("nl/free/human/a.txt", "fits no tree file's place"),
    ("nl/Free/human/a.json", "the rule folder 'Free' is not an id"),
    ("nl/free/h m/a.json", "the strategy folder 'h m' is not an id"),
    ("nl/free/human/abc.json", r"'abc.json' is not a tree file name \(a lingo tree's: a letter id or all\)"),
    ("wordle/free/scm/a.json", r"'a.json' is not a tree file name \(a wordle tree's: all\)"),
    ("mastermind/4x6/knuth/a.json", r"'a.json' is not a tree file name \(a mastermind tree's: all\)"),
    ("mastermind/4 x 6/knuth/all.json", "the variant folder '4 x 6' is not an id"),
    ("hangman/nl-basis/six/optimal/7.json", "the misses folder 'six' is not a number"),
    ("hangman/nl-basis/6/optimal/0.json", "not a Hangman tree name"),
    ("hangman/NL/6/optimal/7.json", "the word list folder 'NL' is not an id"),
])
def test_a_path_that_fits_no_shape_is_refused(rel: str, match: str) -> None:
    with pytest.raises(LayoutError, match=match):
        tree_key(ROOT, ROOT / rel)


def test_a_path_outside_the_root_is_refused() -> None:
    with pytest.raises(LayoutError, match="not under the trees folder"):
        tree_key(ROOT, Path("elsewhere/nl/free/human/a.json"))


@pytest.mark.parametrize(("args", "match"), [
    (("chess", "nl", "free", "human", "a"), "not a game family"),
    (("lingo", "mastermind", "free", "human", "a"), "cannot be named 'mastermind'"),
    (("lingo", "hangman", "free", "human", "a"), "cannot be named 'hangman'"),
    (("lingo", "nl", "free", "human", "a", 6), "misses are a Hangman folder's"),
    (("hangman", "nl-basis", "free", "optimal", "7"), "misses are a Hangman folder's"),
    (("hangman", "nl-basis", "free", "optimal", "7", 100), "not a number of 0 to 99"),
    (("lingo", "..", "free", "human", "a"), "is not an id"),
    (("wordle", "wordle", "free", "scm", "a"), "not a tree file name"),
])
def test_a_key_no_file_can_have_is_refused(args: tuple[object, ...], match: str) -> None:
    with pytest.raises(LayoutError, match=match):
        TreeKey(*args)  # type: ignore[arg-type]


def test_a_layout_error_is_a_tree_format_error_and_a_value_error() -> None:
    assert issubclass(LayoutError, TreeFormatError) and issubclass(LayoutError, ValueError)


def test_tree_folders_lists_each_family_s_folders(tmp_path: Path) -> None:
    for _, rel in SHAPES:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("{}")
    (tmp_path / "nl/free/human/index.json").write_text("{}")  # an index is not a tree
    (tmp_path / "index.json").write_text("{}")  # nor are the top folder's files
    found = tree_folders(tmp_path)
    assert {tree_key(tmp_path, p) for files in found.values() for p in files} == {k for k, _ in SHAPES}
    assert list(found) == sorted(found, key=lambda k: folder_path(tmp_path, k))  # in path order
    hangman = tree_folders(tmp_path, ("hangman",))
    assert {k.family for k in hangman} == {"hangman"}
    assert folder_trees(tmp_path, FolderKey("lingo", "nl", "free", "human")) == [tmp_path / "nl/free/human/a.json"]
    assert folder_trees(tmp_path, FolderKey("lingo", "nl", "free", "none")) == []
    (tmp_path / "nl/free/human/notes.json").write_text("{}")
    with pytest.raises(LayoutError, match="'notes.json' is not a tree file name"):
        tree_folders(tmp_path)
    with pytest.raises(LayoutError, match="no trees under"):
        tree_folders(tmp_path / "missing")


# -- every committed tree -----------------------------------------------------------

_GAME = re.compile(rb'"game":\s*(\{[^{}]*\})')
_PARAMS = re.compile(rb'"params":\s*(\{[^{}]*\})')


def _header(path: Path) -> tuple[dict[str, object], dict[str, object]]:
    """A tree file's ``game`` and its fingerprint's ``params`` (empty where
    they hold an object), from its first bytes: they lead the file (the
    whole file is read only where the game does not come first)."""
    with path.open("rb") as f:
        head = f.read(4096)
    game = _GAME.search(head)
    if game is None:
        head = path.read_bytes()
        game = _GAME.search(head)
    assert game is not None, path
    params = _PARAMS.search(head, 0, game.start())
    return json.loads(game.group(1)), json.loads(params.group(1)) if params else {}


def test_every_committed_tree_sits_where_its_key_says() -> None:
    root = trees_dir()
    folders = tree_folders(root)
    files = [p for found in folders.values() for p in found]
    assert len(files) > 6000
    assert not [p for p in root.rglob("*.json") if p.parent != root and p.name != "index.json" and p not in set(files)]
    for path in files:
        key = tree_key(root, path)
        assert tree_path(root, key) == path
        game, params = _header(path)
        assert family_of(str(game["name"])) == key.family, path
        assert game["guess_rule"] == key.rule, path
        if key.family == "lingo":
            assert game["revealed"] == (None if key.part == "all" else key.part), path
            assert params.get("setup", key.setup) == key.setup, path
        elif key.family == "wordle":
            assert game["revealed"] is None and params.get("setup", key.setup) == key.setup, path
        elif key.family == "mastermind":
            assert params["variant"] == key.setup, path
        else:
            assert (game["misses"], game["length"]) == (key.misses, int(key.part)), path
            assert params["wordlist"] == key.setup, path
        assert key.strategy.startswith(str(params.get("strategy", key.strategy))), path  # scm-salet: scm, opener salet

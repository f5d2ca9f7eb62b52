"""``lingo-trees index`` (generator/commands/index.py): every index made
again from the tree files, never written through a link out of the folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import orjson


def test_index_rewrites_every_index_from_the_trees(cli, tiny: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    trees = Path(shutil.copytree(tiny, tmp_path / "trees"))
    human = trees / "tiny" / "free" / "human" / "index.json"
    expected = human.read_bytes()
    human.unlink()
    (trees / "index.json").write_text("{stale")
    code, out, err = cli("index", "--trees", str(trees))
    assert (code, err) == (0, "")
    assert out == f"wrote 6 folder indexes and {trees / 'index.json'}\n"
    assert human.read_bytes() == expected
    assert [f["path"] for f in orjson.loads((trees / "index.json").read_bytes())["folders"]][:2] == [
        "tiny/free/human", "tiny/free/human-lookup"]


def test_a_linked_index_is_replaced_not_written_through(cli, tiny: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    trees = Path(shutil.copytree(tiny, tmp_path / "trees"))
    secret = tmp_path / "secret.txt"
    secret.write_text("precious")
    for index in (trees / "index.json", trees / "tiny" / "free" / "scm" / "index.json"):
        index.unlink()
        index.symlink_to(secret)
    code, _, err = cli("index", "--trees", str(trees))
    assert (code, err) == (0, "")
    assert secret.read_text() == "precious"
    assert not (trees / "index.json").is_symlink()
    assert orjson.loads((trees / "tiny" / "free" / "scm" / "index.json").read_bytes())["strategy"] == "scm"

"""The verify command (generator/commands/verify.py)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import orjson
import pytest

from generator.core.catalog import load_list
from generator.core.tree import GameTree, Node
from generator.output.treefile import dump_tree, write_tree

DATA = Path(__file__).resolve().parents[1] / "data"

GOOD = DATA / "nl-q.json"


def assert_user_error(code: int, out: str, err: str, pattern: str) -> None:
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("lingo-trees: error: ")
    assert re.search(pattern, lines[0]), lines[0]
    assert "Traceback" not in out + err

def write_json(path: Path, data: object) -> Path:
    path.write_bytes(orjson.dumps(data))
    return path

def _broken_files(kit, folder: Path, q_tree: GameTree) -> None:
    """Two trees that load but fail verification."""
    folder.mkdir(parents=True, exist_ok=True)
    missing = kit.broken(q_tree)
    assert isinstance(missing.root, Node)
    del missing.root.next["GG..Y"]
    write_tree(folder / "missing-branch.json", missing)
    stats = kit.broken(q_tree)
    assert stats.stats is not None
    stats.stats = type(stats.stats)(10, 23, 3, {1: 1, 2: 5, 3: 4})
    write_tree(folder / "bad-stats.json", stats)


def test_verify_a_good_file(cli, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli("verify", str(GOOD))
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        f"{GOOD}: ok: 10/10 solved, total 22, max 3, mean 2.2000 [1:1 2:6 3:3]",
        "1 trees, 1 ok, 0 failed",
    ]


def test_verify_reports_late(kit, cli, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree = kit.lingo_tree("z")
    write_tree(tmp_path / "z.json", tree)
    code, out, _ = cli("verify", str(tmp_path / "z.json"))
    assert code == 0
    assert f", {len(tree.late)} late [" in out


def test_verify_a_folder_with_broken_trees(kit, cli, tmp_path: Path, q_tree: GameTree,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(GOOD, tmp_path / "good.json")
    _broken_files(kit, tmp_path / "sub" / "deeper", q_tree)
    (tmp_path / "schema.json").write_bytes(b"{}")  # skipped
    (tmp_path / "notes.txt").write_text("not a tree")  # skipped
    code, out, err = cli("verify", "-j", "1", str(tmp_path))
    assert (code, err) == (1, "")
    lines = out.splitlines()
    assert lines[-1] == "3 trees, 1 ok, 2 failed"
    deeper = tmp_path / "sub" / "deeper"
    assert f"{deeper / 'bad-stats.json'}: FAILED: 10/10 solved, total 22, max 3, mean 2.2000 [1:1 2:6 3:3]" in lines
    assert f"{deeper / 'missing-branch.json'}: FAILED: 9/10 solved, total 20, max 3, mean 2.2222 [1:1 2:5 3:3]" in lines
    assert "  root: no branch for feedback GG..Y of 'quant' (secret 'quote')" in lines
    assert any(line.startswith("  stats: the file says 10 secrets, 23 turns") for line in lines)
    assert f"{tmp_path / 'good.json'}: ok: 10/10 solved, total 22, max 3, mean 2.2000 [1:1 2:6 3:3]" in lines


def test_verify_quiet_prints_only_failures(kit, cli, tmp_path: Path, q_tree: GameTree,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    _broken_files(kit, tmp_path, q_tree)
    code, out, _ = cli("verify", "-q", str(GOOD), str(tmp_path))
    assert code == 1
    assert "ok:" not in out
    assert out.count("FAILED") == 2 and out.splitlines()[-1] == "3 trees, 1 ok, 2 failed"


def test_a_folder_s_other_json_files_are_not_trees(cli, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(GOOD, tmp_path / "q.json")
    for name in ("index.json", "schema.json", "openers.json", "traps.json"):  # a trees folder holds these too
        (tmp_path / name).write_text("{}")
    code, out, _ = cli("verify", str(tmp_path))
    assert code == 0 and out.splitlines()[-1] == "1 trees, 1 ok, 0 failed"


def test_verify_many_files_in_parallel(kit, cli, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for letter in "qxy":
        write_tree(tmp_path / f"{letter}.json", kit.lingo_tree(letter))
    for name in ("a", "b"):
        shutil.copy(GOOD, tmp_path / f"{name}.json")
    bad = orjson.loads(GOOD.read_bytes())
    bad["stats"]["max_turns"] = 4
    write_json(tmp_path / "c.json", bad)
    code, out, _ = cli("verify", "-q", "-j", "2", str(tmp_path))
    assert code == 1
    assert out.splitlines()[-1] == "6 trees, 5 ok, 1 failed"


def test_verify_unknown_file(cli, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "none.json"
    code, out, err = cli("verify", str(GOOD), str(missing))
    assert_user_error(code, out, err, rf"^lingo-trees: error: {re.escape(str(missing))}: no such file or folder$")


@pytest.mark.parametrize(
    "raw, message",
    [
        (b'{"format": "lingo-trees.tree", "version": 1,', r": not valid JSON"),
        (b"[1, 2]", r": a tree file holds a JSON object$"),
        (b'{"format": "lingo-trees.tree", "version": 9}', r": version: this program reads versions 1, 2 and 3, the file is version 9"),
    ],
)
def test_verify_corrupt_file(cli, tmp_path: Path, capsys: pytest.CaptureFixture[str], raw: bytes, message: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(raw)
    code, out, err = cli("verify", str(GOOD), str(bad))
    assert_user_error(code, out, err, rf"^lingo-trees: error: {re.escape(str(bad))}{message}")
    assert re.search(rf"^{re.escape(str(bad))}: error: {message.lstrip(': ')}", out.splitlines()[1]), out
    assert out.splitlines()[-1] == "2 trees, 1 ok, 1 failed"


def test_verify_unknown_list_id_inside_a_tree(cli, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = orjson.loads(GOOD.read_bytes())
    data["wordlists"]["answers"] = "nl-basis-99"
    bad = write_json(tmp_path / "unknown-list.json", data)
    code, out, err = cli("verify", str(bad))
    assert_user_error(code, out, err, rf"^lingo-trees: error: {re.escape(str(bad))}: wordlists: unknown word list")
    assert re.search(rf"^{re.escape(str(bad))}: error: wordlists: unknown word list 'nl-basis-99' \(known: ",
                     out.splitlines()[0]), out
    assert out.splitlines()[-1] == "1 trees, 0 ok, 1 failed"


def test_verify_a_wrong_game(cli, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = orjson.loads(GOOD.read_bytes())
    data["game"]["guess_rule"] = "same-start"
    data["game"]["revealed"] = "x"
    path = write_json(tmp_path / "x.json", data)
    code, out, err = cli("verify", str(path))
    assert (code, err) == (1, "")
    assert "  root: guess 'quant' breaks the same-start rule: must begin with the revealed letter 'x'" in out


def test_good_fixture_still_verifies_through_the_library() -> None:
    from generator.core.verify import verify_tree
    from generator.output.treefile import read_tree

    tree = read_tree(GOOD)
    assert verify_tree(tree, load_list(tree.answers), load_list(tree.guesses)).ok
    assert GOOD.read_bytes() == dump_tree(tree)

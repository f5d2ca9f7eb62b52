"""The command line: output of each command, exit codes, user errors."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import networkx as nx
import orjson
import pytest

from generator.core.catalog import list_spec, load_list
from generator.cli import main
from generator.core.tree import GameTree, Node
from generator.output.treefile import dump_tree, write_tree
from treekit import broken, lingo_tree

DATA = Path(__file__).parent / "data"
GOOD = DATA / "nl-q.json"
ROOT = Path(__file__).resolve().parent.parent


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_user_error(code: int, out: str, err: str, pattern: str) -> None:
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("lingo-trees: error: ")
    assert re.search(pattern, lines[0]), lines[0]
    assert "Traceback" not in out + err


@pytest.fixture(scope="module")
def q_tree() -> GameTree:
    return lingo_tree("q")


def write_json(path: Path, data: object) -> Path:
    path.write_bytes(orjson.dumps(data))
    return path


# -- wordlists ---------------------------------------------------------------------


def test_wordlists_lists_every_id_with_its_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "wordlists")
    assert code == 0 and err == ""
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.strip()}
    for list_id, count in [("nl-basis-5", 3274), ("nl-all-5", 5414), ("nl-basis-5-ij", 3431),
                           ("nl-all-5-ij", 5673), ("en-enable-5", 8636), ("wordle-answers", 2315),
                           ("wordle-allowed", 12972)]:
        assert rows[list_id][3] == str(count), rows[list_id]
        assert list_spec(list_id).version in out
    assert rows["nl-basis-5-ij"][4] == "ij"
    for setup in ("nl", "nl-ij", "en", "wordle"):
        assert setup in rows
    assert rows["wordle"][1:4] == ["wordle", "wordle-answers", "wordle-allowed"]


# -- feedback ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, pattern",
    [
        (["ninny", "annex"], "Y.G.."),
        (["mosso", "misos"], "GYGY."),
        (["SASSY", "Misos"], "Y.G.."),
        (["ijzer", "zijde"], "YYYY."),
        (["ijzer", "zijde", "--wordlist", "nl-basis-5-ij"], "YYY."),
    ],
)
def test_feedback(capsys: pytest.CaptureFixture[str], args: list[str], pattern: str) -> None:
    assert run(capsys, "feedback", *args) == (0, pattern + "\n", "")


@pytest.mark.parametrize(
    "args, message",
    [
        (["abc", "abcd"], r"differ in length"),
        (["café", "cafés"], r"'é' is not in the alphabet"),
        (["cigar", "rebut", "--wordlist", "xx-5"], r"unknown word list 'xx-5' \(known: "),
    ],
)
def test_feedback_errors(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert_user_error(*run(capsys, "feedback", *args), message)


# -- verify ------------------------------------------------------------------------


def test_verify_a_good_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "verify", str(GOOD))
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        f"{GOOD}: ok: 10/10 solved, total 22, max 3, mean 2.2000 [1:1 2:6 3:3]",
        "1 trees, 1 ok, 0 failed",
    ]


def test_verify_reports_late(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree = lingo_tree("z")
    write_tree(tmp_path / "z.json", tree)
    code, out, _ = run(capsys, "verify", str(tmp_path / "z.json"))
    assert code == 0
    assert f", {len(tree.late)} late [" in out


def _broken_files(folder: Path, q_tree: GameTree) -> None:
    """Two trees that load but fail verification."""
    folder.mkdir(parents=True, exist_ok=True)
    missing = broken(q_tree)
    assert isinstance(missing.root, Node)
    del missing.root.next["GG..Y"]
    write_tree(folder / "missing-branch.json", missing)
    stats = broken(q_tree)
    assert stats.stats is not None
    stats.stats = type(stats.stats)(10, 23, 3, {1: 1, 2: 5, 3: 4})
    write_tree(folder / "bad-stats.json", stats)


def test_verify_a_folder_with_broken_trees(tmp_path: Path, q_tree: GameTree,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(GOOD, tmp_path / "good.json")
    _broken_files(tmp_path / "sub" / "deeper", q_tree)
    (tmp_path / "schema.json").write_bytes(b"{}")  # skipped
    (tmp_path / "notes.txt").write_text("not a tree")  # skipped
    code, out, err = run(capsys, "verify", "-j", "1", str(tmp_path))
    assert (code, err) == (1, "")
    lines = out.splitlines()
    assert lines[-1] == "3 trees, 1 ok, 2 failed"
    deeper = tmp_path / "sub" / "deeper"
    assert f"{deeper / 'bad-stats.json'}: FAILED: 10/10 solved, total 22, max 3, mean 2.2000 [1:1 2:6 3:3]" in lines
    assert f"{deeper / 'missing-branch.json'}: FAILED: 9/10 solved, total 20, max 3, mean 2.2222 [1:1 2:5 3:3]" in lines
    assert "  root: no branch for feedback GG..Y of 'quant' (secret 'quote')" in lines
    assert any(line.startswith("  stats: the file says 10 secrets, 23 turns") for line in lines)
    assert f"{tmp_path / 'good.json'}: ok: 10/10 solved, total 22, max 3, mean 2.2000 [1:1 2:6 3:3]" in lines


def test_verify_quiet_prints_only_failures(tmp_path: Path, q_tree: GameTree,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    _broken_files(tmp_path, q_tree)
    code, out, _ = run(capsys, "verify", "-q", str(GOOD), str(tmp_path))
    assert code == 1
    assert "ok:" not in out
    assert out.count("FAILED") == 2 and out.splitlines()[-1] == "3 trees, 1 ok, 2 failed"


def test_verify_many_files_in_parallel(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for letter in "qxy":
        write_tree(tmp_path / f"{letter}.json", lingo_tree(letter))
    for name in ("a", "b"):
        shutil.copy(GOOD, tmp_path / f"{name}.json")
    bad = orjson.loads(GOOD.read_bytes())
    bad["stats"]["max_turns"] = 4
    write_json(tmp_path / "c.json", bad)
    code, out, _ = run(capsys, "verify", "-q", "-j", "2", str(tmp_path))
    assert code == 1
    assert out.splitlines()[-1] == "6 trees, 5 ok, 1 failed"


def test_verify_unknown_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "none.json"
    code, out, err = run(capsys, "verify", str(GOOD), str(missing))
    assert_user_error(code, out, err, rf"^lingo-trees: error: {re.escape(str(missing))}: no such file or folder$")


@pytest.mark.parametrize(
    "raw, message",
    [
        (b'{"format": "lingo-trees.tree", "version": 1,', r": not valid JSON"),
        (b"[1, 2]", r": a tree file holds a JSON object$"),
        (b'{"format": "lingo-trees.tree", "version": 9}', r": version: this program reads version 1"),
    ],
)
def test_verify_corrupt_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], raw: bytes, message: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(raw)
    code, out, err = run(capsys, "verify", str(GOOD), str(bad))
    assert_user_error(code, out, err, rf"^lingo-trees: error: {re.escape(str(bad))}{message}")
    assert out.splitlines()[-1] == "2 trees, 1 ok, 1 failed"


def test_verify_unknown_list_id_inside_a_tree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = orjson.loads(GOOD.read_bytes())
    data["wordlists"]["answers"] = "nl-basis-6"
    bad = write_json(tmp_path / "unknown-list.json", data)
    code, out, err = run(capsys, "verify", str(bad))
    assert_user_error(code, out, err, rf"^lingo-trees: error: {re.escape(str(bad))}: wordlists: "
                                      r"unknown word list 'nl-basis-6' \(known: ")
    assert out.splitlines() == ["1 trees, 0 ok, 1 failed"]


def test_verify_a_wrong_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = orjson.loads(GOOD.read_bytes())
    data["game"]["guess_rule"] = "same-start"
    data["game"]["revealed"] = "x"
    path = write_json(tmp_path / "x.json", data)
    code, out, err = run(capsys, "verify", str(path))
    assert (code, err) == (1, "")
    assert "  root: guess 'quant' breaks the same-start rule: must begin with the revealed letter 'x'" in out


# -- export ------------------------------------------------------------------------


def test_export_graphml(tmp_path: Path, q_tree: GameTree, capsys: pytest.CaptureFixture[str]) -> None:
    out_path = tmp_path / "q.graphml"
    code, out, err = run(capsys, "export", str(GOOD), "--graphml", str(out_path))
    assert (code, out, err) == (0, f"wrote {out_path}\n", "")
    g = nx.read_graphml(out_path)
    assert g.nodes[""]["guess"] == "quant"
    assert g.number_of_nodes() == 10  # one per secret


def test_export_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"{nope")
    assert_user_error(*run(capsys, "export", str(bad), "--graphml", str(tmp_path / "x.graphml")),
                      rf"{re.escape(str(bad))}: not valid JSON")
    assert not (tmp_path / "x.graphml").exists()
    # an output folder that cannot be made (a file is in the way)
    (tmp_path / "file").write_text("")
    assert_user_error(*run(capsys, "export", str(GOOD), "--graphml", str(tmp_path / "file" / "q.graphml")),
                      r"lingo-trees: error: .*file")


def test_bad_options_are_one_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["verify"], ["nonsense"], ["feedback", "--colour", "a", "b"], ["export", str(GOOD)]):
        with pytest.raises(SystemExit) as info:
            main(argv)
        assert info.value.code == 2
        out, err = capsys.readouterr()
        assert len(err.splitlines()) == 1 and err.startswith("lingo-trees: error: "), err


# -- the installed command ----------------------------------------------------------


def _installed(*args: str) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("lingo-trees")
    cmd = [exe, *args] if exe else [sys.executable, "-m", "generator", *args]
    env = {k: v for k, v in os.environ.items() if k != "LINGO_TREES_ROOT"}
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=120, env=env)


def test_installed_command_feedback_and_verify() -> None:
    result = _installed("feedback", "ninny", "annex")
    assert (result.returncode, result.stdout, result.stderr) == (0, "Y.G..\n", "")
    result = _installed("verify", str(GOOD))
    assert result.returncode == 0 and result.stdout.splitlines()[-1] == "1 trees, 1 ok, 0 failed"


def test_installed_command_user_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"not json")
    result = _installed("verify", str(bad))
    assert result.returncode == 2
    assert result.stderr.splitlines() == [result.stderr.strip()]
    assert result.stderr.startswith(f"lingo-trees: error: {bad}: not valid JSON")
    assert "Traceback" not in result.stderr
    assert result.stdout.splitlines()[-1] == "1 trees, 0 ok, 1 failed"


def test_python_dash_m(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "generator", "feedback", "mosso", "misos"],
                            capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert (result.returncode, result.stdout) == (0, "GYGY.\n")


def test_good_fixture_still_verifies_through_the_library() -> None:
    from generator.output.treefile import read_tree
    from generator.core.verify import verify_tree

    tree = read_tree(GOOD)
    assert verify_tree(tree, load_list(tree.answers), load_list(tree.guesses)).ok
    assert GOOD.read_bytes() == dump_tree(tree)

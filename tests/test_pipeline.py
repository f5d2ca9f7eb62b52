"""Building trees into a folder: files, indexes, determinism, the command."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from generator.cli import main
from generator.runs.lingo import build, write_index
from generator.output.treefile import read_tree


def small_build(root: Path) -> dict[str, float]:
    return build(["nl"], ["free", "same-start"], ["scm", "human"], ["q", "x"], root=root,
                 workers=1, progress=lambda _: None)


def test_layout_and_indexes(tmp_path: Path) -> None:
    small_build(tmp_path)
    for rule in ("free", "same-start"):
        for strategy in ("scm", "human"):
            folder = tmp_path / "nl" / rule / strategy
            assert sorted(p.name for p in folder.iterdir()) == ["index.json", "q.json", "x.json"]
            index = orjson.loads((folder / "index.json").read_bytes())
            assert index["setup"] == "nl" and index["rule"] == rule and index["strategy"] == strategy
            assert set(index["letters"]) == {"q", "x"}
            q = read_tree(folder / "q.json")
            assert index["letters"]["q"]["total_turns"] == q.stats.total_turns  # type: ignore[union-attr]
            assert index["totals"]["secrets"] == 12
    top = orjson.loads((tmp_path / "index.json").read_bytes())
    assert len(top["folders"]) == 4


def test_rebuild_is_byte_identical(tmp_path: Path) -> None:
    small_build(tmp_path / "a")
    small_build(tmp_path / "b")
    files = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*.json"))
    assert files
    for f in files:
        assert (tmp_path / "a" / f).read_bytes() == (tmp_path / "b" / f).read_bytes(), f


def test_parallel_build_equals_serial(tmp_path: Path) -> None:
    build(["nl"], ["free"], ["human"], ["u", "q"], root=tmp_path / "one", workers=1, progress=lambda _: None)
    build(["nl"], ["free"], ["human"], ["u", "q"], root=tmp_path / "two", workers=2, progress=lambda _: None)
    for name in ("u.json", "q.json", "index.json"):
        assert (tmp_path / "one/nl/free/human" / name).read_bytes() == \
               (tmp_path / "two/nl/free/human" / name).read_bytes()


def test_index_is_rewritten_from_disk(tmp_path: Path) -> None:
    small_build(tmp_path)
    folder = tmp_path / "nl" / "free" / "human"
    (folder / "x.json").unlink()
    data = write_index(folder)
    assert set(data["letters"]) == {"q"}


@pytest.mark.parametrize("argv,message", [
    (["build", "zz"], "unknown set-up 'zz'"),
    (["build", "nl", "--letter", "7"], "begins with '7'"),
    (["build", "nl", "--strategy", "magic"], "unknown strategy 'magic'"),
])
def test_build_command_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(argv + ["--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code != 0
    assert err.count("\n") == 1 and err.startswith("lingo-trees: error:") and message in err
    assert not any(tmp_path.rglob("*.json"))


def test_build_command_writes_and_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "nl", "--rule", "free", "--strategy", "scm", "--letter", "q", "--out", str(tmp_path), "-j", "1"]) == 0
    out, err = capsys.readouterr()
    assert "nl/free/scm: " in out and "[1/1] nl/free/scm/q" in err
    assert (tmp_path / "nl/free/scm/q.json").exists()

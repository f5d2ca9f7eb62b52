"""Building the LINGO trees into a folder: files, indexes, determinism (generator/runs/lingo.py)."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from generator.core.context import context
from generator.core.layout import FolderKey, tree_path
from generator.errors import StrategyError
from generator.output.index import write_index
from generator.output.treefile import read_tree
from generator.runs.jobs import Processes
from generator.runs.lingo import build_trees, largest_first, plan_jobs


def small_build(root: Path) -> dict[str, float]:
    return build_trees(["nl"], ["free", "same-start"], ["scm", "human"], ["q", "x"], root=root,
                       runner=Processes(1), progress=lambda _: None)


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
    build_trees(["nl"], ["free"], ["human"], ["u", "q"], root=tmp_path / "one", runner=Processes(1), progress=lambda _: None)
    build_trees(["nl"], ["free"], ["human"], ["u", "q"], root=tmp_path / "two", runner=Processes(2), progress=lambda _: None)
    for name in ("u.json", "q.json", "index.json"):
        assert (tmp_path / "one/nl/free/human" / name).read_bytes() == \
               (tmp_path / "two/nl/free/human" / name).read_bytes()


@pytest.mark.parametrize("edit", ["stats", "root", "fingerprint alone"])
def test_a_kept_tree_must_verify(tmp_path: Path, edit: str) -> None:
    # a file with the right fingerprint is kept only if it also verifies: else made again
    def build() -> list[str]:
        said: list[str] = []
        build_trees(["nl"], ["free"], ["human"], ["q"], root=tmp_path, runner=Processes(1), progress=said.append)
        return said

    build()
    path = tmp_path / "nl" / "free" / "human" / "q.json"
    good = path.read_bytes()
    data = orjson.loads(good)
    if edit == "stats":
        data["stats"]["total_turns"] -= 1
    elif edit == "root":
        data["root"]["guess"] = "quota" if data["root"]["guess"] != "quota" else "quark"
    else:
        data = {"fingerprint": data["fingerprint"]}
    path.write_bytes(orjson.dumps(data))
    said = build()
    assert any(line.endswith("): made again") and "q.json: does not verify" in line for line in said), said
    assert path.read_bytes() == good
    index = orjson.loads((path.parent / "index.json").read_bytes())
    assert index["letters"]["q"]["total_turns"] == orjson.loads(good)["stats"]["total_turns"]
    assert any(line.startswith("1 of 1 trees are up to date") for line in build())  # kept now
    assert any("verifying 0 of 1 trees (1 verified before)" in line for line in build())  # and remembered


def test_index_is_rewritten_from_disk(tmp_path: Path) -> None:
    small_build(tmp_path)
    key = FolderKey("lingo", "nl", "free", "human")
    tree_path(tmp_path, key.tree("x")).unlink()
    data = write_index(tmp_path, key)
    assert set(data["letters"]) == {"q"}


def test_a_set_up_without_tables_has_its_lookup_trees_alone() -> None:
    jobs = plan_jobs(["en", "en-common"], ["free"], ["human", "scm"], ["q"], 1, named=False)
    assert [(j.setup, j.strategy) for j in jobs] == [("en", "scm"), ("en-common", "human"), ("en-common", "scm")]
    with pytest.raises(StrategyError, match="no tables to learn for en human"):
        plan_jobs(["en"], ["free"], ["human"], ["q"], 1)


def test_a_set_up_is_built_under_the_rules_it_plays_alone() -> None:
    jobs = plan_jobs(["fr-6", "sutom-6"], ["free", "same-start"], ["scm"], ["a"], 1)
    assert [(j.setup, j.rule) for j in jobs] == [("fr-6", "free"), ("fr-6", "same-start"), ("sutom-6", "same-start")]
    with pytest.raises(StrategyError, match="set-up 'sutom-6' is built under same-start only, not free"):
        plan_jobs(["sutom-6"], ["free"], ["scm"], ["a"], 1)


def test_the_letters_with_the_most_secrets_start_first() -> None:
    jobs = plan_jobs(["nl-8"], ["free", "same-start"], ["human", "scm"], ["a", "s", "x", "z"], 1)
    ordered = largest_first(jobs)
    ctx = context("nl-8")
    sizes = [len(ctx.letter_cols(j.letter)) for j in ordered]
    assert sorted(ordered, key=lambda j: jobs.index(j)) == jobs and sizes == sorted(sizes, reverse=True)
    assert [j.label for j in ordered[:4]] == [f"nl-8/{r}/{s}/s" for r in ("free", "same-start")
                                              for s in ("human", "scm")]  # ties keep the order given
    assert largest_first([]) == []

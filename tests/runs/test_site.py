"""Publishing the site (generator/runs/site.py): only trees that verify, each
verified once while its bytes do not change."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from generator.errors import SiteError
from generator.output.site import build_site, site_dir
from generator.output.sitefolder import MARKER
from generator.runs.site import batches, publish_site


def _trees(tiny: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(tiny, tmp_path / "trees"))


def test_a_tree_that_fails_verify_is_refused(tiny: Path, tmp_path: Path) -> None:
    trees = _trees(tiny, tmp_path)
    path = trees / "tiny" / "free" / "human" / "b.json"
    data = orjson.loads(path.read_bytes())
    data["stats"]["total_turns"] += 1
    data["stats"]["mean_turns"] = round(data["stats"]["total_turns"] / data["stats"]["secrets"], 4)
    path.write_bytes(orjson.dumps(data))
    with pytest.raises(SiteError, match=rf"^{path}: does not verify \(stats: the file says"):
        publish_site(trees, tmp_path / "out", pdf="none", workers=1)
    assert not (tmp_path / "out").exists()


def test_unchanged_trees_are_verified_once(tiny: Path, tmp_path: Path) -> None:
    trees = _trees(tiny, tmp_path)
    said: list[str] = []
    publish_site(trees, tmp_path / "out", pdf="none", workers=1, progress=said.append)
    publish_site(trees, tmp_path / "out", pdf="none", workers=1, force=True, progress=said.append)
    checks = [s for s in said if s.startswith("[site] verifying")]
    assert checks == ["[site] verifying 12 of 12 trees (0 verified before)",
                      "[site] verifying 0 of 12 trees (12 verified before)"]
    (trees / "tiny" / "free" / "scm" / "b.json").touch()  # the same bytes: still verified
    path = trees / "tiny" / "free" / "human" / "b.json"
    path.write_bytes(path.read_bytes().replace(b'"format": "lingo-trees.tree"', b'"format":"lingo-trees.tree"'))  # the same tree, other bytes
    publish_site(trees, tmp_path / "out", pdf="none", workers=1, progress=said.append)
    checks = [s for s in said if s.startswith("[site] verifying")]
    assert checks[-1] == "[site] verifying 1 of 12 trees (11 verified before)"


def test_a_changed_word_list_has_every_tree_verified_again(tiny: Path, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    project = Path(shutil.copytree(tiny.parent, tmp_path / "project"))
    monkeypatch.setenv("LINGO_TREES_ROOT", str(project))
    said: list[str] = []
    publish_site(project / "trees", tmp_path / "out", pdf="none", workers=1, progress=said.append)
    words = project / "wordlists" / "tiny-5-ij.txt"
    lines = words.read_text(encoding="utf-8").splitlines()
    words.write_text("\n".join(w for w in lines if not w.startswith("b")) + "\n", encoding="utf-8")
    # a new process reads the list again (this one keeps the lists it read)
    proc = subprocess.run([sys.executable, "-m", "generator", "site", "--trees", str(project / "trees"),
                           "--out", str(tmp_path / "out"), "--pdf", "none", "-j", "1"],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 2 and "[site] verifying 12 of 12 trees (0 verified before)" in proc.stderr, proc.stderr
    assert "b.json: does not verify" in proc.stderr  # the b trees name words no longer in the list


def test_a_site_built_from_the_same_inputs_is_not_built_again(tiny: Path, tmp_path: Path) -> None:
    trees, out = _trees(tiny, tmp_path), tmp_path / "out"
    project = Path(shutil.copytree(site_dir(), tmp_path / "project", ignore=shutil.ignore_patterns("build")))

    def publish(force: bool = False) -> bool:
        r = publish_site(trees, out, project=project, pdf="none", workers=1, force=force)
        assert r.pages > 0
        return r.up_to_date

    assert not publish()
    before = {p: p.stat().st_mtime_ns for p in out.rglob("*")}
    assert publish() and {p: p.stat().st_mtime_ns for p in out.rglob("*")} == before  # nothing touched
    assert not publish(force=True) and publish()
    (trees / "tiny" / "free" / "scm" / "b.json").touch()  # the same bytes
    assert publish()
    path = trees / "tiny" / "free" / "human" / "b.json"
    path.write_bytes(path.read_bytes().replace(b'"format": "lingo-trees.tree"', b'"format":"lingo-trees.tree"'))  # the same tree, other bytes
    assert not publish() and publish()
    (project / "docs" / "method.md").write_text("# Method\n\nrewritten\n")
    assert not publish() and publish()
    marker = orjson.loads((out / MARKER).read_bytes())
    marker["inputs"] = "0" * 64  # a marker of other inputs
    (out / MARKER).write_bytes(orjson.dumps(marker))
    assert not publish()


def test_batches_keep_order_and_give_each_worker_several() -> None:
    items = list(range(100))
    got = batches(items, 2)
    assert sorted(x for b in got for x in b) == items and len(got) == 8  # 4 per worker
    assert all(b == sorted(b) for b in got) and {len(b) for b in got} == {12, 13}
    assert batches(items[:5], 16) == [items[:5]]  # at least MIN_BATCH per Chromium
    heavy = batches(items, 2, weight=lambda x: 1000 if x < 4 else 1)  # four large sheets: one each
    assert sorted(sum(x < 4 for x in b) for b in heavy) == [0, 0, 0, 0, 1, 1, 1, 1]


def test_pdfs_print_on_several_chromiums_alike(chromium: str, tiny: Path, tmp_path: Path) -> None:
    trees = _trees(tiny, tmp_path)
    one = build_site(trees, tmp_path / "one", pdf="all", progress=lambda _: None)
    said: list[str] = []
    two = publish_site(trees, tmp_path / "two", pdf="all", workers=2, progress=said.append)
    assert two.pdf_skipped is None and two.pdfs == one.pdfs == 12
    assert two.pdf_pages == one.pdf_pages and two.card_pages == one.card_pages
    names = sorted(p.name for p in (tmp_path / "one" / "pdf").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "two" / "pdf").iterdir())
    assert "[site] printing 12 of 12 PDFs (0 unchanged)" in said


def test_a_cache_others_may_write_in_is_not_trusted(tiny: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    trees = _trees(tiny, tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "shared"))
    publish_site(trees, tmp_path / "out", pdf="none", workers=1)
    (tmp_path / "shared" / "lingo-trees").chmod(0o777)  # anyone may now put verdicts there
    said: list[str] = []
    publish_site(trees, tmp_path / "again", pdf="none", workers=1, progress=said.append)
    assert "[site] verifying 12 of 12 trees (0 verified before)" in said


def test_without_a_cache_folder_every_tree_is_verified(tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    trees = _trees(tiny, tmp_path)
    (tmp_path / "cache").write_text("a file where the cache folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    said: list[str] = []
    for _ in range(2):
        publish_site(trees, tmp_path / "out", pdf="none", workers=1, progress=said.append)
    assert [s for s in said if s.startswith("[site] verifying")][-1] == "[site] verifying 12 of 12 trees (0 verified before)"


def _failing_chromium(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Chromium that is found but never prints (as one that fails or times out under load)."""
    fake = tmp_path / "chromium"
    fake.write_text("#!/bin/sh\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setenv("LINGO_TREES_CHROMIUM", str(fake))


def test_a_build_whose_chromium_failed_is_not_up_to_date(tiny: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    trees, said = _trees(tiny, tmp_path), []
    _failing_chromium(tmp_path, monkeypatch)
    first = publish_site(trees, tmp_path / "out", workers=1, progress=said.append)
    assert first.pdf_skipped is not None and first.pdf_skipped.startswith("Chromium failed")
    again = publish_site(trees, tmp_path / "out", workers=1, progress=said.append)
    assert not again.up_to_date and again.pdf_skipped == first.pdf_skipped  # tried again, not "up to date"


def test_pdfs_asked_for_and_not_printed_are_an_error_and_leave_the_site(tiny: Path, tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    trees = _trees(tiny, tmp_path)
    publish_site(trees, tmp_path / "out", pdf="none", workers=1)
    before = sorted(p.relative_to(tmp_path / "out") for p in (tmp_path / "out").rglob("*"))
    _failing_chromium(tmp_path, monkeypatch)
    with pytest.raises(SiteError, match=r"^no PDFs printed \(Chromium failed: .*\); the site is left as it was$"):
        publish_site(trees, tmp_path / "out", pdf="cards", pdf_required=True, workers=1, progress=lambda _: None)
    assert sorted(p.relative_to(tmp_path / "out") for p in (tmp_path / "out").rglob("*")) == before
    assert not list(tmp_path.glob(".out.new-*"))


def test_pdf_cards_given_with_no_chromium_is_one_line_and_a_failure(tiny: Path, tmp_path: Path) -> None:
    trees = _trees(tiny, tmp_path)
    env = {**__import__("os").environ, "LINGO_TREES_CHROMIUM": str(tmp_path / "nowhere"),
           "LINGO_TREES_ROOT": str(tiny.parent)}
    for asked in (["--pdf", "cards"], ["--pdf", "all"]):
        proc = subprocess.run([sys.executable, "-m", "generator", "site", "--trees", str(trees),
                               "--out", str(tmp_path / "out"), "-j", "1", "-q", *asked],
                              capture_output=True, text=True, env=env, timeout=600)
        assert proc.returncode != 0 and proc.stderr.count("\n") == 1, proc.stderr
        assert "--pdf" in proc.stderr and "nowhere" in proc.stderr and not (tmp_path / "out").exists()


def test_a_run_that_finds_the_site_up_to_date_clears_what_a_killed_build_left(
        tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    trees, out = _trees(tiny, tmp_path), tmp_path / "out"
    publish_site(trees, out, pdf="none", workers=1)
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()  # a process that has ended
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    left = [tmp_path / f".out.new-{gone}-x1", tmp_path / "tmp" / f"lingo-trees-site-{gone}-x3"]
    for folder in left:
        (folder / "docs").mkdir(parents=True)
    assert publish_site(trees, out, pdf="none", workers=1).up_to_date
    assert [f for f in left if f.exists()] == []


def test_a_site_missing_a_file_or_with_one_changed_is_not_up_to_date(tiny: Path, tmp_path: Path) -> None:
    trees, out = _trees(tiny, tmp_path), tmp_path / "out"
    publish_site(trees, out, pdf="none", workers=1)
    (out / "lookup.html").unlink()
    assert not publish_site(trees, out, pdf="none", workers=1).up_to_date  # built again, whole
    assert (out / "lookup.html").is_file()
    page = out / "index.html"
    page.write_bytes(b"my own page".ljust(page.stat().st_size, b" "))  # the same size
    with pytest.raises(SiteError, match="files were added or changed since the site was built"):
        publish_site(trees, out, pdf="none", workers=1)

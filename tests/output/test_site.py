"""The static site: view models, pages, downloads, escaping (generator/output/site.py, sitemodel.py)."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import orjson
import pytest

from generator.output import site
from generator.output.sheets import LetterSheet, render
from generator.output.sitemodel import (
    Files,
    Key,
    SiteError,
    SiteModel,
    lookup_index,
    read_folders,
    sheet_models,
    site_model,
)


def model_of(trees: Path) -> tuple[SiteModel, dict[Key, LetterSheet]]:
    """The site model of a trees folder, without PDFs or downloads."""
    folders = read_folders(trees)
    sheets, cards = sheet_models(folders)
    return site_model(folders, cards, {}, Files()), sheets


@pytest.fixture
def built(tiny: Path, tmp_path: Path) -> Path:
    out = tmp_path / "build"
    site.build_site(tiny, out, pdf=False, progress=lambda _: None)
    return out


def test_model_lists_every_folder_and_letter(tiny: Path) -> None:
    model, sheets = model_of(tiny)
    (s,) = model.setups
    assert s.id == "tiny" and s.title == "Tiny Dutch LINGO" and s.digraphs == ("ij",)
    assert [(f.rule, f.strategy) for f in s.folders] == [
        ("free", "human"), ("free", "human-lookup"), ("free", "scm"),
        ("same-start", "human"), ("same-start", "human-lookup"), ("same-start", "scm")]
    assert len(sheets) == 12
    human = s.folders[0]
    assert human.card is not None and s.folders[2].card is None  # scm: no openers card
    assert [r.page for r in human.letters] == ["tiny/free/human/b.html", "tiny/free/human/ij.html"]
    index = lookup_index(model)
    assert index["setups"]["tiny"]["rules"]["same-start"]["scm"] == ["b", "ij"]


def test_setup_page_golden(golden, tiny: Path) -> None:
    model, _ = model_of(tiny)
    golden("site-tiny.md", render("site/setup.md.j2", setup=model.setups[0], site=model))


def test_no_trees_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SiteError, match="no trees under"):
        read_folders(tmp_path)


def test_build_makes_pages_downloads_and_lookup(built: Path, tiny: Path) -> None:
    for page in ("index.html", "lookup.html", "method.html", "tiny.html", "tiny/free/human/b.html",
                 "tiny/same-start/scm/ij.html", "assets/lookup.js", "assets/lookup-index.json",
                 "trees/schema.json", "trees/tiny/free/human/b.json", "downloads/lingo-trees.zip"):
        assert (built / page).exists(), page
    # the tree downloads are the committed files, byte for byte
    assert (built / "trees/tiny/free/human/b.json").read_bytes() == (tiny / "tiny/free/human/b.json").read_bytes()
    with zipfile.ZipFile(built / "downloads/lingo-trees.zip") as zf:
        names = set(zf.namelist())
    assert {f"trees/tiny/{r}/{s}/{x}.json" for r in ("free", "same-start")
            for s in ("human", "human-lookup", "scm") for x in ("b", "ij", "index")} <= names
    method = (built / "method.html").read_text(encoding="utf-8")
    assert 'href="trees/tiny/same-start/human-lookup/ij.json"' in method and 'href="trees/schema.json"' in method
    lookup = (built / "lookup.html").read_text(encoding="utf-8")
    assert 'id="next-guess"' in lookup and 'id="candidates"' in lookup
    letter = (built / "tiny/free/human/b.html").read_text(encoding="utf-8")
    assert 'href="../../../lookup.html?setup=tiny&amp;rule=free&amp;strategy=human&amp;letter=b"' in letter
    assert letter.count('class="sheet letter-sheet"') == 1 and site.SHEET_SLOT not in letter
    home = (built / "index.html").read_text(encoding="utf-8")
    assert 'href="tiny.html"' in home
    assert not (built / "pdf").exists()  # pdf=False


@pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="Debian's chromium is not installed (/usr/bin/chromium)")
def test_build_prints_pdfs_and_counts_pages(tiny: Path, tmp_path: Path) -> None:
    r = site.build_site(tiny, tmp_path / "b", progress=lambda _: None)
    assert r.pdf_skipped is None
    # a letter sheet per human-scheme letter (no sheet PDF for scm) and a card per human-scheme folder
    assert len(r.pdf_pages) == 8 and len(r.card_pages) == 4
    assert all(p == 1 for p in r.pdf_pages.values()) and all(p == 1 for p in r.card_pages.values())
    assert (tmp_path / "b/pdf/tiny-free-human-b.pdf").read_bytes().startswith(b"%PDF")
    setup_page = (tmp_path / "b/tiny.html").read_text(encoding="utf-8")
    assert 'href="pdf/tiny-free-human-b.pdf"' in setup_page and 'href="pdf/tiny-free-human-openers.pdf"' in setup_page
    # a second build reuses the PDFs whose printed HTML did not change
    again = site.build_site(tiny, tmp_path / "b", progress=lambda _: None)
    assert again.pdfs_reused == again.pdfs == 12 and again.pdf_pages == r.pdf_pages
    assert (tmp_path / "b/pdf/tiny-free-human-b.pdf").read_bytes().startswith(b"%PDF")


def test_evil_words_are_escaped_on_every_page(evil_project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LINGO_TREES_ROOT", str(tmp_path / "evil"))
    trees = evil_project(tmp_path / "evil")
    out = tmp_path / "build"
    site.build_site(trees, out, pdf=False, progress=lambda _: None)
    pages = list(out.rglob("*.html"))
    assert len(pages) > 5
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert "<script>alert" not in html, page
        assert not re.search(r"<b>x|<abcd|<&bxa|<b'ca", html), page  # no word became a tag
        assert 'a"q"x"' not in html
    setup_page = (out / "evil.html").read_text(encoding="utf-8")
    assert "Evil ‹script›alert(’t’)‹/script› + co" in setup_page  # headings: look-alikes
    sheet = (out / "evil/free/human/a.html").read_text(encoding="utf-8")
    assert "Evil &lt;script&gt;alert(&#39;t&#39;)&lt;/script&gt; &amp; co" in sheet  # body: escaped
    assert "a&amp;amp" in sheet and "a&lt;b&gt;x" in sheet
    index = orjson.loads((out / "assets/lookup-index.json").read_bytes())
    assert sorted(index["setups"]["evil"]["rules"]["free"]["human"]) == ["<", "a"]

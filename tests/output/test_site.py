"""The static site: view models, pages, downloads, escaping (generator/output/site.py, sitemodel.py)."""

from __future__ import annotations

import gc
import gzip
import html
import re
import shutil
from pathlib import Path
from typing import Any

import orjson
import pytest

from generator.core.catalog import CHECKOUT, trees_dir
from generator.errors import SiteError
from generator.output import site
from generator.output.sheets import LetterSheet, render
from generator.output.sitefolder import MARKER, listing
from generator.output.sitemodel import (
    Files,
    SiteModel,
    lookup_index,
    site_model,
)
from generator.output.sitenames import check_show_pages
from generator.output.sitetrees import Key, read_folders, sheet_models
from generator.search.ranking import OpenerBound, OpenerRanking, OpenerScore
from generator.search.traps import Family, Trap, WorstCase


def model_of(trees: Path) -> tuple[SiteModel, dict[Key, LetterSheet]]:
    """The site model of a trees folder, without PDFs or downloads."""
    folders = read_folders(trees)
    sheets, cards = sheet_models(folders)
    return site_model(folders, cards, {}, Files()), sheets


@pytest.fixture
def built(tiny: Path, tmp_path: Path) -> Path:
    out = tmp_path / "build"
    site.build_site(tiny, out, pdf="none", progress=lambda _: None)
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
    # the game a first visit opens (lookup.js reads it): the tiny catalog has no [site], so its defaults
    assert index["default"] == {"setups": [], "rule": "same-start", "strategy": "human"}


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Committed folders of three set-ups: Dutch four letters, English common words, Wordle."""
    root = tmp_path_factory.mktemp("games")
    for folder in ("nl-4/free/scm", "en-common/same-start/scm", "wordle/free/optimal-salet", "wordle/hard/optimal-salet",
                   "wordle-common/self-hard/scm"):
        shutil.copytree(trees_dir() / folder, root / folder)
    return root


def test_each_game_names_its_rules(games: Path) -> None:
    model, _ = model_of(games)
    index = lookup_index(model)
    assert index["setups"]["wordle"]["rule_titles"]["free"].startswith("normal mode")
    assert index["setups"]["nl-4"]["rule_titles"]["free"].startswith("free rule")
    assert index["rule_titles"]["free"].startswith("free rule")  # LINGO's, never Wordle's
    wordle = next(s for s in model.setups if s.id == "wordle")
    assert [f.rule_title.split(":")[0] for f in wordle.folders] == ["normal mode", "hard mode"]


def test_nav_groups_lingo_by_language_then_length(games: Path, tmp_path: Path) -> None:
    model, _ = model_of(games)
    nav = site._nav(model, tmp_path)
    # what players use most first: the shows, then the practice, helper and lookup pages (where made)
    names = [next(iter(entry)) for entry in nav]
    assert names[0] == "Home" and ("Shows" in names) == bool(model.shows)
    lingo = next(entry["LINGO tables"] for entry in nav if "LINGO tables" in entry)
    assert [next(iter(lang)) for lang in lingo] == ["Dutch", "English"]
    dutch = lingo[0]["Dutch"]  # clicking "Dutch" opens the list of every Dutch length, then the lengths
    assert [next(iter(s)) for s in dutch] == ["Every Dutch length", "Four letters, ’ij’ two letters"]
    assert dutch[0] == {"Every Dutch length": "lingo-nl.md"}
    assert [next(iter(s)) for s in lingo[1]["English"]] == ["Every English length",
                                                             "Five letters, common words (any ENABLE word may be guessed)"]
    wordle = next(entry["Wordle"] for entry in nav if "Wordle" in entry)  # a section per tier of secrets
    assert [next(iter(s)) for s in wordle] == ["The official answers (2022)", "The common allowed words (2022)"]


def test_a_setup_page_shows_its_openers_ranking(games: Path) -> None:
    scores = tuple(OpenerScore(f"w{i:04d}", 8000 + i, 5, 0, i) for i in range(25)) + (
        OpenerScore("salet", 9000, 6, 1, 300),)
    ranking = OpenerRanking("answers", "wordle", "free", "entropy", 20, 2315, scores, ("salet",))
    folders = read_folders(games)
    sheets, cards = sheet_models(folders)
    model = site_model(folders, cards, {}, Files(), [ranking])
    wordle = next(s for s in model.setups if s.id == "wordle")
    (view,) = wordle.openers
    assert [x.word for x in view.top][:2] == ["w0000", "w0001"] and len(view.top) == 20
    assert [(x.place, x.word) for x in view.placed] == [(26, "salet")]  # asked for: placed below the top
    assert not next(s for s in model.setups if s.id == "wordle-common").openers
    page = render("site/setup.md.j2", setup=wordle, site=model)
    assert "## Best first words" in page and "<th scope=\"row\">salet</th>" in page
    assert "### entropy, normal mode" in page and "Greedy: most entropy; normal mode" in page
    assert "The exact search proves" not in page
    # the optimal ranking: every first word weighed, the best proved, the words players like placed
    exact = tuple(OpenerScore(f"b{i:03d}", 7920 + i, 5, 0, i + 1) for i in range(21)) + (
        OpenerScore("adieu", 8370, 6, 0, 900),)
    optimal = OpenerRanking("answers", "wordle", "free", "optimal", 20, 2315, exact, ("adieu",),
                            (OpenerBound("qajaq", 8269), OpenerBound("fuzzy", 7950), OpenerBound("xylyl", None)), 25)
    wordle = next(s for s in site_model(folders, cards, {}, Files(), [ranking, optimal]).setups if s.id == "wordle")
    assert [o.optimal for o in wordle.openers] == [True, False]  # optimal first, as in the tier tables
    view = wordle.openers[0]
    assert (view.weighed, view.bar, view.no_tree, view.proved) == (25, 7950, 1, True)
    assert [(x.place, x.word) for x in view.placed] == [(None, "adieu")]  # past the bound: no place known
    page = render("site/setup.md.j2", setup=wordle, site=model)
    assert ("**b000** is the best first word, proved. The exact search weighed every one of the 25 allowed first "
            "words: the 20 best have their exact "
            "totals and are proved the best of all; every word without an exact total costs at least 7950") in page
    assert "after 1 word no play finds every secret within" in page
    assert '<td class="n">–</td><th scope="row">adieu</th>' in page
    partial = OpenerRanking("answers", "wordle", "free", "optimal", 20, 2315, exact, ("adieu",),
                            (OpenerBound("qajaq", 8269),), 25)
    wordle = next(s for s in site_model(folders, cards, {}, Files(), [partial]).setups if s.id == "wordle")
    page = render("site/setup.md.j2", setup=wordle, site=model)
    assert "weighed the first 23 of the 25 allowed first words" in page and "the proof is not complete" in page


def test_a_setup_page_shows_its_traps(games: Path) -> None:
    ight = Family(0, "_ight", ("fight", "light", "might", "night"))
    traps = [Trap("answers", "wordle", ight, WorstCase(4, "fight", 4), WorstCase(3, "flame", 2), 5000)]
    folders = read_folders(games)
    sheets, cards = sheet_models(folders)
    model = site_model(folders, cards, {}, Files(), [], traps)
    wordle = next(s for s in model.setups if s.id == "wordle")
    (row,) = wordle.traps
    assert (row.pattern, row.one_by_one, row.with_probe, row.probe) == ("_ight", 4, "2\u20133", "flame")
    assert not next(s for s in model.setups if s.id == "wordle-common").traps
    page = render("site/setup.md.j2", setup=wordle, site=model)
    # the tier table has a min column, and the page says how the answers were chosen
    assert '<th scope="col">total</th><th scope="col">min</th>' in page
    assert all(f.min_turns == min(int(k) for k, n in f.totals["turns"].items() if n) for f in wordle.folders)
    assert "The secret is one of 2315 words (the 2315 answers" in page
    assert "## One-letter traps" in page and "<th scope=\"row\">&#95;ight</th><td>fight, light, might, night</td>" in page


def test_setup_page_golden(golden, tiny: Path) -> None:
    model, _ = model_of(tiny)
    golden("site-tiny.md", render("site/setup.md.j2", setup=model.setups[0], site=model))


def test_a_build_leaves_the_cycle_collector_as_it_found_it(tiny: Path, tmp_path: Path) -> None:
    """The trees and models are made with the collector off and frozen out of
    its walks while the site is built (build_site): on again, nothing frozen, after."""
    assert gc.isenabled() and gc.get_freeze_count() == 0
    site.build_site(tiny, tmp_path / "b", pdf="none", progress=lambda _: None)
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_no_trees_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SiteError, match="no trees under"):
        read_folders(tmp_path)


def test_build_makes_pages_downloads_and_lookup(built: Path, tiny: Path) -> None:
    for page in ("index.html", "lookup.html", "method.html", "tiny.html", "tiny/free/human/b.html",
                 "assets/lookup.js", "assets/lookup-index.json",
                 "trees/schema.json", "trees/tiny/free/human/b.json.gz"):
        assert (built / page).exists(), page
    # the tree downloads are the committed files' data, without indentation, gzipped
    committed = (tiny / "tiny/free/human/b.json").read_bytes()
    assert gzip.decompress((built / "trees/tiny/free/human/b.json.gz").read_bytes()) == \
        orjson.dumps(orjson.loads(committed))
    assert not (built / "tiny/same-start/scm/ij.html").exists()  # an adaptive tree's sheet is the lookup
    names = {str(p.relative_to(built)) for p in (built / "trees").rglob("*.gz")}
    assert {f"trees/tiny/{r}/{s}/{x}.json.gz" for r in ("free", "same-start")
            for s in ("human", "human-lookup", "scm") for x in ("b", "ij", "index")} <= names
    assert not (built / "downloads").exists()  # no archive: the repository's trees/ has them all
    method = (built / "method.html").read_text(encoding="utf-8")  # a link a folder, to its page's files
    assert 'href="tiny/same-start/human-lookup.html#downloads"' in method and 'href="trees/schema.json"' in method
    folder = (built / "tiny/same-start/human-lookup.html").read_text(encoding="utf-8")
    assert 'id="downloads"' in folder and 'href="../../trees/tiny/same-start/human-lookup/ij.json.gz"' in folder
    lookup = (built / "lookup.html").read_text(encoding="utf-8")
    assert 'id="next-guess"' in lookup and 'id="candidates"' in lookup
    letter = (built / "tiny/free/human/b.html").read_text(encoding="utf-8")
    assert 'href="../../../lookup.html?setup=tiny&amp;rule=free&amp;strategy=human&amp;letter=b"' in letter
    assert letter.count('class="sheet letter-sheet"') == 1
    home = (built / "index.html").read_text(encoding="utf-8")
    assert 'href="tiny.html"' in home
    assert not (built / "pdf").exists()  # pdf="none"


def test_the_hangman_trees_get_their_page_and_downloads(tiny: Path, tmp_path: Path) -> None:
    trees = Path(shutil.copytree(tiny, tmp_path / "trees"))
    rel = "hangman/en-enable/6/optimal/3.json"
    (trees / rel).parent.mkdir(parents=True)
    shutil.copy(CHECKOUT / "trees" / rel, trees / rel)
    out = tmp_path / "out"
    site.build_site(trees, out, pdf="none", progress=lambda _: None)
    page = (out / "hangman.html").read_text(encoding="utf-8")
    assert 'id="hangman-index"' in page and '"id": "en-enable"' in page
    # the lookup loads the tree from the site: the same data, without indentation, gzipped
    site_copy = gzip.decompress((out / "trees" / f"{rel}.gz").read_bytes())
    assert site_copy == orjson.dumps(orjson.loads((trees / rel).read_bytes()))


def test_build_prints_pdfs_and_counts_pages(tiny: Path, tmp_path: Path, chromium: str) -> None:
    """With the browser the program prints with (any of pdf.CHROMIUM_PATHS: the fixture skips without one)."""
    r = site.build_site(tiny, tmp_path / "b", pdf="all", progress=lambda _: None)
    assert r.pdf_skipped is None
    # a letter sheet per human-scheme letter (no sheet PDF for scm) and a card per human-scheme folder
    assert len(r.pdf_pages) == 8 and len(r.card_pages) == 4
    assert all(p == 1 for p in r.pdf_pages.values()) and all(p == 1 for p in r.card_pages.values())
    assert (tmp_path / "b/pdf/tiny-free-rule-human-scheme-b.pdf").read_bytes().startswith(b"%PDF")
    folder_page = (tmp_path / "b/tiny/free/human.html").read_text(encoding="utf-8")
    assert 'href="../../pdf/tiny-free-rule-human-scheme-b.pdf"' in folder_page
    overview = (tmp_path / "b/tiny.html").read_text(encoding="utf-8")
    assert 'href="pdf/tiny-free-rule-human-scheme-openers.pdf"' in overview
    # a second build reuses the PDFs whose printed HTML did not change
    again = site.build_site(tiny, tmp_path / "b", pdf="all", progress=lambda _: None)
    cards = site.build_site(tiny, tmp_path / "c", progress=lambda _: None)  # by default only the cards
    assert cards.pdfs == 4 and not cards.pdf_pages and len(cards.card_pages) == 4
    assert again.pdfs_reused == again.pdfs == 12 and again.pdf_pages == r.pdf_pages
    assert (tmp_path / "b/pdf/tiny-free-rule-human-scheme-b.pdf").read_bytes().startswith(b"%PDF")


def test_evil_words_are_escaped_on_every_page(evil_project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LINGO_TREES_ROOT", str(tmp_path / "evil"))
    trees = evil_project(tmp_path / "evil")
    out = tmp_path / "build"
    site.build_site(trees, out, pdf="none", progress=lambda _: None)
    pages = list(out.rglob("*.html"))
    assert len(pages) > 5
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert "<script>alert" not in html, page
        assert not re.search(r"<b>x|<acd|<&'x|<&bxa", html), page  # no word became a tag
        assert 'a"q"x"' not in html
        # catalog text is text to Markdown too: no link, image or attribute made of it
        assert not re.search(r"href=\"javascript:|<img\b|<[^>]*\sonclick=", html, re.I), page
    setup_page = (out / "evil.html").read_text(encoding="utf-8")
    assert "Evil ‹script›alert(’t’)‹/script› + co" in setup_page  # headings: look-alikes
    sheet = (out / "evil/free/human/a.html").read_text(encoding="utf-8")
    assert "Evil &lt;script&gt;alert(&#39;t&#39;)&lt;/script&gt; &amp; co" in sheet  # body: escaped
    assert "a&amp;amp" in sheet and "a&lt;b&gt;x" in sheet
    index = orjson.loads((out / "assets/lookup-index.json").read_bytes())
    assert sorted(index["setups"]["evil"]["rules"]["free"]["human"]) == ["a", "b"]


# -- the output folder and hostile trees folders -----------------------------------------


def _copy_tiny(tiny: Path, to: Path) -> Path:
    shutil.copytree(tiny, to)
    return to


def test_a_folder_with_a_user_s_files_is_refused(tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "thesis.tex").write_text("years of work")
    with pytest.raises(SiteError, match=r"holds files that are not a site build"):
        site.build_site(tiny, out, pdf="none", progress=lambda _: None)
    assert [p.name for p in out.iterdir()] == ["thesis.tex"]


@pytest.mark.parametrize("where", ["same", "inside"])
def test_an_output_over_the_trees_is_refused(tiny: Path, tmp_path: Path, where: str) -> None:
    trees = _copy_tiny(tiny, tmp_path / "trees")
    before = sorted(p.relative_to(trees) for p in trees.rglob("*"))
    out = trees if where == "same" else trees / "site"
    with pytest.raises(SiteError, match="overlaps the trees folder"):
        site.build_site(trees, out, pdf="none", progress=lambda _: None)
    assert sorted(p.relative_to(trees) for p in trees.rglob("*")) == before


def test_a_build_clears_what_a_killed_build_left(tiny: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess
    import sys
    import tempfile

    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()  # a process that has ended
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    left = [tmp_path / f".build.new-{gone}-x1", tmp_path / f".build.old-{gone}-x2", tmp_path / "tmp" / f"lingo-trees-site-{gone}-x3"]
    running = [tmp_path / ".build.new-1-x4"]  # a live process's build (pid 1): not ours to remove
    for folder in left + running:
        (folder / "docs").mkdir(parents=True)
    site.build_site(tiny, tmp_path / "build", pdf="none", progress=lambda _: None)
    assert [f for f in left if f.exists()] == [] and all(f.exists() for f in running)
    assert list((tmp_path / "tmp").iterdir()) == []


def test_a_rebuild_replaces_an_earlier_build_whole(built: Path, tiny: Path) -> None:
    assert (built / MARKER).is_file()
    stale = built / "letters" / "stale.html"
    stale.parent.mkdir(exist_ok=True)
    stale.write_text("from an earlier build")
    marker = orjson.loads((built / MARKER).read_bytes())
    marker["files"] = listing(built)  # as if an earlier build had made it
    (built / MARKER).write_bytes(orjson.dumps(marker))
    site.build_site(tiny, built, pdf="none", progress=lambda _: None)
    assert not stale.exists() and (built / "index.html").exists()
    assert [p.name for p in built.parent.iterdir()] == ["build"]  # no temporary folder left


@pytest.mark.parametrize("change", ["added", "changed", "changed, the same size"])
def test_a_users_file_in_an_earlier_build_is_not_lost(built: Path, tiny: Path, change: str) -> None:
    if change == "added":
        (built / "assets" / "notes.txt").write_text("my notes")
    elif change == "changed":
        (built / "index.html").write_text("my own home page")
    else:  # (the sizes alone missed it: issue 60)
        page = built / "index.html"
        page.write_bytes(b"my own home page".ljust(page.stat().st_size, b" "))
    with pytest.raises(SiteError, match="files were added or changed since the site was built"):
        site.build_site(tiny, built, pdf="none", progress=lambda _: None)
    assert (built / ("assets/notes.txt" if change == "added" else "index.html")).read_text().startswith("my")


def test_a_build_with_a_file_gone_is_built_again_whole(built: Path, tiny: Path) -> None:
    # a file deleted from a built site made even --force refuse (issue 60)
    (built / "lookup.html").unlink()
    site.build_site(tiny, built, pdf="none", progress=lambda _: None)
    assert (built / "lookup.html").is_file()


def test_a_failed_build_keeps_the_earlier_site(built: Path, tiny: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = sorted(str(p.relative_to(built)) for p in built.rglob("*"))

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("mkdocs.commands.build.build", interrupted)
    with pytest.raises(KeyboardInterrupt):
        site.build_site(tiny, built, pdf="none", progress=lambda _: None)
    assert sorted(str(p.relative_to(built)) for p in built.rglob("*")) == before
    assert [p.name for p in built.parent.iterdir()] == ["build"]


def test_paths_in_an_index_are_never_followed(tiny: Path, tmp_path: Path) -> None:
    trees = _copy_tiny(tiny, tmp_path / "trees")
    secret = tmp_path / "secret.json"
    secret.write_text('{"password": "hunter2"}')
    index = trees / "tiny" / "free" / "human" / "index.json"
    data = orjson.loads(index.read_bytes())
    data["letters"]["../../../../secret"] = dict(data["letters"]["b"], file="../../../../secret.json")
    index.write_bytes(orjson.dumps(data))
    out = tmp_path / "out"
    site.build_site(trees, out, pdf="none", progress=lambda _: None)
    assert not any("hunter2" in p.read_text(errors="ignore") for p in out.rglob("*") if p.is_file())
    assert not any("secret" in str(p) or ".." in p.parts for p in (out / "trees").rglob("*"))
    assert not (tmp_path / "secret.html").exists() and not list(tmp_path.glob("*.html"))


@pytest.mark.parametrize("folder", ["x onmouseover=alert(1)", "..hidden", "UPPER"])
def test_a_hostile_folder_name_is_refused(tiny: Path, tmp_path: Path, folder: str) -> None:
    trees = _copy_tiny(tiny, tmp_path / "trees")
    (trees / "tiny" / "free" / "human").rename(trees / "tiny" / "free" / folder)
    with pytest.raises(SiteError, match=r"the strategy folder .* is not an id"):
        site.build_site(trees, tmp_path / "out", pdf="none", progress=lambda _: None)
    assert not (tmp_path / "out").exists()


def test_a_show_page_says_where_the_show_plays_each_length(shipped_site, tmp_path: Path) -> None:
    built = shipped_site(tmp_path, [f"en-common/same-start/human/{x}.json" for x in ("q", "x")])
    text = html.unescape((built / "english-lingo-on-tv-itv-cbs.html").read_text(encoding="utf-8"))
    assert "<p>Played on ITV (since 2021) in the rounds and as the end game's second word; on CBS" in text


def test_every_page_of_a_set_up_has_its_own_title(tiny: Path, tmp_path: Path) -> None:
    """A tab or bookmark of a strategy or letter page names the strategy (the
    letter), the game and the rule: no two pages of the site share a title."""
    site.build_site(tiny, tmp_path / "b", pdf="none", progress=lambda _: None)
    titles = {p.relative_to(tmp_path / "b").as_posix(): re.search(r"<title>([^<]*)</title>", p.read_text(encoding="utf-8"))[1]
              for p in (tmp_path / "b").rglob("*.html") if p.name != "404.html"}
    assert len(set(titles.values())) == len(titles), sorted(titles.values())
    assert titles["tiny/free/human.html"] == "Human scheme · Tiny Dutch LINGO · free rule - lingo-trees"
    assert titles["tiny/free/human/b.html"].startswith("B · Human scheme · Tiny Dutch LINGO · free rule")


def test_a_wordle_page_leads_with_the_best_first_word_per_mode(tmp_path: Path, shipped_site: Any) -> None:
    """A Wordle player comes for the best first word: the page says it for
    normal and hard mode before anything else, proved or not, and links its
    tree."""
    built = shipped_site(tmp_path, ["openers.json"] + [f"wordle-2023/{r}/{s}/all.json" for r, s in
                                                       (("free", "optimal-tarse"), ("free", "optimal-salet"),
                                                        ("hard", "optimal-tarse"))])
    page = (built / "wordle-2023.html").read_text(encoding="utf-8")
    lead = page[page.index('<div class="best-first"'):]
    lead = re.sub(r"<[^>]+>", "", lead[:lead.index("</div>")])
    assert page.index('<div class="best-first"') < page.index("<h2")
    assert re.search(r"Normal mode: TARSE, 3\.\d+ guesses a game, proved the best of every allowed first word", lead), lead
    assert re.search(r"Hard mode: TARSE, 3\.\d+ guesses a game, the one first word whose best play was computed", lead), lead
    assert 'href="wordle-2023/hard/optimal-tarse.html"' in page


def test_the_search_index_leaves_out_the_letter_sheets(tiny: Path, tmp_path: Path) -> None:
    """Every page fetches the search index: it holds the pages a reader looks
    for (set-ups, strategies, tools), not the thousands of letter sheets,
    whose text is their headings (each is found from its strategy's page)."""
    site.build_site(tiny, tmp_path / "b", pdf="none", progress=lambda _: None)
    index = orjson.loads((tmp_path / "b/search/search_index.json").read_bytes())
    pages = {d["location"].split("#")[0] for d in index["docs"]}
    assert "tiny/free/human.html" in pages and "practice.html" in pages
    assert not [p for p in pages if p.startswith("tiny/free/human/")], sorted(pages)


def _shown_as(tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, show: str) -> Path:
    """A copy of the tiny project whose set-up is the TV show ``show``; its trees folder."""
    root = Path(shutil.copytree(tiny.parent, tmp_path / "project"))
    catalog = root / "wordlists" / "catalog.toml"
    catalog.write_text(catalog.read_text(encoding="utf-8").replace(
        'title = "Tiny Dutch LINGO"\n', f'title = "Tiny Dutch LINGO"\nshow = "{show}"\n'), encoding="utf-8")
    monkeypatch.setenv("LINGO_TREES_ROOT", str(root))
    return root / "trees"


@pytest.mark.parametrize("show", ["Practice", "Lookup", "helper", "Tiny", "Index", "Method", "404", "Lingo NL"])
def test_a_show_named_as_a_page_of_the_site_is_refused(tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       show: str) -> None:
    # each replaced that page (or was lost) and the build exited 0 (issue 60, item 8)
    trees = _shown_as(tiny, tmp_path, monkeypatch, show)
    with pytest.raises(SiteError, match=rf"^the show '{show}' of the catalogue would be the page .*, which the site has"):
        site.build_site(trees, tmp_path / "out", pdf="none", progress=lambda _: None)
    assert not (tmp_path / "out").exists()


def test_a_show_whose_name_makes_no_page_is_refused(tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    trees = _shown_as(tiny, tmp_path, monkeypatch, "!!!")
    with pytest.raises(SiteError, match=r"^the show '!!!' of the catalogue has no letter or digit"):
        site.build_site(trees, tmp_path / "out", pdf="none", progress=lambda _: None)


def test_a_show_with_a_name_of_its_own_has_its_page(tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    trees = _shown_as(tiny, tmp_path, monkeypatch, "Tiny LINGO on TV")
    site.build_site(trees, tmp_path / "out", pdf="none", progress=lambda _: None)
    assert "Tiny LINGO on TV" in (tmp_path / "out" / "tiny-lingo-on-tv.html").read_text(encoding="utf-8")


def test_two_shows_named_alike_are_refused() -> None:
    with pytest.raises(SiteError, match=r"^the shows 'Lingo!' and 'lingo' of the catalogue would both be the page lingo.md"):
        check_show_pages({"Lingo!": "lingo.md", "lingo": "lingo.md"}, set())


@pytest.mark.parametrize("entry, gone, kept", [
    ('rules = ["free"]', "tiny/same-start", "tiny/free/human"),
    ("tables = false", "tiny/free/human", "tiny/free/scm"),
])
def test_the_site_publishes_only_the_trees_a_build_makes(tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         entry: str, gone: str, kept: str) -> None:
    # a set-up's other trees were published by site where build refused them (issue 60)
    root = Path(shutil.copytree(tiny.parent, tmp_path / "project"))
    catalog = root / "wordlists" / "catalog.toml"
    catalog.write_text(catalog.read_text(encoding="utf-8").replace(
        'title = "Tiny Dutch LINGO"\n', f'title = "Tiny Dutch LINGO"\n{entry}\n'), encoding="utf-8")
    monkeypatch.setenv("LINGO_TREES_ROOT", str(root))
    out = tmp_path / "out"
    site.build_site(root / "trees", out, pdf="none", progress=lambda _: None)
    assert not (out / gone).exists() and not (out / "trees" / gone).exists()
    assert (out / "trees" / kept / "b.json.gz").is_file()
    page = (out / "tiny.html").read_text(encoding="utf-8")
    assert f"{gone}/" not in page and f"{gone}.html" not in page and f"{kept}" in page


def test_a_build_of_an_older_version_is_replaced_where_its_listing_holds(built: Path, tiny: Path) -> None:
    from generator.output.sitefolder import _sizes_digest

    marker = {"format": "lingo-trees.site", "version": 2, "listing": _sizes_digest(built)}
    (built / MARKER).write_bytes(orjson.dumps(marker))
    site.build_site(tiny, built, pdf="none", progress=lambda _: None)  # its files are its own: replaced
    assert orjson.loads((built / MARKER).read_bytes())["version"] == 3
    (built / MARKER).write_bytes(orjson.dumps({**marker, "listing": "0" * 64}))
    with pytest.raises(SiteError, match="files were added or changed since the site was built"):
        site.build_site(tiny, built, pdf="none", progress=lambda _: None)

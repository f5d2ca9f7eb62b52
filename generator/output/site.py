"""The static strategy site: MkDocs (material theme) from the committed trees.

:func:`build_site` reads the trees (``trees/<setup>/<rule>/<strategy>/``),
makes the sheets' view models, prints the cards' PDFs with headless Chromium
(every letter sheet's too when asked), copies the trees and zips them, then
makes the one frozen :class:`~generator.output.sitemodel.SiteModel`, renders
the pages into a temporary MkDocs ``docs`` folder and runs ``mkdocs build``
(strict: a link to a page that is not there fails the build) with the
plugin of :mod:`generator.output.sitepages`, which puts each letter sheet in
its page as MkDocs writes it. The site is built beside its folder and
swapped in whole (:mod:`generator.output.sitefolder`). The MkDocs
project is ``site/mkdocs.yml`` (with ``overrides/``: the 404 page, the
deferred theme script); the hand-written pages in ``site/docs/`` are Jinja
templates too (they list set-ups and downloads).

Pages made, relative to the site root:

* ``index.html`` (home), ``method.html``, ``lookup.html`` (the lookup),
  ``helper.html`` (the clue helper, with its words in ``helper/``),
  ``practice.html`` (with its words in ``practice/``), ``hangman.html``
  (where there are Hangman trees), ``404.html``,
  ``sw.js`` (the service worker that keeps the site working offline);
* ``<show>.html``: a TV show's page (``dutch-lingo-on-tv.html``: its lengths,
  each with the TV card and the letter sheets); ``lingo-<language>.html``:
  every length of a language;
* ``<setup>.html``: overview, histograms, comparison with the 1992 paper;
* ``<setup>/<rule>/<strategy>.html``: a strategy, with its card;
* ``<setup>/<rule>/<strategy>/<letter>.html``: a letter's sheet (strategies
  with a table; an adaptive strategy's letters open the lookup), and
  ``<letter>.rows-<n>.html``: the later rows of a long sheet;
* ``trees/...``: every tree file (gzipped: ``k.json.gz``), the indexes and
  ``schema.json`` (a program takes them all from the repository's ``trees/``);
* ``pdf/<setup>-tv-card.pdf`` (the TV card), ``pdf/<setup>-<rule>-<strategy>-openers.pdf``
  and, with ``--pdf all``, ``pdf/<setup>-<rule>-<strategy>-<letter>.pdf``,
  named in words (``nl-free-rule-human-scheme-b.pdf``).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import orjson

from generator.core.catalog import CHECKOUT, LANGUAGE_NAMES, project_root, trees_dir
from generator.core.collector import frozen, uncollected
from generator.core.files import dump_json, gzipped, read_limited, write_atomic
from generator.core.layout import INDEX, folder_path, tree_path
from generator.errors import SiteError, TreeFormatError
from generator.output.anki import deck_bytes
from generator.output.cardsfile import FILE_NAME as CARDS_FILE
from generator.output.cardsfile import CardsEntry, read_cards
from generator.output.cardsview import cards_view
from generator.output.drill import write_learn
from generator.output.hangmanpage import HangmanPage, hangman_page
from generator.output.helperdata import helper_files
from generator.output.i18n import gettext, speaking
from generator.output.index import top_index_data
from generator.output.pdf import PdfError, Printed, find_chromium, missing_chromium, print_all
from generator.output.practicedata import write_practice
from generator.output.rankingfile import FILE_NAME as RANKINGS_FILE
from generator.output.rankingfile import read_rankings
from generator.output.sheets import (
    SHEET_VERSION,
    LetterSheet,
    OpenersCard,
    environment,
    heading_text,
    package_dir,
    render,
    render_print,
)
from generator.output.sitebuild import run_mkdocs
from generator.output.sitefolder import DOCS_PREFIX, check_out, new_folder, swap_in
from generator.output.sitelang import PLAYER_LANGUAGES, language_setups, show_languages, write_language
from generator.output.sitemodel import (
    Download,
    Files,
    FolderView,
    SetupView,
    SiteModel,
    lookup_index,
    site_model,
)
from generator.output.sitenames import card_deck_name, card_pdf_name, check_show_pages, pdf_name
from generator.output.sitetrees import Key, TreeFolder, read_folders, sheet_models
from generator.output.trapsfile import FILE_NAME as TRAPS_FILE
from generator.output.trapsfile import read_traps
from generator.output.treeschema import SCHEMA
from generator.search.ranking import OpenerRanking
from generator.search.traps import Trap

__all__ = ["SiteError", "SiteReport", "build_site", "site_dir"]

TREES = Path("trees")  # the site's copy of the trees folder, laid out as the repository's


def site_dir() -> Path:
    """The MkDocs project: ``site/`` of the project root, else the one of
    the checkout this package sits in (a test project has only lists and trees)."""
    here = project_root() / "site"
    if (here / "mkdocs.yml").exists():
        return here
    return CHECKOUT / "site"


def site_paths(trees: Path | None, out: Path | None, project: Path | None) -> tuple[Path, Path, Path]:
    """The trees folder, the site folder (resolved) and the MkDocs project
    of a build, by default ``trees/``, ``site/build/`` and ``site/``, checked
    (:func:`~generator.output.sitefolder.check_out`)."""
    project = project or site_dir()
    trees = trees or trees_dir()
    out = (out or project / "build").resolve()
    if not (project / "mkdocs.yml").exists():
        raise SiteError(f"{project / 'mkdocs.yml'}: no MkDocs project here")
    check_out(out, trees, project)
    return trees, out, project


@dataclass
class SiteReport:
    """What :func:`build_site` did, for the closing note of the command."""

    out: Path
    up_to_date: bool = False  # built before from the same inputs: nothing done
    pages: int = 0
    seconds: float = 0.0
    mkdocs_seconds: float = 0.0
    pdf_seconds: float = 0.0
    pdfs: int = 0
    pdfs_reused: int = 0  # unchanged since the last build, copied
    pdf_skipped: str | None = None
    pdf_failed: bool = False  # asked for, Chromium found, and it failed: the build is not up to date
    pdf_pages: dict[str, int] = field(default_factory=dict)  # letter-sheet PDF -> pages
    card_pages: dict[str, int] = field(default_factory=dict)
    largest_page: tuple[str, int] = ("", 0)
    largest_tree: tuple[str, int] = ("", 0)
    largest_words: tuple[str, int] = ("", 0)  # a word file the helper or practice loads
    site_size: int = 0  # bytes of every file of the site


PrintMany = Callable[[str, list[tuple[str, str]]], Iterator[tuple[str, bytes, int]]]
"""Prints ``(name, html)`` documents with the Chromium at the path given,
yielding ``(name, pdf, pages)`` in any order: :func:`~generator.output.pdf.print_all`
in this process, or several Chromiums at once (:mod:`generator.runs.site`)."""


def print_plan(sheets: dict[Key, LetterSheet], cards: dict[tuple[str, str, str], OpenersCard],
               every_sheet: bool) -> list[tuple[str, str]]:
    """The documents to print: ``(pdf name, html)`` of each openers card
    (a Dutch or French show's TV card also in its players' language, as
    ``nl/pdf/...``) and, with ``every_sheet``, of each letter sheet with a
    table (an adaptive tree's sheet is the lookup). A sheet's page prints
    the same sheet from the browser."""
    def card_pdf(card: OpenersCard) -> str:
        return render_print(cards=[card], title=f"{card.name}: {gettext(card.setup_title)}", inline=True)

    spoken = show_languages()
    plan = [(card_pdf_name(sid, rule, strategy), card_pdf(card)) for (sid, rule, strategy), card in cards.items()]
    for (sid, rule, strategy), card in cards.items():
        if card.tv and sid in spoken:
            with speaking(spoken[sid]):
                plan.append((f"{spoken[sid]}/{card_pdf_name(sid, rule, strategy)}", card_pdf(card)))
    if every_sheet:
        plan += [(pdf_name(*key), render_print([sheet], title=sheet.title, inline=True))
                 for key, sheet in sheets.items() if sheet.has_table]
    return plan


def _old_manifest(previous: Path) -> dict[str, Any]:
    try:
        files = orjson.loads(read_limited(previous / "pdf" / "manifest.json", 16 << 20, "PDF manifest"))["files"]
        return files if isinstance(files, dict) else {}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def _print_pdfs(plan: list[tuple[str, str]], docs: Path, previous: Path, report: SiteReport,
                chromium: str, print_many: PrintMany, say: Callable[[str], None]) -> dict[str, int]:
    """Print the documents of ``plan`` into ``docs``, copying the PDF of the
    previous build (``previous``) where the printed HTML is the same
    (``pdf/manifest.json`` keeps a hash and the page count of each); returns
    the pages of each PDF by name."""
    t0 = time.perf_counter()
    old = _old_manifest(previous)
    new: dict[str, dict[str, Any]] = {}
    todo = []
    for name, html in plan:
        key = hashlib.sha256(html.encode()).hexdigest()
        new[name] = {"key": key}
        target, was = docs / name, old.get(name)
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(was, dict) and was.get("key") == key and isinstance(was.get("pages"), int) \
                and (previous / name).is_file():
            shutil.copyfile(previous / name, target)
            new[name]["pages"] = was["pages"]
            report.pdfs_reused += 1
        else:
            todo.append((name, html))
    say(f"[site] printing {len(todo)} of {len(plan)} PDFs ({report.pdfs_reused} unchanged)")
    if todo:
        for name, data, count in print_many(chromium, todo):
            (docs / name).write_bytes(data)
            new[name]["pages"] = count
    manifest = {"format": "lingo-trees.pdf-manifest", "version": 2, "sheet_version": SHEET_VERSION,
                "files": dict(sorted(new.items()))}
    write_atomic(docs / "pdf" / "manifest.json", orjson.dumps(manifest, option=orjson.OPT_INDENT_2))
    report.pdfs = len(plan)
    report.pdf_seconds = time.perf_counter() - t0
    pages = {name: int(entry["pages"]) for name, entry in new.items()}
    report.card_pages = {name: pages[name] for name, _ in plan if name.endswith(("-openers.pdf", "-tv-card.pdf"))}
    report.pdf_pages = {name: n for name, n in pages.items() if name not in report.card_pages}
    return pages


def _copy_trees(folders: list[TreeFolder], hangman: HangmanPage | None, docs: Path, report: SiteReport) -> Files:
    """Copy every tree file into ``docs/trees`` gzipped (``k.json.gz``: a
    fifth of the bytes, on disk as on the wire, whatever the server; the
    pages' scripts unzip it) with the indexes made from them and the schema
    of this program. No archive of them all: it weighed as much again (a
    program clones the repository, whose ``trees/`` holds them)."""
    out = docs / "trees"
    out.mkdir(parents=True, exist_ok=True)
    (out / "schema.json").write_bytes(dump_json(SCHEMA))
    (out / "index.json").write_bytes(dump_json(top_index_data({f.key: f.index for f in folders})))
    by_folder: dict[tuple[str, str, str], tuple[Download, ...]] = {}

    def add(data: Any, rel: str) -> Download:
        """Write one tree file's data (or a folder's index) gzipped, without
        indentation, to ``docs/rel.gz``; its download, counted for the largest."""
        target = docs / f"{rel}.gz"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(packed := gzipped(orjson.dumps(data)))
        size = len(packed)
        if size > report.largest_tree[1]:
            report.largest_tree = (f"{rel}.gz", size)
        return Download(Path(rel).stem, f"{rel}.gz", size)

    for f in folders:
        by_folder[(f.setup, f.rule, f.strategy)] = (add(f.index, (folder_path(TREES, f.key) / INDEX).as_posix()), *(
            add(orjson.loads(tree_path(f.root, f.key.tree(part)).read_bytes()), tree_path(TREES, f.key.tree(part)).as_posix())
            for part in sorted(f.trees)))
    for rel, path in sorted(hangman.files if hangman else (), key=lambda file: Path(file[0])):
        add(orjson.loads(path.read_bytes()), rel)
    return Files((Download("JSON Schema of the tree format", "trees/schema.json", (out / "schema.json").stat().st_size),
                  Download("index of every folder", "trees/index.json", (out / "index.json").stat().st_size)),
                 by_folder)


def letter_pages(model: SiteModel, sheets: dict[Key, LetterSheet]) -> dict[str, LetterSheet]:
    """The sheet of each letter page, by the page's path in the site (a strategy with a table)."""
    return {r.page: sheets[(f.setup, f.rule, f.strategy, r.letter)]
            for s in model.setups for f in s.folders for r in f.letters if r.page}


def _render_pages(project: Path, model: SiteModel, letter_sheets: dict[str, LetterSheet], docs: Path) -> list[Any]:
    """Write every Markdown page into ``docs``; returns the MkDocs nav."""
    assets = docs / "assets"
    assets.mkdir(exist_ok=True)
    for name in ASSETS:
        shutil.copy(package_dir("static") / name, assets / name)
    lookup = lookup_index(model)
    write_atomic(assets / "lookup-index.json", orjson.dumps(lookup, option=orjson.OPT_INDENT_2))
    (docs / "lookup.md").write_text(render("site/lookup.md.j2", root="", index_file="assets/lookup-index.json"),
                                    encoding="utf-8")
    (docs / "helper.md").write_text(render("site/helper.md.j2", index=_helper_data(docs), root=""), encoding="utf-8")
    write_practice(docs, lookup)  # practice.md and its words, for the LINGO and Wordle set-ups
    write_learn(docs, _learn_cards(model), default="nl-ij-tv-card")  # learn.md and the TV cards' lines
    if model.hangman is not None:
        (docs / "hangman.md").write_text(render("site/hangman.md.j2", page=model.hangman), encoding="utf-8")
    files = {(f.setup, f.rule, f.strategy): d for f, d in model.folder_downloads}
    for s in model.setups:
        (docs / f"{s.id}.md").write_text(render("site/setup.md.j2", setup=s, site=model),
                                         encoding="utf-8")
        for f in s.folders:
            page = docs / Path(f.page).with_suffix(".md")
            page.parent.mkdir(parents=True, exist_ok=True)
            page.write_text(render("site/folder.md.j2", setup=s, f=f, files=files.get((f.setup, f.rule, f.strategy), ()),
                                   root="../../"), encoding="utf-8")
            for r in (r for r in f.letters if r.page):
                page = docs / Path(r.page).with_suffix(".md")
                page.parent.mkdir(parents=True, exist_ok=True)
                page.write_text(render("site/letter.md.j2", sheet=letter_sheets[r.page], row=r, folder=f,
                                       root="../../../"), encoding="utf-8")
    own = {p.name for p in (*docs.iterdir(), *(project / "docs").glob("*.md"))}  # and the pages made below:
    check_show_pages(model.show_pages, own | {"404.md", *(f"lingo-{lang}.md" for lang in _languages(model))})
    for show, setups in model.shows.items():
        (docs / model.show_pages[show]).write_text(render("site/show.md.j2", show=show, setups=setups),
                                                  encoding="utf-8")
    for language, (title, setups) in _languages(model).items():
        lead = f"{LANGUAGE_NAMES.get(language, language)} LINGO, "  # "Five letters, 'ij' one tile"
        (docs / f"lingo-{language}.md").write_text(render("site/language.md.j2", title=title, setups=setups,
                                                          lead=lead), encoding="utf-8")
    _hand_written(project, model, docs)
    return _nav(model, docs)


def _learn_cards(model: SiteModel) -> dict[str, tuple[OpenersCard, list[str]]]:
    """Every TV card of the site by its id (its deck's name), with its words' digraphs."""
    out = {}
    for s in model.setups:
        for f in s.folders:
            if f.card is not None and f.card_deck:  # a deck only for a TV card
                out[Path(f.card_deck).stem] = (f.card, list(s.digraphs))
    return out


def _languages(model: SiteModel) -> dict[str, tuple[str, tuple[SetupView, ...]]]:
    """The LINGO set-ups of each language with a table, by length, and the title of their overview page."""
    out: dict[str, list[SetupView]] = {}
    for s in model.setups:
        if s.family == "lingo":
            out.setdefault(s.language, []).append(s)
    return {lang: (f"{LANGUAGE_NAMES.get(lang, lang)} LINGO: every length and rule",
                   tuple(sorted(v, key=lambda s: (s.length, s.id)))) for lang, v in out.items()}


def _hand_written(project: Path, model: SiteModel, docs: Path) -> None:
    """The pages of ``site/docs/``: Markdown pages are templates of the site
    model (and of ``pages``: the pages made, so they link only those)."""
    env = environment()
    src = project / "docs"
    pages = {str(p.relative_to(docs)) for p in docs.rglob("*.md")}
    for path in sorted(src.rglob("*")) if src.exists() else []:
        rel = path.relative_to(src)
        if path.is_dir() or Path(path.stem).suffix[1:] in PLAYER_LANGUAGES:  # index.nl.md: sitelang writes it
            continue
        target = docs / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".md":
            text = env.from_string(path.read_text(encoding="utf-8")).render(site=model, pages=pages)
            target.write_text(text, encoding="utf-8")
        else:
            shutil.copy(path, target)


def _nav(model: SiteModel, docs: Path) -> list[Any]:
    """The navigation, what players use most first: the TV shows' pages
    (the contestant's way to a TV card: show, length, card), practice, the
    clue helper and the lookup; then every LINGO table (by language: its
    overview of every length, then a section per set-up), the other games
    and the method. Each set-up is a section: its overview, then a page per
    strategy. MkDocs themes put nav titles into the page unescaped (see
    :func:`heading_text`)."""
    def title(text: str) -> str:  # "SCM from salet", "Free rule"
        return heading_text(text[:1].upper() + text[1:])

    def page(f: FolderView) -> dict[str, str]:
        return {title(f.short): str(Path(f.page).with_suffix(".md"))}

    def section(s: SetupView, lead: str = "") -> dict[str, Any]:
        pages: list[Any] = [{"Overview": f"{s.id}.md"}]
        if len(s.rules) == 1:
            pages += [page(f) for f in s.folders]
        else:  # a sub-section per rule, named as the overview's headings
            for rule in s.rules:
                folders = s.in_rule(rule)
                pages.append({title(folders[0].rule_short): [page(f) for f in folders]})
        # within a section its title says less: "Four letters", not "Dutch LINGO, four letters"
        return {title(s.title[len(lead):]) if lead and s.title.startswith(lead) else heading_text(s.title): pages}

    # what players use most first: the shows' cards, then practice, the helper and the lookup
    nav: list[Any] = [{"Home": "index.md"}]
    if model.shows:
        nav.append({"Shows": [{heading_text(show): page} for show, page in model.show_pages.items()]})
    tools = [("Practice", "practice.md"), ("Learn a card", "learn.md"), ("Clue helper", "helper.md"),
             ("Lookup", "lookup.md")]
    nav += [{name: md} for name, md in tools if (docs / md).exists()]
    lingo = [s for s in model.setups if s.family == "lingo"]
    languages = _languages(model)
    if lingo:  # a section per language: its overview (every length), then its set-ups by length
        names = {lang: LANGUAGE_NAMES.get(lang, lang) for lang in languages}
        nav.append({"LINGO tables": [
            {names[lang]: [{f"Every {names[lang]} length": f"lingo-{lang}.md"}]
             + [section(s, f"{names[lang]} LINGO, ") for s in setups]}
            for lang, (_, setups) in languages.items()]})
    wordle = [s for s in model.setups if s.family == "wordle"]
    if len(wordle) > 1:  # a section per tier of secrets: "The official answers", ...
        nav.append({"Wordle": [section(s, "Wordle, secrets from ") for s in wordle]})
    else:
        nav += [section(s) for s in wordle]
    nav += [section(s) for s in model.setups if s.family not in ("lingo", "wordle")]
    pages = [("Hangman", "hangman.md"), ("Method and downloads", "method.md")]
    nav += [{name: md} for name, md in pages if (docs / md).exists()]
    return nav


#: the static files of the pages (generator/output/static)
ASSETS = ("sheet.css", "lookup.css", "site.css", "dom.js", "lookup.js", "wordgame.js", "helper.js", "helper-worker.js",
          "offline.js", "site.js", "sheet.js", "practice.js", "practice.css", "hangman.js", "hangman.css", "drill.js",
          "learn.js", "i18n.js", "lingo-trees-player.js")


def _helper_index(docs: Path) -> dict[str, Any]:
    """The clue helper's index, written by :func:`_helper_data`."""
    return orjson.loads((docs / "helper" / "index.json").read_bytes())  # type: ignore[no-any-return]


def _helper_data(docs: Path) -> dict[str, Any]:
    """Write the clue helper's word files (:mod:`generator.output.helperdata`);
    returns their index (the helper page holds it)."""
    index: dict[str, Any] = {}
    for rel, data in helper_files():
        (docs / rel).parent.mkdir(parents=True, exist_ok=True)
        (docs / rel).write_bytes(data)
        if rel == "helper/index.json":
            index = orjson.loads(data)
    return index


def _pdfs(sheets: dict[Key, LetterSheet], cards: dict[tuple[str, str, str], OpenersCard], docs: Path,
          out: Path, report: SiteReport, pdf: Printed, pdf_required: bool, print_many: PrintMany,
          say: Callable[[str], None]) -> dict[str, int]:
    """Print the PDFs when asked and possible; say why not otherwise (a
    :class:`SiteError` where they are ``pdf_required``)."""
    chromium = find_chromium() if pdf != "none" else None
    printed: dict[str, int] = {}
    if pdf == "none":
        report.pdf_skipped = "--pdf none was given"
    elif chromium is None:
        report.pdf_skipped = missing_chromium()
    else:
        try:
            printed = _print_pdfs(print_plan(sheets, cards, pdf == "all"), docs, out, report, chromium, print_many, say)
        except (PdfError, OSError) as exc:
            report.pdf_skipped, report.pdf_failed = f"Chromium failed: {exc}", True
            shutil.rmtree(docs / "pdf", ignore_errors=True)
            report.pdf_pages.clear()
            report.card_pages.clear()
            report.pdfs = report.pdfs_reused = 0
            printed = {}
    if report.pdf_skipped and pdf_required:
        raise SiteError(f"no PDFs printed ({report.pdf_skipped}); the site is left as it was")
    if report.pdf_skipped:
        say(f"lingo-trees: PDFs skipped: {report.pdf_skipped}")
    return printed


def _decks(cards: dict[tuple[str, str, str], OpenersCard], docs: Path) -> None:
    """Every TV card's Anki deck (:mod:`generator.output.anki`), beside its PDF."""
    for (sid, rule, strategy), card in sorted(cards.items()):
        name = card_deck_name(sid, rule, strategy)  # a name only for a TV card
        if name is not None:
            path = docs / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(deck_bytes(card, f"{card.setup_title}: {card.name}"))


def build_site(trees: Path | None = None, out: Path | None = None, *, project: Path | None = None,
               pdf: Printed = "cards", pdf_required: bool = False,
               progress: Callable[[str], None] | None = None,
               marker: dict[str, Any] | None = None, print_many: PrintMany = print_all) -> SiteReport:
    """Render the sheets and pages and build the site with MkDocs.

    Parameters
    ----------
    trees:
        the trees folder (default ``trees/`` of the project root).
    out:
        where the site goes (default ``site/build/``): built in a new folder
        beside it and swapped in when complete, so an earlier build is
        replaced only by a whole new one (:mod:`generator.output.sitefolder`).
    project:
        the MkDocs project folder (default ``site/``) with ``mkdocs.yml``.
    pdf:
        which PDFs to print: ``cards`` (the TV and openers cards), ``all`` (every
        letter sheet's too; each sheet's page prints from the browser anyway) or
        ``none``; skipped, with a note on stderr, when there is no Chromium
        or it fails, unless ``pdf_required``: then that is a :class:`SiteError`
        and nothing is published.
    print_many:
        what prints them (default one Chromium in this process; see :data:`PrintMany`).
    marker:
        what the site's :data:`~generator.output.sitefolder.MARKER` file records (JSON), such as the
        inputs it was built from (:mod:`generator.runs.site`); where the PDFs asked for were not
        printed, not the inputs (what was printed is not what was asked: the next run builds again).

    Raises
    ------
    SiteError
        when there are no trees or MkDocs fails.
    """
    t0 = time.perf_counter()
    say = progress or (lambda text: print(text, file=sys.stderr, flush=True))
    trees, out, project = site_paths(trees, out, project)
    report = SiteReport(out)
    with uncollected():
        models = _read_models(trees)
    with frozen():  # the models stay out of the cycle collector's walks until the site is built
        entries = _card_costs(trees, models.cards)
        new = new_folder(out)
        try:
            with tempfile.TemporaryDirectory(prefix=f"{DOCS_PREFIX}{os.getpid()}-") as tmp:
                docs = Path(tmp) / "docs"
                docs.mkdir()
                printed = _pdfs(models.sheets, models.cards, docs, out, report, pdf, pdf_required, print_many, say)
                if report.pdf_failed:
                    marker = {k: v for k, v in (marker or {}).items() if k != "inputs"}
                _render_site(project, trees, docs, new, models, entries, printed, report)
            swap_in(new, out, marker or {})
        except OSError as exc:  # a full disk: name the site, not the temporary folder beside it
            raise SiteError(f"{out}: the site cannot be written ({exc.strerror or exc})") from None
        finally:
            if new.exists():
                shutil.rmtree(new, ignore_errors=True)
    _measure_pages(report, out)
    report.seconds = time.perf_counter() - t0
    return report


def _render_site(project: Path, trees: Path, docs: Path, new: Path, models: Models, entries: list[CardsEntry],
                 printed: dict[str, int], report: SiteReport) -> None:
    """Every page of the site into ``docs`` (the PDFs already printed there),
    in English and in the players' own languages, and MkDocs' site from
    them into ``new``."""
    folders, sheets, cards, hangman = models
    _decks(cards, docs)
    files = _copy_trees(folders, hangman, docs, report)
    extras = _rankings_and_traps(trees)
    model = site_model(folders, cards, printed, files, *extras, hangman, entries)
    letter_sheets = letter_pages(model, sheets)
    navs = {"en": _render_pages(project, model, letter_sheets, docs)}
    for lang in PLAYER_LANGUAGES:  # the pages of the players' own languages, in the model made in it
        with speaking(lang):
            spoken = site_model(folders, cards, printed, files, *extras, hangman, entries)
        if language_setups(spoken, lang) and (project / "docs" / f"index.{lang}.md").exists():
            navs[lang] = write_language(project, spoken, lang, docs, _learn_cards(spoken),
                                        _helper_index(docs), letter_sheets)
    report.mkdocs_seconds = run_mkdocs(project, docs, new, navs, letter_sheets)


class Models(NamedTuple):
    """What a site is made from: the trees as read, the letter sheets, the openers cards, the Hangman page."""

    folders: list[TreeFolder]
    sheets: dict[Key, LetterSheet]
    cards: dict[tuple[str, str, str], OpenersCard]
    hangman: HangmanPage | None


def _read_models(trees: Path) -> Models:
    """The trees, the sheet models and the Hangman page: millions of small
    objects that live until the site is built (made with the cycle collector
    off, and left out of its walks after: :mod:`generator.core.collector`)."""
    folders = read_folders(trees)
    sheets, cards = sheet_models(folders)
    return Models(folders, sheets, cards, hangman_page(trees))


def _card_costs(trees: Path, cards: dict[tuple[str, str, str], OpenersCard]) -> list[CardsEntry]:
    """The cards by size (``cards.json``), each TV card's cost line set from them."""
    try:
        entries = read_cards(trees / CARDS_FILE)
    except TreeFormatError as exc:
        raise SiteError(str(exc)) from None
    for e in entries:
        for choice in cards_view(e, {}).choices:
            card = cards.get((e.setup, e.rule, choice.strategy))
            if card is not None:
                card.cost = choice
    return entries


def _rankings_and_traps(trees: Path) -> tuple[list[OpenerRanking], list[Trap]]:
    """The openers rankings (``openers.json``) and the one-letter traps
    (``traps.json``) beside the trees, where there are any."""
    try:
        return read_rankings(trees / RANKINGS_FILE), read_traps(trees / TRAPS_FILE)
    except TreeFormatError as exc:
        raise SiteError(str(exc)) from None


def _measure_pages(report: SiteReport, out: Path) -> None:
    """Count the built pages and find the largest."""
    report.site_size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    for page in out.rglob("*.html"):
        report.pages += 1
        size = page.stat().st_size
        if size > report.largest_page[1]:
            report.largest_page = (str(page.relative_to(out)), size)
    for folder in ("helper", "practice"):
        for path in (out / folder).rglob("*"):
            if path.is_file() and path.stat().st_size > report.largest_words[1]:
                report.largest_words = (str(path.relative_to(out)), path.stat().st_size)

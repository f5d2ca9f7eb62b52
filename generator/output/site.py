"""The static strategy site: MkDocs (material theme) from the committed trees.

:func:`build_site` reads the trees (``trees/<setup>/<rule>/<strategy>/``),
prepares the view models (:class:`SiteModel`), renders the pages into a
temporary MkDocs ``docs`` folder, prints the cheat-sheet PDFs with headless
Chromium and runs ``mkdocs build`` into ``site/build/``. The MkDocs project
is ``site/mkdocs.yml``; the hand-written pages in ``site/docs/`` are Jinja
templates too (they list set-ups and downloads).

Pages made, relative to the site root:

* ``index.html`` (home), ``method.html``, ``lookup.html`` (the lookup);
* ``<setup>.html``: overview, histograms, comparison with the 1992 paper;
* ``<setup>/<rule>/<strategy>/<letter>.html``: a letter's sheet;
* ``trees/...``: every tree file, the indexes and ``schema.json``;
  ``downloads/lingo-trees.zip``: all of them;
* ``pdf/<setup>-<rule>-<strategy>-<letter>.pdf`` and ``...-openers.pdf``.
"""

from __future__ import annotations

import hashlib
import shutil
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from generator.output import paper
from generator.core.catalog import CHECKOUT, project_root
from generator.core.catalog import setups as catalog_setups
from generator.errors import LingoTreesError
from generator.output.sheets import (
    STRATEGY_SHORT,
    STRATEGY_TITLES,
    RULE_TITLES,
    SHEET_VERSION,
    Chromium,
    Histogram,
    LetterSheet,
    OpenersCard,
    PdfError,
    environment,
    find_chromium,
    heading_text,
    histogram,
    letter_sheet,
    lookup_url,
    openers_card,
    package_dir,
    render,
    render_print,
    rule_title,
    strategy_title,
)
from generator.output.treefile import read_tree, write_atomic

RULE_ORDER = ("free", "same-start", "hard")
STRATEGY_ORDER = ("human", "human-lookup", "shared", "scm", "optimal")


class SiteError(LingoTreesError):
    """The site cannot be built (no trees, a broken MkDocs project)."""


def site_dir() -> Path:
    """The MkDocs project: ``site/`` of the project root, else the one of
    the checkout this package sits in (a test project has only lists and trees)."""
    here = project_root() / "site"
    if (here / "mkdocs.yml").exists():
        return here
    return CHECKOUT / "site"


# -- view models ------------------------------------------------------------------


@dataclass
class LetterRow:
    letter: str
    secrets: int
    openers: list[str]
    k: int | None
    mean_turns: float
    max_turns: int
    at_five: int  # secrets needing five turns or more
    late: int
    page: str  # URL of the letter page, from the site root
    lookup: str
    pdf: str | None = None
    pdf_pages: int | None = None


@dataclass
class PaperRow:
    letter: str
    ours: list[str]
    ours_largest: int
    paper: list[str]
    paper_largest: int | str


@dataclass
class FolderView:
    """One strategy folder: ``trees/<setup>/<rule>/<strategy>/``."""

    setup: str
    rule: str
    strategy: str
    totals: dict[str, Any]
    letters: list[LetterRow]
    histogram: Histogram
    card: OpenersCard | None
    card_pdf: str | None = None
    paper_rows: list[PaperRow] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        return f"{self.rule}-{self.strategy}"

    @property
    def title(self) -> str:
        return strategy_title(self.strategy)

    @property
    def short(self) -> str:
        return STRATEGY_SHORT.get(self.strategy, self.strategy)

    @property
    def rule_title(self) -> str:
        return rule_title(self.rule)

    @property
    def at_five(self) -> int:
        return sum(r.at_five for r in self.letters)

    @property
    def has_openers(self) -> bool:
        return any(r.k is not None for r in self.letters)


@dataclass
class SetupView:
    id: str
    title: str
    answers: str
    guesses: str
    digraphs: list[str]
    folders: list[FolderView]
    comparison: list[Histogram]

    @property
    def rules(self) -> list[str]:
        return sorted({f.rule for f in self.folders}, key=_order(RULE_ORDER))


@dataclass(frozen=True)
class Download:
    label: str
    path: str  # URL from the site root
    size: int


@dataclass
class SiteModel:
    setups: list[SetupView]
    downloads: list[Download]
    folder_downloads: list[tuple[FolderView, list[Download]]]
    archive: Download | None
    rule_titles: dict[str, str] = field(default_factory=lambda: dict(RULE_TITLES))
    strategy_titles: dict[str, str] = field(default_factory=lambda: dict(STRATEGY_TITLES))


def _order(order: tuple[str, ...]) -> Callable[[str], tuple[int, str]]:
    return lambda x: (order.index(x) if x in order else len(order), x)


def letter_page(setup: str, rule: str, strategy: str, letter: str) -> str:
    return f"{setup}/{rule}/{strategy}/{letter}.html"


def pdf_name(setup: str, rule: str, strategy: str, letter: str) -> str:
    return f"pdf/{setup}-{rule}-{strategy}-{letter}.pdf"


def _at_least(turns: dict[str, int], n: int) -> int:
    return sum(v for k, v in turns.items() if int(k) >= n)


def _setup_title(setup_id: str) -> str:
    known = catalog_setups()
    return known[setup_id].title if setup_id in known else setup_id


def find_folders(trees: Path) -> list[tuple[str, str, str, Path]]:
    """Every strategy folder with an index: (setup, rule, strategy, folder)."""
    found = []
    for index in trees.glob("*/*/*/index.json"):
        folder = index.parent
        found.append((folder.parent.parent.name, folder.parent.name, folder.name, folder))
    return sorted(found, key=lambda f: (f[0], _order(RULE_ORDER)(f[1]), _order(STRATEGY_ORDER)(f[2])))


def site_model(trees: Path) -> tuple[SiteModel, dict[tuple[str, str, str, str], LetterSheet]]:
    """The view models of the whole site, and every letter sheet."""
    sheets: dict[tuple[str, str, str, str], LetterSheet] = {}
    by_setup: dict[str, list[FolderView]] = {}
    for sid, rule, strategy, folder in find_folders(trees):
        index = orjson.loads((folder / "index.json").read_bytes())
        title = _setup_title(sid)
        rows = []
        shared = None
        for letter, item in sorted(index["letters"].items()):
            tree = read_tree(folder / item.get("file", f"{letter}.json"))
            sheet = letter_sheet(tree, sid, title, rule, strategy, letter)
            sheets[(sid, rule, strategy, letter)] = sheet
            shared = shared or tree.strategy.get("shared")
            rows.append(LetterRow(
                letter=letter, secrets=item["secrets"], openers=list(item.get("openers", [])),
                k=item.get("k"), mean_turns=item["mean_turns"], max_turns=item["max_turns"],
                at_five=_at_least(item["turns"], 5), late=len(item.get("late", [])),
                page=letter_page(sid, rule, strategy, letter),
                lookup=lookup_url(sid, rule, strategy, letter),
            ))
        totals = index["totals"]
        hist = {int(k): v for k, v in totals["turns"].items()}
        has_openers = "words_to_learn" in totals
        view = FolderView(
            setup=sid, rule=rule, strategy=strategy, totals=totals, letters=rows,
            histogram=histogram(f"{sid}, {rule}, {strategy}: turns", [(f"ours ({totals['secrets']})", hist)]),
            card=openers_card(index, title, shared) if has_openers else None,
        )
        if sid.startswith("nl") and rule == "free" and strategy == "human":
            view.paper_rows = [
                PaperRow(r.letter, r.openers, index["letters"][r.letter].get("largest_group", 0),
                         list(paper.OPENERS.get(r.letter, ())), paper.LARGEST.get(r.letter, "-"))
                for r in rows
            ]
        by_setup.setdefault(sid, []).append(view)
    if not by_setup:
        raise SiteError(f"no trees under {trees} (run lingo-trees build first)")
    setups_out = []
    known = catalog_setups()
    for sid, folders in by_setup.items():
        s = known.get(sid)
        comparison = []
        if sid.startswith("nl"):
            for f in folders:
                if f.rule != "free" or f.strategy not in ("scm", "human"):
                    continue
                fig = (paper.FIG3_SCM, "Fig. 3") if f.strategy == "scm" else (paper.FIG7_HUMAN, "Fig. 7")
                ours = {int(k): v for k, v in f.totals["turns"].items()}
                comparison.append(histogram(
                    f"{f.short}: paper's {fig[1]} beside ours",
                    [(f"paper {fig[1]} ({paper.WORDS})", fig[0]), (f"ours ({f.totals['secrets']})", ours)],
                    width=420))
        setups_out.append(SetupView(
            id=sid, title=s.title if s else sid, answers=s.answers if s else "?",
            guesses=s.guesses if s else "?", digraphs=list(s.game.digraphs) if s else [],
            folders=folders, comparison=comparison))
    model = SiteModel(setups=setups_out, downloads=[], folder_downloads=[], archive=None)
    return model, sheets


def lookup_index(model: SiteModel) -> dict[str, Any]:
    """What the lookup needs to offer its choices (``assets/lookup-index.json``)."""
    return {
        "format": "lingo-trees.lookup-index", "version": 1,
        "rule_titles": model.rule_titles, "strategy_titles": model.strategy_titles,
        "setups": {
            s.id: {
                "title": s.title, "digraphs": s.digraphs,
                "rules": {rule: {f.strategy: [r.letter for r in f.letters]
                                 for f in s.folders if f.rule == rule} for rule in s.rules},
            }
            for s in model.setups
        },
    }


# -- building -----------------------------------------------------------------------


@dataclass
class SiteReport:
    """What :func:`build_site` did, for the closing note of the command."""

    out: Path
    pages: int = 0
    seconds: float = 0.0
    mkdocs_seconds: float = 0.0
    pdf_seconds: float = 0.0
    pdfs: int = 0
    pdfs_reused: int = 0  # unchanged since the last build, copied
    pdf_skipped: str | None = None
    pdf_pages: dict[str, int] = field(default_factory=dict)  # letter-sheet PDF -> pages
    card_pages: dict[str, int] = field(default_factory=dict)
    largest_page: tuple[str, int] = ("", 0)
    largest_tree: tuple[str, int] = ("", 0)
    archive_size: int = 0


class _Printer:
    """Prints sheets to PDF, reusing the PDF of the previous build when the
    printed HTML and stylesheet are the same (``pdf/manifest.json`` keeps a
    hash and the page count of each); Chromium starts only when needed."""

    def __init__(self, chromium: str, docs: Path, work: Path, previous: Path) -> None:
        self.chromium, self.docs, self.work, self.previous = chromium, docs, work, previous
        self.css = (package_dir("static") / "sheet.css").read_text(encoding="utf-8")
        (work / "sheet.css").write_text(self.css, encoding="utf-8")
        try:
            self.old = orjson.loads((previous / "pdf" / "manifest.json").read_bytes())["files"]
        except (OSError, ValueError, KeyError, TypeError):
            self.old = {}
        self.new: dict[str, dict[str, Any]] = {}
        self.browser: Chromium | None = None
        self.printed = self.reused = 0

    def __enter__(self) -> _Printer:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.browser is not None:
            self.browser.__exit__(None, None, None)

    def pdf(self, name: str, html_text: str) -> int:
        key = hashlib.sha256((html_text + "\0" + self.css).encode()).hexdigest()
        target = self.docs / name
        target.parent.mkdir(parents=True, exist_ok=True)
        old, old_file = self.old.get(name), self.previous / name
        if old and old.get("key") == key and old_file.exists():
            shutil.copy(old_file, target)
            pages = int(old["pages"])
            self.reused += 1
        else:
            html = self.work / Path(name).with_suffix(".html").name
            html.write_text(html_text, encoding="utf-8")
            if self.browser is None:
                self.browser = Chromium(self.chromium).__enter__()
            pages = self.browser.pdf(html, target)
            self.printed += 1
        self.new[name] = {"key": key, "pages": pages}
        return pages

    def write_manifest(self) -> None:
        data = {"format": "lingo-trees.pdf-manifest", "version": 1, "sheet_version": SHEET_VERSION,
                "files": dict(sorted(self.new.items()))}
        write_atomic(self.docs / "pdf" / "manifest.json", orjson.dumps(data, option=orjson.OPT_INDENT_2))


def _print_pdfs(model: SiteModel, sheets: dict[tuple[str, str, str, str], LetterSheet], docs: Path,
                work: Path, previous: Path, report: SiteReport, chromium: str,
                progress: Callable[[str], None]) -> None:
    t0 = time.perf_counter()
    with _Printer(chromium, docs, work, previous) as printer:
        for s in model.setups:
            for f in s.folders:
                if f.card is not None:
                    name = f"pdf/{f.setup}-{f.rule}-{f.strategy}-openers.pdf"
                    text = render_print(cards=[f.card], title=f"openers {f.setup} {f.rule} {f.strategy}")
                    report.card_pages[name] = printer.pdf(name, text)
                    f.card_pdf = name
                for r in f.letters:
                    sheet = sheets[(f.setup, f.rule, f.strategy, r.letter)]
                    if not sheet.has_table:
                        continue  # adaptive trees: the lookup is the sheet
                    name = pdf_name(f.setup, f.rule, f.strategy, r.letter)
                    r.pdf, r.pdf_pages = name, printer.pdf(name, render_print([sheet], title=sheet.title))
                    report.pdf_pages[name] = r.pdf_pages
                progress(f"[site] PDFs of {f.setup}/{f.rule}/{f.strategy}: {printer.printed} printed, "
                         f"{printer.reused} unchanged ({time.perf_counter() - t0:.0f} s)")
        printer.write_manifest()
    report.pdfs = printer.printed + printer.reused
    report.pdfs_reused = printer.reused
    report.pdf_seconds = time.perf_counter() - t0


def _copy_trees(trees: Path, model: SiteModel, docs: Path, report: SiteReport) -> None:
    out = docs / "trees"
    out.mkdir(parents=True)
    for name in ("schema.json", "index.json"):
        if (trees / name).exists():
            shutil.copy(trees / name, out / name)
    archive = docs / "downloads" / "lingo-trees.zip"
    archive.parent.mkdir(parents=True)
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in ("schema.json", "index.json"):
            if (out / name).exists():
                zf.write(out / name, f"trees/{name}")
        for s in model.setups:
            for f in s.folders:
                src = trees / f.setup / f.rule / f.strategy
                dst = out / f.setup / f.rule / f.strategy
                dst.mkdir(parents=True)
                files = []
                for path in [src / "index.json"] + [src / f"{r.letter}.json" for r in f.letters]:
                    shutil.copy(path, dst / path.name)
                    rel = f"trees/{f.setup}/{f.rule}/{f.strategy}/{path.name}"
                    zf.write(path, rel)
                    size = path.stat().st_size
                    files.append(Download(path.stem, rel, size))
                    if size > report.largest_tree[1]:
                        report.largest_tree = (rel, size)
                model.folder_downloads.append((f, files))
    if (out / "schema.json").exists():
        model.downloads.append(Download("JSON Schema of the tree format", "trees/schema.json",
                                        (out / "schema.json").stat().st_size))
    if (out / "index.json").exists():
        model.downloads.append(Download("index of every folder", "trees/index.json",
                                        (out / "index.json").stat().st_size))
    model.archive = Download("every tree, the indexes and the schema (zip)", "downloads/lingo-trees.zip",
                             archive.stat().st_size)
    report.archive_size = archive.stat().st_size


#: where a letter page gets its sheet, after MkDocs has built it (Python-Markdown
#: takes 0.3 s on a large sheet's raw HTML; the site has hundreds of them)
SHEET_SLOT = '<div class="sheet-screen" id="sheet-slot"></div>'


def _fill_sheets(model: SiteModel, sheets: dict[tuple[str, str, str, str], LetterSheet], out: Path) -> None:
    template = environment().get_template("macros.html.j2").module
    for s in model.setups:
        for f in s.folders:
            for r in f.letters:
                page = out / r.page
                text = page.read_text(encoding="utf-8")
                if text.count(SHEET_SLOT) != 1:
                    raise SiteError(f"{page}: the sheet's place is missing from the built page")
                sheet = template.letter_sheet(sheets[(f.setup, f.rule, f.strategy, r.letter)])  # type: ignore[attr-defined]
                page.write_text(text.replace(SHEET_SLOT, f'<div class="sheet-screen">{sheet}</div>'),
                                encoding="utf-8")


def _render_pages(project: Path, model: SiteModel, sheets: dict[tuple[str, str, str, str], LetterSheet],
                  docs: Path) -> list[Any]:
    """Write every Markdown page into ``docs``; returns the MkDocs nav."""
    env = environment()
    src = project / "docs"
    for path in sorted(src.rglob("*")) if src.exists() else []:
        rel = path.relative_to(src)
        if path.is_dir():
            continue
        target = docs / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".md":  # hand-written pages are templates of the site model
            text = env.from_string(path.read_text(encoding="utf-8")).render(site=model)
            target.write_text(text, encoding="utf-8")
        else:
            shutil.copy(path, target)
    assets = docs / "assets"
    assets.mkdir(exist_ok=True)
    for name in ("sheet.css", "lookup.css", "lookup.js", "site.css"):
        shutil.copy(package_dir("static") / name, assets / name)
    write_atomic(assets / "lookup-index.json", orjson.dumps(lookup_index(model), option=orjson.OPT_INDENT_2))
    (docs / "lookup.md").write_text(render("site/lookup.md.j2", site=model), encoding="utf-8")
    for s in model.setups:
        (docs / f"{s.id}.md").write_text(render("site/setup.md.j2", setup=s, site=model), encoding="utf-8")
        for f in s.folders:
            for r in f.letters:
                page = docs / Path(r.page).with_suffix(".md")
                page.parent.mkdir(parents=True, exist_ok=True)
                page.write_text(render("site/letter.md.j2", sheet=sheets[(f.setup, f.rule, f.strategy, r.letter)],
                                       row=r, folder=f, root="../../../"), encoding="utf-8")
    nav: list[Any] = [{"Home": "index.md"}]
    # MkDocs themes put nav titles into the page unescaped (see heading_text)
    nav += [{heading_text(s.title): f"{s.id}.md"} for s in model.setups]
    nav += [{"Lookup": "lookup.md"}]
    if (docs / "method.md").exists():
        nav += [{"Method and downloads": "method.md"}]
    return nav


def build_site(trees: Path | None = None, out: Path | None = None, *, project: Path | None = None,
               pdf: bool = True, progress: Callable[[str], None] | None = None) -> SiteReport:
    """Render the sheets and pages and build the site with MkDocs.

    Parameters
    ----------
    trees:
        the trees folder (default ``trees/`` of the project root).
    out:
        where the site goes (default ``site/build/``); it is replaced.
    project:
        the MkDocs project folder (default ``site/``) with ``mkdocs.yml``.
    pdf:
        print the PDFs (skipped, with a note on stderr, when there is no Chromium).

    Raises
    ------
    SiteError
        when there are no trees or MkDocs fails.
    """
    import logging

    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    t0 = time.perf_counter()
    say = progress or (lambda text: print(text, file=sys.stderr, flush=True))
    project = project or site_dir()
    trees = trees or project_root() / "trees"
    out = (out or project / "build").resolve()
    config_file = project / "mkdocs.yml"
    if not config_file.exists():
        raise SiteError(f"{config_file}: no MkDocs project here")
    report = SiteReport(out)
    model, sheets = site_model(trees)
    with tempfile.TemporaryDirectory(prefix="lingo-trees-site-") as tmp:
        docs, work = Path(tmp) / "docs", Path(tmp) / "print"
        docs.mkdir()
        work.mkdir()
        chromium = find_chromium() if pdf else None
        if not pdf:
            report.pdf_skipped = "--no-pdf was given"
        elif chromium is None:
            report.pdf_skipped = ("no Chromium found (looked for $LINGO_TREES_CHROMIUM and /usr/bin/chromium; "
                                  "install Debian's 'chromium' package)")
        else:
            try:
                _print_pdfs(model, sheets, docs, work, out, report, chromium, say)
            except (PdfError, OSError) as exc:
                report.pdf_skipped = f"Chromium failed: {exc}"
                shutil.rmtree(docs / "pdf", ignore_errors=True)
                for s in model.setups:
                    for f in s.folders:
                        f.card_pdf = None
                        for r in f.letters:
                            r.pdf = r.pdf_pages = None
                report.pdf_pages.clear()
                report.card_pages.clear()
        if report.pdf_skipped:
            say(f"lingo-trees: PDFs skipped: {report.pdf_skipped}")
        _copy_trees(trees, model, docs, report)
        nav = _render_pages(project, model, sheets, docs)
        t1 = time.perf_counter()
        logging.getLogger("mkdocs").setLevel(logging.WARNING)
        try:
            config = load_config(str(config_file), docs_dir=str(docs), site_dir=str(out), nav=nav)
            mkdocs_build(config)
        except MkDocsException as exc:
            raise SiteError(f"mkdocs build failed: {exc}") from None
        _fill_sheets(model, sheets, out)
        report.mkdocs_seconds = time.perf_counter() - t1
    for page in out.rglob("*.html"):
        report.pages += 1
        size = page.stat().st_size
        if size > report.largest_page[1]:
            report.largest_page = (str(page.relative_to(out)), size)
    report.seconds = time.perf_counter() - t0
    return report

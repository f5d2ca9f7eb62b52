"""The site's pages as MkDocs writes them: letter sheets in place, no indentation.

:class:`SitePages` is the MkDocs plugin that :func:`generator.output.site.build_site`
adds to its build. As MkDocs writes each page it

* adds a letter page's sheet to the page's content after Markdown made it
  and before the theme's template renders the page (``on_page_context``):
  the sheet's HTML never goes through Markdown (Python-Markdown reads raw
  HTML slowly: over two minutes for the site's 1,445 sheets, against
  seconds for their pages without them). A long
  sheet's page holds its first :data:`ROWS_BYTES` of rows; the rest go to
  pages of their own beside it (:func:`sheet_parts`), which
  ``assets/sheet.js`` loads on demand;
* takes the theme's indentation out of every HTML page (:func:`tighten`);
* once every page is written, writes ``sw.js``, the service worker that
  keeps the site working offline (:func:`service_worker`).

The search plugin indexes a page just before this plugin adds its sheet, so
the index holds the pages' text and not every word of every sheet.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

from markupsafe import Markup
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

from generator.output.i18n import LANGUAGES, speaking
from generator.output.sheets import LetterSheet, environment, render, sheet_rows
from generator.output.sitemodel import SheetMore

#: the most bytes of table rows a letter page holds (a phone loads it fast); the
#: rest are pages of rows of this size each, loaded on demand (assets/sheet.js)
ROWS_BYTES = 120_000


def sheet_parts(sheet: LetterSheet, size: int = ROWS_BYTES) -> list[list[Markup]]:
    """A letter sheet's table rows (:func:`~generator.output.sheets.sheet_rows`)
    in parts of about equal bytes, as many as ``size`` bytes each would make,
    the first for its page."""
    rows = sheet_rows(sheet)
    total = sum(map(len, rows))
    count = max(1, -(-total // size))
    parts: list[list[Markup]] = [[]]
    used = 0
    for row in rows:
        if parts[-1] and used + len(row) > total / count * len(parts) and len(parts) < count:
            parts.append([])
        parts[-1].append(row)
        used += len(row)
    return parts


def rows_page(letter: str, part: int) -> str:
    """The file name of a long sheet's ``part``-th part of rows (2, 3, ...), beside its page."""
    return f"{letter}.rows-{part}.html"


def sheet_html(sheet: LetterSheet, page: str, site: Path) -> str:
    """The HTML of a letter page's sheet and of the script that loads its
    later rows (``page``: its path in the site); a long sheet's later rows
    are written to pages of their own in ``site``, beside it."""
    parts = sheet_parts(sheet)
    total = sum(map(len, parts))

    def more(i: int) -> SheetMore | None:  # the link from part i to part i + 1
        if i + 1 >= len(parts):
            return None
        return SheetMore(rows_page(sheet.letter, i + 2), len(parts[i + 1]), sum(map(len, parts[i + 1:])), total)

    first, root = len(parts[0]) + 1, "../" * (len(Path(page).parts) - 1)
    (site / page).parent.mkdir(parents=True, exist_ok=True)  # MkDocs writes the page itself after this
    for i in range(1, len(parts)):
        (site / page).with_name(rows_page(sheet.letter, i + 1)).write_text(tighten(render(
            "sheet-rows.html.j2", s=sheet, rows=parts[i], more=more(i), first=first,
            last=first + len(parts[i]) - 1, total=total, page=Path(page).name, root=root)), encoding="utf-8")
        first += len(parts[i])
    macros: Any = environment().get_template("macros.html.j2").module
    return (f'<div class="sheet-screen">{macros.letter_sheet(sheet, more(0), parts[0])}</div>\n'
            f'<script type="module" src="{root}assets/sheet.js"></script>')


#: the theme's <link rel="alternate" hreflang> in a page's head: with them it fetches the
#: sitemap of every language on every page (hundreds of KB); the language switch links the same pages
_ALTERNATE = re.compile(r'<link rel="alternate" href="[^"]*" hreflang="[^"]*">\s*')
_PRE = re.compile(r"(<pre[\s>].*?</pre>|<textarea[\s>].*?</textarea>)", re.S)
_INDENT = re.compile(r"\n\s+")


def tighten(html: str) -> str:
    r"""A page without the theme's indentation and blank lines (a third of a
    small page): every run of white space that starts a line becomes the
    line break alone, which a browser shows the same, but in ``<pre>`` and
    ``<textarea>``.

    >>> tighten("<p>\n    a\n\n  <b>b</b></p><pre>\n  x\n</pre>")
    '<p>\na\n<b>b</b></p><pre>\n  x\n</pre>'
    """
    parts = _PRE.split(html)
    return "".join(part if i % 2 else _INDENT.sub("\n", part) for i, part in enumerate(parts))


#: the first thing in the 404 page's head: a <base> at the site's root, which
#: every other page stores (site.js), else the server's root; should the
#: site's style not be there, the first folder of the address is tried
#: (a site served from a subfolder, first visited at a page that is not there)
BASE_SCRIPT = """<script>(function () {
  var key = "lingo-trees.root", root = "/", path = location.pathname;
  try { var kept = localStorage.getItem(key); if (kept && path.indexOf(kept) === 0) root = kept; } catch (e) {}
  document.write('<base href="' + encodeURI(root).replace(/"/g, "%22") + '">');
  var first = path.split("/")[1];
  if (root === "/" && first && path.length > first.length + 2 && window.fetch)
    fetch("assets/site.css", { method: "HEAD" }).then(function (r) {
      if (r.ok) return;
      return fetch("/" + first + "/assets/site.css", { method: "HEAD" }).then(function (s) {
        if (s.ok) { try { localStorage.setItem(key, "/" + first + "/"); location.reload(); } catch (e) {} }
      });
    }).catch(function () {});
})();</script>"""
_ROOTED = re.compile(r'((?:href|src)=")/(?!/)')


def anywhere(html: str) -> str:
    """The 404 page, which a server shows at any address of the site: its
    links from the site's root (MkDocs writes them from the server's root,
    ``/assets/...``) become relative to a ``<base>`` that
    :data:`BASE_SCRIPT` sets at the site's root, wherever the site is served.

    >>> anywhere('<head><link href="/assets/a.css"><a href="//x.org/">')  # doctest: +ELLIPSIS
    '<head><script>...</script><link href="assets/a.css"><a href="//x.org/">'
    """
    html = _ROOTED.sub(r"\1", html).replace('__md_scope=new URL("/",location)',
                                           "__md_scope=new URL(document.baseURI)")
    return html.replace("<head>", "<head>" + BASE_SCRIPT, 1)


#: what the service worker stores when it installs (more is stored as it is visited)
SHELL_PAGES = ("index.html", "lookup.html", "helper.html", "practice.html", "hangman.html", "method.html", "404.html")


def service_worker(site: Path) -> None:
    """Write ``sw.js``, the service worker that keeps the site working offline
    (registered by ``assets/offline.js``): its cache is named by a digest of
    the whole site, so a rebuilt site replaces the old cache."""
    digest = hashlib.sha256()
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(site)).encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    pages = SHELL_PAGES + tuple(f"{lang}/{name}" for lang in LANGUAGES[1:] for name in SHELL_PAGES)  # nl/index.html
    shell = ["./"] + [name for name in pages if (site / name).is_file()]
    shell += sorted(str(p.relative_to(site)) for p in (site / "assets").rglob("*")
                    if p.is_file() and p.suffix in (".css", ".js", ".json") and "lunr" not in p.parts)
    text = render("site/sw.js.j2", version=digest.hexdigest()[:16], shell=shell)
    (site / "sw.js").write_text(text, encoding="utf-8")



class SitePages(BasePlugin):  # type: ignore[type-arg,no-untyped-call]
    """The MkDocs plugin of a site build: ``sheets`` are the letter sheets by
    their page's path in the site (``nl/free/human/b.html``)."""

    def __init__(self, sheets: dict[str, LetterSheet]) -> None:
        self.sheets = sheets
        self.not_found = ""  # the English build's 404 page: each language's build writes one, the last would win

    def on_page_context(self, context: TemplateContext, /, *, page: Page, config: MkDocsConfig,
                        nav: Navigation) -> TemplateContext:
        """A letter page's sheet after its text (the search plugin, before this
        one, has indexed the page without it)."""
        sheet = self.sheets.get(page.file.dest_uri)
        if sheet is not None:
            # the build's language (mkdocs-static-i18n's): not the folder, as nl/ also holds set-up nl's English pages
            lang = getattr(page.file, "locale", "en")
            with speaking(lang if lang in LANGUAGES else "en"):
                page.content = f"{page.content}\n{sheet_html(sheet, page.file.dest_uri, Path(config.site_dir))}"
        return context

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        return tighten(_ALTERNATE.sub("", output))

    def on_post_template(self, output_content: str, /, *, template_name: str, config: MkDocsConfig) -> str:
        """The theme's own pages (``404.html``), tightened too, and the 404
        page made to work under any base path (:func:`anywhere`)."""
        if not template_name.endswith(".html"):
            return output_content
        if template_name != "404.html":
            return tighten(output_content)
        if config.theme["language"] == "en" or not self.not_found:  # the theme speaks the build's language
            self.not_found = tighten(anywhere(output_content))
        return self.not_found

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        service_worker(Path(config.site_dir))

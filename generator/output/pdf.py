"""Printing sheets to PDF: Playwright driving headless Chromium.

:class:`Printer` is one headless Chromium (Debian's headless shell or
Chromium, or ``$LINGO_TREES_CHROMIUM``; :func:`find_chromium`) driven by Playwright, a
well-kept driver, that prints many documents without a restart: each is an
HTML string with its stylesheet inside, printed on A4 with its own ``@page``
size and margins and its backgrounds. :func:`print_all` prints a batch in
one browser (a job of the site build, :mod:`generator.runs.site`);
:func:`pdf_pages` counts the pages of a printed PDF. Playwright never
downloads a browser here.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Literal, get_args

#: which PDFs a site build prints: the TV and openers cards, every letter sheet too, or none
Printed = Literal["cards", "all", "none"]
PDF_CHOICES: tuple[str, ...] = get_args(Printed)

CHROMIUM_FLAGS = (
    "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-extensions", "--mute-audio",
    "--hide-scrollbars",
)
# the headless shell first: Debian's build of Chromium without its windowing
# code prints the site's sheets about 1.15x faster than the whole browser
CHROMIUM_PATHS = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser",
                  "/usr/bin/google-chrome")


class PdfError(RuntimeError):
    """Headless Chromium could not print a PDF."""


def find_chromium() -> str | None:
    """The Chromium to print with: ``$LINGO_TREES_CHROMIUM``, else Debian's
    headless shell or its Chromium (:data:`CHROMIUM_PATHS`)."""
    env = os.environ.get("LINGO_TREES_CHROMIUM")
    if env:
        return env if Path(env).exists() else None
    for path in CHROMIUM_PATHS:
        if Path(path).exists():
            return path
    return shutil.which("chromium")


def missing_chromium() -> str:
    """Why :func:`find_chromium` found none, in a line."""
    env = os.environ.get("LINGO_TREES_CHROMIUM")
    if env:
        return f"$LINGO_TREES_CHROMIUM is {env[:200]!r}, which does not exist"
    return (f"no Chromium found (looked for $LINGO_TREES_CHROMIUM, then {', '.join(CHROMIUM_PATHS)}; "
            "install Debian's 'chromium-headless-shell' package)")


#: the A4 page inside the margins of sheet.css (@page: 9 mm, 10 mm at the foot), in CSS px (96 a inch),
#: a little less than the whole, and the type sizes a card may take, in points
FIT_WIDTH_PX, FIT_HEIGHT_PX = round(192 / 25.4 * 96), round(278 / 25.4 * 96 * 0.97)
FIT_POINTS = (6.5, 12.0)
#: the largest type (to a tenth of a point) that keeps each card marked data-fit="page" within the page
FIT_TO_PAGE = """([width, height, least, most]) => {
  for (const card of document.querySelectorAll('[data-fit="page"]')) {
    let lo = least, hi = most;
    for (let i = 0; i < 14; i++) {
      const mid = (lo + hi) / 2;
      card.style.fontSize = mid + "pt";
      if (card.getBoundingClientRect().height <= height) lo = mid; else hi = mid;
    }
    card.style.fontSize = Math.floor(lo * 10) / 10 + "pt";
  }
}"""


class Printer:
    """One headless Chromium printing HTML documents to PDF bytes.

    Use as a context manager; :meth:`pdf` prints one document (an HTML string
    whose stylesheet is inline: nothing is fetched).
    """

    def __init__(self, executable: str, timeout: float = 60.0) -> None:
        self.executable = executable
        self.timeout_ms = timeout * 1000

    def __enter__(self) -> Printer:
        try:
            from playwright.sync_api import Error, sync_playwright
        except ImportError as exc:
            raise PdfError(f"playwright is not installed ({exc})") from None
        self._error: type[Exception] = Error
        self._pw = sync_playwright().start()
        try:
            self._browser = self._pw.chromium.launch(executable_path=self.executable, args=list(CHROMIUM_FLAGS),
                                                     timeout=self.timeout_ms)
            self._page = self._browser.new_page(viewport={"width": FIT_WIDTH_PX, "height": FIT_HEIGHT_PX})
            self._page.emulate_media(media="print")  # what is measured is what is printed
        except Exception as exc:
            self._pw.stop()
            raise PdfError(f"chromium ({self.executable}) did not start: {str(exc).splitlines()[0]}") from None
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self._browser.close()
        finally:
            self._pw.stop()

    def pdf(self, html: str) -> bytes:
        """Print one document (A4, the page's own @page size and margins, backgrounds on);
        a card marked ``data-fit="page"`` takes the largest type that keeps it on one page."""
        try:
            self._page.set_content(html, wait_until="load", timeout=self.timeout_ms)
            self._page.evaluate(FIT_TO_PAGE, [FIT_WIDTH_PX, FIT_HEIGHT_PX, *FIT_POINTS])
            data: bytes = self._page.pdf(format="A4", print_background=True, prefer_css_page_size=True,
                                         tagged=False)  # a tagged PDF holds a structure element per tile: 10x the size
        except self._error as exc:
            raise PdfError(f"chromium could not print: {str(exc).splitlines()[0]}") from None
        return data


def print_all(executable: str, items: Iterable[tuple[str, str]]) -> Iterator[tuple[str, bytes, int]]:
    """Print ``(name, html)`` documents in one browser: ``(name, pdf, pages)`` each."""
    with Printer(executable) as printer:
        for name, html in items:
            data = printer.pdf(html)
            yield name, data, pdf_pages(data)


_PAGE = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")


def pdf_pages(data: bytes) -> int:
    """The number of pages of a PDF as Chromium writes it (page objects are
    not compressed)."""
    return len(_PAGE.findall(data))


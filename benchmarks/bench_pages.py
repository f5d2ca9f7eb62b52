"""Weight and load time of the site's pages, side by side for built sites.

Run: python benchmarks/bench_pages.py [--site DIR ...] [--runs N]
(default: site/build; give two folders, an earlier build and a new one, to
compare them). For each site: its size on disk, the HTML's share, the
number of pages and the largest; then, for the largest page of each type
(a letter sheet, a strategy page, a set-up overview) and the home, lookup,
helper and practice pages, the Dutch TV card's page and the Dutch home and
practice pages, its bytes, elements and height, its first view (every byte
a first visit fetches, the page and what it loads, with an empty cache, by
the time the network is idle) and the time from navigation to the load
event in Chromium at 1280 x 900, with the CPU at full speed and slowed four
times (DevTools' throttling), the sites alternating run by run; the median
of the runs is printed. Nothing is written.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import statistics
import threading
from collections.abc import Iterator
from pathlib import Path

from generator.output.pdf import find_chromium

TYPES = {
    "letter sheet": "*/*/*/*.html",
    "strategy": "*/*/*.html",
    "set-up": "*.html",
}
FIXED = ("index.html", "lookup.html", "helper.html", "practice.html", "nl-ij/same-start/human.html", "nl/index.html",
         "nl/practice.html")
#: the bytes a page and everything it fetched took (the page's own count: http.server sends them as they are)
FIRST_VIEW = """(() => [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')]
  .reduce((sum, e) => sum + (e.transferSize || e.encodedBodySize || 0), 0))()"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@contextlib.contextmanager
def served(folder: Path) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def pages_of(site: Path) -> dict[str, str]:
    """The page of each type to load: the largest (rows of a long sheet are not a page of their own)."""
    chosen = {}
    for kind, pattern in TYPES.items():
        files = [p for p in site.glob(pattern) if ".rows-" not in p.name and p.name not in FIXED + ("404.html",)]
        if files:
            chosen[kind] = str(max(files, key=lambda p: p.stat().st_size).relative_to(site))
    chosen.update({name.removesuffix(".html").replace("/same-start/human", " TV card"): name
                   for name in FIXED if (site / name).exists()})
    return chosen


def sizes(site: Path) -> str:
    files = [p for p in site.rglob("*") if p.is_file()]
    html = [p for p in files if p.suffix == ".html"]
    total, in_html = sum(p.stat().st_size for p in files), sum(p.stat().st_size for p in html)
    largest = max(html, key=lambda p: p.stat().st_size)
    return (f"{total / 1e6:.0f} MB in {len(files)} files; HTML {in_html / 1e6:.0f} MB in {len(html)} pages; "
            f"largest {largest.relative_to(site)} ({largest.stat().st_size / 1024:.0f} KiB)")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--site", action="append", type=Path, help="a built site (repeatable; default site/build)")
    p.add_argument("--runs", type=int, default=3)
    args = p.parse_args()
    sites = args.site or [Path("site/build")]
    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("no Chromium (install Debian's chromium)")
    from playwright.sync_api import sync_playwright

    for site in sites:
        print(f"{site}: {sizes(site)}")
    times: dict[tuple[int, str, int], list[float]] = {}
    facts: dict[tuple[int, str], tuple[int, int, int]] = {}
    first: dict[tuple[int, str], int] = {}
    with contextlib.ExitStack() as stack, sync_playwright() as pw:
        urls = [stack.enter_context(served(site)) for site in sites]
        browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        for _ in range(args.runs):
            for i, site in enumerate(sites):  # alternating: each run loads every site once
                for kind, rel in pages_of(site).items():
                    for slow in (1, 4):
                        page = browser.new_page(viewport={"width": 1280, "height": 900})  # a new context: no cache
                        cdp = page.context.new_cdp_session(page)
                        cdp.send("Emulation.setCPUThrottlingRate", {"rate": slow})
                        page.goto(f"{urls[i]}/{rel}", wait_until="networkidle" if slow == 1 else "load")
                        t = page.evaluate("(() => { const n = performance.getEntriesByType('navigation')[0];"
                                          " return n.loadEventEnd - n.startTime; })()")
                        if slow == 1:
                            first[i, kind] = int(page.evaluate(FIRST_VIEW))
                        times.setdefault((i, kind, slow), []).append(t / 1000)
                        facts[i, kind] = (int((site / rel).stat().st_size),
                                          page.evaluate("document.getElementsByTagName('*').length"),
                                          page.evaluate("document.documentElement.scrollHeight"))
                        page.close()
        browser.close()
    for i, site in enumerate(sites):
        print(f"\n{site}")
        print(f"{'page':14s} {'file':44s} {'KiB':>6s} {'first view':>10s} {'elements':>9s} {'height':>7s} "
              f"{'load':>7s} {'CPU/4':>7s}")
        for kind, rel in pages_of(site).items():
            size, elements, height = facts[i, kind]
            fast, slow = (statistics.median(times[i, kind, s]) for s in (1, 4))
            print(f"{kind:14s} {rel:44s} {size / 1024:6.0f} {first[i, kind] / 1024:7.0f} KiB {elements:9d} "
                  f"{height:6d}px {fast:6.2f}s {slow:6.2f}s")


if __name__ == "__main__":
    main()

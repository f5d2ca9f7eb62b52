"""The clue helper in Chromium: time to the first result and to the best guesses.

Run: python benchmarks/bench_helper.py [--site DIR] [--reps N]

Builds a small site (the shipped word lists, two trees; no PDFs) unless
``--site`` names a built one, serves it on 127.0.0.1 and opens helper.html
in Debian's Chromium for the largest list and length (and a few other
positions), each at normal speed and with the CPU slowed four times (the
DevTools throttle, a phone-class device). It prints, per position, the
median over ``--reps`` page loads of the time from the start of navigation
to the words that fit on screen (first result) and to the best next guesses,
and the bytes of word data the page loaded.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import shutil
import statistics
import tempfile
import threading
from pathlib import Path
from typing import Any

import orjson

from generator.core.catalog import CHECKOUT
from generator.output.pdf import find_chromium
from generator.output.site import build_site

FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


def small_site(tmp: Path) -> Path:
    """A site of the shipped lists (the helper's data) and two Dutch trees."""
    (tmp / "project").mkdir()
    os.symlink(CHECKOUT / "wordlists", tmp / "project" / "wordlists")
    trees = tmp / "project" / "trees" / "nl" / "free" / "scm"
    trees.mkdir(parents=True)
    for letter in ("q", "x"):
        shutil.copy(CHECKOUT / "trees" / "nl" / "free" / "scm" / f"{letter}.json", trees)
    os.environ["LINGO_TREES_ROOT"] = str(tmp / "project")
    build_site(tmp / "project" / "trees", tmp / "site", pdf="none", progress=lambda _: None)
    return tmp / "site"


def largest(site: Path) -> tuple[str, int, int]:
    index = orjson.loads((site / "helper" / "index.json").read_bytes())
    return max(((lst["id"], int(n), c) for lst in index["lists"] for n, c in lst["lengths"].items()),
               key=lambda t: t[2])


def measure(browser: Any, url: str, slowdown: int) -> tuple[float, float, int]:
    page = browser.new_page()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    got: list[int] = []
    page.on("response", lambda r: got.append(len(r.body())) if "/helper/" in r.url else None)
    page.goto(url)
    page.wait_for_function("window.lingoHelper && window.lingoHelper.bestResult !== null", timeout=120_000)
    times = page.evaluate("window.lingoHelper")
    page.close()
    return times["firstResult"], times["bestResult"], sum(got)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--site", type=Path)
    p.add_argument("--reps", type=int, default=3)
    args = p.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("no Chromium: install Debian's chromium")
    with tempfile.TemporaryDirectory(prefix="bench-helper-") as tmp:
        site = args.site or small_site(Path(tmp))
        handler = functools.partial(_Quiet, directory=str(site))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/helper.html"
        wid, n, count = largest(site)
        positions = [
            (f"{wid} {n} letters ({count} words), no clue", f"?wordlist={wid}&length={n}"),
            (f"{wid} {n} letters, first letter s", f"?wordlist={wid}&length={n}&letter=s"),
            ("wordle-allowed, crane=..GY.", "?wordlist=wordle-allowed&length=5&clue=crane=..GY."),
        ]
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=FLAGS)
            print(f"{'position':44} {'CPU':>5} {'first result':>13} {'best guesses':>13} {'data':>9}")
            for name, query in positions:
                for slowdown in (1, 4):
                    runs = [measure(browser, base + query, slowdown) for _ in range(args.reps)]
                    first = statistics.median(r[0] for r in runs)
                    best = statistics.median(r[1] for r in runs)
                    print(f"{name:44} {slowdown:>4}x {first:>10.0f} ms {best:>10.0f} ms "
                          f"{runs[0][2] / 1024:>6.0f} KiB")
            browser.close()
        server.shutdown()


if __name__ == "__main__":
    main()

"""``lingo-trees site``: render the cheat sheets and build the static site."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.output.site import build_site


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("site", help="render the cheat sheets (PDF) and build the strategy site into site/build/")
    p.add_argument("--trees", type=Path, default=None, help="trees folder (default trees/)")
    p.add_argument("--out", type=Path, default=None, help="output folder (default site/build/)")
    p.add_argument("--no-pdf", action="store_true", help="do not print the PDFs")
    p.set_defaults(func=run)


def _kib(n: int) -> str:
    return f"{n / 1024:.0f} KiB"


def run(args: argparse.Namespace) -> int:
    r = build_site(args.trees, args.out, pdf=not args.no_pdf)
    print(f"site built in {r.seconds:.1f} s (PDFs {r.pdf_seconds:.1f} s, mkdocs {r.mkdocs_seconds:.1f} s): "
          f"{r.pages} pages in {r.out}")
    if r.pdf_skipped:
        print(f"PDFs skipped: {r.pdf_skipped}")
    else:
        pages = sorted(r.pdf_pages.values())
        if pages:
            worst = max(r.pdf_pages, key=lambda k: r.pdf_pages[k])
            print(f"{r.pdfs} PDFs ({r.pdfs_reused} unchanged since the last build); letter sheets take {pages[0]}-{pages[-1]} A4 pages "
                  f"(median {pages[len(pages) // 2]}; most: {worst}, {r.pdf_pages[worst]})")
    print(f"largest page {r.largest_page[0]} ({_kib(r.largest_page[1])}); largest tree download "
          f"{r.largest_tree[0]} ({_kib(r.largest_tree[1])}); all trees zipped {_kib(r.archive_size)}")
    print(f"open it: python -m http.server -d {r.out} 8000, then http://localhost:8000/")
    return 0

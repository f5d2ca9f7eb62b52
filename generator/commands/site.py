"""``lingo-trees site``: render the cheat sheets and build the static site."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.commands import add_jobs, add_out, add_quiet, add_trees, progress_printer
from generator.output.pdf import PDF_CHOICES


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("site", help="build the strategy site into site/build/: sheets, lookup, practice, the cards as PDFs")
    add_trees(p)
    add_out(p, "site/build/", "the site folder to write")
    p.add_argument("--pdf", choices=PDF_CHOICES,
                   help="which PDFs to print: the TV and openers cards (default, where Chromium is found), "
                        "every letter sheet too (every sheet's page also prints from the browser), or none; "
                        "given, a site whose PDFs cannot be printed is an error")
    p.add_argument("--force", action="store_true",
                   help="build even where the site was built from the same trees, lists and code")
    add_jobs(p)
    add_quiet(p)
    p.set_defaults(func=run)


def _kib(n: int) -> str:
    return f"{n / 1024:.0f} KiB"


def run(args: argparse.Namespace) -> int:
    # imported here: the site's renderers (Jinja2, the sheets, the site model)
    # would add 44 ms to the start of every other command
    from generator.runs.site import publish_site

    r = publish_site(Path(args.trees) if args.trees else None, Path(args.out) if args.out else None,
                     pdf=args.pdf or "cards", pdf_required=args.pdf not in (None, "none"), workers=args.jobs,
                     force=args.force, progress=progress_printer(args.quiet))
    if r.up_to_date:
        print(f"site up to date ({r.seconds:.1f} s): {r.pages} pages in {r.out}, built from the same trees, "
              "word lists, site project and code (--force builds it again)")
        print(f"open it: python -m http.server -d {r.out} 8000, then http://localhost:8000/")
        return 0
    print(f"site built in {r.seconds:.1f} s (PDFs {r.pdf_seconds:.1f} s, mkdocs {r.mkdocs_seconds:.1f} s): "
          f"{r.pages} pages in {r.out}")
    if r.pdf_skipped:
        print(f"PDFs skipped: {r.pdf_skipped}")
    else:
        pages = sorted(r.pdf_pages.values())
        print(f"{r.pdfs} PDFs ({r.pdfs_reused} unchanged since the last build)")
        if pages:
            worst = max(r.pdf_pages, key=lambda k: r.pdf_pages[k])
            print(f"letter sheets take {pages[0]}-{pages[-1]} A4 pages (median {pages[len(pages) // 2]}; "
                  f"most: {worst}, {r.pdf_pages[worst]})")
    print(f"largest page {r.largest_page[0]} ({_kib(r.largest_page[1])}); largest tree download "
          f"{r.largest_tree[0]} ({_kib(r.largest_tree[1])}); largest word file "
          f"{r.largest_words[0]} ({_kib(r.largest_words[1])}); the site {r.site_size / 1e6:.0f} MB")
    print(f"open it: python -m http.server -d {r.out} 8000, then http://localhost:8000/")
    return 0

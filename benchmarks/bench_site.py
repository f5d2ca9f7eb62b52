"""Time and size of the strategy site.

Run: python benchmarks/bench_site.py [--trees DIR] [--pdf cards|all|none]
Builds the site from the trees (default trees/) into a temporary folder and
prints: the build time (PDFs, MkDocs, total), the number of pages, the
largest page and tree download, the zip of all trees, the size of the
whole site, and how many A4 pages the printed letter sheets take, per
set-up, rule and strategy (the PDF page counts).
"""

from __future__ import annotations

import argparse
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

from generator.output.pdf import PDF_CHOICES
from generator.output.site import build_site


def _kib(n: int) -> str:
    return f"{n / 1024:,.0f} KiB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", type=Path, default=None)
    parser.add_argument("--pdf", choices=PDF_CHOICES, default="cards")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        out = Path(tmp) / "site"
        r = build_site(args.trees, out, pdf=args.pdf, progress=lambda _: None)
        total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
        pdf_total = sum(p.stat().st_size for p in (out / "pdf").glob("*.pdf")) if (out / "pdf").exists() else 0
    print(f"build: {r.seconds:.1f} s total, PDFs {r.pdf_seconds:.1f} s ({r.pdfs} files), "
          f"mkdocs {r.mkdocs_seconds:.1f} s; {r.pages} HTML pages")
    print(f"largest page: {r.largest_page[0]} ({_kib(r.largest_page[1])})")
    print(f"largest tree download: {r.largest_tree[0]} ({_kib(r.largest_tree[1])}); "
          f"the site {r.site_size / 1e6:.0f} MB")
    print(f"whole site {_kib(total)}, of which PDFs {_kib(pdf_total)}")
    if r.pdf_skipped:
        print(f"PDFs skipped: {r.pdf_skipped}")
        return
    by_folder: dict[str, Counter[int]] = defaultdict(Counter)
    for name, pages in r.pdf_pages.items():
        setup, rule, strategy = _folder(Path(name).stem)
        by_folder[f"{setup}/{rule}/{strategy}"][pages] += 1
    print("A4 pages per printed letter sheet (pages: letters):")
    for folder, counts in sorted(by_folder.items()):
        print(f"  {folder:<28} " + ", ".join(f"{p} p.: {n}" for p, n in sorted(counts.items())))
    print(f"openers cards: {', '.join(f'{Path(k).stem}: {v} p.' for k, v in sorted(r.card_pages.items()))}")


def _folder(stem: str) -> tuple[str, str, str]:
    """``nl-ij-same-start-human-lookup-k`` -> (nl-ij, same-start, human-lookup)."""
    for rule in ("same-start", "free", "hard"):
        head, sep, tail = stem.partition(f"-{rule}-")
        if sep:
            return head, rule, tail.rsplit("-", 1)[0]
    return stem, "?", "?"


if __name__ == "__main__":
    main()

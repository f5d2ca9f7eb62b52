"""Time to print the site's PDFs (``lingo-trees site --pdf all``), side by
side in one run: in one Chromium, then in one Chromium per core.

Run: python benchmarks/bench_pdf.py [--trees DIR] [--count N] [-j N]
(default: the committed trees, N = 40 documents spread evenly over all the
site prints, every core). Prints the pages and the seconds per document of each way and the
speed-ups, and the PDFs' size; one Chromium and the jobs must print the same pages. Nothing is written.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from generator.core.catalog import trees_dir
from generator.output.pdf import find_chromium, print_all
from generator.output.site import print_plan
from generator.output.sitetrees import read_folders, sheet_models
from generator.runs.jobs import default_workers
from generator.runs.site import printer


def timed(run: Callable[[], list[tuple[str, bytes, int]]]) -> tuple[float, dict[str, int], int]:
    """Seconds, pages per document and bytes of all the PDFs of one way."""
    t0 = time.perf_counter()
    printed = run()
    return time.perf_counter() - t0, {name: n for name, _, n in printed}, sum(len(data) for _, data, _ in printed)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--trees", default=None)
    p.add_argument("--count", type=int, default=40)
    p.add_argument("-j", "--jobs", type=int, default=None)
    args = p.parse_args()
    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("no Chromium (install Debian's chromium)")
    sheets, cards = sheet_models(read_folders(Path(args.trees) if args.trees else trees_dir()))
    # the documents print_plan makes, in its order (cards, then sheets with a table): every step-th
    card_keys, sheet_keys = list(cards), [k for k, sheet in sheets.items() if sheet.has_table]
    step = max(1, (len(card_keys) + len(sheet_keys)) // args.count)
    chosen = set(range(0, len(card_keys) + len(sheet_keys), step)[:args.count])
    some_cards = {k: cards[k] for i, k in enumerate(card_keys) if i in chosen}
    some_sheets = {k: sheets[k] for i, k in enumerate(sheet_keys, len(card_keys)) if i in chosen}
    plan = print_plan(some_sheets, some_cards, every_sheet=True)
    workers = args.jobs or default_workers()
    t_one, one_pages, one_bytes = timed(lambda: list(print_all(chromium, plan)))
    t_many, many_pages, _ = timed(lambda: list(printer(workers, lambda _: None)(chromium, plan)))
    assert one_pages == many_pages, "one Chromium and the jobs printed different page counts"
    n = len(plan)
    print(f"documents                    {n:6d} (every {step}th of the site's)")
    print(f"pages                        {sum(one_pages.values()):6d}, {one_bytes / 1e6:.1f} MB of PDF")
    print(f"one Chromium                 {t_one:6.1f} s  ({t_one / n:.2f} s per document)")
    print(f"{workers} Chromiums (jobs)          {t_many:6.1f} s  ({t_many / n:.2f} s per document, "
          f"{t_one / t_many:.2f}x one Chromium)")


if __name__ == "__main__":
    main()

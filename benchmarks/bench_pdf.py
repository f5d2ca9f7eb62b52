"""Time to print the site's PDFs: one Chromium against one per core, side by side.

Run: python benchmarks/bench_pdf.py [--trees DIR] [--count N] [-j N]
(default: the committed trees, the first 40 documents the site prints, every
core). Prints the seconds per document of each way and the speed-up; the
pages of both must agree. Nothing is written but temporary files.
"""

from __future__ import annotations

import argparse
import time

from generator.core.catalog import trees_dir
from generator.output.pdf import find_chromium, print_all
from generator.output.site import print_plan
from generator.output.sitemodel import read_folders, sheet_models
from generator.runs.jobs import default_workers
from generator.runs.site import printer


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--trees", default=None)
    p.add_argument("--count", type=int, default=40)
    p.add_argument("-j", "--jobs", type=int, default=None)
    args = p.parse_args()
    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("no Chromium (install Debian's chromium)")
    sheets, cards = sheet_models(read_folders(args.trees or trees_dir()))
    plan = print_plan(sheets, cards)[:args.count]
    workers = args.jobs or default_workers()
    t0 = time.perf_counter()
    one = {name: pages for name, _, pages in print_all(chromium, plan)}
    t1 = time.perf_counter()
    many = {name: pages for name, _, pages in printer(workers, lambda _: None)(chromium, plan)}
    t2 = time.perf_counter()
    assert one == many, "the two ways printed different page counts"
    n = len(plan)
    print(f"documents            {n:6d} ({sum(one.values())} pages)")
    print(f"one Chromium         {t1 - t0:6.1f} s  ({(t1 - t0) / n:.2f} s per document)")
    print(f"{workers} Chromiums (jobs)  {t2 - t1:6.1f} s  ({(t2 - t1) / n:.2f} s per document)")
    print(f"speed-up             {(t1 - t0) / (t2 - t1):6.2f}x")


if __name__ == "__main__":
    main()

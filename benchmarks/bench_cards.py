"""The cards by size: the seconds of a set-up's frontier and its three cards, and the size of their decks.

Run: python benchmarks/bench_cards.py [SETUP ...]

Cases, by default, a spread chosen by a stated rule: per language the set-up
with the fewest words and the one with the most that have cards (Dutch
'ij' one tile: ``nl-ij-4``, ``nl-ij-8``; English ``en-common-4``,
``en-common-7``; French ``sutom-9``, ``fr-8``), so that the short words with
many exception moves and the long words with many secrets are both timed.
For each: :func:`generator.runs.cards.setup_cards` on the committed full
cards (the feedback matrix made before the clock starts), the points of
its frontier, and the bytes of the three cards' Anki decks. Figures only.
"""

from __future__ import annotations

import sys
import time

from generator.core.catalog import trees_dir
from generator.core.context import context
from generator.output.anki import deck_bytes
from generator.output.index import folder_index
from generator.output.sheets import openers_card
from generator.runs.cards import CARDS, FULL, RULE, full_card_digest, setup_cards

SETUPS = ["nl-ij-4", "nl-ij-8", "en-common-4", "en-common-7", "sutom-9", "fr-8"]


def main(argv: list[str]) -> int:
    root = trees_dir()
    print(f"{'set-up':<13} {'seconds':>8} {'points':>7}  decks (bytes: openers only, the knee, every word)")
    for sid in argv or SETUPS:
        context(sid)  # the matrix, made before the clock starts
        t0 = time.perf_counter()
        result = setup_cards(sid, root, full_card_digest(root, sid))
        seconds = time.perf_counter() - t0
        sizes = []
        for card in (*CARDS, FULL):
            sizes.append(len(deck_bytes(openers_card(folder_index(root / sid / RULE / card), sid), sid)))
        print(f"{sid:<13} {seconds:>8.1f} {len(result.entry.by_weight):>7}  {' '.join(map(str, sizes))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

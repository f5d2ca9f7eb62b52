from __future__ import annotations

import pytest

from generator.output import charts
from generator.output.cardsfile import CardsEntry, FrontierPoint
from generator.output.cardsview import cards_view


def test_histogram_shares_and_empty_turns() -> None:
    h = charts.histogram("t", [("a", {1: 2, 3: 2}), ("b", {2: 4})])
    assert [b.count for b in h.bars[0]] == [2, 0, 2] and [b.count for b in h.bars[1]] == [0, 4, 0]
    assert h.bars[1][1].height == pytest.approx(h.baseline - 22.0, abs=0.1)  # a full-height bar


def _entry() -> CardsEntry:
    points = (FrontierPoint(10, 40, 400, False), FrontierPoint(12, 10, 50, False), FrontierPoint(15, 2, 5, False))
    cards = {"human-openers": FrontierPoint(11, 30, 300, False), "human-knee": points[1],
             "human": FrontierPoint(20, 0, 0, True)}
    return CardsEntry("demo", "same-start", 100, 10_000, 0.99, "0" * 64, points, points, cards)


def test_the_frontier_plot_spans_its_box_and_marks_the_three_cards() -> None:
    view = cards_view(_entry(), {})
    plot = view.plot
    xs = [float(p.split(",")[0]) for p in plot.plain.split()]
    ys = [float(p.split(",")[1]) for p in plot.plain.split()]
    assert xs[0] == plot.left and xs[-1] == plot.right  # fewest words at the left, the full card at the right
    assert ys == sorted(ys, reverse=True)  # more words, more in time: higher on the plot
    assert [m.label for m in plot.marks] == ["openers only", "the knee", "every word"]
    assert plot.y_ticks[-1][1] == "100 %" and plot.y_ticks[0][1] == "60 %"  # 60 % in time is the lowest share
    assert [c.line for c in view.choices][1] == "learn 12 words: 90 of 100 words in time (90.0 %)"

"""Charts as SVG view models: the turns histogram and the cards' frontier.

Each is a frozen dataclass of coordinates, made here and drawn by a macro of
``templates/macros.html.j2`` (the templates only format them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from generator.output.cardsfile import FrontierPoint
from generator.output.i18n import _

if TYPE_CHECKING:
    from generator.output.cardsfile import CardsEntry

PLOT_WIDTH, PLOT_HEIGHT = 360, 200
MARGIN_LEFT, MARGIN_BOTTOM, MARGIN_TOP, MARGIN_RIGHT = 44, 34, 22, 14


@dataclass(frozen=True)
class Bar:
    turns: int
    count: int
    x: float
    y: float
    width: float
    height: float
    share: float  # of all secrets, 0..1
    cx: float  # the middle of the bar (its count label)
    slot_cx: float  # the middle of its turn's slot (the axis label)

    @property
    def label_y(self) -> float:
        return round(self.y - 3, 1)


@dataclass(frozen=True)
class Histogram:
    """A turns histogram ready to draw as SVG (one series or two side by side)."""

    title: str
    series: tuple[str, ...]
    bars: tuple[tuple[Bar, ...], ...]  # per series
    width: int
    height: int
    baseline: float
    max_turns: int


def histogram(title: str, series: Sequence[tuple[str, dict[int, int]]], *, width: int = 360,
              height: int = 170) -> Histogram:
    """Bars of turns histograms, as shares of each series' total, ready for SVG.

    >>> h = histogram("demo", [("ours", {2: 1, 3: 3})])
    >>> [(b.turns, b.count, round(b.share, 2)) for b in h.bars[0]]
    [(1, 0, 0.0), (2, 1, 0.25), (3, 3, 0.75)]
    """
    max_turns = max((t for _, h in series for t in h), default=1)
    turns = range(1, max(max_turns, 1) + 1)
    left, top, bottom = 8.0, 22.0, 30.0
    plot_h = height - top - bottom
    slot = (width - 2 * left) / len(turns)
    bar_w = slot * 0.8 / max(len(series), 1)
    all_bars = []
    for s, (_name, hist) in enumerate(series):
        n = sum(hist.values()) or 1
        bars = []
        for i, t in enumerate(turns):
            count = hist.get(t, 0)
            share = count / n
            h = plot_h * share
            x = left + i * slot + slot * 0.1 + s * bar_w
            bars.append(Bar(t, count, round(x, 1), round(top + plot_h - h, 1), round(bar_w, 1),
                            round(h, 1), share, round(x + bar_w / 2, 1),
                            round(left + i * slot + slot / 2, 1)))
        all_bars.append(tuple(bars))
    return Histogram(title, tuple(name for name, _ in series), tuple(all_bars), width, height,
                     top + plot_h, len(turns))



@dataclass(frozen=True)
class Mark:
    """A card on the plot, and where its label goes (``anchor``: SVG's text-anchor)."""

    x: float
    y: float
    label: str
    title: str
    label_x: float = 0.0
    label_y: float = 0.0
    anchor: str = "middle"


#: labels closer than this (px) go on alternate sides of their marks
LABEL_GAP = 80


def _labelled(marks: Sequence[Mark], left: float, right: float, height: float) -> tuple[Mark, ...]:
    """The marks with their labels placed: at the edges they read inward, and a
    label near the one before it goes below its mark instead of above.

    >>> marks = _labelled([Mark(50, 30, "a", ""), Mark(300, 30, "b", ""), Mark(340, 30, "c", "")], 44, 346, 200)
    >>> [(m.anchor, "above" if m.label_y < m.y else "below") for m in marks]
    [('start', 'above'), ('middle', 'above'), ('end', 'below')]
    """
    out: list[Mark] = []
    for m in sorted(marks, key=lambda m: m.x):
        anchor = "start" if m.x - left < LABEL_GAP / 2 else "end" if right - m.x < LABEL_GAP / 2 else "middle"
        below = bool(out) and abs(m.x - out[-1].x) < LABEL_GAP and out[-1].label_y < out[-1].y
        label_y = m.y + 15 if below or m.y < 16 and out else m.y - 7
        out.append(replace(m, label_x=m.x, label_y=round(min(label_y, height - 4), 1), anchor=anchor))
    return tuple(out)


@dataclass(frozen=True)
class FrontierPlot:
    """The frontier as SVG: two polylines (weighted, plain), the cards marked, axes."""

    title: str
    width: int
    height: int
    weighted: str  # polyline points
    plain: str
    marks: tuple[Mark, ...]
    x_ticks: tuple[tuple[float, str], ...]
    y_ticks: tuple[tuple[float, str], ...]
    left: int
    bottom: float
    right: float


def frontier_plot(entry: CardsEntry, cards: Sequence[tuple[int, float, float, str, str]]) -> FrontierPlot:
    """The frontier of ``entry`` drawn in a :data:`PLOT_WIDTH` x :data:`PLOT_HEIGHT` box, with
    ``cards`` marked: (words, share in time, weighted share, label, title) each."""
    full = entry.cards["human"]  # the full card ends a line where it leaves less than the line's last point
    weighted = [*entry.by_weight, *([full] if not entry.by_weight or full.weight < entry.by_weight[-1].weight else [])]
    plain = [*entry.by_count, *([full] if not entry.by_count or full.late < entry.by_count[-1].late else [])]
    xs = [p.words for p in (*weighted, *plain)] + [c[0] for c in cards]
    x0, x1 = min(xs), max(max(xs), min(xs) + 1)
    low = min([entry.share(p) for p in plain] + [c[1] for c in cards])
    y0 = max(0.0, (int(low * 20) / 20))  # the 5 % step below the lowest share
    left, right = MARGIN_LEFT, PLOT_WIDTH - MARGIN_RIGHT
    top, bottom = MARGIN_TOP, PLOT_HEIGHT - MARGIN_BOTTOM

    def x(words: int) -> float:
        return round(left + (words - x0) * (right - left) / (x1 - x0), 1)

    def y(share: float) -> float:
        return round(bottom - (share - y0) * (bottom - top) / (1 - y0 or 1), 1)

    def line(points: list[FrontierPoint], share: str) -> str:
        steps = []
        for p in points:
            s = entry.weighted_share(p) if share == "weighted" else entry.share(p)
            steps.append(f"{x(p.words)},{y(s)}")
        return " ".join(steps)

    marks = _labelled([Mark(x(words), y(weighted_share), label, title) for words, _, weighted_share, label, title in cards],
                      left, right, bottom)
    step = max(1, _nice((x1 - x0) / 5))
    x_ticks = tuple((x(w), str(w)) for w in range(x0 - x0 % step + step if x0 % step else x0, x1 + 1, step))
    y_step = 0.05 if 1 - y0 <= 0.3 else 0.1
    y_ticks = tuple((y(y0 + i * y_step), f"{round(100 * (y0 + i * y_step))} %")
                    for i in range(int(round((1 - y0) / y_step)) + 1))
    return FrontierPlot(_("Words to learn against words in time"), PLOT_WIDTH, PLOT_HEIGHT,
                        line(weighted, "weighted"), line(plain, "plain"), marks, x_ticks, y_ticks,
                        left, bottom, right)


def _nice(span: float) -> int:
    """A round step near ``span``: 1, 2, 5, 10, 20, 50, ..."""
    step = 1
    while step * 10 <= span:
        step *= 10
    for m in (1, 2, 5):
        if step * m >= span:
            return step * m
    return step * 10

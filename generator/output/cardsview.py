"""The cards of a show's set-up as its pages show them: the three cards and the frontier.

From a set-up's entry of ``trees/cards.json`` (:mod:`generator.output.cardsfile`):
:class:`CardChoice` is one card with the line that says what it costs and
buys, :class:`FrontierPlot` the frontier drawn as SVG (words to learn against
the share of words in time, plain and weighted by how common the words are),
the three cards marked. Templates only format them.

>>> c = CardChoice("the knee", "human-knee", 37, 2648, 3411, 0.9909, "", False)
>>> c.line
'learn 37 words: 2648 of 3411 words in time (77.6 %)'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.output.cardsfile import CARD_NAMES, CardsEntry
from generator.output.charts import FrontierPlot, frontier_plot
from generator.output.i18n import N_, _, decimal

#: what the pages call each card
CARD_TITLES = {"human-openers": N_("openers only"), "human-knee": N_("the knee"), "human": N_("every word")}


@dataclass(frozen=True)
class CardChoice:
    """One card of a set-up: what it costs (words to learn) and buys (words in time)."""

    title: str  # openers only, the knee, every word
    strategy: str
    words: int
    in_time: int
    secrets: int
    weighted: float  # the share of the secrets' weight in time
    page: str  # the card's page, from the site root
    proved: bool  # every letter's part is proved minimal
    pdf: str | None = None  # its one-page PDF, where printed
    deck: str | None = None  # its Anki deck
    learn: str | None = None  # its Learn page

    @property
    def share(self) -> float:
        return self.in_time / self.secrets

    @property
    def line(self) -> str:
        """``learn N words: M of T words in time (P %)``."""
        return _("learn %(words)d words: %(in_time)d of %(secrets)d words in time (%(share)s)") % {
            "words": self.words, "in_time": self.in_time, "secrets": self.secrets, "share": percent(self.share, 1)}

    @property
    def weighted_line(self) -> str:
        return _("%(share)s counted by how common the words are") % {"share": percent(self.weighted, 2)}


def percent(share: float, decimals: int) -> str:
    """A share as a percentage rounded down, so that only a whole is 100 %.

    >>> percent(3410 / 3411, 1), percent(1.0, 1), percent(0.77619, 2)
    ('99.9 %', '100.0 %', '77.61 %')
    """
    scale = 10 ** decimals
    return f"{decimal(math.floor(share * 100 * scale + 1e-9) / scale, decimals)} %"


@dataclass(frozen=True)
class CardsView:
    """A set-up's three cards and its frontier."""

    setup: str
    choices: tuple[CardChoice, ...]
    plot: FrontierPlot
    knee: float  # the weighted share the knee reaches at least

    def choice(self, strategy: str) -> CardChoice:
        return next(c for c in self.choices if c.strategy == strategy)


Links = tuple[str, str | None, str | None, str | None]  # a card's page, PDF, deck and Learn page


def cards_view(entry: CardsEntry, links: dict[str, Links]) -> CardsView:
    """The view of one set-up's cards; ``links``: each card's page, PDF, deck and Learn page."""
    choices = []
    for name in CARD_NAMES:
        point = entry.cards[name]
        page, pdf, deck, learn = links.get(name, ("", None, None, None))
        choices.append(CardChoice(CARD_TITLES[name], name, point.words, point.in_time(entry.secrets), entry.secrets,
                                  entry.weighted_share(point), page, point.proved, pdf, deck, learn))
    marks = [(c.words, c.share, c.weighted, _(c.title), f"{_(c.title)}: {c.line}; {c.weighted_line}") for c in choices]
    return CardsView(entry.setup, tuple(choices), frontier_plot(entry, marks), entry.knee)


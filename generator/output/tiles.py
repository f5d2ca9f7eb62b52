"""Tiles: a word, or the feedback under it, as the sheets draw it.

A sheet shows thousands of them, so each is a small frozen value, made once
(:func:`word_tiles`, :func:`feedback_tiles`) and drawn as one **strip** of
text where it can be (:class:`_Strip`). The view models of
:mod:`generator.output.sheets` hold them; the templates format them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from generator.core.feedback import GREEN, GREY, YELLOW, Pattern
from generator.core.words import Letter, Letters, Word

MARK_CLASS = {GREEN: "g", YELLOW: "y", GREY: "n"}
MARK_TEXT = {GREEN: "G", YELLOW: "Y", GREY: "·"}
MARK_NAME = {GREEN: "right place", YELLOW: "elsewhere", GREY: "absent"}


@dataclass(frozen=True)
class Tile:
    """One square: a letter of a word, or one feedback mark under a letter.

    >>> Tile("c", "G").text, Tile("c", "G").css, Tile("c", "G").label
    ('G', 'g', 'c: right place')
    >>> Tile("ij").text, Tile("ij").css
    ('ij', 'w')
    """

    letter: Letter
    mark: str = ""  # "" for a plain letter tile

    @property
    def text(self) -> str:
        return MARK_TEXT[self.mark] if self.mark else self.letter

    @property
    def css(self) -> str:
        return MARK_CLASS[self.mark] if self.mark else "w"

    @property
    def label(self) -> str:
        return f"{self.letter}: {MARK_NAME[self.mark]}" if self.mark else self.letter


class _Strip:
    """Tiles drawn as one **strip**: a single run of text in a monospaced
    font, spaced to the tile width, over flat boxes in the tiles' colours
    (``sheet.css`` says how). A strip's classes name its coloured tiles by
    place (``g0 y3``: green first tile, yellow fourth; the rest are the
    strip's own colour), so one stylesheet paints every strip of any length
    and a sheet's HTML is a few bytes per tile. A sheet has thousands of
    tiles: Chromium prints strips 1.2-1.75x faster than a box per tile, and
    a screen shows them without tens of thousands of elements. A tile of two
    letters (a digraph) cannot be spaced so: such tiles stay boxes.

    >>> f = feedback_tiles("boxer", "GG..Y", Letters())
    >>> f.strip, f.text, f.paint
    (True, 'GG··Y', 'g0 g1 y4')
    >>> word_tiles("ijzer", Letters(("ij",))).strip
    False
    """

    tiles: tuple[Tile, ...]

    # cached: a site build asks a shared feedback's tiles millions of times
    # (and hashes it as often: :class:`Once` keys its markup by it)
    @functools.cached_property
    def _hash(self) -> int:
        return hash((type(self).__name__, self.tiles))

    @functools.cached_property
    def strip(self) -> bool:
        return all(len(t.text) == 1 for t in self.tiles)

    @functools.cached_property
    def text(self) -> str:
        return "".join(t.text for t in self.tiles)

    @functools.cached_property
    def paint(self) -> str:
        """The classes of its green and yellow tiles, by place (``sheet.css``
        paints them); grey and letter tiles are the strip's own colour."""
        return " ".join(f"{t.css}{i}" for i, t in enumerate(self.tiles) if t.css in ("g", "y"))


@dataclass(frozen=True)
class WordTiles(_Strip):
    """A word as letter tiles (a digraph such as ``ij`` is one tile)."""

    word: Word
    tiles: tuple[Tile, ...]

    def __hash__(self) -> int:  # (a dataclass keeps a __hash__ of its own)
        return self._hash


@dataclass(frozen=True)
class FeedbackTiles(_Strip):
    """A feedback pattern drawn under the word it answers."""

    pattern: Pattern
    tiles: tuple[Tile, ...]

    def __hash__(self) -> int:  # (a dataclass keeps a __hash__ of its own)
        return self._hash


@functools.cache
def _tile(letter: Letter, mark: str = "") -> Tile:
    """The one :class:`Tile` of a letter and mark: a sheet has millions of
    tiles of a few hundred kinds, made once each."""
    return Tile(letter, mark)


@functools.lru_cache(maxsize=1 << 16)
def word_tiles(word: Word, alphabet: Letters) -> WordTiles:
    return WordTiles(word, tuple(_tile(x) for x in alphabet.spell(word)))


@functools.lru_cache(maxsize=1 << 16)  # the same feedback recurs on every sheet of a folder
def feedback_tiles(word: Word, pattern: Pattern, alphabet: Letters) -> FeedbackTiles:
    letters = alphabet.spell(word)
    if len(letters) != len(pattern):
        raise ValueError(f"pattern {pattern!r} does not fit the word {word!r}")
    return FeedbackTiles(pattern, tuple(_tile(x, m) for x, m in zip(letters, pattern)))

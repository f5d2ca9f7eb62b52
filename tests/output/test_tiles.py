"""Tiles: a word and its feedback as the sheets draw them (generator/output/tiles.py)."""

from __future__ import annotations

import pytest

from generator.core.words import Letters
from generator.output import tiles


def test_feedback_tiles_carry_marks() -> None:
    f = tiles.feedback_tiles("boxer", "GY..G", Letters())
    assert [(t.text, t.css) for t in f.tiles] == [("G", "g"), ("Y", "y"), ("·", "n"), ("·", "n"), ("G", "g")]
    with pytest.raises(ValueError, match="does not fit"):
        tiles.feedback_tiles("boxer", "GG", Letters())


def test_equal_tiles_hash_alike() -> None:
    a = tiles.feedback_tiles("boxer", "GG..Y", Letters())
    b = tiles.FeedbackTiles(a.pattern, a.tiles)  # equal, not the same object
    assert a == b and hash(a) == hash(b) and a is not b
    w = tiles.word_tiles("boxer", Letters())
    assert hash(w) == hash(tiles.WordTiles(w.word, w.tiles)) and w != a

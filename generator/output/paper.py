"""The published figures of the 1992 LINGO paper, for side-by-side reports.

Tjong Kim Sang, "Strategieen voor LINGO" (Groningen, 1992): 3364 five-letter
words of the 1954 "groene boekje", 'ij' written as 'y'. These are the paper's
numbers as printed, kept here only to compare our trees with them.
"""

from __future__ import annotations

WORDS = 3364

#: Fig. 3: adaptive SCM play, turns -> words
FIG3_SCM = {1: 2, 2: 677, 3: 2260, 4: 415, 5: 10}
FIG3_FIVE_TURNS = ("gewit", "haven", "keven", "kozen", "lezen", "razen", "rezen", "tezen", "wazen", "zeven")

#: Fig. 7: the human scheme played without mistakes, turns -> words
FIG7_HUMAN = {1: 2, 2: 111, 3: 984, 4: 2086, 5: 181}

#: Figs. 4-6: the openers per start letter (x and q need none)
OPENERS = {
    "c": ("doren",), "i": ("manen",), "j": ("loten",), "u": ("kilte",), "y": ("steek",),
    "a": ("plint", "droes"), "e": ("frats", "inleg"), "f": ("canto", "lires"),
    "m": ("rinks", "delta"), "n": ("potas", "deren"), "o": ("trips", "meden"),
    "p": ("tonus", "kaler"), "v": ("galon", "stere"), "z": ("tango", "kleed"),
    "b": ("matig", "krols", "wende"), "d": ("kamig", "slorp", "deden"),
    "g": ("waden", "krimp", "bolst"), "h": ("kromp", "danig", "letse"),
    "k": ("lorum", "pinas", "dekke"), "l": ("potig", "kunde", "verba"),
    "r": ("dunst", "kopal", "zemig"), "s": ("inkom", "flard", "geput"),
    "t": ("kruim", "jonas", "beleg"), "w": ("kanis", "droge", "zetel"),
    "q": (), "x": (),
}
#: the largest group left by the paper's openers, per letter (Figs. 4-6)
LARGEST = {
    "c": 4, "i": 3, "j": 4, "u": 2, "y": 1, "a": 3, "e": 3, "f": 2, "m": 3, "n": 3,
    "o": 3, "p": 3, "v": 3, "z": 3, "b": 2, "d": 2, "g": 2, "h": 2, "k": 3, "l": 2,
    "r": 2, "s": 2, "t": 2, "w": 2,
}
EXCEPTIONS = {"k": (("kogen", "koven", "kozen"), "gazon")}
OPENING_WORDS = 53
WORDS_TO_LEARN = 54  # 53 openers and one exception move


def mean(hist: dict[int, int]) -> float:
    n = sum(hist.values())
    return sum(k * v for k, v in hist.items()) / n if n else 0.0

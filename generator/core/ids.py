"""Ids: the names that become folder names, URLs and HTML anchors.

Set-ups, word lists, guess rules and strategies are named by an **id**: 1 to
40 characters of lowercase ``a-z``, digits and ``-``, beginning with a letter
or digit (``nl-ij-6``, ``same-start``, ``optimal-salet``). A start letter
is a **letter id**: one or two lowercase letters ``a-z`` (``ij`` is the Dutch
digraph); a tree file is named by its letter id, ``all`` (a game that reveals
no letter) or a word length (Hangman): :mod:`generator.core.layout`. Ids are checked where they enter the program (the catalog, a
trees folder read, an option), so nothing else can reach a path, a page or
an attribute: ``x onmouseover=alert(1)`` or ``../..`` is refused with one line.

>>> check_id("nl-ij-6", "set-up")
'nl-ij-6'
>>> check_id("x onmouseover=alert(1)", "strategy folder")
Traceback (most recent call last):
...
generator.errors.CatalogError: strategy folder 'x onmouseover=alert(1)' is not an id (1-40 of a-z, 0-9 and -, not starting with -)
"""

from __future__ import annotations

import re

from generator.errors import CatalogError

ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
LETTER_ID = re.compile(r"[a-z]{1,2}")
ID_RULE = "1-40 of a-z, 0-9 and -, not starting with -"
LETTER_RULE = "one or two letters a-z"


def short(text: str, most: int = 40) -> str:
    """At most ``most`` characters of a text, for an error message.

    >>> short("x" * 50, 10)
    'xxxxxxxxxx...'
    """
    return text if len(text) <= most else text[:most] + "..."


def is_id(text: str) -> bool:
    return ID.fullmatch(text) is not None


def check_id(text: str, what: str) -> str:
    """``text`` if it is an id, else a one-line :class:`CatalogError` naming ``what``."""
    if not is_id(text):
        raise CatalogError(f"{what} {short(text)!r} is not an id ({ID_RULE})")
    return text


def is_letter_id(text: str) -> bool:
    return LETTER_ID.fullmatch(text) is not None


def check_letter_id(text: str, what: str = "letter") -> str:
    """``text`` if it is a letter id, else a one-line :class:`CatalogError`."""
    if not is_letter_id(text):
        raise CatalogError(f"{what} {short(text)!r} is not a letter id ({LETTER_RULE})")
    return text


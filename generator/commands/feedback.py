"""``lingo-trees feedback GUESS SECRET``: the pattern the game master gives."""

from __future__ import annotations

import argparse

from generator.core.catalog import list_spec
from generator.core.feedback import feedback
from generator.core.words import LATIN, Alphabet
from generator.errors import PatternError


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("feedback", help="print the feedback pattern of a guess against a secret")
    p.add_argument("guess")
    p.add_argument("secret")
    p.add_argument("--wordlist", help="split letters as this list does (e.g. nl-basis-5-ij)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    alphabet = LATIN
    if args.wordlist:
        spec = list_spec(args.wordlist)
        alphabet = Alphabet(spec.alphabet, spec.digraphs)
    for name, word in (("guess", args.guess), ("secret", args.secret)):
        if not word.strip():
            raise PatternError(f"the {name} is empty: give a word")
    print(feedback(alphabet.spell(args.guess.lower()), alphabet.spell(args.secret.lower())))
    return 0

"""``lingo-trees wordlists``: the catalog of shipped word lists and set-ups."""

from __future__ import annotations

import argparse

from generator.core.catalog import catalog, load_list


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("wordlists", help="list the shipped word lists and game set-ups")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    lists, setups = catalog()
    print(f"{'id':<16} {'lang':<4} {'len':>3} {'words':>7}  digraphs  source / version / licence")
    for spec in lists.values():
        n = len(load_list(spec.id))
        length = str(spec.length) if spec.length else "any"
        digraphs = ",".join(spec.digraphs) or "-"
        print(f"{spec.id:<16} {spec.language:<4} {length:>3} {n:>7}  {digraphs:<8}  "
              f"{spec.source}; {spec.version}; {spec.licence}")
    print()
    width = max(8, *(len(sid) for sid in setups))
    print(f"{'set-up':<{width}} {'game':<7} {'answers':<16} {'guesses':<16} title")
    for s in setups.values():
        print(f"{s.id:<{width}} {s.game.name:<7} {s.answers:<16} {s.guesses:<16} {s.title}")
    return 0

"""``lingo-trees wordlists``: the catalog of shipped word lists and set-ups of every family."""

from __future__ import annotations

import argparse

from generator.core.catalog import catalog, load_list
from generator.core.catalog_games import code_setups, hangman_setups, site_defaults


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("wordlists", help="list the shipped word lists and game set-ups")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    lists, setups = catalog()
    codes, hangman, site = code_setups(), hangman_setups(), site_defaults()  # the whole catalog checked first
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
        tier = f" (tier {s.tier}{', exact' if s.exact else ''})" if s.tier else ""
        print(f"{s.id:<{width}} {s.game.name:<7} {s.answers:<16} {s.guesses:<16} {s.title}{tier}")
    for v in codes.values():
        print(f"{v.id:<{width}} {'code':<7} {v.positions} positions, {v.symbols} symbols"
              f"{'' if v.repeats else ', no repeats'}: {v.title}")
    for h in hangman.values():
        print(f"{h.id:<{width}} {'hangman':<7} {h.misses} misses")
    print(f"{'[site]':<{width}} opens on the first of {', '.join(site.setups) or 'its set-ups'}, "
          f"rule {site.rule}, strategy {site.strategy}")
    return 0

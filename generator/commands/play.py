"""``lingo-trees play``: play along with a tree (or a heuristic) in the terminal."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TextIO

from generator.commands import add_trees, an_id, printable, start_letter, verified_tree
from generator.core.catalog import load_list, setup, trees_dir
from generator.core.ids import check_letter_id
from generator.core.kinds import kind_of
from generator.core.layout import FolderKey, folder_path, folder_trees, tree_path
from generator.core.partition import Matrix
from generator.core.scoring import HEURISTICS, heuristic
from generator.core.strategies import family_of
from generator.core.words import WordList
from generator.errors import CatalogError, LingoTreesError, PatternError, TreeFormatError, WordListError
from generator.search.player import Advisor, HeuristicAdvisor, TreeAdvisor, autoplay, tiles


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "play", help="play along with a strategy tree (or a heuristic) in the terminal",
        description="Shows the word to play, reads the feedback you type (G/Y/. or g/y/w) and "
        "walks the tree to the answer. With --secret it plays a whole game by itself.",
    )
    p.add_argument("tree", nargs="?", type=Path, help="a tree file (else --setup and --letter)")
    p.add_argument("--setup", type=an_id, help="set-up id: trees/<setup>/<rule>/<strategy>/<letter>.json")
    p.add_argument("--rule", type=an_id, default="free", help="guess rule folder (default free)")
    p.add_argument("--strategy", type=an_id, default="scm", help="strategy folder (default scm)")
    p.add_argument("--letter", type=start_letter, help="the revealed first letter (default: the secret's)")
    add_trees(p)
    p.add_argument("--secret", help="play a whole game against this word and show it")
    p.add_argument("--no-tree", action="store_true",
                   help="no tree: choose every move with --heuristic over the set-up's lists")
    p.add_argument("--heuristic", default="scm", choices=sorted(HEURISTICS),
                   help="the heuristic of --no-tree (default scm)")
    p.add_argument("--replies", metavar="P,P,...",
                   help="the feedback of each turn, comma separated, instead of typing it")
    p.add_argument("--colour", "--color", choices=("auto", "always", "never"), default="auto",
                   help="ANSI colours for the tiles (default: when writing to a terminal)")
    p.set_defaults(func=run)


def named_tree(args: argparse.Namespace, letter: str | None) -> Path:
    """The tree file of set-up/rule/strategy/letter (the letter may be absent
    for a game that reveals none: the folder must then hold one tree)."""
    family = family_of(setup(args.setup).game.name)  # a clear error for an unknown set-up
    key = FolderKey(family, args.setup, args.rule, args.strategy)
    root = Path(args.trees) if args.trees else trees_dir()
    folder = folder_path(root, key)
    if not folder.is_dir():
        raise TreeFormatError(f"no trees in {folder} (built yet? see --trees, --rule, --strategy)")
    if letter:
        path = tree_path(root, key.tree(check_letter_id(letter, "the secret starts with a letter that")))
        if not path.exists():
            raise TreeFormatError(f"{path}: no tree for the letter {letter!r}")
        return path
    files = folder_trees(root, key)
    if len(files) != 1:
        raise TreeFormatError(f"{folder} holds {len(files)} trees: say which with --letter")
    found: Path = files[0]
    return found


def tree_advisor(args: argparse.Namespace) -> tuple[Advisor, str, int]:
    letter = args.letter.lower() if args.letter else None
    if args.tree is not None:
        path = args.tree
    elif args.setup:
        if letter is None and args.secret and setup(args.setup).game.reveals_first_letter:
            letter = load_list(setup(args.setup).answers).alphabet.spell(args.secret.lower())[0]
        path = named_tree(args, letter)
    else:
        raise TreeFormatError("give a tree file, or --setup (with --letter), or --no-tree --setup")
    tree = verified_tree(path)  # its words are those of its lists: nothing a terminal would obey
    kind = kind_of(tree.game)
    if kind.win(tree.game.length) is None:
        raise TreeFormatError(f"{path}: play walks guess trees (LINGO, Wordle, Mastermind), "
                              f"not {tree.game.name} trees")
    advisor = TreeAdvisor(tree.root, tree.secrets, tree.game.digraphs, kind)
    shown = f" (first letter {tree.game.revealed})" if tree.game.revealed else ""
    about = (f"{path}: {tree.strategy.get('scheme', '?')} tree for {len(tree.secrets)} secrets"
             f"{shown}, {tree.game.turns} turns")
    return advisor, about, tree.game.turns


def heuristic_advisor(args: argparse.Namespace) -> tuple[Advisor, str, int]:
    if not args.setup:
        raise CatalogError("--no-tree needs --setup (nl, nl-ij, en, wordle)")
    s = setup(args.setup)
    answers, guesses = load_list(s.answers), load_list(s.guesses)
    letter = args.letter.lower() if args.letter else None
    if letter is None and args.secret and s.game.reveals_first_letter:
        letter = answers.alphabet.spell(args.secret.lower())[0]
    game = s.game.with_rule(args.rule)
    if s.game.reveals_first_letter:
        if letter is None:
            raise CatalogError(f"set-up {s.id} reveals the first letter: give --letter (or --secret)")
        words = answers.starting_with(letter)
        if not words:
            raise WordListError(f"no word of {answers.id} begins with {letter!r}")
        answers = WordList(f"{answers.id}/{letter}", words, answers.alphabet, answers.length,
                           answers.language)
        game = game.for_letter(letter)
    advisor = HeuristicAdvisor(Matrix.build(guesses, answers), game, heuristic(args.heuristic))
    shown = f", first letter {letter}" if letter else ""
    about = (f"{s.id}: no tree, every move by {args.heuristic} over {len(answers)} secrets"
             f"{shown}, rule {game.guess_rule}, {game.turns} turns")
    return advisor, about, game.turns


def use_colour(choice: str, stream: TextIO) -> bool:
    if choice != "auto":
        return choice == "always"
    return stream.isatty() and "NO_COLOR" not in os.environ


def run(args: argparse.Namespace) -> int:
    if args.no_tree:
        advisor, about, turns = heuristic_advisor(args)
    else:
        advisor, about, turns = tree_advisor(args)
    colour = use_colour(args.colour, sys.stdout)
    print(printable(about))
    if args.secret:
        secret = args.secret.lower()
        moves = autoplay(advisor, secret)
        for n, move in enumerate(moves, start=1):
            late = "   (late: over the turns)" if n > turns else ""
            print(f"{n}. {tiles(advisor.spell(move.guess), move.pattern, colour)}  {move.guess}{late}")
        print(f"solved {secret} in {len(moves)} turns")
        return 0
    replies = args.replies.split(",") if args.replies is not None else None
    return interact(advisor, replies, colour, turns)


def interact(advisor: Advisor, replies: list[str] | None, colour: bool, turns: int) -> int:
    """Ask for the feedback of each guess until the secret is found."""
    tty = replies is None and sys.stdin.isatty()
    n = 0
    while not advisor.done:
        n += 1
        guess = advisor.guess()
        left = len(advisor.candidates)
        late = f" (over the {turns} turns)" if n > turns else ""
        if left == 1:
            print(f"turn {n}{late}: play {guess.upper()}: it is the only word left")
            print(f"solved in {n} turns: {guess}")
            return 0
        print(f"turn {n}{late}: play {guess.upper()}   ({left} words possible)")
        while True:
            if replies is not None:
                if not replies:
                    raise PatternError(f"--replies ran out before the game ended (turn {n})")
                text = replies.pop(0)
            else:
                if tty:
                    print("feedback (G/Y/. or g/y/w, q to stop)> ", end="", flush=True)
                line = sys.stdin.readline()
                if not line:
                    raise PatternError(f"the input ended before the game did (turn {n})")
                text = line.strip()
                if text.lower() in ("q", "quit"):
                    print("stopped")
                    return 1
            try:
                move = advisor.tell(text)
            except LingoTreesError as exc:
                if not tty:
                    raise
                print(f"  {exc}")
                continue
            break
        print(f"   {tiles(advisor.spell(move.guess), move.pattern, colour)}")
        if move.won:
            print(f"solved in {n} turns: {move.guess}")
    return 0


"""One module per ``lingo-trees`` subcommand, and the options they share.

Every command follows one convention, written in ``docs/commands.md``
(``--setup``, ``--letter``, ``--trees``/``--out``, ``-j``/``-q``,
``--scheduler``, one-line errors that exit 2); the ``add_*`` functions below
define the options the commands share.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from generator.core.files import FileError, check_out_file, check_out_folder
from generator.core.ids import ID_RULE, LETTER_RULE, is_id, is_letter_id, short
from generator.core.tree import GameTree
from generator.core.verify import game_lists, verify_tree
from generator.errors import LingoTreesError
from generator.output.treefile import read_tree
from generator.runs.jobs import runner
from generator.runs.progress import Reporter

MAX_MESSAGE = 400  # an error message longer than this is cut: input is echoed as an excerpt


def one_line(text: str) -> str:
    r"""An error message as one printable line of at most :data:`MAX_MESSAGE`
    characters (an argument holding a newline, or 100 KB, comes back short).

    >>> one_line("a\nb" + "c" * 500)[:5], len(one_line("x" * 1000))
    ('a bcc', 400)
    >>> one_line("a\x1b[2Jb.json")
    'a\\x1b[2Jb.json'
    """
    flat = printable(" ".join(text.split("\n")))
    return flat if len(flat) <= MAX_MESSAGE else flat[: MAX_MESSAGE - 3] + "..."


def printable(text: str) -> str:
    r"""``text`` safe for a terminal: no control sequence from a file name, an
    argument or a file's text (ESC[2J would clear the screen), each written
    as its escape instead.

    >>> printable("human\x1b[2J")
    'human\\x1b[2J'
    """
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")  # lone surrogates of bad argv bytes
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def _number(text: str, kind: type, what: str) -> Any:
    try:
        value = kind(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not {what}") from None
    return value


def positive(text: str) -> int:
    """An argparse type: a whole number of 1 or more."""
    value = _number(text, int, "a whole number")
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be 1 or more")
    return int(value)


def count(text: str) -> int:
    """An argparse type: a whole number of 0 or more."""
    value = _number(text, int, "a whole number")
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} must be 0 or more")
    return int(value)


def seconds(text: str) -> float:
    """An argparse type: a finite number of seconds above 0."""
    value = _number(text, float, "a number of seconds")
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} must be a number of seconds above 0")
    return float(value)


def an_id(text: str) -> str:
    """An argparse type: an id (:mod:`generator.core.ids`), as folder names are."""
    if not is_id(text):
        raise argparse.ArgumentTypeError(f"{short(text)!r} is not an id ({ID_RULE})")
    return text


def start_letter(text: str) -> str:
    """An argparse type: a start letter, one or two letters a-z (``ij``), lowercased."""
    value = text.lower()
    if not is_letter_id(value):
        raise argparse.ArgumentTypeError(f"{short(text)!r} is not a start letter ({LETTER_RULE})")
    return value


class Many(argparse.Action):
    """A repeatable option that also takes comma lists; each value once, in
    the order first given (``--strategy human,scm --strategy human``)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None, option_string: str | None = None) -> None:
        got = list(getattr(namespace, self.dest, None) or [])
        texts = [values] if isinstance(values, str) else list(values or [])
        convert: Callable[[str], Any] | None = getattr(self, "convert", None)
        allowed: Sequence[Any] | None = getattr(self, "allowed", None)
        for text in texts:
            for part in str(text).split(","):
                part = part.strip()
                if not part:
                    raise argparse.ArgumentError(self, f"an empty value in {str(text)[:40]!r}")
                try:
                    value = part if convert is None else convert(part)
                except argparse.ArgumentTypeError as exc:
                    raise argparse.ArgumentError(self, str(exc)) from None
                if allowed is not None and value not in allowed:
                    names = ", ".join(map(str, allowed))
                    raise argparse.ArgumentError(self, f"invalid choice {part[:40]!r} (choose from {names})")
                if value not in got:
                    got.append(value)
        setattr(namespace, self.dest, got)


def many(parser: argparse.ArgumentParser, *names: str, type: Callable[[str], Any] | None = None,
         choices: Sequence[Any] | None = None, metavar: str | None = None, help: str) -> None:
    """Add a repeatable option that also takes comma lists (see :class:`Many`)."""
    action = parser.add_argument(*names, action=Many, metavar=metavar, help=help)
    # not argparse's type and choices: it would apply them to the whole comma
    # list; Many applies them to each part
    action.convert = type  # type: ignore[attr-defined]
    action.allowed = choices  # type: ignore[attr-defined]


def add_jobs(parser: argparse.ArgumentParser, what: str = "worker processes") -> None:
    parser.add_argument("-j", "--jobs", type=positive, default=None, metavar="N",
                        help=f"{what} (default: all the cores this process may use)")


def add_force(parser: argparse.ArgumentParser, what: str = "rebuild") -> None:
    parser.add_argument("--force", action="store_true",
                        help=f"{what} even where the tree file's fingerprint says it is up to date")


def add_scheduler(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="run the jobs on this Dask scheduler (tcp://host:8786; default: "
                             "$LINGO_TREES_SCHEDULER, else processes on this machine)")


def add_run(parser: argparse.ArgumentParser, run: Callable[[argparse.Namespace], int], *,
            force: str | None = None) -> None:
    """A command whose work runs as jobs: ``--force`` (``force`` says what
    it does again; None: no such option), ``-j``, ``--scheduler``, ``-q``, and
    ``run`` with ``args.runner``, what runs its jobs (made here once, from
    ``--scheduler`` and ``-j``: :func:`generator.runs.jobs.runner`)."""
    if force is not None:
        add_force(parser, force)
    add_jobs(parser)
    add_scheduler(parser)
    add_quiet(parser)

    def with_runner(args: argparse.Namespace) -> int:
        with runner(args.scheduler, args.jobs) as args.runner:
            return run(args)
    parser.set_defaults(func=with_runner)


def add_quiet(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")


def _checked(check: Callable[[Path], Path], text: str) -> Path:
    if not text:  # Path("") is the current folder
        raise argparse.ArgumentTypeError("'': a name is needed")
    try:
        return check(Path(text))
    except LingoTreesError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    except OSError as exc:  # a name too long, say
        raise argparse.ArgumentTypeError(f"{short(text)}: cannot be used ({exc.strerror or exc})") from None


def trees_folder(text: str) -> Path:
    """An argparse type: a folder that exists (an input is never made)."""
    def check(path: Path) -> Path:
        if not path.is_dir():
            raise FileError(f"{path}: {'is not a folder' if path.exists() else 'no such folder'}")
        return path
    return _checked(check, text)


def out_folder(text: str) -> Path:
    """An argparse type: a folder to write in, checked before any work
    (:func:`generator.core.files.check_out_folder`)."""
    return _checked(check_out_folder, text)


def out_file(text: str) -> Path:
    """An argparse type: one file to write, or ``-`` for standard output
    (:func:`generator.core.files.check_out_file`)."""
    return Path("-") if text == "-" else _checked(check_out_file, text)


def add_trees(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--trees", metavar="DIR", type=trees_folder,
                        help="the trees folder to read (default: trees/)")


def add_out(parser: argparse.ArgumentParser, default: str = "trees/", what: str = "the folder to write") -> None:
    parser.add_argument("--out", metavar="DIR", type=out_folder, help=f"{what} (default: {default})")


def add_top(parser: argparse.ArgumentParser, default: int | None = None, more: str = "") -> None:
    tail = "all, proved" if default is None else str(default)
    parser.add_argument("--top", type=positive, default=default, metavar="N",
                        help=f"search only the N best moves per position (default: {tail}){more}")


def progress_printer(quiet: bool) -> Reporter:
    """Where a command's progress goes: a bar on a terminal, lines on stderr
    otherwise, nothing with ``-q``."""
    return Reporter(quiet=quiet, stream=sys.stderr)


def verified_tree(path: Path) -> GameTree:
    """The tree file ``path``, every secret replayed (a report prints only
    trees that verify); a tree that does not is a user error naming its first problem."""
    tree = read_tree(path)
    answers, guesses = game_lists(tree)
    verdict = verify_tree(tree, answers, guesses)
    if not verdict.ok:
        raise LingoTreesError(f"{path}: does not verify: {verdict.problems[0]}")
    return tree

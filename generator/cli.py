"""The ``lingo-trees`` command line: a thin layer over the library.

Each subcommand lives in ``generator/commands/<name>.py`` with a
``register(subparsers)`` that adds its parser and sets ``func``; a command
returns its exit code. User errors (:class:`LingoTreesError`, and an
``OSError`` such as a file that cannot be written) are printed on one line as
``lingo-trees: error: ...`` with exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import pkgutil
import signal
import sys
import threading
from collections.abc import Sequence
from typing import Any, NoReturn

import generator.commands
from generator.commands import one_line
from generator.core import jit
from generator.core.collector import frozen
from generator.errors import LingoTreesError
from generator.runs.jobs import stop_runs


def command_modules() -> list[str]:
    """The subcommand modules, in name order (each adds one subcommand)."""
    return sorted(m.name for m in pkgutil.iter_modules(generator.commands.__path__))


class _Parser(argparse.ArgumentParser):
    """argparse, with a bad option reported like every other user error: one
    line ``lingo-trees: error: ...`` (subcommand parsers inherit this); no
    abbreviated option (``--lett`` for ``--letter``: a later option could
    make it mean another)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"lingo-trees: error: {one_line(message)} (see '{self.prog} --help')\n")

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        """As argparse, but an option that takes one value is given once:
        argparse would keep the last silently (``--letter a --letter b``)."""
        given = list(sys.argv[1:] if args is None else args)
        for action in self._actions:
            if type(action).__name__ != "_StoreAction" or not action.option_strings:
                continue
            count = sum(1 for a in given for o in action.option_strings
                        if a.split("=", 1)[0] == o or (len(o) == 2 and a.startswith(o) and len(a) > 2))  # -j2
            if count > 1:
                self.error(f"{'/'.join(action.option_strings)} is given {count} times; give it once")
        return super().parse_known_args(args, namespace)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser: with ``argv`` naming a command, that
    command's alone (its module's imports are what start-up waits for, a
    tenth of a second for all of them); else every command's (the list of
    ``--help``, or a name that is none of them)."""
    parser = _Parser(
        prog="lingo-trees",
        description="Precomputed strategy trees for LINGO, Wordle and friends.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    names = command_modules()
    for name in [argv[0]] if argv and argv[0] in names else names:
        importlib.import_module(f"generator.commands.{name}").register(sub)
    return parser


def _error(text: str) -> int:
    sys.stdout.flush()
    print(f"lingo-trees: error: {one_line(text)}", file=sys.stderr, flush=True)
    return 2


def _terminate(signum: int, frame: object) -> None:
    """SIGTERM ends a command as Ctrl-C does: workers stopped, nothing half-written."""
    raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns its exit code (2 for every user error, after
    one line on stderr; 0 after ``--help``; 130 when interrupted)."""
    given = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(given)
    try:
        args = parser.parse_args(given)
    except SystemExit as exc:  # --help, or a bad option (already said in one line)
        return exc.code if isinstance(exc.code, int) else 2
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        jit.thread_limit()  # NUMBA_NUM_THREADS checked before any work
        with frozen():  # start-up's modules and objects stay out of the cycle collector's walks
            return int(args.func(args) or 0)
    except LingoTreesError as exc:
        return _error(str(exc))
    except OSError as exc:
        # a file the user named cannot be written or read (permissions, disk full)
        if isinstance(exc, BrokenPipeError):
            return 0
        return _error(f"{exc.filename + ': ' if exc.filename else ''}{exc.strerror or exc}")
    except KeyboardInterrupt:
        print("lingo-trees: interrupted; nothing half-written was kept", file=sys.stderr)
        return 130
    finally:
        stop_runs()  # a run left suspended by an exception between two of its results
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, previous)


def run() -> NoReturn:
    """The ``lingo-trees`` command: :func:`main`, then the process ends.
    Everything the command made is freed as it ends; frozen first
    (:func:`gc.freeze`), it is not walked by the cycle collector on the way
    (after a kernel ran, numba's and LLVM's objects: 0.17 s of a command
    that takes one second)."""
    code = main()
    gc.freeze()
    sys.exit(code)

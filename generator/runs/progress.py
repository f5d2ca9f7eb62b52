"""Progress of long runs: a bar on a terminal, plain lines otherwise, or nothing.

A :class:`Reporter` takes lines (``say``) and counted steps (``steps``): on a
terminal a step moves a bar with counts and time left (tqdm) and the lines are
printed above it; elsewhere (a log, a pipe, CI) every step is one plain line
``[n/total] what`` and nothing else is drawn; ``quiet`` says nothing at all.
Runs accept a Reporter or any ``callable(text)`` (:func:`reporter`), which
gets the same lines a log would.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import IO, Any, Protocol


class Steps(Protocol):
    def step(self, text: str = "") -> None:
        """One more step done (``text``: what it was)."""

    def at(self, n: int, text: str = "") -> None:
        """``n`` steps done (a bar of seconds, say); lines only when ``text`` is given."""

    def close(self) -> None:
        """No more steps."""


class Reporter:
    """Lines and counted steps to ``stream`` (default stderr).

    >>> r = Reporter(stream=sys.stdout)
    >>> s = r.steps(2, "trees")
    >>> s.step("nl/free/scm/a"); s.step("nl/free/scm/b"); s.close()
    [1/2] nl/free/scm/a
    [2/2] nl/free/scm/b
    """

    def __init__(self, quiet: bool = False, stream: IO[str] | None = None,
                 bar: bool | None = None) -> None:
        self.quiet = quiet
        self.stream = stream or sys.stderr
        self.bar = (not quiet and _isatty(self.stream)) if bar is None else bar
        self._open: Any = None

    def __call__(self, text: str) -> None:
        self.say(text)

    def say(self, text: str) -> None:
        if self.quiet:
            return
        if self._open is not None:
            self._open.write(text, file=self.stream)
        else:
            print(text, file=self.stream, flush=True)

    def steps(self, total: int, what: str) -> Steps:
        if self.quiet:
            return _Silent()
        if self.bar:
            return _Bar(self, total, what)
        return _Lines(self, total)


class _Silent:
    def step(self, text: str = "") -> None:
        pass

    def at(self, n: int, text: str = "") -> None:
        pass

    def close(self) -> None:
        pass


class _Lines:
    def __init__(self, reporter: Reporter | _Callable, total: int) -> None:
        self.reporter, self.total, self.n = reporter, total, 0
        self.t0 = time.perf_counter()

    def step(self, text: str = "") -> None:
        self.n += 1
        self.reporter.say(f"[{self.n}/{self.total}] {text}".rstrip())

    def at(self, n: int, text: str = "") -> None:
        self.n = n
        if text:
            self.reporter.say(f"[{self.n}/{self.total}] {text}")

    def close(self) -> None:
        pass


class _Bar:
    def __init__(self, reporter: Reporter, total: int, what: str) -> None:
        from tqdm import tqdm

        self.reporter = reporter
        self.bar = tqdm(total=total, desc=what, unit="", file=reporter.stream, dynamic_ncols=True,
                        bar_format="{desc}: {n}/{total} |{bar}| {elapsed}<{remaining} {postfix}")
        reporter._open = self.bar

    def step(self, text: str = "") -> None:
        self.bar.set_postfix_str(text[:60], refresh=False)
        self.bar.update(1)

    def at(self, n: int, text: str = "") -> None:
        if text:
            self.bar.set_postfix_str(text[:60], refresh=False)
        self.bar.update(max(0, min(n, self.bar.total) - self.bar.n))

    def close(self) -> None:
        self.bar.close()
        self.reporter._open = None


class _Callable:
    """A plain ``callable(text)`` as a reporter: it gets every line."""

    def __init__(self, fn: Callable[[str], None]) -> None:
        self.fn = fn

    def __call__(self, text: str) -> None:
        self.fn(text)

    def say(self, text: str) -> None:
        self.fn(text)

    def steps(self, total: int, what: str) -> Steps:
        return _Lines(self, total)


AnyReporter = Reporter | _Callable


def reporter(progress: Reporter | Callable[[str], None] | None) -> Reporter | _Callable:
    """A reporter from what a run was given (None: say nothing)."""
    if progress is None:
        return Reporter(quiet=True)
    if isinstance(progress, (Reporter, _Callable)):
        return progress
    return _Callable(progress)


def _isatty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False

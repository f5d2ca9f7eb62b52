"""Every command, given a bad argument, exits 2 with one line that names the
problem, and writes nothing (a table: one or more cases per command and action)."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from generator.cli import build_parser

GOOD_TREE = str(Path(__file__).resolve().parents[1] / "data" / "nl-q.json")

#: (command, arguments, what the one line must say)
CASES: list[tuple[str, list[str], str]] = [
    ("build", ["--setup", "zz"], r"unknown set-up 'zz'"),
    ("build", ["--setup", "wordle"], r"'wordle' is not a LINGO set-up"),
    ("build", ["--setup", "nl", "--strategy", "magic"], r"unknown strategy 'magic'"),
    ("build", ["--setup", "nl", "--letter", "7"], r"begins with '7'"),
    ("build", ["-j", "0"], r"--jobs: 0 must be 1 or more"),
    ("exact", ["--setup", "nl", "--rule", "free"], r"need --letter"),
    ("exact", ["--setup", "wordle", "--cap", "0"], r"--cap: 0 must be 1 or more"),
    ("exact", ["--setup", "wordle", "--budget", "-5"], r"--budget: -5 must be 1 or more"),
    ("exact", ["--setup", "wordle", "--openers", "0"], r"--openers: 0 must be 1 or more"),
    ("exact", ["--setup", "wordle", "--heuristic", "magic", "--top", "2"], r"unknown heuristic 'magic'"),
    ("export", [GOOD_TREE], r"the following arguments are required: --graphml"),
    ("feedback", ["ab", "abc"], r"differ in length"),
    ("feedback", ["", ""], r"the guess is empty"),
    ("fixed eval", ["--setup", "en"], r"give the fixed guesses"),
    ("fixed eval", ["--guesses", "hater", "--for", "\u00fc=funds"], r"is not a first letter of the secrets"),
    ("fixed search", ["--time", "nan"], r"--time: 'nan' must be a number of seconds above 0"),
    ("fixed search", ["--restarts", "-1"], r"--restarts: -1 must be 1 or more"),
    ("fixed search", ["--kicks", "-1"], r"--kicks: -1 must be 0 or more"),
    ("fixed search", ["-k", "9"], r"k must be between 1 and 8"),
    ("hangman eval", ["--misses", "-1"], r"--misses: -1 must be 0 or more"),
    ("hangman eval", ["--lengths", "5-2"], r"the range is empty \(5 > 2\)"),
    ("hangman eval", ["--lengths", "1-1000000000"], r"length 64 is outside 1..63"),
    ("hangman build", ["--lengths", "5-2"], r"the range is empty"),
    ("hangman build", ["--wordlist", "en-enable", "--lengths", "40"], r"has no words of length 40"),
    ("hangman feedback", ["banana", "\u00fc"], r"is not one letter"),
    ("hangman feedback", ["he<l>o", "l"], r"is not a word of the letters a-z"),
    ("index", ["--trees", "/nonexistent/trees"], r"no such trees folder"),
    ("mastermind build", ["--variant", "3x"], r"unknown Mastermind variant"),
    ("mastermind build", ["--strategy", "nope"], r"invalid choice 'nope'"),
    ("mastermind report", ["--trees", "/nonexistent/trees"], r"no Mastermind trees in"),
    ("mastermind feedback", ["1122", "12"], r"not a code of 4x6"),
    ("play", [], r"give a tree file, or --setup"),
    ("play", ["--setup", "zz", "--no-tree"], r"unknown set-up 'zz'"),
    ("report", ["--setup", "zz"], r"unknown set-up 'zz'"),
    ("report", ["--trees", "/nonexistent/trees"], r"no such trees folder"),
    ("schema", ["a", "b"], r"unrecognized arguments: b"),
    ("site", ["--trees", "/nonexistent/trees", "--no-pdf"], r"no trees under"),
    ("solve", [], r"say which words"),
    ("solve", ["--setup", "en", "--show", "-1"], r"--show: -1 must be 0 or more"),
    ("solve", ["--setup", "en", "--moves", "-5"], r"--moves: -5 must be 0 or more"),
    ("solve", ["--wordlist", "en-enable", "--length", "0"], r"--length: 0 must be 1 or more"),
    ("verify", ["/nonexistent/tree.json"], r"no such file or folder"),
    ("wordlists", ["extra"], r"unrecognized arguments: extra"),
]


def commands() -> set[str]:
    """Every command and action of the parser (``fixed eval``, ``build``, ...)."""
    found = set()
    top = build_parser()
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                subs = [a for a in sub._actions if isinstance(a, argparse._SubParsersAction)]
                if subs:
                    found |= {f"{name} {x}" for x in subs[0].choices}
                else:
                    found.add(name)
    return found


def test_the_table_has_every_command() -> None:
    assert commands() - {c for c, _, _ in CASES} == set()


@pytest.mark.parametrize("command,argv,message", CASES, ids=[f"{c}: {' '.join(a)[:40]}" for c, a, _ in CASES])
def test_a_bad_argument_is_one_line_and_exit_2(cli, user_error, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               command: str, argv: list[str], message: str) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = cli(*command.split(), *argv)
    user_error(code, err, message)
    assert list(tmp_path.iterdir()) == []  # nothing written

"""Bad and hostile input, every command: exit 2, one line naming the problem
(input echoed as a short excerpt at most), no traceback, and no file outside
the output touched (the project's trees, word lists and site, and the
working folder, are compared before and after every case).

The table holds cases for every command and action; ``{tmp}`` in an argument
is the case's own temporary folder, filled by the fixture named in the case
(a corrupt tree, a FIFO, a user's folder ...).
"""

from __future__ import annotations

import argparse
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import orjson
import pytest

from generator.cli import build_parser

CHECKOUT = Path(__file__).resolve().parents[2]
GOOD_TREE = CHECKOUT / "tests" / "data" / "nl-q.json"
HUGE = "x" * 100_000


def _corrupt(tmp: Path) -> None:
    (tmp / "bad.json").write_bytes(b'{"format": "lingo-trees.tree", "version": 1,')
    (tmp / "twice.json").write_bytes(GOOD_TREE.read_bytes().replace(b'"format"', b'"root": "x", "format"', 1))
    (tmp / "list.json").write_bytes(b"[1, 2]")
    (tmp / "empty").mkdir()
    os.mkfifo(tmp / "fifo.json")
    (tmp / "loop").symlink_to(tmp / "loop")


def _user_folder(tmp: Path) -> None:
    (tmp / "mine").mkdir()
    (tmp / "mine" / "thesis.tex").write_text("years of work")


def _trees_copy(tmp: Path) -> None:
    """The tiny project's lists and trees in the case's folder (its project root)."""
    shutil.copytree(CHECKOUT / "tests" / "golden" / "tiny" / "trees", tmp / "trees")
    shutil.copytree(CHECKOUT / "tests" / "golden" / "tiny" / "wordlists", tmp / "wordlists")


def _hostile_trees(tmp: Path) -> None:
    _trees_copy(tmp)
    (tmp / "trees" / "tiny" / "free" / "human").rename(tmp / "trees" / "tiny" / "free" / "x onmouseover=alert(1)")


def _bad_index(tmp: Path) -> None:
    _trees_copy(tmp)
    (tmp / "trees" / "tiny" / "free" / "human" / "index.json").write_bytes(b"{not json")


def _unverified(tmp: Path) -> None:
    _trees_copy(tmp)
    path = tmp / "trees" / "tiny" / "free" / "human" / "b.json"
    data = orjson.loads(path.read_bytes())
    data["root"]["guess"] = data["secrets"][-1]  # a tree that still reads, but replays wrong
    path.write_bytes(orjson.dumps(data))


def _mastermind_empty(tmp: Path) -> None:
    (tmp / "trees" / "mastermind").mkdir(parents=True)


SETUPS: dict[str, Callable[[Path], None]] = {
    "corrupt": _corrupt, "user": _user_folder, "trees": _trees_copy, "hostile": _hostile_trees,
    "index": _bad_index, "mm": _mastermind_empty, "unverified": _unverified,
}

#: (command, arguments, what the one line must say, fixture or "")
CASES: list[tuple[str, list[str], str, str]] = [
    # build
    ("build", ["--setup", "zz"], r"unknown set-up 'zz'", ""),
    ("build", ["--setup", "wordle"], r"'wordle' is not a LINGO set-up", ""),
    ("build", ["--setup", "nl", "--strategy", "magic"], r"unknown strategy 'magic'", ""),
    ("build", ["--setup", "nl", "--strategy", HUGE], r"unknown strategy 'x{40}\.\.\.'", ""),
    ("build", ["--setup", "nl", "--letter", "7"], r"begins with '7'", ""),
    ("build", ["--setup", "nl", "--rule", "hard"], r"invalid choice 'hard'", ""),
    ("build", ["--setup", "nl,"], r"an empty value", ""),
    ("build", ["-j", "0"], r"--jobs: 0 must be 1 or more", ""),
    ("build", ["-j", "-3"], r"--jobs: -3 must be 1 or more", ""),
    ("build", ["--seed", "x"], r"invalid int value", ""),
    # exact
    ("exact", ["--setup", "nl", "--rule", "free"], r"need --letter", ""),
    ("exact", ["--setup", "wordle", "--cap", "0"], r"--cap: 0 must be 1 or more", ""),
    ("exact", ["--setup", "wordle", "--budget", "-5"], r"--budget: -5 must be 1 or more", ""),
    ("exact", ["--setup", "wordle", "--openers", "0"], r"--openers: 0 must be 1 or more", ""),
    ("exact", ["--setup", "wordle", "--top", "1e9"], r"--top: '1e9' is not a whole number", ""),
    ("exact", ["--setup", "wordle", "--heuristic", "magic", "--top", "2"], r"unknown heuristic 'magic'", ""),
    ("exact", ["--setup", "wordle", "--opener", "zzzzz", "--top", "2"], r"not in the guesses list", ""),
    ("exact", ["--setup", "wordle", "--top", "2", "--out", "{tmp}/mine/thesis.tex"], r"not a folder", "user"),
    ("exact", ["--setup", "wordle", "--top", "2", "--out", "/proc/version/x"], r"cannot be written", ""),
    # export
    ("export", [str(GOOD_TREE)], r"the following arguments are required: --graphml", ""),
    ("export", ["{tmp}/bad.json", "--graphml", "{tmp}/out.graphml"], r"bad\.json: not valid JSON", "corrupt"),
    ("export", ["{tmp}/fifo.json", "--graphml", "{tmp}/out.graphml"], r"fifo\.json: is not a regular file", "corrupt"),
    ("export", ["/dev/zero", "--graphml", "{tmp}/out.graphml"], r"/dev/zero: is not a regular file", ""),
    ("export", [str(GOOD_TREE), "--graphml", "/dev/full"], r"/dev/full: is not a regular file", ""),
    ("export", [str(GOOD_TREE), "--graphml", "{tmp}/fifo.json"], r"is not a regular file", "corrupt"),
    ("export", [str(GOOD_TREE), "--graphml", "{tmp}/empty"], r"is a folder, not a file", "corrupt"),
    # feedback
    ("feedback", ["ab", "abc"], r"differ in length", ""),
    ("feedback", ["", ""], r"the guess is empty", ""),
    ("feedback", ["\u00fcbers", "abcde"], r"'\u00fc' is not in the alphabet", ""),
    ("feedback", [HUGE, "abcde"], r"differ in length", ""),
    ("feedback", ["abcde", "abcde", "--wordlist", "xx"], r"unknown word list 'xx'", ""),
    # fixed
    ("fixed eval", ["--setup", "en"], r"give the fixed guesses", ""),
    ("fixed eval", ["--guesses", "hater", "--for", "\u00fc=funds"], r"is not a first letter of the secrets", ""),
    ("fixed eval", ["--guesses", "hater,zzzzz"], r"'zzzzz' is not in the guesses list", ""),
    ("fixed eval", ["--guesses", ","], r"no guesses in", ""),
    ("fixed eval", ["--guesses", "hater", "--groups", "-1"], r"--groups: -1 must be 0 or more", ""),
    ("fixed eval", ["--setup", "zz", "--guesses", "hater"], r"unknown set-up 'zz'", ""),
    ("fixed search", ["--time", "nan"], r"--time: 'nan' must be a number of seconds above 0", ""),
    ("fixed search", ["--time", "inf"], r"must be a number of seconds above 0", ""),
    ("fixed search", ["--time", "0"], r"must be a number of seconds above 0", ""),
    ("fixed search", ["--restarts", "-1"], r"--restarts: -1 must be 1 or more", ""),
    ("fixed search", ["--kicks", "-1"], r"--kicks: -1 must be 0 or more", ""),
    ("fixed search", ["-k", "9"], r"k must be between 1 and 8", ""),
    ("fixed search", ["-k", "5-2"], r"k must be between 1 and 8", ""),
    ("fixed search", ["-j", "0"], r"--jobs: 0 must be 1 or more", ""),
    # hangman
    ("hangman eval", ["--misses", "-1"], r"--misses: -1 must be 0 or more", ""),
    ("hangman eval", ["--lengths", "5-2"], r"the range is empty \(5 > 2\)", ""),
    ("hangman eval", ["--lengths", "1-1000000000"], r"length 64 is outside 1..63", ""),
    ("hangman eval", ["--lengths", "0"], r"length 0 is outside 1..63", ""),
    ("hangman eval", ["--wordlist", "xx"], r"unknown word list 'xx'", ""),
    ("hangman eval", ["--strategy", "magic"], r"invalid choice 'magic'", ""),
    ("hangman eval", ["--top", "0"], r"--top: 0 must be 1 or more", ""),
    ("hangman eval", ["--lengths", "2", "-j", "0"], r"--jobs: 0 must be 1 or more", ""),
    ("hangman build", ["--lengths", "5-2"], r"the range is empty", ""),
    ("hangman build", ["--wordlist", "en-enable", "--lengths", "40"], r"has no words of length 40", ""),
    ("hangman build", ["--misses", "-2"], r"--misses: -2 must be 0 or more", ""),
    ("hangman feedback", ["banana", "\u00fc"], r"is not one letter", ""),
    ("hangman feedback", ["banana", "ab"], r"'ab' is not one letter", ""),
    ("hangman feedback", ["he<l>o", "l"], r"is not a word of the letters a-z", ""),
    ("hangman feedback", ["", "a"], r"is not a word of the letters a-z", ""),
    # index
    ("index", ["--trees", "{tmp}/none"], r"no such trees folder", ""),
    ("index", ["--trees", "{tmp}/empty"], r"no tree files", "corrupt"),
    # mastermind
    ("mastermind build", ["--variant", "3x"], r"unknown Mastermind variant", ""),
    ("mastermind build", ["--variant", "99x99"], r"positions must be 2..8", ""),
    ("mastermind build", ["--strategy", "nope"], r"invalid choice 'nope'", ""),
    ("mastermind build", ["--top", "0"], r"--top: 0 must be 1 or more", ""),
    ("mastermind report", ["--trees", "{tmp}/none"], r"no Mastermind trees in", ""),
    ("mastermind report", ["--trees", "{tmp}/trees"], r"no Mastermind trees in", "mm"),
    ("mastermind report", ["--variant", "6x8-distinct"], r"codes: more than", ""),
    ("mastermind feedback", ["1122", "12"], r"not a code of 4x6", ""),
    ("mastermind feedback", ["1172", "1122"], r"not a code of 4x6", ""),
    # play
    ("play", [], r"give a tree file, or --setup", ""),
    ("play", ["--setup", "zz", "--no-tree"], r"unknown set-up 'zz'", ""),
    ("play", ["{tmp}/bad.json"], r"bad\.json: not valid JSON", "corrupt"),
    ("play", ["{tmp}/fifo.json"], r"is not a regular file", "corrupt"),
    ("play", [str(GOOD_TREE), "--replies", "GGGGGG"], r"has 6 marks, expected 5", ""),
    ("play", [str(GOOD_TREE), "--replies", "....."], r"impossible", ""),
    ("play", [str(GOOD_TREE), "--secret", "zzzzz"], r"'zzzzz' is not one of the 10 possible secrets", ""),
    # report
    ("report", ["--setup", "zz"], r"unknown set-up 'zz'", ""),
    ("report", ["--trees", "{tmp}/none"], r"no such trees folder", ""),
    ("report", ["--trees", "{tmp}/empty"], r"no LINGO trees here", "corrupt"),
    ("report", ["--trees", "{tmp}/empty", "--setup", "nl"], r"no trees for set-up 'nl'", "corrupt"),
    ("report", ["--trees", "{tmp}/trees", "--setup", "tiny"], r"index\.json: not an index file", "index"),
    # schema
    ("schema", ["a", "b"], r"unrecognized arguments: b", ""),
    ("schema", ["/dev/full"], r"/dev/full: is not a regular file", ""),
    ("schema", ["{tmp}/empty"], r"is a folder, not a file", "corrupt"),
    # site
    ("site", ["--trees", "{tmp}/none", "--no-pdf", "--out", "{tmp}/site"], r"no trees under", ""),
    ("site", ["--trees", "{tmp}/trees", "--no-pdf", "--out", "{tmp}/mine"], r"holds files that are not a site build", "user"),
    ("site", ["--trees", "{tmp}/trees", "--no-pdf", "--out", "{tmp}/trees"], r"overlaps the trees folder", "trees"),
    ("site", ["--trees", "{tmp}/trees", "--no-pdf", "--out", "{tmp}/trees/site"], r"overlaps the trees folder", "trees"),
    ("site", ["--trees", "{tmp}/trees", "--no-pdf", "-q", "--out", "{tmp}/site"], r"strategy folder .* is not an id",
     "hostile"),
    ("site", ["--trees", "{tmp}/trees", "--no-pdf", "-q", "--out", "{tmp}/site"], r"human/b\.json: does not verify",
     "unverified"),
    ("site", ["--trees", "{tmp}/trees", "--no-pdf", "-j", "0"], r"--jobs: 0 must be 1 or more", ""),
    # solve
    ("solve", [], r"say which words", ""),
    ("solve", ["--setup", "en", "--show", "-1"], r"--show: -1 must be 0 or more", ""),
    ("solve", ["--setup", "en", "--moves", "-5"], r"--moves: -5 must be 0 or more", ""),
    ("solve", ["--wordlist", "en-enable", "--length", "0"], r"--length: 0 must be 1 or more", ""),
    ("solve", ["--wordlist", "en-enable"], r"add --length N", ""),
    ("solve", ["--setup", "en", "--clue", HUGE], r"write it as WORD=PATTERN", ""),
    ("solve", ["--setup", "en", "--clue", "hater=GGXGG"], r"'X' is not one of", ""),
    ("solve", ["--setup", "en", "--letter", "7"], r"'7' is not a letter", ""),
    # verify
    ("verify", ["{tmp}/none.json"], r"no such file or folder", ""),
    ("verify", ["{tmp}/empty"], r"no tree files", "corrupt"),
    ("verify", ["{tmp}/loop"], r"loop: cannot be read \(Too many levels of symbolic links\)", "corrupt"),
    ("verify", ["{tmp}/bad.json", str(GOOD_TREE)], r"bad\.json: not valid JSON", "corrupt"),
    ("verify", ["{tmp}/bad.json", "{tmp}/list.json"], r"2 of 2 files could not be checked", "corrupt"),
    ("verify", ["{tmp}/twice.json"], r"twice\.json: the key 'root' appears twice in one object", "corrupt"),
    ("verify", ["{tmp}/fifo.json"], r"fifo\.json: is not a regular file", "corrupt"),
    ("verify", ["/dev/zero"], r"/dev/zero: is not a regular file", ""),
    ("verify", ["-j", "0", str(GOOD_TREE)], r"--jobs: 0 must be 1 or more", ""),
    # wordlists
    ("wordlists", ["extra"], r"unrecognized arguments: extra", ""),
]


def commands() -> set[str]:
    """Every command and action of the parser (``fixed eval``, ``build``, ...)."""
    found = set()
    for action in build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                subs = [a for a in sub._actions if isinstance(a, argparse._SubParsersAction)]
                found |= {f"{name} {x}" for x in subs[0].choices} if subs else {name}
    return found


def snapshot(*folders: Path) -> dict[str, tuple[int, int]]:
    """Every file under the folders, with its size and modification time."""
    out: dict[str, tuple[int, int]] = {}
    for folder in folders:
        for p in folder.rglob("*"):
            if p.is_file() and not p.is_symlink() and "__pycache__" not in p.parts:
                st = p.stat()
                out[str(p)] = (st.st_size, st.st_mtime_ns)
    return out


@pytest.fixture(scope="module")
def project_files() -> list[Path]:
    return [CHECKOUT / "trees", CHECKOUT / "wordlists", CHECKOUT / "site"]


def test_the_table_has_every_command() -> None:
    assert commands() - {c for c, _, _, _ in CASES} == set()


@pytest.mark.parametrize("command,argv,message,setup", CASES,
                         ids=[f"{c}: {' '.join(a)[:50]}" for c, a, _, _ in CASES])
def test_a_bad_input_is_one_line_exit_2_and_touches_nothing(
        cli, user_error, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, project_files: list[Path],
        command: str, argv: list[str], message: str, setup: str) -> None:
    work = tmp_path / "cwd"
    work.mkdir()
    monkeypatch.chdir(work)
    if setup:
        SETUPS[setup](tmp_path)
        if (tmp_path / "wordlists").is_dir():
            monkeypatch.setenv("LINGO_TREES_ROOT", str(tmp_path))
    before = snapshot(tmp_path, *project_files)
    args = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    code, out, err = cli(*command.split(), *args)
    user_error(code, err, message)
    assert "Traceback" not in out + err
    assert len(err) < 600  # the input is echoed as a short excerpt at most
    assert snapshot(tmp_path, *project_files) == before  # no file changed or added
    assert list(work.iterdir()) == []


def test_sigterm_stops_a_build_and_its_workers(tmp_path: Path) -> None:
    import signal
    import subprocess
    import time

    proc = subprocess.Popen(["lingo-trees", "build", "--setup", "nl,en", "--strategy", "scm",
                             "--out", str(tmp_path / "t"), "-j", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.time() + 120
    while time.time() < deadline and not list((tmp_path / "t").rglob("*.json")):
        time.sleep(0.5)  # at least one tree written
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err
    for _ in range(20):  # the workers (and multiprocessing's resource tracker) end soon after
        left = subprocess.run(["pgrep", "-g", str(proc.pid)], capture_output=True, text=True).stdout.split()
        if not left:
            break
        time.sleep(0.5)
    assert left == [], f"worker processes left: {left}"
    folder = tmp_path / "t" / "nl" / "free" / "scm"
    trees = sorted(p.stem for p in folder.glob("*.json") if p.name != "index.json")
    index = orjson.loads((folder / "index.json").read_bytes())
    assert trees and sorted(index["letters"]) == trees  # the index describes the files there

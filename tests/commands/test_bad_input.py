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
    _trees_copy(tmp)
    (tmp / "mine").mkdir()
    (tmp / "mine" / "thesis.tex").write_text("years of work")


def _trees_copy(tmp: Path) -> None:
    """The tiny project's lists and trees in the case's folder (its project root)."""
    shutil.copytree(CHECKOUT / "tests" / "golden" / "tiny" / "trees", tmp / "trees")
    shutil.copytree(CHECKOUT / "tests" / "golden" / "tiny" / "wordlists", tmp / "wordlists")


def _hostile_trees(tmp: Path) -> None:
    _trees_copy(tmp)
    (tmp / "trees" / "tiny" / "free" / "human").rename(tmp / "trees" / "tiny" / "free" / "x onmouseover=alert(1)")


TINY_B = Path("trees/tiny/free/human/b.json")
TINY_LIST = Path("wordlists/tiny-5-ij.txt")
CATALOG = Path("wordlists/catalog.toml")


def _trees_and(change: Callable[[Path], object]) -> Callable[[Path], None]:
    """A fixture: the tiny project's copy, then ``change(tmp)``."""
    def fixture(tmp: Path) -> None:
        _trees_copy(tmp)
        (tmp / "outside").mkdir()
        (tmp / "outside" / "secret.txt").write_text("precious")
        change(tmp)
    return fixture


def _edit_catalog(old: str, new: str) -> Callable[[Path], object]:
    def change(tmp: Path) -> None:
        text = (tmp / CATALOG).read_text()
        assert old in text
        (tmp / CATALOG).write_text(text.replace(old, new, 1))
    return change


def _fewer_guesses(tmp: Path) -> None:
    """The tiny set-up guessing from a list that lacks half its answers."""
    words = (tmp / TINY_LIST).read_text().split()
    (tmp / TINY_LIST).with_name("half.txt").write_text("\n".join(words[::2]) + "\n")
    text = (tmp / CATALOG).read_text()
    spec = text[text.index("[lists.tiny-5-ij]"):text.index("[setups.tiny]")]
    text = text.replace('guesses = "tiny-5-ij"', 'guesses = "half"')
    (tmp / CATALOG).write_text(text + spec.replace("[lists.tiny-5-ij]", "[lists.half]")
                               .replace('file = "tiny-5-ij.txt"', 'file = "half.txt"'))


def _upper_start(tmp: Path) -> None:
    """A tiny list whose alphabet has capitals, and a word that starts with one."""
    _edit_catalog('alphabet = "abcdefghijklmnopqrstuvwxyz"', 'alphabet = "abcdefghijklmnopqrstuvwxyzB"')(tmp)
    words = (tmp / TINY_LIST).read_text().split()
    words[words.index("baard")] = "Baard"
    (tmp / TINY_LIST).write_text("\n".join(words) + "\n")


def _replace(path: Path, make: Callable[[Path], object]) -> Callable[[Path], object]:
    """Replace a file of the copy by what ``make(path)`` puts there."""
    def change(tmp: Path) -> None:
        (tmp / path).unlink()
        make(tmp / path)
    return change


def _edit_tree(key: str, value: object) -> Callable[[Path], None]:
    """A tree file ``{tmp}/t.json``: the good tree with ``game.<key>`` set."""
    def fixture(tmp: Path) -> None:
        data = orjson.loads(GOOD_TREE.read_bytes())
        data["game"][key] = value
        (tmp / "t.json").write_bytes(orjson.dumps(data))
    return fixture


def _escape_tree(tmp: Path) -> None:
    """A tree file ``{tmp}/t.json`` whose words and strategy hold a terminal's control sequence."""
    data = orjson.loads(GOOD_TREE.read_bytes())
    data["strategy"]["heuristic"] = "human\x1b[2J"
    data["root"]["guess"] = "q\x1b[2J"
    (tmp / "t.json").write_bytes(orjson.dumps(data))


def _forged_site(tmp: Path) -> None:
    """An earlier site build beside the trees, as a user's folder: a file added."""
    _trees_copy(tmp)
    (tmp / "site").mkdir()
    (tmp / "site" / ".lingo-trees-site").write_bytes(
        orjson.dumps({"format": "lingo-trees.site", "version": 2, "listing": "0" * 64}))
    (tmp / "site" / "index.html").write_text("my page")


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
    "mm": _mastermind_empty, "unverified": _unverified,
    "corrupt-tree": _trees_and(lambda t: (t / TINY_B).write_text("{bad")),
    "tree-fifo": _trees_and(_replace(TINY_B, os.mkfifo)),
    "list-fifo": _trees_and(_replace(TINY_LIST, os.mkfifo)),
    "list-devzero": _trees_and(_replace(TINY_LIST, lambda p: p.symlink_to("/dev/zero"))),
    "catalog-fifo": _trees_and(_replace(CATALOG, os.mkfifo)),
    "catalog-utf8": _trees_and(lambda t: (t / CATALOG).write_bytes((t / CATALOG).read_bytes() + b"# \xff\n")),
    "catalog-length": _trees_and(_edit_catalog("length = 5", 'length = "5"')),
    "catalog-outside": _trees_and(_edit_catalog('file = "tiny-5-ij.txt"', 'file = "../outside/secret.txt"')),
    "catalog-table": _trees_and(_edit_catalog("[setups.tiny]", "[setups]\ntiny = 3\n[setups.other]")),
    "catalog-page-id": _trees_and(_edit_catalog("[setups.tiny]", "[setups.lookup]")),
    "catalog-mark": _trees_and(_edit_catalog('alphabet = "abcdefghijklmnopqrstuvwxyz"',
                                             'alphabet = "abcdefghijklmnopqrstuvwxyz\u0301"')),
    "catalog-astral": _trees_and(_edit_catalog('alphabet = "abcdefghijklmnopqrstuvwxyz"',
                                               'alphabet = "abcdefghijklmnopqrstuvwxyz\U0001d41a"')),
    "fewer-guesses": _trees_and(_fewer_guesses),
    "upper-start": _trees_and(_upper_start),
    "index-fifo": _trees_and(_replace(Path("trees/tiny/free/human/index.json"), os.mkfifo)),
    "top-index-dir": _trees_and(_replace(Path("trees/index.json"), Path.mkdir)),
    "top-index-user": lambda t: (t / "mine").mkdir() or (t / "mine" / "index.json").write_text('{"my": "notes"}'),
    "index-user": _trees_and(lambda t: (t / "trees/tiny/free/human/index.json").write_text("my notes")),
    "hostile-rule": _trees_and(lambda t: (t / "trees/tiny/free").rename(t / "trees/tiny/x onmouseover=alert(1)")),
    "unicode-strategy": _trees_and(lambda t: (t / "trees/tiny/free/scm").rename(t / "trees/tiny/free/h\u00fcm\u00e4n")),
    "newline-letter": _trees_and(lambda t: (t / TINY_B).rename(t / "trees/tiny/free/human/b\nc.json")),
    "same-tree": lambda t: shutil.copy(GOOD_TREE, t / "t.json"),
    "revealed-path": _edit_tree("revealed", "../../x"),
    "huge-turns": _edit_tree("turns", 1e30),
    "forged-site": _forged_site,
    "escape-tree": _escape_tree,
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
    ("build", ["--setup", "nl", "--scheduler", "garbage"], r"--scheduler 'garbage' is not a Dask scheduler's address", ""),
    ("build", ["--setup", "tiny", "--out", "/dev/full"], r"/dev/full: exists and is not a folder", "trees"),
    ("build", ["--out", ""], r"--out: '': a name is needed", ""),
    ("build", ["--setup", "tiny", "--strategy", "human", "--out", "{tmp}/trees", "--force", "-q"],
     r"human/index\.json: is not a regular file", "index-fifo"),
    ("build", ["--setup", "tiny", "--strategy", "scm", "--out", "{tmp}/new", "-q"],
     r"tiny-5-ij\.txt: is not a regular file", "list-fifo"),
    ("build", ["--setup", "nl", "--strategy", "scm", "--letter", "q", "--out", "{tmp}/mine", "-q"],
     r"mine/index\.json: exists and is no index of lingo-trees", "top-index-user"),
    ("build", ["--setup", "tiny", "--strategy", "human", "--out", "{tmp}/trees", "--force", "-q"],
     r"human/index\.json: exists and is no index of lingo-trees", "index-user"),
    # exact
    ("exact", ["--setup", "nl", "--rule", "free"], r"need --letter", ""),
    ("exact", ["--setup", "nl", "--letter", "a", "--letter", "b"], r"--letter is given 2 times; give it once", ""),
    ("exact", ["--setup", "wordle", "--cap", "0"], r"--cap: 0 must be 1 or more", ""),
    ("exact", ["--setup", "wordle", "--budget", "-5"], r"--budget: -5 must be 1 or more", ""),
    ("exact", ["--setup", "wordle", "--openers", "0"], r"--openers: 0 must be 1 or more", ""),
    ("exact", ["--setup", "wordle", "--top", "1e9"], r"--top: '1e9' is not a whole number", ""),
    ("exact", ["--setup", "wordle", "--heuristic", "magic", "--top", "2"], r"unknown heuristic 'magic'", ""),
    ("exact", ["--setup", "wordle", "--opener", "zzzzz", "--top", "2"], r"not in the guesses list", ""),
    ("exact", ["--setup", "wordle", "--top", "2", "--out", "{tmp}/mine/thesis.tex"], r"not a folder", "user"),
    ("exact", ["--setup", "wordle", "--top", "2", "--out", "/proc/version/x"], r"cannot be written \(/proc/version is not a folder\)", ""),
    ("exact", ["--setup", "wordle", "--top", "2", "--out", "{tmp}/loop"], r"loop: cannot be used as a folder", "corrupt"),
    ("exact", ["--setup", "wordle", "--top", "2", "--out", ""], r"--out: '': a name is needed", ""),
    ("exact", ["--setup", "tiny", "--letter", "b", "--out", "{tmp}/trees", "-q"],
     r"trees/index\.json: is a folder, not a file", "top-index-dir"),
    ("exact", ["--setup", "nl", "--rule", "free", "--letter", "q", "--top", "2", "--out", "{tmp}/mine", "-q"],
     r"mine/index\.json: exists and is no index of lingo-trees", "top-index-user"),
    # export
    ("export", [str(GOOD_TREE)], r"the following arguments are required: --graphml", ""),
    ("export", ["{tmp}/bad.json", "--graphml", "{tmp}/out.graphml"], r"bad\.json: not valid JSON", "corrupt"),
    ("export", ["{tmp}/fifo.json", "--graphml", "{tmp}/out.graphml"], r"fifo\.json: is not a regular file", "corrupt"),
    ("export", ["/dev/zero", "--graphml", "{tmp}/out.graphml"], r"/dev/zero: is not a regular file", ""),
    ("export", [str(GOOD_TREE), "--graphml", "/dev/full"], r"/dev/full: is not a regular file", ""),
    ("export", [str(GOOD_TREE), "--graphml", "{tmp}/fifo.json"], r"is not a regular file", "corrupt"),
    ("export", [str(GOOD_TREE), "--graphml", "{tmp}/empty"], r"is a folder, not a file", "corrupt"),
    ("export", ["{tmp}/t.json", "--graphml", "{tmp}/t.json"], r"t\.json: is the tree being exported", "same-tree"),
    ("export", [str(GOOD_TREE), "--graphml", ""], r"'': a name is needed", ""),
    ("export", [str(GOOD_TREE), "--graphml", "{tmp}/" + "a" * 300], r"cannot be used \(File name too long\)", ""),
    ("export", [str(GOOD_TREE), "--graphml", "/dev/full/x"], r"/dev/full/x: cannot be written \(/dev/full is not a folder\)", ""),
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
    ("fixed eval", ["--for", "h=hater", "--for", "H=funds"], r"--for h=\.\.\.: given twice", ""),
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
    ("hangman build", ["--lengths", "5", "--out", "/dev/full"], r"/dev/full: exists and is not a folder", ""),
    ("hangman feedback", ["banana", "\u00fc"], r"is not one letter", ""),
    ("hangman feedback", ["banana", "ab"], r"'ab' is not one letter", ""),
    ("hangman feedback", ["he<l>o", "l"], r"is not a word of the letters a-z", ""),
    ("hangman feedback", ["", "a"], r"is not a word of the letters a-z", ""),
    # index
    ("index", ["--trees", "{tmp}/none"], r"none: no such folder", ""),
    ("index", ["--trees", "{tmp}/empty"], r"no tree files", "corrupt"),
    ("index", ["--trees", ""], r"'': a name is needed", ""),
    ("index", ["--trees", "{tmp}/trees"], r"the rule folder 'x onmouseover=alert\(1\)' is not an id", "hostile-rule"),
    ("index", ["--trees", "{tmp}/trees"], r"the strategy folder 'h\u00fcm\u00e4n' is not an id", "unicode-strategy"),
    ("index", ["--trees", "{tmp}/trees"], r"'b\\nc\.json' is not a tree file name", "newline-letter"),
    ("index", ["--trees", "{tmp}/trees"], r"trees/index\.json: is a folder, not a file", "top-index-dir"),
    # mastermind
    ("mastermind build", ["--variant", "3x"], r"unknown Mastermind variant", ""),
    ("mastermind build", ["--variant", "99x99"], r"positions must be 2..8", ""),
    ("mastermind build", ["--strategy", "nope"], r"invalid choice 'nope'", ""),
    ("mastermind build", ["--top", "0"], r"--top: 0 must be 1 or more", ""),
    ("mastermind build", ["--variant", "8x10"], r"'8x10' has 100000000 codes: more than", ""),
    ("mastermind build", ["--variant", "2x2", "--out", "-"], r"--out: '-': a folder is needed here \(- is standard output", ""),
    ("mastermind build", ["--variant", "2x2", "--out", "/dev/full"], r"/dev/full: exists and is not a folder", ""),
    ("mastermind report", ["--trees", "{tmp}/none"], r"none: no such folder", ""),
    ("mastermind report", ["--trees", "{tmp}/trees"], r"no Mastermind trees in", "mm"),
    ("mastermind report", ["--variant", "6x8-distinct"], r"codes: more than", ""),
    ("mastermind report", ["--variant", "8x10"], r"has 100000000 codes: more than", ""),
    ("mastermind feedback", ["1122", "12"], r"not a code of 4x6", ""),
    ("wordle build", ["--strategy", "nope"], r"invalid choice 'nope'", ""),
    ("wordle build", ["--rule", "same-start"], r"invalid choice 'same-start'", ""),
    ("wordle build", ["--opener", HUGE], r"is not a five-letter word", ""),
    ("wordle build", ["--opener", "zzzzz"], r"opener 'zzzzz' is not an allowed Wordle guess", ""),
    ("wordle build", ["--out", "-"], r"--out: '-': a folder is needed here \(- is standard output", ""),
    ("wordle build", ["--out", "/dev/full"], r"/dev/full: exists and is not a folder", ""),
    ("wordle report", ["--trees", "{tmp}/none"], r"none: no such folder", ""),
    ("wordle report", ["--trees", "{tmp}/trees"], r"no Wordle trees in", "mm"),
    ("wordle build", ["--tier", "rare"], r"invalid choice 'rare'", ""),
    ("wordle openers", ["--shortlist", "0"], r"--shortlist: 0 must be 1 or more", ""),
    ("wordle openers", ["--tier", "hard"], r"invalid choice 'hard'", ""),
    ("wordle openers", ["--rule", "same-start"], r"invalid choice 'same-start'", ""),
    ("wordle openers", ["--out", "/dev/full"], r"/dev/full: exists and is not a folder", ""),
    ("wordle traps", ["--tier", "hard"], r"invalid choice 'hard'", ""),
    ("wordle traps", ["--families", "-3"], r"--families: -3 must be 1 or more", ""),
    ("mastermind feedback", ["1172", "1122"], r"not a code of 4x6", ""),
    ("mastermind feedback", ["--variant", "bulls-and-cows", "1123", "1234"], r"'1123' repeats a symbol", ""),
    ("mastermind feedback", ["--variant", "4x6-distinct", "1123", "1234"], r"'1123' repeats a symbol", ""),
    ("mastermind feedback", ["--variant", "4" * 5000, "1", "1"], r"unknown Mastermind variant '4{40}\.\.\.'", ""),
    ("mastermind feedback", ["--variant", "8x10", "12345678", "12345678"], r"has 100000000 codes", ""),
    # play
    ("play", [], r"give a tree file, or --setup", ""),
    ("play", ["--setup", "zz", "--no-tree"], r"unknown set-up 'zz'", ""),
    ("play", ["{tmp}/bad.json"], r"bad\.json: not valid JSON", "corrupt"),
    ("play", ["{tmp}/fifo.json"], r"is not a regular file", "corrupt"),
    ("play", [str(GOOD_TREE), "--replies", "GGGGGG"], r"has 6 marks, expected 5", ""),
    ("play", ["{tmp}/t.json", "--replies", "G...."], r"t\.json: does not verify: .*q\\x1b\[2J", "escape-tree"),
    ("play", [str(GOOD_TREE), "--replies", "....."], r"impossible", ""),
    ("play", [str(GOOD_TREE), "--secret", "zzzzz"], r"'zzzzz' is not one of the 10 possible secrets", ""),
    ("play", ["--setup", "tiny", "--rule", "..", "--letter", "b"], r"--rule: '\.\.' is not an id", "trees"),
    ("play", ["--setup", "tiny", "--strategy", "../outside", "--letter", "b"], r"--strategy: '\.\./outside' is not an id",
     "trees"),
    ("play", ["--setup", "tiny", "--letter", "../x"], r"--letter: '\.\./x' is not a start letter", "trees"),
    # report
    ("report", ["--setup", "zz"], r"unknown set-up 'zz'", ""),
    ("report", ["--trees", "{tmp}/none"], r"none: no such folder", ""),
    ("report", ["--trees", "{tmp}/empty"], r"no LINGO trees here", "corrupt"),
    ("report", ["--trees", "{tmp}/empty", "--setup", "nl"], r"no trees for set-up 'nl'", "corrupt"),
    ("report", ["--trees", "{tmp}/trees", "--setup", "tiny"], r"human/b\.json: not valid JSON", "corrupt-tree"),
    ("report", ["--trees", "{tmp}/trees", "--setup", "tiny"], r"strategy folder 'h\u00fcm\u00e4n' is not an id",
     "unicode-strategy"),
    ("report", ["--trees", "{tmp}/trees"], r"b\.json: is not a regular file", "tree-fifo"),
    # schema
    ("schema", ["a", "b"], r"unrecognized arguments: b", ""),
    ("schema", ["/dev/full"], r"/dev/full: is not a regular file", ""),
    ("schema", ["{tmp}/empty"], r"is a folder, not a file", "corrupt"),
    ("schema", [""], r"'': a name is needed", ""),
    ("schema", ["{tmp}/trees/tiny/free/human/b.json"], r"b\.json: exists and is not a tree-format schema", "trees"),
    # site
    ("site", ["--trees", "{tmp}/none", "--pdf", "none", "--out", "{tmp}/site"], r"none: no such folder", ""),
    ("site", ["--trees", "{tmp}/trees", "--pdf", "none", "--out", "{tmp}/mine"], r"holds files that are not a site build", "user"),
    ("site", ["--trees", "{tmp}/trees", "--pdf", "none", "--out", "{tmp}/trees"], r"overlaps the trees folder", "trees"),
    ("site", ["--trees", "{tmp}/trees", "--pdf", "none", "--out", "{tmp}/trees/site"], r"overlaps the trees folder", "trees"),
    ("site", ["--trees", "{tmp}/trees", "--pdf", "none", "-q", "--out", "{tmp}/site"], r"strategy folder .* is not an id",
     "hostile"),
    ("site", ["--trees", "{tmp}/trees", "--pdf", "none", "-q", "--out", "{tmp}/site"], r"human/b\.json: does not verify",
     "unverified"),
    ("site", ["--pdf", "none", "-j", "0"], r"--jobs: 0 must be 1 or more", ""),
    ("site", ["--out", ""], r"--out: '': a name is needed", ""),
    ("site", ["--trees", "{tmp}/trees", "--pdf", "none", "-q", "--out", "{tmp}/site"], r"b\.json: is not a regular file",
     "tree-fifo"),
    ("site", ["--trees", "{tmp}/trees", "--pdf", "none", "-q", "--out", "{tmp}/site"], r"files were added or changed",
     "forged-site"),
    ("site", ["--trees", "{tmp}/trees", "--pdf", "none", "-q", "--out", "{tmp}/site"],
     r"tiny-5-ij\.txt: is not a regular file", "list-devzero"),
    # solve
    ("solve", [], r"say which words", ""),
    ("solve", ["--setup", "en", "--show", "-1"], r"--show: -1 must be 0 or more", ""),
    ("solve", ["--setup", "en", "--moves", "-5"], r"--moves: -5 must be 0 or more", ""),
    ("solve", ["--wordlist", "en-enable", "--length", "0"], r"--length: 0 must be 1 or more", ""),
    ("solve", ["--wordlist", "en-enable"], r"add --length N", ""),
    ("solve", ["--setup", "en", "--clue", HUGE], r"write it as WORD=PATTERN", ""),
    ("solve", ["--setup", "en", "--clue", "hater=GGXGG"], r"'X' is not one of", ""),
    ("solve", ["--setup", "en", "--letter", "7"], r"--letter: '7' is not a start letter", ""),
    ("solve", ["--setup", "en", "--letter", ""], r"--letter: '' is not a start letter", ""),
    ("solve", ["--setup", "tiny", "--moves", "0"], r"tiny-5-ij\.txt: is not a regular file", "list-devzero"),
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
    ("verify", ["{tmp}/t.json"], r"'revealed' must be a letter .*, not '\.\./\.\./x'", "revealed-path"),
    ("verify", ["{tmp}/t.json"], r"'turns' must be a whole number, not 1e\+30", "huge-turns"),
    # wordlists
    ("wordlists", ["extra"], r"unrecognized arguments: extra", ""),
    ("wordlists", [], r"catalog\.toml: is not a regular file", "catalog-fifo"),
    ("wordlists", [], r"catalog\.toml:\d+: not UTF-8 text", "catalog-utf8"),
    ("wordlists", [], r"list 'tiny-5-ij': length must be a whole number, not '5'", "catalog-length"),
    ("wordlists", [], r"file '\.\./outside/secret\.txt' is not a path inside wordlists/", "catalog-outside"),
    ("wordlists", [], r"set-up 'tiny' is not a table", "catalog-table"),
    ("wordlists", [], r"set-up 'lookup' has the name of one of the site's own pages", "catalog-page-id"),
    ("wordlists", [], r"is a combining mark: write words composed \(Unicode NFC\)", "catalog-mark"),
    ("wordlists", [], r"is outside the Basic Multilingual Plane", "catalog-astral"),
    ("build", ["--setup", "tiny", "--out", "{tmp}/new", "-q"],
     r"set-up 'tiny': 20 of its answers are not in its guesses list 'half'", "fewer-guesses"),
    ("build", ["--setup", "tiny", "--out", "{tmp}/new", "-q"],
     r"set-up 'tiny': answers begin with 'B', which is not a letter id", "upper-start"),
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
    folder = tmp_path / "t" / "nl" / "free" / "scm"
    deadline = time.time() + 120
    while time.time() < deadline and not list(folder.glob("*.json")):
        time.sleep(0.5)  # at least one tree of the folder checked below written (not only en's)
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
    trees = sorted(p.stem for p in folder.glob("*.json") if p.name != "index.json")
    index = orjson.loads((folder / "index.json").read_bytes())
    assert trees and sorted(index["letters"]) == trees  # the index describes the files there

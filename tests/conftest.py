"""Shared fixtures of the test suite (test modules never import each other).

* ``cli``: run ``lingo-trees ARGV`` in-process -> (exit code, stdout, stderr);
  ``user_error``: assert a one-line user error (exit 2) matching a pattern;
* ``kit``: small trees for tests (:class:`TreeKit`), correct by construction;
* ``golden``: compare text with ``tests/golden/expected/<name>``;
* ``tiny``: the tiny project of the golden files as the project root;
* ``evil_trees``: a project whose words hold ``<``, ``&`` and quotes;
* ``chromium``: the browser the program prints with (skips the test without one);
* ``node``: node, for the browser's scripts (skips without it, fails under CI);
* ``paths``: the test data folders (``paths.tiny``, ``paths.data``, ...).
"""

from __future__ import annotations

import contextlib
import copy
import functools
import http.server
import os
import re
import shutil
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from generator.cli import main
from generator.core.catalog import load_list
from generator.core.feedback import GREEN, feedback, replier
from generator.core.partition import Matrix
from generator.core.rules import LINGO, Game
from generator.core.tree import GameTree, Node, Tree, play, stats_of
from generator.core.words import Alphabet, WordList
from generator.output import site
from generator.output.pdf import find_chromium
from generator.runs.jobs import Processes

TESTS = Path(__file__).resolve().parent
CHECKOUT = TESTS.parent
GOLDEN = TESTS / "golden"
TINY = GOLDEN / "tiny"
MISMATCH = TESTS / "golden-mismatch"
DATA = TESTS / "data"
SITE_PROJECT = CHECKOUT / "site"



@pytest.fixture(autouse=True)
def own_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test its own cache folder (the verdicts remembered, the feedback
    matrices kept): what one test verified or computed is not what another
    finds, and no test writes in the user's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))


@pytest.fixture(scope="session")
def paths() -> SimpleNamespace:
    """The test data: ``tiny`` (the golden files' project), ``golden``,
    ``mismatch`` (where failed golden files go, ignored by
    git), ``data``, ``site_project`` (site/) and ``checkout``."""
    return SimpleNamespace(tiny=TINY, golden=GOLDEN, mismatch=MISMATCH, data=DATA,
                           site_project=SITE_PROJECT, checkout=CHECKOUT)


Reply = Callable[[str, str], str]
Run = Callable[..., tuple[int, str, str]]


# -- the command line --------------------------------------------------------------


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Run:
    """``cli(*argv)``: run ``lingo-trees ARGV`` in-process: (exit code, stdout, stderr)."""
    def run(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err
    return run


def assert_user_error(code: int, err: str, pattern: str) -> None:
    """A user error: exit 2 and one stderr line ``lingo-trees: error: ...`` matching ``pattern``."""
    assert code == 2, (code, err)
    assert len(err.splitlines()) == 1 and err.startswith("lingo-trees: error: "), err
    assert re.search(pattern, err), err


@pytest.fixture
def user_error() -> Callable[[int, str, str], None]:
    return assert_user_error


# -- small trees ----------------------------------------------------------------------


class TreeKit:
    """Small trees built by a tiny greedy search: correct by construction
    (every guess is a remaining candidate, so every branch makes progress);
    the verifier tests break them on purpose."""

    @staticmethod
    def greedy(candidates: Sequence[str], reply: Reply = feedback) -> Tree:
        """Play the candidate that leaves the smallest largest group (ties: list order)."""
        if len(candidates) == 1:
            return candidates[0]
        best, best_groups = None, None
        for guess in candidates:
            groups: dict[str, list[str]] = {}
            for secret in candidates:
                if secret != guess:
                    groups.setdefault(reply(guess, secret), []).append(secret)
            worst = max(len(g) for g in groups.values())
            if best_groups is None or worst < max(len(g) for g in best_groups.values()):
                best, best_groups = guess, groups
        assert best is not None and best_groups is not None
        return Node(best, {p: TreeKit.greedy(g, reply) for p, g in sorted(best_groups.items())})

    @staticmethod
    def finish(game: Game, answers: str, guesses: str, secrets: Sequence[str], root: Tree,
               reply: Reply = feedback) -> GameTree:
        """A GameTree with the stats and `late` of its replay (and a greedy block)."""
        turns = {s: len(play(root, s, reply)) for s in secrets}
        late = tuple(s for s in secrets if turns[s] > game.turns)
        return GameTree(game=game, answers=answers, guesses=guesses, secrets=tuple(secrets),
                        root=root, strategy=TreeKit.block(game, root), late=late, stats=stats_of(turns))

    @staticmethod
    def block(game: Game, root: Tree) -> Any:
        """A strategy block for a test tree of ``game``: the greedy rule of its family."""
        method = "the candidate that leaves the smallest largest group (ties: list order)"
        if game.feedback == "mask":
            return {"scheme": "risk", "method": method, "ties": "list order", "losses": 0, "total_misses": 0}
        if game.feedback == "pegs" or game.name == "wordle":
            return {"scheme": "minimax", "method": method, "opener": root if isinstance(root, str) else root.guess,
                    "tie_breaks": "list order"}
        return {"scheme": "scm", "heuristic": method, "almost_winning": "none", "tie_breaks": "list order",
                "moves": "the candidates"}

    @staticmethod
    def lingo_tree(letter: str = "q", answers: str = "nl-basis-5", guesses: str = "nl-all-5",
                   rule: str = "free") -> GameTree:
        """A greedy LINGO tree for one start letter of a shipped set-up."""
        alist = load_list(answers)
        reply = replier(alist.alphabet.spell)
        secrets = alist.starting_with(letter)
        game = replace(LINGO.for_letter(letter).with_rule(rule), digraphs=alist.alphabet.digraphs)
        return TreeKit.finish(game, answers, guesses, secrets, TreeKit.greedy(secrets, reply), reply)

    @staticmethod
    def wordlist(id: str, words: Sequence[str], alphabet: Alphabet | None = None) -> WordList:
        """An in-memory word list (for games not in the catalog)."""
        alphabet = alphabet or Alphabet("abcdefghijklmnopqrstuvwxyz")
        return WordList(id, tuple(words), alphabet, len(alphabet.spell(words[0])))

    @staticmethod
    def broken(tree: GameTree) -> GameTree:
        """A deep copy to break."""
        return copy.deepcopy(tree)

    @staticmethod
    def all_green(length: int) -> str:
        return GREEN * length


@pytest.fixture(scope="session")
def kit() -> type[TreeKit]:
    return TreeKit


@pytest.fixture(scope="session")
def q_tree() -> GameTree:
    """The greedy Dutch tree of the letter q (built once; tests only read it)."""
    return TreeKit.lingo_tree("q")


@pytest.fixture(scope="session")
def nl() -> Matrix:
    """The Dutch five-letter feedback matrix: every allowed guess against the answers (built once)."""
    return Matrix.build(load_list("nl-all-5"), load_list("nl-basis-5"))


# -- golden files and test projects ----------------------------------------------------


def check_golden(name: str, actual: str) -> None:
    """Compare ``actual`` with ``tests/golden/expected/<name>``; on a mismatch
    write it to ``tests/golden-mismatch/<name>`` (see tests/golden/README.md)."""
    expected = GOLDEN / "expected" / name
    if os.environ.get("LINGO_TREES_UPDATE_GOLDEN"):
        expected.parent.mkdir(parents=True, exist_ok=True)
        expected.write_text(actual, encoding="utf-8")
        return
    want = expected.read_text(encoding="utf-8") if expected.exists() else None
    if want != actual:
        MISMATCH.mkdir(exist_ok=True)
        (MISMATCH / name).write_text(actual, encoding="utf-8")
        pytest.fail(f"{name} differs from tests/golden/expected/{name}; got tests/golden-mismatch/{name} "
                    f"(see tests/golden/README.md to update)")


@pytest.fixture
def golden() -> Callable[[str, str], None]:
    return check_golden


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> Path:
    """The tiny project of the golden files as the project root; its trees folder."""
    monkeypatch.setenv("LINGO_TREES_ROOT", str(TINY))
    return TINY / "trees"


EVIL_WORDS = ['a<b>x', 'a&amp', 'a"q"x', "a'z'x", "abcde", "a<&'x", "b<acd", "b&bxa", 'b"x&a', "bb'ca"]
EVIL_CATALOG = '''
[lists.evil-5]
language = "en"
length = 5
alphabet = "abcdeqmpxz<>&'\\""
digraphs = []
file = "evil.txt"
source = "test [s](javascript:alert(4))"
version = "1"
licence = "none"
licence_file = "none"
filter = "none <img src=x onerror=alert(1)> ![i](http://example.invalid/f.png) [f](javascript:alert(5))"
helper = true

[setups.evil]
title = "Evil <script>alert('t')</script> & co [x](javascript:alert(2)) ![i](http://example.invalid/t.png) {: onclick=alert(3) }"
game = "lingo"
answers = "evil-5"
guesses = "evil-5"
'''


def make_evil_project(root: Path) -> Path:
    """A project whose only list holds words with <, &, and quotes, with its trees."""
    from generator.core.files import dump_json, write_atomic
    from generator.output.treeschema import SCHEMA
    from generator.runs.lingo import build_trees

    (root / "wordlists").mkdir(parents=True)
    (root / "wordlists" / "evil.txt").write_text("\n".join(EVIL_WORDS) + "\n", encoding="utf-8")
    (root / "wordlists" / "catalog.toml").write_text(EVIL_CATALOG, encoding="utf-8")
    build_trees(["evil"], ["free"], ["human", "scm"], root=root / "trees", runner=Processes(1), progress=lambda _: None)
    write_atomic(root / "trees" / "schema.json", dump_json(SCHEMA))
    return root / "trees"


@pytest.fixture(scope="session")
def evil_project() -> Callable[[Path], Path]:
    """``evil_project(root)``: make the evil project under ``root``; its trees folder."""
    return make_evil_project


def make_shipped_site(root: Path, trees: Sequence[str]) -> Path:
    """A site (``root/site``, no PDFs) of the shipped word lists and the
    committed tree files ``trees`` (paths under ``trees/``), built in a
    project of its own (``root/project``); the site folder."""
    project = root / "project"
    project.mkdir(parents=True)
    os.symlink(CHECKOUT / "wordlists", project / "wordlists")
    for rel in trees:
        (project / "trees" / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(CHECKOUT / "trees" / rel, project / "trees" / rel)
    mp = pytest.MonkeyPatch()
    try:
        mp.setenv("LINGO_TREES_ROOT", str(project))
        site.build_site(project / "trees", root / "site", pdf="none", progress=lambda _: None)
    finally:
        mp.undo()
    return root / "site"


@pytest.fixture(scope="session")
def shipped_site() -> Callable[[Path, Sequence[str]], Path]:
    """``shipped_site(root, trees)``: a site of the shipped lists and some committed trees."""
    return make_shipped_site


@pytest.fixture(scope="session")
def chromium() -> str:
    """The Chromium the program prints with (``$LINGO_TREES_CHROMIUM`` or Debian's);
    the test is skipped without one (``.ci/run`` installs it)."""
    path = find_chromium()
    if path is None:
        pytest.skip("no Chromium (install Debian's chromium, or set LINGO_TREES_CHROMIUM)")
    return path


@pytest.fixture(scope="session")
def node() -> str:
    """node, which runs the site's scripts outside a browser (``tests/js/``,
    the JavaScript examples of the docs): without it the test is skipped,
    and fails under CI (``.ci/run`` installs it)."""
    path = shutil.which("node")
    if path is None:
        message = "node is not installed (Debian: apt-get install nodejs): the site's scripts are not checked"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


#: Chromium's flags in the browser tests (a container: no sandbox, no GPU, no network chatter)
BROWSER_FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # the browser dropped a request (a page closed while loading): not the site's fault
        super().handle_error(request, client_address)


@contextlib.contextmanager
def _serve(folder: Path) -> Iterator[str]:
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = _QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def serve() -> Callable[[Path], contextlib.AbstractContextManager[str]]:
    """``with serve(folder) as url``: the folder served over http on 127.0.0.1."""
    return _serve


@pytest.fixture(scope="module")
def browser(chromium: str) -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (never a downloaded browser)."""
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=BROWSER_FLAGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A page whose ``errors`` collects console errors, uncaught exceptions and
    dialogs (a script an input smuggled in would show itself as one)."""
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    pg = context.new_page()
    pg.errors = []
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("dialog", lambda d: (pg.errors.append(f"dialog: {d.message}"), d.dismiss()))
    yield pg
    context.close()

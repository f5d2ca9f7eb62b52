"""The tree file format: JSON, a public contract for other programs.

``dump_tree`` / ``load_tree`` are a round-trip pair (bytes <-> GameTree);
``write_tree`` writes atomically (temp file, then rename) and ``read_tree``
reads a file with errors that name it. The JSON Schema is
:data:`generator.output.treeschema.SCHEMA`, published as ``trees/schema.json``.

Format changes (bump :data:`VERSION` on any incompatible one):

* version 1 (2026-11): first published format.
* version 1, compatible addition (2026-11): games with other feedback kinds.
  ``game.feedback`` may be ``pegs`` (Mastermind, Bulls and Cows: patterns
  ``<b>B<w>W`` such as ``2B1W``; optional ``game.symbols``, the code symbols,
  and ``game.repeats``, whether a code may repeat one) or ``mask`` (Hangman:
  a guess is a letter, its pattern the word with every other letter as ``_``,
  e.g. ``_a__a``; optional ``game.misses``, the misses allowed, and
  ``stats.misses``, the misses histogram; ``late`` lists the words lost). The
  optional keys appear only in files of those games, so positional files are
  unchanged, byte for byte; ``game.length`` may be up to 63 for ``mask``.
* version 2 (2026-11): an optional ``fingerprint`` object after ``version``:
  what made the tree (``algorithm``, ``inputs``: the SHA-256 of its word
  lists, ``params``: what was asked, ``digest``: the SHA-256 of the three;
  see :mod:`generator.core.fingerprint`), so a build reuses an up-to-date
  file. Nothing else changed; version 1 files are still read (they have no
  fingerprint, and a build rebuilds them).
* version 2, compatible addition (2026-11): ``game.guess_rule`` may be
  ``self-hard`` (Wordle's "self hard mode": every guess is an answer that
  agrees with every feedback so far).
* version 3 (2026-11): the ``strategy`` block is one typed record per scheme
  (:mod:`generator.core.blocks`, a definition each in the schema), checked
  on reading and writing. Renamed in it: ``rule`` is ``method`` (how a move
  is chosen: a guess rule is ``game.guess_rule``), LINGO's ``scm``
  ``tie_break`` is ``tie_breaks`` as everywhere else, Hangman's ``exact``
  is ``complete``; the optimal trees' count ``late`` is gone (the tree's
  ``late`` lists those words). Version 1 and 2 files are read with these
  renames.

Layout of a file::

    {"format": "lingo-trees.tree", "version": 3,
     "fingerprint": {"algorithm", "inputs": {...}, "params": {...}, "digest"}  (optional),
     "game": {"name", "feedback", "length", "turns", "revealed", "guess_rule", "digraphs",
              "symbols", "repeats" (pegs only), "misses" (mask only)},
     "wordlists": {"answers": ID, "guesses": ID},
     "strategy": {"scheme": ..., ...}  (one record per scheme: generator.core.blocks),
     "stats": {"secrets", "total_turns", "max_turns", "mean_turns", "turns": {"2": n, ...},
               "misses": {"0": n, ...} (mask only)},
     "secrets": [...], "late": [...]  (only when not empty),
     "root": NODE}
    NODE = WORD | {"guess": WORD, "next": {PATTERN: NODE, ...}}

Output is deterministic: keys in the order above, ``next`` sorted by pattern,
two-space indentation (or none: ``compact``, used for the large Hangman
trees, about a fifth of the size), a final newline. Readers must accept both.
This reader takes regular files of at most :data:`MAX_BYTES` (64 MiB) whose
nodes nest at most :data:`MAX_DEPTH` (200) deep, and (``strict``, as
``lingo-trees verify`` reads) refuses an object that has a key twice.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import orjson

from generator.core.blocks import StrategyBlock, block_problem
from generator.core.files import FileError, read_limited, write_atomic
from generator.core.fingerprint import fingerprint
from generator.core.ids import short
from generator.core.kinds import POSITIONAL, FeedbackKind, kind_of
from generator.core.rules import Game, guess_rule
from generator.core.tree import GameTree, Node, Stats, Tree
from generator.errors import RulesError, TreeFormatError

FORMAT = "lingo-trees.tree"
VERSION = 3
READS = (1, 2, 3)  # the versions this reader takes
SCHEMA_ID_PREFIX = "https://lingo-trees.example/schema/tree-"  # + version + ".json"
MAX_BYTES = 64 << 20  # a tree file is at most 64 MiB (the largest shipped: 1.4 MiB)
MAX_GAME_LENGTH = 63  # letters or positions (the longest shipped: Hangman, 48)
MAX_TURNS = 1000  # (the most shipped: Hangman, 54)
MAX_DEPTH = 200  # nodes nested deeper than this are refused (a real tree: at most 70)

_TURN = re.compile("[1-9][0-9]*")
# -- GameTree -> JSON ---------------------------------------------------------


def _node_data(tree: Tree) -> Any:
    if isinstance(tree, str):
        return tree
    return {"guess": tree.guess, "next": {p: _node_data(tree.next[p]) for p in sorted(tree.next)}}


def _fields(obj: object, *keys: str) -> dict[str, Any]:
    """The keys of the format that are ``obj``'s attributes of those names, in that order."""
    return {key: getattr(obj, key) for key in keys}


def stats_data(stats: Stats) -> dict[str, Any]:
    data = _fields(stats, "secrets", "total_turns", "max_turns", "mean_turns")
    data["turns"] = {str(k): v for k, v in sorted(stats.turns.items())}
    if stats.misses is not None:
        data["misses"] = {str(k): v for k, v in sorted(stats.misses.items())}
    return data


def game_data(game: Game) -> dict[str, Any]:
    data = _fields(game, "name", "feedback", "length", "turns", "revealed")
    data |= {"guess_rule": game.guess_rule.value, "digraphs": list(game.digraphs)}
    if game.feedback == "pegs":
        data |= _fields(game, "symbols", "repeats")
    if game.feedback == "mask":
        data["misses"] = game.misses
    return data


def tree_data(tree: GameTree) -> dict[str, Any]:
    """The JSON-ready dict of a GameTree (``stats`` must be set)."""
    if tree.stats is None:
        raise TreeFormatError("a tree is written with its stats: compute them first")
    problem = block_problem(tree.game.name, tree.game.feedback, tree.strategy)
    if problem:
        raise TreeFormatError(f"a tree is written with a strategy block of its scheme: {problem}")
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        **({"fingerprint": tree.fingerprint} if tree.fingerprint else {}),
        "game": game_data(tree.game),
        "wordlists": {"answers": tree.answers, "guesses": tree.guesses},
        "strategy": tree.strategy,
        "stats": stats_data(tree.stats),
        "secrets": list(tree.secrets),
    }
    if tree.late:
        data["late"] = list(tree.late)
    data["root"] = _node_data(tree.root)
    return data


def dump_tree(tree: GameTree, *, compact: bool = False) -> bytes:
    """Serialize a GameTree to the deterministic JSON bytes of the format
    (``compact``: without indentation)."""
    option = orjson.OPT_APPEND_NEWLINE if compact else orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE
    return orjson.dumps(tree_data(tree), option=option)


def write_tree(path: Path, tree: GameTree, *, compact: bool = False) -> None:
    write_atomic(path, dump_tree(tree, compact=compact))


# -- JSON -> GameTree ---------------------------------------------------------


def _fail(where: str, text: str) -> TreeFormatError:
    return TreeFormatError(f"{where}: {text}" if where else text)


def _get(obj: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in obj:
        raise _fail(where, f"missing {key!r}")
    value = obj[key]
    # JSON true/false are not numbers here (bool is an int subclass in Python)
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
        kinds = _kinds(kind)
        names = "a number" if float in kinds else " or ".join(_TYPE_NAMES.get(k, k.__name__) for k in kinds)
        shown = (short(repr(value), 20) if isinstance(value, (int, float)) and not isinstance(value, bool)
                 else "null" if value is None else _TYPE_NAMES.get(type(value), type(value).__name__))
        raise _fail(where, f"{key!r} must be {names}, not {shown}")
    return value


#: JSON's words for the Python types (orjson reads a number beyond 64 bits as a float)
_TYPE_NAMES = {int: "a whole number", float: "a number", str: "a string", bool: "true or false",
               dict: "an object", list: "an array"}


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _no_extra(obj: dict[str, Any], keys: tuple[str, ...], where: str) -> None:
    """Refuse keys the format does not have (as the schema does): a misspelt
    key such as ``"lates"`` must not be dropped silently."""
    extra = [k for k in obj if k not in keys]
    if extra:
        raise _fail(where, f"unknown keys {sorted(extra)}")


def _node(obj: Any, where: str, kind: FeedbackKind = POSITIONAL, depth: int = 0) -> Tree:
    if depth > MAX_DEPTH:
        raise _fail(where.split(" > ")[0], f"nodes nested more than {MAX_DEPTH} deep")
    if isinstance(obj, str):
        if not obj:
            raise _fail(where, "empty word")
        return obj
    if not isinstance(obj, dict):
        raise _fail(where, f"a node must be a word or an object, not {type(obj).__name__}")
    extra = set(obj) - {"guess", "next"}
    if extra:
        raise _fail(where, f"unknown node keys {sorted(extra)}")
    guess = _get(obj, "guess", str, where)
    nxt = _get(obj, "next", dict, where)
    children: dict[str, Tree] = {}
    for pattern, child in nxt.items():
        why = kind.problem(pattern)
        if why:
            raise _fail(where, why)
        children[pattern] = _node(child, f"{where} > {pattern}" if depth < 12 else where, kind, depth + 1)
    return Node(guess, children)


def _game(obj: dict[str, Any]) -> Game:
    where = "game"
    _no_extra(obj, ("name", "feedback", "length", "turns", "revealed", "guess_rule", "digraphs",
                    "symbols", "repeats", "misses"), where)
    if "revealed" not in obj:
        raise _fail(where, "missing 'revealed' (null when no letter is revealed)")
    revealed = obj["revealed"]
    digraphs = _get(obj, "digraphs", list, where)
    if not all(isinstance(d, str) and len(d) == 2 and d.isalpha() for d in digraphs):
        raise _fail(where, "'digraphs' must be a list of two-letter strings")
    if revealed is not None and not (isinstance(revealed, str)
                                     and ((len(revealed) == 1 and revealed.isalpha()) or revealed in digraphs)):
        raise _fail(where, f"'revealed' must be a letter (or one of the digraphs) or null, not "
                           f"{short(repr(revealed), 20)}")
    for key, most in (("length", MAX_GAME_LENGTH), ("turns", MAX_TURNS)):
        value = _get(obj, key, int, where)
        if not 1 <= value <= most:
            raise _fail(where, f"{key!r} must be 1 to {most}, not {short(str(value), 20)}")
    try:
        return Game(
            name=_get(obj, "name", str, where),
            length=_get(obj, "length", int, where),
            turns=_get(obj, "turns", int, where),
            revealed=revealed,
            guess_rule=guess_rule(_get(obj, "guess_rule", str, where)),
            feedback=_get(obj, "feedback", str, where),
            digraphs=tuple(digraphs),
            reveals_first_letter=revealed is not None,
            symbols=_get(obj, "symbols", str, where) if "symbols" in obj else "",
            repeats=_get(obj, "repeats", bool, where) if "repeats" in obj else True,
            misses=_get(obj, "misses", int, where) if "misses" in obj else None,
        )
    except RulesError as exc:
        raise _fail(where, str(exc)) from None


def _stats(obj: dict[str, Any]) -> Stats:
    where = "stats"
    _no_extra(obj, ("secrets", "total_turns", "max_turns", "mean_turns", "turns", "misses"), where)
    turns = _get(obj, "turns", dict, where)
    if not all(_TURN.fullmatch(k) and type(v) is int and v > 0 for k, v in turns.items()):
        raise _fail(where, "'turns' must map turn numbers to counts")
    hist = {int(k): v for k, v in turns.items()}
    stats = Stats(
        secrets=_get(obj, "secrets", int, where),
        total_turns=_get(obj, "total_turns", int, where),
        max_turns=_get(obj, "max_turns", int, where),
        turns=dict(sorted(hist.items())),
    )
    if "misses" in obj:
        misses = _get(obj, "misses", dict, where)
        if not all(k == "0" or _TURN.fullmatch(k) for k in misses) or not all(
                type(v) is int and v > 0 for v in misses.values()):
            raise _fail(where, "'misses' must map numbers of misses to counts")
        stats = replace(stats, misses=dict(sorted((int(k), v) for k, v in misses.items())))
    mean = _get(obj, "mean_turns", (int, float), where)
    if abs(mean - stats.mean_turns) > 1e-4:
        raise _fail(where, f"mean_turns {mean} disagrees with total_turns/secrets = {stats.mean_turns}")
    return stats


def tree_from_data(data: Any) -> GameTree:
    """Build a GameTree from parsed JSON, checking the format as it goes."""
    if not isinstance(data, dict):
        raise _fail("", "a tree file holds a JSON object")
    if data.get("format") != FORMAT:
        raise _fail("format", f"expected {FORMAT!r}, found {data.get('format')!r}")
    version = data.get("version")
    if version not in READS or isinstance(version, bool):
        raise _fail("version", f"this program reads versions {', '.join(map(str, READS[:-1]))} and {READS[-1]}, "
                               f"the file is version {short(repr(version))}")
    if version == 1 and "fingerprint" in data:
        raise _fail("fingerprint", "a version 1 file has no fingerprint")
    _no_extra(data, ("format", "version", "fingerprint", "game", "wordlists", "strategy", "stats", "secrets",
                     "late", "root"), "")
    lists = _get(data, "wordlists", dict, "")
    _no_extra(lists, ("answers", "guesses"), "wordlists")
    secrets = _get(data, "secrets", list, "")
    late = data.get("late", [])
    for name, words in (("secrets", secrets), ("late", late)):
        if not isinstance(words, list) or not all(isinstance(w, str) and w for w in words):
            raise _fail(name, "must be a list of words")
    strategy = _get(data, "strategy", dict, "")
    if version < VERSION:
        strategy = _upgraded(strategy)
    game = _game(_get(data, "game", dict, ""))
    problem = block_problem(game.name, game.feedback, strategy)
    if problem:
        raise _fail("", problem)
    return GameTree(
        game=game,
        answers=_get(lists, "answers", str, "wordlists"),
        guesses=_get(lists, "guesses", str, "wordlists"),
        secrets=tuple(secrets),
        late=tuple(late),
        strategy=strategy,
        stats=_stats(_get(data, "stats", dict, "")),
        root=_node(data.get("root"), "root", kind_of(game)) if "root" in data else _missing_root(),
        fingerprint=_fingerprint(data["fingerprint"]) if "fingerprint" in data else None,
    )


#: the strategy block's keys renamed by version 3
_RENAMED = {"rule": "method", "tie_break": "tie_breaks", "exact": "complete"}


def _upgraded(block: dict[str, Any]) -> StrategyBlock:
    """A version 1 or 2 strategy block as version 3 has it (see the module's docstring)."""
    out = {_RENAMED.get(k, k): v for k, v in block.items()}
    if out.get("scheme") == "optimal" and type(out.get("late")) is int:
        del out["late"]
    return out  # type: ignore[return-value]  # checked by the caller


def _fingerprint(obj: Any) -> dict[str, Any]:
    where = "fingerprint"
    if not isinstance(obj, dict):
        raise _fail(where, "must be an object")
    _no_extra(obj, ("algorithm", "inputs", "params", "digest"), where)
    _get(obj, "algorithm", str, where)
    inputs = _get(obj, "inputs", dict, where)
    if not all(isinstance(v, str) for v in inputs.values()):
        raise _fail(where, "'inputs' must map names to digests")
    _get(obj, "params", dict, where)
    digest = _get(obj, "digest", str, where)
    if not re.fullmatch("[0-9a-f]{64}", digest):
        raise _fail(where, "'digest' must be 64 hex digits")
    out: dict[str, Any] = obj
    return out


#: what a build says of a tree file it keeps (:func:`read_fingerprint` gave the digest it would write, and it verifies)
KEPT = "up to date (its fingerprint matches, it verifies), kept"


def read_fingerprint(path: Path) -> str | None:
    """The digest of a tree file's fingerprint, or None (no such file, not a
    tree file, version 1): the quick check of a build that may reuse it."""
    try:
        data = orjson.loads(read_limited(Path(path), MAX_BYTES, "tree file"))
        found = data["fingerprint"]
        digest = found["digest"]
        made = fingerprint(found["inputs"], found["params"], found["algorithm"])["digest"]
    except (FileError, orjson.JSONDecodeError, KeyError, TypeError, AttributeError):
        return None
    return digest if digest == made else None  # an edited fingerprint is not trusted


def upgrade_file(path: Path) -> bool:
    """Write a tree file of an older version again in this one: the same
    tree (and fingerprint), indented or not as it was. True if it was
    written; a build does it to every file it keeps."""
    with Path(path).open("rb") as f:
        if _CURRENT.match(f.read(80)):  # as this writer begins a file: no need to read it all
            return False
    raw = read_limited(Path(path), MAX_BYTES, "tree file")
    if orjson.loads(raw).get("version") == VERSION:
        return False
    write_atomic(Path(path), dump_tree(load_tree(raw), compact=not raw.startswith(b"{\n")))
    return True


#: how this writer begins a file of the current version (indented or not)
_CURRENT = re.compile(rb'\{\s*"format":\s*"lingo-trees\.tree",\s*"version":\s*%d[,\s]' % VERSION)


def _missing_root() -> Tree:
    raise _fail("", "missing 'root'")


def load_tree(raw: bytes | str, *, strict: bool = False) -> GameTree:
    """Parse the JSON bytes of a tree file (inverse of :func:`dump_tree`).
    ``strict``: also refuse an object with a key twice (JSON allows it; the
    last one would win silently)."""
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise TreeFormatError(f"not valid JSON ({exc})") from None
    if strict:
        key = duplicate_key(raw)
        if key is not None:
            raise TreeFormatError(f"the key {short(key)!r} appears twice in one object")
    return tree_from_data(data)


class _Twice(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Twice(key)
        out[key] = value
    return out


def duplicate_key(raw: bytes | str) -> str | None:
    """A key that appears twice in one object of the JSON text, or None
    (the text must be valid JSON)."""
    try:
        json.loads(raw, object_pairs_hook=_no_twice)
    except _Twice as exc:
        return exc.key
    except (ValueError, RecursionError):
        return None  # orjson has read it: the difference is not ours to judge
    return None


def read_tree(path: Path, *, strict: bool = False) -> GameTree:
    """Read a tree file (a regular file of at most :data:`MAX_BYTES`); every
    error names the file. ``strict``: see :func:`load_tree`."""
    path = Path(path)
    try:
        raw = read_limited(path, MAX_BYTES, "tree file")
    except FileError as exc:
        raise TreeFormatError(str(exc)) from None
    try:
        return load_tree(raw, strict=strict)
    except TreeFormatError as exc:
        raise TreeFormatError(f"{path}: {exc}") from None

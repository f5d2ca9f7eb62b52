"""The index files of a trees folder.

Every strategy folder of LINGO, Wordle and Mastermind trees
(:mod:`generator.core.layout`) has an ``index.json``
(``format: lingo-trees.index``) summarizing its trees, one entry per letter
(openers, k, exceptions, histogram, mean, max, late, proved), and the trees
folder has an ``index.json`` listing the folders with their totals. Indexes
are always made from the tree files on disk, so they agree with them.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import orjson

from generator.core.blocks import shared_block
from generator.core.files import FileError, check_out_file, dump_json, output_target, read_limited, write_atomic
from generator.core.layout import INDEX, FolderKey, folder_path, folder_trees, tree_folders, tree_path
from generator.core.tree import GameTree
from generator.output.treefile import read_tree

INDEX_FORMAT = "lingo-trees.index"
INDEX_VERSION = 1
MAX_INDEX_BYTES = 16 << 20


def letter_summary(tree: GameTree) -> dict[str, Any]:
    """What an index says of one letter's tree."""
    s = tree.stats
    assert s is not None
    st: Mapping[str, Any] = tree.strategy
    out: dict[str, Any] = {
        "secrets": s.secrets,
        "total_turns": s.total_turns,
        "mean_turns": s.mean_turns,
        "max_turns": s.max_turns,
        "turns": {str(k): v for k, v in s.turns.items()},
        "late": list(tree.late),
        "turns_limit": tree.game.turns,
    }
    for key in ("openers", "k", "words_to_learn", "largest_group", "proved_minimal", "lower_bound", "uncommon",
                "sure_late"):
        if key in st:
            out[key] = st[key]
    if "exceptions" in st:
        out["exceptions"] = st["exceptions"]
    if st.get("k") == 0 and len(st.get("groups", ())) == 1:  # no opener: the words to try, in order
        out["try"] = st["groups"][0]["words"]
    return out


def check_targets(root: Path, trees: list[Path]) -> None:
    """Check, before a search, that the tree files ``trees`` under ``root``
    and the indexes they update can be written (a FIFO or a folder named
    ``index.json`` is refused here, not after an hour's work)."""
    for path in trees:
        check_out_file(path)
    for index in sorted({p.parent / INDEX for p in trees}) + [root / INDEX]:
        output_target(index, replace_link=True)
        _refuse_foreign(index)


def _refuse_foreign(index: Path) -> None:
    """A file at an index's place that this program did not write (no
    ``format`` of ours) is the user's: refused, never replaced. A link is
    replaced by the index, not written through (:func:`write_index`)."""
    if index.is_symlink() or not index.is_file():
        return
    try:
        data = orjson.loads(read_limited(index, MAX_INDEX_BYTES, "index file"))
    except (FileError, orjson.JSONDecodeError):
        data = None
    if not (isinstance(data, dict) and data.get("format") == INDEX_FORMAT):
        raise FileError(f"{index}: exists and is no index of lingo-trees; it is left as it is "
                        "(move it away, or write the trees into another folder with --out)")


def write_index(root: Path, key: FolderKey) -> dict[str, Any]:
    """(Re)write the ``index.json`` of the strategy folder ``key`` under
    ``root`` from the tree files in it."""
    data = folder_index(root, key)
    write_atomic(folder_path(root, key) / INDEX, dump_json(data), replace_link=True)
    return data


def folder_index(root: Path, key: FolderKey) -> dict[str, Any]:
    """The index of the strategy folder ``key`` under ``root``, from the tree files in it."""
    return index_data(key, {path.stem: read_tree(path) for path in folder_trees(root, key)})


def index_data(key: FolderKey, trees: dict[str, GameTree]) -> dict[str, Any]:
    """The index of one strategy folder's trees (by letter, or ``all``): its
    ``setup``, ``rule`` and ``strategy`` are its key's (a Mastermind
    variant is a set-up, its rule ``free``)."""
    letters: dict[str, Any] = {}
    for name, tree in sorted(trees.items()):
        summary = letter_summary(tree)
        summary["file"] = tree_path(Path(), key.tree(name)).name
        letters[name] = summary
    first = trees[min(trees)] if trees else None
    return {
        "format": INDEX_FORMAT, "version": INDEX_VERSION,
        "setup": key.setup, "rule": key.rule, "strategy": key.strategy,
        "answers": first.answers if first else None, "guesses": first.guesses if first else None,
        "totals": _totals(letters, first), "letters": letters,
    }


def _totals(letters: dict[str, Any], first: GameTree | None) -> dict[str, Any]:
    """The folder's totals over its letters' summaries."""
    hist: dict[str, int] = {}
    for item in letters.values():
        for k, v in item["turns"].items():
            hist[k] = hist.get(k, 0) + v
    secrets = sum(x["secrets"] for x in letters.values())
    total = sum(x["total_turns"] for x in letters.values())
    totals: dict[str, Any] = {
        "letters": len(letters),
        "secrets": secrets,
        "total_turns": total,
        "mean_turns": round(total / secrets, 4) if secrets else 0,
        "max_turns": max((x["max_turns"] for x in letters.values()), default=0),
        "turns": dict(sorted(hist.items(), key=lambda kv: int(kv[0]))),
        "late": sorted(w for x in letters.values() for w in x["late"]),
    }
    if any("words_to_learn" in x for x in letters.values()):
        totals["words_to_learn"] = sum(x.get("words_to_learn", 0) for x in letters.values())
        totals["openers"] = sum(x.get("k", 0) for x in letters.values())
        totals["exceptions"] = sum(len(x.get("exceptions", [])) for x in letters.values())
        totals["proved_letters"] = sum(1 for x in letters.values() if x.get("proved_minimal"))
        # what no scheme of the kind goes below, summed: a letter's proved bound (its words where proved)
        totals["lower_bound"] = sum(x.get("lower_bound", x.get("words_to_learn", 0) if x.get("proved_minimal") else 0)
                                    for x in letters.values())
    shared = None if first is None else shared_block(first.strategy)
    if shared is not None:
        totals["distinct_words"] = shared["shared"]["distinct_words"]
    return totals


def write_top_index(root: Path) -> dict[str, Any]:
    """(Re)write ``trees/index.json`` from the folder indexes (a folder's
    index made again from its trees where it is missing or not one)."""
    data = top_index_data({key: _read_or_make_index(root, key) for key in index_folders(root)})
    write_atomic(root / INDEX, dump_json(data), replace_link=True)
    return data


#: the families whose folders have indexes (Hangman's page reads its trees itself)
INDEXED = ("lingo", "wordle", "mastermind")


def index_folders(root: Path) -> dict[FolderKey, list[Path]]:
    """The strategy folders under ``root`` that have indexes, with their tree
    files (:func:`generator.core.layout.tree_folders`: every name checked,
    nothing in a file read)."""
    return tree_folders(root, INDEXED)


def _read_or_make_index(root: Path, key: FolderKey) -> dict[str, Any]:
    try:
        data = orjson.loads(read_limited(folder_path(root, key) / INDEX, MAX_INDEX_BYTES, "index file"))
        if (isinstance(data, dict) and data.get("format") == INDEX_FORMAT
                and [data.get("setup"), data.get("rule"), data.get("strategy")] == [key.setup, key.rule, key.strategy]
                and isinstance(data.get("totals"), dict)):
            return data
    except (FileError, orjson.JSONDecodeError):
        pass
    return write_index(root, key)


def top_index_data(folders: Mapping[FolderKey, dict[str, Any]]) -> dict[str, Any]:
    """The index of a trees folder, from its folders' indexes by key, in
    path order (a row's ``path`` is its folder's, :func:`generator.core.layout.folder_path`)."""
    rows = [{"path": "/".join(key.names), "setup": d["setup"], "rule": d["rule"], "strategy": d["strategy"],
             "totals": d["totals"]} for key, d in sorted(folders.items(), key=lambda kd: kd[0].names)]
    return {"format": INDEX_FORMAT, "version": INDEX_VERSION, "schema": "schema.json", "folders": rows}

"""Tree files verified as jobs: for ``lingo-trees verify`` and the site.

:func:`check_file` reads one file strictly (a key twice in an object is an
error) and replays it; nothing a file holds stops a run of many files: a
file that cannot be checked gives one message naming it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.core.verify import game_lists, verify_tree
from generator.errors import LingoTreesError, TreeFormatError
from generator.output.cardsfile import FILE_NAME as CARDS_FILE
from generator.output.rankingfile import FILE_NAME as RANKINGS_FILE
from generator.output.trapsfile import FILE_NAME as TRAPS_FILE
from generator.output.treefile import read_tree


@dataclass(frozen=True)
class FileVerdict:
    """One file's verdict: ``line`` sums up the replay (empty when the file
    could not be checked at all, ``problems`` then holds the one reason)."""

    path: str
    ok: bool
    line: str
    problems: list[str] = field(default_factory=list)


def check_file(path: Path) -> FileVerdict:
    """Verify one tree file (a job of :func:`generator.runs.jobs.run_jobs`)."""
    try:
        tree = read_tree(path, strict=True)
        answers, guesses = game_lists(tree)
    except LingoTreesError as exc:
        text = str(exc)
        return FileVerdict(str(path), False, "", [text.removeprefix(f"{path}: ")
                                                  if text.startswith(str(path)) else f"wordlists: {text}"])
    except (RecursionError, MemoryError, ValueError, OSError) as exc:  # never a traceback for one bad file
        return FileVerdict(str(path), False, "", [f"cannot be checked ({type(exc).__name__})"])
    verdict = verify_tree(tree, answers, guesses)
    s = verdict.stats
    hist = " ".join(f"{k}:{v}" for k, v in s.turns.items())
    late = f", {len(tree.late)} late" if tree.late else ""
    line = (f"{verdict.solved}/{len(tree.secrets)} solved, total {s.total_turns}, "
            f"max {s.max_turns}, mean {s.mean_turns:.4f}{late} [{hist}]")
    return FileVerdict(str(path), verdict.ok, line, verdict.problems)


NOT_TREES = ("index.json", "schema.json", RANKINGS_FILE, TRAPS_FILE, CARDS_FILE)  # the other JSON files of a trees folder


def find_tree_files(paths: list[Path]) -> list[Path]:
    """The tree files named, folders searched recursively (index, schema,
    openers rankings, traps and cards files skipped; symlinked folders are not followed, so a
    loop ends)."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = [p for p in sorted(path.rglob("*.json")) if p.name not in NOT_TREES]
            if not found:
                raise TreeFormatError(f"{path}: no tree files (*.json) in this folder")
            files.extend(found)
        elif path.exists() or path.is_symlink():
            files.append(path)
        else:
            raise TreeFormatError(f"{path}: no such file or folder")
    return list(dict.fromkeys(files))  # a file named twice is checked once

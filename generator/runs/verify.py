"""Tree files verified as jobs: for ``lingo-trees verify`` and the site.

:func:`check_file` reads one file strictly (a key twice in an object is an
error) and replays it; nothing a file holds stops a run of many files: a
file that cannot be checked gives one message naming it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.core.verify import game_lists, verify_tree
from generator.errors import LingoTreesError
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

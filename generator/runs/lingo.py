"""Building the committed trees: jobs, files and indexes.

Layout: ``trees/<setup>/<rule>/<strategy>/<letter>.json``, an ``index.json``
in every strategy folder summarizing its letters, and ``trees/index.json``
summarizing every folder. Files are written atomically; an index is made
from the tree files on disk, so it always agrees with them.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from generator.core.catalog import project_root, setup
from generator.runs.jobs import run_jobs
from generator.runs.letters import LINGO_RULES, STRATEGIES, build_tree, check_letter, context
from generator.core.tree import GameTree
from generator.output.treefile import dump_json, dump_tree, read_tree, write_atomic

INDEX_FORMAT = "lingo-trees.index"
INDEX_VERSION = 1


def trees_dir() -> Path:
    return project_root() / "trees"


def tree_path(root: Path, setup_id: str, rule: str, strategy: str, letter: str) -> Path:
    return root / setup_id / rule / strategy / f"{letter}.json"


@dataclass(frozen=True)
class Job:
    setup: str
    rule: str
    strategy: str
    letter: str
    seed: int = 1
    shared: Any = None

    @property
    def label(self) -> str:
        return f"{self.setup}/{self.rule}/{self.strategy}/{self.letter}"


def _run(job: Job) -> tuple[bytes, dict[str, Any], float]:
    t0 = time.perf_counter()
    tree = build_tree(job.setup, job.rule, job.strategy, job.letter, seed=job.seed, shared=job.shared)
    return dump_tree(tree), letter_summary(tree), time.perf_counter() - t0


def letter_summary(tree: GameTree) -> dict[str, Any]:
    """What an index says of one letter's tree."""
    s = tree.stats
    assert s is not None
    st = tree.strategy
    out: dict[str, Any] = {
        "secrets": s.secrets,
        "total_turns": s.total_turns,
        "mean_turns": s.mean_turns,
        "max_turns": s.max_turns,
        "turns": {str(k): v for k, v in s.turns.items()},
        "late": list(tree.late),
        "turns_limit": tree.game.turns,
    }
    for key in ("openers", "k", "words_to_learn", "largest_group", "proved_minimal", "lower_bound"):
        if key in st:
            out[key] = st[key]
    if "exceptions" in st:
        out["exceptions"] = st["exceptions"]
    return out


def write_index(folder: Path) -> dict[str, Any]:
    """(Re)write ``folder/index.json`` from the tree files in it."""
    letters: dict[str, Any] = {}
    first: GameTree | None = None
    for path in sorted(folder.glob("*.json")):
        if path.name == "index.json":
            continue
        tree = read_tree(path)
        first = first or tree
        summary = letter_summary(tree)
        summary["file"] = path.name
        letters[path.stem] = summary
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
    if first is not None and first.strategy.get("scheme") == "shared":
        totals["distinct_words"] = first.strategy.get("shared", {}).get("distinct_words")
    rule, setup_id = folder.parent.name, folder.parent.parent.name
    data = {
        "format": INDEX_FORMAT, "version": INDEX_VERSION,
        "setup": setup_id, "rule": rule, "strategy": folder.name,
        "answers": first.answers if first else None, "guesses": first.guesses if first else None,
        "totals": totals, "letters": letters,
    }
    write_atomic(folder / "index.json", dump_json(data))
    return data


def write_top_index(root: Path) -> dict[str, Any]:
    """(Re)write ``trees/index.json`` from the folder indexes."""
    folders = []
    for index in sorted(root.glob("*/*/*/index.json")):
        data = orjson.loads(index.read_bytes())
        folders.append({
            "path": str(index.parent.relative_to(root)),
            "setup": data["setup"], "rule": data["rule"], "strategy": data["strategy"],
            "totals": data["totals"],
        })
    data = {"format": INDEX_FORMAT, "version": INDEX_VERSION, "schema": "schema.json",
            "folders": folders}
    write_atomic(root / "index.json", dump_json(data))
    return data


Progress = Callable[[str], None]


def _stderr(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def plan_jobs(setups: list[str], rules: list[str], strategies: list[str],
              letters: list[str] | None, seed: int) -> list[Job]:
    jobs = []
    for sid in setups:
        s = setup(sid)
        if s.game.name != "lingo":
            continue
        ctx = context(sid)
        chosen = ctx.letters() if not letters else [check_letter(ctx, x) for x in letters]
        for rule in rules:
            for strategy in strategies:
                if strategy == "shared" and rule != "free":
                    continue  # openers shared across letters cannot all begin with each letter
                for letter in chosen:
                    jobs.append(Job(sid, rule, strategy, letter, seed))
    return jobs


def build(setups: list[str], rules: list[str] | None = None, strategies: list[str] | None = None,
          letters: list[str] | None = None, *, root: Path | None = None, seed: int = 1,
          workers: int | None = None, progress: Progress = _stderr) -> dict[str, float]:
    """Build and write trees; returns seconds spent per (setup/rule/strategy)."""
    root = root or trees_dir()
    rules = rules or list(LINGO_RULES)
    strategies = strategies or list(STRATEGIES)
    jobs = plan_jobs(setups, rules, strategies, letters, seed)
    # the shared strategy first plans its openers over the whole list
    shared_plans: dict[str, Any] = {}
    timings: dict[str, float] = {}
    for sid in sorted({j.setup for j in jobs if j.strategy == "shared"}):
        from generator.search.shared import shared_plan

        t0 = time.perf_counter()
        progress(f"[{sid}/free/shared] searching openers shared by every letter ...")
        shared_plans[sid] = shared_plan(context(sid), seed=seed)
        timings[f"{sid}/free/shared"] = time.perf_counter() - t0
        progress(f"[{sid}/free/shared] openers {' '.join(shared_plans[sid]['openers'])}, "
                 f"probe words {len(shared_plans[sid]['probes'])} "
                 f"({time.perf_counter() - t0:.1f} s)")
    jobs = [Job(j.setup, j.rule, j.strategy, j.letter, j.seed, shared_plans.get(j.setup))
            if j.strategy == "shared" else j for j in jobs]
    folders = set()
    for n, (job, (data, summary, seconds)) in enumerate(run_jobs(_run, jobs, workers), start=1):
        path = tree_path(root, job.setup, job.rule, job.strategy, job.letter)
        write_atomic(path, data)
        folders.add(path.parent)
        key = f"{job.setup}/{job.rule}/{job.strategy}"
        timings[key] = timings.get(key, 0.0) + seconds
        openers = " ".join(summary.get("openers", [])) or "-"
        late = f", {len(summary['late'])} late" if summary["late"] else ""
        progress(f"[{n}/{len(jobs)}] {job.label}: mean {summary['mean_turns']:.3f}, "
                 f"max {summary['max_turns']}{late}; openers {openers} ({seconds:.1f} s)")
        if summary["late"]:
            progress(f"  {job.label}: {len(summary['late'])} words cannot be reached within "
                     f"{summary['turns_limit']} turns by this strategy: {' '.join(summary['late'])} "
                     f"(the best tree found is written with them listed in 'late')")
    for folder in sorted(folders):
        write_index(folder)
    if folders:
        write_top_index(root)
    return timings

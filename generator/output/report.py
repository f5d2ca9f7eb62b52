"""The comparison report: our trees beside the 1992 paper's tables.

Reads the tree files under ``trees/`` (it searches nothing) and returns text:
turns histograms in the form of the paper's Fig. 3 / Fig. 7, openers per
letter in the form of Figs. 4-6, the number of words to learn, exceptions,
mean turns, and under TV rules the words not reached within five turns.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.core.catalog import load_list
from generator.core.catalog import setup as get_setup
from generator.core.feedback import replier
from generator.core.layout import FolderKey, folder_trees, tree_path, word_family
from generator.core.rules import GuessRule, rule_label
from generator.core.strategies import strategy_info, strategy_order
from generator.core.tree import play
from generator.errors import CatalogError, StrategyError, TreeFormatError
from generator.output import paper
from generator.output.cardsfile import FILE_NAME as CARDS_FILE
from generator.output.cardsfile import read_cards
from generator.output.cardsview import cards_view, percent
from generator.output.index import folder_index, index_folders
from generator.output.treefile import read_tree


def load_index(root: Path, key: FolderKey) -> dict[str, Any] | None:
    """A strategy folder's index made from its tree files (None where it has
    none), so the report always agrees with the trees: a corrupt tree is an
    error naming the file (:func:`generator.output.treefile.read_tree`), and
    a stale or missing ``index.json`` does not matter."""
    return folder_index(root, key) if folder_trees(root, key) else None


def _hist(totals: dict[str, Any]) -> dict[int, int]:
    return {int(k): v for k, v in totals["turns"].items()}


def histogram_table(columns: list[tuple[str, dict[int, int]]]) -> list[str]:
    """Turns histogram columns side by side, with totals and means."""
    turns = sorted({t for _, h in columns for t in h})
    width = max(14, *(len(name) + 2 for name, _ in columns))
    lines = ["turns".ljust(7) + "".join(name.rjust(width) for name, _ in columns)]
    for t in turns:
        lines.append(str(t).ljust(7) + "".join(str(h.get(t, 0)).rjust(width) for _, h in columns))
    lines.append("total".ljust(7) + "".join(str(sum(h.values())).rjust(width) for _, h in columns))
    lines.append("mean".ljust(7) + "".join(f"{paper.mean(h):.4f}".rjust(width) for _, h in columns))
    return lines


def setup_report(root: Path, setup_id: str) -> list[str]:
    s = get_setup(setup_id)
    out = [f"== {setup_id}: {s.title} (answers {s.answers}, guesses {s.guesses})", ""]
    family = s.game.name
    found = [key for key in index_folders(root) if key.setup == setup_id]
    for rule in GuessRule:  # free, then the set-up's other rule (TV rules, hard mode)
        for key in sorted((k for k in found if k.rule == rule.value), key=lambda k: strategy_order(family, k.strategy)):
            strategy = key.strategy
            try:
                info = strategy_info(family, strategy)
            except StrategyError:
                continue  # not a strategy of this game: nothing to report
            index = load_index(root, key)
            if index is None:
                continue
            totals = index["totals"]
            limit = max((x.get("turns_limit", s.game.turns) for x in index["letters"].values()),
                        default=s.game.turns)
            with_paper = s.paper and rule is GuessRule.FREE
            out.append(f"-- {info.title}; {rule_label(rule, s.game.name)}")
            cols = [(f"ours ({totals['secrets']})", _hist(totals))]
            if with_paper and strategy == "scm":
                cols.insert(0, (f"paper ({paper.WORDS})", paper.FIG3_SCM))
            if with_paper and strategy == "human":
                cols.insert(0, (f"paper ({paper.WORDS})", paper.FIG7_HUMAN))
            out += histogram_table(cols)
            if strategy == "scm":
                at_limit = [w for letter, item in index["letters"].items()
                            for w in _at_turns(letter, item, root, key, limit)]
                if with_paper:
                    out.append(f"paper, words at 5 turns: {len(paper.FIG3_FIVE_TURNS)}: {' '.join(paper.FIG3_FIVE_TURNS)}")
                shown = sorted(at_limit)[:40]
                more = f" ... ({len(at_limit) - len(shown)} more)" if len(at_limit) > len(shown) else ""
                out.append(f"ours, words at {limit} turns or more: {len(at_limit)}: {' '.join(shown)}{more}")
            if "words_to_learn" in totals:
                out += _opener_table(index, with_paper and strategy in ("human", "human-any"))
            if strategy == "optimal":
                letters = index["letters"]
                proved = sorted(k for k, v in letters.items() if v.get("proved_minimal"))  # "ij" is one letter
                out.append(f"total {totals['total_turns']}; proved optimal: {len(proved)} of {len(letters)} letters"
                           + (f" ({' '.join(proved)})" if 0 < len(proved) < len(letters) else "")
                           + ("" if len(proved) == len(letters) else "; the others limited (not proved)"))
            if totals.get("late"):
                out.append(f"not reached within {limit} turns ({len(totals['late'])}), listed in 'late':")
                for letter, item in sorted(index["letters"].items()):
                    if item["late"]:
                        out.append(f"  {letter}: {' '.join(item['late'])}")
            elif rule is GuessRule.SAME_START:
                out.append(f"every word is reached within {limit} turns")
            out.append("")
    return out


def _at_turns(letter: str, item: dict[str, Any], root: Path, key: FolderKey, turns: int) -> list[str]:
    """Secrets of a letter's tree that need ``turns`` or more (read from its tree file)."""
    if not any(int(t) >= turns for t in item["turns"]):
        return []
    tree = read_tree(tree_path(root, key.tree(letter)))
    reply = replier(load_list(tree.answers).alphabet.spell)
    return [s for s in tree.secrets if len(play(tree.root, s, reply)) >= turns]


def _opener_table(index: dict[str, Any], with_paper: bool) -> list[str]:
    totals = index["totals"]
    head = "letter  words  k  openers                    largest  exceptions  proved"
    if with_paper:
        head += "  | paper: openers            largest"
    lines = [head]
    for letter, item in sorted(index["letters"].items()):
        openers = " ".join(item.get("openers", [])) or "-"
        exc = ", ".join(e["word"] for e in item.get("exceptions", [])) or "-"
        row = (f"{letter:<7} {item['secrets']:>5}  {item.get('k', 0)}  {openers:<26} "
               f"{item.get('largest_group', 0):>7}  {exc:<10}  {'yes' if item.get('proved_minimal') else 'no':<6}")
        if with_paper:
            p = " ".join(paper.OPENERS.get(letter, ())) or "-"
            row += f"  | {p:<24} {paper.LARGEST.get(letter, '-')!s:>7}"
        lines.append(row)
    lines.append(f"opening words {totals.get('openers', 0)}, exception moves {totals.get('exceptions', 0)}, "
                 f"words to learn {totals.get('words_to_learn', 0)}, letters proved minimal "
                 f"{totals.get('proved_letters', 0)} of {totals['letters']}")
    if totals.get("distinct_words") is not None:
        lines.append(f"distinct words to learn for the whole list (shared openers + probes): "
                     f"{totals['distinct_words']}")
    if with_paper:
        lines.append(f"paper: opening words {paper.OPENING_WORDS}, exception moves {len(paper.EXCEPTIONS)}, "
                     f"words to learn {paper.WORDS_TO_LEARN}")
    return lines


#: the summary's strategies: (folder, column title)
SUMMARY_STRATEGIES = (("human", "human"), ("human-lookup", "lookup"), ("shared", "shared"), ("scm", "scm"),
                      ("optimal", "optimal"))


def summary(root: Path, setups: list[str]) -> str:
    """One line per set-up and rule: words, words to learn (human scheme, with
    its proved lower bound and the letters proved minimal; the shared openers
    and probes of the whole list), mean turns, the words past
    the turns per strategy (``-``: not built) and the largest tree file."""
    titles = "".join(f"{t:>8}" for _, t in SUMMARY_STRATEGIES)
    width = 8 * len(SUMMARY_STRATEGIES)
    lines = [f"{'':<23} {'':>6} {'words to learn':^27} {'mean turns':^{width}} {'words past the turns':^{width}}",
             f"{'set-up':<11} {'rule':<11} {'words':>6} {'human':>6} {'bound':>6} {'proved':>7} {'shared':>6} "
             f"{titles} {titles}  largest file"]
    for sid in setups:
        for rule in (GuessRule.FREE, GuessRule.SAME_START):
            keys = {name: FolderKey(word_family(sid), sid, rule.value, name) for name, _ in SUMMARY_STRATEGIES}
            indexes = {name: load_index(root, key) for name, key in keys.items()}
            built = {name: ix["totals"] for name, ix in indexes.items() if ix is not None}
            if not built:
                continue
            words = next(iter(built.values()))["secrets"]
            human, shared = built.get("human", {}), built.get("shared", {})
            files = [p for name in built for p in folder_trees(root, keys[name])]
            big = max(files, key=lambda p: (p.stat().st_size, str(p)))
            means = "".join(f"{built[n]['mean_turns']:>8.3f}" if n in built else f"{'-':>8}"
                            for n, _ in SUMMARY_STRATEGIES)
            late = "".join(f"{len(built[n]['late']):>8}" if n in built else f"{'-':>8}" for n, _ in SUMMARY_STRATEGIES)
            proved = f"{human['proved_letters']}/{human['letters']}" if "proved_letters" in human else "-"
            lines.append(f"{sid:<11} {rule.value:<11} {words:>6} {human.get('words_to_learn', '-')!s:>6} "
                         f"{human.get('lower_bound', '-')!s:>6} {proved:>7} "
                         f"{shared.get('distinct_words', '-')!s:>6} {means} {late}  "
                         f"{big.relative_to(root).as_posix()} ({big.stat().st_size // 1024} KiB)")
    return "\n".join(lines) + "\n"


def report(root: Path, setups: list[str]) -> str:
    """The whole report for the given set-ups."""
    lines: list[str] = []
    for sid in setups:
        get_setup(sid)
        if not any(key.setup == sid for key in index_folders(root)):
            raise CatalogError(f"no trees for set-up {sid!r} under {root} (run lingo-trees build {sid})")
        lines += setup_report(root, sid)
    return "\n".join(lines).rstrip() + "\n"


def cards_report(root: Path, setups: list[str]) -> str:
    """The cards by size of each set-up (``cards.json``): words to learn and
    words in time, plain and by how common the words are, and the frontier."""
    entries = {e.setup: e for e in read_cards(root / CARDS_FILE)}
    lines = [f"{'set-up':<13} {'card':<13} {'words':>5}  {'words in time':<24} {'by how common':>13}  proved"]
    for sid in setups:
        e = entries.get(sid)
        if e is None:
            continue
        for c in cards_view(e, {}).choices:
            in_time = f"{c.in_time} of {c.secrets} ({percent(c.share, 1)})"
            lines.append(f"{sid:<13} {c.title:<13} {c.words:>5}  {in_time:<24} {percent(c.weighted, 2):>13}  "
                         f"{'yes' if c.proved else 'no'}")
        proved = sum(p.proved for p in e.by_weight)
        lines.append(f"{'':<13} frontier: {len(e.by_weight)} points by how common ({proved} proved), "
                     f"{len(e.by_count)} by count, from {e.by_weight[0].words} to {e.cards['human'].words} words")
    if len(lines) == 1:
        raise TreeFormatError(f"{root / CARDS_FILE}: no cards of {', '.join(setups)} (cards are cut for the LINGO "
                              "set-ups with tables under TV rules, by lingo-trees build)")
    return "\n".join(lines) + "\n"

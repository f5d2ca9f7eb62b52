"""The committed trees: every file valid under the published schema, complete
(every letter of every set-up, rule and strategy), and what the code builds
now (a rebuild of samples of every strategy and game gives the same bytes)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import jsonschema_rs
import orjson
import pytest

from generator.core.catalog import load_list, setup, setup_letters, setups, trees_dir
from generator.core.files import dump_json
from generator.core.kinds import code_list
from generator.core.rules import LINGO_RULES
from generator.core.strategies import default_strategies
from generator.errors import TreeFormatError
from generator.games.hangman import hangman_tree
from generator.games.mastermind import variant
from generator.output.rankingfile import read_rankings
from generator.output.trapsfile import read_traps
from generator.output.treefile import dump_tree, load_tree, read_tree
from generator.output.treeschema import SCHEMA
from generator.runs.hangman import hangman_fingerprint
from generator.runs.jobs import Processes
from generator.runs.lingo import build_trees
from generator.runs.mastermind import mastermind_tree
from generator.runs.verify import find_tree_files

TREES = trees_dir()


def test_the_published_schema_is_the_code_s_and_valid() -> None:
    published = orjson.loads((TREES / "schema.json").read_bytes())
    assert (TREES / "schema.json").read_bytes() == dump_json(SCHEMA)
    jsonschema.Draft202012Validator.check_schema(published)


def test_every_committed_tree_validates_against_the_schema() -> None:
    validator = jsonschema_rs.validator_for(orjson.loads((TREES / "schema.json").read_bytes()))
    files = find_tree_files([TREES])
    assert len(files) >= 800, f"only {len(files)} tree files under {TREES}"
    bad = [(p, next(iter(validator.iter_errors(orjson.loads(p.read_bytes())))))
           for p in files if not validator.is_valid(orjson.loads(p.read_bytes()))]
    assert bad == [], f"{len(bad)} files break the schema, e.g. {bad[0][0]}: {bad[0][1]}"


def test_the_smallest_tree_of_every_folder_validates_with_the_reference_validator() -> None:
    """jsonschema, the reference validator (too slow for all 6,000 files:
    jsonschema-rs checks those above, ajv in tests/js/schema.test.mjs), on
    one tree of every strategy folder: every definition of the schema."""
    validator = jsonschema.Draft202012Validator(orjson.loads((TREES / "schema.json").read_bytes()))
    by_folder: dict[Path, list[Path]] = {}
    for path in find_tree_files([TREES]):
        by_folder.setdefault(path.parent, []).append(path)
    assert len(by_folder) >= 300
    schemes = set()
    for files in by_folder.values():
        data = orjson.loads(min(files, key=lambda p: p.stat().st_size).read_bytes())
        schemes.add((data["game"]["name"], data["strategy"]["scheme"]))
        errors = list(validator.iter_errors(data))
        assert errors == [], f"{files[0].parent}: {errors[0].message}"
    assert len(schemes) >= 20


def test_the_openers_rankings_agree_with_the_committed_trees() -> None:
    rankings = read_rankings(TREES / "openers.json")
    tiers = ("answers", "common", "allowed", "today")
    assert {(r.tier, r.rule) for r in rankings} == {(t, rule) for t in tiers for rule in ("free", "hard")}
    # the exact search's ranking of every first word, where it has ended
    assert {(r.tier, r.rule) for r in rankings if r.strategy == "optimal"} == {("answers", "free"), ("answers", "hard"),
                                                                             ("today", "free")}
    checked = 0
    for r in rankings:
        assert r.setup in setups() and r.scores and r.secrets == len(load_list(setup(r.setup).answers))
        salet = next((x for x in r.scores if x.word == "salet"), None)
        path = TREES / r.setup / r.rule / f"{r.strategy}-salet" / "all.json"
        if salet is not None and path.is_file():  # the same tree, built once for the ranking (optimal: proved)
            stats = read_tree(path).stats
            assert stats is not None and (stats.total_turns, stats.max_turns) == (salet.total, salet.max_turns)
            checked += 1
    assert checked >= 26


def published(name: str) -> dict[str, int | None]:
    """Alex Selby's proven totals of first words (``tests/data/selby/``): word ->
    total, None where no tree keeps every answer within six ("Infinity")."""
    path = Path(__file__).resolve().parent / "data" / "selby" / name
    rows = (line.split() for line in path.read_text().splitlines())  # word total, or word mean total
    return {fields[0]: None if "Infinity" in fields else int(fields[-1]) for fields in rows}


@pytest.mark.parametrize("tier,rule,files", [("answers", "free", ("normal.top105.proven", "normal.some3593.every40th")),
                                             ("answers", "hard", ("hard.top101.proven",)),
                                             ("today", "free", ("results_easy_nyt20230701.sample",))])
def test_the_optimal_ranking_weighs_every_first_word_and_agrees_with_selby(tier: str, rule: str,
                                                                           files: tuple[str, ...]) -> None:
    (r,) = [r for r in read_rankings(TREES / "openers.json") if (r.tier, r.rule, r.strategy) == (tier, rule, "optimal")]
    guesses = load_list(setup(r.setup).guesses).words
    words = {x.word for x in r.scores} | {b.word for b in r.bounds}
    assert words <= set(guesses) and len(words) == len(r.scores) + len(r.bounds)
    assert r.first_words == len(guesses) and r.shortlist >= 100
    assert r.complete and r.proved_best
    known: dict[str, int | None] = {}
    for name in files:
        known |= published(name)
    exact = {x.word: x.total for x in r.scores}
    both = [w for w in exact if w in known]
    assert len(both) >= 100 and {w: exact[w] for w in both} == {w: known[w] for w in both}
    # a word with only a bound costs at least that much by the published totals too,
    # and one we prove has no tree within six has none by theirs
    for b in r.bounds:
        if b.word in known:
            total = known[b.word]
            assert total is None if b.at_least is None else total is None or total >= b.at_least, b
    # the published best are ours, in their order (ties aside)
    finite = {w: t for w, t in known.items() if t is not None}
    best = sorted(finite.items(), key=lambda kv: kv[1])[:r.shortlist]
    assert sorted(exact[w] for w, _ in best) == [t for _, t in best]


def test_the_optimal_trees_on_today_s_lists_cost_what_selby_published() -> None:
    found = {}
    for rule, name in (("free", "results_easy_nyt20230701.sample"), ("hard", "results_hard_nyt20230701.sample")):
        known = published(name)
        for path in sorted((TREES / "wordle-2023" / rule).glob("optimal-*/all.json")):
            tree = read_tree(path)
            assert tree.stats is not None and tree.strategy["proved_minimal"]
            found[rule, tree.root.guess] = (tree.stats.total_turns, known[tree.root.guess])
    assert set(found) >= {("free", "tarse"), ("free", "salet"), ("hard", "tarse")}
    assert all(ours == theirs for ours, theirs in found.values()), found


def test_the_traps_are_those_of_every_tier() -> None:
    traps = read_traps(TREES / "traps.json")
    assert {(t.tier, t.setup) for t in traps} == {("answers", "wordle"), ("common", "wordle-common"),
                                                 ("allowed", "wordle-allowed"), ("today", "wordle-2023")}
    for t in traps:
        words = set(load_list(setup(t.setup).answers).words)
        assert set(t.family.words) <= words and t.one_by_one.guesses == len(t.family.words)
        assert t.with_probe.at_least <= t.with_probe.guesses < t.one_by_one.guesses


def _drop(*path: str | int) -> Callable[[dict[str, Any]], None]:
    def drop(data: dict[str, Any]) -> None:
        obj: Any = data
        for key in path[:-1]:
            obj = obj[key]
        del obj[path[-1]]
    return drop


def _put(value: Any, *path: str | int) -> Callable[[dict[str, Any]], None]:
    def put(data: dict[str, Any]) -> None:
        obj: Any = data
        for key in path[:-1]:
            obj = obj[key]
        obj[path[-1]] = value
    return put


#: a tree with an exception move, and what breaks it (tests/js/schema.test.mjs breaks trees with ajv too)
EXCEPTIONS = TREES / "nl" / "free" / "human" / "k.json"
BROKEN = [
    ("a branch no feedback names", _put("x", "root", "next", "GGGGG!")),
    ("a human card without its openers", _drop("strategy", "openers")),
    ("an exception move that names no feedback", _drop("strategy", "exceptions", 0, "feedback")),
    ("a group without its words", _drop("strategy", "groups", 0, "words")),
    ("a key no scheme has", _put("free", "strategy", "rule")),
    ("a scheme LINGO does not have", _put("minimax", "strategy", "scheme")),
    ("a negative count", _put(-1, "strategy", "words_to_learn")),
]


@pytest.mark.parametrize("what, breaks", BROKEN, ids=[b[0] for b in BROKEN])
def test_the_schema_check_can_fail(what: str, breaks: Callable[[dict[str, Any]], None]) -> None:
    """Both validators refuse what the reader refuses (jsonschema, the
    reference validator, and jsonschema-rs, which checks every file above)."""
    schema = orjson.loads((TREES / "schema.json").read_bytes())
    validators = (jsonschema_rs.validator_for(schema), jsonschema.Draft202012Validator(schema))
    data = orjson.loads(EXCEPTIONS.read_bytes())
    assert data["strategy"]["exceptions"], f"{EXCEPTIONS} has no exception move to break"
    assert all(v.is_valid(data) for v in validators)
    breaks(data)
    assert not any(v.is_valid(data) for v in validators)
    with pytest.raises(TreeFormatError):
        load_tree(orjson.dumps(data))


#: the set-ups whose optimal trees are committed for every letter (the others may have some)
WITH_OPTIMAL = ("nl", "nl-ij", "en")


@pytest.mark.parametrize("setup", [s.id for s in setups().values() if s.game.name == "lingo"])
def test_every_letter_has_its_trees(setup: str) -> None:
    letters = set(setup_letters(setup))
    entry = setups()[setup]
    rules = [r for r in LINGO_RULES if entry.plays(r)]
    assert {p.name for p in (TREES / setup).iterdir() if p.is_dir()} == set(rules)
    for rule in rules:
        strategies = [s.name for s in default_strategies("lingo") if (not s.rules or rule in s.rules)
                      and (entry.tables or not s.table)]
        if setup in WITH_OPTIMAL or (TREES / setup / rule / "optimal").exists():
            strategies.append("optimal")
        for strategy in strategies:
            folder = TREES / setup / rule / strategy
            assert {p.stem for p in folder.glob("*.json")} - {"index"} == letters, folder
            index = orjson.loads((folder / "index.json").read_bytes())
            assert set(index["letters"]) == letters


@pytest.mark.parametrize("setup,rule,strategy,letter", [
    ("nl", "free", "human", "c"),
    ("nl", "free", "scm", "h"),
    ("nl", "same-start", "human", "u"),
    ("nl-ij", "same-start", "human-lookup", "ij"),
    ("en-common", "free", "human-lookup", "q"),
    ("nl", "same-start", "optimal", "q"),
    ("en", "free", "optimal", "x"),
    ("nl-4", "free", "human", "q"),
    ("en-common", "same-start", "human", "z"),
    ("en-common-4", "same-start", "human", "w"),
    ("en-common-4", "free", "human", "k"),
    ("en-common-6", "same-start", "human", "c"),
    ("en-common-8", "free", "human", "k"),
    ("fr-7", "same-start", "human", "b"),
    ("fr-9", "free", "optimal", "j"),
])
def test_a_lingo_rebuild_gives_the_committed_bytes(tmp_path: Path, setup: str, rule: str, strategy: str,
                                                   letter: str) -> None:
    build_trees([setup], [rule], [strategy], [letter], root=tmp_path, runner=Processes(1), progress=lambda _: None)
    name = f"{setup}/{rule}/{strategy}/{letter}.json"
    assert (tmp_path / name).read_bytes() == (TREES / name).read_bytes(), name


@pytest.mark.parametrize("strategy", ["knuth", "most-parts"])
def test_a_mastermind_rebuild_gives_the_committed_bytes(strategy: str) -> None:
    tree, _ = mastermind_tree(variant("4x6"), strategy)
    assert len(tree.secrets) == len(code_list(variant("4x6").game))
    assert dump_tree(tree) == (TREES / "mastermind" / "4x6" / strategy / "all.json").read_bytes()


@pytest.mark.parametrize("strategy,length", [("risk", 3), ("uncertainty", 2), ("optimal", 2)])
def test_a_hangman_rebuild_gives_the_committed_bytes(strategy: str, length: int) -> None:
    tree = hangman_tree(load_list("en-enable"), length, strategy, 6)
    tree.fingerprint = hangman_fingerprint("en-enable", length, strategy, 6,
                                           (("top", 1),) if strategy == "optimal" else ())
    path = TREES / "hangman" / "en-enable" / "6" / strategy / f"{length}.json"
    assert dump_tree(tree, compact=True) == path.read_bytes()


@pytest.mark.parametrize("setup_id", [s.id for s in setups().values() if s.game.name == "lingo" and s.tables])
def test_the_human_scheme_leaves_no_more_words_late_than_the_optimal_tree(setup_id: str) -> None:
    # more words past the last turn than the optimal tree: the scheme lacks an exception move
    # (where some words must be late, which ones is a tie: the two need not leave the same)
    for rule in LINGO_RULES:
        optimal = TREES / setup_id / rule / "optimal" / "index.json"
        if not optimal.exists():
            continue
        least = {letter: len(x["late"]) for letter, x in orjson.loads(optimal.read_bytes())["letters"].items()}
        human = orjson.loads((TREES / setup_id / rule / "human" / "index.json").read_bytes())["letters"]
        assert {letter: len(x["late"]) for letter, x in human.items()} == least, (setup_id, rule)

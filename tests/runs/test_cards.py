"""The cards cut from the full card: trees that verify, cards.json, kept when up to date (generator/runs/cards.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.verify import game_lists, verify_tree
from generator.output.cardsfile import read_cards
from generator.output.treefile import read_tree
from generator.runs.cards import build_cards, card_setups
from generator.runs.jobs import Processes
from generator.runs.lingo import build_trees


def _build(root: Path, said: list[str] | None = None, **kw: object) -> str:
    report = build_trees(["tiny"], ["same-start"], ["human", "human-openers", "human-knee"], root=root, runner=Processes(1),
                         progress=(said.append if said is not None else lambda _: None), **kw)  # type: ignore[arg-type]
    return report.cards


def test_cards_are_cut_verified_and_described(tiny: Path, tmp_path: Path) -> None:
    said: list[str] = []
    assert _build(tmp_path, said).startswith("cards: 4 trees built, 0 kept")
    (entry,) = read_cards(tmp_path / "cards.json")
    assert entry.setup == "tiny" and entry.secrets == 40
    full = entry.cards["human"]
    assert full.late == 0 and entry.cards["human-openers"].words <= full.words
    assert entry.weighted_share(entry.cards["human-knee"]) >= 0.99
    for card in ("human-openers", "human-knee"):
        for letter in ("b", "ij"):
            tree = read_tree(tmp_path / "tiny" / "same-start" / card / f"{letter}.json")
            verdict = verify_tree(tree, *game_lists(tree))
            assert verdict.ok, verdict.problems
            assert tree.strategy["card"] == card.removeprefix("human-") and not tree.strategy["proved_minimal"]
    assert any(line.startswith("[tiny] the knee: learn ") for line in said)


def test_a_second_build_keeps_the_cards_and_their_file(tiny: Path, tmp_path: Path) -> None:
    _build(tmp_path)
    before = (tmp_path / "cards.json").read_bytes()
    assert _build(tmp_path).startswith("cards: 0 trees built, 4 kept")
    assert (tmp_path / "cards.json").read_bytes() == before
    (tmp_path / "cards.json").unlink()  # a missing entry is made again
    assert _build(tmp_path).startswith("cards: 4 trees built")
    assert (tmp_path / "cards.json").read_bytes() == before


def test_cards_are_chosen_over_every_letter(tiny: Path, tmp_path: Path) -> None:
    assert "not cut" in _build(tmp_path, letters=["b"])
    assert not (tmp_path / "cards.json").exists()


def test_cards_need_the_full_card(tiny: Path, tmp_path: Path) -> None:
    from generator.errors import StrategyError
    from generator.runs.progress import reporter
    with pytest.raises(StrategyError, match="cut from its full card"):
        build_cards(["tiny"], tmp_path, workers=1, force=False, report=reporter(lambda _: None))


def test_only_sets_ups_with_tables_under_tv_rules_have_cards() -> None:
    assert card_setups(["nl-ij", "en", "wordle", "sutom-6"]) == ["nl-ij", "sutom-6"]


def test_verify_refuses_a_card_that_counts_fewer_late_than_its_tree(tiny: Path, tmp_path: Path) -> None:
    _build(tmp_path)
    for path in sorted((tmp_path / "tiny" / "same-start" / "human-openers").glob("[!i]*.json")):
        tree = read_tree(path)
        tree.strategy["sure_late"] = ["zzzzz", "zzzzz"]
        assert "sure_late is not a list of words, each once" in verify_tree(tree, *game_lists(tree)).problems[0]
        tree.strategy["sure_late"] = ["zzzzz"]
        assert any("not a secret" in p for p in verify_tree(tree, *game_lists(tree)).problems)


def test_cards_asked_of_a_set_up_without_tables_are_an_error(tmp_path: Path) -> None:
    from generator.errors import StrategyError
    with pytest.raises(StrategyError, match="no cards to cut for en"):
        build_trees(["en"], ["same-start"], ["human-knee"], root=tmp_path, runner=Processes(1), progress=lambda _: None)

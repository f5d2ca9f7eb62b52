"""The Hangman page's model (generator/output/hangmanpage.py), on the committed trees.

The words lost are checked against what each tree file says of itself
(``strategy.losses``, ``late``) and against a replay of every word; the
hardest words against a replay of every word of the list.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import orjson
import pytest

from generator.core.catalog import CHECKOUT
from generator.core.kinds import mask, replay_calls
from generator.core.tree import Node
from generator.errors import SiteError, TreeFormatError
from generator.output.hangmanpage import (
    HangmanPage,
    ListView,
    hangman_page,
    hangman_tree_files,
    hangman_url,
    lengths_text,
    masks_of,
)
from generator.output.sheets import render
from generator.output.treefile import read_tree

TREES = CHECKOUT / "trees"
HANGMAN = TREES / "hangman"


@pytest.fixture(scope="module")
def page() -> HangmanPage:
    got = hangman_page(TREES)
    assert got is not None
    return got


def list_view(page: HangmanPage, wordlist: str) -> ListView:
    return next(v for v in page.lists if v.id == wordlist)


def raw(wordlist: str, strategy: str, length: int) -> dict[str, Any]:
    data: dict[str, Any] = orjson.loads((HANGMAN / wordlist / "6" / strategy / f"{length}.json").read_bytes())
    return data


def test_every_committed_tree_is_on_the_page(page: HangmanPage) -> None:
    files = sorted(f"trees/{p.relative_to(TREES).as_posix()}" for p in HANGMAN.rglob("*.json"))
    assert sorted(rel for rel, _ in page.files) == files
    rows = [r.file for v in page.lists for s in v.strategies for r in s.rows]
    assert sorted(rows) == files
    assert [v.id for v in page.lists] == ["en-enable", "nl-basis"]
    assert [s.strategy for s in list_view(page, "en-enable").strategies] == ["risk", "uncertainty", "optimal"]


def test_losses_at_6_are_the_trees_own(page: HangmanPage) -> None:
    for v in page.lists:
        for s in v.strategies:
            for r in s.rows:
                data = raw(v.id, s.strategy, r.length)
                assert r.lost[0] == data["strategy"]["losses"] == len(data.get("late", [])), r.file
                assert r.words == data["stats"]["secrets"] == len(data["secrets"])
                assert r.proved == bool(data["strategy"].get("losses_proved"))


def test_losses_at_9_from_the_misses_histogram(page: HangmanPage) -> None:
    for v in page.lists:
        for s in v.strategies:
            for r in s.rows:
                hist = raw(v.id, s.strategy, r.length)["stats"]["misses"]
                assert r.lost[1] == sum(n for m, n in hist.items() if int(m) > 9), r.file


@pytest.mark.parametrize("wordlist, strategy, length", [("en-enable", "optimal", 3), ("en-enable", "risk", 4),
                                                        ("nl-basis", "uncertainty", 3), ("nl-basis", "optimal", 5)])
def test_losses_match_a_replay_of_every_word(page: HangmanPage, wordlist: str, strategy: str, length: int) -> None:
    tree = read_tree(HANGMAN / wordlist / "6" / strategy / f"{length}.json")
    misses = [replay_calls(tree.root, w, 6).misses for w in tree.secrets]
    (row,) = [r for s in list_view(page, wordlist).strategies if s.strategy == strategy
              for r in s.rows if r.length == length]
    assert row.lost == (sum(m > 6 for m in misses), sum(m > 9 for m in misses))


def test_totals_and_what_is_proved(page: HangmanPage) -> None:
    en = list_view(page, "en-enable")
    optimal = next(t for t in en.whole if t.view.strategy == "optimal")
    assert (optimal.words, optimal.lost, optimal.at_least) == (172_823, (5447, 1438), 1179)
    assert optimal.lengths == "2–25, 27–28" and optimal.view.proved == "2–3, 9–25, 27–28"
    nl = next(t for t in list_view(page, "nl-basis").whole if t.view.strategy == "optimal")
    assert nl.view.proved.startswith("1–3, 9–")  # three letters: the loss search at the start; nine: widened
    assert [(t.view.strategy, t.lengths, t.words) for t in en.common] == [
        ("risk", "2–4", 4971), ("uncertainty", "2–4", 4971), ("optimal", "2–4", 4971)]
    risk = next(t for t in en.whole if t.view.strategy == "risk")
    assert risk.at_least is None and risk.view.proved == "none"
    for v in page.lists:  # the side-by-side totals add up the rows of the lengths all strategies have
        common = set.intersection(*(set(s.lengths) for s in v.strategies))
        for t in v.common:
            rows = [r for r in t.view.rows if r.length in common]
            assert (t.words, t.lost) == (sum(r.words for r in rows),
                                         (sum(r.lost[0] for r in rows), sum(r.lost[1] for r in rows)))


def test_the_grid_has_a_row_per_length(page: HangmanPage) -> None:
    nl = list_view(page, "nl-basis")
    assert [g.length for g in nl.grid] == sorted(int(p.stem) for p in (HANGMAN / "nl-basis/6/optimal").glob("*.json"))
    two = next(g for g in nl.grid if g.length == 2)
    assert all(c is not None for c in two.cells)
    ten = next(g for g in nl.grid if g.length == 10)
    assert [c is None for c in ten.cells] == [True, True, False] and ten.proved


def test_hardest_words_are_those_of_a_full_replay(page: HangmanPage) -> None:
    en = list_view(page, "en-enable")
    assert en.hardest_of.strategy == "optimal"
    found = []
    for path in sorted((HANGMAN / "en-enable/6/optimal").glob("*.json")):
        tree = read_tree(path)
        found += [(-replay_calls(tree.root, w, 6).misses, len(w), w) for w in tree.secrets]
    want = sorted(found)[:10]
    assert [(h.word, h.length, h.misses) for h in en.hardest] == [(w, n, -m) for m, n, w in want]
    assert [(h.word, h.misses) for h in en.hardest[:3]] == [("zill", 19), ("yill", 18), ("zills", 18)]


def test_hardest_words_leave_out_one_letter_words(page: HangmanPage) -> None:
    nl = list_view(page, "nl-basis")
    assert nl.left_out is not None and nl.left_out.length == 1
    assert all(h.length >= 2 for h in nl.hardest)
    assert list_view(page, "en-enable").left_out is None


def test_a_hard_words_link_plays_it_to_the_end(page: HangmanPage) -> None:
    for v in page.lists:
        for h in v.hardest:
            path = h.lookup.split("path=")[1].split("#")[0].split(",")
            tree = read_tree(HANGMAN / v.id / "6" / "optimal" / f"{h.length}.json")
            node, shown = tree.root, set()
            for m in path:
                assert isinstance(node, Node) and m == mask(h.word, node.guess)
                shown.add(node.guess)
                if set(h.word) <= shown:
                    break
                node = node.next[m]
            assert node == h.word or set(h.word) <= shown


def test_masks_and_urls() -> None:
    tree = Node("a", {"_a_": Node("b", {"b__": "bad"}), "___": "zzz"})
    assert masks_of(tree, "bad") == ("_a_", "b__")
    assert masks_of(tree, "zzz") == ("___",)
    assert hangman_url("en-enable", 6, "optimal", 3, ("_a_", "b__")) == \
        "hangman.html?list=en-enable&length=3&strategy=optimal&path=_a_,b__#lookup"
    assert "misses=9" in hangman_url("en-enable", 9, "optimal", 3)
    assert lengths_text([]) == "" and lengths_text([5]) == "5"


def test_the_lookup_index(page: HangmanPage) -> None:
    index = page.index
    assert index["default_misses"] == 6 and index["also"] == 9
    assert index["default_strategy"] == "optimal"  # the catalog's [site]: hangman.js opens on it
    en = index["lists"][0]
    assert en["id"] == "en-enable" and en["short"] == "English, every ENABLE word"  # the id stays in URLs
    optimal = next(f for f in en["folders"] if f["strategy"] == "optimal")
    assert optimal["misses"] == 6 and optimal["lengths"][:3] == [2, 3, 4]
    assert optimal["words"][1] == raw("en-enable", "optimal", 3)["stats"]["secrets"]


def test_the_page_shows_the_figures(page: HangmanPage) -> None:
    text = render("site/hangman.md.j2", page=page)
    for figure in ("5,447", "1,438", "1,179", "2,362", "860", "zill", 'id="hangman-count"', 'id="hangman-words"'):
        assert figure in text
    assert "<script>" not in text.split('id="hangman-index">')[1].split("</script>")[0]


# -- files and folders ----------------------------------------------------------------


def copy_tree(trees: Path, rel: str, to: str | None = None) -> Path:
    target = trees / "hangman" / (to or rel)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(HANGMAN / rel, target)
    return target


def test_no_hangman_trees_no_page(tmp_path: Path) -> None:
    (tmp_path / "trees").mkdir()
    assert hangman_page(tmp_path / "trees") is None


def test_the_page_lists_its_lists_and_tree_files(tmp_path: Path) -> None:
    trees = tmp_path / "trees"
    copy_tree(trees, "nl-basis/6/risk/2.json")
    copy_tree(trees, "en-enable/6/optimal/3.json")
    got = hangman_page(trees)
    assert got is not None and [v.id for v in got.lists] == ["en-enable", "nl-basis"]
    assert got.files == (("trees/hangman/en-enable/6/optimal/3.json", trees / "hangman/en-enable/6/optimal/3.json"),
                         ("trees/hangman/nl-basis/6/risk/2.json", trees / "hangman/nl-basis/6/risk/2.json"))


@pytest.mark.parametrize("rel", ["EN/6/optimal/3.json", "en-enable/six/optimal/3.json",
                                 "en-enable/6/opt imal/3.json", "en-enable/6/optimal/three.json",
                                 "en-enable/6/optimal/0.json"])
def test_bad_folder_and_file_names_are_refused(tmp_path: Path, rel: str) -> None:
    copy_tree(tmp_path, "en-enable/6/optimal/3.json", rel)
    with pytest.raises(TreeFormatError, match="not an id|not a number|not a Hangman tree name"):
        hangman_tree_files(tmp_path)


def test_a_tree_in_the_wrong_place_is_refused(tmp_path: Path) -> None:
    copy_tree(tmp_path, "en-enable/6/optimal/3.json", "en-enable/6/optimal/4.json")
    with pytest.raises(SiteError, match="do not match its place"):
        hangman_page(tmp_path)


def test_a_tree_that_says_two_things_is_refused(tmp_path: Path) -> None:
    target = copy_tree(tmp_path, "en-enable/6/risk/2.json")
    data = orjson.loads(target.read_bytes())
    data["strategy"]["losses"] += 1
    target.write_bytes(orjson.dumps(data))
    with pytest.raises(SiteError, match="its strategy says"):
        hangman_page(tmp_path)


def test_the_site_verifies_the_hangman_trees(tmp_path: Path) -> None:
    from generator.runs.site import site_tree_files  # the site verifies what it publishes

    copy_tree(tmp_path, "en-enable/6/optimal/3.json")
    assert site_tree_files(tmp_path) == [tmp_path / "hangman/en-enable/6/optimal/3.json"]

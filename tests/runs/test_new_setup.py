"""Adding a set-up is one catalog entry (and its word list): issue 57, "A complete catalogue".

In a project of its own, the test writes a catalog with a new LINGO set-up
(a word list of 40 words), a new Mastermind variant (3x3) and the site's
defaults, then runs the normal commands (``build``, ``mastermind build``,
``site``) and finds the set-ups' trees and pages. It writes no other file:
no code, no template, no list of ids names them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from generator.core.catalog import load_list

CATALOG = '''
[lists.zz-5]
language = "en"
length = 5
alphabet = "abcdefghijklmnopqrstuvwxyz"
digraphs = []
file = "zz-5.txt"
source = "the first 20 b- and k-words of en-common-5"
version = "1"
licence = "public domain"
licence_file = ""
filter = "a sample for a test"

[setups.zz]
title = "Test LINGO, five letters"
game = "lingo"
answers = "zz-5"
guesses = "zz-5"

[mastermind.3x3]
title = "Mastermind, three positions of three colours"
positions = 3
symbols = 3
repeats = true

[site]
setups = ["zz"]
rule = "free"
'''


def files(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def test_a_set_up_added_to_the_catalog_gets_its_trees_and_pages(tmp_path: Path, cli,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    common = load_list("en-common-5").words  # read before the project root moves
    words = [w for w in common if w[0] == "b"][:20] + [w for w in common if w[0] == "k"][:20]
    project, out = tmp_path / "project", tmp_path / "site"
    (project / "wordlists").mkdir(parents=True)
    (project / "wordlists" / "catalog.toml").write_text(CATALOG, encoding="utf-8")
    (project / "wordlists" / "zz-5.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
    written = files(project)
    assert written == {"wordlists/catalog.toml", "wordlists/zz-5.txt"}  # the one change a new set-up needs
    monkeypatch.setenv("LINGO_TREES_ROOT", str(project))

    for argv in (["build", "-j", "2"], ["mastermind", "build", "-j", "2"],
                 ["site", "--pdf", "none", "--out", str(out), "-j", "2"]):
        code, stdout, err = cli(*argv)
        assert code == 0, (argv, stdout, err)

    # the trees: every rule and default strategy of the new set-up, the new variant's greedy trees
    trees = project / "trees"
    for rule in ("free", "same-start"):
        for strategy in ("human", "human-lookup", "scm"):
            assert {p.name for p in (trees / "zz" / rule / strategy).glob("*.json")} >= {"b.json", "k.json"}
    assert {p.parent.name for p in (trees / "mastermind" / "3x3").glob("*/all.json")} == {
        "knuth", "expected", "entropy", "most-parts"}
    # the commands wrote trees and nothing else into the project
    assert {f for f in files(project) - written if not f.startswith("trees/")} == set()

    # the pages: the set-up's own, its lookup and practice game, the variant's
    assert "Test LINGO, five letters" in (out / "zz.html").read_text(encoding="utf-8")
    assert (out / "trees" / "zz" / "free" / "human" / "b.json.gz").exists()
    assert (out / "mastermind" / "3x3" / "knuth.html").exists()
    assert "3x3" in (out / "mastermind.html").read_text(encoding="utf-8")
    lookup = json.loads((out / "assets" / "lookup-index.json").read_text(encoding="utf-8"))
    assert "zz" in lookup["setups"] and "3x3" in json.dumps(lookup["setups"]["mastermind"])
    # the site's defaults come from the catalog's [site] through the JSON the pages read
    assert lookup["default"] == {"setups": ["zz"], "rule": "free", "strategy": "human"}
    practice = (out / "practice.html").read_text(encoding="utf-8")
    assert re.search(r'"default": \{"rule": "free", "setup": "zz"\}', practice)
    assert (out / "practice" / "zz" / "answers.txt.gz").exists()

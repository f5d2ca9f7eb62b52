"""The pages as MkDocs writes them (generator/output/sitepages.py): a letter
page's sheet after its text, a long sheet's later rows on pages of their own."""

from __future__ import annotations

from pathlib import Path

import pytest
from markupsafe import Markup

from generator.core.catalog import trees_dir
from generator.output.sheets import LetterSheet, letter_sheet, sheet_rows
from generator.output.sitepages import rows_page, sheet_html, sheet_parts
from generator.output.treefile import read_tree


@pytest.fixture(scope="module")
def long_sheet() -> LetterSheet:
    tree = read_tree(trees_dir() / "nl-8" / "same-start" / "human" / "b.json")  # the longest kind of sheet
    return letter_sheet(tree, "nl-8", "Dutch", "same-start", "human", "b")


def test_a_long_sheet_is_split_in_parts_of_about_equal_size(long_sheet: LetterSheet) -> None:
    def size(part: list[Markup]) -> int:
        return sum(map(len, part))

    rows = sheet_rows(long_sheet)
    parts = sheet_parts(long_sheet, 60_000)
    assert [row for p in parts for row in p] == rows and len(rows) == len(long_sheet.groups)  # every row once, in order
    assert len(parts) == -(-size(rows) // 60_000) > 2
    assert all(size(p) <= 60_000 for p in parts) and min(map(size, parts)) > 0.7 * max(map(size, parts))
    assert sheet_parts(long_sheet, 10**9) == [rows]  # a short sheet: one part, its page


def test_a_long_sheet_s_later_rows_are_pages_beside_its_own(long_sheet: LetterSheet, tmp_path: Path) -> None:
    page = "nl-8/same-start/human/b.html"
    html = sheet_html(long_sheet, page, tmp_path)
    parts = sheet_parts(long_sheet)
    assert html.count('class="sheet letter-sheet"') == 1
    assert f'data-rows="{rows_page("b", 2)}"' in html and all(row in html for row in parts[0])
    assert parts[1][0] not in html
    later = sorted(p.name for p in (tmp_path / page).parent.iterdir())
    assert later == [rows_page("b", i) for i in range(2, len(parts) + 1)]
    last = (tmp_path / page).with_name(rows_page("b", len(parts))).read_text(encoding="utf-8")
    assert 'href="b.html"' in last and "data-rows" not in last  # the last part links no further

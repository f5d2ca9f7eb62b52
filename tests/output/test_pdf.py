"""Printing sheets to PDF with headless Chromium (generator/output/pdf.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.output import pdf, sheets
from generator.output.treefile import read_tree


def test_pdf_pages_counts_page_objects() -> None:
    data = b"%PDF-1.4\n1 0 obj <</Type /Pages /Count 2>>\n2 0 obj <</Type /Page>>\n3 0 obj <</Type/Page /X 1>>\n"
    assert pdf.pdf_pages(data) == 2


def test_find_chromium_honours_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("LINGO_TREES_CHROMIUM", str(tmp_path / "nothing"))
    assert pdf.find_chromium() is None
    fake = tmp_path / "chromium"
    fake.write_text("")
    monkeypatch.setenv("LINGO_TREES_CHROMIUM", str(fake))
    assert pdf.find_chromium() == str(fake)


def test_pdf_of_a_letter_sheet(chromium: str, tiny: Path, tmp_path: Path) -> None:
    tree = read_tree(tiny / "tiny" / "same-start" / "human" / "b.json")
    s = sheets.letter_sheet(tree, "tiny", "Tiny Dutch LINGO", "same-start", "human", "b")
    (tmp_path / "sheet.css").write_text(sheets.sheet_css(), encoding="utf-8")
    html = tmp_path / "b.html"
    html.write_text(sheets.render_print([s, s], title="b"), encoding="utf-8")
    with pdf.Chromium(chromium) as browser:
        pages = browser.pdf(html, tmp_path / "b.pdf")
        again = browser.pdf(html, tmp_path / "b2.pdf")  # one browser prints many
    data = (tmp_path / "b.pdf").read_bytes()
    assert data.startswith(b"%PDF") and pages == again == 2  # a page break between sheets

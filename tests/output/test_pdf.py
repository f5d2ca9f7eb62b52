"""Printing sheets to PDF with headless Chromium (generator/output/pdf.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

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


def test_pdf_of_a_letter_sheet(chromium: str, tiny: Path) -> None:
    tree = read_tree(tiny / "tiny" / "same-start" / "human" / "b.json")
    s = sheets.letter_sheet(tree, "tiny", "Tiny Dutch LINGO", "same-start", "human", "b")
    html = sheets.render_print([s, s], title="b", inline=True)
    assert "<link" not in html and "</style>" in html  # the stylesheet inside: nothing fetched
    with pdf.Printer(chromium) as printer:
        data = printer.pdf(html)
        again = printer.pdf(html)  # one browser prints many
    assert data.startswith(b"%PDF") and pdf.pdf_pages(data) == pdf.pdf_pages(again) == 2  # a break between


def _in_print_layout(chromium: str, tiny: Path, *scripts: str) -> list[Any]:
    """What each script returns in the tiny project's printed sheet of ``b``
    (strips), laid out as Chromium prints it."""
    from playwright.sync_api import sync_playwright

    tree = read_tree(tiny / "tiny" / "same-start" / "human" / "b.json")
    s = sheets.letter_sheet(tree, "tiny", "Tiny Dutch LINGO", "same-start", "human", "b")
    html = sheets.render_print([s], title="b", inline=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=list(pdf.CHROMIUM_FLAGS))
        page = browser.new_page()
        page.emulate_media(media="print")
        page.set_content(html)
        results = [page.evaluate(script) for script in scripts]
        browser.close()
    return results


def test_strip_letters_sit_in_their_tiles(chromium: str, tiny: Path) -> None:
    """A strip spaces its letters by the font's own letter width (1ch): in the
    printed layout every letter starts as far into its tile as the first."""
    count, bad = _in_print_layout(chromium, tiny, """() => {
          const bad = [];
          for (const el of document.querySelectorAll('.strip')) {
            const box = el.getBoundingClientRect(), n = el.textContent.length, w = box.width / n;
            const at = i => {  // where the i-th glyph starts
              const r = document.createRange();
              r.setStart(el.firstChild, i); r.setEnd(el.firstChild, i + 1);
              return r.getBoundingClientRect().left - box.left;
            };
            const first = at(0);  // every glyph as far into its tile as the first
            for (let i = 0; i < n; i++)
              if (first < 1 || first > w / 2 || Math.abs(at(i) - first - i * w) > 0.5) bad.push(el.textContent + '@' + i);
          }
          return [document.querySelectorAll('.strip').length, bad];
        }""")[0]
    assert count > 10 and bad == []


def test_strip_tiles_are_painted_in_their_colours(chromium: str, tiny: Path) -> None:
    """Behind a strip's text, every tile shows its own colour: the strip's
    background, or the ``::before`` box or one of its box-shadows placed a
    whole number of tiles along (past the strip's end they are cut off); a
    dividing line sits at every tile's left edge."""
    strips, colour = _in_print_layout(chromium, tiny, """() => [...document.querySelectorAll('.strip')].map(el => {
          const tile = getComputedStyle(el, '::before'), line = getComputedStyle(el, '::after');
          const width = parseFloat(tile.width), n = el.textContent.length, off = [];
          const shadows = v => v === 'none' ? [] : v.split(/,(?![^(]*\\))/).map(x => {
            const m = x.trim().match(/^(rgba?\\([^)]*\\)) (-?[\\d.]+)px/);
            return [m[1], +m[2]];
          });
          const tiles = Array(n).fill(getComputedStyle(el).backgroundColor);
          const clear = c => c === 'rgba(0, 0, 0, 0)';  // a place left the strip's own colour
          const paint = (c, at) => {
            if (clear(c)) return;
            const i = Math.round(at / width); off.push(at - i * width); if (i < n) tiles[i] = c;
          };
          if (tile.content !== 'none') {
            const left = parseFloat(tile.left);
            paint(tile.backgroundColor, left);
            for (const [c, at] of shadows(tile.boxShadow)) paint(c, left + at);
          }
          return {text: el.textContent, word: el.classList.contains('word'), width, tiles, off,
                  lines: [[line.backgroundColor, 0], ...shadows(line.boxShadow)]};
        })""", """() => Object.fromEntries(['w', 'g', 'y', 'n', 'line'].map(k => {
          const el = document.querySelector('.strip');  // the colours a strip is given
          const probe = document.createElement('i');
          probe.style.color = `var(--${k})`;
          el.appendChild(probe);
          const c = getComputedStyle(probe).color;
          probe.remove();
          return [k, c];
        }))""")
    mark = {"G": "g", "Y": "y", "·": "n"}
    assert len(strips) > 10 and any(not x["word"] for x in strips)
    assert any(x["off"] for x in strips) and any(len(x["off"]) > 1 for x in strips)  # boxes and shadows
    for x in strips:
        kinds = ["w"] * len(x["text"]) if x["word"] else [mark[c] for c in x["text"]]
        assert x["tiles"] == [colour[k] for k in kinds], x["text"]
        assert all(abs(d) < 0.1 for d in x["off"]), x["text"]  # whole tiles along (layout: 1/64 px)
        assert [c for c, _ in x["lines"]][:len(kinds)] == [colour["line"]] * len(kinds)
        for i, (_, line_at) in enumerate(x["lines"]):
            assert abs(line_at - i * x["width"]) < 0.1, x["text"]


def test_print_all_prints_every_document(chromium: str, tiny: Path) -> None:
    tree = read_tree(tiny / "tiny" / "same-start" / "human" / "b.json")
    s = sheets.letter_sheet(tree, "tiny", "Tiny Dutch LINGO", "same-start", "human", "b")
    docs = [("one", sheets.render_print([s], title="1", inline=True)),
            ("two", sheets.render_print([s, s, s], title="3", inline=True))]
    assert [(name, pages) for name, _, pages in pdf.print_all(chromium, docs)] == [("one", 1), ("two", 3)]


def test_a_missing_browser_is_a_pdf_error(tmp_path: Path) -> None:
    fake = tmp_path / "chromium"
    fake.write_text("#!/bin/sh\nexit 1\n")
    fake.chmod(0o755)
    with pytest.raises(pdf.PdfError, match="did not start"), pdf.Printer(str(fake), timeout=10):
        pass


def test_the_sheet_stylesheet_can_go_inline() -> None:
    assert "</style" not in sheets.sheet_css().lower()

"""The README and docs/: every link reaches a file (and a heading, where it
names one), every ``lingo-trees COMMAND`` they show is a command, the
README's set-up commands are the ones .ci/run runs, and the examples of
docs/format.md (JavaScript with node, Python) print what it says."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "benchmarks" / "RESULTS.md",
         *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`\n]+)`|```[a-z]*\n(.*?)```", re.S)
COMMAND = re.compile(r"\blingo-trees ([a-z]+)(?: ([a-z]+))?")
#: an example of docs/format.md: its code, then a ```text block of what it prints
EXAMPLE = re.compile(r"```(js|python)\n(.*?)```\n\n```text\n(.*?)```", re.S)


def slug(heading: str) -> str:
    """A Markdown heading's anchor as GitHub makes it: ``Fixed guesses`` -> ``fixed-guesses``."""
    return re.sub(r"[^a-z0-9 -]", "", heading.lower()).replace(" ", "-")


def ids(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("page", PAGES, ids=ids)
def test_links_reach_a_file(page: Path) -> None:
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):  # https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        assert dest.exists(), f"{ids(page)} links {target}: no such file"
        if anchor and dest.suffix == ".md":
            headings = re.findall(r"^#+ (.*)$", dest.read_text(encoding="utf-8"), re.M)
            assert anchor in {slug(h) for h in headings}, f"{ids(page)} links {target}: no such heading"


def commands() -> dict[str, set[str]]:
    """Every command of the parser, with its actions (empty for a command without)."""
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    found: dict[str, set[str]] = {}
    for name, parser in sub.choices.items():
        actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        found[name] = set(actions[0].choices) if actions else set()
    return found


@pytest.mark.parametrize("page", PAGES, ids=ids)
def test_commands_shown_exist(page: Path) -> None:
    known = commands()
    for span, block in CODE.findall(page.read_text(encoding="utf-8")):
        for command, action in COMMAND.findall(span or block):
            assert command in known, f"{ids(page)} shows lingo-trees {command}: no such command"
            if known[command] and action:
                assert action in known[command], f"{ids(page)} shows lingo-trees {command} {action}"


def test_readme_setup_commands_are_the_ci_ones() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python -m pip install -e . && lingo-trees build && lingo-trees site\n" in readme
    test_command = "python -m pip install -e '.[test]' && npm ci --no-audit --no-fund && python -m pytest\n"
    assert test_command in readme
    for step in test_command.strip().split(" && "):
        assert step.replace(" -m pip install -e", " -m pip install -q -e") in ci or step in ci, step


def format_example(language: str) -> tuple[str, str]:
    """The code and the output shown of the example in ``language`` under
    docs/format.md's "Reading a tree in a program"."""
    text = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    section = text[text.index("## Reading a tree in a program"):]
    found = {lang: (code, out) for lang, code, out in EXAMPLE.findall(section)}
    assert language in found, f"docs/format.md shows no {language} example with its output"
    return found[language]


def test_the_format_python_example_prints_what_it_says() -> None:
    code, shown = format_example("python")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout == shown


def test_the_format_javascript_example_prints_what_it_says(node: str) -> None:
    code, shown = format_example("js")
    # from stdin, as saved in the repository's root: its imports resolve from there
    result = subprocess.run([node, "--input-type=module"], input=code, cwd=ROOT, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout == shown

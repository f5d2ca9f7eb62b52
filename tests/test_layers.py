"""The package's layers: a lower layer never imports a higher one, and no
module imports itself round a circle (read from the source, every import,
those inside functions too)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

import generator

PACKAGE = Path(generator.__file__).resolve().parent

#: the layers from the bottom; a module may import its own layer and those below
LAYERS = ("errors", "core", "search", "games", "output", "runs", "commands")
TOP = {"generator", "generator.cli", "generator.__main__"}  # the facade and the command line


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer(module: str) -> int:
    """The rank of a module's layer (the command line on top)."""
    if module in TOP:
        return len(LAYERS)
    part = module.split(".")[1]
    return LAYERS.index(part)


def imports() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports."""
    graph: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = module_name(path)
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names if a.name.startswith("generator")}
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("generator"):
                for a in node.names:  # ``from generator.output import paper`` imports a module
                    sub = f"{node.module}.{a.name}"
                    found.add(sub if (PACKAGE.parent / sub.replace(".", "/")).with_suffix(".py").exists()
                              else node.module)
        graph[name] = found - {name}
    return graph


def test_every_module_has_a_layer() -> None:
    for module in imports():
        assert module in TOP or module.split(".")[1] in LAYERS, module


def test_no_upward_import() -> None:
    upward = [(m, i) for m, found in imports().items() for i in found
              if i != "generator" and layer(i) > layer(m)]
    assert upward == [], "a lower layer imports a higher one: " + ", ".join(f"{m} -> {i}" for m, i in upward)


def test_only_the_command_line_uses_the_facade() -> None:
    # the public API in generator/__init__.py is for users; modules import where things live
    users = [m for m, found in imports().items() if "generator" in found and m not in TOP]
    assert users == []


def test_no_import_circle() -> None:
    g = nx.DiGraph([(m, i) for m, found in imports().items() for i in found if i != "generator"])
    cycles = list(nx.simple_cycles(g))
    assert cycles == [], f"import circles: {cycles[:5]}"


def test_the_layer_test_would_catch_an_upward_import(tmp_path: Path) -> None:
    # the reader sees an import inside a function, as the check needs
    code = "def f():\n    from generator.runs.jobs import run_jobs\n"
    found = {n.module for n in ast.walk(ast.parse(code)) if isinstance(n, ast.ImportFrom)}
    assert found == {"generator.runs.jobs"} and layer("generator.runs.jobs") > layer("generator.core.tree")

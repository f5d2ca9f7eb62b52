"""Trees as networkx graphs, and GraphML export."""

from __future__ import annotations

from pathlib import Path

import networkx as nx

from generator.core.tree import GameTree, Node, count_nodes, walk
from generator.output.graph import to_networkx, write_graphml


def test_structure(q_tree: GameTree) -> None:
    g = to_networkx(q_tree)
    assert isinstance(g, nx.DiGraph)
    assert nx.is_arborescence(g)
    assert g.number_of_nodes() == sum(1 for _ in walk(q_tree.root))
    assert g.number_of_edges() == g.number_of_nodes() - 1
    assert sum(1 for _, d in g.nodes(data=True) if not d["leaf"]) == count_nodes(q_tree.root)
    root = g.nodes[""]
    assert root == {"guess": "quant", "leaf": False, "depth": 1}
    assert g.nodes["GG.../GGG.."] == {"guess": "queue", "leaf": True, "depth": 3}
    assert g.edges["GG...", "GG.../GGG.."] == {"pattern": "GGG.."}
    assert g.in_degree("") == 0


def test_every_path_of_the_graph_is_a_path_of_the_tree(q_tree: GameTree) -> None:
    g = to_networkx(q_tree)
    for path, sub in walk(q_tree.root):
        name = "/".join(path)
        assert g.nodes[name]["guess"] == (sub.guess if isinstance(sub, Node) else sub)
        assert g.out_degree(name) == (len(sub.next) if isinstance(sub, Node) else 0)


def test_graph_attributes(q_tree: GameTree) -> None:
    g = to_networkx(q_tree)
    assert g.graph == {"game": "lingo", "revealed": "q", "guess_rule": "free",
                       "answers": "nl-basis-5", "guesses": "nl-all-5", "scheme": "scm"}
    assert to_networkx(Node("stoel", {})).graph == {}


def test_a_bare_leaf() -> None:
    g = to_networkx("cigar")
    assert list(g.nodes(data=True)) == [("", {"guess": "cigar", "leaf": True, "depth": 1})]


def test_graphml_round_trip(tmp_path: Path, q_tree: GameTree) -> None:
    out = tmp_path / "sub" / "q.graphml"
    write_graphml(q_tree, out)
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<graphml") or text.startswith("<?xml")
    back = nx.read_graphml(out)
    g = to_networkx(q_tree)
    assert set(back.nodes) == set(g.nodes) and set(back.edges) == set(g.edges)
    for node, data in g.nodes(data=True):
        assert back.nodes[node] == data
    for u, v, data in g.edges(data=True):
        assert back.edges[u, v] == data
    assert back.graph["revealed"] == "q"
    assert [p.name for p in out.parent.iterdir()] == ["q.graphml"]


def test_graphml_is_deterministic(kit, tmp_path: Path, q_tree: GameTree) -> None:
    write_graphml(q_tree, tmp_path / "a.graphml")
    write_graphml(kit.lingo_tree("q"), tmp_path / "b.graphml")
    assert (tmp_path / "a.graphml").read_bytes() == (tmp_path / "b.graphml").read_bytes()


def test_graphml_is_well_formed_whatever_a_tree_holds() -> None:
    import xml.dom.minidom

    from generator.core.tree import Node
    from generator.output.graph import graphml_bytes

    data = graphml_bytes(Node("st\x1b[2Jl", {"G..Y.": "sch\x00p"}))
    doc = xml.dom.minidom.parseString(data)  # XML 1.0 forbids the raw control characters
    assert "st\\x1b[2Jl" in doc.toxml() and "sch\\x00p" in doc.toxml()

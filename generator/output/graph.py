"""Trees as networkx graphs, and GraphML export.

:func:`to_networkx` turns a tree into a ``DiGraph``: one graph node per tree
node, named by its path of patterns (``""`` for the root, ``"G..../.Y..."``
below), with attributes ``guess`` (the word played there), ``leaf`` (True when
that word is the answer) and ``depth`` (turn number); each edge carries its
``pattern``. :func:`write_graphml` writes that graph for tools like Gephi or
yEd. networkx is imported when a graph is made, not with the package
(every command would pay its 60 ms).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.files import write_atomic
from generator.core.tree import GameTree, Node, Tree, walk

if TYPE_CHECKING:
    import networkx as nx


def to_networkx(tree: GameTree | Tree) -> nx.DiGraph:
    """The tree as a DiGraph rooted at node ``""``.

    >>> from generator.core.tree import Node
    >>> g = to_networkx(Node("stoel", {"G..Y.": "schep", "GG...": "strik"}))
    >>> sorted(g.nodes), g.nodes["GG..."]["guess"], g.edges["", "GG..."]["pattern"]
    (['', 'G..Y.', 'GG...'], 'strik', 'GG...')
    """
    import networkx as nx

    root = tree.root if isinstance(tree, GameTree) else tree
    g = nx.DiGraph()
    if isinstance(tree, GameTree):
        g.graph.update(game=_text(tree.game.name), revealed=_text(tree.game.revealed or ""),
                       guess_rule=tree.game.guess_rule.value, answers=_text(tree.answers),
                       guesses=_text(tree.guesses), scheme=_text(str(tree.strategy.get("scheme", ""))))
    for path, sub in walk(root):
        path = tuple(_text(p) for p in path)
        name = "/".join(path)
        is_node = isinstance(sub, Node)
        g.add_node(name, guess=_text(sub.guess if isinstance(sub, Node) else sub),
                   leaf=not is_node, depth=len(path) + 1)
        if path:
            g.add_edge("/".join(path[:-1]), name, pattern=path[-1])
    return g


#: characters XML 1.0 does not allow (a file holding one is not well-formed)
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _text(value: str) -> str:
    r"""``value`` as XML may hold it: a character XML forbids is written as its escape.

    >>> _text("ab\x1bc")
    'ab\\x1bc'
    """
    return _NOT_XML.sub(lambda m: m.group().encode("unicode_escape", "backslashreplace").decode("ascii"), value)


def graphml_bytes(tree: GameTree | Tree) -> bytes:
    """The tree's graph as GraphML (UTF-8)."""
    import networkx as nx

    lines = nx.generate_graphml(to_networkx(tree))
    return ("\n".join(lines) + "\n").encode("utf-8")


def write_graphml(tree: GameTree | Tree, path: Path) -> None:
    """Write the tree's graph as GraphML (atomically)."""
    write_atomic(Path(path), graphml_bytes(tree))

"""The exact search's memo: what it knows of each position it has met.

A position's **key** is its candidates' columns (two bytes each up to
65,536 answers, else four) and the turns left (one byte, four far past a
byte's range: a key's length then tells the two apart), in hard mode beside
what the rule still requires. Keys are bytes: a long proof's memo holds
millions of them (``benchmarks/bench_memo.py``).

For each key the memo holds either its **solved** cost and best guess row
(row -1: a closed form, the move chosen when the tree is built), or a
**lower** bound proved when a search of it was cut.
"""

from __future__ import annotations

import numpy as np

from generator.search.exact_rules import State

Key = bytes | tuple[bytes, State]  # a memo key (Memo.key)
_TURN_BYTE = {r: r.to_bytes(1, "little", signed=True) for r in range(-128, 128)}


def turn_bytes(r: int) -> bytes:
    """The turns left in a memo key: one byte, four past a byte's range."""
    return _TURN_BYTE.get(r) or r.to_bytes(4, "little", signed=True)


class Memo:
    """Solved positions (cost, best row) and proved lower bounds, by key,
    for a matrix of ``answers`` secrets."""

    def __init__(self, answers: int) -> None:
        self.solved: dict[Key, tuple[int, int]] = {}
        self.lower: dict[Key, int] = {}
        self.key_type = np.uint16 if answers <= 1 << 16 else np.uint32

    def key(self, cols: np.ndarray, r: int, state: State = ()) -> Key:
        """The key of the position of secrets ``cols`` with ``r`` turns left
        (and in hard mode the rule's ``state``)."""
        key = cols.astype(self.key_type).tobytes() + turn_bytes(r)
        return (key, state) if state else key

    def known(self, key: Key) -> int:
        """What the memo knows of a position: its cost if solved, else its
        proved lower bound (0: nothing)."""
        hit = self.solved.get(key)
        return hit[0] if hit is not None else self.lower.get(key, 0)

    def raise_lower(self, key: Key, bound: int) -> None:
        """Keep ``bound`` as the position's lower bound if it is more than the one known."""
        if bound > self.lower.get(key, 0):
            self.lower[key] = bound

    def clear(self) -> None:
        """Forget every position."""
        self.solved.clear()
        self.lower.clear()

    def __len__(self) -> int:
        return len(self.solved) + len(self.lower)

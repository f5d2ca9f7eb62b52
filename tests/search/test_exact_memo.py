"""The exact search's memo (generator/search/exact_memo.py): compact keys, what it knows of a position."""

from __future__ import annotations

import numpy as np

from generator.core.catalog import load_list
from generator.core.partition import Matrix
from generator.core.words import parse_wordlist
from generator.search.exact import Search
from generator.search.exact_memo import Memo


def test_memo_keys_take_two_bytes_a_candidate_and_one_of_turns_left() -> None:
    """A long proof memoizes millions of positions (English TV rules s:
    gigabytes), so a key is bytes, not a tuple of eight-byte columns."""
    words = parse_wordlist(load_list("wordle-answers").words[:40:3], id="a")
    s = Search(Matrix.build(words, words), turns=6)
    assert s.solve_root() < 10**6
    keys = list(s.memo.solved) + list(s.memo.lower)
    assert keys and all(isinstance(k, bytes) and len(k) % 2 == 1 for k in keys)
    cols = np.frombuffer(keys[0][:-1], dtype=np.uint16).astype(np.int64)
    assert s.memo.key(cols, keys[0][-1]) == keys[0]
    # far past the cap (a fewest-late search may go there) the turns take four bytes
    far = {s.memo.key(cols[:k], r) for k in (1, 2, 3) for r in (-129, -1, 0, 127, 128, 300)}
    assert len(far) == 18


def test_more_than_65536_answers_take_four_bytes_a_candidate() -> None:
    memo = Memo(1 << 17)
    assert len(memo.key(np.array([0, 70_000]), 3)) == 2 * 4 + 1
    assert memo.key(np.array([1, 2]), 3, ("hard",)) == (memo.key(np.array([1, 2]), 3), ("hard",))


def test_what_the_memo_knows_of_a_position() -> None:
    memo = Memo(100)
    a, b = memo.key(np.array([1, 2, 3]), 4), memo.key(np.array([1, 2, 4]), 4)
    assert memo.known(a) == 0 and len(memo) == 0
    memo.raise_lower(a, 9)
    memo.raise_lower(a, 7)  # a weaker bound does not replace a stronger one
    memo.solved[b] = (8, 5)
    assert (memo.known(a), memo.known(b), len(memo)) == (9, 8, 2)
    memo.clear()
    assert memo.known(a) == memo.known(b) == 0 and len(memo) == 0

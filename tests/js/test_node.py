"""The browser's game logic against the Python it mirrors: ``node --test tests/js/``
(wordgame.test.mjs runs vectors.py for its vectors), run as part of pytest so
the README's test command covers it."""

from __future__ import annotations

import subprocess
from pathlib import Path

JS = Path(__file__).resolve().parent


def test_the_node_tests_pass(node: str) -> None:
    result = subprocess.run([node, "--test", str(JS)], capture_output=True, text=True, cwd=JS.parents[1],
                            timeout=600)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]

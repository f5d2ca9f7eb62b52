"""The game engine: the vocabulary (Word, Letter, Pattern), feedback and its
kinds, game rules, the catalog of word lists and set-ups, trees as plain data,
partitions and the heuristics on them, and the verifier. Imports nothing
above it.

The engine's kernels run on numba's ``workqueue`` threading layer (unless the
environment names another, ``NUMBA_THREADING_LAYER``): as fast as OpenMP for
them, and safe across ``fork``, so job workers start with the kernels and
matrices of this process (:mod:`generator.runs.jobs`).
"""

import os as _os
import sys as _sys

if "NUMBA_THREADING_LAYER" not in _os.environ:
    _os.environ["NUMBA_THREADING_LAYER"] = "workqueue"
    if "numba" in _sys.modules:  # imported before us: its config is read already
        _sys.modules["numba"].config.THREADING_LAYER = "workqueue"

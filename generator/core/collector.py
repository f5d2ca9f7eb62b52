"""Python's cycle collector kept off objects a command holds to its end.

A command makes millions of small objects that live until it ends: the
modules and their objects at start-up, a site's trees and sheet models. The
cycle collector would walk them all again and again as more are made (a
site's build spent 12 of its 14 s there; a one-core Wordle proof 5 %).
:func:`frozen` leaves everything alive when it is entered out of the
collector's walks (:func:`gc.freeze`) until it ends; :func:`uncollected`
turns the collector off while such objects are made.

:func:`gc.unfreeze` returns *every* frozen object to the collector, so a
:func:`frozen` inside another (a site built by the command line's command)
leaves that to the outermost one.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_depth = 0  # frozen() scopes entered and not yet ended
_lock = threading.Lock()


@contextmanager
def frozen() -> Iterator[None]:
    """Everything alive now is left out of the cycle collector's walks until
    the outermost :func:`frozen` ends (objects freed by their last
    reference are freed as ever)."""
    global _depth
    with _lock:
        gc.freeze()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0:
                gc.unfreeze()


@contextmanager
def uncollected() -> Iterator[None]:
    """No cycle collection while inside (it is on again after, as it was)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()

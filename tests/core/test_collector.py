"""The cycle collector kept off a command's long-lived objects (generator/core/collector.py)."""

from __future__ import annotations

import gc

from generator.core.collector import frozen, uncollected


def test_a_frozen_scope_inside_another_leaves_the_unfreezing_to_the_outer_one() -> None:
    gc.unfreeze()
    outer_objects = [[] for _ in range(100)]  # noqa: F841 (alive while frozen)
    with frozen():
        after_outer = gc.get_freeze_count()
        assert after_outer > 0
        inner_objects = [[] for _ in range(100)]  # noqa: F841
        with frozen():
            assert gc.get_freeze_count() > after_outer
        # the inner scope ended: what the outer one froze is still frozen
        assert gc.get_freeze_count() > after_outer
    assert gc.get_freeze_count() == 0


def test_a_frozen_scope_ends_even_when_its_work_fails() -> None:
    gc.unfreeze()
    try:
        with frozen():
            raise ValueError("the command failed")
    except ValueError:
        pass
    assert gc.get_freeze_count() == 0


def test_uncollected_restores_the_collector_as_it_was() -> None:
    assert gc.isenabled()
    with uncollected():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with uncollected():
            assert not gc.isenabled()
        assert not gc.isenabled()  # it was off before: it stays off
    finally:
        gc.enable()

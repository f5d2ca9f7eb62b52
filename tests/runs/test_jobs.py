"""The executor interface."""

from __future__ import annotations

import pytest

from generator.runs.jobs import run_jobs


def square(x: int) -> int:
    return x * x


def boom(x: int) -> int:
    raise ValueError(f"bad job {x}")


@pytest.mark.parametrize("workers", [1, 2])
def test_every_job_once(workers: int) -> None:
    out = dict(run_jobs(square, range(6), workers))
    assert out == {i: i * i for i in range(6)}


def test_error_in_a_job_propagates() -> None:
    with pytest.raises(ValueError, match="bad job"):
        list(run_jobs(boom, [1, 2, 3], 2))

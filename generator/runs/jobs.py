"""One executor interface for independent jobs (letters, openers, subtrees).

:func:`run_jobs` maps a picklable function over jobs on ``workers``
processes (both cores by default) and yields ``(job, result)`` as they finish,
so a caller can report progress. Searches are written against this interface
only; a cluster engine (Ray, Dask) can later stand behind the same call.

Inside a worker process numba uses one thread (the processes already fill
the cores). Ctrl-C cancels the jobs not started and re-raises
``KeyboardInterrupt``, so the caller writes nothing for unfinished work.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import TypeVar

J = TypeVar("J")
R = TypeVar("R")

Progress = Callable[[str], None]
"""Where a run reports what it is doing: one line of text at a time."""


def available_cores() -> int:
    """The cores this process may use (its CPU affinity, not the machine's count)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def default_workers() -> int:
    return max(1, min(2, os.cpu_count() or 1))


def use_threads(n: int) -> None:
    """Let numba's kernels in this process use ``n`` threads (at most the cores)."""
    import numba

    most: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    numba.set_num_threads(max(1, min(n, most)))


def _single_thread() -> None:
    import numba

    numba.set_num_threads(1)


def run_jobs(fn: Callable[[J], R], jobs: Iterable[J], workers: int | None = None) -> Iterator[tuple[J, R]]:
    """Yield ``(job, fn(job))`` for every job, in the order they finish.

    With ``workers == 1`` the jobs run in this process, in order (simplest to
    debug, and numba may then use every core).
    """
    todo = list(jobs)
    workers = default_workers() if workers is None else workers
    if workers <= 1 or len(todo) <= 1:
        for job in todo:
            yield job, fn(job)
        return
    # spawn, not fork: numba's thread pool in this process does not survive a fork
    ctx = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_single_thread, mp_context=ctx)
    try:
        pending: dict[Future[R], J] = {pool.submit(fn, job): job for job in todo}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                job = pending.pop(fut)
                yield job, fut.result()
    except BaseException:
        # stop at once: running workers too (their results would be dropped anyway)
        workers_left = list(getattr(pool, "_processes", {}).values())
        for proc in workers_left:
            proc.terminate()
        for proc in workers_left:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)

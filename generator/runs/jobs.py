"""One executor interface for independent jobs (letters, openers, parts, files).

:func:`run_jobs` maps a picklable, module-level function over jobs and yields
``(job, result)`` as they finish, so a caller can report progress. Every
search is written against this interface only; this module alone knows what
runs them:

* **local processes** (default): as many workers as the cores this process
  may use (:func:`generator.core.jit.available_cores`, its CPU affinity), each with numba threads
  so the cores are neither idle nor oversubscribed; once fewer jobs are left
  than workers, the jobs still running take the idle workers' cores
  (:func:`generator.core.jit.threads_now`). Workers are forked where
  numba's threading layer allows it (``workqueue``, set by
  :mod:`generator.core`), so they start at once with the kernels compiled and
  the matrices built; else spawned.
* **a Dask cluster**: with a scheduler address (``--scheduler`` of a command,
  or the environment variable ``LINGO_TREES_SCHEDULER``), the jobs go to a
  ``dask.distributed`` scheduler (``dask scheduler`` / ``dask worker ADDRESS``,
  the package installed on the workers: ``pip install lingo-trees[cluster]``).
  A job whose worker dies is run again by Dask; the results are the same
  bytes either way.

With ``workers == 1`` (and no scheduler) the jobs run in this process, in
order (simplest to debug, and numba may then use every core). Ctrl-C (or
SIGTERM, see :mod:`generator.cli`) cancels the jobs not started and stops the
running workers; the caller writes nothing for unfinished work. A caller
interrupted between two results leaves its run suspended, not stopped (a
traceback's frames may keep it so until exit, and Python waits for a running
pool at exit): :func:`stop_runs` stops every run still going, and the command
line calls it whenever a command ends. Workers end with the process that
started them, even one killed outright (Linux: a parent-death signal).
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import queue
import signal
import sys
import threading
import weakref
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, TypeVar

from generator.core import jit
from generator.errors import LingoTreesError

J = TypeVar("J")
R = TypeVar("R")

Progress = Callable[[str], None]
"""Where a run reports what it is doing: one line of text at a time."""

SCHEDULER_ENV = "LINGO_TREES_SCHEDULER"
_scheduler: str | None = None  # set for the duration of a command by :func:`cluster`
WORKERS_TIMEOUT = 30  # seconds to wait for a scheduler's first worker
CONNECT_TIMEOUT = 10  # seconds for a scheduler to connect and answer


class ClusterError(LingoTreesError):
    """The Dask scheduler cannot be reached, or its workers cannot run the jobs."""


def default_workers() -> int:
    """Worker processes when none is asked for: every core this process may use."""
    return jit.available_cores()


def use_threads(n: int) -> None:
    """Let the kernels in this process use ``n`` threads (at most the cores)."""
    jit.use_threads(n)


_PR_SET_PDEATHSIG = 1  # prctl(2)


def _worker_start(threads: int, parent: int, left: Any, workers: int) -> None:
    """Set up a local worker process: the main process handles Ctrl-C and stops
    its workers with SIGTERM, which must end a worker quietly (a forked worker
    inherits the command's handler that turns SIGTERM into KeyboardInterrupt).
    On Linux the worker is killed when its parent dies, however it dies (the
    OOM killer's SIGKILL too), so no worker outlives the command."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform == "linux":
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:  # it died before the signal was asked for
            os._exit(1)
    use_threads(threads)
    cores = jit.available_cores()
    jit.share_cores(lambda: cores // max(1, min(workers, left.value)))


@contextlib.contextmanager
def cluster(scheduler: str | None) -> Iterator[None]:
    """Send the jobs of :func:`run_jobs` to the Dask scheduler at ``scheduler``
    (None: ``$LINGO_TREES_SCHEDULER``, else local processes) while inside."""
    global _scheduler
    address = scheduler or os.environ.get(SCHEDULER_ENV) or None
    if address is not None:
        _check_address(address, "--scheduler" if scheduler else f"${SCHEDULER_ENV}")
        _check_answers(address)
    previous, _scheduler = _scheduler, address
    try:
        yield
    finally:
        _scheduler = previous


@contextlib.contextmanager
def local() -> Iterator[None]:
    """Run the jobs of :func:`run_jobs` in this machine's processes while
    inside, a scheduler or not (jobs that read this machine's files)."""
    global _scheduler
    previous, _scheduler = _scheduler, None
    try:
        yield
    finally:
        _scheduler = previous


def _check_address(address: str, given: str) -> None:
    """A Dask scheduler's address (``host:port``, with a protocol or not), or
    one clear line, before any work (Dask would say it in a traceback)."""
    try:
        from distributed.comm.addressing import parse_address, parse_host_port
    except ImportError:
        raise ClusterError(f"a Dask scheduler was given ({given}), but dask.distributed is not installed: "
                           "pip install 'lingo-trees[cluster]'") from None
    try:
        protocol, location = parse_address(address)
        if protocol in ("tcp", "tls"):
            parse_host_port(location)
    except (ValueError, TypeError) as exc:
        raise ClusterError(f"{given} {address[:60]!r} is not a Dask scheduler's address "
                           f"(host:port, such as tcp://10.0.0.1:8786): {exc}") from None


def in_this_process(workers: int | None) -> bool:
    """Whether :func:`run_jobs` runs its jobs one after another in this
    process (one worker, no scheduler): then a job split finer for other
    workers only repeats work."""
    return not _scheduler and (default_workers() if workers is None else workers) <= 1


def on_a_cluster() -> bool:
    """Whether :func:`run_jobs` sends its jobs to a Dask scheduler."""
    return _scheduler is not None


def run_jobs(fn: Callable[[J], R], jobs: Iterable[J], workers: int | None = None) -> Iterator[tuple[J, R]]:
    """Yield ``(job, fn(job))`` for every job, in the order they finish.

    ``fn`` must be a module-level function and the jobs picklable values (they
    travel to other processes or machines). ``workers``: local worker
    processes (default every core); ignored on a cluster.
    """
    todo = list(jobs)
    if _scheduler and todo:
        yield from _on_cluster(fn, todo, _scheduler)
        return
    workers = default_workers() if workers is None else workers
    workers = min(workers, len(todo))
    if workers <= 1:
        for job in todo:
            yield job, fn(job)
        return
    threads = max(1, jit.available_cores() // workers)
    context = _start_method()
    left = context.RawValue("i", len(todo))  # the jobs not finished: once fewer than the workers, the
    # running ones share the idle workers' cores (jit.threads_now); written here only, read by the workers
    counting = threading.Lock()  # (a callback runs in the pool's thread, or here if the job is done)

    def count(_: Future[R]) -> None:
        with counting:
            left.value -= 1

    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_worker_start,
                               initargs=(threads, os.getpid(), left, workers))
    _running.add(pool)
    try:
        # finished futures come through a queue that holds no lock while this
        # thread waits on it (an interrupt inside concurrent.futures.wait can
        # leave a future's lock taken, and the pool's thread stuck on it)
        finished: queue.SimpleQueue[Future[R]] = queue.SimpleQueue()
        jobs_of: dict[Future[R], J] = {}
        for job in todo:
            fut = pool.submit(fn, job)
            jobs_of[fut] = job
            fut.add_done_callback(count)
            fut.add_done_callback(finished.put)
        for _ in todo:
            fut = finished.get()
            yield jobs_of[fut], fut.result()
    except BaseException:
        _stop(pool)
        raise
    _running.discard(pool)
    pool.shutdown(wait=True)


_running: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()  # pools of runs not ended


def stop_runs() -> None:
    """Stop every local run still going, its workers too (see the module's notes)."""
    for pool in list(_running):
        _stop(pool)


def _start_method() -> Any:
    """Fork (workers start with this process's kernels and data) where numba's
    threading layer is fork-safe or not started yet; else spawn."""
    # numba not imported yet (no kernel ran just in time): no threads started
    layer = jit.threading_layer()
    safe = layer in (None, "workqueue", "tbb") and "fork" in multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if safe else "spawn")


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop at once: running workers too (their results would be dropped anyway).

    A worker stopped while it sent a result leaves part of it in the pipe,
    and the pool's manager thread would wait for the rest for ever (Python
    joins that thread at exit: the command would hang there). With the
    workers gone, this process holds the pipe's only write end: closing it
    ends that wait (a worker that outlives SIGKILL for a while, stuck in the
    kernel, closes its copy when it ends), and the thread finds the pool
    broken and ends."""
    _running.discard(pool)
    workers_left = list((getattr(pool, "_processes", None) or {}).values())
    writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)  # (shutdown forgets the queue)
    manager = getattr(pool, "_executor_manager_thread", None)  # (and the thread)
    for proc in workers_left:
        proc.terminate()
    for proc in workers_left:
        proc.join(timeout=5)
        if proc.is_alive():
            proc.kill()
            proc.join(timeout=5)
    pool.shutdown(wait=False, cancel_futures=True)
    if writer is not None and not writer.closed:
        writer.close()
    if manager is not None:
        # let the thread end now: at exit Python would wake it through a pipe
        # the thread closes as it ends, and the two could cross (EBADF)
        manager.join(timeout=10)


_one_at_a_time = threading.Lock()


def _on_worker(fn: Callable[[J], R], job: J) -> R:
    """Run one job on a Dask worker process: one job at a time (numba's
    ``workqueue`` threading layer takes one parallel kernel at a time), its
    kernels on as many threads as the worker was given (``--nthreads``), so a
    worker of one process per core and a worker of one process with a thread
    per core both keep their cores busy."""
    from distributed import get_worker

    with _one_at_a_time:
        use_threads(int(getattr(get_worker(), "nthreads", 1) or 1))
        return fn(job)


def _package_probe() -> Callable[[], str]:
    """A function that tells which lingo-trees a worker has ("missing": none).
    Made here, so that it travels by value and runs where the package does not."""
    def probe() -> str:
        import importlib.metadata
        import importlib.util

        try:
            if importlib.util.find_spec("generator") is None:
                return "missing"
            return importlib.metadata.version("lingo-trees")
        except (ImportError, ValueError, importlib.metadata.PackageNotFoundError):
            return "missing"
    return probe


def _check_workers(client: Any, address: str) -> None:
    """The scheduler has workers, and every one has this lingo-trees: else one
    clear line (a worker without the package cannot even read a job, and the
    run would wait for ever)."""
    import importlib.metadata

    try:
        client.wait_for_workers(1, timeout=WORKERS_TIMEOUT)
    except TimeoutError:
        raise ClusterError(f"the Dask scheduler at {address} has no workers (start some: "
                           f"dask worker {address} --nworkers -1 --nthreads 1)") from None
    found: dict[str, str] = client.run(_package_probe())
    ours = importlib.metadata.version("lingo-trees")
    wrong = sorted((v, w) for w, v in found.items() if v != ours)
    if wrong:
        version, worker = wrong[0]
        has = "no lingo-trees" if version == "missing" else f"lingo-trees {version}, this machine {ours}"
        raise ClusterError(f"{len(wrong)} of the {len(found)} workers of the Dask scheduler at {address} "
                           f"cannot run the jobs (worker {worker}: {has}): install this lingo-trees on "
                           "them (pip install '.[cluster]' in the same checkout)")


def _check_answers(address: str) -> None:
    """The scheduler at ``address`` connects and answers Dask's handshake
    within :data:`CONNECT_TIMEOUT` seconds: else one clear line (Dask's own
    client would wait for ever on a server that never answers, and read an
    HTTP server's reply as a frame of exabytes)."""
    import asyncio

    from distributed.comm import connect

    async def probe() -> None:
        comm = await connect(address, timeout=CONNECT_TIMEOUT)  # (the handshake itself has no timeout)
        await comm.close()

    try:
        asyncio.run(asyncio.wait_for(probe(), CONNECT_TIMEOUT + 2))  # (connect's own error first)
    except Exception as exc:  # whatever the other end sent (MemoryError for an HTTP server's reply)
        said = f"{type(exc).__name__}: {str(exc).splitlines()[0][:120]}" if str(exc) else type(exc).__name__
        if isinstance(exc, TimeoutError):
            why = f"nothing within {CONNECT_TIMEOUT} s: is it a Dask scheduler?"
            raise ClusterError(f"the Dask scheduler at {address} does not answer ({why})") from None
        if isinstance(exc, OSError):
            raise ClusterError(f"cannot reach the Dask scheduler at {address} ({said})") from None
        raise ClusterError(f"{address} does not answer as a Dask scheduler does ({said})") from None


def _on_cluster(fn: Callable[[J], R], todo: list[J], address: str) -> Iterator[tuple[J, R]]:
    """The jobs on a Dask scheduler; one clear line for what goes wrong."""
    try:
        from distributed import Client, as_completed
        from distributed.scheduler import KilledWorker
    except ImportError:
        raise ClusterError("a Dask scheduler was given, but dask.distributed is not installed: "
                           "pip install 'lingo-trees[cluster]'") from None
    try:
        client = Client(address, timeout=f"{CONNECT_TIMEOUT}s", set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address} ({type(exc).__name__}: "
                           f"{str(exc).splitlines()[0][:120]})") from None
    try:
        _check_workers(client, address)
        futures = {client.submit(_on_worker, fn, job, pure=False): job for job in todo}
        for fut in as_completed(futures, loop=client.loop):
            job = futures[fut]
            try:
                result = fut.result()
            except (ModuleNotFoundError, ImportError) as exc:
                raise ClusterError(f"the cluster's workers cannot run lingo-trees jobs ({exc}): install "
                                   "the same lingo-trees on them (pip install 'lingo-trees[cluster]')") from None
            except KilledWorker as exc:
                raise ClusterError(f"a job killed its workers again and again ({exc}); "
                                   "the trees that finished are kept") from None
            yield job, result
    except BaseException:
        if "futures" in locals():
            client.cancel(list(futures))
        raise
    finally:
        client.close()

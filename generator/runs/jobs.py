"""What runs independent jobs (letters, openers, parts, files): a :data:`Runner`.

A command makes its runner once (:func:`runner`, from ``-j`` and
``--scheduler``) and passes it down to what runs jobs; ``runner.run(fn,
jobs)`` maps a picklable, module-level function over jobs and yields ``(job,
result)`` as they finish, so a caller can report progress:

* :class:`Processes` (default): this machine's processes, :func:`run_jobs`:
  as many workers as the cores this process may use
  (:func:`generator.core.jit.available_cores`, its CPU affinity), each with
  numba threads so the cores are neither idle nor oversubscribed; once fewer
  jobs are left than workers, the jobs still running take the idle workers'
  cores (:func:`generator.core.jit.threads_now`). Workers are forked where
  numba's threading layer allows it (``workqueue``, set by
  :mod:`generator.core`), so they start at once with the kernels compiled and
  the matrices built; else spawned. The pool is this module's own (processes
  and pipes of :mod:`multiprocessing`), made for each run, after the caller
  loaded what the workers share.
* :class:`Cluster`: with a scheduler address (``--scheduler`` of a command,
  or the environment variable ``LINGO_TREES_SCHEDULER``), the jobs go to a
  ``dask.distributed`` scheduler (``dask scheduler`` / ``dask worker ADDRESS``,
  the package installed on the workers: ``pip install lingo-trees[cluster]``),
  through one client for the command. A job whose worker dies is run again
  by Dask; the results are the same bytes either way.

With one worker (and no scheduler) the jobs run in this process, in order
(simplest to debug, and numba may then use every core). Ctrl-C (or SIGTERM,
see :mod:`generator.cli`) cancels the jobs not started and stops the running
workers; the caller writes nothing for unfinished work. A caller interrupted
between two results leaves its run suspended, not stopped (a traceback's
frames may keep it so until exit): :func:`stop_runs` stops every run still
going, and the command line calls it whenever a command ends. Workers end
with the process that started them, even one killed outright (Linux: a
parent-death signal).
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
import traceback
import weakref
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

from generator.core import jit
from generator.errors import LingoTreesError

J = TypeVar("J")
R = TypeVar("R")

Progress = Callable[[str], None]
"""Where a run reports what it is doing: one line of text at a time."""

SCHEDULER_ENV = "LINGO_TREES_SCHEDULER"
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


@dataclass(frozen=True)
class Processes:
    """Jobs run by this machine's processes: ``workers`` of them (None: every
    core this process may use; 1: one after another in this process)."""

    workers: int | None = None

    def run(self, fn: Callable[[J], R], jobs: Iterable[J]) -> Iterator[tuple[J, R]]:
        """:func:`run_jobs` on this machine."""
        return run_jobs(fn, jobs, self.workers)

    @property
    def in_this_process(self) -> bool:
        """Whether the jobs run one after another in this process: then a job
        split finer for other workers only repeats work."""
        return (default_workers() if self.workers is None else self.workers) <= 1

    @property
    def on_a_cluster(self) -> bool:
        return False


@dataclass(eq=False)
class Cluster:
    """Jobs run by the workers of the Dask scheduler at ``address``, through
    one client made when the first jobs are sent and closed with the command
    (:func:`runner`); ``workers``: this machine's processes, for the jobs
    that read its files."""

    address: str
    workers: int | None = None
    client: Any = None

    def run(self, fn: Callable[[J], R], jobs: Iterable[J]) -> Iterator[tuple[J, R]]:
        """The jobs on the cluster, as :func:`run_jobs` yields them."""
        todo = list(jobs)
        return _on_cluster(fn, todo, self) if todo else iter(())

    @property
    def in_this_process(self) -> bool:
        return False

    @property
    def on_a_cluster(self) -> bool:
        return True

    def close(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None


Runner = Processes | Cluster
"""What runs a command's jobs, made once by the command (:func:`runner`) and passed down."""


@contextlib.contextmanager
def runner(scheduler: str | None, workers: int | None) -> Iterator[Runner]:
    """What runs the jobs of a command: the Dask scheduler at ``scheduler``
    (None: ``$LINGO_TREES_SCHEDULER``), checked before any work, else
    ``workers`` processes of this machine (None: every core)."""
    address = scheduler or os.environ.get(SCHEDULER_ENV) or None
    if address is None:
        yield Processes(workers)
        return
    _check_address(address, "--scheduler" if scheduler else f"${SCHEDULER_ENV}")
    _check_answers(address)
    found = Cluster(address, workers)
    try:
        yield found
    finally:
        found.close()


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


def run_jobs(fn: Callable[[J], R], jobs: Iterable[J], workers: int | None = None) -> Iterator[tuple[J, R]]:
    """Yield ``(job, fn(job))`` for every job, in the order they finish, on
    this machine (:meth:`Cluster.run`: on a cluster).

    ``fn`` must be a module-level function and the jobs picklable values (they
    travel to other processes or machines). ``workers``: local worker
    processes (default every core).
    """
    todo = list(jobs)
    workers = default_workers() if workers is None else workers
    workers = min(workers, len(todo))
    if workers <= 1:
        for job in todo:
            yield job, fn(job)
        return
    pool = _Pool(fn, workers, len(todo))
    _running.add(pool)
    try:
        for i, result in pool.results(todo):
            yield todo[i], result
    except BaseException:
        pool.stop()
        raise
    pool.close()


class _Pool:
    """Worker processes for one run, each fed its jobs through a pipe of its
    own and answering through another; this process reads the answers in
    the thread that asks for them (no thread of the pool's own: nothing left
    to wait for at exit, whatever state a stopped worker left its pipe in).
    A worker is sent its next job when it answers the last, never queued
    behind a job it runs: jobs of a proof differ in length by orders of
    magnitude, and a short job waiting behind a long one while another
    worker idles would stretch the run (a round trip between two jobs costs
    a fraction of a millisecond)."""

    def __init__(self, fn: Callable[[J], R], workers: int, jobs: int) -> None:
        context = _start_method()
        threads = max(1, jit.available_cores() // workers)
        # the jobs not finished: once fewer than the workers, the running ones share the
        # idle workers' cores (jit.threads_now); each worker counts down the jobs it ends
        left = self.left = context.Value("i", jobs)  # (kept: a spawned worker opens it as it starts)
        self.inputs: list[Connection] = []
        self.answers: list[Connection] = []
        self.processes: list[BaseProcess] = []
        for _ in range(workers):
            job_reader, job_writer = context.Pipe(duplex=False)
            answer_reader, answer_writer = context.Pipe(duplex=False)
            proc = context.Process(target=_worker, daemon=True,
                                   args=(fn, job_reader, answer_writer, threads, os.getpid(), left, workers))
            proc.start()
            job_reader.close()
            answer_writer.close()
            self.inputs.append(job_writer)
            self.answers.append(answer_reader)
            self.processes.append(proc)

    def results(self, todo: list[Any]) -> Iterator[tuple[int, Any]]:
        """``(index of the job, its result)`` as the jobs end; a job's error raised here."""
        queued = iter(range(len(todo)))
        busy = [0] * len(self.processes)

        def feed(k: int) -> None:
            i = next(queued, None)
            if i is not None:
                self.inputs[k].send((i, todo[i]))
                busy[k] += 1

        for k in range(len(self.processes)):
            feed(k)
        by_conn = {id(c): k for k, c in enumerate(self.answers)}
        by_sentinel = {p.sentinel: k for k, p in enumerate(self.processes)}
        for _ in todo:
            k = self._next_answer(by_conn, by_sentinel, busy)
            try:
                i, ok, value = self.answers[k].recv()
            except EOFError:
                raise self._broken(k) from None
            busy[k] -= 1
            if not ok:
                error, where = value
                raise error from RemoteTraceback(where)
            feed(k)
            yield i, value

    def _next_answer(self, by_conn: dict[int, int], by_sentinel: dict[int, int], busy: list[int]) -> int:
        """The worker whose answer is ready (one with jobs that died: an error)."""
        waiting: list[Any] = [c for k, c in enumerate(self.answers) if busy[k]]
        waiting += [p.sentinel for k, p in enumerate(self.processes) if busy[k]]
        ready = multiprocessing.connection.wait(waiting)
        answer = next((r for r in ready if not isinstance(r, int)), None)
        if answer is not None:
            return by_conn[id(answer)]
        k = by_sentinel[next(r for r in ready if isinstance(r, int))]
        if self.answers[k].poll():  # its last answer came before it ended
            return k
        raise self._broken(k)

    def _broken(self, k: int) -> BrokenProcessPool:
        self.processes[k].join(timeout=5)
        return BrokenProcessPool(f"a worker process ended abruptly (exit code {self.processes[k].exitcode})")

    def close(self) -> None:
        """End the workers once every job is done."""
        _running.discard(self)
        for conn in self.inputs:
            with contextlib.suppress(OSError):
                conn.send(None)
        for proc in self.processes:
            proc.join()
        self._close_pipes()

    def stop(self) -> None:
        """Stop at once: running workers too (their results would be dropped anyway)."""
        _running.discard(self)
        for proc in self.processes:
            proc.terminate()
        for proc in self.processes:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()
                proc.join(timeout=5)
        self._close_pipes()

    def _close_pipes(self) -> None:
        for conn in self.inputs + self.answers:
            conn.close()


def _worker(fn: Callable[[J], R], jobs: Connection, answers: Connection, threads: int, parent: int,
            left: Any, workers: int) -> None:
    """A local worker process: its jobs one after another until told to end
    (None), each answered ``(index, ok, result or error)``."""
    _worker_start(threads, parent, left, workers)
    while (item := jobs.recv()) is not None:
        i, job = item
        try:
            answer: tuple[int, bool, Any] = (i, True, fn(job))
        except Exception as exc:  # the caller raises it, with where it happened
            answer = (i, False, (exc, traceback.format_exc()))
        with left.get_lock():
            left.value -= 1
        try:
            answers.send(answer)
        except Exception as exc:  # an answer that does not pickle
            error = RuntimeError(f"job {i}: its result cannot be sent back ({exc!r})")
            answers.send((i, False, (error, traceback.format_exc())))


class RemoteTraceback(Exception):
    """Where a job's error happened in its worker process (the cause of the error raised here)."""

    def __str__(self) -> str:
        return f"\n\"\"\"\n{self.args[0]}\"\"\""


_running: weakref.WeakSet[_Pool] = weakref.WeakSet()  # pools of runs not ended


def stop_runs() -> None:
    """Stop every local run still going, its workers too (see the module's notes)."""
    for pool in list(_running):
        pool.stop()


def _start_method() -> Any:
    """Fork (workers start with this process's kernels and data) where numba's
    threading layer is fork-safe or not started yet; else spawn."""
    # numba not imported yet (no kernel ran just in time): no threads started
    layer = jit.threading_layer()
    safe = layer in (None, "workqueue", "tbb") and "fork" in multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if safe else "spawn")


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


def _client(address: str) -> Any:
    """A Dask client of the scheduler at ``address``; one clear line for what goes wrong."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("a Dask scheduler was given, but dask.distributed is not installed: "
                           "pip install 'lingo-trees[cluster]'") from None
    try:
        return Client(address, timeout=f"{CONNECT_TIMEOUT}s", set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address} ({type(exc).__name__}: "
                           f"{str(exc).splitlines()[0][:120]})") from None


def _on_cluster(fn: Callable[[J], R], todo: list[J], cluster: Cluster) -> Iterator[tuple[J, R]]:
    """The jobs on a Dask scheduler; one clear line for what goes wrong."""
    from distributed import as_completed
    from distributed.scheduler import KilledWorker

    address = cluster.address
    if cluster.client is None:
        cluster.client = _client(address)
    client = cluster.client
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

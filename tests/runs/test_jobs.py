"""The executor interface."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.core import jit
from generator.runs import jobs
from generator.runs.jobs import Cluster, ClusterError, Processes, run_jobs, runner


def square(x: int) -> int:
    return x * x


def boom(x: int) -> int:
    raise ValueError(f"bad job {x}")


@pytest.mark.parametrize("workers", [1, 2])
def test_every_job_once(workers: int) -> None:
    out = dict(run_jobs(square, range(6), workers))
    assert out == {i: i * i for i in range(6)}


def threads_seen(last: bool) -> tuple[int, int]:
    """The threads this job may use as it starts, and (the last job) once it
    may use every core, waiting for that at most a minute."""
    start = jit.threads_now()
    waited = time.monotonic()
    while last and jit.threads_now() < jit.available_cores() and time.monotonic() - waited < 60:
        time.sleep(0.05)
    return start, jit.threads_now()


def nap(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def test_a_short_job_never_waits_behind_a_long_one_while_a_worker_is_idle() -> None:
    """A worker is sent its next job when it answers the last: the short jobs
    all go to the idle worker, none is queued behind the long one."""
    order = [seconds for _, seconds in run_jobs(nap, [2.0] + [0.01] * 6, workers=2)]
    assert order[-1] == 2.0 and sorted(order[:-1]) == [0.01] * 6


def test_the_last_job_running_takes_the_idle_workers_cores() -> None:
    cores = jit.available_cores()
    out = dict(run_jobs(threads_seen, [False, True], 2))
    assert out[False] == (max(1, cores // 2),) * 2  # it runs while the other job is not finished
    # the last job starts beside the other or, in the same worker, after it
    assert out[True][0] in (max(1, cores // 2), cores) and out[True][1] == cores


def test_error_in_a_job_propagates() -> None:
    with pytest.raises(ValueError, match="bad job"):
        list(run_jobs(boom, [1, 2, 3], 2))


_STOPPED_MID_SEND = """
import os, signal, sys, threading, time
from pathlib import Path
from generator.runs.jobs import run_jobs

MARK = Path(sys.argv[1])

def big(i):
    if i == 1:
        MARK.touch()  # about to send ~200 MB back
        return b"x" * 200_000_000
    time.sleep(60)

def interrupt():
    while not MARK.exists():
        time.sleep(0.005)
    time.sleep(float(sys.argv[2]))
    os.kill(os.getpid(), signal.SIGINT)

threading.Thread(target=interrupt, daemon=True).start()
try:
    list(run_jobs(big, [1, 2], 2))
except KeyboardInterrupt:
    print("interrupted")
"""


@pytest.mark.parametrize("delay", [round(0.02 * i, 2) for i in range(20)])  # 20 times, at 20 moments of the send
def test_a_worker_stopped_while_it_sends_its_result_leaves_no_hang(tmp_path: Path, delay: float) -> None:
    # the pool's manager thread would wait for the rest of the result for ever,
    # and Python joins it at exit
    proc = subprocess.run([sys.executable, "-c", _STOPPED_MID_SEND, str(tmp_path / "mark"), str(delay)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and proc.stdout.strip() == "interrupted", proc.stderr
    assert "Traceback" not in proc.stderr


_SUSPENDED = """
import sys, time
from generator.runs import jobs

def nap(i):
    if i:
        time.sleep(120)
    return i

try:
    results = jobs.run_jobs(nap, range(4), 2)
    keep = [results]
    keep.append(keep)  # a cycle keeps the run suspended, as a traceback's frames can
    for job, r in results:
        raise KeyboardInterrupt  # between two results: outside the run
except KeyboardInterrupt:
    jobs.stop_runs()
    print("interrupted")
"""


def test_a_run_interrupted_between_two_results_is_stopped_by_stop_runs() -> None:
    # else Python waits at exit for the pool, which goes on with every job
    proc = subprocess.run([sys.executable, "-c", _SUSPENDED], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and proc.stdout.strip() == "interrupted", proc.stderr


_PARENT = """
import os, sys, time
from pathlib import Path
from generator.runs.jobs import run_jobs

def pid(i):
    Path(sys.argv[1], str(os.getpid())).touch()
    time.sleep(120)

list(run_jobs(pid, [1, 2], 2))
"""


@pytest.mark.skipif(sys.platform != "linux", reason="the parent-death signal is Linux's")
def test_workers_end_when_their_parent_is_killed_outright(tmp_path: Path) -> None:
    import time

    proc = subprocess.Popen([sys.executable, "-c", _PARENT, str(tmp_path)])
    try:
        for _ in range(600):
            if len(list(tmp_path.iterdir())) == 2:
                break
            time.sleep(0.1)
        workers = [int(p.name) for p in tmp_path.iterdir()]
        assert len(workers) == 2
    finally:
        proc.kill()  # as the OOM killer does: no handler runs
        proc.wait()
    for _ in range(100):
        alive = [w for w in workers if Path(f"/proc/{w}").exists()
                 and Path(f"/proc/{w}/stat").read_text().split()[2] != "Z"]
        if not alive:
            break
        time.sleep(0.1)
    for w in alive:  # (a failure leaves no process behind)
        os.kill(w, signal.SIGKILL)
    assert alive == [], f"workers outlived their parent: {alive}"


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _alive(pids: list[int]) -> list[int]:
    return [p for p in pids if Path(f"/proc/{p}").exists() and Path(f"/proc/{p}/stat").read_text().split()[2] != "Z"]


@pytest.mark.skipif(sys.platform != "linux", reason="the parent-death signal is Linux's")
def test_workers_end_when_their_parent_is_killed_the_moment_they_start(tmp_path: Path) -> None:
    # killed before a worker could ask for the parent-death signal, the worker
    # must still notice (issue 60, item 5): kill the parent as soon as it has a child
    import time

    orphans: list[int] = []
    for _ in range(5):
        proc = subprocess.Popen([sys.executable, "-c", _PARENT, str(tmp_path)])
        kids: list[int] = []
        try:
            deadline = time.monotonic() + 120
            while not kids and time.monotonic() < deadline and proc.poll() is None:
                kids = _children(proc.pid)
        finally:
            proc.kill()
            proc.wait()
        assert kids, "the parent started no worker"
        for _ in range(100):
            if not _alive(kids):
                break
            time.sleep(0.1)
        left = _alive(kids)
        for k in left:  # (a failure leaves no process behind)
            os.kill(k, signal.SIGKILL)
        orphans += left
    assert orphans == [], f"workers outlived their parent: {orphans}"


# -- on a Dask cluster ---------------------------------------------------------------


@pytest.fixture(scope="module")
def local_cluster() -> Iterator[Any]:
    # the scheduler's HTTP server listens even without a dashboard, on port 8787
    # unless told otherwise (two clusters at once warned "Port 8787 is already
    # in use"): every cluster here takes a free port on localhost
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address="127.0.0.1:0") as c:
        yield c


def test_jobs_on_a_cluster(local_cluster: Any) -> None:
    with runner(local_cluster.scheduler_address, None) as on:
        assert isinstance(on, Cluster) and on.on_a_cluster and not on.in_this_process
        out = dict(on.run(square, range(6)))
        again = dict(on.run(square, range(3)))  # the same client, made once for the command
    assert out == {i: i * i for i in range(6)} and again == {i: i * i for i in range(3)}
    assert on.client is None  # closed with the command


def test_without_a_scheduler_the_jobs_run_on_this_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LINGO_TREES_SCHEDULER", raising=False)
    with runner(None, 2) as on:
        assert on == Processes(2) and not on.on_a_cluster and not on.in_this_process
        assert dict(on.run(square, range(4))) == {i: i * i for i in range(4)}
    assert Processes(1).in_this_process


def test_a_cluster_build_gives_the_bytes_of_a_local_one(local_cluster: Any, tmp_path: Path, cli) -> None:
    argv = ["build", "--setup", "nl", "--rule", "free", "--strategy", "scm,human", "--letter", "q,x,u", "-q"]
    assert cli(*argv, "--out", str(tmp_path / "local"), "-j", "1")[0] == 0
    assert cli(*argv, "--out", str(tmp_path / "dask"), "--scheduler", local_cluster.scheduler_address)[0] == 0
    files = sorted(p.relative_to(tmp_path / "local") for p in (tmp_path / "local").rglob("*.json"))
    assert len(files) == 2 * 3 + 2 + 1  # trees, folder indexes, the top index
    for f in files:
        assert (tmp_path / "local" / f).read_bytes() == (tmp_path / "dask" / f).read_bytes(), f


def test_a_killed_worker_loses_no_tree(local_cluster: Any, tmp_path: Path) -> None:
    from generator.runs.lingo import build_trees

    build_trees(["nl"], ["free"], ["scm"], root=tmp_path / "local", runner=Processes(1), progress=None)
    done: list[str] = []

    def kill_a_worker_after_the_first(text: str) -> None:
        done.append(text)
        if len(done) == 1:  # the build goes on: Dask runs the lost jobs again
            workers = list(local_cluster.workers.values())
            os.kill(workers[0].process.process.pid, signal.SIGKILL)

    with runner(local_cluster.scheduler_address, None) as on:
        build_trees(["nl"], ["free"], ["scm"], root=tmp_path / "dask", runner=on,
                    progress=kill_a_worker_after_the_first)
    files = sorted(p.relative_to(tmp_path / "local") for p in (tmp_path / "local").rglob("*.json"))
    assert len(files) == 26 + 2
    for f in files:
        assert (tmp_path / "local" / f).read_bytes() == (tmp_path / "dask" / f).read_bytes(), f


def test_an_unreachable_scheduler_is_one_line(cli, user_error, tmp_path: Path) -> None:
    code, _, err = cli("build", "--setup", "nl", "--letter", "q", "--strategy", "scm", "--rule", "free",
                       "--out", str(tmp_path), "--scheduler", "tcp://127.0.0.1:9", "-q")
    user_error(code, err, r"cannot reach the Dask scheduler at tcp://127.0.0.1:9")
    assert not any(tmp_path.rglob("*.json"))


@contextlib.contextmanager
def _server(reply: bytes | None) -> Iterator[str]:
    """A TCP server on localhost that takes connections and then says nothing
    (``reply`` None) or ``reply``, as an HTTP server answers; its address."""
    import socket
    import threading

    listener = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            held.append(conn)
            if reply is not None:
                conn.recv(1 << 16)
                conn.sendall(reply)

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        listener.close()
        for conn in held:
            conn.close()


@pytest.mark.parametrize("reply, message", [
    (None, r"the Dask scheduler at tcp://127.0.0.1:\d+ does not answer \(nothing within 2 s"),
    (b"HTTP/1.0 400 Bad request\r\nContent-Type: text/html\r\n\r\n<html>no</html>" * 4,
     r"tcp://127.0.0.1:\d+ does not answer as a Dask scheduler does \("),
])
def test_a_scheduler_that_does_not_answer_as_one_is_one_line_in_time(monkeypatch: pytest.MonkeyPatch,
                                                                     reply: bytes | None, message: str) -> None:
    # a silent one hung the command; an HTTP server gave a 3 EiB allocation and a traceback (issue 60, item 6)
    import time

    monkeypatch.setattr(jobs, "CONNECT_TIMEOUT", 2)
    with _server(reply) as address:
        t0 = time.monotonic()
        with pytest.raises(ClusterError, match=message), runner(address, None):
            pass
        assert time.monotonic() - t0 < 10


def test_a_silent_scheduler_is_one_line_from_the_command(cli, user_error, tmp_path: Path) -> None:
    with _server(None) as address:
        code, _, err = cli("build", "--setup", "nl", "--letter", "q", "--strategy", "scm", "--rule", "free",
                           "--out", str(tmp_path), "--scheduler", address, "-q")
    user_error(code, err, r"the Dask scheduler at tcp://127.0.0.1:\d+ does not answer")
    assert not any(tmp_path.rglob("*.json"))


BLOCK_GENERATOR = '''
"""Dask preload: this worker cannot import lingo-trees (as on a machine without it)."""
import importlib.abc, sys

class _Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "generator" or name.startswith("generator."):
            raise ModuleNotFoundError(f"No module named {name!r}")
        return None

sys.meta_path.insert(0, _Block())
'''


def test_workers_without_the_package_are_one_line(cli, user_error, tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    preload = tmp_path / "block_generator.py"
    preload.write_text(BLOCK_GENERATOR)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address="127.0.0.1:0", preload=[str(preload)]) as c:
        code, _, err = cli("build", "--setup", "nl", "--letter", "q", "--strategy", "scm", "--rule", "free",
                           "--out", str(tmp_path / "trees"), "--scheduler", c.scheduler_address, "-q")
    user_error(code, err, r"1 of the 1 workers .* cannot run the jobs \(worker .*: no lingo-trees\)")
    assert not any(tmp_path.rglob("*.json"))


def test_a_worker_of_several_threads_runs_one_job_at_a_time(tmp_path: Path, cli) -> None:
    # numba's workqueue layer aborts when two threads launch kernels at once
    distributed = pytest.importorskip("distributed")
    argv = ["build", "--setup", "nl", "--rule", "free", "--strategy", "scm", "--letter", "q,x,u,y", "-q"]
    assert cli(*argv, "--out", str(tmp_path / "local"), "-j", "1")[0] == 0
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=True, host="127.0.0.1",
                                  dashboard_address="127.0.0.1:0") as c:
        assert cli(*argv, "--out", str(tmp_path / "dask"), "--scheduler", c.scheduler_address)[0] == 0
    for f in (tmp_path / "local").rglob("*.json"):
        assert f.read_bytes() == (tmp_path / "dask" / f.relative_to(tmp_path / "local")).read_bytes(), f


def test_hangman_trees_built_on_a_cluster_are_written_here(local_cluster: Any, tmp_path: Path, cli,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["hangman", "build", "--wordlist", "en-enable", "--lengths", "2,3", "--strategy", "risk", "-q"]
    assert cli(*argv, "--out", str(tmp_path / "local"), "-j", "1")[0] == 0
    monkeypatch.setenv("LINGO_TREES_SCHEDULER", local_cluster.scheduler_address)  # the variable, not the option
    assert cli(*argv, "--out", str(tmp_path / "dask"))[0] == 0
    files = sorted(p.relative_to(tmp_path / "local") for p in (tmp_path / "local").rglob("*.json"))
    assert len(files) == 2
    for f in files:
        assert (tmp_path / "local" / f).read_bytes() == (tmp_path / "dask" / f).read_bytes(), f

"""The executor interface."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.runs.jobs import cluster, run_jobs


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


# -- on a Dask cluster ---------------------------------------------------------------


@pytest.fixture(scope="module")
def local_cluster() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as c:
        yield c


def test_jobs_on_a_cluster(local_cluster: Any) -> None:
    with cluster(local_cluster.scheduler_address):
        out = dict(run_jobs(square, range(6)))
    assert out == {i: i * i for i in range(6)}


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

    build_trees(["nl"], ["free"], ["scm"], root=tmp_path / "local", workers=1, progress=None)
    done: list[str] = []

    def kill_a_worker_after_the_first(text: str) -> None:
        done.append(text)
        if len(done) == 1:  # the build goes on: Dask runs the lost jobs again
            workers = list(local_cluster.workers.values())
            os.kill(workers[0].process.process.pid, signal.SIGKILL)

    with cluster(local_cluster.scheduler_address):
        build_trees(["nl"], ["free"], ["scm"], root=tmp_path / "dask", progress=kill_a_worker_after_the_first)
    files = sorted(p.relative_to(tmp_path / "local") for p in (tmp_path / "local").rglob("*.json"))
    assert len(files) == 26 + 2
    for f in files:
        assert (tmp_path / "local" / f).read_bytes() == (tmp_path / "dask" / f).read_bytes(), f


def test_an_unreachable_scheduler_is_one_line(cli, user_error, tmp_path: Path) -> None:
    code, _, err = cli("build", "--setup", "nl", "--letter", "q", "--strategy", "scm", "--rule", "free",
                       "--out", str(tmp_path), "--scheduler", "tcp://127.0.0.1:9", "-q")
    user_error(code, err, r"cannot reach the Dask scheduler at tcp://127.0.0.1:9")
    assert not any(tmp_path.rglob("*.json"))

"""Kernels: numba loaded only when a kernel runs, compiled just in time."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from generator.core import jit
from generator.core.jit import kernel, prange

ROOT = Path(__file__).resolve().parents[2]


@kernel
def _square(x):  # type: ignore[no-untyped-def]
    return x * x


@kernel(parallel=True)
def _sum_of_squares(a):  # type: ignore[no-untyped-def]
    total = 0
    for i in prange(a.shape[0]):
        total += _square(a[i])
    return total


@kernel
def _countdown(n):  # type: ignore[no-untyped-def]
    return 0 if n <= 0 else 1 + _countdown(n - 1)


def _python(script: str) -> str:
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT,
                            timeout=600, env=os.environ)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_a_kernel_runs_with_parallel_loops_and_calls_between_kernels() -> None:
    a = np.arange(1000, dtype=np.int64)
    assert _sum_of_squares(a) == int((a * a).sum())
    assert _countdown(7) == 7  # a kernel may call itself
    assert _square.__name__ == "_square" and _square.__module__ == __name__


def test_the_commands_and_every_kernel_module_import_without_numba() -> None:
    out = _python("import sys, pkgutil, importlib, generator\n"
                  "from generator.cli import build_parser\n"
                  "for m in pkgutil.walk_packages(generator.__path__, 'generator.'):\n"
                  "    if not m.name.endswith('__main__'):\n"
                  "        importlib.import_module(m.name)\n"
                  "build_parser()\n"
                  "print('numba' in sys.modules)\n")
    assert out == "False\n"


def test_numba_loads_without_linear_algebra_and_leaves_it_importable() -> None:
    # numba's probe for SciPy's BLAS is skipped (0.17 s of a one-core Wordle
    # proof); SciPy, where installed, still imports after it
    out = _python("import sys\n"
                  "from generator.core import jit\n"
                  "jit.numba_module()\n"
                  "import numba.np.arraymath as arraymath\n"
                  "print('scipy.linalg' in sys.modules, arraymath._HAVE_BLAS)\n"
                  "try:\n"
                  "    import scipy.linalg\n"
                  "except ModuleNotFoundError as exc:\n"
                  "    assert exc.name == 'scipy', exc\n")
    assert out == "False False\n"


def test_threads_are_the_ones_asked_for_at_most_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jit, "_threads", jit._threads)
    jit.use_threads(1)
    assert jit.threads() == 1
    jit.use_threads(10_000)
    assert jit.threads() == min(jit.thread_limit(), jit.numba_module().config.NUMBA_NUM_THREADS)


@pytest.mark.parametrize("value", ["0", "-1", "abc", "2.5", "1e3", "٣", pytest.param("9" * 5000, id="5000 nines")])
def test_nonsense_in_numba_num_threads_is_one_line_before_any_work(value: str) -> None:
    env = {**os.environ, "NUMBA_NUM_THREADS": value}
    proc = subprocess.run([sys.executable, "-m", "generator", "solve", "--setup", "wordle", "--clue", "crane=..GY."],
                          capture_output=True, text=True, cwd=ROOT, timeout=600, env=env)
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    assert proc.stderr.startswith("lingo-trees: error: $NUMBA_NUM_THREADS is ") and proc.stderr.count("\n") == 1


def test_numba_num_threads_is_bounded_by_the_cores_this_process_may_use() -> None:
    # 99999 once made one solve start 32,437 threads and took the machine down
    env = {**os.environ, "NUMBA_NUM_THREADS": "99999"}
    script = ("import os, numpy as np\n"
              "from generator.core import jit\n"
              "numba = jit.numba_module()\n"
              "print(numba.config.NUMBA_NUM_THREADS, os.environ['NUMBA_NUM_THREADS'], len(os.sched_getaffinity(0)))\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=600,
                         env=env)
    assert out.returncode == 0, out.stderr
    numba_threads, env_threads, cores = map(int, out.stdout.split())
    assert numba_threads == env_threads == cores
